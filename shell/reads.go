package shell

import (
	"fmt"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/effects"
)

// Reads of the real clock and of real randomness are effects: what a
// command did with them cannot be replayed. The gate hands them out only
// under clock.read and random.read; a recorder (effects.Reads) under the
// gate counts those that get through, for one command (or one expansion
// of $SRANDOM, $EPOCHSECONDS..., one read of /dev/urandom), and writes
// them to the effect log when it ends. The reads moonix makes for itself
// (the seed of $RANDOM, the logical clock's ticks, the tree's timestamps)
// go through the session's own clock and source, which are gated but not
// recorded.

// recorded returns a recorder of the real reads target makes, with the
// clock and the random source that reach the real ones through it: the
// gate outside, the recorder inside. A clock the session was configured
// with (not logical) is neither gated nor recorded.
func (s *Session) recorded(target string) (*effects.Reads, clock.Clock, clock.Source) {
	r := effects.NewReads(s.cfg.Effects, target, clock.Real{}, clock.Crypto{})
	clk := s.clock
	if s.clockGated {
		clk = s.gate.Clock(s.logical, r)
	}
	return r, clk, s.gate.Rand(s.seeded, r)
}

// flushReads writes the reads r recorded to the log. A read has been
// made, so it is written even to a full log; but once the log is full,
// the session stops granting real reads (clock.read and random.read are
// dropped, and it says so once): a read it could not record must not
// happen.
func (s *Session) flushReads(r *effects.Reads) {
	if !r.Flush() || !s.realClock() && !s.realRandom() {
		return
	}
	s.gate.Set.Drop(caps.Cap{Kind: caps.ClockRead}, caps.Cap{Kind: caps.RandomRead})
	fmt.Fprintln(s.cfg.Stderr, "moonix: the effect log is full: clock.read and random.read are dropped (time is logical and randomness seeded from now on)")
}

// realClock and realRandom report whether the session's clock and random
// source give real values at this moment.
func (s *Session) realClock() bool {
	return s.clockGated && s.gate.Set.Allows(caps.ClockRead, "")
}

func (s *Session) realRandom() bool { return s.gate.Set.Allows(caps.RandomRead, "") }

// deviceRand is what the tree's /dev/random and /dev/urandom read: the
// session's random source, each real read recorded on its own (a device
// read does not know which command made it).
type deviceRand struct{ s *Session }

func (d deviceRand) Read(p []byte) (int, error) { return d.ReadDevice("/dev/urandom", p) }

func (d deviceRand) ReadDevice(name string, p []byte) (int, error) {
	r, _, rnd := d.s.recorded(name)
	n, err := rnd.Read(p)
	d.s.flushReads(r)
	return n, err
}
