package coreutils

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func mktempCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "mktemp",
		Summary: "create a temporary file or directory",
		Usage: `Usage: mktemp [-dqtu] [-p DIR] [--suffix=SUFF] [TEMPLATE]
Create a file (mode 0600) or directory (0700) named after TEMPLATE, whose
last run of at least 3 X's is replaced by random letters and digits, and
print its name. Without TEMPLATE, use tmp.XXXXXXXXXX in $TMPDIR or /tmp.

  -d, --directory      create a directory, not a file
  -u, --dry-run        only print a name, create nothing
  -q, --quiet          do not report failures
  -p, --tmpdir[=DIR]   make TEMPLATE relative to DIR ($TMPDIR or /tmp if none)
  -t                   make TEMPLATE (a single name) relative to $TMPDIR,
                       else DIR from -p, else /tmp
      --suffix=SUFF    append SUFF to TEMPLATE (after the X's)
`,
		Run: runMktemp,
	}
}

const mktempChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

func runMktemp(c *builtins.Call) int {
	fl := c.Flags()
	dir := fl.BoolP("directory", "d", false, "")
	dry := fl.BoolP("dry-run", "u", false, "")
	quiet := fl.BoolP("quiet", "q", false, "")
	pdir := fl.StringP("p", "p", "", "")
	tmpdir := fl.String("tmpdir", "", "")
	fl.Lookup("tmpdir").NoOptDefVal = "\x00"
	tflag := fl.BoolP("t", "t", false, "")
	suffix := fl.String("suffix", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	fail := func(format string, args ...any) int {
		if !*quiet {
			c.Fail(format, args...)
		}
		return 1
	}
	failWith := func(err error, format string, args ...any) int {
		if !*quiet {
			c.FailWith(err, format, args...)
		}
		return 1
	}
	ops := fl.Args()
	if len(ops) > 1 {
		return c.Usage("too many templates")
	}
	template := "tmp.XXXXXXXXXX"
	useDir := fl.Changed("tmpdir") || fl.Changed("p") || *tflag
	if len(ops) == 1 {
		template = ops[0]
	} else {
		useDir = true
	}
	if !fl.Changed("suffix") {
		// Without --suffix, whatever follows the last X is the suffix.
		if i := strings.LastIndexByte(template, 'X'); i >= 0 {
			template, *suffix = template[:i+1], template[i+1:]
		}
	} else if strings.Contains(*suffix, "/") {
		// -q keeps quiet about creating, not about a bad template (as GNU)
		c.Fail("invalid suffix %s, contains directory separator", builtins.Quote(*suffix))
		return 1
	}
	xs := 0
	for i := len(template) - 1; i >= 0 && template[i] == 'X'; i-- {
		xs++
	}
	if xs < 3 {
		c.Fail("too few X's in template %s", builtins.Quote(template+*suffix))
		return 1
	}
	if useDir {
		base := ""
		env, haveEnv := c.LookupEnv("TMPDIR")
		given := *tmpdir
		if fl.Changed("p") {
			given = *pdir
		}
		if given == "\x00" {
			given = ""
		}
		switch {
		case *tflag && haveEnv && env != "":
			base = env
		case given != "":
			base = given
		case haveEnv && env != "":
			base = env
		default:
			base = "/tmp"
		}
		if *tflag && strings.Contains(template, "/") {
			return fail("invalid template, %s, contains directory separator", builtins.Quote(template+*suffix))
		}
		if strings.HasPrefix(template, "/") {
			return fail("invalid template, %s; with --tmpdir, it may not be absolute", builtins.Quote(template+*suffix))
		}
		template = strings.TrimRight(base, "/") + "/" + template
	}
	stem := template[:len(template)-xs]
	for attempt := 0; ; attempt++ {
		var b strings.Builder
		b.WriteString(stem)
		for range xs {
			b.WriteByte(mktempChars[c.Rand.Uint64()%uint64(len(mktempChars))])
		}
		name := b.String() + *suffix
		p := c.Abs(name)
		if *dry {
			if _, err := c.FS.Lstat(p); err == nil && attempt < 100 {
				continue
			}
			fmt.Fprintln(c.Stdout, name)
			return 0
		}
		var err error
		if *dir {
			err = c.FS.Mkdir(p, 0o700&^c.Umask)
		} else {
			var f interface{ Close() error }
			f, err = c.FS.OpenFile(p, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
			if err == nil {
				f.Close()
			}
		}
		if errors.Is(err, fs.ErrExist) && attempt < 100 {
			continue
		}
		if err != nil {
			what := "file"
			if *dir {
				what = "directory"
			}
			return failWith(err, "failed to create %s via template %s: %s", what, builtins.Quote(template+*suffix), builtins.Reason(err))
		}
		fmt.Fprintln(c.Stdout, name)
		return 0
	}
}
