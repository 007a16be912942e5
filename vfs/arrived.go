package vfs

import (
	"io"
	"maps"
	"slices"
	"strings"
)

// Arrived snapshots: those a clone or a fetch brought in, which were
// taken in another workspace. A snapshot's State.Effects is a place in
// the effect log of the workspace that took it, so this workspace's log
// cannot say which of its effects came after an arrived one. The list is
// the workspace's own (DIR/moonix/arrived, one id a line; in memory for
// a history without a directory), not part of the commits: a snapshot's
// id stays what the same actions give anywhere.

const arrivedFile = markerDir + "/arrived"

// loadArrived reads the arrived list of a workspace directory.
func (r *Repo) loadArrived() {
	f, err := r.fs.Open(arrivedFile)
	if err != nil {
		return // none arrived
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return
	}
	set := map[string]bool{}
	for _, id := range strings.Fields(string(data)) {
		set[id] = true
	}
	r.arrived.Store(&set)
}

// noteArrived adds the snapshots the history holds now that were not
// among before (the ids before a fetch, sorted) to the arrived list. The
// caller holds r.mu, and has loaded the ids (needIDs).
func (r *Repo) noteArrived(before []string) error {
	old := r.arrived.Load()
	set := map[string]bool{}
	if old != nil {
		set = maps.Clone(*old)
	}
	n := len(set)
	for _, id := range r.ids {
		if _, found := slices.BinarySearch(before, id); !found {
			set[id] = true
		}
	}
	if len(set) == n {
		return nil
	}
	r.arrived.Store(&set)
	if r.fs == nil {
		return nil
	}
	ids := slices.Sorted(maps.Keys(set))
	return r.fs.(*rootFS).replace(markerDir, arrivedFile, 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, strings.Join(ids, "\n")+"\n")
		return err
	})
}

// isArrived reports whether a clone or a fetch brought the snapshot id.
func (r *Repo) isArrived(id string) bool {
	set := r.arrived.Load()
	return set != nil && (*set)[id]
}
