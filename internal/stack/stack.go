// Package stack bounds how deep the shell's recursive code may go on the
// goroutine stack: the parser's recursion over nested input, and a
// running program's recursion through functions, eval, source and
// command substitution. Go cannot recover from a stack overflow (it is a
// fatal error, not a panic), so both are refused before the stack is
// exhausted. It imports only the standard library; its values are safe
// for concurrent use.
package stack

import (
	"errors"
	"io"
	"reflect"
	"runtime"
	"sync/atomic"
)

// The parser recurses once or more for every level of nesting ({, (, $(,
// `, ${, $((, [[, if, while, case...). Parse hands the parser a reader
// that counts, each time the parser asks for more, the frames stacked
// above Parse, and unwinds with ErrTooDeep once they are more than
// ParseFrames. The parser asks for at most 1 KiB at a time and recurses
// a bounded number of frames per byte, so it never gets far past the
// limit. This holds for every construct that nests.

// ParseFrames is how many stack frames a parse may use: about 1,000
// levels of braces, command substitutions or if/while, 350 of parentheses
// in arithmetic (the costliest, some 27 frames each), a few MB of stack.
const ParseFrames = 10000

// ShortText is the length under which a text cannot make the parser
// recurse ParseFrames deep (it takes at most some 30 frames a byte): such
// a text needs no bound.
const ShortText = ParseFrames / 32

// ErrTooDeep is what Parse returns for input nested too deeply.
var ErrTooDeep = errors.New("nesting too deep")

// tooDeep is the panic that unwinds a parse gone too deep.
type tooDeep struct{}

// Parse calls parse with a reader of src that stops it (Parse then
// returns ErrTooDeep) once the parser is too deep above Parse. Any other
// panic goes on.
//
//go:noinline
func Parse(src io.Reader, parse func(io.Reader) error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			if _, ok := v.(tooDeep); !ok {
				panic(v)
			}
			err = ErrTooDeep
		}
	}()
	return parse(bounded{src})
}

// bounded is the parser's input: it panics with tooDeep when the parser
// is too deep above Parse.
type bounded struct{ r io.Reader }

func (b bounded) Read(p []byte) (int, error) {
	if parserTooDeep() {
		panic(tooDeep{})
	}
	return b.r.Read(p)
}

// parseEntry is where Parse starts, to find its frame.
var parseEntry = reflect.ValueOf(Parse).Pointer()

// parserTooDeep reports whether more than ParseFrames frames separate its
// caller from the nearest frame of Parse. Its cost follows the parser's
// depth, not the whole stack's, which may be deep in a recursive
// program.
func parserTooDeep() bool {
	var small [64]uintptr
	buf := small[:]
	for {
		n := runtime.Callers(2, buf)
		for _, pc := range buf[:n] {
			if f := runtime.FuncForPC(pc - 1); f != nil && f.Entry() == parseEntry {
				return false
			}
		}
		if n < len(buf) {
			return false // not under Parse
		}
		if len(buf) >= ParseFrames {
			return true
		}
		buf = make([]uintptr, min(4*len(buf), ParseFrames))
	}
}

// A Gauge measures the stack of running code: Deep reports a stack
// deeper than its frames, measuring it only every so many calls. The
// count is shared by the goroutines using the gauge: a recursion in one
// of them is measured all the same, as it makes most of the calls. The
// zero value is ready, with the bound DefaultFrames.
type Gauge struct {
	// Frames is the bound; 0 means DefaultFrames.
	Frames             int
	calls, nextMeasure atomic.Int64
}

// DefaultFrames bounds a running program's stack: some 15 MB of stack,
// far from Go's limit of 1 GB.
const DefaultFrames = 15000

// callFrames is more than the frames a recursion adds from one call to
// the next (a shell function call, an eval, a command substitution).
const callFrames = 64

// maxGap is the most calls between two measures of the stack.
const maxGap = 256

// Deep reports whether the caller's stack is deeper than the bound.
func (g *Gauge) Deep() bool {
	n := g.calls.Add(1)
	if n < g.nextMeasure.Load() {
		return false
	}
	frames := g.Frames
	if frames <= 0 {
		frames = DefaultFrames
	}
	gap := measure(frames)
	if gap < 0 {
		return true
	}
	g.nextMeasure.Store(n + int64(gap))
	return false
}

// measure measures the caller's stack. It returns -1 when it is deeper
// than frames, else how many calls may happen before the next measure:
// as many as cannot take the stack past the bound. A measure walks the
// stack, so the deeper it is the rarer the walks, each of them some
// frames closer to the bound.
func measure(frames int) int {
	var buf [512]uintptr
	if d := runtime.Callers(1, buf[:]); d < len(buf) {
		return max(1, min(maxGap, (frames-d)/callFrames))
	}
	for rest := frames / 2; rest >= callFrames; rest /= 2 {
		if !deeperThan(frames - rest) {
			return min(maxGap, rest/callFrames)
		}
	}
	if deeperThan(frames) {
		return -1
	}
	return 1
}

// deeperThan reports whether the caller's stack has more than n frames. It
// costs a walk of at most n frames.
func deeperThan(n int) bool {
	var pc [1]uintptr
	return runtime.Callers(n+1, pc[:]) > 0
}
