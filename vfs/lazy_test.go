package vfs

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// diskRepo is a new tree with its history in a workspace directory.
func diskRepo(t *testing.T) (*Tree, *Repo, string) {
	dir := filepath.Join(t.TempDir(), "ws")
	tree, r := newRepo(t, dir)
	return tree, r, dir
}

// reopen opens the workspace dir in a fresh tree.
func reopen(t *testing.T, dir string) (*Tree, *Repo) {
	t.Helper()
	tree := NewDefault(Options{Uid: 1000, Gid: 1000})
	r, _, err := OpenRepo(tree, RepoOptions{Dir: dir})
	must(t, err)
	t.Cleanup(func() { r.Close() })
	return tree, r
}

// loseBlob damages the blob holding content in its pack, as a bad disk
// would (its compressed data no longer inflates), and returns what
// repairs it.
func loseBlob(t *testing.T, r *Repo, dir, content string) (repair func()) {
	t.Helper()
	p, off := r.packs.find(plumbing.ComputeHash(plumbing.BlobObject, []byte(content)))
	if p == nil {
		t.Fatalf("no pack holds %q", content)
	}
	f, err := os.OpenFile(filepath.Join(dir, packName(p.id, ".pack")), os.O_RDWR, 0)
	must(t, err)
	defer f.Close()
	head := make([]byte, 16)
	_, err = f.ReadAt(head, off)
	must(t, err)
	i := 0
	for head[i]&0x80 != 0 { // the entry's type and size
		i++
	}
	zlibAt := off + int64(i) + 1
	_, err = f.WriteAt([]byte{0, 0}, zlibAt)
	must(t, err)
	return func() {
		f, err := os.OpenFile(filepath.Join(dir, packName(p.id, ".pack")), os.O_RDWR, 0)
		must(t, err)
		defer f.Close()
		_, err = f.WriteAt(head[i+1:i+3], zlibAt)
		must(t, err)
	}
}

// Opening a workspace reads its trees, not its files: a file's content is
// read when it is first used. With one file's object damaged, the workspace
// still opens, the file's size is known, the others read, and reading it
// fails as a disk error.
func TestOpenReadsNoContent(t *testing.T) {
	t.Parallel()
	tree, r, dir := diskRepo(t)
	mustWrite(t, tree, "/work/gone", "the content that goes")
	mustWrite(t, tree, "/work/kept", "kept")
	_, _, err := r.Snapshot("one", State{})
	must(t, err)
	used := tree.Usage()
	loseBlob(t, r, dir, "the content that goes")
	r.Close()

	tree2, _ := reopen(t, dir)
	info, err := tree2.Stat("/work/gone")
	must(t, err)
	if info.Size() != int64(len("the content that goes")) {
		t.Errorf("size %d", info.Size())
	}
	if u := tree2.Usage(); u != used || u != walkUsage(tree2) {
		t.Errorf("usage %+v, was %+v, walked %+v", u, used, walkUsage(tree2))
	}
	if got := read(t, tree2, "/work/kept"); got != "kept" {
		t.Errorf("kept: %q", got)
	}
	_, err = ReadFile(tree2, "/work/gone")
	wantErr(t, err, syscall.EIO)
	f, err := tree2.OpenFile("/work/gone", os.O_WRONLY|os.O_APPEND, 0)
	must(t, err)
	_, err = f.Write([]byte("more"))
	wantErr(t, err, syscall.EIO)
	f.Close()
	// Replacing it whole needs no old content.
	mustWrite(t, tree2, "/work/gone", "new")
	if got := read(t, tree2, "/work/gone"); got != "new" {
		t.Errorf("rewritten: %q", got)
	}
}

// The sizes of the blobs are kept beside the repository so that opening
// reads no object's header; without the file (a workspace from before it,
// or one whose file was lost) they are read from the objects and the file
// is written again, and a torn last record is cut off.
func TestBlobSizesFile(t *testing.T) {
	t.Parallel()
	tree, r, dir := diskRepo(t)
	mustWrite(t, tree, "/work/a", "alpha")
	mustWrite(t, tree, "/work/b", strings.Repeat("b", 1000))
	_, _, err := r.Snapshot("one", State{})
	must(t, err)
	want := dump(t, tree)
	used := tree.Usage()
	r.Close()
	sizes := filepath.Join(dir, sizesFile)
	data, err := os.ReadFile(sizes)
	must(t, err)
	if len(data) == 0 || len(data)%sizesRecord != 0 {
		t.Fatalf("sizes file of %d bytes", len(data))
	}

	for name, damage := range map[string]func(){
		"missing": func() { must(t, os.Remove(sizes)) },
		"torn": func() {
			f, err := os.OpenFile(sizes, os.O_WRONLY|os.O_APPEND, 0)
			must(t, err)
			f.Write([]byte("torn"))
			f.Close()
		},
	} {
		damage()
		tree2, r2 := reopen(t, dir)
		if got := tree2.Usage(); got != used {
			t.Errorf("%s: usage %+v, want %+v", name, got, used)
		}
		if got := dump(t, tree2); got != want {
			t.Errorf("%s: tree\n%s\nwant\n%s", name, got, want)
		}
		r2.Close()
		again, err := os.ReadFile(sizes)
		must(t, err)
		if len(again)%sizesRecord != 0 {
			t.Errorf("%s: sizes file of %d bytes", name, len(again))
		}
		for _, content := range []string{"alpha", strings.Repeat("b", 1000)} {
			h := plumbing.ComputeHash(plumbing.BlobObject, []byte(content))
			if !bytes.Contains(again, h[:]) {
				t.Errorf("%s: no size for %s", name, h)
			}
		}
	}
}

// A big file leaves memory once it is stored and closed, and comes back
// when it is read; an open one stays.
func TestStoredBigFileLeavesMemory(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"", filepath.Join(t.TempDir(), "ws")} {
		tree, r := newRepo(t, dir)
		big := bytes.Repeat([]byte("0123456789abcdef"), dropSize/16+1)
		must(t, WriteFile(tree, "/work/big", big, 0o644))
		must(t, WriteFile(tree, "/work/open", big[1:], 0o644))
		f, err := tree.OpenFile("/work/open", os.O_RDONLY, 0)
		must(t, err)
		used := tree.Usage()
		_, _, err = r.Snapshot("big", State{})
		must(t, err)
		n, err := tree.lookup("test", "/work/big", false)
		must(t, err)
		if n.lazy == nil || n.data.chunks != nil {
			t.Errorf("%q: a stored big file stayed in memory", dir)
		}
		o, err := tree.lookup("test", "/work/open", false)
		must(t, err)
		if o.lazy != nil {
			t.Errorf("%q: an open file left memory", dir)
		}
		f.Close()
		if u := tree.Usage(); u != used {
			t.Errorf("%q: usage %+v, want %+v", dir, u, used)
		}
		got, err := ReadFile(tree, "/work/big")
		if err != nil || !bytes.Equal(got, big) {
			t.Errorf("%q: read back %d bytes, %v", dir, len(got), err)
		}
		if n.lazy != nil {
			t.Errorf("%q: not loaded by a read", dir)
		}
		if r.Dirty() {
			t.Errorf("%q: dirty after reading", dir)
		}
	}
}

// A rollback reads no file either: the files it puts back are read when
// used, and a file open across the rollback reads the restored content.
func TestRollbackReadsNoContent(t *testing.T) {
	t.Parallel()
	tree, r, dir := diskRepo(t)
	mustWrite(t, tree, "/work/f", "first")
	s1, _, err := r.Snapshot("one", State{})
	must(t, err)
	mustWrite(t, tree, "/work/f", "second")
	_, _, err = r.Snapshot("two", State{})
	must(t, err)
	f, err := tree.OpenFile("/work/f", os.O_RDONLY, 0)
	must(t, err)
	defer f.Close()
	repair := loseBlob(t, r, dir, "first")
	_, err = r.Rollback(s1.ID)
	must(t, err)
	if info, err := tree.Stat("/work/f"); err != nil || info.Size() != 5 {
		t.Fatalf("stat after rollback: %v %v", info, err)
	}
	_, err = ReadFile(tree, "/work/f")
	if !errors.Is(err, syscall.EIO) {
		t.Fatalf("read of a damaged object: %v", err)
	}
	repair()
	buf := make([]byte, 10)
	n, _ := f.ReadAt(buf, 0)
	if string(buf[:n]) != "first" {
		t.Fatalf("the open file reads %q", buf[:n])
	}
}
