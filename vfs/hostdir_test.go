package vfs

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkMountHostDir100k mounts a host directory of 100,000 files
// (1,000 directories of 100) and reads one of them: what a session that
// mounts a big project and touches one file pays. The mount lists only
// the directories walked and reads only the file read.
func BenchmarkMountHostDir100k(b *testing.B) {
	dir := b.TempDir()
	for i := range 1000 {
		d := filepath.Join(dir, fmt.Sprintf("d%03d", i))
		if err := os.Mkdir(d, 0o755); err != nil {
			b.Fatal(err)
		}
		for j := range 100 {
			if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%02d", j)), []byte("x\n"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		tree := NewDefault(Options{})
		src, err := OpenHostDir(dir)
		if err != nil {
			b.Fatal(err)
		}
		if err := tree.Mount("/work/big", src, CopyOnWrite); err != nil {
			b.Fatal(err)
		}
		if data, err := ReadFile(tree, "/work/big/d500/f50"); err != nil || string(data) != "x\n" {
			b.Fatalf("%q %v", data, err)
		}
		src.root.Close()
	}
}
