package coreutils

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func hexdumpCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "hexdump",
		Summary: "display file contents in hexadecimal",
		Usage: `Usage: hexdump [OPTION]... [FILE]...
Display file contents in hexadecimal, octal, decimal, or ascii.

  -b, --one-byte-octal      one-byte octal display
  -c, --one-byte-char       one-byte character display
  -C, --canonical           canonical hex+ASCII display
  -d, --two-bytes-decimal   two-byte decimal display
  -o, --two-bytes-octal     two-byte octal display
  -x, --two-bytes-hex       two-byte hexadecimal display
  -e, --format=FORMAT       format string to be used for displaying data
  -f, --format-file=FILE    file that contains format strings
  -n, --length=N            interpret only N bytes of input
  -s, --skip=OFFSET         skip OFFSET bytes from the beginning (0x for hex)
  -v, --no-squeezing        output identical lines
Without options, print 16-bit little-endian words in hex, eight per line.
With no FILE, read standard input.

A FORMAT is units of [ITERATIONS][/BYTES] "TEXT", as in util-linux's and
BSD's hexdump: TEXT is printed ITERATIONS times, each conversion in it
taking BYTES bytes (%d %i %o %u %x %X: 1, 2, 4 or 8, default 4; %e %f %g:
4 or 8, default 8; %c: 1; %s: its precision) or giving %_a[dox] the
offset, %_A[dox] the offset once the input has ended, %_c a character
(\n, 001...), %_p a character or '.', %_u its ASCII name. The input is
read in blocks of the largest FORMAT's size; a FORMAT's last unit without
ITERATIONS fills the block, and where the input ends conversions print
blanks. -f FILE holds one FORMAT a line (# starts a comment).
`,
		Run: runHexdump,
	}
}

func xxdCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "xxd",
		Summary: "make a hex dump or reverse one",
		Usage: `Usage: xxd [OPTION]... [INFILE [OUTFILE]]
Make a hex dump or reverse one.

  -c COLS   bytes per line (default 16; 30 with -p; 12 with -i)
  -g BYTES  bytes per group (default 2; 0 for no grouping)
  -i        output a C include file
  -l LEN    stop after LEN bytes
  -p        plain hex dump without offsets or characters
  -r        reverse: turn a hex dump (plain with -p) back into bytes
  -s SEEK   start at byte SEEK
  -u        use upper-case hex letters
With no INFILE, or when it is -, read standard input; OUTFILE is
written instead of standard output.
`,
		Run: runXxd,
	}
}

// readDumpInput concatenates the operands (od and hexdump skip and limit
// the whole, not each file), reading no more than limit bytes when it is
// not negative (hexdump -n 32 /dev/zero ends).
// It returns ok false when every operand failed, and oom true (having
// said so) when the input is more than the memory limit lets it hold
// (yes | od took the host's memory).
func readDumpInput(c *builtins.Call, names []string, limit int64) (data []byte, status int, ok, oom bool) {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		if limit >= 0 && int64(len(data)) >= limit {
			break
		}
		r, err := c.Open(name)
		var b []byte
		if err == nil {
			want := limit - int64(len(data))
			if fit := c.MemLimit/4 - int64(len(data)) + 1; c.MemLimit > 0 && (limit < 0 || want > fit) {
				// one byte past what fits tells that it does not
				want = fit
			}
			rd := io.Reader(r)
			if want >= 0 {
				rd = io.LimitReader(r, want)
			}
			b, err = io.ReadAll(rd)
			r.Close()
		}
		if err != nil {
			c.FailErr(name, err)
			status = 1
			continue
		}
		data = append(data, b...)
		ok = true
		if !c.Fits(int64(len(data))) {
			return nil, c.OutOfMemory(), false, true
		}
	}
	return data, status, ok, false
}

// dumpCount parses an optional byte-count option of od or hexdump; an
// empty arg is def. A bad one is reported with msg, a format taking arg.
func dumpCount(c *builtins.Call, arg string, def int64, msg string) (int64, bool) {
	if arg == "" {
		return def, true
	}
	n, ok := parseOdBytes(arg)
	if !ok {
		c.Fail(msg, arg)
	}
	return n, ok
}

// dump is the loop od and hexdump share: it cuts data into lines of width
// bytes, squeezes a run of full lines equal to the one before into one "*"
// line when squeeze is set, and has line render each other line into out,
// which it flushes to Stdout every 32 KiB; end renders what follows the
// last line. It returns the command's exit status: status, or 130 when the
// command was canceled. A failed write ends the dump quietly.
func dump(c *builtins.Call, status int, data []byte, width int, squeeze bool, line func(out *bytes.Buffer, off int, block []byte), end func(out *bytes.Buffer)) int {
	var out bytes.Buffer
	var prev []byte
	starred := false
	for off := 0; off < len(data); off += width {
		if c.Canceled() {
			return 130
		}
		block := data[off:min(off+width, len(data))]
		if squeeze && prev != nil && len(block) == width && bytes.Equal(block, prev) {
			if !starred {
				out.WriteString("*\n")
				starred = true
			}
			continue
		}
		starred, prev = false, block
		line(&out, off, block)
		if out.Len() > 32*1024 {
			if _, err := c.Stdout.Write(out.Bytes()); err != nil {
				return status
			}
			out.Reset()
		}
	}
	end(&out)
	c.Stdout.Write(out.Bytes())
	return status
}

func runHexdump(c *builtins.Call) int {
	fl := c.Flags()
	// the display options, in the order given: each adds its formats
	var formats []string
	var formatErr error
	add := func(fs ...string) func() {
		return func() { formats = append(formats, fs...) }
	}
	canonical := false
	callbackBoolFlag(fl, "canonical", "C", func() {
		canonical = true
		add(hexCanonical...)()
	})
	callbackBoolFlag(fl, "one-byte-octal", "b", add(`"%07.7_Ax\n"`, `"%07.7_ax " 16/1 "%03o " "\n"`))
	callbackBoolFlag(fl, "one-byte-char", "c", add(`"%07.7_Ax\n"`, `"%07.7_ax " 16/1 "%3_c " "\n"`))
	callbackBoolFlag(fl, "two-bytes-decimal", "d", add(`"%07.7_Ax\n"`, `"%07.7_ax " 8/2 "  %05u " "\n"`))
	callbackBoolFlag(fl, "two-bytes-octal", "o", add(`"%07.7_Ax\n"`, `"%07.7_ax " 8/2 " %06o " "\n"`))
	callbackBoolFlag(fl, "two-bytes-hex", "x", add(`"%07.7_Ax\n"`, `"%07.7_ax " 8/2 "   %04x " "\n"`))
	custom := false
	fl.VarP(callbackFlag(func(v string) error {
		custom = true
		formats = append(formats, v)
		return nil
	}), "format", "e", "")
	fl.VarP(callbackFlag(func(v string) error {
		custom = true
		data, err := readInput(c, v)
		if err != nil {
			if formatErr == nil {
				formatErr = fmt.Errorf("can't read %s: %s", v, builtins.Reason(err))
			}
			return nil
		}
		for _, line := range strings.Split(string(data), "\n") {
			if t := strings.TrimLeft(line, " \t"); t != "" && t[0] != '#' {
				formats = append(formats, line)
			}
		}
		return nil
	}), "format-file", "f", "")
	lengthArg := fl.StringP("length", "n", "", "")
	skipArg := fl.StringP("skip", "s", "", "")
	verbose := fl.BoolP("no-squeezing", "v", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if formatErr != nil {
		c.Fail("%s", formatErr)
		return 1
	}
	var parsed []*hexFormat
	if custom || len(formats) > 0 && !canonical || len(formats) > len(hexCanonical) {
		for _, f := range formats {
			hf, err := parseHexFormat(f)
			if err != nil {
				c.Fail("%s", err)
				return 1
			}
			parsed = append(parsed, hf)
		}
	}
	skip, ok1 := dumpCount(c, *skipArg, 0, "invalid skip argument: '%s'")
	length, ok2 := dumpCount(c, *lengthArg, -1, "invalid length argument: '%s'")
	if !ok1 || !ok2 {
		return 1
	}
	limit := int64(-1)
	if length >= 0 {
		limit = skip + length
	}
	data, status, ok, oom := readDumpInput(c, fl.Args(), limit)
	if oom {
		return status
	}
	if !ok {
		c.Fail("all input file arguments failed")
		return 1
	}
	skip = min(skip, int64(len(data)))
	data = data[skip:]
	if length >= 0 && length < int64(len(data)) {
		data = data[:length]
	}
	if len(data) == 0 && skip == 0 {
		return status
	}
	if parsed != nil {
		return hexdumpFormats(c, status, data, skip, parsed, !*verbose)
	}
	return dump(c, status, data, 16, !*verbose, func(out *bytes.Buffer, off int, line []byte) {
		addr := skip + int64(off)
		if canonical {
			fmt.Fprintf(out, "%08x  ", addr)
			var hexPart strings.Builder
			for i, b := range line {
				if i == 8 {
					hexPart.WriteByte(' ')
				}
				fmt.Fprintf(&hexPart, "%02x ", b)
			}
			fmt.Fprintf(out, "%-49s |", hexPart.String())
			for _, b := range line {
				out.WriteByte(printableOrDot(b))
			}
			out.WriteString("|\n")
		} else {
			fmt.Fprintf(out, "%07x", addr)
			for i := 0; i < 16; i += 2 {
				switch {
				case i+1 < len(line):
					fmt.Fprintf(out, " %02x%02x", line[i+1], line[i])
				case i < len(line):
					fmt.Fprintf(out, " 00%02x", line[i])
				default:
					out.WriteString("     ")
				}
			}
			out.WriteByte('\n')
		}
	}, func(out *bytes.Buffer) {
		if canonical {
			fmt.Fprintf(out, "%08x\n", skip+int64(len(data)))
		} else {
			fmt.Fprintf(out, "%07x\n", skip+int64(len(data)))
		}
	})
}

// hexCanonical is -C as formats (util-linux's), for when it is given
// with others.
var hexCanonical = []string{`"%08.8_Ax\n"`, `"%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x "`, `"  |" 16/1 "%_p" "|\n"`}

// hexdumpFormats dumps data with format strings.
func hexdumpFormats(c *builtins.Call, status int, data []byte, skip int64, formats []*hexFormat, squeeze bool) int {
	blocksize := hexLayout(formats)
	if n := hexBlockOutput(formats); !c.Fits(n) || n > 1<<40 {
		return c.OutOfMemory()
	}
	// only the last format that holds %_A prints it, as util-linux's does
	var last *hexFormat
	for _, f := range formats {
		for _, u := range f.units {
			if u.end {
				last = f
			}
		}
	}
	end := func(out *bytes.Buffer) {
		if last != nil {
			last.renderEnd(out, skip+int64(len(data)))
		}
	}
	if blocksize == 0 {
		var out bytes.Buffer
		end(&out)
		c.Stdout.Write(out.Bytes())
		return status
	}
	return dump(c, status, data, blocksize, squeeze, func(out *bytes.Buffer, off int, block []byte) {
		for _, f := range formats {
			f.render(out, block, skip+int64(off))
		}
	}, end)
}

func printableOrDot(b byte) byte {
	if b >= 32 && b < 127 {
		return b
	}
	return '.'
}

func runXxd(c *builtins.Call) int {
	fl := c.Flags()
	colsArg := fl.StringP("cols", "c", "", "")
	groupArg := fl.StringP("groupsize", "g", "", "")
	include := fl.BoolP("include", "i", false, "")
	lenArg := fl.StringP("len", "l", "", "")
	plain := fl.BoolP("plain", "p", false, "")
	fl.BoolVar(plain, "ps", false, "")
	reverse := fl.BoolP("revert", "r", false, "")
	seekArg := fl.StringP("seek", "s", "", "")
	upper := fl.BoolP("uppercase", "u", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	num := func(what, s string, def int64) (int64, bool) {
		if s == "" {
			return def, true
		}
		n, ok := parseOdBytes(strings.TrimPrefix(s, "+"))
		if !ok {
			c.Fail("invalid %s: '%s'", what, s)
		}
		return n, ok
	}
	defCols := int64(16)
	switch {
	case *plain:
		defCols = 30
	case *include:
		defCols = 12
	}
	cols, ok1 := num("number of columns", *colsArg, defCols)
	group, ok2 := num("group size", *groupArg, 2)
	length, ok3 := num("length", *lenArg, -1)
	seek, ok4 := num("seek offset", *seekArg, 0)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return 1
	}
	if cols <= 0 || cols > 256 {
		c.Fail("invalid number of columns (max. 256).")
		return 1
	}
	args := fl.Args()
	if len(args) > 2 {
		return c.Usage("too many arguments")
	}
	in := "-"
	if len(args) > 0 {
		in = args[0]
	}
	data, err := readInput(c, in)
	if err != nil {
		c.FailErr(in, err)
		return 2
	}
	w := c.Stdout
	if len(args) == 2 && args[1] != "-" {
		f, err := c.Create(args[1], false)
		if err != nil {
			c.FailErr(args[1], err)
			return 2
		}
		defer f.Close()
		w = f
	}
	if *reverse {
		out, err := xxdReverse(data, *plain)
		if err != nil {
			c.Fail("%s", err)
			return 1
		}
		w.Write(out)
		return 0
	}
	seek = min(seek, int64(len(data)))
	data = data[seek:]
	if length >= 0 && length < int64(len(data)) {
		data = data[:length]
	}
	hexFmt := "%02x"
	if *upper {
		hexFmt = "%02X"
	}
	var out bytes.Buffer
	switch {
	case *plain:
		for off := 0; off < len(data); off += int(cols) {
			for _, b := range data[off:min(off+int(cols), len(data))] {
				fmt.Fprintf(&out, hexFmt, b)
			}
			out.WriteByte('\n')
		}
	case *include:
		name := ""
		if in != "-" {
			name = xxdIdent(in)
			fmt.Fprintf(&out, "unsigned char %s[] = {\n", name)
		}
		for off := 0; off < len(data); off += int(cols) {
			out.WriteString(" ")
			end := min(off+int(cols), len(data))
			for i := off; i < end; i++ {
				fmt.Fprintf(&out, " 0x"+hexFmt, data[i])
				if i < len(data)-1 {
					out.WriteByte(',')
				}
			}
			out.WriteByte('\n')
		}
		if in != "-" {
			fmt.Fprintf(&out, "};\nunsigned int %s_len = %d;\n", name, len(data))
		}
	default:
		if group <= 0 || group > cols {
			group = cols
		}
		groups := (cols + group - 1) / group
		hexWidth := int(cols*2 + groups - 1)
		for off := 0; off < len(data); off += int(cols) {
			line := data[off:min(off+int(cols), len(data))]
			fmt.Fprintf(&out, "%08x: ", seek+int64(off))
			var h strings.Builder
			for i, b := range line {
				if i > 0 && int64(i)%group == 0 {
					h.WriteByte(' ')
				}
				fmt.Fprintf(&h, hexFmt, b)
			}
			fmt.Fprintf(&out, "%-*s  ", hexWidth, h.String())
			for _, b := range line {
				out.WriteByte(printableOrDot(b))
			}
			out.WriteByte('\n')
		}
	}
	w.Write(out.Bytes())
	return 0
}

func xxdIdent(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' && i > 0:
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			b.WriteString("__" + string(r))
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// xxdReverse turns a hex dump back into bytes: plain hex digits with -p,
// otherwise "OFFSET: HEX...  TEXT" lines.
func xxdReverse(data []byte, plain bool) ([]byte, error) {
	var out []byte
	isHex := func(b byte) bool { return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }
	if plain {
		return xxdReversePlain(data), nil
	}
	for _, line := range strings.Split(string(data), "\n") {
		addrText, rest, found := strings.Cut(line, ":")
		if !found {
			continue
		}
		addr, err := strconv.ParseInt(strings.TrimSpace(addrText), 16, 64)
		if err != nil {
			continue
		}
		// the hex part ends at two spaces in a row
		if i := strings.Index(rest, "  "); i >= 0 {
			rest = rest[:i]
		}
		var digits []byte
		for i := 0; i < len(rest); i++ {
			if isHex(rest[i]) {
				digits = append(digits, rest[i])
			} else if rest[i] != ' ' {
				break
			}
		}
		if len(digits)%2 == 1 {
			digits = digits[:len(digits)-1]
		}
		chunk := make([]byte, len(digits)/2)
		hex.Decode(chunk, digits)
		if need := int(addr) + len(chunk); need > len(out) {
			out = append(out, make([]byte, need-len(out))...)
		}
		copy(out[addr:], chunk)
	}
	return out, nil
}

// xxdReversePlain turns plain hex digits back into bytes as vim's xxd -r
// -p does: blanks and newlines between digits are skipped, and so is
// anything else before the first digit of a line; after that, a digit
// pair is a byte, and a third character in a row that is not a digit
// (counting the half of a pair left over) ends what the line gives.
func xxdReversePlain(data []byte) []byte {
	var out []byte
	hexValue := func(b byte) int {
		if v := digitValue(b); v < 16 {
			return v
		}
		return -1
	}
	n1, n2, n3 := -1, 0, 0 // the last three characters' values, -1 for garbage
	lineStart := true
	for i := 0; i < len(data); i++ {
		b := data[i]
		if b == '\r' || b == ' ' || b == '\n' || b == '\t' {
			continue
		}
		n3, n2, n1 = n2, n1, hexValue(b)
		if n1 < 0 && lineStart {
			continue
		}
		lineStart = false
		switch {
		case n2 >= 0 && n1 >= 0:
			out = append(out, byte(n2<<4|n1))
			n1 = -1
		case n1 < 0 && n2 < 0 && n3 < 0:
			// garbage: the rest of the line is skipped
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
			i++
			lineStart = true
		}
	}
	return out
}
