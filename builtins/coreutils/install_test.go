package coreutils

import (
	"io/fs"
	"testing"
)

func TestInstall(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "hi\n", "b": "old\n", "d/": ""}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"install", "a", "new"}, check: checks(wantContent("/work/new", "hi\n"), wantMode("/work/new", 0o755))},
		{files: files, args: []string{"install", "-v", "a", "b"}, out: "removed 'b'\n'a' -> 'b'\n", check: wantContent("/work/b", "hi\n")},
		{files: files, args: []string{"install", "-m", "644", "a", "c"}, check: wantMode("/work/c", 0o644)},
		{files: files, args: []string{"install", "-m", "u=rw,go=r", "a", "c"}, check: wantMode("/work/c", 0o644)},
		{files: files, args: []string{"install", "-m", "4755", "a", "c"}, check: wantMode("/work/c", fs.ModeSetuid|0o755)},
		{files: files, args: []string{"install", "-v", "a", "b", "d"}, out: "'a' -> 'd/a'\n'b' -> 'd/b'\n", check: wantContent("/work/d/b", "old\n")},
		{files: files, args: []string{"install", "-t", "d", "a"}, check: wantContent("/work/d/a", "hi\n")},
		{files: files, args: []string{"install", "-d", "-v", "x/y/z"}, out: "install: creating directory 'x'\ninstall: creating directory 'x/y'\ninstall: creating directory 'x/y/z'\n",
			check: checks(wantMode("/work/x", fs.ModeDir|0o755), wantMode("/work/x/y/z", fs.ModeDir|0o755))},
		{files: files, args: []string{"install", "-d", "-m", "700", "q/r"}, check: checks(wantMode("/work/q", fs.ModeDir|0o755), wantMode("/work/q/r", fs.ModeDir|0o700))},
		{files: files, args: []string{"install", "-D", "-v", "a", "p/q/r"}, out: "install: creating directory 'p'\ninstall: creating directory 'p/q'\n'a' -> 'p/q/r'\n", check: wantContent("/work/p/q/r", "hi\n")},
		{files: files, args: []string{"install", "-D", "-t", "t/u", "a"}, check: wantContent("/work/t/u/a", "hi\n")},
		{name: "-C same", files: files, pre: [][]string{{"install", "a", "c"}}, args: []string{"install", "-C", "-v", "a", "c"}, out: ""},
		{name: "-C other mode", files: files, pre: [][]string{{"install", "a", "c"}}, args: []string{"install", "-C", "-v", "-m", "600", "a", "c"}, out: "removed 'c'\n'a' -> 'c'\n", check: wantMode("/work/c", 0o600)},
		{files: files, args: []string{"install", "-C", "-v", "a", "b"}, out: "removed 'b'\n'a' -> 'b'\n"},
		{files: files, args: []string{"install", "a"}, err: "install: missing destination file operand after 'a'\nTry 'install --help' for more information.\n", status: 1},
		{files: files, args: []string{"install"}, err: "install: missing file operand\nTry 'install --help' for more information.\n", status: 1},
		{files: files, args: []string{"install", "-d"}, err: "install: missing file operand\nTry 'install --help' for more information.\n", status: 1},
		{files: files, args: []string{"install", "nope", "d"}, err: "install: cannot stat 'nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"install", "d", "e"}, err: "install: omitting directory 'd'\n", status: 1},
		{files: files, args: []string{"install", "-T", "a", "d"}, err: "install: cannot overwrite directory 'd' with non-directory\n", status: 1},
		{files: files, args: []string{"install", "a", "b", "x/nope"}, err: "install: target 'x/nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"install", "-m", "999", "a", "c"}, err: "install: invalid mode '999'\n", status: 1},
		{files: files, args: []string{"install", "-C", "-p", "a", "c"}, err: "install: options --compare (-C) and --preserve-timestamps are mutually exclusive\nTry 'install --help' for more information.\n", status: 1},
		// not root: another owner is refused, one's own is no change
		{files: files, args: []string{"install", "-o", "root", "a", "c"}, err: "install: cannot change ownership of 'c': Operation not permitted\n", status: 1},
		{files: files, args: []string{"install", "-g", "root", "a", "c"}, err: "install: cannot change ownership of 'c': Operation not permitted\n", status: 1},
		{files: files, args: []string{"install", "-o", "nosuchuser", "a", "c"}, err: "install: invalid user 'nosuchuser'\n", status: 1},
		{files: files, args: []string{"install", "-o", "user", "-g", "user", "a", "c"}, check: wantContent("/work/c", "hi\n"),
			differs: "the sandbox's user is 'user'; the host's test user is nobody"},
	})
}
