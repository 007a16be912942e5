package coreutils

import (
	"strings"
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

// TestUniqBytes covers the reads that do not copy a repeated line and the
// counts written without fmt: empty lines, case, NUL, invalid and
// multi-byte bytes, a last line without a newline equal to the one
// before, the options that compare part of a line, -z, lines longer than
// the read buffer. The expectations are GNU uniq's (LC_ALL=C).
func TestUniqBytes(t *testing.T) {
	t.Parallel()
	in := "\n\na\na\nA\nx\x00y\nx\x00y\nx\x00z\ncaf\xc3\xa9\ncaf\xc3\xa9\n\xff\n\xfe\n1 a\n2 a\n2  b\nend\nend"
	long := strings.Repeat("x", 70000)
	runCases(t, testTree(t), []cmdCase{
		{[]string{"uniq"}, in, "\na\nA\nx\x00y\nx\x00z\ncaf\xc3\xa9\n\xff\n\xfe\n1 a\n2 a\n2  b\nend\n", "", 0},
		{[]string{"uniq", "-c"}, in, "      2 \n      2 a\n      1 A\n      2 x\x00y\n      1 x\x00z\n      2 caf\xc3\xa9\n      1 \xff\n      1 \xfe\n      1 1 a\n      1 2 a\n      1 2  b\n      2 end\n", "", 0},
		{[]string{"uniq", "-d"}, in, "\na\nx\x00y\ncaf\xc3\xa9\nend\n", "", 0},
		{[]string{"uniq", "-u"}, in, "A\nx\x00z\n\xff\n\xfe\n1 a\n2 a\n2  b\n", "", 0},
		{[]string{"uniq", "-D"}, in, "\n\na\na\nx\x00y\nx\x00y\ncaf\xc3\xa9\ncaf\xc3\xa9\nend\nend\n", "", 0},
		{[]string{"uniq", "--all-repeated=separate"}, in, "\n\n\na\na\n\nx\x00y\nx\x00y\n\ncaf\xc3\xa9\ncaf\xc3\xa9\n\nend\nend\n", "", 0},
		{[]string{"uniq", "-i", "-c"}, in, "      2 \n      3 a\n      2 x\x00y\n      1 x\x00z\n      2 caf\xc3\xa9\n      1 \xff\n      1 \xfe\n      1 1 a\n      1 2 a\n      1 2  b\n      2 end\n", "", 0},
		{[]string{"uniq", "-f1", "-c"}, in, "     12 \n      2 1 a\n      1 2  b\n      2 end\n", "", 0},
		{[]string{"uniq", "-s1"}, in, "\nx\x00y\nx\x00z\ncaf\xc3\xa9\n\xff\n1 a\n2  b\nend\n", "", 0},
		{[]string{"uniq", "-w1", "-c"}, in, "      2 \n      2 a\n      1 A\n      3 x\x00y\n      2 caf\xc3\xa9\n      1 \xff\n      1 \xfe\n      1 1 a\n      2 2 a\n      2 end\n", "", 0},
		{[]string{"uniq", "-z", "-c"}, in, "      1 \n\na\na\nA\nx\x00      2 y\nx\x00      1 z\ncaf\xc3\xa9\ncaf\xc3\xa9\n\xff\n\xfe\n1 a\n2 a\n2  b\nend\nend\x00", "", 0},
		{[]string{"uniq", "-c"}, "", "", "", 0},
		{[]string{"uniq", "-c"}, long + "\n" + long + "\n" + long + "y\n" + long + "y", "      2 " + long + "\n      2 " + long + "y\n", "", 0},
		{[]string{"uniq", "-D"}, long + "\n" + long + "\n" + long + "y\n", long + "\n" + long + "\n", "", 0},
	})
}
