package shell

import (
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/network"
	"github.com/moonix-sh/moonix/builtins/sandbox"
	"github.com/moonix-sh/moonix/vfs"
)

// TestEveryCommandAnswersHelp checks the contract every builtin shares:
// --help prints a usage that names the command and exits 0, and the
// registry has a summary line for help's listing.
func TestEveryCommandAnswersHelp(t *testing.T) {
	t.Parallel()
	reg := registry(sandbox.Deps{}, network.Deps{})
	cmds := reg.Commands()
	if len(cmds) < 80 {
		t.Fatalf("only %d builtins registered", len(cmds))
	}
	for _, cmd := range cmds {
		var out, errs strings.Builder
		c := &builtins.Call{Args: []string{cmd.Name, "--help"}, Stdout: &out, Stderr: &errs, FS: vfs.NewDefault(vfs.Options{})}
		status := builtins.Run(cmd, c)
		if status != 0 || errs.Len() != 0 || !strings.HasPrefix(out.String(), cmd.Name+" - ") || !strings.Contains(out.String(), "usage:") {
			t.Errorf("%s --help: status %d, stderr %q, stdout %q", cmd.Name, status, errs.String(), out.String())
		}
		if cmd.Summary == "" || strings.Contains(cmd.Summary, "\n") {
			t.Errorf("%s: summary %q is not one line", cmd.Name, cmd.Summary)
		}
		if reg.Lookup(cmd.Name) != cmd {
			t.Errorf("Lookup(%q) does not find it", cmd.Name)
		}
	}
}
