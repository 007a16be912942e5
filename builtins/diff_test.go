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
// 3.8 under LC_ALL=C: `python3 diff_gnu_cases.py 2 200`, keeping the 195
// cases where moonix agrees. The 5 others are equally short scripts that
// place a hunk differently (e.g. GNU "0a1 > b, 2d2 < a" where moonix says
// "1c1 < a --- > b"); TestDiffApplies checks that such output is correct.
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
	{"a\n", "a\nb\nb\nb", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +1,4 @@\n a\n+b\n+b\n+b\n\\ No newline at end of file\n", 1},
	{"\nc\na\na\nc\nd\nc\n", "\nc\nb\nb\nb\na\nc\nd\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,8 @@\n \n c\n-a\n+b\n+b\n+b\n a\n c\n d\n", 1},
	{"d\n\nc\n\nc\nc\nd\nb\nd\nd\n\nb\n", "d\n\nc\n\nc\nd\nd\nc\nc\nd\n\nb", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 3,12 ****\n  c\n  \n  c\n- c\n  d\n- b\n  d\n  d\n  \n! b\n--- 3,12 ----\n  c\n  \n  c\n  d\n  d\n+ c\n+ c\n  d\n  \n! b\n\\ No newline at end of file\n", 1},
	{"b\nc\nb\n\nc\nd\nc\nc\n\n\n", "b\nc\nb\n\nc\n\na\nc\nd\nc\nc\n\nd\nc\nb\n\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -5,2 +5,5 @@\n c\n+\n+a\n+c\n d\n@@ -9,2 +12,5 @@\n \n+d\n+c\n+b\n \n", 1},
	{"}\na\n", "b\na\n\n", "", "1c1\n< }\n---\n> b\n2a3\n> \n", 1},
	{"b\na\na\na\na\n", "a\na\na\na\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,2 @@\n-b\n+a\n a\n", 1},
	{"c\na", "b\n", "", "1,2c1\n< c\n< a\n\\ No newline at end of file\n---\n> b\n", 1},
	{"d\na\nc\nd\na\n", "d\nc\na\nc\nd\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,6 @@\n d\n+c\n a\n c\n d\n-a\n+b\n", 1},
	{"d\nd\n\nc\nb\nc\nc\nc\n\n", "d\n\nc\nb\nc\nc\nc\n}\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,9 +1,9 @@\n d\n-d\n \n c\n b\n c\n c\n c\n+}\n \n", 1},
	{"a\nb\nb\n}\nd\na\nc\na\n\nb\n\n", "a\nb\nb\n}\n}\na\na\nb\n\nb\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,10 +2,10 @@\n b\n b\n }\n-d\n+}\n a\n-c\n a\n+b\n \n b\n \n", 1},
	{"a\n", "a\n", "-c", "", 0},
	{"d\nb\nb\nd\nd\na\na\nd\n", "d\nc\nc\nc\nd\nc\na\nb\nb\nd\nd\na\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,8 +1,13 @@\n d\n+c\n+c\n+c\n+d\n+c\n+a\n b\n b\n d\n d\n a\n a\n-d\n", 1},
	{"", "a\nc\nb\n\n", "", "0a1,4\n> a\n> c\n> b\n> \n", 1},
	{"b\nb\nb\nb\na\nb\nb\nb\nb\nb\nb\n", "b\nb\na\na\nb\nb\nb\nb\nb\nb\n", "", "3,4c3\n< b\n< b\n---\n> a\n", 1},
	{"a\na\nb\nb\na\nb\nb\na\nb\na\n", "a\na\nb\nb\na\nb\nb\nb\na\nb\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -7,2 +7,3 @@\n b\n+b\n a\n", 1},
	{"b\nc\n", "b\nc\na\nb\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,2 ****\n--- 1,5 ----\n  b\n  c\n+ a\n+ b\n+ c\n", 1},
	{"d\n", "d\n}\n}\n\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1 ****\n--- 1,4 ----\n  d\n+ }\n+ }\n+ \n", 1},
	{"c\na\nb\nb\nd\nd\na\nc\n", "c\na\nb\nd\nb\na\nb\nd\nd\na\nb\na\na\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,8 +1,14 @@\n c\n a\n b\n+d\n+b\n+a\n b\n d\n d\n a\n+b\n+a\n+a\n c\n", 1},
	{"b\nd\nb\na\nd\nd\nc\nb\nd\nb\na", "b\nd\nb\na\nd\nd\nc\na", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 5,11 ****\n  d\n  d\n  c\n- b\n- d\n- b\n  a\n\\ No newline at end of file\n--- 5,8 ----\n", 1},
	{"d\na\na\nc\nb\nd\nc\nb\n", "d\na\na\nc\nb\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -6,3 +6 @@\n d\n-c\n-b\n", 1},
	{"a\nc\na\n\nd\n\nd\n", "a\nc\nd\n\nd\n\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,3 +2,3 @@\n c\n-a\n+d\n \n", 1},
	{"b\nb\nb\nb\n", "b\nb\na\na\n", "", "3,4c3,4\n< b\n< b\n---\n> a\n> a\n", 1},
	{"b\n", "b\n", "-u", "", 0},
	{"}\nb\nc\nc\nb\na\nb\n", "}\nc\nc\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,7 ****\n  }\n- b\n  c\n  c\n  b\n- a\n- b\n--- 1,4 ----\n", 1},
	{"c\nc\n\n\n\nc\nd\nc\n\n\na\nc", "c\nc\nc\nd\n\n\n\nc\nd\nc\n\n\na\nc\nc\n", "", "2a3,4\n> c\n> d\n12c14,15\n< c\n\\ No newline at end of file\n---\n> c\n> c\n", 1},
	{"a\nb\na\nb\na", "a\nb\na\nb\nb\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,2 +4,3 @@\n b\n-a\n\\ No newline at end of file\n+b\n+b\n", 1},
	{"d\nc", "c\n", "", "1,2c1\n< d\n< c\n\\ No newline at end of file\n---\n> c\n", 1},
	{"a\nb\n", "c\nc\nb\nb\n", "", "1c1,3\n< a\n---\n> c\n> c\n> b\n", 1},
	{"d\nd\n\nc\n\n\n\na\n\n\n\nd\n", "d\nd\n\nc\n\n\n\nb\na\na\n\n\n\nd\n", "", "7a8,9\n> b\n> a\n", 1},
	{"b\na\nd\nc\nd\nx\n}\na\n", "b\nc\nd\n}\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,8 ****\n  b\n- a\n- d\n  c\n  d\n- x\n  }\n  a\n--- 1,5 ----\n", 1},
	{"a\na\nb\na\na\na\na\n", "a\na\na\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,7 +1,4 @@\n a\n a\n-b\n-a\n-a\n a\n a\n", 1},
	{"b\na\na\nc\na\n", "b\na\nc\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,3 +2,2 @@\n a\n-a\n c\n", 1},
	{"d\n}\n\n\n}\nb\n\na\nb\n}\n", "d\n}\n\nb\n\na\nb\n}\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,8 +1,6 @@\n d\n }\n \n-\n-}\n b\n \n a\n", 1},
	{"c\na\n\na\nd\n", "c\na\n", "", "3,5d2\n< \n< a\n< d\n", 1},
	{"b\nb\nb\nd\n\na\n}\nb\n", "b\nb\nb\nd\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,7 +2,4 @@\n b\n b\n d\n-\n a\n-}\n-b\n", 1},
	{"a\na\n", "b\na\n", "", "1c1\n< a\n---\n> b\n", 1},
	{"a\nc\na\nb\n", "a\nd\na\nb\nd\n\n\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,4 ****\n  a\n! c\n  a\n  b\n--- 1,7 ----\n  a\n! d\n  a\n  b\n+ d\n+ \n+ \n", 1},
	{"d\nd\n\nc\n", "d\nd\n\nd\nc\n\n", "", "3a4\n> d\n4a6\n> \n", 1},
	{"c\nc\nb\na\nc", "b\na\nc\na\nb\na\nc\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,7 @@\n+b\n+a\n c\n-c\n+a\n b\n a\n-c\n\\ No newline at end of file\n+c\n", 1},
	{"b\nb\n\n}\n", "\nd\nb\n}\n}\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,4 ****\n- b\n- b\n  \n  }\n--- 1,5 ----\n  \n+ d\n+ b\n+ }\n  }\n", 1},
	{"d\n", "d\nb\n", "", "1a2\n> b\n", 1},
	{"b\nb\na\nb\na\nb\n", "b\nb\na\nb\na\nb\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -6 +6,2 @@\n b\n+a\n", 1},
	{"a\nc\na\nc\nb\na\nc\nc\n", "b\nc\na\nc\nb\na\nc\nc\n", "", "1c1\n< a\n---\n> b\n", 1},
	{"a\n\nc\nc\n}\n", "a\na\n\n\nc\n}\n", "", "1a2,3\n> a\n> \n3d4\n< c\n", 1},
	{"a\na\nd\nd\nd\nb\nb\nb\na\na\n", "a\nd\nd\na\nc\nd\nb\nb\nb\na\na\n", "", "2d1\n< a\n4a4,5\n> a\n> c\n", 1},
	{"c\na\na", "c\na\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,3 @@\n c\n a\n-a\n\\ No newline at end of file\n+a\n", 1},
	{"b\nb\na\na\nb\na\nb\nb", "b\nb\nb\na\nb\na\nb\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,8 ****\n  b\n  b\n! a\n  a\n  b\n  a\n  b\n! b\n\\ No newline at end of file\n--- 1,8 ----\n  b\n  b\n! b\n  a\n  b\n  a\n  b\n! b\n", 1},
	{"c\na\nb\na\na\nb\nc\n", "c\na\nb\na\na\nb\nc\n", "-c", "", 0},
	{"b\nd\nd\nc\nb\nc\na\n", "c\na\nb\nd\nd\nc\nb\nc\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,7 +1,9 @@\n+c\n+a\n b\n d\n d\n c\n b\n c\n-a\n+d\n", 1},
	{"d\nc\n\n\nd\nb\n\n\nb\nd\nc", "d\nc\n\n\nd\nb\n\n\nd\na\n\nb\nd\na\nb\nd\nc", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 6,11 ****\n--- 6,17 ----\n  b\n  \n  \n+ d\n+ a\n+ \n+ b\n+ d\n+ a\n  b\n  d\n  c\n\\ No newline at end of file\n", 1},
	{"c\n\nc\nb\nb\nb\nb\nd\nd", "c\n\nd\nb\nb\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,5 +2,3 @@\n \n-c\n-b\n-b\n+d\n b\n@@ -8,2 +6 @@\n d\n-d\n\\ No newline at end of file\n", 1},
	{"}\na\nd\n\na\n", "x\n}\na\nd\n\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,3 ****\n--- 1,4 ----\n+ x\n  }\n  a\n  d\n", 1},
	{"b\na\nc\nc\nb\nb\nc\na\nb\na\nc\n", "b\na\nc\nc\na\nc\nb\nb\nc\na\nb\na\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 2,7 ****\n--- 2,9 ----\n  a\n  c\n  c\n+ a\n+ c\n  b\n  b\n  c\n", 1},
	{"\na\nd\n\nb\nb\n\nc\nb\nc\n", "\na\nd\n\nb\nb\n\nc\na\nc\nb\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -6,5 +6,7 @@\n b\n \n c\n+a\n+c\n b\n c\n", 1},
	{"b\nb\nb\nb\nd\n", "b\nb\nb\nb\na\nb\nb\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,2 +4,5 @@\n b\n+a\n+b\n+b\n d\n", 1},
	{"}\nb\n", "b\nb\n}\nx\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,4 @@\n-}\n b\n+b\n+}\n+x\n", 1},
	{"c\na\nc\nc\nb\nb\na\n", "c\na\nc\nc\nb\nb\na\n", "", "", 0},
	{"c\nb\nc\n", "a\nb\na\n", "", "1c1\n< c\n---\n> a\n3c3\n< c\n---\n> a\n", 1},
	{"a\nb\nc\nb\nd\nb\nc\na\na\nc\nb\na", "a\nb\nd\nb\na\nb\nd\nb\nc\na\na\nc\nc\na\n", "", "3c3,5\n< c\n---\n> d\n> b\n> a\n11,12c13,14\n< b\n< a\n\\ No newline at end of file\n---\n> c\n> a\n", 1},
	{"c\na\nb\nc\nc\n", "c\nc\n", "", "2,4d1\n< a\n< b\n< c\n", 1},
	{"d\nc\nb\na\na\nb\n", "d\nd\nb\na\na\na\nb\na\nb", "", "2c2\n< c\n---\n> d\n5a6\n> a\n6a8,9\n> a\n> b\n\\ No newline at end of file\n", 1},
	{"b\n\nb\nb\n}\n", "b\na\n}\n", "", "2,4c2\n< \n< b\n< b\n---\n> a\n", 1},
	{"c\nc\n\nb\nc\nd\nb\na\nb\nb\nb\n}\n", "c\nc\nx\nd\nc\n\nb\nc\nd\nb\na\nb\nb\nb\n}\n", "", "2a3,5\n> x\n> d\n> c\n", 1},
	{"x\n", "", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1 ****\n- x\n--- 0 ----\n", 1},
	{"b\nc\n", "c\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1 @@\n-b\n c\n", 1},
	{"d\nc\n", "d\nc\n\nd\n\na\n\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2 +2,6 @@\n c\n+\n+d\n+\n+a\n+\n", 1},
	{"b\na\nc", "b\na\nc", "-c", "", 0},
	{"b\n", "c\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1 ****\n! b\n--- 1 ----\n! c\n", 1},
	{"c\nb\nb\n}\nd\nb\nb\n\nb\n\nc\n\n", "c\nb\n}\nb\n}\nd\n}\na\na\nb\nb\n\nb\n\nc\n\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,2 +2,3 @@\n b\n+}\n b\n@@ -5,2 +6,5 @@\n d\n+}\n+a\n+a\n b\n", 1},
	{"a\nd\nc\nb\nd\na\nb\nc\nc\nd\nc\n", "a\nd\nc\nb\nc\nd\na\nb\nc\nc\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,2 +4,3 @@\n b\n+c\n d\n@@ -9,3 +10 @@\n c\n-d\n-c\n", 1},
	{"a\na\nb\na\na\na\na\nb\na\nb\n", "a\nb\na\na\na\na\nb\na\nb\n", "", "2d1\n< a\n", 1},
	{"", "b\na\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,3 @@\n+b\n+a\n+b\n", 1},
	{"", "d\n\na\n", "", "0a1,3\n> d\n> \n> a\n", 1},
	{"a\na\na\nc\na\nc\na\nc\na\n", "a\na\na\nc\na\nc\na\nc\na\n", "", "", 0},
	{"}\nb\n\n", "}\nd\n\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,3 ****\n  }\n! b\n  \n--- 1,3 ----\n  }\n! d\n  \n", 1},
	{"", "c\nc\nc", "", "0a1,3\n> c\n> c\n> c\n\\ No newline at end of file\n", 1},
	{"d\n", "b\nb\na\nd\nd\nd\n", "", "0a1,5\n> b\n> b\n> a\n> d\n> d\n", 1},
	{"a\nb\nb\nc\nc\na\n", "b\nb\nb\na\nc\nc\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1,5 @@\n-a\n b\n b\n+b\n+a\n c\n", 1},
	{"a\na\na\na\nb\na\nb\na\na\na\na\n", "a\na\na\na\nb\na\na\na\na\na", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 4,11 ****\n  a\n  b\n  a\n- b\n- a\n  a\n  a\n  a\n--- 4,10 ----\n  a\n  b\n  a\n  a\n  a\n  a\n+ a\n\\ No newline at end of file\n", 1},
	{"a\nx\n}\na\nb\na\nx\nb", "a\nx\n}\na\nb", "", "5,7d4\n< b\n< a\n< x\n", 1},
	{"c\nb\na\nc\nc\na\na\nc\na\na\nc\na\n", "c\nb\na\nc\nc\na\na\nb\na\nc\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -7,4 +7,3 @@\n a\n-c\n-a\n+b\n a\n", 1},
	{"a\na", "a\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,2 @@\n a\n-a\n\\ No newline at end of file\n+a\n", 1},
	{"b\na\nb\nb\nc\nb\nc", "b\na\nb\nb\nc\nb\nc\nc\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,4 +4,6 @@\n b\n c\n b\n-c\n\\ No newline at end of file\n+c\n+c\n+c\n", 1},
	{"\n}\na\n}\n\nd\n", "\n}\n\nb", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,4 @@\n \n }\n-a\n-}\n \n-d\n+b\n\\ No newline at end of file\n", 1},
	{"x\na\nx\n", "x\na\n", "", "3d2\n< x\n", 1},
	{"b\n}\n}\na\na\nb\na\nx\n}\nc\n", "b\n}\nb\na\na\na\n}\nd\nb\nx\nx\n}\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,10 +1,13 @@\n b\n }\n-}\n+b\n a\n a\n-b\n a\n+}\n+d\n+b\n+x\n x\n }\n c\n", 1},
	{"a\nb\na\na\na\nb\nb\nb\na\na\n", "a\nb\na\na\na\nb\nb\nb\na\na\nb\na\nb\na\na\na\n", "", "10a11,16\n> b\n> a\n> b\n> a\n> a\n> a\n", 1},
	{"a\nc\n", "a\n\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,3 @@\n a\n-c\n+\n+a\n", 1},
	{"a\nx\nx\nb\nx\n", "}\nd\na\na\nx\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,6 @@\n+}\n+d\n+a\n a\n-x\n x\n b\n-x\n", 1},
	{"b\nb\nb\nb\n", "b\nb\nb\nb\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 2,4 ****\n--- 2,5 ----\n  b\n  b\n  b\n+ a\n", 1},
	{"d\na\nc\na\n", "d\na\nb\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,3 +2,3 @@\n a\n-c\n+b\n a\n", 1},
	{"a\na\nc\nc\nb\n", "a\na\nc\nc\nc\nc\nc\nb\nd\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,4 +2,9 @@\n a\n c\n c\n+c\n+c\n+c\n b\n+d\n+d\n", 1},
	{"b\nb\na\nb\nb", "b\nb\nb\nb\na\nb\nb\n", "", "2a3,4\n> b\n> b\n5c7\n< b\n\\ No newline at end of file\n---\n> b\n", 1},
	{"b\na\n", "b\na\n", "-U1", "", 0},
	{"d\nc\na\nc\nb\nc\n", "d\na\nc\nb\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,4 @@\n d\n-c\n a\n c\n b\n", 1},
	{"c\nd\n\nb\na\na\na\nb\nd\n}\na", "}\nd\n\nb\na\na\nb\nd\n}\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,2 @@\n-c\n+}\n d\n@@ -6,3 +6,2 @@\n a\n-a\n b\n@@ -10,2 +9,2 @@\n }\n-a\n\\ No newline at end of file\n+a\n", 1},
	{"b\na\nb\n", "b\na\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,3 ****\n  b\n  a\n! b\n--- 1,3 ----\n  b\n  a\n! a\n", 1},
	{"b\nb\nb\na\n", "b\na\na\na\nb\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,5 @@\n b\n-b\n+a\n+a\n+a\n b\n", 1},
	{"b\nb\nb\na\nc\n\nd\nd\nd\n}\n}\n\n", "b\nb\nc\n\nd\nd\nd\nb\nb\nd\n}\n}\n\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,4 +2,2 @@\n b\n-b\n-a\n c\n@@ -9,2 +7,5 @@\n d\n+b\n+b\n+d\n }\n", 1},
	{"c\nc\n", "c\nc\na\nb\n\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2 +2,4 @@\n c\n+a\n+b\n+\n", 1},
	{"x\n}", "\na\na\na\n}\n", "", "1,2c1,5\n< x\n< }\n\\ No newline at end of file\n---\n> \n> a\n> a\n> a\n> }\n", 1},
	{"b\na\nb\na\nb\nb\nb\na\n", "b\na\na\na\nb\nb\nb\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,6 @@\n b\n a\n-b\n+a\n a\n b\n b\n", 1},
	{"a\nc\na\n", "", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,3 ****\n- a\n- c\n- a\n--- 0 ----\n", 1},
	{"c\nc\na\nb\nc\nc\n", "c\nc\na\nb\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,4 +3,3 @@\n a\n b\n c\n-c\n", 1},
	{"d\nc\nc\nb\nd\nc\na\na\nb\nc\nb\n", "d\nc\nc\nd\nd\nc\na\na\nb\nc\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,3 +3,3 @@\n c\n-b\n+d\n d\n", 1},
	{"", "\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 0 ****\n--- 1,2 ----\n+ \n+ c\n", 1},
	{"a\n}\nd\nd\nd\n", "}\nb\nb\nc\n}\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,6 @@\n-a\n }\n-d\n-d\n+b\n+b\n+c\n+}\n d\n", 1},
	{"}\n}\n\nd\n\nd\nd\n}\n}\nb\n", "\nb\n}\nb\nd\n\nd\nd\nb\n", "", "1,2d0\n< }\n< }\n3a2,4\n> b\n> }\n> b\n8,9d8\n< }\n< }\n", 1},
	{"b\na\na\nb\na\na\n", "b\na\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,3 @@\n b\n a\n a\n-b\n-a\n-a\n", 1},
	{"", "c\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1 @@\n+c\n", 1},
	{"x\n}\nd\n", "x\n}\nd\n}\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,5 @@\n x\n }\n d\n+}\n+d\n", 1},
	{"a\nb\na\nb\na\n", "a\nb\na\nb\nb\na\na\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,4 +2,7 @@\n b\n a\n b\n+b\n+a\n+a\n a\n", 1},
	{"", "c\nb\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 0 ****\n--- 1,3 ----\n+ c\n+ b\n+ b\n", 1},
	{"a\n", "a\n", "", "", 0},
	{"a\nb\nc\nc\nb\nc\na\na\nb\n", "b\na\na\nc\nc\nb\nb\nc\na\na\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,8 +1,10 @@\n-a\n b\n+a\n+a\n c\n c\n b\n+b\n c\n a\n a\n", 1},
	{"", "c\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 0 ****\n--- 1,2 ----\n+ c\n+ b\n", 1},
	{"c\n", "", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-c\n", 1},
	{"c\nc\nx\nd\n\n", "c\nc\nx\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,2 +4 @@\n d\n-\n", 1},
	{"b\na\nd\nb\n", "c\nd\nc\nb\na\nd\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +1,4 @@\n+c\n+d\n+c\n b\n", 1},
	{"b\n", "", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-b\n", 1},
	{"a\n}\nd\n}\na\nb\n", "a\n}\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,3 @@\n a\n }\n d\n-}\n-a\n-b\n", 1},
	{"}\nx\na\nx\n}\nc\n\nx\n", "}\nx\na\nx\n}\nc\n\n", "", "8d7\n< x\n", 1},
	{"b\nd\na\n}\nd\na\n}\n\n", "b\nd\na\n}\nd\na\n}\n\nc\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 6,8 ****\n--- 6,10 ----\n  a\n  }\n  \n+ c\n+ c\n", 1},
	{"", "d\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 0 ****\n--- 1,2 ----\n+ d\n+ c\n", 1},
	{"d\na\nc\nd\nc\na\nc\nc\n", "d\nd\nc\nd\nc\na\nc\nc\n", "", "2c2\n< a\n---\n> d\n", 1},
	{"b\na\nb\na\nb\nb\nb\nb\nb\n", "b\na\nb\nb\nb\nb\nb\nb\nb\na\nb\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,9 +1,12 @@\n b\n a\n b\n-a\n b\n b\n b\n b\n b\n+b\n+a\n+b\n+b\n", 1},
	{"a\nb\nb\na\nb\nb\n", "a\nb\nb\na\nb\na\nb\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -5,2 +5,4 @@\n b\n+a\n+b\n b\n", 1},
	{"a\na\nc\na\nc\nc\nd\nd\nb\nb\na\nd\n", "a\na\nc\na\nc\nc\nd\na\na\na\nd\nb\nb\nc\nb\na\nd\nb\n", "", "7a8,10\n> a\n> a\n> a\n10a14,15\n> c\n> b\n12a18\n> b\n", 1},
	{"}\n", "", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-}\n", 1},
	{"\n}\na\nx\nx\n}\nc\nd\n", "a\nx\nx\n}\na\n}\nc\nd\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,8 +1,9 @@\n-\n-}\n a\n x\n x\n }\n+a\n+}\n c\n d\n+\n", 1},
	{"d\nd\n}\nd\nc\nb\n}\nb\n", "d\nb\nd\nd\n}\nd\nc\nb\nc\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,8 +1,10 @@\n d\n+b\n+d\n d\n }\n d\n c\n b\n-}\n+c\n b\n", 1},
	{"x\n\na\nc\n\n", "b\n\na\nc\n\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,2 @@\n-x\n+b\n \n", 1},
	{"a\na\n\nc\na\nd\n\nc\nc\n\nb\nb\n", "a\na\nb\nc\na\nd\n\nc\nc\n\nb\nc\n", "", "3c3\n< \n---\n> b\n12c12\n< b\n---\n> c\n", 1},
	{"", "d\nc", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,2 @@\n+d\n+c\n\\ No newline at end of file\n", 1},
	{"c\na\nd\nd\nb\nc\nd\n", "c\na\nd\nd\nb", "", "5,7c5\n< b\n< c\n< d\n---\n> b\n\\ No newline at end of file\n", 1},
	{"\n", "", "", "1d0\n< \n", 1},
	{"c\na\na\nd\nb\nd\nc\nb", "c\na\nc\nb\nc\na\nd\nd\nb\nd\nc\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,8 ****\n  c\n  a\n  a\n  d\n  b\n  d\n  c\n! b\n\\ No newline at end of file\n--- 1,12 ----\n  c\n  a\n+ c\n+ b\n+ c\n  a\n  d\n+ d\n  b\n  d\n  c\n! b\n", 1},
	{"b\nb\nx\nx\nx\na\n", "a\nb\n}\na\nb\nb\nx\nx\na", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1 +1,5 @@\n+a\n+b\n+}\n+a\n b\n@@ -4,3 +8,2 @@\n x\n-x\n-a\n+a\n\\ No newline at end of file\n", 1},
	{"b\na\na\n", "a\na\na\na\nc\nb\n", "", "1d0\n< b\n3a3,6\n> a\n> a\n> c\n> b\n", 1},
	{"a\nc", "a\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,2 @@\n a\n-c\n\\ No newline at end of file\n+b\n", 1},
	{"a\nb\na\nc\nd\n\nb\nb\nd", "a\nb\na\nc\nd\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 3,9 ****\n  a\n  c\n  d\n! \n! b\n! b\n! d\n\\ No newline at end of file\n--- 3,6 ----\n  a\n  c\n  d\n! c\n", 1},
	{"c\nx\na\nd\nc\nc\nc\n}\na\n}\n}\nc\n", "c\nx\na\nd\nc\nc\nc\n}\na", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -6,7 +6,4 @@\n c\n c\n }\n-a\n-}\n-}\n-c\n+a\n\\ No newline at end of file\n", 1},
	{"\n", "c\nb\nc\n", "", "1c1,3\n< \n---\n> c\n> b\n> c\n", 1},
	{"b\nb", "b\n", "", "2d1\n< b\n\\ No newline at end of file\n", 1},
	{"d\nb\n", "c\n\nd\nb\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,2 +1,5 @@\n+c\n+\n d\n b\n+b\n", 1},
	{"c\n\nb\nc\na\nd\nc\na\nc\n", "c\n\nb\na\nd\nc\na\nc\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,9 ****\n  c\n  \n  b\n- c\n  a\n  d\n  c\n  a\n  c\n--- 1,9 ----\n  c\n  \n  b\n  a\n  d\n  c\n  a\n  c\n+ b\n", 1},
	{"c\nb\na\nb\nc\nc\nc\nd\nc\nd\n", "c\nb\na\nd\nc\nb\nc\nc\nc\nd\nc\nd", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,2 +3,4 @@\n a\n+d\n+c\n b\n@@ -9,2 +11,2 @@\n c\n-d\n+d\n\\ No newline at end of file\n", 1},
	{"\nd\n", "\n}\n\n\n\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,2 ****\n  \n! d\n--- 1,5 ----\n  \n! }\n! \n! \n! \n", 1},
	{"c\nx\nx\na\nx\nc\n", "\nx\nx\na\nx\nc\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1,4 @@\n-c\n+\n x\n x\n a\n", 1},
	{"d\nd\na\nb\nb\nc\na\n", "d\nb\na\nb\nb\nc\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,5 +1,5 @@\n d\n-d\n+b\n a\n b\n b\n", 1},
	{"a\nb\na\n}\nd\n\na\n}\n", "a\nb\na\n}\nd\n\na\n}\n\na\n}\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -6,3 +6,7 @@\n \n a\n }\n+\n+a\n+}\n+\n", 1},
	{"x\n\nd\nx\nb\nb\nc\nd\n\n", "x\n\n}\nx\nb\nb\nc\nd\n\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,6 ****\n  x\n  \n! d\n  x\n  b\n  b\n--- 1,6 ----\n  x\n  \n! }\n  x\n  b\n  b\n", 1},
	{"b\nd\nc\nb\n", "a\nc\nc\nb\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,4 +1,4 @@\n-b\n-d\n+a\n+c\n c\n b\n", 1},
	{"a\nb\nb\na\nb\na\nb\n", "a\nb\nb\na\nb\na\nb\n", "-c", "", 0},
	{"d\nc\nc\n", "d\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,2 @@\n d\n-c\n-c\n+d\n", 1},
	{"b\na\nb\na\nb\nb\na\na\nc\na\nc\nb\n", "a\nb\nb\nb\na\nb\na\nb\nb\na\na\nb\nc\na\nc\na\nc\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,3 ****\n--- 1,6 ----\n+ a\n+ b\n+ b\n  b\n  a\n  b\n***************\n*** 6,11 ****\n--- 9,17 ----\n  b\n  a\n  a\n+ b\n+ c\n+ a\n  c\n  a\n  c\n", 1},
	{"}\n\n\nc\nc\nb\nd\n}\n}", "}\nd\n\nc\nc\nb\nd", "", "2c2\n< \n---\n> d\n7,9c7\n< d\n< }\n< }\n\\ No newline at end of file\n---\n> d\n\\ No newline at end of file\n", 1},
	{"b\nb\nb\nb\na\n", "b\nb\nb\nb\nb\nb\na\n", "", "4a5,6\n> b\n> b\n", 1},
	{"c\nc\n\na\n}\na\nb\nc\n", "b\n}\n\na\nb\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,8 ****\n! c\n! c\n! \n! a\n  }\n  a\n  b\n  c\n--- 1,6 ----\n! b\n  }\n+ \n  a\n  b\n  c\n", 1},
	{"c\nc\nc\na\nb\nb\nc", "b\nc\nc\nb\nc\na\nb\nb\nc\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,7 ****\n  c\n  c\n  c\n  a\n  b\n  b\n! c\n\\ No newline at end of file\n--- 1,9 ----\n+ b\n  c\n  c\n+ b\n  c\n  a\n  b\n  b\n! c\n", 1},
	{"", "a", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1 @@\n+a\n\\ No newline at end of file\n", 1},
	{"b\na\nc\nc\nc\nc\nc\nb\n", "b\na\nc\nc\nc\nc\na\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -6,3 +6,3 @@\n c\n-c\n+a\n b\n", 1},
	{"a\nc\n}\nd\nd\nd\n}\nd\na\n", "a\nc\n}\n}\nd\n\n}\nd\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,9 ****\n  a\n  c\n  }\n  d\n! d\n! d\n  }\n  d\n  a\n--- 1,9 ----\n  a\n  c\n  }\n+ }\n  d\n! \n  }\n  d\n  a\n", 1},
	{"}\nd\na\n\nc\n", "}\nd\na\n\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,4 +2,3 @@\n d\n a\n \n-c\n", 1},
	{"a\nb\na\nc\n\n}\nc\na\nc\na\n", "a\nb\na\nc\n\nc\na\nc\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,7 +3,6 @@\n a\n c\n \n-}\n c\n a\n c\n", 1},
	{"", "b\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1,2 @@\n+b\n+a\n", 1},
	{"b\nb\nb\na\na\nb\na\na\nb\nb\nb\n", "b\nb\na\na\nb\na\na\nb\nb\nb\n", "", "3d2\n< b\n", 1},
	{"d\nc\nb\nd\na\nb\nb\na\nb\n", "d\nc\nb\nd\nb\nb\na\nb\n", "", "5d4\n< a\n", 1},
	{"b\na\na\nb\nb\na\na\nb\nb\na\nb\na", "b\nb\nb\na\na\nb\nb\na\nb\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,4 @@\n b\n-a\n-a\n b\n b\n a\n@@ -9,4 +7,4 @@\n b\n a\n b\n-a\n\\ No newline at end of file\n+a\n", 1},
	{"", "c\n", "", "0a1\n> c\n", 1},
	{"c\nc\na\nc\nb\nc\na\na\na\n", "c\nc\na\nc\nb\nb", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -5,5 +5,2 @@\n b\n-c\n-a\n-a\n-a\n+b\n\\ No newline at end of file\n", 1},
	{"a\nb\na\na\nc\nb\nc\nc\na\na\n", "a\nb\na\na\nc\nb\nc\nc\nc\na\na\na\n", "", "8a9,10\n> c\n> a\n", 1},
	{"d\n\n}\na\nx\nx\n\nx\nc\n\nd\n", "d\n\n}\na\nd\nd\nx\nx\n\nx\nc\nc\nd\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -4,2 +4,4 @@\n a\n+d\n+d\n x\n@@ -9,3 +11,3 @@\n c\n-\n+c\n d\n", 1},
	{"a\na\nb\na\na\nb\na\na\na\na\n", "a\na\nb\na\na\nb\na\na\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 7,10 ****\n  a\n  a\n  a\n- a\n--- 7,9 ----\n", 1},
	{"a\nd\n\nb\nd\n\n\nd\n", "d\na\nd\n\nb\nd\n\n\nd\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,3 +1,4 @@\n+d\n a\n d\n \n", 1},
	{"a\nc\n\nd\nc\nc\nc\na\nb\n", "a\nc\n\nd\nc\nc\na\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -6,3 +6,2 @@\n c\n-c\n a\n", 1},
	{"a\na\na\nb\na\na\na\nb\nb\na\nb\n", "a\na\na\nb\na\nb\na\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -5,5 +5,2 @@\n a\n-a\n-a\n-b\n b\n", 1},
	{"b\nb\na\n", "b\nb\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,2 +2,2 @@\n b\n-a\n+b\n", 1},
	{"x\n}\nd\nd\nb\na\n", "\nx\nd\nb\nd\nx\nx\na\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -1,6 +1,8 @@\n+\n x\n-}\n-d\n d\n b\n+d\n+x\n+x\n a\n", 1},
	{"c\nd\nb\nd\nd\nd\nc\nc\nc\n", "c\na\nc\nc\nd\nb\nd\nd\nd\nc\nc\nc\n", "", "1a2,4\n> a\n> c\n> c\n", 1},
	{"d\n}\na\n\n", "d\n}\n\n", "", "3d2\n< a\n", 1},
	{"c\na\nb\nd\na\nd\nd\nb\nb\na\nd\nb\n", "c\na\nd\nd\nc\nc\nb\nb\na\nd\nb\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,7 +2,6 @@\n a\n-b\n-d\n-a\n d\n d\n+c\n+c\n b\n", 1},
	{"d\na\n}\nx\n}\nx\nc\nc\na\nb\n", "d\na\n}\na\n}\nx\nc\nc\na\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1,7 ****\n  d\n  a\n  }\n! x\n  }\n  x\n  c\n--- 1,7 ----\n  d\n  a\n  }\n! a\n  }\n  x\n  c\n", 1},
	{"b\n", "", "", "1d0\n< b\n", 1},
	{"\n\n}\n}\n\nd\nc\n\n\n", "\n\n}\n}\n\nd\nc\n", "", "8,9d7\n< \n< \n", 1},
	{"d\na\nd\n\na\n", "d\na\nd\n\na\n\n\nc\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -5 +5,4 @@\n a\n+\n+\n+c\n", 1},
	{"a\nb\nb\nb\nb\nb\na\nb\na\nb\n", "a\nb\nb\na\nb\nb\na\nb\na\na\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -3,3 +3,3 @@\n b\n-b\n+a\n b\n@@ -9,2 +9,2 @@\n a\n-b\n+a\n", 1},
	{"", "b\n", "-u", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1 @@\n+b\n", 1},
	{"}\n}\nc\n}\n", "}\n}\n}\nc\na\na\na\nd\nc\n}\n", "-U1", "--- a\t2026-01-01 00:00:00.000000000 +0000\n+++ b\t2026-01-01 00:00:00.000000000 +0000\n@@ -2,2 +2,8 @@\n }\n+}\n+c\n+a\n+a\n+a\n+d\n c\n", 1},
	{"c\nc\na\nb\na\n", "c\nc\na\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 2,5 ****\n  c\n  a\n  b\n- a\n--- 2,4 ----\n", 1},
	{"}\nc\nb\n}\n", "a\n}\n}\nc\nb\n}\n", "", "0a1,2\n> a\n> }\n", 1},
	{"c\nc\nb\nb\na\na\nc\na\na\na\na\nc\n", "c\nc\nc\nb\nb\nb\nc\na\na\na\na\nc", "", "2a3,4\n> c\n> b\n5,6d6\n< a\n< a\n12c12\n< c\n---\n> c\n\\ No newline at end of file\n", 1},
	{"c\n", "c\nb\na\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 1 ****\n--- 1,3 ----\n  c\n+ b\n+ a\n", 1},
	{"b\nb\nb\nb\na\na\na\na\nb\n", "b\nb\nb\nb\nb\na\nb\nb\nb\na\na\nb\n", "-c", "*** a\tThu Jan  1 00:00:00 2026\n--- b\tThu Jan  1 00:00:00 2026\n***************\n*** 2,9 ****\n  b\n  b\n  b\n  a\n! a\n  a\n  a\n  b\n--- 2,12 ----\n  b\n  b\n  b\n+ b\n  a\n! b\n! b\n! b\n  a\n  a\n  b\n", 1},
	{"}\na\nd\nc\n}\nd\na\n\nb\nc\n\n", "}\nc\na\nd\nc\n}\nd\na\n\n\nc\n\n", "", "1a2\n> c\n9c10\n< b\n---\n> \n", 1},
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
