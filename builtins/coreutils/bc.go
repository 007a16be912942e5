package coreutils

import (
	"io"
	"strconv"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/bc"
	"github.com/moonix-sh/moonix/vfs"
)

func bcCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "bc",
		Summary: "an arbitrary precision calculator language",
		Usage: `Usage: bc [OPTION]... [FILE]...
Run the bc programs in the FILEs, then the one on standard input (unless
a FILE quits): POSIX bc with GNU bc's extensions (long names, else,
print, last, read-free), numbers of any size and scale.

  -l, --mathlib     define the math library (s c a l e j) and set scale
                    to 20
  -q, --quiet       print no banner (bc prints none when it is not
                    interactive, and moonix's never is)

BC_LINE_LENGTH (default 70, 0 for none) is where long numbers are broken
with a backslash. Errors name the input and line as GNU bc's do
("(standard_in) 1: syntax error"); a runtime error's address counts
moonix's operations, not GNU bc's bytecode.
`,
		Run: runBc,
	}
}

func runBc(c *builtins.Call) int {
	fl := c.Flags()
	mathLib := fl.BoolP("mathlib", "l", false, "")
	fl.BoolP("quiet", "q", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ll := -1
	if v, ok := c.LookupEnv("BC_LINE_LENGTH"); ok {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			ll = n
		}
	}
	in := bc.New(bc.Config{Stdout: c.Stdout, Stderr: c.Stderr, MathLib: *mathLib, LineLength: ll, Stop: c.Canceled})
	for _, name := range fl.Args() {
		data, err := vfs.ReadFile(c.FS, c.Abs(name))
		if err != nil {
			if !c.FailDenied(err) {
				io.WriteString(c.Stderr, "File "+name+" is unavailable.\n")
			}
			return 1
		}
		if !in.Run(name, string(data)) {
			return bcStatus(c)
		}
	}
	data, err := c.ReadAll(c.Stdin)
	if err != nil {
		c.FailErr("-", err)
		return 1
	}
	in.Run("", string(data))
	return bcStatus(c)
}

func bcStatus(c *builtins.Call) int {
	if c.Canceled() {
		return 130
	}
	return 0
}
