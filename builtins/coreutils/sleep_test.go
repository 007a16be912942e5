package coreutils

import (
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/clock"
)

func TestParseInterval(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		secs float64
		ok   bool
	}{
		{"1", 1, true}, {"1s", 1, true}, {"1.5", 1.5, true}, {".5", 0.5, true}, {"1.", 1, true},
		{"2m", 120, true}, {"0.5h", 1800, true}, {"1d", 86400, true}, {"1e2", 100, true},
		{"0x10", 16, true}, {"+3", 3, true}, {"0", 0, true},
		{"x", 0, false}, {"", 0, false}, {".", 0, false}, {"1x", 0, false}, {"s", 0, false},
		{"-1", 0, false}, {"nan", 0, false}, {"1_0", 0, false}, {"1ss", 0, false}, {"++1", 0, false},
	} {
		secs, ok := parseInterval(tc.in)
		if secs != tc.secs || ok != tc.ok {
			t.Errorf("parseInterval(%q) = %v, %v; want %v, %v", tc.in, secs, ok, tc.secs, tc.ok)
		}
	}
	if secs, ok := parseInterval("inf"); !ok || secs < 1e300 {
		t.Errorf("inf: %v %v", secs, ok)
	}
}

func TestSleep(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	for _, tc := range []struct {
		args   []string
		slept  time.Duration
		err    string
		status int
	}{
		{[]string{"sleep", "0.01"}, 10 * time.Millisecond, "", 0},
		{[]string{"sleep", "0.005", "0.005s", "0.0001m"}, 16 * time.Millisecond, "", 0},
		{[]string{"sleep", "0"}, 0, "", 0},
		{[]string{"sleep"}, 0, "sleep: missing operand\nTry 'sleep --help' for more information.\n", 1},
		{[]string{"sleep", "x"}, 0, "sleep: invalid time interval 'x'\nTry 'sleep --help' for more information.\n", 1},
		{[]string{"sleep", "1", "2y"}, 0, "sleep: invalid time interval '2y'\nTry 'sleep --help' for more information.\n", 1},
		{[]string{"sleep", "-1"}, 0, "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n", 1},
	} {
		clk := clock.NewLogical(clock.Epoch)
		confirm(t, fsys, cmdCase{Args: tc.args, Err: tc.err, Status: tc.status})
		out, errs, status := runSetup(t, fsys, func(c *builtins.Call) { c.Clock = clk }, "", tc.args...)
		if out != "" || errs != tc.err || status != tc.status {
			t.Errorf("%q: got (%q, %q, %d), want (\"\", %q, %d)", tc.args, out, errs, status, tc.err, tc.status)
		}
		if got := clk.Now().Sub(clock.Epoch); got != tc.slept {
			t.Errorf("%q: logical clock moved %v, want %v", tc.args, got, tc.slept)
		}
	}
}

func TestSleepCanceled(t *testing.T) {
	t.Parallel()
	clk := clock.NewLogical(clock.Epoch)
	runCanceled(t, func(c *builtins.Call) { c.Clock = clk }, "sleep", "inf")
	if !clk.Now().Equal(clock.Epoch) {
		t.Errorf("an interrupted sleep moved the clock to %v", clk.Now())
	}
}
