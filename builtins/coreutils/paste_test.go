package coreutils

import "testing"

func TestPaste(t *testing.T) {
	t.Parallel()
	files := map[string]string{"x": "a\nb\nc\n", "y": "1\n2", "e": ""}
	runDataCases(t, files, []dataCase{
		{args: "paste x y", out: "a\t1\nb\t2\nc\t\n"},
		{args: "paste -d, x y e", out: "a,1,\nb,2,\nc,,\n"},
		{argv: []string{"paste", "-d", "", "x", "y"}, out: "a1\nb2\nc\n"},
		{argv: []string{"paste", "-d", `:\n`, "x", "y", "x"}, out: "a:1\na\nb:2\nb\nc:\nc\n"},
		{argv: []string{"paste", "-d", `\0`, "x", "y"}, out: "a1\nb2\nc\n"},
		{argv: []string{"paste", "-d", `\\`, "x", "y"}, out: "a\\1\nb\\2\nc\\\n"},
		{argv: []string{"paste", "-d", `\v\a\q`, "x", "y", "x", "y"}, out: "a\v1aaq1\nb\v2abq2\nc\vacq\n"},
		{argv: []string{"paste", "-d", `\t-`, "x", "x", "x"}, out: "a\ta-a\nb\tb-b\nc\tc-c\n"},
		{args: "paste -s x y e", out: "a\tb\tc\n1\t2\n\n"},
		{args: "paste -s -d , x -", stdin: "1\n2", out: "a,b,c\n1,2\n"},
		{args: "paste - -", stdin: "1\n2\n3\n4\n5\n", out: "1\t2\n3\t4\n5\t\n"},
		{args: "paste -s -d \\t\\n -", stdin: "1\n2\n3\n4\n5\n", out: "1\t2\n3\t4\n5\n"},
		{args: "paste -", stdin: "q\n", out: "q\n"},
		{args: "paste", stdin: "q", out: "q\n"},
		{argv: []string{"paste", "-z", "-s", "-d", ",", "-"}, stdin: "a\x00b\x00", out: "a,b\x00"},
		{args: "paste nope x", err: "paste: nope: No such file or directory\n", status: 1},
		{argv: []string{"paste", "-d", `\`, "x"}, err: "paste: delimiter list ends with an unescaped backslash: \\\n", status: 1},
		{args: "paste -q", err: "paste: invalid option -- 'q'\nTry 'paste --help' for more information.\n", status: 1},
	})
}
