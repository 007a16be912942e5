package engine

import (
	"bytes"
	"context"
	"io"
	"testing"
)

// TestPipeRing sends data through a pipe in writes and reads of sizes
// that make the ring grow and wrap at every offset, and checks that the
// bytes come out as they went in.
func TestPipeRing(t *testing.T) {
	t.Parallel()
	for _, sizes := range [][2]int{{1, 1}, {1, 7}, {300, 1}, {700, 513}, {5000, 4096}, {pipeSize, 1000}, {3 * pipeSize, pipeSize + 1}, {100_001, 65_535}} {
		w, r := sizes[0], sizes[1]
		var data []byte
		for i := range 300_000 {
			data = append(data, byte(i*7+i/251))
		}
		pr, pw := newPipe(context.Background())
		go func() {
			for rest := data; len(rest) > 0; {
				k := min(w, len(rest))
				if _, err := pw.Write(rest[:k]); err != nil {
					t.Error(err)
				}
				rest = rest[k:]
				w = w%9973 + 1 // vary the sizes
			}
			pw.Close()
		}()
		var got []byte
		buf := make([]byte, r)
		for {
			n, err := pr.Read(buf)
			got = append(got, buf[:n]...)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		pr.Close()
		if !bytes.Equal(got, data) {
			t.Errorf("writes of %d, reads of %d: %d bytes out of %d differ", sizes[0], r, len(got), len(data))
		}
	}
}

// TestPipeReadUntil reads lines through readUntil from a ring that wraps
// at every offset: each read ends at the first newline, wherever it lies
// in the ring, and the bytes come out as they went in.
func TestPipeReadUntil(t *testing.T) {
	t.Parallel()
	var data []byte
	for i := range 20_000 {
		data = append(data, bytes.Repeat([]byte{'a' + byte(i%26)}, i%37)...)
		data = append(data, '\n')
	}
	pr, pw := newPipe(context.Background())
	go func() {
		for rest, w := data, 1; len(rest) > 0; w = w%4093 + 1 {
			k := min(w, len(rest))
			if _, err := pw.Write(rest[:k]); err != nil {
				t.Error(err)
			}
			rest = rest[k:]
		}
		pw.Close()
	}()
	var got []byte
	buf := make([]byte, 50)
	for {
		n, err := pr.readUntil(buf, '\n')
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 && i != n-1 {
			t.Fatalf("read %q: past the newline", buf[:n])
		}
		got = append(got, buf[:n]...)
		if err == io.EOF {
			break
		}
	}
	if !bytes.Equal(got, data) {
		t.Fatalf("got %d bytes, sent %d: they differ", len(got), len(data))
	}
}
