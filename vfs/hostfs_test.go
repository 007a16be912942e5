package vfs

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A file replaced through the workspace directory has the new content and
// leaves no temporary file behind, whether it existed or not; a directory
// in its place makes the replacement fail and stays where it was (the
// swap that replaces files must not move it away).
func TestReplace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fsys := newRootFS(dir).(*rootFS)
	must(t, os.MkdirAll(filepath.Join(dir, "tmp"), 0o755))
	write := func(name, content string) error {
		return fsys.replace("tmp", name, 0o644, func(w io.Writer) error {
			_, err := io.WriteString(w, content)
			return err
		})
	}
	for _, content := range []string{"one\n", "two\n"} {
		must(t, write("refs/heads/main", content))
		got, err := os.ReadFile(filepath.Join(dir, "refs/heads/main"))
		must(t, err)
		if string(got) != content {
			t.Errorf("read %q, want %q", got, content)
		}
	}
	must(t, os.MkdirAll(filepath.Join(dir, "refs/heads/d/e"), 0o755))
	if err := write("refs/heads/d", "x\n"); err == nil {
		t.Error("replacing a directory succeeded")
	}
	if fi, err := os.Stat(filepath.Join(dir, "refs/heads/d/e")); err != nil || !fi.IsDir() {
		t.Errorf("the directory moved: %v", err)
	}
	left, err := os.ReadDir(filepath.Join(dir, "tmp"))
	must(t, err)
	if len(left) != 0 {
		t.Errorf("left in tmp: %v", left)
	}
}
