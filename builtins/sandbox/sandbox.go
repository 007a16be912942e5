// Package sandbox holds the commands that work on the sandbox itself rather
// than on files: the history of the tree (snapshot, rollback, history,
// branch, switch, fork, status, show, and diff's comparison of snapshots),
// the effect log (effects) and the capabilities (caps).
//
// The session hands them what they work on (Deps): its history and effect
// log, already behind the capability gate, and to caps alone the narrow
// view of the capability set it needs to list, check and drop.
//
// sandbox imports the command contract (builtins), caps (the Repo and
// capability types), effects (entries as the log keeps them), vfs and
// internal/gnudiff. Its commands are safe for concurrent use; each run
// keeps its state in its own call.
package sandbox

import (
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// Deps are what the sandbox commands work on. A nil one is a session
// without it: the commands that need it say so.
type Deps struct {
	// Repo is the history of the tree, behind the gate.
	Repo caps.Repo
	// Effects is the effect log, which the commands only read.
	Effects EffectLog
	// Caps is the session's capability set, for the caps command.
	Caps CapSet
}

// EffectLog is the effect log as the commands read it (*effects.Log).
type EffectLog interface {
	Position() int64
	Entries() ([]effects.Entry, error)
	Load(digest string) ([]byte, error)
	Verify() (int, error)
	Torn() string
	Rotated() int64
}

// CapSet is the capability set as caps uses it (*caps.Set): it lists,
// asks and drops, and cannot add.
type CapSet interface {
	Grants() []caps.Cap
	Denials() []caps.Cap
	Resolve(fsys vfs.FS, name string) (string, error)
	Decide(kind caps.Kind, target string) (rule *caps.Cap, allowed bool)
	Drop(c ...caps.Cap)
}

var (
	_ EffectLog = (*effects.Log)(nil)
	_ CapSet    = (*caps.Set)(nil)
)

// Commands returns the sandbox commands working on d. diff's comparison
// of snapshots is a decorator of the diff command: see Diff.
//
// They are moonix's own, not GNU tools: a usage error exits 2, as a
// shell builtin's does.
func Commands(d Deps) []*builtins.Command {
	cmds := []*builtins.Command{
		snapshotCommand(d), rollbackCommand(d), historyCommand(d), branchCommand(d),
		switchCommand(d), forkCommand(d), statusCommand(d), showCommand(d),
		effectsCommand(d), capsCommand(d), atomicCommand(d),
		remoteCommand(d), pushCommand(d), fetchCommand(d), pullCommand(d),
	}
	for _, cmd := range cmds {
		cmd.UsageStatus = 2
	}
	return cmds
}

// call is one run of a sandbox command: the Call and what it works on.
type call struct {
	*builtins.Call
	repo caps.Repo
	log  EffectLog
	set  CapSet
}

// run adapts a sandbox command's function to the contract.
func (d Deps) run(fn func(c *call) int) func(*builtins.Call) int {
	return func(c *builtins.Call) int {
		return fn(&call{Call: c, repo: d.Repo, log: d.Effects, set: d.Caps})
	}
}

// historyTimeFormat is how the history commands print a snapshot's time
// (always UTC) for people; --json gives RFC 3339.
const historyTimeFormat = "2006-01-02 15:04:05"

// hasRepo reports whether the session keeps a history, and says so when
// it does not.
func hasRepo(c *call) bool {
	if c.repo == nil {
		c.Fail("this session has no history")
		return false
	}
	return true
}

// shellState is the state a snapshot keeps beside the tree: the exported
// environment (see StateEnv), the working directory and the effect log's
// position.
func shellState(c *call) vfs.State {
	st := vfs.State{Env: StateEnv(c.Env), Dir: c.Dir}
	if c.log != nil {
		st.Effects = c.log.Position()
	}
	return st
}

// StateEnv is the environment a snapshot keeps: one entry per name (the
// last one winning, as in LookupEnv), sorted, without PWD and OLDPWD,
// which follow the directory kept beside it.
func StateEnv(environ []string) []string {
	seen := map[string]int{}
	var env []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if name == "PWD" || name == "OLDPWD" {
			continue
		}
		if i, ok := seen[name]; ok {
			env[i] = kv
			continue
		}
		seen[name] = len(env)
		env = append(env, kv)
	}
	slices.Sort(env)
	return env
}

// restoreState makes the calling shell's environment and directory those
// of a snapshot, when the command runs in a shell.
func restoreState(c *call, st vfs.State) bool {
	if c.SetState == nil {
		return true
	}
	if err := c.SetState(st); err != nil {
		c.Fail("cannot restore the environment and directory: %v", err)
		return false
	}
	return true
}

// histFail reports an error from the history, one line, and returns 1.
func histFail(c *call, err error) int {
	switch {
	case c.FailDenied(err):
	case errors.Is(err, vfs.ErrDirty):
		c.Fail("the tree has changes since the last snapshot; snapshot them or use --discard")
	case errors.Is(err, vfs.ErrNoSnapshot):
		c.Fail("no snapshots yet (make one with 'snapshot')")
	default:
		// what ssh said before it gave up, as it says it (Host key
		// verification failed. follows)
		var said interface{ Detail() string }
		if errors.As(err, &said) {
			io.WriteString(c.Stderr, said.Detail())
		}
		c.Fail("%s", firstLine(err.Error()))
	}
	return 1
}

// wantOperands checks that exactly n operands were given (what names the
// first when none was); on a usage error it reports it and returns false
// (the command exits with its usage status, c.Usage's).
func wantOperands(c *call, ops []string, n int, what string) bool {
	switch {
	case len(ops) < n:
		if len(ops) == 0 {
			c.Usage("missing %s", what)
		} else {
			c.Usage("missing operand after %s", builtins.Quote(ops[len(ops)-1]))
		}
		return false
	case len(ops) > n:
		c.Usage("extra operand %s", builtins.Quote(ops[n]))
		return false
	}
	return true
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// describeSnap is how messages name a snapshot: "SHORT (first line of the
// message)".
func describeSnap(s vfs.Snapshot) string {
	return s.Short + " (" + firstLine(s.Message) + ")"
}

// snapJSON is a snapshot in --json output.
type snapJSON struct {
	ID      string  `json:"id"`
	Short   string  `json:"short"`
	Message string  `json:"message"`
	Time    string  `json:"time"`
	Parent  *string `json:"parent"` // null for the first snapshot
}

func toSnapJSON(s vfs.Snapshot) snapJSON {
	j := snapJSON{ID: s.ID, Short: s.Short, Message: s.Message, Time: s.Time.UTC().Format(time.RFC3339)}
	if s.Parent != "" {
		p := s.Parent
		j.Parent = &p
	}
	return j
}

// stateJSON is a snapshot's shell state in --json output.
type stateJSON struct {
	Dir string   `json:"dir"`
	Env []string `json:"env"`
}

func toStateJSON(st vfs.State) stateJSON {
	env := st.Env
	if env == nil {
		env = []string{}
	}
	return stateJSON{Dir: st.Dir, Env: env}
}

// changeJSON is one changed path in --json output.
type changeJSON struct {
	Path string `json:"path"`
	Kind string `json:"kind"` // added, modified or removed
}

func changeKindWord(k vfs.ChangeKind) string {
	switch k {
	case vfs.Added:
		return "added"
	case vfs.Removed:
		return "removed"
	}
	return "modified"
}

func toChangesJSON(changes []vfs.Change) []changeJSON {
	out := make([]changeJSON, 0, len(changes))
	for _, ch := range changes {
		out = append(out, changeJSON{Path: ch.Path, Kind: changeKindWord(ch.Kind)})
	}
	return out
}

// writeChanges prints changes as "K path" lines.
func writeChanges(c *call, changes []vfs.Change) {
	var b strings.Builder
	for _, ch := range changes {
		b.WriteByte(byte(ch.Kind))
		b.WriteByte(' ')
		b.WriteString(ch.Path)
		b.WriteByte('\n')
	}
	c.Stdout.Write([]byte(b.String()))
}

// writeJSON prints v as one line of JSON.
func writeJSON(c *call, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		c.Fail("%v", err)
		return
	}
	c.Stdout.Write(append(data, '\n'))
}

// sortChanges orders changes by path; when a path changes type it is
// removed before it is added.
func sortChanges(changes []vfs.Change) {
	rank := map[vfs.ChangeKind]int{vfs.Removed: 0, vfs.Modified: 1, vfs.Added: 2}
	slices.SortStableFunc(changes, func(a, b vfs.Change) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return rank[a.Kind] - rank[b.Kind]
	})
}

// workingChanges is what changed since the current snapshot. Before the
// first snapshot everything in the tree (devices aside, which history does
// not keep) is added.
func workingChanges(c *call) ([]vfs.Change, error) {
	changes, err := c.repo.Changes("HEAD", "")
	if errors.Is(err, vfs.ErrNoSnapshot) {
		return allAdded(c)
	}
	sortChanges(changes)
	return changes, err
}

// allAdded lists every path of the working tree that history records
// as added.
func allAdded(c *call) ([]vfs.Change, error) {
	out, err := c.repo.Changes(vfs.NullSpec, "")
	sortChanges(out)
	return out, err
}
