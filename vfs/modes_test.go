package vfs

import (
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"path"
	"testing"
)

// walkModes lists the modes moonix.json must keep by walking the whole
// tree: what treeModes gives from its caches.
func walkModes(tr *Tree) map[string]string {
	out := map[string]string{}
	var visit func(n *node, p string)
	visit = func(n *node, p string) {
		if n.dev != nil {
			return
		}
		if perm := permOf(n.mode); perm != defaultPerm(gitMode(n.mode)) {
			out[p] = formatMode(perm)
		}
		for name, k := range n.kids {
			visit(k, path.Join(p, name))
		}
	}
	visit(tr.root, "/")
	return out
}

// A snapshot and a rollback visit only the directories that changed, for
// modes as for content: a mode git does not keep comes back in a subtree
// whose git objects did not change, and a cached list follows renames.
func TestModesOnlyWhereChanged(t *testing.T) {
	t.Parallel()
	tree, r := newRepo(t, "")
	must(t, MkdirAll(tree, "/work/a/b", 0o755))
	mustWrite(t, tree, "/work/a/b/f", "f")
	must(t, tree.Chmod("/work/a/b/f", 0o600))
	a, _, err := r.Snapshot("600", State{})
	must(t, err)
	must(t, tree.Chmod("/work/a/b/f", 0o644))
	must(t, tree.Chmod("/work/a", 0o700))
	b, created, err := r.Snapshot("644", State{})
	must(t, err)
	if !created {
		t.Fatal("a change of mode alone made no snapshot")
	}
	_, err = r.Rollback(a.ID)
	must(t, err)
	for name, want := range map[string]fs.FileMode{"/work/a/b/f": 0o600, "/work/a": 0o755} {
		if info, err := tree.Stat(name); err != nil || info.Mode().Perm() != want {
			t.Errorf("after rollback to %s: %s %v %v", a.Short, name, info.Mode(), err)
		}
	}
	_, err = r.Rollback(b.ID)
	must(t, err)
	if info, _ := tree.Stat("/work/a/b/f"); info.Mode().Perm() != 0o644 {
		t.Errorf("after rollback to %s: %v", b.Short, info.Mode())
	}
	must(t, tree.Chmod("/work/a/b/f", 0o640))
	must(t, tree.Rename("/work/a", "/work/c"))
	must(t, tree.Link("/work/c/b/f", "/work/hard"))
	_, _, err = r.Snapshot("moved", State{})
	must(t, err)
	tree.mu.Lock()
	got, want := treeModes(tree.root), walkModes(tree)
	tree.mu.Unlock()
	if !maps.Equal(got, want) || got["/work/hard"] != "0640" || got["/work/c/b/f"] != "0640" {
		t.Errorf("modes %v, want %v", got, want)
	}
}

// Random changes, snapshots and rollbacks: after each step the modes from
// the caches are those a walk of the whole tree finds, a rollback gives
// back exactly the tree of its snapshot, and Dirty agrees.
func TestModesRandom(t *testing.T) {
	t.Parallel()
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 1))
	tree, r := newRepo(t, "")
	names := []string{"/work/a", "/work/b", "/work/a/x", "/work/a/y", "/work/b/x", "/work/a/x/z"}
	// Directories stay readable and searchable, for the dumps.
	perms := []fs.FileMode{0o644, 0o600, 0o755, 0o700, 0o640, 0o711, 0o750, 0o1777}
	dirPerm := func() fs.FileMode {
		for {
			if p := perms[rng.IntN(len(perms))]; p&0o500 == 0o500 {
				return p
			}
		}
	}
	type snap struct{ id, dump string }
	var snaps []snap
	for step := range 400 {
		p := names[rng.IntN(len(names))]
		switch op := rng.IntN(9); op {
		case 0:
			tree.Mkdir(p, dirPerm())
		case 1:
			WriteFile(tree, p, []byte(fmt.Sprint(step)), perms[rng.IntN(len(perms))])
		case 2, 3:
			if info, err := tree.Lstat(p); err == nil && info.IsDir() {
				tree.Chmod(p, dirPerm())
			} else {
				tree.Chmod(p, perms[rng.IntN(len(perms))])
			}
		case 4:
			tree.Rename(p, names[rng.IntN(len(names))])
		case 5:
			RemoveAll(tree, p)
		case 6:
			tree.Link(p, names[rng.IntN(len(names))])
		case 7:
			s, _, err := r.Snapshot(fmt.Sprint(step), State{})
			must(t, err)
			snaps = append(snaps, snap{s.ID, dump(t, tree)})
		case 8:
			if len(snaps) == 0 {
				continue
			}
			s := snaps[rng.IntN(len(snaps))]
			_, err := r.Rollback(s.id)
			must(t, err)
			if got := dump(t, tree); got != s.dump {
				t.Fatalf("seed %d, step %d: rollback to %s:\n%s\nwant:\n%s", seed, step, s.id[:7], got, s.dump)
			}
			if r.Dirty() {
				t.Fatalf("seed %d, step %d: dirty after a rollback", seed, step)
			}
		}
		tree.mu.Lock()
		got, want := treeModes(tree.root), walkModes(tree)
		tree.mu.Unlock()
		if !maps.Equal(got, want) {
			t.Fatalf("seed %d, step %d: modes %v, want %v", seed, step, got, want)
		}
	}
}
