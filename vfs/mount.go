package vfs

import (
	"io/fs"
	"path"
	"sync"
	"syscall"
	"time"
)

// Mounts: a directory of the tree can show another tree, a Source, read
// when it is first looked at (a directory is listed when it is first
// walked into or listed, a file read whole when it is first read). What a
// mount shows is not the tree's own: it is not counted against the
// tree's limits and history does not record it. The tree's operations
// work on it as on any other directory; what a read-only mount refuses
// is refused with EROFS, and nothing may be moved or linked across the
// mount's edge (EXDEV) nor the mount point removed (EBUSY), as in Linux.

// Source is a tree a mount shows. Paths are relative to the mount's
// root: "" is the root, then slash-separated names. It is called
// without the tree's lock held, at most once per directory and per
// file content; it must be safe for concurrent use.
type Source interface {
	// ReadDir lists the directory rel.
	ReadDir(rel string) ([]SourceEntry, error)
	// ReadFile returns the whole content of the regular file rel.
	ReadFile(rel string) ([]byte, error)
}

// SourceEntry is one entry of a Source's directory.
type SourceEntry struct {
	Name    string
	Mode    fs.FileMode // type bits and permissions
	Size    int64       // regular files
	ModTime time.Time
	Target  string // symlinks
}

// MountMode says what a mount does with writes.
type MountMode int

const (
	// ReadOnly refuses every change with EROFS.
	ReadOnly MountMode = iota + 1
)

// mount is one entry of the mount table.
type mount struct {
	path string
	src  Source
	mode MountMode
	root *node
	// covered is set when a directory of the tree stood at path before
	// the mount: history keeps it there, as an empty directory.
	covered bool
	// mu serialises the listing of the mount's directories (see kids).
	mu sync.Mutex
}

// Mount shows src at the directory p, made (with any missing parent, as
// a directory that history records only once it holds something of its
// own) when it does not exist. What stood at p before is hidden (a
// directory's entries are dropped). Mounting again at a mount point
// replaces the mount.
func (t *Tree) Mount(p string, src Source, mode MountMode) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	p = path.Clean(p)
	if !path.IsAbs(p) || p == "/" {
		return pathErr("mount", p, fs.ErrInvalid)
	}
	dir := t.root
	names := splitPath(p)
	for i, name := range names {
		n := t.kids(dir)[name]
		switch {
		case n == nil:
			n = t.mountNode(fs.ModeDir|0o755, dir.uid, dir.gid, t.clock.Now())
			n.kids = map[string]*node{}
			n.placeholder = true
			t.attach(dir, name, n)
		case !n.mode.IsDir():
			return pathErr("mount", p, syscall.ENOTDIR)
		case n.mnt != nil && i < len(names)-1:
			return pathErr("mount", p, fs.ErrInvalid) // no mount inside a mount
		}
		if i < len(names)-1 {
			n.holds = true
		}
		dir = n
	}
	m := &mount{path: p, src: src, mode: mode, root: dir}
	if old := dir.mnt; old != nil {
		m.covered = old.covered
	} else {
		m.covered = !dir.placeholder
		dir.placeholder = false
	}
	recorded := false
	for name, k := range dir.kids {
		recorded = recorded || k.inHistory()
		dir.cut(name)
		if k.mode.IsDir() {
			k.nlink = 0
		} else {
			k.nlink--
		}
		t.release(k)
	}
	if recorded {
		t.changed(dir) // the entries history had are gone
	}
	dir.mnt = m
	dir.unlisted.Store(true)
	return nil
}

// attach adds n to dir under base without changing dir's times or what
// history knows of it (a placeholder is not history's). The caller holds
// t.mu for writing.
func (t *Tree) attach(dir *node, base string, n *node) {
	dir.kids[base] = n
	n.parents = append(n.parents, dir)
	if n.mode.IsDir() {
		dir.nlink++
	}
}

// kids returns the entries of the directory n, listing them from the
// mount's source the first time. The caller holds t.mu, for reading at
// least: listings are serialised by the mount's lock, and a reader sees
// n.kids only after unlisted says they are complete.
func (t *Tree) kids(n *node) map[string]*node {
	if n.unlisted.Load() {
		n.mnt.list(t, n)
	}
	return n.kids
}

// list reads the directory n from the source.
func (m *mount) list(t *Tree, n *node) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !n.unlisted.Load() {
		return
	}
	entries, err := m.src.ReadDir(n.rel)
	n.listErr = err
	for _, e := range entries {
		k := t.mountNode(e.Mode, n.uid, n.gid, e.ModTime)
		k.mnt, k.rel, k.parents = m, path.Join(n.rel, e.Name), []*node{n}
		switch {
		case e.Mode.IsDir():
			k.kids, k.nlink = map[string]*node{}, 2
			k.unlisted.Store(true)
			n.nlink++
		case e.Mode&fs.ModeSymlink != 0:
			k.target = e.Target
		case e.Mode.IsRegular():
			rel := k.rel
			k.lazy = &blobRef{size: e.Size, read: func() ([]byte, error) { return m.src.ReadFile(rel) }}
		}
		n.kids[e.Name] = k
	}
	n.unlisted.Store(false)
}

// mountNode is a node of a mount, or a directory made to hold one: it
// is not counted against the tree's limits, and its inode number is
// from a range of its own, so that mounting does not change the numbers
// of the tree's own files.
func (t *Tree) mountNode(mode fs.FileMode, uid, gid uint32, mtime time.Time) *node {
	return &node{
		ino: mountIno + t.mountIno.Add(1), mode: mode, nlink: 1, uid: uid, gid: gid,
		mtime: mtime, atime: mtime, ctime: mtime,
	}
}

// mountIno is where the inode numbers of mounts start.
const mountIno = 1 << 32

// inHistory reports whether history records k: not a device, not what a
// mount shows (a mount point that covered a directory is recorded as
// that directory, empty), and not a directory made to hold a mount point
// unless something of the tree's own is in it.
func (k *node) inHistory() bool {
	switch {
	case k.dev != nil:
		return false
	case k.mnt != nil:
		return k.mnt.root == k && k.mnt.covered
	case k.placeholder:
		for _, kk := range k.kids {
			if kk.inHistory() {
				return true
			}
		}
		return false
	}
	return true
}

// readOnly reports whether n is in a read-only mount.
func (n *node) readOnly() bool { return n.mnt != nil && n.mnt.mode == ReadOnly }

// mountPoint reports whether n is the root of a mount.
func (n *node) mountPoint() bool { return n.mnt != nil && n.mnt.root == n }

// crosses reports whether a link or rename from a to b would cross a
// mount's edge.
func crosses(a, b *node) bool { return a.mnt != b.mnt }

// drop removes dir's entry name, which history records, for a rollback
// to a snapshot without it: a mount point and the directories that lead
// to one stay, no longer recorded, and only what is the tree's own below
// them goes. The caller holds t.mu for writing.
func (t *Tree) drop(dir *node, name string) {
	k := dir.kids[name]
	switch {
	case k.mountPoint():
		k.mnt.covered = false
	case k.holds:
		k.placeholder = true
		for name, kk := range k.kids {
			if kk.inHistory() {
				t.drop(k, name)
			}
		}
	default:
		t.unlink(dir, name)
	}
}
