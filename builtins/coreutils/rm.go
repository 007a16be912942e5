package coreutils

import (
	"fmt"
	"path"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
)

func rmCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "rm",
		Summary: "remove files or directories",
		Usage: `Usage: rm [-dfrRv] FILE...
Remove files or directories.

  -f, --force           ignore missing files, never complain about them
  -r, -R, --recursive   remove directories and their contents
  -d, --dir             remove empty directories
  -v, --verbose         say what is being removed
      --no-preserve-root  do not treat '/' specially
`,
		Run: runRm,
	}
}

func runRm(c *builtins.Call) int {
	fl := c.Flags()
	force := fl.BoolP("force", "f", false, "")
	recursive := fl.BoolP("recursive", "r", false, "")
	recursive2 := fl.BoolP("Recursive", "R", false, "")
	dirs := fl.BoolP("dir", "d", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	fl.Bool("preserve-root", true, "")
	noPreserve := fl.Bool("no-preserve-root", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	*recursive = *recursive || *recursive2
	ops := fl.Args()
	if len(ops) == 0 {
		if *force {
			return 0
		}
		return c.Usage("missing operand")
	}
	status := 0
	removed := func(name string, dir bool) {
		if !*verbose {
			return
		}
		if dir {
			fmt.Fprintf(c.Stdout, "removed directory %s\n", builtins.Quote(name))
		} else {
			fmt.Fprintf(c.Stdout, "removed %s\n", builtins.Quote(name))
		}
	}
	// tree removes name (an existing directory) and what it holds; it
	// reports whether everything went.
	var tree, one func(name, p string, dir bool) bool
	one = func(name, p string, dir bool) bool {
		if dir {
			return tree(name, p, true)
		}
		if err := c.FS.Remove(p); err != nil {
			failOn(c, "cannot remove", name, err)
			return false
		}
		removed(name, false)
		return true
	}
	tree = func(name, p string, _ bool) bool {
		entries, err := c.FS.ReadDir(p)
		if err != nil {
			failOn(c, "cannot remove", name, err)
			return false
		}
		ok := true
		for _, e := range entries {
			if c.Canceled() {
				return false
			}
			ok = one(joinOperand(name, e.Name()), path.Join(p, e.Name()), e.IsDir()) && ok
		}
		if !ok {
			return false
		}
		if err := c.FS.Remove(p); err != nil {
			failOn(c, "cannot remove", name, err)
			return false
		}
		removed(name, true)
		return true
	}
	for _, name := range ops {
		if c.Canceled() {
			return 130
		}
		if b := baseOperand(name); name != "" && (b == "." || b == "..") {
			c.Fail("refusing to remove '.' or '..' directory: skipping %s", builtins.Quote(name))
			status = 1
			continue
		}
		p := c.Abs(name)
		if p == "/" && *recursive && !*noPreserve {
			c.Fail("it is dangerous to operate recursively on '/'")
			c.Fail("use --no-preserve-root to override this failsafe")
			status = 1
			continue
		}
		info, err := c.FS.Lstat(p)
		if err != nil {
			if *force && isNotExist(err) {
				continue
			}
			failOn(c, "cannot remove", name, err)
			status = 1
			continue
		}
		if info.IsDir() {
			switch {
			case *recursive:
				if p == "/" {
					// The root itself cannot go; empty it.
					entries, _ := c.FS.ReadDir(p)
					for _, e := range entries {
						if !one(joinOperand(name, e.Name()), path.Join(p, e.Name()), e.IsDir()) {
							status = 1
						}
					}
					continue
				}
				if !tree(name, p, true) {
					status = 1
				}
				continue
			case !*dirs:
				failOn(c, "cannot remove", name, syscall.EISDIR)
				status = 1
				continue
			}
		}
		if err := c.FS.Remove(p); err != nil {
			failOn(c, "cannot remove", name, err)
			status = 1
			continue
		}
		removed(name, info.IsDir())
	}
	return status
}
