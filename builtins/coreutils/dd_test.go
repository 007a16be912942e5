package coreutils

import (
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/clock"
)

func TestDD(t *testing.T) {
	t.Parallel()
	f := map[string]string{"f": "hello world\n"}
	runFileCases(t, []fileCase{
		{args: []string{"dd", "if=f", "of=g", "status=noxfer"}, files: f, err: "0+1 records in\n0+1 records out\n",
			check: wantContent("/work/g", "hello world\n")},
		{args: []string{"dd", "if=f", "bs=4", "count=2", "status=noxfer"}, files: f, out: "hello wo", err: "2+0 records in\n2+0 records out\n"},
		{args: []string{"dd", "if=f", "bs=4", "skip=1", "status=noxfer"}, files: f, out: "o world\n", err: "2+0 records in\n2+0 records out\n"},
		{args: []string{"dd", "if=f", "ibs=3", "obs=5", "status=noxfer"}, files: f, out: "hello world\n", err: "4+0 records in\n2+1 records out\n"},
		{args: []string{"dd", "if=f", "bs=5", "conv=sync", "status=noxfer"}, files: f, out: "hello world\n\x00\x00\x00", err: "2+1 records in\n3+0 records out\n"},
		{args: []string{"dd", "if=f", "conv=ucase", "status=none"}, files: f, out: "HELLO WORLD\n"},
		{args: []string{"dd", "conv=lcase,swab", "status=none"}, stdin: "ABCD", out: "badc"},
		{args: []string{"dd", "bs=2x2", "count=1", "status=none"}, stdin: "abcdef", out: "abcd"},
		{args: []string{"dd", "bs=1k", "count=1", "status=noxfer"}, stdin: strings.Repeat("x", 1500), out: strings.Repeat("x", 1024), err: "1+0 records in\n1+0 records out\n"},
		{args: []string{"dd", "ibs=1kB", "obs=1KiB", "count=1", "status=noxfer"}, stdin: strings.Repeat("x", 1500), out: strings.Repeat("x", 1000), err: "1+0 records in\n0+1 records out\n"},
		{args: []string{"dd", "bs=1m"}, err: "dd: invalid number: '1m'\n", status: 1},
		{args: []string{"dd", "if=f", "iflag=skip_bytes,count_bytes", "skip=2", "count=3", "status=none"}, files: f, out: "llo"},
		{args: []string{"dd", "if=f", "of=o", "bs=1", "seek=2", "count=3", "conv=notrunc", "status=none"}, files: map[string]string{"f": "hello\n", "o": "abcdef"},
			check: wantContent("/work/o", "abhelf")},
		{args: []string{"dd", "if=f", "of=o", "bs=1", "seek=2", "count=3", "status=none"}, files: map[string]string{"f": "hello\n", "o": "abcdef"},
			check: wantContent("/work/o", "abhel")},
		{args: []string{"dd", "if=f", "of=o", "oflag=append", "conv=notrunc", "status=none"}, files: map[string]string{"f": "hello\n", "o": "abc"},
			check: wantContent("/work/o", "abchello\n")},
		{args: []string{"dd", "if=f", "of=o", "oflag=seek_bytes", "seek=1", "conv=notrunc", "status=none"}, files: map[string]string{"f": "XY", "o": "abcd"},
			check: wantContent("/work/o", "aXYd")},
		{args: []string{"dd", "bs=3", "iflag=fullblock", "status=noxfer"}, stdin: "abcdefg", out: "abcdefg", err: "2+1 records in\n2+1 records out\n"},
		{args: []string{"dd", "if=f", "bs=1", "count=0", "status=noxfer"}, files: f, err: "0+0 records in\n0+0 records out\n"},
		// errors, in GNU's words
		{args: []string{"dd", "if=nope"}, err: "dd: failed to open 'nope': No such file or directory\n", status: 1},
		{args: []string{"dd", "if=f", "of=f2", "conv=excl"}, files: map[string]string{"f": "x", "f2": ""}, err: "dd: failed to open 'f2': File exists\n", status: 1},
		{args: []string{"dd", "if=f", "of=f2", "conv=nocreat"}, files: f, err: "dd: failed to open 'f2': No such file or directory\n", status: 1},
		{args: []string{"dd", "bs=x"}, err: "dd: invalid number: 'x'\n", status: 1},
		{args: []string{"dd", "bs=0"}, err: "dd: invalid number: '0'\n", status: 1},
		{args: []string{"dd", "foo=1"}, err: "dd: unrecognized operand 'foo=1'\nTry 'dd --help' for more information.\n", status: 1},
		{args: []string{"dd", "status=bogus"}, err: "dd: invalid status level: 'bogus'\nTry 'dd --help' for more information.\n", status: 1},
		{args: []string{"dd", "conv=sync,bogus"}, err: "dd: invalid conversion: 'bogus'\nTry 'dd --help' for more information.\n", status: 1},
		{args: []string{"dd", "iflag=direct"}, err: "dd: invalid input flag: 'direct'\nTry 'dd --help' for more information.\n", status: 1,
			differs: "moonix has no O_DIRECT to give: the flag is refused rather than ignored"},
		{args: []string{"dd", "if=f", "skip=100", "status=noxfer"}, files: f, err: "dd: f: cannot skip to specified offset\n0+0 records in\n0+0 records out\n"},
		// the transfer line: its time is the session's clock, which stands still during a command
		{args: []string{"dd", "if=f", "of=g"}, files: f, err: "0+1 records in\n0+1 records out\n12 bytes copied, 0 s, Infinity B/s\n",
			differs: "the time and rate are the logical clock's"},
	})
}

// TestDDSummary: the transfer line in GNU's shape, with sizes in SI and
// IEC units and the rate over the time the clock says the copy took.
func TestDDSummary(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n    int
		want string
	}{
		{1, "1 byte copied, 2 s, 0.0 kB/s"},
		{1000, "1000 bytes (1.0 kB) copied, 2 s, 0.5 kB/s"},
		{1024, "1024 bytes (1.0 kB, 1.0 KiB) copied, 2 s, 0.5 kB/s"},
		{1500000, "1500000 bytes (1.5 MB, 1.4 MiB) copied, 2 s, 750 kB/s"},
		{123456, "123456 bytes (123 kB, 121 KiB) copied, 2 s, 62 kB/s"},
	} {
		fsys := testTree(t)
		writeFile(t, fsys, "/work/f", string(make([]byte, tc.n)))
		lc := clock.NewLogical(clock.Epoch)
		_, errs, _ := runSetup(t, fsys, func(c *builtins.Call) {
			c.Clock = steppingClock{lc}
		}, "", "dd", "if=f", "of=/dev/null", "bs=1M")
		if got := errs[len("0+1 records in\n0+1 records out\n"):]; got != tc.want+"\n" {
			t.Errorf("%d bytes: got %q, want %q", tc.n, got, tc.want)
		}
	}
}

// steppingClock moves two seconds on every reading.
type steppingClock struct{ l *clock.Logical }

func (s steppingClock) Now() time.Time {
	now := s.l.Now()
	s.l.Slept(2 * time.Second)
	return now
}

// TestDDBuffers: a block size past the memory limit is refused before
// anything is read, in GNU dd's words when its malloc fails.
func TestDDBuffers(t *testing.T) {
	t.Parallel()
	limit := func(c *builtins.Call) { c.MemLimit = 4 << 20 }
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"dd", "bs=1G"}, "dd: memory exhausted by input buffer of size 1073741824 bytes (1.0 GiB)\n"},
		{[]string{"dd", "ibs=1", "obs=1500M"}, "dd: memory exhausted by output buffer of size 1572864000 bytes (1.5 GiB)\n"},
		{[]string{"dd", "ibs=600000000", "obs=1"}, "dd: memory exhausted by input buffer of size 600000000 bytes (572 MiB)\n"},
	} {
		out, errs, status := runSetup(t, testTree(t), limit, "abc", tc.args...)
		if out != "" || errs != tc.err || status != 1 {
			t.Errorf("%q: got (%q, %q, %d), want (\"\", %q, 1)", tc.args, out, errs, status, tc.err)
		}
	}
	out, errs, status := runSetup(t, testTree(t), limit, "abc", "dd", "bs=1M", "status=none")
	if out != "abc" || errs != "" || status != 0 {
		t.Errorf("bs=1M: got (%q, %q, %d)", out, errs, status)
	}
}
