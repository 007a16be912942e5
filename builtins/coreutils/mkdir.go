package coreutils

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
)

func mkdirCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "mkdir",
		Summary: "make directories",
		Usage: `Usage: mkdir [-pv] [-m MODE] DIRECTORY...
Make directories.

  -p, --parents     make parent directories as needed; no error if existing
  -m, --mode=MODE   set the mode (as in chmod), not a=rwx minus the umask
  -v, --verbose     print a message for each created directory
`,
		Run: runMkdir,
	}
}

func runMkdir(c *builtins.Call) int {
	fl := c.Flags()
	parents := fl.BoolP("parents", "p", false, "")
	modeArg := fl.StringP("mode", "m", "", "")
	verbose := fl.BoolP("verbose", "v", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing operand")
	}
	umask := posixMode(c.Umask)
	explicit := fl.Changed("mode")
	mode, ok := creationMode(c, 0o777, true, *modeArg, explicit)
	if !ok {
		c.Fail("invalid mode %s", builtins.Quote(*modeArg))
		return 1
	}
	// Parents made by -p are always writable and searchable by the owner.
	parentMode := fromPosixMode(0o777&^umask | 0o300)
	status := 0
	made := func(name string) {
		if *verbose {
			fmt.Fprintf(c.Stdout, "mkdir: created directory %s\n", builtins.Quote(name))
		}
	}
	for _, name := range ops {
		if c.Canceled() {
			return 130
		}
		p := c.Abs(name)
		if *parents {
			// Create each missing ancestor, naming it as the user wrote it.
			trimmed := strings.TrimRight(name, "/")
			failed := false
			for i := 0; i < len(trimmed); i++ {
				if trimmed[i] != '/' || i == 0 || trimmed[i-1] == '/' {
					continue
				}
				prefix := trimmed[:i]
				pp := c.Abs(prefix)
				info, err := c.FS.Stat(pp)
				switch {
				case err == nil && info.IsDir():
					continue
				case err == nil:
					err = syscall.ENOTDIR
				case builtins.IsDenied(err):
					// what is there is not for us to see: neither
					// made nor taken as a directory
				default:
					err = c.FS.Mkdir(pp, parentMode)
					if err == nil {
						made(prefix)
						continue
					}
					if errors.Is(err, fs.ErrExist) {
						continue // made meanwhile
					}
				}
				failOn(c, "cannot create directory", prefix, err)
				failed = true
				break
			}
			if failed {
				status = 1
				continue
			}
			if info, err := c.FS.Stat(p); err == nil && info.IsDir() {
				continue
			} else if builtins.IsDenied(err) {
				failOn(c, "cannot create directory", name, err)
				status = 1
				continue
			}
		}
		if err := c.FS.Mkdir(p, fromPosixMode(mode)); err != nil {
			failOn(c, "cannot create directory", name, err)
			status = 1
			continue
		}
		if explicit {
			if err := c.FS.Chmod(p, fromPosixMode(mode)); err != nil {
				failOn(c, "cannot set permissions of", name, err)
				status = 1
			}
		}
		made(name)
	}
	return status
}

func rmdirCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "rmdir",
		Summary: "remove empty directories",
		Usage: `Usage: rmdir [-pv] DIRECTORY...
Remove empty directories.

  -p, --parents   remove DIRECTORY and then each of its named ancestors
  -v, --verbose   print a message for each removed directory
      --ignore-fail-on-non-empty  ignore failures caused by a non-empty directory
`,
		Run: runRmdir,
	}
}

func runRmdir(c *builtins.Call) int {
	fl := c.Flags()
	parents := fl.BoolP("parents", "p", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	ignore := fl.Bool("ignore-fail-on-non-empty", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing operand")
	}
	status := 0
	// remove removes name, an operand or (parent) one of its ancestors,
	// which GNU calls a directory in its message.
	remove := func(name string, parent bool) bool {
		if *verbose {
			fmt.Fprintf(c.Stdout, "rmdir: removing directory, %s\n", builtins.Quote(name))
		}
		p := c.Abs(name)
		info, err := c.FS.Lstat(p)
		if err == nil && !info.IsDir() {
			err = syscall.ENOTDIR
		}
		if err == nil {
			err = c.FS.Remove(p)
		}
		if err != nil {
			if *ignore && errors.Is(err, syscall.ENOTEMPTY) {
				return false
			}
			what := "failed to remove"
			if parent {
				what = "failed to remove directory"
			}
			failOn(c, what, name, err)
			status = 1
			return false
		}
		return true
	}
	for _, name := range ops {
		if c.Canceled() {
			return 130
		}
		if !remove(name, false) || !*parents {
			continue
		}
		for p := strings.TrimRight(name, "/"); ; {
			p = path.Dir(p)
			p = strings.TrimRight(p, "/")
			if p == "." || p == "" {
				break
			}
			if !remove(p, true) {
				break
			}
		}
	}
	return status
}
