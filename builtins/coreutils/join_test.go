package coreutils

import "testing"

func TestJoin(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"f1": "1 a x\n2 b\n2 c\n4 d\n",
		"f2": "1 A\n2 B\n3 C\n4 D E\n",
		"u":  "3 a\n1 b\n",
		"s":  "1 x\n3 y\n",
		"c1": "a,1\nb,2\n",
		"c2": "a,,x\nb,y,z\n",
		"i1": "A 1\nb 2\n",
		"i2": "a x\nB y\n",
		"h1": "K V\n1 a\n",
		"h2": "K W\n1 b\n",
		"p1": "x 1\ny 2\n",
		"p2": "1 p\n2 q\n",
		"sp": "  1   a  b\n",
		"z0": "1 q\x002 r\x00",
	}
	runDataCases(t, files, []dataCase{
		{args: "join f1 f2", out: "1 a x A\n2 b B\n2 c B\n4 d D E\n"},
		{args: "join -a1 -a2 f1 f2", out: "1 a x A\n2 b B\n2 c B\n3 C\n4 d D E\n"},
		{args: "join -a 2 -e X f1 f2", out: "1 a x A\n2 b B\n2 c B\n3 C\n4 d D E\n"},
		{args: "join -v2 f1 f2", out: "3 C\n"},
		{args: "join -v1 -v2 f1 f2", out: "3 C\n"},
		{args: "join -o 1.2,2.2,0 f1 f2", out: "a A 1\nb B 2\nc B 2\nd D 4\n"},
		{argv: []string{"join", "-o", "1.1 2.2", "f1", "f2"}, out: "1 A\n2 B\n2 B\n4 D\n"},
		{args: "join -a2 -e X -o 0,1.2,1.3,2.2 f1 f2", out: "1 a x A\n2 b X B\n2 c X B\n3 X X C\n4 d X D\n"},
		{args: "join -a2 -e X -o auto f1 f2", out: "1 a x A\n2 b X B\n2 c X B\n3 X X C\n4 d X D\n"},
		{args: "join -t, c1 c2", out: "a,1,,x\nb,2,y,z\n"},
		{args: "join -t, -e E c1 c2", out: "a,1,E,x\nb,2,y,z\n"},
		{args: "join -t, -a1 -o 0,2.2,2.3 -e E c1 c2", out: "a,E,x\nb,y,z\n"},
		{args: "join -i i1 i2", out: "A 1 x\nb 2 y\n"},
		{args: "join -1 2 -2 1 p1 p2", out: "1 x p\n2 y q\n"},
		{args: "join -j 1 p2 p2", out: "1 p p\n2 q q\n"},
		{args: "join --header h1 h2", out: "K V W\n1 a b\n"},
		{args: "join sp -", stdin: "1 c\n", out: "1 a b c\n"},
		{argv: []string{"join", "-t", "", "-", "sp"}, stdin: "  1   a  b\n", out: "  1   a  b\n"},
		{args: "join u s", out: "3 a y\n", err: "join: u:2: is not sorted: 1 b\njoin: input is not in sorted order\n", status: 1},
		{args: "join --check-order u s", err: "join: u:2: is not sorted: 1 b\n", status: 1},
		{args: "join --nocheck-order u s", out: "3 a y\n"},
		{args: "join f1", err: "join: missing operand after 'f1'\nTry 'join --help' for more information.\n", status: 1},
		{args: "join", err: "join: missing operand\nTry 'join --help' for more information.\n", status: 1},
		{args: "join f1 f2 f2", err: "join: extra operand 'f2'\nTry 'join --help' for more information.\n", status: 1},
		{args: "join - -", err: "join: both files cannot be standard input\n", status: 1},
		{args: "join -t ab f1 f2", err: "join: multi-character tab 'ab'\n", status: 1},
		{args: "join -o 3.1 f1 f2", err: "join: invalid file number in field spec: '3.1'\n", status: 1},
		{args: "join -o x f1 f2", err: "join: invalid file number in field spec: 'x'\n", status: 1},
		{args: "join -1 0 f1 f2", err: "join: invalid field number: '0'\n", status: 1},
		{args: "join -a 3 f1 f2", err: "join: invalid field number: '3'\n", status: 1},
		{args: "join nope f2", err: "join: nope: No such file or directory\n", status: 1},
		{argv: []string{"join", "-z", "-", "z0"}, stdin: "2 z\x00", out: "2 z r\x00"},
	})
}
