package engine

import (
	"bytes"
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
)

// ofile is an open file description: what a file descriptor refers to.
// Several descriptors, in one proc or in forked ones, may share it (dup,
// fork); refs counts them, and the underlying file is closed when the
// last one goes, which is how the reader of a pipe sees its end.
type ofile struct {
	r    io.Reader
	w    io.Writer
	c    io.Closer // nil: not ours to close (the session's streams)
	refs atomic.Int32
	// done, when set, is closed after the last reference goes (a command
	// substitution waits on it for writers left in the background).
	done chan struct{}
	name string
}

func newFile(name string, r io.Reader, w io.Writer, c io.Closer) *ofile {
	f := &ofile{r: r, w: w, c: c, name: name}
	f.refs.Store(1)
	return f
}

func (f *ofile) ref() *ofile {
	f.refs.Add(1)
	return f
}

func (f *ofile) unref() {
	if f.refs.Add(-1) != 0 {
		return
	}
	if f.c != nil {
		f.c.Close()
	}
	if f.done != nil {
		close(f.done)
	}
}

func (f *ofile) Read(b []byte) (int, error) {
	if f.r == nil {
		return 0, errBadFd
	}
	return f.r.Read(b)
}

func (f *ofile) Write(b []byte) (int, error) {
	if f.w == nil {
		return 0, errBadFd
	}
	return f.w.Write(b)
}

var errBadFd = errors.New("Bad file descriptor")

// errNoSpace is the write error of a value past its limit.
var errNoSpace = errors.New("out of memory")

// fdTable is a proc's file descriptors: any number of them, indexed by
// number; nil slots are closed.
type fdTable []*ofile

func (t fdTable) get(fd int) *ofile {
	if fd < 0 || fd >= len(t) {
		return nil
	}
	return t[fd]
}

// set puts f at fd (taking over the caller's reference) and returns the
// table, grown if needed; the old description is not released.
func (t fdTable) set(fd int, f *ofile) fdTable {
	for fd >= len(t) {
		t = append(t, nil)
	}
	t[fd] = f
	return t
}

// fork copies the table for a new proc: every description gains a
// reference.
func (t fdTable) fork() fdTable {
	c := make(fdTable, len(t))
	for i, f := range t {
		if f != nil {
			c[i] = f.ref()
		}
	}
	return c
}

func (t fdTable) release() {
	for _, f := range t {
		if f != nil {
			f.unref()
		}
	}
}

// free returns the lowest closed descriptor at or above min.
func (t fdTable) free(min int) int {
	for fd := min; ; fd++ {
		if t.get(fd) == nil {
			return fd
		}
	}
}

// pipe is an in-memory pipe with a buffer, as the kernel gives one:
// writes do not wait for the reader until the buffer is full, reads wait
// for data, a reader sees the end once the write side is closed, and a
// writer gets errBrokenPipe once the read side is. The buffer is a ring
// that grows to pipeSize as the data needs, so that a pipe carrying a
// line costs a small buffer and one carrying megabytes reuses the same
// 64 KiB without allocating.
type pipe struct {
	mu   sync.Mutex
	cond sync.Cond
	// ring holds count bytes from head on, wrapping at its end.
	ring        []byte
	head, count int
	rClosed     bool
	wClosed     bool
	stop        func() bool
}

// pipeSize is the buffer of a pipe, as Linux's default.
const pipeSize = 64 << 10

var errBrokenPipe = errors.New("Broken pipe")

func newPipe(ctx context.Context) (*pipeReader, *pipeWriter) {
	p := &pipe{}
	p.cond.L = &p.mu
	p.stop = context.AfterFunc(ctx, func() {
		p.mu.Lock()
		p.rClosed, p.wClosed = true, true
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	return &pipeReader{p}, &pipeWriter{p}
}

type pipeReader struct{ p *pipe }
type pipeWriter struct{ p *pipe }

// take moves up to len(b) buffered bytes into b (p.mu held).
func (p *pipe) take(b []byte) int {
	n := min(len(b), p.count)
	if n == 0 {
		return 0
	}
	k := copy(b[:n], p.ring[p.head:])
	copy(b[k:n], p.ring)
	p.head = (p.head + n) % len(p.ring)
	p.count -= n
	if p.count == 0 {
		p.head = 0
	}
	return n
}

// put appends b, which fits in pipeSize with what is buffered (p.mu held).
func (p *pipe) put(b []byte) {
	if need := p.count + len(b); need > len(p.ring) {
		size := max(len(p.ring), 512)
		for size < need {
			size *= 2
		}
		ring := make([]byte, min(size, pipeSize))
		p.take(ring)
		p.ring, p.head, p.count = ring, 0, need-len(b)
	}
	tail := (p.head + p.count) % len(p.ring)
	k := copy(p.ring[tail:], b)
	copy(p.ring, b[k:])
	p.count += len(b)
}

func (r *pipeReader) Read(b []byte) (int, error) { return r.read(b, -1) }

// readUntil reads what the pipe holds, up to and including the first
// delim, into b (read's way of taking no byte past its line); it waits
// for data as Read does.
func (r *pipeReader) readUntil(b []byte, delim byte) (int, error) { return r.read(b, int(delim)) }

// read is Read, which stops after the byte delim unless it is -1.
func (r *pipeReader) read(b []byte, delim int) (int, error) {
	p := r.p
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.count == 0 {
		if p.wClosed || p.rClosed {
			return 0, io.EOF
		}
		p.cond.Wait()
	}
	n := min(len(b), p.count)
	if delim >= 0 {
		// the buffered bytes are ring[head:], then ring[:head+count-len(ring)]
		first := p.ring[p.head:min(p.head+n, len(p.ring))]
		if i := bytes.IndexByte(first, byte(delim)); i >= 0 {
			n = i + 1
		} else if i := bytes.IndexByte(p.ring[:n-len(first)], byte(delim)); i >= 0 {
			n = len(first) + i + 1
		}
	}
	n = p.take(b[:n])
	p.cond.Broadcast()
	return n, nil
}

func (r *pipeReader) Close() error { r.p.close(true); return nil }

// close ends one side of the pipe; once both are, it no longer watches
// the context.
func (p *pipe) close(reader bool) {
	p.mu.Lock()
	if reader {
		p.rClosed = true
		p.ring, p.head, p.count = nil, 0, 0
	} else {
		p.wClosed = true
	}
	p.cond.Broadcast()
	done := p.rClosed && p.wClosed
	p.mu.Unlock()
	if done {
		p.stop()
	}
}

func (w *pipeWriter) Write(b []byte) (int, error) {
	p := w.p
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for len(b) > 0 {
		if p.rClosed {
			return n, errBrokenPipe
		}
		if p.wClosed {
			return n, io.ErrClosedPipe
		}
		room := pipeSize - p.count
		if room <= 0 {
			p.cond.Wait()
			continue
		}
		k := min(room, len(b))
		p.put(b[:k])
		b = b[k:]
		n += k
		p.cond.Broadcast()
	}
	return n, nil
}

func (w *pipeWriter) Close() error { w.p.close(false); return nil }

// capture collects a command substitution's output.
type capture struct {
	mu  sync.Mutex
	buf []byte
	// limit, when positive, bounds buf: past it, writes fail and full is
	// called once.
	limit int64
	full  func()
	over  bool
}

func (c *capture) Write(b []byte) (int, error) {
	c.mu.Lock()
	if c.limit > 0 && int64(len(c.buf)+len(b)) > c.limit {
		n := max(int(c.limit)-len(c.buf), 0)
		c.buf = append(c.buf, b[:n]...)
		first := !c.over
		c.over = true
		c.mu.Unlock()
		if first && c.full != nil {
			c.full()
		}
		return n, errNoSpace
	}
	c.buf = append(c.buf, b...)
	c.mu.Unlock()
	return len(b), nil
}

// overflow reports whether a write went past the limit.
func (c *capture) overflow() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.over
}

func (c *capture) bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf
}

// nullFile is /dev/null.
type nullFile struct{}

func (nullFile) Read([]byte) (int, error)    { return 0, io.EOF }
func (nullFile) Write(b []byte) (int, error) { return len(b), nil }
