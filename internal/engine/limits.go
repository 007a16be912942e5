package engine

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/moonix-sh/moonix/internal/stack"
)

// Limits bound what the shell's code may use, so that no script can take
// the host down. Passing one stops the statement that did (Stop); the
// zero value of a field means no bound. Whatever the limits, recursion
// is refused before Go's stack runs out ("f: maximum nesting level
// exceeded", status 1).
type Limits struct {
	// CallDepth bounds the nesting of function calls, source and eval,
	// counted from Depth (the nesting of the shells around this one).
	CallDepth, Depth int
	// Processes bounds the background jobs and pipeline stages alive at
	// once, counted in Procs (which the shells nested in this one
	// share); nil Procs: no bound.
	Processes int
	Procs     *atomic.Int64
	// Memory: one value (the output of a command substitution, a line
	// read) may take a quarter of it.
	Memory int64
	// Commands bounds the simple commands of one statement, as Count
	// counts them: it adds one for the statement ctx belongs to and
	// returns the new count.
	Commands int64
	Count    func(ctx context.Context) int64
	// Loop bounds the iterations of one run of a loop.
	Loop int64
	// Stop stops the statement that ctx belongs to, and everything it
	// started, because bound was passed: msg says so ("too many
	// commands (limit 10)"), and Stop prints it once (with the prefix)
	// and ends ctx. Nil: the shell prints msg and the command fails.
	Stop func(ctx context.Context, bound Bound, msg string)
}

// Bound names the limit a Stop is for.
type Bound int

const (
	BoundDepth     Bound = iota + 1 // CallDepth
	BoundProcesses                  // Processes
	BoundMemory                     // Memory
	BoundCommands                   // Commands
	BoundLoop                       // Loop
)

// stackFrames is how deep the engine's recursion may take a goroutine's
// stack: some 4,000 calls of a function of one command (6 frames each),
// 1,500 of one with a loop in an if, far from Go's limit of 1 GB and
// past moonix's default call depth (1,000).
const stackFrames = 25000

// valueLimit is the most bytes one value may take; 0: no bound.
func (s *Shell) valueLimit() int64 { return s.cfg.Limits.Memory / 4 }

// memoryMsg is the message of a value past valueLimit.
func (s *Shell) memoryMsg() string {
	return fmt.Sprintf("out of memory (limit %d MiB)", s.cfg.Limits.Memory>>20)
}

// stop stops the statement ctx belongs to with msg (see Limits.Stop);
// without a Stop, it prints msg on stderr and reports false. It may be
// called from any goroutine.
func (s *Shell) stop(ctx context.Context, bound Bound, msg string) bool {
	if s.cfg.Limits.Stop == nil {
		return false
	}
	s.cfg.Limits.Stop(ctx, bound, msg)
	return true
}

// fits reports whether size bytes may be one value (valueLimit); past
// it, the statement stops, out of memory.
func (p *proc) fits(size int64) bool {
	if limit := p.sh.valueLimit(); limit > 0 && size > limit {
		p.limitHit(BoundMemory, p.sh.memoryMsg())
		return false
	}
	return true
}

// limitHit fails the running command because a bound was passed: the
// statement stops (Limits.Stop).
func (p *proc) limitHit(bound Bound, msg string) {
	p.status = 1
	if !p.sh.stop(p.ctx, bound, msg) {
		p.writeErr(p.sh.cfg.Prefix + ": " + msg + "\n")
	}
}

// nesting is the call depth p runs at.
func (p *proc) nesting() int {
	return p.sh.cfg.Limits.Depth + p.funcDepth + p.srcDepth + p.evalDepth
}

// enter checks that p may nest one level deeper for name, a what
// ("function", "source", "eval"); past a bound it says so, sets the
// status and reports false.
func (p *proc) enter(name, what string) bool {
	if limit := p.sh.cfg.Limits.CallDepth; limit > 0 && p.nesting() >= limit {
		p.limitHit(BoundDepth, fmt.Sprintf("%s: maximum %s nesting level exceeded (%d)", name, what, limit))
		return false
	}
	if p.sh.stack.Deep() {
		p.writeErr(p.sh.cfg.Prefix + ": " + name + ": maximum nesting level exceeded\n")
		p.status = 1
		return false
	}
	return true
}

// counted reports whether a simple command may run: the statement has
// run fewer than Limits.Commands.
func (p *proc) counted() bool {
	l := &p.sh.cfg.Limits
	if l.Commands <= 0 || l.Count == nil || l.Count(p.ctx) <= l.Commands {
		return true
	}
	p.limitHit(BoundCommands, fmt.Sprintf("too many commands (limit %d)", l.Commands))
	return false
}

// iteration counts one iteration of a loop run (*n) and reports whether
// it may run: at most Limits.Loop.
func (p *proc) iteration(n *int64) bool {
	limit := p.sh.cfg.Limits.Loop
	if limit <= 0 {
		return true
	}
	if *n++; *n <= limit {
		return true
	}
	p.limitHit(BoundLoop, fmt.Sprintf("too many loop iterations (limit %d)", limit))
	return false
}

// startProc counts a job or pipeline stage starting; past
// Limits.Processes it stops the statement and reports false. A true
// answer must be followed by endProc when it ends.
func (p *proc) startProc() bool {
	l := &p.sh.cfg.Limits
	if l.Procs == nil || l.Processes <= 0 {
		return true
	}
	if l.Procs.Add(1) <= int64(l.Processes) {
		return true
	}
	l.Procs.Add(-1)
	p.limitHit(BoundProcesses, fmt.Sprintf("too many processes (limit %d)", l.Processes))
	return false
}

// endProc counts a job or pipeline stage ending.
func (s *Shell) endProc() {
	if l := &s.cfg.Limits; l.Procs != nil && l.Processes > 0 {
		l.Procs.Add(-1)
	}
}

// gauge is the bound on the stack of the shell's goroutines.
func newGauge() *stack.Gauge { return &stack.Gauge{Frames: stackFrames} }

// recoverCommand ends a command that panicked (a bug of moonix's, in the
// engine or in what the host gave it): it is reported on one line, the
// command fails and the shell goes on, with the frames the command pushed
// popped. Every goroutine that runs commands recovers the same way.
func (p *proc) recoverCommand(frames int) {
	v := recover()
	if v == nil {
		return
	}
	p.internalError(v)
	for len(p.frames) > frames && frames > 0 {
		p.popTemp()
	}
}

// internalError reports a panic and fails the command.
func (p *proc) internalError(v any) {
	msg := strings.ReplaceAll(fmt.Sprint(v), "\n", " ")
	p.writeErr(p.sh.cfg.Prefix + ": internal error: " + msg + "\n")
	p.status = 1
}

// guard runs fn in p, recovering a panic that no command recovered (one
// in a compound command's redirections, say): it is reported, and p's
// descriptors and frames are those of before.
func (p *proc) guard(fn func(p *proc)) {
	mark, pmark, frames := len(p.saved), len(p.procFds), len(p.frames)
	defer func() {
		if v := recover(); v != nil {
			p.internalError(v)
			p.restoreFds(mark)
			p.closeProcFds(pmark)
			for len(p.frames) > frames {
				p.popTemp()
			}
		}
	}()
	fn(p)
}
