package vfs

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestMarkRestore: Restore puts back the tree (unsaved changes
// included), the state, the current snapshot and whether the tree was
// dirty, on disk; a branch that had no snapshot at the mark has none
// again, and what it got stays listed by history --all.
func TestMarkRestore(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "ws")
	tree, r := newRepo(t, dir)
	mustWrite(t, tree, "/work/a", "one")
	st := State{Env: []string{"K=v"}, Dir: "/work"}
	m, err := r.Mark(st)
	must(t, err)
	want := dump(t, tree)

	mustWrite(t, tree, "/work/a", "two")
	mustWrite(t, tree, "/work/b", "new")
	snap, _, err := r.Snapshot("inside", State{Dir: "/tmp"})
	must(t, err)
	changes, err := r.MarkChanges(m)
	must(t, err)
	if want := []Change{{"/work/a", Modified}, {"/work/b", Added}}; !slices.Equal(changes, want) {
		t.Errorf("MarkChanges = %v, want %v", changes, want)
	}
	got, err := r.Restore(m)
	must(t, err)
	if got.Dir != "/work" || !slices.Equal(got.Env, st.Env) {
		t.Errorf("restored state %+v", got)
	}
	if d := dump(t, tree); d != want {
		t.Errorf("restored tree:\n%s\nwant:\n%s", d, want)
	}
	if _, cur, _ := r.Current(); cur != nil {
		t.Errorf("current snapshot after restore: %+v, want none", cur)
	}
	if !r.Dirty() {
		t.Error("a tree with no snapshot should be dirty")
	}
	all, err := r.Log(0, true)
	must(t, err)
	if len(all) != 1 || all[0].ID != snap.ID {
		t.Errorf("history --all = %v, want the snapshot taken inside", all)
	}
	branch, err := r.Log(0, false)
	must(t, err)
	if len(branch) != 0 {
		t.Errorf("main lists %v, want nothing", branch)
	}

	// With a snapshot current and unsaved changes: both come back.
	first, _, err := r.Snapshot("first", st)
	must(t, err)
	mustWrite(t, tree, "/work/a", "unsaved")
	m, err = r.Mark(st)
	must(t, err)
	want = dump(t, tree)
	mustWrite(t, tree, "/work/a", "changed")
	_, _, err = r.Snapshot("later", st)
	must(t, err)
	_, err = r.Restore(m)
	must(t, err)
	if d := dump(t, tree); d != want {
		t.Errorf("restored tree:\n%s\nwant:\n%s", d, want)
	}
	if _, cur, _ := r.Current(); cur == nil || cur.ID != first.ID {
		t.Errorf("current after restore %+v, want %s", cur, first.Short)
	}
	if !r.Dirty() {
		t.Error("the unsaved change should make the tree dirty again")
	}
	fsck(t, needGit(t), dir)
}
