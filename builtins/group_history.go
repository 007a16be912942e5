package builtins

import (
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/vfs"
)

// historyCommands work on the history of the filesystem (Call.Repo):
// snapshots, rollback, branches, what changed, and the effect log that a
// rollback cannot undo. diff's tree mode is in
// difftree.go.
func historyCommands() []*Command {
	return []*Command{
		snapshotCommand(),
		rollbackCommand(),
		historyCommand(),
		branchCommand(),
		switchCommand(),
		forkCommand(),
		statusCommand(),
		showCommand(),
		effectsCommand(),
	}
}

// historyTimeFormat is how the history commands print a snapshot's time
// (always UTC) for people; --json gives RFC 3339.
const historyTimeFormat = "2006-01-02 15:04:05"

// hasRepo reports whether the session keeps a history, and says so when
// it does not.
func hasRepo(c *Call) bool {
	if c.Repo == nil {
		c.Fail("this session has no history")
		return false
	}
	return true
}

// shellState is the state a snapshot keeps beside the tree: the exported
// environment (see StateEnv), the working directory and the effect log's
// position.
func shellState(c *Call) vfs.State {
	st := vfs.State{Env: StateEnv(c.Env), Dir: c.Dir}
	if c.Effects != nil {
		st.Effects = c.Effects.Position()
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
func restoreState(c *Call, st vfs.State) bool {
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
func histFail(c *Call, err error) int {
	switch {
	case c.FailDenied(err):
	case errors.Is(err, vfs.ErrDirty):
		c.Fail("the tree has changes since the last snapshot; snapshot them or use --discard")
	case errors.Is(err, vfs.ErrNoSnapshot):
		c.Fail("no snapshots yet (make one with 'snapshot')")
	default:
		c.Fail("%s", firstLine(err.Error()))
	}
	return 1
}

// wantOperands checks that exactly n operands were given (what names the
// first when none was); on a usage error it reports it and returns false
// (the command exits 2).
func wantOperands(c *Call, ops []string, n int, what string) bool {
	switch {
	case len(ops) < n:
		if len(ops) == 0 {
			c.Fail("missing %s (try '%s --help')", what, c.Name())
		} else {
			c.Fail("missing operand after '%s' (try '%s --help')", ops[len(ops)-1], c.Name())
		}
		return false
	case len(ops) > n:
		c.Fail("extra operand '%s' (try '%s --help')", ops[n], c.Name())
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
func writeChanges(c *Call, changes []vfs.Change) {
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
func writeJSON(c *Call, v any) {
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
func workingChanges(c *Call) ([]vfs.Change, error) {
	changes, err := c.Repo.Changes("HEAD", "")
	if errors.Is(err, vfs.ErrNoSnapshot) {
		return allAdded(c)
	}
	sortChanges(changes)
	return changes, err
}

// allAdded lists every path of the working tree as added.
func allAdded(c *Call) ([]vfs.Change, error) {
	var out []vfs.Change
	err := vfs.WalkDir(c.FS, "/", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == "/" || d.Type()&fs.ModeDevice != 0 {
			return nil
		}
		out = append(out, vfs.Change{Path: p, Kind: vfs.Added})
		return nil
	})
	sortChanges(out)
	return out, err
}
