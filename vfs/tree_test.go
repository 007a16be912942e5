package vfs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/clock"
)

func newTestTree() *Tree {
	return NewDefault(Options{Clock: clock.NewLogical(clock.Epoch), Uid: 1000, Gid: 1000})
}

func mustWrite(t *testing.T, fsys FS, name, data string) {
	t.Helper()
	if err := WriteFile(fsys, name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, fsys FS, name string) string {
	t.Helper()
	data, err := ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func wantErr(t *testing.T, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("error %v, want %v", err, target)
	}
	var pe *fs.PathError
	var le *os.LinkError
	if !errors.As(err, &pe) && !errors.As(err, &le) {
		t.Fatalf("error %T is not a *fs.PathError or *os.LinkError", err)
	}
}

func TestDefaultLayout(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	for _, dir := range []string{"/work", "/tmp", "/bin", "/etc", "/dev"} {
		info, err := tr.Stat(dir)
		if err != nil || !info.IsDir() {
			t.Errorf("%s: %v %v", dir, info, err)
		}
	}
	info, _ := tr.Stat("/tmp")
	if info.Mode()&fs.ModeSticky == 0 || info.Mode().Perm() != 0o777 {
		t.Errorf("/tmp mode %v", info.Mode())
	}
	target, err := tr.Readlink("/dev/stdin")
	if err != nil || target != "/dev/fd/0" {
		t.Errorf("/dev/stdin -> %q %v", target, err)
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	mustWrite(t, tr, "/work/f", "x")
	tr.Mkdir("/work/d", 0o755)
	mustWrite(t, tr, "/work/d/inner", "y")

	_, err := tr.Stat("/work/nope")
	wantErr(t, err, fs.ErrNotExist)
	_, err = tr.Stat("/work/f/x")
	wantErr(t, err, syscall.ENOTDIR)
	wantErr(t, tr.Mkdir("/work/f", 0o755), fs.ErrExist)
	wantErr(t, tr.Mkdir("/work/a/b", 0o755), fs.ErrNotExist)
	_, err = tr.OpenFile("/work/d", os.O_WRONLY, 0)
	wantErr(t, err, syscall.EISDIR)
	_, err = tr.OpenFile("/work/f", os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	wantErr(t, err, fs.ErrExist)
	wantErr(t, tr.Remove("/work/d"), syscall.ENOTEMPTY)
	wantErr(t, tr.Remove("/work/nope"), fs.ErrNotExist)
	_, err = tr.ReadDir("/work/f")
	wantErr(t, err, syscall.ENOTDIR)
	wantErr(t, tr.Rename("/work/d", "/work/d/sub"), syscall.EINVAL)
	wantErr(t, tr.Rename("/work/f", "/work/d"), syscall.EISDIR)
	tr.Mkdir("/work/e", 0o755)
	wantErr(t, tr.Rename("/work/e", "/work/f"), syscall.ENOTDIR)
	wantErr(t, tr.Rename("/work/e", "/work/d"), syscall.ENOTEMPTY)
	wantErr(t, tr.Link("/work/d", "/work/dl"), fs.ErrPermission)
	wantErr(t, tr.Symlink("x", "/work/f"), fs.ErrExist)
	_, err = tr.Readlink("/work/f")
	wantErr(t, err, fs.ErrInvalid)
	wantErr(t, tr.Remove("/"), syscall.EBUSY)
}

func TestSymlinks(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	tr.Mkdir("/work/d", 0o755)
	mustWrite(t, tr, "/work/d/file", "content")
	tr.Symlink("d", "/work/rel")
	tr.Symlink("/work/d/file", "/work/abs")
	tr.Symlink("../d/file", "/work/d/up")
	tr.Symlink("nowhere", "/work/dangling")
	tr.Symlink("loop2", "/work/loop1")
	tr.Symlink("loop1", "/work/loop2")

	if got := read(t, tr, "/work/rel/file"); got != "content" {
		t.Errorf("through relative dir link: %q", got)
	}
	if got := read(t, tr, "/work/abs"); got != "content" {
		t.Errorf("absolute link: %q", got)
	}
	if got := read(t, tr, "/work/d/up"); got != "content" {
		t.Errorf("link with ..: %q", got)
	}
	info, err := tr.Lstat("/work/rel")
	if err != nil || info.Mode()&fs.ModeSymlink == 0 || info.Size() != 1 {
		t.Errorf("lstat link: %v %v", info, err)
	}
	_, err = tr.Stat("/work/dangling")
	wantErr(t, err, fs.ErrNotExist)
	_, err = tr.Stat("/work/loop1")
	wantErr(t, err, syscall.ELOOP)
	// Creating through a dangling link makes the target.
	mustWrite(t, tr, "/work/dangling", "made")
	if got := read(t, tr, "/work/nowhere"); got != "made" {
		t.Errorf("create via dangling link: %q", got)
	}
	real, err := EvalSymlinks(tr, "/work/rel/up")
	if err != nil || real != "/work/d/file" {
		t.Errorf("EvalSymlinks: %q %v", real, err)
	}
	// Removing a link removes the link only.
	if err := tr.Remove("/work/rel"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Stat("/work/d/file"); err != nil {
		t.Errorf("target gone with link: %v", err)
	}
}

func TestPermissions(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	mustWrite(t, tr, "/work/f", "secret")
	tr.Chmod("/work/f", 0o200)
	_, err := tr.OpenFile("/work/f", os.O_RDONLY, 0)
	wantErr(t, err, fs.ErrPermission)
	tr.Chmod("/work/f", 0o444)
	_, err = tr.OpenFile("/work/f", os.O_WRONLY, 0)
	wantErr(t, err, fs.ErrPermission)
	tr.Mkdir("/work/d", 0o755)
	mustWrite(t, tr, "/work/d/x", "x")
	tr.Chmod("/work/d", 0o644) // no search bit
	_, err = tr.Stat("/work/d/x")
	wantErr(t, err, fs.ErrPermission)
	tr.Chmod("/work/d", 0o311) // no read bit: cannot list
	_, err = tr.ReadDir("/work/d")
	wantErr(t, err, fs.ErrPermission)
	tr.Chmod("/work/d", 0o555) // no write bit: cannot add or remove
	wantErr(t, tr.Remove("/work/d/x"), fs.ErrPermission)
	_, err = tr.OpenFile("/work/d/new", os.O_CREATE|os.O_WRONLY, 0o644)
	wantErr(t, err, fs.ErrPermission)
}

func TestFileIO(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	f, err := tr.OpenFile("/work/f", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("hello world"))
	f.Seek(0, io.SeekStart)
	buf := make([]byte, 5)
	io.ReadFull(f, buf)
	if string(buf) != "hello" {
		t.Errorf("read back %q", buf)
	}
	f.WriteAt([]byte("W"), 6)
	f.Truncate(8)
	f.Seek(10, io.SeekStart)
	f.Write([]byte("!")) // leaves a hole of zeros
	f.Close()
	if got := read(t, tr, "/work/f"); got != "hello Wo\x00\x00!" {
		t.Errorf("content %q", got)
	}
	a, _ := tr.OpenFile("/work/f", os.O_WRONLY|os.O_APPEND, 0)
	a.Write([]byte("+"))
	a.Close()
	if got := read(t, tr, "/work/f"); !strings.HasSuffix(got, "!+") {
		t.Errorf("append: %q", got)
	}
	if _, err := a.Write([]byte("x")); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("write after close: %v", err)
	}
	r, _ := tr.OpenFile("/work/f", os.O_RDONLY, 0)
	if _, err := r.Write([]byte("x")); !errors.Is(err, syscall.EBADF) {
		t.Errorf("write to read-only: %v", err)
	}
}

func TestUnlinkedFileStaysOpen(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	mustWrite(t, tr, "/work/f", "still here")
	f, _ := tr.OpenFile("/work/f", os.O_RDONLY, 0)
	if err := tr.Remove("/work/f"); err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(f)
	if string(data) != "still here" {
		t.Errorf("read unlinked: %q", data)
	}
}

func TestHardLinks(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	mustWrite(t, tr, "/work/a", "1")
	if err := tr.Link("/work/a", "/work/b"); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, tr, "/work/b", "2")
	if got := read(t, tr, "/work/a"); got != "2" {
		t.Errorf("shared content: %q", got)
	}
	info, _ := tr.Stat("/work/a")
	if n := StatOf(info).Nlink; n != 2 {
		t.Errorf("nlink %d", n)
	}
	tr.Remove("/work/b")
	info, _ = tr.Stat("/work/a")
	if n := StatOf(info).Nlink; n != 1 {
		t.Errorf("nlink after unlink %d", n)
	}
}

func TestRenameReplaces(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	mustWrite(t, tr, "/work/a", "a")
	mustWrite(t, tr, "/work/b", "b")
	if err := tr.Rename("/work/a", "/work/b"); err != nil {
		t.Fatal(err)
	}
	if got := read(t, tr, "/work/b"); got != "a" {
		t.Errorf("replaced: %q", got)
	}
	tr.Mkdir("/work/d1", 0o755)
	tr.Mkdir("/work/d2", 0o755)
	mustWrite(t, tr, "/work/d1/x", "x")
	if err := tr.Rename("/work/d1", "/work/d2"); err != nil {
		t.Fatal(err)
	}
	if got := read(t, tr, "/work/d2/x"); got != "x" {
		t.Errorf("dir over empty dir: %q", got)
	}
}

func TestMtimesFromClock(t *testing.T) {
	t.Parallel()
	clk := clock.NewLogical(clock.Epoch)
	tr := NewTree(Options{Clock: clk})
	mustWrite(t, tr, "/a", "x")
	clk.Tick()
	mustWrite(t, tr, "/b", "x")
	a, _ := tr.Stat("/a")
	b, _ := tr.Stat("/b")
	if !a.ModTime().Equal(clock.Epoch) || !b.ModTime().Equal(clock.Epoch.Add(time.Second)) {
		t.Errorf("mtimes %v %v", a.ModTime(), b.ModTime())
	}
}

func TestDevices(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	if got := read(t, tr, "/dev/null"); got != "" {
		t.Errorf("/dev/null: %q", got)
	}
	mustWrite(t, tr, "/dev/null", "gone")
	z, _ := tr.OpenFile("/dev/zero", os.O_RDONLY, 0)
	buf := []byte{1, 2, 3}
	z.Read(buf)
	if string(buf) != "\x00\x00\x00" {
		t.Errorf("/dev/zero: %q", buf)
	}
	r1, _ := tr.OpenFile("/dev/urandom", os.O_RDONLY, 0)
	a := make([]byte, 8)
	r1.Read(a)
	other := newTestTree()
	r2, _ := other.OpenFile("/dev/urandom", os.O_RDONLY, 0)
	b := make([]byte, 8)
	r2.Read(b)
	if string(a) != string(b) {
		t.Errorf("seeded /dev/urandom differs between identical trees")
	}
}

func TestDirFileReadDir(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	for _, n := range []string{"c", "a", "b"} {
		mustWrite(t, tr, "/work/"+n, n)
	}
	d, _ := tr.OpenFile("/work", os.O_RDONLY, 0)
	first, _ := d.ReadDir(2)
	rest, _ := d.ReadDir(2)
	_, err := d.ReadDir(2)
	if len(first) != 2 || first[0].Name() != "a" || len(rest) != 1 || rest[0].Name() != "c" || err != io.EOF {
		t.Errorf("ReadDir in chunks: %v %v %v", first, rest, err)
	}
}

func TestHelpers(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	if err := MkdirAll(tr, "/work/x/y/z", 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, tr, "/work/x/y/z/f", "f")
	tr.Symlink("/etc", "/work/x/link")
	var seen []string
	WalkDir(tr, "/work/x", func(p string, d fs.DirEntry, err error) error {
		seen = append(seen, p)
		return err
	})
	if got := strings.Join(seen, " "); got != "/work/x /work/x/link /work/x/y /work/x/y/z /work/x/y/z/f" {
		t.Errorf("walk: %s", got)
	}
	if err := RemoveAll(tr, "/work/x"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Stat("/etc"); err != nil {
		t.Errorf("RemoveAll followed a symlink: %v", err)
	}
	if err := RemoveAll(tr, "/work/x"); err != nil {
		t.Errorf("RemoveAll of missing: %v", err)
	}
	p, err := Resolve(tr, "/work/../tmp/new", false, AllButLast)
	if err != nil || p != "/tmp/new" {
		t.Errorf("Resolve: %q %v", p, err)
	}
}

// TestHammer runs many goroutines creating, writing, renaming, listing and
// removing in overlapping directories, then checks the tree's invariants.
func TestHammer(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	const workers, rounds = 16, 200
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dir := fmt.Sprintf("/work/d%d", w%4)
			MkdirAll(tr, dir, 0o755)
			for i := range rounds {
				name := fmt.Sprintf("%s/f%d-%d", dir, w, i%7)
				f, err := tr.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
				if err == nil {
					f.Write([]byte("line\n"))
					f.Close()
				}
				tr.ReadDir(dir)
				tr.Rename(name, name+".r")
				if i%3 == 0 {
					tr.Remove(name + ".r")
				}
				tr.Symlink(name, fmt.Sprintf("%s/l%d", dir, w))
				tr.Stat(fmt.Sprintf("%s/l%d", dir, w))
				tr.Remove(fmt.Sprintf("%s/l%d", dir, w))
			}
		}()
	}
	wg.Wait()
	// Invariants: every directory's link count is 2 + its subdirectories,
	// every file's content is whole lines, every entry is stat-able.
	err := WalkDir(tr, "/", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := tr.Lstat(p)
		if err != nil {
			return err
		}
		if info.IsDir() {
			entries, _ := tr.ReadDir(p)
			subdirs := 0
			for _, e := range entries {
				if e.IsDir() {
					subdirs++
				}
			}
			if n := StatOf(info).Nlink; n != uint64(2+subdirs) {
				return fmt.Errorf("%s: nlink %d with %d subdirs", p, n, subdirs)
			}
		} else if info.Mode().IsRegular() && strings.HasPrefix(p, "/work") {
			data, _ := ReadFile(tr, p)
			if strings.ReplaceAll(string(data), "line\n", "") != "" {
				return fmt.Errorf("%s: torn content %q", p, data)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestAccess: the owner's permission bits answer, of the file a symlink
// leads to or, with AccessEntry, of the link itself.
func TestAccess(t *testing.T) {
	t.Parallel()
	tr := newTestTree()
	if err := WriteFile(tr, "/work/ro", nil, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := tr.Symlink("ro", "/work/link"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		mode AccessMode
		want error
	}{
		{"/work/ro", AccessRead, nil},
		{"/work/ro", AccessWrite, fs.ErrPermission},
		{"/work/ro", AccessExec, fs.ErrPermission},
		{"/work/link", AccessWrite, fs.ErrPermission},
		{"/work/link", AccessWrite | AccessEntry, nil},
		{"/work", AccessExec | AccessWrite, nil},
		{"/work/none", AccessExists, fs.ErrNotExist},
	} {
		if err := tr.Access(tc.name, tc.mode); !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
			t.Errorf("Access(%s, %d) = %v, want %v", tc.name, tc.mode, err, tc.want)
		}
	}
}
