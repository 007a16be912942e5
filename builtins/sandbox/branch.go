package sandbox

import (
	"fmt"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func branchCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "branch",
		Summary: "list branches, or make one at the current snapshot",
		Usage: `Usage: branch [-v] [--json] [NAME]
Without NAME, list the branches, the current one marked *. With NAME, make
a branch that starts at the current snapshot (it does not switch to it:
see switch, and fork to start a branch from another snapshot).

  -v, --verbose   also print each branch's newest snapshot: id and message
      --json      print an array of {"name","id","short","message","current"}
                  (one object for a new branch); id, short and message are
                  null for a branch without snapshots
`,
		Run: d.run(runBranch),
	}
}

type branchJSON struct {
	Name    string  `json:"name"`
	ID      *string `json:"id"`
	Short   *string `json:"short"`
	Message *string `json:"message"`
	Current bool    `json:"current"`
}

func toBranchJSON(b vfs.Branch) branchJSON {
	j := branchJSON{Name: b.Name, Current: b.Current}
	if b.Head.ID != "" {
		id, short, msg := b.Head.ID, b.Head.Short, b.Head.Message
		j.ID, j.Short, j.Message = &id, &short, &msg
	}
	return j
}

func runBranch(c *call) int {
	fl := c.Flags()
	verbose := fl.BoolP("verbose", "v", false, "")
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() > 1 {
		return c.Usage("extra operand %s", builtins.Quote(fl.Arg(1)))
	}
	if !hasRepo(c) {
		return 1
	}
	if fl.NArg() == 1 {
		name := fl.Arg(0)
		if err := c.repo.CreateBranch(name); err != nil {
			return histFail(c, err)
		}
		if *asJSON {
			_, cur, err := c.repo.Current()
			if err != nil {
				return histFail(c, err)
			}
			b := vfs.Branch{Name: name}
			if cur != nil {
				b.Head = *cur
			}
			writeJSON(c, toBranchJSON(b))
		}
		return 0
	}
	branches, err := c.repo.Branches()
	if err != nil {
		return histFail(c, err)
	}
	if *asJSON {
		list := make([]branchJSON, 0, len(branches))
		for _, b := range branches {
			list = append(list, toBranchJSON(b))
		}
		writeJSON(c, list)
		return 0
	}
	width := 0
	for _, b := range branches {
		width = max(width, len(b.Name))
	}
	var out strings.Builder
	for _, b := range branches {
		mark := "  "
		if b.Current {
			mark = "* "
		}
		line := mark + b.Name
		if *verbose && b.Head.ID != "" {
			line = fmt.Sprintf("%s%-*s  %s  %s", mark, width, b.Name, b.Head.Short, firstLine(b.Head.Message))
		}
		out.WriteString(line + "\n")
	}
	c.Stdout.Write([]byte(out.String()))
	return 0
}
