package sandbox

import (
	"github.com/moonix-sh/moonix/builtins"
)

func rollbackCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "rollback",
		Summary: "put the tree, environment and directory back to a snapshot",
		Usage: `usage: rollback [--dry-run] [--json] ID
Restore the filesystem, the exported environment and the working directory
of snapshot ID, which becomes the current snapshot. ID is a unique prefix
of a snapshot id (4 characters at least), a branch name, or HEAD (the
current snapshot), optionally followed by ~N (N snapshots before) or ^.
Changes made since the last snapshot are discarded (snapshot them first to
keep them); snapshots newer than ID stay in the history, and rolling back
to one of them rolls forward. What cannot be undone stays: when effects
were logged after ID was taken (HTTP requests, real clock and random
reads: see effects), stderr says "warning: N external effect(s) cannot be
undone" and lists them, as effects does; the effect log keeps them.
  -n, --dry-run   only list what would change, one path a line: A (rollback
                  creates it), M (changes it), D (removes it); change nothing
      --json      print the snapshot as {"id","short","message","time",
                  "parent","dir","env"}; with --dry-run, also "changes":
                  [{"path","kind"}] (kind: added, modified, removed)
`,
		Run: d.run(runRollback),
	}
}

func runRollback(c *call) int {
	fl := c.Flags()
	dry := fl.BoolP("dry-run", "n", false, "")
	asJSON := fl.Bool("json", false, "")
	if !c.Parse(fl) {
		return 2
	}
	if !wantOperands(c, fl.Args(), 1, "snapshot id") {
		return 2
	}
	if !hasRepo(c) {
		return 1
	}
	target, err := c.repo.Resolve(fl.Arg(0))
	if err != nil {
		return histFail(c, err)
	}
	type result struct {
		snapJSON
		stateJSON
		Changes *[]changeJSON `json:"changes,omitempty"`
	}
	if *dry {
		// From the working tree to the target: Added is what rollback
		// would create, Removed what it would delete.
		changes, err := c.repo.Changes("", target.ID)
		if err != nil {
			return histFail(c, err)
		}
		sortChanges(changes)
		if *asJSON {
			list := toChangesJSON(changes)
			writeJSON(c, result{toSnapJSON(target), toStateJSON(target.State), &list})
			return 0
		}
		warnEffects(c, target)
		writeChanges(c, changes)
		return 0
	}
	snap, err := c.repo.Rollback(target.ID)
	if err != nil {
		return histFail(c, err)
	}
	warnEffects(c, snap)
	if !restoreState(c, snap.State) {
		return 1
	}
	if *asJSON {
		writeJSON(c, result{snapJSON: toSnapJSON(snap), stateJSON: toStateJSON(snap.State)})
		return 0
	}
	c.Stdout.Write([]byte("rolled back to " + describeSnap(snap) + "\n"))
	return 0
}
