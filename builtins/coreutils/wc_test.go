package coreutils

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

func TestWc(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"/work/words": "hello world\nfoo\tbar  baz\n",
		"/work/odd":   "\x01 a\xffb\r\nlong line here\f12\vx\n",
		"/work/abc":   "a\nb\nc",
		"/work/dir/f": "x\n",
	}
	runCasesFresh(t, files, []cmdCase{
		{[]string{"wc", "words"}, "", " 2  5 25 words\n", "", 0},
		{[]string{"wc", "-l", "words"}, "", "2 words\n", "", 0},
		{[]string{"wc", "-w", "words"}, "", "5 words\n", "", 0},
		{[]string{"wc", "-c", "words"}, "", "25 words\n", "", 0},
		{[]string{"wc", "-m", "words"}, "", "25 words\n", "", 0},
		{[]string{"wc", "-L", "words"}, "", "16 words\n", "", 0},
		{[]string{"wc", "-lwcmL", "odd"}, "", " 2  6 27 27 14 odd\n", "", 0},
		{[]string{"wc", "words", "odd", "abc"}, "", " 2  5 25 words\n 2  6 27 odd\n 2  3  5 abc\n 6 14 57 total\n", "", 0},
		{[]string{"wc", "-l", "words", "abc"}, "", " 2 words\n 2 abc\n 4 total\n", "", 0},
		{[]string{"wc", "-L", "words", "odd"}, "", "16 words\n14 odd\n16 total\n", "", 0},
		{[]string{"wc", "nope", "words"}, "", " 2  5 25 words\n 2  5 25 total\n", "wc: nope: No such file or directory\n", 1},
		{[]string{"wc", "dir"}, "", "      0       0       0 dir\n", "wc: dir: Is a directory\n", 1},
		{[]string{"wc", "dir", "words"}, "", "      0       0       0 dir\n      2       5      25 words\n      2       5      25 total\n", "wc: dir: Is a directory\n", 1},
		{[]string{"wc", "-l", "nope"}, "", "", "wc: nope: No such file or directory\n", 1},
		{[]string{"wc"}, "a b\nc\n", "      2       3       6\n", "", 0},
		{[]string{"wc", "-l"}, "a b\nc\n", "2\n", "", 0},
		{[]string{"wc", "-", "words"}, "a b\nc\n", "      2       3       6 -\n      2       5      25 words\n      4       8      31 total\n", "", 0},
		differs("--total is coreutils 9.2's; Debian 12 has 9.1", cmdCase{[]string{"wc", "--total=never", "words", "abc"}, "", " 2  5 25 words\n 2  3  5 abc\n", "", 0}),
		differs("--total is coreutils 9.2's; Debian 12 has 9.1", cmdCase{[]string{"wc", "--total=always", "words"}, "", " 2  5 25 words\n 2  5 25 total\n", "", 0}),
		differs("--total is coreutils 9.2's; Debian 12 has 9.1", cmdCase{[]string{"wc", "--total=only", "words", "abc"}, "", "4 8 30\n", "", 0}),
		differs("--total is coreutils 9.2's; Debian 12 has 9.1", cmdCase{[]string{"wc", "--total=only", "-l", "words", "abc"}, "", "4\n", "", 0}),
		differs("--total is coreutils 9.2's; Debian 12 has 9.1", cmdCase{[]string{"wc", "--total=bad", "words"}, "", "", "wc: invalid argument 'bad' for '--total'\n", 2}),
		{[]string{"wc", "-x"}, "", "", "wc: invalid option -- 'x'\nTry 'wc --help' for more information.\n", 1},
	})
}

// TestWcEdges covers the counting paths (lines alone, lines and words, and
// the whole walk for -L) on the inputs where they could part: no final
// newline, empty input, NUL and invalid bytes, multi-byte characters, and
// a word and a line longer than the read buffer.
func TestWcEdges(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 300_000)
	var cases []cmdCase
	for _, in := range []string{
		"",
		"\n",
		"no newline",
		"a\x00b c\x00\n\x00\n",
		"caf\xc3\xa9 na\xefve \xff\xfe x\n\x80\n",
		"\t \v\f\r\n  \n",
		long + " " + long + "\n" + long,
		strings.Repeat("ab cd\n", 100_000),
	} {
		for _, flags := range []string{"-l", "-c", "-lc", "-w", "-lw", "-L", "-lwcmL"} {
			l, w, b, maxLine := wcNaive(in)
			var parts []string
			for _, f := range flags[1:] {
				parts = append(parts, map[rune]string{'l': l, 'w': w, 'c': b, 'm': b, 'L': maxLine}[f])
			}
			width := 1
			if len(parts) > 1 {
				width = 7
			}
			var out strings.Builder
			for i, p := range parts {
				if i > 0 {
					out.WriteByte(' ')
				}
				fmt.Fprintf(&out, "%*s", width, p)
			}
			cases = append(cases, cmdCase{[]string{"wc", flags}, in, out.String() + "\n", "", 0})
		}
	}
	runCases(t, testTree(t), cases)
}

// wcNaive counts as GNU wc does in the C locale, the slow and obvious way.
func wcNaive(s string) (lines, words, bytes, maxLine string) {
	var l, w, pos, max int
	in := false
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '\n' || ch == '\r' || ch == '\f':
			if ch == '\n' {
				l++
			}
			max, pos, in = maxInt(max, pos), 0, false
		case ch == '\t':
			pos, in = pos+8-pos%8, false
		case ch == ' ' || ch == '\v':
			if ch == ' ' {
				pos++
			}
			in = false
		case ch > ' ' && ch < 0x7f:
			pos++
			if !in {
				w++
				in = true
			}
		}
	}
	max = maxInt(max, pos)
	return fmt.Sprint(l), fmt.Sprint(w), fmt.Sprint(len(s)), fmt.Sprint(max)
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func TestWcStdinRedirect(t *testing.T) {
	t.Parallel()
	// A file given as standard input (a redirection) counts as a regular
	// file for the column width, as in GNU.
	fsys := testTree(t)
	writeFile(t, fsys, "/work/f", "a b\nc\n")
	f, err := fsys.OpenFile("/work/f", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	c := &builtins.Call{Args: []string{"wc"}, Stdin: f, Stdout: &out, Dir: "/work", FS: fsys}
	if st := builtins.Run(testRegistry.Lookup("wc"), c); st != 0 || out.String() != "2 3 6\n" {
		t.Errorf("got %q %d", out.String(), st)
	}
}
