package coreutils

import (
	"os"
	"os/exec"
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
		{"Europe/Paris", []string{"date", "+%T %z %Z"}, "01:00:00 +0100 CET\n", "", 0},
		{"Nowhere/Paris", []string{"date", "+%T %z %Z"}, "00:00:00 +0000 Nowhere\n", "", 0},
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

// TestDateZones: TZ as glibc reads it, zone names from the embedded time
// zone database and POSIX values with daylight-saving rules. Each case
// runs against the host's GNU date with the same TZ too (the host's zone
// files are GNU's side of the comparison).
func TestDateZones(t *testing.T) {
	t.Parallel()
	const format = "+%a %b %e %H:%M:%S %Z %Y %z"
	hostDate, _ := exec.LookPath("date")
	for _, tc := range []struct{ tz, date, out string }{
		{"EET-2EEST,M3.5.0/3,M10.5.0/4", "@1288486799", "Sun Oct 31 03:59:59 EEST 2010 +0300"},
		{"EET-2EEST,M3.5.0/3,M10.5.0/4", "@1288486800", "Sun Oct 31 03:00:00 EET 2010 +0200"},
		{"EET-2EEST,M3.5.0/3,M10.5.0/4", "@0", "Thu Jan  1 02:00:00 EET 1970 +0200"},
		{"NZST-12NZDT,M9.5.0,M4.1.0/3", "@1720000000", "Wed Jul  3 21:46:40 NZST 2024 +1200"},
		{"NZST-12NZDT,M9.5.0,M4.1.0/3", "@1704067200", "Mon Jan  1 13:00:00 NZDT 2024 +1300"},
		{"ABC5DEF", "@1720000000", "Wed Jul  3 05:46:40 DEF 2024 -0400"},
		{"ABC5DEF", "@1704067200", "Sun Dec 31 19:00:00 ABC 2023 -0500"},
		{"ABC5DEF,J60,J300", "@1288486799", "Sat Oct 30 19:59:59 ABC 2010 -0500"},
		{"ABC5DEF,59,299", "@1720000000", "Wed Jul  3 05:46:40 DEF 2024 -0400"},
		{"ABC5DEF4:30,M3.2.0/-1,M11.1.0/26", "@1288486799", "Sat Oct 30 20:29:59 DEF 2010 -0430"},
		{"<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "@1720000000", "Wed Jul  3 07:46:40 -02 2024 -0200"},
		{"<+03>-3", "@1288486799", "Sun Oct 31 03:59:59 +03 2010 +0300"},
		{"IST-5:30", "@0", "Thu Jan  1 05:30:00 IST 1970 +0530"},
		{"Europe/London", "@0", "Thu Jan  1 01:00:00 BST 1970 +0100"},
		{":Europe/London", "@1704067200", "Mon Jan  1 00:00:00 GMT 2024 +0000"},
		{"America/New_York", "@1288486799", "Sat Oct 30 20:59:59 EDT 2010 -0400"},
		{"Australia/Lord_Howe", "@1704067200", "Mon Jan  1 11:00:00 +11 2024 +1100"},
		{"Etc/GMT+3", "@0", "Wed Dec 31 21:00:00 -03 1969 -0300"},
		{"EST5EDT", "@1720000000", "Wed Jul  3 05:46:40 EDT 2024 -0400"},
		{"/usr/share/zoneinfo/Asia/Tokyo", "@0", "Thu Jan  1 09:00:00 JST 1970 +0900"},
		{"Nowhere/Foo", "@0", "Thu Jan  1 00:00:00 Nowhere 1970 +0000"},
		{":", "@0", "Thu Jan  1 00:00:00 UTC 1970 +0000"},
		{"posix/Europe/London", "@1720000000", "Wed Jul  3 10:46:40 BST 2024 +0100"},
		{"GMT0BST,M3.5.0/1,M10.5.0", "@1720000000", "Wed Jul  3 10:46:40 BST 2024 +0100"},
		{"CET-1CEST,M3.5.0,M10.5.0/3", "2010-03-28 03:30", "Sun Mar 28 03:30:00 CEST 2010 +0200"},
		{"CET-1CEST,M3.5.0,M10.5.0/3", "2010-03-28 02:30", ""}, // skipped by the change to summer time
		{"Europe/London", "2024-07-01 12:00", "Mon Jul  1 12:00:00 BST 2024 +0100"},
	} {
		t.Run(tc.tz+" "+tc.date, func(t *testing.T) {
			t.Parallel()
			want, wantErr, wantStatus := tc.out+"\n", "", 0
			if tc.out == "" {
				want, wantErr, wantStatus = "", "date: invalid date '"+tc.date+"'\n", 1
			}
			if hostDate != "" {
				cmd := exec.Command(hostDate, "-d", tc.date, format)
				cmd.Args[0] = "date"
				cmd.Env = []string{"TZ=" + tc.tz, "LC_ALL=C"}
				var out, errb strings.Builder
				cmd.Stdout, cmd.Stderr = &out, &errb
				err := cmd.Run()
				if out.String() != want || errb.String() != wantErr || (err == nil) != (wantStatus == 0) {
					t.Errorf("the host's date disagrees with the case: TZ=%s date -d %q: (%q, %q, %v)", tc.tz, tc.date, out.String(), errb.String(), err)
				}
			} else if os.Getenv("MOONIX_REQUIRE_CONFIRM") != "" {
				t.Error("no host date to confirm the case with")
			}
			setup := func(c *builtins.Call) { c.Env = append(c.Env, "TZ="+tc.tz) }
			out, errs, status := runSetup(t, testTree(t), setup, "", "date", "-d", tc.date, format)
			if out != want || errs != wantErr || status != wantStatus {
				t.Errorf("TZ=%s date -d %q: got (%q, %q, %d), want (%q, %q, %d)", tc.tz, tc.date, out, errs, status, want, wantErr, wantStatus)
			}
		})
	}
}

// TestZoneShown: ls, stat and find show times in TZ's zone, as the GNU
// tools do; each case also runs against the host's tool with the same TZ,
// on a host file of the same modification time.
func TestZoneShown(t *testing.T) {
	t.Parallel()
	mtime := time.Date(2024, 7, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		tz   string
		args []string
		out  string
	}{
		{"Asia/Tokyo", []string{"ls", "-go", "--full-time", "f"}, "-rw-r--r-- 1 0 2024-07-01 21:00:00.000000000 +0900 f\n"},
		{"EET-2EEST,M3.5.0/3,M10.5.0/4", []string{"stat", "-c", "%y", "f"}, "2024-07-01 15:00:00.000000000 +0300\n"},
		{"America/New_York", []string{"find", "f", "-printf", "%t|%TY-%Tm-%Td %TH:%TM %Tz %TZ\n"}, "Mon Jul  1 08:00:00.0000000000 2024|2024-07-01 08:00 -0400 EDT\n"},
		{"<+0530>-5:30", []string{"stat", "-c", "%y", "f"}, "2024-07-01 17:30:00.000000000 +0530\n"},
	} {
		t.Run(tc.tz+" "+strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			if bin, err := exec.LookPath(tc.args[0]); err == nil {
				dir := t.TempDir()
				f := dir + "/f"
				if err := os.WriteFile(f, nil, 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(f, mtime, mtime); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(bin, tc.args[1:]...)
				cmd.Dir, cmd.Env = dir, []string{"TZ=" + tc.tz, "LC_ALL=C"}
				if out, err := cmd.Output(); string(out) != tc.out || err != nil {
					t.Errorf("the host's %s disagrees with the case: (%q, %v)", tc.args[0], out, err)
				}
			}
			fsys := testTree(t)
			writeFile(t, fsys, "/work/f", "")
			if err := fsys.Chtimes("/work/f", mtime, mtime); err != nil {
				t.Fatal(err)
			}
			setup := func(c *builtins.Call) { c.Env = append(c.Env, "TZ="+tc.tz) }
			out, errs, status := runSetup(t, fsys, setup, "", tc.args...)
			if out != tc.out || errs != "" || status != 0 {
				t.Errorf("TZ=%s %q: got (%q, %q, %d), want %q", tc.tz, tc.args, out, errs, status, tc.out)
			}
		})
	}
}
