package caps

import (
	"os"
	"strings"
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

// A name the gate cannot resolve is never checked as written: the
// operation does not happen, and fails with a denial where the
// resolution failed in a protected place, else with the resolution's
// error, worded as the tree words it. Past 40 symlinks in all the tree
// fails too; it used to count each level's links afresh, and the gate
// then checked the name as written.
func TestGateUnresolvable(t *testing.T) {
	t.Parallel()
	tree := fuzzTree(t)
	for _, l := range [][2]string{{"t", "/work/s"}, {".", "/work/t"}} {
		if err := tree.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	levels := func(n int) string { return "/work" + strings.Repeat("/s", n) }
	before := treeState(t, tree)
	var audited []string
	gfs := NewGate(fuzzSet(t), func(d *DeniedError) { audited = append(audited, d.Error()) }).FS(tree)
	for _, tc := range []struct {
		op, name, want string
		denied         bool
	}{
		// 20 levels of two links, then out: 41 links
		{"create", levels(20) + "/out/passwd", "open " + levels(20) + "/out/passwd: too many levels of symbolic links", false},
		{"read", levels(20) + "/out/conf.d/a", "open " + levels(20) + "/out/conf.d/a: too many levels of symbolic links", false},
		{"mkdir", levels(20) + "/out/d", "mkdir " + levels(20) + "/out/d: too many levels of symbolic links", false},
		{"remove", levels(20) + "/out/passwd", "remove " + levels(20) + "/out/passwd: too many levels of symbolic links", false},
		{"rename from", levels(20) + "/out/passwd", "rename " + levels(20) + "/out/passwd /tmp/moved: too many levels of symbolic links", false},
		// up to 40 links: the name resolves, and the gate denies what it reaches
		{"create", levels(19) + "/t/out/passwd", "write /etc/passwd: permission denied (needs fs.write:/etc/passwd)", true},
		{"read", levels(19) + "/out/conf.d/a", "read /etc/conf.d/a: permission denied (needs fs.read:/etc/conf.d/a)", true},
		// a missing directory, in a protected place and elsewhere
		{"create", "/work/out/nodir/x", "write /etc/nodir/x: permission denied (needs fs.write:/etc/nodir/x)", true},
		{"read", "/etc/conf.d/nodir/x", "read /etc/conf.d/nodir/x: permission denied (needs fs.read:/etc/conf.d/nodir/x)", true},
		{"create", "/work/nodir/x", "open /work/nodir/x: file does not exist", false},
		// a loop where writing is allowed
		{"create", "/work/loop/x", "open /work/loop/x: too many levels of symbolic links", false},
	} {
		audited = nil
		for _, op := range fuzzOps {
			if op.name != tc.op {
				continue
			}
			_, err := op.do(gfs, tc.name)
			if err == nil || err.Error() != tc.want || IsDenied(err) != tc.denied || (len(audited) > 0) != tc.denied {
				t.Errorf("%s %s: %v (audited %q), want %s", tc.op, tc.name, err, audited, tc.want)
			}
		}
	}
	if d := diffTrees(before, treeState(t, tree)); len(d) > 0 {
		t.Errorf("changed %v", d)
	}
}
