package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudiff"
	"github.com/moonix-sh/moonix/vfs"
)

// Diff decorates files, diff's comparison of files, with the history's
// comparison of snapshots: when the session has a history and diff's
// operands name snapshots (or there are none), it compares them file by
// file, git style; otherwise files runs as it is.
func Diff(d Deps) func(files *builtins.Command) *builtins.Command {
	return func(files *builtins.Command) *builtins.Command {
		synopsis, rest, _ := strings.Cut(files.Usage, "\n")
		return &builtins.Command{
			Name:        files.Name,
			Summary:     files.Summary + ", or snapshots of the tree",
			Usage:       synopsis + "\n  or:  diff [OPTION]... [ID [ID2]]\n" + rest + "\n" + treeUsage,
			UsageStatus: files.UsageStatus,
			TryHelp:     files.TryHelp,
			Version:     files.Version,
			Run: d.run(func(c *call) int {
				fl := c.Flags()
				opts := gnudiff.AddFlags(fl)
				if fl.Parse(c.Args[1:]) != nil || opts.Resolve() != nil {
					return files.Run(c.Call) // which reports the usage error
				}
				t := &differ{c: c, opts: opts, w: c.Stdout}
				if !t.treeMode(fl.Args()) {
					return files.Run(c.Call)
				}
				if !opts.Styled {
					opts.Format = gnudiff.Unified // unified unless told otherwise
				}
				return t.tree(fl.Args(), opts.JSON)
			}),
		}
	}
}

const treeUsage = `With snapshots (see snapshot, history): with no operand, diff compares the
current snapshot with the working tree; with ID, snapshot ID with the
working tree; with ID ID2, the two snapshots. IDs are as in rollback (id
prefix, branch, HEAD~N); an operand that names an existing file is never
taken for a snapshot. Each changed file gets a "diff --git a/PATH b/PATH"
line and a unified diff (-c and --normal choose the other formats) with
a/PATH and b/PATH, or /dev/null for an added or removed file; only the
executable bit changing shows as "mode changed".
      --json                with snapshots: print an array of
                            {"path","kind","diff"} (kind: added, modified,
                            removed) for the changed files
`

// differ is one comparison of snapshots.
type differ struct {
	c      *call
	opts   *gnudiff.Flags
	w      io.Writer
	broken bool // a write failed
}

// treeMode reports whether diff's operands name snapshots: the session has
// a history, no operand names a file, and every operand resolves. With
// fewer than two operands (which GNU diff would refuse) it only asks that
// no operand names a file, so that a bad id gets a clear error.
func (d *differ) treeMode(ops []string) bool {
	c := d.c
	if c.repo == nil || len(ops) > 2 {
		return false
	}
	for _, op := range ops {
		if op == "" || op == "-" {
			return false
		}
		if _, err := c.FS.Lstat(c.Abs(op)); err == nil {
			return false
		}
	}
	if len(ops) < 2 {
		return true
	}
	for _, op := range ops {
		if _, err := c.repo.Resolve(op); err != nil {
			return false
		}
	}
	return true
}

// diffJSON is one changed file in diff --json.
type diffJSON struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	Diff string `json:"diff"`
}

// tree compares snapshot ops[0] (the current one when there is none) with
// ops[1] (the working tree when there is none). Before the first snapshot,
// every file of the working tree is added.
func (d *differ) tree(ops []string, asJSON bool) int {
	c := d.c
	from, to := "HEAD", ""
	switch len(ops) {
	case 1:
		from = ops[0]
	case 2:
		from, to = ops[0], ops[1]
	}
	var changes []vfs.Change
	fromID, toID := "", ""
	snap, err := c.repo.Resolve(from)
	switch {
	case err == nil:
		fromID = snap.ID
	case len(ops) == 0 && errors.Is(err, vfs.ErrNoSnapshot):
		if changes, err = allAdded(c); err != nil {
			c.FailWith(err, "%v", err)
			return 2
		}
	default:
		histFail(c, err)
		return 2
	}
	if to != "" {
		snap, err := c.repo.Resolve(to)
		if err != nil {
			histFail(c, err)
			return 2
		}
		toID = snap.ID
	}
	if fromID != "" {
		if changes, err = c.repo.Changes(fromID, toID); err != nil {
			histFail(c, err)
			return 2
		}
		sortChanges(changes)
	}
	status := 0
	list := []diffJSON{}
	out := d.w
	for _, ch := range changes {
		if d.broken || c.Canceled() {
			break
		}
		var data [2][]byte
		isDir := false
		for i, spec := range []string{fromID, toID} {
			if i == 0 && ch.Kind == vfs.Added || i == 1 && ch.Kind == vfs.Removed {
				continue
			}
			data[i], err = c.repo.ReadFile(spec, ch.Path)
			if errors.Is(err, syscall.EISDIR) {
				isDir = true // directories have no content to compare
			} else if err != nil {
				c.FailErr(ch.Path, err)
				status = 2
				isDir = true
				break // one message a path
			}
		}
		if isDir {
			continue
		}
		var buf bytes.Buffer
		if asJSON {
			d.w = &buf
		}
		status = max(status, d.treeFile(ch, data[0], data[1]))
		d.w = out
		if asJSON {
			list = append(list, diffJSON{Path: ch.Path, Kind: changeKindWord(ch.Kind), Diff: buf.String()})
		}
	}
	if asJSON {
		writeJSON(c, list)
	}
	return status
}

// treeFile writes the differences of one changed file, git style.
func (d *differ) treeFile(ch vfs.Change, data0, data1 []byte) int {
	name := strings.TrimPrefix(ch.Path, "/")
	a, b := "a/"+name, "b/"+name
	d.opts.Labels = []string{a, b}
	if ch.Kind == vfs.Added {
		d.opts.Labels[0] = "/dev/null"
	}
	if ch.Kind == vfs.Removed {
		d.opts.Labels[1] = "/dev/null"
	}
	head := "diff --git " + a + " " + b + "\n"
	var err error
	switch {
	case bytes.Equal(data0, data1) && d.opts.Brief:
		_, err = fmt.Fprintf(d.w, "Files %s and %s differ\n", d.opts.Labels[0], d.opts.Labels[1])
	case bytes.Equal(data0, data1) && ch.Kind == vfs.Modified:
		// Changes counts the executable bit; the contents are the same.
		_, err = io.WriteString(d.w, head+"mode changed\n")
	case bytes.Equal(data0, data1):
		// An empty file added or removed: no hunk, but say so.
		_, err = fmt.Fprintf(d.w, "%s--- %s\n+++ %s\n", head, d.opts.Labels[0], d.opts.Labels[1])
	case !d.opts.Text && !d.opts.Brief && (gnudiff.IsBinary(data0) || gnudiff.IsBinary(data1)):
		_, err = fmt.Fprintf(d.w, "%sBinary files %s and %s differ\n", head, d.opts.Labels[0], d.opts.Labels[1])
	default:
		status, err := d.opts.Compare(d.w, gnudiff.File{Name: a, Data: data0}, gnudiff.File{Name: b, Data: data1}, head)
		if err != nil {
			d.broken = true
		}
		return status
	}
	if err != nil {
		d.broken = true
	}
	return 1
}
