package builtins

import "testing"

// Expectations are GNU expr 9.1's (LC_ALL=C), with lower-case messages.
func TestExpr(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	for _, tc := range []struct {
		args   []string
		stdin  string
		out    string
		err    string
		status int
	}{
		{[]string{`expr`, `1`, `+`, `2`}, "", "3\n", "", 0},
		{[]string{`expr`, `5`, `-`, `7`}, "", "-2\n", "", 0},
		{[]string{`expr`, `3`, `*`, `4`}, "", "12\n", "", 0},
		{[]string{`expr`, `7`, `/`, `2`}, "", "3\n", "", 0},
		{[]string{`expr`, `-7`, `/`, `2`}, "", "-3\n", "", 0},
		{[]string{`expr`, `7`, `%`, `-3`}, "", "1\n", "", 0},
		{[]string{`expr`, `-7`, `%`, `3`}, "", "-1\n", "", 0},
		{[]string{`expr`, `1`, `/`, `0`}, "", "", "expr: division by zero\n", 2},
		{[]string{`expr`, `1`, `%`, `0`}, "", "", "expr: division by zero\n", 2},
		{[]string{`expr`, `a`, `+`, `1`}, "", "", "expr: non-integer argument\n", 2},
		{[]string{`expr`, `2`, `=`, `2`}, "", "1\n", "", 0},
		{[]string{`expr`, `10`, `<`, `9`}, "", "0\n", "", 1},
		{[]string{`expr`, `a`, `<`, `b`}, "", "1\n", "", 0},
		{[]string{`expr`, `010`, `=`, `10`}, "", "1\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `a\(.\)c`}, "", "b\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `a.`}, "", "2\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `b`}, "", "0\n", "", 1},
		{[]string{`expr`, `abc`, `:`, `\(x\)`}, "", "\n", "", 1},
		{[]string{`expr`, ""}, "", "\n", "", 1},
		{[]string{`expr`, `0`}, "", "0\n", "", 1},
		{[]string{`expr`, `00`}, "", "00\n", "", 1},
		{[]string{`expr`, `-0`}, "", "-0\n", "", 1},
		{[]string{`expr`, `0`, `|`, `3`}, "", "3\n", "", 0},
		{[]string{`expr`, "", `|`, ""}, "", "0\n", "", 1},
		{[]string{`expr`, `2`, `&`, `0`}, "", "0\n", "", 1},
		{[]string{`expr`, `2`, `&`, `3`}, "", "2\n", "", 0},
		{[]string{`expr`, `match`, `abc`, `ab*`}, "", "2\n", "", 0},
		{[]string{`expr`, `substr`, `hello`, `2`, `3`}, "", "ell\n", "", 0},
		{[]string{`expr`, `substr`, `hello`, `0`, `3`}, "", "\n", "", 1},
		{[]string{`expr`, `substr`, `hello`, `9`, `1`}, "", "\n", "", 1},
		{[]string{`expr`, `index`, `hello`, `lo`}, "", "3\n", "", 0},
		{[]string{`expr`, `index`, `hello`, `z`}, "", "0\n", "", 1},
		{[]string{`expr`, `length`, `hello`}, "", "5\n", "", 0},
		{[]string{`expr`, `(`, `1`, `+`, `2`, `)`, `*`, `3`}, "", "9\n", "", 0},
		{[]string{`expr`, `1`, `+`}, "", "", "expr: syntax error: missing argument after '+'\n", 2},
		{[]string{`expr`}, "", "", "expr: missing operand (try 'expr --help')\n", 2},
		{[]string{`expr`, `1`, `2`}, "", "", "expr: syntax error: unexpected argument '2'\n", 2},
		{[]string{`expr`, `(`, `1`}, "", "", "expr: syntax error: expecting ')' after '1'\n", 2},
		{[]string{`expr`, `(`, `1`, `2`}, "", "", "expr: syntax error: expecting ')' instead of '2'\n", 2},
		{[]string{`expr`, `9999999999999999999999`, `+`, `1`}, "", "10000000000000000000000\n", "", 0},
		{[]string{`expr`, `+`, `match`}, "", "match\n", "", 0},
		{[]string{`expr`, `length`}, "", "", "expr: syntax error: missing argument after 'length'\n", 2},
		{[]string{`expr`, `a`, `=`, `a`, `=`, `1`}, "", "1\n", "", 0},
		{[]string{`expr`, `3`, `>`, `2`, `>`, `0`}, "", "1\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `^a`}, "", "1\n", "", 0},
		{[]string{`expr`, `^abc`, `:`, `^a`}, "", "0\n", "", 1},
		{[]string{`expr`, `abc`, `:`, `a*`}, "", "1\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `.*`}, "", "3\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `\(a\)\(b\)`}, "", "a\n", "", 0},
		{[]string{`expr`, `a`, `:`, `\(`}, "", "", "expr: unmatched ( or \\(\n", 2},
		{[]string{`expr`, `abc`, `:`, `a\|b`}, "", "1\n", "", 0},
		{[]string{`expr`, `a+`, `:`, `a+`}, "", "2\n", "", 0},
		{[]string{`expr`, `x`, `>`, ""}, "", "1\n", "", 0},
		{[]string{`expr`, `-5`, `<`, `3`}, "", "1\n", "", 0},
		{[]string{`expr`, `+5`, `=`, `5`}, "", "0\n", "", 1},
		{[]string{`expr`, ` 5`, `=`, `5`}, "", "0\n", "", 1},
		{[]string{`expr`, `2`, `+`, ` 3`}, "", "", "expr: non-integer argument\n", 2},
		{[]string{`expr`, `1`, `-`, `-1`}, "", "2\n", "", 0},
		{[]string{`expr`, `5`, `/`, `2`, `*`, `2`}, "", "4\n", "", 0},
		{[]string{`expr`, `1`, `+`, `2`, `*`, `3`}, "", "7\n", "", 0},
		{[]string{`expr`, `abc`, `=`, `abc`, `&`, `1`}, "", "1\n", "", 0},
		{[]string{`expr`, `1`, `|`, `0`, `&`, `0`}, "", "1\n", "", 0},
		{[]string{`expr`, `(`, `)`}, "", "", "expr: syntax error: unexpected ')'\n", 2},
		{[]string{`expr`, `(`, `2`, `)`}, "", "2\n", "", 0},
		{[]string{`expr`, `index`, `abc`, ""}, "", "0\n", "", 1},
		{[]string{`expr`, `substr`, `abc`, `2`, `-1`}, "", "\n", "", 1},
		{[]string{`expr`, `substr`, `abc`, `2`, `100`}, "", "bc\n", "", 0},
		{[]string{`expr`, `substr`, `abc`, `1.5`, `1`}, "", "\n", "", 1},
		{[]string{`expr`, `match`}, "", "", "expr: syntax error: missing argument after 'match'\n", 2},
		{[]string{`expr`, `abc`, `:`, `b*`}, "", "0\n", "", 1},
		{[]string{`expr`, `0`, `|`, ""}, "", "0\n", "", 1},
		{[]string{`expr`, `length`, `abcd`, `>`, `3`}, "", "1\n", "", 0},
		{[]string{`expr`, `quote`}, "", "quote\n", "", 0},
		{[]string{`expr`, "", `=`, ""}, "", "1\n", "", 0},
		{[]string{`expr`, `3`, `!=`, `3`}, "", "0\n", "", 1},
		{[]string{`expr`, `5`, `>=`, `5`}, "", "1\n", "", 0},
		{[]string{`expr`, `b`, `<=`, `a`}, "", "0\n", "", 1},
		{[]string{`expr`, `12`, `:`, `1`}, "", "1\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `x*`}, "", "0\n", "", 1},
		{[]string{`expr`, `--`, `-5`, `+`, `1`}, "", "-4\n", "", 0},
		{[]string{`expr`, `-5`, `*`, `-5`}, "", "25\n", "", 0},
		{[]string{`expr`, `2`, `*`, `9999999999999999999999`}, "", "19999999999999999999998\n", "", 0},
		{[]string{`expr`, `ab`, `==`, `ab`}, "", "1\n", "", 0},
		{[]string{`expr`, `foo.txt`, `:`, `\(.*\)\.txt`}, "", "foo\n", "", 0},
		{[]string{`expr`, `abab`, `:`, `\(ab\)*`}, "", "ab\n", "", 0},
		{[]string{`expr`, `aa`, `:`, `\(a\)\1`}, "", "a\n", "", 0},
		{[]string{`expr`, `abc`, `:`, `a\{2\}`}, "", "0\n", "", 1},
		{[]string{`expr`, `a`, `:`, `*a`}, "", "0\n", "", 1},
		{[]string{`expr`, `a`, `|`, `b`, `c`}, "", "", "expr: syntax error: unexpected argument 'c'\n", 2},
		{[]string{`expr`, `length`, `+`, `length`}, "", "6\n", "", 0},
		{[]string{`expr`, `index`, `abc`}, "", "", "expr: syntax error: missing argument after 'abc'\n", 2},
	} {
		out, errs, status := runCmd(t, fsys, tc.stdin, tc.args...)
		if out != tc.out || errs != tc.err || status != tc.status {
			t.Errorf("%q: got (%q, %q, %d), want (%q, %q, %d)", tc.args, out, errs, status, tc.out, tc.err, tc.status)
		}
	}
}
