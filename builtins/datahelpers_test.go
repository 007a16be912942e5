package builtins

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
}

// runDataCases runs each case on a tree made by setup (files relative to
// /work) and compares stdout, stderr and status exactly.
func runDataCases(t *testing.T, files map[string]string, cases []dataCase) {
	t.Helper()
	for _, tc := range cases {
		argv := tc.argv
		if argv == nil {
			argv = strings.Fields(tc.args)
		}
		t.Run(strings.Join(argv, " "), func(t *testing.T) {
			t.Parallel()
			fsys := testTree(t)
			for name, content := range files {
				writeFile(t, fsys, "/work/"+name, content)
			}
			out, errs, status := runCmd(t, fsys, tc.stdin, argv...)
			if out != tc.out || errs != tc.err || status != tc.status {
				t.Errorf("%q:\n got (%q, %q, %d)\nwant (%q, %q, %d)", argv, out, errs, status, tc.out, tc.err, tc.status)
			}
		})
	}
}

var _ vfs.FS = (*vfs.Tree)(nil)
