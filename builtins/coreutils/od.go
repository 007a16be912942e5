package coreutils

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func odCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "od",
		Summary: "dump files in octal and other formats",
		Usage: `Usage: od [OPTION]... [FILE]...
  or:  od [-abcdfilosx]... [FILE] [[+]OFFSET[.][b]]
  or:  od --traditional [OPTION]... [FILE] [[+]OFFSET[.][b] [+][LABEL][.][b]]
Dump files in octal and other formats.

  -A, --address-radix=RADIX   offsets in d (decimal), o (octal), x (hex) or n (none)
  -j, --skip-bytes=BYTES      skip BYTES input bytes first
  -N, --read-bytes=BYTES      dump at most BYTES input bytes
  -t, --format=TYPE           output format(s), see below
  -v, --output-duplicates     do not replace repeated lines with *
  -w, --width[=BYTES]         BYTES per output line (32 when given alone; default 16)
      --traditional           accept arguments in the third form above
  -a -b -c -d -f -i -l -o -s -x  same as -t a, o1, c, u2, f4, d4, d8, o2, d2, x2
  -B -D -e -F -h -H -I -L -O -X  same as -t o2, u4, f8, f8, x2, x4, d8, d8, o4, x4
TYPE is a (named characters), c (characters with escapes), d[SIZE] (signed),
o[SIZE] (octal), u[SIZE] (unsigned), x[SIZE] (hex) or f[SIZE] (float); SIZE
is 1, 2, 4 or 8 (C, S, I, L also work; F D for floats). A z suffix adds the
printable characters between > and <. Values are little-endian.
BYTES may have a suffix: b 512, K 1024, M, G, kB 1000; or a 0x prefix.
With no FILE, or when FILE is -, read standard input.
Without options other than the letters, or with --traditional, an operand
after the FILE (or a lone one starting with +) is an OFFSET to start at:
octal, 0x hex, times 512 with b, 1024 with B; with --traditional a second
one is a LABEL, the address shown in parentheses beside the real one.
`,
		Run: runOd,
	}
}

type odSpec struct {
	kind  byte // a c d o u x f
	size  int
	width int // field width including the leading space
	pad   int // padding for the whole line, spread over fields
	z     bool
}

var odWidths = map[byte]map[int]int{
	'o': {1: 3, 2: 6, 4: 11, 8: 22},
	'x': {1: 2, 2: 4, 4: 8, 8: 16},
	'd': {1: 4, 2: 6, 4: 11, 8: 20},
	'u': {1: 3, 2: 5, 4: 10, 8: 20},
	'f': {4: 15, 8: 24},
	'a': {1: 3},
	'c': {1: 3},
}

func parseOdType(s string) ([]odSpec, error) {
	var out []odSpec
	for i := 0; i < len(s); {
		k := s[i]
		i++
		sp := odSpec{kind: k}
		switch k {
		case 'a', 'c':
			sp.size = 1
		case 'd', 'o', 'u', 'x':
			var err error
			if sp.size, i, err = odTypeSize(s, i, 4, odIntSizes, "integral"); err != nil {
				return nil, err
			}
		case 'f':
			var err error
			if sp.size, i, err = odTypeSize(s, i, 8, odFloatSizes, "floating point"); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("invalid character '%c' in type string '%s'", k, s)
		}
		if i < len(s) && s[i] == 'z' {
			sp.z = true
			i++
		}
		sp.width = odWidths[k][sp.size] + 1
		out = append(out, sp)
	}
	return out, nil
}

// The sizes an integer or float type may have, by letter (dC, fF...);
// the values are also the sizes that may be written in digits (d2, f4).
var (
	odIntSizes   = map[byte]int{'C': 1, 'S': 2, 'I': 4, 'L': 8}
	odFloatSizes = map[byte]int{'F': 4, 'D': 8, 'L': 8}
)

// odTypeSize reads the optional size that follows a type letter at s[i]:
// a letter of sizes or a decimal byte count, which must be one of sizes'
// values; def is the size when there is none. It returns the size and the
// index after it.
func odTypeSize(s string, i, def int, sizes map[byte]int, kind string) (int, int, error) {
	if i >= len(s) {
		return def, i, nil
	}
	if n, ok := sizes[s[i]]; ok {
		return n, i + 1, nil
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return def, i, nil
	}
	n, _ := strconv.Atoi(s[i:j])
	for _, v := range sizes {
		if v == n {
			return n, j, nil
		}
	}
	return 0, 0, fmt.Errorf("invalid type string '%s';\nthis system doesn't provide a %d-byte %s type", s, n, kind)
}

// parseOdBytes reads a byte count: decimal, 0x hex or 0 octal, with an
// optional multiplier suffix.
func parseOdBytes(s string) (int64, bool) {
	base := 10
	t := s
	switch {
	case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
		base, t = 16, t[2:]
	case len(t) > 1 && t[0] == '0':
		base, t = 8, t[1:]
	}
	mult := int64(1)
	for _, u := range []struct {
		s string
		m int64
	}{{"kB", 1000}, {"MB", 1000 * 1000}, {"GB", 1000 * 1000 * 1000}, {"K", 1024}, {"M", 1 << 20}, {"G", 1 << 30}, {"b", 512}} {
		if base != 16 || u.s != "b" {
			if strings.HasSuffix(t, u.s) && len(t) > len(u.s) {
				t, mult = strings.TrimSuffix(t, u.s), u.m
				break
			}
		}
	}
	n, err := strconv.ParseInt(t, base, 64)
	if err != nil || n < 0 {
		return 0, false
	}
	return n * mult, true
}

var odNames = [...]string{"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel",
	"bs", "ht", "nl", "vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2", "dc3",
	"dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp"}

func odChar(kind byte, b byte) string {
	if kind == 'a' {
		b &= 0x7f
		switch {
		case int(b) < len(odNames):
			return odNames[b]
		case b == 127:
			return "del"
		}
		return string(rune(b))
	}
	if b == 0 {
		return `\0`
	}
	if letter, ok := cLetter(b); ok {
		return `\` + string(letter)
	}
	if b >= 32 && b < 127 {
		return string(rune(b))
	}
	return fmt.Sprintf("%03o", b)
}

// shortestFloat formats v like C's %g with the fewest digits that read
// back as the same value (GNU od's ftoastr).
func shortestFloat(v float64, bits int) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return cPrintf("%g", v)
	}
	maxPrec := 17
	if bits == 32 {
		maxPrec = 9
	}
	for p := 1; p < maxPrec; p++ {
		s := cPrintf("%."+strconv.Itoa(p)+"g", v)
		if r, err := strconv.ParseFloat(s, bits); err == nil && r == v {
			return s
		}
	}
	return cPrintf("%."+strconv.Itoa(maxPrec)+"g", v)
}

// leUint reads b, of 1, 2, 4 or 8 bytes, as a little-endian number.
func leUint(b []byte) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	case 8:
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// leInt is u, read from size bytes, as a signed number.
func leInt(u uint64, size int) int64 {
	switch size {
	case 1:
		return int64(int8(u))
	case 2:
		return int64(int16(u))
	case 4:
		return int64(int32(u))
	}
	return int64(u)
}

func (sp odSpec) item(b []byte) string {
	u := leUint(b[:sp.size])
	digits := sp.width - 1
	switch sp.kind {
	case 'a', 'c':
		return odChar(sp.kind, b[0])
	case 'o':
		return fmt.Sprintf("%0*o", digits, u)
	case 'x':
		return fmt.Sprintf("%0*x", digits, u)
	case 'u':
		return strconv.FormatUint(u, 10)
	case 'd':
		return strconv.FormatInt(leInt(u, sp.size), 10)
	case 'f':
		if sp.size == 4 {
			return shortestFloat(float64(math.Float32frombits(uint32(u))), 32)
		}
		return shortestFloat(math.Float64frombits(u), 64)
	}
	return ""
}

func runOd(c *builtins.Call) int {
	// -wN: pflag would read "-w8" as -w with its default and then -8
	args := []string{c.Args[0]}
	for i, a := range c.Args[1:] {
		if a == "--" {
			args = append(args, c.Args[i+1:]...)
			break
		}
		if len(a) > 2 && strings.HasPrefix(a, "-w") && a[2] >= '0' && a[2] <= '9' {
			a = "--width=" + a[2:]
		}
		args = append(args, a)
	}
	c.Args = args
	fl := c.Flags()
	radix := fl.StringP("address-radix", "A", "o", "")
	skipArg := fl.StringP("skip-bytes", "j", "", "")
	countArg := fl.StringP("read-bytes", "N", "", "")
	var types []string // -t values and legacy letters, in order
	fl.VarP(odTypeFlag{&types, ""}, "format", "t", "")
	verbose := fl.BoolP("output-duplicates", "v", false, "")
	widthArg := fl.StringP("width", "w", "", "")
	fl.Lookup("width").NoOptDefVal = "32"
	for _, l := range []struct{ flag, typ string }{{"a", "a"}, {"b", "o1"}, {"c", "c"}, {"d", "u2"}, {"f", "f4"}, {"i", "d4"}, {"l", "d8"}, {"o", "o2"}, {"s", "d2"}, {"x", "x2"},
		{"B", "o2"}, {"D", "u4"}, {"e", "f8"}, {"F", "f8"}, {"h", "x2"}, {"H", "x4"}, {"I", "d8"}, {"L", "d8"}, {"O", "o4"}, {"X", "x4"}} {
		fl.VarP(odTypeFlag{&types, l.typ}, "legacy-"+l.flag, l.flag, "")
		fl.Lookup("legacy-" + l.flag).NoOptDefVal = "true"
	}
	traditional := fl.Bool("traditional", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	modern := false
	for _, name := range []string{"address-radix", "skip-bytes", "read-bytes", "format", "output-duplicates", "width"} {
		modern = modern || fl.Changed(name)
	}
	operands, offset, label, hasLabel := odOperands(fl.Args(), *traditional, modern)
	if *traditional && len(operands) > 1 {
		c.Fail("extra operand %s", builtins.Quote(operands[1]))
		c.Fail("compatibility mode supports at most one file")
		return c.TryHelp()
	}
	if offset >= 0 {
		*skipArg = strconv.FormatInt(offset, 10)
	}
	var specs []odSpec
	for _, t := range types {
		s, err := parseOdType(t)
		if err != nil {
			c.Fail("%s", err)
			return 1
		}
		specs = append(specs, s...)
	}
	if len(specs) == 0 {
		specs, _ = parseOdType("o2")
	}
	addrFmt := ""
	switch *radix {
	case "o":
		addrFmt = "%07o"
	case "d":
		addrFmt = "%07d"
	case "x":
		addrFmt = "%06x"
	case "n":
	default:
		c.Fail("invalid output address radix '%s'; it must be one character from [doxn]", *radix)
		return 1
	}
	skip, ok1 := dumpCount(c, *skipArg, 0, "invalid -j argument '%s'")
	count, ok2 := dumpCount(c, *countArg, -1, "invalid -N argument '%s'")
	if !ok1 || !ok2 {
		return 1
	}
	width := 16
	lcm := 1
	for _, sp := range specs {
		lcm = lcmInt(lcm, sp.size)
	}
	if *widthArg != "" {
		n, err := strconv.Atoi(*widthArg)
		if err != nil || n <= 0 {
			c.Fail("invalid -w argument '%s'", *widthArg)
			return 1
		}
		width = n
		if width%lcm != 0 {
			c.Fail("warning: invalid width %d; using %d instead", width, lcm)
			width = lcm
		}
	} else if width%lcm != 0 {
		width = lcm
	}
	// align the columns of all formats
	perLine := 0
	for _, sp := range specs {
		perLine = max(perLine, sp.width*(width/sp.size))
	}
	for i := range specs {
		specs[i].pad = perLine - specs[i].width*(width/specs[i].size)
	}

	limit := int64(-1)
	if count >= 0 {
		limit = skip + count
	}
	data, status, ok, _ := readDumpInput(c, operands, limit)
	if !ok {
		return status
	}
	if skip > int64(len(data)) {
		c.Fail("cannot skip past end of combined input")
		return 1
	}
	data = data[skip:]
	if count >= 0 && count < int64(len(data)) {
		data = data[:count]
	}
	addrWidth := 0 // the lines of the other formats are indented by it (not by the label's)
	if addrFmt != "" {
		addrWidth = len(fmt.Sprintf(addrFmt, 0))
		if hasLabel {
			// the label's address beside the real one: "0000010 (0000020)"
			addrFmt = addrFmt + " (" + addrFmt + ")"
		}
	}
	address := func(off int64) []any {
		if hasLabel {
			return []any{skip + off, label + off}
		}
		return []any{skip + off}
	}
	return dump(c, status, data, width, !*verbose, func(out *bytes.Buffer, off int, block []byte) {
		for i, sp := range specs {
			if addrFmt != "" {
				if i == 0 {
					fmt.Fprintf(out, addrFmt, address(int64(off))...)
				} else {
					out.WriteString(strings.Repeat(" ", addrWidth))
				}
			}
			odLine(out, sp, block, width)
			out.WriteByte('\n')
		}
	}, func(out *bytes.Buffer) {
		if addrFmt != "" {
			fmt.Fprintf(out, addrFmt+"\n", address(int64(len(data)))...)
		}
	})
}

// odTypeFlag collects -t values, and the legacy letters as their types,
// in command-line order.
type odTypeFlag struct {
	list  *[]string
	fixed string
}

func (f odTypeFlag) Set(v string) error {
	if f.fixed != "" {
		v = f.fixed
	}
	*f.list = append(*f.list, v)
	return nil
}
func (f odTypeFlag) String() string { return "" }
func (f odTypeFlag) Type() string   { return "string" }

func lcmInt(a, b int) int {
	g, y := a, b
	for y != 0 {
		g, y = y, g%y
	}
	return a / g * b
}

// odLine writes the fields of one block for one format, spreading the
// alignment padding over the fields as GNU od does.
func odLine(out *bytes.Buffer, sp odSpec, block []byte, width int) {
	fields := width / sp.size
	n := (len(block) + sp.size - 1) / sp.size
	blank := fields - n
	padRemaining := sp.pad
	buf := make([]byte, sp.size)
	for i := fields; i > blank; i-- {
		nextPad := sp.pad * (i - 1) / fields
		w := padRemaining - nextPad + sp.width
		idx := fields - i
		clear(buf)
		copy(buf, block[idx*sp.size:min(len(block), (idx+1)*sp.size)])
		s := sp.item(buf)
		out.WriteString(strings.Repeat(" ", max(w-len(s), 0)))
		out.WriteString(s)
		padRemaining = nextPad
	}
	if sp.z {
		fieldWidth := sp.width + sp.pad/fields
		out.WriteString(strings.Repeat(" ", blank*fieldWidth))
		out.WriteString("  >")
		for _, b := range block {
			if b >= 32 && b < 127 {
				out.WriteByte(b)
			} else {
				out.WriteByte('.')
			}
		}
		out.WriteString("<")
	}
}

// odOperands finds the offset (and with --traditional the label) among
// od's operands, as GNU's does: with --traditional, od [FILE]
// [[+]OFFSET [[+]LABEL]]; otherwise, when no option but the type
// letters is given, a second operand that starts with + or a digit, or
// a lone one that starts with +, is the offset. offset is -1 when there
// is none. It returns the files left.
func odOperands(ops []string, traditional, modern bool) (files []string, offset, label int64, hasLabel bool) {
	offset = -1
	if modern && !traditional {
		return ops, offset, 0, false
	}
	startsOffset := func(s string) bool { return s != "" && (s[0] == '+' || s[0] >= '0' && s[0] <= '9') }
	switch len(ops) {
	case 1:
		if o, ok := odOldOffset(ops[0]); ok && (traditional || ops[0][0] == '+') {
			return nil, o, 0, false
		}
	case 2:
		o1, ok1 := odOldOffset(ops[0])
		o2, ok2 := odOldOffset(ops[1])
		if traditional && ok1 && ok2 {
			return nil, o1, o2, true
		}
		if ok2 && (traditional || startsOffset(ops[1])) {
			return ops[:1], o2, 0, false
		}
	case 3:
		o1, ok1 := odOldOffset(ops[1])
		o2, ok2 := odOldOffset(ops[2])
		if traditional && ok1 && ok2 {
			return ops[:1], o1, o2, true
		}
	}
	return ops, offset, 0, false
}

// odOldOffset reads an offset operand: [+]DIGITS, octal, or hex after
// 0x, times 512 with a b suffix and 1024 with B. (GNU's documentation
// also allows a decimal point for decimal; GNU's od rejects it, and so
// does this.)
func odOldOffset(s string) (int64, bool) {
	s = strings.TrimPrefix(s, "+")
	base := 8
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		base, s = 16, s[2:]
	}
	mult := int64(1)
	switch {
	case base == 8 && strings.HasSuffix(s, "b"):
		mult, s = 512, s[:len(s)-1]
	case base == 8 && strings.HasSuffix(s, "B"):
		mult, s = 1024, s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, base, 64)
	if err != nil || n < 0 || s == "" || s[0] == '+' || s[0] == '-' {
		return 0, false
	}
	return n * mult, true
}
