package vfs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
)

// plainFS hides that the FS is a Tree, so that Resolve walks it through
// Lstat and Readlink as it walks any FS (the capability gate's view).
type plainFS struct{ FS }

// chainTree holds /work/d/f and the links the chains are made of:
// s -> t -> . (two hops a level), u -> . (one), m -> s/s/s/s/s (eleven,
// nested), d1 -> ... -> d44 -> /work/d (one link after another).
func chainTree(t *testing.T) *Tree {
	t.Helper()
	tree := newTestTree()
	if err := tree.Mkdir("/work/d", 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, tree, "/work/d/f", "f")
	links := [][2]string{{"t", "/work/s"}, {".", "/work/t"}, {".", "/work/u"}, {"s/s/s/s/s", "/work/m"}, {"/work/d", "/work/d44"}}
	for i := 43; i >= 1; i-- {
		links = append(links, [2]string{fmt.Sprintf("/work/d%d", i+1), fmt.Sprintf("/work/d%d", i)})
	}
	for _, l := range links {
		if err := tree.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	return tree
}

// chainPaths are spellings of /work/d that follow hops symlinks in all:
// level after level, one link after another, and nested in a link's target.
func chainPaths(hops int) map[string]string {
	levels := func(n int) string { // n hops of s and u, then d44
		return strings.Repeat("/s", n/2) + strings.Repeat("/u", n%2)
	}
	nested := 3 * 11 // m three times
	return map[string]string{
		"levels": "/work" + levels(hops-1) + "/d44",
		"chain":  fmt.Sprintf("/work/d%d", 45-hops),
		"nested": "/work/m/m/m" + levels(hops-1-nested) + "/d44",
	}
}

// TestSymlinkLimit: a resolution follows at most 40 symlinks in all, at
// every depth of nesting (Linux's MAXSYMLINKS): every operation of the
// tree, and Resolve through the tree or through any FS, agree on it.
// The tree used to count the links of each level afresh, so a name that
// the gate could not resolve still reached a file.
func TestSymlinkLimit(t *testing.T) {
	t.Parallel()
	tree := chainTree(t)
	for hops := 36; hops <= 44; hops++ {
		for shape, dir := range chainPaths(hops) {
			name := fmt.Sprintf("%d hops, %s: %s", hops, shape, dir)
			loop := hops > maxSymlinks
			check := func(op string, err error) {
				t.Helper()
				if loop != errors.Is(err, syscall.ELOOP) || !loop && err != nil {
					t.Errorf("%s: %s: %v, want ELOOP %v", name, op, err, loop)
				}
			}
			for _, fsys := range []FS{tree, plainFS{tree}} {
				p, err := Canonical(fsys, dir+"/f", Existing)
				check(fmt.Sprintf("Canonical through %T", fsys), err)
				if !loop && p != "/work/d/f" {
					t.Errorf("%s: Canonical through %T = %q", name, fsys, p)
				}
			}
			_, err := tree.Stat(dir + "/f")
			check("stat", err)
			_, err = tree.Lstat(dir + "/f")
			check("lstat", err)
			_, err = ReadFile(tree, dir+"/f")
			check("read", err)
			_, err = tree.ReadDir(dir)
			check("readdir", err)
			check("create", WriteFile(tree, dir+"/new", nil, 0o644))
			check("mkdir", tree.Mkdir(dir+"/newdir", 0o755))
			check("symlink", tree.Symlink("x", dir+"/newlink"))
			check("chmod", tree.Chmod(dir+"/f", 0o644))
			check("rename", tree.Rename(dir+"/new", dir+"/new2"))
			check("link", tree.Link(dir+"/new2", dir+"/new3"))
			check("remove", tree.Remove(dir+"/new3"))
			for _, p := range []string{"/work/d/new2", "/work/d/newdir", "/work/d/newlink"} {
				RemoveAll(tree, p)
			}
		}
	}
}

// TestResolveAgrees: the tree's own walk and a walk through its FS
// interface give the same path and error for every spelling, and the
// tree's operations succeed exactly where the resolution does.
func TestResolveAgrees(t *testing.T) {
	t.Parallel()
	tree := chainTree(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(tree.Mkdir("/work/nox", 0o600))
	must(tree.Symlink("/work/d/f/x", "/work/notdir"))
	must(tree.Symlink("", "/work/empty"))
	must(tree.Symlink("loop", "/work/loop"))
	must(tree.Symlink("../d/../d/./f", "/work/d/rel"))
	segs := []string{"", ".", "..", "work", "d", "f", "s", "t", "u", "m", "d44", "d3", "nox", "notdir", "empty", "loop", "rel", "missing"}
	var names []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		names = append(names, prefix)
		if n == 0 {
			return
		}
		for _, s := range segs {
			gen(prefix+"/"+s, n-1)
		}
	}
	gen("", 3)
	for _, name := range names {
		if name == "" {
			continue
		}
		for _, must := range []Must{AllButLast, Existing, Nothing} {
			for _, follow := range []bool{true, false} {
				p1, err1 := Resolve(tree, name, follow, must)
				p2, err2 := Resolve(plainFS{tree}, name, follow, must)
				if p1 != p2 || fmt.Sprint(err1) != fmt.Sprint(err2) {
					t.Errorf("Resolve(%q, %v, %v): tree %q %v, FS %q %v", name, follow, must, p1, err1, p2, err2)
				}
			}
		}
		_, rerr := Resolve(tree, name, true, Existing)
		_, serr := tree.Stat(name)
		if !errors.Is(serr, rerr) || (serr == nil) != (rerr == nil) {
			t.Errorf("%s: stat %v, resolve %v", name, serr, rerr)
		}
		_, rerr = Resolve(tree, name, false, Existing)
		_, lerr := tree.Lstat(name)
		if !errors.Is(lerr, rerr) || (lerr == nil) != (rerr == nil) {
			t.Errorf("%s: lstat %v, resolve %v", name, lerr, rerr)
		}
	}
}

// Resolve reports where a name fails, followed by the rest as written:
// the path the gate checks for an operation that will not happen.
func TestResolveFailurePath(t *testing.T) {
	t.Parallel()
	tree := chainTree(t)
	if err := tree.Symlink("/work/d/f", "/work/fl"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		must Must
		want string
		err  error
	}{
		{"/work/missing/a/../b", AllButLast, "/work/missing/b", fs.ErrNotExist},
		{"/work/missing/a/../b", Nothing, "/work/missing/b", nil},
		{"/work/d/missing", AllButLast, "/work/d/missing", nil},
		{"/work/d/missing", Existing, "/work/d/missing", fs.ErrNotExist},
		{"/work/fl/x", AllButLast, "/work/d/f/x", syscall.ENOTDIR},
		{"/work/d1/f", AllButLast, "/work/d41/f", syscall.ELOOP},
		{"/work/d1/f", Nothing, "/work/d41/f", syscall.ELOOP},
		{"/work/d5/../f", AllButLast, "/work/f", nil},
	} {
		p, err := Resolve(tree, tc.name, true, tc.must)
		if p != tc.want || !errors.Is(err, tc.err) || (err == nil) != (tc.err == nil) {
			t.Errorf("Resolve(%q, %v) = %q, %v; want %q, %v", tc.name, tc.must, p, err, tc.want, tc.err)
		}
	}
	// O_EXCL and O_NOFOLLOW stop at a link in the last element.
	if _, err := tree.OpenFile("/work/fl", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("O_EXCL on a link: %v", err)
	}
	if _, err := tree.OpenFile("/work/fl", os.O_RDONLY|syscall.O_NOFOLLOW, 0); !errors.Is(err, syscall.ELOOP) {
		t.Errorf("O_NOFOLLOW on a link: %v", err)
	}
}
