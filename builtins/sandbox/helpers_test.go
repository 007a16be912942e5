package sandbox

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/coreutils"
	"github.com/moonix-sh/moonix/builtins/internal/cmdtest"
	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// histSession is a tree with a history and the shell state the history
// commands read (Env, Dir) and restore (through SetState), as a shell
// session keeps them.
type histSession struct {
	t     *testing.T
	clock *clock.Logical // ticks before every command, as in a shell
	tree  *vfs.Tree
	repo  *vfs.Repo
	env   []string
	dir   string
	// setStateErr makes SetState fail; noSetState runs commands outside
	// a shell (SetState nil).
	setStateErr error
	noSetState  bool
	// effects, when set, is the commands' effect log.
	effects *effects.Log
}

func newHistSession(t *testing.T) *histSession {
	t.Helper()
	clk := clock.NewLogical(clock.Epoch)
	tree := vfs.NewDefault(vfs.Options{Clock: clk, Uid: 1000, Gid: 1000})
	repo, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	return &histSession{t: t, clock: clk, tree: tree, repo: repo, env: []string{"HOME=/work", "PATH=/bin:/usr/bin"}, dir: "/work"}
}

func (h *histSession) run(args ...string) (out, errs string, status int) {
	h.t.Helper()
	h.clock.Tick()
	d := Deps{Repo: h.repo}
	if h.effects != nil {
		d.Effects = h.effects
	}
	return runSetup(h.t, h.tree, d, func(c *builtins.Call) {
		c.Env = slices.Clone(h.env)
		c.Dir = h.dir
		if !h.noSetState {
			c.SetState = func(st vfs.State) error {
				if h.setStateErr != nil {
					return h.setStateErr
				}
				h.env, h.dir = slices.Clone(st.Env), st.Dir
				return nil
			}
		}
	}, "", args...)
}

// must runs a command that must succeed with nothing on stderr, and
// returns its output.
func (h *histSession) must(args ...string) string {
	h.t.Helper()
	out, errs, status := h.run(args...)
	if status != 0 || errs != "" {
		h.t.Fatalf("%q: status %d, stderr %q", args, status, errs)
	}
	return out
}

// snap makes a snapshot and returns its short id.
func (h *histSession) snap(msg string) string {
	h.t.Helper()
	return strings.TrimSuffix(h.must("snapshot", "-m", msg), "\n")
}

func (h *histSession) write(name, content string) {
	h.t.Helper()
	writeFile(h.t, h.tree, name, content)
}

func (h *histSession) read(name string) string {
	h.t.Helper()
	data, err := vfs.ReadFile(h.tree, name)
	if err != nil {
		return "<" + builtins.Reason(err) + ">"
	}
	return string(data)
}

// cases runs cases in order on the session.
func (h *histSession) cases(cases []cmdCase) {
	h.t.Helper()
	for _, tc := range cases {
		out, errs, status := h.run(tc.Args...)
		tc.check(h.t, out, errs, status)
	}
}

func TestHistoryCommandsWithoutHistory(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	for _, args := range [][]string{
		{"snapshot"}, {"rollback", "HEAD"}, {"history"}, {"branch"}, {"switch", "main"},
		{"fork", "HEAD", "x"}, {"status"}, {"show", "HEAD:a"},
	} {
		want := cmdCase{Args: args, Err: args[0] + ": this session has no history\n", Status: 1}
		out, errs, status := runCmd(t, fsys, "", args...)
		want.check(t, out, errs, status)
	}
	// diff stays GNU diff without a history.
	runCases(t, fsys, []cmdCase{
		{[]string{"diff"}, "", "", "diff: missing operand after 'diff'\ndiff: Try 'diff --help' for more information.\n", 2},
		{[]string{"diff", "HEAD"}, "", "", "diff: missing operand after 'HEAD'\ndiff: Try 'diff --help' for more information.\n", 2},
	})
}

func TestHistoryShellState(t *testing.T) {
	t.Parallel()
	c := &call{Call: &builtins.Call{Env: []string{"B=2", "A=1", "TMPDIR=/x", "TMPDIR=/tmp"}, Dir: "/work/d"}}
	st := shellState(c)
	if want := []string{"A=1", "B=2", "TMPDIR=/tmp"}; !slices.Equal(st.Env, want) || st.Dir != "/work/d" {
		t.Errorf("shellState = %q %q, want %q /work/d", st.Env, st.Dir, want)
	}
}

func TestHistoryErrors(t *testing.T) {
	t.Parallel()
	c := &call{Call: &builtins.Call{Args: []string{"x"}}}
	var b strings.Builder
	c.Stderr = &b
	for _, err := range []error{vfs.ErrDirty, vfs.ErrNoSnapshot, errors.New("two\nlines")} {
		if histFail(c, err) != 1 {
			t.Errorf("histFail(%v) != 1", err)
		}
	}
	want := "x: the tree has changes since the last snapshot; snapshot them or use --discard\n" +
		"x: no snapshots yet (make one with 'snapshot')\n" +
		"x: two\n"
	if b.String() != want {
		t.Errorf("histFail wrote %q, want %q", b.String(), want)
	}
}

// cmdCase is one run of a command and what it must give.
type cmdCase cmdtest.Case

func (tc cmdCase) check(t *testing.T, out, errs string, status int) {
	t.Helper()
	cmdtest.Case(tc).Check(t, out, errs, status)
}

func testTree(t *testing.T) *vfs.Tree { return cmdtest.Tree(t) }

func writeFile(t *testing.T, fsys vfs.FS, name, content string) {
	t.Helper()
	cmdtest.WriteFile(t, fsys, name, content)
}

// commands are the commands of a session whose sandbox works on d.
func commands(d Deps) *builtins.Registry {
	r := builtins.NewRegistry(coreutils.Commands(), Commands(d))
	r.Decorate("diff", Diff(d))
	return r
}

// runSetup runs a command of commands(d) on fsys after setup (when not
// nil) has changed its Call.
func runSetup(t *testing.T, fsys vfs.FS, d Deps, setup func(c *builtins.Call), stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return cmdtest.Run(t, commands(d), fsys, setup, stdin, args...)
}

// runCmd runs a command in a session with no history, effect log or
// capability set.
func runCmd(t *testing.T, fsys vfs.FS, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return runSetup(t, fsys, Deps{}, nil, stdin, args...)
}

// runCases runs the cases one after the other on the same fsys.
func runCases(t *testing.T, fsys vfs.FS, cases []cmdCase) {
	t.Helper()
	for _, tc := range cases {
		out, errs, status := runCmd(t, fsys, tc.Stdin, tc.Args...)
		tc.check(t, out, errs, status)
	}
}
