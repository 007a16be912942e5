package vfs

import (
	"context"
	"io"
	"io/fs"
	"os"
	"sync"
	"syscall"
)

// A FIFO (named pipe, mkfifo) is a node whose mode has fs.ModeNamedPipe.
// It is made by OpenFile with O_CREATE|O_EXCL and fs.ModeNamedPipe in
// perm, which returns a handle that is no end of it (reads and writes
// fail with EBADF): that way it passes the gate as any creation does.
// Opened, it is a pipe between the openers: what one end writes the
// other reads, 64 KiB buffered; a reader sees the end once no writer is
// left, a writer gets EPIPE once no reader is.
//
// Opening an end does not complete until the other end is open too, as
// open(2) blocks (O_RDWR does not wait; with O_NONBLOCK a reader does not
// wait, and a writer fails with ENXIO when no reader is there). OpenFile
// itself never blocks, since the tree and the gate hold locks around it:
// the opener completes the opening with Wait (see Waiter), which a
// context ends; a read or a write of an end not waited for waits first,
// and then only the close of every other end ends the wait.
//
// History cannot hold a FIFO (git has no such object): a snapshot records
// it as an empty file whose mode in moonix.json is marked "p" (p0644),
// and a restore makes it a FIFO again. Its data is never recorded: a
// FIFO holds none once its ends are closed.

// Waiter is an open file whose opening completes later: an end of a FIFO,
// which waits for the other end. Wait returns nil once it has, or
// syscall.EINTR when ctx ends first; ctx also ends the waits of the
// reads and writes that follow. Openers that can be interrupted call it
// right after opening (WaitOpen).
type Waiter interface {
	Wait(ctx context.Context) error
}

// WaitOpen completes the opening of f when it is a Waiter: see Waiter.
// On an error it closes f.
func WaitOpen(ctx context.Context, f File) error {
	w, ok := f.(Waiter)
	if !ok {
		return nil
	}
	if err := w.Wait(ctx); err != nil {
		f.Close()
		return err
	}
	return nil
}

// fifoSize is the buffer of a FIFO, as Linux's default pipe.
const fifoSize = 64 << 10

// fifo is the state of a FIFO node while it has open ends.
type fifo struct {
	mu   sync.Mutex
	cond sync.Cond
	buf  []byte
	// readers and writers count the open ends; rOpens and wOpens count
	// every opening, so that a waiting end sees that the other end came,
	// even when it has gone again since.
	readers, writers int
	rOpens, wOpens   uint64
}

// pipeOf returns n's FIFO state, made on first use. The caller holds
// t.mu (for reading at least).
func (n *node) pipeOf() *fifo {
	if p := n.pipe.Load(); p != nil {
		return p
	}
	p := &fifo{}
	p.cond.L = &p.mu
	if n.pipe.CompareAndSwap(nil, p) {
		return p
	}
	return n.pipe.Load()
}

// openFIFO opens an end of the FIFO n. The caller holds t.mu and has
// checked the permissions.
func (t *Tree) openFIFO(n *node, name string, flag int) (File, error) {
	acc := flag & (os.O_RDONLY | os.O_WRONLY | os.O_RDWR)
	p := n.pipeOf()
	p.mu.Lock()
	defer p.mu.Unlock()
	f := &fifoFile{tree: t, node: n, name: name, pipe: p,
		read: acc != os.O_WRONLY, write: acc != os.O_RDONLY}
	if f.write && !f.read && flag&syscall.O_NONBLOCK != 0 && p.readers == 0 {
		return nil, pathErr("open", name, syscall.ENXIO)
	}
	if f.read {
		p.readers++
		p.rOpens++
		f.seen = p.wOpens
	}
	if f.write {
		p.writers++
		p.wOpens++
		if !f.read {
			f.seen = p.rOpens
		}
	}
	f.ready = acc == os.O_RDWR || f.read && (p.writers > 0 || flag&syscall.O_NONBLOCK != 0) || f.write && p.readers > 0
	p.cond.Broadcast()
	n.opens.Add(1)
	return f, nil
}

// fifoFile is an open end of a FIFO (or, with neither read nor write, the
// handle mkfifo gets).
type fifoFile struct {
	tree        *Tree
	node        *node
	name        string
	pipe        *fifo
	read, write bool

	// guarded by pipe.mu
	ready  bool
	seen   uint64 // the other side's opens when this end opened
	ctx    context.Context
	closed bool
}

var (
	_ File   = (*fifoFile)(nil)
	_ Waiter = (*fifoFile)(nil)
)

func (f *fifoFile) Name() string { return f.name }

// waitFor blocks until cond holds, ctx (the one Wait was given) ends, or no
// end could change anything. The caller holds f.pipe.mu.
func (f *fifoFile) waitFor(cond func() bool) error {
	p := f.pipe
	if f.ctx != nil && f.ctx.Done() != nil {
		stop := context.AfterFunc(f.ctx, func() {
			p.mu.Lock()
			p.cond.Broadcast()
			p.mu.Unlock()
		})
		defer stop()
	}
	for !cond() {
		if f.closed {
			return pathErr("read", f.name, fs.ErrClosed)
		}
		if f.ctx != nil && f.ctx.Err() != nil {
			return syscall.EINTR
		}
		p.cond.Wait()
	}
	return nil
}

// open completes the opening. The caller holds f.pipe.mu.
func (f *fifoFile) open() error {
	if f.ready {
		return nil
	}
	p := f.pipe
	err := f.waitFor(func() bool {
		if f.read {
			return p.wOpens != f.seen
		}
		return p.rOpens != f.seen
	})
	if err == nil {
		f.ready = true
	}
	return err
}

func (f *fifoFile) Wait(ctx context.Context) error {
	f.pipe.mu.Lock()
	defer f.pipe.mu.Unlock()
	f.ctx = ctx
	if !f.read && !f.write {
		return nil
	}
	if err := f.open(); err != nil {
		return pathErr("open", f.name, err)
	}
	return nil
}

func (f *fifoFile) Read(b []byte) (int, error) {
	if !f.read {
		return 0, pathErr("read", f.name, syscall.EBADF)
	}
	p := f.pipe
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := f.open(); err != nil {
		return 0, pathErr("read", f.name, err)
	}
	if len(b) == 0 {
		return 0, nil
	}
	if err := f.waitFor(func() bool { return len(p.buf) > 0 || p.writers == 0 }); err != nil {
		return 0, pathErr("read", f.name, err)
	}
	if len(p.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(b, p.buf)
	p.buf = p.buf[n:]
	if len(p.buf) == 0 {
		p.buf = nil
	}
	p.cond.Broadcast()
	return n, nil
}

func (f *fifoFile) Write(b []byte) (int, error) {
	if !f.write {
		return 0, pathErr("write", f.name, syscall.EBADF)
	}
	p := f.pipe
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := f.open(); err != nil {
		return 0, pathErr("write", f.name, err)
	}
	n := 0
	for len(b) > 0 {
		if err := f.waitFor(func() bool { return len(p.buf) < fifoSize || p.readers == 0 }); err != nil {
			return n, pathErr("write", f.name, err)
		}
		if p.readers == 0 {
			return n, pathErr("write", f.name, syscall.EPIPE)
		}
		k := min(fifoSize-len(p.buf), len(b))
		p.buf = append(p.buf, b[:k]...)
		b = b[k:]
		n += k
		p.cond.Broadcast()
	}
	if n > 0 {
		t := f.tree
		t.mu.Lock()
		now := t.clock.Now()
		f.node.mtime, f.node.ctime = now, now
		t.mu.Unlock()
	}
	return n, nil
}

func (f *fifoFile) Close() error {
	p := f.pipe
	p.mu.Lock()
	if f.closed {
		p.mu.Unlock()
		return pathErr("close", f.name, fs.ErrClosed)
	}
	f.closed = true
	if f.read {
		p.readers--
	}
	if f.write {
		p.writers--
	}
	if p.readers == 0 && p.writers == 0 {
		p.buf = nil // what no end can read is gone, as in Linux
	}
	p.cond.Broadcast()
	p.mu.Unlock()
	f.tree.closed(f.node)
	return nil
}

func (f *fifoFile) Stat() (fs.FileInfo, error) { return f.tree.statNode(f.node, f.name) }

// A FIFO has no offsets: ESPIPE, as lseek and pread give.
func (f *fifoFile) Seek(int64, int) (int64, error) {
	return 0, pathErr("seek", f.name, syscall.ESPIPE)
}
func (f *fifoFile) ReadAt([]byte, int64) (int, error) {
	return 0, pathErr("read", f.name, syscall.ESPIPE)
}
func (f *fifoFile) WriteAt([]byte, int64) (int, error) {
	return 0, pathErr("write", f.name, syscall.ESPIPE)
}

// Truncate fails with EINVAL, as ftruncate of a pipe does.
func (f *fifoFile) Truncate(int64) error { return pathErr("truncate", f.name, fs.ErrInvalid) }

func (f *fifoFile) ReadDir(int) ([]fs.DirEntry, error) {
	return nil, pathErr("readdirent", f.name, syscall.ENOTDIR)
}
