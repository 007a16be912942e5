package coreutils

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudate"
)

func dateCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "date",
		Summary: "print the date and time",
		Usage: `Usage: date [OPTION]... [+FORMAT]
Print the date and time.

  -d, --date=STRING          show the time described by STRING, not now:
                             "yesterday", "2 days ago", "+3 hours", "next monday",
                             "@1767225600", "2026-01-31 10:00:00", "jan 31"...
  -f, --file=FILE            like -d for each line of FILE
  -r, --reference=FILE       show the modification time of FILE
  -u, --utc, --universal     use UTC
  -I, --iso-8601[=FMT]       ISO 8601: FMT is date (default), hours, minutes,
                             seconds or ns
  -R, --rfc-email            RFC 5322: Thu, 01 Jan 2026 00:00:00 +0000
      --rfc-3339=FMT         RFC 3339: FMT is date, seconds or ns
FORMAT takes the strftime conversions of GNU date (%a %A %b %B %c %C %d %D
%e %F %g %G %h %H %I %j %k %l %m %M %n %N %p %P %q %r %R %s %S %t %T %u %U
%V %w %W %x %X %y %Y %z %:z %::z %:::z %Z %%), the flags - _ 0 + ^ # and a
field width (%-d, %_H, %10s). The default is '+%a %b %e %H:%M:%S %Z %Y'.
Time comes from the session clock; TZ may name a zone of the time zone
database moonix carries (Europe/London, :America/New_York) or be a POSIX
value, with daylight-saving rules or without (EET-2EEST,M3.5.0/3,M10.5.0/4,
UTC+3, <+05>-5); other names mean UTC, as in glibc.
The date cannot be set (-s).
`,
		Run: runDate,
	}
}

var isoFormats = map[string]string{
	"date":    "%Y-%m-%d",
	"hours":   "%Y-%m-%dT%H%:z",
	"minutes": "%Y-%m-%dT%H:%M%:z",
	"seconds": "%Y-%m-%dT%H:%M:%S%:z",
	"ns":      "%Y-%m-%dT%H:%M:%S,%N%:z",
}

var rfc3339Formats = map[string]string{
	"date":    "%Y-%m-%d",
	"seconds": "%Y-%m-%d %H:%M:%S%:z",
	"ns":      "%Y-%m-%d %H:%M:%S.%N%:z",
}

// badArgument reports an option argument that is none of valid, as
// gnulib's argmatch does (the list in GNU's order), and returns the usage
// status.
func badArgument(c *builtins.Call, arg, option string, valid ...string) int {
	var list strings.Builder
	for _, v := range valid {
		fmt.Fprintf(&list, "\n  - %s", builtins.Quote(v))
	}
	return c.Usage("invalid argument %s for %s\nValid arguments are:%s", builtins.Quote(arg), builtins.Quote("--"+option), list.String())
}

// matchArg finds arg among the keys of choices, accepting an unambiguous
// prefix as GNU's argmatch does.
func matchArg(arg string, choices map[string]string) (string, bool) {
	if f, ok := choices[arg]; ok {
		return f, true
	}
	found := ""
	n := 0
	for k, f := range choices {
		if arg != "" && strings.HasPrefix(k, arg) {
			found = f
			n++
		}
	}
	return found, n == 1
}

func runDate(c *builtins.Call) int {
	// "-Iseconds" is -I with an attached optional argument, which pflag
	// would read as -I -s -e -c...: spell it out.
	args := make([]string, 0, len(c.Args))
	args = append(args, c.Args[0])
	for i, a := range c.Args[1:] {
		if a == "--" {
			args = append(args, c.Args[1+i:]...)
			break
		}
		if len(a) > 2 && strings.HasPrefix(a, "-I") {
			a = "--iso-8601=" + a[2:]
		}
		args = append(args, a)
	}
	c.Args = args

	fl := c.Flags()
	dateStr := fl.StringP("date", "d", "", "")
	file := fl.StringP("file", "f", "", "")
	ref := fl.StringP("reference", "r", "", "")
	utc := fl.BoolP("utc", "u", false, "")
	fl.BoolVar(utc, "universal", false, "")
	iso := fl.StringP("iso-8601", "I", "", "")
	fl.Lookup("iso-8601").NoOptDefVal = "date"
	rfcEmail := fl.BoolP("rfc-email", "R", false, "")
	fl.BoolVar(rfcEmail, "rfc-2822", false, "")
	rfc3339 := fl.String("rfc-3339", "", "")
	fl.StringP("set", "s", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}

	format := "%a %b %e %H:%M:%S %Z %Y"
	formats := 0
	if fl.Changed("iso-8601") {
		f, ok := matchArg(*iso, isoFormats)
		if !ok {
			return badArgument(c, *iso, "iso-8601", "hours", "minutes", "date", "seconds", "ns")
		}
		format = f
		formats++
	}
	if fl.Changed("rfc-3339") {
		f, ok := matchArg(*rfc3339, rfc3339Formats)
		if !ok {
			return badArgument(c, *rfc3339, "rfc-3339", "date", "seconds", "ns")
		}
		format = f
		formats++
	}
	if *rfcEmail {
		format = "%a, %d %b %Y %H:%M:%S %z"
		formats++
	}
	operands := fl.Args()
	sources := 0
	for _, name := range []string{"date", "file", "reference"} {
		if fl.Changed(name) {
			sources++
		}
	}
	if len(operands) > 0 {
		op := operands[0]
		switch {
		case len(operands) > 1:
			return c.Usage("extra operand %s", builtins.Quote(operands[1]))
		case strings.HasPrefix(op, "+"):
			format = op[1:]
			formats++
		case sources > 0 || fl.Changed("set"):
			return c.Usage("the argument %s lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'", builtins.Quote(op))
		default:
			c.Fail("cannot set date: Operation not permitted")
			return 1
		}
	}
	if formats > 1 {
		c.Fail("multiple output formats specified") // no Try line in GNU's date
		return 1
	}
	if sources > 1 {
		return c.Usage("the options to specify dates for printing are mutually exclusive")
	}
	if fl.Changed("set") {
		if sources > 0 {
			return c.Usage("the options to print and set the time may not be used together")
		}
		c.Fail("cannot set date: Operation not permitted")
		return 1
	}

	loc := time.UTC
	if !*utc {
		loc = localZone(c)
	}
	now := c.Clock.Now()
	show := func(t time.Time) bool {
		_, err := io.WriteString(c.Stdout, gnudate.Format(format, t.In(loc))+"\n")
		return err == nil
	}
	switch {
	case fl.Changed("date"):
		t, err := gnudate.Parse(*dateStr, now, loc)
		if err != nil {
			c.Fail("invalid date '%s'", *dateStr)
			return 1
		}
		show(t)
	case fl.Changed("reference"):
		info, err := c.FS.Stat(c.Abs(*ref))
		if err != nil {
			c.FailErr(*ref, err)
			return 1
		}
		show(info.ModTime())
	case fl.Changed("file"):
		r, err := c.Open(*file)
		if err != nil {
			c.FailErr(*file, err)
			return 1
		}
		defer r.Close()
		status := 0
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			if c.Canceled() {
				return 130
			}
			line := sc.Text()
			t, err := gnudate.Parse(line, now, loc)
			if err != nil {
				c.Fail("invalid date '%s'", line)
				status = 1
				continue
			}
			if !show(t) {
				return 1
			}
		}
		if err := sc.Err(); err != nil {
			c.FailErr(*file, err)
			return 1
		}
		return status
	default:
		show(now)
	}
	return 0
}
