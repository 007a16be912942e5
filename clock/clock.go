// Package clock is moonix's one seam for nondeterminism: wall-clock time and
// randomness. Everything else in moonix asks a Clock or a Source from here and
// never calls time.Now or math/rand itself.
//
// The default is logical: a Logical clock starts at a fixed instant and moves
// forward one second per command the shell runs (Tick) and by the length of
// every sleep (Slept), and a Seeded source is a pseudo-random generator with a
// fixed seed. The same session therefore produces the same times and the same
// "random" bytes every run. Real time and real randomness are only handed out
// where a capability grants them.
//
// It imports only the standard library. All types here are safe for
// concurrent use.
package clock

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
	"sync"
	"time"
)

// Epoch is where a logical clock starts unless told otherwise:
// 2026-01-01T00:00:00Z.
var Epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Clock tells the time.
type Clock interface {
	Now() time.Time
}

// Ticker is implemented by clocks that move forward by one step when told
// to; the shell ticks its clock once per command it runs.
type Ticker interface {
	Tick()
}

// Sleeper is implemented by clocks that account for a sleep: the times read
// after a sleep are later by the slept duration.
type Sleeper interface {
	Slept(d time.Duration)
}

// Logical is a deterministic clock. Use NewLogical.
type Logical struct {
	mu   sync.Mutex
	now  time.Time
	step time.Duration
}

// NewLogical returns a logical clock reading start, advancing one second per
// Tick.
func NewLogical(start time.Time) *Logical {
	return &Logical{now: start.UTC(), step: time.Second}
}

// Now returns the current logical time.
func (l *Logical) Now() time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.now
}

// Tick advances the clock by one step.
func (l *Logical) Tick() { l.Slept(l.step) }

// Slept advances the clock by d.
func (l *Logical) Slept(d time.Duration) {
	if d <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.now = l.now.Add(d)
}

// Set moves the clock to t, for a workspace that resumes where it stopped.
func (l *Logical) Set(t time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.now = t.UTC()
}

// Real is the host's wall clock. Only hand it out where a capability allows.
type Real struct{}

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// Source produces random numbers and bytes.
type Source interface {
	Uint64() uint64
	// Read fills p with random bytes; it never fails.
	Read(p []byte) (int, error)
}

// DefaultSeed is a session's seed unless configured.
const DefaultSeed = 0x6d6f6f6e6978 // "moonix"

// Seeded is a deterministic pseudo-random source. Use NewSeeded.
type Seeded struct {
	mu  sync.Mutex
	rng *rand.Rand
}

// NewSeeded returns a generator that produces the same sequence for the same
// seed.
func NewSeeded(seed uint64) *Seeded {
	return &Seeded{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Uint64 returns the next number of the sequence.
func (s *Seeded) Uint64() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rng.Uint64()
}

// Read fills p from the sequence.
func (s *Seeded) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b [8]byte
	for i := 0; i < len(p); i += 8 {
		binary.LittleEndian.PutUint64(b[:], s.rng.Uint64())
		copy(p[i:], b[:])
	}
	return len(p), nil
}

// Crypto is the host's cryptographic random source. Only hand it out where a
// capability allows.
type Crypto struct{}

// Uint64 returns a random number from crypto/rand.
func (Crypto) Uint64() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Read fills p from crypto/rand.
func (Crypto) Read(p []byte) (int, error) { return crand.Read(p) }
