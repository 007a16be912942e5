package coreutils

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
)

func nlCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "nl",
		Summary: "number lines of files",
		Usage: `Usage: nl [OPTION]... [FILE]...
Number lines of files.

  -b, --body-numbering=STYLE      number body lines by STYLE (default t)
  -h, --header-numbering=STYLE    number header lines by STYLE (default n)
  -f, --footer-numbering=STYLE    number footer lines by STYLE (default n)
  -d, --section-delimiter=CC      use CC for logical page delimiters (default \:)
  -i, --line-increment=NUMBER     line number increment (default 1)
  -l, --join-blank-lines=NUMBER   count a group of NUMBER empty lines as one
  -n, --number-format=FORMAT      ln (left), rn (right, default) or rz (zeros)
  -p, --no-renumber               do not reset line numbers at sections
  -s, --number-separator=STRING   add STRING after the number (default TAB)
  -v, --starting-line-number=N    first line number (default 1)
  -w, --number-width=NUMBER       digits in line numbers (default 6)
STYLE is a (all lines), t (non-empty lines), n (none) or pREGEX (lines
matching REGEX, Go RE2 syntax). Lines holding only CCCCCC, CCCC or CC start
a header, body or footer section; they print as empty lines.
With no FILE, or when FILE is -, read standard input.
`,
		Run: runNl,
	}
}

type nlStyle struct {
	kind byte // a t n p
	re   *regexp.Regexp
}

func parseNlStyle(s string) (nlStyle, bool) {
	switch {
	case s == "a" || s == "t" || s == "n":
		return nlStyle{kind: s[0]}, true
	case strings.HasPrefix(s, "p"):
		re, err := regexp.Compile(s[1:])
		if err != nil {
			return nlStyle{}, false
		}
		return nlStyle{kind: 'p', re: re}, true
	}
	return nlStyle{}, false
}

func runNl(c *builtins.Call) int {
	fl := c.Flags()
	body := fl.StringP("body-numbering", "b", "t", "")
	header := fl.StringP("header-numbering", "h", "n", "")
	footer := fl.StringP("footer-numbering", "f", "n", "")
	delim := fl.StringP("section-delimiter", "d", `\:`, "")
	incr := fl.StringP("line-increment", "i", "1", "")
	join := fl.StringP("join-blank-lines", "l", "1", "")
	format := fl.StringP("number-format", "n", "rn", "")
	noRenumber := fl.BoolP("no-renumber", "p", false, "")
	sep := fl.StringP("number-separator", "s", "\t", "")
	start := fl.StringP("starting-line-number", "v", "1", "")
	widthArg := fl.StringP("number-width", "w", "6", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	var styles [3]nlStyle // header, body, footer
	for i, s := range []struct{ what, val string }{{"header", *header}, {"body", *body}, {"footer", *footer}} {
		st, ok := parseNlStyle(s.val)
		if !ok {
			return c.Usage("invalid %s numbering style: %s", s.what, builtins.Quote(s.val))
		}
		styles[i] = st
	}
	num := func(what, s string, minimum int64) (int64, bool) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < minimum {
			// a number out of range: GNU's xstrtol says why
			if err == nil {
				c.Fail("invalid %s: '%s': %s", what, s, builtins.Strerror(syscall.ERANGE))
			} else if errors.Is(err, strconv.ErrRange) {
				c.Fail("invalid %s: '%s': %s", what, s, builtins.Strerror(syscall.EOVERFLOW))
			} else {
				c.Fail("invalid %s: '%s'", what, s)
			}
			return 0, false
		}
		return n, true
	}
	step, ok1 := num("line number increment", *incr, -1<<62)
	joinN, ok2 := num("line number of blank lines", *join, 1)
	first, ok3 := num("starting line number", *start, -1<<62)
	width, ok4 := num("line number field width", *widthArg, 1)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return 1
	}
	var numFmt string
	switch *format {
	case "ln":
		numFmt = "%-*d"
	case "rn":
		numFmt = "%*d"
	case "rz":
		numFmt = "%0*d"
	default:
		return c.Usage("invalid line numbering format: %s", builtins.Quote(*format))
	}
	d := *delim
	if len(d) == 1 {
		d += ":"
	}
	var delims [3][]byte // header, body, footer delimiter lines
	if d != "" {
		delims = [3][]byte{[]byte(d + d + d), []byte(d + d), []byte(d)}
	}
	blankFill := strings.Repeat(" ", int(width)+len(*sep))
	section := 1
	line := first
	blanks := int64(0)
	return mapLines(c, fl.Args(), func(text []byte) []byte {
		text = bytes.TrimSuffix(text, []byte("\n"))
		isDelim := false
		if d != "" {
			for i, dl := range delims {
				if bytes.Equal(text, dl) {
					section, isDelim = i, true
					if !*noRenumber {
						line = first
					}
					blanks = 0
					break
				}
			}
		}
		if isDelim {
			return []byte("\n")
		}
		st := styles[section]
		number := false
		switch st.kind {
		case 'a':
			if len(text) == 0 {
				blanks++
				if blanks >= joinN {
					number, blanks = true, 0
				}
			} else {
				number, blanks = true, 0
			}
		case 't':
			number = len(text) > 0
		case 'p':
			number = st.re.Match(text)
		}
		if number {
			out := fmt.Sprintf(numFmt, width, line) + *sep + string(text) + "\n"
			line += step
			return []byte(out)
		}
		return []byte(blankFill + string(text) + "\n")
	})
}
