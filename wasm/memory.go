package wasm

import (
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
}

func (a *allocator) Allocate(capacity, _ uint64) experimental.LinearMemory {
	return &linearMemory{a: a, buf: make([]byte, 0, min(capacity, a.limit))}
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
		// Bytes past the old length were never handed out: still zero.
		m.buf = m.buf[:size]
		return m.buf
	}
	grown := make([]byte, size)
	copy(grown, m.buf)
	m.buf = grown
	return m.buf
}

func (m *linearMemory) Free() { m.buf = nil }
