package coreutils

import "testing"

func TestRev(t *testing.T) {
	t.Parallel()
	runDataCases(t, map[string]string{"f": "abc\nhé!\n\nxy"}, []dataCase{
		{args: "rev f", out: "cba\n!éh\n\nyx"},
		{args: "rev", stdin: "123\n", out: "321\n"},
		{args: "rev - f", stdin: "12\n", out: "21\ncba\n!éh\n\nyx"},
		// NUL is a character like any other (util-linux 2.39 and later;
		// 2.38 cut the line there), or with -0 the line separator
		{args: "rev", stdin: "a\x00b\nc\x00\x00d\n", out: "b\x00a\nd\x00\x00c\n"},
		{args: "rev -0", stdin: "ab\x00c\nd\x00ef", out: "ba\x00d\nc\x00fe"},
		{args: "rev --zero -", stdin: "xy\x00", out: "yx\x00"},
		{args: "rev nope", err: "rev: nope: No such file or directory\n", status: 1},
	})
}
