package vfs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needGit is the git command, or a skip.
func needGit(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		if os.Getenv("MOONIX_REQUIRE_GIT") != "" {
			t.Fatal("git is required")
		}
		t.Skip("git not installed")
	}
	return git
}

func gitOut(t *testing.T, git, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command(git, append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// A snapshot of many new files writes one pack and its index, not a
// loose object per file; git reads it, and so does moonix, with or
// without its file of sizes. A snapshot of a few changes writes loose
// objects.
func TestSnapshotWritesAPack(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	tree, r, dir := diskRepo(t)
	must(t, MkdirAll(tree, "/work/d", 0o755))
	for i := range 300 {
		mustWrite(t, tree, fmt.Sprintf("/work/d/f%d", i), fmt.Sprintf("file %d\n", i))
	}
	_, _, err := r.Snapshot("many", State{})
	must(t, err)
	mustWrite(t, tree, "/work/d/f7", "changed\n")
	s, _, err := r.Snapshot("one", State{})
	must(t, err)
	want := dump(t, tree)
	r.Close()

	counts := gitOut(t, git, dir, "count-objects", "-v")
	if !strings.Contains(counts, "packs: 1\n") || !strings.Contains(counts, "count: ") {
		t.Fatalf("git count-objects:\n%s", counts)
	}
	var loose, inPack int
	for _, line := range strings.Split(counts, "\n") {
		fmt.Sscanf(line, "count: %d", &loose)
		fmt.Sscanf(line, "in-pack: %d", &inPack)
	}
	if inPack < 300 || loose > 10 {
		t.Fatalf("%d objects in the pack, %d loose:\n%s", inPack, loose, counts)
	}
	fsck(t, git, dir)
	if got := gitOut(t, git, dir, "show", s.ID+"~1:fs/work/d/f7"); got != "file 7\n" {
		t.Errorf("git show: %q", got)
	}
	for _, sizes := range []string{"kept", "removed"} {
		if sizes == "removed" {
			must(t, os.Remove(filepath.Join(dir, sizesFile)))
		}
		tree2, r2 := reopen(t, dir)
		if got := dump(t, tree2); got != want {
			t.Errorf("sizes %s: reopened\n%s\nwant\n%s", sizes, got, want)
		}
		_, err = r2.Rollback(s.ID + "~1")
		must(t, err)
		if got := read(t, tree2, "/work/d/f7"); got != "file 7\n" {
			t.Errorf("sizes %s: rolled back to %q", sizes, got)
		}
		_, err = r2.Rollback(s.ID)
		must(t, err)
		r2.Close()
	}
}

// An index whose pack is missing (a kill between the renames of the two)
// is removed when the workspace opens.
func TestOrphanIndexRemoved(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	tree, r, dir := diskRepo(t)
	mustWrite(t, tree, "/work/f", "f")
	_, _, err := r.Snapshot("one", State{})
	must(t, err)
	r.Close()
	orphan := filepath.Join(dir, "objects/pack/pack-"+strings.Repeat("ab", 20)+".idx")
	must(t, os.WriteFile(orphan, []byte("half"), 0o644))
	tree2, _ := reopen(t, dir)
	if got := read(t, tree2, "/work/f"); got != "f" {
		t.Errorf("read %q", got)
	}
	if _, err := os.Stat(orphan); !os.IsNotExist(err) {
		t.Errorf("the orphan index is still there: %v", err)
	}
	fsck(t, git, dir)
}

// fsck runs git fsck --strict on dir and fails on any complaint.
func fsck(t *testing.T, git, dir string) {
	t.Helper()
	out := gitOut(t, git, dir, "fsck", "--strict", "--no-dangling", "--no-progress")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line != "" && !strings.HasPrefix(line, "notice:") {
			t.Fatalf("git fsck --strict complains:\n%s", out)
		}
	}
}
