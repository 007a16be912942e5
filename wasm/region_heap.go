//go:build !(linux || darwin)

package wasm

import "syscall"

// region is a linear memory taken from the garbage collector's heap,
// where moonix does not reserve address space with mmap: it grows by
// copying into a buffer twice as large (up to the largest size), so that
// a memory growing a page at a time is copied a few times, not at every
// page.
type region struct {
	mem       []byte
	committed uint64
	size      uint64 // the largest size
}

func reserve(n uint64) (region, error) {
	return region{size: n}, nil
}

func (r *region) commit(n uint64) error {
	if n <= r.committed {
		return nil
	}
	if n > r.size {
		return syscall.ENOMEM
	}
	if n > uint64(len(r.mem)) {
		grown := make([]byte, min(max(n, 2*uint64(len(r.mem))), r.size))
		copy(grown, r.mem[:r.committed])
		r.mem = grown
	}
	r.committed = n
	return nil
}

func (r *region) release() { r.mem, r.committed = nil, 0 }
