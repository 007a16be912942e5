package effects

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/clock"
)

// Reads records the reads of the real clock and of real randomness that
// one reader makes (a command, one expansion of $SRANDOM, one read of
// /dev/urandom): what was done with them cannot be replayed, so they are
// effects. Reads is a clock.Clock and a clock.Source over the real ones;
// the capability gate goes outside it, so that every read that reaches it
// is a real one the gate allowed. It counts them, and Flush writes one
// entry per kind: a clock entry with the time read (or how many reads,
// from when to when), a random entry with the number read or the count of
// numbers and bytes. Reads is safe for concurrent use.
type Reads struct {
	log    *Log
	target string // what read: the command name, $SRANDOM, /dev/urandom...
	clock  clock.Clock
	rand   clock.Source

	mu          sync.Mutex
	clockReads  int
	first, last time.Time
	numbers     int    // Uint64 reads
	number      uint64 // the last one
	bytes       int    // bytes read with Read
	shown       string // the value as the reader showed it (see Show)
}

// NewReads returns a recorder, for the reads target makes, of the clock
// clk and the source rnd (the host's: clock.Real, clock.Crypto).
func NewReads(log *Log, target string, clk clock.Clock, rnd clock.Source) *Reads {
	return &Reads{log: log, target: target, clock: clk, rand: rnd}
}

// Now reads the clock.
func (r *Reads) Now() time.Time {
	t := r.clock.Now()
	r.mu.Lock()
	if r.clockReads == 0 {
		r.first = t
	}
	r.clockReads++
	r.last = t
	r.mu.Unlock()
	return t
}

// Uint64 reads a number from the random source.
func (r *Reads) Uint64() uint64 {
	v := r.rand.Uint64()
	r.mu.Lock()
	r.numbers++
	r.number = v
	r.mu.Unlock()
	return v
}

// Read fills p from the random source.
func (r *Reads) Read(p []byte) (int, error) {
	n, err := r.rand.Read(p)
	r.mu.Lock()
	r.bytes += n
	r.mu.Unlock()
	return n, err
}

// Show says how the reader showed what it read ($SRANDOM shows 32 bits of
// its number): the random entry's summary.
func (r *Reads) Show(v string) {
	r.mu.Lock()
	r.shown = v
	r.mu.Unlock()
}

// Flush records the reads made since the last Flush, and reports whether
// the log is full once they are: a read has been made, so it is written
// even to a full log, but the caller should then stop allowing real reads
// it could not record. A log that cannot be written to loses the record,
// as with denials.
func (r *Reads) Flush() (full bool) {
	r.mu.Lock()
	clockReads, first, last := r.clockReads, r.first, r.last
	numbers, number, bytes, shown := r.numbers, r.number, r.bytes, r.shown
	r.clockReads, r.numbers, r.bytes, r.shown = 0, 0, 0, ""
	r.mu.Unlock()
	recorded := false
	if clockReads > 0 {
		summary := formatTime(first)
		if clockReads > 1 {
			summary = strconv.Itoa(clockReads) + " reads, " + formatTime(first) + " to " + formatTime(last)
		}
		r.record(Clock, summary)
		recorded = true
	}
	if numbers > 0 || bytes > 0 {
		var parts []string
		switch {
		case shown != "":
			parts = append(parts, shown)
		case numbers == 1 && bytes == 0:
			parts = append(parts, strconv.FormatUint(number, 10))
		case numbers > 0:
			parts = append(parts, count(numbers, "number"))
		}
		if bytes > 0 && shown == "" {
			parts = append(parts, count(bytes, "byte"))
		}
		r.record(Random, strings.Join(parts, ", "))
		recorded = true
	}
	return recorded && r.log.Full()
}

func (r *Reads) record(kind Kind, summary string) {
	r.log.Record(Entry{
		Kind: kind, Target: r.target, Outcome: OutcomeOK,
		Response: &Payload{Summary: summary},
	})
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
