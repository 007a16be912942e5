package vfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/moonix-sh/moonix/clock"
)

// mapSource is a Source of files held in a map (path → content;
// directories are implied), counting what it is asked.
type mapSource struct {
	files map[string]string
	mu    sync.Mutex
	asked []string
}

func (m *mapSource) ask(what string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.asked = append(m.asked, what)
}

func (m *mapSource) ReadDir(rel string) ([]SourceEntry, error) {
	m.ask("list " + rel)
	prefix := rel + "/"
	if rel == "" {
		prefix = ""
	}
	seen := map[string]bool{}
	var out []SourceEntry
	for p, data := range m.files {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok {
			continue
		}
		name, _, isDir := strings.Cut(rest, "/")
		if seen[name] {
			continue
		}
		seen[name] = true
		e := SourceEntry{Name: name, Mode: 0o755, Size: int64(len(data)), ModTime: clock.Epoch}
		if isDir {
			e.Mode, e.Size = fs.ModeDir|0o755, 0
		}
		out = append(out, e)
	}
	return out, nil
}

func (m *mapSource) ReadFile(rel string) ([]byte, error) {
	m.ask("read " + rel)
	data, ok := m.files[rel]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(data), nil
}

func mountedTree(t *testing.T) (*Tree, *mapSource) {
	t.Helper()
	tree := NewDefault(Options{Uid: 1000, Gid: 1000})
	src := &mapSource{files: map[string]string{"ls": "#!/bin/sh\nls\n", "sh": "#!/bin/sh\nsh\n", "sub/x": "x"}}
	for _, p := range []string{"/bin", "/usr/bin"} {
		if err := tree.Mount(p, src, ReadOnly); err != nil {
			t.Fatal(err)
		}
	}
	return tree, src
}

func TestMountReadsOnDemand(t *testing.T) {
	tree, src := mountedTree(t)
	if len(src.asked) != 0 {
		t.Fatalf("mounting asked the source %q", src.asked)
	}
	info, err := tree.Stat("/usr/bin/ls")
	if err != nil || info.Mode() != 0o755 || info.Size() != 13 {
		t.Fatalf("stat: %v %v", info, err)
	}
	data, err := ReadFile(tree, "/usr/bin/ls")
	if err != nil || string(data) != "#!/bin/sh\nls\n" {
		t.Fatalf("read: %q %v", data, err)
	}
	ReadFile(tree, "/usr/bin/ls") // read once, kept
	entries, err := tree.ReadDir("/bin")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"ls", "sh", "sub"}; !slices.Equal(names, want) {
		t.Errorf("ls /bin: %q, want %q", names, want)
	}
	if want := []string{"list ", "read ls", "list "}; !slices.Equal(src.asked, want) {
		t.Errorf("the source was asked %q, want %q", src.asked, want)
	}
	if u, fresh := tree.Usage(), NewDefault(Options{}).Usage(); u != fresh {
		t.Errorf("mounts count against the disk: %+v, a fresh tree %+v", u, fresh)
	}
}

func TestMountReadOnly(t *testing.T) {
	tree, _ := mountedTree(t)
	errno := func(err error) error {
		var e syscall.Errno
		if errors.As(err, &e) {
			return e
		}
		return err
	}
	writeOnly := func(name string, flag int) error {
		f, err := tree.OpenFile(name, flag, 0o644)
		if err == nil {
			f.Close()
		}
		return err
	}
	for _, tc := range []struct {
		what string
		err  error
		want error
	}{
		{"create", writeOnly("/bin/new", os.O_WRONLY|os.O_CREATE), syscall.EROFS},
		{"write", writeOnly("/bin/ls", os.O_WRONLY), syscall.EROFS},
		{"truncate", writeOnly("/usr/bin/ls", os.O_RDONLY|os.O_TRUNC), syscall.EROFS},
		{"read", writeOnly("/bin/ls", os.O_RDONLY), nil},
		{"remove", tree.Remove("/bin/ls"), syscall.EROFS},
		{"remove a directory", tree.Remove("/bin/sub/x"), syscall.EROFS},
		{"remove the mount point", tree.Remove("/usr/bin"), syscall.EBUSY},
		{"remove what holds it", tree.Remove("/usr"), syscall.ENOTEMPTY},
		{"rename in", tree.Rename("/bin/ls", "/bin/ls2"), syscall.EROFS},
		{"rename out", tree.Rename("/bin/ls", "/work/ls"), syscall.EROFS},
		{"rename the mount point", tree.Rename("/bin", "/work/bin"), syscall.EBUSY},
		{"mkdir", tree.Mkdir("/bin/d", 0o755), syscall.EROFS},
		{"mkdir existing", tree.Mkdir("/bin/sub", 0o755), fs.ErrExist},
		{"symlink", tree.Symlink("ls", "/bin/l"), syscall.EROFS},
		{"link out", tree.Link("/bin/ls", "/work/ls"), syscall.EXDEV},
		{"chmod", tree.Chmod("/bin/ls", 0o700), syscall.EROFS},
		{"chtimes", tree.Chtimes("/bin/ls", time.Time{}, clock.Epoch), syscall.EROFS},
		{"access w", tree.Access("/bin/ls", AccessWrite), syscall.EROFS},
		{"access x", tree.Access("/bin/ls", AccessExec), nil},
	} {
		if got := errno(tc.err); !errors.Is(got, tc.want) && got != tc.want {
			t.Errorf("%s: %v, want %v", tc.what, tc.err, tc.want)
		}
	}
}

// snapshotPaths lists the paths a snapshot holds.
func snapshotPaths(t *testing.T, r *Repo, id string) []string {
	t.Helper()
	changes, err := r.Changes(NullSpec, id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range changes {
		out = append(out, c.Path)
	}
	return out
}

// gitPaths lists the paths under prefix that the snapshot id's tree holds.
func gitPaths(t *testing.T, r *Repo, id, prefix string) []string {
	t.Helper()
	c, err := r.getCommit(plumbing.NewHash(id))
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.fsTree(c)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := object.GetTree(r.st, h)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	w := object.NewTreeWalker(tree, true, nil)
	defer w.Close()
	for {
		name, _, err := w.Next()
		if err != nil {
			break
		}
		if p := "/" + name; strings.HasPrefix(p, prefix) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

func TestMountNotInHistory(t *testing.T) {
	tree, _ := mountedTree(t)
	r, _, err := OpenRepo(tree, RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	track := tree.Track()
	if _, err := ReadFile(tree, "/bin/ls"); err != nil {
		t.Fatal(err)
	}
	tree.Chmod("/bin/ls", 0o700)
	if changed := track.Changed(); len(changed) != 0 {
		t.Errorf("reading the mount changed %q", changed)
	}
	first, _, err := r.Snapshot("first", State{Dir: "/work"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/bin", "/dev", "/dev/fd", "/dev/stderr", "/dev/stdin", "/dev/stdout", "/etc", "/tmp", "/work"}
	if got := snapshotPaths(t, r, first.ID); !slices.Equal(got, want) {
		t.Errorf("the snapshot holds %q, want %q", got, want)
	}
	// What the tree holds of its own beside a mount is history's.
	must(t, tree.Mkdir("/usr/share", 0o755))
	must(t, WriteFile(tree, "/usr/share/f", []byte("f"), 0o644))
	if changed := track.Changed(); !slices.Equal(changed, []string{"/usr/share/f"}) {
		t.Errorf("changed %q", changed)
	}
	second, _, err := r.Snapshot("second", State{Dir: "/work"})
	if err != nil {
		t.Fatal(err)
	}
	if got := snapshotPaths(t, r, second.ID); !slices.Contains(got, "/usr/share/f") || slices.Contains(got, "/usr/bin") {
		t.Errorf("the second snapshot holds %q", got)
	}
	// A rollback leaves the mounts alone.
	if _, err := r.Rollback(first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := tree.Stat("/usr/share"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("/usr/share after the rollback: %v", err)
	}
	for _, p := range []string{"/bin/ls", "/usr/bin/sub/x"} {
		if _, err := tree.Stat(p); err != nil {
			t.Errorf("%s after the rollbacks: %v", p, err)
		}
	}
	if r.Dirty() {
		t.Error("dirty after the rollback")
	}
	if _, err := r.Rollback(second.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(tree, "/usr/share/f"); err != nil {
		t.Error(err)
	}
	if entries, err := tree.ReadDir("/usr/bin"); err != nil || len(entries) != 3 {
		t.Errorf("/usr/bin after the rollbacks: %v %v", entries, err)
	}
}

// A directory's own files at a mount point are hidden by the mount, and
// history then records the directory empty.
func TestMountHidesWhatWasThere(t *testing.T) {
	tree := NewDefault(Options{})
	r, _, err := OpenRepo(tree, RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	must(t, WriteFile(tree, "/bin/mine", []byte("x"), 0o755))
	if _, _, err := r.Snapshot("mine", State{}); err != nil {
		t.Fatal(err)
	}
	must(t, tree.Mount("/bin", &mapSource{files: map[string]string{"ls": "ls"}}, ReadOnly))
	if _, err := tree.Stat("/bin/mine"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("/bin/mine under the mount: %v", err)
	}
	changes, err := r.Changes("HEAD", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 1 || changes[0] != (Change{Path: "/bin/mine", Kind: Removed}) {
		t.Errorf("changes: %v", changes)
	}
}

func cowTree(t *testing.T) (*Tree, *Repo, *mapSource) {
	t.Helper()
	tree := NewDefault(Options{})
	r, _, err := OpenRepo(tree, RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src := &mapSource{files: map[string]string{"a": "a\n", "b": "b\n", "d/x": "x\n", "d/y": "y\n", "e/z": "z\n"}}
	must(t, tree.Mount("/mnt", src, CopyOnWrite))
	return tree, r, src
}

func TestMountCopyOnWrite(t *testing.T) {
	tree, r, src := cowTree(t)
	first, _, err := r.Snapshot("first", State{})
	if err != nil {
		t.Fatal(err)
	}
	if got := snapshotPaths(t, r, first.ID); slices.Contains(got, "/mnt") {
		t.Errorf("an untouched mount is in history: %q", got)
	}
	track := tree.Track()
	must(t, WriteFile(tree, "/mnt/a", []byte("changed\n"), 0o644)) // copy-up
	must(t, WriteFile(tree, "/mnt/d/new", []byte("new\n"), 0o644))
	must(t, tree.Remove("/mnt/b"))
	must(t, tree.Remove("/mnt/d/x"))
	must(t, RemoveAll(tree, "/mnt/e"))
	must(t, tree.Mkdir("/mnt/e", 0o700)) // a new directory where the source's was
	if err := tree.Rename("/mnt/d", "/mnt/d2"); !errors.Is(err, syscall.EXDEV) {
		t.Errorf("renaming a directory of the source: %v, want EXDEV", err)
	}
	if err := tree.Rename("/mnt/a", "/work/a"); !errors.Is(err, syscall.EXDEV) {
		t.Errorf("renaming out of the mount: %v, want EXDEV", err)
	}
	want := []string{"/mnt/a", "/mnt/b", "/mnt/d/new", "/mnt/d/x", "/mnt/e"}
	if got := track.Changed(); !slices.Equal(got, want) {
		t.Errorf("changed %q, want %q", got, want)
	}
	changes, err := r.Changes("HEAD", "")
	if err != nil {
		t.Fatal(err)
	}
	wantChanges := []Change{{"/mnt", Added}, {"/mnt/a", Added}, {"/mnt/b", Removed}, {"/mnt/d", Added}, {"/mnt/d/new", Added},
		{"/mnt/d/x", Removed}, {"/mnt/e", Removed}, {"/mnt/e", Added}}
	if !slices.Equal(changes, wantChanges) {
		t.Errorf("changes %v, want %v", changes, wantChanges)
	}
	entries, err := tree.Overlay("/mnt")
	if err != nil {
		t.Fatal(err)
	}
	wantEntries := []OverlayEntry{{Rel: "b", Removed: true}, {Rel: "d/x", Removed: true}, {Rel: "e", Removed: true},
		{Rel: "a", Mode: 0o755}, {Rel: "d/new", Mode: 0o644}, {Rel: "e", Mode: fs.ModeDir | 0o700}}
	if !slices.Equal(entries, wantEntries) {
		t.Errorf("overlay %v, want %v", entries, wantEntries)
	}
	second, _, err := r.Snapshot("second", State{})
	if err != nil {
		t.Fatal(err)
	}
	// History holds the overlay and its whiteouts, not the source.
	wantPaths := []string{"/mnt", "/mnt/.wh.b", "/mnt/.wh.e", "/mnt/a", "/mnt/d", "/mnt/d/.wh.x", "/mnt/d/new", "/mnt/e"}
	if got := gitPaths(t, r, second.ID, "/mnt"); !slices.Equal(got, wantPaths) {
		t.Errorf("the snapshot holds %q, want %q", got, wantPaths)
	}
	if data, err := r.ReadFile(second.ID, "/mnt/a"); err != nil || string(data) != "changed\n" {
		t.Errorf("show second:/mnt/a: %q %v", data, err)
	}
	view := dump(t, tree)
	// Back to the source alone, then to the overlay again.
	if _, err := r.Rollback(first.ID); err != nil {
		t.Fatal(err)
	}
	if data, _ := ReadFile(tree, "/mnt/a"); string(data) != "a\n" {
		t.Errorf("after the rollback /mnt/a is %q", data)
	}
	if _, err := r.Rollback(second.ID); err != nil {
		t.Fatal(err)
	}
	if got := dump(t, tree); got != view {
		t.Errorf("the rollback to the overlay gives\n%s\nwant\n%s", got, view)
	}
	if r.Dirty() {
		t.Error("dirty after the rollback")
	}
	for _, asked := range src.asked {
		if strings.HasPrefix(asked, "write") {
			t.Errorf("the source was written: %s", asked)
		}
	}
}

// A workspace reopened puts its overlay over the source when the mount
// is made again (the CLI mounts after the repository put the tree back).
func TestMountCopyOnWriteReopened(t *testing.T) {
	dir := t.TempDir()
	src := &mapSource{files: map[string]string{"a": "a\n", "b": "b\n", "d/x": "x\n"}}
	clk := clock.NewLogical(clock.Epoch)
	tree := NewDefault(Options{Clock: clk})
	r, _, err := OpenRepo(tree, RepoOptions{Dir: dir, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	must(t, tree.Mount("/mnt", src, CopyOnWrite))
	must(t, WriteFile(tree, "/mnt/a", []byte("changed\n"), 0o600))
	must(t, tree.Remove("/mnt/b"))
	snap, _, err := r.Snapshot("s", State{})
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.State.Mounts) != 0 {
		t.Errorf("a mount whose source has no name is in the table: %v", snap.State.Mounts)
	}
	view := dump(t, tree)
	r.Close()
	tree2 := NewDefault(Options{Clock: clk})
	r2, _, err := OpenRepo(tree2, RepoOptions{Dir: dir, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	must(t, tree2.Mount("/mnt", src, CopyOnWrite))
	if got := dump(t, tree2); got != view {
		t.Errorf("reopened:\n%s\nwant\n%s", got, view)
	}
	if r2.Dirty() {
		t.Error("dirty after reopening")
	}
}

// Directories are listed, and files read, under the tree's read lock by
// whoever looks first: concurrent readers see each listing complete, and
// the source is asked once per directory.
func TestMountConcurrentReaders(t *testing.T) {
	files := map[string]string{}
	for i := range 20 {
		for j := range 5 {
			files[fmt.Sprintf("d%d/s%d/f", i, j)] = "x"
		}
	}
	src := &mapSource{files: files}
	tree := NewDefault(Options{})
	must(t, tree.Mount("/mnt", src, CopyOnWrite))
	var wg sync.WaitGroup
	counts := make([]int, 8)
	for g := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			WalkDir(tree, "/mnt", func(p string, d fs.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() {
					if data, err := ReadFile(tree, p); err == nil && string(data) == "x" {
						counts[g]++
					}
				}
				return nil
			})
		}()
	}
	wg.Wait()
	for g, n := range counts {
		if n != 100 {
			t.Errorf("reader %d read %d files, want 100", g, n)
		}
	}
	lists := 0
	for _, a := range src.asked {
		if strings.HasPrefix(a, "list") {
			lists++
		}
	}
	if lists != 1+20+100 {
		t.Errorf("the source listed %d directories, want 121", lists)
	}
}

// A name history would take for a whiteout cannot be made in a
// copy-on-write mount, and a rollback shows the source as it is now.
func TestMountCopyOnWriteNames(t *testing.T) {
	tree, r, src := cowTree(t)
	for what, err := range map[string]error{
		"create":  WriteFile(tree, "/mnt/.wh.a", nil, 0o644),
		"mkdir":   tree.Mkdir("/mnt/d/.wh.x", 0o755),
		"symlink": tree.Symlink("a", "/mnt/.wh.b"),
		"rename":  tree.Rename("/mnt/a", "/mnt/.wh.z"),
		"link":    tree.Link("/mnt/b", "/mnt/.wh.y"),
	} {
		if !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("%s of a .wh. name: %v, want EINVAL", what, err)
		}
	}
	must(t, WriteFile(tree, "/work/.wh.mine", nil, 0o644)) // elsewhere, any name
	must(t, WriteFile(tree, "/mnt/b", []byte("mine\n"), 0o644))
	snap, _, err := r.Snapshot("s", State{})
	if err != nil {
		t.Fatal(err)
	}
	src.files["a"] = "a, changed on the host\n"
	must(t, WriteFile(tree, "/mnt/new", nil, 0o644))
	if _, err := r.Rollback(snap.ID); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{"/mnt/a": "a, changed on the host\n", "/mnt/b": "mine\n"} {
		if data, err := ReadFile(tree, p); err != nil || string(data) != want {
			t.Errorf("%s after the rollback: %q %v, want %q", p, data, err, want)
		}
	}
}
