package coreutils

import (
	"strconv"
	"syscall"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
)

func foldCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "fold",
		Summary: "wrap each input line to fit in a width",
		Usage: `Usage: fold [-bs] [-w WIDTH] [FILE]...
Wrap each input line to fit in a width.

  -b, --bytes         count bytes rather than columns
  -s, --spaces        break after the last blank before the width
  -w, --width=WIDTH   use WIDTH columns instead of 80
Columns: a tab advances to the next multiple of 8, backspace goes back one,
carriage return goes to column 0, a UTF-8 character takes one column.
With no FILE, or when FILE is -, read standard input.
`,
		Run: runFold,
	}
}

var oldWidthArg = &lazyRegexp{expr: `^-[0-9]+$`}

// rewriteOldWidth turns the obsolete "-N" into "-w N" (fold, expand).
func rewriteOldWidth(args []string, flag string) []string {
	out := []string{args[0]}
	for i, a := range args[1:] {
		if a == "--" {
			return append(out, args[i+1:]...)
		}
		if oldWidthArg.get().MatchString(a) {
			out = append(out, flag, a[1:])
			continue
		}
		out = append(out, a)
	}
	return out
}

func runFold(c *builtins.Call) int {
	c.Args = rewriteOldWidth(c.Args, "-w")
	fl := c.Flags()
	bytesMode := fl.BoolP("bytes", "b", false, "")
	spaces := fl.BoolP("spaces", "s", false, "")
	widthArg := fl.StringP("width", "w", "80", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	width, err := strconv.Atoi(*widthArg)
	switch {
	case err == nil && width == 0:
		c.Fail("invalid number of columns: '%s': %s", *widthArg, builtins.Strerror(syscall.ERANGE))
		return 1
	case err != nil || width < 0:
		c.Fail("invalid number of columns: '%s'", *widthArg)
		return 1
	}
	return mapLines(c, fl.Args(), func(line []byte) []byte {
		return foldLine(line, width, *bytesMode, *spaces)
	})
}

// foldLine folds one line (with its newline, if any) like GNU fold.
func foldLine(line []byte, width int, bytesMode, spaces bool) []byte {
	adjust := func(col int, ch []byte) int {
		if bytesMode {
			return col + 1
		}
		switch ch[0] {
		case '\b':
			if col > 0 {
				col--
			}
			return col
		case '\r':
			return 0
		case '\t':
			return col + 8 - col%8
		}
		return col + 1
	}
	var out, buf []byte
	col := 0
	for i := 0; i < len(line); {
		size := 1
		if !bytesMode {
			_, size = utf8.DecodeRune(line[i:])
		}
		ch := line[i : i+size]
		if ch[0] == '\n' {
			out = append(out, buf...)
			out = append(out, '\n')
			buf, col = buf[:0], 0
			i++
			continue
		}
	rescan:
		next := adjust(col, ch)
		if next > width {
			if spaces {
				end := -1
				for j := len(buf) - 1; j >= 0; j-- {
					if buf[j] == ' ' || buf[j] == '\t' {
						end = j + 1
						break
					}
				}
				if end > 0 {
					out = append(out, buf[:end]...)
					out = append(out, '\n')
					buf = append(buf[:0], buf[end:]...)
					col = 0
					for k := 0; k < len(buf); {
						sz := 1
						if !bytesMode {
							_, sz = utf8.DecodeRune(buf[k:])
						}
						col = adjust(col, buf[k:k+sz])
						k += sz
					}
					goto rescan
				}
			}
			if len(buf) > 0 {
				out = append(out, buf...)
				out = append(out, '\n')
				buf, col = buf[:0], 0
				goto rescan
			}
		}
		col = next
		buf = append(buf, ch...)
		i += size
	}
	return append(out, buf...)
}
