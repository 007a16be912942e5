package coreutils

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
		{files: files, args: []string{"touch", "-r", "nope", "a"}, err: "touch: failed to get attributes of 'nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"touch", "x/y", "n"}, err: "touch: cannot touch 'x/y': No such file or directory\n", status: 1, check: wantContent("/work/n", "")},
		{files: files, args: []string{"touch", "a/"}, err: "touch: setting times of 'a/': Not a directory\n", status: 1},
		{files: files, args: []string{"touch", "n/"}, err: "touch: setting times of 'n/': No such file or directory\n", status: 1},
		{files: files, args: []string{"touch"}, err: "touch: missing file operand\nTry 'touch --help' for more information.\n", status: 1},
		{files: files, args: []string{"touch", "-t", "202001010000", "-d", "now", "a"}, err: "touch: cannot specify times from more than one source\nTry 'touch --help' for more information.\n", status: 1},
		{files: files, pre: [][]string{{"chmod", "555", "d"}}, args: []string{"touch", "d/n"}, err: "touch: cannot touch 'd/n': Permission denied\n", status: 1},
	})
}
