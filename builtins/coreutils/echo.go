package coreutils

import (
	"io"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func echoCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "echo",
		Summary: "print arguments",
		Usage: `Usage: echo [-neE] [ARG]...
Prints the ARGs separated by spaces and followed by a newline.

  -n  no final newline
  -e  expand backslash escapes: \\ \a \b \c (stop output) \e \f \n \r \t \v
      \0NNN (octal) \xHH \uHHHH \UHHHHHHHH
  -E  do not expand escapes (the default)
Only leading arguments made of these letters are options, as in bash.
`,
		Run: runEcho,
	}
}

func runEcho(c *builtins.Call) int {
	args := c.Args[1:]
	newline, escapes := true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, f := range args[0][1:] {
			switch f {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if escapes {
			s, _, stop := unescapeC(a, escEcho)
			b.WriteString(s)
			if stop {
				io.WriteString(c.Stdout, b.String())
				return 0
			}
			continue
		}
		b.WriteString(a)
	}
	if newline {
		b.WriteByte('\n')
	}
	io.WriteString(c.Stdout, b.String())
	return 0
}
