package builtins

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Command is one builtin.
type Command struct {
	Name string
	// Summary is one line for `help`, lower case, without a full stop.
	Summary string
	// Usage is what --help prints, in GNU's layout: "Usage: NAME
	// SYNOPSIS" (and "  or:  NAME SYNOPSIS" lines), a line that says what
	// the command does, a blank line, the options ("  -a, --all  ..."),
	// then any notes. Run adds --help and --version to the options when
	// the text does not list them.
	Usage string
	// UsageStatus is the exit status of a usage error, GNU's for the
	// tool (ls, sort, grep, diff: 2; env: 125); 0 means 1, GNU's usual.
	UsageStatus int
	// TryHelp replaces "Try 'NAME --help' for more information." after a
	// usage error, for the tools that print something else there.
	TryHelp string
	// Version is the first line of --version; the default names the
	// command and moonix ("NAME (moonix) VERSION").
	Version string
	Run     func(c *Call) int
}

// Synopsis is the command's synopsis lines, from its Usage: "ls
// [OPTION]... [FILE]...", one a form.
func (cmd *Command) Synopsis() []string {
	var lines []string
	for i, line := range strings.Split(cmd.Usage, "\n") {
		rest, ok := strings.CutPrefix(line, "Usage: ")
		if i > 0 {
			rest, ok = strings.CutPrefix(line, "  or:  ")
		}
		if !ok {
			break
		}
		lines = append(lines, rest)
	}
	return lines
}

// Run runs cmd for c, answering --help and --version itself when they are
// the only argument (commands that parse options with Call.Parse answer
// them anywhere, as GNU's do).
func Run(cmd *Command, c *Call) int {
	if c.Stdout == nil {
		c.Stdout = io.Discard
	}
	if len(c.Args) == 2 && (c.Args[1] == "--help" || c.Args[1] == "--version") {
		sub := *c
		sub.cmd = cmd
		if c.Args[1] == "--help" {
			sub.printHelp()
		} else {
			sub.printVersion()
		}
		return 0
	}
	if c.Stdin == nil {
		c.Stdin = strings.NewReader("")
	}
	if c.Stderr == nil {
		c.Stderr = io.Discard
	}
	if c.Ctx == nil {
		c.Ctx = context.Background()
	}
	// Standard output is buffered for the command; the buffer is flushed
	// before anything goes to standard error and before every read of
	// standard input, so merged output keeps its order and prompts appear
	// before input is awaited.
	out := &sharedOut{b: bufio.NewWriterSize(c.Stdout, 32*1024)}
	sub := *c
	sub.cmd = cmd
	sub.Stdout = out
	sub.Stderr = flushFirst{out, c.Stderr}
	sub.Stdin = flushingReader{out, c.Stdin}
	sub.FS = stdioFS{FS: c.FS, in: sub.Stdin, out: sub.Stdout, err: sub.Stderr, ctx: c.Ctx}
	status := cmd.Run(&sub)
	out.Flush()
	return status
}

// helpLines are GNU's last two options, which every command has.
const helpLines = "      --help        display this help and exit\n" +
	"      --version     output version information and exit\n"

// printHelp writes the command's --help text.
func (c *Call) printHelp() {
	usage := c.cmd.Usage
	if !strings.HasSuffix(usage, "\n") {
		usage += "\n"
	}
	if !strings.Contains(usage, "--help") {
		usage = withHelpLines(usage)
	}
	io.WriteString(c.Stdout, usage)
}

// withHelpLines adds helpLines after the first block of options (lines
// indented by two spaces, after the synopsis), or, for a command without
// options, after the first paragraph and a blank line.
func withHelpLines(usage string) string {
	lines := strings.SplitAfter(usage, "\n")
	in := false
	for i, line := range lines {
		switch {
		case strings.HasPrefix(line, "  -"):
			in = true
		case in && (line == "\n" || !strings.HasPrefix(line, " ")):
			return strings.Join(lines[:i], "") + helpLines + strings.Join(lines[i:], "")
		}
	}
	if in {
		return usage + helpLines
	}
	for i, line := range lines {
		if line == "\n" {
			return strings.Join(lines[:i+1], "") + helpLines + "\n" + strings.Join(lines[i+1:], "")
		}
	}
	return usage + "\n" + helpLines
}

// printVersion writes the command's --version text: a first line that
// scripts probing for GNU tools accept, then what it really is.
func (c *Call) printVersion() {
	first := c.cmd.Version
	if first == "" {
		first = c.cmd.Name + " (moonix) " + Version
	}
	fmt.Fprintf(c.Stdout, "%s\nmoonix %s: a builtin of the moonix shell, not a host program.\n", first, Version)
}

// sharedOut is a command's buffered standard output. It is locked: the
// command may write from several goroutines (xargs -P) while its standard
// error or input flushes it from another.
type sharedOut struct {
	mu sync.Mutex
	b  *bufio.Writer
}

func (o *sharedOut) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

// WriteString writes s without copying it to a byte slice first.
func (o *sharedOut) WriteString(s string) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.WriteString(s)
}

// Flush writes out what is buffered.
func (o *sharedOut) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.b.Buffered() == 0 {
		return nil
	}
	return o.b.Flush()
}

type flushFirst struct {
	out *sharedOut
	w   io.Writer
}

func (f flushFirst) Write(p []byte) (int, error) {
	f.out.Flush()
	return f.w.Write(p)
}

type flushingReader struct {
	out *sharedOut
	r   io.Reader
}

// Unwrap hands the stream on to another reader (a nested shell), with the
// command's output flushed first.
func (f flushingReader) Unwrap() io.Reader {
	f.out.Flush()
	return f.r
}

func (f flushingReader) Read(p []byte) (int, error) {
	f.out.Flush()
	return f.r.Read(p)
}
