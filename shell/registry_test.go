package shell

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/network"
	"github.com/moonix-sh/moonix/builtins/sandbox"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// TestEveryCommandAnswersHelp checks the contract every builtin shares:
// --help prints a usage in GNU's layout ("Usage: NAME ...", the options
// ending with --help and --version) and exits 0, --version names the
// command and moonix, and the registry has a summary line and a synopsis
// for help's listing.
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
		if status != 0 || errs.Len() != 0 || !strings.HasPrefix(out.String(), "Usage: "+cmd.Name+" ") && !strings.HasPrefix(out.String(), "Usage: "+cmd.Name+"\n") ||
			!strings.Contains(out.String(), "\n      --help") || !strings.Contains(out.String(), "\n      --version") {
			t.Errorf("%s --help: status %d, stderr %q, stdout %q", cmd.Name, status, errs.String(), out.String())
		}
		if len(cmd.Synopsis()) == 0 {
			t.Errorf("%s: no synopsis in %q", cmd.Name, cmd.Usage)
		}
		out.Reset()
		c.Args = []string{cmd.Name, "--version"}
		if status := builtins.Run(cmd, c); status != 0 || !strings.HasPrefix(out.String(), cmd.Name+" ") || !strings.Contains(out.String(), "moonix") {
			t.Errorf("%s --version: status %d, stdout %q", cmd.Name, status, out.String())
		}
		if cmd.Summary == "" || strings.Contains(cmd.Summary, "\n") {
			t.Errorf("%s: summary %q is not one line", cmd.Name, cmd.Summary)
		}
		if reg.Lookup(cmd.Name) != cmd {
			t.Errorf("Lookup(%q) does not find it", cmd.Name)
		}
	}
}

// TestPackages: a configured command package is built with the session's
// resources, its commands run like the builtins (in nested shells too),
// and what it asks the gate is checked and audited; a name taken twice is
// refused.
func TestPackages(t *testing.T) {
	t.Parallel()
	probe := func(res Resources) []*builtins.Command {
		return []*builtins.Command{{Name: "probe", Summary: "probe", Usage: "usage: probe\n", Run: func(c *builtins.Call) int {
			fmt.Fprintf(c.Stdout, "http %v\n", res.HTTP != nil)
			if err := res.Check(caps.MCPCall, "call", "srv/tool"); c.FailDenied(err) {
				return 1
			}
			return 0
		}}}
	}
	log := effects.Memory()
	out, status := runConfig(t, Config{Packages: []Package{probe}, Effects: log}, "probe; sh -c probe; echo $?")
	want := "http true\nmoonix: call srv/tool: permission denied (needs mcp.call:srv/tool)\n" +
		"http true\nmoonix: call srv/tool: permission denied (needs mcp.call:srv/tool)\n1\n"
	if out != want || status != 0 {
		t.Errorf("got %q (%d), want %q", out, status, want)
	}
	if entries, _ := log.Entries(); len(entries) == 0 || entries[0].Kind != effects.Denied || entries[0].Target != "srv/tool" {
		t.Errorf("log: %+v, want the denial audited", entries)
	}
	dup := func(Resources) []*builtins.Command { return []*builtins.Command{{Name: "ls"}} }
	if _, err := New(Config{Packages: []Package{dup}}); err == nil || err.Error() != "two commands named ls" {
		t.Errorf("a package's ls: New gives %v, want an error", err)
	}
	if _, err := New(Config{Packages: []Package{probe, probe}}); err == nil || err.Error() != "two commands named probe" {
		t.Errorf("two packages' probe: New gives %v, want an error", err)
	}
}
