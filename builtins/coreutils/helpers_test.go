package coreutils

import (
	"io"
	"path"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/internal/cmdtest"
	"github.com/moonix-sh/moonix/vfs"
)

// testRegistry holds the coreutils, as a session's registry does.
var testRegistry = builtins.NewRegistry(Commands())

// testTree returns a fresh default tree with /work as the place to play.
func testTree(t *testing.T) *vfs.Tree { return cmdtest.Tree(t) }

// runCmd runs one builtin on fsys in /work and returns its output.
func runCmd(t *testing.T, fsys vfs.FS, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return runSetup(t, fsys, nil, stdin, args...)
}

// runSetup is runCmd with a hook to change the Call first (its Env, Clock,
// Ctx...).
func runSetup(t *testing.T, fsys vfs.FS, setup func(c *builtins.Call), stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return cmdtest.Run(t, testRegistry, fsys, setup, stdin, args...)
}

// newTestCall is the Call the tests run builtins with (see cmdtest.Call).
func newTestCall(fsys vfs.FS, stdin string, stdout, stderr io.Writer, args ...string) *builtins.Call {
	return cmdtest.Call(fsys, stdin, stdout, stderr, args...)
}

// cmdCase is one run of a builtin in a table test: its arguments and
// standard input, and the exact stdout, stderr and status it must give.
type cmdCase cmdtest.Case

// run runs the case on fsys with runCmd and checks what it gave; first
// it confirms the case against the host's tool (see confirm).
func (tc cmdCase) run(t *testing.T, fsys vfs.FS) {
	t.Helper()
	confirm(t, fsys, tc)
	out, errs, status := runCmd(t, fsys, tc.Stdin, tc.Args...)
	tc.check(t, out, errs, status)
}

// check compares a run's stdout, stderr and status with the case's.
func (tc cmdCase) check(t *testing.T, out, errs string, status int) {
	t.Helper()
	cmdtest.Case(tc).Check(t, out, errs, status)
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
		t.Run(strings.Join(tc.Args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := testTree(t)
			for name, content := range files {
				writeFile(t, fsys, name, content)
			}
			tc.run(t, fsys)
		})
	}
}

// localeCase is a case that runs in the locale LC_ALL names, here and on
// the host.
type localeCase struct {
	locale string
	cmdCase
}

// runLocaleCases runs each case as runCasesFresh does, in its locale,
// confirmed against the host's tool (host, or the case's command when
// host is "") in the same locale.
func runLocaleCases(t *testing.T, files map[string]string, host string, cases []localeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.locale+" "+strings.Join(tc.Args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := testTree(t)
			for name, content := range files {
				writeFile(t, fsys, name, content)
			}
			tool := host
			if tool == "" {
				tool = tc.Args[0]
			}
			confirmIn(t, fsys, tc.cmdCase, tool, tc.locale)
			out, errs, st := runSetup(t, fsys, func(c *builtins.Call) {
				c.Env = append(c.Env, "LC_ALL="+tc.locale) // the last one counts
			}, tc.Stdin, tc.Args...)
			tc.check(t, out, errs, st)
		})
	}
}

// runCanceled runs a command that would not end by itself, cancels it
// after 20ms and checks that it then stops with status 130. setup may
// change the Call first.
func runCanceled(t *testing.T, setup func(c *builtins.Call), args ...string) {
	t.Helper()
	cmdtest.Canceled(t, testRegistry, setup, args...)
}

func writeFile(t *testing.T, fsys vfs.FS, name, content string) {
	t.Helper()
	cmdtest.WriteFile(t, fsys, name, content)
}

func parentDir(p string) string { return path.Dir(p) }
