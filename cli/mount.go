package cli

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// Host directory mounts (--mount HOSTDIR:VPATH[:ro|:cow]): the host
// directory appears at VPATH, read when it is first looked at; ro refuses
// every change, cow (the default) keeps changes in the tree, never on the
// host (vfs.CopyOnWrite). The host is read
// through an os.Root opened on HOSTDIR, which refuses any name that
// would leave it (.., a symlink pointing out), and moonix resolves the
// mount's symlinks in the VFS as it resolves any other, so neither an
// absolute link nor one climbing out reaches the host. A directory is
// listed once, a file read whole once, when first used, and kept: a file
// the host changes meanwhile is seen as it was then, never half old and
// half new. FIFOs, sockets and devices are listed as such and never
// opened.

// mountSpec is one --mount flag.
type mountSpec struct {
	host, vpath string
	mode        vfs.MountMode
}

// mountModes are the modes a --mount may name.
var mountModes = map[string]vfs.MountMode{"ro": vfs.ReadOnly, "cow": vfs.CopyOnWrite}

// parseMount reads HOSTDIR:VPATH[:ro|:cow].
func parseMount(spec string) (mountSpec, error) {
	m := mountSpec{mode: vfs.CopyOnWrite}
	rest := spec
	if i := strings.LastIndex(rest, ":"); i >= 0 {
		if mode, ok := mountModes[rest[i+1:]]; ok {
			m.mode, rest = mode, rest[:i]
		}
	}
	i := strings.LastIndex(rest, ":/")
	if i <= 0 {
		return m, usageErr("--mount %s: want HOSTDIR:VPATH[:ro|:cow], VPATH absolute", spec)
	}
	m.host, m.vpath = rest[:i], path.Clean(rest[i+1:])
	if m.vpath == "/" {
		return m, usageErr("--mount %s: cannot mount over /", spec)
	}
	return m, nil
}

// mountAll mounts on tree the mounts of the workspace's table (table),
// then the --mount flags (which replace a mount of the table at the same
// path). A host directory of the table that cannot be opened is mounted
// empty, and stderr says so: the changes history has of it are there,
// the host's files are not.
func mountAll(tree *vfs.Tree, table []vfs.MountInfo, specs []string, stderr io.Writer) error {
	var flags []mountSpec
	given := map[string]bool{}
	for _, spec := range specs {
		m, err := parseMount(spec)
		if err != nil {
			return err
		}
		flags = append(flags, m)
		given[m.vpath] = true
	}
	for _, info := range table {
		if given[info.Path] {
			continue
		}
		var src vfs.Source
		src, err := vfs.OpenHostDir(info.Source)
		if err != nil {
			fmt.Fprintf(stderr, "moonix: mount %s: %s: %s (mounted empty: what history has of it is there, the host's files are not)\n",
				info.Path, info.Source, builtins.Reason(underlying(err)))
			src = goneDir(info.Source)
		}
		if err := tree.Mount(info.Path, src, mountModes[info.Mode]); err != nil {
			return hostPathError("mount "+info.Path, underlying(err), 1)
		}
	}
	for _, m := range flags {
		src, err := vfs.OpenHostDir(m.host)
		if err != nil {
			return hostPathError("--mount: "+m.host, underlying(err), 1)
		}
		if err := tree.Mount(m.vpath, src, m.mode); err != nil {
			return hostPathError("--mount: "+m.vpath, underlying(err), 1)
		}
	}
	return nil
}

// goneDir is a host directory of the mount table that is gone: it lists
// nothing, and keeps its name in the table.
type goneDir string

func (g goneDir) String() string { return string(g) }

func (g goneDir) ReadDir(string) ([]vfs.SourceEntry, error) { return nil, nil }

func (g goneDir) ReadFile(string) ([]byte, error) { return nil, fs.ErrNotExist }

// underlying is the cause a *fs.PathError wraps.
func underlying(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
