package coreutils

import "testing"

func TestTac(t *testing.T) {
	t.Parallel()
	runDataCases(t, map[string]string{"f": "1\n2\n3\n", "g": "a\nb"}, []dataCase{
		{args: "tac f", out: "3\n2\n1\n"},
		{args: "tac g", out: "ba\n"},
		{args: "tac f g", out: "3\n2\n1\nba\n"},
		{args: "tac", stdin: "x\n\ny\n", out: "y\n\nx\n"},
		{args: "tac -s ,", stdin: "a,b,c,", out: "c,b,a,"},
		{args: "tac -s ,", stdin: "a,b,c", out: "cb,a,"},
		{args: "tac -b -s ,", stdin: ",a,b,c", out: ",c,b,a"},
		{args: "tac -b -s ,", stdin: "a,b,c,", out: ",,c,ba"},
		{args: "tac --separator=-- ", stdin: "a--b--", out: "b--a--"},
		{differs: "tac -r takes Go's regular expressions, matched leftmost-first", args: "tac -r -s [0-9]+", stdin: "a1b22c", out: "cb22a1"},
		{differs: "an empty separator is refused", argv: []string{"tac", "-s", ""}, err: "tac: separator cannot be empty\n", status: 1},
		{differs: "tac -r takes Go's regular expressions, matched leftmost-first", args: "tac -r -s (", err: "tac: invalid regular expression: (\n", status: 1},
		{differs: "tac reports an unopened file as cat does", args: "tac nope f", out: "3\n2\n1\n", err: "tac: nope: No such file or directory\n", status: 1},
	})
}
