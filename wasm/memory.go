package wasm

import (
	"sync"

	"github.com/tetratelabs/wazero/experimental"
)

// pageSize is the size of a WebAssembly memory page.
const pageSize = 64 << 10

// allocator backs a run's linear memory and enforces the memory cap. It
// is the allocator, rather than wazero's own limit, that refuses growth
// past the cap, so that the run knows why the module failed: over is
// called, and the run stops the module and says it ran out of memory.
type allocator struct {
	limit uint64 // bytes
	over  func()
	pool  *memPool
}

func (a *allocator) Allocate(capacity, _ uint64) experimental.LinearMemory {
	capacity = min(capacity, a.limit)
	return &linearMemory{a: a, buf: a.pool.get(capacity)}
}

type linearMemory struct {
	a      *allocator
	buf    []byte
	inited bool
}

// Reallocate grows the memory to size bytes, or returns nil past the cap.
// The first call sizes the memory the module declares: wazero cannot take
// a refusal there, so a module that starts over the cap (Run refuses those
// it can see beforehand) gets its memory and is stopped before it runs.
// Growth is exact, without spare capacity: a new buffer costs its zeroing,
// and Go programs grow their memory in a few large steps.
func (m *linearMemory) Reallocate(size uint64) []byte {
	first := !m.inited
	m.inited = true
	if size > m.a.limit {
		m.a.over()
		if !first {
			return nil
		}
	}
	if size <= uint64(cap(m.buf)) {
		// Bytes past the old length were never handed out (or were
		// cleared when the buffer went back to the pool): still zero.
		m.buf = m.buf[:size]
		return m.buf
	}
	grown := make([]byte, size)
	copy(grown, m.buf)
	m.buf = grown
	return m.buf
}

// Free gives the memory back to the pool when the module is closed: the
// next run reuses it instead of making the garbage collector find tens of
// megabytes after every run.
func (m *linearMemory) Free() {
	m.a.pool.put(m.buf)
	m.buf = nil
}

// memPool keeps a few linear memories of finished runs, cleared.
type memPool struct {
	mu   sync.Mutex
	bufs [][]byte
	// closed: the runtime is closing, which frees the memories of modules
	// that may still be running; none of them may be handed out again.
	closed bool
}

// close empties the pool and keeps it empty.
func (p *memPool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed, p.bufs = true, nil
}

// memPoolSize is how many memories the pool keeps, enough for a pipeline
// of a few modules, and memPoolMax the largest it keeps: a session holds
// on to 64 MiB at most (a Go hello world uses 3).
const (
	memPoolSize = 4
	memPoolMax  = 16 << 20
)

// get returns an empty buffer with at least capacity bytes of capacity,
// zero throughout.
func (p *memPool) get(capacity uint64) []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	best := -1
	for i, b := range p.bufs {
		if uint64(cap(b)) >= capacity && (best < 0 || cap(b) > cap(p.bufs[best])) {
			best = i
		}
	}
	if best < 0 {
		return make([]byte, 0, capacity)
	}
	b := p.bufs[best]
	p.bufs = append(p.bufs[:best], p.bufs[best+1:]...)
	return b[:0]
}

// put clears b and keeps it, unless the pool is full of larger ones.
func (p *memPool) put(b []byte) {
	if cap(b) == 0 || cap(b) > memPoolMax {
		return
	}
	clear(b)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	if len(p.bufs) < memPoolSize {
		p.bufs = append(p.bufs, b[:0])
		return
	}
	smallest := 0
	for i := range p.bufs {
		if cap(p.bufs[i]) < cap(p.bufs[smallest]) {
			smallest = i
		}
	}
	if cap(p.bufs[smallest]) < cap(b) {
		p.bufs[smallest] = b[:0]
	}
}
