package coreutils

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

var awkFiles = map[string]string{
	"/work/a":        "one 1\ntwo 2\nthree 3\n",
	"/work/b":        "x:y\nz:w\n",
	"/work/prog.awk": "{ s += $2 }\nEND { print \"sum\", s }\n",
	"/work/lib.awk":  "function double(n) { return 2 * n }\n",
	"/work/use.awk":  "{ print double($2) }\n",
	"/work/dir/f":    "",
	"/work/old":      "before\n",
	"/work/paras":    "a\nb\n\n\nc\n",
	"/work/crlf":     "a\r\nb\r\n",
}

// awkTree is a tree holding awkFiles.
func awkTree(t *testing.T) vfs.FS {
	t.Helper()
	fsys := testTree(t)
	for name, content := range awkFiles {
		writeFile(t, fsys, name, content)
	}
	return fsys
}

func TestAwk(t *testing.T) {
	t.Parallel()
	for _, tc := range []cmdCase{
		{[]string{"awk", "{ print $2, $1 }", "a"}, "", "1 one\n2 two\n3 three\n", "", 0},
		{[]string{"awk", "{ print NF, $NF }"}, "a b c\n\nx\n", "3 c\n0 \n1 x\n", "", 0},
		{[]string{"awk", "-F:", "{ print $2 }", "b"}, "", "y\nw\n", "", 0},
		{[]string{"awk", "-F", "t", "{ print $2 }"}, "a\tb\n", "b\n", "", 0},
		{[]string{"awk", "-F", "\\t", "{ print $2 }"}, "a\tb\n", "b\n", "", 0},
		{[]string{"awk", "-v", "x=5", "-vy=a\\tb", "BEGIN { print x + 1, y }"}, "", "6 a\tb\n", "", 0},
		{[]string{"awk", "-f", "prog.awk", "a"}, "", "sum 6\n", "", 0},
		{[]string{"awk", "-f", "lib.awk", "-f", "use.awk", "a"}, "", "2\n4\n6\n", "", 0},
		{[]string{"awk", "{ print FILENAME, FNR, NR, $1 }", "a", "b"}, "", "a 1 1 one\na 2 2 two\na 3 3 three\nb 1 4 x:y\nb 2 5 z:w\n", "", 0},
		{[]string{"awk", "{ print \"[\" FILENAME \"]\", $0 }"}, "in\n", "[] in\n", "", 0},
		{[]string{"awk", "{ print FILENAME, $0 }", "b", "-"}, "in\n", "b x:y\nb z:w\n- in\n", "", 0},
		{[]string{"awk", "{ print x, $1 }", "x=1", "b", "x=2", "b"}, "", "1 x:y\n1 z:w\n2 x:y\n2 z:w\n", "", 0},
		{[]string{"awk", "NR == FNR { n[$1]; next } $1 in n", "a", "a"}, "", "one 1\ntwo 2\nthree 3\n", "", 0},
		{[]string{"awk", "END { print NR, FILENAME, $0 }", "a", "b"}, "", "5 b z:w\n", "", 0},
		{[]string{"awk", "BEGIN { for (i = 0; i < ARGC; i++) print i, ARGV[i] }", "a", "v=1", "b"}, "", "0 awk\n1 a\n2 v=1\n3 b\n", "", 0},
		{[]string{"awk", "BEGIN { ARGV[1] = \"\" } { print }", "a", "b"}, "", "x:y\nz:w\n", "", 0},
		{[]string{"awk", "BEGIN { ARGV[ARGC++] = \"b\" } { print }", "a"}, "", "one 1\ntwo 2\nthree 3\nx:y\nz:w\n", "", 0},
		{[]string{"awk", "FNR == 2 { nextfile } { print FILENAME, $1 }", "a", "b"}, "", "a one\nb x:y\n", "", 0},
		// FILENAME is set at a file's first record
		{[]string{"awk", "{ print FILENAME, FNR }", "a", "/work/empty", "-", "b"}, "in\n", "a 1\na 2\na 3\n- 1\nb 1\nb 2\n", "", 0},
		{[]string{"awk", "FNR == 1 { FNR = 5 } { print FILENAME, FNR }", "a", "b"}, "", "a 5\na 6\na 7\nb 5\nb 6\n", "", 0},
		{[]string{"awk", "BEGIN { getline; print \"first:\", $0 } { print }", "a"}, "", "first: one 1\ntwo 2\nthree 3\n", "", 0},
		{[]string{"awk", "BEGIN { print ENVIRON[\"GREETING\"], ENVIRON[\"HOME\"], length(ENVIRON[\"PWD\"]) }"}, "", "hello /work 0\n", "", 0},
		{[]string{"awk", "BEGIN { printf \"%5.2f|%-3s|%d|%c\\n\", 3.14159, \"a\", \"42x\", 65 }"}, "", " 3.14|a  |42|A\n", "", 0},
		{[]string{"awk", "BEGIN { print length(\"héllo\"), toupper(\"abc\"), substr(\"hello\", 2, 3), index(\"abc\", \"c\") }"}, "", "6 ABC ell 3\n", "", 0},
		{[]string{"awk", "{ n = split($0, p, \",\"); print n, p[n]; gsub(/o/, \"0\"); print }"}, "foo,boo\n", "2 boo\nf00,b00\n", "", 0},
		{[]string{"awk", "BEGIN { print 1e6, 0.1 + 0.2, 100000000000000000000, 2^53 + 1 }"}, "", "1000000 0.3 1e+20 9007199254740992\n", "", 0},
		{[]string{"awk", "BEGIN { exit 3 } END { print \"end\" }"}, "", "end\n", "", 3},
		{[]string{"awk", "{ exit } END { print NR }"}, "a\nb\n", "1\n", "", 0},
		{[]string{"awk", "BEGIN { print 1/0 }"}, "", "", "awk: division by zero\n", 2},
		{[]string{"awk", "BEGIN {"}, "", "", "awk: parse error at 1:8: expected } instead of EOF\nawk: BEGIN {\nawk:        ^\n", 2},
		{[]string{"awk", "{ print $1 }", "nope", "b"}, "", "x:y\nz:w\n", "awk: cannot open file 'nope' for reading: No such file or directory\n", 2},
		{[]string{"awk", "{ print $1 }", "dir", "b"}, "", "x:y\nz:w\n", "awk: warning: command line argument 'dir' is a directory: skipped\n", 0},
		{[]string{"awk", "-f", "nope.awk"}, "", "", "awk: can't open source file 'nope.awk' for reading: No such file or directory\n", 2},
		{[]string{"awk"}, "", "", "awk: no program given\nusage: awk [-F FS] [-v VAR=VALUE] [-f PROGFILE | -e PROGRAM | 'PROGRAM'] [FILE ...]\n", 2},
		{[]string{"awk", "-v", "1x=2", "1"}, "", "", "awk: invalid -v argument '1x=2'\nusage: awk [-F FS] [-v VAR=VALUE] [-f PROGFILE | -e PROGRAM | 'PROGRAM'] [FILE ...]\n", 2},
		{[]string{"awk", "-q", "1"}, "", "", "awk: unknown option -q\nusage: awk [-F FS] [-v VAR=VALUE] [-f PROGFILE | -e PROGRAM | 'PROGRAM'] [FILE ...]\n", 2},
		{[]string{"awk", "--", "{ print }", "b"}, "", "x:y\nz:w\n", "", 0},
		// I/O of the program's own, through moonix.
		{[]string{"awk", "{ print $2 > \"/tmp/out\" } END { close(\"/tmp/out\"); while ((getline l < \"/tmp/out\") > 0) print \"got\", l }", "a"}, "", "got 1\ngot 2\ngot 3\n", "", 0},
		{[]string{"awk", "BEGIN { print \"x\" >> \"old\"; close(\"old\"); getline < \"old\"; print; getline < \"old\"; print }"}, "", "before\nx\n", "", 0},
		{[]string{"awk", "{ print $1 > ($1 \".txt\") } END { close(\"two.txt\"); getline t < \"two.txt\"; print t }", "a"}, "", "two\n", "", 0},
		{[]string{"awk", "BEGIN { print (getline l < \"nope\"), (getline l < \"dir\") }"}, "", "-1 -1\n", "", 0},
		{[]string{"awk", "BEGIN { print \"err\" > \"/dev/stderr\"; print \"out\" > \"/dev/stdout\"; print \"dash\" > \"-\" }"}, "", "out\ndash\n", "err\n", 0},
		{[]string{"awk", "BEGIN { printf \"%s\", \"x\" > \"/nodir/f\" }"}, "", "", "awk: can't redirect to '/nodir/f' (No such file or directory)\n", 2},
		{[]string{"awk", "BEGIN { RS = \"\" } { print NR \": \" $1 } END { while ((getline p < \"paras\") > 0) print \"p:\", p }", "paras"}, "", "1: a\n2: c\np: a\nb\np: c\n", "", 0},
		{[]string{"awk", "BEGIN { r = system(\"echo hi\"); print \"status\", r; print system(\"exit 3\") }"}, "", "hi\nstatus 0\n3\n", "", 0},
		{[]string{"awk", "BEGIN { \"echo a b\" | getline; print $2, NR; \"echo c\" | getline v; print v, NR; print close(\"echo c\"), close(\"nothing\") }"}, "", "b 1\nc 2\n0 -1\n", "", 0},
		{[]string{"awk", "{ print $2 | \"cat\" } END { print \"before close\"; close(\"cat\"); print \"after\" }", "a"}, "", "before close\n1\n2\n3\nafter\n", "", 0},
		{[]string{"awk", "{ print $1 | \"cat\" } END { print \"end\" }", "a"}, "", "end\none\ntwo\nthree\n", "", 0},
		{[]string{"awk", "BEGIN { srand(); x = srand(); print x; srand(7); print srand() }"}, "", "1767225600\n7\n", "", 0},
		{[]string{"awk", "BEGIN { print fflush(\"/tmp/none\"), fflush() }"}, "", "-1 0\n", "", 0},
		// Once a program redirects, every print names its destination;
		// comparisons in arguments and bare patterns keep their meaning.
		{[]string{"awk", "{ print ($1 > \"b\") ? \"big\" : \"small\" } END { print \"x\" > \"/dev/null\" }"}, "a\nc\n", "small\nbig\n", "", 0},
		{[]string{"awk", "/o/\nEND { print \"done\" > \"/dev/fd/2\" }"}, "one\ntwo\nsix\n", "one\ntwo\n", "done\n", 0},
		{[]string{"awk", "BEGIN { getline l < \"-\"; print \"got\", l }"}, "hi\n", "got hi\n", "", 0},
		{[]string{"awk", "BEGIN { printf \"%s|\", \"a\" > \"f\"; printf \"%s\\n\", \"b\" >> \"f\"; close(\"f\"); getline l < \"f\"; print l }"}, "", "a|b\n", "", 0},
	} {
		t.Run(strings.Join(tc.Args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := awkTree(t)
			writeFile(t, fsys, "/work/old", "before\n")
			writeFile(t, fsys, "/work/empty", "")
			writeFile(t, fsys, "/work/paras", "a\nb\n\n\nc\n")
			out, errs, st := runFakeShell(t, fsys, &fakeShell{}, tc.Stdin, tc.Args...)
			tc.check(t, out, errs, st)
		})
	}
}

// TestAwkGNU: the GNU awk extensions moonix's awk has and where GoAWK
// differed from gawk; each case also runs against the host's gawk.
func TestAwkGNU(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("gawk"); err != nil && os.Getenv("MOONIX_REQUIRE_CONFIRM") == "1" {
		t.Error("no host gawk: the cases of awk's GNU extensions are not confirmed")
	}
	splitKeys := `BEGIN { n = split("a b c d e f g h i j k l", a); for (k in a) printf "%s ", k; print "" }`
	runGawkCases(t, []cmdCase{
		{[]string{"awk", "BEGIN { print or(5, 3), and(12, 10), xor(5, 3), lshift(1, 10), rshift(1024, 3), compl(0) }"}, "", "7 8 6 1024 128 9007199254740991\n", "", 0},
		{[]string{"awk", "BEGIN { print and(7, 5, 4), or(1, 2, 4), xor(1.9, 2.2), or(2^53, 1) }"}, "", "4 7 3 1\n", "", 0},
		{[]string{"awk", "BEGIN { printf \"%d %d %d\\n\", compl(1), compl(7), lshift(3, 60) }"}, "", "18014398509481982 72057594037927928 3458764513820540928\n", "", 0},
		differs("gawk's errors name the place in the program", cmdCase{[]string{"awk", "BEGIN { print and(-1, 1) }"}, "", "", "awk: and: argument 1 negative value -1 is not allowed\n", 2}),
		differs("gawk's errors name the place in the program", cmdCase{[]string{"awk", "BEGIN { print lshift(3, -1) }"}, "", "", "awk: lshift(3.000000, -1.000000): negative values are not allowed\n", 2}),
		{[]string{"awk", "{ print gensub(/o/, \"0\", \"g\"), gensub(/o/, \"0\", 2), $0 }"}, "hello world\n", "hell0 w0rld hello w0rld hello world\n", "", 0},
		{[]string{"awk", "{ print gensub(/(a)(b)(c)/, \"\\\\3\\\\2\\\\1\", 2) }"}, "abcabc\n", "abccba\n", "", 0},
		{[]string{"awk", "{ print gensub(/b/, \"[\\\\0&\\\\&\\\\\\\\\\\\q]\", \"G\") }"}, "abcb\n", "a[bb&\\q]c[bb&\\q]\n", "", 0},
		{[]string{"awk", "{ print gensub(/(foo) (bar)/, \"\\\\2 \\\\1 \\\\3.\", \"g\") }"}, "foo bar\n", "bar foo .\n", "", 0},
		{[]string{"awk", "BEGIN { print gensub(\"[0-9]+\", \"<&>\", \"g\", \"a1b22c333\"), gensub(/x*/, \"-\", \"g\", \"abc\"), gensub(/b*/, \"-\", \"g\", \"abc\") }"}, "", "a<1>b<22>c<333> -a-b-c- -a-c-\n", "", 0},
		{[]string{"awk", "function f(s) { return gensub(/l/, \"L\", \"g\", s) } { $2 = f($2); print; print NF }"}, "hello all\n", "hello aLL\n2\n", "", 0},
		{[]string{"awk", "{ print gensub(/\\//, \"|\", \"g\"), gensub(/a/, \"b\", 2.7) }"}, "a/a/a\n", "a|a|a a/b/a\n", "", 0},
		differs("gawk's warnings name the place in the program", cmdCase{[]string{"awk", "{ print gensub(/a/, \"b\", 0) }"}, "aaa\n", "baa\n", "awk: warning: gensub: third argument `0' treated as 1\n", 0}),
		{[]string{"awk", "BEGIN { print gensub(/a|ab/, \"X\", \"g\", \"abcab\") }"}, "", "XcX\n", "", 0},
		differs("gawk says so with the place in the program and exits 1", cmdCase{[]string{"awk", "BEGIN { print gensub(/a/) }"}, "", "", "awk: 1 is invalid as number of arguments for gensub\n", 2}),
		differs("gawk says so with the place in the program and exits 1", cmdCase{[]string{"awk", "BEGIN { print compl() }"}, "", "", "awk: 0 is invalid as number of arguments for compl\n", 2}),
		differs("gawk refuses to redefine its functions; POSIX awk scripts may name theirs so", cmdCase{[]string{"awk", "function and(x) { return x } BEGIN { print and(4) }"}, "", "4\n", "", 0}),
		differs("gawk refuses to redefine its functions; POSIX awk scripts may name theirs so", cmdCase{[]string{"awk", `function gensub(a, b, c, d) { return "own" } BEGIN { print gensub(1, 2, 3, 4), gensub(1, 2, 3) }`}, "", "own own\n", "", 0}),
		differs("gawk refuses to redefine its functions; POSIX awk scripts may name theirs so", cmdCase{[]string{"awk", `function asort(a) { return "own" } function typeof(x) { return "t" } BEGIN { print asort(1), typeof(2) }`}, "", "own t\n", "", 0}),
		{[]string{"awk", `BEGIN { print strtonum("0x1A"), strtonum("017"), strtonum("018"), strtonum("1e3"), strtonum(" 12abc"), strtonum("-0x10"), strtonum(""), strtonum(3.7), strtonum("08.5") }`}, "", "26 15 18 1000 12 0 0 3.7 8.5\n", "", 0},
		{[]string{"awk", `BEGIN { print strftime("%Y-%m-%d %H:%M:%S %Z", 86400 * 365); print strftime("%T %Z", 3600.9, 1), strftime(123), strftime("%F", -1), (systime() > 0) }`}, "", "1971-01-01 00:00:00 UTC\n01:00:00 GMT 123 1969-12-31 1\n", "", 0},
		{[]string{"awk", `BEGIN { print mktime("1970 01 02 00 00 00"), mktime("2024 13 01 00 00 00"), mktime(" 2024  7 1 12 0 0 -1", 1), mktime("2024 1 1 0 0"), mktime("bogus") }`}, "", "86400 1735689600 1719835200 -1 -1\n", "", 0},
		{[]string{"awk", "-e", "function f() { return \"x\" }", "-e", "BEGIN { print f(), ARGV[1] }", "zz"}, "", "x zz\n", "", 0},
		{[]string{"awk", "-f", "lib.awk", "--source=BEGIN { print double(21) }"}, "", "42\n", "", 0},
		{[]string{"awk", "-eBEGIN { print 1 }"}, "", "1\n", "", 0},
		{[]string{"awk", "--source", "BEGIN { print x }", "--assign", "x=2", "--file", "lib.awk"}, "", "2\n", "", 0},
		{[]string{"awk", "func add(a, b) { return a + b } BEGIN { print add(2, 3) }"}, "", "5\n", "", 0},
		{[]string{"awk", "BEGIN { s = \"tab\\\nbed\"; print s, length(s) }"}, "", "tabbed 6\n", "", 0},
		{[]string{"awk", "-v", "x=a\\\nb", "BEGIN { print x }"}, "", "ab\n", "", 0},
		{[]string{"awk", "{ print length($0), length($2), length($NF) }"}, "a b\r\nc\vd\fe\n", "4 2 2\n5 0 5\n", "", 0},
		{[]string{"awk", "BEGIN { while ((getline l < \"crlf\") > 0) print length(l) }"}, "", "2\n2\n", "", 0},
		{[]string{"awk", "{ FS = \":\"; print $1 }"}, "a:b c\nd:e f\n", "a:b\nd\n", "", 0},
		{[]string{"awk", "{ FS = \":\"; $0 = $0; print $1 }"}, "a:b c\n", "a\n", "", 0},
		{[]string{"awk", splitKeys}, "", "1 2 3 4 5 6 7 8 9 10 11 12 \n", "", 0},
		differs("gawk visits string indexes in its hash order, moonix in byte order", cmdCase{[]string{"awk", `BEGIN { a["x"]; a[10]; a["b"]; a[2]; a[-1]; for (k in a) printf "%s ", k; print "" }`}, "", "-1 2 10 b x \n", "", 0}),
		{[]string{"awk", `BEGIN { a[1]; a[2]; a[3]; for (k in a) { printf "%s ", k; delete a[3]; a[4] } print length(a) }`}, "", "1 2 3 3\n", "", 0},
	})
}

// runGawkCases runs each case, in parallel, on a fresh awkTree, first
// against the host's gawk.
func runGawkCases(t *testing.T, cases []cmdCase) {
	for _, tc := range cases {
		t.Run(strings.Join(tc.Args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := awkTree(t)
			confirmWith(t, fsys, tc, "gawk")
			out, errs, st := runFakeShell(t, fsys, &fakeShell{}, tc.Stdin, tc.Args...)
			tc.check(t, out, errs, st)
		})
	}
}

// TestAwkGNUArrays: gawk's asort, asorti, PROCINFO["sorted_in"], typeof,
// isarray and IGNORECASE; each case also runs against the host's gawk.
func TestAwkGNUArrays(t *testing.T) {
	t.Parallel()
	// a holds numbers, strings and strings that look like numbers, at
	// integer and string indexes, with ties to break
	fill := `a[1] = "b"; a[2] = 10; a[3] = "a"; a[4] = 9; a["x"] = "10"; a["y"] = 9; a["-1"] = "B"; `
	list := ` for (i = 1; i <= n; i++) printf "%s ", d[i]; print ""`
	var cases []cmdCase
	for _, c := range []struct{ how, loop, asort, asorti string }{
		{"@ind_str_asc", "-1=B 1=b 2=10 3=a 4=9 x=10 y=9", "B b 10 a 9 10 9", "-1 1 2 3 4 x y"},
		{"@ind_str_desc", "y=9 x=10 4=9 3=a 2=10 1=b -1=B", "9 10 9 a 10 b B", "y x 4 3 2 1 -1"},
		{"@ind_num_asc", "-1=B x=10 y=9 1=b 2=10 3=a 4=9", "B 10 9 b 10 a 9", "-1 x y 1 2 3 4"},
		{"@ind_num_desc", "4=9 3=a 2=10 1=b y=9 x=10 -1=B", "9 a 10 b 9 10 B", "4 3 2 1 y x -1"},
		{"@val_type_asc", "4=9 y=9 2=10 x=10 -1=B 3=a 1=b", "9 9 10 10 B a b", "4 y 2 x -1 3 1"},
		{"@val_type_desc", "1=b 3=a -1=B x=10 2=10 y=9 4=9", "b a B 10 10 9 9", "1 3 -1 x 2 y 4"},
		{"@val_str_asc", "2=10 x=10 4=9 y=9 -1=B 3=a 1=b", "10 10 9 9 B a b", "2 x 4 y -1 3 1"},
		{"@val_str_desc", "1=b 3=a -1=B y=9 4=9 x=10 2=10", "b a B 9 9 10 10", "1 3 -1 y 4 x 2"},
		{"@val_num_asc", "-1=B 3=a 1=b 4=9 y=9 2=10 x=10", "B a b 9 9 10 10", "-1 3 1 4 y 2 x"},
		{"@val_num_desc", "x=10 2=10 y=9 4=9 1=b 3=a -1=B", "10 10 9 9 b a B", "x 2 y 4 1 3 -1"},
	} {
		prog := "BEGIN { " + fill + `PROCINFO["sorted_in"] = "` + c.how + `"; for (k in a) printf "%s=%s ", k, a[k]; print ""; ` +
			`n = asort(a, d, "` + c.how + `");` + list + `; n = asorti(a, d, "` + c.how + `");` + list + " }"
		cases = append(cases, cmdCase{[]string{"awk", prog}, "", c.loop + " \n" + c.asort + " \n" + c.asorti + " \n", "", 0})
	}
	cases = append(cases, []cmdCase{
		// the default orders: asort's by type, then value; asorti's by index string
		{[]string{"awk", "BEGIN { " + fill + "n = asort(a, d);" + list + "; n = asorti(a, d);" + list + `; print typeof(d[1]), length(a) }`}, "", "9 9 10 10 B a b \n-1 1 2 3 4 x y \nstring 7\n", "", 0},
		{[]string{"awk", `BEGIN { a["z"] = 3; a["q"] = 1; n = asort(a); print n, a[1], a[2], ("z" in a); asorti(a); print a[1] a[2] }`}, "", "2 1 3 0\n12\n", "", 0},
		{[]string{"awk", `{ a[NR] = $1 } END { n = asort(a, s); print s[1], s[n], typeof(s[1]), typeof(a[1]) }`}, "10\n9\n100\n", "9 100 strnum strnum\n", "", 0},
		{[]string{"awk", `function byval(i1, v1, i2, v2) { return v2 - v1 } BEGIN { a["p"] = 2; a["q"] = 3; a["r"] = 1; PROCINFO["sorted_in"] = "byval"; for (k in a) printf "%s ", k; n = asort(a, d, "byval"); print d[1], d[n] }`}, "", "q p r 3 1\n", "", 0},
		{[]string{"awk", `function f(a, i) { return isarray(a) } BEGIN { x[1]; print isarray(x), isarray(y), f(x), typeof(x), n = asort(z), typeof(z) }`}, "", "1 0 1 array 0 array\n", "", 0},
		{[]string{"awk", `function t(v) { return typeof(v) } { print t(), t(1), t("a"), t($1), t($2), typeof($5), typeof($3), typeof($0), typeof(u); x; print typeof(x), typeof(x = $1), typeof(1 ""), typeof(a[1]) }`}, "10 ab\n", "untyped number string strnum string unassigned unassigned string untyped\nunassigned strnum string untyped\n", "", 0},
		differs("gawk says it with the place in the program and exits 2 without naming the parse", cmdCase{[]string{"awk", `BEGIN { a[1]; PROCINFO["sorted_in"] = "@foo"; for (k in a) print k }`}, "", "", "awk: sort comparison function `@foo' is not defined\n", 2}),
		differs("gawk says it with the place in the program", cmdCase{[]string{"awk", `BEGIN { a[1]; asort(a, d, "nofunc") }`}, "", "", "awk: sort comparison function `nofunc' is not defined\n", 2}),
		differs("gawk says it with the place in the program", cmdCase{[]string{"awk", `BEGIN { asort(1) }`}, "", "", "awk: parse error at 1:9: asort: first argument is not an array\nawk: BEGIN { asort(1) }\nawk:         ^\n", 2}),
		// IGNORECASE: regex matches, index, comparisons, sub and gsub,
		// gensub, match, split, FS and RS as regexes, not FS or RS of
		// one character
		{[]string{"awk", `BEGIN { IGNORECASE = 1; print ("ABC" ~ /b/), ("ABC" ~ "b"), index("ABC", "b"), match("xAbc", /b+/), RSTART, RLENGTH; print ("a" == "A"), ("a" < "B"), ("b" < "A"), IGNORECASE }`}, "", "1 1 2 3 3 1\n1 1 0 1\n", "", 0},
		{[]string{"awk", `BEGIN { IGNORECASE = "yes"; s = "xAyaz"; n = gsub(/a/, "-", s); t = "AbA"; sub("a", "_", t); print n, s, t, gensub(/a/, "<&>", "g", "AaA"); print split("1A2a3", p, "a"), split("1A2a3", q, /a/), split("1AA2aa3", r, "aa") }`}, "", "2 x-y-z _bA <A><a><A>\n2 3 3\n", "", 0},
		{[]string{"awk", "-v", "IGNORECASE=1", "-F", "xx", `{ print NF } /b/ { print "b" }`}, "aXXbxxc\n", "3\nb\n", "", 0},
		{[]string{"awk", "-v", "IGNORECASE=1", "-F", "x", `{ print NF }`}, "aXbxc\n", "2\n", "", 0},
		{[]string{"awk", "-v", "IGNORECASE=1", "-v", "RS=x+", `{ print NR ": " $0 }`}, "aXbxxcX", "1: a\n2: b\n3: c\n", "", 0},
		{[]string{"awk", "-v", "IGNORECASE=1", "-v", "RS=x", `{ print NR ": " $0 }`}, "aXbxcX", "1: aXb\n2: cX\n", "", 0},
		{[]string{"awk", `{ print ($0 ~ /ab/) } NR == 1 { IGNORECASE = 1 }`}, "AB\nAB\n", "0\n1\n", "", 0},
		// a /regex/ of one character is a regex to split at
		{[]string{"awk", `BEGIN { print split("a.b", r, /./), split("a.b", s, "."), split("a b", t, / /), split("aXb", u, /x/) }`}, "", "4 2 2 1\n", "", 0},
	}...)
	runGawkCases(t, cases)
}

// TestAwkLocale: awk counts characters in a UTF-8 locale and bytes in
// the C locale, as gawk does; each case runs against the host's gawk in
// its locale. (moonix's locale is UTF-8 when none is set: testdata/awk.t.)
func TestAwkLocale(t *testing.T) {
	t.Parallel()
	runLocaleCases(t, nil, "gawk", []localeCase{
		{"C.UTF-8", cmdCase{[]string{"awk", `BEGIN { s = "héllo wörld"; print length(s), substr(s, 2, 4), index(s, "l"), toupper(s), tolower("ÀÉÎ"), match(s, /l+/), RSTART, RLENGTH }`}, "", "11 éllo 3 HÉLLO WÖRLD àéî 3 3 2\n", "", 0}},
		{"C.UTF-8", cmdCase{[]string{"awk", `BEGIN { printf "[%c][%c][%c][%5s][%.2s][%-3c]\n", 233, 8364, "éa", "é", "ééé", "ü" }`}, "", "[é][€][é][    é][éé][ü  ]\n", "", 0}},
		{"C.UTF-8", cmdCase{[]string{"awk", `{ print length($0), length($2), substr($0, 3) }`}, "ça va\n", "5 2  va\n", "", 0}},
		{"C", cmdCase{[]string{"awk", `BEGIN { s = "héllo"; print length(s), substr(s, 2, 2), index(s, "l"), toupper(s) }`}, "", "6 \xc3\xa9 4 H\xc3\xa9LLO\n", "", 0}},
		{"C", cmdCase{[]string{"awk", `BEGIN { printf "[%c][%c]\n", 233, 256 }`}, "", "[\xe9][\x00]\n", "", 0}},
	})
}

// TestAwkForInOrder: for (k in a) visits the indexes in one order, the
// same on every run (GoAWK ranged over a Go map, whose order varies).
func TestAwkForInOrder(t *testing.T) {
	t.Parallel()
	prog := `BEGIN { for (i = 0; i < 50; i++) a["k" i] = i; for (k in a) printf "%s ", k; print "" }`
	fsys := testTree(t)
	first, _, _ := runFakeShell(t, fsys, &fakeShell{}, "", "awk", prog)
	if !strings.HasPrefix(first, "k0 k1 k10 k11 ") {
		t.Errorf("got %q, want the indexes in byte order", first)
	}
	for i := 0; i < 5; i++ {
		if out, _, _ := runFakeShell(t, fsys, &fakeShell{}, "", "awk", prog); out != first {
			t.Fatalf("run %d visited %q, the first %q", i+2, out, first)
		}
	}
}

// TestAwkSandbox proves that awk's ways out (system, pipes, redirections,
// getline from files) reach moonix's exec path and filesystem, never the
// host's.
func TestAwkSandbox(t *testing.T) {
	t.Parallel()
	hostPath := fmt.Sprintf("%s/moonix-awk-sandbox-%d", os.TempDir(), os.Getpid())
	os.Remove(hostPath)
	fsys := testTree(t)
	vfs.MkdirAll(fsys, os.TempDir(), 0o777)
	sh := &fakeShell{}
	prog := fmt.Sprintf(`BEGIN {
		system("echo hi")
		print "secret" > %q
		r = (getline line < "/etc/passwd")
		print "getline", r, line
		"echo piped" | getline p
		print p
		print "to pipe" | "cat"
	}`, hostPath)
	out, errs, st := runFakeShell(t, fsys, sh, "", "awk", prog)
	if st != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	if out != "hi\ngetline -1 \npiped\nto pipe\n" {
		t.Errorf("output %q", out)
	}
	if _, err := os.Stat(hostPath); !os.IsNotExist(err) {
		t.Errorf("awk wrote the host file %s (%v)", hostPath, err)
		os.Remove(hostPath)
	}
	if data, err := vfs.ReadFile(fsys, hostPath); err != nil || string(data) != "secret\n" {
		t.Errorf("vfs file: %q %v", data, err)
	}
	want := [][]string{{"sh", "-c", "echo hi"}, {"sh", "-c", "echo piped"}, {"sh", "-c", "cat"}}
	if fmt.Sprint(sh.calls) != fmt.Sprint(want) {
		t.Errorf("commands run: %q, want %q", sh.calls, want)
	}

	// getline reads the moonix /etc/passwd, not the host's.
	writeFile(t, fsys, "/etc/passwd", "root:x:0:0:moonix:/work:/bin/sh\n")
	out, _, _ = runFakeShell(t, fsys, sh, "", "awk", `BEGIN { while ((getline l < "/etc/passwd") > 0) print l }`)
	if out != "root:x:0:0:moonix:/work:/bin/sh\n" {
		t.Errorf("getline < /etc/passwd = %q", out)
	}
	// File operands come from the VFS too.
	out, _, _ = runFakeShell(t, fsys, sh, "", "awk", "-F:", "{ print $5 }", "/etc/passwd")
	if out != "moonix\n" {
		t.Errorf("awk /etc/passwd = %q", out)
	}
}

func TestAwkNoExec(t *testing.T) {
	t.Parallel()
	// Without an exec path, system() fails inside moonix instead of
	// falling back to anything else.
	fsys := testTree(t)
	var out, errb strings.Builder
	c := &builtins.Call{Args: []string{"awk", `BEGIN { print system("echo hi") }`}, Stdout: &out, Stderr: &errb, Dir: "/work", FS: fsys}
	st := builtins.Run(testRegistry.Lookup("awk"), c)
	if st != 0 || out.String() != "126\n" || errb.String() != "awk: cannot run sh\n" {
		t.Errorf("got %q %q %d", out.String(), errb.String(), st)
	}
}
