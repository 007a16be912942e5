package coreutils

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func pasteCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "paste",
		Summary: "merge lines of files",
		Usage: `Usage: paste [-s] [-d LIST] [-z] [FILE]...
Merge lines of files.

  -d, --delimiters=LIST   use characters from LIST in turn instead of TAB
                          (escapes: \n \t \\ and \0 for no delimiter)
  -s, --serial            paste one file at a time instead of in parallel
  -z, --zero-terminated   lines end in NUL, not newline
With no FILE, or when FILE is -, read standard input; - may be given more
than once to take lines from standard input in turn.
`,
		Run: runPaste,
	}
}

func runPaste(c *builtins.Call) int {
	fl := c.Flags()
	delims := fl.StringP("delimiters", "d", "\t", "")
	serial := fl.BoolP("serial", "s", false, "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if (len(*delims)-len(strings.TrimRight(*delims, "\\")))%2 == 1 {
		c.Fail("delimiter list ends with an unescaped backslash: %s", *delims)
		return 1
	}
	dl := unescapeDelims(*delims)
	if len(dl) == 0 {
		dl = []string{""}
	}
	eol := byte('\n')
	if *zero {
		eol = 0
	}
	names := fl.Args()
	if len(names) == 0 {
		names = []string{"-"}
	}
	// Open everything first, as GNU does: one missing file means no output.
	var stdin *bufio.Reader
	readers := make([]*bufio.Reader, len(names))
	for i, name := range names {
		if name == "-" {
			if stdin == nil {
				stdin = bufio.NewReader(c.Stdin)
			}
			readers[i] = stdin
			continue
		}
		r, err := c.Open(name)
		if err != nil {
			c.FailErr(name, err)
			return 1
		}
		defer r.Close()
		readers[i] = bufio.NewReader(r)
	}
	w := c.Stdout
	next := func(r *bufio.Reader) ([]byte, bool, error) {
		line, err := r.ReadBytes(eol)
		if len(line) == 0 {
			if err == io.EOF {
				err = nil
			}
			return nil, false, err
		}
		return bytes.TrimSuffix(line, []byte{eol}), true, nil
	}
	if *serial {
		for i, r := range readers {
			var out []byte
			n := 0
			for {
				if c.Canceled() {
					return 130
				}
				line, ok, err := next(r)
				if err != nil {
					c.FailErr(names[i], err)
					return 1
				}
				if !ok {
					break
				}
				if n > 0 {
					out = append(out, dl[(n-1)%len(dl)]...)
				}
				out = append(out, line...)
				n++
				if len(out) > 32*1024 {
					if _, err := w.Write(out); err != nil {
						return 0
					}
					out = out[:0]
				}
			}
			out = append(out, eol)
			if _, err := w.Write(out); err != nil {
				return 0
			}
		}
		return 0
	}
	done := make([]bool, len(readers))
	for {
		if c.Canceled() {
			return 130
		}
		var out []byte
		any := false
		for i, r := range readers {
			if !done[i] {
				line, ok, err := next(r)
				if err != nil {
					c.FailErr(names[i], err)
					return 1
				}
				if ok {
					any = true
					out = append(out, line...)
				} else {
					done[i] = true
				}
			}
			if i < len(readers)-1 {
				out = append(out, dl[i%len(dl)]...)
			}
		}
		if !any {
			return 0
		}
		out = append(out, eol)
		if _, err := w.Write(out); err != nil {
			return 0
		}
	}
}

// unescapeDelims expands the backslash escapes of paste -d: \b \f \n \r
// \t \v, \0 (empty), and any other \c as c.
func unescapeDelims(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			out = append(out, s[i:i+1])
			continue
		}
		i++
		if b, ok := cControl(s[i]); ok && s[i] != 'a' { // GNU paste reads \a as a
			out = append(out, string(b))
		} else if s[i] == '0' {
			out = append(out, "")
		} else {
			out = append(out, s[i:i+1]) // \\ and any other \c
		}
	}
	return out
}
