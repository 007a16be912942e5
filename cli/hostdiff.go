package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"

	"github.com/moonix-sh/moonix/internal/gnudiff"
	"github.com/moonix-sh/moonix/vfs"
	"github.com/spf13/cobra"
)

// diffCommand is `moonix diff --host VPATH`: the changes a copy-on-write
// mount of the workspace holds, as a unified diff against its host
// directory that `patch -p1` or `git apply` applies there.
func (p *Program) diffCommand(std stdio, o *options) *cobra.Command {
	var host bool
	cmd := &cobra.Command{
		Use:   "diff --host VPATH",
		Short: "print a mount's changes as a patch for its host directory",
		Long: `diff --host prints the changes that the copy-on-write mount at VPATH
holds (files changed, added and removed in the workspace's working tree)
as a unified diff against the host directory it mounts, with paths a/NAME
and b/NAME relative to that directory: in it, 'patch -p1' or 'git apply'
makes the host's files what the workspace has. Nothing is written.
Binary files, symbolic links and empty new files cannot be said in this
format: stderr names them (moonix export copies them). The exit status is
0 when there is no change, 1 when there are changes, 2 on trouble.`,
		Args: func(_ *cobra.Command, args []string) error {
			if !host {
				return usageErr("diff: --host is required")
			}
			if len(args) != 1 {
				return usageErr("diff: want one operand: --host VPATH")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ws, err := p.openWorkspace(cmd.Context(), o, std.err)
			if err != nil {
				return err
			}
			if ws == nil {
				return usageErr("diff: no workspace (use --workspace DIR)")
			}
			defer ws.close()
			if err := ws.mount(nil); err != nil {
				return err
			}
			status, err := hostDiff(ws, path.Clean(args[0]), std.out, std.err)
			if err != nil {
				return &exitError{status: 2, msg: "diff: " + err.Error()}
			}
			if status != 0 {
				return &exitError{status: status}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&host, "host", false, "compare the mount at VPATH with its host directory")
	cmd.Flags().StringVar(&o.workspace, "workspace", "", "host directory holding the workspace (default $XDG_DATA_HOME/moonix/default)")
	return cmd
}

// mount mounts the workspace's mount table and specs on its tree.
func (w *workspace) mount(specs []string) error {
	var table []vfs.MountInfo
	if w.resumed != nil {
		table = w.resumed.Mounts
	}
	return mountAll(w.tree, table, specs, w.stderr)
}

// hostDiff writes the patch of the mount at vpath to out, notes on what
// it cannot hold to errw, and returns diff's status.
func hostDiff(ws *workspace, vpath string, out, errw io.Writer) (int, error) {
	var info *vfs.MountInfo
	var cow []string
	for _, m := range ws.tree.MountTable() {
		if m.Mode == "cow" {
			cow = append(cow, m.Path)
			if m.Path == vpath {
				info = &m
			}
		}
	}
	if info == nil {
		return 2, fmt.Errorf("%s: not a copy-on-write mount of the workspace (mounts: %v)", vpath, cow)
	}
	host, err := vfs.OpenHostDir(info.Source)
	if err != nil {
		return 2, fmt.Errorf("%s: %v", info.Source, err)
	}
	entries, err := ws.tree.Overlay(vpath)
	if err != nil {
		return 2, err
	}
	// the host's files each change touches, and what the tree has
	type change struct {
		rel       string
		old, new  []byte
		hasOld    bool
		hasNew    bool
		newIsLink bool
	}
	changes := map[string]*change{}
	get := func(rel string) *change {
		if changes[rel] == nil {
			changes[rel] = &change{rel: rel}
		}
		return changes[rel]
	}
	var special []string                  // what the host has there and a patch cannot say
	hostFiles := func(rel string) error { // every host file at or below rel
		info, err := host.Lstat(rel)
		if err != nil {
			return err
		}
		if !info.IsDir() {
			if info.Mode().IsRegular() {
				get(rel).hasOld = true
			} else {
				special = append(special, rel)
			}
			return nil
		}
		return fs.WalkDir(host.FS(), rel, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.Type().IsRegular():
				get(path.Clean(p)).hasOld = true
			case !d.IsDir():
				special = append(special, path.Clean(p))
			}
			return nil
		})
	}
	for _, e := range entries {
		if e.Removed {
			if err := hostFiles(e.Rel); err != nil {
				return 2, err
			}
			continue
		}
		switch {
		case e.Mode.IsRegular():
			c := get(e.Rel)
			c.hasNew = true
			if err := hostFiles(e.Rel); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return 2, err
			}
		case e.Mode&fs.ModeSymlink != 0:
			get(e.Rel).newIsLink = true
		}
	}
	rels := make([]string, 0, len(changes))
	for rel := range changes {
		rels = append(rels, rel)
	}
	slices.Sort(rels)
	status := 0
	slices.Sort(special)
	for _, rel := range special {
		fmt.Fprintf(errw, "moonix: diff: %s: not a regular file on the host: its removal is not in the patch\n", rel)
		status = 1
	}
	for _, rel := range rels {
		c := changes[rel]
		if c.newIsLink {
			fmt.Fprintf(errw, "moonix: diff: %s: a symbolic link: not in the patch\n", rel)
			status = 1
			continue
		}
		if c.hasOld {
			if c.old, err = host.ReadFile(rel); err != nil {
				return 2, err
			}
		}
		if c.hasNew {
			if c.new, err = vfs.ReadFile(ws.tree, path.Join(vpath, rel)); err != nil {
				return 2, err
			}
		}
		if c.hasOld == c.hasNew && bytes.Equal(c.old, c.new) {
			continue
		}
		status = 1
		if gnudiff.IsBinary(c.old) || gnudiff.IsBinary(c.new) || c.hasNew && len(c.new) == 0 && !c.hasOld {
			fmt.Fprintf(errw, "moonix: diff: %s: binary or empty: not in the patch\n", rel)
			continue
		}
		labels := []string{"a/" + rel, "b/" + rel}
		if !c.hasOld {
			labels[0] = "/dev/null"
		}
		if !c.hasNew {
			labels[1] = "/dev/null"
		}
		opts := gnudiff.Options{Format: gnudiff.Unified, Context: 3, Labels: labels}
		if _, err := opts.Compare(out, gnudiff.File{Name: labels[0], Data: c.old}, gnudiff.File{Name: labels[1], Data: c.new}, ""); err != nil {
			return 2, err
		}
	}
	return status, nil
}
