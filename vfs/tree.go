package vfs

import (
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/clock"
)

// Options configures a Tree. The zero value is valid: a logical clock, a
// seeded random source for /dev/urandom, files owned by uid and gid 0.
type Options struct {
	Clock clock.Clock
	// Rand feeds /dev/random and /dev/urandom.
	Rand     io.Reader
	Uid, Gid uint32
}

// Tree is an in-memory FS: a tree of inodes behind one lock. It is safe for
// concurrent use; open Files may be used from several goroutines.
//
// Permission bits are enforced for the single user who owns every file: a
// file without its owner read bit cannot be read, a directory without its
// search bit cannot be traversed, and so on.
type Tree struct {
	mu sync.RWMutex
	// dirty is set by every change and cleared when the tree is known to
	// equal a snapshot (history code).
	dirty bool
	root  *node
	clock clock.Clock
	// rand feeds the random devices; SetRand replaces it.
	rand    atomic.Pointer[randSource]
	uid     uint32
	gid     uint32
	nextIno uint64
	// mountIno numbers the entries of mounts, which are listed under a
	// read lock.
	mountIno atomic.Uint64
	// limits bound the tree like a disk; used counts against them (see
	// disk.go).
	limits  Limits
	used    Usage
	refused refusals
	// mounts is the mount table, in the order of mounting.
	mounts []*mount
	// blobs reads the content of files that are not in memory (see
	// node.lazy): the history's object store. Nil for a tree without
	// history, whose files are all in memory.
	blobs blobSource
}

// blobSource reads the content of a file the tree has not loaded. It is
// called without the tree's lock held.
type blobSource interface {
	readBlob(id [20]byte, size int64) ([]byte, error)
}

// blobRef names a file content kept in the history's object store and not
// (or no longer) in memory: a file restored from a snapshot is read when
// first read or written, and a big file's content is dropped from memory
// once it is stored.
type blobRef struct {
	id   [20]byte
	size int64
	// read reads the content instead, for a file a mount shows (see
	// mount.go): id is then unknown.
	read func() ([]byte, error)
}

var _ FS = (*Tree)(nil)

type node struct {
	// parents are the directories that hold this node (more than one for
	// a hard-linked file); the history code invalidates cached hashes up
	// through them.
	parents []*node
	// hash is the node's git object id (blob or tree) when hashed is set;
	// stored says the object (and every object below it) is in the
	// repository. Any change clears both, up to the root.
	hash   [20]byte
	hashed bool
	stored bool
	// modes caches, for a directory, the permissions below it that differ
	// from git's defaults (paths relative to it) when modesOK is set;
	// any change below clears it, as it does hashed, up to the root.
	modes   map[string]string
	modesOK bool

	ino    uint64
	mode   fs.FileMode // type bits and permissions
	data   content     // regular files, unless lazy
	lazy   *blobRef    // regular files whose content is not in memory
	target string      // symlinks
	kids   map[string]*node
	dev    device               // character devices
	pipe   atomic.Pointer[fifo] // FIFOs with open ends (fifo.go)
	nlink  uint64
	uid    uint32
	gid    uint32
	mtime  time.Time
	atime  time.Time
	ctime  time.Time
	// opens counts the open files of the node (opened under a read lock
	// too): an unlinked node is freed, its space and inode given back,
	// when the last one closes.
	opens atomic.Int32
	freed bool

	// mnt is the mount the node is in, nil for the tree's own (see
	// mount.go); rel is its path in the mount's source. unlisted says a
	// directory's entries are still to be read from the source, listErr
	// why reading them failed.
	mnt      *mount
	rel      string
	unlisted atomic.Bool
	listErr  error
	// holds is set on the directories that lead to a mount point, and
	// placeholder on those the mount made: history records a placeholder
	// only when it holds something of the tree's own.
	holds       bool
	placeholder bool
	// listed are the names the source listed in a directory; own is set
	// on an entry of a copy-on-write mount's source once it changed (it
	// is then the tree's own, see Tree.own).
	listed []string
	own    bool
}

// device is the behaviour of a character device node.
type device interface {
	read(p []byte) (int, error)
	write(p []byte) (int, error)
	rdev() uint64
}

// NewTree returns a tree holding only the root directory.
func NewTree(opts Options) *Tree {
	t := &Tree{clock: opts.Clock, uid: opts.Uid, gid: opts.Gid}
	if t.clock == nil {
		t.clock = clock.NewLogical(clock.Epoch)
	}
	r := opts.Rand
	if r == nil {
		r = clock.NewSeeded(clock.DefaultSeed)
	}
	t.SetRand(r)
	t.root = t.newNode(fs.ModeDir | 0o755)
	t.root.nlink = 2
	return t
}

// NewDefault returns the tree a fresh moonix workspace starts with: /work,
// /tmp (sticky, world-writable), /bin, /etc, /dev with null, zero, random,
// urandom and the stdin/stdout/stderr links the shell serves.
func NewDefault(opts Options) *Tree {
	t := NewTree(opts)
	for _, d := range []struct {
		name string
		perm fs.FileMode
	}{
		{"/work", 0o755}, {"/tmp", 0o777 | fs.ModeSticky}, {"/bin", 0o755},
		{"/etc", 0o755}, {"/dev", 0o755}, {"/dev/fd", 0o755},
	} {
		if err := t.Mkdir(d.name, d.perm); err != nil {
			panic(err) // a fresh tree cannot refuse these
		}
		if d.perm&fs.ModeSticky != 0 {
			t.Chmod(d.name, d.perm)
		}
	}
	t.Mknod("/dev/null", nullDevice{})
	t.Mknod("/dev/zero", zeroDevice{})
	t.Mknod("/dev/random", randDevice{t, 8})
	t.Mknod("/dev/urandom", randDevice{t, 9})
	for i, name := range []string{"stdin", "stdout", "stderr"} {
		t.Symlink("/dev/fd/"+string(rune('0'+i)), "/dev/"+name)
	}
	return t
}

func (t *Tree) newNode(mode fs.FileMode) *node {
	t.used.Inodes++
	now := t.clock.Now()
	t.nextIno++
	n := &node{ino: t.nextIno, mode: mode, nlink: 1, uid: t.uid, gid: t.gid, mtime: now, atime: now, ctime: now}
	if mode.IsDir() {
		n.kids = map[string]*node{}
		n.nlink = 2
	}
	return n
}

// Mknod creates a character device node at name, served by dev.
func (t *Tree) Mknod(name string, dev device) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	parent, base, err := t.parent("mknod", name)
	if err != nil {
		return err
	}
	if parent.kids[base] != nil {
		return pathErr("mknod", name, fs.ErrExist)
	}
	if err := t.inodeRoom("mknod", name); err != nil {
		return err
	}
	n := t.newNode(fs.ModeDevice | fs.ModeCharDevice | 0o666)
	n.dev = dev
	t.link(parent, base, n)
	return nil
}

func pathErr(op, name string, err error) error {
	return &fs.PathError{Op: op, Path: name, Err: err}
}

func splitPath(name string) []string {
	name = strings.Trim(name, "/")
	if name == "" {
		return nil
	}
	return strings.Split(name, "/")
}

// treeStepper walks the tree's nodes for resolve. The caller holds t.mu.
type treeStepper struct{ t *Tree }

func (s treeStepper) root() (*node, fs.FileMode, error) { return s.t.root, s.t.root.mode, nil }

func (s treeStepper) child(dir *node, name string) (*node, fs.FileMode, error) {
	n := s.t.kids(dir)[name]
	if n == nil && dir.listErr != nil {
		return nil, 0, underlying(dir.listErr)
	}
	if n == nil {
		return nil, 0, fs.ErrNotExist
	}
	return n, n.mode, nil
}

func (s treeStepper) parent(dir *node) (*node, fs.FileMode) {
	if len(dir.parents) > 0 { // a directory has one parent; the root none
		dir = dir.parents[0]
	}
	return dir, dir.mode
}

func (s treeStepper) readlink(n *node) (string, error) { return n.target, nil }

// lookup resolves name to a node. followLast says whether a symlink in the
// final component is followed. The caller holds t.mu.
func (t *Tree) lookup(op, name string, followLast bool) (*node, error) {
	r, err := resolve(treeStepper{t}, name, followLast, Existing)
	if err != nil {
		return nil, pathErr(op, name, err)
	}
	return r.node, nil
}

// parent resolves the directory that holds name (following symlinks on the
// way, but not one that is name's last element) and returns it with the
// final path element, which need not exist. The caller holds t.mu.
func (t *Tree) parent(op, name string) (*node, string, error) {
	if name == "" {
		return nil, "", pathErr(op, name, fs.ErrNotExist)
	}
	if !path.IsAbs(name) {
		return nil, "", pathErr(op, name, fs.ErrInvalid)
	}
	clean := path.Clean(name)
	if base := path.Base(clean); base == "/" || base == "." || base == ".." {
		return nil, "", pathErr(op, name, fs.ErrInvalid)
	}
	r, err := resolve(treeStepper{t}, clean, false, AllButLast)
	if err != nil {
		return nil, "", pathErr(op, name, err)
	}
	return r.dir, r.base, nil
}

func writable(dir *node) bool { return dir.mode&0o300 == 0o300 }

func underlying(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// link adds n to dir under base. The caller holds t.mu for writing.
func (t *Tree) link(dir *node, base string, n *node) {
	if n.mnt == nil {
		n.mnt = dir.mnt // a new entry in a mount is in it
	}
	t.attach(dir, base, n)
	now := t.clock.Now()
	dir.mtime, dir.ctime = now, now
	t.changed(dir)
}

func (t *Tree) unlink(dir *node, base string) {
	n := dir.kids[base]
	t.detach(dir, base)
	if n.mode.IsDir() {
		n.nlink = 0
	} else {
		n.nlink--
	}
	n.ctime = dir.ctime
	t.release(n)
}

// detach removes the entry base from dir without touching the node's link
// count (rename moves it elsewhere).
func (t *Tree) detach(dir *node, base string) {
	dir.cut(base)
	now := t.clock.Now()
	dir.mtime, dir.ctime = now, now
	t.changed(dir)
}

// cut takes the entry base out of dir and returns it; nothing else
// changes.
func (dir *node) cut(base string) *node {
	n := dir.kids[base]
	delete(dir.kids, base)
	for i, p := range n.parents {
		if p == dir {
			n.parents = append(n.parents[:i], n.parents[i+1:]...)
			break
		}
	}
	if n.mode.IsDir() {
		dir.nlink--
	}
	return n
}

// changed records that n's content, entries or mode changed: its cached
// hash and modes and those of every directory above it are dropped. The
// caller holds t.mu for writing.
func (t *Tree) changed(n *node) {
	t.dirty = true
	var up func(*node)
	up = func(n *node) {
		if !n.hashed && !n.stored && !n.modesOK && n.mnt == nil && !n.holds {
			// already invalid, and so is everything above (but what a
			// mount shows is never hashed while history skips it, so the
			// walk goes on through a mount, up to the root)
			return
		}
		n.hashed, n.stored, n.modesOK = false, false, false
		for _, p := range n.parents {
			up(p)
		}
	}
	n.hashed, n.stored, n.modesOK = false, false, false
	for _, p := range n.parents {
		up(p)
	}
}

// modeChanged records that n's permissions changed and nothing else (a
// rollback puts back modes git does not keep): the cached modes above it
// are dropped, its hashes stay. The caller holds t.mu for writing.
func (t *Tree) modeChanged(n *node) {
	t.dirty = true
	var up func(*node)
	up = func(n *node) {
		if n.modesOK {
			n.modesOK = false
			for _, p := range n.parents {
				up(p)
			}
		}
	}
	for _, p := range n.parents {
		up(p)
	}
}

// OpenFile implements FS.
func (t *Tree) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	acc := flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR)
	wantWrite := acc == os.O_WRONLY || acc == os.O_RDWR
	wantRead := acc == os.O_RDONLY || acc == os.O_RDWR
	if flag&os.O_CREATE != 0 || flag&os.O_TRUNC != 0 || wantWrite {
		t.mu.Lock()
		defer t.mu.Unlock()
	} else {
		t.mu.RLock()
		defer t.mu.RUnlock()
	}
	// With O_CREATE, a missing last element is created, and a dangling
	// symlink as the last element creates its target; O_EXCL follows no
	// link there (a link is an existing name).
	create := flag&os.O_CREATE != 0
	excl := create && flag&os.O_EXCL != 0
	must := Existing
	if create {
		must = AllButLast
	}
	r, err := resolve(treeStepper{t}, name, flag&syscall.O_NOFOLLOW == 0 && !excl, must)
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	n := r.node
	if !r.found {
		if r.dir.readOnly() {
			return nil, pathErr("open", name, syscall.EROFS)
		}
		if reserved(r.dir, r.base) {
			return nil, pathErr("open", name, fs.ErrInvalid)
		}
		if !writable(r.dir) {
			return nil, pathErr("open", name, fs.ErrPermission)
		}
		if err := t.inodeRoom("open", name); err != nil {
			return nil, err
		}
		if perm&fs.ModeNamedPipe != 0 && excl {
			n = t.newNode(fs.ModeNamedPipe | perm&fs.ModePerm)
			t.link(r.dir, r.base, n)
			n.opens.Add(1)
			return &fifoFile{tree: t, node: n, name: name, pipe: n.pipeOf(), ready: true}, nil
		}
		n = t.newNode(perm & (fs.ModePerm | fs.ModeSticky | fs.ModeSetuid | fs.ModeSetgid))
		t.link(r.dir, r.base, n)
		return t.open(n, name, flag), nil
	}
	if excl {
		return nil, pathErr("open", name, fs.ErrExist)
	}
	if n.mode&fs.ModeSymlink != 0 {
		return nil, pathErr("open", name, syscall.ELOOP)
	}
	if n.mode.IsDir() {
		if wantWrite || flag&os.O_TRUNC != 0 {
			return nil, pathErr("open", name, syscall.EISDIR)
		}
	} else if flag&syscall.O_DIRECTORY != 0 {
		return nil, pathErr("open", name, syscall.ENOTDIR)
	}
	if n.readOnly() && (wantWrite || flag&os.O_TRUNC != 0) {
		return nil, pathErr("open", name, syscall.EROFS)
	}
	if n.mnt != nil && n.mode&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice) != 0 && n.dev == nil {
		// a mount's FIFO, socket or device: never opened (the tree's own
		// FIFOs, made by mkfifo, are)
		return nil, pathErr("open", name, syscall.ENXIO)
	}
	if (wantRead && n.mode&0o400 == 0) || (wantWrite && n.mode&0o200 == 0) {
		return nil, pathErr("open", name, fs.ErrPermission)
	}
	if n.mode&fs.ModeNamedPipe != 0 {
		return t.openFIFO(n, name, flag)
	}
	if flag&os.O_TRUNC != 0 && n.mode.IsRegular() && n.size() > 0 {
		if err := t.own(n); err != nil {
			return nil, pathErr("open", name, err)
		}
		t.setData(n, content{})
		now := t.clock.Now()
		n.mtime, n.ctime = now, now
		t.changed(n)
	}
	return t.open(n, name, flag), nil
}

// open is a new open file description of n. The caller holds t.mu.
func (t *Tree) open(n *node, name string, flag int) *file {
	n.opens.Add(1)
	return &file{tree: t, node: n, name: name, flag: flag}
}

// Stat implements FS.
func (t *Tree) Stat(name string) (fs.FileInfo, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	n, err := t.lookup("stat", name, true)
	if err != nil {
		return nil, err
	}
	return n.info(path.Base(name)), nil
}

// Access implements FS: the owner's permission bits of what name reaches
// answer (every file belongs to the session's user).
func (t *Tree) Access(name string, mode AccessMode) error {
	t.mu.RLock()
	defer t.mu.RUnlock()
	n, err := t.lookup("access", name, mode&AccessEntry == 0)
	if err != nil {
		return err
	}
	if mode&AccessWrite != 0 && n.readOnly() {
		return pathErr("access", name, syscall.EROFS)
	}
	perm := n.mode.Perm()
	if mode&AccessRead != 0 && perm&0o400 == 0 ||
		mode&AccessWrite != 0 && perm&0o200 == 0 ||
		mode&AccessExec != 0 && perm&0o100 == 0 {
		return pathErr("access", name, fs.ErrPermission)
	}
	return nil
}

// Lstat implements FS.
func (t *Tree) Lstat(name string) (fs.FileInfo, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	n, err := t.lookup("lstat", name, false)
	if err != nil {
		return nil, err
	}
	return n.info(path.Base(name)), nil
}

// ReadDir implements FS.
func (t *Tree) ReadDir(name string) ([]fs.DirEntry, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	n, err := t.lookup("open", name, true)
	if err != nil {
		return nil, err
	}
	if !n.mode.IsDir() {
		return nil, pathErr("readdirent", name, syscall.ENOTDIR)
	}
	if n.mode&0o400 == 0 {
		return nil, pathErr("open", name, fs.ErrPermission)
	}
	return t.entries(n, name)
}

// entries lists the directory n, sorted by name. The caller holds t.mu.
func (t *Tree) entries(n *node, name string) ([]fs.DirEntry, error) {
	kids := t.kids(n)
	if n.listErr != nil {
		return nil, pathErr("readdirent", name, underlying(n.listErr))
	}
	names := make([]string, 0, len(kids))
	for k := range kids {
		names = append(names, k)
	}
	slices.Sort(names)
	out := make([]fs.DirEntry, len(names))
	for i, k := range names {
		out[i] = fs.FileInfoToDirEntry(kids[k].info(k))
	}
	return out, nil
}

// Mkdir implements FS.
func (t *Tree) Mkdir(name string, perm fs.FileMode) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if name == "/" {
		return pathErr("mkdir", name, fs.ErrExist)
	}
	dir, base, err := t.parent("mkdir", name)
	if err != nil {
		return err
	}
	if dir.kids[base] != nil {
		return pathErr("mkdir", name, fs.ErrExist)
	}
	if dir.readOnly() {
		return pathErr("mkdir", name, syscall.EROFS)
	}
	if reserved(dir, base) {
		return pathErr("mkdir", name, fs.ErrInvalid)
	}
	if !writable(dir) {
		return pathErr("mkdir", name, fs.ErrPermission)
	}
	if err := t.inodeRoom("mkdir", name); err != nil {
		return err
	}
	t.link(dir, base, t.newNode(fs.ModeDir|perm&(fs.ModePerm|fs.ModeSticky|fs.ModeSetgid)))
	return nil
}

// Remove implements FS.
func (t *Tree) Remove(name string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if path.Clean(name) == "/" {
		return pathErr("remove", name, syscall.EBUSY)
	}
	dir, base, err := t.parent("remove", name)
	if err != nil {
		return err
	}
	n := dir.kids[base]
	if n == nil {
		return pathErr("remove", name, fs.ErrNotExist)
	}
	if n.mountPoint() {
		return pathErr("remove", name, syscall.EBUSY)
	}
	if dir.readOnly() {
		return pathErr("remove", name, syscall.EROFS)
	}
	if !writable(dir) {
		return pathErr("remove", name, fs.ErrPermission)
	}
	if n.mode.IsDir() && len(t.kids(n)) > 0 {
		return pathErr("remove", name, syscall.ENOTEMPTY)
	}
	t.unlink(dir, base)
	return nil
}

// Rename implements FS.
func (t *Tree) Rename(oldname, newname string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	linkErr := func(err error) error {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: err}
	}
	odir, obase, err := t.parent("rename", oldname)
	if err != nil {
		return linkErr(underlying(err))
	}
	n := odir.kids[obase]
	if n == nil {
		return linkErr(fs.ErrNotExist)
	}
	ndir, nbase, err := t.parent("rename", newname)
	if err != nil {
		return linkErr(underlying(err))
	}
	if old := ndir.kids[nbase]; n.mountPoint() || old != nil && old.mountPoint() && old != n {
		return linkErr(syscall.EBUSY)
	}
	if odir.readOnly() || ndir.readOnly() {
		return linkErr(syscall.EROFS)
	}
	if reserved(ndir, nbase) {
		return linkErr(fs.ErrInvalid)
	}
	if crosses(odir, ndir) || n.fromSource() && n.mode.IsDir() {
		// A directory of a mount's source stays where the source has
		// it (as overlayfs does): mv copies it instead.
		return linkErr(syscall.EXDEV)
	}
	if !writable(odir) || !writable(ndir) {
		return linkErr(fs.ErrPermission)
	}
	if n.mode.IsDir() && t.isAncestor(n, ndir) {
		return linkErr(syscall.EINVAL)
	}
	if err := t.own(n); err != nil {
		return linkErr(err)
	}
	if odir.kids[obase] != n {
		// moved meanwhile (own reads a file without the lock)
		return linkErr(fs.ErrNotExist)
	}
	if old := ndir.kids[nbase]; old != nil {
		if old == n {
			return nil
		}
		switch {
		case old.mode.IsDir() && !n.mode.IsDir():
			return linkErr(syscall.EISDIR)
		case !old.mode.IsDir() && n.mode.IsDir():
			return linkErr(syscall.ENOTDIR)
		case old.mode.IsDir() && len(t.kids(old)) > 0:
			return linkErr(syscall.ENOTEMPTY)
		}
		t.unlink(ndir, nbase)
	}
	t.detach(odir, obase)
	t.link(ndir, nbase, n)
	n.ctime = t.clock.Now()
	return nil
}

// isAncestor reports whether dir is n or lies inside n. A directory has
// one parent, so the walk up from dir is as long as its depth.
func (t *Tree) isAncestor(n, dir *node) bool {
	for x := dir; ; x = x.parents[0] {
		if x == n {
			return true
		}
		if len(x.parents) == 0 {
			return false
		}
	}
}

// Symlink implements FS.
func (t *Tree) Symlink(target, name string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	dir, base, err := t.parent("symlink", name)
	if err != nil {
		return err
	}
	if dir.kids[base] != nil {
		return pathErr("symlink", name, fs.ErrExist)
	}
	if dir.readOnly() {
		return pathErr("symlink", name, syscall.EROFS)
	}
	if reserved(dir, base) {
		return pathErr("symlink", name, fs.ErrInvalid)
	}
	if !writable(dir) {
		return pathErr("symlink", name, fs.ErrPermission)
	}
	if err := t.inodeRoom("symlink", name); err != nil {
		return err
	}
	if err := t.room("symlink", name, int64(len(target))); err != nil {
		return err
	}
	n := t.newNode(fs.ModeSymlink | 0o777)
	t.setTarget(n, target)
	t.link(dir, base, n)
	return nil
}

// Readlink implements FS.
func (t *Tree) Readlink(name string) (string, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	n, err := t.lookup("readlink", name, false)
	if err != nil {
		return "", err
	}
	if n.mode&fs.ModeSymlink == 0 {
		return "", pathErr("readlink", name, fs.ErrInvalid)
	}
	return n.target, nil
}

// Link implements FS.
func (t *Tree) Link(oldname, newname string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	linkErr := func(err error) error {
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: err}
	}
	n, err := t.lookup("link", oldname, false)
	if err != nil {
		return linkErr(underlying(err))
	}
	if n.mode.IsDir() {
		return linkErr(fs.ErrPermission)
	}
	dir, base, err := t.parent("link", newname)
	if err != nil {
		return linkErr(underlying(err))
	}
	if dir.kids[base] != nil {
		return linkErr(fs.ErrExist)
	}
	if dir.readOnly() {
		return linkErr(syscall.EROFS)
	}
	if reserved(dir, base) {
		return linkErr(fs.ErrInvalid)
	}
	if n.mnt != dir.mnt {
		return linkErr(syscall.EXDEV)
	}
	if !writable(dir) {
		return linkErr(fs.ErrPermission)
	}
	if err := t.own(n); err != nil {
		return linkErr(err)
	}
	n.nlink++
	t.link(dir, base, n)
	n.ctime = t.clock.Now()
	return nil
}

// Chmod implements FS.
func (t *Tree) Chmod(name string, mode fs.FileMode) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	n, err := t.lookup("chmod", name, true)
	if err != nil {
		return err
	}
	if n.readOnly() {
		return pathErr("chmod", name, syscall.EROFS)
	}
	if err := t.own(n); err != nil {
		return pathErr("chmod", name, err)
	}
	keep := fs.ModeType
	n.mode = n.mode&keep | mode&(fs.ModePerm|fs.ModeSticky|fs.ModeSetuid|fs.ModeSetgid)
	n.ctime = t.clock.Now()
	t.changed(n)
	return nil
}

// Chtimes implements FS.
func (t *Tree) Chtimes(name string, atime, mtime time.Time) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	n, err := t.lookup("chtimes", name, true)
	if err != nil {
		return err
	}
	if n.readOnly() {
		return pathErr("chtimes", name, syscall.EROFS)
	}
	if !atime.IsZero() {
		n.atime = atime
	}
	if !mtime.IsZero() {
		n.mtime = mtime
	}
	n.ctime = t.clock.Now()
	return nil
}

// fileInfo is a point-in-time copy of a node's metadata.
type fileInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
	sys   Stat
}

func (n *node) info(name string) fs.FileInfo {
	fi := &fileInfo{name: name, mode: n.mode, mtime: n.mtime, sys: Stat{
		Ino: n.ino, Nlink: n.nlink, Uid: n.uid, Gid: n.gid, Atime: n.atime, Ctime: n.ctime,
	}}
	switch {
	case n.mode.IsDir():
		fi.size = 4096
	case n.mode&fs.ModeSymlink != 0:
		fi.size = int64(len(n.target))
	case n.dev != nil:
		fi.sys.Rdev = n.dev.rdev()
	default:
		fi.size = n.size()
	}
	if name == "" || name == "." {
		fi.name = "/"
	}
	return fi
}

func (fi *fileInfo) Name() string       { return fi.name }
func (fi *fileInfo) Size() int64        { return fi.size }
func (fi *fileInfo) Mode() fs.FileMode  { return fi.mode }
func (fi *fileInfo) ModTime() time.Time { return fi.mtime }
func (fi *fileInfo) IsDir() bool        { return fi.mode.IsDir() }
func (fi *fileInfo) Sys() any           { return &fi.sys }

// file is an open file description.
type file struct {
	tree *Tree
	node *node
	name string
	flag int

	mu     sync.Mutex
	off    int64
	dirPos int
	closed bool
}

func (f *file) Name() string { return f.name }

func (f *file) check(op string, write bool) error {
	if f.closed {
		return pathErr(op, f.name, fs.ErrClosed)
	}
	acc := f.flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR)
	if write && acc == os.O_RDONLY || !write && acc == os.O_WRONLY {
		return pathErr(op, f.name, syscall.EBADF)
	}
	if f.node.mode.IsDir() {
		return pathErr(op, f.name, syscall.EISDIR)
	}
	return nil
}

func (f *file) Read(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n, err := f.readAt(p, f.off)
	f.off += int64(n)
	return n, err
}

func (f *file) ReadAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n, err := f.readAt(p, off)
	if err == nil && n < len(p) && f.node.dev == nil {
		err = io.EOF
	}
	return n, err
}

func (f *file) readAt(p []byte, off int64) (int, error) {
	if err := f.check("read", false); err != nil {
		return 0, err
	}
	if off < 0 {
		return 0, pathErr("read", f.name, fs.ErrInvalid)
	}
	if f.node.dev != nil {
		return f.node.dev.read(p)
	}
	t := f.tree
	t.mu.RLock()
	for f.node.lazy != nil {
		t.mu.RUnlock()
		t.mu.Lock()
		err := t.load(f.node)
		t.mu.Unlock()
		if err != nil {
			return 0, pathErr("read", f.name, err)
		}
		t.mu.RLock()
	}
	defer t.mu.RUnlock()
	if off >= f.node.data.size {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	return f.node.data.readAt(p, off), nil
}

func (f *file) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	off := f.off
	if f.flag&os.O_APPEND != 0 {
		off = -1
	}
	n, end, err := f.writeAt(p, off)
	f.off = end
	return n, err
}

func (f *file) WriteAt(p []byte, off int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.flag&os.O_APPEND != 0 {
		return 0, pathErr("write", f.name, syscall.EBADF)
	}
	if off < 0 {
		return 0, pathErr("write", f.name, fs.ErrInvalid)
	}
	n, _, err := f.writeAt(p, off)
	return n, err
}

// writeAt writes p at off (or at the end when off is -1) and returns the
// offset after the write.
func (f *file) writeAt(p []byte, off int64) (int, int64, error) {
	if err := f.check("write", true); err != nil {
		return 0, f.off, err
	}
	if f.node.dev != nil {
		n, err := f.node.dev.write(p)
		return n, f.off, err
	}
	t := f.tree
	t.mu.Lock()
	defer t.mu.Unlock()
	n := f.node
	if err := t.own(n); err != nil {
		return 0, f.off, pathErr("write", f.name, err)
	}
	if err := t.load(n); err != nil {
		return 0, f.off, pathErr("write", f.name, err)
	}
	size := n.data.size
	if off < 0 {
		off = size
	}
	// Past the room left, what fits is written, then ENOSPC.
	var full error
	// (Written so that an offset near 2^63 cannot overflow.)
	if room := t.roomLeft(); off > size+room-int64(len(p)) {
		fits := size + room - off
		if fits <= 0 {
			return 0, f.off, t.refuse("write", f.name, syscall.ENOSPC, &t.refused.Bytes)
		}
		p, full = p[:fits], t.refuse("write", f.name, syscall.ENOSPC, &t.refused.Bytes)
	}
	end := off + int64(len(p))
	t.resize(n, func(c *content) { c.writeAt(p, off) })
	now := t.clock.Now()
	n.mtime, n.ctime = now, now
	t.changed(n)
	return len(p), end, full
}

func (f *file) Seek(offset int64, whence int) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, pathErr("seek", f.name, fs.ErrClosed)
	}
	var base int64
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		base = f.off
	case io.SeekEnd:
		f.tree.mu.RLock()
		base = f.node.size()
		f.tree.mu.RUnlock()
	default:
		return 0, pathErr("seek", f.name, fs.ErrInvalid)
	}
	if base+offset < 0 {
		return 0, pathErr("seek", f.name, fs.ErrInvalid)
	}
	f.off = base + offset
	if f.node.mode.IsDir() && f.off == 0 {
		f.dirPos = 0
	}
	return f.off, nil
}

func (f *file) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return pathErr("close", f.name, fs.ErrClosed)
	}
	f.closed = true
	f.tree.closed(f.node)
	return nil
}

// closed counts an open file of n gone.
func (t *Tree) closed(n *node) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n.opens.Add(-1)
	t.release(n)
}

func (f *file) Stat() (fs.FileInfo, error) { return f.tree.statNode(f.node, f.name) }

// statNode is the FileInfo of the open file name, whose node is n.
func (t *Tree) statNode(n *node, name string) (fs.FileInfo, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return n.info(path.Base(name)), nil
}

func (f *file) Truncate(size int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.check("truncate", true); err != nil {
		return err
	}
	if size < 0 {
		return pathErr("truncate", f.name, fs.ErrInvalid)
	}
	if f.node.dev != nil {
		return nil
	}
	t := f.tree
	t.mu.Lock()
	defer t.mu.Unlock()
	n := f.node
	if err := t.own(n); err != nil {
		return pathErr("truncate", f.name, err)
	}
	if err := t.load(n); err != nil {
		return pathErr("truncate", f.name, err)
	}
	if size > n.data.size {
		if err := t.room("truncate", f.name, size-n.data.size); err != nil {
			return err
		}
	}
	t.resize(n, func(c *content) { c.truncate(size) })
	now := t.clock.Now()
	n.mtime, n.ctime = now, now
	t.changed(n)
	return nil
}

func (f *file) ReadDir(count int) ([]fs.DirEntry, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil, pathErr("readdirent", f.name, fs.ErrClosed)
	}
	if !f.node.mode.IsDir() {
		return nil, pathErr("readdirent", f.name, syscall.ENOTDIR)
	}
	f.tree.mu.RLock()
	all, err := f.tree.entries(f.node, f.name)
	f.tree.mu.RUnlock()
	if err != nil {
		return nil, err
	}
	rest := all[min(f.dirPos, len(all)):]
	if count > 0 {
		if len(rest) == 0 {
			return nil, io.EOF
		}
		rest = rest[:min(count, len(rest))]
	}
	f.dirPos += len(rest)
	return rest, nil
}

type nullDevice struct{}

func (nullDevice) read([]byte) (int, error)    { return 0, io.EOF }
func (nullDevice) write(p []byte) (int, error) { return len(p), nil }
func (nullDevice) rdev() uint64                { return 1<<8 | 3 }

type zeroDevice struct{}

func (zeroDevice) read(p []byte) (int, error)  { clear(p); return len(p), nil }
func (zeroDevice) write(p []byte) (int, error) { return len(p), nil }
func (zeroDevice) rdev() uint64                { return 1<<8 | 5 }

// randSource is what the random devices read.
type randSource struct{ r io.Reader }

// SetRand makes /dev/random and /dev/urandom read from r from now on: a
// session hands the tree its gated source, so that the devices give real
// randomness only where a capability grants it, and record it. When r
// has a method ReadDevice(name string, p []byte) (int, error), the
// devices call it with their path instead of Read.
func (t *Tree) SetRand(r io.Reader) { t.rand.Store(&randSource{r}) }

// DeviceReader is a random source that wants to know which device reads.
type DeviceReader interface {
	ReadDevice(name string, p []byte) (int, error)
}

type randDevice struct {
	t     *Tree
	minor uint64
}

func (d randDevice) read(p []byte) (int, error) {
	r := d.t.rand.Load().r
	if dr, ok := r.(DeviceReader); ok {
		name := "/dev/urandom"
		if d.minor == 8 {
			name = "/dev/random"
		}
		return dr.ReadDevice(name, p)
	}
	return r.Read(p)
}
func (d randDevice) write(p []byte) (int, error) { return len(p), nil }
func (d randDevice) rdev() uint64                { return 1<<8 | d.minor }
