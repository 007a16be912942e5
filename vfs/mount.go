package vfs

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
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

// rootStater is a Source that describes its root: a mount point the
// mount makes takes its permissions and times.
type rootStater interface {
	Root() (SourceEntry, error)
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
	// CopyOnWrite takes changes into the tree and never to the source:
	// a file changed is copied up (read whole, then the tree's own), a
	// new entry is the tree's own, an entry removed is hidden. History
	// records that overlay: the entries that are the tree's own, and a
	// whiteout (an empty file named .wh.NAME, as in OCI image layers)
	// for each entry of the source that is gone or replaced.
	CopyOnWrite
)

// whiteoutPrefix begins the name of a whiteout in history.
const whiteoutPrefix = ".wh."

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
// own) when it does not exist. A read-only mount hides what the directory
// held; a copy-on-write mount puts it over the source, as its overlay
// (what a reopened workspace's history put back there). Mounting again at
// a mount point replaces the mount; a mount inside a mount, or over one,
// is refused.
func (t *Tree) Mount(p string, src Source, mode MountMode) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	p = path.Clean(p)
	if !path.IsAbs(p) || p == "/" {
		return pathErr("mount", p, fs.ErrInvalid)
	}
	dir := t.root
	names := splitPath(p)
	var leading []*node // the directories that lead to the mount point
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
			leading = append(leading, n)
		}
		dir = n
	}
	if dir.holds {
		return pathErr("mount", p, syscall.EBUSY) // a mount below would be hidden
	}
	for _, n := range leading {
		n.holds = true
	}
	m := &mount{path: p, src: src, mode: mode, root: dir}
	if old := dir.mnt; old != nil {
		m.covered = old.covered
	} else {
		m.covered = !dir.placeholder
		if rs, ok := src.(rootStater); ok && dir.placeholder {
			if e, err := rs.Root(); err == nil {
				dir.mode = fs.ModeDir | e.Mode.Perm()
				dir.mtime, dir.atime, dir.ctime = e.ModTime, e.ModTime, e.ModTime
			}
		}
		dir.placeholder = false
	}
	var overlay *node
	if mode == CopyOnWrite && dir.mnt == nil {
		// What the directory holds is the overlay (history's, put back
		// before the mount): it goes over the source.
		overlay = &node{mode: fs.ModeDir, kids: map[string]*node{}}
		for name, k := range dir.kids {
			dir.cut(name)
			t.attach(overlay, name, k)
		}
	}
	recorded := t.reset(dir)
	if recorded && overlay == nil {
		t.changed(dir) // the entries history had are gone
	}
	t.mounts = slices.DeleteFunc(t.mounts, func(o *mount) bool { return o.path == p })
	t.mounts = append(t.mounts, m)
	dir.mnt = m
	dir.unlisted.Store(true)
	if overlay != nil {
		t.overlay(dir, overlay)
	}
	return nil
}

// reset drops the entries of dir, a mount point, and reports whether
// history recorded any. The caller holds t.mu for writing.
func (t *Tree) reset(dir *node) (recorded bool) {
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
	dir.listed, dir.listErr = nil, nil
	return recorded
}

// overlay puts ov's entries, an overlay as history records it, over
// dir, a directory of a copy-on-write mount: a whiteout removes the
// source's entry; an entry replaces the source's, or, when both are
// directories and no whiteout says the source's is gone, goes into it.
// ov's nodes become the tree's own, in the mount. The caller holds t.mu
// for writing.
func (t *Tree) overlay(dir, ov *node) {
	kids := t.kids(dir)
	drop := func(k *node) { // a whiteout, or a directory merged
		k.nlink = 0
		t.release(k)
	}
	for name, k := range ov.kids {
		if x, ok := strings.CutPrefix(name, whiteoutPrefix); ok {
			if kids[x] != nil {
				t.unlink(dir, x)
			}
			ov.cut(name)
			drop(k)
		}
	}
	for name, k := range ov.kids {
		ov.cut(name)
		b := kids[name]
		if b != nil && b.fromSource() && b.mode.IsDir() && k.mode.IsDir() {
			if permOf(b.mode) != permOf(k.mode) {
				t.own(b) // a directory: nothing to read
				b.mode = b.mode&fs.ModeType | permOf(k.mode)
			}
			t.overlay(b, k)
			drop(k)
			continue
		}
		if b != nil {
			// no whiteout: the source's entry changed, and the
			// overlay's stands in its place as it did
			k.rel = b.rel
			t.unlink(dir, name)
		}
		join(k, dir.mnt)
		t.link(dir, name, k)
	}
}

// join makes n and everything below it part of the mount m.
func join(n *node, m *mount) {
	n.mnt = m
	for _, k := range n.kids {
		join(k, m)
	}
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
	n.listed = make([]string, 0, len(entries))
	for _, e := range entries {
		n.listed = append(n.listed, e.Name)
		k := t.mountNode(e.Mode, n.uid, n.gid, e.ModTime)
		k.mnt, k.rel, k.parents = m, path.Join(n.rel, e.Name), []*node{n}
		switch {
		case e.Mode.IsDir():
			// (n's link count stays: others may be reading it)
			k.kids, k.nlink = map[string]*node{}, 2
			k.unlisted.Store(true)
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
	n := &node{
		ino: mountIno + t.mountIno.Add(1), mode: mode, nlink: 1, uid: uid, gid: gid,
		mtime: mtime, atime: mtime, ctime: mtime,
	}
	if mode.IsDir() {
		n.nlink = 2
	}
	return n
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
	case k.readOnly():
		return k.mnt.root == k && k.mnt.covered
	case k.fromSource() && !k.mode.IsDir():
		return k.own
	case k.fromSource() || k.mountPoint():
		if k.own || k.mountPoint() && k.mnt.covered {
			return true
		}
		for range k.whiteouts {
			return true
		}
		fallthrough
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

// fromSource reports whether n is an entry a mount's source shows,
// rather than one of the tree's own in it.
func (n *node) fromSource() bool { return n.rel != "" && n.ino >= mountIno }

// whiteouts yields the names of the entries that the source listed in
// the directory n of a copy-on-write mount and that are gone or
// replaced.
func (n *node) whiteouts(yield func(string) bool) {
	if n.mnt == nil || n.mnt.mode != CopyOnWrite || n.unlisted.Load() {
		return
	}
	for _, name := range n.listed {
		if k := n.kids[name]; k == nil || k.rel != path.Join(n.rel, name) {
			if !yield(name) {
				return
			}
		}
	}
}

// history yields the entries of the directory n that history records:
// the kids in history, then a whiteout (an empty file) for each of n's
// whiteouts. The caller holds t.mu.
func (n *node) history(yield func(string, *node) bool) {
	for name, k := range n.kids {
		if k.inHistory() && !yield(name, k) {
			return
		}
	}
	for name := range n.whiteouts {
		if !yield(whiteoutPrefix+name, &node{mode: 0o644}) {
			return
		}
	}
}

// historyKid is the entry name of the directory n as history records
// it, or nil.
func (n *node) historyKid(name string) *node {
	if k := n.kids[name]; k != nil && k.inHistory() {
		return k
	}
	if x, ok := strings.CutPrefix(name, whiteoutPrefix); ok {
		for w := range n.whiteouts {
			if w == x {
				return &node{mode: 0o644}
			}
		}
	}
	return nil
}

// own makes n, an entry a copy-on-write mount shows, the tree's own
// before it changes: a file is read whole (copy-up); from then on n
// counts against the limits and history records it. The caller holds
// t.mu for writing; own may release it while the file is read (see
// load).
func (t *Tree) own(n *node) error {
	if !n.fromSource() || n.own {
		return nil
	}
	if strings.HasPrefix(path.Base(n.rel), whiteoutPrefix) {
		return fs.ErrInvalid // history would take it for a whiteout
	}
	if err := t.load(n); err != nil {
		return err
	}
	if !n.own {
		n.own = true
		t.used.Inodes++
		t.used.Bytes += n.size() + int64(len(n.target))
	}
	return nil
}

// MountInfo is an entry of the mount table that history keeps.
type MountInfo struct {
	Path   string `json:"path"`
	Source string `json:"source"` // what the source calls itself (a host directory)
	Mode   string `json:"mode"`   // "ro" or "cow"
}

// String is the mode as --mount names it.
func (m MountMode) String() string {
	if m == ReadOnly {
		return "ro"
	}
	return "cow"
}

// MountTable lists the mounts whose source names itself (a fmt.Stringer:
// a host directory), in the order they were made; history keeps it
// beside each snapshot, so that a workspace can be mounted again.
func (t *Tree) MountTable() []MountInfo {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.mountTable()
}

func (t *Tree) mountTable() []MountInfo {
	var out []MountInfo
	for _, m := range t.mounts {
		if s, ok := m.src.(fmt.Stringer); ok {
			out = append(out, MountInfo{Path: m.path, Source: s.String(), Mode: m.mode.String()})
		}
	}
	return out
}

// whiteoutPath is the path a whiteout's path p stands for, when p is one
// in a copy-on-write mount: the entry it hides.
func (t *Tree) whiteoutPath(p string) (string, bool) {
	dir, base := path.Split(p)
	x, ok := strings.CutPrefix(base, whiteoutPrefix)
	if !ok {
		return p, false
	}
	for _, m := range t.mounts {
		if m.mode == CopyOnWrite && strings.HasPrefix(dir, m.path+"/") {
			return dir + x, true
		}
	}
	return p, false
}

// reserved reports whether base may not be made in dir: in a
// copy-on-write mount, a name that history would take for a whiteout.
func reserved(dir *node, base string) bool {
	return dir.mnt != nil && dir.mnt.mode == CopyOnWrite && strings.HasPrefix(base, whiteoutPrefix)
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
		if k.mnt.mode == CopyOnWrite {
			t.reset(k) // the source as it is, without the overlay
			k.unlisted.Store(true)
			t.changed(k)
		}
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

// OverlayEntry is a change that a copy-on-write mount holds over its
// source: Rel is the path below the mount point; Removed says the
// source's entry is gone (or replaced: then an entry of the same Rel
// follows), otherwise Rel is an entry of the tree's own, with its Mode.
type OverlayEntry struct {
	Rel     string
	Removed bool
	Mode    fs.FileMode
}

// Overlay lists the changes the copy-on-write mount at p holds over its
// source, as history records them: the removed entries first, then the
// tree's own entries (in a directory of its own, every entry), each
// group sorted. It reads nothing from the source but the directories
// already listed.
func (t *Tree) Overlay(p string) ([]OverlayEntry, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	p = path.Clean(p)
	var m *mount
	for _, x := range t.mounts {
		if x.path == p && x.mode == CopyOnWrite {
			m = x
		}
	}
	if m == nil {
		return nil, pathErr("overlay", p, fs.ErrInvalid)
	}
	var removed, own []OverlayEntry
	var walk func(dir *node, rel string)
	walk = func(dir *node, rel string) {
		for name, k := range dir.history {
			if x, ok := strings.CutPrefix(name, whiteoutPrefix); ok && k.ino == 0 {
				removed = append(removed, OverlayEntry{Rel: path.Join(rel, x), Removed: true})
				continue
			}
			krel := path.Join(rel, name)
			if !k.fromSource() || k.own {
				own = append(own, OverlayEntry{Rel: krel, Mode: k.mode})
			}
			if k.mode.IsDir() {
				walk(k, krel)
			}
		}
	}
	walk(m.root, "")
	byRel := func(a, b OverlayEntry) int { return strings.Compare(a.Rel, b.Rel) }
	slices.SortFunc(removed, byRel)
	slices.SortFunc(own, byRel)
	return append(removed, own...), nil
}
