package vfs

import (
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Marks: the working state at one moment, put back exactly when what came
// after is to be undone (atomic). Unlike Keep, a mark is no snapshot: no
// history lists it, and it is kept for as long as its holder needs it.
// Its objects are written as a snapshot's are (the tree, the files, the
// overlays and tables a snapshot records), and a commit holds them
// together, which no ref names: a workspace may be left with it dangling
// (git gc drops it; git fsck only mentions it).

// Mark is the working state as Mark took it. It is safe for concurrent
// use (it does not change).
type Mark struct {
	commit  plumbing.Hash
	fs      plumbing.Hash // its filesystem tree
	branch  string        // the branch HEAD named
	current refValue      // the current snapshot, as refs/moonix/current
	tip     refValue      // the branch's tip
	work    refValue      // refs/moonix/worktree
	prev    refValue      // refs/moonix/previous
	dirty   bool          // the tree differed from the current snapshot
	state   State
}

// refValue is a ref's value, or its absence.
type refValue struct {
	hash plumbing.Hash
	ok   bool
}

func (r *Repo) readRef(name plumbing.ReferenceName) refValue {
	h, ok := r.ref(name)
	return refValue{h, ok}
}

// currentRef is the current snapshot as a value of refs/moonix/current:
// the snapshot itself where the ref is absent because it is the branch's
// tip (see setCurrent), since the tip may move before the value is put
// back.
func (r *Repo) currentRef() refValue {
	h, ok := r.currentHash()
	return refValue{h, ok}
}

// putRef gives name the value v had: set, or removed.
func (r *Repo) putRef(name plumbing.ReferenceName, v refValue) error {
	if cur := r.readRef(name); cur == v {
		return nil
	}
	if v.ok {
		return r.setRef(name, v.hash)
	}
	return r.removeRef(name)
}

// Mark records the working state, the tree and st, and where the history
// stood (the current snapshot, the branch), for Restore.
func (r *Repo) Mark(st State) (*Mark, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	branch := r.branch()
	m := &Mark{
		branch:  branch,
		current: r.currentRef(),
		tip:     r.readRef(plumbing.NewBranchReferenceName(branch)),
		work:    r.readRef(refWorktree),
		prev:    r.readRef(refPrevious),
		dirty:   r.treeChanged(),
		state:   State{Env: slices.Clone(st.Env), Dir: st.Dir, Effects: st.Effects},
	}
	w, err := r.writeWorking(st)
	if err != nil {
		return nil, err
	}
	cur, hasCur := r.currentHash()
	m.commit, m.fs = w.commit(cur, hasCur, "moonix mark"), w.fs
	if err := w.done(); err != nil {
		return nil, err
	}
	r.saveSizes()
	return m, nil
}

// State is the shell state the mark kept.
func (m *Mark) State() State {
	return State{Env: slices.Clone(m.state.Env), Dir: m.state.Dir, Effects: m.state.Effects}
}

// MarkChanges lists the paths that differ from the mark to the working
// tree, sorted, as Changes does between two snapshots: Added is what a
// Restore removes, Removed what it puts back.
func (r *Repo) MarkChanges(m *Mark) ([]Change, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tree.mu.Lock()
	defer r.tree.mu.Unlock()
	var out []Change
	err := r.compare(side{hash: m.fs, mode: filemode.Dir}, side{node: r.tree.root, mode: filemode.Dir}, "/", &out)
	slices.SortFunc(out, func(x, y Change) int { return strings.Compare(x.Path, y.Path) })
	return out, err
}

// Restore puts the working state of m back: the tree as it was (unsaved
// changes included), the current snapshot, the branch HEAD names and the
// previous position (rollback -). Snapshots taken since stay in the
// history: a branch that moved on keeps them, as after a rollback; a
// branch that had no snapshot at the mark has none again, and what it
// got is kept where history --all lists it.
func (r *Repo) Restore(m *Mark) (State, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c, meta, err := r.commit(m.commit)
	if err != nil {
		return State{}, err
	}
	if err := r.restore(c, meta); err != nil {
		return State{}, err
	}
	if r.branch() != m.branch {
		if err := r.setSymbolicHEAD(m.branch); err != nil {
			return State{}, err
		}
	}
	branchRef := plumbing.NewBranchReferenceName(m.branch)
	if tip := r.readRef(branchRef); !m.tip.ok && tip.ok {
		if err := r.setRef(plumbing.ReferenceName(refKeptPrefix+tip.hash.String()), tip.hash); err != nil {
			return State{}, err
		}
		if err := r.removeRef(branchRef); err != nil {
			return State{}, err
		}
	}
	for _, v := range []struct {
		name plumbing.ReferenceName
		ref  refValue
	}{{refCurrent, m.current}, {refWorktree, m.work}, {refPrevious, m.prev}} {
		if err := r.putRef(v.name, v.ref); err != nil {
			return State{}, err
		}
	}
	r.tree.mu.Lock()
	r.tree.dirty = m.dirty
	r.tree.mu.Unlock()
	return m.State(), nil
}
