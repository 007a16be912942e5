package coreutils

import (
	"fmt"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func readlinkCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "readlink",
		Summary: "print resolved symbolic links or canonical file names",
		Usage: `Usage: readlink [-efmnqvz] FILE...
Print the target of each symbolic link FILE; fail quietly for other files.

  -f, --canonicalize           resolve every symlink; all but the last
                               component must exist
  -e, --canonicalize-existing  resolve every symlink; all components must exist
  -m, --canonicalize-missing   resolve every symlink; nothing needs to exist
  -n, --no-newline             do not print the final newline
  -q, -s, --quiet, --silent    report no errors (the default)
  -v, --verbose                report errors
  -z, --zero                   end each output line with NUL
`,
		Run: runReadlink,
	}
}

func runReadlink(c *builtins.Call) int {
	fl := c.Flags()
	canonF := fl.BoolP("canonicalize", "f", false, "")
	canonE := fl.BoolP("canonicalize-existing", "e", false, "")
	canonM := fl.BoolP("canonicalize-missing", "m", false, "")
	noNewline := fl.BoolP("no-newline", "n", false, "")
	fl.BoolP("quiet", "q", false, "")
	fl.BoolP("silent", "s", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	zero := fl.BoolP("zero", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing operand")
	}
	end := "\n"
	if *zero {
		end = "\x00"
	}
	if *noNewline {
		if len(ops) > 1 {
			c.Fail("ignoring --no-newline with multiple arguments")
		} else {
			end = ""
		}
	}
	status := 0
	for _, name := range ops {
		var out string
		var err error
		p := c.Abs(name)
		switch {
		case *canonE:
			out, err = vfs.Canonical(c.FS, p, vfs.Existing)
		case *canonM:
			out, err = vfs.Canonical(c.FS, p, vfs.Nothing)
		case *canonF:
			out, err = vfs.Canonical(c.FS, p, vfs.AllButLast)
		default:
			out, err = c.FS.Readlink(p)
		}
		if err != nil {
			// Quiet by default, as GNU's, but never about a
			// capability denial.
			if *verbose {
				c.FailWith(err, "%s: %s", builtins.QuoteName(name), builtins.Reason(err))
			} else {
				c.FailDenied(err)
			}
			status = 1
			continue
		}
		if _, err := fmt.Fprint(c.Stdout, out+end); err != nil {
			return 1
		}
	}
	return status
}

func realpathCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "realpath",
		Summary: "print the resolved absolute file name",
		Usage: `Usage: realpath [-emqsz] [--relative-to=DIR] [--relative-base=DIR] FILE...
Print the absolute name of each FILE with every symlink, . and .. resolved.
All but the last component must exist unless -e or -m says otherwise.

  -e, --canonicalize-existing  all components must exist
  -m, --canonicalize-missing   no component needs to exist
  -s, --strip, --no-symlinks   do not resolve symlinks, only . and ..
  -q, --quiet                  do not report errors
  -z, --zero                   end each output line with NUL
      --relative-to=DIR        print the name relative to DIR
      --relative-base=DIR      print names under DIR relative to it, others absolute
`,
		Run: runRealpath,
	}
}

func runRealpath(c *builtins.Call) int {
	fl := c.Flags()
	canonE := fl.BoolP("canonicalize-existing", "e", false, "")
	canonM := fl.BoolP("canonicalize-missing", "m", false, "")
	strip := fl.BoolP("strip", "s", false, "")
	fl.Bool("no-symlinks", false, "")
	quiet := fl.BoolP("quiet", "q", false, "")
	zero := fl.BoolP("zero", "z", false, "")
	relTo := fl.String("relative-to", "", "")
	relBase := fl.String("relative-base", "", "")
	fl.BoolP("logical", "L", false, "")
	fl.BoolP("physical", "P", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if ns, _ := fl.GetBool("no-symlinks"); ns {
		*strip = true
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing operand")
	}
	mode := vfs.AllButLast
	switch {
	case *canonE:
		mode = vfs.Existing
	case *canonM:
		mode = vfs.Nothing
	}
	resolve := func(name string) (string, error) {
		p := c.Abs(name)
		if *strip {
			if mode != vfs.Nothing {
				if _, err := c.FS.Lstat(p); err != nil && (mode == vfs.Existing || !isNotExist(err)) {
					return "", err
				}
			}
			return p, nil
		}
		return vfs.Canonical(c.FS, p, mode)
	}
	var to, base string
	if fl.Changed("relative-to") {
		var err error
		if to, err = resolve(*relTo); err != nil {
			if !*quiet {
				c.FailWith(err, "%s: %s", builtins.QuoteName(*relTo), builtins.Reason(err))
			} else {
				c.FailDenied(err) // -q hides errors, not denials
			}
			return 1
		}
	}
	if fl.Changed("relative-base") {
		var err error
		if base, err = resolve(*relBase); err != nil {
			if !*quiet {
				c.FailWith(err, "%s: %s", builtins.QuoteName(*relBase), builtins.Reason(err))
			} else {
				c.FailDenied(err) // -q hides errors, not denials
			}
			return 1
		}
		if to == "" {
			to = base
		} else if !pathWithin(to, base) {
			base, to = "", "" // GNU: --relative-to outside the base means absolute names
		}
	}
	end := "\n"
	if *zero {
		end = "\x00"
	}
	status := 0
	for _, name := range ops {
		p, err := resolve(name)
		if err != nil {
			if !*quiet {
				c.FailWith(err, "%s: %s", builtins.QuoteName(name), builtins.Reason(err))
			} else {
				c.FailDenied(err) // -q hides errors, not denials
			}
			status = 1
			continue
		}
		if to != "" && (base == "" || pathWithin(p, base)) {
			p = relativePath(to, p)
		}
		if _, err := fmt.Fprint(c.Stdout, p+end); err != nil {
			return 1
		}
	}
	return status
}

// pathWithin reports whether p is dir or lies below it.
func pathWithin(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, dir+"/")
}

// relativePath is the path from directory from to target, both absolute
// and clean.
func relativePath(from, target string) string {
	f, t := strings.FieldsFunc(from, isSlash), strings.FieldsFunc(target, isSlash)
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	var parts []string
	for range f[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}

func isSlash(r rune) bool { return r == '/' }
