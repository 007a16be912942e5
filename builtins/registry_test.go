package builtins

import (
	"strings"
	"testing"
)

// TestEveryCommandAnswersHelp checks the contract every builtin shares:
// --help prints a usage that names the command and exits 0, and the
// registry has a summary line for help's listing.
func TestEveryCommandAnswersHelp(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	cmds := testRegistry.Commands()
	if len(cmds) < 70 {
		t.Fatalf("only %d builtins registered", len(cmds))
	}
	for _, cmd := range cmds {
		out, errs, status := runCmd(t, fsys, "", cmd.Name, "--help")
		if status != 0 || errs != "" || !strings.HasPrefix(out, cmd.Name+" - ") || !strings.Contains(out, "usage:") {
			t.Errorf("%s --help: status %d, stderr %q, stdout %q", cmd.Name, status, errs, out)
		}
		if cmd.Summary == "" || strings.Contains(cmd.Summary, "\n") {
			t.Errorf("%s: summary %q is not one line", cmd.Name, cmd.Summary)
		}
		if testRegistry.Lookup(cmd.Name) != cmd {
			t.Errorf("testRegistry.Lookup(%q) does not find it", cmd.Name)
		}
	}
}
