package coreutils

import (
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// fileCase is one command run on a fresh tree holding files. Keys of files
// are paths below /work: a key ending in "/" is a directory, a value
// starting with "->" makes a symlink to the rest.
type fileCase struct {
	name   string
	files  map[string]string
	pre    [][]string // commands run first, which must succeed
	args   []string
	stdin  string
	out    string
	err    string
	status int
	// check inspects the tree afterwards.
	check func(t *testing.T, fsys vfs.FS)
	// differs says why GNU's tool does otherwise, when moonix does so on
	// purpose: the case is then not confirmed against it.
	differs string
}

func setupFiles(t *testing.T, files map[string]string) *vfs.Tree {
	t.Helper()
	fsys := testTree(t)
	names := slices.Sorted(maps.Keys(files)) // sorted, so inode numbers are stable
	// Directories first so that symlinks can point into them.
	for _, name := range names {
		if strings.HasSuffix(name, "/") {
			if err := vfs.MkdirAll(fsys, "/work/"+strings.TrimSuffix(name, "/"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, name := range names {
		content := files[name]
		p := "/work/" + name
		switch {
		case strings.HasSuffix(name, "/"):
		case strings.HasPrefix(content, "->"):
			if err := vfs.MkdirAll(fsys, parentDir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := fsys.Symlink(content[2:], p); err != nil {
				t.Fatal(err)
			}
		default:
			writeFile(t, fsys, p, content)
		}
	}
	return fsys
}

func runFileCases(t *testing.T, cases []fileCase) {
	t.Helper()
	for _, tc := range cases {
		name := tc.name
		if name == "" {
			name = strings.Join(tc.args, " ")
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fsys := setupFiles(t, tc.files)
			for _, pre := range tc.pre {
				if _, errs, st := runCmd(t, fsys, "", pre...); st != 0 {
					t.Fatalf("%q: status %d: %s", pre, st, errs)
				}
			}
			cc := cmdCase{Args: tc.args, Stdin: tc.stdin, Out: tc.out, Err: tc.err, Status: tc.status}
			if tc.differs != "" {
				cc = differs(tc.differs, cc)
			}
			cc.run(t, fsys)
			if tc.check != nil {
				tc.check(t, fsys)
			}
		})
	}
}

// Assertions for check functions.

func wantContent(path, content string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		got, err := vfs.ReadFile(fsys, path)
		if err != nil || string(got) != content {
			t.Errorf("%s: got %q (%v), want %q", path, got, err, content)
		}
	}
}

func wantMissing(paths ...string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		for _, p := range paths {
			if _, err := fsys.Lstat(p); err == nil {
				t.Errorf("%s exists, want it gone", p)
			}
		}
	}
}

func wantMode(path string, mode fs.FileMode) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		info, err := fsys.Lstat(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return
		}
		if got := info.Mode(); got != mode {
			t.Errorf("%s: mode %v, want %v", path, got, mode)
		}
	}
}

func wantLink(path, target string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		got, err := fsys.Readlink(path)
		if err != nil || got != target {
			t.Errorf("%s: link to %q (%v), want %q", path, got, err, target)
		}
	}
}

func wantMtime(path string, want time.Time) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		info, err := fsys.Stat(path)
		if err != nil || !info.ModTime().Equal(want) {
			t.Errorf("%s: mtime %v (%v), want %v", path, info.ModTime(), err, want)
		}
	}
}

func checks(fns ...func(*testing.T, vfs.FS)) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		for _, fn := range fns {
			fn(t, fsys)
		}
	}
}

type stringsBuilder = strings.Builder

// testCall is a Call like runCmd's, for tests that need to adjust it.
func testCall(fsys vfs.FS, out, errb *strings.Builder, args ...string) *builtins.Call {
	return newTestCall(fsys, "", out, errb, args...)
}
