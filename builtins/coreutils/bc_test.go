package coreutils

import "testing"

// TestBcCommand: the command around internal/bc (whose own table says
// what the language does): files, then standard input, -l, errors.
func TestBcCommand(t *testing.T) {
	t.Parallel()
	files := map[string]string{"/work/lib.bc": "define sq(x) { return x*x; }\n", "/work/bad.bc": "1+\n", "/work/q.bc": "3\nquit\n"}
	runCasesFresh(t, files, []cmdCase{
		{Args: []string{"bc", "lib.bc"}, Stdin: "sq(12)\n", Out: "144\n"},
		{Args: []string{"bc", "-l"}, Stdin: "scale\ns(1)\n", Out: "20\n.84147098480789650665\n"},
		{Args: []string{"bc", "--mathlib", "-q", "q.bc"}, Stdin: "4\n", Out: "3\n"},
		{Args: []string{"bc", "bad.bc"}, Stdin: "2\n", Out: "2\n", Err: "bad.bc 2: syntax error\n"},
		{Args: []string{"bc", "nofile"}, Stdin: "2\n", Err: "File nofile is unavailable.\n", Status: 1},
		differs("GNU bc prints its usage on standard output after a bad option; moonix points to --help on standard error, as every other tool",
			cmdCase{Args: []string{"bc", "-z"}, Err: "bc: invalid option -- 'z'\nTry 'bc --help' for more information.\n", Status: 1}),
	})
}
