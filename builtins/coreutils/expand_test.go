package coreutils

import "testing"

func TestExpand(t *testing.T) {
	t.Parallel()
	runDataCases(t, nil, []dataCase{
		{args: "expand", stdin: "a\tb\n\tc\n", out: "a       b\n        c\n"},
		{args: "expand -t 4", stdin: "a\tb\tc\n", out: "a   b   c\n"},
		{args: "expand -3", stdin: "a\tb\n", out: "a  b\n"},
		{args: "expand -t 4,6", stdin: "a\tb\tc\td\n", out: "a   b c d\n"},
		{argv: []string{"expand", "-t", "4 6"}, stdin: "a\tb\tc\n", out: "a   b c\n"},
		{args: "expand -t 2,/4", stdin: "a\tb\tc\td\te\n", out: "a b c   d   e\n"},
		{args: "expand -t 2,+4", stdin: "a\tb\tc\td\te\n", out: "a b   c   d   e\n"},
		{args: "expand -i", stdin: "\ta\tb\n  \tx\n", out: "        a\tb\n        x\n"},
		{args: "expand", stdin: "ab\bc\td\n", out: "ab\bc      d\n"},
		{differs: "a UTF-8 character is one column; GNU 9.1 counts bytes in the C locale", args: "expand", stdin: "é\tx\n", out: "é       x\n"},
		{args: "expand -t 0", err: "expand: tab size cannot be 0\n", status: 1},
		{args: "expand -t 4,2", err: "expand: tab sizes must be ascending\n", status: 1},
		{args: "expand -t x", err: "expand: tab size contains invalid character(s): 'x'\n", status: 1},
	})
}

func TestUnexpand(t *testing.T) {
	t.Parallel()
	runDataCases(t, nil, []dataCase{
		{args: "unexpand", stdin: "        x       y\n", out: "\tx       y\n"},
		{args: "unexpand -a", stdin: "        x       y\n", out: "\tx\ty\n"},
		{args: "unexpand -a", stdin: "abcdefg b\nabcdefg  b\na       b\n   \t  z\n", out: "abcdefg b\nabcdefg\t b\na\tb\n\t  z\n"},
		{args: "unexpand -t 4", stdin: "    x   y\n", out: "\tx\ty\n"},
		{args: "unexpand -t 4 --first-only", stdin: "    x   y\n", out: "\tx   y\n"},
		{args: "unexpand -t 2,5", stdin: "  a\n     b        c\n", out: "\ta\n\t\tb        c\n"},
		{args: "unexpand -t 0", err: "unexpand: tab size cannot be 0\n", status: 1},
	})
}
