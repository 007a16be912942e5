package builtins

import (
	"testing"
	"time"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

func wantAtime(path string, want time.Time) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		info, err := fsys.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := vfs.StatOf(info).Atime; !got.Equal(want) {
			t.Errorf("%s: atime %v, want %v", path, got, want)
		}
	}
}

func TestTouch(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "a\n", "d/": "", "l": "->a", "-x": ""}
	day := func(y int, m time.Month, d, h, mi, s int) time.Time { return time.Date(y, m, d, h, mi, s, 0, time.UTC) }
	old := [][]string{{"touch", "-d", "2000-01-01", "a"}}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"touch", "n"}, check: checks(wantContent("/work/n", ""), wantMode("/work/n", 0o644), wantMtime("/work/n", clock.Epoch))},
		{files: files, pre: old, args: []string{"touch", "a"}, check: checks(wantContent("/work/a", "a\n"), wantMtime("/work/a", clock.Epoch), wantAtime("/work/a", clock.Epoch))},
		{files: files, pre: old, args: []string{"touch", "l"}, check: wantMtime("/work/a", clock.Epoch)},
		{files: files, args: []string{"touch", "--", "-x"}, check: wantMtime("/work/-x", clock.Epoch)},
		{files: files, args: []string{"touch", "-c", "n"}, check: wantMissing("/work/n")},
		{files: files, args: []string{"touch", "-d", "2020-01-02 03:04:05", "a"}, check: wantMtime("/work/a", day(2020, 1, 2, 3, 4, 5))},
		{files: files, args: []string{"touch", "-d", "@86400", "a"}, check: wantMtime("/work/a", day(1970, 1, 2, 0, 0, 0))},
		{files: files, args: []string{"touch", "-d", "2020-01-02T03:04:05+02:00", "a"}, check: wantMtime("/work/a", day(2020, 1, 2, 1, 4, 5))},
		{files: files, args: []string{"touch", "-d", "yesterday", "a"}, check: wantMtime("/work/a", clock.Epoch.Add(-24*time.Hour))},
		{files: files, args: []string{"touch", "-t", "202001020304.05", "a"}, check: wantMtime("/work/a", day(2020, 1, 2, 3, 4, 5))},
		{files: files, args: []string{"touch", "-t", "2001020304", "a"}, check: wantMtime("/work/a", day(2020, 1, 2, 3, 4, 0))},
		{files: files, args: []string{"touch", "-t", "01020304", "a"}, check: wantMtime("/work/a", day(2026, 1, 2, 3, 4, 0))},
		{files: files, args: []string{"touch", "-t", "7001020304", "a"}, check: wantMtime("/work/a", day(1970, 1, 2, 3, 4, 0))},
		{files: files, pre: old, args: []string{"touch", "-r", "a", "n"}, check: wantMtime("/work/n", day(2000, 1, 1, 0, 0, 0))},
		{files: files, pre: old, args: []string{"touch", "-r", "a", "-d", "+1 day", "n"}, check: wantMtime("/work/n", day(2000, 1, 2, 0, 0, 0))},
		{files: files, pre: old, args: []string{"touch", "-m", "a"}, check: checks(wantMtime("/work/a", clock.Epoch), wantAtime("/work/a", day(2000, 1, 1, 0, 0, 0)))},
		{files: files, pre: old, args: []string{"touch", "-a", "a"}, check: checks(wantMtime("/work/a", day(2000, 1, 1, 0, 0, 0)), wantAtime("/work/a", clock.Epoch))},
		{files: files, args: []string{"touch", "-d", "garbage", "a"}, err: "touch: invalid date format 'garbage'\n", status: 1},
		{files: files, args: []string{"touch", "-t", "2020", "a"}, err: "touch: invalid date format '2020'\n", status: 1},
		{files: files, args: []string{"touch", "-t", "202013010000", "a"}, err: "touch: invalid date format '202013010000'\n", status: 1},
		{files: files, args: []string{"touch", "-r", "nope", "a"}, err: "touch: failed to get attributes of 'nope': no such file or directory\n", status: 1},
		{files: files, args: []string{"touch", "x/y", "n"}, err: "touch: cannot touch 'x/y': no such file or directory\n", status: 1, check: wantContent("/work/n", "")},
		{files: files, args: []string{"touch", "a/"}, err: "touch: cannot touch 'a/': not a directory\n", status: 1},
		{files: files, args: []string{"touch", "n/"}, err: "touch: cannot touch 'n/': is a directory\n", status: 1},
		{files: files, args: []string{"touch"}, err: "touch: missing file operand (try 'touch --help')\n", status: 2},
		{files: files, args: []string{"touch", "-t", "202001010000", "-d", "now", "a"}, err: "touch: cannot specify times from more than one source (try 'touch --help')\n", status: 2},
		{files: files, pre: [][]string{{"chmod", "555", "d"}}, args: []string{"touch", "d/n"}, err: "touch: cannot touch 'd/n': permission denied\n", status: 1},
	})
}

func TestParseDate(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 15, 12, 30, 45, 0, time.UTC)
	d := func(y int, m time.Month, day, h, mi, s, ns int) time.Time {
		return time.Date(y, m, day, h, mi, s, ns, time.UTC)
	}
	for _, tc := range []struct {
		in   string
		want time.Time
	}{
		{"@0", d(1970, 1, 1, 0, 0, 0, 0)},
		{"@1767225600", d(2026, 1, 1, 0, 0, 0, 0)},
		{"@1.5", d(1970, 1, 1, 0, 0, 1, 500000000)},
		{"@-1", d(1969, 12, 31, 23, 59, 59, 0)},
		{"now", now},
		{"today", now},
		{" Yesterday ", now.Add(-24 * time.Hour)},
		{"tomorrow", now.Add(24 * time.Hour)},
		{"2020-01-02", d(2020, 1, 2, 0, 0, 0, 0)},
		{"2020/1/2", d(2020, 1, 2, 0, 0, 0, 0)},
		{"2020-01-02 03:04", d(2020, 1, 2, 3, 4, 0, 0)},
		{"2020-01-02 03:04:05", d(2020, 1, 2, 3, 4, 5, 0)},
		{"2020-01-02 03:04:05.25", d(2020, 1, 2, 3, 4, 5, 250000000)},
		{"2020-01-02T03:04:05Z", d(2020, 1, 2, 3, 4, 5, 0)},
		{"2020-01-02T03:04:05+01:00", d(2020, 1, 2, 2, 4, 5, 0)},
		{"2020-01-02T03:04:05-0130", d(2020, 1, 2, 4, 34, 5, 0)},
		{"2020-01-02 03:04 UTC", d(2020, 1, 2, 3, 4, 0, 0)},
		{"15:00", d(2026, 3, 15, 15, 0, 0, 0)},
		{"15:00:01", d(2026, 3, 15, 15, 0, 1, 0)},
		{"Thu Jan  1 00:00:00 UTC 2026", d(2026, 1, 1, 0, 0, 0, 0)},
		{"Thu, 01 Jan 2026 00:00:00 +0000", d(2026, 1, 1, 0, 0, 0, 0)},
		{"1 day ago", now.Add(-24 * time.Hour)},
		{"2 hours ago", now.Add(-2 * time.Hour)},
		{"+3 days", now.AddDate(0, 0, 3)},
		{"-1 week", now.AddDate(0, 0, -7)},
		{"1 month ago", d(2026, 2, 15, 12, 30, 45, 0)},
		{"next year", d(2027, 3, 15, 12, 30, 45, 0)},
		{"last day", now.Add(-24 * time.Hour)},
		{"2020-01-02 +1 day 2 hours", d(2020, 1, 3, 2, 0, 0, 0)},
		{"2020-01-02 10:00 1 hour ago", d(2020, 1, 2, 9, 0, 0, 0)},
		{"3days", now.AddDate(0, 0, 3)},
		{"1 fortnight", now.AddDate(0, 0, 14)},
		{"90 min ago", now.Add(-90 * time.Minute)},
		{"10 secs", now.Add(10 * time.Second)},
	} {
		got, err := parseDateString(tc.in, now, time.UTC)
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("parseDateString(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"garbage", "2020-13-01", "2020-02-30", "25:00", "@", "@x", "1 day ago ago", "ago", "2020-01-02 03:04:05 +99", "next", "12:61"} {
		if got, err := parseDateString(bad, now, time.UTC); err == nil {
			t.Errorf("parseDateString(%q) = %v, want an error", bad, got)
		}
	}
}
