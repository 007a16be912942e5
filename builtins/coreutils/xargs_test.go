package coreutils

import (
	"sort"
	"strings"
	"testing"
)

func TestXargs(t *testing.T) {
	t.Parallel()
	for _, tc := range []cmdCase{
		{[]string{"xargs"}, "a b\n\"c d\" e\\ f\n", "a b c d e f\n", "", 0},
		{[]string{"xargs", "-n", "2"}, "a b c d e\n", "a b\nc d\ne\n", "", 0},
		{[]string{"xargs", "-n2", "echo", "x"}, "a b c\n", "x a b\nx c\n", "", 0},
		{[]string{"xargs", "-L", "1"}, "a b\nc\n\nd \ne\n", "a b\nc\nd e\n", "", 0},
		{[]string{"xargs", "-L", "2"}, "a\nb\nc\n", "a b\nc\n", "", 0},
		{[]string{"xargs", "-I", "{}", "echo", "[{}]"}, "  a b  \nc\n\n", "[a b  ]\n[c]\n", "", 0},
		{[]string{"xargs", "-I", "X", "echo", "X-X"}, "a\nb\n", "a-a\nb-b\n", "", 0},
		{[]string{"xargs", "-i", "echo", "[{}]"}, "a\n", "[a]\n", "", 0},
		{[]string{"xargs", "-0", "-n1", "echo", "["}, "a b\u0000c\u0000\u0000d", "[ a b\n[ c\n[ \n[ d\n", "", 0},
		{[]string{"xargs", "-d", ",", "-n1", "echo", "["}, "a,b,,c\n", "[ a\n[ b\n[ \n[ c\n\n", "", 0},
		{[]string{"xargs", "-d", "\\n", "-n1", "echo", "["}, "a b\nc\n", "[ a b\n[ c\n", "", 0},
		{[]string{"xargs", "-d", "\\x2c", "-n1"}, "a,b", "a\nb\n", "", 0},
		{[]string{"xargs", "-d", "\\054"}, "a,b", "a b\n", "", 0},
		{[]string{"xargs", "-r", "echo", "x"}, "", "", "", 0},
		{[]string{"xargs", "echo", "x"}, "", "x\n", "", 0},
		{[]string{"xargs", "-t", "echo"}, "a b\n", "a b\n", "echo a b\n", 0},
		{[]string{"xargs", "-t"}, "\"x y\" it's\n", "x y\n", "echo 'x y'\nxargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n", 1},
		{[]string{"xargs", "-E", "EOF"}, "a\nEOF\nb\n", "a\n", "", 0},
		// -e[EOF] is -E with the string glued on; -e alone, or -E '', sets none
		{[]string{"xargs", "-eEOF"}, "a b\nEOF\nc\n", "a b\n", "", 0},
		{[]string{"xargs", "-rteEOF", "echo"}, "a\nEOF\nc\n", "a\n", "echo a\n", 0},
		{[]string{"xargs", "--eof=EOF"}, "a\nx EOF y\nc\n", "a x\n", "", 0},
		{[]string{"xargs", "-E", "EOF", "-e", "echo"}, "a\nEOF\nc\n", "a EOF c\n", "", 0},
		{[]string{"xargs", "-E", "", "echo"}, "a\n\nc\n", "a c\n", "", 0},
		{[]string{"xargs", "-i{}", "echo", "<{}>"}, "a b\n", "<a b>\n", "", 0},
		{[]string{"xargs", "-iX", "echo", "<X>"}, "a b\n", "<a b>\n", "", 0},
		// any white space before an item is skipped (with -I, before the
		// line), but only blanks end one
		{[]string{"xargs", "-I{}", "echo", "[{}]"}, "\v a\vb \v\n\f\r x\n", "[a\vb \v]\n[x]\n", "", 0},
		{[]string{"xargs", "-n1"}, "\v a\vb \v\n\f\r\n c\fd \n", "a\vb\nc\fd\n", "", 0},
		{[]string{"xargs"}, "a\n\"b\n", "a\n", "xargs: unmatched double quote; by default quotes are special to xargs unless you use the -0 option\n", 1},
		{[]string{"xargs"}, "a 'b\n", "a\n", "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n", 1},
		{[]string{"xargs", "-n", "0"}, "a", "", "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n", 1},
		{[]string{"xargs", "-n", "x"}, "a", "", "xargs: invalid number \"x\" for -n option\nTry 'xargs --help' for more information.\n", 1},
		{[]string{"xargs", "-P", "x"}, "a", "", "xargs: invalid number \"x\" for -P option\nTry 'xargs --help' for more information.\n", 1},
		{[]string{"xargs", "-P", "-1"}, "a", "", "xargs: value -1 for -P option should be >= 0\nTry 'xargs --help' for more information.\n", 1},
		{[]string{"xargs", "-L", "0"}, "a", "", "xargs: value 0 for -L option should be >= 1\nTry 'xargs --help' for more information.\n", 1},
		{[]string{"xargs", "-s", "20"}, "aaaa bbbb cccc dddd eeee\n", "aaaa bbbb cccc\ndddd eeee\n", "", 0},
		{[]string{"xargs", "-x", "-s", "10000"}, "a\n", "a\n", "", 0},
		{[]string{"xargs", "--no-run-if-empty", "echo", "x"}, "\n\n", "", "", 0},
		{[]string{"xargs", "-n1", "sh", "-c", "exit 3"}, "a\nb\n", "", "", 123},
		{[]string{"xargs", "-n1", "sh", "-c", "exit 255"}, "a\nb\n", "", "xargs: sh: exited with status 255; aborting\n", 124},
		{[]string{"xargs", "false"}, "a\n", "", "", 123},
		{[]string{"xargs", "-L", "1", "-n", "1"}, "a b\nc\n", "a\nb\nc\n", "xargs: warning: options --max-lines and --max-args/-n are mutually exclusive, ignoring previous --max-lines value\n", 0},
		{[]string{"xargs", "-n", "1", "-I", "{}", "echo", "{}", "x"}, "a\nb\n", "a x\nb x\n", "xargs: warning: options --max-args and --replace/-I/-i are mutually exclusive, ignoring previous --max-args value\n", 0},
		{[]string{"xargs", "-t", "-0", "echo"}, "a'b\x00a b\x00it's $x\x00{}\x00{\x00#c\x00d#\x00t\tab\x00é\x00", "a'b a b it's $x {} { #c d# t\tab é\n", "echo \"a'b\" 'a b' 'it'\\''s $x' {} '{' '#c' d# 't'$'\\t''ab' ''$'\\303\\251'\n", 0},
		{[]string{"xargs", "-n1"}, "a\x00b c\n", "a\nc\n", "xargs: WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?\n", 0},
		differs("moonix's exec path says 'command not found', as the shell does", cmdCase{[]string{"xargs", "nosuch"}, "a\n", "", "nosuch: command not found\n", 127}),
		differs("a command's own status 126 or 127 reads as the exec path's 'cannot run' or 'not found'", cmdCase{[]string{"xargs", "-n1", "sh", "-c", "exit 126"}, "a\nb\n", "", "", 126}),
		{[]string{"xargs", "-a", "list", "echo"}, "", "from file\n", "", 0},
		{[]string{"xargs", "-a", "nope"}, "", "", "xargs: Cannot open input file 'nope': No such file or directory\n", 1},
		{[]string{"xargs", "-s", "8"}, "abcdefgh\n", "", "xargs: argument line too long\n", 1},
		{[]string{"xargs", "-d", "ab"}, "a", "", "xargs: Invalid input delimiter specification ab: the delimiter must be either a single character or an escape sequence starting with \\.\n", 1},
		{[]string{"xargs", "-z"}, "", "", "xargs: invalid option -- 'z'\nTry 'xargs --help' for more information.\n", 1},
	} {
		t.Run(strings.Join(tc.Args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := testTree(t)
			writeFile(t, fsys, "/work/list", "from\nfile\n")
			confirm(t, fsys, tc)
			out, errs, st := runFakeShell(t, fsys, &fakeShell{}, tc.Stdin, tc.Args...)
			tc.check(t, out, errs, st)
		})
	}
}

func TestXargsRunsThroughExec(t *testing.T) {
	t.Parallel()
	sh := &fakeShell{}
	out, _, st := runFakeShell(t, testTree(t), sh, "a b\nc\n", "xargs", "-n", "2", "echo", "-x")
	if st != 0 || out != "-x a b\n-x c\n" {
		t.Fatalf("got %q %d", out, st)
	}
	want := [][]string{{"echo", "-x", "a", "b"}, {"echo", "-x", "c"}}
	if len(sh.calls) != 2 || strings.Join(sh.calls[0], " ") != strings.Join(want[0], " ") || strings.Join(sh.calls[1], " ") != strings.Join(want[1], " ") {
		t.Errorf("calls %q", sh.calls)
	}
}

func TestXargsParallel(t *testing.T) {
	t.Parallel()
	var in strings.Builder
	for i := 0; i < 50; i++ {
		in.WriteString(strings.Repeat("w", i%5+1) + "\n")
	}
	sh := &fakeShell{}
	out, errs, st := runFakeShell(t, testTree(t), sh, in.String(), "xargs", "-P", "4", "-n", "3", "echo")
	if st != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	// Each command's output arrives whole, in some order.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 17 || len(sh.calls) != 17 {
		t.Fatalf("%d lines, %d calls: %q", len(lines), len(sh.calls), out)
	}
	var words []string
	for _, l := range lines {
		words = append(words, strings.Fields(l)...)
	}
	sort.Strings(words)
	want := strings.Fields(in.String())
	sort.Strings(want)
	if strings.Join(words, " ") != strings.Join(want, " ") {
		t.Errorf("words differ: %q", words)
	}
	// A failure still gives 123 with -P.
	_, _, st = runFakeShell(t, testTree(t), &fakeShell{}, "a\nb\nc\n", "xargs", "-P", "0", "-n", "1", "false")
	if st != 123 {
		t.Errorf("status %d, want 123", st)
	}
}
