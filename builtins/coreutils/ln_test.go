package coreutils

import (
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

func wantHardLink(a, b string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		ai, err1 := fsys.Lstat(a)
		bi, err2 := fsys.Lstat(b)
		if err1 != nil || err2 != nil || !sameFile(ai, bi) {
			t.Errorf("%s and %s are not hard links of each other (%v, %v)", a, b, err1, err2)
		}
	}
}

func TestLn(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "a\n", "b": "b\n", "d/": "", "ld": "->d", "l": "->a", "-x": ""}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"ln", "a", "h"}, check: wantHardLink("/work/a", "/work/h")},
		{files: files, args: []string{"ln", "-v", "a", "h"}, out: "'h' => 'a'\n"},
		{files: files, args: []string{"ln", "a", "d"}, check: wantHardLink("/work/a", "/work/d/a")},
		{files: files, args: []string{"ln", "a", "b", "d/"}, check: wantHardLink("/work/b", "/work/d/b")},
		{files: files, args: []string{"ln", "-t", "d", "a"}, check: wantHardLink("/work/a", "/work/d/a")},
		{files: files, args: []string{"ln", "/work/a"}, err: "ln: failed to create hard link './a': File exists\n", status: 1},
		{files: files, args: []string{"ln", "l", "h"}, check: wantLink("/work/h", "a")},
		{files: files, args: []string{"ln", "-L", "l", "h"}, check: wantHardLink("/work/a", "/work/h")},
		{files: files, args: []string{"ln", "-s", "a", "s"}, check: wantLink("/work/s", "a")},
		{files: files, args: []string{"ln", "-s", "../a", "d"}, check: wantLink("/work/d/a", "../a")},
		{files: files, args: []string{"ln", "-s", "nowhere", "s"}, check: wantLink("/work/s", "nowhere")},
		{files: files, args: []string{"ln", "-sv", "a", "s"}, out: "'s' -> 'a'\n"},
		{files: files, args: []string{"ln", "-s", "/tmp"}, check: wantLink("/work/tmp", "/tmp")},
		{files: files, args: []string{"ln", "-s", "--", "-x", "s"}, check: wantLink("/work/s", "-x")},
		{files: files, args: []string{"ln", "-s", "a", "b"}, err: "ln: failed to create symbolic link 'b': File exists\n", status: 1},
		{files: files, args: []string{"ln", "a", "b"}, err: "ln: failed to create hard link 'b': File exists\n", status: 1},
		{files: files, args: []string{"ln", "-sf", "a", "b"}, check: wantLink("/work/b", "a")},
		{files: files, args: []string{"ln", "-f", "a", "b"}, check: wantHardLink("/work/a", "/work/b")},
		{files: files, args: []string{"ln", "-sf", "b", "l"}, check: wantLink("/work/l", "b")},
		{files: files, args: []string{"ln", "-s", "b", "ld"}, check: wantLink("/work/d/b", "b")},
		{files: files, args: []string{"ln", "-sfn", "b", "ld"}, check: wantLink("/work/ld", "b")},
		{files: files, args: []string{"ln", "-sfT", "b", "ld"}, check: wantLink("/work/ld", "b")},
		{files: files, args: []string{"ln", "-sfT", "b", "d"}, err: "ln: d: cannot overwrite directory\n", status: 1},
		{files: files, args: []string{"ln", "-f", "a", "a"}, err: "ln: 'a' and 'a' are the same file\n", status: 1},
		{files: files, args: []string{"ln", "nope", "h"}, err: "ln: failed to access 'nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"ln", "d", "h"}, err: "ln: d: hard link not allowed for directory\n", status: 1},
		{files: files, args: []string{"ln", "-s", "a", "x/y"}, err: "ln: failed to create symbolic link 'x/y': No such file or directory\n", status: 1},
		{files: files, args: []string{"ln", "a", "b", "c"}, err: "ln: target 'c': No such file or directory\n", status: 1},
		{files: files, args: []string{"ln", "a", "b", "a"}, err: "ln: target 'a': Not a directory\n", status: 1},
		{files: files, args: []string{"ln"}, err: "ln: missing file operand\nTry 'ln --help' for more information.\n", status: 1},
	})
}

func TestReadlinkRealpath(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"a": "a\n", "d/": "", "d/x": "", "l": "->a", "dang": "->nope", "rel": "->d/../a",
		"abs": "->/work/d", "loop1": "->loop2", "loop2": "->loop1", "chain": "->l",
	}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"readlink", "l"}, out: "a\n"},
		{files: files, args: []string{"readlink", "l", "dang", "a"}, out: "a\nnope\n", status: 1},
		{files: files, args: []string{"readlink", "-v", "a"}, err: "readlink: a: Invalid argument\n", status: 1},
		{files: files, args: []string{"readlink", "nope"}, status: 1},
		{files: files, args: []string{"readlink", "-n", "l"}, out: "a"},
		{files: files, args: []string{"readlink", "-n", "l", "l"}, out: "a\na\n", err: "readlink: ignoring --no-newline with multiple arguments\n"},
		{files: files, args: []string{"readlink", "-z", "l"}, out: "a\x00"},
		{files: files, args: []string{"readlink", "-f", "chain"}, out: "/work/a\n"},
		{files: files, args: []string{"readlink", "-f", "rel", "abs/x", "."}, out: "/work/a\n/work/d/x\n/work\n"},
		{files: files, args: []string{"readlink", "-f", "dang"}, out: "/work/nope\n"},
		{files: files, args: []string{"readlink", "-f", "nope/x"}, status: 1},
		{files: files, args: []string{"readlink", "-f", "a/x"}, status: 1},
		{files: files, args: []string{"readlink", "-e", "dang"}, status: 1},
		{files: files, args: []string{"readlink", "-e", "abs"}, out: "/work/d\n"},
		{files: files, args: []string{"readlink", "-m", "nope/../x/y", "a/x", "dang/z"}, out: "/work/x/y\n/work/a/x\n/work/nope/z\n"},
		{files: files, args: []string{"readlink", "-f", "loop1"}, status: 1},
		{files: files, args: []string{"readlink", "-vf", "loop1"}, err: "readlink: loop1: Too many levels of symbolic links\n", status: 1},
		{files: files, args: []string{"readlink"}, err: "readlink: missing operand\nTry 'readlink --help' for more information.\n", status: 1},

		{files: files, args: []string{"realpath", "l", "dang", "d/", "."}, out: "/work/a\n/work/nope\n/work/d\n/work\n"},
		{files: files, args: []string{"realpath", "nope/x"}, err: "realpath: nope/x: No such file or directory\n", status: 1},
		{files: files, args: []string{"realpath", "-q", "nope/x"}, status: 1},
		{files: files, args: []string{"realpath", "a/x"}, err: "realpath: a/x: Not a directory\n", status: 1},
		{files: files, args: []string{"realpath", "-e", "dang"}, err: "realpath: dang: No such file or directory\n", status: 1},
		{files: files, args: []string{"realpath", "-m", "a/x", "/../y"}, out: "/work/a/x\n/y\n"},
		{files: files, args: []string{"realpath", "-s", "rel", "abs/../l"}, out: "/work/rel\n/work/l\n"},
		{files: files, args: []string{"realpath", "--relative-to=d", "a", "d/x", "/tmp"}, out: "../a\nx\n../../tmp\n"},
		{files: files, args: []string{"realpath", "--relative-to", "/", "a"}, out: "work/a\n"},
		{files: files, args: []string{"realpath", "--relative-base=/work", "a", "/tmp", "/work"}, out: "a\n/tmp\n.\n"},
		{files: files, args: []string{"realpath", "-z", "a"}, out: "/work/a\x00"},
		{files: files, args: []string{"realpath"}, err: "realpath: missing operand\nTry 'realpath --help' for more information.\n", status: 1},
	})
}
