package wasm

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
	"time"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/experimental/sysfs"
	wsys "github.com/tetratelabs/wazero/sys"

	"github.com/moonix-sh/moonix/vfs"
)

// vfsFS presents a vfs.FS to wazero as the guest's "/": a guest path is a
// VFS path. wazero hands over paths relative to the mount ("work/a.txt",
// "." for the root); every operation goes through fs, which is the
// session's gated filesystem, so a denial reaches the guest as EACCES and
// the audit log as a denial.
type vfsFS struct {
	experimentalsys.UnimplementedFS
	fs    vfs.FS
	umask fs.FileMode
	// ctx is the run's: it ends the wait of a FIFO's end for the other.
	ctx context.Context
}

var _ experimentalsys.FS = (*vfsFS)(nil)

// abs turns a path from wazero into an absolute VFS path, and says whether
// it ended with a slash (it must then name a directory).
//
// Every path a method of vfsFS receives goes through abs (and a link's
// target through strings.Clone) before anything else: wazero may hand
// over a string that is the module's memory itself (path_symlink's target
// is), which the module can rewrite while the gate checks it or the VFS
// keeps it, and which is cleared for the next run once the module exits.
// The result of abs never shares memory with p: "/" + p is a new string.
func abs(p string) (string, bool) {
	dirOnly := strings.HasSuffix(p, "/")
	return path.Clean("/" + p), dirOnly && p != "/"
}

// errno maps an error of the VFS (or of the gate) to the guest's errno.
// Permission, from the capability gate or from mode bits, is EACCES.
func errno(err error) experimentalsys.Errno {
	switch {
	case err == nil, errors.Is(err, io.EOF):
		return 0
	case errors.Is(err, fs.ErrPermission):
		return experimentalsys.EACCES
	case errors.Is(err, syscall.ENOTEMPTY):
		return experimentalsys.ENOTEMPTY // also "is" fs.ErrExist
	case errors.Is(err, fs.ErrNotExist):
		return experimentalsys.ENOENT
	case errors.Is(err, fs.ErrExist):
		return experimentalsys.EEXIST
	case errors.Is(err, fs.ErrClosed):
		return experimentalsys.EBADF
	case errors.Is(err, fs.ErrInvalid):
		return experimentalsys.EINVAL
	}
	var en syscall.Errno
	if errors.As(err, &en) {
		return experimentalsys.UnwrapOSError(en)
	}
	return experimentalsys.EIO
}

// stat converts a FileInfo of the VFS into wazero's Stat_t.
func stat(info fs.FileInfo) wsys.Stat_t {
	st := vfs.StatOf(info)
	return wsys.Stat_t{
		Dev:   1,
		Ino:   st.Ino,
		Mode:  info.Mode(),
		Nlink: st.Nlink,
		Size:  info.Size(),
		Atim:  st.Atime.UnixNano(),
		Mtim:  info.ModTime().UnixNano(),
		Ctim:  st.Ctime.UnixNano(),
	}
}

// oflags converts wazero's open flags to os.O_* flags.
func oflags(flag experimentalsys.Oflag) int {
	var f int
	switch {
	case flag&experimentalsys.O_RDWR != 0:
		f = os.O_RDWR
	case flag&experimentalsys.O_WRONLY != 0:
		f = os.O_WRONLY
	default:
		f = os.O_RDONLY
	}
	for _, m := range []struct {
		w experimentalsys.Oflag
		o int
	}{
		{experimentalsys.O_APPEND, os.O_APPEND},
		{experimentalsys.O_CREAT, os.O_CREATE},
		{experimentalsys.O_EXCL, os.O_EXCL},
		{experimentalsys.O_TRUNC, os.O_TRUNC},
		{experimentalsys.O_DIRECTORY, syscall.O_DIRECTORY},
		{experimentalsys.O_NOFOLLOW, syscall.O_NOFOLLOW},
	} {
		if flag&m.w != 0 {
			f |= m.o
		}
	}
	return f
}

func (v *vfsFS) OpenFile(name string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	p, dirOnly := abs(name)
	oflag := oflags(flag)
	if dirOnly {
		oflag |= syscall.O_DIRECTORY
	}
	if oflag&os.O_CREATE != 0 && oflag&syscall.O_DIRECTORY != 0 {
		// open(2) cannot create a directory.
		if _, err := v.fs.Stat(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, experimentalsys.EISDIR
			}
			return nil, errno(err)
		}
	}
	f, err := v.fs.OpenFile(p, oflag, perm&^v.umask)
	if err == nil {
		err = vfs.WaitOpen(v.ctx, f)
	}
	if err != nil {
		return nil, errno(err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, errno(err)
	}
	vf := &vfsFile{fsys: v, f: f, path: p, flag: oflag, isDir: info.IsDir(), ino: vfs.StatOf(info).Ino}
	return vf.withSeek(), 0
}

func (v *vfsFS) Lstat(name string) (wsys.Stat_t, experimentalsys.Errno) {
	p, dirOnly := abs(name)
	if dirOnly {
		return v.Stat(name) // a trailing slash follows the link
	}
	info, err := v.fs.Lstat(p)
	if err != nil {
		return wsys.Stat_t{}, errno(err)
	}
	return stat(info), 0
}

func (v *vfsFS) Stat(name string) (wsys.Stat_t, experimentalsys.Errno) {
	p, dirOnly := abs(name)
	info, err := v.fs.Stat(p)
	if err != nil {
		return wsys.Stat_t{}, errno(err)
	}
	if dirOnly && !info.IsDir() {
		return wsys.Stat_t{}, experimentalsys.ENOTDIR
	}
	return stat(info), 0
}

func (v *vfsFS) Mkdir(name string, perm fs.FileMode) experimentalsys.Errno {
	p, _ := abs(name)
	return errno(v.fs.Mkdir(p, perm&^v.umask))
}

func (v *vfsFS) Chmod(name string, perm fs.FileMode) experimentalsys.Errno {
	p, _ := abs(name)
	return errno(v.fs.Chmod(p, perm))
}

// Rename moves from to to. A trailing slash on either says the source is
// a directory: a file so named is ENOTDIR, as rename(2) has it.
func (v *vfsFS) Rename(from, to string) experimentalsys.Errno {
	src, srcSlash := abs(from)
	dst, dstSlash := abs(to)
	if srcSlash || dstSlash {
		info, err := v.fs.Lstat(src)
		if err != nil {
			return errno(err)
		}
		if !info.IsDir() {
			return experimentalsys.ENOTDIR
		}
	}
	return errno(v.fs.Rename(src, dst))
}

// Rmdir removes the directory name. Its last component may not be ".",
// as rmdir(2) has it (EINVAL): wazero cleans the path it is given, so
// "." reaches here as itself under the preopen or as "DIR/." (with its
// trailing slash, if it had one).
func (v *vfsFS) Rmdir(name string) experimentalsys.Errno {
	if last := strings.TrimSuffix(name, "/"); last == "." || strings.HasSuffix(last, "/.") {
		return experimentalsys.EINVAL
	}
	p, _ := abs(name)
	info, err := v.fs.Lstat(p)
	if err != nil {
		return errno(err)
	}
	if !info.IsDir() {
		return experimentalsys.ENOTDIR
	}
	return errno(v.fs.Remove(p))
}

func (v *vfsFS) Unlink(name string) experimentalsys.Errno {
	p, dirOnly := abs(name)
	info, err := v.fs.Lstat(p)
	if err != nil {
		return errno(err)
	}
	if info.IsDir() {
		return experimentalsys.EISDIR
	}
	if dirOnly {
		return experimentalsys.ENOTDIR
	}
	return errno(v.fs.Remove(p))
}

// Link makes newName a hard link to oldName. A trailing slash names a
// directory, which neither a link nor its source can be (see slashed).
func (v *vfsFS) Link(oldName, newName string) experimentalsys.Errno {
	src, srcSlash := abs(oldName)
	dst, dstSlash := abs(newName)
	if srcSlash {
		info, err := v.fs.Stat(src)
		if err != nil {
			return errno(err)
		}
		if !info.IsDir() {
			return experimentalsys.ENOTDIR
		}
	}
	if dstSlash {
		return v.slashed(dst)
	}
	return errno(v.fs.Link(src, dst))
}

// Symlink keeps the target verbatim, but copied out of the module's
// memory (see abs). An absolute target is refused (EPERM), as WASI has it:
// a guest's links stay inside the directory they are made in, whatever
// that directory is mounted as. (Links the shell makes, ln -s /abs, may be
// absolute: the VFS resolves them, for modules too.) A trailing slash on
// the link's name names a directory, which a new link cannot be (see
// slashed).
func (v *vfsFS) Symlink(target, linkName string) experimentalsys.Errno {
	target = strings.Clone(target)
	p, dirOnly := abs(linkName)
	if path.IsAbs(target) {
		return experimentalsys.EPERM
	}
	if dirOnly {
		return v.slashed(p)
	}
	return errno(v.fs.Symlink(target, p))
}

// slashed answers the making of a link (hard or symbolic) at p, named
// with a trailing slash, as Linux does: the slash asks for a directory, so
// a name already taken is EEXIST when it is one (or a link that leads
// nowhere), ENOTDIR when it is not, and a free name is ENOENT.
func (v *vfsFS) slashed(p string) experimentalsys.Errno {
	info, err := v.fs.Stat(p)
	switch {
	case err == nil && info.IsDir():
		return experimentalsys.EEXIST
	case err == nil:
		return experimentalsys.ENOTDIR
	case errors.Is(err, fs.ErrNotExist):
		if _, err := v.fs.Lstat(p); err == nil {
			return experimentalsys.EEXIST
		}
	}
	return errno(err)
}

func (v *vfsFS) Readlink(name string) (string, experimentalsys.Errno) {
	p, _ := abs(name)
	target, err := v.fs.Readlink(p)
	if err != nil {
		return "", errno(err)
	}
	return target, 0
}

func (v *vfsFS) Utimens(name string, atim, mtim int64) experimentalsys.Errno {
	p, _ := abs(name)
	return v.utimens(p, atim, mtim)
}

// utimens sets the times of p, keeping those given as UTIME_OMIT.
func (v *vfsFS) utimens(p string, atim, mtim int64) experimentalsys.Errno {
	if atim == experimentalsys.UTIME_OMIT || mtim == experimentalsys.UTIME_OMIT {
		info, err := v.fs.Stat(p)
		if err != nil {
			return errno(err)
		}
		st := stat(info)
		if atim == experimentalsys.UTIME_OMIT {
			atim = st.Atim
		}
		if mtim == experimentalsys.UTIME_OMIT {
			mtim = st.Mtim
		}
	}
	return errno(v.fs.Chtimes(p, time.Unix(0, atim).UTC(), time.Unix(0, mtim).UTC()))
}

// vfsFile is an open file or directory of a vfsFS. wazero uses it from the
// guest's one thread.
type vfsFile struct {
	// File provides Seek alone (see seekAdapter); vfsFile has every
	// other method.
	experimentalsys.File
	fsys  *vfsFS
	f     vfs.File
	path  string
	flag  int
	isDir bool
	ino   uint64

	// entries are what Readdir has still to hand out (nil: not listed
	// since the last rewind).
	entries []fs.DirEntry
	listed  bool
}

func (f *vfsFile) Dev() (uint64, experimentalsys.Errno) { return 1, 0 }

func (f *vfsFile) Ino() (wsys.Inode, experimentalsys.Errno) { return f.ino, 0 }

func (f *vfsFile) IsDir() (bool, experimentalsys.Errno) { return f.isDir, 0 }

func (f *vfsFile) IsAppend() bool { return f.flag&os.O_APPEND != 0 }

// SetAppend reopens the file with or without O_APPEND (the VFS fixes the
// mode at open), keeping the offset.
func (f *vfsFile) SetAppend(enable bool) experimentalsys.Errno {
	if f.isDir {
		return experimentalsys.EISDIR
	}
	if enable == f.IsAppend() {
		return 0
	}
	flag := f.flag &^ (os.O_CREATE | os.O_EXCL | os.O_TRUNC | os.O_APPEND)
	if enable {
		flag |= os.O_APPEND
	}
	off, err := f.f.Seek(0, io.SeekCurrent)
	if err != nil {
		return errno(err)
	}
	nf, err := f.fsys.fs.OpenFile(f.path, flag, 0)
	if err != nil {
		return errno(err)
	}
	if _, err := nf.Seek(off, io.SeekStart); err != nil {
		nf.Close()
		return errno(err)
	}
	f.f.Close()
	f.f, f.flag = nf, flag
	return 0
}

func (f *vfsFile) Stat() (wsys.Stat_t, experimentalsys.Errno) {
	info, err := f.f.Stat()
	if err != nil {
		return wsys.Stat_t{}, errno(err)
	}
	return stat(info), 0
}

func (f *vfsFile) Read(buf []byte) (int, experimentalsys.Errno) {
	if f.isDir {
		return 0, experimentalsys.EISDIR
	}
	n, err := f.f.Read(buf)
	return n, errno(err)
}

func (f *vfsFile) Pread(buf []byte, off int64) (int, experimentalsys.Errno) {
	if f.isDir {
		return 0, experimentalsys.EISDIR
	}
	n, err := f.f.ReadAt(buf, off)
	return n, errno(err)
}

// seek is the file's Seek: see seekAdapter.
func (f *vfsFile) seek(offset int64, whence int) (int64, error) {
	if f.isDir {
		if offset != 0 || whence != io.SeekStart {
			return 0, fs.ErrInvalid
		}
		f.entries, f.listed = nil, false // rewind: list afresh
		return 0, nil
	}
	return f.f.Seek(offset, whence)
}

// seekAdapter gives vfsFile the Seek of wazero's File interface, which
// returns an Errno where io.Seeker returns an error. go vet insists that a
// method named Seek have io.Seeker's signature, so vfsFile does not
// declare one: it embeds the File that wazero's fs.FS adapter makes of
// this one-file fs.FS, whose Seek calls io.Seeker's. The file says it is a
// regular file, so that the adapter hands every seek over, a directory's
// rewind included.
type seekAdapter struct{ f *vfsFile }

func (s seekAdapter) Open(string) (fs.File, error)                 { return s, nil }
func (s seekAdapter) Stat() (fs.FileInfo, error)                   { return regularInfo{}, nil }
func (s seekAdapter) Read([]byte) (int, error)                     { return 0, io.EOF }
func (s seekAdapter) Close() error                                 { return nil }
func (s seekAdapter) Seek(offset int64, whence int) (int64, error) { return s.f.seek(offset, whence) }

type regularInfo struct{}

func (regularInfo) Name() string       { return "" }
func (regularInfo) Size() int64        { return 0 }
func (regularInfo) Mode() fs.FileMode  { return 0 }
func (regularInfo) ModTime() time.Time { return time.Time{} }
func (regularInfo) IsDir() bool        { return false }
func (regularInfo) Sys() any           { return nil }

// withSeek sets f's embedded File (see seekAdapter) and returns f.
func (f *vfsFile) withSeek() *vfsFile {
	sf, en := (&sysfs.AdaptFS{FS: seekAdapter{f}}).OpenFile(".", experimentalsys.O_RDONLY, 0)
	if en != 0 {
		panic("wasm: wazero's fs.FS adapter refused a file: " + en.Error())
	}
	f.File = sf
	return f
}

func (f *vfsFile) Sync() experimentalsys.Errno     { return 0 }
func (f *vfsFile) Datasync() experimentalsys.Errno { return 0 }

// Readdir lists the directory through the filesystem rather than the open
// file, so that the gate leaves out the entries the session may not read,
// as it does for every other listing.
func (f *vfsFile) Readdir(n int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	if !f.isDir {
		return nil, experimentalsys.EBADF
	}
	if !f.listed {
		entries, err := f.fsys.fs.ReadDir(f.path)
		if err != nil {
			return nil, errno(err)
		}
		f.entries, f.listed = entries, true
	}
	take := f.entries
	if n > 0 && n < len(take) {
		take = take[:n]
	}
	f.entries = f.entries[len(take):]
	out := make([]experimentalsys.Dirent, 0, len(take))
	for _, e := range take {
		d := experimentalsys.Dirent{Name: e.Name(), Type: e.Type()}
		if info, err := e.Info(); err == nil {
			d.Ino = vfs.StatOf(info).Ino
		}
		out = append(out, d)
	}
	return out, 0
}

func (f *vfsFile) Write(buf []byte) (int, experimentalsys.Errno) {
	if f.isDir {
		return 0, experimentalsys.EISDIR
	}
	n, err := f.f.Write(buf)
	return n, errno(err)
}

// Pwrite writes buf at off without moving the offset. On a file opened
// with O_APPEND it writes at the end, as Linux does (POSIX would write at
// off; the WASI test suite takes either): the VFS refuses WriteAt there,
// so the data is appended and the offset put back.
func (f *vfsFile) Pwrite(buf []byte, off int64) (int, experimentalsys.Errno) {
	if f.isDir {
		return 0, experimentalsys.EISDIR
	}
	if !f.IsAppend() {
		n, err := f.f.WriteAt(buf, off)
		return n, errno(err)
	}
	if off < 0 {
		return 0, experimentalsys.EINVAL
	}
	was, err := f.f.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, errno(err)
	}
	n, err := f.f.Write(buf)
	if _, serr := f.f.Seek(was, io.SeekStart); err == nil {
		err = serr
	}
	return n, errno(err)
}

// Truncate sets the file's size. As ftruncate(2) has it, a descriptor not
// open for writing, a negative size and one past what the file may hold
// (EFBIG, which WASI as wazero speaks it cannot say) are EINVAL.
func (f *vfsFile) Truncate(size int64) experimentalsys.Errno {
	if f.isDir {
		return experimentalsys.EISDIR
	}
	if size < 0 || f.flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		return experimentalsys.EINVAL
	}
	err := f.f.Truncate(size)
	if errors.Is(err, syscall.EFBIG) {
		return experimentalsys.EINVAL
	}
	return errno(err)
}

func (f *vfsFile) Utimens(atim, mtim int64) experimentalsys.Errno {
	return f.fsys.utimens(f.path, atim, mtim)
}

func (f *vfsFile) Close() experimentalsys.Errno {
	return errno(f.f.Close())
}
