package coreutils

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func catCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "cat",
		Summary: "concatenate files to standard output",
		Usage: `Usage: cat [OPTION]... [FILE]...
Concatenate FILE(s) to standard output.

With no FILE, or when FILE is -, read standard input.

  -A, --show-all           equivalent to -vET
  -b, --number-nonblank    number nonempty output lines, overrides -n
  -e                       equivalent to -vE
  -E, --show-ends          display $ at end of each line
  -n, --number             number all output lines
  -s, --squeeze-blank      suppress repeated empty output lines
  -t                       equivalent to -vT
  -T, --show-tabs          display TAB characters as ^I
  -u                       (ignored)
  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB
`,
		Run: runCat,
	}
}

func runCat(c *builtins.Call) int {
	fl := c.Flags()
	number := fl.BoolP("number", "n", false, "")
	nonblank := fl.BoolP("number-nonblank", "b", false, "")
	squeeze := fl.BoolP("squeeze-blank", "s", false, "")
	ends := fl.BoolP("show-ends", "E", false, "")
	all := fl.BoolP("show-all", "A", false, "")
	vis := fl.BoolP("show-nonprinting", "v", false, "")
	tabs := fl.BoolP("show-tabs", "T", false, "")
	fl.BoolP("unbuffered", "u", false, "")
	vEnds := fl.BoolP("e", "e", false, "")
	vTabs := fl.BoolP("t", "t", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if *all {
		*ends, *vis, *tabs = true, true, true
	}
	if *vEnds {
		*vis, *ends = true, true
	}
	if *vTabs {
		*vis, *tabs = true, true
	}
	plain := !*number && !*nonblank && !*squeeze && !*ends && !*vis && !*tabs
	w := c.Stdout
	line := 0
	prevBlank := false
	return inputs(c, fl.Args(), func(name string, r io.Reader) error {
		if plain {
			_, err := copyCtx(c, w, r)
			return err
		}
		br := bufio.NewReader(r)
		for {
			if c.Canceled() {
				return errStop
			}
			text, err := br.ReadString('\n')
			if text == "" && err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
			body, nl := text, ""
			if body[len(body)-1] == '\n' {
				body, nl = body[:len(body)-1], "\n"
			}
			blank := body == ""
			if *squeeze && blank && prevBlank {
				continue
			}
			prevBlank = blank
			if *nonblank && !blank || *number && !*nonblank {
				line++
				fmt.Fprintf(w, "%6d\t", line)
			}
			if *vis {
				body = showNonprinting(body)
			}
			if *tabs {
				body = strings.ReplaceAll(body, "\t", "^I")
			}
			if *ends && nl != "" {
				body += "$"
			}
			io.WriteString(w, body+nl)
		}
	})
}

// showNonprinting renders control and high bytes like cat -v.
func showNonprinting(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\t':
			b = append(b, ch)
		case ch >= 128:
			b = append(b, 'M', '-')
			ch -= 128
			if ch < 32 {
				b = append(b, '^', ch+64)
			} else if ch == 127 {
				b = append(b, '^', '?')
			} else {
				b = append(b, ch)
			}
		case ch < 32:
			b = append(b, '^', ch+64)
		case ch == 127:
			b = append(b, '^', '?')
		default:
			b = append(b, ch)
		}
	}
	return string(b)
}

// copyCtx copies r to w in chunks, stopping when the command is canceled.
func copyCtx(c *builtins.Call, w io.Writer, r io.Reader) (int64, error) {
	buf := make([]byte, 32*1024)
	var total int64
	for {
		if c.Canceled() {
			return total, errStop
		}
		n, err := r.Read(buf)
		if n > 0 {
			m, werr := w.Write(buf[:n])
			total += int64(m)
			if werr != nil {
				return total, errStop
			}
		}
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}
