package coreutils

import (
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func basenameCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "basename",
		Summary: "strip directory and suffix from file names",
		Usage: `Usage: basename NAME [SUFFIX]
  or:  basename OPTION... NAME...
Strip directory and suffix from file names.

  -a, --multiple       accept several NAMEs
  -s, --suffix=SUFFIX  remove a trailing SUFFIX; implies -a
  -z, --zero           end each output line with NUL, not newline
`,
		Run: runBasename,
	}
}

func runBasename(c *builtins.Call) int {
	fl := c.Flags()
	multiple := fl.BoolP("multiple", "a", false, "")
	suffix := fl.StringP("suffix", "s", "", "")
	zero := fl.BoolP("zero", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	args := fl.Args()
	if len(args) == 0 {
		return c.Usage("missing operand")
	}
	if fl.Changed("suffix") {
		*multiple = true
	}
	if !*multiple {
		if len(args) > 2 {
			return c.Usage("extra operand %s", builtins.Quote(args[2]))
		}
		if len(args) == 2 {
			*suffix = args[1]
		}
		args = args[:1]
	}
	end := "\n"
	if *zero {
		end = "\x00"
	}
	for _, name := range args {
		if _, err := c.Stdout.Write([]byte(baseName(name, *suffix) + end)); err != nil {
			return 1
		}
	}
	return 0
}

// baseName is the last component of name without trailing slashes, minus
// suffix unless that is all of it, as basename(1) prints it.
func baseName(name, suffix string) string {
	s := strings.TrimRight(name, "/")
	if s == "" {
		if name == "" {
			return ""
		}
		return "/"
	}
	s = s[strings.LastIndexByte(s, '/')+1:]
	if suffix != "" && s != suffix && strings.HasSuffix(s, suffix) {
		s = s[:len(s)-len(suffix)]
	}
	return s
}

func dirnameCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "dirname",
		Summary: "strip the last component from file names",
		Usage: `Usage: dirname [OPTION] NAME...
Strip the last component from file names.

  -z, --zero  end each output line with NUL, not newline
Prints each NAME without its last component and trailing slashes;
"." if NAME has no slash.
`,
		Run: runDirname,
	}
}

func runDirname(c *builtins.Call) int {
	fl := c.Flags()
	zero := fl.BoolP("zero", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() == 0 {
		return c.Usage("missing operand")
	}
	end := "\n"
	if *zero {
		end = "\x00"
	}
	for _, name := range fl.Args() {
		if _, err := c.Stdout.Write([]byte(dirName(name) + end)); err != nil {
			return 1
		}
	}
	return 0
}

// dirName is name without its last component, as dirname(1) prints it.
func dirName(name string) string {
	s := strings.TrimRight(name, "/")
	if s == "" {
		if name == "" {
			return "."
		}
		return "/"
	}
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return "."
	}
	s = strings.TrimRight(s[:i], "/")
	if s == "" {
		return "/"
	}
	return s
}
