package wasm

// declaredPages returns the largest initial size, in pages, of the
// memories a module defines or imports, read from its binary; ok is false
// when the binary cannot be read that far (wazero then says why).
//
// The memory cap is enforced as the memory grows (see allocator); a
// memory that starts over the cap is refused before the module is
// instantiated, so that nothing that large is ever allocated.
func declaredPages(module []byte) (pages uint64, ok bool) {
	r := reader{b: module}
	if len(module) < 8 {
		return 0, false
	}
	r.i = 8 // magic and version
	for r.i < len(r.b) {
		id := r.byte()
		size := r.uleb()
		if r.bad || uint64(len(r.b)-r.i) < size {
			return 0, false
		}
		sec := reader{b: r.b[r.i : r.i+int(size)]}
		r.i += int(size)
		switch id {
		case 2: // imports
			for n := sec.uleb(); n > 0 && !sec.bad; n-- {
				sec.skip(sec.uleb()) // module
				sec.skip(sec.uleb()) // name
				switch sec.byte() {
				case 0x00: // function: its type
					sec.uleb()
				case 0x04: // tag: an attribute and a type
					sec.byte()
					sec.uleb()
				case 0x01: // table
					sec.byte()
					sec.limits()
				case 0x02: // memory
					pages = max(pages, sec.limits())
				case 0x03: // global
					sec.byte()
					sec.byte()
				default:
					return 0, false
				}
			}
		case 5: // memories
			for n := sec.uleb(); n > 0 && !sec.bad; n-- {
				pages = max(pages, sec.limits())
			}
		}
		if sec.bad {
			return 0, false
		}
	}
	return pages, !r.bad
}

// reader reads the parts of a WebAssembly binary; bad is set when it runs
// out of bytes.
type reader struct {
	b   []byte
	i   int
	bad bool
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.bad = true
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uleb() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.bad = true
	return 0
}

func (r *reader) skip(n uint64) {
	if uint64(len(r.b)-r.i) < n {
		r.bad = true
		return
	}
	r.i += int(n)
}

// limits reads a memory's or table's limits and returns the minimum.
func (r *reader) limits() uint64 {
	flags := r.byte()
	min := r.uleb()
	if flags&1 != 0 {
		r.uleb()
	}
	return min
}
