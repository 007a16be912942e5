package builtins

import (
	"errors"
	"io/fs"
	"slices"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// denials are the capability denials a command met, oldest first, so that
// Call.Fail can word them as the gate does.
type denials struct {
	mu   sync.Mutex
	list []*caps.DeniedError
}

func (d *denials) note(err error) error {
	var denied *caps.DeniedError
	if errors.As(err, &denied) {
		d.mu.Lock()
		d.list = append(d.list, denied)
		d.mu.Unlock()
	}
	return err
}

func (d *denials) take() *caps.DeniedError {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.list) == 0 {
		return nil
	}
	first := d.list[0]
	d.list = d.list[1:]
	return first
}

// forget drops d, reported by other means, so that a later Fail does not
// take it for its own.
func (d *denials) forget(denied *caps.DeniedError) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if i := slices.Index(d.list, denied); i >= 0 {
		d.list = slices.Delete(d.list, i, i+1)
	}
}

// trackDenials notes every denial the FS returns.
func trackDenials(fsys vfs.FS, d *denials) vfs.FS { return denialFS{FS: fsys, d: d} }

type denialFS struct {
	vfs.FS
	d *denials
}

func (f denialFS) OpenFile(name string, flag int, perm fs.FileMode) (vfs.File, error) {
	file, err := f.FS.OpenFile(name, flag, perm)
	return file, f.d.note(err)
}

func (f denialFS) Stat(name string) (fs.FileInfo, error) {
	info, err := f.FS.Stat(name)
	return info, f.d.note(err)
}

func (f denialFS) Lstat(name string) (fs.FileInfo, error) {
	info, err := f.FS.Lstat(name)
	return info, f.d.note(err)
}

func (f denialFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := f.FS.ReadDir(name)
	return entries, f.d.note(err)
}

func (f denialFS) Mkdir(name string, perm fs.FileMode) error {
	return f.d.note(f.FS.Mkdir(name, perm))
}

func (f denialFS) Remove(name string) error { return f.d.note(f.FS.Remove(name)) }

func (f denialFS) Rename(oldname, newname string) error {
	return f.d.note(f.FS.Rename(oldname, newname))
}

func (f denialFS) Symlink(target, name string) error {
	return f.d.note(f.FS.Symlink(target, name))
}

func (f denialFS) Readlink(name string) (string, error) {
	s, err := f.FS.Readlink(name)
	return s, f.d.note(err)
}

func (f denialFS) Link(oldname, newname string) error {
	return f.d.note(f.FS.Link(oldname, newname))
}

func (f denialFS) Chmod(name string, mode fs.FileMode) error {
	return f.d.note(f.FS.Chmod(name, mode))
}

func (f denialFS) Chtimes(name string, atime, mtime time.Time) error {
	return f.d.note(f.FS.Chtimes(name, atime, mtime))
}
