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
