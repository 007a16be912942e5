package caps

import (
	"os"
	"sync"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// The holes the adversarial suite found, each shut at the gate.

// A rename carries a directory's contents along: the files a denial
// protects must not leave its reach that way, whole or through a parent.
func TestGateRenameKeepsDenialsOnContents(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ from, to, want string }{
		{"/work", "/tmp/w", "rename /work/keep: permission denied (needs fs.delete:/work/keep)"},
		{"/work/keep", "/work/kept", "rename /work/keep: permission denied (needs fs.delete:/work/keep)"},
		{"/work/sub", "/tmp/s", "rename /work/sub/g: permission denied (needs fs.read:/work/sub/g)"},
		{"/work/sub/g", "/tmp/g", "rename /work/sub/g: permission denied (needs fs.read:/work/sub/g)"},
		{"/etc/back/g", "/work/g2", "rename /work/sub/g: permission denied (needs fs.read:/work/sub/g)"},
		{"/work/keep/in", "/work/in2", "rename /work/keep/in: permission denied (needs fs.delete:/work/keep/in)"},
	} {
		tree := fuzzTree(t)
		before := treeState(t, tree)
		var audited []string
		gfs := NewGate(fuzzSet(t), func(d *DeniedError) { audited = append(audited, d.Error()) }).FS(tree)
		err := gfs.Rename(tc.from, tc.to)
		if err == nil || err.Error() != tc.want {
			t.Errorf("rename %s %s: %v, want %s", tc.from, tc.to, err, tc.want)
		}
		if len(audited) != 1 || audited[0] != tc.want {
			t.Errorf("rename %s %s: audited %q", tc.from, tc.to, audited)
		}
		if d := diffTrees(before, treeState(t, tree)); len(d) > 0 {
			t.Errorf("rename %s %s changed %v", tc.from, tc.to, d)
		}
	}
	// Moving within what the set allows alike still works, and so does
	// moving an unreadable file to a place as unreadable.
	tree := fuzzTree(t)
	set := fuzzSet(t)
	set.Deny(Cap{FSRead, "/tmp/hidden/**"})
	gfs := NewGate(set, nil).FS(tree)
	for _, mv := range [][2]string{{"/work/f", "/tmp/f"}, {"/work/out", "/tmp/out"}, {"/tmp", "/work/t"}} {
		if err := gfs.Rename(mv[0], mv[1]); err != nil {
			t.Errorf("rename %s %s: %v", mv[0], mv[1], err)
		}
	}
	if err := gfs.Mkdir("/work/t/hidden", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := gfs.Rename("/work/sub", "/tmp/hidden/sub"); err == nil {
		t.Errorf("moved into /tmp/hidden, which /work/t is now, unchecked")
	}
}

// A hard link gives a file a second name: not one under which it may be
// read when it may not be where it is.
func TestGateLinkDoesNotWiden(t *testing.T) {
	t.Parallel()
	tree := fuzzTree(t)
	gfs := NewGate(fuzzSet(t), nil).FS(tree)
	err := gfs.Link("/work/sub/g", "/work/g2")
	if want := "link /work/sub/g: permission denied (needs fs.read:/work/sub/g)"; err == nil || err.Error() != want {
		t.Errorf("link of an unreadable file: %v, want %s", err, want)
	}
	if err := gfs.Link("/work/f", "/work/f2"); err != nil {
		t.Errorf("link of a readable file: %v", err)
	}
}

// A link flipped between an allowed and a protected directory while
// writes go through it: the check and the open must see the same link.
func TestGateSymlinkSwapRace(t *testing.T) {
	t.Parallel()
	tree := fuzzTree(t)
	gfs := NewGate(fuzzSet(t), nil).FS(tree)
	if err := gfs.Symlink("/work/sub", "/work/l"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 2000; i++ {
			for _, target := range []string{"/etc", "/work/sub"} {
				gfs.Remove("/work/l2")
				gfs.Symlink(target, "/work/l2")
				gfs.Rename("/work/l2", "/work/l")
			}
		}
	}()
	for i := 0; i < 2000; i++ {
		if f, err := gfs.OpenFile("/work/l/passwd", os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644); err == nil {
			f.Write([]byte("pwned"))
			f.Close()
		}
	}
	wg.Wait()
	if data, _ := vfs.ReadFile(tree, "/etc/passwd"); string(data) != "/etc/passwd" {
		t.Fatalf("/etc/passwd was written through the flipping link: %q", data)
	}
}

// The audit may use the filesystem it audits (to log, say): it is called
// once the gate's lock is released.
func TestGateAuditMayUseTheFS(t *testing.T) {
	t.Parallel()
	tree := fuzzTree(t)
	var gfs vfs.FS
	var logged int
	gfs = NewGate(fuzzSet(t), func(d *DeniedError) {
		if _, err := gfs.Stat("/work/f"); err == nil {
			logged++
		}
	}).FS(tree)
	if err := gfs.Mkdir("/etc/d", 0o755); !IsDenied(err) {
		t.Fatalf("mkdir /etc/d: %v", err)
	}
	if logged != 1 {
		t.Fatalf("the audit ran %d times", logged)
	}
}

// An unclean name is cleaned before it is checked: the tree would reach
// another file than the one the check resolved.
func TestGateCleansNames(t *testing.T) {
	t.Parallel()
	tree := fuzzTree(t)
	gfs := NewGate(fuzzSet(t), nil).FS(tree)
	for _, p := range []string{"/etc/back/../passwd", "/work/keep/in/../k", "/work//keep/./k"} {
		if f, err := gfs.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644); !IsDenied(err) {
			if err == nil {
				f.Close()
			}
			t.Errorf("create %s: %v, want a denial", p, err)
		}
	}
	if d := diffTrees(treeState(t, fuzzTree(t)), treeState(t, tree)); len(d) > 0 {
		t.Errorf("changed %v", d)
	}
}

// A list of changes is a listing: what may not be read is left out of it
// (status and diff would otherwise name, and diff show, the files a
// denial hides).
func TestGateChangesLeaveOutUnreadable(t *testing.T) {
	t.Parallel()
	tree := fuzzTree(t)
	repo, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := repo.Snapshot("start", vfs.State{Dir: "/work"}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/work/sub/g", "/work/f"} {
		if err := vfs.WriteFile(tree, p, []byte("changed"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	changes, err := NewGate(fuzzSet(t), nil).Repo(repo).Changes("HEAD", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 1 || changes[0].Path != "/work/f" {
		t.Fatalf("changes %v, want /work/f alone", changes)
	}
}

// Wrapping twice with the same gate is wrapping once: the gate's lock is
// not reentrant.
func TestGateWrapsOnce(t *testing.T) {
	t.Parallel()
	g := NewGate(fuzzSet(t), nil)
	once := g.FS(fuzzTree(t))
	if twice := g.FS(once); twice != once {
		t.Fatal("a second wrap by the same gate")
	}
	if err := g.FS(once).Mkdir("/work/d", 0o755); err != nil {
		t.Fatal(err)
	}
}
