package sandbox

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
	return runSetup(s.t, s.fs, Deps{Caps: s.set}, nil, "", args...)
}

func (s *capsSession) cases(cases []cmdCase) {
	s.t.Helper()
	for _, tc := range cases {
		out, errs, status := s.run(tc.Args...)
		if out != tc.Out || errs != tc.Err || status != tc.Status {
			s.t.Errorf("%q:\n got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d",
				tc.Args, out, errs, status, tc.Out, tc.Err, tc.Status)
		}
	}
}

func TestCapsList(t *testing.T) {
	t.Parallel()
	s := newCapsSession(t, "sandbox")
	s.cases([]cmdCase{
		{Args: []string{"caps"}, Out: "allow fs.read\nallow fs.write:/tmp/**\nallow fs.write:/work/**\n" +
			"allow fs.delete:/tmp/**\nallow fs.delete:/work/**\nallow fs.exec\nallow git.snapshot\nallow git.rollback\nallow git.branch\n"},
		{Args: []string{"caps", "--json"}, Out: `{"allow":["fs.read","fs.write:/tmp/**","fs.write:/work/**",` +
			`"fs.delete:/tmp/**","fs.delete:/work/**","fs.exec","git.snapshot","git.rollback","git.branch"],"deny":[]}` + "\n"},
		{Args: []string{"caps", "drop", "git.rollback", "fs.write:/work/keep/**", "fs.read:/work/b", "fs.read:/work/a"}},
		// Denials by kind then pattern, each once.
		{Args: []string{"caps", "drop", "fs.read:/work/a"}},
		{Args: []string{"caps"}, Out: "allow fs.read\nallow fs.write:/tmp/**\nallow fs.write:/work/**\n" +
			"allow fs.delete:/tmp/**\nallow fs.delete:/work/**\nallow fs.exec\nallow git.snapshot\nallow git.rollback\nallow git.branch\n" +
			"deny  fs.read:/work/a\ndeny  fs.read:/work/b\ndeny  fs.write:/work/keep/**\ndeny  git.rollback\n"},
		{Args: []string{"caps", "bogus"}, Err: "caps: unknown subcommand 'bogus'\nTry 'caps --help' for more information.\n", Status: 2},
		{Args: []string{"caps", "--bogus"}, Err: "caps: unrecognized option '--bogus'\nTry 'caps --help' for more information.\n", Status: 2},
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
		{Args: []string{"caps", "check", "fs.write", "a.txt"}, Out: "allowed: fs.write /work/a.txt (granted by fs.write:/work/**)\n"},
		{Args: []string{"caps", "check", "fs.write", "/etc/passwd"}, Out: "denied: fs.write /etc/passwd (no grant covers it)\n", Status: 1},
		{Args: []string{"caps", "check", "fs.write", "keep/x"}, Out: "denied: fs.write /work/keep/x (denied by fs.write:/work/keep/**)\n", Status: 1},
		// Paths are cleaned and their symlinks resolved as the gate does.
		{Args: []string{"caps", "check", "fs.write", "/tmp/..//work/./keep/../a"}, Out: "allowed: fs.write /work/a (granted by fs.write:/work/**)\n"},
		{Args: []string{"caps", "check", "fs.write", "to-keep/f"}, Out: "denied: fs.write /work/keep/f (denied by fs.write:/work/keep/**)\n", Status: 1},
		{Args: []string{"caps", "check", "fs.write", "to-etc/new"}, Out: "denied: fs.write /etc/new (no grant covers it)\n", Status: 1},
		{Args: []string{"caps", "check", "fs.read", "to-etc"}, Out: "allowed: fs.read /etc (granted by fs.read)\n"},
		// A link in a place you may not read is not followed.
		{Args: []string{"caps", "check", "fs.read", "keep/sub/back"}, Out: "denied: fs.read /work/keep/sub/back (denied by fs.read:/work/keep/sub/**)\n", Status: 1},
		{Args: []string{"caps", "check", "fs.delete", "keep/f"}, Out: "allowed: fs.delete /work/keep/f (granted by fs.delete:/work/**)\n"},
		{Args: []string{"caps", "check", "git.snapshot"}, Out: "allowed: git.snapshot (granted by git.snapshot)\n"},
		{Args: []string{"caps", "check", "git.branch"}, Out: "allowed: git.branch (granted by git.branch)\n"},
		{Args: []string{"caps", "check", "net.connect", "example.com:443"}, Out: "denied: net.connect example.com:443 (no grant covers it)\n", Status: 1},
		{Args: []string{"caps", "check", "--json", "fs.write", "keep/x"}, Out: `{"kind":"fs.write","target":"/work/keep/x","allowed":false,"rule":"fs.write:/work/keep/**"}` + "\n", Status: 1},
		{Args: []string{"caps", "check", "clock.read", "--json"}, Out: `{"kind":"clock.read","target":null,"allowed":false,"rule":null}` + "\n", Status: 1},
		{Args: []string{"caps", "check", "fs.read", "--", "-x"}, Out: "allowed: fs.read /work/-x (granted by fs.read)\n"},
		{Args: []string{"caps", "check"}, Err: "caps: check: missing capability kind\nTry 'caps --help' for more information.\n", Status: 2},
		{Args: []string{"caps", "check", "fs.wrte", "x"}, Err: "caps: check: unknown capability kind \"fs.wrte\" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, git.remote, clock.read, random.read, env.read, process.spawn)\n", Status: 2},
		{Args: []string{"caps", "check", "fs.write"}, Err: "caps: check: fs.write needs a path\nTry 'caps --help' for more information.\n", Status: 2},
		{Args: []string{"caps", "check", "fs.write", ""}, Err: "caps: check: fs.write needs a path\nTry 'caps --help' for more information.\n", Status: 2},
		{Args: []string{"caps", "check", "mcp.call"}, Err: "caps: check: mcp.call needs a server/tool\nTry 'caps --help' for more information.\n", Status: 2},
		{Args: []string{"caps", "check", "git.branch", "x"}, Err: "caps: check: git.branch takes no target (got 'x')\n", Status: 2},
		{Args: []string{"caps", "check", "fs.read", "a", "b"}, Err: "caps: check: extra operand 'b'\nTry 'caps --help' for more information.\n", Status: 2},
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
		{Args: []string{"caps", "drop", "fs.write:/work/keep/**", "fs.wrte"},
			Err: "caps: unknown capability \"fs.wrte\" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, git.remote, clock.read, random.read, env.read, process.spawn)\n", Status: 2},
		{Args: []string{"caps", "drop", "fs.write:relative"}, Err: "caps: capability fs.write:relative: path pattern \"relative\" must be absolute\n", Status: 2},
		{Args: []string{"caps", "drop", "git.branch:x"}, Err: "caps: capability git.branch takes no pattern (got \"x\")\n", Status: 2},
		{Args: []string{"caps", "drop"}, Err: "caps: drop: missing capability\nTry 'caps --help' for more information.\n", Status: 2},
		{Args: []string{"caps", "drop", "--json", "clock.read"}, Err: "caps: drop takes no --json\nTry 'caps --help' for more information.\n", Status: 2},
	})
	// A bad operand dropped nothing, not even the good ones before it.
	if d := s.set.Denials(); len(d) != 0 {
		t.Fatalf("denials after failed drops: %v", d)
	}
	s.cases([]cmdCase{
		{Args: []string{"caps", "drop", "fs.write:/work/keep/**", "clock.read"}},
		{Args: []string{"caps", "check", "clock.read"}, Out: "denied: clock.read (denied by clock.read)\n", Status: 1},
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
