package vfs

import "sync"

// chunkSize is the size of the pieces a file's content is kept in once it
// is past one piece. A file that grows in one slice is copied each time
// the slice doubles, and the old copy stays until the garbage collector
// frees it: writing 500 MB took 1.05 GB. In pieces, a growing file is
// never copied and wastes at most what its last piece has not filled.
const chunkSize = 1 << 20

// content is the bytes of a regular file: chunk i holds the bytes from
// i*chunkSize, as many as its length says; the rest of the file up to
// size, and what a missing chunk holds, reads as zeros (a file extended
// by truncate, or written past its end, costs nothing for its hole). The
// zero value is an empty file. A content is not safe for concurrent use:
// the tree's lock guards it.
type content struct {
	chunks [][]byte
	size   int64
}

// contentOf is a content holding b (not copied).
func contentOf(b []byte) content {
	c := content{size: int64(len(b))}
	for len(b) > 0 {
		n := min(len(b), chunkSize)
		c.chunks = append(c.chunks, b[:n:n])
		b = b[n:]
	}
	return c
}

// readAt copies the bytes from off into p, up to the end of the file, and
// returns how many.
func (c *content) readAt(p []byte, off int64) int {
	if off >= c.size {
		return 0
	}
	p = p[:min(int64(len(p)), c.size-off)]
	done := 0
	for done < len(p) {
		i, o := int((off+int64(done))/chunkSize), int((off+int64(done))%chunkSize)
		n := min(len(p)-done, chunkSize-o)
		seg := p[done : done+n]
		var chunk []byte
		if i < len(c.chunks) {
			chunk = c.chunks[i]
		}
		k := 0
		if o < len(chunk) {
			k = copy(seg, chunk[o:])
		}
		clear(seg[k:])
		done += n
	}
	return done
}

// writeAt writes p at off, extending the file as needed.
func (c *content) writeAt(p []byte, off int64) {
	for len(p) > 0 {
		i, o := int(off/chunkSize), int(off%chunkSize)
		n := min(len(p), chunkSize-o)
		chunk := c.grow(i, o+n)
		copy(chunk[o:], p[:n])
		p, off = p[n:], off+int64(n)
	}
	c.size = max(c.size, off)
}

// grow makes chunk i at least n bytes long and returns it. What it adds
// reads as zeros, as it did before.
func (c *content) grow(i, n int) []byte {
	for len(c.chunks) <= i {
		c.chunks = append(c.chunks, nil)
	}
	chunk := c.chunks[i]
	if n <= len(chunk) {
		return chunk
	}
	if n > cap(chunk) {
		// A small file grows by doubling, as a slice does; a file past
		// its first chunk takes whole chunks, not copied as they fill.
		size := min(max(n, 2*cap(chunk)), chunkSize)
		if i > 0 {
			size = chunkSize
		}
		grown := make([]byte, len(chunk), size)
		copy(grown, chunk)
		chunk = grown
	}
	old := len(chunk)
	chunk = chunk[:n]
	clear(chunk[old:])
	c.chunks[i] = chunk
	return chunk
}

// truncate sets the file's size: a shorter file loses its end, a longer
// one reads zeros there.
func (c *content) truncate(size int64) {
	if size < c.size {
		keep := int((size + chunkSize - 1) / chunkSize)
		if keep < len(c.chunks) {
			clear(c.chunks[keep:]) // let the garbage collector have them
			c.chunks = c.chunks[:keep]
		}
		if size%chunkSize != 0 && keep > 0 && keep <= len(c.chunks) {
			last := &c.chunks[keep-1]
			*last = (*last)[:min(len(*last), int(size%chunkSize))]
		}
	}
	c.size = size
}

// zeros is what a hole is read as by each.
var zeros = sync.OnceValue(func() []byte { return make([]byte, chunkSize) })

// each calls fn with the file's bytes in order, in pieces (holes as
// zeros); fn must not keep them.
func (c *content) each(fn func([]byte)) {
	for off := int64(0); off < c.size; off += chunkSize {
		n := int(min(chunkSize, c.size-off))
		var chunk []byte
		if i := int(off / chunkSize); i < len(c.chunks) {
			chunk = c.chunks[i]
		}
		chunk = chunk[:min(len(chunk), n)]
		if len(chunk) > 0 {
			fn(chunk)
		}
		if len(chunk) < n {
			fn(zeros()[:n-len(chunk)])
		}
	}
}

// bytes is a copy of the whole file in one slice.
func (c *content) bytes() []byte {
	out := make([]byte, 0, c.size)
	c.each(func(b []byte) { out = append(out, b...) })
	return out
}
