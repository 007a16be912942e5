package vfs

import (
	"slices"

	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// A Tracker tells which paths of a tree changed between two of its calls,
// without writing anything: a run of a script reports the paths it
// changed (agent.Result's changed_paths). It compares the git object ids
// the history code caches on every node, so a call costs what changed
// since the last one, after a first walk of the whole tree. Only content
// and the executable bit count, as in history. A Tracker is used by one
// goroutine at a time.
type Tracker struct {
	t    *Tree
	root *mark
}

// mark is what a node was when last seen: its object id and git mode,
// and a directory's entries.
type mark struct {
	hash [20]byte
	mode filemode.FileMode
	kids map[string]*mark
}

// Track starts tracking t's changes from now.
func (t *Tree) Track() *Tracker {
	t.mu.Lock()
	defer t.mu.Unlock()
	return &Tracker{t: t, root: markOf(t.root)}
}

// markOf records n and everything under it. The caller holds the tree's
// lock for writing (hashing caches ids on the nodes).
func markOf(n *node) *mark {
	m := &mark{hash: hashNode(n), mode: gitMode(n.mode)}
	if n.mode.IsDir() {
		m.kids = make(map[string]*mark, len(n.kids))
		for name, k := range n.history {
			m.kids[name] = markOf(k)
		}
	}
	return m
}

// Changed returns the paths added, changed or removed since Track or the
// last Changed, sorted: files, symbolic links and empty directories (a
// directory added or removed with what it holds is the paths in it).
func (tr *Tracker) Changed() []string {
	t := tr.t
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	tr.root = diffMark(tr.root, t.root, "/", &out)
	for i, p := range out {
		out[i], _ = t.whiteoutPath(p)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// diffMark adds the paths where m (the past) and n (now) differ to out,
// and returns the mark of n.
func diffMark(m *mark, n *node, p string, out *[]string) *mark {
	if m.hash == hashNode(n) && m.mode == gitMode(n.mode) {
		return m
	}
	if m.kids == nil || !n.mode.IsDir() {
		// a file changed, or a file became a directory or back
		leaves(m, p, out)
		now := markOf(n)
		leaves(now, p, out)
		return now
	}
	now := &mark{hash: hashNode(n), mode: gitMode(n.mode), kids: make(map[string]*mark, len(n.kids))}
	for name, old := range m.kids {
		if n.historyKid(name) == nil {
			leaves(old, childPath(p, name), out)
		}
	}
	for name, k := range n.history {
		if old, ok := m.kids[name]; ok {
			now.kids[name] = diffMark(old, k, childPath(p, name), out)
		} else {
			now.kids[name] = markOf(k)
			leaves(now.kids[name], childPath(p, name), out)
		}
	}
	return now
}

// leaves adds the paths m stands for: itself, or what a directory holds
// (itself when it is empty).
func leaves(m *mark, p string, out *[]string) {
	if m.kids == nil || len(m.kids) == 0 {
		*out = append(*out, p)
		return
	}
	for name, k := range m.kids {
		leaves(k, childPath(p, name), out)
	}
}

// childPath is the path of name in the directory dir.
func childPath(dir, name string) string {
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}
