package caps

import (
	"errors"
	"io/fs"
	"os"
	"strings"
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
	c := g.Clock(clock.NewLogical(clock.Epoch))
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
	r := g.Rand(clock.NewSeeded(1))
	if r.Uint64() != clock.NewSeeded(1).Uint64() {
		t.Fatal("sandbox reads real randomness")
	}
}
