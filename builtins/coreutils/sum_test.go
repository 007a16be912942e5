package coreutils

import (
	"strings"
	"testing"
)

func TestSumBSD(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("moonix sums blocks\n", 300)
	runDataCases(t, map[string]string{"a": "hello\n", "big": big, "empty": ""}, []dataCase{
		{args: "sum a", out: "36979     1 a\n"},
		{args: "sum", stdin: "hello\n", out: "36979     1\n"},
		{args: "sum - a", stdin: "hello\n", out: "36979     1 -\n36979     1 a\n"},
		{args: "sum -r big empty", out: "46421     6 big\n00000     0 empty\n"},
		{args: "sum -s a", out: "542 1 a\n"},
		{args: "sum --sysv big", out: "25920 12 big\n"},
		{args: "sum -s", stdin: "hello\n", out: "542 1\n"},
		{args: "sum -rs a", out: "542 1 a\n"},
		{args: "sum -sr a", out: "36979     1 a\n"},
		{args: "sum nope a", out: "36979     1 a\n", err: "sum: nope: No such file or directory\n", status: 1},
		{args: "sum -x", err: "sum: invalid option -- 'x'\nTry 'sum --help' for more information.\n", status: 1},
	})
}
