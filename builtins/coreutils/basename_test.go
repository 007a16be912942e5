package coreutils

import "testing"

func TestBasenameDirname(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	runCases(t, fsys, []cmdCase{
		{[]string{"basename", "/usr/lib/libc.so"}, "", "libc.so\n", "", 0},
		{[]string{"basename", "a/b.txt/", ".txt"}, "", "b\n", "", 0},
		{[]string{"basename", ".txt", ".txt"}, "", ".txt\n", "", 0},
		{[]string{"basename", "/"}, "", "/\n", "", 0},
		{[]string{"basename", "//"}, "", "/\n", "", 0},
		{[]string{"basename", "/", "/"}, "", "/\n", "", 0},
		{[]string{"basename", "//a/"}, "", "a\n", "", 0},
		{[]string{"basename", ""}, "", "\n", "", 0},
		{[]string{"basename", "--", "-x"}, "", "-x\n", "", 0},
		{[]string{"basename", "-a", "a/b", "c/d/"}, "", "b\nd\n", "", 0},
		{[]string{"basename", "--multiple", "x.c", "y.c"}, "", "x.c\ny.c\n", "", 0},
		{[]string{"basename", "-s", ".c", "a.c", "b/c.c", "d.h"}, "", "a\nc\nd.h\n", "", 0},
		{[]string{"basename", "--suffix=.c", "a.c"}, "", "a\n", "", 0},
		{[]string{"basename", "-z", "a/b"}, "", "b\x00", "", 0},
		{[]string{"basename", "-az", "a/b", "c"}, "", "b\x00c\x00", "", 0},
		{[]string{"basename"}, "", "", "basename: missing operand\nTry 'basename --help' for more information.\n", 1},
		{[]string{"basename", "-a"}, "", "", "basename: missing operand\nTry 'basename --help' for more information.\n", 1},
		{[]string{"basename", "a", "b", "c"}, "", "", "basename: extra operand 'c'\nTry 'basename --help' for more information.\n", 1},
		{[]string{"dirname", "/usr/lib/libc.so"}, "", "/usr/lib\n", "", 0},
		{[]string{"dirname", "a"}, "", ".\n", "", 0},
		{[]string{"dirname", "a/"}, "", ".\n", "", 0},
		{[]string{"dirname", "/a"}, "", "/\n", "", 0},
		{[]string{"dirname", "/"}, "", "/\n", "", 0},
		{[]string{"dirname", "//"}, "", "/\n", "", 0},
		{[]string{"dirname", "//a"}, "", "/\n", "", 0},
		{[]string{"dirname", "a//b/"}, "", "a\n", "", 0},
		{[]string{"dirname", "///a///b//"}, "", "///a\n", "", 0},
		{[]string{"dirname", ""}, "", ".\n", "", 0},
		{[]string{"dirname", ".."}, "", ".\n", "", 0},
		{[]string{"dirname", "../x"}, "", "..\n", "", 0},
		{[]string{"dirname", "a/b", "c", "/d/e"}, "", "a\n.\n/d\n", "", 0},
		{[]string{"dirname", "-z", "a/b", "c"}, "", "a\x00.\x00", "", 0},
		{[]string{"dirname"}, "", "", "dirname: missing operand\nTry 'dirname --help' for more information.\n", 1},
	})
}
