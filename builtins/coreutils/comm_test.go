package coreutils

import "testing"

func TestComm(t *testing.T) {
	t.Parallel()
	files := map[string]string{"s": "a\nb\nc\n", "d": "a\nd\n", "u": "b\na\nc\n"}
	runDataCases(t, files, []dataCase{
		{args: "comm s d", out: "\t\ta\nb\nc\n\td\n"},
		{args: "comm -1 s d", out: "\ta\nd\n"},
		{args: "comm -2 s d", out: "\ta\nb\nc\n"},
		{args: "comm -3 s d", out: "b\nc\n\td\n"},
		{args: "comm -12 s d", out: "a\n"},
		{args: "comm -13 s d", out: "d\n"},
		{args: "comm -123 s d", out: ""},
		{args: "comm --output-delimiter=:: s d", out: "::::a\nb\nc\n::d\n"},
		{args: "comm --total s d", out: "\t\ta\nb\nc\n\td\n2\t1\t1\ttotal\n"},
		{args: "comm --total -12 --output-delimiter=: s d", out: "a\n2:1:1:total\n"},
		{args: "comm - s", stdin: "a", out: "\t\ta\n\tb\n\tc\n"},
		{args: "comm u s", out: "\ta\n\t\tb\na\n\t\tc\n", err: "comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n", status: 1},
		{args: "comm --check-order u s", out: "\ta\n\t\tb\n", err: "comm: file 1 is not in sorted order\n", status: 1},
		{args: "comm --nocheck-order u s", out: "\ta\n\t\tb\na\n\t\tc\n"},
		{args: "comm s", err: "comm: missing operand after 's'\nTry 'comm --help' for more information.\n", status: 1},
		{args: "comm s d u", err: "comm: extra operand 'u'\nTry 'comm --help' for more information.\n", status: 1},
		{args: "comm nope s", err: "comm: nope: No such file or directory\n", status: 1},
	})
}
