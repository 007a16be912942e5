package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

func effectsCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "effects",
		Summary: "list what a rollback cannot undo: the effect log",
		Usage: `Usage: effects [--since ID] [--kind KIND]... [--denied | --all] [--json]
  or:  effects show ENTRY
  or:  effects verify
List the effect log, oldest first, one effect a line: its short id, its
sequence number, kind, target, outcome, and the snapshot that was current
(- before the first). Effects are what a rollback cannot undo: HTTP
requests (kind http), reads of the real clock (clock) and of real
randomness (random), allowed by clock.read and random.read: the reads one
command makes are one entry, the command (or $SRANDOM, $EPOCHSECONDS,
/dev/urandom) as target, the value read as response; requests made of
MCP servers, listings included (mcp), and host programs started for them
(process). The tool calls an MCP client made of moonix's own server (mcp
serve) are listed too (mcp-in), as a record of what an agent did; they
are not effects themselves (what they did is); requests made of A2A
agents (a2a: the agent and the operation as target, the task's final
state as outcome), and the tasks an agent sent moonix a2a serve
(a2a-in), listed as mcp-in is; pushes to a remote of the history
(git-push: the remote's URL as target), and fetches from one
(git-fetch, also of pull and moonix clone), which are listed but change
nothing outside, as mcp-in; and the commands a push or fetch over ssh ran
on the remote (ssh: ssh://USER@HOST:PORT as target, the host key shown
as a field). An operation that
leaves the sandbox is logged before it starts and again when it ends; one
that never ended (moonix was killed) shows "unknown outcome".
Capability denials are logged too (kind denied), for audit only: they are
not effects, and are listed only with --denied, --all or --kind denied.

  -s, --since=ID     only what was logged after snapshot ID was taken: ID
                     is a unique prefix of a snapshot id, a branch, or
                     HEAD, optionally followed by ~N or ^ (a snapshot a
                     clone or a fetch brought was taken in another
                     workspace: all of this log is after it, and stderr
                     says so)
  -k, --kind=KIND    only entries of KIND (http, ssh, clock, random, mcp,
                     process, a2a, git-push, git-fetch, mcp-in, a2a-in,
                     denied);
                     repeatable, or a comma-separated list
  -d, --denied       only the denials (with --kind, the denials too)
  -a, --all          the effects and the denials
      --json         print an array of entries as the log has them
                     {"id","seq","prev","kind","phase","time",
                     "duration_ns","snapshot","target","request",
                     "response","outcome"}, with "short", "irreversible"
                     and, for an operation that ended, its end entry as
                     "end"; "outcome" is the effect's (its end's, or
                     "unknown outcome")

effects show ENTRY prints one entry in full: ENTRY is its sequence number
or a prefix of its id (4 characters at least); an operation's begin and
end are shown together. Request and response bodies come from the log's
store: text as it is, binary data as its size and digest.

effects verify checks the log's hash chain (every entry's id is the hash
of its content and names the entry before it) and prints "effects verify:
ok (N entries)"; when the chain is broken (an entry was edited, removed or
moved) it says where and exits 1. A torn last record found when the log
was opened (moonix was killed in the middle of a write) is reported too.
`,
		Run: d.run(runEffects),
	}
}

// effectKinds are the kinds --kind accepts.
var effectKinds = effects.Kinds

func runEffects(c *call) int {
	fl := c.Flags()
	since := fl.StringP("since", "s", "", "")
	kinds := fl.StringArrayP("kind", "k", nil, "")
	denied := fl.BoolP("denied", "d", false, "")
	all := fl.BoolP("all", "a", false, "")
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	sub := ""
	if len(ops) > 0 {
		sub, ops = ops[0], ops[1:]
	}
	listing := fl.Changed("since") || fl.Changed("kind") || *denied || *all
	switch sub {
	case "":
	case "show", "verify":
		if listing || *asJSON {
			return c.Usage("%s takes no options", sub)
		}
		want := 0
		if sub == "show" {
			want = 1
			if !wantOperands(c, ops, 1, "entry") {
				return 2
			}
		}
		if len(ops) > want {
			return c.Usage("extra operand %s", builtins.Quote(ops[want]))
		}
	default:
		return c.Usage("extra operand %s", builtins.Quote(sub))
	}
	filter, ok := effectFilter(c, *kinds, *denied, *all)
	if !ok {
		return 2
	}
	if c.log == nil {
		c.Fail("this session has no effect log")
		return 1
	}
	switch sub {
	case "show":
		return effectsShow(c, ops[0])
	case "verify":
		return effectsVerify(c)
	}
	var snap vfs.Snapshot
	if fl.Changed("since") {
		if !hasRepo(c) {
			return 1
		}
		var err error
		if snap, err = c.repo.Resolve(*since); err != nil {
			return histFail(c, err)
		}
	}
	list, err := afterState(c, snap)
	var shown []effects.Effect
	for _, e := range list {
		if filter[e.Kind] || len(filter) == 0 && e.Kind != effects.Denied {
			shown = append(shown, e)
		}
	}
	if *asJSON {
		out := make([]effectJSON, 0, len(shown))
		for _, e := range shown {
			out = append(out, toEffectJSON(e))
		}
		writeJSON(c, out)
	} else {
		c.Stdout.Write([]byte(effectLines(c, shown, "")))
	}
	if err != nil {
		c.Fail("%v", err)
		return 1
	}
	return 0
}

// effectFilter is the set of kinds to list from --kind, --denied and
// --all; an empty set means every kind but denied.
func effectFilter(c *call, kinds []string, denied, all bool) (map[effects.Kind]bool, bool) {
	filter := map[effects.Kind]bool{}
	if all {
		for _, k := range effectKinds {
			filter[k] = true
		}
		return filter, true
	}
	for _, arg := range kinds {
		for _, k := range strings.Split(arg, ",") {
			k = strings.TrimSpace(k)
			if !slices.Contains(effectKinds, effects.Kind(k)) {
				names := make([]string, len(effectKinds))
				for i, k := range effectKinds {
					names[i] = string(k)
				}
				c.Fail("unknown kind '%s' (kinds: %s)", k, strings.Join(names, ", "))
				return nil, false
			}
			filter[effects.Kind(k)] = true
		}
	}
	if denied {
		filter[effects.Denied] = true
	}
	return filter, true
}

// loadEffects reads the log and pairs its begin and end entries. On a
// damaged log it returns what it could read, and the error.
func loadEffects(c *call) ([]effects.Effect, error) {
	entries, err := c.log.Entries()
	return effects.Collapse(entries), err
}

// afterState reads the effects logged after snapshot snap was taken (all
// of them for the zero Snapshot). A snapshot a clone or a fetch brought
// was taken in another workspace, and its place is in that workspace's
// log: every effect of this log counts as after it (a clone's log begins
// with the clone), and a warning on stderr says that those made there are
// not known here.
func afterState(c *call, snap vfs.Snapshot) ([]effects.Effect, error) {
	list, err := loadEffects(c)
	if snap.Arrived {
		fmt.Fprintf(c.Stderr, "warning: %s was taken in another workspace: the effects made there are not known here, and all of this one's count as after it\n", snap.Short)
		return list, err
	}
	return effects.After(list, snap.State.Effects), err
}

// warnEffects tells, on stderr, of the effects made after snapshot target
// that rolling back to it leaves in place.
func warnEffects(c *call, target vfs.Snapshot) {
	if c.log == nil {
		return
	}
	all, err := afterState(c, target)
	var list []effects.Effect
	for _, e := range all {
		if e.Irreversible() {
			list = append(list, e)
		}
	}
	if len(list) > 0 {
		fmt.Fprintf(c.Stderr, "warning: %d external effect(s) cannot be undone\n", len(list))
		c.Stderr.Write([]byte(effectLines(c, list, "  ")))
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "warning: the effect log cannot be read whole: %v\n", err)
	}
}

// effectLines formats effects one a line, in aligned columns, each line
// starting with indent: short id, seq, kind, target, outcome, snapshot.
func effectLines(c *call, list []effects.Effect, indent string) string {
	snaps := snapNames{c: c}
	rows := make([][]string, len(list))
	widths := make([]int, 5)
	for i, e := range list {
		outcome := e.Outcome()
		if e.Count > 0 {
			outcome += fmt.Sprintf(" (%d more)", e.Count)
		}
		row := []string{e.Short(), strconv.FormatInt(e.Seq, 10), string(e.Kind), orDash(e.Target), outcome, snaps.short(e.Snapshot)}
		for j := range widths {
			widths[j] = max(widths[j], utf8.RuneCountInString(row[j]))
		}
		rows[i] = row
	}
	var b strings.Builder
	for _, row := range rows {
		b.WriteString(indent)
		for j, cell := range row {
			if j == len(row)-1 {
				b.WriteString(cell)
				break
			}
			pad := strings.Repeat(" ", widths[j]-utf8.RuneCountInString(cell))
			if j == 1 { // numbers align right
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
			b.WriteString("  ")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// snapNames names snapshots by their short ids, as history does.
type snapNames struct {
	c     *call
	names map[string]vfs.Snapshot
}

// lookup resolves a snapshot id, once; ok is false when the history does
// not know it (or there is none).
func (n *snapNames) lookup(id string) (vfs.Snapshot, bool) {
	if n.names == nil {
		n.names = map[string]vfs.Snapshot{}
	}
	if s, ok := n.names[id]; ok {
		return s, s.ID != ""
	}
	var s vfs.Snapshot
	if n.c.repo != nil {
		s, _ = n.c.repo.Resolve(id)
	}
	n.names[id] = s
	return s, s.ID != ""
}

func (n *snapNames) short(id string) string {
	if id == "" {
		return "-"
	}
	if s, ok := n.lookup(id); ok {
		return s.Short
	}
	return id[:min(7, len(id))]
}

// effectJSON is an effect in --json output: its begin (or only) entry,
// with the outcome of the effect.
type effectJSON struct {
	effects.Entry
	Short        string         `json:"short"`
	Irreversible bool           `json:"irreversible"`
	End          *effects.Entry `json:"end,omitempty"`
}

func toEffectJSON(e effects.Effect) effectJSON {
	j := effectJSON{Entry: e.Entry, Short: e.Short(), Irreversible: e.Irreversible(), End: e.End}
	j.Outcome = e.Outcome()
	return j
}

// findEffect finds the effect an ENTRY operand names: a sequence number
// (of its begin or its end), else a prefix of an id.
func findEffect(list []effects.Effect, spec string) (effects.Effect, error) {
	if n, err := strconv.ParseInt(spec, 10, 64); err == nil {
		for _, e := range list {
			if e.Seq == n || e.End != nil && e.End.Seq == n {
				return e, nil
			}
		}
	}
	if len(spec) < 4 || strings.Trim(strings.ToLower(spec), "0123456789abcdef") != "" {
		return effects.Effect{}, fmt.Errorf("no entry '%s' (give its sequence number or 4 characters of its id at least)", spec)
	}
	spec = strings.ToLower(spec)
	var found []effects.Effect
	for _, e := range list {
		if strings.HasPrefix(e.ID, spec) || e.End != nil && strings.HasPrefix(e.End.ID, spec) {
			found = append(found, e)
		}
	}
	switch len(found) {
	case 0:
		return effects.Effect{}, fmt.Errorf("no entry '%s'", spec)
	case 1:
		return found[0], nil
	}
	return effects.Effect{}, fmt.Errorf("entry '%s' is ambiguous: %d entries start with it", spec, len(found))
}

func effectsShow(c *call, spec string) int {
	list, err := loadEffects(c)
	e, ferr := findEffect(list, spec)
	if ferr != nil {
		if err != nil {
			c.Fail("%v", err)
		}
		c.Fail("%v", ferr)
		return 1
	}
	var b strings.Builder
	field := func(name, value string) { fmt.Fprintf(&b, "%-10s%s\n", name+":", value) }
	field("id", e.ID)
	field("seq", strconv.FormatInt(e.Seq, 10))
	field("kind", string(e.Kind))
	field("target", orDash(e.Target))
	field("time", e.Time.UTC().Format(time.RFC3339Nano))
	if e.End != nil {
		field("duration", time.Duration(e.End.Duration).String())
	} else if e.Duration != 0 {
		field("duration", time.Duration(e.Duration).String())
	}
	snaps := snapNames{c: c}
	switch s, ok := snaps.lookup(e.Snapshot); {
	case e.Snapshot == "":
		field("snapshot", "- (none yet)")
	case ok:
		field("snapshot", describeSnap(s))
	default:
		field("snapshot", e.Snapshot)
	}
	field("outcome", e.Outcome())
	switch {
	case e.Count > 0:
		field("note", fmt.Sprintf("%d more denials like seq %d, the last at %s: logged for audit, not effects",
			e.Count, e.Repeats, e.Last.UTC().Format(time.RFC3339Nano)))
	case e.Kind == effects.Denied:
		field("note", "a capability denial, logged for audit: not an effect")
	case !e.Irreversible():
		field("note", "refused before it started: not an effect")
	}
	field("prev", orDash(e.Prev))
	showPayload(c, &b, "request", e.Request)
	resp := e.Response
	if e.End != nil {
		resp = e.End.Response
	}
	showPayload(c, &b, "response", resp)
	if e.End != nil {
		field("end", fmt.Sprintf("seq %d, id %s", e.End.Seq, e.End.ID))
	} else if e.Phase == effects.PhaseBegin {
		field("end", "none: the operation may or may not have happened")
	}
	c.Stdout.Write([]byte(b.String()))
	if err != nil {
		c.Fail("%v", err)
		return 1
	}
	return 0
}

// showPayload writes a request or response: its summary, its fields
// (sorted), and its body from the store.
func showPayload(c *call, b *strings.Builder, name string, p *effects.Payload) {
	if p == nil {
		return
	}
	fmt.Fprintf(b, "%-10s%s\n", name+":", p.Summary)
	keys := make([]string, 0, len(p.Fields))
	for k := range p.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(b, "  %s: %s\n", k, p.Fields[k])
	}
	if p.Digest == "" {
		return
	}
	body, err := c.log.Load(p.Digest)
	switch {
	case err != nil:
		fmt.Fprintf(b, "  body: %s (%s)\n", p.Digest, err)
	case utf8.Valid(body) && !bytes.ContainsRune(body, 0):
		fmt.Fprintf(b, "  body: %d %s, %s\n", len(body), plural(len(body), "byte", "bytes"), p.Digest)
		text := strings.TrimSuffix(string(body), "\n")
		for line := range strings.SplitSeq(text, "\n") {
			b.WriteString("    " + line + "\n")
		}
	default:
		fmt.Fprintf(b, "  body: %d %s of binary data, %s\n", len(body), plural(len(body), "byte", "bytes"), p.Digest)
	}
}

func effectsVerify(c *call) int {
	n, err := c.log.Verify()
	if torn := c.log.Torn(); torn != "" {
		fmt.Fprintf(c.Stderr, "effects verify: when the log was opened, a %s\n", torn)
	}
	if err != nil {
		msg := err.Error()
		if !errors.Is(err, effects.ErrBroken) {
			msg = effects.ErrBroken.Error() + ": " + msg
		}
		fmt.Fprintf(c.Stderr, "effects verify: %s\n", msg)
		return 1
	}
	rotated := ""
	if r := c.log.Rotated(); r > 0 {
		rotated = fmt.Sprintf("; %d older %s of denials rotated out", r, plural(int(r), "entry", "entries"))
	}
	fmt.Fprintf(c.Stdout, "effects verify: ok (%d %s%s)\n", n, plural(n, "entry", "entries"), rotated)
	return 0
}

// plural is one or many, as n says.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
