package coreutils

import "testing"

func TestTsort(t *testing.T) {
	t.Parallel()
	runDataCases(t, map[string]string{
		"deps":  "main parse\nmain eval\nparse lex\neval lex\nlex util\n",
		"loop":  "a b\nb c\nc a\nc d\n",
		"loops": "a b b a c d d c e f\n",
		"odd":   "a b c\n",
	}, []dataCase{
		{args: "tsort deps", out: "main\neval\nparse\nlex\nutil\n"},
		{args: "tsort", stdin: "x x\ny z\n\tq\tr", out: "q\nx\ny\nr\nz\n"},
		{args: "tsort -", stdin: "b a\nc a\n", out: "b\nc\na\n"},
		{args: "tsort", stdin: "", out: ""},
		{args: "tsort loop", out: "a\nb\nc\nd\n", err: "tsort: loop: input contains a loop:\ntsort: a\ntsort: b\ntsort: c\n", status: 1},
		{args: "tsort loops", out: "e\nf\na\nb\nc\nd\n", err: "tsort: loops: input contains a loop:\ntsort: a\ntsort: b\ntsort: loops: input contains a loop:\ntsort: c\ntsort: d\n", status: 1},
		{args: "tsort odd", err: "tsort: odd: input contains an odd number of tokens\n", status: 1},
		{args: "tsort deps loop", err: "tsort: extra operand 'loop'\nTry 'tsort --help' for more information.\n", status: 1},
		{args: "tsort nope", err: "tsort: nope: No such file or directory\n", status: 1},
	})
}
