package coreutils

import (
	"io"

	"github.com/moonix-sh/moonix/builtins"
)

func clearCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "clear",
		Summary: "clear the terminal screen",
		Usage: `Usage: clear
Writes the escape sequences that move the cursor home and erase the screen
and its scrollback.
`,
		Run: func(c *builtins.Call) int {
			fl := c.Flags()
			fl.BoolP("x", "x", false, "") // keep scrollback: accepted, ignored
			if st, ok := c.Parse(fl); !ok {
				return st
			}
			if fl.NArg() > 0 {
				return c.Usage("extra operand %s", builtins.Quote(fl.Arg(0)))
			}
			seq := "\x1b[H\x1b[2J\x1b[3J"
			if ok, _ := fl.GetBool("x"); ok {
				seq = "\x1b[H\x1b[2J"
			}
			if _, err := io.WriteString(c.Stdout, seq); err != nil {
				return 1
			}
			return 0
		},
	}
}
