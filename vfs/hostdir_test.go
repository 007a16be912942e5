package vfs

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
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

// A mount point the mount makes has the host directory's permissions and
// times; an entry is listed as the host has it.
func TestHostDirRoot(t *testing.T) {
	dir := t.TempDir()
	must(t, os.Chmod(dir, 0o700))
	must(t, os.WriteFile(filepath.Join(dir, "f"), []byte("data"), 0o640))
	when := time.Date(2020, 2, 29, 12, 0, 0, 0, time.UTC)
	must(t, os.Chtimes(dir, when, when))
	src, err := OpenHostDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	tree := NewDefault(Options{})
	must(t, tree.Mount("/mnt/h", src, ReadOnly))
	info, err := tree.Stat("/mnt/h")
	if err != nil || info.Mode() != os.ModeDir|0o700 || !info.ModTime().Equal(when) || StatOf(info).Nlink != 2 {
		t.Errorf("the mount point: %v %v %v %v", info.Mode(), info.ModTime(), StatOf(info).Nlink, err)
	}
	info, err = tree.Stat("/mnt/h/f")
	if err != nil || info.Mode() != 0o640 || info.Size() != 4 {
		t.Errorf("the file: %v %v %v", info.Mode(), info.Size(), err)
	}
}
