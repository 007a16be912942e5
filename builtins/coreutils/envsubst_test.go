package coreutils

import "testing"

func TestEnvsubst(t *testing.T) {
	t.Parallel()
	runCasesFresh(t, nil, []cmdCase{
		{Args: []string{"envsubst"}, Stdin: "x $HOME ${HOME} $NOPE ${HOME:-z} $$ $1 ${ $HOME$HOME ${HOME}x $HOME_ \\$HOME $\n",
			Out: "x /work /work  ${HOME:-z} $$ $1 ${ /work/work /workx  \\/work $\n"},
		{Args: []string{"envsubst", "$NOPE"}, Stdin: "a $HOME ${NOPE}b", Out: "a $HOME b"},
		{Args: []string{"envsubst", "-v", "$A ${B} $C $A ${D:-x} $9"}, Out: "A\nB\nC\nA\n"},
		{Args: []string{"envsubst", "--variables", "no references"}},
		{Args: []string{"envsubst", "-v"}, Err: "envsubst: missing arguments\n", Status: 1},
		{Args: []string{"envsubst", "a", "b"}, Err: "envsubst: too many arguments\n", Status: 1},
		{Args: []string{"envsubst", "--bogus"}, Err: "envsubst: unrecognized option '--bogus'\nTry 'envsubst --help' for more information.\n", Status: 1},
	})
}
