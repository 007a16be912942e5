// Package cmdtest runs the command packages' tests: a fresh tree, a Call
// as a session makes one, and Case, one run of a command with the exact
// output and status it must give. A Case names a command and its
// arguments as a user types them, so that a table of cases can also run
// against the host's tool of the same name.
package cmdtest

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// Tree returns a fresh default tree with /work as the place to play.
func Tree(t testing.TB) *vfs.Tree {
	t.Helper()
	return vfs.NewDefault(vfs.Options{Clock: clock.NewLogical(clock.Epoch), Uid: 1000, Gid: 1000})
}

// Call is the Call the tests run commands with: in /work, as user 1000,
// on a logical clock, with no exec path, in the C locale (LC_ALL=C), the
// one the table cases are confirmed in against the GNU tools.
func Call(fsys vfs.FS, stdin string, stdout, stderr io.Writer, args ...string) *builtins.Call {
	return &builtins.Call{
		Ctx:    context.Background(),
		Args:   args,
		Stdin:  strings.NewReader(stdin),
		Stdout: stdout,
		Stderr: stderr,
		Dir:    "/work",
		Env:    []string{"HOME=/work", "PATH=/bin:/usr/bin", "LC_ALL=C"},
		FS:     fsys,
		Clock:  clock.NewLogical(clock.Epoch),
		Rand:   clock.NewSeeded(1),
		Who:    builtins.Identity{User: "user", Group: "user", UID: 1000, GID: 1000, Home: "/work", Host: "moonix"},
		Umask:  0o022,
	}
}

// Run runs the command args[0] of reg on fsys in /work with stdin as its
// input, after setup (when not nil) has changed the Call, and returns its
// output and status. The command can run the others of reg (Call.Exec).
func Run(t testing.TB, reg *builtins.Registry, fsys vfs.FS, setup func(c *builtins.Call), stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := reg.Lookup(args[0])
	if cmd == nil {
		t.Fatalf("no builtin %q", args[0])
	}
	var out, errb bytes.Buffer
	c := Call(fsys, stdin, &out, &errb, args...)
	c.Exec = func(sub *builtins.Call) int {
		cmd := reg.Lookup(sub.Args[0])
		if cmd == nil {
			sub.Fail("command not found")
			return 127
		}
		return builtins.Run(cmd, sub)
	}
	if setup != nil {
		setup(c)
	}
	status = builtins.Run(cmd, c)
	return out.String(), errb.String(), status
}

// Case is one run of a command in a table test: its arguments and
// standard input, and the exact stdout, stderr and status it must give.
type Case struct {
	Args   []string
	Stdin  string
	Out    string
	Err    string
	Status int
}

// Check compares a run's stdout, stderr and status with the case's.
func (tc Case) Check(t testing.TB, out, errs string, status int) {
	t.Helper()
	if out != tc.Out || errs != tc.Err || status != tc.Status {
		t.Errorf("%q:\n got (%q, %q, %d)\nwant (%q, %q, %d)", tc.Args, out, errs, status, tc.Out, tc.Err, tc.Status)
	}
}

// Canceled runs a command that would not end by itself, cancels it after
// 20ms and checks that it then stops with status 130. setup may change
// the Call first.
func Canceled(t *testing.T, reg *builtins.Registry, setup func(c *builtins.Call), args ...string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	done := make(chan int)
	go func() {
		_, _, status := Run(t, reg, Tree(t), func(c *builtins.Call) {
			c.Ctx = ctx
			setup(c)
		}, "", args...)
		done <- status
	}()
	select {
	case status := <-done:
		if status != 130 {
			t.Errorf("%q: status %d, want 130", args, status)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%q did not stop when canceled", args)
	}
}

// WriteFile writes content to the absolute name, making its directories.
func WriteFile(t testing.TB, fsys vfs.FS, name, content string) {
	t.Helper()
	if err := vfs.MkdirAll(fsys, parentDir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := vfs.WriteFile(fsys, name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func parentDir(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return "/"
	}
	return p[:i]
}
