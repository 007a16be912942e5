package shell

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

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
// that interp stops there too, and is printed once: by interp when it
// stops a command substitution (interp prints such errors as they are),
// else on the session's standard error when the statement or one of its
// jobs ends (not on a stream the statement redirected: the statement is
// stopped whole, as by a timeout, and so are the readers of its pipes).
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

func processError(limit int) *limitError {
	return &limitError{msg: fmt.Sprintf("too many processes (limit %d)", limit), flag: "max-procs"}
}

func memoryError(limit int64) *limitError {
	return &limitError{msg: fmt.Sprintf("out of memory (limit %d MiB)", limit>>20), flag: "max-memory"}
}

func commandsError(limit int64) *limitError {
	return &limitError{msg: fmt.Sprintf("too many commands (limit %d)", limit), flag: "max-commands"}
}

func loopError(limit int64) *limitError {
	return &limitError{msg: fmt.Sprintf("too many loop iterations (limit %d)", limit), flag: "max-loop"}
}

// A statement run: each top-level statement runs under a context of its
// own, so that a limit hit anywhere in it (its pipelines, its command
// substitutions, its background jobs, the shells nested in it) stops all
// of it and nothing else. interp starts background jobs without telling
// anyone, so no one knows when a statement has no job left: its context
// is not derived from the caller's (which would keep it until the caller
// ends) but follows it (see follow), and the garbage collector reclaims
// it with the last job.

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
// limit's error, which is what interp reports.
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

// Call depth. Function frames are counted in the interpreter's
// environment: each call pushes a layer (an overlay marked as a function
// scope) on the chain of its caller's, and pops it on return. eval and
// source run on the same chain and count in the context (depthKey), and
// so does a nested shell, which starts a chain of its own.

type depthKey struct{}

// ctxDepth is the depth the context adds: evals, sources and shells, and
// the function frames of the shells around this one.
func ctxDepth(ctx context.Context) int {
	d, _ := ctx.Value(depthKey{}).(int)
	return d
}

// overlay describes interp's environment layer type, read by reflection
// (interp does not count its frames); found is false if it has no
// parent and funcScope fields, and funcDepth then counts nothing, which
// TestCallDepth notices.
var overlay struct {
	once              sync.Once
	typ               reflect.Type
	parent, funcScope int
	found             bool
}

// funcDepth is the number of function frames in the environment chain
// env sits on.
func funcDepth(env expand.Environ) int {
	v := reflect.ValueOf(env)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return 0
	}
	overlay.once.Do(func() {
		t := v.Type().Elem()
		p, ok1 := t.FieldByName("parent")
		f, ok2 := t.FieldByName("funcScope")
		if ok1 && ok2 && p.Type.Kind() == reflect.Interface && f.Type.Kind() == reflect.Bool {
			overlay.typ, overlay.parent, overlay.funcScope, overlay.found = t, p.Index[0], f.Index[0], true
		}
	})
	if !overlay.found {
		return 0
	}
	n := 0
	for v.Kind() == reflect.Pointer && !v.IsNil() && v.Type().Elem() == overlay.typ {
		e := v.Elem()
		if e.Field(overlay.funcScope).Bool() {
			n++
		}
		v = e.Field(overlay.parent)
		if v.Kind() == reflect.Interface {
			v = v.Elem()
		}
	}
	return n
}

// depth is the call depth where a handler runs.
func depth(ctx context.Context, env expand.Environ) int {
	return ctxDepth(ctx) + funcDepth(env)
}

// limits are the session's limits (its root's).
func (s *Session) limits() Limits { return s.root().cfg.Limits }

// Jobs, loops and the marks that count them. interp starts a goroutine
// for a background job and for each stage of a pipeline but the last,
// and runs loops, without asking a handler. So prepare marks those
// statements with a redirection that the open handler serves (markPath):
// it is opened when the statement starts, in the goroutine that runs it,
// and closed when it ends, whatever way it ends. What it opens passes
// the statement's output on unchanged. Function listings (declare -f,
// type) and trap -p leave the marks out (unmark).

const (
	markPrefix = "/dev/fd/moonix:"
	jobMark    = markPrefix + "job"   // a background job, a pipeline stage
	loopMark   = markPrefix + "loop"  // one run of a loop (Limits.Loop)
	iterMark   = markPrefix + "iter"  // one iteration of it
	stripMark  = markPrefix + "strip" // output that may list functions
)

// marks says which marks prepare adds: jobs (and the function listings
// that would show them) and loops.
type marks struct{ jobs, loops bool }

// marks are the marks of the session's programs. A trap's text is
// marked for loops only: it runs once and is printed back by trap -p.
func (s *Session) marks() marks { return marks{jobs: true, loops: s.limits().Loop > 0} }

// markStmt adds the marks st needs (prepare calls it on every statement).
func (m marks) markStmt(st *syntax.Stmt) {
	if !m.jobs {
		switch cm := st.Cmd.(type) {
		case *syntax.WhileClause:
			m.markLoop(st, cm.Do)
		case *syntax.ForClause:
			m.markLoop(st, cm.Do)
		}
		return
	}
	if st.Background || st.Disown {
		if _, ok := st.Cmd.(*syntax.BinaryCmd); ok {
			// Printed back (eval, source), "a | b >>mark &" would give
			// the mark to b: a block keeps it the job's.
			st.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{{Cmd: st.Cmd}}}
		}
		markLast(st, jobMark)
	}
	switch cm := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		if cm.Op == syntax.Pipe || cm.Op == syntax.PipeAll {
			markLast(cm.X, jobMark) // Y runs in the caller's goroutine
		}
	case *syntax.DeclClause:
		if listsFunctions(cm) {
			markLast(st, stripMark)
		}
	case *syntax.WhileClause:
		m.markLoop(st, cm.Do)
	case *syntax.ForClause:
		m.markLoop(st, cm.Do)
	}
}

func (m marks) markLoop(st *syntax.Stmt, body []*syntax.Stmt) {
	if !m.loops || len(body) == 0 {
		return
	}
	markLast(st, loopMark)
	markFirst(body[0], iterMark)
}

// markLast adds the mark as st's last redirection, so that it sees the
// output st's own redirections chose; markFirst as its first, so that it
// sees the output of what encloses st. A statement that is only exec
// (whose redirections stay open for the shell) gets none.
func markLast(st *syntax.Stmt, path string) {
	if rd := markRedirect(st, path); rd != nil {
		st.Redirs = append(st.Redirs, rd)
	}
}

func markFirst(st *syntax.Stmt, path string) {
	if rd := markRedirect(st, path); rd != nil {
		st.Redirs = append([]*syntax.Redirect{rd}, st.Redirs...)
	}
}

func markRedirect(st *syntax.Stmt, path string) *syntax.Redirect {
	if call, ok := st.Cmd.(*syntax.CallExpr); ok && len(call.Args) == 1 && call.Args[0].Lit() == "exec" {
		return nil
	}
	for _, rd := range st.Redirs {
		if rd.Word != nil && rd.Word.Lit() == path {
			return nil // prepared already
		}
	}
	return &syntax.Redirect{Op: syntax.AppOut, Word: litWord(path)}
}

// listsFunctions reports whether a declaration prints function bodies
// (declare -f, typeset -f).
func listsFunctions(d *syntax.DeclClause) bool {
	if d.Variant == nil || d.Variant.Value != "declare" && d.Variant.Value != "typeset" {
		return false
	}
	for _, as := range d.Args {
		if !as.Naked || as.Name != nil || as.Value == nil {
			continue // a name, an assignment
		}
		// an option, or a word that may expand to one
		if lit := as.Value.Lit(); lit == "" || strings.HasPrefix(lit, "-") && strings.Contains(lit, "f") {
			return true
		}
	}
	return false
}

// unmark removes the marks from program text that interp printed back.
func unmark(text string) string {
	if !strings.Contains(text, markPrefix) {
		return text
	}
	for _, m := range []string{jobMark, loopMark, iterMark, stripMark} {
		text = strings.ReplaceAll(text, " >>"+m, "")
		text = strings.ReplaceAll(text, ">>"+m+" ", "")
		text = strings.ReplaceAll(text, ">>"+m, "")
	}
	return text
}

// openMark serves a mark's redirection: it counts what the mark stands
// for and checks its limit. out is the statement's output, which the
// returned writer passes on.
func (s *Session) openMark(ctx context.Context, path string, out io.Writer) (io.ReadWriteCloser, error) {
	switch path {
	case jobMark:
		return s.startJob(ctx, out)
	case loopMark:
		return &loopRun{markWriter: markWriter{w: out}}, nil
	case iterMark:
		if l, ok := out.(*loopRun); ok {
			if n := l.iterations.Add(1); n > s.limits().Loop {
				return nil, abortCtx(ctx, loopError(s.limits().Loop))
			}
		}
		return &markWriter{w: out}, nil
	case stripMark:
		return &markWriter{w: unmarkWriter{out}}, nil
	}
	return nil, &fs.PathError{Op: "moonix:", Path: path, Err: fs.ErrNotExist}
}

// markWriter passes output on; closing it does not close what it wraps.
type markWriter struct{ w io.Writer }

func (m *markWriter) Write(p []byte) (int, error) { return m.w.Write(p) }
func (m *markWriter) Read([]byte) (int, error)    { return 0, io.EOF }
func (m *markWriter) Close() error                { return nil }

// loopRun is the output of a loop under way, counting its iterations.
type loopRun struct {
	markWriter
	iterations atomic.Int64
}

// unmarkWriter removes the marks from what declare -f prints (interp
// prints a function in one write).
type unmarkWriter struct{ w io.Writer }

func (u unmarkWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(u.w, unmark(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// job is a background job or pipeline stage under way: closing it ends
// it.
type job struct {
	markWriter
	s    *Session // the root session
	sr   *stmtRun
	once sync.Once
}

// startJob counts a job starting; past Limits.Processes it stops the
// statement instead.
func (s *Session) startJob(ctx context.Context, out io.Writer) (io.ReadWriteCloser, error) {
	r := s.root()
	limit := r.cfg.Limits.Processes
	if n := r.procs.Add(1); n > int64(limit) {
		r.procs.Add(-1)
		return nil, abortCtx(ctx, processError(limit))
	}
	return &job{markWriter: markWriter{w: out}, s: r, sr: runOf(ctx)}, nil
}

func (j *job) Close() error {
	j.once.Do(func() {
		j.s.procs.Add(-1)
		if j.sr != nil {
			j.sr.report()
		}
	})
	return nil
}

// limitCall checks the limits a simple command meets before it runs:
// a statement stopped already runs nothing more, a function call may not
// nest deeper than Limits.CallDepth, the statement may not run more than
// Limits.Commands, and a command substitution's output may not grow past
// Limits.Memory. env and out are the interpreter's where the command
// runs.
func (s *Session) limitCall(ctx context.Context, args []string, env expand.Environ, out io.Writer) error {
	sr := runOf(ctx)
	if sr != nil {
		if le := sr.limit(); le != nil {
			return le
		}
	}
	lim := s.limits()
	if lim.Commands > 0 && sr != nil && sr.commands.Add(1) > lim.Commands {
		return abortCtx(ctx, commandsError(lim.Commands))
	}
	if sb := substOutput(out); sb != nil && int64(sb.Len()) > lim.valueMemory() {
		return abortCtx(ctx, memoryError(lim.Memory))
	}
	if s.funcs.has(args[0]) && depth(ctx, env) >= lim.CallDepth {
		return abortCtx(ctx, depthError(args[0], "function", lim.CallDepth))
	}
	return nil
}

// nest returns the context of a call one level deeper (eval, source, a
// nested shell), or stops the statement when that is past
// Limits.CallDepth. name and what word the error: "eval", "eval".
func (s *Session) nest(ctx context.Context, env expand.Environ, name, what string) (context.Context, error) {
	d := depth(ctx, env)
	if limit := s.limits().CallDepth; d >= limit {
		return nil, abortCtx(ctx, depthError(name, what, limit))
	}
	return context.WithValue(ctx, depthKey{}, d+1), nil
}

// substOutput is the buffer of the command substitution that out writes
// to, or nil.
func substOutput(out io.Writer) *strings.Builder {
	for {
		switch w := out.(type) {
		case *strings.Builder:
			return w
		case *markWriter:
			out = w.w
		case *job:
			out = w.w
		case *loopRun:
			out = w.w
		case *substWriter:
			return w.sb
		case *spaceWatch:
			out = w.w
		default:
			return nil
		}
	}
}

// substWriter is a command's output into a command substitution: past
// the value limit, the statement stops (out of memory) and the write
// fails.
type substWriter struct {
	ctx   context.Context
	sb    *strings.Builder
	limit Limits
}

func (w *substWriter) Write(p []byte) (int, error) {
	if room := w.limit.valueMemory() - int64(w.sb.Len()); int64(len(p)) > room {
		n, _ := w.sb.Write(p[:max(room, 0)])
		return n, abortCtx(w.ctx, memoryError(w.limit.Memory))
	}
	return w.sb.Write(p)
}

// limitOutput bounds a command's output when it goes to a command
// substitution.
func (s *Session) limitOutput(ctx context.Context, out io.Writer) io.Writer {
	if sb := substOutput(out); sb != nil {
		if _, ok := out.(*substWriter); !ok {
			return &substWriter{ctx: ctx, sb: sb, limit: s.limits()}
		}
	}
	return out
}
