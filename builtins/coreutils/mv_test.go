package coreutils

import (
	"io/fs"
	"testing"
	"time"
)

var mvFiles = map[string]string{
	"a":      "hello\n",
	"b":      "old\n",
	"d/":     "",
	"d/x":    "x\n",
	"d/sub/": "",
	"e/":     "",
	"e/d/":   "",
	"e/d/z":  "z\n",
	"l":      "->a",
	"-x":     "dash\n",
}

func TestMv(t *testing.T) {
	t.Parallel()
	runFileCases(t, []fileCase{
		{files: mvFiles, args: []string{"mv", "a", "c"}, check: checks(wantContent("/work/c", "hello\n"), wantMissing("/work/a"))},
		{files: mvFiles, args: []string{"mv", "a", "b"}, check: checks(wantContent("/work/b", "hello\n"), wantMissing("/work/a"))},
		{files: mvFiles, args: []string{"mv", "a", "d"}, check: wantContent("/work/d/a", "hello\n")},
		{files: mvFiles, args: []string{"mv", "a", "d/"}, check: wantContent("/work/d/a", "hello\n")},
		{files: mvFiles, args: []string{"mv", "a", "b", "d/sub"}, check: checks(wantContent("/work/d/sub/a", "hello\n"), wantContent("/work/d/sub/b", "old\n"))},
		{files: mvFiles, args: []string{"mv", "-t", "d", "a", "b"}, check: wantContent("/work/d/b", "old\n")},
		{files: mvFiles, args: []string{"mv", "d", "f"}, check: checks(wantContent("/work/f/x", "x\n"), wantMissing("/work/d"))},
		{files: mvFiles, args: []string{"mv", "d/x", "/tmp/x"}, check: wantContent("/tmp/x", "x\n")},
		{files: mvFiles, args: []string{"mv", "l", "d"}, check: wantLink("/work/d/l", "a")},
		{files: mvFiles, args: []string{"mv", "-v", "a", "d"}, out: "renamed 'a' -> 'd/a'\n"},
		{files: mvFiles, args: []string{"mv", "-n", "a", "b"}, check: wantContent("/work/b", "old\n")},
		{files: mvFiles, args: []string{"mv", "-f", "a", "b"}, check: wantContent("/work/b", "hello\n")},
		{files: mvFiles, pre: [][]string{{"touch", "-d", "2020-01-01", "a"}}, args: []string{"mv", "-u", "a", "b"}, check: wantContent("/work/b", "old\n")},
		{files: mvFiles, pre: [][]string{{"touch", "-d", "2020-01-01", "b"}}, args: []string{"mv", "-u", "a", "b"}, check: wantContent("/work/b", "hello\n")},
		{files: mvFiles, args: []string{"mv", "-T", "d", "e/d"}, err: "mv: cannot move 'd' to 'e/d': Directory not empty\n", status: 1},
		{files: mvFiles, args: []string{"mv", "d", "e"}, err: "mv: cannot move 'd' to 'e/d': Directory not empty\n", status: 1},
		{files: mvFiles, args: []string{"mv", "-T", "d/sub", "e/d"}, err: "mv: cannot move 'd/sub' to 'e/d': Directory not empty\n", status: 1},
		{files: mvFiles, pre: [][]string{{"rm", "e/d/z"}}, args: []string{"mv", "d", "e"}, check: wantContent("/work/e/d/x", "x\n")},
		{files: mvFiles, args: []string{"mv", "d", "d/sub"}, err: "mv: cannot move 'd' to a subdirectory of itself, 'd/sub/d'\n", status: 1},
		{files: mvFiles, args: []string{"mv", "d", "a"}, err: "mv: cannot overwrite non-directory 'a' with directory 'd'\n", status: 1},
		{files: mvFiles, args: []string{"mv", "-T", "a", "d"}, err: "mv: cannot overwrite directory 'd' with non-directory\n", status: 1},
		{files: mvFiles, args: []string{"mv", "a", "a"}, err: "mv: 'a' and 'a' are the same file\n", status: 1},
		{files: mvFiles, args: []string{"mv", "a", "./a"}, err: "mv: 'a' and './a' are the same file\n", status: 1},
		{files: mvFiles, args: []string{"mv", "nope", "c"}, err: "mv: cannot stat 'nope': No such file or directory\n", status: 1},
		{files: mvFiles, args: []string{"mv", "a", "nodir/"}, err: "mv: cannot move 'a' to 'nodir/': Not a directory\n", status: 1},
		{files: mvFiles, args: []string{"mv", "a", "nodir/x"}, err: "mv: cannot move 'a' to 'nodir/x': No such file or directory\n", status: 1},
		{files: mvFiles, args: []string{"mv", "a", "b", "c"}, err: "mv: target 'c': No such file or directory\n", status: 1},
		{files: mvFiles, args: []string{"mv", "a", "b", "a"}, err: "mv: target 'a': Not a directory\n", status: 1},
		{files: mvFiles, args: []string{"mv", "--", "-x", "c"}, check: wantContent("/work/c", "dash\n")},
		{files: mvFiles, args: []string{"mv"}, err: "mv: missing file operand\nTry 'mv --help' for more information.\n", status: 1},
		{files: mvFiles, args: []string{"mv", "a"}, err: "mv: missing destination file operand after 'a'\nTry 'mv --help' for more information.\n", status: 1},
		{name: "keeps mode and time", files: mvFiles, pre: [][]string{{"chmod", "600", "a"}, {"touch", "-d", "2020-01-01", "a"}}, args: []string{"mv", "a", "d"},
			check: checks(wantMode("/work/d/a", 0o600), wantMtime("/work/d/a", time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)))},
		{name: "dir mode", files: mvFiles, args: []string{"mv", "d", "/tmp/d"}, check: wantMode("/tmp/d", fs.ModeDir|0o755)},
	})
}
