package vfs

import (
	"os"
	"testing"
)

// Creating through a dangling relative link puts the file where the link
// points from the directory that really holds it, as Linux does: through
// /etc/back -> /work/sub, the link sub/rdang -> ../new names /work/new,
// not /etc/new (the gate checks the former; the tree used to create the
// latter).
func TestCreateThroughDanglingRelativeLink(t *testing.T) {
	t.Parallel()
	tree := NewTree(Options{})
	for _, d := range []string{"/etc", "/work", "/work/sub"} {
		if err := tree.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := tree.Symlink("/work/sub", "/etc/back"); err != nil {
		t.Fatal(err)
	}
	if err := tree.Symlink("../new", "/work/sub/rdang"); err != nil {
		t.Fatal(err)
	}
	f, err := tree.OpenFile("/etc/back/rdang", os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := tree.Stat("/work/new"); err != nil {
		t.Errorf("/work/new: %v", err)
	}
	if _, err := tree.Stat("/etc/new"); err == nil {
		t.Errorf("/etc/new was created")
	}
	if real, err := EvalSymlinks(tree, "/etc/back/rdang"); err != nil || real != "/work/new" {
		t.Errorf("EvalSymlinks: %q, %v", real, err)
	}
}
