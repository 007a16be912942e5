package coreutils

import (
	"io/fs"
	"testing"
)

func TestBaseJoinOperand(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"a": "a", "d/x": "x", "d/": "d", "/": "/", "//": "/", "": ".", "a/.": "."} {
		if got := baseOperand(in); got != want {
			t.Errorf("baseOperand(%q) = %q, want %q", in, got, want)
		}
	}
	for _, tc := range [][3]string{{"d", "x", "d/x"}, {"d/", "x", "d/x"}, {".", "x", "./x"}, {"/", "x", "/x"}} {
		if got := joinOperand(tc[0], tc[1]); got != tc[2] {
			t.Errorf("joinOperand(%q, %q) = %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
}

// An empty operand names no file; c.Abs("") would be the working directory.
func TestEmptyOperand(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "a\n", "d/": ""}
	intact := checks(wantContent("/work/a", "a\n"), wantMode("/work/d", fs.ModeDir|0o755), wantMode("/work", fs.ModeDir|0o755))
	noent := ": No such file or directory\n"
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
		{files: files, args: []string{"du", ""}, err: "du: invalid zero-length file name\n", status: 1},
		{files: files, args: []string{"tree", "--noreport", ""}, out: "  [error opening dir]\n", status: 2},
	})
}
