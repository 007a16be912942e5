package sandbox

import (
	"fmt"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func rollbackCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "rollback",
		Summary: "put the tree, environment and directory back to a snapshot",
		Usage: `Usage: rollback [--dry-run] [--json] ID
Restore the filesystem, the exported environment and the working directory
of snapshot ID, which becomes the current snapshot. ID is a unique prefix
of a snapshot id (4 characters at least), a branch name, or HEAD (the
current snapshot), optionally followed by ~N (N snapshots before) or ^.
Changes made since the last snapshot are not lost: they are kept as a
snapshot on no branch (history --all lists it), stderr says so, and
'rollback -' brings them back. ID - is the state before the last rollback,
as cd - goes back to the previous directory. Snapshots newer than ID stay
in the history, and rolling back to one of them rolls forward. What cannot be undone stays: when effects
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
	if st, ok := c.Parse(fl); !ok {
		return st
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
	back, kept, err := keepUnsaved(c, target)
	if err != nil {
		return histFail(c, err)
	}
	snap, err := c.repo.Rollback(target.ID)
	if err != nil {
		// what was kept stays in history --all, unannounced: nothing
		// was replaced
		return histFail(c, err)
	}
	if back.ID != "" {
		if err := c.repo.SetPrevious(back.ID); err != nil {
			return histFail(c, err)
		}
	}
	if kept != 0 {
		noun := "paths"
		if kept == 1 {
			noun = "path"
		}
		fmt.Fprintf(c.Stderr, "rollback: unsaved changes (%d %s) kept as %s; 'rollback -' brings them back\n", kept, noun, back.Short)
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

// keepUnsaved records the working state a rollback to target replaces,
// when its files differ from the current snapshot; it returns the
// snapshot that rollback - is to go back to (the one kept, else the
// current one, none before the first snapshot) and how many paths were
// kept (0: none).
func keepUnsaved(c *call, target vfs.Snapshot) (back vfs.Snapshot, kept int, err error) {
	snap, n, err := c.repo.Keep("unsaved changes before rollback to "+target.Short, shellState(c))
	if err != nil {
		return vfs.Snapshot{}, 0, err
	}
	if n > 0 {
		return snap, n, nil
	}
	if _, cur, err := c.repo.Current(); err == nil && cur != nil {
		return *cur, 0, nil
	}
	return vfs.Snapshot{}, 0, nil
}
