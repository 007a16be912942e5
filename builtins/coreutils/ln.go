package coreutils

import (
	"fmt"
	"io/fs"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func lnCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "ln",
		Summary: "make links between files",
		Usage: `Usage: ln [-fnsvLPT] TARGET [LINK_NAME]
  or:  ln [-fnsvLP] TARGET... DIRECTORY
  or:  ln [-fnsvLP] -t DIRECTORY TARGET...
Make hard links to each TARGET, or symbolic links with -s. With one TARGET
and no LINK_NAME, link in the current directory.

  -s, --symbolic            make symbolic links (TARGET is stored as given)
  -f, --force               remove existing destination files
  -n, --no-dereference      treat a LINK_NAME that is a symlink to a
                            directory as a file
  -v, --verbose             print the name of each link made
  -T, --no-target-directory treat LINK_NAME as a file, always
  -t, --target-directory=DIR  make the links in DIR
  -L, --logical             hard-link to what a symbolic TARGET points to
  -P, --physical            hard-link to a symbolic TARGET itself (default)
`,
		Run: runLn,
	}
}

func runLn(c *builtins.Call) int {
	fl := c.Flags()
	symbolic := fl.BoolP("symbolic", "s", false, "")
	force := fl.BoolP("force", "f", false, "")
	noDeref := fl.BoolP("no-dereference", "n", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	noTarget := fl.BoolP("no-target-directory", "T", false, "")
	targetDir := fl.StringP("target-directory", "t", "", "")
	logical := fl.BoolP("logical", "L", false, "")
	fl.BoolP("physical", "P", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	isDir := func(name string) bool {
		p := c.Abs(name)
		if *noDeref {
			if li, err := c.FS.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 {
				return false
			}
		}
		info, err := c.FS.Stat(p)
		return err == nil && info.IsDir()
	}
	type pair struct{ target, link string }
	var pairs []pair
	switch {
	case fl.Changed("target-directory"):
		if *noTarget {
			return c.Usage("cannot combine --target-directory and --no-target-directory")
		}
		if len(ops) == 0 {
			return c.Usage("missing file operand")
		}
		if !isDir(*targetDir) {
			failOn(c, "target", *targetDir, syscall.ENOTDIR)
			return 1
		}
		for _, t := range ops {
			pairs = append(pairs, pair{t, joinOperand(*targetDir, baseOperand(t))})
		}
	case len(ops) == 0:
		return c.Usage("missing file operand")
	case len(ops) == 1:
		if *noTarget {
			return c.Usage("missing destination file operand after %s", builtins.Quote(ops[0]))
		}
		pairs = append(pairs, pair{ops[0], joinOperand(".", baseOperand(ops[0]))})
	case len(ops) == 2 && (*noTarget || !isDir(ops[1])):
		pairs = append(pairs, pair{ops[0], ops[1]})
	default:
		if *noTarget {
			return c.Usage("extra operand %s", builtins.Quote(ops[2]))
		}
		dir := ops[len(ops)-1]
		if !isDir(dir) {
			if _, err := c.FS.Stat(c.Abs(dir)); err != nil {
				failOn(c, "target", dir, err)
			} else {
				c.Fail("target %s: %s", builtins.Quote(dir), builtins.Reason(syscall.ENOTDIR))
			}
			return 1
		}
		for _, t := range ops[:len(ops)-1] {
			pairs = append(pairs, pair{t, joinOperand(dir, baseOperand(t))})
		}
	}
	kind := "hard link"
	if *symbolic {
		kind = "symbolic link"
	}
	status := 0
	for _, pr := range pairs {
		if c.Canceled() {
			return 130
		}
		lp := c.Abs(pr.link)
		src := c.Abs(pr.target)
		var srcInfo fs.FileInfo
		if !*symbolic {
			var err error
			if *logical {
				srcInfo, err = c.FS.Stat(src)
				if err == nil {
					src, err = vfs.EvalSymlinks(c.FS, src)
				}
			} else {
				srcInfo, err = c.FS.Lstat(src)
			}
			if err != nil {
				failOn(c, "failed to access", pr.target, err)
				status = 1
				continue
			}
			if srcInfo.IsDir() {
				c.Fail("%s: hard link not allowed for directory", builtins.QuoteName(pr.target))
				status = 1
				continue
			}
		}
		if old, err := c.FS.Lstat(lp); err == nil {
			if !*force {
				failOn(c, "failed to create "+kind, pr.link, fs.ErrExist)
				status = 1
				continue
			}
			if srcInfo != nil && sameFile(srcInfo, old) || *symbolic && src == lp {
				c.Fail("%s and %s are the same file", builtins.Quote(pr.target), builtins.Quote(pr.link))
				status = 1
				continue
			}
			if old.IsDir() {
				c.Fail("%s: cannot overwrite directory", builtins.QuoteName(pr.link))
				status = 1
				continue
			}
			// Not when the capabilities refuse the new link: the
			// old entry would be gone for nothing. The attempt
			// below then reports the denial.
			if lnAllowed(c, src, lp, *symbolic) {
				if err := c.FS.Remove(lp); err != nil {
					failOn(c, "cannot remove", pr.link, err)
					status = 1
					continue
				}
			}
		}
		var err error
		if *symbolic {
			err = c.FS.Symlink(pr.target, lp)
		} else {
			err = c.FS.Link(src, lp)
		}
		if err != nil {
			failOn(c, "failed to create "+kind, pr.link, err)
			status = 1
			continue
		}
		if *verbose {
			arrow := "=>"
			if *symbolic {
				arrow = "->"
			}
			fmt.Fprintf(c.Stdout, "%s %s %s\n", builtins.Quote(pr.link), arrow, builtins.Quote(pr.target))
		}
	}
	return status
}

// lnAllowed says whether the session's capabilities let ln make the link
// lp (fs.write on the new entry; a hard link also on the entry src it
// links), as the gate will check it: the FS's answer for the entries,
// where only a capability denial counts (the permission bits of what is
// replaced do not).
func lnAllowed(c *builtins.Call, src, lp string, symbolic bool) bool {
	writable := func(name string) bool {
		return !builtins.IsDenied(c.FS.Access(name, vfs.AccessWrite|vfs.AccessEntry))
	}
	return writable(lp) && (symbolic || writable(src))
}
