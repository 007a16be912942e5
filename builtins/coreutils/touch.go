package coreutils

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudate"
	"github.com/moonix-sh/moonix/vfs"
)

func touchCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "touch",
		Summary: "change file timestamps, creating missing files",
		Usage: `Usage: touch [-acm] [-d DATE | -t STAMP | -r REF] FILE...
Set the access and modification times of each FILE to now, creating empty
files that do not exist.

  -a                   change only the access time
  -m                   change only the modification time
  -c, --no-create      do not create files
  -d, --date=DATE      use DATE: @EPOCH, YYYY-MM-DD[ HH:MM[:SS]], RFC 3339,
                       "yesterday", "2 hours ago", ... (as date -d)
  -t STAMP             use [[CC]YY]MMDDhhmm[.ss]
  -r, --reference=REF  use REF's times
`,
		Run: runTouch,
	}
}

func runTouch(c *builtins.Call) int {
	fl := c.Flags()
	onlyA := fl.BoolP("access", "a", false, "")
	onlyM := fl.BoolP("modification", "m", false, "")
	noCreate := fl.BoolP("no-create", "c", false, "")
	date := fl.StringP("date", "d", "", "")
	stamp := fl.StringP("stamp", "t", "", "")
	ref := fl.StringP("reference", "r", "", "")
	fl.BoolP("force", "f", false, "")
	fl.BoolP("no-dereference", "h", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing file operand")
	}
	if fl.Changed("stamp") && (fl.Changed("date") || fl.Changed("reference")) {
		return c.Usage("cannot specify times from more than one source")
	}
	// The clock is read only when a time depends on it.
	now := &lazyNow{clock: c.Clock}
	var atime, mtime time.Time
	if !fl.Changed("reference") && !fl.Changed("date") && !fl.Changed("stamp") {
		atime, mtime = now.get(), now.get()
	}
	if fl.Changed("reference") {
		info, err := c.FS.Stat(c.Abs(*ref))
		if err != nil {
			failOn(c, "failed to get attributes of", *ref, err)
			return 1
		}
		atime, mtime = vfs.StatOf(info).Atime, info.ModTime()
	}
	if fl.Changed("date") {
		var base time.Time
		if fl.Changed("reference") {
			base = mtime
		} else {
			base = now.get()
		}
		t, err := gnudate.Parse(*date, base, localZone(c))
		if err != nil {
			c.Fail("invalid date format %s", builtins.Quote(*date))
			return 1
		}
		atime, mtime = t.UTC(), t.UTC()
	}
	if fl.Changed("stamp") {
		t, ok := parseTouchStamp(*stamp, now.get())
		if !ok {
			c.Fail("invalid date format %s", builtins.Quote(*stamp))
			return 1
		}
		atime, mtime = t, t
	}
	if *onlyA && !*onlyM {
		mtime = time.Time{}
	}
	if *onlyM && !*onlyA {
		atime = time.Time{}
	}
	status := 0
	for _, name := range ops {
		if c.Canceled() {
			return 130
		}
		if name == "-" {
			continue // GNU touches standard output; there is nothing to touch here
		}
		p := c.Abs(name)
		if _, err := c.FS.Stat(p); err != nil {
			if !isNotExist(err) {
				failOn(c, "cannot touch", name, err)
				status = 1
				continue
			}
			if *noCreate {
				continue
			}
			if hasTrailingSlash(name) {
				// Linux refuses to create "n/" (EISDIR), which GNU's
				// touch passes over to report the utimensat after it.
				failOn(c, "setting times of", name, err)
				status = 1
				continue
			}
			f, err := c.FS.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o666&^c.Umask)
			if err != nil {
				failOn(c, "cannot touch", name, err)
				status = 1
				continue
			}
			f.Close()
		} else if hasTrailingSlash(name) {
			if _, err := lstatOperand(c, name); err != nil {
				failOn(c, "setting times of", name, err)
				status = 1
				continue
			}
		}
		if err := c.FS.Chtimes(p, atime, mtime); err != nil {
			what := "setting times of"
			if !*noCreate && errors.Is(err, syscall.EROFS) {
				// GNU opened the file first, and reports that failure
				what = "cannot touch"
			}
			failOn(c, what, name, err)
			status = 1
		}
	}
	return status
}

// parseTouchStamp reads touch -t's [[CC]YY]MMDDhhmm[.ss] in loc.
func parseTouchStamp(s string, now time.Time) (time.Time, bool) {
	main, secs, hasSecs := strings.Cut(s, ".")
	if !allDigits(main) || hasSecs && (len(secs) != 2 || !allDigits(secs)) {
		return time.Time{}, false
	}
	num := func(x string) int { n, _ := strconv.Atoi(x); return n }
	year := now.Year()
	switch len(main) {
	case 8:
	case 10:
		yy := num(main[:2])
		year = 1900 + yy
		if yy < 69 {
			year = 2000 + yy
		}
		main = main[2:]
	case 12:
		year = num(main[:4])
		main = main[4:]
	default:
		return time.Time{}, false
	}
	mo, d, h, mi := num(main[0:2]), num(main[2:4]), num(main[4:6]), num(main[6:8])
	sec := 0
	if hasSecs {
		sec = num(secs)
	}
	if h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(mo), d, h, mi, sec, 0, now.Location())
	if t.Month() != time.Month(mo) || t.Day() != d {
		return time.Time{}, false
	}
	return t, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
