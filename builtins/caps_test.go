package builtins

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// capsSession is a tree behind a gate on the sandbox preset, with a
// directory /work/keep, a link into it and a link out to /etc, and the
// denials the gate audits.
type capsSession struct {
	t      *testing.T
	tree   *vfs.Tree
	set    *caps.Set
	fs     vfs.FS
	audits *[]string
}

func newCapsSession(t *testing.T, preset string) *capsSession {
	t.Helper()
	tree := testTree(t)
	for _, err := range []error{
		vfs.MkdirAll(tree, "/work/keep/sub", 0o755),
		vfs.WriteFile(tree, "/work/keep/f", []byte("keep\n"), 0o644),
		tree.Symlink("keep", "/work/to-keep"),
		tree.Symlink("/etc", "/work/to-etc"),
		tree.Symlink("/work/keep/f", "/work/keep/sub/back"),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	set, err := caps.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	var audits []string
	g := caps.NewGate(set, func(d *caps.DeniedError) { audits = append(audits, d.Error()) })
	return &capsSession{t: t, tree: tree, set: set, fs: g.FS(tree), audits: &audits}
}

func (s *capsSession) run(args ...string) (string, string, int) {
	s.t.Helper()
	return runSetup(s.t, s.fs, func(c *Call) { c.Caps = s.set }, "", args...)
}

func (s *capsSession) cases(cases []cmdCase) {
	s.t.Helper()
	for _, tc := range cases {
		out, errs, status := s.run(tc.args...)
		if out != tc.out || errs != tc.err || status != tc.status {
			s.t.Errorf("%q:\n got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d",
				tc.args, out, errs, status, tc.out, tc.err, tc.status)
		}
	}
}

func TestCapsList(t *testing.T) {
	t.Parallel()
	s := newCapsSession(t, "sandbox")
	s.cases([]cmdCase{
		{args: []string{"caps"}, out: "allow fs.read\nallow fs.write:/tmp/**\nallow fs.write:/work/**\n" +
			"allow fs.delete:/tmp/**\nallow fs.delete:/work/**\nallow fs.exec\nallow git.snapshot\nallow git.rollback\nallow git.branch\n"},
		{args: []string{"caps", "--json"}, out: `{"allow":["fs.read","fs.write:/tmp/**","fs.write:/work/**",` +
			`"fs.delete:/tmp/**","fs.delete:/work/**","fs.exec","git.snapshot","git.rollback","git.branch"],"deny":[]}` + "\n"},
		{args: []string{"caps", "drop", "git.rollback", "fs.write:/work/keep/**", "fs.read:/work/b", "fs.read:/work/a"}},
		// Denials by kind then pattern, each once.
		{args: []string{"caps", "drop", "fs.read:/work/a"}},
		{args: []string{"caps"}, out: "allow fs.read\nallow fs.write:/tmp/**\nallow fs.write:/work/**\n" +
			"allow fs.delete:/tmp/**\nallow fs.delete:/work/**\nallow fs.exec\nallow git.snapshot\nallow git.rollback\nallow git.branch\n" +
			"deny  fs.read:/work/a\ndeny  fs.read:/work/b\ndeny  fs.write:/work/keep/**\ndeny  git.rollback\n"},
		{args: []string{"caps", "bogus"}, err: "caps: unknown subcommand 'bogus' (try 'caps --help')\n", status: 2},
		{args: []string{"caps", "--bogus"}, err: "caps: unknown flag: --bogus (try 'caps --help')\n", status: 2},
	})
	var got struct{ Allow, Deny []string }
	out, _, _ := s.run("caps", "--json")
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// What --json prints reads back with caps.Parse.
	for _, c := range append(got.Allow, got.Deny...) {
		if p, err := caps.Parse(c); err != nil || p.String() != c {
			t.Errorf("%q does not read back: %v %v", c, p, err)
		}
	}
	if len(got.Deny) != 4 {
		t.Errorf("deny = %q", got.Deny)
	}
}

func TestCapsCheck(t *testing.T) {
	t.Parallel()
	s := newCapsSession(t, "sandbox")
	s.run("caps", "drop", "fs.write:/work/keep/**", "fs.read:/work/keep/sub/**")
	s.cases([]cmdCase{
		{args: []string{"caps", "check", "fs.write", "a.txt"}, out: "allowed: fs.write /work/a.txt (granted by fs.write:/work/**)\n"},
		{args: []string{"caps", "check", "fs.write", "/etc/passwd"}, out: "denied: fs.write /etc/passwd (no grant covers it)\n", status: 1},
		{args: []string{"caps", "check", "fs.write", "keep/x"}, out: "denied: fs.write /work/keep/x (denied by fs.write:/work/keep/**)\n", status: 1},
		// Paths are cleaned and their symlinks resolved as the gate does.
		{args: []string{"caps", "check", "fs.write", "/tmp/..//work/./keep/../a"}, out: "allowed: fs.write /work/a (granted by fs.write:/work/**)\n"},
		{args: []string{"caps", "check", "fs.write", "to-keep/f"}, out: "denied: fs.write /work/keep/f (denied by fs.write:/work/keep/**)\n", status: 1},
		{args: []string{"caps", "check", "fs.write", "to-etc/new"}, out: "denied: fs.write /etc/new (no grant covers it)\n", status: 1},
		{args: []string{"caps", "check", "fs.read", "to-etc"}, out: "allowed: fs.read /etc (granted by fs.read)\n"},
		// A link in a place you may not read is not followed.
		{args: []string{"caps", "check", "fs.read", "keep/sub/back"}, out: "denied: fs.read /work/keep/sub/back (denied by fs.read:/work/keep/sub/**)\n", status: 1},
		{args: []string{"caps", "check", "fs.delete", "keep/f"}, out: "allowed: fs.delete /work/keep/f (granted by fs.delete:/work/**)\n"},
		{args: []string{"caps", "check", "git.snapshot"}, out: "allowed: git.snapshot (granted by git.snapshot)\n"},
		{args: []string{"caps", "check", "git.branch"}, out: "allowed: git.branch (granted by git.branch)\n"},
		{args: []string{"caps", "check", "net.connect", "example.com:443"}, out: "denied: net.connect example.com:443 (no grant covers it)\n", status: 1},
		{args: []string{"caps", "check", "--json", "fs.write", "keep/x"}, out: `{"kind":"fs.write","target":"/work/keep/x","allowed":false,"rule":"fs.write:/work/keep/**"}` + "\n", status: 1},
		{args: []string{"caps", "check", "clock.read", "--json"}, out: `{"kind":"clock.read","target":null,"allowed":false,"rule":null}` + "\n", status: 1},
		{args: []string{"caps", "check", "fs.read", "--", "-x"}, out: "allowed: fs.read /work/-x (granted by fs.read)\n"},
		{args: []string{"caps", "check"}, err: "caps: check: missing capability kind (try 'caps --help')\n", status: 2},
		{args: []string{"caps", "check", "fs.wrte", "x"}, err: "caps: check: unknown capability kind \"fs.wrte\" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, clock.read, random.read, env.read, process.spawn)\n", status: 2},
		{args: []string{"caps", "check", "fs.write"}, err: "caps: check: fs.write needs a path (try 'caps --help')\n", status: 2},
		{args: []string{"caps", "check", "fs.write", ""}, err: "caps: check: fs.write needs a path (try 'caps --help')\n", status: 2},
		{args: []string{"caps", "check", "mcp.call"}, err: "caps: check: mcp.call needs a server/tool (try 'caps --help')\n", status: 2},
		{args: []string{"caps", "check", "git.branch", "x"}, err: "caps: check: git.branch takes no target (got 'x')\n", status: 2},
		{args: []string{"caps", "check", "fs.read", "a", "b"}, err: "caps: check: extra operand 'b' (try 'caps --help')\n", status: 2},
	})
	// Asking is not an operation: nothing was audited, even for the
	// paths caps check could not look into.
	if len(*s.audits) != 0 {
		t.Errorf("caps check audited %q", *s.audits)
	}
}

func TestCapsDrop(t *testing.T) {
	t.Parallel()
	s := newCapsSession(t, "developer")
	s.cases([]cmdCase{
		{args: []string{"caps", "drop", "fs.write:/work/keep/**", "fs.wrte"},
			err: "caps: unknown capability \"fs.wrte\" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, clock.read, random.read, env.read, process.spawn)\n", status: 2},
		{args: []string{"caps", "drop", "fs.write:relative"}, err: "caps: capability fs.write:relative: path pattern \"relative\" must be absolute\n", status: 2},
		{args: []string{"caps", "drop", "git.branch:x"}, err: "caps: capability git.branch takes no pattern (got \"x\")\n", status: 2},
		{args: []string{"caps", "drop"}, err: "caps: drop: missing capability (try 'caps --help')\n", status: 2},
		{args: []string{"caps", "drop", "--json", "clock.read"}, err: "caps: drop takes no --json (try 'caps --help')\n", status: 2},
	})
	// A bad operand dropped nothing, not even the good ones before it.
	if d := s.set.Denials(); len(d) != 0 {
		t.Fatalf("denials after failed drops: %v", d)
	}
	s.cases([]cmdCase{
		{args: []string{"caps", "drop", "fs.write:/work/keep/**", "clock.read"}},
		{args: []string{"caps", "check", "clock.read"}, out: "denied: clock.read (denied by clock.read)\n", status: 1},
	})
	// The drop holds at the gate: the write fails and truncates nothing.
	if err := vfs.WriteFile(s.fs, "/work/keep/f", []byte("x"), 0o644); !caps.IsDenied(err) {
		t.Fatalf("write after drop: %v", err)
	}
	if data, _ := vfs.ReadFile(s.tree, "/work/keep/f"); string(data) != "keep\n" {
		t.Fatalf("keep/f = %q", data)
	}
	// There is nothing to add with.
	for _, sub := range []string{"add", "allow", "grant"} {
		if _, errs, status := s.run("caps", sub, "clock.read"); status != 2 || !strings.Contains(errs, "unknown subcommand") {
			t.Errorf("caps %s: status %d, %q", sub, status, errs)
		}
	}
	if s.set.Allows(caps.ClockRead, "") {
		t.Fatal("clock.read came back")
	}
}

func TestCapsWithoutSet(t *testing.T) {
	t.Parallel()
	out, errs, status := runCmd(t, testTree(t), "", "caps")
	if out != "" || errs != "caps: this session has no capability set\n" || status != 1 {
		t.Fatalf("caps without a set: %q %q %d", out, errs, status)
	}
}

// TestForceKeepsWhatItCannotReplace checks that cp -f and ln -f, which
// remove a destination they cannot open or that exists, do not remove one
// the capabilities would not let them make again.
func TestForceKeepsWhatItCannotReplace(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"cp", "-f", "/work/src", "/work/keep/f"}, "moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
		{[]string{"ln", "-sf", "/work/src", "/work/keep/f"}, "moonix: symlink /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
		{[]string{"ln", "-f", "/work/src", "/work/keep/f"}, "moonix: link /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
		{[]string{"ln", "-f", "/work/keep/sub/../f", "/work/other"}, "moonix: link /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
	} {
		s := newCapsSession(t, "sandbox")
		for _, err := range []error{
			vfs.WriteFile(s.tree, "/work/src", []byte("src\n"), 0o644),
			vfs.WriteFile(s.tree, "/work/other", []byte("other\n"), 0o644),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
		s.set.Drop(caps.Cap{Kind: caps.FSWrite, Pattern: "/work/keep/**"})
		if _, errs, status := s.run(tc.args...); errs != tc.err || status != 1 {
			t.Errorf("%q: stderr %q status %d, want %q", tc.args, errs, status, tc.err)
		}
		for p, want := range map[string]string{"/work/keep/f": "keep\n", "/work/other": "other\n"} {
			if data, err := vfs.ReadFile(s.tree, p); err != nil || string(data) != want {
				t.Errorf("%q: %s is %q (%v), want %q", tc.args, p, data, err, want)
			}
		}
	}
}

// TestFailDeniedLeavesNothingForFail checks that a denial a command reported
// itself (FailDenied) is not worded again by a later Fail about another.
func TestFailDeniedLeavesNothingForFail(t *testing.T) {
	t.Parallel()
	s := newCapsSession(t, "sandbox")
	cmd := &Command{Name: "two", Run: func(c *Call) int {
		_, err := c.Create("/etc/a", false)
		c.FailDenied(err)
		_, err = c.Create("/etc/b", false)
		c.FailErr("/etc/b", err)
		return 1
	}}
	var errs strings.Builder
	c := &Call{Args: []string{"two"}, Dir: "/work", FS: s.fs, Caps: s.set, Stderr: &errs}
	Run(cmd, c)
	want := "moonix: write /etc/a: permission denied (needs fs.write:/etc/a)\n" +
		"moonix: write /etc/b: permission denied (needs fs.write:/etc/b)\n"
	if errs.String() != want {
		t.Errorf("stderr %q, want %q", errs.String(), want)
	}
}
