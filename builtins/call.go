package builtins

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// Identity is who the sandbox says the user is.
type Identity struct {
	User  string
	Group string
	UID   int
	GID   int
	Home  string
	Host  string
}

// Call is one invocation of a command. A Call is used by one goroutine.
type Call struct {
	Ctx    context.Context
	Args   []string // Args[0] is the command name as typed
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Dir is the absolute working directory.
	Dir string
	// Env is the exported environment, NAME=VALUE.
	Env []string
	// FS is the session's filesystem as the command may use it: behind
	// the capability gate, with the command's devices (/dev/stdin...).
	FS vfs.FS
	// Clock and Rand are logical and seeded, or real where the
	// capabilities allow it, and then every read is recorded as an
	// effect.
	Clock clock.Clock
	Rand  clock.Source
	Who   Identity
	// Umask is applied to the permissions of files the command creates.
	Umask fs.FileMode
	// Width is the terminal width when Stdout is a terminal, 0 otherwise
	// (ls prints columns only on a terminal).
	Width int
	// Exec runs another command through the session's exec path (functions
	// are not visible, as with exec(2)); it returns the exit status. Nil
	// means the command cannot run others.
	Exec func(sub *Call) int
	// Disk tells what the filesystem holds and may hold (df, ulimit);
	// nil when that is not known.
	Disk func() vfs.Usage
	// MemWatch, when set, bounds an evaluation whose memory the command
	// cannot count (jq's, awk's): the context it returns ends once the
	// process's live heap has grown by a quarter of MemLimit, and over
	// then reports true. See WatchMemory.
	MemWatch func(ctx context.Context) (ctx2 context.Context, over func() bool)
	// MemLimit is the session's memory limit in bytes, 0 for none. One
	// value a command builds (a line, a field, an output it holds before
	// writing it) may take a quarter of it: see Fits and OutOfMemory.
	MemLimit int64
	// Procs lists the session's processes (ps, pidof), by pid; nil
	// when the command does not run in a shell.
	Procs func() []Process
	// SetState makes the calling shell's exported environment and working
	// directory those of st (rollback, switch); nil when the command does
	// not run in a shell.
	SetState func(st vfs.State) error
	// RunInShell runs args in the calling shell as a command it read
	// would run (a function, a shell builtin, a command down the exec
	// path), with the stdio the calling shell gave this command, and
	// returns its status and the shell's working directory and exported
	// environment after it: what the command changes in the shell (cd,
	// export) stays. Nil when the command does not run directly in a
	// shell (a Sub of it: xargs, env), which then uses Exec.
	RunInShell func(args []string) (status int, dir string, env []string)

	// cmd is the command being run (set by Run), for its usage texts.
	cmd *Command
}

// Sub returns a copy of c for running args, with the same stdio, directory
// and environment.
func (c *Call) Sub(args ...string) *Call {
	sub := *c
	sub.Args = args
	sub.RunInShell = nil // not the shell's command any more
	return &sub
}

// Run runs args through c.Exec with the given stdio and returns its status.
func (c *Call) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if c.Exec == nil {
		c.Fail("cannot run %s", args[0])
		return 126
	}
	sub := c.Sub(args...)
	sub.Stdin, sub.Stdout, sub.Stderr = stdin, stdout, stderr
	return c.Exec(sub)
}

// Name is the command name without any directory.
func (c *Call) Name() string {
	name := c.Args[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// Abs makes p absolute against the working directory and cleans it. The
// empty name stays empty, which every FS operation rejects with ENOENT, as
// POSIX does: `rm ""` must not remove the working directory.
func (c *Call) Abs(p string) string {
	if p == "" {
		return ""
	}
	return vfs.Clean(c.Dir, p)
}

// Getenv returns the value of an exported variable, or "".
func (c *Call) Getenv(name string) string {
	v, _ := c.LookupEnv(name)
	return v
}

// LookupEnv returns the value of an exported variable.
func (c *Call) LookupEnv(name string) (string, bool) {
	for i := len(c.Env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(c.Env[i], "="); ok && k == name {
			return v, true
		}
	}
	return "", false
}

// Open opens an operand for reading: "-" is standard input, anything else a
// path relative to the working directory. The caller closes the result.
func (c *Call) Open(name string) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(c.Stdin), nil
	}
	p := c.Abs(name)
	f, err := c.FS.OpenFile(p, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return nil, &fs.PathError{Op: "read", Path: p, Err: syscall.EISDIR}
	}
	return f, nil
}

// Create opens name for writing, creating it with 0666 minus the umask, and
// truncating it unless appending.
func (c *Call) Create(name string, appending bool) (vfs.File, error) {
	flag := os.O_WRONLY | os.O_CREATE
	if appending {
		flag |= os.O_APPEND
	} else {
		flag |= os.O_TRUNC
	}
	return c.FS.OpenFile(c.Abs(name), flag, 0o666&^c.Umask)
}

// Canceled reports whether the command should stop now.
func (c *Call) Canceled() bool { return c.Ctx != nil && c.Ctx.Err() != nil }

// Fits reports whether a value of n bytes fits in the command's memory
// limit: a quarter of MemLimit (building it may take twice as much, and
// the session holds other things).
func (c *Call) Fits(n int64) bool { return c.MemLimit <= 0 || n >= 0 && n <= c.MemLimit/4 }

// ReadAll reads r to its end, as io.ReadAll does, but holds no more than
// one value may (Fits): past that it stops with ENOMEM ("Cannot allocate
// memory"), so that a command that needs its whole input (tac, xxd,
// diff) does not take the host's memory (yes | tac did).
func (c *Call) ReadAll(r io.Reader) ([]byte, error) {
	if c.MemLimit <= 0 {
		return io.ReadAll(r)
	}
	limit := c.MemLimit / 4
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err == nil && int64(len(data)) > limit {
		return nil, syscall.ENOMEM
	}
	return data, err
}

// WatchMemory returns the context for an evaluation bounded by MemWatch
// (the command's own context when there is none) and the function that
// tells, when it ends, whether it ran out of memory.
func (c *Call) WatchMemory() (context.Context, func() bool) {
	ctx := c.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if c.MemWatch == nil {
		return ctx, func() bool { return false }
	}
	return c.MemWatch(ctx)
}

// OutOfMemory reports that the command needs more memory than MemLimit,
// as "moonix: NAME: out of memory (limit N MiB)", and returns status 1.
func (c *Call) OutOfMemory() int {
	fmt.Fprintf(c.Stderr, "moonix: %s: out of memory (limit %d MiB)\n", c.Name(), c.MemLimit>>20)
	return 1
}

// Flags returns a flag set for this command: GNU-style short and long
// options, interspersed with operands unless the command turns that off,
// with --help and --version, which Parse answers.
func (c *Call) Flags() *pflag.FlagSet {
	fs := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.Bool("help", false, "")
	fs.Bool("version", false, "")
	return fs
}

// Operands parses args into fs and returns the operands, at least min
// and at most max of them (max < 0: no bound); the error says what is
// wrong as GNU tools do ("missing operand", "extra operand 'x'", or
// getopt's words about an option: OptionError).
func Operands(fs *pflag.FlagSet, args []string, min, max int) ([]string, error) {
	if err := fs.Parse(args); err != nil {
		return nil, errors.New(OptionError(fs, args, err))
	}
	ops := fs.Args()
	switch {
	case len(ops) < min:
		return nil, errors.New("missing operand")
	case max >= 0 && len(ops) > max:
		return nil, fmt.Errorf("extra operand '%s'", ops[max])
	}
	return ops, nil
}

// Parse parses c.Args[1:] into fs as GNU's getopt_long would: a long
// option may be abbreviated to a prefix that names one option. When ok
// is false the command returns status at once: Parse has answered
// --help or --version (status 0), or reported a usage error in GNU's
// words ("invalid option -- 'j'", then "Try 'ls --help' for more
// information.") and status is the command's usage status.
func (c *Call) Parse(fs *pflag.FlagSet) (status int, ok bool) {
	var longs []string
	fs.VisitAll(func(f *pflag.Flag) { longs = append(longs, f.Name) })
	fs.SetNormalizeFunc(func(_ *pflag.FlagSet, name string) pflag.NormalizedName {
		if m := prefixed(longs, name); len(m) == 1 {
			return pflag.NormalizedName(m[0])
		}
		return pflag.NormalizedName(name)
	})
	if err := fs.Parse(c.Args[1:]); err != nil {
		return c.Usage("%s", optionError(c.Args[1:], longs, err)), false
	}
	if help, _ := fs.GetBool("help"); help {
		c.printHelp()
		return 0, false
	}
	if version, _ := fs.GetBool("version"); version {
		c.printVersion()
		return 0, false
	}
	return 0, true
}

// prefixed returns name when it is one of longs, else the longs it is a
// prefix of.
func prefixed(longs []string, name string) []string {
	var m []string
	for _, l := range longs {
		if l == name {
			return []string{l}
		}
		if strings.HasPrefix(l, name) {
			m = append(m, l)
		}
	}
	return m
}

// OptionError words err, an error of fs.Parse(args), as glibc's
// getopt_long does ("invalid option -- 'j'"), for a command that parses
// its options itself rather than with Call.Parse.
func OptionError(fs *pflag.FlagSet, args []string, err error) string {
	var longs []string
	fs.VisitAll(func(f *pflag.Flag) { longs = append(longs, f.Name) })
	return optionError(args, longs, err)
}

// optionError words a parse error as glibc's getopt_long does.
func optionError(args, longs []string, err error) string {
	var notExist *pflag.NotExistError
	var required *pflag.ValueRequiredError
	var invalid *pflag.InvalidValueError
	var syntax *pflag.InvalidSyntaxError
	switch {
	case errors.As(err, &notExist):
		name := notExist.GetSpecifiedName()
		if notExist.GetSpecifiedShortnames() != "" {
			return fmt.Sprintf("invalid option -- '%s'", name)
		}
		if m := prefixed(longs, name); len(m) > 1 {
			return fmt.Sprintf("option '--%s' is ambiguous; possibilities: '--%s'", name, strings.Join(m, "' '--"))
		}
		return fmt.Sprintf("unrecognized option '%s'", longArg(args, name))
	case errors.As(err, &required):
		if required.GetSpecifiedShortnames() != "" {
			return fmt.Sprintf("option requires an argument -- '%s'", required.GetSpecifiedName())
		}
		return fmt.Sprintf("option '--%s' requires an argument", required.GetFlag().Name)
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		if f.Value.Type() == "bool" {
			return fmt.Sprintf("option '--%s' doesn't allow an argument", f.Name)
		}
		return fmt.Sprintf("invalid argument '%s' for '--%s'", invalid.GetValue(), f.Name)
	case errors.As(err, &syntax):
		return fmt.Sprintf("unrecognized option '%s'", syntax.GetSpecifiedFlag())
	case errors.Is(err, pflag.ErrHelp):
		// pflag's own answer to -h when no flag has the letter (it
		// printed "pflag: help requested"), and to --help when no flag
		// has the name
		if !slices.Contains(longs, "help") && slices.Contains(args, "--help") {
			return "unrecognized option '--help'"
		}
		return "invalid option -- 'h'"
	}
	return err.Error()
}

// longArg is the argument that gave the unknown long option name, as
// typed ("--foo=bar").
func longArg(args []string, name string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
			return a
		}
	}
	return "--" + name
}

// Usage reports a usage error as GNU does ("NAME: MESSAGE", then
// "Try 'NAME --help' for more information." or what the command prints
// there instead) and returns the command's usage status.
func (c *Call) Usage(format string, args ...any) int {
	c.Fail(format, args...)
	return c.TryHelp()
}

// TryHelp prints what follows a usage error ("Try 'NAME --help' for more
// information.") without a message before it, as grep does when it is
// given no pattern, and returns the command's usage status.
func (c *Call) TryHelp() int {
	name := c.Name()
	if c.cmd != nil && c.cmd.TryHelp != "" {
		fmt.Fprint(c.Stderr, c.cmd.TryHelp)
	} else {
		fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", name)
	}
	if c.cmd != nil && c.cmd.UsageStatus != 0 {
		return c.cmd.UsageStatus
	}
	return 1
}
