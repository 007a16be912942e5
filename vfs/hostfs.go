package vfs

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
)

// rootFS is the workspace directory as go-git sees it: names relative to
// root, joined to it without more ado. billy's own chroot (osfs.New)
// resolves symlinks one path element at a time with an Lstat each, on
// every open: a third of the cost of reading a loose object. The
// repository is moonix's own directory, held under its lock; nothing in it
// is a symlink that needs following.
type rootFS struct {
	root string
	os   *osfs.ChrootOS // osfs.Default: host paths as given
	// spares are files that replaceRef swapped out of their place, or
	// removeRef moved (each holding a ref since replaced or removed),
	// to be written and put in place by the next replacements: at most
	// maxSpares. The repository's lock guards them.
	spares []string
}

func newRootFS(root string) billy.Filesystem {
	return &rootFS{root: root, os: osfs.Default}
}

var _ billy.Filesystem = (*rootFS)(nil)

func (r *rootFS) abs(name string) string { return filepath.Join(r.root, name) }

// rootFile gives back the name a file was opened with (go-git renames
// temporary files by their Name).
type rootFile struct {
	billy.File
	name string
}

func (f rootFile) Name() string { return f.name }

func (r *rootFS) wrap(f billy.File, name string, err error) (billy.File, error) {
	if err != nil {
		return nil, err
	}
	return rootFile{f, name}, nil
}

func (r *rootFS) Create(name string) (billy.File, error) {
	f, err := r.os.Create(r.abs(name))
	return r.wrap(f, name, err)
}

func (r *rootFS) Open(name string) (billy.File, error) {
	f, err := r.os.Open(r.abs(name))
	return r.wrap(f, name, err)
}

func (r *rootFS) OpenFile(name string, flag int, perm os.FileMode) (billy.File, error) {
	f, err := r.os.OpenFile(r.abs(name), flag, perm)
	return r.wrap(f, name, err)
}

func (r *rootFS) TempFile(dir, prefix string) (billy.File, error) {
	f, err := r.os.TempFile(r.abs(dir), prefix)
	if err != nil {
		return nil, err
	}
	return rootFile{f, filepath.Join(dir, filepath.Base(f.Name()))}, nil
}

func (r *rootFS) Stat(name string) (os.FileInfo, error)  { return os.Stat(r.abs(name)) }
func (r *rootFS) Lstat(name string) (os.FileInfo, error) { return os.Lstat(r.abs(name)) }
func (r *rootFS) Rename(from, to string) error           { return r.os.Rename(r.abs(from), r.abs(to)) }
func (r *rootFS) Remove(name string) error               { return os.Remove(r.abs(name)) }
func (r *rootFS) Join(elem ...string) string             { return filepath.Join(elem...) }
func (r *rootFS) ReadDir(name string) ([]os.FileInfo, error) {
	return r.os.ReadDir(r.abs(name))
}
func (r *rootFS) MkdirAll(name string, perm os.FileMode) error {
	return os.MkdirAll(r.abs(name), perm)
}
func (r *rootFS) Symlink(target, link string) error { return r.os.Symlink(target, r.abs(link)) }
func (r *rootFS) Readlink(link string) (string, error) {
	return os.Readlink(r.abs(link))
}
func (r *rootFS) Chroot(name string) (billy.Filesystem, error) {
	return newRootFS(r.abs(name)), nil
}
func (r *rootFS) Root() string { return r.root }

// replace writes the file name whole: into a new temporary file in
// tmpDir, renamed over name once written, so that a kill leaves the old
// content or the new, never a torn one, and at worst a temporary file
// (named tmp_..., which opening a workspace removes). A missing directory
// of name is made. It uses the system calls directly: os.File registers
// every file it opens with the poller (four fcntl and an epoll_ctl) and
// os.Rename looks at the target first, which made two thirds of the
// system calls of a one-file snapshot.
func (r *rootFS) replace(tmpDir, name string, perm uint32, write func(io.Writer) error) error {
	f, err := r.tempFile(tmpDir, perm)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = r.install(f.path, r.abs(name))
	}
	if err != nil {
		syscall.Unlink(f.path)
	}
	return err
}

// replaceRef replaces the ref file name with content as replace does,
// writing a spare file (see spares), not a new one: refs are replaced and
// removed at every snapshot and rollback, and making a file cost more
// than writing one that exists (0.05-0.2 ms of the kernel's time here).
// A spare's old content is a ref too; it is cut to content's length
// anyway.
func (r *rootFS) replaceRef(tmpDir, name string, content []byte) error {
	to := r.abs(name)
	var tmp string
	if n := len(r.spares); n > 0 {
		tmp, r.spares = r.spares[n-1], r.spares[:n-1]
		fd, err := syscall.Open(tmp, syscall.O_WRONLY|syscall.O_CLOEXEC, 0)
		if err == nil {
			_, err = fdWriter(fd).Write(content)
			if err == nil {
				err = syscall.Ftruncate(fd, int64(len(content)))
			}
			if cerr := syscall.Close(fd); err == nil {
				err = cerr
			}
		}
		if err != nil {
			syscall.Unlink(tmp)
			tmp = ""
		}
	}
	if tmp == "" {
		f, err := r.tempFile(tmpDir, 0o644)
		if err != nil {
			return err
		}
		_, err = f.Write(content)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			syscall.Unlink(f.path)
			return err
		}
		tmp = f.path
	}
	swapped, err := r.swapIn(tmp, to)
	switch {
	case err != nil:
		syscall.Unlink(tmp)
	case swapped:
		r.spares = append(r.spares, tmp)
	}
	return err
}

// maxSpares bounds the spare files: a snapshot replaces one ref, a
// rollback one and makes or removes another.
const maxSpares = 2

// removeRef removes the ref file name, keeping it as a spare when there
// is room (a rename, where making a file again would cost more).
func (r *rootFS) removeRef(tmpDir, name string) error {
	var err error
	if len(r.spares) < maxSpares {
		tmp := filepath.Join(r.root, tmpDir, fmt.Sprintf("tmp_%d_%d", pid, tmpSeq.Add(1)))
		if err = syscall.Rename(r.abs(name), tmp); err == nil {
			r.spares = append(r.spares, tmp)
		}
	} else {
		err = syscall.Unlink(r.abs(name))
	}
	if err != nil && err != syscall.ENOENT {
		return &os.PathError{Op: "remove", Path: name, Err: err}
	}
	return nil
}

// swapIn puts the new file tmp in the place of to, as install does, and
// says whether tmp then holds the old file (else it is gone).
func (r *rootFS) swapIn(tmp, to string) (swapped bool, err error) {
	switch err := exchange(tmp, to); err {
	case nil:
		var st syscall.Stat_t
		if err := syscall.Lstat(tmp, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			// to was not a file (a directory): put it back.
			exchange(tmp, to)
			return false, &os.LinkError{Op: "rename", Old: tmp, New: to, Err: syscall.EISDIR}
		}
		return true, nil
	case syscall.ENOENT:
	default:
	}
	return false, r.rename(tmp, to)
}

// tempFile is a new file, named tmp_..., written with the system calls
// themselves (see replace).
type tempFile struct {
	fd   int
	path string // on the host
}

// tempFile makes a new temporary file in dir.
func (r *rootFS) tempFile(dir string, perm uint32) (*tempFile, error) {
	for {
		tmp := filepath.Join(r.root, dir, fmt.Sprintf("tmp_%d_%d", pid, tmpSeq.Add(1)))
		fd, err := syscall.Open(tmp, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, perm)
		if err == syscall.EEXIST {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: tmp, Err: err}
		}
		return &tempFile{fd, tmp}, nil
	}
}

func (f *tempFile) Write(p []byte) (int, error) { return fdWriter(f.fd).Write(p) }

func (f *tempFile) Close() error {
	if err := syscall.Close(f.fd); err != nil {
		return &os.PathError{Op: "close", Path: f.path, Err: err}
	}
	return nil
}

// readSmall reads the small file name (a ref), with three system calls
// where go-git's reading takes ten (a stat, and the poller's registration
// of the file).
func (r *rootFS) readSmall(name string, buf []byte) (int, error) {
	fd, err := syscall.Open(r.abs(name), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0, err
	}
	n, err := syscall.Read(fd, buf)
	syscall.Close(fd)
	return n, err
}

// readRef reads the ref name when it is a file holding an object id (as
// moonix writes them). Anything else (a symbolic ref, a directory) is
// errNotPlain, for go-git to read; a missing file is ENOENT.
func (r *rootFS) readRef(name string) (plumbing.Hash, error) {
	var buf [2 * hashHex]byte
	n, err := r.readSmall(name, buf[:])
	if err != nil {
		return plumbing.ZeroHash, err
	}
	var h plumbing.Hash
	if n != hashHex+1 || buf[hashHex] != '\n' {
		return h, errNotPlain
	}
	if _, err := hex.Decode(h[:], buf[:hashHex]); err != nil {
		return h, errNotPlain
	}
	return h, nil
}

var errNotPlain = errors.New("not a plain ref")

// readHEAD is the branch HEAD names, when it is a file naming one.
func (r *rootFS) readHEAD() (string, bool) {
	var buf [256]byte
	n, err := r.readSmall("HEAD", buf[:])
	if err != nil || n == len(buf) {
		return "", false
	}
	line, ok := strings.CutSuffix(string(buf[:n]), "\n")
	branch, ok2 := strings.CutPrefix(line, "ref: refs/heads/")
	return branch, ok && ok2 && branch != ""
}

// hashHex is the length of an object id in hexadecimal.
const hashHex = 40

// tmpSeq numbers the temporary files of replace, after the process's id
// (a system call each time it is asked).
var (
	tmpSeq atomic.Uint64
	pid    = os.Getpid()
)

// install puts the new file tmp in the place of the host path to, in one
// step: a reader, or a kill, sees the old file or the new one.
//
// Where it can, it swaps the two (exchange) and removes the old one,
// rather than renaming over it: on ext4, a rename that replaces a file
// first writes the new file's data out and waits for the disk
// (auto_da_alloc), 0.5-1.5 ms of wall time for a ref of 41 bytes, against
// 0.04 ms for the swap and the removal (on this project's machines). That
// wait was no guarantee: moonix does not fsync, so what a power loss
// keeps is the file system's to decide either way (the objects a ref
// names were never written out first), and a kill, which is what the
// repository must survive, cannot tear either. A kill between the swap
// and the removal leaves the old file under the temporary name, which
// opening the workspace removes.
func (r *rootFS) install(tmp, to string) error {
	switch err := exchange(tmp, to); err {
	case nil:
		if err := syscall.Unlink(tmp); err == syscall.EISDIR || err == syscall.EPERM {
			// to was a directory: put it back and fail as rename does.
			exchange(tmp, to)
			return &os.LinkError{Op: "rename", Old: tmp, New: to, Err: syscall.EISDIR}
		}
		return nil
	case syscall.ENOENT:
		// Nothing to replace (or no directory yet): a rename.
	default:
		// No swapping here (ENOSYS, or EINVAL from a file system
		// without it): a rename.
	}
	return r.rename(tmp, to)
}

// rename moves the host path from to to, making to's directory if it is
// missing.
func (r *rootFS) rename(from, to string) error {
	err := syscall.Rename(from, to)
	if err == syscall.ENOENT {
		if err = os.MkdirAll(filepath.Dir(to), 0o755); err == nil {
			err = syscall.Rename(from, to)
		}
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
	}
	return nil
}

// fdWriter writes to a file descriptor.
type fdWriter int

func (w fdWriter) Write(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := syscall.Write(int(w), p[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return n, &os.PathError{Op: "write", Path: "object", Err: err}
		}
		n += m
	}
	return n, nil
}
