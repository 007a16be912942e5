package vfs

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

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
