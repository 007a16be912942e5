package coreutils

import "testing"

// TestPagers: less and more write through, as the host's do when their
// output is not a terminal.
func TestPagers(t *testing.T) {
	t.Parallel()
	files := map[string]string{"/work/l1": "one\n\n\n\nend\n", "/work/l2": "two"}
	runCasesFresh(t, files, []cmdCase{
		{Args: []string{"less", "l1", "l2"}, Out: "one\n\n\n\nend\ntwo"},
		{Args: []string{"less", "-N", "-s", "-R", "-x4", "+G", "--", "l1"}, Out: "one\n\n\n\nend\n"},
		{Args: []string{"less", "-"}, Stdin: "in\n", Out: "in\n"},
		{Args: []string{"less", "l1", "nope", "l2"}, Out: "one\n\n\n\nend\nnope: No such file or directory\ntwo"},
		{Args: []string{"less", "-Z", "--bogus", "l2"}, Out: "two", Err: "There is no -Z option (\"less --help\" for help)\nThere is no bogus option (\"less --help\" for help)\n"},
		{Args: []string{"less", "-x"}, Err: "Value is required after -x (--tabs)\n"},
		{Args: []string{"more", "l1"}, Out: "::::::::::::::\nl1\n::::::::::::::\none\n\n\n\nend\n"},
		differs("util-linux's more writes its standard input first when it is not a terminal, even with files named; moonix's reads it only without them (in a script read from standard input it would eat the script)",
			cmdCase{Args: []string{"more", "-"}, Stdin: "in\n", Err: "more: cannot open -: No such file or directory\n"}),
		{Args: []string{"more"}, Stdin: "in\n", Out: "in\n"},
		{Args: []string{"more", "l1", "nope", "l2"}, Out: "::::::::::::::\nl1\n::::::::::::::\none\n\n\n\nend\n::::::::::::::\nl2\n::::::::::::::\ntwo", Err: "more: cannot open nope: No such file or directory\n"},
		{Args: []string{"more", "-z"}, Err: "more: invalid option -- 'z'\nTry 'more --help' for more information.\n", Status: 1},
		{Args: []string{"more", "-n"}, Err: "more: option requires an argument -- 'n'\nTry 'more --help' for more information.\n", Status: 1},
	})
}
