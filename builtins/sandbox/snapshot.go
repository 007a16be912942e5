package sandbox

import (
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func snapshotCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "snapshot",
		Summary: "record the tree, exported environment and directory",
		Usage: `Usage: snapshot [-m MESSAGE] [--json] [MESSAGE...]
Commit the whole filesystem (files, directories empty or not, symlinks,
modes, deletions) with the exported environment and the working directory
as a new snapshot on the current branch, and print its short id. The
message is the words given (joined by spaces), after any -m; it defaults to
"snapshot". When nothing changed since the current snapshot, no snapshot is
made: its id is printed and stderr says so.

  -m, --message=MSG   the message (may be given with words, which follow it)
      --json          print {"id","short","message","time","parent","branch",
                      "created"} instead
`,
		Run: d.run(runSnapshot),
	}
}

func runSnapshot(c *call) int {
	fl := c.Flags()
	msgs := fl.StringArrayP("message", "m", nil, "")
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if !hasRepo(c) {
		return 1
	}
	msg := strings.Join(append(*msgs, fl.Args()...), " ")
	snap, created, err := c.repo.Snapshot(msg, shellState(c))
	if err != nil {
		return histFail(c, err)
	}
	if *asJSON {
		branch, _, _ := c.repo.Current()
		writeJSON(c, struct {
			snapJSON
			Branch  string `json:"branch"`
			Created bool   `json:"created"`
		}{toSnapJSON(snap), branch, created})
		return 0
	}
	c.Stdout.Write([]byte(snap.Short + "\n"))
	if !created {
		c.Fail("nothing changed since %s", snap.Short)
	}
	return 0
}
