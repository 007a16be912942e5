package caps

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// sandboxFS is a default tree behind the sandbox preset, with a secret in
// /etc and links from /work to it; denials are collected.
func sandboxFS(t *testing.T) (vfs.FS, *vfs.Tree, *[]string) {
	t.Helper()
	tree := vfs.NewDefault(vfs.Options{Clock: clock.NewLogical(clock.Epoch)})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(vfs.WriteFile(tree, "/etc/secret", []byte("s3cret"), 0o644))
	must(tree.Symlink("/etc", "/work/etc-link"))
	must(tree.Symlink("../etc/secret", "/work/secret-link"))
	must(tree.Symlink("/etc/new", "/work/dangling"))
	set, err := Preset("sandbox")
	must(err)
	var denials []string
	g := NewGate(set, func(d *DeniedError) { denials = append(denials, d.Error()) })
	return g.FS(tree), tree, &denials
}

func TestGateHoldsEverySpelling(t *testing.T) {
	t.Parallel()
	gfs, tree, denials := sandboxFS(t)
	writes := []string{
		"/etc/secret", "/etc//secret", "/work/../etc/secret", "/tmp/../../etc/secret",
		"/work/etc-link/secret", "/work/secret-link", "/work/dangling", "/etc/new",
	}
	for _, p := range writes {
		f, err := gfs.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err == nil {
			f.Close()
			t.Errorf("write to %s was allowed", p)
			continue
		}
		if !errors.Is(err, fs.ErrPermission) || !IsDenied(err) {
			t.Errorf("write to %s: %v is not a denial", p, err)
		}
	}
	if data, _ := vfs.ReadFile(tree, "/etc/secret"); string(data) != "s3cret" {
		t.Fatalf("the secret changed (truncated before the check?): %q", data)
	}
	if _, err := tree.Stat("/etc/new"); err == nil {
		t.Fatal("a file was created through a dangling link")
	}
	for name, op := range map[string]func() error{
		"remove":              func() error { return gfs.Remove("/work/etc-link/secret") },
		"rename out":          func() error { return gfs.Rename("/etc/secret", "/work/stolen") },
		"rename in":           func() error { return gfs.Rename("/work/x", "/work/etc-link/x") },
		"mkdir":               func() error { return gfs.Mkdir("/work/etc-link/d", 0o755) },
		"symlink":             func() error { return gfs.Symlink("/work", "/etc/l") },
		"hard link":           func() error { return gfs.Link("/etc/secret", "/work/hard") },
		"chmod through link":  func() error { return gfs.Chmod("/work/secret-link", 0o777) },
		"chtimes":             func() error { return gfs.Chtimes("/etc/secret", clock.Epoch, clock.Epoch) },
		"remove the root dir": func() error { return gfs.Remove("/work/../etc") },
	} {
		if err := op(); !IsDenied(err) {
			t.Errorf("%s: %v, want a denial", name, err)
		}
	}
	if len(*denials) < len(writes)+9 {
		t.Errorf("only %d denials audited", len(*denials))
	}
	if want := "write /etc/secret: permission denied (needs fs.write:/etc/secret)"; (*denials)[0] != want {
		t.Errorf("first denial %q, want %q", (*denials)[0], want)
	}
}

func TestGateAllowsTheSandbox(t *testing.T) {
	t.Parallel()
	gfs, _, denials := sandboxFS(t)
	if err := vfs.WriteFile(gfs, "/work/a", []byte("ok"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := vfs.MkdirAll(gfs, "/tmp/x/y", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := gfs.Rename("/work/a", "/tmp/x/a"); err != nil {
		t.Fatal(err)
	}
	if data, err := vfs.ReadFile(gfs, "/work/secret-link"); err != nil || string(data) != "s3cret" {
		t.Fatalf("reading is allowed everywhere: %q %v", data, err)
	}
	if err := vfs.RemoveAll(gfs, "/tmp/x"); err != nil {
		t.Fatal(err)
	}
	if len(*denials) != 0 {
		t.Fatalf("denials: %v", *denials)
	}
}

func TestGateListingsHideUnreadable(t *testing.T) {
	t.Parallel()
	tree := vfs.NewDefault(vfs.Options{})
	set := NewSet([]Cap{{Kind: FSRead}}, []Cap{{Kind: FSRead, Pattern: "/etc/**"}})
	gfs := NewGate(set, nil).FS(tree)
	entries, err := gfs.ReadDir("/")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); strings.Contains(got, "etc") || !strings.Contains(got, "work") {
		t.Fatalf("listing of /: %s", got)
	}
	if _, err := gfs.ReadDir("/work/../etc"); !IsDenied(err) {
		t.Fatalf("listing /etc: %v", err)
	}
}

func TestGateClockAndRandom(t *testing.T) {
	t.Parallel()
	set, _ := Preset("sandbox")
	g := NewGate(set, nil)
	c := g.Clock(clock.NewLogical(clock.Epoch), clock.Real{})
	if !c.Now().Equal(clock.Epoch) {
		t.Fatal("sandbox reads the real clock")
	}
	set.Allow(Cap{Kind: ClockRead})
	if c.Now().Equal(clock.Epoch) {
		t.Fatal("clock.read does not give the real clock")
	}
	set.Drop(Cap{Kind: ClockRead})
	if !c.Now().Equal(clock.Epoch) {
		t.Fatal("dropping clock.read keeps the real clock")
	}
	r := g.Rand(clock.NewSeeded(1), clock.Crypto{})
	if r.Uint64() != clock.NewSeeded(1).Uint64() {
		t.Fatal("sandbox reads real randomness")
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	gfs, tree, denials := sandboxFS(t)
	for _, tc := range []struct {
		name, want string
		err        error
	}{
		{"/work/etc-link/secret", "/etc/secret", nil},
		{"/work/secret-link", "/etc/secret", nil},
		{"/work/dangling", "/etc/new", nil},
		{"/work//etc-link/../work/./x", "/work/x", nil},
		// what cannot be resolved is an error, with the path where it
		// failed and the rest as written
		{"/work/missing/dir/x", "/work/missing/dir/x", fs.ErrNotExist},
		{"/work/etc-link/secret/x/../y", "/etc/secret/y", syscall.ENOTDIR},
	} {
		got, err := Resolve(tree, tc.name)
		if got != tc.want || !errors.Is(err, tc.err) || (err == nil) != (tc.err == nil) {
			t.Errorf("Resolve(%q) = %q, %v; want %q, %v", tc.name, got, err, tc.want, tc.err)
		}
	}
	// The set's Resolve looks only where the set lets you read, and asks
	// the set, not the gate: nothing is audited.
	set := NewSet([]Cap{{Kind: FSRead}}, []Cap{{Kind: FSRead, Pattern: "/work/secret-link"}})
	if got, err := set.Resolve(gfs, "/work/secret-link"); got != "/work/secret-link" || err != nil {
		t.Errorf("an unreadable link was followed: %q %v", got, err)
	}
	if got, err := set.Resolve(gfs, "/work/etc-link/secret"); got != "/etc/secret" || err != nil {
		t.Errorf("a readable link was not followed: %q %v", got, err)
	}
	if got, err := set.Resolve(gfs, "/work/missing/../x"); got != "/work/x" || err != nil {
		t.Errorf("a missing directory: %q %v", got, err)
	}
	if len(*denials) != 0 {
		t.Errorf("resolving audited %q", *denials)
	}
}

// TestGateHistoryRestores checks that rollback, switch and fork, which
// rewrite the working tree, need fs.write and fs.delete on what they would
// change, and change nothing when refused.
func TestGateHistoryRestores(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, drop, want string
		op               func(r Repo) error
	}{
		{"rollback over a kept file", "fs.write:/work/keep/**", "rollback /work/keep/f: permission denied (needs fs.write:/work/keep/f)",
			func(r Repo) error { _, err := r.Rollback("HEAD~1"); return err }},
		{"rollback removing a kept file", "fs.delete:/work/keep/new", "rollback /work/keep/new: permission denied (needs fs.delete:/work/keep/new)",
			func(r Repo) error { _, err := r.Rollback("HEAD~1"); return err }},
		{"switch", "fs.write:/work/keep/f", "switch /work/keep/f: permission denied (needs fs.write:/work/keep/f)",
			func(r Repo) error { _, err := r.Switch("old", false); return err }},
		{"fork", "fs.delete:/work/keep/**", "fork /work/keep/new: permission denied (needs fs.delete:/work/keep/new)",
			func(r Repo) error { _, err := r.Fork("HEAD~1", "other", false); return err }},
		{"allowed", "fs.write:/work/elsewhere/**", "",
			func(r Repo) error { _, err := r.Rollback("HEAD~1"); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tree := vfs.NewDefault(vfs.Options{Clock: clock.NewLogical(clock.Epoch)})
			repo, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{})
			if err != nil {
				t.Fatal(err)
			}
			set, _ := Preset("developer")
			g := NewGate(set, nil)
			r := g.Repo(repo)
			step := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			step(vfs.MkdirAll(tree, "/work/keep", 0o755))
			step(vfs.WriteFile(tree, "/work/keep/f", []byte("old"), 0o644))
			_, _, err = r.Snapshot("old", vfs.State{})
			step(err)
			step(r.CreateBranch("old"))
			step(vfs.WriteFile(tree, "/work/keep/f", []byte("new"), 0o644))
			step(vfs.WriteFile(tree, "/work/keep/new", []byte("new"), 0o644))
			_, _, err = r.Snapshot("new", vfs.State{})
			step(err)
			d, err := Parse(tc.drop)
			step(err)
			set.Drop(d)
			err = tc.op(r)
			data, _ := vfs.ReadFile(tree, "/work/keep/f")
			if tc.want == "" {
				if err != nil || string(data) != "old" {
					t.Fatalf("allowed restore: %v, keep/f = %q", err, data)
				}
				return
			}
			if err == nil || err.Error() != tc.want || !IsDenied(err) {
				t.Fatalf("got %v, want %s", err, tc.want)
			}
			_, errNew := tree.Stat("/work/keep/new")
			if string(data) != "new" || errNew != nil {
				t.Fatalf("a refused restore changed the tree: keep/f = %q, keep/new: %v", data, errNew)
			}
			if branch, _, _ := r.Current(); branch != "main" {
				t.Fatalf("a refused restore moved to branch %s", branch)
			}
		})
	}
}

// TestGateHistoryReads checks that reading a file of a snapshot needs
// fs.read on its path, and that a directory is still said to be one.
func TestGateHistoryReads(t *testing.T) {
	t.Parallel()
	tree := vfs.NewDefault(vfs.Options{Clock: clock.NewLogical(clock.Epoch)})
	repo, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := vfs.MkdirAll(tree, "/work/d", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := vfs.WriteFile(tree, "/work/d/f", []byte("f"), 0o644); err != nil {
		t.Fatal(err)
	}
	set := NewSet([]Cap{{Kind: FSRead}, {Kind: GitSnapshot}}, []Cap{{Kind: FSRead, Pattern: "/work/d/**"}})
	var denials []string
	r := NewGate(set, func(d *DeniedError) { denials = append(denials, d.Error()) }).Repo(repo)
	if _, _, err := r.Snapshot("s", vfs.State{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.ReadFile("HEAD", "/work/d/f"); err == nil || err.Error() != "read /work/d/f: permission denied (needs fs.read:/work/d/f)" {
		t.Errorf("reading a denied file: %v", err)
	}
	if _, err := r.ReadFile("HEAD", "work/d/../d/f"); !IsDenied(err) {
		t.Errorf("reading a denied file by another spelling: %v", err)
	}
	if _, err := r.ReadFile("HEAD", "/work/d"); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("reading a denied directory: %v, want EISDIR", err)
	}
	if len(denials) != 2 {
		t.Errorf("audited %q", denials)
	}
}

// TestGateAccess: looking needs fs.read and is audited when refused, as
// stat is; the capabilities the mode asks for are only asked, and a no is
// a DeniedError that is not audited.
func TestGateAccess(t *testing.T) {
	t.Parallel()
	fsys, tree, denials := sandboxFS(t)
	if err := vfs.WriteFile(tree, "/work/run", nil, 0o755); err != nil {
		t.Fatal(err)
	}
	var d *DeniedError
	set := fsys.(*gatedFS).g.Set
	set.Deny(Cap{Kind: FSExec, Pattern: "/work/run"})
	if err := fsys.Access("/etc/secret", vfs.AccessWrite); !errors.As(err, &d) || d.Cap.String() != "fs.write:/etc/secret" {
		t.Errorf("write /etc/secret: %v, want a denial of fs.write", err)
	}
	if err := fsys.Access("/work/secret-link", vfs.AccessWrite); !errors.As(err, &d) || d.Cap.String() != "fs.write:/etc/secret" {
		t.Errorf("write through a link: %v, want a denial on the file it leads to", err)
	}
	if err := fsys.Access("/work/run", vfs.AccessExec); !errors.As(err, &d) || d.Cap.Kind != FSExec {
		t.Errorf("exec /work/run: %v, want a denial of fs.exec", err)
	}
	if err := fsys.Access("/work", vfs.AccessExec|vfs.AccessWrite); err != nil {
		t.Errorf("search and write /work: %v", err)
	}
	if len(*denials) != 0 {
		t.Errorf("asking was audited: %q", *denials)
	}
	set.Deny(Cap{Kind: FSRead, Pattern: "/work/run"})
	if err := fsys.Access("/work/run", vfs.AccessRead); !IsDenied(err) || len(*denials) != 1 {
		t.Errorf("read /work/run without fs.read: %v, %d audited; want a denial, audited", err, len(*denials))
	}
}
