package coreutils

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/clock"
)

func sleepCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "sleep",
		Summary: "wait for a while",
		Usage: `Usage: sleep NUMBER[SUFFIX]...
Waits for the sum of the NUMBERs: seconds, or with a suffix s (seconds),
m (minutes), h (hours) or d (days). NUMBER may be fractional (0.5) and
"inf" waits until interrupted. The session's logical clock moves on by the
time slept.
`,
		Run: runSleep,
	}
}

func runSleep(c *builtins.Call) int {
	fl := c.Flags()
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	args := fl.Args()
	if len(args) == 0 {
		return c.Usage("missing operand")
	}
	var total float64
	valid := true
	for _, a := range args {
		secs, ok := parseInterval(a)
		if !ok {
			// GNU names every bad interval, then says how to get help
			c.Fail("invalid time interval %s", builtins.Quote(a))
			valid = false
		}
		total += secs
	}
	if !valid {
		return c.TryHelp()
	}
	var d time.Duration
	if total >= float64(math.MaxInt64)/float64(time.Second) {
		d = math.MaxInt64
	} else {
		d = time.Duration(math.Ceil(total * float64(time.Second)))
	}
	if d <= 0 {
		return 0
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		if s, ok := c.Clock.(clock.Sleeper); ok {
			s.Slept(d)
		}
		return 0
	case <-c.Ctx.Done():
		// How long it slept is unknown without the host's clock, so the
		// logical clock does not move.
		return 130
	}
}

// parseInterval reads NUMBER[smhd] as seconds, as GNU sleep does
// (strtod syntax: decimal, exponent, hex, inf; never negative).
func parseInterval(s string) (float64, bool) {
	mult := 1.0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 's':
			s = s[:n-1]
		case 'm':
			mult, s = 60, s[:n-1]
		case 'h':
			mult, s = 3600, s[:n-1]
		case 'd':
			mult, s = 86400, s[:n-1]
		}
	}
	if s == "" || strings.ContainsAny(s, "_") || strings.EqualFold(s, "nan") || strings.HasPrefix(s, "+") && len(s) > 1 && (s[1] == '+' || s[1] == '-') {
		return 0, false
	}
	if n := len(s); n > 1 && s[n-1] == '.' && s[n-2] >= '0' && s[n-2] <= '9' {
		s += "0" // "1." is a number to strtod
	}
	if l := strings.ToLower(s); strings.HasPrefix(strings.TrimLeft(l, "+"), "0x") && !strings.Contains(l, "p") {
		s += "p0" // strtod's hex needs no exponent; Go's does
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) || math.IsNaN(v) || v < 0 {
		return 0, false
	}
	return v * mult, true
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
