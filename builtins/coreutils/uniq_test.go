package coreutils

import (
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

func TestUniq(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"/work/u":   "a\na\nb\nB\nc\nc\nc\n",
		"/work/f3":  "x 1 foo\ny 2 foo\nz 1 bar\n",
		"/work/abc": "a\nb\nc",
	}
	runCasesFresh(t, files, []cmdCase{
		{[]string{"uniq", "u"}, "", "a\nb\nB\nc\n", "", 0},
		{[]string{"uniq", "-c", "u"}, "", "      2 a\n      1 b\n      1 B\n      3 c\n", "", 0},
		{[]string{"uniq", "-d", "u"}, "", "a\nc\n", "", 0},
		{[]string{"uniq", "-u", "u"}, "", "b\nB\n", "", 0},
		{[]string{"uniq", "-i", "u"}, "", "a\nb\nc\n", "", 0},
		{[]string{"uniq", "-ic", "u"}, "", "      2 a\n      2 b\n      3 c\n", "", 0},
		{[]string{"uniq", "-D", "u"}, "", "a\na\nc\nc\nc\n", "", 0},
		{[]string{"uniq", "--all-repeated=separate", "u"}, "", "a\na\n\nc\nc\nc\n", "", 0},
		{[]string{"uniq", "--all-repeated=prepend", "u"}, "", "\na\na\n\nc\nc\nc\n", "", 0},
		{[]string{"uniq", "-cd", "u"}, "", "      2 a\n      3 c\n", "", 0},
		{[]string{"uniq", "-du", "u"}, "", "", "", 0},
		{[]string{"uniq", "-f", "2", "f3"}, "", "x 1 foo\nz 1 bar\n", "", 0},
		{[]string{"uniq", "-f1", "-c", "f3"}, "", "      1 x 1 foo\n      1 y 2 foo\n      1 z 1 bar\n", "", 0},
		{[]string{"uniq", "-s", "2", "f3"}, "", "x 1 foo\ny 2 foo\nz 1 bar\n", "", 0},
		{[]string{"uniq", "-w", "1", "f3"}, "", "x 1 foo\ny 2 foo\nz 1 bar\n", "", 0},
		{[]string{"uniq", "-s", "2", "-w", "1", "f3"}, "", "x 1 foo\ny 2 foo\nz 1 bar\n", "", 0},
		{[]string{"uniq", "abc"}, "", "a\nb\nc\n", "", 0},
		{[]string{"uniq", "nope"}, "", "", "uniq: nope: No such file or directory\n", 1},
		{[]string{"uniq", "u", "v", "w"}, "", "", "uniq: extra operand 'w'\nTry 'uniq --help' for more information.\n", 1},
		{[]string{"uniq", "-f", "x", "u"}, "", "", "uniq: x: invalid number of fields to skip\n", 1},
		{[]string{"uniq", "-s", "x", "u"}, "", "", "uniq: x: invalid number of bytes to skip\n", 1},
		{[]string{"uniq", "-w", "x", "u"}, "", "", "uniq: x: invalid number of bytes to compare\n", 1},
		{[]string{"uniq", "-Dc", "u"}, "", "", "uniq: printing all duplicated lines and repeat counts is meaningless\nTry 'uniq --help' for more information.\n", 1},
		{[]string{"uniq", "-z"}, "a\u0000a\u0000b", "a\u0000b\u0000", "", 0},
		{[]string{"uniq"}, "x\nx\n", "x\n", "", 0},
		{[]string{"uniq", "-"}, "x\nx\n", "x\n", "", 0},
	})
}

func TestUniqOutputFile(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/in", "a\na\nb\n")
	out, errs, st := runCmd(t, fsys, "", "uniq", "in", "out")
	data, _ := vfs.ReadFile(fsys, "/work/out")
	if out != "" || errs != "" || st != 0 || string(data) != "a\nb\n" {
		t.Errorf("got (%q, %q, %d) and file %q", out, errs, st, data)
	}
	_, errs, st = runCmd(t, fsys, "", "uniq", "in", "/nodir/out")
	if st != 1 || errs != "uniq: /nodir/out: No such file or directory\n" {
		t.Errorf("got (%q, %d)", errs, st)
	}
}
