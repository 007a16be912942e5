package gnudate

import (
	"testing"
	"time"
)

func TestTZLocation(t *testing.T) {
	t.Parallel()
	// Expectations checked against glibc (TZ=... date -d @0 '+%Z %::z').
	for _, tc := range []struct {
		tz   string
		set  bool
		name string
		off  int
	}{
		{"", false, "UTC", 0},
		{"", true, "UTC", 0},
		{"UTC", true, "UTC", 0},
		{"GMT", true, "GMT", 0},
		{"UTC0", true, "UTC", 0},
		{"GMT+0", true, "GMT", 0},
		{"UTC+3", true, "UTC", -3 * 3600},
		{"UTC-14", true, "UTC", 14 * 3600},
		{"<+05>-5", true, "+05", 5 * 3600},
		{"<A+1>-1", true, "A+1", 3600},
		{"EST5", true, "EST", -5 * 3600},
		{"EST+5", true, "EST", -5 * 3600},
		{"EST5EDT", true, "EST", -5 * 3600},
		{"EST-5:30", true, "EST", 5*3600 + 1800},
		{"ABC+1:30", true, "ABC", -5400},
		{"FOO+23:59:59", true, "FOO", -(23*3600 + 59*60 + 59)},
		{"FOO+25", true, "FOO", -24 * 3600},
		{"FOO+3:99", true, "FOO", -(3*3600 + 59*60)},
		{"JST-9", true, "JST", 9 * 3600},
		{"Nowhere/Foo", true, "Nowhere", 0},
		{"Europe/London", true, "BST", 3600},
		{":", true, "UTC", 0},
		{"localtime", true, "UTC", 0},
		{"posix/Europe/London", true, "BST", 3600},
		{":Asia/Kolkata", true, "IST", 5*3600 + 1800},
		{"NZST-12NZDT,M9.5.0,M4.1.0/3", true, "NZDT", 13 * 3600},
		{"EET-2EEST,M3.5.0/3,M10.5.0/4", true, "EET", 2 * 3600},
		{"../etc/passwd", true, "", 0},
		{":Foo", true, "Foo", 0},
		{"Foo_Bar/x", true, "Foo", 0},
		{"utc", true, "utc", 0},
		{"ab", true, "", 0},
		{"123", true, "", 0},
		{"<abc", true, "", 0},
		{"<AB>1", true, "", 0},
	} {
		name, off := time.Unix(0, 0).In(Zone(tc.tz, tc.set)).Zone()
		if name != tc.name || off != tc.off {
			t.Errorf("Zone(%q, %v) = %q %d, want %q %d", tc.tz, tc.set, name, off, tc.name, tc.off)
		}
	}
}
