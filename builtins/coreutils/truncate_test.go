package coreutils

import (
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

func TestTruncate(t *testing.T) {
	t.Parallel()
	files := map[string]string{"f": "hello world\n", "r": "abcdef", "d/": ""}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"truncate", "-s", "5", "f"}, check: wantContent("/work/f", "hello")},
		{files: files, args: []string{"truncate", "-s", "+2", "f"}, check: wantContent("/work/f", "hello world\n\x00\x00")},
		{files: files, args: []string{"truncate", "-s", "-7", "f"}, check: wantContent("/work/f", "hello")},
		{files: files, args: []string{"truncate", "-s", "-100", "f"}, check: wantContent("/work/f", "")},
		{files: files, args: []string{"truncate", "-s", "<4", "f"}, check: wantContent("/work/f", "hell")},
		{files: files, args: []string{"truncate", "-s", "<40", "f"}, check: wantContent("/work/f", "hello world\n")},
		{files: files, args: []string{"truncate", "-s", ">13", "f"}, check: wantContent("/work/f", "hello world\n\x00")},
		{files: files, args: []string{"truncate", "-s", "/5", "f"}, check: wantContent("/work/f", "hello worl")},
		{files: files, args: []string{"truncate", "-s", "%5", "f"}, check: wantContent("/work/f", "hello world\n\x00\x00\x00")},
		{files: files, args: []string{"truncate", "-s", "0", "f", "new"}, check: checks(wantContent("/work/f", ""), wantContent("/work/new", ""))},
		{files: files, args: []string{"truncate", "-r", "r", "f"}, check: wantContent("/work/f", "hello ")},
		{files: files, args: []string{"truncate", "-r", "r", "-s", "+1", "f"}, check: wantContent("/work/f", "hello w")},
		{files: files, args: []string{"truncate", "-c", "-s", "1", "new"}, check: wantMissing("/work/new")},
		{files: files, args: []string{"truncate", "-o", "-s", "1", "f"}, check: wantSize("/work/f", 4096)},
		{files: files, args: []string{"truncate", "-s", "1K", "f"}, check: wantSize("/work/f", 1024)},
		{files: files, args: []string{"truncate", "-s", "1KB", "f"}, check: wantSize("/work/f", 1000)},
		{files: files, args: []string{"truncate", "f"}, err: "truncate: you must specify either '--size' or '--reference'\nTry 'truncate --help' for more information.\n", status: 1},
		{files: files, args: []string{"truncate", "-s", "1"}, err: "truncate: missing file operand\nTry 'truncate --help' for more information.\n", status: 1},
		{files: files, args: []string{"truncate", "-s", "1", "-r", "r", "f"}, err: "truncate: you must specify a relative '--size' with '--reference'\nTry 'truncate --help' for more information.\n", status: 1},
		{files: files, args: []string{"truncate", "-s", "x", "f"}, err: "truncate: Invalid number: 'x'\n", status: 1},
		{files: files, args: []string{"truncate", "-s", "+-5", "f"}, err: "truncate: Invalid number: '+-5'\n", status: 1},
		{files: files, args: []string{"truncate", "-s", "/0", "f"}, err: "truncate: division by zero\n", status: 1},
		{files: files, args: []string{"truncate", "-r", "nope", "f"}, err: "truncate: cannot stat 'nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"truncate", "-s", "1", "no/f"}, err: "truncate: cannot open 'no/f' for writing: No such file or directory\n", status: 1},
		{files: files, args: []string{"truncate", "-s", "1", "d"}, err: "truncate: cannot open 'd' for writing: Is a directory\n", status: 1},
	})
}

func wantSize(path string, n int64) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		info, err := fsys.Stat(path)
		if err != nil || info.Size() != n {
			t.Errorf("%s: size %v (%v), want %d", path, info, err, n)
		}
	}
}
