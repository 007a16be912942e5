package effects

import (
	"testing"
	"time"

	"github.com/moonix-sh/moonix/clock"
)

// TestReads: a reader's reads of the clock and of randomness become one
// entry per kind when it flushes, and nothing when it read nothing.
func TestReads(t *testing.T) {
	t.Parallel()
	log := Memory()
	clk := clock.NewLogical(time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC))
	r := NewReads(log, "date", clk, clock.NewSeeded(7))
	r.Now()
	clk.Tick()
	r.Now()
	n := r.Uint64()
	r.Read(make([]byte, 3))
	if full := r.Flush(); full {
		t.Error("Flush says a fresh log is full")
	}
	r.Flush() // nothing more to record
	entries, err := log.Entries()
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("%d entries, want 2", len(entries))
	}
	if e := entries[0]; e.Kind != Clock || e.Target != "date" || e.Response.Summary != "2 reads, 2030-01-02T03:04:05Z to 2030-01-02T03:04:06Z" {
		t.Errorf("clock entry: %+v %+v", e, e.Response)
	}
	if e := entries[1]; e.Kind != Random || e.Response.Summary != "1 number, 3 bytes" {
		t.Errorf("random entry: %+v %+v (the number was %d)", e, e.Response, n)
	}
	r.Show("42")
	r.Uint64()
	r.Flush()
	if entries, _ = log.Entries(); entries[2].Response.Summary != "42" {
		t.Errorf("shown value: %+v", entries[2].Response)
	}
}

// TestReadsFullLog: a read is recorded even in a full log, and Flush says
// the log is full, so that the session stops allowing real reads.
func TestReadsFullLog(t *testing.T) {
	t.Parallel()
	log := Memory()
	log.MaxBytes = 1
	r := NewReads(log, "$SRANDOM", clock.Real{}, clock.NewSeeded(1))
	r.Uint64()
	if !r.Flush() {
		t.Error("Flush does not say the log is full")
	}
	if entries, _ := log.Entries(); len(entries) != 1 {
		t.Errorf("%d entries, want the read recorded anyway", len(entries))
	}
}
