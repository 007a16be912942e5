package coreutils

import (
	"io/fs"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/vfs"
)

var cpFiles = map[string]string{
	"a":       "hello\n",
	"b":       "old\n",
	"d/":      "",
	"d/x":     "x\n",
	"d/sub/":  "",
	"d/sub/y": "y\n",
	"d/ln":    "->x",
	"l":       "->a",
	"e/":      "",
	"-x":      "dash\n",
}

func TestCp(t *testing.T) {
	t.Parallel()
	runFileCases(t, []fileCase{
		{files: cpFiles, args: []string{"cp", "a", "new"}, check: wantContent("/work/new", "hello\n")},
		{files: cpFiles, args: []string{"cp", "a", "b"}, check: wantContent("/work/b", "hello\n")},
		{files: cpFiles, args: []string{"cp", "a", "e"}, check: wantContent("/work/e/a", "hello\n")},
		{files: cpFiles, args: []string{"cp", "a", "e/"}, check: wantContent("/work/e/a", "hello\n")},
		{files: cpFiles, args: []string{"cp", "a", "b", "e"}, check: checks(wantContent("/work/e/a", "hello\n"), wantContent("/work/e/b", "old\n"))},
		{files: cpFiles, args: []string{"cp", "-t", "e", "a", "b"}, check: wantContent("/work/e/b", "old\n")},
		{files: cpFiles, args: []string{"cp", "-v", "a", "e"}, out: "'a' -> 'e/a'\n"},
		{files: cpFiles, args: []string{"cp", "l", "c"}, check: checks(wantContent("/work/c", "hello\n"), wantMode("/work/c", 0o644))},
		{files: cpFiles, args: []string{"cp", "-P", "l", "c"}, check: wantLink("/work/c", "a")},
		{files: cpFiles, args: []string{"cp", "-d", "l", "b"}, check: wantLink("/work/b", "a")},
		{files: cpFiles, args: []string{"cp", "--", "-x", "c"}, check: wantContent("/work/c", "dash\n")},
		{files: cpFiles, args: []string{"cp", "d", "e"}, err: "cp: -r not specified; omitting directory 'd'\n", status: 1},
		{files: cpFiles, args: []string{"cp", "-r", "d", "c"}, check: checks(
			wantContent("/work/c/x", "x\n"), wantContent("/work/c/sub/y", "y\n"), wantLink("/work/c/ln", "x"),
			wantMode("/work/c", fs.ModeDir|0o755))},
		{files: cpFiles, args: []string{"cp", "-R", "d", "e"}, check: wantContent("/work/e/d/sub/y", "y\n")},
		{files: cpFiles, args: []string{"cp", "-rL", "d", "c"}, check: wantContent("/work/c/ln", "x\n")},
		{files: cpFiles, args: []string{"cp", "-rv", "d", "c"}, out: "'d' -> 'c'\n'd/ln' -> 'c/ln'\n'd/sub' -> 'c/sub'\n'd/sub/y' -> 'c/sub/y'\n'd/x' -> 'c/x'\n"},
		{files: cpFiles, args: []string{"cp", "-rT", "d", "e"}, check: wantContent("/work/e/x", "x\n")},
		{name: "merge", files: cpFiles, pre: [][]string{{"mkdir", "-p", "e/d/keep"}}, args: []string{"cp", "-r", "d", "e"},
			check: checks(wantContent("/work/e/d/x", "x\n"), wantMode("/work/e/d/keep", fs.ModeDir|0o755))},
		{files: cpFiles, args: []string{"cp", "-r", "d", "d/sub"}, err: "cp: cannot copy a directory, 'd', into itself, 'd/sub/d'\n", status: 1,
			check: wantMissing("/work/d/sub/d")},
		{files: cpFiles, args: []string{"cp", "-r", "d", "d"}, err: "cp: cannot copy a directory, 'd', into itself, 'd/d'\n", status: 1},
		// below the top, a link followed can lead back into the source
		{differs: "a loop of symlinks is reported once, as a copy into itself", files: cpFiles, pre: [][]string{{"ln", "-s", "/work", "d/sub/up"}}, args: []string{"cp", "-rL", "d", "c"},
			err: "cp: cannot copy a directory, 'd/sub/up', into itself, 'c/sub/up'\n", status: 1, check: wantMissing("/work/c/sub/up")},
		{files: cpFiles, args: []string{"cp", "-r", "d", "."}, err: "cp: 'd' and './d' are the same file\n", status: 1},
		{files: cpFiles, args: []string{"cp", "-r", "d", "a"}, err: "cp: cannot overwrite non-directory 'a' with directory 'd'\n", status: 1},
		{files: cpFiles, pre: [][]string{{"mkdir", "e/a"}}, args: []string{"cp", "a", "e"}, err: "cp: cannot overwrite directory 'e/a' with non-directory\n", status: 1},
		{files: cpFiles, args: []string{"cp", "a", "a"}, err: "cp: 'a' and 'a' are the same file\n", status: 1},
		{files: cpFiles, args: []string{"cp", "l", "a"}, err: "cp: 'l' and 'a' are the same file\n", status: 1},
		{files: cpFiles, args: []string{"cp", "a", "nodir/"}, err: "cp: cannot create regular file 'nodir/': Not a directory\n", status: 1},
		{files: cpFiles, args: []string{"cp", "a", "nodir/x"}, err: "cp: cannot create regular file 'nodir/x': No such file or directory\n", status: 1},
		{files: cpFiles, args: []string{"cp", "a", "b", "c"}, err: "cp: target 'c': No such file or directory\n", status: 1},
		{differs: "no -x: the VFS is one file system", files: cpFiles, args: []string{"cp", "a", "b", "-x"}, err: "cp: invalid option -- 'x'\nTry 'cp --help' for more information.\n", status: 1},
		{files: cpFiles, args: []string{"cp", "a", "b", "--", "-x"}, err: "cp: target '-x': Not a directory\n", status: 1},
		{files: cpFiles, args: []string{"cp", "nope", "c"}, err: "cp: cannot stat 'nope': No such file or directory\n", status: 1},
		{files: cpFiles, args: []string{"cp"}, err: "cp: missing file operand\nTry 'cp --help' for more information.\n", status: 1},
		{files: cpFiles, args: []string{"cp", "a"}, err: "cp: missing destination file operand after 'a'\nTry 'cp --help' for more information.\n", status: 1},
		{files: cpFiles, args: []string{"cp", "-T", "a", "b", "c"}, err: "cp: extra operand 'c'\nTry 'cp --help' for more information.\n", status: 1},
		{files: cpFiles, args: []string{"cp", "-n", "a", "b"}, check: wantContent("/work/b", "old\n")},
		{files: cpFiles, args: []string{"cp", "-n", "a", "a"}},
		{files: cpFiles, pre: [][]string{{"touch", "-d", "2020-01-01", "a"}}, args: []string{"cp", "-u", "a", "b"}, check: wantContent("/work/b", "old\n")},
		{files: cpFiles, pre: [][]string{{"touch", "-d", "2020-01-01", "b"}}, args: []string{"cp", "-u", "a", "b"}, check: wantContent("/work/b", "hello\n")},
		{files: cpFiles, args: []string{"cp", "-l", "a", "c"}, pre: nil, check: func(t *testing.T, fsys vfs.FS) {
			a, _ := fsys.Stat("/work/a")
			c, _ := fsys.Stat("/work/c")
			if !sameFile(a, c) {
				t.Error("cp -l did not make a hard link")
			}
		}},
		{files: cpFiles, args: []string{"cp", "-s", "/work/a", "c"}, check: wantLink("/work/c", "/work/a")},
		{name: "mode without -p", files: cpFiles, pre: [][]string{{"chmod", "751", "a"}}, args: []string{"cp", "a", "c"}, check: wantMode("/work/c", 0o751&^0o022)},
		{name: "existing keeps mode", files: cpFiles, pre: [][]string{{"chmod", "600", "b"}}, args: []string{"cp", "a", "b"}, check: wantMode("/work/b", 0o600)},
		{name: "-p", files: cpFiles, pre: [][]string{{"chmod", "4751", "a"}, {"touch", "-d", "2020-02-03", "a"}}, args: []string{"cp", "-p", "a", "c"},
			check: checks(wantMode("/work/c", fs.ModeSetuid|0o751), wantMtime("/work/c", time.Date(2020, 2, 3, 0, 0, 0, 0, time.UTC)))},
		{name: "-a", files: cpFiles, pre: [][]string{{"chmod", "700", "d/sub"}, {"touch", "-d", "2020-02-03", "d/sub"}}, args: []string{"cp", "-a", "d", "c"},
			check: checks(wantMode("/work/c/sub", fs.ModeDir|0o700), wantMtime("/work/c/sub", time.Date(2020, 2, 3, 0, 0, 0, 0, time.UTC)), wantLink("/work/c/ln", "x"))},
		{name: "dir mode without -p", files: cpFiles, pre: [][]string{{"chmod", "700", "d"}}, args: []string{"cp", "-r", "d", "c"}, check: wantMode("/work/c", fs.ModeDir|0o700)},
		{name: "-f replaces unwritable", files: cpFiles, pre: [][]string{{"chmod", "444", "b"}}, args: []string{"cp", "-f", "a", "b"}, check: wantContent("/work/b", "hello\n")},
		{name: "unwritable without -f", files: cpFiles, pre: [][]string{{"chmod", "444", "b"}}, args: []string{"cp", "a", "b"},
			err: "cp: cannot create regular file 'b': Permission denied\n", status: 1},
		{name: "unreadable", files: cpFiles, pre: [][]string{{"chmod", "0", "a"}}, args: []string{"cp", "a", "c"},
			err: "cp: cannot open 'a' for reading: Permission denied\n", status: 1},
		// -a, -d and --preserve=links keep two names of one file one file
		{name: "-a keeps hard links", files: cpFiles, pre: [][]string{{"ln", "d/x", "d/sub/x2"}}, args: []string{"cp", "-a", "d", "c"},
			check: checks(wantHardLink("/work/c/x", "/work/c/sub/x2"), wantContent("/work/c/x", "x\n"))},
		{name: "-rd keeps hard links", files: cpFiles, pre: [][]string{{"ln", "d/x", "d/x2"}}, args: []string{"cp", "-rd", "d", "c"},
			check: wantHardLink("/work/c/x", "/work/c/x2")},
		{name: "--preserve=links", files: cpFiles, pre: [][]string{{"ln", "a", "a2"}}, args: []string{"cp", "--preserve=links", "a", "a2", "e"},
			check: wantHardLink("/work/e/a", "/work/e/a2")},
		{name: "--preserve=all", files: cpFiles, pre: [][]string{{"ln", "a", "a2"}}, args: []string{"cp", "--preserve=all", "a", "a2", "b", "e"},
			check: checks(wantHardLink("/work/e/a", "/work/e/a2"), wantNotHardLink("/work/e/a", "/work/e/b"))},
		{name: "-r alone copies each name", files: cpFiles, pre: [][]string{{"ln", "d/x", "d/x2"}}, args: []string{"cp", "-r", "d", "c"},
			check: wantNotHardLink("/work/c/x", "/work/c/x2")},
		{name: "hard link replaces a file", files: cpFiles, pre: [][]string{{"ln", "a", "a2"}, {"mkdir", "-p", "c"}, {"cp", "b", "c/a2"}}, args: []string{"cp", "-d", "a", "a2", "c"},
			check: checks(wantHardLink("/work/c/a", "/work/c/a2"), wantContent("/work/c/a2", "hello\n"))},
		// --parents: SOURCE under DIRECTORY, the directories made on the way
		{files: cpFiles, args: []string{"cp", "--parents", "d/sub/y", "e"}, check: checks(wantContent("/work/e/d/sub/y", "y\n"), wantMode("/work/e/d", fs.ModeDir|0o755))},
		{files: cpFiles, args: []string{"cp", "-v", "--parents", "d/sub/y", "e"}, out: "d -> e/d\nd/sub -> e/d/sub\n'd/sub/y' -> 'e/d/sub/y'\n"},
		{name: "--parents keeps modes", files: cpFiles, pre: [][]string{{"chmod", "700", "d/sub"}}, args: []string{"cp", "--parents", "d/sub/y", "e"}, check: wantMode("/work/e/d/sub", fs.ModeDir|0o700)},
		{files: cpFiles, args: []string{"cp", "--parents", "-r", "d/sub", "e/"}, check: wantContent("/work/e/d/sub/y", "y\n")},
		{files: cpFiles, args: []string{"cp", "--parents", "-t", "e", "d/x", "a"}, check: checks(wantContent("/work/e/d/x", "x\n"), wantContent("/work/e/a", "hello\n"))},
		{files: cpFiles, args: []string{"cp", "--parents", "d/x", "a"}, err: "cp: with --parents, the destination must be a directory\nTry 'cp --help' for more information.\n", status: 1},
		{files: cpFiles, args: []string{"cp", "--parents", "d/x"}, err: "cp: missing destination file operand after 'd/x'\nTry 'cp --help' for more information.\n", status: 1},
		{files: cpFiles, args: []string{"cp", "--parents", "d/nope", "e"}, err: "cp: cannot stat 'd/nope': No such file or directory\n", status: 1, check: wantMode("/work/e/d", fs.ModeDir|0o755)},
	})
}

func wantNotHardLink(a, b string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		ai, err1 := fsys.Lstat(a)
		bi, err2 := fsys.Lstat(b)
		if err1 != nil || err2 != nil || sameFile(ai, bi) {
			t.Errorf("%s and %s: want two files (%v, %v)", a, b, err1, err2)
		}
	}
}
