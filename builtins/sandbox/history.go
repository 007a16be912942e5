package sandbox

import (
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func historyCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "history",
		Summary: "list snapshots, newest first",
		Usage: `Usage: history [-n N] [--all] [--json]
List the snapshots of the current branch, newest first, one a line:
a * marking the current snapshot, the short id, the time (UTC) and the
first line of the message.

  -n, --max-count=N   list only the N newest
  -a, --all           list every snapshot: other branches' too, and those a
                      branch moved away from after a rollback
      --json          print an array of {"id","short","message","time",
                      "parent","current"}
`,
		Run: d.run(runHistory),
	}
}

func runHistory(c *call) int {
	fl := c.Flags()
	count := fl.StringP("max-count", "n", "", "")
	all := fl.BoolP("all", "a", false, "")
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() > 0 {
		return c.Usage("extra operand %s", builtins.Quote(fl.Arg(0)))
	}
	n := 0
	if fl.Changed("max-count") {
		v, err := strconv.Atoi(*count)
		if err != nil || v < 0 {
			c.Fail("invalid number of snapshots: '%s'", *count)
			return 2
		}
		n = v
	}
	if !hasRepo(c) {
		return 1
	}
	if fl.Changed("max-count") && n == 0 {
		if *asJSON {
			c.Stdout.Write([]byte("[]\n"))
		}
		return 0
	}
	snaps, err := c.repo.Log(n, *all)
	if err != nil {
		return histFail(c, err)
	}
	_, cur, err := c.repo.Current()
	if err != nil {
		return histFail(c, err)
	}
	current := ""
	if cur != nil {
		current = cur.ID
	}
	if *asJSON {
		type entry struct {
			snapJSON
			Current bool `json:"current"`
		}
		list := make([]entry, 0, len(snaps))
		for _, s := range snaps {
			list = append(list, entry{toSnapJSON(s), s.ID == current})
		}
		writeJSON(c, list)
		return 0
	}
	var b strings.Builder
	for _, s := range snaps {
		mark := "  "
		if s.ID == current {
			mark = "* "
		}
		b.WriteString(mark + s.Short + "  " + s.Time.UTC().Format(historyTimeFormat) + "  " + firstLine(s.Message) + "\n")
	}
	c.Stdout.Write([]byte(b.String()))
	return 0
}
