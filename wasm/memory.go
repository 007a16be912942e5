package wasm

import (
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

	mu   sync.Mutex
	mems []*linearMemory
}

func (a *allocator) Allocate(_, max uint64) experimental.LinearMemory {
	m := &linearMemory{a: a}
	m.region, m.err = reserve(min(max, a.limit))
	a.mu.Lock()
	defer a.mu.Unlock()
	a.mems = append(a.mems, m)
	return m
}

// release gives back the memories of the run. Run calls it once the
// module has stopped: wazero frees a memory when the module is closed,
// which closing the runtime does while the module may still be running,
// so Free leaves the memory where it is.
func (a *allocator) release() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, m := range a.mems {
		m.region.release()
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
