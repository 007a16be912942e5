package sandbox

import (
	"github.com/moonix-sh/moonix/builtins"
)

func statusCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "status",
		Summary: "list the paths changed since the current snapshot",
		Usage: `Usage: status [--json]
List the paths that differ from the current snapshot, sorted, one a line:
A (added), M (modified: content, symlink target or executable bit),
D (removed). Directories are listed too. Nothing is printed when the tree
is clean; before the first snapshot everything is added.

      --json   print {"branch","id","short","dirty","changes":[{"path","kind"}]}
               (kind: added, modified, removed; id and short are null before
               the first snapshot; dirty says whether the tree differs from
               the snapshot, permission changes included)
`,
		Run: d.run(runStatus),
	}
}

func runStatus(c *call) int {
	fl := c.Flags()
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() > 0 {
		return c.Usage("extra operand %s", builtins.Quote(fl.Arg(0)))
	}
	if !hasRepo(c) {
		return 1
	}
	changes, err := workingChanges(c)
	if err != nil {
		return histFail(c, err)
	}
	if !*asJSON {
		writeChanges(c, changes)
		return 0
	}
	branch, cur, err := c.repo.Current()
	if err != nil {
		return histFail(c, err)
	}
	out := struct {
		Branch  string       `json:"branch"`
		ID      *string      `json:"id"`
		Short   *string      `json:"short"`
		Dirty   bool         `json:"dirty"`
		Changes []changeJSON `json:"changes"`
	}{Branch: branch, Dirty: len(changes) > 0 || c.repo.Dirty(), Changes: toChangesJSON(changes)}
	if cur != nil {
		out.ID, out.Short = &cur.ID, &cur.Short
	}
	writeJSON(c, out)
	return 0
}
