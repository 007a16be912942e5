package coreutils

import (
	"io"
	"io/fs"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
)

func envCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "env",
		UsageStatus: 125,
		Summary:     "run a command in a modified environment, or print the environment",
		Usage: `Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
Run a command in a modified environment, or print the environment.

  -i, --ignore-environment  start with an empty environment (also a lone -)
  -u, --unset=NAME          remove NAME from the environment
  -0, --null                end each output line with NUL, not newline
  -C, --chdir=DIR           run COMMAND in directory DIR
Without COMMAND, prints the resulting environment. Exit status: that of
COMMAND, 125 if env itself fails, 126 if COMMAND cannot run, 127 if it is
not found.
`,
		Run: runEnv,
	}
}

func runEnv(c *builtins.Call) int {
	fl := c.Flags()
	fl.SetInterspersed(false)
	ignore := fl.BoolP("ignore-environment", "i", false, "")
	unset := fl.StringArrayP("unset", "u", nil, "")
	null := fl.BoolP("null", "0", false, "")
	chdir := fl.StringP("chdir", "C", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	args := fl.Args()
	if len(args) > 0 && args[0] == "-" {
		*ignore = true
		args = args[1:]
	}
	var env []string
	if !*ignore {
		env = append(env, c.Env...)
	}
	for _, name := range *unset {
		if name == "" || strings.Contains(name, "=") {
			c.Fail("cannot unset '%s': Invalid argument", name)
			return 125
		}
		env = unsetEnv(env, name)
	}
	for len(args) > 0 && strings.Contains(args[0], "=") && !strings.HasPrefix(args[0], "=") {
		env = setEnv(env, args[0])
		args = args[1:]
	}
	if len(args) == 0 {
		if fl.Changed("chdir") {
			return c.Usage("must specify command with --chdir (-C)")
		}
		return printEnv(c, env, *null)
	}
	if *null {
		return c.Usage("cannot specify --null (-0) with command")
	}
	sub := c.Sub(args...)
	sub.Env = env
	if fl.Changed("chdir") {
		dir := c.Abs(*chdir)
		info, err := c.FS.Stat(dir)
		if err == nil && !info.IsDir() {
			err = &fs.PathError{Op: "chdir", Path: dir, Err: syscall.ENOTDIR}
		}
		if err != nil {
			c.FailWith(err, "cannot change directory to '%s': %s", *chdir, builtins.Reason(err))
			return 125
		}
		sub.Dir = dir
	}
	if c.Exec == nil {
		c.Fail("cannot run %s", args[0])
		return 126
	}
	return c.Exec(sub)
}

// unsetEnv returns env without the entries for name.
func unsetEnv(env []string, name string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); k != name {
			out = append(out, kv)
		}
	}
	return out
}

// setEnv sets NAME=VALUE in env: in place of an existing NAME (as putenv
// does), or at the end.
func setEnv(env []string, kv string) []string {
	name, _, _ := strings.Cut(kv, "=")
	for i, e := range env {
		if k, _, _ := strings.Cut(e, "="); k == name {
			out := append(env[:i:i], kv)
			return append(out, unsetEnv(env[i+1:], name)...)
		}
	}
	return append(env, kv)
}

func printEnv(c *builtins.Call, env []string, null bool) int {
	end := "\n"
	if null {
		end = "\x00"
	}
	for _, kv := range env {
		if _, err := io.WriteString(c.Stdout, kv+end); err != nil {
			return 1
		}
	}
	return 0
}

func printenvCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "printenv",
		UsageStatus: 2,
		Summary:     "print environment variables",
		Usage: `Usage: printenv [OPTION] [NAME]...
Print environment variables.

  -0, --null  end each output line with NUL, not newline
Prints the value of each NAME, or NAME=VALUE for every variable. Exits 1 if
a NAME is not set.
`,
		Run: runPrintenv,
	}
}

func runPrintenv(c *builtins.Call) int {
	fl := c.Flags()
	null := fl.BoolP("null", "0", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() == 0 {
		return printEnv(c, c.Env, *null)
	}
	end := "\n"
	if *null {
		end = "\x00"
	}
	status := 0
	for _, name := range fl.Args() {
		v, ok := c.LookupEnv(name)
		if !ok || strings.Contains(name, "=") {
			status = 1
			continue
		}
		if _, err := io.WriteString(c.Stdout, v+end); err != nil {
			return 1
		}
	}
	return status
}
