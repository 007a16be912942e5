package coreutils

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/moonix-sh/moonix/builtins"
)

func stringsCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "strings",
		Summary: "print the sequences of printable characters in files",
		Usage: `Usage: strings [OPTION]... [FILE]...
Display printable strings in FILEs (standard input by default): runs of at
least 4 printable characters (or TAB), as GNU binutils' strings finds them
with --all (every byte of the file is scanned).

  -a, --all                scan the entire file (the only way here)
  -f, --print-file-name    print the name of the file before each string
  -n, --bytes=MIN          print sequences of at least MIN characters
  -MIN                     same as -n MIN
  -t, --radix={o,d,x}      print the offset of each string in base 8, 10 or 16
  -o                       same as --radix=o
  -w, --include-all-whitespace  count all white space as string characters
  -e, --encoding={s,S,b,l,B,L}  character size and endianness: s = 7-bit,
                           S = 8-bit, {b,l} = 16-bit, {B,L} = 32-bit
  -s, --output-separator=STRING  end each string with STRING, not a newline
`,
		Run: runStrings,
	}
}

type stringsOpts struct {
	min      int
	radix    byte
	names    bool
	allSpace bool
	enc      byte
	sep      string
}

func runStrings(c *builtins.Call) int {
	// -MIN, as in "strings -8"
	args := []string{c.Args[0]}
	for i, a := range c.Args[1:] {
		if a == "--" {
			args = append(args, c.Args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' {
			a = "--bytes=" + a[1:]
		}
		args = append(args, a)
	}
	c.Args = args
	fl := c.Flags()
	fl.BoolP("all", "a", false, "")
	names := fl.BoolP("print-file-name", "f", false, "")
	minArg := fl.StringP("bytes", "n", "4", "")
	radix := fl.StringP("radix", "t", "", "")
	octal := fl.BoolP("o", "o", false, "")
	allSpace := fl.BoolP("include-all-whitespace", "w", false, "")
	enc := fl.StringP("encoding", "e", "s", "")
	sep := fl.StringP("output-separator", "s", "\n", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	o := stringsOpts{names: *names, allSpace: *allSpace, sep: *sep}
	n, err := strconv.Atoi(*minArg)
	if err != nil || n < 1 {
		return c.Usage("invalid minimum string length %s", *minArg)
	}
	o.min = n
	if *octal {
		o.radix = 'o'
	}
	if fl.Changed("radix") {
		if len(*radix) != 1 || (*radix)[0] != 'o' && (*radix)[0] != 'd' && (*radix)[0] != 'x' {
			return c.Usage("invalid radix %s", builtins.Quote(*radix))
		}
		o.radix = (*radix)[0]
	}
	if len(*enc) != 1 || !stringsEncodings[(*enc)[0]] {
		return c.Usage("invalid encoding %s", builtins.Quote(*enc))
	}
	o.enc = (*enc)[0]
	files := fl.Args()
	if len(files) == 0 {
		return stringsScan(c, o, "{standard input}", c.Stdin)
	}
	status := 0
	for _, name := range files {
		if c.Canceled() {
			return 130
		}
		if info, err := c.FS.Stat(c.Abs(name)); err == nil && info.IsDir() {
			c.Fail("Warning: %s is a directory", builtins.Quote(name))
			status = 1
			continue
		}
		r, err := c.Open(name)
		if err != nil {
			if isNotExist(err) {
				c.FailWith(err, "%s: No such file", builtins.Quote(name))
			} else {
				c.FailWith(err, "%s: %s", name, builtins.Reason(err))
			}
			status = 1
			continue
		}
		st := stringsScan(c, o, name, r)
		r.Close()
		status = max(status, st)
	}
	return status
}

var stringsEncodings = map[byte]bool{'s': true, 'S': true, 'b': true, 'l': true, 'B': true, 'L': true}

// stringsScan prints the strings of one input.
func stringsScan(c *builtins.Call, o stringsOpts, name string, r io.Reader) int {
	br := bufio.NewReaderSize(r, 64*1024)
	width := 1
	switch o.enc {
	case 'b', 'l':
		width = 2
	case 'B', 'L':
		width = 4
	}
	var run []byte
	var start, off int64
	flush := func() {
		if len(run) >= o.min {
			if o.names {
				fmt.Fprintf(c.Stdout, "%s: ", name)
			}
			switch o.radix {
			case 'o':
				fmt.Fprintf(c.Stdout, "%7o ", start)
			case 'd':
				fmt.Fprintf(c.Stdout, "%7d ", start)
			case 'x':
				fmt.Fprintf(c.Stdout, "%7x ", start)
			}
			c.Stdout.Write(run)
			io.WriteString(c.Stdout, o.sep)
		}
		run = run[:0]
	}
	for {
		if c.Canceled() {
			return 130
		}
		buf, err := br.Peek(width)
		if len(buf) < width {
			if err == io.EOF || err == nil || err == bufio.ErrBufferFull {
				break
			}
			c.FailErr(name, err)
			return 1
		}
		var ch uint32
		for i := range width {
			if o.enc == 'l' || o.enc == 'L' {
				ch |= uint32(buf[i]) << (8 * i)
			} else {
				ch = ch<<8 | uint32(buf[i])
			}
		}
		step := width
		if stringsChar(ch, o) {
			if len(run) == 0 {
				start = off
			}
			run = append(run, byte(ch))
		} else {
			// as GNU's: the next try starts at the next byte
			flush()
			step = 1
		}
		br.Discard(step)
		off += int64(step)
	}
	flush()
	return 0
}

// stringsChar says whether ch belongs in a string: printable ASCII or a
// TAB (any white space with -w), or any byte above 127 with -e S.
func stringsChar(ch uint32, o stringsOpts) bool {
	switch {
	case ch > 255:
		return false
	case ch == '\t' || ch >= 32 && ch < 127:
		return true
	case o.allSpace && (ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r'):
		return true
	case o.enc == 'S' && ch > 127:
		return true
	}
	return false
}
