package coreutils

import "testing"

func TestRev(t *testing.T) {
	t.Parallel()
	runDataCases(t, map[string]string{"f": "abc\nhé!\n\nxy"}, []dataCase{
		{args: "rev f", out: "cba\n!éh\n\nyx"},
		{args: "rev", stdin: "123\n", out: "321\n"},
		{args: "rev - f", stdin: "12\n", out: "21\ncba\n!éh\n\nyx"},
		{args: "rev nope", err: "rev: nope: No such file or directory\n", status: 1},
	})
}
