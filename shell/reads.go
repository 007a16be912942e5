package shell

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/effects"
)

// Reads of the real clock and of real randomness are effects: what a
// command did with them cannot be replayed. The gate hands them out only
// under clock.read and random.read; the session records each command's
// real reads in its effect log, one entry per command and kind (a clock
// entry with the time read, a random entry with the number or the byte
// count), when the command ends. The reads moonix makes for itself (the
// seed of $RANDOM, the logical clock's ticks, the tree's timestamps) are
// not a command's and are not recorded.

// reads counts the real reads made by one command (or one expansion of
// $SRANDOM, $EPOCHSECONDS...) and records them in the log. It is the
// command's Clock (when the session's clock is the gate's) and Rand.
type reads struct {
	s      *Session
	target string // what read: the command name, $SRANDOM, /dev/urandom...

	mu          sync.Mutex
	clockReads  int
	first, last time.Time
	numbers     int    // Uint64 reads
	number      uint64 // the last one
	bytes       int    // bytes read with Read
	// shown, when set, is the value as the user saw it ($SRANDOM shows
	// 32 bits of its number): the random entry's summary.
	shown string
}

// newReads returns a recorder of the reads made by target.
func (s *Session) newReads(target string) *reads { return &reads{s: s, target: target} }

// realClock and realRandom report whether the session's clock and random
// source give real values at this moment. The set only drops, so a read
// found not real stays so; one found real is recorded even in the
// unlikely case that a drop races it.
func (s *Session) realClock() bool {
	return s.clockGated && s.gate.Set.Allows(caps.ClockRead, "")
}

func (s *Session) realRandom() bool { return s.gate.Set.Allows(caps.RandomRead, "") }

// Now reads the session's clock.
func (r *reads) Now() time.Time {
	isReal := r.s.realClock()
	t := r.s.clock.Now()
	if isReal {
		r.mu.Lock()
		if r.clockReads == 0 {
			r.first = t
		}
		r.clockReads++
		r.last = t
		r.mu.Unlock()
	}
	return t
}

// Tick and Slept move the session's (logical) clock.
func (r *reads) Tick() { r.s.tick() }

func (r *reads) Slept(d time.Duration) {
	if sl, ok := r.s.clock.(clock.Sleeper); ok {
		sl.Slept(d)
	}
}

// Uint64 reads a number from the session's random source.
func (r *reads) Uint64() uint64 {
	isReal := r.s.realRandom()
	v := r.s.rand.Uint64()
	if isReal {
		r.mu.Lock()
		r.numbers++
		r.number = v
		r.mu.Unlock()
	}
	return v
}

// Read fills p from the session's random source.
func (r *reads) Read(p []byte) (int, error) {
	isReal := r.s.realRandom()
	n, err := r.s.rand.Read(p)
	if isReal {
		r.mu.Lock()
		r.bytes += n
		r.mu.Unlock()
	}
	return n, err
}

// flush records the reads made since the last flush. A log that cannot be
// written to loses the record, as with denials.
func (r *reads) flush() {
	r.mu.Lock()
	clockReads, first, last := r.clockReads, r.first, r.last
	numbers, number, bytes, shown := r.numbers, r.number, r.bytes, r.shown
	r.clockReads, r.numbers, r.bytes, r.shown = 0, 0, 0, ""
	r.mu.Unlock()
	if clockReads > 0 {
		summary := formatTime(first)
		if clockReads > 1 {
			summary = strconv.Itoa(clockReads) + " reads, " + formatTime(first) + " to " + formatTime(last)
		}
		r.s.recordRead(effects.Clock, r.target, summary)
	}
	if numbers > 0 || bytes > 0 {
		var parts []string
		switch {
		case shown != "":
			parts = append(parts, shown)
		case numbers == 1 && bytes == 0:
			parts = append(parts, strconv.FormatUint(number, 10))
		case numbers > 0:
			parts = append(parts, plural(numbers, "number"))
		}
		if bytes > 0 && shown == "" {
			parts = append(parts, plural(bytes, "byte"))
		}
		r.s.recordRead(effects.Random, r.target, strings.Join(parts, ", "))
	}
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// recordRead puts one real read in the effect log. The read has been
// made, so it is written even to a full log; but once the log is full,
// the session stops granting real reads (clock.read and random.read are
// dropped, and it says so once): a read it could not record must not
// happen.
func (s *Session) recordRead(kind effects.Kind, target, value string) {
	log := s.cfg.Effects
	log.Record(effects.Entry{
		Kind: kind, Target: target, Outcome: effects.OutcomeOK,
		Response: &effects.Payload{Summary: value},
	})
	if !log.Full() || !s.realClock() && !s.realRandom() {
		return
	}
	s.gate.Set.Drop(caps.Cap{Kind: caps.ClockRead}, caps.Cap{Kind: caps.RandomRead})
	fmt.Fprintln(s.cfg.Stderr, "moonix: the effect log is full: clock.read and random.read are dropped (time is logical and randomness seeded from now on)")
}

// deviceRand is what the tree's /dev/random and /dev/urandom read: the
// session's random source, each real read recorded on its own (a device
// read does not know which command made it).
type deviceRand struct{ s *Session }

func (d deviceRand) Read(p []byte) (int, error) { return d.ReadDevice("/dev/urandom", p) }

func (d deviceRand) ReadDevice(name string, p []byte) (int, error) {
	r := d.s.newReads(name)
	n, err := r.Read(p)
	r.flush()
	return n, err
}
