package vfs

import (
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Keeping the working state a rollback replaces: rollback restores a
// snapshot over changes that were never snapshotted, and loses nothing.
// The replaced state becomes a snapshot that no branch lists (history
// --all shows it), and the previous position ("-", as cd - has OLDPWD)
// names it, or the snapshot that was current when there was nothing
// unsaved, so that rollback - goes back.

// refPrevious is the position before the last rollback ("-").
const refPrevious = plumbing.ReferenceName("refs/moonix/previous")

// ErrNoPrevious: "-" was named before any rollback.
var ErrNoPrevious = errors.New("no previous snapshot: nothing was rolled back yet")

// Keep records the working state (the tree and st) as a snapshot on no
// branch, child of the current one, when its files differ from the
// current snapshot's; paths is how many paths differ. With nothing to
// keep (no path changed, or no snapshot yet) it returns the zero Snapshot.
func (r *Repo) Keep(msg string, st State) (snap Snapshot, paths int, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	cur, hasCur := r.currentHash()
	if !hasCur || !r.treeChanged() {
		return Snapshot{}, 0, nil
	}
	curCommit, _, err := r.commit(cur)
	if err != nil {
		return Snapshot{}, 0, err
	}
	curFS, err := r.fsTree(curCommit)
	if err != nil {
		return Snapshot{}, 0, err
	}
	w, err := r.writeWorking(st)
	if err != nil {
		return Snapshot{}, 0, err
	}
	changes, err := r.changes(side{hash: curFS, mode: filemode.Dir}, side{node: r.tree.root, mode: filemode.Dir})
	if err != nil || len(changes) == 0 {
		w.abort() // nothing to keep
		return Snapshot{}, 0, err
	}
	h := w.commit(cur, true, msg)
	if err := w.done(); err != nil {
		return Snapshot{}, 0, err
	}
	m := w.m
	if err := r.setRef(plumbing.ReferenceName(refKeptPrefix+h.String()), h); err != nil {
		return Snapshot{}, 0, err
	}
	r.addID(h.String())
	c, err := object.GetCommit(r.st, h)
	if err != nil {
		return Snapshot{}, 0, err
	}
	snap, err = r.describe(c, m)
	return snap, len(changes), err
}

// SetPrevious makes the snapshot id the previous position, which "-"
// names.
func (r *Repo) SetPrevious(id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := plumbing.NewHash(id)
	if _, _, err := r.commit(h); err != nil {
		return fmt.Errorf("snapshot %s: %w", id, err)
	}
	return r.setRef(refPrevious, h)
}

// previous is the hash "-" names.
func (r *Repo) previous() (plumbing.Hash, error) {
	if h, ok := r.ref(refPrevious); ok {
		return h, nil
	}
	return plumbing.ZeroHash, ErrNoPrevious
}
