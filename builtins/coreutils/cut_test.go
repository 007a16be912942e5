package coreutils

import (
	"strings"
	"testing"
)

// Expectations are GNU cut 9.1's (LC_ALL=C), with lower-case messages on
// one line.
func TestCut(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/c.txt", "a:b:c\nd\ne:f\n")
	writeFile(t, fsys, "/work/t.txt", "one\ttwo\tthree\n")
	runCases(t, fsys, []cmdCase{
		{[]string{`cut`, `-d:`, `-f2`, `c.txt`}, "", "b\nd\nf\n", "", 0},
		{[]string{`cut`, `-d`, `:`, `-f`, `1,3`, `c.txt`}, "", "a:c\nd\ne\n", "", 0},
		{[]string{`cut`, `-d:`, `-f2-`, `c.txt`}, "", "b:c\nd\nf\n", "", 0},
		{[]string{`cut`, `-d:`, `-f-2`, `c.txt`}, "", "a:b\nd\ne:f\n", "", 0},
		{[]string{`cut`, `-d:`, `-s`, `-f1`, `c.txt`}, "", "a\ne\n", "", 0},
		{[]string{`cut`, `-f2`, `t.txt`}, "", "two\n", "", 0},
		{[]string{`cut`, `-f2,3`, `--output-delimiter=|`, `t.txt`}, "", "two|three\n", "", 0},
		{[]string{`cut`, `-f1`, `c.txt`, `t.txt`}, "", "a:b:c\nd\ne:f\none\n", "", 0},
		{[]string{`cut`, `-f1`, `-`, `t.txt`}, "x\ty\n", "x\none\n", "", 0},
		{[]string{`cut`, `-b`, `1-3`, `t.txt`}, "", "one\n", "", 0},
		{[]string{`cut`, `-c`, `2,4-5`, `t.txt`}, "", "n\tt\n", "", 0},
		{[]string{`cut`, `-b`, `-2`, `c.txt`}, "", "a:\nd\ne:\n", "", 0},
		{[]string{`cut`, `-b`, `3-`, `c.txt`}, "", "b:c\n\nf\n", "", 0},
		{[]string{`cut`, `-d:`, `-f0`, `c.txt`}, "", "", "cut: fields are numbered from 1\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-b`, `3-1`, `c.txt`}, "", "", "cut: invalid decreasing range\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-b`, `1,x`, `c.txt`}, "", "", "cut: invalid byte/character position 'x'\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-f`, `x`, `c.txt`}, "", "", "cut: invalid field value 'x'\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `c.txt`}, "", "", "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-b1`, `-c1`, `c.txt`}, "", "", "cut: only one list may be specified\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-d:`, `-b1`, `c.txt`}, "", "", "cut: an input delimiter may be specified only when operating on fields\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-s`, `-b1`, `c.txt`}, "", "", "cut: suppressing non-delimited lines makes sense\n\tonly when operating on fields\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-d`, `ab`, `-f1`, `c.txt`}, "", "", "cut: the delimiter must be a single character\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-b`, `1-2,4-`, `--output-delimiter=/`}, "abcdef\n", "ab/def\n", "", 0},
		{[]string{`cut`, `-b`, `1-3,2-4`, `--output-delimiter=/`}, "abcdef\n", "abcd\n", "", 0},
		{[]string{`cut`, `-b`, `1,3,5`, `--output-delimiter=/`}, "abcdef\n", "a/c/e\n", "", 0},
		{[]string{`cut`, `-b`, `1,2`, `--output-delimiter=/`}, "abcdef\n", "a/b\n", "", 0},
		{[]string{`cut`, `-d:`, `-f`, `1,3-`, `--output-delimiter= `}, "a:b:c:d\n", "a c d\n", "", 0},
		{[]string{`cut`, `-d:`, `--complement`, `-f2`}, "a:b:c:d\n", "a:c:d\n", "", 0},
		{[]string{`cut`, `--complement`, `-c`, `2-3`}, "abcdef\n", "adef\n", "", 0},
		{[]string{`cut`, `--complement`, `-c`, `2-3,5`, `--output-delimiter=/`}, "abcdef\n", "a/d/f\n", "", 0},
		{[]string{`cut`, `-f2`}, "a b\n", "a b\n", "", 0},
		{[]string{`cut`, `-b`, `5`}, "abc\n", "\n", "", 0},
		{[]string{`cut`, `-d:`, `-f1`}, `a:b`, "a\n", "", 0},
		{[]string{`cut`, `-s`, `-d:`, `-f2`}, "a:b\nc\n", "b\n", "", 0},
		{[]string{`cut`, `-d,`, `-f`, `1 2`}, "a,b c\n", "a,b c\n", "", 0},
		{[]string{`cut`, `-c`, `1-2,3`}, "abc\n", "abc\n", "", 0},
		{[]string{`cut`, `-b`, `-`}, "abc\n", "", "cut: invalid range with no endpoint: -\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-b`, ""}, "abc\n", "", "cut: byte/character positions are numbered from 1\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-b`, `0-2`}, "abc\n", "", "cut: byte/character positions are numbered from 1\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-d:`, `-f2-3`}, "a::b\n", ":b\n", "", 0},
		{[]string{`cut`, `-f1`, `nope`}, "", "", "cut: nope: No such file or directory\n", 1},
		{[]string{`cut`, `--bogus`}, "", "", "cut: unrecognized option '--bogus'\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-z`, `-d:`, `-f2`}, "a:b\x00c:d\x00", "b\x00d\x00", "", 0},
		{[]string{`cut`, `-n`, `-b`, `1`}, "ab\n", "a\n", "", 0},
		{[]string{`cut`, `-d`, "", `-f2`}, "a\x00b\n", "b\n", "", 0},
		{[]string{`cut`, `-f`, `2,1,2`}, "a\tb\tc\n", "a\tb\n", "", 0},
		{[]string{`cut`, `-b`, `2-3,1`}, "abcd\n", "abc\n", "", 0},
		{[]string{`cut`, `-d`, ` `, `-f`, `3-`}, "a b\n", "\n", "", 0},
		{[]string{`cut`, `-c`, `3-`, `t.txt`, `c.txt`}, "", "e\ttwo\tthree\nb:c\n\nf\n", "", 0},
		{[]string{`cut`, `-f`, `9999999999999999999999`}, "a\tb\n", "", "cut: field number '9999999999999999999999' is too large\nTry 'cut --help' for more information.\n", 1},
		{[]string{`cut`, `-b`, `1-2,3-4`, `--output-delimiter=/`}, "abcdef\n", "ab/cd\n", "", 0},
		{[]string{`cut`, `-c`, `2-`, `--output-delimiter=/`}, "abc\n", "bc\n", "", 0},
		{[]string{`cut`, `-f`, `1`, `/work`}, "", "", "cut: /work: Is a directory\n", 1},
	})
}

// TestCutFields covers the field walk that stops past the last field
// asked for and the reads that do not copy a line: empty fields and
// lines, lines without the delimiter, fields past the end, -s,
// --complement, an output delimiter, NUL, invalid and multi-byte bytes,
// -z, a last line without a newline, lines longer than the read buffer.
// The expectations are GNU cut's (LC_ALL=C).
func TestCutFields(t *testing.T) {
	t.Parallel()
	in := "a:b:c:d\n:\n::\n\nno delim\ncaf\xc3\xa9:\xff\xfe:x\x00y:z\nlast:line"
	long := strings.Repeat("x", 100000) + ":" + strings.Repeat("y", 100000) + ":z\n"
	runCases(t, testTree(t), []cmdCase{
		{[]string{"cut", "-d:", "-f2"}, in, "b\n\n\n\nno delim\n\xff\xfe\nline\n", "", 0},
		{[]string{"cut", "-d:", "-f1,3"}, in, "a:c\n\n:\n\nno delim\ncaf\xc3\xa9:x\x00y\nlast\n", "", 0},
		{[]string{"cut", "-d:", "-f3-"}, in, "c:d\n\n\n\nno delim\nx\x00y:z\n\n", "", 0},
		{[]string{"cut", "-d:", "-f2-3"}, in, "b:c\n\n:\n\nno delim\n\xff\xfe:x\x00y\nline\n", "", 0},
		{[]string{"cut", "-d:", "-f9"}, in, "\n\n\n\nno delim\n\n\n", "", 0},
		{[]string{"cut", "-d:", "-s", "-f2"}, in, "b\n\n\n\xff\xfe\nline\n", "", 0},
		{[]string{"cut", "-d:", "--complement", "-f2"}, in, "a:c:d\n\n:\n\nno delim\ncaf\xc3\xa9:x\x00y:z\nlast\n", "", 0},
		{[]string{"cut", "-d:", "-f1,2", "--output-delimiter=||"}, in, "a||b\n||\n||\n\nno delim\ncaf\xc3\xa9||\xff\xfe\nlast||line\n", "", 0},
		{[]string{"cut", "-d:", "-f1-2,4"}, in, "a:b:d\n:\n:\n\nno delim\ncaf\xc3\xa9:\xff\xfe:z\nlast:line\n", "", 0},
		{[]string{"cut", "-d", "\xff", "-f1"}, in, "a:b:c:d\n:\n::\n\nno delim\ncaf\xc3\xa9:\nlast:line\n", "", 0},
		{[]string{"cut", "-z", "-d:", "-f2"}, in, "b\x00z\nlast\x00", "", 0},
		{[]string{"cut", "-d:", "-f2"}, "", "", "", 0},
		{[]string{"cut", "-d:", "-f2"}, long, strings.Repeat("y", 100000) + "\n", "", 0},
		{[]string{"cut", "-d:", "-f3,1"}, long, strings.Repeat("x", 100000) + ":z\n", "", 0},
	})
}
