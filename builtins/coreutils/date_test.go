package coreutils

import (
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
)

func TestDate(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/f", "x")
	mtime := time.Date(2025, 7, 4, 12, 30, 15, 0, time.UTC)
	if err := fsys.Chtimes("/work/f", mtime, mtime); err != nil {
		t.Fatal(err)
	}
	writeFile(t, fsys, "/work/dates", "2026-02-03\nbogus\n@0\n")
	for _, tc := range []struct {
		tz     string // "-" for unset
		args   []string
		out    string
		err    string
		status int
	}{
		{"-", []string{"date"}, "Thu Jan  1 00:00:00 UTC 2026\n", "", 0},
		{"UTC", []string{"date"}, "Thu Jan  1 00:00:00 UTC 2026\n", "", 0},
		{"", []string{"date"}, "Thu Jan  1 00:00:00 UTC 2026\n", "", 0},
		{"GMT", []string{"date"}, "Thu Jan  1 00:00:00 GMT 2026\n", "", 0},
		{"UTC+3", []string{"date"}, "Wed Dec 31 21:00:00 UTC 2025\n", "", 0},
		{"<+05>-5", []string{"date"}, "Thu Jan  1 05:00:00 +05 2026\n", "", 0},
		{"EST5", []string{"date", "+%F %T %z %Z"}, "2025-12-31 19:00:00 -0500 EST\n", "", 0},
		{"EST5EDT,M3.2.0,M11.1.0", []string{"date", "+%z %Z"}, "-0500 EST\n", "", 0},
		{"Europe/Paris", []string{"date", "+%T %z %Z"}, "00:00:00 +0000 Europe\n", "", 0},
		{"EST5", []string{"date", "-u"}, "Thu Jan  1 00:00:00 UTC 2026\n", "", 0},
		{"EST5", []string{"date", "--utc", "+%H"}, "00\n", "", 0},
		{"-", []string{"date", "+%s"}, "1767225600\n", "", 0},
		{"-", []string{"date", "+%Y-%m-%d %H:%M:%S"}, "2026-01-01 00:00:00\n", "", 0},
		{"-", []string{"date", "+"}, "\n", "", 0},
		{"-", []string{"date", "-d", "@0"}, "Thu Jan  1 00:00:00 UTC 1970\n", "", 0},
		{"-", []string{"date", "--date=yesterday", "+%F"}, "2025-12-31\n", "", 0},
		{"-", []string{"date", "-d", "tomorrow", "+%F %T"}, "2026-01-02 00:00:00\n", "", 0},
		{"-", []string{"date", "-d", "3 days ago", "+%F"}, "2025-12-29\n", "", 0},
		{"-", []string{"date", "-d", "+90 minutes", "+%T"}, "01:30:00\n", "", 0},
		{"-", []string{"date", "-d", "next monday", "+%a %F"}, "Mon 2026-01-05\n", "", 0},
		{"-", []string{"date", "-d", "2026-03-04 05:06:07", "+%F %T"}, "2026-03-04 05:06:07\n", "", 0},
		{"UTC-2", []string{"date", "-d", "2026-03-04 05:06", "-u", "+%F %T"}, "2026-03-04 05:06:00\n", "", 0},
		{"UTC-2", []string{"date", "-d", "2026-03-04 05:06", "+%F %T %z"}, "2026-03-04 05:06:00 +0200\n", "", 0},
		{"UTC-2", []string{"date", "-d", "2026-03-04 05:06Z", "+%F %T %z"}, "2026-03-04 07:06:00 +0200\n", "", 0},
		{"-", []string{"date", "-d", "2026-03-04T05:06:07+01:00", "-Iseconds"}, "2026-03-04T04:06:07+00:00\n", "", 0},
		{"-", []string{"date", "-d", "bogus"}, "", "date: invalid date 'bogus'\n", 1},
		{"-", []string{"date", "-I"}, "2026-01-01\n", "", 0},
		{"-", []string{"date", "-Ih"}, "2026-01-01T00+00:00\n", "", 0},
		{"-", []string{"date", "-Iminutes"}, "2026-01-01T00:00+00:00\n", "", 0},
		{"-", []string{"date", "--iso-8601=seconds"}, "2026-01-01T00:00:00+00:00\n", "", 0},
		{"<+0530>-5:30", []string{"date", "-Ins"}, "2026-01-01T05:30:00,000000000+05:30\n", "", 0},
		{"-", []string{"date", "--iso-8601"}, "2026-01-01\n", "", 0},
		{"-", []string{"date", "-Ix"}, "", "date: invalid argument 'x' for '--iso-8601'\nValid arguments are:\n  - 'hours'\n  - 'minutes'\n  - 'date'\n  - 'seconds'\n  - 'ns'\nTry 'date --help' for more information.\n", 1},
		{"-", []string{"date", "-R"}, "Thu, 01 Jan 2026 00:00:00 +0000\n", "", 0},
		{"EST5", []string{"date", "--rfc-email"}, "Wed, 31 Dec 2025 19:00:00 -0500\n", "", 0},
		{"-", []string{"date", "--rfc-3339=date"}, "2026-01-01\n", "", 0},
		{"-", []string{"date", "--rfc-3339=seconds"}, "2026-01-01 00:00:00+00:00\n", "", 0},
		{"-", []string{"date", "--rfc-3339=ns"}, "2026-01-01 00:00:00.000000000+00:00\n", "", 0},
		{"-", []string{"date", "-r", "f"}, "Fri Jul  4 12:30:15 UTC 2025\n", "", 0},
		{"-", []string{"date", "--reference=f", "+%s"}, "1751632215\n", "", 0},
		{"-", []string{"date", "-r", "nope"}, "", "date: nope: No such file or directory\n", 1},
		{"-", []string{"date", "-f", "dates", "+%F"}, "2026-02-03\n1970-01-01\n", "date: invalid date 'bogus'\n", 1},
		{"-", []string{"date", "-R", "-I"}, "", "date: multiple output formats specified\n", 1},
		{"-", []string{"date", "-R", "+%s"}, "", "date: multiple output formats specified\n", 1},
		{"-", []string{"date", "-d", "now", "-r", "f"}, "", "date: the options to specify dates for printing are mutually exclusive\nTry 'date --help' for more information.\n", 1},
		{"-", []string{"date", "+%s", "+%s"}, "", "date: extra operand '+%s'\nTry 'date --help' for more information.\n", 1},
		{"-", []string{"date", "-d", "now", "%s"}, "", "date: the argument '%s' lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'\nTry 'date --help' for more information.\n", 1},
		{"-", []string{"date", "010100002030"}, "", "date: cannot set date: Operation not permitted\n", 1},
		{"-", []string{"date", "-s", "now"}, "", "date: cannot set date: Operation not permitted\n", 1},
		{"-", []string{"date", "-x"}, "", "date: invalid option -- 'x'\nTry 'date --help' for more information.\n", 1},
	} {
		setup := func(c *builtins.Call) {
			if tc.tz != "-" {
				c.Env = append(c.Env, "TZ="+tc.tz)
			}
		}
		if tc.tz == "-" || tc.tz == "UTC" {
			cc := cmdCase{Args: tc.args, Out: tc.out, Err: tc.err, Status: tc.status}
			if strings.Contains(tc.err, "cannot set date") {
				cc = differs("moonix never sets the clock, and shows no date after refusing to", cc)
			}
			confirm(t, fsys, cc)
		}
		out, errs, status := runSetup(t, fsys, setup, "", tc.args...)
		if out != tc.out || errs != tc.err || status != tc.status {
			t.Errorf("TZ=%s %q: got (%q, %q, %d), want (%q, %q, %d)", tc.tz, tc.args, out, errs, status, tc.out, tc.err, tc.status)
		}
	}
}
