package coreutils

import "testing"

func TestCat(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/a", "one\n\n\ntwo\n")
	runCases(t, fsys, []cmdCase{
		{[]string{"cat", "a"}, "", "one\n\n\ntwo\n", "", 0},
		{[]string{"cat", "-n", "a"}, "", "     1\tone\n     2\t\n     3\t\n     4\ttwo\n", "", 0},
		{[]string{"cat", "-sb", "a"}, "", "     1\tone\n\n     2\ttwo\n", "", 0},
		{[]string{"cat", "-", "a"}, "in\n", "in\none\n\n\ntwo\n", "", 0},
		{[]string{"cat", "nope"}, "", "", "cat: nope: no such file or directory\n", 1},
		{[]string{"cat", "/work"}, "", "", "cat: /work: is a directory\n", 1},
		{[]string{"cat", "-z"}, "", "", "cat: unknown shorthand flag: 'z' in -z (try 'cat --help')\n", 2},
	})
}
