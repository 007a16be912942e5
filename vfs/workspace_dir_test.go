package vfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A directory holding only moonix/ (where the command line keeps its lock)
// is a new workspace, and so is one whose creation was cut short before
// HEAD was written; with history in it, a missing HEAD is corruption.
func TestWorkspaceDirWithOnlyMoonixFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, markerDir), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, markerDir, "lock"), []byte("1\n"), 0o644))
	tree, r := newRepo(t, dir)
	mustWrite(t, tree, "/work/f", "x")
	_, _, err := r.Snapshot("s", State{Dir: "/work"})
	must(t, err)
	r.Close()

	cut := t.TempDir()
	for _, d := range []string{"objects/pack", "refs/heads", markerDir} {
		must(t, os.MkdirAll(filepath.Join(cut, d), 0o755))
	}
	must(t, os.WriteFile(filepath.Join(cut, "config"), nil, 0o644))
	newRepo(t, cut)
	if _, err := os.Stat(filepath.Join(cut, "HEAD")); err != nil {
		t.Fatalf("unfinished workspace not initialized: %v", err)
	}

	must(t, os.Remove(filepath.Join(dir, "HEAD")))
	_, _, err = OpenRepo(NewDefault(Options{}), RepoOptions{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "is corrupt") {
		t.Fatalf("history without HEAD: %v", err)
	}
}
