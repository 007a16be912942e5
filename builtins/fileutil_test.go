package builtins

import (
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

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
			cmdCase{args: tc.args, stdin: tc.stdin, out: tc.out, err: tc.err, status: tc.status}.run(t, fsys)
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

func TestFileQuote(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"a":       "'a'",
		"a b":     "'a b'",
		"it's":    `"it's"`,
		"it's\"x": `'it'\''s"x'`,
		"a$b":     "'a$b'",
		"n\nl":    `'n'$'\n''l'`,
		"tab\tx":  `'tab'$'\t''x'`,
		"end\n":   `'end'$'\n'''`,
	} {
		if got := fileQuote(in); got != want {
			t.Errorf("fileQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestFileHuman(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{
		0: "0", 4: "4", 1023: "1023", 1024: "1.0K", 1025: "1.1K", 4096: "4.0K",
		10240: "10K", 10300: "11K", 1048575: "1.0M", 1 << 20: "1.0M",
		1<<30 - 12: "1.0G", 5 << 30: "5.0G", 123 << 20: "123M",
	} {
		if got := fileHuman(n); got != want {
			t.Errorf("fileHuman(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestFileModeString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode fs.FileMode
		want string
	}{
		{0o644, "-rw-r--r--"},
		{fs.ModeDir | 0o755, "drwxr-xr-x"},
		{fs.ModeDir | fs.ModeSticky | 0o777, "drwxrwxrwt"},
		{fs.ModeSymlink | 0o777, "lrwxrwxrwx"},
		{fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky | 0o644, "-rwSr-Sr-T"},
		{fs.ModeSetuid | 0o755, "-rwsr-xr-x"},
		{fs.ModeDevice | fs.ModeCharDevice | 0o666, "crw-rw-rw-"},
		{fs.ModeNamedPipe | 0o600, "prw-------"},
	} {
		if got := fileModeString(tc.mode); got != tc.want {
			t.Errorf("fileModeString(%v) = %q, want %q", tc.mode, got, tc.want)
		}
	}
}

func TestFileBaseJoin(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"a": "a", "d/x": "x", "d/": "d", "/": "/", "//": "/", "": ".", "a/.": "."} {
		if got := fileBase(in); got != want {
			t.Errorf("fileBase(%q) = %q, want %q", in, got, want)
		}
	}
	for _, tc := range [][3]string{{"d", "x", "d/x"}, {"d/", "x", "d/x"}, {".", "x", "./x"}, {"/", "x", "/x"}} {
		if got := fileJoin(tc[0], tc[1]); got != tc[2] {
			t.Errorf("fileJoin(%q, %q) = %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
}

type stringsBuilder = strings.Builder

// testCall is a Call like runCmd's, for tests that need to adjust it.
func testCall(fsys vfs.FS, out, errb *strings.Builder, args ...string) *Call {
	return newTestCall(fsys, "", out, errb, args...)
}

// An empty operand names no file; c.Abs("") would be the working directory.
func TestEmptyOperand(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "a\n", "d/": ""}
	intact := checks(wantContent("/work/a", "a\n"), wantMode("/work/d", fs.ModeDir|0o755), wantMode("/work", fs.ModeDir|0o755))
	noent := ": no such file or directory\n"
	runFileCases(t, []fileCase{
		{files: files, args: []string{"rm", "-rf", ""}, check: intact},
		{files: files, args: []string{"rm", "-r", ""}, err: "rm: cannot remove ''" + noent, status: 1, check: intact},
		{files: files, args: []string{"rmdir", ""}, err: "rmdir: failed to remove ''" + noent, status: 1},
		{files: files, args: []string{"mkdir", ""}, err: "mkdir: cannot create directory ''" + noent, status: 1},
		{files: files, args: []string{"mkdir", "-p", ""}, err: "mkdir: cannot create directory ''" + noent, status: 1},
		{files: files, args: []string{"touch", ""}, err: "touch: cannot touch ''" + noent, status: 1},
		{files: files, args: []string{"cp", "a", ""}, err: "cp: cannot create regular file ''" + noent, status: 1, check: intact},
		{files: files, args: []string{"cp", "-r", "", "x"}, err: "cp: cannot stat ''" + noent, status: 1},
		{files: files, args: []string{"mv", "a", ""}, err: "mv: cannot move 'a' to ''" + noent, status: 1, check: intact},
		{files: files, args: []string{"ln", "-s", "a", ""}, err: "ln: failed to create symbolic link ''" + noent, status: 1},
		{files: files, args: []string{"chmod", "700", ""}, err: "chmod: cannot access ''" + noent, status: 1, check: intact},
		{files: files, args: []string{"stat", ""}, err: "stat: cannot statx ''" + noent, status: 1},
		{files: files, args: []string{"realpath", ""}, err: "realpath: ''" + noent, status: 1},
		{files: files, args: []string{"readlink", "-f", ""}, status: 1},
		{files: files, args: []string{"find", ""}, err: "find: ''" + noent, status: 1},
		{files: files, args: []string{"du", ""}, err: "du: cannot access ''" + noent, status: 1},
		{files: files, args: []string{"tree", "--noreport", ""}, out: "  [error opening dir]\n", status: 2},
	})
}

func TestFileQuoteMaybe(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "''", "a/b.c": "a/b.c", "-x": "-x", "a b": "'a b'", "it's": `"it's"`} {
		if got := fileQuoteMaybe(in); got != want {
			t.Errorf("fileQuoteMaybe(%q) = %s, want %s", in, got, want)
		}
	}
}
