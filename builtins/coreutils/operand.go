package coreutils

// File operands as GNU's tools read them: a trailing slash asks for a
// directory, names are joined and cut as they were typed.

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// hasTrailingSlash reports whether an operand ends in a slash that asks
// for a directory ("d/", but not "/").
func hasTrailingSlash(name string) bool {
	return len(name) > 1 && strings.HasSuffix(name, "/")
}

// lstatOperand stats an operand without following a final symlink, except
// that a trailing slash ("link/") resolves it, as on POSIX systems.
func lstatOperand(c *builtins.Call, name string) (fs.FileInfo, error) {
	p := c.Abs(name)
	if hasTrailingSlash(name) {
		info, err := c.FS.Stat(p)
		if err == nil && !info.IsDir() {
			return nil, &fs.PathError{Op: "stat", Path: p, Err: syscall.ENOTDIR}
		}
		return info, err
	}
	return c.FS.Lstat(p)
}

// sameFile reports whether two infos describe the same inode.
func sameFile(a, b fs.FileInfo) bool {
	sa, sb := vfs.StatOf(a), vfs.StatOf(b)
	return sa.Ino != 0 && sa.Ino == sb.Ino
}

// isNotExist reports whether err means a missing file.
func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// joinOperand appends name to the directory operand dir the way GNU tools
// print it: "d" + "x" is "d/x", "d/" + "x" is "d/x", "." + "x" is "./x".
func joinOperand(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// baseOperand is the last element of an operand, ignoring trailing slashes.
func baseOperand(name string) string {
	t := strings.TrimRight(name, "/")
	switch {
	case t != "":
		return path.Base(t)
	case name != "":
		return "/"
	}
	return "."
}
