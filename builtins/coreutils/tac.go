package coreutils

import (
	"bytes"
	"io"
	"regexp"

	"github.com/moonix-sh/moonix/builtins"
)

func tacCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "tac",
		Summary: "write files with their lines in reverse order",
		Usage: `Usage: tac [-b] [-r] [-s SEP] [FILE]...
Write files with their lines in reverse order.

  -b, --before             attach the separator before each record, not after
  -r, --regex              interpret SEP as a regular expression (Go RE2 syntax)
  -s, --separator=STRING   use STRING as the record separator instead of newline
With no FILE, or when FILE is -, read standard input.
`,
		Run: runTac,
	}
}

func runTac(c *builtins.Call) int {
	fl := c.Flags()
	before := fl.BoolP("before", "b", false, "")
	isRegex := fl.BoolP("regex", "r", false, "")
	sep := fl.StringP("separator", "s", "\n", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if *sep == "" {
		c.Fail("separator cannot be empty")
		return 1
	}
	var re *regexp.Regexp
	if *isRegex {
		var err error
		if re, err = regexp.Compile(*sep); err != nil {
			c.Fail("invalid regular expression: %s", *sep)
			return 1
		}
	}
	return inputs(c, fl.Args(), func(name string, r io.Reader) error {
		data, err := c.ReadAll(r)
		if err != nil {
			return err
		}
		// bounds of every separator match
		var seps [][2]int
		if re != nil {
			for _, m := range re.FindAllIndex(data, -1) {
				if m[1] > m[0] {
					seps = append(seps, [2]int{m[0], m[1]})
				}
			}
		} else {
			s := []byte(*sep)
			for off := 0; ; {
				i := bytes.Index(data[off:], s)
				if i < 0 {
					break
				}
				seps = append(seps, [2]int{off + i, off + i + len(s)})
				off += i + len(s)
			}
		}
		// cut into records
		var recs [][]byte
		if *before {
			start := 0
			for _, m := range seps {
				if m[0] > 0 {
					recs = append(recs, data[start:m[0]])
				}
				start = m[0]
			}
			if start < len(data) {
				recs = append(recs, data[start:])
			}
		} else {
			start := 0
			for _, m := range seps {
				recs = append(recs, data[start:m[1]])
				start = m[1]
			}
			if start < len(data) {
				recs = append(recs, data[start:])
			}
		}
		w := c.Stdout
		for i := len(recs) - 1; i >= 0; i-- {
			if _, err := w.Write(recs[i]); err != nil {
				return errStop
			}
		}
		return nil
	})
}
