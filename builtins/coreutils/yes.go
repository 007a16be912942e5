package coreutils

import (
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func yesCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "yes",
		Summary: "print a line over and over",
		Usage: `Usage: yes [STRING]...
Prints the STRINGs joined by spaces (default "y"), one line after another,
until the output is closed or the command is interrupted.
`,
		Run: runYes,
	}
}

func runYes(c *builtins.Call) int {
	fl := c.Flags()
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	args := fl.Args()
	line := "y\n"
	if len(args) > 0 {
		line = strings.Join(args, " ") + "\n"
	}
	// Fill a buffer of whole lines so each write is large.
	n := max(1, 16*1024/len(line))
	buf := []byte(strings.Repeat(line, n))
	for !c.Canceled() {
		if _, err := c.Stdout.Write(buf); err != nil {
			return 1
		}
	}
	return 130
}
