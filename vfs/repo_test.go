package vfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/moonix-sh/moonix/clock"
)

// dump lists a tree: every path with its mode and content (or target).
func dump(t *testing.T, fsys FS) string {
	t.Helper()
	var b strings.Builder
	err := WalkDir(fsys, "/", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := fsys.Lstat(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v", p, info.Mode())
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			target, _ := fsys.Readlink(p)
			fmt.Fprintf(&b, " -> %s", target)
		case info.Mode().IsRegular():
			data, _ := ReadFile(fsys, p)
			fmt.Fprintf(&b, " %q", data)
		}
		b.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func newRepo(t *testing.T, dir string) (*Tree, *Repo) {
	t.Helper()
	clk := clock.NewLogical(clock.Epoch)
	tree := NewDefault(Options{Clock: clk, Uid: 1000, Gid: 1000})
	r, _, err := OpenRepo(tree, RepoOptions{Dir: dir, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return tree, r
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestSnapshotRollbackRoundTrip(t *testing.T) {
	t.Parallel()
	tree, r := newRepo(t, "")
	must(t, MkdirAll(tree, "/work/d/empty", 0o755))
	mustWrite(t, tree, "/work/a", "one")
	mustWrite(t, tree, "/work/d/b", "two")
	must(t, tree.Chmod("/work/d/b", 0o600))
	must(t, tree.Symlink("d/b", "/work/link"))
	st1 := State{Env: []string{"A=1"}, Dir: "/work/d"}
	s1, created, err := r.Snapshot("first", st1)
	must(t, err)
	if !created || s1.Message != "first" || len(s1.Short) < 7 {
		t.Fatalf("first snapshot: %+v created=%v", s1, created)
	}
	want1 := dump(t, tree)

	if r.Dirty() {
		t.Fatal("dirty right after a snapshot")
	}
	again, created, err := r.Snapshot("again", st1)
	must(t, err)
	if created || again.ID != s1.ID {
		t.Fatalf("unchanged snapshot made a new one: %+v", again)
	}

	mustWrite(t, tree, "/work/a", "changed")
	must(t, tree.Remove("/work/d/empty"))
	must(t, tree.Remove("/work/link"))
	mustWrite(t, tree, "/work/new", "new")
	must(t, tree.Chmod("/work/new", 0o755))
	must(t, tree.Chmod("/work/d/b", 0o640))
	if !r.Dirty() {
		t.Fatal("not dirty after changes")
	}
	changes, err := r.Changes("", "")
	must(t, err)
	if len(changes) != 0 {
		t.Fatalf("working tree differs from itself: %v", changes)
	}
	changes, err = r.Changes(s1.ID, "")
	must(t, err)
	if got := fmt.Sprint(changes); got != "[{/work/a 77} {/work/d/empty 68} {/work/link 68} {/work/new 65}]" {
		t.Fatalf("changes: %s", got)
	}
	s2, _, err := r.Snapshot("second", State{Env: []string{"A=2"}, Dir: "/work"})
	must(t, err)
	want2 := dump(t, tree)
	if s2.Parent != s1.ID {
		t.Fatalf("parent %s, want %s", s2.Parent, s1.ID)
	}

	back, err := r.Rollback(s1.Short)
	must(t, err)
	if got := dump(t, tree); got != want1 {
		t.Fatalf("rollback to first:\n%s\nwant:\n%s", got, want1)
	}
	if !slices.Equal(back.State.Env, []string{"A=1"}) || back.State.Dir != "/work/d" {
		t.Fatalf("state %+v", back.State)
	}
	if r.Dirty() {
		t.Fatal("dirty right after a rollback")
	}
	// Forward again: newer snapshots stay reachable.
	log, err := r.Log(0, false)
	must(t, err)
	if len(log) != 2 || log[0].ID != s2.ID {
		t.Fatalf("log after rollback: %+v", log)
	}
	_, err = r.Rollback("main")
	must(t, err)
	if got := dump(t, tree); got != want2 {
		t.Fatalf("roll forward:\n%s\nwant:\n%s", got, want2)
	}
	data, err := r.ReadFile(s1.ID, "/work/a")
	if err != nil || string(data) != "one" {
		t.Fatalf("ReadFile at first: %q %v", data, err)
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	tree, r := newRepo(t, "")
	if _, err := r.Resolve("HEAD"); !errors.Is(err, ErrNoSnapshot) {
		t.Fatalf("resolve before any snapshot: %v", err)
	}
	var ids []string
	for i := range 4 {
		mustWrite(t, tree, "/work/f", fmt.Sprint(i))
		s, _, err := r.Snapshot(fmt.Sprint("s", i), State{})
		must(t, err)
		ids = append(ids, s.ID)
	}
	for spec, want := range map[string]string{
		"HEAD": ids[3], "main": ids[3], "HEAD~1": ids[2], "main~3": ids[0], "HEAD^^": ids[1],
		ids[1][:7]: ids[1], ids[2]: ids[2], strings.ToUpper(ids[0][:8]): ids[0],
	} {
		s, err := r.Resolve(spec)
		if err != nil || s.ID != want {
			t.Errorf("Resolve(%q) = %s, %v; want %s", spec, s.ID, err, want)
		}
	}
	for _, bad := range []string{"HEAD~4", "nope", "ffffffff", "HEAD~x"} {
		if _, err := r.Resolve(bad); err == nil {
			t.Errorf("Resolve(%q) succeeded", bad)
		}
	}
}

func TestDeterministicIDs(t *testing.T) {
	t.Parallel()
	run := func() []string {
		tree, r := newRepo(t, "")
		var ids []string
		for i := range 3 {
			mustWrite(t, tree, fmt.Sprintf("/work/f%d", i), "x")
			s, _, err := r.Snapshot("step", State{Env: []string{"X=1"}, Dir: "/work"})
			must(t, err)
			ids = append(ids, s.ID)
		}
		return ids
	}
	a, b := run(), run()
	if !slices.Equal(a, b) {
		t.Fatalf("ids differ between identical runs: %v %v", a, b)
	}
}

func TestBranches(t *testing.T) {
	t.Parallel()
	tree, r := newRepo(t, "")
	mustWrite(t, tree, "/work/f", "base")
	base, _, err := r.Snapshot("base", State{})
	must(t, err)
	mustWrite(t, tree, "/work/f", "main work")
	_, _, err = r.Snapshot("main work", State{})
	must(t, err)
	if _, err := r.Fork(base.Short, "side", false); err != nil {
		t.Fatal(err)
	}
	if data, _ := ReadFile(tree, "/work/f"); string(data) != "base" {
		t.Fatalf("fork did not restore: %q", data)
	}
	mustWrite(t, tree, "/work/f", "side work")
	if _, err := r.Switch("main", false); !errors.Is(err, ErrDirty) {
		t.Fatalf("switch with changes: %v", err)
	}
	_, _, err = r.Snapshot("side work", State{})
	must(t, err)
	_, err = r.Switch("main", false)
	must(t, err)
	if data, _ := ReadFile(tree, "/work/f"); string(data) != "main work" {
		t.Fatalf("switch back: %q", data)
	}
	branches, err := r.Branches()
	must(t, err)
	if len(branches) != 2 || branches[0].Name != "main" || !branches[0].Current || branches[1].Name != "side" {
		t.Fatalf("branches: %+v", branches)
	}
	if err := r.CreateBranch("main"); err == nil {
		t.Fatal("created an existing branch")
	}
	if err := r.CreateBranch("bad name"); err == nil {
		t.Fatal("created a branch with a space")
	}
}

func TestKeepsNewerLineWhenSnapshottingAfterRollback(t *testing.T) {
	t.Parallel()
	tree, r := newRepo(t, "")
	mustWrite(t, tree, "/work/f", "1")
	s1, _, _ := r.Snapshot("1", State{})
	mustWrite(t, tree, "/work/f", "2")
	s2, _, _ := r.Snapshot("2", State{})
	_, err := r.Rollback(s1.ID)
	must(t, err)
	mustWrite(t, tree, "/work/f", "3")
	_, _, err = r.Snapshot("3", State{})
	must(t, err)
	all, err := r.Log(0, true)
	must(t, err)
	if len(all) != 3 {
		t.Fatalf("history --all: %+v", all)
	}
	_, err = r.Rollback(s2.Short)
	must(t, err)
	if data, _ := ReadFile(tree, "/work/f"); string(data) != "2" {
		t.Fatalf("roll to the kept line: %q", data)
	}
}

func TestOnDiskResumeAndGit(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "ws")
	tree, r := newRepo(t, dir)
	mustWrite(t, tree, "/work/kept", "snap")
	must(t, MkdirAll(tree, "/work/empty", 0o700))
	s, _, err := r.Snapshot("on disk", State{Env: []string{"K=v"}, Dir: "/work"})
	must(t, err)
	mustWrite(t, tree, "/work/unsaved", "working")
	must(t, r.SaveWorking(State{Env: []string{"K=w"}, Dir: "/tmp"}))
	want := dump(t, tree)
	r.Close()

	tree2 := NewDefault(Options{Uid: 1000, Gid: 1000})
	r2, st, err := OpenRepo(tree2, RepoOptions{Dir: dir})
	must(t, err)
	defer r2.Close()
	if st == nil || st.Dir != "/tmp" || !slices.Equal(st.Env, []string{"K=w"}) {
		t.Fatalf("resumed state %+v", st)
	}
	if got := dump(t, tree2); got != want {
		t.Fatalf("resumed tree:\n%s\nwant:\n%s", got, want)
	}
	_, cur, err := r2.Current()
	if err != nil || cur == nil || cur.ID != s.ID {
		t.Fatalf("current after reopen: %+v %v", cur, err)
	}
	if !r2.Dirty() {
		t.Fatal("the resumed working state should differ from the snapshot")
	}

	git := needGit(t)
	fsck(t, git, dir)
	out, err := exec.Command(git, "-C", dir, "log", "--format=%H %s").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != s.ID+" on disk" {
		t.Fatalf("git log: %v\n%s", err, out)
	}
	out, err = exec.Command(git, "-C", dir, "show", s.ID+":fs/work/kept").CombinedOutput()
	if err != nil || string(out) != "snap" {
		t.Fatalf("git show: %v\n%s", err, out)
	}
}

func TestOpenRefusesForeignDirectories(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	if _, _, err := OpenRepo(NewDefault(Options{}), RepoOptions{Dir: dir}); err == nil || !strings.Contains(err.Error(), "not a moonix workspace") {
		t.Fatalf("foreign dir: %v", err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "notes.txt"))
	if string(data) != "mine" {
		t.Fatal("foreign dir changed")
	}
}

func TestOpenRefusesCorruptRefs(t *testing.T) {
	t.Parallel()
	for name, corrupt := range map[string]func(dir string){
		"branch": func(dir string) { os.WriteFile(filepath.Join(dir, "refs/heads/main"), []byte("garbage\n"), 0o644) },
		"HEAD":   func(dir string) { os.WriteFile(filepath.Join(dir, "HEAD"), []byte("x\n"), 0o644) },
		"object": func(dir string) {
			os.RemoveAll(filepath.Join(dir, "objects"))
			os.Mkdir(filepath.Join(dir, "objects"), 0o755)
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "ws")
			tree, r := newRepo(t, dir)
			mustWrite(t, tree, "/work/f", "x")
			if _, _, err := r.Snapshot("one", State{}); err != nil {
				t.Fatal(err)
			}
			r.Close()
			os.Remove(filepath.Join(dir, sizesFile)) // opening must not make it
			corrupt(dir)
			before := listHost(t, dir)
			_, _, err := OpenRepo(NewDefault(Options{}), RepoOptions{Dir: dir})
			if err == nil || !strings.Contains(err.Error(), "is corrupt") {
				t.Fatalf("opened a corrupt workspace: %v", err)
			}
			if after := listHost(t, dir); after != before {
				t.Fatalf("refusing a corrupt workspace changed it:\n%s\nwas:\n%s", after, before)
			}
		})
	}
}

// listHost lists the files under a host directory with their sizes.
func listHost(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d\n", p, info.Size())
		return nil
	})
	must(t, err)
	return b.String()
}

// The current snapshot survives a reopen wherever it is: behind its
// branch's tip after a rollback, at the tip again after rolling forward
// (when no ref but the branch's says so), and at a new tip after a
// snapshot taken behind the old one.
func TestCurrentAcrossReopen(t *testing.T) {
	t.Parallel()
	tree, r, dir := diskRepo(t)
	a, b := snapFile(t, tree, r, "a"), snapFile(t, tree, r, "b")
	step := func(what, want, id string) {
		t.Helper()
		r.Close()
		tree, r = reopen(t, dir)
		if got := read(t, tree, "/work/f"); got != want {
			t.Errorf("%s: reopened with %q, want %q", what, got, want)
		}
		if _, cur, err := r.Current(); err != nil || cur == nil || cur.ID != id {
			t.Errorf("%s: current %+v %v, want %s", what, cur, err, id)
		}
	}
	step("snapshot", "b", b.ID)
	_, err := r.Rollback(a.ID)
	must(t, err)
	step("rollback behind the tip", "a", a.ID)
	_, err = r.Rollback(b.ID)
	must(t, err)
	step("rollback to the tip", "b", b.ID)
	_, err = r.Rollback(a.ID)
	must(t, err)
	c := snapFile(t, tree, r, "c")
	step("snapshot behind the tip", "c", c.ID)
	if all, err := r.Log(0, true); err != nil || len(all) != 3 {
		t.Errorf("history --all: %v %v, want 3 snapshots", all, err)
	}
}

// snapFile writes content to /work/f and snapshots the tree with content
// as the message.
func snapFile(t *testing.T, tree *Tree, r *Repo, content string) Snapshot {
	t.Helper()
	mustWrite(t, tree, "/work/f", content)
	s, _, err := r.Snapshot(content, State{})
	must(t, err)
	return s
}

// Refs that git packed (git pack-refs, git gc) are read, moved and
// removed as loose ones are.
func TestPackedRefs(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	tree, r, dir := diskRepo(t)
	a, b := snapFile(t, tree, r, "a"), snapFile(t, tree, r, "b")
	_, err := r.Rollback(a.ID)
	must(t, err)
	r.Close()
	gitOut(t, git, dir, "pack-refs", "--all")
	if _, err := os.Stat(filepath.Join(dir, "refs/heads/main")); !os.IsNotExist(err) {
		t.Fatalf("git pack-refs left refs/heads/main: %v", err)
	}
	tree, r = reopen(t, dir)
	if _, cur, err := r.Current(); err != nil || cur == nil || cur.ID != a.ID {
		t.Fatalf("current after reopen: %+v %v, want %s", cur, err, a.Short)
	}
	_, err = r.Rollback("main")
	must(t, err)
	if got := read(t, tree, "/work/f"); got != "b" {
		t.Errorf("main has %q", got)
	}
	c := snapFile(t, tree, r, "c")
	r.Close()
	fsck(t, git, dir)
	if got := gitOut(t, git, dir, "rev-parse", "main", "main~1"); got != c.ID+"\n"+b.ID+"\n" {
		t.Errorf("git rev-parse main main~1: %q", got)
	}
	if out, err := exec.Command(git, "-C", dir, "rev-parse", "--verify", "-q", "refs/moonix/current").CombinedOutput(); err == nil {
		t.Errorf("refs/moonix/current is still there: %s", out)
	}
}

// Tree entries sort as git sorts them: by name, a directory's as if it
// ended in a slash ("a-b", "a.b", "a/", "a0"), which git fsck --strict
// checks.
func TestTreeOrder(t *testing.T) {
	t.Parallel()
	names := []string{"a", "a-b", "a.b", "a0", "ab", "b", "a/", "a.b/", "ab/", "", "z", "a-", "a-/"}
	var entries []object.TreeEntry
	for _, n := range names {
		mode := filemode.Regular
		if name, ok := strings.CutSuffix(n, "/"); ok {
			n, mode = name, filemode.Dir
		}
		entries = append(entries, object.TreeEntry{Name: n, Mode: mode})
	}
	for i := range entries {
		for j := range entries {
			a, b := entries[i], entries[j]
			want := strings.Compare(sortKey(a), sortKey(b))
			if got := treeOrder(a, b); got != want {
				t.Errorf("treeOrder(%q %o, %q %o) = %d, want %d", a.Name, a.Mode, b.Name, b.Mode, got, want)
			}
		}
	}
}

// sortKey is git's definition of the order: the name, with a slash after
// a directory's.
func sortKey(e object.TreeEntry) string {
	if e.Mode == filemode.Dir {
		return e.Name + "/"
	}
	return e.Name
}

// A tree object reads back as it was encoded; a damaged one is an error,
// never a panic.
func TestTreeEntries(t *testing.T) {
	t.Parallel()
	in := []object.TreeEntry{
		{Name: "b", Mode: filemode.Regular, Hash: plumbing.ComputeHash(plumbing.BlobObject, []byte("b"))},
		{Name: "a", Mode: filemode.Dir, Hash: plumbing.ComputeHash(plumbing.TreeObject, nil)},
		{Name: "x y", Mode: filemode.Executable},
		{Name: "l", Mode: filemode.Symlink},
	}
	data := encodeTree(slices.Clone(in))
	var out []object.TreeEntry
	for e, err := range treeEntries(data) {
		must(t, err)
		out = append(out, object.TreeEntry{Name: string(e.name), Mode: e.mode, Hash: e.hash})
	}
	want := slices.Clone(in)
	slices.SortFunc(want, treeOrder)
	if !slices.Equal(out, want) {
		t.Errorf("read back %v, want %v", out, want)
	}
	for _, bad := range []string{
		"100644", "100644 ", "100644 a", "100644 a\x00short", "1006448 a\x00" + strings.Repeat("h", 20),
		" a\x00" + strings.Repeat("h", 20), "10x644 a\x00" + strings.Repeat("h", 20), "100644 \x00" + strings.Repeat("h", 20),
		string(data[:len(data)-1]),
		// names that would leave the directory (a tree fetched from a remote)
		"40000 ..\x00" + strings.Repeat("h", 20), "100644 .\x00" + strings.Repeat("h", 20),
		"100644 a/b\x00" + strings.Repeat("h", 20), "40000 /\x00" + strings.Repeat("h", 20),
	} {
		var err error
		for _, err = range treeEntries([]byte(bad)) {
			if err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}
