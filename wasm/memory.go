package wasm

import (
	"slices"
	"sync"

	"github.com/tetratelabs/wazero/experimental"
)

// pageSize is the size of a WebAssembly memory page.
const pageSize = 64 << 10

// allocator backs the linear memory of one run and enforces the memory
// cap. It is the allocator, rather than wazero's own limit, that refuses
// growth past the cap, so that the run knows why the module failed: over
// is called, and the run stops the module and says it ran out of memory.
//
// A memory never moves and is never copied: it is address space reserved
// at its largest size when the module starts (see region), of which
// growth makes more usable, so the host spends on it what the module
// uses, up to the cap, and no more. (Growing by copying into a larger
// buffer left every smaller one to the garbage collector: a module
// growing its memory a MiB at a time to a 2 GiB cap held 12 GB.)
type allocator struct {
	limit uint64 // bytes
	over  func()
	pool  *regionPool

	mu   sync.Mutex
	mems []*linearMemory
}

func (a *allocator) Allocate(_, max uint64) experimental.LinearMemory {
	m := &linearMemory{a: a}
	m.region, m.err = a.pool.get(min(max, a.limit))
	a.mu.Lock()
	defer a.mu.Unlock()
	a.mems = append(a.mems, m)
	return m
}

// release gives back the memories of the run, to the pool. Run calls it
// once the module has stopped: wazero frees a memory when the module is
// closed, which closing the runtime does while the module may still be
// running, so Free leaves the memory where it is.
func (a *allocator) release() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, m := range a.mems {
		a.pool.put(m.region)
	}
	a.mems = nil
}

type linearMemory struct {
	a      *allocator
	region region
	err    error // why the region could not be reserved
	inited bool
}

// Reallocate grows the memory to size bytes, or returns nil past the cap
// or when the host has no memory to give. The first call sizes the memory
// the module declares: wazero cannot take a refusal there, so a module
// that starts over the cap (Run refuses those it can see beforehand) gets
// a memory of the garbage collector's and is stopped before it runs.
func (m *linearMemory) Reallocate(size uint64) []byte {
	first := !m.inited
	m.inited = true
	if size > m.a.limit || m.err != nil || m.region.commit(size) != nil {
		m.a.over()
		if !first {
			return nil
		}
		return make([]byte, size)
	}
	return m.region.mem[:size:size]
}

// Free does nothing: see allocator.release.
func (m *linearMemory) Free() {}

// regionPool keeps the regions of finished runs, the part they used
// cleared but still the process's, for later runs: a run then starts
// without the page faults of fresh memory (they cost the second run of
// a Go hello world 1.5 ms, a quarter of it).
type regionPool struct {
	mu     sync.Mutex
	free   []region
	closed bool
}

// regionPoolSize is how many regions the pool keeps, enough for a
// pipeline of a few modules, and regionPoolMax the most a kept region may
// have used: a session holds on to 64 MiB at most (a Go hello world uses 3).
const (
	regionPoolSize = 4
	regionPoolMax  = 16 << 20
)

// get returns a region of at least n bytes, zero throughout: a kept one,
// or a new one.
func (p *regionPool) get(n uint64) (region, error) {
	p.mu.Lock()
	for i, r := range p.free {
		if uint64(len(r.mem)) >= n {
			p.free = slices.Delete(p.free, i, i+1)
			p.mu.Unlock()
			return r, nil
		}
	}
	p.mu.Unlock()
	return reserve(n)
}

// put keeps r, cleared, or releases it when the pool is full or closed,
// or r used more than regionPoolMax.
func (p *regionPool) put(r region) {
	if r.committed == 0 || r.committed > regionPoolMax {
		r.release()
		return
	}
	clear(r.mem[:r.committed])
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed || len(p.free) >= regionPoolSize {
		r.release()
		return
	}
	p.free = append(p.free, r)
}

// close releases the regions kept, and every region put from now on.
func (p *regionPool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, r := range p.free {
		r.release()
	}
	p.free, p.closed = nil, true
}
