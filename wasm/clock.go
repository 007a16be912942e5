package wasm

import (
	"context"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/effects"
)

// maxFirst is how many of the first values an effect entry keeps.
const maxFirst = 3

// reads counts one kind of real read in a run, for the coalesced effect
// entry written when the run ends.
type reads struct {
	mu    sync.Mutex
	n     int
	parts map[string]int // what was read: "wall", "monotonic", "random_get"
	first []string
}

// add counts a read; value says what was read, for the first few.
func (r *reads) add(part string, value func() string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	if r.parts == nil {
		r.parts = map[string]int{}
	}
	r.parts[part]++
	if len(r.first) < maxFirst {
		r.first = append(r.first, value())
	}
}

// record writes the entry for these reads, if there were any.
func (r *reads) record(log *effects.Log, kind effects.Kind, target string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n == 0 || log == nil {
		return
	}
	fields := map[string]string{}
	for part, n := range r.parts {
		fields[part] = fmt.Sprint(n)
	}
	noun := "reads"
	if r.n == 1 {
		noun = "read"
	}
	log.Record(effects.Entry{
		Kind: kind, Target: target, Outcome: effects.OutcomeOK,
		Response: &effects.Payload{
			Summary: fmt.Sprintf("%d %s, first: %s", r.n, noun, strings.Join(r.first, ", ")),
			Fields:  fields,
		},
	})
}

// guestClock is what a run's module sees as its clocks: the session's
// clock (logical unless clock.read is granted) for the wall clock, and
// the time elapsed on it since the run began for the monotonic clock.
// Reads of the real clock are counted for the effect log.
type guestClock struct {
	ctx   context.Context
	clk   clock.Clock
	real  func() bool // whether clk is the real clock now
	start time.Time
	reads *reads

	mu   sync.Mutex
	last int64 // the last monotonic reading: readings never go back
}

func newGuestClock(ctx context.Context, clk clock.Clock, real func() bool) *guestClock {
	return &guestClock{ctx: ctx, clk: clk, real: real, start: clk.Now(), reads: &reads{}}
}

func (g *guestClock) walltime() (sec int64, nsec int32) {
	t := g.clk.Now()
	if g.real() {
		g.reads.add("wall", func() string { return t.UTC().Format(time.RFC3339Nano) })
	}
	return t.Unix(), int32(t.Nanosecond())
}

// nanotime moves forward with the session's clock; on a logical clock
// that is by the time the module slept, plus a nanosecond a reading so
// that a loop waiting for time to pass sees it pass.
func (g *guestClock) nanotime() int64 {
	t := g.clk.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	ns := max(int64(t.Sub(g.start)), g.last+1)
	g.last = ns
	if g.real() {
		g.reads.add("monotonic", func() string { return fmt.Sprintf("+%dns", ns) })
	}
	return ns
}

// nanosleep waits for ns like the sleep builtin: really, but no longer
// than the run lasts, and the session's logical clock moves on by the
// time slept.
func (g *guestClock) nanosleep(ns int64) {
	if ns <= 0 {
		return
	}
	d := time.Duration(ns)
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		if s, ok := g.clk.(clock.Sleeper); ok {
			s.Slept(d)
		}
	case <-g.ctx.Done():
	}
}

// guestRand is the module's random source: the session's (seeded unless
// random.read is granted), with real reads counted for the effect log.
type guestRand struct {
	src   clock.Source
	real  func() bool
	reads *reads
}

func (r *guestRand) Read(p []byte) (int, error) {
	n, err := r.src.Read(p)
	if r.real() && n > 0 {
		r.reads.add("random_get", func() string { return fmt.Sprintf("%d bytes %s", n, hex.EncodeToString(p[:min(n, 8)])) })
	}
	return n, err
}
