package coreutils

import "testing"

var lineFiles = map[string]string{
	"/work/twelve": "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n",
	"/work/abc":    "a\nb\nc",
	"/work/x":      "x\n",
	"/work/dir/f":  "in a directory\n",
}

func TestHead(t *testing.T) {
	t.Parallel()
	runCasesFresh(t, lineFiles, []cmdCase{
		{[]string{"head", "twelve"}, "", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n", "", 0},
		{[]string{"head", "-n", "3", "twelve"}, "", "one\ntwo\nthree\n", "", 0},
		{[]string{"head", "-3", "twelve"}, "", "one\ntwo\nthree\n", "", 0},
		{[]string{"head", "-n", "-10", "twelve"}, "", "one\ntwo\n", "", 0},
		{[]string{"head", "-n", "-20", "twelve"}, "", "", "", 0},
		{[]string{"head", "-c", "5", "twelve"}, "", "one\nt", "", 0},
		{[]string{"head", "-c", "-60", "twelve"}, "", "one", "", 0},
		{[]string{"head", "abc", "x"}, "", "==> abc <==\na\nb\nc\n==> x <==\nx\n", "", 0},
		{[]string{"head", "-q", "abc", "x"}, "", "a\nb\ncx\n", "", 0},
		{[]string{"head", "-v", "x"}, "", "==> x <==\nx\n", "", 0},
		{[]string{"head", "nope", "x"}, "", "==> x <==\nx\n", "head: cannot open 'nope' for reading: No such file or directory\n", 1},
		{[]string{"head", "dir"}, "", "", "head: error reading 'dir': Is a directory\n", 1},
		{[]string{"head", "-n", "x", "twelve"}, "", "", "head: invalid number of lines: 'x'\n", 1},
		{[]string{"head", "-c", "y", "twelve"}, "", "", "head: invalid number of bytes: 'y'\n", 1},
		{[]string{"head", "-c", "1k", "abc"}, "", "a\nb\nc", "", 0},
		{[]string{"head", "-n", "2", "-"}, "p\nq\nr\n", "p\nq\n", "", 0},
		{[]string{"head", "-n", "2"}, "p\nq\nr\n", "p\nq\n", "", 0},
		{[]string{"head", "-z", "-n", "1", "abc"}, "", "a\nb\nc", "", 0},
		{[]string{"head", "--lines=2", "twelve"}, "", "one\ntwo\n", "", 0},
		{[]string{"head", "--bytes=2", "twelve"}, "", "on", "", 0},
		{[]string{"head", "-n1", "-c2", "twelve"}, "", "on", "", 0},
		{[]string{"head", "-c2", "-n1", "twelve"}, "", "one\n", "", 0},
		{[]string{"head", "-2c", "abc"}, "", "a\n", "", 0},
		{[]string{"head", "-n", "0", "x"}, "", "", "", 0},
		{[]string{"head", "-n", "+2", "twelve"}, "", "one\ntwo\n", "", 0},
		{[]string{"head", "-qv", "x"}, "", "==> x <==\nx\n", "", 0},
		{[]string{"head", "-vq", "x", "abc"}, "", "x\na\nb\nc", "", 0},
		{[]string{"head", "-c", "2b", "abc"}, "", "a\nb\nc", "", 0},
		{[]string{"head", "-n", "99999999999999999999999", "x"}, "", "", "head: invalid number of lines: '99999999999999999999999': Value too large for defined data type\n", 1},
		{[]string{"head", "x", "-", "x"}, "in\n", "==> x <==\nx\n\n==> standard input <==\nin\n\n==> x <==\nx\n", "", 0},
		{[]string{"head", "-c", "1Z", "abc"}, "", "", "head: invalid number of bytes: '1Z': Value too large for defined data type\n", 1},
		{[]string{"head", "-c", "1R", "abc"}, "", "", "head: invalid number of bytes: '1R'\n", 1},
		{[]string{"head", "-c", "1KiB", "abc"}, "", "a\nb\nc", "", 0},
		{[]string{"head", "--nope"}, "", "", "head: unrecognized option '--nope'\nTry 'head --help' for more information.\n", 1},
	})
}
