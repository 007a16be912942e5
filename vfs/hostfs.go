package vfs

import (
	"os"
	"path/filepath"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
)

// rootFS is the workspace directory as go-git sees it: names relative to
// root, joined to it without more ado. billy's own chroot (osfs.New)
// resolves symlinks one path element at a time with an Lstat each, on
// every open: a third of the cost of reading a loose object. The
// repository is moonix's own directory, held under its lock; nothing in it
// is a symlink that needs following.
type rootFS struct {
	root string
	os   *osfs.ChrootOS // osfs.Default: host paths as given
}

func newRootFS(root string) billy.Filesystem {
	return &rootFS{root: root, os: osfs.Default}
}

var _ billy.Filesystem = (*rootFS)(nil)

func (r *rootFS) abs(name string) string { return filepath.Join(r.root, name) }

// rootFile gives back the name a file was opened with (go-git renames
// temporary files by their Name).
type rootFile struct {
	billy.File
	name string
}

func (f rootFile) Name() string { return f.name }

func (r *rootFS) wrap(f billy.File, name string, err error) (billy.File, error) {
	if err != nil {
		return nil, err
	}
	return rootFile{f, name}, nil
}

func (r *rootFS) Create(name string) (billy.File, error) {
	f, err := r.os.Create(r.abs(name))
	return r.wrap(f, name, err)
}

func (r *rootFS) Open(name string) (billy.File, error) {
	f, err := r.os.Open(r.abs(name))
	return r.wrap(f, name, err)
}

func (r *rootFS) OpenFile(name string, flag int, perm os.FileMode) (billy.File, error) {
	f, err := r.os.OpenFile(r.abs(name), flag, perm)
	return r.wrap(f, name, err)
}

func (r *rootFS) TempFile(dir, prefix string) (billy.File, error) {
	f, err := r.os.TempFile(r.abs(dir), prefix)
	if err != nil {
		return nil, err
	}
	return rootFile{f, filepath.Join(dir, filepath.Base(f.Name()))}, nil
}

func (r *rootFS) Stat(name string) (os.FileInfo, error)  { return os.Stat(r.abs(name)) }
func (r *rootFS) Lstat(name string) (os.FileInfo, error) { return os.Lstat(r.abs(name)) }
func (r *rootFS) Rename(from, to string) error           { return r.os.Rename(r.abs(from), r.abs(to)) }
func (r *rootFS) Remove(name string) error               { return os.Remove(r.abs(name)) }
func (r *rootFS) Join(elem ...string) string             { return filepath.Join(elem...) }
func (r *rootFS) ReadDir(name string) ([]os.FileInfo, error) {
	return r.os.ReadDir(r.abs(name))
}
func (r *rootFS) MkdirAll(name string, perm os.FileMode) error {
	return os.MkdirAll(r.abs(name), perm)
}
func (r *rootFS) Symlink(target, link string) error { return r.os.Symlink(target, r.abs(link)) }
func (r *rootFS) Readlink(link string) (string, error) {
	return os.Readlink(r.abs(link))
}
func (r *rootFS) Chroot(name string) (billy.Filesystem, error) {
	return newRootFS(r.abs(name)), nil
}
func (r *rootFS) Root() string { return r.root }
