package coreutils

import (
	"errors"
	"fmt"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func mvCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "mv",
		Summary: "move (rename) files",
		Usage: `Usage: mv [-fnuvT] SOURCE DEST
  or:  mv [-fnuv] SOURCE... DIRECTORY
  or:  mv [-fnuv] -t DIRECTORY SOURCE...
Move (rename) files.

  -f, --force                do not prompt before overwriting (the default)
  -n, --no-clobber           do not overwrite an existing file
  -u, --update               move only when SOURCE is newer than DEST or DEST is missing
  -v, --verbose              explain what is being done
  -T, --no-target-directory  treat DEST as a normal file
  -t, --target-directory=DIR move all SOURCEs into DIR
`,
		Run: runMv,
	}
}

func runMv(c *builtins.Call) int {
	fl := c.Flags()
	fl.BoolP("force", "f", false, "")
	noClobber := fl.BoolP("no-clobber", "n", false, "")
	update := fl.BoolP("update", "u", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	targets := cpTargetFlags(fl)
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	return targets.each(c, fl, func(src, dst string) bool {
		sp, dp := c.Abs(src), c.Abs(dst)
		info, err := lstatOperand(c, src)
		if err != nil {
			failOn(c, "cannot stat", src, err)
			return false
		}
		dinfo, derr := c.FS.Lstat(dp)
		exists := derr == nil
		if exists && (sp == dp || sameFile(info, dinfo)) {
			c.Fail("%s and %s are the same file", builtins.Quote(src), builtins.Quote(dst))
			return false
		}
		if info.IsDir() {
			real, err1 := vfs.Canonical(c.FS, sp, vfs.Existing)
			into, err2 := vfs.Canonical(c.FS, dp, vfs.Nothing)
			if err1 == nil && err2 == nil && pathWithin(into, real) {
				c.Fail("cannot move %s to a subdirectory of itself, %s", builtins.Quote(src), builtins.Quote(dst))
				return false
			}
		}
		if exists {
			if *noClobber || *update && !info.ModTime().After(dinfo.ModTime()) {
				return true
			}
			switch {
			case info.IsDir() && !dinfo.IsDir():
				c.Fail("cannot overwrite non-directory %s with directory %s", builtins.Quote(dst), builtins.Quote(src))
				return false
			case !info.IsDir() && dinfo.IsDir():
				c.Fail("cannot overwrite directory %s with non-directory", builtins.Quote(dst))
				return false
			}
		} else if hasTrailingSlash(dst) && !info.IsDir() {
			c.Fail("cannot move %s to %s: %s", builtins.Quote(src), builtins.Quote(dst), builtins.Reason(syscall.ENOTDIR))
			return false
		}
		err = c.FS.Rename(sp, dp)
		if errors.Is(err, syscall.EXDEV) {
			// Across a mount's edge, as GNU's mv across file systems:
			// copy (as cp -a), then remove the source.
			if !moveAcross(c, src, dst, exists) {
				return false
			}
			err = nil
		}
		if err != nil {
			if errors.Is(err, syscall.EINVAL) {
				c.Fail("cannot move %s to a subdirectory of itself, %s", builtins.Quote(src), builtins.Quote(dst))
			} else {
				c.FailWith(err, "cannot move %s to %s: %s", builtins.Quote(src), builtins.Quote(dst), builtins.Reason(err))
			}
			return false
		}
		if *verbose {
			fmt.Fprintf(c.Stdout, "renamed %s -> %s\n", builtins.Quote(src), builtins.Quote(dst))
		}
		return true
	})
}

// moveAcross moves src to dst where a rename cannot (EXDEV): a copy that
// keeps modes, times and links, then the removal of src.
func moveAcross(c *builtins.Call, src, dst string, exists bool) bool {
	if exists {
		if err := c.FS.Remove(c.Abs(dst)); err != nil {
			c.FailWith(err, "cannot move %s to %s: %s", builtins.Quote(src), builtins.Quote(dst), builtins.Reason(err))
			return false
		}
	}
	x := &cp{c: c, created: map[string]bool{}, recursive: true, preserveMode: true, preserveTime: true, deref: 'P'}
	if !x.copy(src, dst, true) {
		return false
	}
	if err := vfs.RemoveAll(c.FS, c.Abs(src)); err != nil {
		failOn(c, "cannot remove", src, err)
		return false
	}
	return true
}
