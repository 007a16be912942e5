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

// A snapshot writes its objects as one pack and its index, not a loose
// object each, whether it has many (300 new files) or few (one changed
// file: the blob, the trees on its path, the commit); git reads them, and
// so does moonix, with or without its file of sizes.
func TestSnapshotWritesAPack(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	tree, r, dir := diskRepo(t)
	manyFiles(t, tree, r, 300)
	mustWrite(t, tree, "/work/d/f7", "changed\n")
	s, _, err := r.Snapshot("one", State{})
	must(t, err)
	want := dump(t, tree)
	r.Close()

	loose, inPack, packs, counts := countObjects(t, git, dir)
	if packs != 2 || inPack < 300+7 || loose != 0 {
		t.Fatalf("%d packs, %d objects in packs, %d loose:\n%s", packs, inPack, loose, counts)
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

// Packs do not pile up, one a snapshot: past packLimit the small ones are
// merged, and every snapshot stays whole (git reads them all, and moonix
// rolls back to any of them). A merge killed after its pack was in place
// and before the packs it replaced were removed leaves a repository that
// opens and reads the same (objects in two packs).
func TestPacksMerge(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	tree, r, dir := diskRepo(t)
	manyFiles(t, tree, r, 200)
	packDir := filepath.Join(dir, "objects/pack")
	var ids []string
	var before map[string][]byte // the packs before the last merge
	for i := range 60 {
		files := packFiles(t, packDir)
		mustWrite(t, tree, fmt.Sprintf("/work/d/f%d", i%7), fmt.Sprintf("version %d\n", i))
		s, _, err := r.Snapshot(fmt.Sprint("change ", i), State{})
		must(t, err)
		ids = append(ids, s.ID)
		if len(packFiles(t, packDir)) < len(files) {
			before = files
		}
	}
	_, _, packs, counts := countObjects(t, git, dir)
	if packs > packLimit+1 {
		t.Fatalf("%d packs after 61 snapshots:\n%s", packs, counts)
	}
	if before == nil {
		t.Fatal("no merge happened")
	}
	fsck(t, git, dir)
	if n := strings.Count(gitOut(t, git, dir, "log", "--format=%H"), "\n"); n != 61 {
		t.Errorf("git log lists %d commits, want 61", n)
	}
	want := dump(t, tree)
	r.Close()

	// The packs the last merge removed come back, as a kill would have
	// left them.
	for name, data := range before {
		if _, err := os.Stat(filepath.Join(packDir, name)); os.IsNotExist(err) {
			must(t, os.WriteFile(filepath.Join(packDir, name), data, 0o444))
		}
	}
	fsck(t, git, dir)
	tree2, r2 := reopen(t, dir)
	if got := dump(t, tree2); got != want {
		t.Errorf("reopened:\n%s\nwant\n%s", got, want)
	}
	for i, id := range ids {
		if i%9 != 0 {
			continue
		}
		_, err := r2.Rollback(id)
		must(t, err)
		if got, want := read(t, tree2, fmt.Sprintf("/work/d/f%d", i%7)), fmt.Sprintf("version %d\n", i); got != want {
			t.Errorf("snapshot %d: read %q, want %q", i, got, want)
		}
	}
}

// manyFiles writes n files under /work/d and snapshots them.
func manyFiles(t *testing.T, tree *Tree, r *Repo, n int) {
	t.Helper()
	must(t, MkdirAll(tree, "/work/d", 0o755))
	for i := range n {
		mustWrite(t, tree, fmt.Sprintf("/work/d/f%d", i), fmt.Sprintf("file %d\n", i))
	}
	_, _, err := r.Snapshot("many", State{})
	must(t, err)
}

// countObjects is what git count-objects says of dir: loose objects,
// objects in packs, packs, and its whole output.
func countObjects(t *testing.T, git, dir string) (loose, inPack, packs int, out string) {
	t.Helper()
	out = gitOut(t, git, dir, "count-objects", "-v")
	for _, line := range strings.Split(out, "\n") {
		fmt.Sscanf(line, "count: %d", &loose)
		fmt.Sscanf(line, "in-pack: %d", &inPack)
		fmt.Sscanf(line, "packs: %d", &packs)
	}
	return loose, inPack, packs, out
}

// packFiles reads the files of the pack directory dir by name.
func packFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	must(t, err)
	out := map[string][]byte{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		must(t, err)
		out[e.Name()] = data
	}
	return out
}

// A workspace whose objects are loose (an older moonix wrote them so, and
// git may) opens, rolls back and takes snapshots as one whose objects are
// packed.
func TestLooseObjectsRead(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	tree, r, dir := diskRepo(t)
	first := snapFile(t, tree, r, "first")
	must(t, MkdirAll(tree, "/work/d", 0o755))
	mustWrite(t, tree, "/work/d/g", "g")
	snapFile(t, tree, r, "second")
	want := dump(t, tree)
	r.Close()
	packDir := filepath.Join(dir, "objects/pack")
	aside := t.TempDir()
	for name := range packFiles(t, packDir) {
		must(t, os.Rename(filepath.Join(packDir, name), filepath.Join(aside, name)))
	}
	for name := range packFiles(t, aside) {
		if strings.HasSuffix(name, ".pack") {
			cmd := exec.Command(git, "-C", dir, "unpack-objects", "-q")
			f, err := os.Open(filepath.Join(aside, name))
			must(t, err)
			cmd.Stdin = f
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git unpack-objects: %v\n%s", err, out)
			}
			f.Close()
		}
	}

	tree2, r2 := reopen(t, dir)
	if got := dump(t, tree2); got != want {
		t.Errorf("reopened:\n%s\nwant\n%s", got, want)
	}
	_, err := r2.Rollback(first.ID)
	must(t, err)
	if got := read(t, tree2, "/work/f"); got != "first" {
		t.Errorf("rolled back to %q", got)
	}
	snapFile(t, tree2, r2, "third")
	r2.Close()
	fsck(t, git, dir)
	tree3, _ := reopen(t, dir)
	if got := read(t, tree3, "/work/f"); got != "third" {
		t.Errorf("reopened with %q", got)
	}
}

// A pack git wrote with deltas (git repack, or a fetch) is merged as the
// others are: its deltas are written whole.
func TestMergeDeltaPack(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	tree, r, dir := diskRepo(t)
	text := strings.Repeat("a line of text that stays the same\n", 50)
	var early []Snapshot
	for i := range 5 {
		early = append(early, snapFile(t, tree, r, fmt.Sprintf("%sversion %d\n", text, i)))
	}
	r.Close()
	gitOut(t, git, dir, "repack", "-a", "-d", "-f", "-q", "--window=10", "--depth=10")
	if out := gitOut(t, git, dir, append([]string{"verify-pack", "-v"}, packGlob(t, dir)...)...); !strings.Contains(out, "chain length") {
		t.Fatalf("git repack made no deltas:\n%s", out)
	}
	tree, r = reopen(t, dir)
	for i := range 2 * packLimit {
		// Files bigger than the repacked history, which is then the
		// smallest pack and merged.
		mustWrite(t, tree, fmt.Sprintf("/work/big%d", i), strings.Repeat(fmt.Sprintf("%d", i), 20000))
		_, _, err := r.Snapshot(fmt.Sprint("big ", i), State{})
		must(t, err)
	}
	if _, _, packs, counts := countObjects(t, git, dir); packs > packLimit+1 {
		t.Fatalf("%d packs:\n%s", packs, counts)
	}
	if out := gitOut(t, git, dir, append([]string{"verify-pack", "-v"}, packGlob(t, dir)...)...); strings.Contains(out, "chain length") {
		t.Fatalf("the repacked pack was not merged:\n%s", out)
	}
	for i, s := range early {
		_, err := r.Rollback(s.ID)
		must(t, err)
		if got, want := read(t, tree, "/work/f"), fmt.Sprintf("%sversion %d\n", text, i); got != want {
			t.Errorf("snapshot %d: read %q", i, got)
		}
	}
	r.Close()
	fsck(t, git, dir)
}

// packGlob is the .idx files of dir's packs, for git verify-pack.
func packGlob(t *testing.T, dir string) []string {
	t.Helper()
	idx, err := filepath.Glob(filepath.Join(dir, "objects/pack/*.idx"))
	must(t, err)
	return idx
}
