package wasm

import (
	"encoding/binary"
	"fmt"
	"math"
)

// The few parts of a WebAssembly binary moonix reads itself, before wazero
// compiles it: the sizes its memories and tables start with, which are
// limits moonix enforces beyond what wazero offers.

// section is one section of a module: its id, its body, and where the
// whole section (id and size included) starts and ends in the binary.
type section struct {
	id         byte
	body       []byte
	start, end int
}

// sections splits a module into its sections; ok is false when the binary
// is too short to be a module or a section runs past its end.
func sections(module []byte) (secs []section, ok bool) {
	if len(module) < 8 {
		return nil, false
	}
	r := reader{b: module, i: 8} // after the magic and the version
	for r.i < len(r.b) {
		start := r.i
		id := r.byte()
		size := r.uleb()
		if r.bad || uint64(len(r.b)-r.i) < size {
			return nil, false
		}
		body := r.b[r.i : r.i+int(size)]
		r.i += int(size)
		secs = append(secs, section{id: id, body: body, start: start, end: r.i})
	}
	return secs, true
}

// Section ids and import kinds.
const (
	secImport = 2
	secTable  = 4
	secMemory = 5

	importFunc   = 0x00
	importTable  = 0x01
	importMemory = 0x02
	importGlobal = 0x03
	importTag    = 0x04
)

// declaredPages returns the largest initial size, in pages, of the
// memories a module defines or imports, read from its binary; ok is false
// when the binary cannot be read that far (wazero then says why).
//
// The memory cap is enforced as the memory grows (see allocator); a
// memory that starts over the cap is refused before the module is
// instantiated, so that nothing that large is ever allocated.
func declaredPages(module []byte) (pages uint64, ok bool) {
	secs, ok := sections(module)
	if !ok {
		return 0, false
	}
	for _, s := range secs {
		sec := reader{b: s.body}
		switch s.id {
		case secImport:
			for n := sec.uleb(); n > 0 && !sec.bad; n-- {
				sec.skip(sec.uleb()) // module
				sec.skip(sec.uleb()) // name
				switch sec.byte() {
				case importFunc: // its type
					sec.uleb()
				case importTag: // an attribute and a type
					sec.byte()
					sec.uleb()
				case importTable:
					sec.byte()
					sec.limits()
				case importMemory:
					pages = max(pages, sec.limits().min)
				case importGlobal:
					sec.byte()
					sec.byte()
				default:
					return 0, false
				}
			}
		case secMemory:
			for n := sec.uleb(); n > 0 && !sec.bad; n-- {
				pages = max(pages, sec.limits().min)
			}
		}
		if sec.bad {
			return 0, false
		}
	}
	return pages, true
}

// maxTableElements is how many elements the tables of a module may hold
// together. wazero keeps a table as a slice of pointers and grows it on
// table.grow with no limit of its own: a module looping on table.grow
// held 3 GB within 3 seconds. A Go program's one table has about as many
// elements as the program has functions (5,856 for a hello world); C and
// Rust programs have a few hundred at most. 1 Mi elements is 8 MiB.
const maxTableElements = 1 << 20

// boundTables returns module with a maximum set on each table it defines,
// so that its tables together never hold more than limit elements: past
// the maximum, table.grow fails (returns -1), as the WebAssembly
// specification lets an engine refuse growth. Each table may grow by an
// equal share of what the tables' initial sizes leave of limit; a table
// keeps a lower maximum of its own. It returns module itself when nothing
// changes, and an *Error when the tables start over limit or the binary
// cannot be read.
//
// Imported tables are left alone: moonix offers none, so a module
// importing one never starts.
func boundTables(module []byte, limit uint64) ([]byte, error) {
	secs, ok := sections(module)
	if !ok {
		if len(module) < 8 {
			return module, nil // not a module at all: wazero says so
		}
		return nil, &Error{Msg: "not a valid WebAssembly module: a section runs past the end of the binary"}
	}
	for _, s := range secs {
		if s.id != secTable {
			continue
		}
		sec := reader{b: s.body}
		type table struct {
			ref byte
			lim limits
		}
		var tables []table
		var total uint64
		for n := sec.uleb(); n > 0 && !sec.bad; n-- {
			t := table{ref: sec.byte(), lim: sec.limits()}
			// Shared or 64-bit tables are not WebAssembly 2.0, and
			// sizes are 32-bit (so the total cannot wrap around).
			if t.lim.flags > 1 || t.lim.min > math.MaxUint32 || t.lim.max > math.MaxUint32 {
				sec.bad = true
			}
			tables = append(tables, t)
			total += t.lim.min
		}
		if sec.bad || sec.i != len(sec.b) {
			return nil, &Error{Msg: "not a valid WebAssembly module: malformed table section"}
		}
		if total > limit {
			return nil, &Error{Msg: fmt.Sprintf("cannot run: its tables start with %d elements (limit %d)", total, limit)}
		}
		if len(tables) == 0 {
			return module, nil
		}
		share := (limit - total) / uint64(len(tables))
		body := binary.AppendUvarint(nil, uint64(len(tables)))
		changed := false
		for _, t := range tables {
			bound := t.lim.min + share
			if t.lim.hasMax && t.lim.max <= bound {
				bound = t.lim.max
			} else {
				changed = true
			}
			body = append(body, t.ref, 0x01)
			body = binary.AppendUvarint(body, t.lim.min)
			body = binary.AppendUvarint(body, bound)
		}
		if !changed {
			return module, nil
		}
		out := make([]byte, 0, len(module)+len(body)-len(s.body)+binary.MaxVarintLen32)
		out = append(out, module[:s.start]...)
		out = append(out, secTable)
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = append(out, body...)
		return append(out, module[s.end:]...), nil
	}
	return module, nil
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

// limits are a memory's or a table's.
type limits struct {
	flags    byte
	min, max uint64
	hasMax   bool
}

func (r *reader) limits() limits {
	var l limits
	l.flags = r.byte()
	l.min = r.uleb()
	if l.flags&1 != 0 {
		l.max, l.hasMax = r.uleb(), true
	}
	return l
}
