package coreutils

import (
	"io/fs"
	"os"

	"github.com/moonix-sh/moonix/builtins"
)

func mkfifoCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "mkfifo",
		Summary: "make FIFOs (named pipes)",
		Usage: `Usage: mkfifo [OPTION]... NAME...
Create named pipes (FIFOs) with the given NAMEs.

  -m, --mode=MODE    set file permission bits to MODE, not a=rw - umask

A FIFO pipes between the session's jobs: opening one end waits until the
other end is open too (a limit, kill or Ctrl-C ends the wait). Snapshots
record it as a FIFO (git holds an empty file, moonix.json its mode) and
never its data.
`,
		Run: runMkfifo,
	}
}

func runMkfifo(c *builtins.Call) int {
	fl := c.Flags()
	modeArg := fl.StringP("mode", "m", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing operand")
	}
	explicit := fl.Changed("mode")
	mode, ok := creationMode(c, 0o666, false, *modeArg, explicit)
	switch {
	case !ok:
		c.Fail("invalid mode")
		return 1
	case mode&^0o777 != 0:
		c.Fail("mode must specify only file permission bits")
		return 1
	}
	status := 0
	for _, name := range ops {
		p := c.Abs(name)
		f, err := c.FS.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_RDONLY, fs.ModeNamedPipe|fromPosixMode(mode))
		if err == nil {
			err = f.Close()
			if explicit && err == nil {
				err = c.FS.Chmod(p, fromPosixMode(mode))
			}
		}
		if err != nil {
			failOn(c, "cannot create fifo", name, err)
			status = 1
		}
	}
	return status
}

// creationMode is the mode of a file made with base's permissions (0o777
// for a directory, 0o666 else): base less the umask, or, when explicit,
// base changed by the -m MODE arg as chmod would (ok false: arg is no
// mode).
func creationMode(c *builtins.Call, base uint32, dir bool, arg string, explicit bool) (mode uint32, ok bool) {
	umask := posixMode(c.Umask)
	if !explicit {
		return base &^ umask, true
	}
	spec, ok := compileMode(arg)
	if !ok {
		return 0, false
	}
	return adjustMode(base, dir, umask, spec), true
}
