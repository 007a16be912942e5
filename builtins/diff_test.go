package builtins

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	t.Parallel()
	const stamp = "\t2026-01-01 00:00:00.000000000 +0000"
	const ctime = "\tThu Jan  1 00:00:00 2026"
	files := map[string]string{
		"a":          "1\n2\n3\n",
		"b":          "1\n3\n",
		"c":          "1\n2\n3\n4\n",
		"n1":         "a\nb",
		"n2":         "a\nc",
		"n3":         "a\n",
		"p":          "a\n\nb\n",
		"q":          "a\nb\n\n",
		"up":         "Hello  World\n",
		"lo":         "hello world\n",
		"bin1":       "\x00bin",
		"bin2":       "\x00bon",
		"d1/x":       "1\n2\n3\n",
		"d2/x":       "1\n3\n",
		"d1/same":    "s\n",
		"d2/same":    "s\n",
		"d1/sub/s":   "s\n",
		"d2/sub/s":   "t\n",
		"d1/only":    "o\n",
		"d2/new":     "n\n",
		"d1/bin":     "\x00a",
		"d2/bin":     "\x00b",
		"d2/deep/f":  "f\n",
		"long0":      "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
		"long1":      "1\nX\n3\n4\n5\n6\n7\n8\nY\n10\n",
		"long2":      "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nZ\n",
		"tab":        "a\tb\n",
		"lead":       " a b\n",
		"space":      "a b \n",
		"crlf":       "a\r\nb\r\n",
		"lf":         "a\nb\n",
		"blank1":     "a\nb\n",
		"blank2":     "a\n\nb\n",
		"empty":      "",
		"dir/a":      "1\n2\n3\n",
		"emptyd/.k":  "",
		"x_excluded": "",
	}
	runDataCases(t, files, []dataCase{
		{args: "diff a a"},
		{args: "diff a b", out: "2d1\n< 2\n", status: 1},
		{args: "diff b a", out: "1a2\n> 2\n", status: 1},
		{args: "diff a c", out: "3a4\n> 4\n", status: 1},
		{args: "diff c b", out: "2d1\n< 2\n4d2\n< 4\n", status: 1},
		{args: "diff n1 n2", out: "2c2\n< b\n\\ No newline at end of file\n---\n> c\n\\ No newline at end of file\n", status: 1},
		{args: "diff n1 n3", out: "2d1\n< b\n\\ No newline at end of file\n", status: 1},
		{args: "diff long0 long1", out: "2c2\n< 2\n---\n> X\n9c9\n< 9\n---\n> Y\n", status: 1},
		{args: "diff a -", stdin: "1\n2\n3\n"},
		{args: "diff - -", stdin: "1\n"},
		{args: "diff - b", stdin: "x\n", out: "1c1,2\n< x\n---\n> 1\n> 3\n", status: 1},
		{args: "diff -u a b", out: "--- a" + stamp + "\n+++ b" + stamp + "\n@@ -1,3 +1,2 @@\n 1\n-2\n 3\n", status: 1},
		{args: "diff -U 0 a b", out: "--- a" + stamp + "\n+++ b" + stamp + "\n@@ -2 +1,0 @@\n-2\n", status: 1},
		{args: "diff --unified=1 long0 long1", out: "--- long0" + stamp + "\n+++ long1" + stamp + "\n@@ -1,3 +1,3 @@\n 1\n-2\n+X\n 3\n@@ -8,3 +8,3 @@\n 8\n-9\n+Y\n 10\n", status: 1},
		{args: "diff -u long0 long1", out: "--- long0" + stamp + "\n+++ long1" + stamp + "\n@@ -1,10 +1,10 @@\n 1\n-2\n+X\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+Y\n 10\n", status: 1},
		{args: "diff -u empty a", out: "--- empty" + stamp + "\n+++ a" + stamp + "\n@@ -0,0 +1,3 @@\n+1\n+2\n+3\n", status: 1},
		{args: "diff -u n1 n2", out: "--- n1" + stamp + "\n+++ n2" + stamp + "\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n", status: 1},
		{args: "diff -u --label old --label new a b", out: "--- old\n+++ new\n@@ -1,3 +1,2 @@\n 1\n-2\n 3\n", status: 1},
		{args: "diff -c a b", out: "*** a" + ctime + "\n--- b" + ctime + "\n***************\n*** 1,3 ****\n  1\n- 2\n  3\n--- 1,2 ----\n", status: 1},
		{args: "diff -c n1 n2", out: "*** n1" + ctime + "\n--- n2" + ctime + "\n***************\n*** 1,2 ****\n  a\n! b\n\\ No newline at end of file\n--- 1,2 ----\n  a\n! c\n\\ No newline at end of file\n", status: 1},
		{args: "diff -C1 b a", out: "*** b" + ctime + "\n--- a" + ctime + "\n***************\n*** 1,2 ****\n--- 1,3 ----\n  1\n+ 2\n  3\n", status: 1},
		{args: "diff -u -c a b", err: "diff: conflicting output style options (try 'diff --help')\n", status: 2},
		{args: "diff -U 1 -u a b", out: "--- a" + stamp + "\n+++ b" + stamp + "\n@@ -1,3 +1,2 @@\n 1\n-2\n 3\n", status: 1},
		{args: "diff --normal a b", out: "2d1\n< 2\n", status: 1},
		{args: "diff -q a b", out: "Files a and b differ\n", status: 1},
		{args: "diff -q a a"},
		{args: "diff -s a a", out: "Files a and a are identical\n"},
		{args: "diff bin1 bin2", out: "Binary files bin1 and bin2 differ\n", status: 1},
		{args: "diff -a bin1 bin2", out: "1c1\n< \x00bin\n\\ No newline at end of file\n---\n> \x00bon\n\\ No newline at end of file\n", status: 1},
		{args: "diff -i up lo", out: "1c1\n< Hello  World\n---\n> hello world\n", status: 1},
		{args: "diff -i -b up lo"},
		{args: "diff -w tab space"},
		{args: "diff -b tab space"},
		{args: "diff -b space lead", out: "1c1\n< a b \n---\n>  a b\n", status: 1},
		{args: "diff --strip-trailing-cr crlf lf"},
		{args: "diff -B blank1 blank2"},
		{args: "diff -B -q blank1 blank2"},
		{args: "diff blank1 blank2", out: "1a2\n> \n", status: 1},
		{args: "diff a dir", out: ""},
		{args: "diff dir/a b", out: "2d1\n< 2\n", status: 1},
		{args: "diff dir b", err: "diff: dir/b: no such file or directory\n", status: 2},
		{args: "diff -N a nope", out: "1,3d0\n< 1\n< 2\n< 3\n", status: 1},
		{args: "diff -uN nope b", out: "--- nope\t1970-01-01 00:00:00.000000000 +0000\n+++ b" + stamp + "\n@@ -0,0 +1,2 @@\n+1\n+3\n", status: 1},
		{args: "diff nope a", err: "diff: nope: no such file or directory\n", status: 2},
		{args: "diff -N nope nope2", err: "diff: nope: no such file or directory\n", status: 2},
		{args: "diff d1 d2", out: "Binary files d1/bin and d2/bin differ\nOnly in d2: deep\nOnly in d2: new\nOnly in d1: only\nCommon subdirectories: d1/sub and d2/sub\ndiff d1/x d2/x\n2d1\n< 2\n", status: 1},
		{args: "diff -r d1 d2", out: "Binary files d1/bin and d2/bin differ\nOnly in d2: deep\nOnly in d2: new\nOnly in d1: only\ndiff -r d1/sub/s d2/sub/s\n1c1\n< s\n---\n> t\ndiff -r d1/x d2/x\n2d1\n< 2\n", status: 1},
		{args: "diff -rq d1 d2", out: "Files d1/bin and d2/bin differ\nOnly in d2: deep\nOnly in d2: new\nOnly in d1: only\nFiles d1/sub/s and d2/sub/s differ\nFiles d1/x and d2/x differ\n", status: 1},
		{args: "diff -rs -x bin -x sub d1 d2", out: "Only in d2: deep\nOnly in d2: new\nOnly in d1: only\nFiles d1/same and d2/same are identical\ndiff -rs -x bin -x sub d1/x d2/x\n2d1\n< 2\n", status: 1},
		{args: "diff -rN -x bin -x sub d1 d2", out: "diff -rN -x bin -x sub d1/deep/f d2/deep/f\n0a1\n> f\ndiff -rN -x bin -x sub d1/new d2/new\n0a1\n> n\ndiff -rN -x bin -x sub d1/only d2/only\n1d0\n< o\ndiff -rN -x bin -x sub d1/x d2/x\n2d1\n< 2\n", status: 1},
		{args: "diff -ru --exclude=bin d1/sub d2/sub", out: "diff -ru '--exclude=bin' d1/sub/s d2/sub/s\n--- d1/sub/s" + stamp + "\n+++ d2/sub/s" + stamp + "\n@@ -1 +1 @@\n-s\n+t\n", status: 1},
		{args: "diff d1 a", err: "diff: d1/a: no such file or directory\n", status: 2},
		{args: "diff", err: "diff: missing operand (try 'diff --help')\n", status: 2},
		{args: "diff a", err: "diff: missing operand after 'a' (try 'diff --help')\n", status: 2},
		{args: "diff a b c", err: "diff: extra operand 'c' (try 'diff --help')\n", status: 2},
	})
}

func TestDiffSwitches(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-r", "a", "b"}, "-r"},
		{[]string{"-r", "-U", "1", "a", "b"}, "-r -U 1"},
		{[]string{"-rU1", "a", "b"}, "-rU1"},
		{[]string{"-rx", "sub", "a", "b"}, "-rx sub"},
		{[]string{"--label=L1", "--label", "L2", "a"}, "'--label=L1' --label L2"},
		{[]string{"a", "-u", "--", "-b"}, "-u"},
	} {
		if got := diffSwitches(tc.args); got != tc.want {
			t.Errorf("diffSwitches(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestDiffGNU holds random cases whose expected output came from GNU diff
// 3.8 (see diff_gnu_cases.py).
func TestDiffGNU(t *testing.T) {
	t.Parallel()
	for i, tc := range diffGNUCases {
		fsys := testTree(t)
		writeFile(t, fsys, "/work/a", tc.a)
		writeFile(t, fsys, "/work/b", tc.b)
		args := append([]string{"diff"}, strings.Fields(tc.args)...)
		args = append(args, "a", "b")
		out, errs, status := runCmd(t, fsys, "", args...)
		if out != tc.want || errs != "" || status != tc.status {
			t.Errorf("case %d: diff %s on %q and %q:\n got %q [%d] %s\nwant %q [%d]", i, tc.args, tc.a, tc.b, out, status, errs, tc.want, tc.status)
		}
	}
}

var diffGNUCases = []struct {
	a, b, args, want string
	status           int
}{
	{"a\nb\na\nb\nb\nb\nc\nb\na\n", "a\nb\na\nb\nb\nb\nc\na\nc\nb\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -5,5 +5,7 @@\n b\n b\n c\n+a\n+c\n b\n a\n", 1},
	{"c\n", "", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1 ****\n- c\n--- 0 ----\n", 1},
	{"", "\nb\nd\nx\n", "", "0a1,4\n> \n> b\n> d\n> x\n", 1},
	{"c\n\nc\nd\nc\n\n\na", "c\n\n\nd\nc\n\n\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,3 +2,3 @@\n \n-c\n+\n d\n@@ -7,2 +7,2 @@\n \n-a\n\\ No newline at end of file\n+a\n", 1},
	{"b\n\nd\nd\nc\nd\nc\na\n", "b\nc\na\n}\n\n\nd\nc\n\na\nd\nc\na", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,8 ****\n  b\n  \n- d\n  d\n  c\n  d\n  c\n! a\n--- 1,13 ----\n  b\n+ c\n+ a\n+ }\n+ \n  \n  d\n  c\n+ \n+ a\n  d\n  c\n! a\n\\ No newline at end of file\n", 1},
	{"b\na\nb\na\na\nb\nb\na\na\na\nb\na\n", "b\na\nb\na\na\nb\nb\na\na\na\nb\n", "", "12d11\n< a\n", 1},
	{"b\nd\na\nb\na\nd\nb\na\nb\nd\nd\n", "b\nd\na\nb\na\nd\nb\na\nb\nd\na\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -8,4 +8,5 @@\n a\n b\n d\n+a\n d\n", 1},
	{"a\na\nb\nb", "", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,4 ****\n- a\n- a\n- b\n- b\n\\ No newline at end of file\n--- 0 ----\n", 1},
	{"b\nc\na\nd\nc\nd\n", "b\nc\nd\nc\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,5 +2,3 @@\n c\n-a\n d\n c\n-d\n", 1},
	{"c\na\nc\nb\nd\n", "a\nd\nc\na\nc\nb\nd", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,7 @@\n+a\n+d\n c\n a\n c\n b\n-d\n+d\n\\ No newline at end of file\n", 1},
	{"a\na\na\na\nb\na\n", "a\na\na\na\nb\na\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 4,6 ****\n--- 4,7 ----\n  a\n  b\n  a\n+ a\n", 1},
	{"\nc\n}\nd\n", "\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1 @@\n \n-c\n-}\n-d\n", 1},
	{"a\n", "", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-a\n", 1},
	{"c\nb\nb\n", "c\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,2 @@\n c\n-b\n-b\n+a\n", 1},
	{"a\nc\nb\nc\n", "c\nb\nc\n\n\na\n", "", "1d0\n< a\n4a4,6\n> \n> \n> a\n", 1},
	{"a\n", "a\n", "-u", "", 0},
	{"b\nb", "b\na\n", "", "2c2\n< b\n\\ No newline at end of file\n---\n> a\n", 1},
	{"b\nb\nc\nd\nb\na\nb\nc\na\n", "b\nb\nc\nd\nb\na\nc\nc\na\nd\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 4,9 ****\n  d\n  b\n  a\n- b\n  c\n  a\n--- 4,11 ----\n  d\n  b\n  a\n  c\n+ c\n+ a\n+ d\n  a\n", 1},
	{"", "", "-u", "", 0},
	{"b\nc\n", "b\nc\n", "-c", "", 0},
	{"}\nb\nb\nc\nd\n}\nd\nb\n}\nd\n", "}\nd\n}\nd\nb\n}\nd\n}\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,10 +1,9 @@\n }\n-b\n-b\n-c\n d\n }\n d\n b\n }\n d\n+}\n+b\n", 1},
	{"c\nc\nb\nd", "", "", "1,4d0\n< c\n< c\n< b\n< d\n\\ No newline at end of file\n", 1},
	{"d\nc\nd\n\nb\n\na\n\na\nc", "d\nd\n\nd\n\na\n\na\nc", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,8 ****\n  d\n- c\n  d\n  \n! b\n  \n  a\n  \n--- 1,7 ----\n  d\n  d\n  \n! d\n  \n  a\n  \n", 1},
	{"b\na\nc\nb\na\n", "b\na\nc\nb\na\nc\na\n", "", "5a6,7\n> c\n> a\n", 1},
	{"b\nc\na\na\nc\nc\na\nb\n", "b\nc\nc\na\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,5 +2,2 @@\n c\n-a\n-a\n-c\n c\n", 1},
	{"x\nx\nx\nx\nb\n\nc\n", "x\n\nx\nc\nx\nb\n\nc", "", "1a2\n> \n3c4\n< x\n---\n> c\n7c8\n< c\n---\n> c\n\\ No newline at end of file\n", 1},
	{"a\nb\na\na\nb\nb\nb\nb\nb\n", "a\nb\na\na\nb\nb\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 5,9 ****\n  b\n  b\n  b\n- b\n- b\n--- 5,7 ----\n", 1},
	{"b\nb\na\na\nb\na\nb\nb\nb\na\n", "b\nb\na\na\nb\na\nb\nb\nb\nb\nb\nb\na\n", "", "9a10,12\n> b\n> b\n> b\n", 1},
	{"b\nc\na\nd\nb\nd\nc\nb\na\n\na\n", "b\nc\na\nd\nb\nd\n\n\na\n", "", "7,9c7\n< c\n< b\n< a\n---\n> \n", 1},
	{"a\nd\na\nc\na\nd\na\nb\n", "a\nd\na\nc\nc\na\nd\na\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,2 +4,3 @@\n c\n+c\n a\n", 1},
	{"\na\nb\nc\n\nc\nc\n", "\na\nb\na\nc\nb\nc\n\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,7 ****\n  \n  a\n  b\n  c\n! \n  c\n  c\n--- 1,9 ----\n  \n  a\n  b\n+ a\n  c\n! b\n  c\n+ \n  c\n", 1},
	{"b\nc\nb\na\nb\nd\n", "b\nc\nb\nb\nb\na\nb\nc\n", "", "3a4,5\n> b\n> b\n6c8\n< d\n---\n> c\n", 1},
	{"}\n}\nc\n", "}\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1 @@\n }\n-}\n-c\n", 1},
	{"", "a\nb\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 0 ****\n--- 1,3 ----\n+ a\n+ b\n+ a\n", 1},
	{"a\nb\nb\n", "a\nc\nb\nb\na\nb", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,6 @@\n a\n+c\n b\n b\n+a\n+b\n\\ No newline at end of file\n", 1},
	{"c\nb\nd\nb\nb\na\na\nd\nb\n", "\nb\nd\nb\nb\na\na\nd\nb\nc\n", "", "1c1\n< c\n---\n> \n9a10\n> c\n", 1},
	{"a\nd\na\nb\na\nd\nb\nc\nb\nd\nd\nc\n", "a\nd\na\nb\nb\nc\nb\nd\nd\na\nc\nd\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 2,12 ****\n  d\n  a\n  b\n- a\n- d\n  b\n  c\n  b\n  d\n  d\n  c\n--- 2,13 ----\n  d\n  a\n  b\n  b\n  c\n  b\n  d\n  d\n+ a\n+ c\n+ d\n  c\n", 1},
	{"}\n", "", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-}\n", 1},
	{"", "c\na\nc\n", "", "0a1,3\n> c\n> a\n> c\n", 1},
	{"b\nd\nd\na\n\nc\na\nc\nc\na\n", "b\nd\nd\na\n\nb\nc\nc\na\n", "", "6,7c6\n< c\n< a\n---\n> b\n", 1},
	{"a\nd\nx\nb\n", "a\nd\n\nx\na\nb\nx\n\n}\nx\nb\n", "", "2a3,9\n> \n> x\n> a\n> b\n> x\n> \n> }\n", 1},
	{"b\nb\nc\nd\nc\na\nd\nc\nb\na\na\n", "b\nb\nc\nd\nc\nc\nc\na\nd\nc\nb\na\nc\n", "", "5a6,7\n> c\n> c\n11c13\n< a\n---\n> c\n", 1},
	{"b", "c\nd\nd", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1 ****\n! b\n\\ No newline at end of file\n--- 1,3 ----\n! c\n! d\n! d\n\\ No newline at end of file\n", 1},
	{"b\nc\nc\na\na\nc\nc\nb\nc\na\na\nb\n", "b\nc\nc\na\na\nc\nc\nb\na\na\na\nc\na\na\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 6,11 ****\n--- 6,14 ----\n  c\n  c\n  b\n+ a\n+ a\n+ a\n  c\n  a\n  a\n", 1},
	{"b\nb\nb\na\na\nb\na\nb\nb", "b\nb\na\nb\nb\nb\na\nb\na\na\nb\na\nb\nb\nb\na\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,9 +1,17 @@\n b\n b\n+a\n+b\n+b\n+b\n+a\n b\n a\n a\n b\n a\n b\n-b\n\\ No newline at end of file\n+b\n+b\n+a\n+b\n", 1},
	{"a\na\nc\nc\nc\nd\nd\nc\nd\nc\nb", "a\na\nb\nc\na\nc\na\na\nc\nc\nd\nd\nc\na\nc\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,11 ****\n  a\n  a\n  c\n  c\n  c\n  d\n  d\n  c\n! d\n  c\n! b\n\\ No newline at end of file\n--- 1,16 ----\n  a\n  a\n+ b\n  c\n+ a\n+ c\n+ a\n+ a\n  c\n  c\n  d\n  d\n  c\n! a\n  c\n! b\n", 1},
	{"c\nc\nd\nc\nd\nd\na", "c\nc\nd\nc\nc\nd\na\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,4 +4,5 @@\n c\n+c\n d\n-d\n-a\n\\ No newline at end of file\n+a\n+a\n", 1},
	{"\nc\nd\nc\n", "\nc\nd\nd\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1,5 @@\n \n c\n d\n+d\n c\n", 1},
	{"a\na\nb\na\nb\na\nb\nc\nc\na\na\n", "a\nc\nb\na\na\nb\na\nb\na\nb\nc\nc\na\na", "", "1a2,4\n> c\n> b\n> a\n11c14\n< a\n---\n> a\n\\ No newline at end of file\n", 1},
	{"}\nd\nx\n}\n}\na\nc\n}\n", "x\nx\n}\n}\na\nc\n}\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,2 @@\n-}\n-d\n+x\n x\n", 1},
	{"d\nd\na\n\nx\nd\na\nb", "d\nd\na\n\n\nx\nd\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,7 +2,7 @@\n d\n a\n \n+\n x\n d\n a\n-b\n\\ No newline at end of file\n", 1},
	{"d\na\na\n}\n}\n", "d\na\na\na\nb\n}\n}\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,7 @@\n d\n a\n a\n+a\n+b\n }\n }\n", 1},
	{"b\nc\n", "b\nc\na\n\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2 +2,3 @@\n c\n+a\n+\n", 1},
	{"c\nc\nd\nb\nd\nc\nd\n", "c\nc\nd\nb\na\nd\nb\nd\nc\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,6 +2,9 @@\n c\n d\n b\n+a\n+d\n+b\n d\n c\n d\n", 1},
	{"x\nb\nc\n\nd\nd\nc\na\nb\nb\n}\nc\n", "x\nb\nc\n\nd\nd\nc\na\nc\n", "", "9,11d8\n< b\n< b\n< }\n", 1},
	{"a\nc\nc\nc\nb\nb\nb\na\na\n", "a\nc\nc\na\nc\nb\nb\na\na", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,2 +3,3 @@\n c\n+a\n c\n@@ -6,4 +7,3 @@\n b\n-b\n-a\n a\n+a\n\\ No newline at end of file\n", 1},
	{"b\na\nc\nc\na\n", "c\n\nd\nc\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,5 ****\n- b\n- a\n  c\n  c\n  a\n--- 1,5 ----\n  c\n+ \n+ d\n  c\n  a\n", 1},
	{"\nd\nc\nb\n}\nc\n", "\n\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,3 @@\n \n-d\n-c\n+\n b\n-}\n-c\n", 1},
	{"d\na\n", "d\na\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,3 @@\n d\n a\n+\n", 1},
	{"d\nx\nx\n", "d\nx\nb\nx\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,4 @@\n d\n x\n+b\n x\n", 1},
	{"a\na\nb\nd\n", "a\nd\na\nc\nd\na\nb\na\nd\n", "", "1a2,5\n> d\n> a\n> c\n> d\n3a8\n> a\n", 1},
	{"a\n", "a\na\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +1,3 @@\n a\n+a\n+b\n", 1},
	{"", "}\nx\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,3 @@\n+}\n+x\n+\n", 1},
	{"b\nb\na\n", "b\nb\na\na\nb\nb\nb\na\n", "", "3a4,8\n> a\n> b\n> b\n> b\n> a\n", 1},
	{"b\n", "", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1 ****\n- b\n--- 0 ----\n", 1},
	{"}\nx\nb\n\n}\nd\na\n\nx\nb\nd\n", "}\nx\nb\n\n}\n}\na\n\nx\nb\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,7 +3,7 @@\n b\n \n }\n-d\n+}\n a\n \n x\n", 1},
	{"c\na\nc\na\nb\na\n", "c\na\nc\na\nb\na\n", "", "", 0},
	{"b\na\nc\nc\na\nb\n", "b\na\nc\nc\na\na\nc\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -5,2 +5,4 @@\n a\n+a\n+c\n b\n", 1},
	{"d\nb\n\nb\n", "d\nb\n\nb\n\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4 +4,3 @@\n b\n+\n+d\n", 1},
	{"c\nc\n", "c\nc\n", "-U1", "", 0},
	{"d\nc\nd\na\nb\n", "d\nb\nd\na\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,5 @@\n d\n-c\n+b\n d\n a\n b\n", 1},
	{"}\nb\n\nb\n\nd\n", "}\n}\n\nb\n\nd\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,5 ****\n  }\n! b\n  \n  b\n  \n--- 1,5 ----\n  }\n! }\n  \n  b\n  \n", 1},
	{"b\n\n\nb\n\n\na\nb\nd\nb\n", "b\n\nb\nb\n\n\nd\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,10 ****\n  b\n  \n! \n  b\n  \n  \n- a\n- b\n  d\n  b\n--- 1,8 ----\n  b\n  \n! b\n  b\n  \n  \n  d\n  b\n", 1},
	{"a\n\nc\nb\n", "a\n\n\na\n\nb\n\na", "", "3c3,5\n< c\n---\n> \n> a\n> \n4a7,8\n> \n> a\n\\ No newline at end of file\n", 1},
	{"", "d\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 0 ****\n--- 1 ----\n+ d\n", 1},
	{"c\nc\nb\na\na\na\n", "c\na\na\nb\na\na", "", "2,3d1\n< c\n< b\n5a4\n> b\n6a6\n> a\n\\ No newline at end of file\n", 1},
	{"", "d\na\nd\nc\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,4 @@\n+d\n+a\n+d\n+c\n", 1},
	{"c\nd\na\n\n", "\nd", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1,2 @@\n-c\n-d\n-a\n \n+d\n\\ No newline at end of file\n", 1},
	{"b\nb\nb\na\na\na\na\na\nb", "b\nb\nb\na\na\na\na\na\na\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 6,9 ****\n  a\n  a\n  a\n! b\n\\ No newline at end of file\n--- 6,10 ----\n  a\n  a\n  a\n! a\n! b\n", 1},
	{"a\nb\nc\nc\nb\nb\nb\na\n", "a\nb\nc\nc\nb\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,5 +4,3 @@\n c\n b\n b\n-b\n-a\n", 1},
	{"d\nc\na\na\nb\nc\nd\na\nb\nc\nc\nb\n", "d\nc\na\na\nb\nc\nd\na\nb\nc\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -9,4 +9,3 @@\n b\n c\n c\n-b\n", 1},
	{"", "a\nb\na\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,4 @@\n+a\n+b\n+a\n+d\n", 1},
	{"", "b\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 0 ****\n--- 1,2 ----\n+ b\n+ a\n", 1},
	{"c\nb\na\na\nd\na\nb\nc\na\n", "c\nd\na\nb\nc\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,7 +1,4 @@\n c\n-b\n-a\n-a\n d\n a\n b\n", 1},
	{"b\na\nb\nc\nb\nb\nb\n", "b\na\nb\nc\n", "", "5,7d4\n< b\n< b\n< b\n", 1},
	{"b\nb\nb\na\nb\na\nb\nb\nb\nb\n", "b\nb\nb\na\nb\na\nb\nb\nb\nb\n", "-U1", "", 0},
	{"a\na\nd\nd\n", "a\nb\nd\n", "", "2,3c2\n< a\n< d\n---\n> b\n", 1},
	{"a\nc\na\nc\nd\na\nc\nc\nc\na\nb\na\n", "a\nc\na\nc\nc\nc\nc\na\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,11 +2,8 @@\n c\n a\n c\n-d\n-a\n c\n c\n c\n a\n-b\n a\n", 1},
	{"\n}\nc\nc\nc\nd\nd\n\nd\na\nb\n", "\n}\nc\nc\nc\nd\nd\n\nd\na\nb\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -9,3 +9,4 @@\n d\n a\n b\n+b\n", 1},
	{"", "b\n\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,3 @@\n+b\n+\n+c\n", 1},
	{"a\n", "", "", "1d0\n< a\n", 1},
	{"a\na\na\na\na\n\nc\nc\na\n\na\n", "a\na\na\nc\nc\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,11 +1,6 @@\n a\n a\n a\n-a\n-a\n-\n c\n c\n a\n-\n-a\n", 1},
	{"d\na\nc\nc\nd\na\na\n\nb\n\n}\n", "d\na\nc\nb\nd\na\na\n\nb\n\n}", "", "4c4\n< c\n---\n> b\n11c11\n< }\n---\n> }\n\\ No newline at end of file\n", 1},
	{"b\na\na\nb\na\na\na\nb\nb\na\na\nb\n", "b\na\na\nb\na\na\na\nb\nb\na\na\nb\n", "", "", 0},
	{"a\nb\nb\nb\na\na\nb\na\nb\nb\nb\nb\n", "a\nb\na\na\nb\na\nb\nb\nb\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,7 ****\n  a\n  b\n- b\n- b\n  a\n  a\n  b\n--- 1,5 ----\n", 1},
	{"c\nc\nc\nd\nd\nc\nc\nc\n", "c\nc\nd\nc\nc\nc", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,8 +1,6 @@\n c\n c\n-c\n-d\n d\n c\n c\n-c\n+c\n\\ No newline at end of file\n", 1},
	{"c\nc\na\na\na\na\nc\n", "c\nc\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,5 +3 @@\n a\n-a\n-a\n-a\n-c\n", 1},
	{"b\n", "b\nc\nc\nc\na\nc\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +1,6 @@\n b\n+c\n+c\n+c\n+a\n+c\n", 1},
	{"b\na\nb\nc\nc\n\nd\nb\nc\na\nb\n", "b\na\nc\nc\n\nd\nb\nc\na\nb", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,5 @@\n b\n a\n-b\n c\n c\n \n@@ -8,4 +7,4 @@\n b\n c\n a\n-b\n+b\n\\ No newline at end of file\n", 1},
	{"a\nb\nc\n", "a\nb\na\nc\na\nb\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,7 @@\n a\n b\n+a\n+c\n+a\n+b\n c\n", 1},
	{"b\nb\n", "b\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1 @@\n b\n-b\n", 1},
	{"\na\nd\nc\nd", "\na\nc\nd", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,4 @@\n \n a\n-d\n c\n d\n\\ No newline at end of file\n", 1},
	{"c\nc\nd\nd\n", "c\nc\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1,3 @@\n c\n c\n d\n-d\n", 1},
	{"d\nc\nc\nb\nc", "d\nc\nc\nb\nd\nb\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 2,5 ****\n  c\n  c\n  b\n! c\n\\ No newline at end of file\n--- 2,7 ----\n  c\n  c\n  b\n! d\n! b\n! c\n", 1},
	{"a\n}\n}\n", "}\n}\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,3 ****\n- a\n  }\n  }\n--- 1,2 ----\n", 1},
	{"\nx\nb\n\n}\n", "\nx\n\n}\n\nx\n\n}\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,3 +2,6 @@\n x\n-b\n+\n+}\n+\n+x\n \n", 1},
	{"b\nc\na\nd\nc\nb\nb\n", "c\nb\nb\nc\na\nd\nc\nb\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,5 @@\n+c\n+b\n b\n c\n a\n", 1},
	{"", "a\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1 @@\n+a\n", 1},
	{"\nc\nb\n\n}\nd\nd\nd\n\n", "\nc\nx\nb\n}\nd\nd\nd", "", "2a3\n> x\n4d4\n< \n8,9c8\n< d\n< \n---\n> d\n\\ No newline at end of file\n", 1},
	{"\nb\n\nd\nd\n\n", "\na\nb\n\nd\nd\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1,5 @@\n \n+a\n b\n \n d\n", 1},
}

// TestDiffApplies checks on random inputs that the normal and unified
// outputs are correct edit scripts, whichever hunks the algorithm picked.
func TestDiffApplies(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	alpha := []string{"a\n", "b\n", "c\n", "\n", "d\n"}
	gen := func() string {
		var b strings.Builder
		for range rnd.IntN(14) {
			b.WriteString(alpha[rnd.IntN(len(alpha))])
		}
		return b.String()
	}
	for i := range 200 {
		a, b := gen(), gen()
		if rnd.IntN(4) == 0 && b != "" {
			b = b[:len(b)-1] // no newline at the end
		}
		fsys := testTree(t)
		writeFile(t, fsys, "/work/a", a)
		writeFile(t, fsys, "/work/b", b)
		out, _, status := runCmd(t, fsys, "", "diff", "a", "b")
		if (status == 0) != (a == b) {
			t.Fatalf("case %d: status %d for %q and %q", i, status, a, b)
		}
		if got := applyNormalDiff(t, a, out); got != b {
			t.Fatalf("case %d: diff a b on %q and %q:\n%s\napplied gives %q", i, a, b, out, got)
		}
		out, _, _ = runCmd(t, fsys, "", "diff", "-U1", "a", "b")
		if got := applyUnifiedDiff(t, a, out); got != b {
			t.Fatalf("case %d: diff -U1 a b on %q and %q:\n%s\napplied gives %q", i, a, b, out, got)
		}
	}
}

func diffSplit(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// applyNormalDiff applies a normal-format diff to a.
func applyNormalDiff(t *testing.T, a, script string) string {
	t.Helper()
	old := diffSplit(a)
	var out []string
	next := 0 // next line of old to copy
	lines := diffSplit(script)
	for i := 0; i < len(lines); i++ {
		cmd := strings.TrimSuffix(lines[i], "\n")
		j := strings.IndexAny(cmd, "acd")
		r0 := strings.Split(cmd[:j], ",")
		var from, to int
		fmt.Sscan(r0[0], &from)
		to = from
		if len(r0) == 2 {
			fmt.Sscan(r0[1], &to)
		}
		if cmd[j] == 'a' {
			out = append(out, old[next:from]...)
			next = from
		} else {
			out = append(out, old[next:from-1]...)
			next = to
		}
		for i+1 < len(lines) && !strings.ContainsAny(lines[i+1][:1], "0123456789") {
			i++
			l := lines[i]
			switch {
			case strings.HasPrefix(l, "> "):
				out = append(out, l[2:])
			case strings.HasPrefix(l, `\ No newline`):
				if strings.HasPrefix(lines[i-1], "> ") {
					out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\n")
				}
			}
		}
	}
	out = append(out, old[next:]...)
	return strings.Join(out, "")
}

// applyUnifiedDiff applies a unified diff to a.
func applyUnifiedDiff(t *testing.T, a, script string) string {
	t.Helper()
	old := diffSplit(a)
	var out []string
	next := 0
	lines := diffSplit(script)
	for i := 2; i < len(lines); i++ {
		var s0, s1 string
		fmt.Sscanf(lines[i], "@@ -%s +%s @@", &s0, &s1)
		var start, n int
		n = 1
		if k := strings.IndexByte(s0, ','); k >= 0 {
			fmt.Sscan(s0[:k], &start)
			fmt.Sscan(s0[k+1:], &n)
		} else {
			fmt.Sscan(s0, &start)
		}
		if n > 0 {
			start--
		}
		out = append(out, old[next:start]...)
		next = start
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "@@") {
			i++
			l := lines[i]
			switch l[0] {
			case ' ':
				out = append(out, old[next])
				next++
			case '-':
				next++
			case '+':
				out = append(out, l[1:])
			case '\\':
				if lines[i-1][0] != '-' {
					out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\n")
				}
			}
		}
	}
	out = append(out, old[next:]...)
	return strings.Join(out, "")
}

// TestDiffLarge checks that scattered changes in a long file stay small
// hunks: go-udiff alone gives up on minimality past about 50 edits.
func TestDiffLarge(t *testing.T) {
	t.Parallel()
	var a, b, want strings.Builder
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&a, "%d\n", i)
		if i%50 == 0 {
			fmt.Fprintf(&b, "x%d\n", i)
			fmt.Fprintf(&want, "%dc%d\n< %d\n---\n> x%d\n", i, i, i, i)
		} else {
			fmt.Fprintf(&b, "%d\n", i)
		}
	}
	fsys := testTree(t)
	writeFile(t, fsys, "/work/a", a.String())
	writeFile(t, fsys, "/work/b", b.String())
	out, _, status := runCmd(t, fsys, "", "diff", "a", "b")
	if out != want.String() || status != 1 {
		t.Errorf("diff of scattered changes: got %d bytes [%d], want %d bytes", len(out), status, want.Len())
	}
}
