package coreutils

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// grepFixture builds the files the grep tests search.
func grepFixture(t *testing.T) vfs.FS {
	t.Helper()
	return setupFiles(t, map[string]string{
		"a.txt":     "foo\nbar\nFoo bar\nbaz foo_x\n",
		"b.txt":     "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n",
		"d/x.c":     "int foo;\n",
		"d/y.h":     "foo\n",
		"d/sub/z.c": "foofoo\n",
		"d/.hidden": "foo\n",
		"bin":       "a\x00foo\n",
		"pats":      "bar\nbaz\n",
		"noeol":     "foo",
		"z":         "a\x00foo\x00b\x00",
		"d/link":    "->x.c",
		"d/sublink": "->sub",
	})
}

// Expectations are GNU grep 3.8's, except: directories are walked in
// sorted order, and usage messages use moonix's wording.
func TestGrep(t *testing.T) {
	t.Parallel()
	fsys := grepFixture(t)
	runCases(t, fsys, []cmdCase{
		{[]string{`grep`, `foo`, `a.txt`}, "", "foo\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-i`, `foo`, `a.txt`}, "", "foo\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-y`, `FOO`, `a.txt`}, "", "foo\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-v`, `foo`, `a.txt`}, "", "bar\nFoo bar\n", "", 0},
		{[]string{`grep`, `-n`, `o`, `a.txt`}, "", "1:foo\n3:Foo bar\n4:baz foo_x\n", "", 0},
		{[]string{`grep`, `-c`, `foo`, `a.txt`, `b.txt`}, "", "a.txt:2\nb.txt:0\n", "", 0},
		{[]string{`grep`, `-l`, `foo`, `a.txt`, `b.txt`, `noeol`}, "", "a.txt\nnoeol\n", "", 0},
		{[]string{`grep`, `-L`, `foo`, `a.txt`, `b.txt`}, "", "b.txt\n", "", 0},
		{[]string{`grep`, `-o`, `o\+`, `a.txt`}, "", "oo\noo\noo\n", "", 0},
		{[]string{`grep`, `-on`, `-b`, `o`, `a.txt`}, "", "1:1:o\n1:2:o\n3:9:o\n3:10:o\n4:21:o\n4:22:o\n", "", 0},
		{[]string{`grep`, `-q`, `foo`, `a.txt`}, "", "", "", 0},
		{[]string{`grep`, `-q`, `zzz`, `a.txt`}, "", "", "", 1},
		{[]string{`grep`, `-w`, `foo`, `a.txt`}, "", "foo\n", "", 0},
		{[]string{`grep`, `-x`, `foo`, `a.txt`}, "", "foo\n", "", 0},
		{[]string{`grep`, `-E`, `fo+|ba[rz]`, `a.txt`}, "", "foo\nbar\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-F`, `o.`, `a.txt`}, "", "", "", 1},
		{[]string{`grep`, `-F`, `-x`, `foo`, `a.txt`}, "", "foo\n", "", 0},
		{[]string{`grep`, `-G`, `ba\(r\|z\)`, `a.txt`}, "", "bar\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-e`, `bar`, `-e`, `one`, `a.txt`, `b.txt`}, "", "a.txt:bar\na.txt:Foo bar\nb.txt:one\n", "", 0},
		{[]string{`grep`, `-f`, `pats`, `a.txt`}, "", "bar\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-h`, `foo`, `a.txt`, `d/y.h`}, "", "foo\nbaz foo_x\nfoo\n", "", 0},
		{[]string{`grep`, `-H`, `foo`, `a.txt`}, "", "a.txt:foo\na.txt:baz foo_x\n", "", 0},
		{[]string{`grep`, `-m`, `1`, `foo`, `a.txt`}, "", "foo\n", "", 0},
		{[]string{`grep`, `-m1`, `-c`, `o`, `a.txt`}, "", "1\n", "", 0},
		{[]string{`grep`, `-A`, `1`, `two`, `b.txt`}, "", "two\nthree\n", "", 0},
		{[]string{`grep`, `-B`, `2`, `five`, `b.txt`}, "", "three\nfour\nfive\n", "", 0},
		{[]string{`grep`, `-C`, `1`, `-n`, `-e`, `three`, `-e`, `seven`, `b.txt`}, "", "2-two\n3:three\n4-four\n--\n6-six\n7:seven\n8-eight\n", "", 0},
		{[]string{`grep`, `-2`, `six`, `b.txt`}, "", "four\nfive\nsix\nseven\neight\n", "", 0},
		{[]string{`grep`, `-A1`, `-e`, `one`, `-e`, `two`, `b.txt`}, "", "one\ntwo\nthree\n", "", 0},
		{[]string{`grep`, `-A1`, `-m2`, `e`, `b.txt`}, "", "one\ntwo\nthree\nfour\n", "", 0},
		{[]string{`grep`, `-B1`, `-n`, `t`, `b.txt`}, "", "1-one\n2:two\n3:three\n--\n7-seven\n8:eight\n9-nine\n10:ten\n", "", 0},
		{[]string{`grep`, `-A1`, `foo`, `a.txt`, `d/y.h`}, "", "a.txt:foo\na.txt-bar\n--\na.txt:baz foo_x\n--\nd/y.h:foo\n", "", 0},
		{[]string{`grep`, `-r`, `foo`, `d`}, "", "d/.hidden:foo\nd/sub/z.c:foofoo\nd/x.c:int foo;\nd/y.h:foo\n", "", 0},
		{[]string{`grep`, `-R`, `foo`, `d`}, "", "d/.hidden:foo\nd/link:int foo;\nd/sub/z.c:foofoo\nd/sublink/z.c:foofoo\nd/x.c:int foo;\nd/y.h:foo\n", "", 0},
		{[]string{`grep`, `-r`, `foo`, `d/`}, "", "d/.hidden:foo\nd/sub/z.c:foofoo\nd/x.c:int foo;\nd/y.h:foo\n", "", 0},
		{[]string{`grep`, `-rl`, `foo`, `d`}, "", "d/.hidden\nd/sub/z.c\nd/x.c\nd/y.h\n", "", 0},
		{[]string{`grep`, `-rc`, `foo`, `d`}, "", "d/.hidden:1\nd/sub/z.c:1\nd/x.c:1\nd/y.h:1\n", "", 0},
		{[]string{`grep`, `-r`, `--include=*.c`, `foo`, `d`}, "", "d/sub/z.c:foofoo\nd/x.c:int foo;\n", "", 0},
		{[]string{`grep`, `-r`, `--exclude=*.c`, `foo`, `d`}, "", "d/.hidden:foo\nd/y.h:foo\n", "", 0},
		{[]string{`grep`, `-r`, `--exclude-dir=sub`, `foo`, `d`}, "", "d/.hidden:foo\nd/x.c:int foo;\nd/y.h:foo\n", "", 0},
		{[]string{`grep`, `-rh`, `foo`, `d`}, "", "foo\nfoofoo\nint foo;\nfoo\n", "", 0},
		{[]string{`grep`, `foo`, `d`}, "", "", "grep: d: Is a directory\n", 2},
		{[]string{`grep`, `-s`, `foo`, `d`, `nope`}, "", "", "", 2},
		{[]string{`grep`, `foo`, `nope`, `a.txt`}, "", "a.txt:foo\na.txt:baz foo_x\n", "grep: nope: No such file or directory\n", 2},
		{[]string{`grep`, `-q`, `foo`, `nope`, `a.txt`}, "", "", "grep: nope: No such file or directory\n", 0},
		{[]string{`grep`, `foo`, `bin`}, "", "", "grep: bin: binary file matches\n", 0},
		{[]string{`grep`, `-c`, `foo`, `bin`}, "", "1\n", "", 0},
		{[]string{`grep`, `-a`, `foo`, `bin`}, "", "a\x00foo\n", "", 0},
		{[]string{`grep`, `-I`, `foo`, `bin`, `a.txt`}, "", "a.txt:foo\na.txt:baz foo_x\n", "", 0},
		{[]string{`grep`, `--binary-files=without-match`, `foo`, `bin`}, "", "", "", 1},
		{[]string{`grep`, `foo`, `noeol`}, "", "foo\n", "", 0},
		{[]string{`grep`, `-z`, `foo`, `z`}, "", "foo\x00", "", 0},
		{[]string{`grep`, `-zc`, `.`, `z`}, "", "3\n", "", 0},
		{[]string{`grep`, `-lZ`, `foo`, `a.txt`}, "", "a.txt\x00", "", 0},
		{[]string{`grep`, `-c`, `x`}, "x\ny\nx\n", "2\n", "", 0},
		{[]string{`grep`, `-H`, `x`}, "x\n", "(standard input):x\n", "", 0},
		{[]string{`grep`, `--label=in`, `-H`, `x`}, "x\n", "in:x\n", "", 0},
		{[]string{`grep`, `x`, `-`, `a.txt`}, "x\n", "(standard input):x\na.txt:baz foo_x\n", "", 0},
		{[]string{`grep`, `\(`}, "", "", "grep: Unmatched ( or \\(\n", 2},
		{[]string{`grep`, `-E`, `a{1`}, "a{1\n", "a{1\n", "", 0},
		{[]string{`grep`}, "", "", "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", 2},
		{[]string{`grep`, `-A`, `x`, `foo`}, "", "", "grep: x: invalid context length argument\n", 2},
		{[]string{`grep`, `-m`, `x`, `foo`}, "", "", "grep: invalid max count\n", 2},
		{[]string{`grep`, `--bogus`, `foo`}, "", "", "grep: unrecognized option '--bogus'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", 2},
		{[]string{`grep`, `-f`, `nope`, `a.txt`}, "", "", "grep: nope: No such file or directory\n", 2},
		{[]string{`grep`, `-v`, `-c`, `o`, `a.txt`}, "", "1\n", "", 0},
		{[]string{`grep`, `-o`, `-v`, `zzz`, `a.txt`}, "", "", "", 0},
		{[]string{`grep`, `-e`, "", `a.txt`}, "", "foo\nbar\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-f`, `/dev/null`, `a.txt`}, "", "", "", 1},
		{[]string{`grep`, `-w`, `fo*`, `a.txt`}, "", "foo\n", "", 0},
		{[]string{`grep`, `-ow`, `foo`, `a.txt`}, "", "foo\n", "", 0},
		{[]string{`grep`, `--color=never`, `foo`, `a.txt`}, "", "foo\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `--color`, `foo`, `a.txt`}, "", "foo\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-E`, `-F`, `a.b`}, "a.b\naxb\n", "", "grep: conflicting matchers specified\n", 2},
		{[]string{`grep`, `-F`, `-E`, `a.b`}, "a.b\naxb\n", "", "grep: conflicting matchers specified\n", 2},
		{[]string{`grep`, `-F`, `-e`, `foo`, `-e`, `bar`, `a.txt`}, "", "foo\nbar\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-Fi`, `FOO`, `a.txt`}, "", "foo\nFoo bar\nbaz foo_x\n", "", 0},
		{[]string{`grep`, `-Fw`, `foo`, `a.txt`}, "", "foo\n", "", 0},
		{[]string{`grep`, `-e`, `-x`, `a.txt`}, "", "", "", 1},
		{[]string{`grep`, `--`, `-x`}, "a-x\n", "a-x\n", "", 0},
		{[]string{`grep`, `-P`, `\d+`}, "a12\nb\n", "a12\n", "", 0},
		{[]string{`grep`, `-oP`, `o+`}, "foo\n", "oo\n", "", 0},
		{[]string{`grep`, `-c`, ""}, "a\n\nb\n", "3\n", "", 0},
		{[]string{`grep`, `-n`, `^$`}, "a\n\nb\n", "2:\n", "", 0},
		{[]string{`grep`, `\(a\)\1`}, "aa\nab\n", "aa\n", "", 0},
		{[]string{`grep`, `-E`, `(ab)\1`}, "abab\nab\n", "abab\n", "", 0},
		{[]string{`grep`, `-iw`, `FOO`}, "foo bar\nfoobar\n", "foo bar\n", "", 0},
		{[]string{`grep`, `-x`, `-E`, `a|b`}, "a\nab\nb\n", "a\nb\n", "", 0},
		{[]string{`grep`, `-A0`, `a`}, "a\nb\na\n", "a\n--\na\n", "", 0},
		{[]string{`grep`, `-m0`, `a`}, "a\n", "", "", 1},
		{[]string{`grep`, `-c`, `-m`, `2`, `a`}, "a\na\na\n", "2\n", "", 0},
		{[]string{`grep`, `-o`, `b*`}, "abbc\n", "bb\n", "", 0},
		{[]string{`grep`, `-n`, `-e`, `a`, `--`, `-`}, "a\n", "1:a\n", "", 0},
		{[]string{`grep`, `-r`, `foo`}, "", "a.txt:foo\na.txt:baz foo_x\nd/.hidden:foo\nd/sub/z.c:foofoo\nd/x.c:int foo;\nd/y.h:foo\nnoeol:foo\n", "grep: bin: binary file matches\ngrep: z: binary file matches\n", 0},
		{[]string{`grep`, `-rn`, `--include=*.h`, `foo`}, "", "d/y.h:1:foo\n", "", 0},
		{[]string{`egrep`, `o+|x`}, "foo\nbar\n", "foo\n", "", 0},
		{[]string{`fgrep`, `o+`}, "foo\no+\n", "o+\n", "", 0},
		differs("-P is Go's RE2 syntax: no look-around", cmdCase{[]string{`grep`, `-P`, `a(?=b)`}, "ab\n", "", "grep: invalid or unsupported Perl syntax: `(?=` (-P uses Go's RE2 syntax: no look-around or back-references)\n", 2}),
		{[]string{`grep`, `-cZ`, `foo`, `a.txt`, `b.txt`}, "", "a.txt\x002\nb.txt\x000\n", "", 0},
		{[]string{`grep`, `-Lr`, `foo`, `d`}, "", "", "", 0},
		{[]string{`grep`, `-n`, `-A1`, `-B1`, `-m1`, `three`, `b.txt`}, "", "2-two\n3:three\n4-four\n", "", 0},
		{[]string{`grep`, `-C1`, `-c`, `t`, `b.txt`}, "", "4\n", "", 0},
		{[]string{`grep`, `-x`, `-e`, `one`, `-e`, `t.*`, `b.txt`}, "", "one\ntwo\nthree\nten\n", "", 0},
		{[]string{`grep`, `-v`, `-n`, `e`, `b.txt`}, "", "2:two\n4:four\n6:six\n", "", 0},
		{[]string{`grep`, `-l`, `-v`, `foo`, `a.txt`, `d/y.h`}, "", "a.txt\n", "", 0},
		{[]string{`grep`, `-hn`, `o`, `a.txt`, `d/y.h`}, "", "1:foo\n3:Foo bar\n4:baz foo_x\n1:foo\n", "", 0},
		{[]string{`grep`, `-i`, `-o`, `F[O]*`, `a.txt`}, "", "foo\nFoo\nfoo\n", "", 0},
		{[]string{`grep`, `-E`, `-w`, `-o`, `[a-z]+`, `a.txt`}, "", "foo\nbar\nbar\nbaz\n", "", 0},
		{[]string{`grep`, `-e`, `foo`, `-f`, `pats`, `-c`, `a.txt`}, "", "4\n", "", 0},
		{[]string{`grep`, `-r`, `zzz`}, "", "", "", 1},
	})
}

func TestGrepSymlinkLoop(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/d/f", "foo\n")
	if err := fsys.Symlink("..", "/work/d/up"); err != nil {
		t.Fatal(err)
	}
	out, errs, status := runCmd(t, fsys, "", "grep", "-R", "foo", "d")
	if out != "d/f:foo\n" || errs != "grep: d/up/d: warning: recursive directory loop\n" || status != 0 {
		t.Errorf("got (%q, %q, %d)", out, errs, status)
	}
	out, errs, status = runCmd(t, fsys, "", "grep", "-r", "foo", "d")
	if out != "d/f:foo\n" || errs != "" || status != 0 {
		t.Errorf("-r: got (%q, %q, %d)", out, errs, status)
	}
}

func TestGrepArgs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in       []string
		out      string
		mode     string
		conflict bool
	}{
		{[]string{"grep", "-3", "x"}, "grep --context=3 x", "G", false},
		{[]string{"grep", "-e", "-3", "x"}, "grep -e -3 x", "G", false},
		{[]string{"grep", "-ie", "-E", "x"}, "grep -ie -E x", "G", false},
		{[]string{"grep", "-iE", "x", "--", "-F"}, "grep -iE x -- -F", "E", false},
		{[]string{"grep", "--regexp", "-P", "-F", "x"}, "grep --regexp -P -F x", "F", false},
		{[]string{"grep", "-E", "-G", "x"}, "grep -E -G x", "G", true},
		{[]string{"grep", "-E", "--extended-regexp", "x"}, "grep -E --extended-regexp x", "E", false},
	} {
		out, mode, conflict := grepArgs(tc.in, "")
		if got := strings.Join(out, " "); got != tc.out || mode != tc.mode || conflict != tc.conflict {
			t.Errorf("%q: got (%q, %q, %v), want (%q, %q, %v)", tc.in, got, mode, conflict, tc.out, tc.mode, tc.conflict)
		}
	}
}

// TestGrepSkip covers the search that skips the lines without the
// pattern's literal in bulk: line numbers and byte offsets across the
// skipped lines and the read buffer's edges, the last line without a
// newline, lines longer than the buffer, NUL bytes in skipped lines,
// invalid and multi-byte UTF-8, anchors after the literal's start, -z.
func TestGrepSkip(t *testing.T) {
	t.Parallel()
	var text strings.Builder
	var wantN, wantB []string
	off := 0
	for i := 1; i <= 30000; i++ {
		line := fmt.Sprintf("line %d caf\xc3\xa9 \xff", i)
		if i%997 == 0 || i == 30000 {
			line += " needle"
		}
		if i == 20000 {
			line = strings.Repeat("long ", 30000) + "needle"
		}
		if strings.Contains(line, "needle") {
			wantN = append(wantN, fmt.Sprintf("%d:%s\n", i, line))
			wantB = append(wantB, fmt.Sprintf("%d:%s\n", off, line))
		}
		text.WriteString(line)
		off += len(line) + 1
		if i < 30000 {
			text.WriteString("\n")
		}
	}
	in := text.String()
	withNUL := strings.Replace(in, "line 5 ", "line\x005 ", 1)
	runDataCases(t, map[string]string{"t": in, "nul": withNUL}, []dataCase{
		{args: "grep -n needle t", out: strings.Join(wantN, "")},
		{args: "grep -b needle t", out: strings.Join(wantB, "")},
		{args: "grep -c needle t", out: fmt.Sprintf("%d\n", len(wantN))},
		{args: "grep -c e$ t", out: fmt.Sprintf("%d\n", len(wantN))},
		{args: "grep -c ^line.29.*needle t", out: "2\n"},
		{args: "grep -n -m 2 -o needle t", out: "997:needle\n1994:needle\n"},
		{argv: []string{"grep", "-c", "caf\xc3\xa9 \xff needle", "t"}, out: fmt.Sprintf("%d\n", len(wantN)-1)},
		{args: "grep needle nul", out: "", err: "grep: nul: binary file matches\n"},
		{args: "grep -c needle nul", out: fmt.Sprintf("%d\n", len(wantN))},
		{args: "grep -a -c needle nul", out: fmt.Sprintf("%d\n", len(wantN))},
		{args: "grep -n nomatch t", status: 1},
		{args: "grep -z -c needle t", out: "1\n"},
		{args: "grep needle", stdin: "a\nb needle", out: "b needle\n"},
		{args: "grep needle", stdin: "", status: 1},
	})
}

// TestGrepInvalidUTF8: in a UTF-8 locale a byte that is not part of a
// character matches only itself, not . nor [^x], and a line to print that
// holds one makes grep say the file is binary; in the C locale every byte
// is a character. Each case runs against GNU grep and sed in its locale.
func TestGrepInvalidUTF8(t *testing.T) {
	t.Parallel()
	files := map[string]string{"/work/bad": "a\xffb\n\xfe\nc\xc3\xa9d\nplain\n", "/work/fffd": "\xef\xbf\xbd\n"}
	var cases []localeCase
	for _, loc := range []string{"C.UTF-8", "C"} {
		utf8 := loc == "C.UTF-8"
		cases = append(cases, []localeCase{
			{loc, cmdCase{[]string{"grep", "-c", "\xff", "bad"}, "", "1\n", "", 0}},
			{loc, cmdCase{[]string{"grep", "-c", "\xff", "fffd"}, "", "0\n", "", 1}},
			{loc, cmdCase{[]string{"grep", "-c", "a.b", "bad"}, "", either(utf8, "0\n", "1\n"), "", either(utf8, 1, 0)}},
			{loc, cmdCase{[]string{"grep", "-c", "a[^x]b", "bad"}, "", either(utf8, "0\n", "1\n"), "", either(utf8, 1, 0)}},
			{loc, cmdCase{[]string{"grep", "-c", "^c.d$", "bad"}, "", either(utf8, "1\n", "0\n"), "", either(utf8, 0, 1)}},
			{loc, cmdCase{[]string{"grep", "-c", "^c..d$", "bad"}, "", either(utf8, "0\n", "1\n"), "", either(utf8, 1, 0)}},
			{loc, cmdCase{[]string{"grep", "-c", "-E", "^.$", "bad"}, "", either(utf8, "0\n", "1\n"), "", either(utf8, 1, 0)}},
			// a byte of the pattern matches inside a character too, as GNU's
			{loc, cmdCase{[]string{"grep", "-c", "c\xc3", "bad"}, "", "1\n", "", 0}},
			{loc, cmdCase{[]string{"grep", "-c", "\xa9d$", "bad"}, "", "1\n", "", 0}},
			{loc, cmdCase{[]string{"grep", "-c", "c\xc3.", "bad"}, "", either(utf8, "0\n", "1\n"), "", either(utf8, 1, 0)}},
			{loc, cmdCase{[]string{"sed", "-n", "s/\xc3/X/p", "bad"}, "", "cX\xa9d\n", "", 0}},
			{loc, cmdCase{[]string{"grep", "-n", "l", "bad"}, "", "4:plain\n", "", 0}},
			{loc, cmdCase{[]string{"grep", "b", "bad"}, "", either(utf8, "", "a\xffb\n"), either(utf8, "grep: bad: binary file matches\n", ""), 0}},
			{loc, cmdCase{[]string{"grep", "-o", "b", "bad"}, "", "b\n", "", 0}},
			{loc, cmdCase{[]string{"grep", "-a", "\xfe", "bad"}, "", "\xfe\n", "", 0}},
			{loc, cmdCase{[]string{"grep", "-n", "-e", "plain", "-e", "^c", "bad"}, "", "3:c\xc3\xa9d\n4:plain\n", "", 0}},
			{loc, cmdCase{[]string{"sed", "s/./<&>/g", "bad"}, "", either(utf8, "<a>\xff<b>\n\xfe\n<c><\xc3\xa9><d>\n<p><l><a><i><n>\n", "<a><\xff><b>\n<\xfe>\n<c><\xc3><\xa9><d>\n<p><l><a><i><n>\n"), "", 0}},
			{loc, cmdCase{[]string{"sed", "-n", "s/\xff/!/p", "bad"}, "", "a!b\n", "", 0}},
			{loc, cmdCase{[]string{"sed", "-n", "/^[^a]$/p", "bad"}, "", either(utf8, "", "\xfe\n"), "", 0}},
			// sed's \xHH names a byte: \xc3\xa9 is é, \xff a byte alone
			{loc, cmdCase{[]string{"sed", "s/\\xff/!/; s/\\xc3\\xa9/E/; s/p/\\xe2\\x82\\xac/", "bad"}, "", "a!b\n\xfe\ncEd\n\xe2\x82\xaclain\n", "", 0}},
		}...)
	}
	cases = append(cases, localeCase{"C.UTF-8", cmdCase{[]string{"grep", "-i", "HÉLLO"}, "héllo wörld\n", "héllo wörld\n", "", 0}})
	runLocaleCases(t, files, "", cases)
}

// either is a in a UTF-8 locale (inUTF8), b in the C locale.
func either[T any](inUTF8 bool, a, b T) T {
	if inUTF8 {
		return a
	}
	return b
}
