package coreutils

import "testing"

func TestCmp(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "abc\ndef\n", "b": "abc\ndxf\n", "c": "abc", "e": "", "h": "x\xffy", "h2": "x\x01y"}
	runDataCases(t, files, []dataCase{
		{args: "cmp a a", out: ""},
		{args: "cmp a b", out: "a b differ: byte 6, line 2\n", status: 1},
		{args: "cmp a - ", stdin: "abc\ndxf\n", out: "a - differ: byte 6, line 2\n", status: 1},
		{args: "cmp a", stdin: "abc\ndef\n", out: ""},
		{args: "cmp -s a b", status: 1},
		{args: "cmp -s a c", status: 1},
		{args: "cmp -l a b", out: "6 145 170\n", status: 1},
		{args: "cmp -b a b", out: "a b differ: byte 6, line 2 is 145 e 170 x\n", status: 1},
		{args: "cmp -lb a b", out: "6 145 e    170 x\n", status: 1},
		{args: "cmp -b h h2", out: "h h2 differ: byte 2, line 1 is 377 M-^?   1 ^A\n", status: 1},
		{args: "cmp -n 5 a b", out: ""},
		{args: "cmp --bytes=6 a b", out: "a b differ: byte 6, line 2\n", status: 1},
		{args: "cmp -i 1 a b", out: "a b differ: byte 5, line 2\n", status: 1},
		{args: "cmp a b 1 1", out: "a b differ: byte 5, line 2\n", status: 1},
		{args: "cmp -i 0:1 c a", out: "c a differ: byte 1, line 1\n", status: 1},
		{args: "cmp a c", err: "cmp: EOF on c after byte 3, line 1\n", status: 1},
		{args: "cmp c a", err: "cmp: EOF on c after byte 3, line 1\n", status: 1},
		{args: "cmp -l a c", err: "cmp: EOF on c after byte 3\n", status: 1},
		{args: "cmp e a", err: "cmp: EOF on e which is empty\n", status: 1},
		{args: "cmp a nope", err: "cmp: nope: No such file or directory\n", status: 2},
		{args: "cmp -l -s a b", err: "cmp: options -l and -s are incompatible\ncmp: Try 'cmp --help' for more information.\n", status: 2},
		{args: "cmp", err: "cmp: missing operand after 'cmp'\ncmp: Try 'cmp --help' for more information.\n", status: 2},
		{args: "cmp -n x a b", err: "cmp: invalid --bytes value 'x'\ncmp: Try 'cmp --help' for more information.\n", status: 2},
		{args: "cmp a b x", err: "cmp: invalid --ignore-initial value 'x'\ncmp: Try 'cmp --help' for more information.\n", status: 2},
	})
}
