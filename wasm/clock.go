package wasm

import (
	"context"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/clock"
)

// guestClock is what a run's module sees as its clocks: the session's
// clock (logical unless clock.read is granted) for the wall clock, and
// the time elapsed on it since the module's first monotonic reading for
// the monotonic clock. Nothing is read before the module asks: a real
// read is an effect, recorded against the command.
type guestClock struct {
	ctx context.Context
	clk clock.Clock

	mu      sync.Mutex
	started bool
	start   time.Time
	last    int64 // the last monotonic reading: readings never go back
}

func newGuestClock(ctx context.Context, clk clock.Clock) *guestClock {
	return &guestClock{ctx: ctx, clk: clk}
}

func (g *guestClock) walltime() (sec int64, nsec int32) {
	t := g.clk.Now()
	return t.Unix(), int32(t.Nanosecond())
}

// nanotime moves forward with the session's clock; on a logical clock
// that is by the time the module slept, plus a nanosecond a reading so
// that a loop waiting for time to pass sees it pass.
func (g *guestClock) nanotime() int64 {
	t := g.clk.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.started {
		g.start, g.started = t, true
	}
	ns := max(int64(t.Sub(g.start)), g.last+1)
	g.last = ns
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
