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
		if err := c.FS.Rename(sp, dp); err != nil {
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
