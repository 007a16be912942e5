package vfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// ReadFile reads the whole file name from fsys.
func ReadFile(fsys FS, name string) ([]byte, error) {
	f, err := fsys.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// WriteFile writes data to name, creating it with perm or truncating it.
func WriteFile(fsys FS, name string, data []byte, perm fs.FileMode) error {
	f, err := fsys.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// MkdirAll creates name and any missing parents, like mkdir -p. It is not an
// error if name is already a directory.
func MkdirAll(fsys FS, name string, perm fs.FileMode) error {
	if info, err := fsys.Stat(name); err == nil {
		if info.IsDir() {
			return nil
		}
		return &fs.PathError{Op: "mkdir", Path: name, Err: syscall.ENOTDIR}
	}
	if parent := path.Dir(name); parent != name {
		if err := MkdirAll(fsys, parent, perm|0o300); err != nil {
			return err
		}
	}
	err := fsys.Mkdir(name, perm)
	if err != nil {
		if info, serr := fsys.Stat(name); serr == nil && info.IsDir() {
			return nil // made by someone else meanwhile
		}
	}
	return err
}

// RemoveAll removes name and everything below it, like rm -rf. It is not an
// error if name does not exist. Symlinks are removed, never followed.
func RemoveAll(fsys FS, name string) error {
	info, err := fsys.Lstat(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if info.IsDir() {
		entries, err := fsys.ReadDir(name)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if err := RemoveAll(fsys, path.Join(name, e.Name())); err != nil {
				return err
			}
		}
	}
	return fsys.Remove(name)
}

// WalkDir walks the tree rooted at root like io/fs.WalkDir, without
// following symlinks. Entries are visited in lexical order.
func WalkDir(fsys FS, root string, fn fs.WalkDirFunc) error {
	info, err := fsys.Lstat(root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		err = walkDir(fsys, root, fs.FileInfoToDirEntry(info), fn)
	}
	if err == fs.SkipDir || err == fs.SkipAll {
		return nil
	}
	return err
}

func walkDir(fsys FS, name string, d fs.DirEntry, fn fs.WalkDirFunc) error {
	if err := fn(name, d, nil); err != nil || !d.IsDir() {
		if err == fs.SkipDir && d.IsDir() {
			err = nil
		}
		return err
	}
	entries, err := fsys.ReadDir(name)
	if err != nil {
		err = fn(name, d, err)
		if err != nil {
			if err == fs.SkipDir && d.IsDir() {
				err = nil
			}
			return err
		}
	}
	for _, e := range entries {
		if err := walkDir(fsys, path.Join(name, e.Name()), e, fn); err != nil {
			if err == fs.SkipDir {
				break
			}
			return err
		}
	}
	return nil
}

// Clean joins name to dir when it is relative and cleans the result. It keeps
// a trailing slash out; callers that care about "dir/" check the original.
func Clean(dir, name string) string {
	if name == "" {
		return path.Clean(dir)
	}
	if !strings.HasPrefix(name, "/") {
		name = dir + "/" + name
	}
	return path.Clean(name)
}
