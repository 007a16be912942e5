package wasm

import (
	"context"
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"
	"unsafe"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// The file operations a Go program reaches are compared with wazero's own
// host filesystem in TestProbeMatchesWazero; these are the rest of the
// bridge, called directly.

func bridge(t *testing.T, deny ...caps.Cap) (*vfsFS, *env) {
	t.Helper()
	e := newEnv(t, "sandbox", deny...)
	for _, d := range []string{"/work/d/sub"} {
		if err := vfs.MkdirAll(e.tree, d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"/work/f", "/work/d/a", "/work/d/b", "/work/d/hidden"} {
		if err := vfs.WriteFile(e.tree, f, []byte("data"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return &vfsFS{fs: e.fs, umask: 0o022}, e
}

func wantErrno(t *testing.T, what string, got, want experimentalsys.Errno) {
	t.Helper()
	if got != want {
		t.Errorf("%s: errno %v, want %v", what, got, want)
	}
}

func TestBridgePaths(t *testing.T) {
	t.Parallel()
	b, e := bridge(t)
	_, en := b.OpenFile("work/new/", experimentalsys.O_CREAT|experimentalsys.O_RDWR, 0o644)
	wantErrno(t, "create with a trailing slash", en, experimentalsys.EISDIR)
	_, en = b.OpenFile("work/f/", experimentalsys.O_RDONLY, 0)
	wantErrno(t, "open file/", en, experimentalsys.ENOTDIR)
	_, en = b.Lstat("work/f/")
	wantErrno(t, "lstat file/", en, experimentalsys.ENOTDIR)
	wantErrno(t, "unlink dir", b.Unlink("work/d"), experimentalsys.EISDIR)
	wantErrno(t, "rmdir file", b.Rmdir("work/f"), experimentalsys.ENOTDIR)
	wantErrno(t, "rmdir missing", b.Rmdir("work/none"), experimentalsys.ENOENT)
	wantErrno(t, "mkdir existing", b.Mkdir("work/d", 0o755), experimentalsys.EEXIST)
	wantErrno(t, "chmod", b.Chmod("work/f", 0o600), 0)
	wantErrno(t, "mkdir", b.Mkdir("work/m", 0o777), 0)
	if st, en := b.Stat("work/m"); en != 0 || st.Mode.Perm() != 0o755 {
		t.Errorf("mkdir 777 under umask 022: %v, %v", st.Mode, en)
	}
	if st, en := b.Stat("."); en != 0 || !st.Mode.IsDir() {
		t.Errorf("stat of the root: %v, %v", st.Mode, en)
	}
	_, en = b.Readlink("work/f")
	wantErrno(t, "readlink of a file", en, experimentalsys.EINVAL)
	wantErrno(t, "absolute symlink", b.Symlink("/work/f", "work/abs"), experimentalsys.EPERM)
	if _, en := b.Lstat("work/abs"); en != experimentalsys.ENOENT {
		t.Errorf("a refused absolute link was made: %v", en)
	}
	// One the shell made (ln -s /work/f) is the VFS's to resolve.
	if err := e.tree.Symlink("/work/f", "/work/abs"); err != nil {
		t.Fatal(err)
	}
	if target, en := b.Readlink("work/abs"); target != "/work/f" || en != 0 {
		t.Errorf("readlink: %q, %v", target, en)
	}
	if st, en := b.Stat("work/abs"); en != 0 || st.Size != 4 {
		t.Errorf("an absolute link resolves in the VFS: %+v, %v", st, en)
	}
	wantErrno(t, "relative symlink", b.Symlink("f", "work/rel"), 0)
	if st, en := b.Stat("work/rel"); en != 0 || st.Size != 4 {
		t.Errorf("a relative link resolves: %+v, %v", st, en)
	}
}

// TestBridgeTrailingSlashes: a trailing slash names a directory, in the
// new name of a link and in either name of a rename, as on Linux (and as
// the WASI test suite's path_symlink_trailing_slashes, path_link and
// path_rename cases have it).
func TestBridgeTrailingSlashes(t *testing.T) {
	t.Parallel()
	b, e := bridge(t)
	if err := e.tree.Symlink("nowhere", "/work/dangling"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		what string
		got  func() experimentalsys.Errno
		want experimentalsys.Errno
	}{
		{"symlink to a free name/", func() experimentalsys.Errno { return b.Symlink("f", "work/new/") }, experimentalsys.ENOENT},
		{"symlink to a directory's name/", func() experimentalsys.Errno { return b.Symlink("f", "work/d/") }, experimentalsys.EEXIST},
		{"symlink to a file's name/", func() experimentalsys.Errno { return b.Symlink("f", "work/f/") }, experimentalsys.ENOTDIR},
		{"symlink to a dangling link's name/", func() experimentalsys.Errno { return b.Symlink("f", "work/dangling/") }, experimentalsys.EEXIST},
		{"symlink to a directory's name", func() experimentalsys.Errno { return b.Symlink("f", "work/d") }, experimentalsys.EEXIST},
		{"link to a free name/", func() experimentalsys.Errno { return b.Link("work/f", "work/new/") }, experimentalsys.ENOENT},
		{"link to a file's name/", func() experimentalsys.Errno { return b.Link("work/f", "work/d/a/") }, experimentalsys.ENOTDIR},
		{"link from a file/", func() experimentalsys.Errno { return b.Link("work/f/", "work/new") }, experimentalsys.ENOTDIR},
		{"rename a file to name/", func() experimentalsys.Errno { return b.Rename("work/f", "work/g/") }, experimentalsys.ENOTDIR},
		{"rename a file/", func() experimentalsys.Errno { return b.Rename("work/f/", "work/g") }, experimentalsys.ENOTDIR},
		{"rename a missing name/", func() experimentalsys.Errno { return b.Rename("work/none/", "work/g") }, experimentalsys.ENOENT},
		{"rename a directory/ to name/", func() experimentalsys.Errno { return b.Rename("work/d/sub/", "work/sub2/") }, 0},
	} {
		wantErrno(t, tc.what, tc.got(), tc.want)
	}
	for _, p := range []string{"/work/new", "/work/g"} {
		if _, err := e.tree.Lstat(p); err == nil {
			t.Errorf("%s was made", p)
		}
	}
	if _, err := e.tree.Stat("/work/sub2"); err != nil {
		t.Errorf("the directory was not renamed: %v", err)
	}
	if _, err := e.tree.Stat("/work/f"); err != nil {
		t.Errorf("the file was moved: %v", err)
	}
}

func TestBridgeFiles(t *testing.T) {
	t.Parallel()
	b, e := bridge(t)
	f, en := b.OpenFile("work/f", experimentalsys.O_RDWR, 0)
	if en != 0 {
		t.Fatal(en)
	}
	defer f.Close()
	if f.IsAppend() {
		t.Error("opened without O_APPEND, says append")
	}
	wantErrno(t, "set append", f.SetAppend(true), 0)
	f.Seek(0, io.SeekStart)
	if _, en := f.Write([]byte("+")); en != 0 {
		t.Fatal(en)
	}
	wantErrno(t, "clear append", f.SetAppend(false), 0)
	f.Seek(0, io.SeekStart)
	f.Write([]byte("D"))
	if got, _ := vfs.ReadFile(e.tree, "/work/f"); string(got) != "Data+" {
		t.Errorf("after append on and off: %q", got)
	}
	wantErrno(t, "truncate -1", f.Truncate(-1), experimentalsys.EINVAL)
	when := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC).UnixNano()
	wantErrno(t, "utimens", f.Utimens(when, experimentalsys.UTIME_OMIT), 0)
	st, _ := f.Stat()
	if st.Atim != when || st.Mtim == when {
		t.Errorf("utimens atime only: atim %d mtim %d", st.Atim, st.Mtim)
	}
	if st.Nlink != 1 || st.Ino == 0 || st.Size != 5 || st.Mode.Perm() != 0o644 {
		t.Errorf("stat: %+v", st)
	}
	wantErrno(t, "sync", f.Sync(), 0)
	wantErrno(t, "close", f.Close(), 0)
	_, en = f.Read(make([]byte, 1))
	wantErrno(t, "read after close", en, experimentalsys.EBADF)
	_, en = f.Seek(0, io.SeekStart)
	wantErrno(t, "seek after close", en, experimentalsys.EBADF)
}

func TestBridgeDirectories(t *testing.T) {
	t.Parallel()
	b, e := bridge(t, caps.Cap{Kind: caps.FSRead, Pattern: "/work/d/hidden"})
	d, en := b.OpenFile("work/d", experimentalsys.O_RDONLY, 0)
	if en != 0 {
		t.Fatal(en)
	}
	defer d.Close()
	names := func(n int) string {
		ents, en := d.Readdir(n)
		if en != 0 {
			t.Fatal(en)
		}
		s := ""
		for _, e := range ents {
			s += e.Name + " "
		}
		return s
	}
	if got := names(2); got != "a b " {
		t.Errorf("first two: %q", got)
	}
	if got := names(-1); got != "sub " {
		t.Errorf("the rest: %q (hidden left out)", got)
	}
	if got := names(5); got != "" {
		t.Errorf("at the end: %q", got)
	}
	_, en = d.Seek(3, io.SeekStart)
	wantErrno(t, "seek a directory but to 0", en, experimentalsys.EINVAL)
	if _, en := d.Seek(0, io.SeekStart); en != 0 {
		t.Fatal(en)
	}
	vfs.WriteFile(e.tree, "/work/d/c", nil, 0o644)
	if got := names(-1); got != "a b c sub " {
		t.Errorf("after rewind: %q", got)
	}
	_, en = d.Read(make([]byte, 1))
	wantErrno(t, "read a directory", en, experimentalsys.EISDIR)
	_, en = d.Pwrite([]byte("x"), 0)
	wantErrno(t, "pwrite a directory", en, experimentalsys.EISDIR)
	if isDir, _ := d.IsDir(); !isDir {
		t.Error("IsDir false")
	}
	f, _ := b.OpenFile("work/f", experimentalsys.O_RDONLY, 0)
	defer f.Close()
	_, en = f.Readdir(1)
	wantErrno(t, "readdir a file", en, experimentalsys.EBADF)
	if _, err := e.tree.Stat("/work/d/hidden"); err != nil {
		t.Fatal(err)
	}
}

func TestBridgeDenials(t *testing.T) {
	t.Parallel()
	b, e := bridge(t)
	_, en := b.OpenFile("etc/x", experimentalsys.O_CREAT|experimentalsys.O_WRONLY, 0o644)
	wantErrno(t, "create in /etc", en, experimentalsys.EACCES)
	wantErrno(t, "rename out of /work", b.Rename("work/f", "etc/f"), experimentalsys.EACCES)
	wantErrno(t, "link into /etc", b.Link("work/f", "etc/f"), experimentalsys.EACCES)
	wantErrno(t, "utimens in /etc", b.Utimens("etc", 0, 0), experimentalsys.EACCES)
	if len(e.denied) != 4 {
		t.Errorf("denials: %q", e.denied)
	}
	if _, err := e.tree.Stat("/work/f"); err != nil {
		t.Errorf("/work/f after a refused rename: %v", err)
	}
}

// recordingFS hands every operation to fs and keeps every string it was
// given, with a copy made on arrival.
type recordingFS struct {
	vfs.FS
	got []received
}

type received struct{ kept, was string }

func (r *recordingFS) keep(names ...string) {
	for _, n := range names {
		r.got = append(r.got, received{n, strings.Clone(n)})
	}
}

func (r *recordingFS) OpenFile(name string, flag int, perm fs.FileMode) (vfs.File, error) {
	r.keep(name)
	return r.FS.OpenFile(name, flag, perm)
}
func (r *recordingFS) Stat(name string) (fs.FileInfo, error)  { r.keep(name); return r.FS.Stat(name) }
func (r *recordingFS) Lstat(name string) (fs.FileInfo, error) { r.keep(name); return r.FS.Lstat(name) }
func (r *recordingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	r.keep(name)
	return r.FS.ReadDir(name)
}
func (r *recordingFS) Mkdir(name string, perm fs.FileMode) error {
	r.keep(name)
	return r.FS.Mkdir(name, perm)
}
func (r *recordingFS) Remove(name string) error { r.keep(name); return r.FS.Remove(name) }
func (r *recordingFS) Rename(oldname, newname string) error {
	r.keep(oldname, newname)
	return r.FS.Rename(oldname, newname)
}
func (r *recordingFS) Symlink(target, name string) error {
	r.keep(target, name)
	return r.FS.Symlink(target, name)
}
func (r *recordingFS) Readlink(name string) (string, error) { r.keep(name); return r.FS.Readlink(name) }
func (r *recordingFS) Link(oldname, newname string) error {
	r.keep(oldname, newname)
	return r.FS.Link(oldname, newname)
}
func (r *recordingFS) Chmod(name string, mode fs.FileMode) error {
	r.keep(name)
	return r.FS.Chmod(name, mode)
}
func (r *recordingFS) Chtimes(name string, atime, mtime time.Time) error {
	r.keep(name)
	return r.FS.Chtimes(name, atime, mtime)
}

// TestBridgeKeepsNoGuestMemory hands every bridge method that takes a
// path or a link target strings that alias a buffer, as wazero hands over
// strings that alias the module's memory (path_symlink's target does),
// and rewrites the buffer after each call: nothing the filesystem was
// given may change with it. A module rewriting its memory from another
// thread would otherwise change a path between the gate's check and its
// use, and a link made by a module would read as the next run's bytes,
// or as zeros, once its memory is reused.
func TestBridgeKeepsNoGuestMemory(t *testing.T) {
	t.Parallel()
	b, e := bridge(t)
	rec := &recordingFS{FS: b.fs}
	b.fs = rec
	var mem [][]byte
	// guest returns s as a string over a buffer of mem, as wazero makes
	// one over the module's memory.
	guest := func(s string) string {
		b := []byte(s)
		mem = append(mem, b)
		return unsafe.String(&b[0], len(b))
	}
	for _, call := range []struct {
		name string
		do   func()
	}{
		{"OpenFile", func() {
			if f, en := b.OpenFile(guest("work/f"), experimentalsys.O_RDONLY, 0); en == 0 {
				f.Close()
			}
		}},
		{"Stat", func() { b.Stat(guest("work/f")) }},
		{"Lstat", func() { b.Lstat(guest("work/f")) }},
		{"Mkdir", func() { b.Mkdir(guest("work/m"), 0o755) }},
		{"Chmod", func() { b.Chmod(guest("work/f"), 0o600) }},
		{"Symlink", func() { b.Symlink(guest("f"), guest("work/link")) }},
		{"Readlink", func() { b.Readlink(guest("work/link")) }},
		{"Link", func() { b.Link(guest("work/f"), guest("work/hard")) }},
		{"Rename", func() { b.Rename(guest("work/hard"), guest("work/moved")) }},
		{"Utimens", func() { b.Utimens(guest("work/f"), 0, 0) }},
		{"Unlink", func() { b.Unlink(guest("work/moved")) }},
		{"Rmdir", func() { b.Rmdir(guest("work/m")) }},
		{"Readdir", func() {
			if d, en := b.OpenFile(guest("work/d"), experimentalsys.O_RDONLY, 0); en == 0 {
				d.Readdir(-1)
				d.Close()
			}
		}},
	} {
		rec.got, mem = nil, nil
		call.do()
		for _, b := range mem {
			clear(b)
		}
		if len(rec.got) == 0 {
			t.Errorf("%s reached the filesystem with no path", call.name)
		}
		for _, r := range rec.got {
			if r.kept != r.was {
				t.Errorf("%s: the filesystem was given %q, which now reads %q", call.name, r.was, r.kept)
			}
		}
	}
	if target, err := e.tree.Readlink("/work/link"); target != "f" || err != nil {
		t.Errorf("the link a module made: %q, %v; want f", target, err)
	}
}

// TestWASICalls calls WASI functions directly from a module, with the
// arguments the WASI test suite passes and Go's library never does: each
// answer is an errno, never a panic of the run.
func TestWASICalls(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sandbox")
	got, status, err := run(t, newRuntime(t, Config{}), e, "", "wasi", "/work")
	want := `set_size 2^62: Invalid argument
set_size -1: Invalid argument
set_size 3: ok
set_size on a read-only fd: Invalid argument
set_size stdin: Not implemented on wasip1
set_times stdin: Bad file number
set_size stdout: Not implemented on wasip1
set_times stdout: Bad file number
set_size stderr: Not implemented on wasip1
set_times stderr: Bad file number
set_times both now and given: Invalid argument
set_times: ok
pwrite on O_APPEND: ok
wrote 3, offset 1, file "0123abc"
rmdir .: Invalid argument
rmdir ./: Invalid argument
empty still there: ok
prestat_dir_name into 0 bytes: File name too long
prestat_dir_name into 4 bytes: ok
name buffer: "/xxx"
prestat_dir_name of a file: Bad file number
`
	if got != want || status != 0 || err != nil {
		t.Errorf("status %d, %v\ngot:\n%s\nwant:\n%s", status, err, got, want)
	}
}

// TestBridgeFIFO: a module reads a FIFO of the VFS as a pipe: its open
// waits for a writer, and the run's end ends the wait (EINTR), so that a
// module never hangs on a FIFO nobody writes.
func TestBridgeFIFO(t *testing.T) {
	t.Parallel()
	b, e := bridge(t)
	mk, err := e.tree.OpenFile("/work/p", os.O_CREATE|os.O_EXCL|os.O_RDONLY, fs.ModeNamedPipe|0o644)
	if err != nil {
		t.Fatal(err)
	}
	mk.Close()
	go func() {
		w, err := e.tree.OpenFile("/work/p", os.O_WRONLY, 0)
		if err != nil || vfs.WaitOpen(context.Background(), w) != nil {
			return
		}
		w.Write([]byte("through the fifo"))
		w.Close()
	}()
	f, en := b.OpenFile("work/p", experimentalsys.O_RDONLY, 0)
	if en != 0 {
		t.Fatal(en)
	}
	var got []byte
	buf := make([]byte, 4)
	for {
		n, en := f.Read(buf)
		got = append(got, buf[:n]...)
		if n == 0 || en != 0 {
			break
		}
	}
	f.Close()
	if string(got) != "through the fifo" {
		t.Errorf("read %q", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := &vfsFS{fs: e.fs, umask: 0o022, ctx: ctx}
	_, en = stopped.OpenFile("work/p", experimentalsys.O_RDONLY, 0)
	wantErrno(t, "open with no writer, the run stopped", en, experimentalsys.EINTR)
}
