package builtins

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// testTree returns a fresh default tree with /work as the place to play.
func testTree(t *testing.T) *vfs.Tree {
	t.Helper()
	return vfs.NewDefault(vfs.Options{Clock: clock.NewLogical(clock.Epoch), Uid: 1000, Gid: 1000})
}

// runCmd runs one builtin on fsys in /work and returns its output.
func runCmd(t *testing.T, fsys vfs.FS, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return runSetup(t, fsys, nil, stdin, args...)
}

// runSetup is runCmd with a hook to change the Call first (its Env, Clock,
// Ctx...).
func runSetup(t *testing.T, fsys vfs.FS, setup func(c *Call), stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := testRegistry.Lookup(args[0])
	if cmd == nil {
		t.Fatalf("no builtin %q", args[0])
	}
	var out, errb bytes.Buffer
	c := newTestCall(fsys, stdin, &out, &errb, args...)
	c.Exec = func(sub *Call) int {
		cmd := testRegistry.Lookup(sub.Args[0])
		if cmd == nil {
			sub.Fail("command not found")
			return 127
		}
		return Run(cmd, sub)
	}
	if setup != nil {
		setup(c)
	}
	status = Run(cmd, c)
	return out.String(), errb.String(), status
}

// newTestCall is the Call the tests run builtins with: in /work, as user
// 1000, on a logical clock, with no exec path.
func newTestCall(fsys vfs.FS, stdin string, stdout, stderr io.Writer, args ...string) *Call {
	return &Call{
		Ctx:    context.Background(),
		Args:   args,
		Stdin:  strings.NewReader(stdin),
		Stdout: stdout,
		Stderr: stderr,
		Dir:    "/work",
		Env:    []string{"HOME=/work", "PATH=/bin:/usr/bin"},
		FS:     fsys,
		Clock:  clock.NewLogical(clock.Epoch),
		Rand:   clock.NewSeeded(1),
		Who:    Identity{User: "user", Group: "user", UID: 1000, GID: 1000, Home: "/work", Host: "moonix"},
		Umask:  0o022,
	}
}

// cmdCase is one run of a builtin in a table test: its arguments and
// standard input, and the exact stdout, stderr and status it must give.
type cmdCase struct {
	args   []string
	stdin  string
	out    string
	err    string
	status int
}

// run runs the case on fsys with runCmd and checks what it gave.
func (tc cmdCase) run(t *testing.T, fsys vfs.FS) {
	t.Helper()
	out, errs, status := runCmd(t, fsys, tc.stdin, tc.args...)
	tc.check(t, out, errs, status)
}

// check compares a run's stdout, stderr and status with the case's.
func (tc cmdCase) check(t *testing.T, out, errs string, status int) {
	t.Helper()
	if out != tc.out || errs != tc.err || status != tc.status {
		t.Errorf("%q:\n got (%q, %q, %d)\nwant (%q, %q, %d)", tc.args, out, errs, status, tc.out, tc.err, tc.status)
	}
}

// runCases runs the cases one after the other on the same fsys.
func runCases(t *testing.T, fsys vfs.FS, cases []cmdCase) {
	t.Helper()
	for _, tc := range cases {
		tc.run(t, fsys)
	}
}

// runCasesFresh runs each case as a parallel subtest on a fresh tree holding
// files (absolute names to contents).
func runCasesFresh(t *testing.T, files map[string]string, cases []cmdCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := testTree(t)
			for name, content := range files {
				writeFile(t, fsys, name, content)
			}
			tc.run(t, fsys)
		})
	}
}

// runCanceled runs a command that would not end by itself, cancels it
// after 20ms and checks that it then stops with status 130. setup may
// change the Call first.
func runCanceled(t *testing.T, setup func(c *Call), args ...string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	done := make(chan int)
	go func() {
		_, _, status := runSetup(t, testTree(t), func(c *Call) {
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

func writeFile(t *testing.T, fsys vfs.FS, name, content string) {
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

// testRegistry holds every command, as a session's does.
var testRegistry = NewRegistry(CoreutilsCommands())
