package coreutils

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func hexdumpCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "hexdump",
		Summary: "display file contents in hexadecimal",
		Usage: `Usage: hexdump [-C] [-v] [-n LENGTH] [-s OFFSET] [FILE]...
Display file contents in hexadecimal.

  -C, --canonical     hex bytes and printable characters: 00000000  61 62  |ab|
  -n, --length=N      interpret only N bytes of input
  -s, --skip=OFFSET   skip OFFSET bytes from the beginning (0x prefix for hex)
  -v, --no-squeezing  do not replace repeated lines with *
Without -C, print 16-bit little-endian words in hex, eight per line.
With no FILE, read standard input.
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
// the whole, not each file).
// It returns ok false when every operand failed.
func readDumpInput(c *builtins.Call, names []string) (data []byte, status int, ok bool) {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		b, err := readInput(c, name)
		if err != nil {
			c.FailErr(name, err)
			status = 1
			continue
		}
		data = append(data, b...)
		ok = true
	}
	return data, status, ok
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
	canonical := fl.BoolP("canonical", "C", false, "")
	lengthArg := fl.StringP("length", "n", "", "")
	skipArg := fl.StringP("skip", "s", "", "")
	verbose := fl.BoolP("no-squeezing", "v", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	skip, ok1 := dumpCount(c, *skipArg, 0, "invalid skip argument: '%s'")
	length, ok2 := dumpCount(c, *lengthArg, -1, "invalid length argument: '%s'")
	if !ok1 || !ok2 {
		return 1
	}
	data, status, ok := readDumpInput(c, fl.Args())
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
	return dump(c, status, data, 16, !*verbose, func(out *bytes.Buffer, off int, line []byte) {
		addr := skip + int64(off)
		if *canonical {
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
		if *canonical {
			fmt.Fprintf(out, "%08x\n", skip+int64(len(data)))
		} else {
			fmt.Fprintf(out, "%07x\n", skip+int64(len(data)))
		}
	})
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
