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
		{[]string{"cat", "nope"}, "", "", "cat: nope: No such file or directory\n", 1},
		{[]string{"cat", "/work"}, "", "", "cat: /work: Is a directory\n", 1},
		{[]string{"cat", "-z"}, "", "", "cat: invalid option -- 'z'\nTry 'cat --help' for more information.\n", 1},
		{[]string{"cat", "-h"}, "", "", "cat: invalid option -- 'h'\nTry 'cat --help' for more information.\n", 1},
		{[]string{"cat", "-A"}, "a\tb\x01\xe9\n", "a^Ib^AM-i$\n", "", 0},
		{[]string{"cat", "-v"}, "a\tb\x01\x7f\n", "a\tb^A^?\n", "", 0},
		{[]string{"cat", "-T"}, "a\tb\n", "a^Ib\n", "", 0},
		{[]string{"cat", "--show-e"}, "a\n", "a$\n", "", 0},
		// -e is -vE and -t is -vT; they combine with the others
		{[]string{"cat", "-e"}, "a\tb\x01\x80\n\r\n", "a\tb^AM-^@$\n^M$\n", "", 0},
		{[]string{"cat", "-t"}, "a\tb\x01\xff\n", "a^Ib^AM-^?\n", "", 0},
		{[]string{"cat", "-et"}, "a\tb\n", "a^Ib$\n", "", 0},
		{[]string{"cat", "-en"}, "\x1b\n", "     1\t^[$\n", "", 0},
		{[]string{"cat", "-vE"}, "a\x89\n", "aM-^I$\n", "", 0},
		{[]string{"cat", "-vT"}, "\t\x89\n", "^IM-^I\n", "", 0},
		{[]string{"cat", "-ET"}, "\t\x01\n", "^I\x01$\n", "", 0},
		// names quoted as GNU's quote and quotef quote them (builtins.Quote)
		{[]string{"cat", "a b", "it's", "it's!", "a:b", "#a", "a#b", "n\nl", "é", ""}, "", "",
			`cat: 'a b': No such file or directory
cat: "it's": No such file or directory
cat: 'it'\''s!': No such file or directory
cat: 'a:b': No such file or directory
cat: '#a': No such file or directory
cat: a#b: No such file or directory
cat: 'n'$'\n''l': No such file or directory
cat: ''$'\303\251': No such file or directory
cat: '': No such file or directory
`, 1},
		{[]string{"rm", "it's\n", "a b"}, "", "", `rm: cannot remove '''it'\''s'$'\n': No such file or directory
rm: cannot remove 'a b': No such file or directory
`, 1},
	})
}
