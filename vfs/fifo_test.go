package vfs

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"testing"
)

func mkfifo(t *testing.T, fsys FS, name string) {
	t.Helper()
	f, err := fsys.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_RDONLY, fs.ModeNamedPipe|0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Read(make([]byte, 1)); !errors.Is(err, syscall.EBADF) {
		t.Errorf("read of the handle mkfifo gets: %v, want EBADF", err)
	}
	f.Close()
	info, err := fsys.Lstat(name)
	if err != nil || info.Mode() != fs.ModeNamedPipe|0o644 || info.Size() != 0 {
		t.Fatalf("lstat of a new FIFO: %v %v", info, err)
	}
}

// openEnd opens an end of a FIFO and completes the opening in the
// background: the result arrives once the other end is open.
func openEnd(fsys FS, name string, flag int, ctx context.Context) chan File {
	f, err := fsys.OpenFile(name, flag, 0)
	ch := make(chan File, 1)
	if err != nil {
		close(ch)
		return ch
	}
	go func() {
		if WaitOpen(ctx, f) == nil {
			ch <- f
		}
		close(ch)
	}()
	return ch
}

// TestFIFO: a FIFO passes bytes from its writers to its readers, an end
// waits for the other, the end of the writers is the readers' EOF, a
// writer without readers gets EPIPE, and a context ends a wait.
func TestFIFO(t *testing.T) {
	t.Parallel()
	tree := NewDefault(Options{})
	mkfifo(t, tree, "/tmp/p")
	if _, err := tree.OpenFile("/tmp/p", os.O_CREATE|os.O_EXCL|os.O_RDONLY, fs.ModeNamedPipe|0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("mkfifo of an existing name: %v", err)
	}
	rch := openEnd(tree, "/tmp/p", os.O_RDONLY, context.Background())
	select {
	case <-rch:
		t.Fatal("a reader's opening completed with no writer")
	default:
	}
	w := <-openEnd(tree, "/tmp/p", os.O_WRONLY, context.Background())
	r := <-rch
	if r == nil || w == nil {
		t.Fatal("the ends did not meet")
	}
	go func() {
		w.Write([]byte("hello "))
		w.Write([]byte("world"))
		w.Close()
	}()
	got, err := io.ReadAll(r)
	if string(got) != "hello world" || err != nil {
		t.Errorf("read %q, %v", got, err)
	}
	r.Close()

	// a writer whose reader is gone: EPIPE
	rw, err := tree.OpenFile("/tmp/p", os.O_RDWR, 0)
	if err != nil || WaitOpen(context.Background(), rw) != nil {
		t.Fatal("O_RDWR must open at once", err)
	}
	if _, err := rw.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := rw.Seek(0, io.SeekStart); !errors.Is(err, syscall.ESPIPE) {
		t.Errorf("seek: %v, want ESPIPE", err)
	}
	rw.Close()

	// O_NONBLOCK: a writer with no reader fails with ENXIO
	if _, err := tree.OpenFile("/tmp/p", os.O_WRONLY|syscall.O_NONBLOCK, 0); !errors.Is(err, syscall.ENXIO) {
		t.Errorf("non-blocking writer without a reader: %v, want ENXIO", err)
	}

	// a context ends the wait for the other end
	ctx, cancel := context.WithCancel(context.Background())
	f, err := tree.OpenFile("/tmp/p", os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() { done <- WaitOpen(ctx, f) }()
	cancel()
	if err := <-done; !errors.Is(err, syscall.EINTR) {
		t.Errorf("cancelled wait: %v, want EINTR", err)
	}
	// the cancelled end was closed: a writer now waits for a new reader
	rch = openEnd(tree, "/tmp/p", os.O_RDONLY, context.Background())
	w = <-openEnd(tree, "/tmp/p", os.O_WRONLY, context.Background())
	r = <-rch
	r.Close()
	if _, err := w.Write([]byte("x")); !errors.Is(err, syscall.EPIPE) {
		t.Errorf("write with no reader: %v, want EPIPE", err)
	}
	w.Close()
}

// TestFIFOHistory: a snapshot records a FIFO as an empty file marked in
// the modes; a rollback makes it a FIFO again, and a file that replaced
// it a FIFO too.
func TestFIFOHistory(t *testing.T) {
	t.Parallel()
	tree := NewDefault(Options{})
	repo, _, err := OpenRepo(tree, RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mkfifo(t, tree, "/work/p")
	if err := tree.Chmod("/work/p", 0o600); err != nil {
		t.Fatal(err)
	}
	snap, _, err := repo.Snapshot("fifo", State{Dir: "/work"})
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Remove("/work/p"); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(tree, "/work/p", []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !repo.Dirty() {
		t.Error("a file in place of a FIFO is not a change")
	}
	if _, err := repo.Rollback(snap.ID); err != nil {
		t.Fatal(err)
	}
	info, err := tree.Lstat("/work/p")
	if err != nil || info.Mode() != fs.ModeNamedPipe|0o600 {
		t.Fatalf("after rollback: %v, %v", info, err)
	}
	if repo.Dirty() {
		t.Error("a rolled back FIFO differs from its snapshot")
	}
}
