package coreutils

import (
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// dataCase is one command run for the data commands' table tests.
type dataCase struct {
	args   string // split on spaces unless argv is set
	argv   []string
	stdin  string
	out    string
	err    string
	status int
	// differs says why GNU's tool does otherwise, when moonix does so on
	// purpose: the case is then not confirmed against it.
	differs string
}

// runDataCases runs the cases with runCasesFresh, files being relative to
// /work.
func runDataCases(t *testing.T, files map[string]string, cases []dataCase) {
	t.Helper()
	abs := make(map[string]string, len(files))
	for name, content := range files {
		abs["/work/"+name] = content
	}
	cmds := make([]cmdCase, len(cases))
	for i, tc := range cases {
		argv := tc.argv
		if argv == nil {
			argv = strings.Fields(tc.args)
		}
		cmds[i] = cmdCase{Args: argv, Stdin: tc.stdin, Out: tc.out, Err: tc.err, Status: tc.status}
		if tc.differs != "" {
			cmds[i] = differs(tc.differs, cmds[i])
		}
	}
	runCasesFresh(t, abs, cmds)
}

var _ vfs.FS = (*vfs.Tree)(nil)
