package shell

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"github.com/moonix-sh/moonix/vfs"
)

// Limits bound what a session may use, so that no script can take the
// host down: each has a default, and hitting one stops the statement
// that did with a one-line error and status 1; the session goes on.
// The zero value means every default. The filesystem's own bounds (its
// size and number of inodes) are the tree's (vfs.Limits).
type Limits struct {
	// CallDepth bounds the nesting of function calls, source, eval and
	// nested shells together; 0 means DefaultCallDepth.
	CallDepth int
	// Processes bounds the background jobs and pipeline stages alive at
	// once; 0 means DefaultProcesses.
	Processes int
	// Memory bounds, in bytes, what one value may take (the output of a
	// command substitution, a line read, a printf field, a brace
	// expansion, jq's and awk's values); 0 means DefaultMemory. The
	// process as a whole is bounded by WatchMemory.
	Memory int64
	// Commands, when positive, bounds the simple commands one top-level
	// statement runs.
	Commands int64
	// Loop, when positive, bounds the iterations of one run of a loop.
	Loop int64
	// Disk bounds the filesystem like a disk: the bytes of its files and
	// its inodes (vfs.Limits); zero fields mean DefaultDiskBytes and
	// DefaultInodes. It applies when the session's FS is a *vfs.Tree.
	Disk vfs.Limits
}

// valueMemory is what one value may take: a quarter of the memory limit
// (building it may take twice as much, and the session holds other
// things). builtins.Call.Fits applies the same rule.
func (l Limits) valueMemory() int64 { return l.Memory / 4 }

// Default limits.
const (
	DefaultCallDepth = 1000
	DefaultProcesses = 1000
	DefaultMemory    = 2 << 30
	DefaultDiskBytes = 1 << 30
	DefaultInodes    = 1_000_000
)

// withDefaults fills the zero fields of l.
func (l Limits) withDefaults() Limits {
	if l.CallDepth <= 0 {
		l.CallDepth = DefaultCallDepth
	}
	if l.Processes <= 0 {
		l.Processes = DefaultProcesses
	}
	if l.Memory <= 0 {
		l.Memory = DefaultMemory
	}
	if l.Disk.Bytes <= 0 {
		l.Disk.Bytes = DefaultDiskBytes
	}
	if l.Disk.Inodes <= 0 {
		l.Disk.Inodes = DefaultInodes
	}
	return l
}

// limitError is a limit hit: it stops the statement that hit it (see
// stmtRun). It is the error of the statement's context from then on, so
// that the engine stops there too, and is printed once on the session's
// standard error (not on a stream the statement redirected: the
// statement is stopped whole, as by a timeout, and so are the readers of
// its pipes).
type limitError struct {
	msg  string
	flag string      // the limit's flag without its dashes: "max-depth"
	said atomic.Bool // printed already: Error is only called to print
}

func (e *limitError) Error() string {
	e.said.Store(true)
	return "moonix: " + e.msg
}

// Is makes a limit hit a cancellation for the code that checks for one.
func (e *limitError) Is(target error) bool { return target == context.Canceled }

// report prints e on w unless it has been printed.
func (e *limitError) report(w io.Writer) {
	if e.said.CompareAndSwap(false, true) {
		fmt.Fprintln(w, "moonix: "+e.msg)
	}
}

func depthError(name, what string, limit int) *limitError {
	return &limitError{msg: fmt.Sprintf("%s: maximum %s nesting level exceeded (%d)", name, what, limit), flag: "max-depth"}
}

func memoryError(limit int64) *limitError {
	return &limitError{msg: fmt.Sprintf("out of memory (limit %d MiB)", limit>>20), flag: "max-memory"}
}

// A statement run: each top-level statement runs under a context of its
// own, so that a limit hit anywhere in it (its pipelines, its command
// substitutions, its background jobs, the shells nested in it) stops all
// of it and nothing else. Its background jobs may outlive it, so no one
// knows when a statement has no job left: its context is not derived
// from the caller's (which would keep it until the caller ends) but
// follows it (see liveRuns), and the garbage collector reclaims it with
// the last job.

type stmtKey struct{}

// stmtRun is one top-level statement under way, with its jobs.
type stmtRun struct {
	s *Session // the root session
	// done is closed when the statement is stopped: by a limit, or
	// because the caller's context ended.
	done     chan struct{}
	stopOnce sync.Once
	// commands counts the simple commands it ran (Limits.Commands).
	commands atomic.Int64

	mu      sync.Mutex
	aborted *limitError
}

// stmtCtx is a statement's context: the caller's values and deadline,
// its own end. Once a limit stopped the statement, its Err is the
// limit's error.
type stmtCtx struct {
	parent context.Context
	sr     *stmtRun
}

func (c *stmtCtx) Deadline() (time.Time, bool) { return c.parent.Deadline() }
func (c *stmtCtx) Done() <-chan struct{}       { return c.sr.done }

func (c *stmtCtx) Err() error {
	select {
	case <-c.sr.done:
	default:
		return nil
	}
	if le := c.sr.limit(); le != nil {
		return le
	}
	if err := c.parent.Err(); err != nil {
		return err
	}
	return context.Canceled
}

func (c *stmtCtx) Value(key any) any {
	if key == (stmtKey{}) {
		return c.sr
	}
	return c.parent.Value(key)
}

// root is the session at the root of s's nesting: limits are its.
func (s *Session) root() *Session {
	for s.cfg.parent != nil {
		s = s.cfg.parent
	}
	return s
}

// startStmt gives a top-level statement its context. A nested shell's
// statements belong to the statement that started the shell (sr is nil).
func (s *Session) startStmt(ctx context.Context) (context.Context, *stmtRun) {
	if runOf(ctx) != nil {
		return ctx, nil
	}
	r := s.root()
	sr := &stmtRun{s: r, done: make(chan struct{})}
	r.live.add(sr, ctx)
	return &stmtCtx{parent: ctx, sr: sr}, sr
}

func runOf(ctx context.Context) *stmtRun {
	sr, _ := ctx.Value(stmtKey{}).(*stmtRun)
	return sr
}

func (sr *stmtRun) stop() { sr.stopOnce.Do(func() { close(sr.done) }) }

// liveRuns are a root session's statements that may still run: weakly,
// so that a statement whose last job ended is forgotten. When a caller's
// context ends, the statements run under it are stopped.
type liveRuns struct {
	mu      sync.Mutex
	runs    map[weak.Pointer[stmtRun]]context.Context
	prune   int                      // size at which to drop the forgotten ones
	follows map[context.Context]bool // the callers' contexts followed
}

func (l *liveRuns) add(sr *stmtRun, caller context.Context) {
	l.mu.Lock()
	if l.runs == nil {
		l.runs, l.follows = map[weak.Pointer[stmtRun]]context.Context{}, map[context.Context]bool{}
	}
	if len(l.runs) >= l.prune {
		for p := range l.runs {
			if p.Value() == nil {
				delete(l.runs, p)
			}
		}
		for c := range l.follows {
			if c.Err() != nil {
				delete(l.follows, c)
			}
		}
		l.prune = max(64, 2*len(l.runs))
	}
	l.runs[weak.Make(sr)] = caller
	if !l.follows[caller] && caller.Done() != nil {
		l.follows[caller] = true
		context.AfterFunc(caller, func() { l.stopUnder(caller) })
	}
	l.mu.Unlock()
	if caller.Err() != nil {
		sr.stop()
	}
}

// stopUnder stops the statements run under the caller's context.
func (l *liveRuns) stopUnder(caller context.Context) {
	for _, sr := range l.all(caller) {
		sr.stop()
	}
}

// all are the statements that may still run (under caller, when it is
// not nil).
func (l *liveRuns) all(caller context.Context) []*stmtRun {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []*stmtRun
	for p, c := range l.runs {
		if sr := p.Value(); sr != nil && (caller == nil || c == caller) {
			out = append(out, sr)
		}
	}
	return out
}

func (sr *stmtRun) limit() *limitError {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	return sr.aborted
}

// report prints the limit error that stopped the statement, if any and
// if it was not printed; the statement and each of its jobs report when
// they end.
func (sr *stmtRun) report() *limitError {
	le := sr.limit()
	if le != nil {
		le.report(sr.s.cfg.Stderr)
	}
	return le
}

// abort stops the statement and everything it started because of err
// (the first limit hit wins, and is returned).
func (sr *stmtRun) abort(err *limitError) *limitError {
	sr.mu.Lock()
	if sr.aborted == nil {
		sr.aborted = err
		sr.s.hit.CompareAndSwap(nil, err)
	}
	err = sr.aborted
	sr.mu.Unlock()
	sr.stop()
	return err
}

// abortCtx stops the statement ctx belongs to and returns the error that
// stopped it; it returns err when ctx belongs to none.
func abortCtx(ctx context.Context, err *limitError) *limitError {
	if sr := runOf(ctx); sr != nil {
		return sr.abort(err)
	}
	return err
}

// abortAll stops every statement of the session that may still run.
func (s *Session) abortAll(err *limitError) {
	for _, sr := range s.root().live.all(nil) {
		sr.abort(err)
	}
}

// Call depth. The engine counts function calls, eval and source
// (engine.Limits); a nested shell is one level deeper than the command
// that started it (Command.Depth, carried in the call's context as
// depthKey), and starts at that depth.

type depthKey struct{}

// ctxDepth is the call depth of the command the context is a call of.
func ctxDepth(ctx context.Context) int {
	d, _ := ctx.Value(depthKey{}).(int)
	return d
}

// limits are the session's limits (its root's).
func (s *Session) limits() Limits { return s.root().cfg.Limits }

// nest returns the context of a call one level deeper (a nested shell),
// or stops the statement when that is past Limits.CallDepth. name and
// what word the error: "sh", "shell".
func (s *Session) nest(ctx context.Context, name, what string) (context.Context, error) {
	d := ctxDepth(ctx)
	if limit := s.limits().CallDepth; d >= limit {
		return nil, abortCtx(ctx, depthError(name, what, limit))
	}
	return context.WithValue(ctx, depthKey{}, d+1), nil
}
