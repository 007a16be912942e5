package sandbox

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
)

func capsCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "caps",
		Summary: "list, check or drop the session's capabilities",
		Usage: `Usage: caps [--json]
  or:  caps check [--json] KIND [TARGET]
  or:  caps drop CAP...
With no operand, list the session's rules, one a line: the grants
("allow CAP"), then the denials ("deny  CAP"), which override them; by kind,
then pattern. A capability is KIND or KIND:PATTERN (fs.write:/work/**).

caps check says whether KIND on TARGET is allowed and which rule decided,
and exits 0 when it is, 1 when it is not. For the fs.* kinds TARGET is a
path, relative to the working directory, with its symlinks resolved as the
gate resolves them (a symlink in a place you may not read is not followed);
net.connect takes host[:port], mcp.call server/tool, a2a.delegate an agent,
env.read a variable name, process.spawn a command, git.remote a remote's
name, a host directory or host:port; the other kinds take no target.

caps drop removes capabilities for the rest of the session: each CAP is
added as a denial. The session's set is shared by its nested shells and
subshells, so a drop made in one still holds after it ends. A running
session can drop capabilities but never add them. When one CAP is
malformed, nothing is dropped.
      --json   caps: print {"allow":[CAP...],"deny":[CAP...]};
               caps check: print {"kind","target","allowed","rule"} (target
               is null for kinds without one, rule null when no rule
               covers the target)
`,
		Run: d.run(runCaps),
	}
}

func runCaps(c *call) int {
	fl := c.Flags()
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if c.set == nil {
		c.Fail("this session has no capability set")
		return 1
	}
	ops := fl.Args()
	if len(ops) == 0 {
		listCaps(c, *asJSON)
		return 0
	}
	switch ops[0] {
	case "check":
		return capsCheck(c, ops[1:], *asJSON)
	case "drop":
		if *asJSON {
			return c.Usage("drop takes no --json")
		}
		return capsDrop(c, ops[1:])
	}
	return c.Usage("unknown subcommand %s", builtins.Quote(ops[0]))
}

// sortedCaps orders rules by kind (in the order of caps.Kinds), then
// pattern, without repeats.
func sortedCaps(list []caps.Cap) []string {
	rank := func(k caps.Kind) int { return slices.Index(caps.Kinds, k) }
	slices.SortFunc(list, func(a, b caps.Cap) int {
		return cmp.Or(cmp.Compare(rank(a.Kind), rank(b.Kind)), strings.Compare(a.Pattern, b.Pattern))
	})
	list = slices.Compact(list)
	out := make([]string, len(list))
	for i, cp := range list {
		out[i] = cp.String()
	}
	return out
}

func listCaps(c *call, asJSON bool) {
	allow, deny := sortedCaps(c.set.Grants()), sortedCaps(c.set.Denials())
	if asJSON {
		writeJSON(c, struct {
			Allow []string `json:"allow"`
			Deny  []string `json:"deny"`
		}{allow, deny})
		return
	}
	var b strings.Builder
	for _, s := range allow {
		b.WriteString("allow " + s + "\n")
	}
	for _, s := range deny {
		b.WriteString("deny  " + s + "\n")
	}
	c.Stdout.Write([]byte(b.String()))
}

// targetKinds are the kinds checked against a target, and what it is.
var targetKinds = map[caps.Kind]string{
	caps.FSRead: "path", caps.FSWrite: "path", caps.FSDelete: "path", caps.FSExec: "path",
	caps.NetConnect: "host", caps.MCPCall: "server/tool", caps.A2ADelegate: "agent",
	caps.EnvRead: "variable name", caps.ProcessSpawn: "command", caps.GitRemote: "remote name, host directory or host:port",
}

func capsCheck(c *call, ops []string, asJSON bool) int {
	if len(ops) == 0 {
		return c.Usage("check: missing capability kind")
	}
	kind := caps.Kind(ops[0])
	if !slices.Contains(caps.Kinds, kind) {
		names := make([]string, len(caps.Kinds))
		for i, k := range caps.Kinds {
			names[i] = string(k)
		}
		c.Fail("check: unknown capability kind %q (kinds: %s)", ops[0], strings.Join(names, ", "))
		return 2
	}
	what, targeted := targetKinds[kind]
	switch {
	case targeted && (len(ops) < 2 || ops[1] == ""):
		return c.Usage("check: %s needs a %s", kind, what)
	case !targeted && len(ops) > 1:
		c.Fail("check: %s takes no target (got '%s')", kind, ops[1])
		return 2
	case len(ops) > 2:
		return c.Usage("check: extra operand %s", builtins.Quote(ops[2]))
	}
	var target string
	if targeted {
		target = ops[1]
		if what == "path" {
			real, err := c.set.Resolve(c.FS, c.Abs(target))
			if err != nil {
				// it names nothing: every operation on it fails
				c.FailWith(err, "check: %s: %s", builtins.QuoteName(target), builtins.Reason(err))
				return 1
			}
			target = real
		}
	}
	rule, allowed := c.set.Decide(kind, target)
	if asJSON {
		out := struct {
			Kind    string  `json:"kind"`
			Target  *string `json:"target"`
			Allowed bool    `json:"allowed"`
			Rule    *string `json:"rule"`
		}{Kind: string(kind), Allowed: allowed}
		if targeted {
			out.Target = &target
		}
		if rule != nil {
			s := rule.String()
			out.Rule = &s
		}
		writeJSON(c, out)
	} else {
		subject := string(kind)
		if targeted {
			subject += " " + target
		}
		var why string
		switch {
		case allowed:
			why = "granted by " + rule.String()
		case rule != nil:
			why = "denied by " + rule.String()
		default:
			why = "no grant covers it"
		}
		verdict := "denied"
		if allowed {
			verdict = "allowed"
		}
		fmt.Fprintf(c.Stdout, "%s: %s (%s)\n", verdict, subject, why)
	}
	if !allowed {
		return 1
	}
	return 0
}

func capsDrop(c *call, ops []string) int {
	if len(ops) == 0 {
		return c.Usage("drop: missing capability")
	}
	// Parse every operand before dropping any, so that a typo drops
	// nothing.
	var drop []caps.Cap
	for _, op := range ops {
		cp, err := caps.Parse(op)
		if err != nil {
			c.Fail("%v", err)
			return 2
		}
		drop = append(drop, cp)
	}
	c.set.Drop(drop...)
	return 0
}
