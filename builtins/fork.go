package builtins

func forkCommand() *Command {
	return &Command{
		Name:    "fork",
		Summary: "start a new branch at any snapshot and switch to it",
		Usage: `usage: fork [--discard] [--json] ID NAME
Make branch NAME starting at snapshot ID (an id prefix, a branch name,
HEAD, with ~N or ^ as in rollback), make it the current branch and restore
that snapshot: filesystem, exported environment and working directory.
Refuses when the tree has changes since the current snapshot.
      --discard   fork anyway, losing those changes
      --json      print {"branch","id","short","message","time","parent",
                  "dir","env"}
`,
		Run: runFork,
	}
}

func runFork(c *Call) int {
	fl := c.Flags()
	discard := fl.Bool("discard", false, "")
	asJSON := fl.Bool("json", false, "")
	if !c.Parse(fl) {
		return 2
	}
	if !wantOperands(c, fl.Args(), 2, "snapshot id and branch name") {
		return 2
	}
	if !hasRepo(c) {
		return 1
	}
	name := fl.Arg(1)
	snap, err := c.Repo.Fork(fl.Arg(0), name, *discard)
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
	c.Stdout.Write([]byte("forked branch " + name + " at " + describeSnap(snap) + "\n"))
	return 0
}
