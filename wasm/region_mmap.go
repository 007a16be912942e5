//go:build linux || darwin

package wasm

import "syscall"

// region is address space reserved for a linear memory at its largest
// size, of which the first committed bytes may be used. The host gives
// memory to a page the first time it is touched, and the garbage
// collector never sees it.
type region struct {
	mem       []byte
	committed uint64
}

// reserve reserves n bytes of address space, none of them usable yet:
// reserving costs no memory, and counts nothing against the host's limits.
func reserve(n uint64) (region, error) {
	if n == 0 {
		return region{}, nil
	}
	mem, err := syscall.Mmap(-1, 0, int(n), syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return region{}, err
	}
	return region{mem: mem}, nil
}

// commit makes the first n bytes usable (zero where never used), n a
// multiple of the host's page size; it never shrinks what is usable.
func (r *region) commit(n uint64) error {
	if n <= r.committed {
		return nil
	}
	if n > uint64(len(r.mem)) {
		return syscall.ENOMEM
	}
	if err := syscall.Mprotect(r.mem[r.committed:n], syscall.PROT_READ|syscall.PROT_WRITE); err != nil {
		return err
	}
	r.committed = n
	return nil
}

// release returns the address space, and the memory in it, to the host.
func (r *region) release() {
	if r.mem != nil {
		syscall.Munmap(r.mem)
		r.mem, r.committed = nil, 0
	}
}
