package coreutils

import (
	"io/fs"
	"testing"
)

var rmFiles = map[string]string{
	"a":       "a\n",
	"b":       "b\n",
	"d/":      "",
	"d/x":     "x\n",
	"d/sub/":  "",
	"d/sub/y": "y\n",
	"empty/":  "",
	"l":       "->d",
	"-x":      "",
}

func TestRm(t *testing.T) {
	t.Parallel()
	runFileCases(t, []fileCase{
		{files: rmFiles, args: []string{"rm", "a", "b"}, check: wantMissing("/work/a", "/work/b")},
		{files: rmFiles, args: []string{"rm", "-v", "a"}, out: "removed 'a'\n"},
		{files: rmFiles, args: []string{"rm", "l"}, check: checks(wantMissing("/work/l"), wantContent("/work/d/x", "x\n"))},
		{files: rmFiles, args: []string{"rm", "--", "-x"}, check: wantMissing("/work/-x")},
		{files: rmFiles, args: []string{"rm", "./-x"}, check: wantMissing("/work/-x")},
		{files: rmFiles, args: []string{"rm", "d"}, err: "rm: cannot remove 'd': Is a directory\n", status: 1},
		{files: rmFiles, args: []string{"rm", "-d", "d"}, err: "rm: cannot remove 'd': Directory not empty\n", status: 1},
		{files: rmFiles, args: []string{"rm", "-dv", "empty"}, out: "removed directory 'empty'\n", check: wantMissing("/work/empty")},
		{files: rmFiles, args: []string{"rm", "-r", "d"}, check: wantMissing("/work/d")},
		{files: rmFiles, args: []string{"rm", "-R", "d/"}, check: wantMissing("/work/d")},
		{files: rmFiles, args: []string{"rm", "-rv", "d"}, out: "removed 'd/sub/y'\nremoved directory 'd/sub'\nremoved 'd/x'\nremoved directory 'd'\n"},
		{files: rmFiles, args: []string{"rm", "nope"}, err: "rm: cannot remove 'nope': No such file or directory\n", status: 1},
		{files: rmFiles, args: []string{"rm", "-f", "nope", "a"}, check: wantMissing("/work/a")},
		{files: rmFiles, args: []string{"rm", "-rf", "nope"}},
		{files: rmFiles, args: []string{"rm", "-f"}},
		{files: rmFiles, args: []string{"rm"}, err: "rm: missing operand\nTry 'rm --help' for more information.\n", status: 1},
		{files: rmFiles, args: []string{"rm", "-r", "/"}, err: "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n", status: 1},
		{files: rmFiles, args: []string{"rm", "-rf", "/work/.."}, err: "rm: refusing to remove '.' or '..' directory: skipping '/work/..'\n", status: 1},
		{files: rmFiles, args: []string{"rm", "-r", "."}, err: "rm: refusing to remove '.' or '..' directory: skipping '.'\n", status: 1},
		{files: rmFiles, args: []string{"rm", "-r", "d/."}, err: "rm: refusing to remove '.' or '..' directory: skipping 'd/.'\n", status: 1},
		{files: rmFiles, pre: [][]string{{"chmod", "555", "d/sub"}}, args: []string{"rm", "-r", "d"},
			err: "rm: cannot remove 'd/sub/y': Permission denied\n", status: 1,
			check: checks(wantMissing("/work/d/x"), wantMode("/work/d/sub", fs.ModeDir|0o555))},
		{files: rmFiles, args: []string{"rm", "-rf", "--no-preserve-root", "/"}, check: wantMissing("/work", "/tmp")},
	})
}

func TestMkdir(t *testing.T) {
	t.Parallel()
	runFileCases(t, []fileCase{
		{files: rmFiles, args: []string{"mkdir", "n"}, check: wantMode("/work/n", fs.ModeDir|0o755)},
		{files: rmFiles, args: []string{"mkdir", "n", "m/"}, check: wantMode("/work/m", fs.ModeDir|0o755)},
		{files: rmFiles, args: []string{"mkdir", "-v", "n"}, out: "mkdir: created directory 'n'\n"},
		{files: rmFiles, args: []string{"mkdir", "-m", "700", "n"}, check: wantMode("/work/n", fs.ModeDir|0o700)},
		{files: rmFiles, args: []string{"mkdir", "-m", "777", "n"}, check: wantMode("/work/n", fs.ModeDir|0o777)},
		{files: rmFiles, args: []string{"mkdir", "-m", "u=rwx,go=", "n"}, check: wantMode("/work/n", fs.ModeDir|0o700)},
		{files: rmFiles, args: []string{"mkdir", "-m", "o-rx", "n"}, check: wantMode("/work/n", fs.ModeDir|0o772)},
		{files: rmFiles, args: []string{"mkdir", "-m", "g+s", "n"}, check: wantMode("/work/n", fs.ModeDir|fs.ModeSetgid|0o777)},
		{files: rmFiles, args: []string{"mkdir", "-m", "1777", "n"}, check: wantMode("/work/n", fs.ModeDir|fs.ModeSticky|0o777)},
		{files: rmFiles, args: []string{"mkdir", "-m", "bad", "n"}, err: "mkdir: invalid mode 'bad'\n", status: 1},
		{files: rmFiles, args: []string{"mkdir", "-pv", "p/q/r"}, out: "mkdir: created directory 'p'\nmkdir: created directory 'p/q'\nmkdir: created directory 'p/q/r'\n"},
		{files: rmFiles, args: []string{"mkdir", "-p", "-m", "700", "p/q"}, check: checks(wantMode("/work/p", fs.ModeDir|0o755), wantMode("/work/p/q", fs.ModeDir|0o700))},
		{files: rmFiles, args: []string{"mkdir", "-pv", "d/sub/new", "d"}, out: "mkdir: created directory 'd/sub/new'\n"},
		{files: rmFiles, args: []string{"mkdir", "-p", "/work//x/./y/"}, check: wantMode("/work/x/y", fs.ModeDir|0o755)},
		{files: rmFiles, args: []string{"mkdir", "-p", "a/b"}, err: "mkdir: cannot create directory 'a': Not a directory\n", status: 1},
		{files: rmFiles, args: []string{"mkdir", "-p", "a"}, err: "mkdir: cannot create directory 'a': File exists\n", status: 1},
		{files: rmFiles, args: []string{"mkdir", "d"}, err: "mkdir: cannot create directory 'd': File exists\n", status: 1},
		{files: rmFiles, args: []string{"mkdir", "x/y", "z"}, err: "mkdir: cannot create directory 'x/y': No such file or directory\n", status: 1,
			check: wantMode("/work/z", fs.ModeDir|0o755)},
		{files: rmFiles, args: []string{"mkdir"}, err: "mkdir: missing operand\nTry 'mkdir --help' for more information.\n", status: 1},
		{files: rmFiles, pre: [][]string{{"chmod", "555", "d"}}, args: []string{"mkdir", "d/n"}, err: "mkdir: cannot create directory 'd/n': Permission denied\n", status: 1},
	})
}

func TestRmdir(t *testing.T) {
	t.Parallel()
	runFileCases(t, []fileCase{
		{files: rmFiles, args: []string{"rmdir", "empty"}, check: wantMissing("/work/empty")},
		{files: rmFiles, args: []string{"rmdir", "-v", "empty/"}, out: "rmdir: removing directory, 'empty/'\n"},
		{files: rmFiles, pre: [][]string{{"mkdir", "-p", "p/q/r"}}, args: []string{"rmdir", "-pv", "p/q/r"},
			out: "rmdir: removing directory, 'p/q/r'\nrmdir: removing directory, 'p/q'\nrmdir: removing directory, 'p'\n", check: wantMissing("/work/p")},
		{files: rmFiles, pre: [][]string{{"mkdir", "-p", "d/q/r"}}, args: []string{"rmdir", "-p", "d/q/r"},
			err: "rmdir: failed to remove directory 'd': Directory not empty\n", status: 1, check: wantMissing("/work/d/q")},
		{files: rmFiles, args: []string{"rmdir", "d"}, err: "rmdir: failed to remove 'd': Directory not empty\n", status: 1},
		{files: rmFiles, args: []string{"rmdir", "--ignore-fail-on-non-empty", "d"}},
		{files: rmFiles, args: []string{"rmdir", "a"}, err: "rmdir: failed to remove 'a': Not a directory\n", status: 1},
		{files: rmFiles, args: []string{"rmdir", "l"}, err: "rmdir: failed to remove 'l': Not a directory\n", status: 1},
		{files: rmFiles, args: []string{"rmdir", "nope"}, err: "rmdir: failed to remove 'nope': No such file or directory\n", status: 1},
		{files: rmFiles, args: []string{"rmdir"}, err: "rmdir: missing operand\nTry 'rmdir --help' for more information.\n", status: 1},
	})
}
