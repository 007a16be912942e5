package vfs

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
)

// walkUsage counts what the tree holds by walking it: every node reached
// once, its data and target.
func walkUsage(tr *Tree) Usage {
	tr.mu.RLock()
	defer tr.mu.RUnlock()
	seen := map[*node]bool{}
	var u Usage
	var visit func(n *node)
	visit = func(n *node) {
		if seen[n] {
			return
		}
		seen[n] = true
		u.Inodes++
		u.Bytes += n.size() + int64(len(n.target))
		for _, k := range n.kids {
			visit(k)
		}
	}
	visit(tr.root)
	u.Limits = tr.limits
	return u
}

// A write past the bytes left writes what fits, then fails with ENOSPC;
// what was written stays, and removing a file gives its room back.
func TestDiskBytes(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	base := tr.Usage().Bytes // the links in /dev
	tr.SetLimits(Limits{Bytes: base + 1000})
	mustWrite(t, tr, "/work/a", strings.Repeat("a", 600))
	f, err := tr.OpenFile("/work/b", os.O_WRONLY|os.O_CREATE, 0o644)
	must(t, err)
	n, err := f.Write([]byte(strings.Repeat("b", 600)))
	if n != 400 || !errorIs(err, syscall.ENOSPC) {
		t.Errorf("write past the room: %d, %v", n, err)
	}
	if n, err := f.Write([]byte("b")); n != 0 || !errorIs(err, syscall.ENOSPC) {
		t.Errorf("write on a full disk: %d, %v", n, err)
	}
	f.Close()
	if got := read(t, tr, "/work/b"); len(got) != 400 {
		t.Errorf("b holds %d bytes", len(got))
	}
	if u := tr.Usage(); u.Bytes != base+1000 {
		t.Errorf("usage %+v", u)
	}
	must(t, tr.Remove("/work/a"))
	mustWrite(t, tr, "/work/c", strings.Repeat("c", 500))
	wantErr(t, tr.Symlink(strings.Repeat("x", 200), "/work/l"), syscall.ENOSPC)
	g, err := tr.OpenFile("/work/c", os.O_RDWR, 0)
	must(t, err)
	defer g.Close()
	wantErr(t, g.Truncate(20<<30), syscall.EFBIG)
	wantErr(t, g.Truncate(700), syscall.ENOSPC)
	must(t, g.Truncate(600))
	if _, err := g.WriteAt([]byte("x"), 20<<30); !errorIs(err, syscall.ENOSPC) {
		t.Errorf("a write 20 GiB out: %v", err)
	}
	if u, w := tr.Usage(), walkUsage(tr); u != w || u.Bytes != base+1000 {
		t.Errorf("usage %+v, walked %+v", u, w)
	}
}

// A tree without limits holds what memory may: growing a file past what
// Go can allocate is an error, not a panic of the allocator.
func TestDiskUnlimitedHuge(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	f, err := tr.OpenFile("/work/f", os.O_RDWR|os.O_CREATE, 0o644)
	must(t, err)
	defer f.Close()
	wantErr(t, f.Truncate(1<<62), syscall.EFBIG)
	for _, off := range []int64{1 << 62, 1<<63 - 2} {
		if _, err := f.WriteAt([]byte("xy"), off); !errorIs(err, syscall.ENOSPC) {
			t.Errorf("a write at %d: %v", off, err)
		}
	}
	if info, err := f.Stat(); err != nil || info.Size() != 0 {
		t.Errorf("after the refusals: %v, %v", info, err)
	}
}

// Past the inodes left, files, directories and links are refused.
func TestDiskInodes(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	base := tr.Usage().Inodes
	tr.SetLimits(Limits{Inodes: base + 3})
	must(t, tr.Mkdir("/work/d", 0o755))
	mustWrite(t, tr, "/work/d/f", "x")
	must(t, tr.Symlink("f", "/work/d/l"))
	wantErr(t, WriteFile(tr, "/work/g", nil, 0o644), syscall.ENOSPC)
	wantErr(t, tr.Mkdir("/work/e", 0o755), syscall.ENOSPC)
	wantErr(t, tr.Symlink("f", "/work/m"), syscall.ENOSPC)
	must(t, tr.Link("/work/d/f", "/work/h")) // a name, not an inode
	must(t, tr.Remove("/work/d/l"))
	must(t, tr.Mkdir("/work/e", 0o755))
	if u := tr.Usage(); u.Inodes != base+3 {
		t.Errorf("usage %+v", u)
	}
}

// A node's room comes back only when nothing holds it: the last of its
// names is removed and its last open file closed.
func TestDiskFreedLast(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	before := tr.Usage()
	f, err := tr.OpenFile("/work/f", os.O_RDWR|os.O_CREATE, 0o644)
	must(t, err)
	f.Write(make([]byte, 100))
	must(t, tr.Link("/work/f", "/work/g"))
	must(t, tr.Remove("/work/f"))
	must(t, tr.Remove("/work/g"))
	f.Write(make([]byte, 100)) // an unlinked file still takes room
	if u := tr.Usage(); u.Bytes != before.Bytes+200 || u.Inodes != before.Inodes+1 {
		t.Errorf("unlinked but open: %+v", u)
	}
	f.Close()
	if u := tr.Usage(); u != before {
		t.Errorf("after the last close: %+v, want %+v", u, before)
	}
}

// Whatever happens to a tree (writes, truncations, links, renames,
// removals, snapshots and rollbacks of whole subtrees), its count stays
// what a walk finds.
func TestDiskUsageMatchesTree(t *testing.T) {
	t.Parallel()
	tr, r := newRepo(t, "")
	rng := rand.New(rand.NewPCG(1, 2))
	var snaps []string
	name := func() string { return fmt.Sprintf("/work/d%d/f%d", rng.IntN(3), rng.IntN(5)) }
	for i := range 2000 {
		p := name()
		switch op := rng.IntN(9); op {
		case 0, 1:
			MkdirAll(tr, p[:len("/work/dN")], 0o755)
			WriteFile(tr, p, make([]byte, rng.IntN(300)), 0o644)
		case 2:
			if f, err := tr.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0); err == nil {
				f.Write(make([]byte, rng.IntN(100)))
				f.Truncate(int64(rng.IntN(200)))
				f.Close()
			}
		case 3:
			tr.Link(p, name())
		case 4:
			tr.Rename(p, name())
		case 5:
			tr.Remove(p)
		case 6:
			RemoveAll(tr, p[:len("/work/dN")])
		case 7:
			s, _, err := r.Snapshot(fmt.Sprint(i), State{Dir: "/work"})
			must(t, err)
			snaps = append(snaps, s.ID)
		case 8:
			if len(snaps) > 0 {
				_, err := r.Rollback(snaps[rng.IntN(len(snaps))])
				must(t, err)
			}
		}
		if u, w := tr.Usage(), walkUsage(tr); u != w {
			t.Fatalf("after op %d: usage %+v, walked %+v", i, u, w)
		}
	}
}

func errorIs(err error, target syscall.Errno) bool {
	pe, ok := err.(*os.PathError)
	return ok && pe.Err == target
}
