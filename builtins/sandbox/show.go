package sandbox

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
)

func showCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "show",
		Summary: "print a file as it was in a snapshot",
		Usage: `Usage: show [--json] ID:PATH
Print the content of file PATH (relative to the working directory, or
absolute) as it was in snapshot ID (an id prefix, a branch name, HEAD,
with ~N or ^ as in rollback). For a symlink, print its target.

      --json   print {"id","short","path","size","encoding","content"};
               encoding is utf-8, or base64 when the content is not UTF-8
`,
		Run: d.run(runShow),
	}
}

func runShow(c *call) int {
	fl := c.Flags()
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if !wantOperands(c, fl.Args(), 1, "operand ID:PATH") {
		return 2
	}
	op := fl.Arg(0)
	spec, name, ok := strings.Cut(op, ":")
	if !ok {
		return c.Usage("%s: expected ID:PATH, a snapshot and a file in it", op)
	}
	if !hasRepo(c) {
		return 1
	}
	snap, err := c.repo.Resolve(spec)
	if err != nil {
		return histFail(c, err)
	}
	p := c.Abs(name)
	if p == "" {
		p = c.Dir
	}
	data, err := c.repo.ReadFile(snap.ID, p)
	if err != nil {
		c.FailErr(op, err)
		return 1
	}
	if !*asJSON {
		c.Stdout.Write(data)
		return 0
	}
	out := struct {
		ID       string `json:"id"`
		Short    string `json:"short"`
		Path     string `json:"path"`
		Size     int    `json:"size"`
		Encoding string `json:"encoding"`
		Content  string `json:"content"`
	}{snap.ID, snap.Short, p, len(data), "utf-8", string(data)}
	if !utf8.Valid(data) {
		out.Encoding, out.Content = "base64", base64.StdEncoding.EncodeToString(data)
	}
	writeJSON(c, out)
	return 0
}
