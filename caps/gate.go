package caps

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// Gate applies a Set to a session's operations: the filesystem (FS), the
// exec path (Check with FSExec), the history (Repo), the clock and the
// random source. Every denial is reported to Audit. A Gate is safe for
// concurrent use.
type Gate struct {
	Set *Set
	// Audit is called for every denial; nil ignores them.
	Audit func(*DeniedError)

	// ns is held while a path is resolved, checked and operated on, so
	// that no symlink, rename or rollback changes what the path names
	// between the check and the operation: a background job flipping a
	// link cannot slip a write past the check. Operations that change
	// names (create, mkdir, remove, rename, link, symlink, rollback,
	// switch, fork) hold it alone; the others share it.
	ns sync.RWMutex
}

// NewGate returns a gate over set.
func NewGate(set *Set, audit func(*DeniedError)) *Gate {
	return &Gate{Set: set, Audit: audit}
}

// Check returns nil when kind on target is allowed; otherwise it reports
// CheckFunc asks the gate whether kind on target is allowed: nil, or a
// *DeniedError the gate has audited (Gate.Check, as a session hands it
// to the protocol packages).
type CheckFunc func(kind Kind, op, target string) error

// the denial to Audit and returns it.
func (g *Gate) Check(kind Kind, op, target string) error {
	err := g.Set.Check(kind, op, target)
	if err != nil && g.Audit != nil {
		var d *DeniedError
		if errors.As(err, &d) {
			g.Audit(d)
		}
	}
	return err
}

// FS wraps fsys so that every operation is checked against the set, on the
// path with every symlink resolved inside fsys: no spelling of a path
// reaches what its normal form may not. The checks happen before the
// operation, and nothing through the gate can change what a path names
// between the check and the operation, so a denied write truncates nothing
// and a symlink swapped meanwhile redirects nothing.
//
// What each operation needs: reading a file, listing a directory, stat,
// lstat and readlink need fs.read; opening for writing, creating, mkdir,
// symlink, chmod and chtimes need fs.write; remove needs fs.delete; a
// hard link needs fs.write on both names (it would make the file writable
// elsewhere). A rename needs, for the entry and everything under it,
// fs.delete and fs.write where it was and fs.write where it goes; and it
// may not carry anything to a name that may be read or run when its old
// name could not (renaming a directory would otherwise take the files that
// a denial protects out of the denial's reach). A hard link may not make
// readable or runnable either what was not. A listing leaves out the
// entries the set does not let you read.
func (g *Gate) FS(fsys vfs.FS) vfs.FS {
	if f, ok := fsys.(*gatedFS); ok && f.g == g {
		return f // already behind this gate (whose lock is not reentrant)
	}
	return &gatedFS{g: g, fs: fsys}
}

type gatedFS struct {
	g  *Gate
	fs vfs.FS
}

var _ vfs.FS = (*gatedFS)(nil)

// clean makes name the clean absolute path that the vfs.FS contract asks
// for, before anything looks at it: the checks and the operation below
// then read the same path the same way. (A tree resolves the .. of an
// unclean name physically in some operations and lexically in others;
// the gate would check one file and the operation reach another.)
func clean(name string) string {
	if !path.IsAbs(name) {
		return name // refused below: it matches no pattern, and the tree rejects it
	}
	return path.Clean(name)
}

// Resolve is the path the gate checks for an operation on the absolute
// name that follows a symlink in its last element (read, write, stat,
// list, exec): name with every symlink resolved inside fsys as the tree
// resolves it (vfs.Resolve); the last element need not exist. When name
// cannot be resolved (a missing directory, too many levels of symbolic
// links), the operation will not happen: Resolve returns the error, and
// the path resolved up to the failure with the rest of name as written.
func Resolve(fsys vfs.FS, name string) (string, error) {
	return vfs.Resolve(fsys, name, true, vfs.AllButLast)
}

// Resolve is the package's Resolve for a question about a path rather
// than an operation on it (caps check, test -w): it goes through fsys,
// gated or not, but looks only at the entries the set lets you read, and
// asks the set rather than the gate, so that asking is never audited. A
// symlink in a place you may not read is therefore not followed. What
// cannot be resolved (missing, not a searchable directory, not readable)
// is taken as written from there on, as the gate checks it; only a path
// that would fail with too many levels of symbolic links is an error.
func (s *Set) Resolve(fsys vfs.FS, name string) (string, error) {
	return vfs.Resolve(readableFS{FS: fsys, set: s}, name, true, vfs.Nothing)
}

// readableFS hides from Resolve the entries a set does not let you read.
type readableFS struct {
	vfs.FS
	set *Set
}

func (f readableFS) Lstat(name string) (fs.FileInfo, error) {
	if !f.set.Allows(FSRead, name) {
		return nil, &fs.PathError{Op: "lstat", Path: name, Err: fs.ErrPermission}
	}
	return f.FS.Lstat(name)
}

func (f readableFS) Readlink(name string) (string, error) {
	if !f.set.Allows(FSRead, name) {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrPermission}
	}
	return f.FS.Readlink(name)
}

// real is the path an operation on name reaches when it follows a
// symlink in the last element (see Resolve); entry is the directory entry
// itself, its directory resolved and the last element kept (remove,
// lstat, creating a link). Either way the tree resolves name the same
// way, and the error is the tree's cause when it cannot: the caller
// checks the path and then returns unresolved's error, so that a name
// that cannot be resolved is denied where it fails and never operated on.
func (f *gatedFS) real(name string) (string, error) { return Resolve(f.fs, name) }

func (f *gatedFS) entry(name string) (string, error) {
	return vfs.Resolve(f.fs, name, false, vfs.AllButLast)
}

// unresolved is the error of the tree's operation op on name when its
// resolution failed with err (nil when it did not), worded as the tree
// words it.
func unresolved(op, name string, err error) error {
	if err == nil {
		return nil
	}
	return &fs.PathError{Op: op, Path: name, Err: err}
}

// guard is one operation in progress: it holds the gate's lock and
// remembers the denial, which is reported once the lock is released (an
// Audit that calls back into the filesystem cannot deadlock).
type guard struct {
	f         *gatedFS
	exclusive bool
	denied    *DeniedError
}

func (f *gatedFS) begin(exclusive bool) *guard {
	if exclusive {
		f.g.ns.Lock()
	} else {
		f.g.ns.RLock()
	}
	return &guard{f: f, exclusive: exclusive}
}

func (g *guard) end() {
	if g.exclusive {
		g.f.g.ns.Unlock()
	} else {
		g.f.g.ns.RUnlock()
	}
	if g.denied != nil && g.f.g.Audit != nil {
		g.f.g.Audit(g.denied)
	}
}

// at resolves name as the tree's operation treeOp does (follow: a link
// in the last element too) and checks kind on what it reaches. A name
// that cannot be resolved is checked where the resolution failed, and
// then fails with the resolution's error: it is never operated on.
func (g *guard) at(kind Kind, op, treeOp, name string, follow bool) (string, error) {
	resolve := g.f.entry
	if follow {
		resolve = g.f.real
	}
	target, rerr := resolve(name)
	if err := g.check(kind, op, target); err != nil {
		return target, err
	}
	return target, unresolved(treeOp, name, rerr)
}

func (g *guard) check(kind Kind, op, target string) error {
	err := g.f.g.Set.Check(kind, op, target)
	if d, ok := err.(*DeniedError); ok {
		g.denied = d
	}
	return err
}

// widens refuses to give a file a name (to) under which it could be read
// or run when its current name (from) could not.
func (g *guard) widens(op, from, to string) error {
	set := g.f.g.Set
	for _, kind := range []Kind{FSRead, FSExec} {
		if !set.Allows(kind, from) && set.Allows(kind, to) {
			return g.check(kind, op, from)
		}
	}
	return nil
}

func (f *gatedFS) OpenFile(name string, flag int, perm fs.FileMode) (vfs.File, error) {
	name = clean(name)
	g := f.begin(flag&os.O_CREATE != 0)
	defer g.end()
	// the name as the tree opens it: O_NOFOLLOW, and O_EXCL with
	// O_CREATE, stop at a link in the last element
	resolve := f.real
	if flag&syscall.O_NOFOLLOW != 0 || flag&(os.O_CREATE|os.O_EXCL) == os.O_CREATE|os.O_EXCL {
		resolve = f.entry
	}
	target, rerr := resolve(name)
	acc := flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR)
	if acc == os.O_RDONLY || acc == os.O_RDWR {
		if err := g.check(FSRead, "read", target); err != nil {
			return nil, err
		}
	}
	if acc != os.O_RDONLY || flag&(os.O_CREATE|os.O_TRUNC|os.O_APPEND) != 0 {
		if err := g.check(FSWrite, "write", target); err != nil {
			return nil, err
		}
	}
	if err := unresolved("open", name, rerr); err != nil {
		return nil, err
	}
	return f.fs.OpenFile(name, flag, perm)
}

func (f *gatedFS) Stat(name string) (fs.FileInfo, error) {
	name = clean(name)
	g := f.begin(false)
	defer g.end()
	if _, err := g.at(FSRead, "stat", "stat", name, true); err != nil {
		return nil, err
	}
	return f.fs.Stat(name)
}

func (f *gatedFS) Lstat(name string) (fs.FileInfo, error) {
	name = clean(name)
	g := f.begin(false)
	defer g.end()
	if _, err := g.at(FSRead, "stat", "lstat", name, false); err != nil {
		return nil, err
	}
	return f.fs.Lstat(name)
}

func (f *gatedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	name = clean(name)
	g := f.begin(false)
	defer g.end()
	dir, err := g.at(FSRead, "list", "open", name, true)
	if err != nil {
		return nil, err
	}
	entries, err := f.fs.ReadDir(name)
	if err != nil {
		return nil, err
	}
	kept := entries[:0]
	for _, e := range entries {
		if f.g.Set.Allows(FSRead, path.Join(dir, e.Name())) {
			kept = append(kept, e)
		}
	}
	return kept, nil
}

func (f *gatedFS) Mkdir(name string, perm fs.FileMode) error {
	name = clean(name)
	g := f.begin(true)
	defer g.end()
	if _, err := g.at(FSWrite, "mkdir", "mkdir", name, false); err != nil {
		return err
	}
	return f.fs.Mkdir(name, perm)
}

func (f *gatedFS) Remove(name string) error {
	name = clean(name)
	g := f.begin(true)
	defer g.end()
	if _, err := g.at(FSDelete, "remove", "remove", name, false); err != nil {
		return err
	}
	return f.fs.Remove(name)
}

// unresolvedLink is unresolved for the operations on two names.
func unresolvedLink(op, oldname, newname string, errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return &os.LinkError{Op: op, Old: oldname, New: newname, Err: err}
		}
	}
	return nil
}

func (f *gatedFS) Rename(oldname, newname string) error {
	oldname, newname = clean(oldname), clean(newname)
	g := f.begin(true)
	defer g.end()
	from, ferr := f.entry(oldname)
	to, terr := f.entry(newname)
	if err := g.check(FSDelete, "rename", from); err != nil {
		return err
	}
	if err := g.check(FSWrite, "rename", to); err != nil {
		return err
	}
	if err := unresolvedLink("rename", oldname, newname, ferr, terr); err != nil {
		return err
	}
	// Everything under the entry moves with it. The walk does not follow
	// symlinks: a link moves as a link and is checked where it points
	// whenever it is used.
	err := vfs.WalkDir(f.fs, oldname, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return nil // the rename itself will say what is wrong
		}
		rel := strings.TrimPrefix(p, oldname)
		old, nu := from+rel, to+rel
		if rel != "" {
			if err := g.check(FSDelete, "rename", old); err != nil {
				return err
			}
			if err := g.check(FSWrite, "rename", nu); err != nil {
				return err
			}
		}
		if err := g.check(FSWrite, "rename", old); err != nil {
			return err
		}
		return g.widens("rename", old, nu)
	})
	if err != nil {
		return err
	}
	return f.fs.Rename(oldname, newname)
}

func (f *gatedFS) Symlink(target, name string) error {
	name = clean(name)
	g := f.begin(true)
	defer g.end()
	if _, err := g.at(FSWrite, "symlink", "symlink", name, false); err != nil {
		return err
	}
	return f.fs.Symlink(target, name)
}

func (f *gatedFS) Readlink(name string) (string, error) {
	name = clean(name)
	g := f.begin(false)
	defer g.end()
	if _, err := g.at(FSRead, "readlink", "readlink", name, false); err != nil {
		return "", err
	}
	return f.fs.Readlink(name)
}

// Link makes newname a second name of the entry oldname (a symlink there
// is linked, not followed, as the tree does).
func (f *gatedFS) Link(oldname, newname string) error {
	oldname, newname = clean(oldname), clean(newname)
	g := f.begin(true)
	defer g.end()
	from, ferr := f.entry(oldname)
	to, terr := f.entry(newname)
	if err := g.check(FSWrite, "link", from); err != nil {
		return err
	}
	if err := g.check(FSWrite, "link", to); err != nil {
		return err
	}
	if err := g.widens("link", from, to); err != nil {
		return err
	}
	if err := unresolvedLink("link", oldname, newname, ferr, terr); err != nil {
		return err
	}
	return f.fs.Link(oldname, newname)
}

func (f *gatedFS) Chmod(name string, mode fs.FileMode) error {
	name = clean(name)
	g := f.begin(false)
	defer g.end()
	if _, err := g.at(FSWrite, "chmod", "chmod", name, true); err != nil {
		return err
	}
	return f.fs.Chmod(name, mode)
}

func (f *gatedFS) Chtimes(name string, atime, mtime time.Time) error {
	name = clean(name)
	g := f.begin(false)
	defer g.end()
	if _, err := g.at(FSWrite, "touch", "chtimes", name, true); err != nil {
		return err
	}
	return f.fs.Chtimes(name, atime, mtime)
}

// Access needs fs.read on what name reaches, as Stat does (a refusal is
// audited: looking at a file is an operation); then the tree answers for
// the permission bits, and the set for the capabilities mode asks for,
// which count as the bits do: AccessWrite fs.write, AccessExec fs.exec
// (on what is not a directory; searching one needs none). Those are asked
// of the set, on the path resolved through the entries the set lets you
// read (Set.Resolve), not checked: a no is a *DeniedError with Op
// "access", and is not audited, since asking changes nothing.
func (f *gatedFS) Access(name string, mode vfs.AccessMode) error {
	name = clean(name)
	g := f.begin(false)
	defer g.end()
	follow := mode&vfs.AccessEntry == 0
	if _, err := g.at(FSRead, "stat", "access", name, follow); err != nil {
		return err
	}
	if err := f.fs.Access(name, mode); err != nil {
		return err
	}
	var kinds []Kind
	if mode&vfs.AccessWrite != 0 {
		kinds = append(kinds, FSWrite)
	}
	if mode&vfs.AccessExec != 0 {
		stat := f.fs.Stat
		if !follow {
			stat = f.fs.Lstat
		}
		if info, err := stat(name); err == nil && !info.IsDir() {
			kinds = append(kinds, FSExec)
		}
	}
	if len(kinds) == 0 {
		return nil
	}
	var target string
	var err error
	if follow {
		target, err = f.g.Set.Resolve(f.fs, name)
	} else {
		target, err = f.g.Set.Resolve(f.fs, path.Dir(name))
		target = path.Join(target, path.Base(name))
	}
	if err != nil {
		return &fs.PathError{Op: "access", Path: name, Err: err}
	}
	for _, kind := range kinds {
		if err := f.g.Set.Check(kind, "access", target); err != nil {
			return err
		}
	}
	return nil
}

// Clock is a clock through the gate: real while the set allows
// clock.read, logical otherwise (also for Tick and Slept, which only a
// logical clock keeps). real is the host's clock, or what records its
// reads (effects.Reads): the gate goes outside the recorder, so that only
// the reads it allows reach it.
func (g *Gate) Clock(logical *clock.Logical, real clock.Clock) clock.Clock {
	return &gatedClock{g: g, logical: logical, real: real}
}

type gatedClock struct {
	g       *Gate
	logical *clock.Logical
	real    clock.Clock
}

func (c *gatedClock) Now() time.Time {
	if c.g.Set.Allows(ClockRead, "") {
		return c.real.Now()
	}
	return c.logical.Now()
}

func (c *gatedClock) Tick()                 { c.logical.Tick() }
func (c *gatedClock) Slept(d time.Duration) { c.logical.Slept(d) }

// Rand is a random source through the gate: real while the set allows
// random.read, the seeded generator otherwise. real is the host's
// randomness, or what records its reads, as for Clock.
func (g *Gate) Rand(seeded, real clock.Source) clock.Source {
	return &gatedRand{g: g, seeded: seeded, real: real}
}

type gatedRand struct {
	g            *Gate
	seeded, real clock.Source
}

func (r *gatedRand) source() clock.Source {
	if r.g.Set.Allows(RandomRead, "") {
		return r.real
	}
	return r.seeded
}

func (r *gatedRand) Uint64() uint64             { return r.source().Uint64() }
func (r *gatedRand) Read(p []byte) (int, error) { return r.source().Read(p) }

// Repo is the history as the commands use it (vfs.Repo implements it).
type Repo interface {
	Snapshot(msg string, st vfs.State) (snap vfs.Snapshot, created bool, err error)
	Current() (branch string, snap *vfs.Snapshot, err error)
	CurrentID() string
	Resolve(spec string) (vfs.Snapshot, error)
	Rollback(spec string) (vfs.Snapshot, error)
	Log(n int, all bool) ([]vfs.Snapshot, error)
	Branches() ([]vfs.Branch, error)
	CreateBranch(name string) error
	Switch(name string, discard bool) (vfs.Snapshot, error)
	Fork(spec, name string, discard bool) (vfs.Snapshot, error)
	Changes(from, to string) ([]vfs.Change, error)
	ReadFile(spec, path string) ([]byte, error)
	Dirty() bool
	Keep(msg string, st vfs.State) (snap vfs.Snapshot, paths int, err error)
	SetPrevious(id string) error
	Mark(st vfs.State) (*vfs.Mark, error)
	MarkChanges(m *vfs.Mark) ([]vfs.Change, error)
	Restore(m *vfs.Mark) (vfs.State, error)
	Remotes() ([]vfs.Remote, error)
	Remote(name string) (vfs.Remote, error)
	AddRemote(name, url string) error
	RemoveRemote(name string) error
	Push(ctx context.Context, remote, branch string) (vfs.RefUpdate, error)
	Fetch(ctx context.Context, remote string) ([]vfs.RefUpdate, error)
	FastForward(remote, branch string) (up vfs.RefUpdate, st *vfs.State, err error)
}

var _ Repo = (*vfs.Repo)(nil)

// Repo wraps the history: snapshot needs git.snapshot; rollback
// git.rollback; branch, switch and fork git.branch; reading a file of a
// snapshot needs fs.read on its path. Listing and comparing need nothing,
// but a list of changes leaves out the paths the set does not let you
// read, as a directory listing does. Rollback, switch and fork rewrite the
// working tree, so they also need fs.write on every path they would write
// or restore and fs.delete on every path they would remove: a denial
// dropped on a path holds against the history too.
func (g *Gate) Repo(r Repo) Repo { return &gatedRepo{Repo: r, g: g} }

type gatedRepo struct {
	Repo
	g *Gate
}

func (r *gatedRepo) Snapshot(msg string, st vfs.State) (vfs.Snapshot, bool, error) {
	if err := r.g.Check(GitSnapshot, "snapshot", ""); err != nil {
		return vfs.Snapshot{}, false, err
	}
	return r.Repo.Snapshot(msg, st)
}

func (r *gatedRepo) Rollback(spec string) (vfs.Snapshot, error) {
	if err := r.g.Check(GitRollback, "rollback", ""); err != nil {
		return vfs.Snapshot{}, err
	}
	return r.restore("rollback", spec, func() (vfs.Snapshot, error) { return r.Repo.Rollback(spec) })
}

// Keep records the working state a rollback replaces: it is part of the
// rollback, and needs what the rollback needs.
func (r *gatedRepo) Keep(msg string, st vfs.State) (vfs.Snapshot, int, error) {
	if err := r.g.Check(GitRollback, "rollback", ""); err != nil {
		return vfs.Snapshot{}, 0, err
	}
	return r.Repo.Keep(msg, st)
}

// Mark records the working state for a Restore, which is a rollback:
// it needs git.rollback.
func (r *gatedRepo) Mark(st vfs.State) (*vfs.Mark, error) {
	if err := r.g.Check(GitRollback, "rollback", ""); err != nil {
		return nil, err
	}
	return r.Repo.Mark(st)
}

// Restore puts a mark back as a rollback puts a snapshot back, and needs
// what a rollback needs.
func (r *gatedRepo) Restore(m *vfs.Mark) (vfs.State, error) {
	if err := r.g.Check(GitRollback, "rollback", ""); err != nil {
		return vfs.State{}, err
	}
	var st vfs.State
	_, err := r.rewrite("rollback", func() ([]vfs.Change, error) { return r.Repo.MarkChanges(m) }, func() (vfs.Snapshot, error) {
		var err error
		st, err = r.Repo.Restore(m)
		return vfs.Snapshot{}, err
	})
	return st, err
}

// AddRemote needs git.remote on the place the remote names (its host
// directory, or its host:port): a rule naming a remote allows it
// whatever its URL, so saying where a name points is what needs the
// place.
func (r *gatedRepo) AddRemote(name, url string) error {
	place, err := vfs.RemotePlace(url)
	if err != nil {
		return err
	}
	if err := r.g.Check(GitRemote, "remote add", place); err != nil {
		return err
	}
	return r.Repo.AddRemote(name, url)
}

// RemoveRemote, Push, Fetch and Pull need git.remote on the remote's
// name or its place (checkRemote); a remote over HTTP needs net.connect
// too, which the session's transport checks on every request.
func (r *gatedRepo) RemoveRemote(name string) error {
	if _, err := r.Repo.Remote(name); err != nil {
		return r.Repo.RemoveRemote(name) // git's words: No such remote
	}
	if err := r.checkRemote("remote remove", name); err != nil {
		return err
	}
	return r.Repo.RemoveRemote(name)
}

func (r *gatedRepo) Push(ctx context.Context, remote, branch string) (vfs.RefUpdate, error) {
	if err := r.checkRemote("push", remote); err != nil {
		return vfs.RefUpdate{}, err
	}
	return r.Repo.Push(ctx, remote, branch)
}

func (r *gatedRepo) Fetch(ctx context.Context, remote string) ([]vfs.RefUpdate, error) {
	if err := r.checkRemote("fetch", remote); err != nil {
		return nil, err
	}
	return r.Repo.Fetch(ctx, remote)
}

// FastForward (pull's second half) rewrites the tree when it moves the
// current branch: it needs git.remote, as the fetch before it, and
// fs.write and fs.delete on every path it changes, as a rollback.
func (r *gatedRepo) FastForward(remote, branch string) (vfs.RefUpdate, *vfs.State, error) {
	if err := r.checkRemote("pull", remote); err != nil {
		return vfs.RefUpdate{}, nil, err
	}
	spec := ""
	if cur, _, _ := r.Repo.Current(); branch == "" || branch == cur {
		if branch == "" {
			branch = cur
		}
		if _, err := r.Repo.Resolve(remote + "/" + branch); err == nil {
			spec = remote + "/" + branch
		}
	}
	var up vfs.RefUpdate
	var st *vfs.State
	_, err := r.restore("pull", spec, func() (vfs.Snapshot, error) {
		var err error
		up, st, err = r.Repo.FastForward(remote, branch)
		return vfs.Snapshot{}, err
	})
	return up, st, err
}

// checkRemote allows an operation on the remote name when a rule allows
// its name or its place and no denial covers either; the denial names
// the remote.
func (r *gatedRepo) checkRemote(op, name string) error {
	rm, err := r.Repo.Remote(name)
	if err != nil {
		return err
	}
	place, err := vfs.RemotePlace(rm.URL)
	if err != nil {
		return err
	}
	byName, okName := r.g.Set.Decide(GitRemote, name)
	byPlace, okPlace := r.g.Set.Decide(GitRemote, place)
	refused := byName != nil && !okName || byPlace != nil && !okPlace
	if !refused && (okName || okPlace) {
		return nil
	}
	d := &DeniedError{Cap: Cap{Kind: GitRemote, Pattern: name}, Op: op, Path: name}
	if r.g.Audit != nil {
		r.g.Audit(d)
	}
	return d
}

// Require checks, without doing anything, that the set allows the
// history operations of kinds (git.snapshot...), auditing a refusal: a
// command that will need one when it ends (atomic -m) asks before it
// starts. op words a refusal.
func (r *gatedRepo) Require(op string, kinds ...Kind) error {
	for _, k := range kinds {
		if err := r.g.Check(k, op, ""); err != nil {
			return err
		}
	}
	return nil
}

// restore runs fn, which rewrites the working tree to snapshot spec (a
// rollback, switch or fork): see rewrite. An empty spec (an unknown
// branch) is left to fn to report.
func (r *gatedRepo) restore(op, spec string, fn func() (vfs.Snapshot, error)) (vfs.Snapshot, error) {
	changes := func() ([]vfs.Change, error) {
		if spec == "" {
			return nil, nil
		}
		return r.Repo.Changes(spec, "")
	}
	return r.rewrite(op, changes, fn)
}

// rewrite runs fn, which rewrites the working tree, under the gate's
// lock, once the set allows fs.write on every path it would write and
// fs.delete on every path it would remove (changes lists them, from the
// state fn puts back to the working tree): nothing can change the tree
// between the check and the rewrite. A denial is reported once the lock
// is released.
func (r *gatedRepo) rewrite(op string, changes func() ([]vfs.Change, error), fn func() (vfs.Snapshot, error)) (vfs.Snapshot, error) {
	var denied *DeniedError
	snap, err := func() (vfs.Snapshot, error) {
		r.g.ns.Lock() // the tree's names change under the filesystem's checks
		defer r.g.ns.Unlock()
		list, err := changes()
		if err != nil {
			return vfs.Snapshot{}, err
		}
		for _, ch := range list {
			kind := FSWrite
			if ch.Kind == vfs.Added {
				kind = FSDelete
			}
			if err := r.g.Set.Check(kind, op, ch.Path); err != nil {
				denied, _ = err.(*DeniedError)
				return vfs.Snapshot{}, err
			}
		}
		return fn()
	}()
	if denied != nil && r.g.Audit != nil {
		r.g.Audit(denied)
	}
	return snap, err
}

func (r *gatedRepo) CreateBranch(name string) error {
	if err := r.g.Check(GitBranch, "branch", ""); err != nil {
		return err
	}
	return r.Repo.CreateBranch(name)
}

func (r *gatedRepo) Switch(name string, discard bool) (vfs.Snapshot, error) {
	if err := r.g.Check(GitBranch, "switch", ""); err != nil {
		return vfs.Snapshot{}, err
	}
	branches, err := r.Repo.Branches()
	if err != nil {
		return vfs.Snapshot{}, err
	}
	head := ""
	for _, b := range branches {
		if b.Name == name {
			head = b.Head.ID
		}
	}
	return r.restore("switch", head, func() (vfs.Snapshot, error) { return r.Repo.Switch(name, discard) })
}

func (r *gatedRepo) Fork(spec, name string, discard bool) (vfs.Snapshot, error) {
	if err := r.g.Check(GitBranch, "fork", ""); err != nil {
		return vfs.Snapshot{}, err
	}
	return r.restore("fork", spec, func() (vfs.Snapshot, error) { return r.Repo.Fork(spec, name, discard) })
}

func (r *gatedRepo) Changes(from, to string) ([]vfs.Change, error) {
	changes, err := r.Repo.Changes(from, to)
	kept := changes[:0]
	for _, ch := range changes {
		if r.g.Set.Allows(FSRead, ch.Path) {
			kept = append(kept, ch)
		}
	}
	return kept, err
}

func (r *gatedRepo) ReadFile(spec, p string) ([]byte, error) {
	target := path.Clean("/" + p)
	if !r.g.Set.Allows(FSRead, target) {
		// A directory has no content to refuse: say what it is, as
		// without the denial (the history lists its paths anyway),
		// so that diff skips it quietly.
		if _, err := r.Repo.ReadFile(spec, p); errors.Is(err, syscall.EISDIR) {
			return nil, err
		}
	}
	if err := r.g.Check(FSRead, "read", target); err != nil {
		return nil, err
	}
	return r.Repo.ReadFile(spec, p)
}
