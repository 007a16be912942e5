package coreutils

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func installCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "install",
		Summary: "copy files and set attributes",
		Usage: `Usage: install [OPTION]... [-T] SOURCE DEST
  or:  install [OPTION]... SOURCE... DIRECTORY
  or:  install [OPTION]... -t DIRECTORY SOURCE...
  or:  install [OPTION]... -d DIRECTORY...
This install program copies files (often just compiled) into destination
locations you choose.  In the first three forms, copy SOURCE to DEST or
multiple SOURCE(s) to the existing DIRECTORY, while setting permission
modes and owner/group.  In the 4th form, create all components of the given
DIRECTORY(ies).

  -C, --compare       compare content of source and destination files, and
                        if no change to content, ownership, and permissions,
                        do not modify the destination at all
  -d, --directory     treat all arguments as directory names; create all
                        components of the specified directories
  -D                  create all leading components of DEST except the last,
                        or all components of --target-directory,
                        then copy SOURCE to DEST
  -g, --group=GROUP   set group ownership, instead of process' current group
  -m, --mode=MODE     set permission mode (as in chmod), instead of rwxr-xr-x
  -o, --owner=OWNER   set ownership (super-user only)
  -p, --preserve-timestamps  apply access/modification times of SOURCE files
                        to corresponding destination files
  -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
  -T, --no-target-directory  treat DEST as a normal file
  -v, --verbose       print the name of each directory as it is created
`,
		Run: runInstall,
	}
}

type installer struct {
	c        *builtins.Call
	mode     uint32
	explicit bool // -m given
	compare  bool
	keepTime bool
	verbose  bool
	owned    bool // -o or -g asked for an owner other than the user
}

func runInstall(c *builtins.Call) int {
	fl := c.Flags()
	compare := fl.BoolP("compare", "C", false, "")
	dirs := fl.BoolP("directory", "d", false, "")
	leading := fl.BoolP("D", "D", false, "")
	group := fl.StringP("group", "g", "", "")
	modeArg := fl.StringP("mode", "m", "", "")
	owner := fl.StringP("owner", "o", "", "")
	keepTime := fl.BoolP("preserve-timestamps", "p", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	targets := cpTargetFlags(fl)
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	in := &installer{c: c, mode: 0o755, compare: *compare, keepTime: *keepTime, verbose: *verbose}
	if *compare && *keepTime {
		return c.Usage("options --compare (-C) and --preserve-timestamps are mutually exclusive")
	}
	if fl.Changed("mode") {
		spec, ok := compileMode(*modeArg)
		if !ok {
			c.Fail("invalid mode %s", builtins.Quote(*modeArg))
			return 1
		}
		in.mode, in.explicit = adjustMode(0, false, 0, spec), true
	}
	if fl.Changed("owner") {
		uid, ok := installOwner(*owner, c.Who.User, c.Who.UID)
		if !ok {
			c.Fail("invalid user %s", builtins.Quote(*owner))
			return 1
		}
		in.owned = in.owned || uid != c.Who.UID
	}
	if fl.Changed("group") {
		gid, ok := installOwner(*group, c.Who.Group, c.Who.GID)
		if !ok {
			c.Fail("invalid group %s", builtins.Quote(*group))
			return 1
		}
		in.owned = in.owned || gid != c.Who.GID
	}
	if *dirs {
		return in.directories(fl.Args())
	}
	if *leading {
		if !in.makeLeading(fl, targets) {
			return 1
		}
	}
	return targets.each(c, fl, in.install)
}

// installOwner resolves -o's or -g's name: the sandbox knows its user
// (or group) and root.
func installOwner(name, self string, selfID int) (int, bool) {
	switch {
	case name == self && self != "":
		return selfID, true
	case name == "root":
		return 0, true
	}
	if n, err := strconv.Atoi(name); err == nil && n >= 0 {
		return n, true
	}
	return 0, false
}

// makeLeading is -D: the directories that lead to DEST (or the whole -t
// DIRECTORY) are made first.
func (in *installer) makeLeading(fl *pflag.FlagSet, targets cpTargetOpts) bool {
	dir := *targets.targetDir
	if !fl.Changed("target-directory") {
		ops := fl.Args()
		if len(ops) < 2 {
			return true // the usage error comes later
		}
		dir = strings.TrimRight(ops[len(ops)-1], "/")
		i := strings.LastIndexByte(dir, '/')
		if i <= 0 {
			return true
		}
		dir = dir[:i]
	}
	return in.mkdirAll(dir, 0o755)
}

// mkdirAll makes dir and its missing parents, saying so with -v; dir
// itself gets mode.
func (in *installer) mkdirAll(dir string, mode uint32) bool {
	c := in.c
	trimmed := strings.TrimRight(dir, "/")
	for i := 1; i <= len(trimmed); i++ {
		if i < len(trimmed) && (trimmed[i] != '/' || trimmed[i-1] == '/') {
			continue
		}
		prefix := trimmed[:i]
		p := c.Abs(prefix)
		if info, err := c.FS.Stat(p); err == nil {
			if !info.IsDir() {
				failOn(c, "cannot create directory", prefix, syscall.ENOTDIR)
				return false
			}
			continue
		}
		m := uint32(0o755)&^posixMode(c.Umask) | 0o300
		if i == len(trimmed) {
			m = mode
		}
		if in.verbose {
			fmt.Fprintf(c.Stdout, "install: creating directory %s\n", builtins.Quote(prefix))
		}
		if err := c.FS.Mkdir(p, fromPosixMode(m)); err != nil {
			failOn(c, "cannot create directory", prefix, err)
			return false
		}
		if i == len(trimmed) {
			if err := c.FS.Chmod(p, fromPosixMode(m)); err != nil {
				failOn(c, "cannot change permissions of", prefix, err)
				return false
			}
		}
	}
	return true
}

// directories is install -d.
func (in *installer) directories(names []string) int {
	c := in.c
	if len(names) == 0 {
		return c.Usage("missing file operand")
	}
	status := 0
	for _, name := range names {
		if c.Canceled() {
			return 130
		}
		if !in.mkdirAll(name, in.mode) || !in.chown(name) {
			status = 1
		} else if in.explicit {
			if err := c.FS.Chmod(c.Abs(name), fromPosixMode(in.mode)); err != nil {
				failOn(c, "cannot change permissions of", name, err)
				status = 1
			}
		}
	}
	return status
}

// chown answers -o and -g as they are answered to a user who is not
// root: one's own user and group are fine, another is refused.
func (in *installer) chown(name string) bool {
	if in.owned {
		failOn(in.c, "cannot change ownership of", name, syscall.EPERM)
		return false
	}
	return true
}

// install copies one SOURCE to DEST.
func (in *installer) install(src, dst string) bool {
	c := in.c
	sp, dp := c.Abs(src), c.Abs(dst)
	info, err := c.FS.Stat(sp)
	if err != nil {
		failOn(c, "cannot stat", src, err)
		return false
	}
	if info.IsDir() {
		c.Fail("omitting directory %s", builtins.Quote(src))
		return false
	}
	old, oerr := c.FS.Stat(dp)
	exists := oerr == nil
	if exists && old.IsDir() {
		c.Fail("cannot overwrite directory %s with non-directory", builtins.Quote(dst))
		return false
	}
	if exists && sameFile(info, old) {
		c.Fail("%s and %s are the same file", builtins.Quote(src), builtins.Quote(dst))
		return false
	}
	if in.compare && exists && !in.owned && posixMode(old.Mode())&0o7777 == in.mode && old.Mode().IsRegular() {
		a, err1 := vfs.ReadFile(c.FS, sp)
		b, err2 := vfs.ReadFile(c.FS, dp)
		if err1 == nil && err2 == nil && bytes.Equal(a, b) {
			return true
		}
	}
	if exists {
		if err := c.FS.Remove(dp); err != nil {
			failOn(c, "cannot remove", dst, err)
			return false
		}
		if in.verbose {
			fmt.Fprintf(c.Stdout, "removed %s\n", builtins.Quote(dst))
		}
	} else if oerr != nil && !isNotExist(oerr) {
		failOn(c, "cannot stat", dst, oerr)
		return false
	}
	if in.verbose {
		fmt.Fprintf(c.Stdout, "%s -> %s\n", builtins.Quote(src), builtins.Quote(dst))
	}
	if err := copyData(c, sp, dp, 0o600); err != nil {
		if err == errStop {
			return false
		}
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == sp {
			c.FailWith(err, "cannot open %s for reading: %s", builtins.Quote(src), builtins.Reason(err))
		} else {
			failOn(c, "cannot create regular file", dst, err)
		}
		return false
	}
	if in.keepTime {
		if err := c.FS.Chtimes(dp, vfs.StatOf(info).Atime, info.ModTime()); err != nil {
			failOn(c, "cannot set timestamps for", dst, err)
			return false
		}
	}
	if !in.chown(dst) {
		return false
	}
	if err := c.FS.Chmod(dp, fromPosixMode(in.mode)); err != nil {
		failOn(c, "cannot change permissions of", dst, err)
		return false
	}
	return true
}
