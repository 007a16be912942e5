package coreutils

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/regex"
)

func csplitCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "csplit",
		Summary: "split a file into sections determined by context lines",
		Usage: `Usage: csplit [OPTION]... FILE PATTERN...
Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ...,
and output byte counts of each piece to standard output.

Read standard input if FILE is -

  -b, --suffix-format=FORMAT  use sprintf FORMAT instead of %02d
  -f, --prefix=PREFIX        use PREFIX instead of 'xx'
  -k, --keep-files           do not remove output files on errors
      --suppress-matched     suppress the lines matching PATTERN
  -n, --digits=DIGITS        use specified number of digits instead of 2
  -s, --quiet, --silent      do not print counts of output file sizes
  -z, --elide-empty-files    suppress empty output files

Each PATTERN may be:
  INTEGER            copy up to but not including specified line number
  /REGEXP/[OFFSET]   copy up to but not including a matching line
  %REGEXP%[OFFSET]   skip to, but not including a matching line
  {INTEGER}          repeat the previous pattern specified number of times
  {*}                repeat the previous pattern as many times as possible

A line OFFSET is an integer optionally preceded by '+' or '-'
`,
		Run: runCsplit,
	}
}

// csplitPattern is one PATTERN with its repeat count.
type csplitPattern struct {
	text   string // as given, for messages
	line   int    // INTEGER, or 0 for a regexp
	re     regex.Matcher
	skip   bool // %REGEXP%
	offset int
	repeat int // extra times; -1 for {*}
}

type csplitter struct {
	c        *builtins.Call
	lines    [][]byte // with their newlines
	start    int      // the first line (0-based) of the next piece
	cur      int      // lines before it have been searched (1-based)
	files    []string
	prefix   string
	format   string
	quiet    bool
	elide    bool
	suppress bool
}

func runCsplit(c *builtins.Call) int {
	fl := c.Flags()
	fl.SetInterspersed(false)
	format := fl.StringP("suffix-format", "b", "", "")
	prefix := fl.StringP("prefix", "f", "xx", "")
	keep := fl.BoolP("keep-files", "k", false, "")
	suppress := fl.Bool("suppress-matched", false, "")
	digits := fl.StringP("digits", "n", "2", "")
	quiet := fl.BoolP("quiet", "s", false, "")
	fl.Bool("silent", false, "")
	elide := fl.BoolP("elide-empty-files", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	switch len(ops) {
	case 0:
		return c.Usage("missing operand")
	case 1:
		return c.Usage("missing operand after %s", builtins.Quote(ops[0]))
	}
	x := &csplitter{c: c, prefix: *prefix, quiet: *quiet || fl.Changed("silent"), elide: *elide, suppress: *suppress}
	if fl.Changed("suffix-format") {
		f, err := csplitFormat(*format)
		if err != "" {
			c.Fail("%s", err)
			return 1
		}
		x.format = f
	} else {
		n, err := strconv.Atoi(*digits)
		if err != nil || n < 0 {
			c.Fail("invalid number: %s", builtins.Quote(*digits))
			return 1
		}
		x.format = "%0" + strconv.Itoa(n) + "d"
	}
	patterns, ok := csplitPatterns(c, ops[1:])
	if !ok {
		return 1
	}
	data, err := readInput(c, ops[0])
	if err != nil {
		c.FailWith(err, "cannot open %s for reading: %s", builtins.Quote(ops[0]), builtins.Reason(err))
		return 1
	}
	x.lines = bytes.SplitAfter(data, []byte{'\n'})
	if len(x.lines[len(x.lines)-1]) == 0 {
		x.lines = x.lines[:len(x.lines)-1]
	}
	if !x.run(patterns) {
		if !*keep {
			for _, f := range x.files {
				c.FS.Remove(c.Abs(f))
			}
		}
		return 1
	}
	return 0
}

// csplitFormat checks -b's FORMAT (one integer conversion) and turns it
// into Go's.
func csplitFormat(f string) (string, string) {
	var b strings.Builder
	convs := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			b.WriteString("%%")
			i++
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("-+ #0'", f[j]) >= 0 {
			j++
		}
		for j < len(f) && (f[j] >= '0' && f[j] <= '9' || f[j] == '.') {
			j++
		}
		if j >= len(f) {
			return "", "missing conversion specifier in suffix"
		}
		verb := f[j]
		switch verb {
		case 'd', 'i', 'u':
			verb = 'd'
		case 'o', 'x', 'X':
		default:
			return "", fmt.Sprintf("invalid conversion specifier in suffix: %c", f[j])
		}
		if convs++; convs > 1 {
			return "", "too many % conversion specifications in suffix"
		}
		b.WriteString(strings.ReplaceAll(f[i:j], "'", "") + string(verb))
		i = j
	}
	if convs == 0 {
		return "", "missing % conversion specification in suffix"
	}
	return b.String(), ""
}

// csplitPatterns parses the PATTERNs.
func csplitPatterns(c *builtins.Call, args []string) ([]*csplitPattern, bool) {
	var out []*csplitPattern
	prevLine := 0
	for _, a := range args {
		if strings.HasPrefix(a, "{") {
			if len(out) == 0 {
				c.Fail("%s: invalid pattern", builtins.Quote(a))
				return nil, false
			}
			body, ok := strings.CutSuffix(a[1:], "}")
			n, err := strconv.Atoi(body)
			switch {
			case ok && body == "*":
				out[len(out)-1].repeat = -1
			case !ok || err != nil || n < 0:
				c.Fail("%s: integer required between '{' and '}'", builtins.Quote(a))
				return nil, false
			default:
				out[len(out)-1].repeat = n
			}
			continue
		}
		p := &csplitPattern{text: a}
		if a != "" && (a[0] == '/' || a[0] == '%') {
			delim := a[0]
			end := strings.LastIndexByte(a, delim)
			if end == 0 {
				c.Fail("%s: closing delimiter '%c' missing", a, delim)
				return nil, false
			}
			re, err := regex.Compile([]string{a[1:end]}, regex.Options{Strict: true})
			if err != nil {
				c.Fail("%s: invalid regular expression: %s", builtins.Quote(a), regexErrorText(err))
				return nil, false
			}
			p.re, p.skip = re, delim == '%'
			if rest := a[end+1:]; rest != "" {
				n, err := strconv.Atoi(rest)
				if err != nil {
					c.Fail("%s: integer expected after delimiter", builtins.Quote(a))
					return nil, false
				}
				p.offset = n
			}
		} else {
			n, err := strconv.Atoi(a)
			switch {
			case err != nil || a[0] == '+' || a[0] == '-':
				c.Fail("%s: invalid pattern", builtins.Quote(a))
				return nil, false
			case n == 0:
				c.Fail("0: line number must be greater than zero")
				return nil, false
			case n < prevLine:
				c.Fail("line number %s is smaller than preceding line number, %d", builtins.Quote(a), prevLine)
				return nil, false
			}
			p.line, prevLine = n, n
		}
		out = append(out, p)
	}
	return out, true
}

// regexErrorText is what csplit says of a bad regular expression.
func regexErrorText(err error) string {
	s := err.Error()
	if s == "" {
		return "Invalid regular expression"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// write makes the next piece of the lines from start up to (not
// including) end, and prints its size.
func (x *csplitter) write(end int) bool {
	end = min(end, len(x.lines))
	var size int
	for _, l := range x.lines[x.start:max(end, x.start)] {
		size += len(l)
	}
	lines := x.lines[x.start:max(end, x.start)]
	x.start = max(end, x.start)
	if size == 0 && x.elide {
		return true
	}
	name := x.prefix + fmt.Sprintf(x.format, len(x.files))
	f, err := x.c.Create(name, false)
	if err != nil {
		x.c.FailErr(name, err)
		return false
	}
	x.files = append(x.files, name)
	for _, l := range lines {
		f.Write(l)
	}
	if err := f.Close(); err != nil {
		x.c.FailErr(name, err)
		return false
	}
	if !x.quiet {
		fmt.Fprintln(x.c.Stdout, size)
	}
	return true
}

// fail reports why a pattern could not be applied, after the rest of
// the input went into a last piece, as GNU's does.
func (x *csplitter) fail(p *csplitPattern, rep int, why string, dump bool) bool {
	if dump && x.start < len(x.lines) {
		x.write(len(x.lines))
	}
	if rep > 0 {
		why += fmt.Sprintf(" on repetition %d", rep)
	}
	x.c.Fail("%s: %s", builtins.Quote(p.text), why)
	return false
}

func (x *csplitter) run(patterns []*csplitPattern) bool {
	for _, p := range patterns {
		for rep := 0; p.repeat < 0 || rep <= p.repeat; rep++ {
			if x.c.Canceled() {
				return false
			}
			if p.line > 0 {
				target := p.line * (rep + 1) // 1-based: the first line of the next piece
				if target > len(x.lines) {
					return x.fail(p, rep, "line number out of range", true)
				}
				if !x.write(target - 1) {
					return false
				}
				x.cur = target - 1
				if x.suppress {
					x.start++
					x.cur++
				}
				continue
			}
			m := -1
			for i := x.cur; i < len(x.lines); i++ {
				if p.re.Match(bytes.TrimSuffix(x.lines[i], []byte{'\n'})) {
					m = i
					break
				}
			}
			if m < 0 {
				if p.repeat < 0 {
					break
				}
				return x.fail(p, rep, "match not found", true)
			}
			brk := m + p.offset // 0-based: the first line of the next piece
			if brk < x.start || brk > len(x.lines) {
				if brk < x.start {
					// before the piece: GNU's makes it empty
					x.write(x.start)
				}
				return x.fail(p, 0, "line number out of range", brk >= x.start) // GNU's names no repetition here
			}
			if p.skip {
				x.start = brk
			} else if !x.write(brk) {
				return false
			}
			x.cur = m + 1
			if p.offset > 0 {
				x.cur = brk + 1
			}
			if x.suppress {
				x.start++
			}
		}
	}
	x.write(len(x.lines))
	return true
}
