package vfs

import (
	"slices"
	"testing"
)

func TestTracker(t *testing.T) {
	t.Parallel()
	tree := NewDefault(Options{})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(WriteFile(tree, "/work/keep", []byte("k"), 0o644))
	must(WriteFile(tree, "/work/gone", []byte("g"), 0o644))
	must(MkdirAll(tree, "/work/d/e", 0o755))
	must(WriteFile(tree, "/work/d/e/f", []byte("f"), 0o644))
	tr := tree.Track()
	check := func(want ...string) {
		t.Helper()
		if got := tr.Changed(); !slices.Equal(got, want) {
			t.Errorf("Changed() = %q, want %q", got, want)
		}
	}
	check()
	must(WriteFile(tree, "/work/new", []byte("n"), 0o644))
	must(WriteFile(tree, "/work/keep", []byte("k2"), 0o644))
	must(tree.Remove("/work/gone"))
	must(MkdirAll(tree, "/tmp/x/y", 0o755))
	check("/tmp/x/y", "/work/gone", "/work/keep", "/work/new")
	// once reported, not again
	check()
	// the same content again is no change; the executable bit is
	must(WriteFile(tree, "/work/keep", []byte("k2"), 0o644))
	must(tree.Chmod("/work/new", 0o755))
	check("/work/new")
	// a directory removed with what it held, and a link
	must(RemoveAll(tree, "/work/d"))
	must(tree.Symlink("keep", "/work/link"))
	check("/work/d/e/f", "/work/link")
	// a file made into a directory
	must(tree.Remove("/work/new"))
	must(tree.Mkdir("/work/new", 0o755))
	must(WriteFile(tree, "/work/new/inner", nil, 0o644))
	check("/work/new", "/work/new/inner")
}
