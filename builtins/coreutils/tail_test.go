package coreutils

import (
	"fmt"
	"strings"
	"testing"
)

func TestTail(t *testing.T) {
	t.Parallel()
	runCasesFresh(t, lineFiles, []cmdCase{
		{[]string{"tail", "twelve"}, "", "three\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n", "", 0},
		{[]string{"tail", "-n", "3", "twelve"}, "", "ten\neleven\ntwelve\n", "", 0},
		{[]string{"tail", "-3", "twelve"}, "", "ten\neleven\ntwelve\n", "", 0},
		{[]string{"tail", "+11", "twelve"}, "", "eleven\ntwelve\n", "", 0},
		{[]string{"tail", "-n", "+11", "twelve"}, "", "eleven\ntwelve\n", "", 0},
		{[]string{"tail", "-n", "+0", "x"}, "", "x\n", "", 0},
		{[]string{"tail", "-n", "-2", "twelve"}, "", "eleven\ntwelve\n", "", 0},
		{[]string{"tail", "-c", "5", "twelve"}, "", "elve\n", "", 0},
		{[]string{"tail", "-c", "+60", "twelve"}, "", "lve\n", "", 0},
		{[]string{"tail", "-c", "0", "twelve"}, "", "", "", 0},
		{[]string{"tail", "-n", "1", "abc"}, "", "c", "", 0},
		{[]string{"tail", "-n", "2", "abc"}, "", "b\nc", "", 0},
		{[]string{"tail", "abc", "x"}, "", "==> abc <==\na\nb\nc\n==> x <==\nx\n", "", 0},
		{[]string{"tail", "-q", "abc", "x"}, "", "a\nb\ncx\n", "", 0},
		{[]string{"tail", "-v", "x"}, "", "==> x <==\nx\n", "", 0},
		{[]string{"tail", "nope", "x"}, "", "==> x <==\nx\n", "tail: cannot open 'nope' for reading: No such file or directory\n", 1},
		{[]string{"tail", "dir"}, "", "", "tail: error reading 'dir': Is a directory\n", 1},
		{[]string{"tail", "-n", "x", "twelve"}, "", "", "tail: invalid number of lines: 'x'\n", 1},
		{[]string{"tail", "-c", "y", "twelve"}, "", "", "tail: invalid number of bytes: 'y'\n", 1},
		{[]string{"tail", "-n", "2"}, "p\nq\nr\n", "q\nr\n", "", 0},
		{[]string{"tail", "-n", "1", "-", "x"}, "p\nq\n", "==> standard input <==\nq\n\n==> x <==\nx\n", "", 0},
		{[]string{"tail", "-z", "-n", "1", "abc"}, "", "a\nb\nc", "", 0},
		{[]string{"tail", "--lines=2", "twelve"}, "", "eleven\ntwelve\n", "", 0},
		{[]string{"tail", "--bytes=2", "twelve"}, "", "e\n", "", 0},
		{[]string{"tail", "-n1", "-c2", "twelve"}, "", "e\n", "", 0},
		{[]string{"tail", "-2c", "abc"}, "", "\nc", "", 0},
		{[]string{"tail", "-n", "0", "x"}, "", "", "", 0},
		{[]string{"tail", "-c", "99999999999999999999", "x"}, "", "", "tail: invalid number of bytes: '99999999999999999999': Value too large for defined data type\n", 1},
		{[]string{"tail", "-n", "1k", "x"}, "", "x\n", "", 0},
		differs("files do not grow while tail waits: -f is refused", cmdCase{[]string{"tail", "-f", "x"}, "", "", "tail: following files (-f, -F) is not supported\n", 2}),
		differs("files do not grow while tail waits: -f is refused", cmdCase{[]string{"tail", "-5f", "x"}, "", "", "tail: following files (-f, -F) is not supported\n", 2}),
	})
}

func TestHeadTailLarge(t *testing.T) {
	t.Parallel()
	// Beyond tail's trimming threshold and head's buffer, with a line
	// longer than the buffer.
	var in strings.Builder
	long := strings.Repeat("x", 100000)
	in.WriteString(long + "\n")
	for i := 0; i < 200000; i++ {
		fmt.Fprintf(&in, "%d\n", i)
	}
	out, _, st := runCmd(t, testTree(t), in.String(), "tail", "-n", "2")
	if st != 0 || out != "199998\n199999\n" {
		t.Errorf("tail: %q %d", out, st)
	}
	out, _, st = runCmd(t, testTree(t), in.String(), "head", "-n", "2")
	if st != 0 || out != long+"\n0\n" {
		t.Errorf("head: %d bytes, status %d", len(out), st)
	}
	out, _, st = runCmd(t, testTree(t), in.String(), "tail", "-c", "7")
	if st != 0 || out != "199999\n" {
		t.Errorf("tail -c: %q %d", out, st)
	}
	out, _, st = runCmd(t, testTree(t), in.String(), "head", "-n", "-200000")
	if st != 0 || out != long+"\n" {
		t.Errorf("head -n -N: %d bytes, status %d", len(out), st)
	}
}

// TestTailLong covers the last lines of a file read from its end and of
// standard input kept as it streams, on inputs where the blocks they
// count in end inside lines and separators: with and without a final
// newline, empty, lines longer than the blocks, NUL and invalid bytes,
// -z, and more lines asked for than there are.
func TestTailLong(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := range 40000 {
		fmt.Fprintf(&b, "%d caf\xc3\xa9\x00\xff\n", i)
		if i%9000 == 0 {
			b.WriteString(strings.Repeat("x", 70000) + "\n")
		}
	}
	long := b.String()
	inputs := map[string]string{
		"long": long, "noeol": long + "tail", "empty": "", "nl": "\n\n\n",
		"huge": strings.Repeat("y", 200000), "z": strings.ReplaceAll(long, "\n", "\x00"),
	}
	// last is the last n lines of s, the obvious way.
	last := func(s string, n int, sep string) string {
		lines := strings.SplitAfter(s, sep)
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		return strings.Join(lines[max(0, len(lines)-n):], "")
	}
	var cases []cmdCase
	for _, name := range []string{"long", "noeol", "empty", "nl", "huge", "z"} {
		in := inputs[name]
		flag, sep := "-n", "\n"
		if name == "z" {
			flag, sep = "-zn", "\x00"
		}
		for _, n := range []int{0, 1, 2, 3, 100, 2000, 9001, 31000, 39999, 40005, 50000} {
			want := last(in, n, sep)
			cases = append(cases,
				cmdCase{[]string{"tail", flag, fmt.Sprint(n), name}, "", want, "", 0},
				cmdCase{[]string{"tail", flag, fmt.Sprint(n)}, in, want, "", 0})
		}
	}
	fsys := testTree(t)
	for name, in := range inputs {
		writeFile(t, fsys, "/work/"+name, in)
	}
	runCases(t, fsys, cases)
}
