package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/moonix-sh/moonix/vfs"
	"github.com/spf13/cobra"
)

// Files cross between the host and the VFS only here, by an explicit act
// of the user outside the sandbox: --import HOSTPATH:VPATH when a run
// starts, `moonix import` and `moonix export`. What comes in is a normal
// change of the tree (status shows it, snapshot keeps it); neither way
// follows a host symlink out of the named tree, and neither writes through
// one.

// transfer is one file or directory to copy, planned before anything is
// written: a bad entry anywhere refuses the whole copy.
type transfer struct {
	rel  string // slash path below the named root; "" for the root
	mode fs.FileMode
	link string // a symlink's target, as written
}

// side is one side of a copy: the host or the VFS, with slash paths.
type side struct {
	lstat    func(name string) (fs.FileInfo, error)
	readlink func(name string) (string, error)
	walk     func(root string, fn func(name string) error) error
}

// hostSide is the host's filesystem, through slash paths.
var hostSide = side{
	lstat: func(n string) (fs.FileInfo, error) { return os.Lstat(filepath.FromSlash(n)) },
	readlink: func(n string) (string, error) {
		l, err := os.Readlink(filepath.FromSlash(n))
		return filepath.ToSlash(l), err
	},
	walk: func(root string, fn func(string) error) error {
		return filepath.WalkDir(filepath.FromSlash(root), func(p string, _ fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return fn(filepath.ToSlash(p))
		})
	},
}

// vfsSide is fsys as a side of a copy.
func vfsSide(fsys vfs.FS) side {
	return side{
		lstat:    fsys.Lstat,
		readlink: fsys.Readlink,
		walk: func(root string, fn func(string) error) error {
			return vfs.WalkDir(fsys, root, func(p string, _ fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				return fn(p)
			})
		},
	}
}

// plan lists what is at root (an absolute, clean slash path) on t:
// regular files, directories, and symlinks whose target stays inside root
// (made relative, so that the copy stays inside too). Anything else, and
// root itself being a symlink, is an error.
func (t side) plan(root string) ([]transfer, error) {
	info, err := t.lstat(root)
	if err != nil {
		return nil, err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s: is a symbolic link (name what it points to)", root)
	}
	var out []transfer
	err = t.walk(root, func(p string) error {
		info, err := t.lstat(p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, root), "/")
		tr := transfer{rel: rel, mode: info.Mode()}
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := t.readlink(p)
			if err != nil {
				return err
			}
			resolved := target
			if !path.IsAbs(target) {
				resolved = path.Join(path.Dir(p), target)
			}
			if !within(root, path.Clean(resolved)) {
				return fmt.Errorf("%s: symbolic link to %s points outside %s", p, target, root)
			}
			if path.IsAbs(target) {
				target, _ = filepath.Rel(path.Dir(p), target)
			}
			tr.link = filepath.ToSlash(target)
		case info.Mode().IsRegular(), info.IsDir():
		default:
			return fmt.Errorf("%s: not a regular file, directory or symbolic link", p)
		}
		out = append(out, tr)
		return nil
	})
	return out, err
}

// within reports whether the slash path p is root or below it.
func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/")
}

// destination is where a copy of something named base goes when the user
// names dest: into dest when dest is a directory, as cp does, else dest.
func destination(exists func(string) (isDir bool, ok bool), dest, base string) string {
	if isDir, ok := exists(dest); ok && isDir {
		return path.Join(dest, base)
	}
	return dest
}

// importInto copies the host file or directory host to vpath in tree.
func importInto(tree vfs.FS, host, vpath string) error {
	if !path.IsAbs(vpath) {
		return fmt.Errorf("%s: the path in the workspace must be absolute", vpath)
	}
	root, err := filepath.Abs(host)
	if err != nil {
		return err
	}
	plan, err := hostSide.plan(filepath.ToSlash(root))
	if err != nil {
		return err
	}
	dest := destination(func(p string) (bool, bool) {
		info, err := tree.Stat(p)
		return err == nil && info.IsDir(), err == nil
	}, path.Clean(vpath), filepath.Base(filepath.Clean(host)))
	if err := vfs.MkdirAll(tree, path.Dir(dest), 0o755); err != nil {
		return err
	}
	for _, t := range plan {
		v := path.Join(dest, t.rel)
		switch {
		case t.link != "":
			if err := tree.Symlink(t.link, v); err != nil {
				return err
			}
		case t.mode.IsDir():
			if err := tree.Mkdir(v, t.mode.Perm()|0o700); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
		default:
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(t.rel)))
			if err != nil {
				return err
			}
			if err := vfs.WriteFile(tree, v, data, t.mode.Perm()); err != nil {
				return err
			}
			if err := tree.Chmod(v, t.mode.Perm()); err != nil {
				return err
			}
		}
	}
	// Directories get their own modes last, once their entries are in.
	for _, t := range plan {
		if t.mode.IsDir() && t.link == "" {
			if err := tree.Chmod(path.Join(dest, t.rel), t.mode.Perm()); err != nil {
				return err
			}
		}
	}
	return nil
}

// exportFrom copies vpath of tree to the host path host. Nothing existing
// on the host is replaced: a file or link already there is an error, so
// no host symlink is ever written through.
func exportFrom(tree vfs.FS, vpath, host string) error {
	vpath = path.Clean(vpath)
	if !path.IsAbs(vpath) {
		return fmt.Errorf("%s: the path in the workspace must be absolute", vpath)
	}
	plan, err := vfsSide(tree).plan(vpath)
	if err != nil {
		return err
	}
	dest := destination(func(p string) (bool, bool) {
		info, err := os.Lstat(p) // a link to a directory is not a directory here
		return err == nil && info.IsDir(), err == nil
	}, host, path.Base(vpath))
	for _, t := range plan {
		h := filepath.Join(dest, filepath.FromSlash(t.rel))
		switch {
		case t.link != "":
			err = os.Symlink(t.link, h)
		case t.mode.IsDir():
			err = os.Mkdir(h, t.mode.Perm()|0o700)
		default:
			err = exportFile(tree, path.Join(vpath, t.rel), h, t.mode.Perm())
		}
		if err != nil {
			return err
		}
	}
	for _, t := range plan {
		if t.mode.IsDir() && t.link == "" {
			if err := os.Chmod(filepath.Join(dest, filepath.FromSlash(t.rel)), t.mode.Perm()); err != nil {
				return err
			}
		}
	}
	return nil
}

func exportFile(tree vfs.FS, vpath, host string, perm fs.FileMode) error {
	src, err := tree.OpenFile(vpath, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer src.Close()
	// O_EXCL: never through an existing file or link.
	dst, err := os.OpenFile(host, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	if err := dst.Close(); err != nil {
		return err
	}
	return os.Chmod(host, perm)
}

// parseImport splits --import HOSTPATH:VPATH at its last colon.
func parseImport(spec string) (host, vpath string, err error) {
	i := strings.LastIndex(spec, ":")
	if i <= 0 || i == len(spec)-1 {
		return "", "", usageErr("--import %s: want HOSTPATH:VPATH", spec)
	}
	return spec[:i], spec[i+1:], nil
}

// importAll runs the --import flags into tree.
func importAll(tree vfs.FS, specs []string) error {
	for _, spec := range specs {
		host, vpath, err := parseImport(spec)
		if err != nil {
			return err
		}
		if err := importInto(tree, host, vpath); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return hostPathError("--import: "+pe.Path, err, 1)
			}
			return &exitError{status: 1, msg: "--import: " + err.Error()}
		}
	}
	return nil
}

// transferCommand is `moonix import` or `moonix export`: it opens the
// workspace, copies, and for an import keeps the working state.
func (p *Program) transferCommand(std stdio, o *options, name string) *cobra.Command {
	use, short, long := "import HOSTPATH VPATH", "copy a host file or directory into the workspace",
		`import copies the host file or directory HOSTPATH into the workspace's
tree at VPATH (into VPATH when it is a directory, as cp does), keeping
permission bits. It is an ordinary change of the tree: status lists it,
snapshot keeps it. Symbolic links are copied as links when they point
inside HOSTPATH; one pointing out of it refuses the whole import, and
nothing is copied. Capabilities do not apply: this is you acting outside
the sandbox.`
	if name == "export" {
		use, short, long = "export VPATH HOSTPATH", "copy a file or directory of the workspace to the host",
			`export copies VPATH of the workspace's working tree to the host path
HOSTPATH (into HOSTPATH when it is a directory). Nothing on the host is
replaced or written through: an existing file or link in the way stops the
export. Symbolic links are copied as relative links when they point inside
VPATH; one pointing out of it refuses the whole export, and nothing is
written.`
	}
	cmd := &cobra.Command{
		Use: use, Short: short, Long: long,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErr("%s: want two operands: %s", name, strings.TrimPrefix(use, name+" "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.workspace == "" && p.UserDataDir == nil && p.LookupEnv == nil {
				return usageErr("%s: no workspace (use --workspace DIR)", name)
			}
			ws, err := p.openWorkspace(cmd.Context(), o, std.err)
			if err != nil {
				return err
			}
			if ws == nil {
				return usageErr("%s: no workspace (use --workspace DIR)", name)
			}
			defer ws.close()
			if err := ws.mount(nil); err != nil { // mounted paths copy as the session sees them
				return err
			}
			st := vfs.State{Dir: "/work"}
			if ws.resumed != nil {
				st = *ws.resumed
			}
			if name == "export" {
				if err := exportFrom(ws.tree, args[0], args[1]); err != nil {
					return &exitError{status: 1, msg: "export: " + err.Error()}
				}
				return nil
			}
			if err := importInto(ws.tree, args[0], args[1]); err != nil {
				return &exitError{status: 1, msg: "import: " + err.Error()}
			}
			st.Effects = ws.effects.Position()
			if err := ws.repo.SaveWorking(st); err != nil {
				return &exitError{status: 1, msg: fmt.Sprintf("import: workspace %s: %v", ws.dir, err)}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&o.workspace, "workspace", "", "host directory holding the workspace (default $XDG_DATA_HOME/moonix/default)")
	return cmd
}
