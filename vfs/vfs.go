// Package vfs is moonix's virtual filesystem: the one FS interface that every
// other layer works on, an in-memory tree that implements it, and helpers
// (ReadFile, MkdirAll, RemoveAll, Walk, EvalSymlinks) written against the
// interface so that they work the same through any decorator (the capability
// gate, the effect recorder).
//
// A path is resolved by one function (resolve.go) for the tree's own
// operations and for Resolve, which the gate checks with: the two cannot
// disagree about which file a name reaches, nor about when it reaches none
// (40 symlinks in all per resolution, as Linux).
//
// Paths handed to an FS are absolute, slash-separated and cleaned by the
// caller; the FS has no working directory. Errors are *fs.PathError (or
// *os.LinkError for two-path operations) wrapping fs.ErrNotExist, fs.ErrExist,
// fs.ErrPermission, fs.ErrInvalid or a syscall.Errno such as ENOTDIR, EISDIR,
// ENOTEMPTY, ELOOP, EXDEV.
//
// A directory may show another tree, a mount (mount.go): moonix's
// commands at /bin and /usr/bin, a host directory (hostdir.go).
//
// vfs imports the standard library, moonix/clock (the tree's times),
// golang.org/x/sys/unix (a mounted host directory's entries), and go-git
// and go-billy for the history (repo.go; hostfs.go adapts the workspace
// directory the CLI names to go-billy): it is the only package that
// imports go-git and go-billy. The host directories it opens are the
// ones the CLI names: the workspace and the mounts; beyond them, the
// history's remotes (remote.go) reach the bare host repositories a caller
// names, which the capability gate checks before (git.remote), and the
// network only through the RoundTripper the caller hands them
// (remote_http.go, the one file that imports net/http). Every type here
// is safe for concurrent use unless its comment says otherwise.
package vfs

import (
	"io"
	"io/fs"
	"time"
)

// FS is a POSIX-like filesystem addressed by absolute, clean paths.
type FS interface {
	// OpenFile opens name with os.O_* flags. perm is used when a file is
	// created (before the umask, which the caller applies); with
	// fs.ModeNamedPipe in perm and O_CREATE|O_EXCL it creates a FIFO
	// (see fifo.go), and an opened FIFO may need WaitOpen.
	OpenFile(name string, flag int, perm fs.FileMode) (File, error)
	// Stat follows symlinks; Lstat does not.
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	// ReadDir lists a directory sorted by name.
	ReadDir(name string) ([]fs.DirEntry, error)
	Mkdir(name string, perm fs.FileMode) error
	// Remove unlinks a file or symlink, or removes an empty directory.
	Remove(name string) error
	// Rename moves oldname to newname with rename(2) semantics: it replaces
	// an existing file, or an empty directory with a directory.
	Rename(oldname, newname string) error
	// Symlink creates name as a symbolic link to target (stored verbatim).
	Symlink(target, name string) error
	Readlink(name string) (string, error)
	// Link creates newname as a hard link to the file oldname.
	Link(oldname, newname string) error
	// Chmod sets the permission bits of name, following symlinks.
	Chmod(name string, mode fs.FileMode) error
	// Chtimes sets the access and modification times, following symlinks.
	Chtimes(name string, atime, mtime time.Time) error
	// Access reports whether name may be used as mode asks, as access(2)
	// does for the file's owner: nil when it may; otherwise an error
	// that wraps fs.ErrPermission (a capability denial is a
	// *caps.DeniedError: find it with errors.As, never by its text), or
	// the lookup's error when name cannot be reached. Asking changes
	// nothing.
	Access(name string, mode AccessMode) error
}

// AccessMode is what Access asks about: the bits of access(2)'s mode, and
// AccessEntry.
type AccessMode uint32

const (
	AccessExists AccessMode = 0 // F_OK: that the name can be reached
	AccessExec   AccessMode = 1 // X_OK: run it, or search the directory
	AccessWrite  AccessMode = 2 // W_OK
	AccessRead   AccessMode = 4 // R_OK
	// AccessEntry asks about the directory entry itself, not what a
	// symlink in its last element points to (faccessat's
	// AT_SYMLINK_NOFOLLOW).
	AccessEntry AccessMode = 8
)

// File is an open file or directory.
type File interface {
	io.Reader
	io.Writer
	io.Seeker
	io.ReaderAt
	io.WriterAt
	io.Closer
	// Name is the path the file was opened with.
	Name() string
	Stat() (fs.FileInfo, error)
	Truncate(size int64) error
	// ReadDir reads directory entries like os.File.ReadDir.
	ReadDir(n int) ([]fs.DirEntry, error)
}

// Stat is what FileInfo.Sys returns for files of a Tree: the inode-level
// facts that fs.FileInfo does not carry.
type Stat struct {
	Ino   uint64
	Nlink uint64
	Uid   uint32
	Gid   uint32
	Atime time.Time
	Ctime time.Time
	// Rdev identifies a device node (character devices under /dev).
	Rdev uint64
}

// StatOf returns the *Stat behind info, or a zero Stat with Nlink 1 when the
// FileInfo did not come from a Tree.
func StatOf(info fs.FileInfo) *Stat {
	if st, ok := info.Sys().(*Stat); ok {
		return st
	}
	return &Stat{Nlink: 1, Atime: info.ModTime(), Ctime: info.ModTime()}
}
