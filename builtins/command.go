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
	// Summary is one line for `help`.
	Summary string
	// Usage is printed by --help: a synopsis line and the options.
	Usage string
	Run   func(c *Call) int
}

// Run runs cmd for c, answering --help itself.
func Run(cmd *Command, c *Call) int {
	if len(c.Args) == 2 && c.Args[1] == "--help" {
		fmt.Fprintf(c.Stdout, "%s - %s\n\n%s", cmd.Name, cmd.Summary, cmd.Usage)
		if !strings.HasSuffix(cmd.Usage, "\n") {
			fmt.Fprintln(c.Stdout)
		}
		return 0
	}
	if c.Stdin == nil {
		c.Stdin = strings.NewReader("")
	}
	if c.Stdout == nil {
		c.Stdout = io.Discard
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
	sub.Stdout = out
	sub.Stderr = flushFirst{out, c.Stderr}
	sub.Stdin = flushingReader{out, c.Stdin}
	sub.FS = WithStdio(c.FS, sub.Stdin, sub.Stdout, sub.Stderr)
	status := cmd.Run(&sub)
	out.Flush()
	return status
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
