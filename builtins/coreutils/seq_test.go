package coreutils

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestSeq(t *testing.T) {
	t.Parallel()
	runDataCases(t, nil, []dataCase{
		{args: "seq 3", out: "1\n2\n3\n"},
		{args: "seq 2 4", out: "2\n3\n4\n"},
		{args: "seq 10 -3 1", out: "10\n7\n4\n1\n"},
		{args: "seq 5 1", out: ""},
		{args: "seq 1 -1", out: ""},
		{args: "seq 0 0.1 0.3", out: "0.0\n0.1\n0.2\n0.3\n"},
		{args: "seq 0 0.000001 0.000003", out: "0.000000\n0.000001\n0.000002\n0.000003\n"},
		{args: "seq 1 0.5 2", out: "1.0\n1.5\n2.0\n"},
		{args: "seq 1.5 3", out: "1.5\n2.5\n"},
		{args: "seq 1e2 1e2 3e2", out: "100\n200\n300\n"},
		{args: "seq -w 8 10", out: "08\n09\n10\n"},
		{args: "seq -w -1 1", out: "-1\n00\n01\n"},
		{args: "seq -w 001 3", out: "001\n002\n003\n"},
		{args: "seq -w .5 2", out: "0.5\n1.5\n"},
		{args: "seq -w 0.5 5 10.5", out: "00.5\n05.5\n10.5\n"},
		{args: "seq -w 1 1e1", out: "01\n02\n03\n04\n05\n06\n07\n08\n09\n10\n"},
		{args: "seq -w -5 -1 -7", out: "-5\n-6\n-7\n"},
		{args: "seq -- -3 -1", out: "-3\n-2\n-1\n"},
		{args: "seq -2", out: ""},
		{args: "seq -s, 3", out: "1,2,3\n"},
		{args: "seq -s : -w 9 10", out: "09:10\n"},
		{argv: []string{"seq", "-s", "", "3"}, out: "123\n"},
		{args: "seq --separator=-- 2", out: "1--2\n"},
		{args: "seq -f %e 1 2", out: "1.000000e+00\n2.000000e+00\n"},
		{args: "seq -f %g 0.5 1 3", out: "0.5\n1.5\n2.5\n"},
		{args: "seq -f %.2f 2", out: "1.00\n2.00\n"},
		{args: "seq -f x%03gy 2", out: "x001y\nx002y\n"},
		{args: "seq -f %5.1f%% 1", out: "  1.0%\n"},
		{args: "seq --format=%g 1 1000000 3000000", out: "1\n1e+06\n2e+06\n3e+06\n"},
		{args: "seq 100000000000000000000 100000000000000000001", out: "100000000000000000000\n100000000000000000001\n"},
		{args: "seq", err: "seq: missing operand\nTry 'seq --help' for more information.\n", status: 1},
		{args: "seq 1 2 3 4", err: "seq: extra operand '4'\nTry 'seq --help' for more information.\n", status: 1},
		{args: "seq x", err: "seq: invalid floating point argument: 'x'\nTry 'seq --help' for more information.\n", status: 1},
		{args: "seq +2", out: "1\n2\n"},
		{args: "seq ++2", err: "seq: invalid floating point argument: '++2'\nTry 'seq --help' for more information.\n", status: 1},
		{args: "seq 1 0 3", err: "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n", status: 1},
		{args: "seq -f abc 2", err: "seq: format 'abc' has no % directive\n", status: 1},
		{args: "seq -f %d 2", err: "seq: format '%d' has unknown %d directive\n", status: 1},
		{argv: []string{"seq", "-f", "%g %g", "1"}, err: "seq: format '%g %g' has too many % directives\n", status: 1},
		{args: "seq -w -f %g 1", err: "seq: format string may not be specified when printing equal width strings\nTry 'seq --help' for more information.\n", status: 1},
		{args: "seq -q 1", err: "seq: invalid option -- 'q'\nTry 'seq --help' for more information.\n", status: 1},
	})
}

// TestSeqLong covers the int64 path's blocks of output (a number or a
// separator split across two writes) and its edges with the big.Int path:
// the numbers around 1<<62, where seq changes paths, and int64's limits.
func TestSeqLong(t *testing.T) {
	t.Parallel()
	lines := func(from, to int, format, sep string) string {
		var b strings.Builder
		for i := from; i <= to; i++ {
			if i > from {
				b.WriteString(sep)
			}
			fmt.Fprintf(&b, format, i)
		}
		return b.String() + "\n"
	}
	runDataCases(t, nil, []dataCase{
		{args: "seq 20000", out: lines(1, 20000, "%d", "\n")},
		{args: "seq -s ::: 20000", out: lines(1, 20000, "%d", ":::")},
		{args: "seq -w -999 30000", out: lines(-999, 30000, "%05d", "\n")},
		{args: "seq 4611686018427387902 4611686018427387905", out: "4611686018427387902\n4611686018427387903\n4611686018427387904\n4611686018427387905\n"},
		{args: "seq -- -4611686018427387905 -4611686018427387902", out: "-4611686018427387905\n-4611686018427387904\n-4611686018427387903\n-4611686018427387902\n"},
		{args: "seq 9223372036854775806 9223372036854775808", out: "9223372036854775806\n9223372036854775807\n9223372036854775808\n"},
		{args: "seq 0 4611686018427387000 9223372036854775807", out: "0\n4611686018427387000\n9223372036854774000\n"},
		{args: "seq -w -- -5 5 10", out: "-5\n00\n05\n10\n"},
	})
}

func TestCFormat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f    string
		v    float64
		want string
	}{
		{"%g", 100000, "100000"},
		{"%g", 1000000, "1e+06"},
		{"%g", 0.0001, "0.0001"},
		{"%g", 0.00001, "1e-05"},
		{"%g", 1.5, "1.5"},
		{"%.3g", 3.14159, "3.14"},
		{"%#g", 1, "1.00000"},
		{"%e", 12345.678, "1.234568e+04"},
		{"%E", 0.5, "5.000000E-01"},
		{"%+.1f", 2, "+2.0"},
		{"%-6.1f|", 2, "2.0   |"},
		{"%06.1f", -2, "-002.0"},
		{"%g", math.Copysign(0, -1), "-0"},
	} {
		if got := cPrintf(tc.f, tc.v); got != tc.want {
			t.Errorf("cPrintf(%q, %v) = %q, want %q", tc.f, tc.v, got, tc.want)
		}
	}
}
