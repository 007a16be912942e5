package shell

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
)

// runPreset runs script in a fresh session with a preset and returns its
// output and what its effect log holds.
func runPreset(t *testing.T, preset, script string) (string, []effects.Entry) {
	t.Helper()
	set, err := caps.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	log := effects.Memory()
	out, _ := runConfig(t, Config{Caps: set, Effects: log}, script)
	entries, err := log.Entries()
	if err != nil {
		t.Fatal(err)
	}
	return out, entries
}

// read is a recorded read as the tests describe it.
type read struct {
	kind   effects.Kind
	target string
}

func readsOf(entries []effects.Entry) []read {
	var out []read
	for _, e := range entries {
		out = append(out, read{e.Kind, e.Target})
	}
	return out
}

func sameReads(a, b []read) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Under clock.read and random.read (the developer preset), every real read
// a command makes is an effect: one entry per command and kind, when it
// ends. The reads moonix makes for itself are not.
func TestRealReadsAreRecorded(t *testing.T) {
	t.Parallel()
	clock := func(target string) read { return read{effects.Clock, target} }
	random := func(target string) read { return read{effects.Random, target} }
	for _, tc := range []struct {
		script string
		want   []read
	}{
		// The seed of $RANDOM, the clock's ticks, the tree's times.
		{"true", nil},
		{"echo $RANDOM; sh -c 'echo $RANDOM'; echo x > f; cat f; ls; ls -l /work/nothing", nil},
		{"echo > a; touch -r a b; find . -name a -newer b; ls -a", nil},
		{"date", []read{clock("date")}},
		{"/bin/date; command date", []read{clock("date"), clock("date")}},
		{"sh -c date", []read{clock("date")}},
		{"echo $EPOCHSECONDS ${EPOCHREALTIME}", []read{clock("$EPOCHSECONDS"), clock("$EPOCHREALTIME")}},
		{"echo \"$SRANDOM\"", []read{random("$SRANDOM")}},
		{"head -c 8 /dev/urandom > /dev/null; head -c 8 /dev/random > /dev/null", []read{random("/dev/urandom"), random("/dev/random")}},
		{"mktemp -u; mktemp", []read{random("mktemp"), random("mktemp")}},
		{"touch a", []read{clock("touch")}},
		{"ls -l /", []read{clock("ls")}},
		{"find / -maxdepth 1 -mmin -5", []read{clock("find")}},
		{"printf '%(%s)T\\n' -1", []read{clock("printf")}},
		{"awk 'BEGIN { srand(); print 1 }'", []read{clock("awk")}},
		{"jq -n now", []read{clock("jq")}},
		{"echo date | xargs sh -c", []read{clock("date")}},
	} {
		_, entries := runPreset(t, "developer", tc.script)
		if got := readsOf(entries); !sameReads(got, tc.want) {
			t.Errorf("%s: recorded %v, want %v", tc.script, got, tc.want)
		}
		for _, e := range entries {
			if e.Outcome != effects.OutcomeOK || e.Response == nil || e.Response.Summary == "" || e.Phase != "" {
				t.Errorf("%s: entry %+v", tc.script, e)
			}
		}
	}
}

// The entry says what was read: the time, or the number the user saw.
func TestRealReadValues(t *testing.T) {
	t.Parallel()
	out, entries := runPreset(t, "developer", `date +%s; echo $SRANDOM; echo $EPOCHSECONDS; mktemp -u; head -c 5 /dev/urandom | wc -c`)
	lines := strings.Fields(out)
	if len(lines) != 5 || len(entries) != 5 {
		t.Fatalf("output %q, %d entries", out, len(entries))
	}
	read, err := time.Parse(time.RFC3339Nano, entries[0].Response.Summary)
	if err != nil || strconv.FormatInt(read.Unix(), 10) != lines[0] {
		t.Errorf("date printed %s, the entry says %q (%v)", lines[0], entries[0].Response.Summary, err)
	}
	if time.Since(read) > time.Minute || time.Since(read) < 0 {
		t.Errorf("date read %v: not the real clock", read)
	}
	if entries[1].Response.Summary != lines[1] {
		t.Errorf("$SRANDOM was %s, the entry says %q", lines[1], entries[1].Response.Summary)
	}
	if read, err := time.Parse(time.RFC3339Nano, entries[2].Response.Summary); err != nil || strconv.FormatInt(read.Unix(), 10) != lines[2] {
		t.Errorf("$EPOCHSECONDS was %s, the entry says %q", lines[2], entries[2].Response.Summary)
	}
	if got := entries[3].Response.Summary; got != "10 numbers" {
		t.Errorf("mktemp's entry says %q, want 10 numbers (one per X)", got)
	}
	if got := entries[4].Response.Summary; !strings.HasSuffix(got, " bytes") {
		t.Errorf("/dev/urandom's entry says %q", got)
	}
}

// Without the capabilities the clock is logical and randomness seeded:
// nothing real is read, nothing is recorded, and runs repeat.
func TestSandboxReadsAreNotRecorded(t *testing.T) {
	t.Parallel()
	script := `date; echo $SRANDOM $EPOCHSECONDS $EPOCHREALTIME; head -c 16 /dev/urandom | od -An -tx1; mktemp -u; touch a; ls -l`
	first, entries := runPreset(t, "sandbox", script)
	second, _ := runPreset(t, "sandbox", script)
	if len(entries) != 0 {
		t.Errorf("recorded %v", readsOf(entries))
	}
	if first != second || strings.Contains(first, "moonix:") {
		t.Errorf("two runs differ or fail:\n%s\n%s", first, second)
	}
	if !strings.HasPrefix(first, "Thu Jan  1 00:00:01 UTC 2026\n") || !strings.Contains(first, " 1767225601 1767225601.000000\n") {
		t.Errorf("not the logical clock:\n%s", first)
	}
}

// A capability dropped while the session runs stops the real reads and
// their records.
func TestDroppedReadsStopRecording(t *testing.T) {
	t.Parallel()
	set, _ := caps.Preset("developer")
	log := effects.Memory()
	out := &syncBuffer{}
	s, err := New(Config{Stdout: out, Stderr: out, Caps: set, Effects: log})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s.Run(ctx, "date; echo $SRANDOM", "")
	s.Caps().Drop(caps.Cap{Kind: caps.ClockRead}, caps.Cap{Kind: caps.RandomRead})
	s.Run(ctx, "date; echo $SRANDOM; head -c 4 /dev/urandom >/dev/null", "")
	if got, want := log.Position(), int64(2); got != want {
		entries, _ := log.Entries()
		t.Errorf("log position %d, want %d: %v", got, want, readsOf(entries))
	}
}
