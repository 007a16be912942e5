package sandbox

import (
	"github.com/moonix-sh/moonix/vfs"

	"github.com/moonix-sh/moonix/builtins"
)

func forkCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "fork",
		Summary: "start a new branch at any snapshot and switch to it",
		Usage: `Usage: fork [--discard] [--json] ID NAME
Make branch NAME starting at snapshot ID (an id prefix, a branch name,
HEAD, with ~N or ^ as in rollback), make it the current branch and restore
that snapshot: filesystem, exported environment and working directory.
Refuses when the tree has changes since the current snapshot.

      --discard   fork anyway, losing those changes
      --json      print {"branch","id","short","message","time","parent",
                  "dir","env"}
`,
		Run: d.run(runFork),
	}
}

func runFork(c *call) int {
	return moveBranch(c, 2, "snapshot id and branch name", "forked", func(args []string, discard bool) (string, vfs.Snapshot, error) {
		snap, err := c.repo.Fork(args[0], args[1], discard)
		return args[1], snap, err
	})
}
