package shell

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// shellCommand is a command that needs the session itself: nested shells and
// the commands that describe the shell.
type shellCommand struct {
	summary string
	usage   string
	run     func(s *Session, c *builtins.Call) int
}

// shellCommandNames lists the commands shellCommand knows.
var shellCommandNames = []string{"sh", "bash", "dash", "moonix", "which", "help", "ulimit"}

const shUsage = `usage: sh [-eux] [-o OPTION] [-O SHOPT] [-c SCRIPT [NAME [ARG...]] | -s [ARG...] | FILE [ARG...]]
Runs a nested shell with the current directory and exported variables.
  -c SCRIPT  run SCRIPT; NAME becomes $0 and ARGs $1...
  -s         read the script from standard input (the default without FILE)
  -e -u -x -f -n -a and -o NAME set shell options as set(1) does
  -O NAME    set a bash option as shopt -s does
`

// shellCommand returns the command called name that the shell itself
// implements.
func lookupShellCommand(name string) (shellCommand, bool) {
	switch name {
	case "sh", "bash", "dash", "moonix":
		return shellCommand{
			summary: "run a nested moonix shell on the same filesystem",
			usage:   shUsage,
			run:     func(s *Session, c *builtins.Call) int { return s.nested(c, c.Args[:1], c.Args[1:]) },
		}, true
	case "which":
		return shellCommand{
			summary: "show how each command name would be run",
			usage: `usage: which NAME...
Prints the path of a program found on PATH in the VFS, or "NAME: shell builtin".
Exits 1 if any NAME is not found.
`,
			run: (*Session).which,
		}, true
	case "help":
		return shellCommand{
			summary: "list commands, or show help for one",
			usage:   "usage: help [NAME...]\n",
			run:     (*Session).help,
		}, true
	case "ulimit":
		return shellCommand{
			summary: "show the limits of the session",
			usage:   ulimitUsage,
			run:     (*Session).ulimit,
		}, true
	}
	return shellCommand{}, false
}

// nested runs a shell inside the session: same filesystem, clock and
// identity; the caller's directory, exported environment and stdio. It
// is one level of call depth.
func (s *Session) nested(c *builtins.Call, argv0 []string, args []string) int {
	ctx, err := s.nest(c.Ctx, argv0[0], "shell")
	if err != nil {
		return 1
	}
	argv := append(slices.Clone(argv0), args...)
	args = append(append([]string{}, argv0[1:]...), args...)
	mode := ""
	var opts, shopts []string
	for len(args) > 0 {
		a := args[0]
		if a == "--" || a == "-" {
			args = args[1:]
			break
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		args = args[1:]
		switch a {
		case "--version":
			fmt.Fprintf(c.Stdout, "moonix %s\n", builtins.Version)
			return 0
		case "--help":
			fmt.Fprint(c.Stdout, shUsage)
			return 0
		case "--posix", "--norc", "--noprofile", "--login", "--noediting":
			continue
		case "-o", "+o", "-O", "+O", "--rcfile", "--init-file":
			if len(args) == 0 {
				fmt.Fprintf(c.Stderr, "moonix: %s: option requires an argument\n", a)
				return 2
			}
			switch a {
			case "-o", "+o":
				opts = append(opts, a, args[0])
			case "-O":
				shopts = append(shopts, args[0])
			}
			args = args[1:] // +O is the default; there are no rc files
			continue
		}
		for _, f := range a[1:] {
			switch f {
			case 'o':
				// -oo errexit noglob: each o takes the next operand
				if len(args) == 0 {
					fmt.Fprintf(c.Stderr, "moonix: -o: option requires an argument\n")
					return 2
				}
				opts = append(opts, string(a[0])+"o", args[0])
				args = args[1:]
			case 'c':
				mode = "c"
			case 's':
				mode = "s"
			case 'i', 'l':
			case 'e', 'u', 'x', 'f', 'n', 'a', 'v', 'C', 'b', 'h', 'm':
				opts = append(opts, string(a[0])+string(f))
			default:
				fmt.Fprintf(c.Stderr, "moonix: %c%c: invalid option\n", a[0], f)
				return 2
			}
		}
	}
	cfg := Config{
		FS: s.fs, Env: c.Env, Dir: c.Dir,
		Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr,
		Clock: s.clock, Rand: s.rand, Who: s.who, Options: opts, Shopts: shopts,
		Name: argv0[0], Commands: s.cfg.Commands, parent: s, Repo: s.cfg.Repo,
		Effects: s.cfg.Effects, depth: ctxDepth(ctx),
		argv: argv,
	}
	umask := c.Umask
	cfg.Umask = &umask
	switch {
	case mode == "c":
		if len(args) == 0 {
			fmt.Fprintf(c.Stderr, "moonix: -c: option requires an argument\n")
			return 2
		}
		script := args[0]
		if len(args) > 1 {
			cfg.Name, cfg.Args = args[1], args[2:]
		}
		cfg.DashC = true
		sub, err := New(cfg)
		if err != nil {
			fmt.Fprintf(c.Stderr, "moonix: %v\n", err)
			return 2
		}
		sub.Run(ctx, script, cfg.Name)
		return sub.Exit(ctx)
	case mode == "s" || len(args) == 0:
		cfg.Args = args
		sub, err := New(cfg)
		if err != nil {
			fmt.Fprintf(c.Stderr, "moonix: %v\n", err)
			return 2
		}
		return sub.RunStream(ctx, sub.stdin)
	default:
		file := args[0]
		data, err := vfs.ReadFile(s.fs, c.Abs(file))
		if err != nil {
			if c.FailDenied(err) {
				return 126 // as bash for a script it cannot read
			}
			fmt.Fprintf(c.Stderr, "moonix: %s: %s\n", file, builtins.Reason(err))
			return 127
		}
		cfg.Name, cfg.Args = file, args[1:]
		cfg.ScriptFile = true
		sub, err := New(cfg)
		if err != nil {
			fmt.Fprintf(c.Stderr, "moonix: %v\n", err)
			return 2
		}
		return sub.RunStream(ctx, strings.NewReader(string(data)))
	}
}

func isShellCommand(name string) bool {
	_, ok := lookupShellCommand(name)
	return ok
}

func (s *Session) which(c *builtins.Call) int {
	names := c.Args[1:]
	if len(names) > 0 && names[0] == "-a" {
		names = names[1:] // every name has one meaning: -a finds no more
	}
	status := 0
	for _, name := range names {
		kind, p := s.lookup(c, name)
		switch kind {
		case kindBuiltin:
			fmt.Fprintf(c.Stdout, "%s: shell builtin\n", name)
		case kindFile:
			fmt.Fprintln(c.Stdout, p)
		default:
			status = 1
		}
	}
	return status
}

// shellBuiltinHelp describes the shell's builtins for help.
var shellBuiltinHelp = map[string]string{
	":":         "do nothing, successfully",
	".":         "run a file's commands in the current shell",
	"[":         "evaluate a condition (like test)",
	"alias":     "define or list aliases",
	"break":     "leave a loop",
	"builtin":   "run a shell builtin",
	"cd":        "change the working directory",
	"command":   "run a command skipping functions, or describe it (-v, -V)",
	"continue":  "go to the next loop iteration",
	"declare":   "declare variables and their attributes",
	"dirs":      "show the directory stack",
	"echo":      "print arguments",
	"eval":      "run arguments as shell code",
	"exec":      "replace the shell with a command, or apply redirections",
	"exit":      "leave the shell",
	"export":    "mark variables for the environment of commands",
	"false":     "do nothing, unsuccessfully",
	"getopts":   "parse positional options",
	"local":     "declare function-local variables",
	"mapfile":   "read lines into an array",
	"popd":      "pop the directory stack",
	"printf":    "format and print arguments",
	"pushd":     "push onto the directory stack",
	"pwd":       "print the working directory",
	"read":      "read a line into variables",
	"readarray": "read lines into an array",
	"readonly":  "mark variables read-only",
	"return":    "return from a function",
	"set":       "set shell options and positional parameters",
	"shift":     "shift positional parameters",
	"shopt":     "set bash options",
	"source":    "run a file's commands in the current shell",
	"test":      "evaluate a condition",
	"times":     "print process times",
	"trap":      "run commands on EXIT or ERR",
	"umask":     "show or set the file creation mask",
	"true":      "do nothing, successfully",
	"type":      "describe how a name would be run",
	"typeset":   "declare variables and their attributes",
	"unalias":   "remove aliases",
	"unset":     "remove variables or functions",
	"wait":      "wait for background jobs",
	"let":       "evaluate arithmetic",
}

// shellBuiltinSynopsis is the synopsis of each of the interpreter's
// builtins, as bash's help -s gives it.
var shellBuiltinSynopsis = map[string][]string{
	".":         {". filename [arguments]"},
	":":         {":"},
	"[":         {"[ arg... ]"},
	"alias":     {"alias [-p] [name[=value] ... ]"},
	"break":     {"break [n]"},
	"builtin":   {"builtin [shell-builtin [arg ...]]"},
	"cd":        {"cd [-L|[-P [-e]] [-@]] [dir]"},
	"command":   {"command [-pVv] command [arg ...]"},
	"continue":  {"continue [n]"},
	"declare":   {"declare [-aAfFgiIlnrtux] [name[=value] ...]", "declare -p [-aAfFilnrtux] [name ...]"},
	"dirs":      {"dirs [-clpv] [+N] [-N]"},
	"echo":      {"echo [-neE] [arg ...]"},
	"eval":      {"eval [arg ...]"},
	"exec":      {"exec [-cl] [-a name] [command [argument ...]] [redirection ...]"},
	"exit":      {"exit [n]"},
	"export":    {"export [-fn] [name[=value] ...]", "export -p"},
	"false":     {"false"},
	"getopts":   {"getopts optstring name [arg ...]"},
	"let":       {"let arg [arg ...]"},
	"local":     {"local [option] name[=value] ..."},
	"mapfile":   {"mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]"},
	"popd":      {"popd [-n] [+N | -N]"},
	"printf":    {"printf [-v var] format [arguments]"},
	"pushd":     {"pushd [-n] [+N | -N | dir]"},
	"pwd":       {"pwd [-LP]"},
	"read":      {"read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]"},
	"readarray": {"readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]"},
	"readonly":  {"readonly [-aAf] [name[=value] ...]", "readonly -p"},
	"return":    {"return [n]"},
	"set":       {"set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]"},
	"shift":     {"shift [n]"},
	"shopt":     {"shopt [-pqsu] [-o] [optname ...]"},
	"source":    {"source filename [arguments]"},
	"test":      {"test [expr]"},
	"times":     {"times"},
	"trap":      {"trap [-lp] [[arg] signal_spec ...]"},
	"umask":     {"umask [-p] [-S] [mode]"},
	"true":      {"true"},
	"type":      {"type [-afptP] name [name ...]"},
	"typeset":   {"typeset [-aAfFgiIlnrtux] name[=value] ...", "typeset -p [-aAfFilnrtux] [name ...]"},
	"unalias":   {"unalias [-a] name [name ...]"},
	"unset":     {"unset [-f] [-v] [-n] [name ...]"},
	"wait":      {"wait [-fn] [-p var] [id ...]"},
}

var shellBuiltinNames = func() []string {
	var names []string
	for name := range shellBuiltinHelp {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}()

func (s *Session) help(c *builtins.Call) int {
	args := c.Args[1:]
	asJSON := len(args) > 0 && args[0] == "--json"
	if asJSON {
		args = args[1:]
	}
	if asJSON {
		entries := s.helpEntries()
		if len(args) > 0 {
			var chosen []helpEntry
			for _, name := range args {
				i := slices.IndexFunc(entries, func(e helpEntry) bool { return e.Name == name })
				if i < 0 {
					c.Fail("no help topics match '%s'", name)
					return 1
				}
				chosen = append(chosen, entries[i])
			}
			entries = chosen
		}
		enc := json.NewEncoder(c.Stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(entries); err != nil {
			return 1
		}
		return 0
	}
	if len(args) > 0 {
		status := 0
		for _, name := range args {
			switch {
			case isShellCommand(name):
				cmd, _ := lookupShellCommand(name)
				fmt.Fprintf(c.Stdout, "%s - %s\n\n%s", name, cmd.summary, cmd.usage)
			case s.commands.Lookup(name) != nil:
				status = max(status, builtins.Run(s.commands.Lookup(name), c.Sub(name, "--help")))
			case shellBuiltinHelp[name] != "":
				fmt.Fprintf(c.Stdout, "%s - %s (shell builtin)\n", name, shellBuiltinHelp[name])
				for _, form := range shellBuiltinSynopsis[name] {
					fmt.Fprintf(c.Stdout, "Usage: %s\n", form)
				}
			default:
				c.Fail("no help topics match '%s'", name)
				status = 1
			}
		}
		return status
	}
	fmt.Fprintf(c.Stdout, "moonix %s: a sandboxed shell. Commands (help NAME or NAME --help for more, help --json for all of it):\n\n", builtins.Version)
	for _, e := range s.helpEntries() {
		fmt.Fprintf(c.Stdout, "  %-10s %s\n", e.Name, e.Summary)
	}
	return 0
}

// helpEntry is one command in help's listing.
type helpEntry struct {
	Name     string   `json:"name"`
	Summary  string   `json:"summary"`
	Synopsis []string `json:"synopsis"`
}

// helpEntries lists every command once, sorted by name. A name that is
// both a builtin of the registry and one of the interpreter's (echo,
// printf) is described as help NAME describes it: the shell's own
// commands first, then the registry's, then the interpreter's builtins.
func (s *Session) helpEntries() []helpEntry {
	seen := map[string]bool{}
	var entries []helpEntry
	add := func(e helpEntry) {
		if !seen[e.Name] {
			seen[e.Name] = true
			entries = append(entries, e)
		}
	}
	for _, name := range shellCommandNames {
		cmd, _ := lookupShellCommand(name)
		first, _, _ := strings.Cut(cmd.usage, "\n")
		add(helpEntry{name, cmd.summary, []string{strings.TrimPrefix(first, "usage: ")}})
	}
	for _, cmd := range s.commands.Commands() {
		add(helpEntry{cmd.Name, cmd.Summary, cmd.Synopsis()})
	}
	for _, name := range shellBuiltinNames {
		add(helpEntry{name, shellBuiltinHelp[name], shellBuiltinSynopsis[name]})
	}
	slices.SortFunc(entries, func(a, b helpEntry) int { return strings.Compare(a.Name, b.Name) })
	return entries
}

// pwdPhysical prints the working directory with symlinks resolved (pwd -P).
func (s *Session) pwdPhysical(dir string, c *builtins.Call) int {
	real, err := vfs.EvalSymlinks(s.fs, dir)
	if err != nil {
		c.Fail("%s", builtins.Reason(err))
		return 1
	}
	fmt.Fprintln(c.Stdout, real)
	return 0
}
