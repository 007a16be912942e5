package bench

// Benchmarks of the history on a workspace directory (a git repository on
// disk), as issue 3 lists them:
//
//	go test -run '^$' -bench . -benchtime 20x ./bench
//
// bench/history.sh sets the same operations beside the git command line.

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// treeFiles is the size of the big tree: 100 directories of 100 files;
// the benchmarks that say so run on 10 times that too.
const treeFiles = 10000

// sizes runs bench on trees of 10,000 and 100,000 files.
func sizes(b *testing.B, bench func(b *testing.B, files int)) {
	for _, n := range []int{treeFiles, 10 * treeFiles} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) { bench(b, n) })
	}
}

// newTree is an empty default tree with a logical clock.
func newTree() (*vfs.Tree, *clock.Logical) {
	clk := clock.NewLogical(clock.Epoch)
	return vfs.NewDefault(vfs.Options{Clock: clk, Uid: 1000, Gid: 1000}), clk
}

// content is 1 KiB of text that differs for every name and version.
func content(name string, version int) []byte {
	line := fmt.Sprintf("%s version %d\n", name, version)
	buf := make([]byte, 0, 1024)
	for len(buf)+len(line) <= 1024 {
		buf = append(buf, line...)
	}
	for len(buf) < 1024 {
		buf = append(buf, '.')
	}
	return buf
}

// filePath is the i-th file of the big tree.
func filePath(i int) string {
	return fmt.Sprintf("/work/data/d%04d/f%03d", i/100, i%100)
}

// fill writes n files of 1 KiB under /work/data.
func fill(b *testing.B, tree *vfs.Tree, n, version int) {
	b.Helper()
	for i := range n {
		p := filePath(i)
		if i%100 == 0 {
			if err := vfs.MkdirAll(tree, filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
		}
		if err := vfs.WriteFile(tree, p, content(p, version), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

var state = vfs.State{Env: []string{"HOME=/work", "PATH=/bin:/usr/bin"}, Dir: "/work"}

// openBig makes a workspace directory holding a snapshot of a tree of
// files files and returns it open.
func openBig(b *testing.B, files int) (*vfs.Tree, *vfs.Repo, string) {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "ws")
	tree, clk := newTree()
	fill(b, tree, files, 0)
	r, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{Dir: dir, Clock: clk})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { r.Close() })
	if _, _, err := r.Snapshot("base", state); err != nil {
		b.Fatal(err)
	}
	return tree, r, dir
}

// BenchmarkWrite1KiB writes one 1 KiB file in a 10,000-file workspace:
// lazy writes nothing to disk, eager saves the working state after it (as
// after every command).
func BenchmarkWrite1KiB(b *testing.B) {
	for _, mode := range []string{"lazy", "eager"} {
		b.Run(mode, func(b *testing.B) {
			tree, r, _ := openBig(b, treeFiles)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := vfs.WriteFile(tree, "/work/new.txt", content("new", i), 0o644); err != nil {
					b.Fatal(err)
				}
				if mode == "eager" {
					if err := r.SaveWorking(state); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkSnapshotOneChange snapshots a tree of 10,000 or 100,000 files
// after changing one file.
func BenchmarkSnapshotOneChange(b *testing.B) {
	sizes(b, func(b *testing.B, files int) {
		tree, r, _ := openBig(b, files)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			p := filePath(i * 37 % files)
			if err := vfs.WriteFile(tree, p, content(p, i+1), 0o644); err != nil {
				b.Fatal(err)
			}
			if _, created, err := r.Snapshot("one change", state); err != nil || !created {
				b.Fatal(err, created)
			}
		}
	})
}

// BenchmarkSnapshotUnchanged is snapshot when nothing changed since the
// current snapshot (issue 3: well under a millisecond).
func BenchmarkSnapshotUnchanged(b *testing.B) {
	_, r, _ := openBig(b, treeFiles)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, created, err := r.Snapshot("nothing", state); err != nil || created {
			b.Fatal(err, created)
		}
	}
}

// BenchmarkSnapshotNewFiles snapshots 10,000 new 1 KiB files in a new
// workspace.
func BenchmarkSnapshotNewFiles(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		tree, clk := newTree()
		fill(b, tree, treeFiles, i)
		r, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{Dir: filepath.Join(b.TempDir(), "ws"), Clock: clk})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, _, err := r.Snapshot("new files", state); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		r.Close()
		b.StartTimer()
	}
}

// BenchmarkRollback goes back and forth between two snapshots that differ
// in n files, of a tree of 10,000 files (and of 100,000 for one file);
// each rollback is one op.
func BenchmarkRollback(b *testing.B) {
	for _, c := range []struct{ files, n int }{{treeFiles, 1}, {treeFiles, 1000}, {10 * treeFiles, 1}} {
		b.Run(fmt.Sprintf("%dk/%dfiles", c.files/1000, c.n), func(b *testing.B) {
			tree, r, _ := openBig(b, c.files)
			_, base, err := r.Current()
			if err != nil {
				b.Fatal(err)
			}
			for i := range c.n {
				p := filePath(i * (treeFiles / c.n))
				if err := vfs.WriteFile(tree, p, content(p, 1), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			changed, _, err := r.Snapshot("changed", state)
			if err != nil {
				b.Fatal(err)
			}
			ids := []string{base.ID, changed.ID}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := r.Rollback(ids[i%2]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpen opens a workspace of 10,000 or 100,000 files from disk:
// the tree is read back from the repository.
func BenchmarkOpen(b *testing.B) {
	sizes(b, func(b *testing.B, files int) {
		_, r, dir := openBig(b, files)
		r.Close()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			tree, clk := newTree()
			r, st, err := vfs.OpenRepo(tree, vfs.RepoOptions{Dir: dir, Clock: clk})
			if err != nil || st == nil {
				b.Fatal(err, st)
			}
			b.StopTimer()
			r.Close()
			b.StartTimer()
		}
	})
}
