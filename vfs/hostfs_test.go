package vfs

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A file replaced through the workspace directory has the new content and
// leaves no temporary file behind (a ref's, one: the spare the next
// replacement writes), whether it existed or not; a directory in its
// place makes the replacement fail and stays where it was (the swap that
// replaces files must not move it away).
func TestReplace(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"replace", "replaceRef"} {
		dir := t.TempDir()
		fsys := newRootFS(dir).(*rootFS)
		must(t, os.MkdirAll(filepath.Join(dir, "tmp"), 0o755))
		write := func(name, content string) error {
			if how == "replaceRef" {
				return fsys.replaceRef("tmp", name, []byte(content))
			}
			return fsys.replace("tmp", name, 0o644, func(w io.Writer) error {
				_, err := io.WriteString(w, content)
				return err
			})
		}
		for _, c := range []struct{ name, content string }{
			{"refs/heads/main", "one\n"}, {"refs/heads/main", "two\n"}, {"refs/heads/b", "b\n"},
			{"refs/heads/main", "three\n"}, {"refs/heads/b", "b2\n"},
		} {
			must(t, write(c.name, c.content))
			got, err := os.ReadFile(filepath.Join(dir, c.name))
			must(t, err)
			if string(got) != c.content {
				t.Errorf("%s: read %q, want %q", how, got, c.content)
			}
		}
		must(t, os.MkdirAll(filepath.Join(dir, "refs/heads/d/e"), 0o755))
		if err := write("refs/heads/d", "x\n"); err == nil {
			t.Errorf("%s: replacing a directory succeeded", how)
		}
		if fi, err := os.Stat(filepath.Join(dir, "refs/heads/d/e")); err != nil || !fi.IsDir() {
			t.Errorf("%s: the directory moved: %v", how, err)
		}
		must(t, write("refs/heads/main", "four\n"))
		left, err := os.ReadDir(filepath.Join(dir, "tmp"))
		must(t, err)
		if want := map[string]int{"replace": 0, "replaceRef": 1}[how]; len(left) != want {
			t.Errorf("%s: left in tmp: %v", how, left)
		}
	}
}

// A ref removed is gone (its file kept as a spare for the next ref
// written), refs written and removed in turn, as rollbacks do, read
// right, and the spares stay few.
func TestRemoveRef(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fsys := newRootFS(dir).(*rootFS)
	must(t, os.MkdirAll(filepath.Join(dir, "tmp"), 0o755))
	for i := range 10 {
		must(t, fsys.replaceRef("tmp", "refs/moonix/current", []byte(fmt.Sprintln("c", i))))
		must(t, fsys.replaceRef("tmp", "refs/moonix/previous", []byte(fmt.Sprintln("p", i))))
		must(t, fsys.removeRef("tmp", "refs/moonix/current"))
		if _, err := os.Stat(filepath.Join(dir, "refs/moonix/current")); !os.IsNotExist(err) {
			t.Fatalf("round %d: removed ref: %v", i, err)
		}
		got, err := os.ReadFile(filepath.Join(dir, "refs/moonix/previous"))
		must(t, err)
		if string(got) != fmt.Sprintln("p", i) {
			t.Fatalf("round %d: read %q", i, got)
		}
	}
	must(t, fsys.removeRef("tmp", "refs/moonix/none"))
	left, err := os.ReadDir(filepath.Join(dir, "tmp"))
	must(t, err)
	if len(left) > maxSpares {
		t.Errorf("left in tmp: %v", left)
	}
}
