package builtins

import (
	"bytes"
	"context"
	"strings"
	"testing"

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
	cmd := Lookup(args[0])
	if cmd == nil {
		t.Fatalf("no builtin %q", args[0])
	}
	var out, errb bytes.Buffer
	c := &Call{
		Ctx:    context.Background(),
		Args:   args,
		Stdin:  strings.NewReader(stdin),
		Stdout: &out,
		Stderr: &errb,
		Dir:    "/work",
		Env:    []string{"HOME=/work", "PATH=/bin:/usr/bin"},
		FS:     fsys,
		Clock:  clock.NewLogical(clock.Epoch),
		Rand:   clock.NewSeeded(1),
		Who:    Identity{User: "user", Group: "user", UID: 1000, GID: 1000, Home: "/work", Host: "moonix"},
		Umask:  0o022,
	}
	c.Exec = func(sub *Call) int {
		cmd := Lookup(sub.Args[0])
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

func TestCat(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/a", "one\n\n\ntwo\n")
	for _, tc := range []struct {
		args   []string
		stdin  string
		out    string
		err    string
		status int
	}{
		{[]string{"cat", "a"}, "", "one\n\n\ntwo\n", "", 0},
		{[]string{"cat", "-n", "a"}, "", "     1\tone\n     2\t\n     3\t\n     4\ttwo\n", "", 0},
		{[]string{"cat", "-sb", "a"}, "", "     1\tone\n\n     2\ttwo\n", "", 0},
		{[]string{"cat", "-", "a"}, "in\n", "in\none\n\n\ntwo\n", "", 0},
		{[]string{"cat", "nope"}, "", "", "cat: nope: no such file or directory\n", 1},
		{[]string{"cat", "/work"}, "", "", "cat: /work: is a directory\n", 1},
		{[]string{"cat", "-z"}, "", "", "cat: unknown shorthand flag: 'z' in -z (try 'cat --help')\n", 2},
	} {
		out, errs, status := runCmd(t, fsys, tc.stdin, tc.args...)
		if out != tc.out || errs != tc.err || status != tc.status {
			t.Errorf("%q: got (%q, %q, %d), want (%q, %q, %d)", tc.args, out, errs, status, tc.out, tc.err, tc.status)
		}
	}
}
