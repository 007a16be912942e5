package sandbox

import (
	"github.com/moonix-sh/moonix/vfs"

	"github.com/moonix-sh/moonix/builtins"
)

func switchCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "switch",
		Summary: "make another branch current, restoring its newest snapshot",
		Usage: `Usage: switch [--discard] [--json] NAME
Make branch NAME the current branch and restore its newest snapshot: the
filesystem, the exported environment and the working directory. Refuses
when the tree has changes since the current snapshot.

      --discard   switch anyway, losing those changes
      --json      print {"branch","id","short","message","time","parent",
                  "dir","env"}
`,
		Run: d.run(runSwitch),
	}
}

func runSwitch(c *call) int {
	return moveBranch(c, 1, "branch name", "switched to", func(args []string, discard bool) (string, vfs.Snapshot, error) {
		if _, cur, err := c.repo.Current(); err == nil && cur == nil {
			return args[0], vfs.Snapshot{}, vfs.ErrNoSnapshot // not even main has one
		}
		snap, err := c.repo.Switch(args[0], discard)
		return args[0], snap, err
	})
}

// moveBranch runs switch and fork: options, operands, the move itself
// (which names the branch it lands on), then the shell's environment and
// directory restored and the result reported.
func moveBranch(c *call, operands int, what, verb string, move func(args []string, discard bool) (string, vfs.Snapshot, error)) int {
	fl := c.Flags()
	discard := fl.Bool("discard", false, "")
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if !wantOperands(c, fl.Args(), operands, what) {
		return 2
	}
	if !hasRepo(c) {
		return 1
	}
	name, snap, err := move(fl.Args(), *discard)
	if err != nil {
		return histFail(c, err)
	}
	if !restoreState(c, snap.State) {
		return 1
	}
	if *asJSON {
		writeJSON(c, branchResult{name, toSnapJSON(snap), toStateJSON(snap.State)})
		return 0
	}
	c.Stdout.Write([]byte(verb + " branch " + name + " at " + describeSnap(snap) + "\n"))
	return 0
}

// branchResult is what switch and fork print with --json.
type branchResult struct {
	Branch string `json:"branch"`
	snapJSON
	stateJSON
}
