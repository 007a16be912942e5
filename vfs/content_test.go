package vfs

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"testing"
)

// A content behaves as one slice would, across chunks, holes and
// truncations: random writes, truncations and reads against a plain
// slice.
func TestContentAgainstSlice(t *testing.T) {
	t.Parallel()
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 2))
	var c content
	var want []byte
	// offsets near chunk boundaries, within three chunks
	at := func() int64 {
		base := int64(rng.IntN(4)) * chunkSize
		return max(0, base+int64(rng.IntN(64))-32)
	}
	for step := range 1000 {
		switch rng.IntN(4) {
		case 0, 1:
			off := at()
			p := make([]byte, rng.IntN(3)*rng.IntN(chunkSize/2)+rng.IntN(10))
			for i := range p {
				p[i] = byte(rng.IntN(255) + 1)
			}
			c.writeAt(p, off)
			if end := off + int64(len(p)); end > int64(len(want)) {
				want = append(want, make([]byte, end-int64(len(want)))...)
			}
			copy(want[off:], p)
		case 2:
			size := at()
			c.truncate(size)
			if size < int64(len(want)) {
				want = want[:size]
			} else {
				want = append(want, make([]byte, size-int64(len(want)))...)
			}
		case 3:
			off := at()
			p := make([]byte, rng.IntN(2*chunkSize))
			n := c.readAt(p, off)
			var w []byte
			if off < int64(len(want)) {
				w = want[off:min(int64(len(want)), off+int64(len(p)))]
			}
			if !bytes.Equal(p[:n], w) {
				t.Fatalf("seed %d, step %d: read %d at %d differs", seed, step, n, off)
			}
		}
		if c.size != int64(len(want)) {
			t.Fatalf("seed %d, step %d: size %d, want %d", seed, step, c.size, len(want))
		}
		for i, ch := range c.chunks {
			if len(ch) > chunkSize || cap(ch) > chunkSize || int64(i)*chunkSize+int64(len(ch)) > c.size {
				t.Fatalf("seed %d, step %d: chunk %d of %d bytes (cap %d) in a file of %d", seed, step, i, len(ch), cap(ch), c.size)
			}
		}
	}
	if got := c.bytes(); !bytes.Equal(got, want) {
		t.Fatalf("seed %d: the whole content differs", seed)
	}
	if got := contentOf(want); !bytes.Equal(got.bytes(), want) {
		t.Fatalf("seed %d: contentOf differs", seed)
	}
}

// Growing a file by small writes never holds it twice, nor leaves copies
// behind for the garbage collector: what is allocated is its size, bar
// the first chunk's doublings and the last chunk's spare room.
func TestContentGrowsInPlace(t *testing.T) {
	var c content
	p := make([]byte, 4096)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for c.size < 20*chunkSize+100 {
		c.writeAt(p, c.size)
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(c.size)+3*chunkSize {
		t.Errorf("%d bytes allocated for %d", alloc, c.size)
	}
}
