package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// Captured is one persistent session that runs scripts for an agent and
// reports each run as an agent.Result: its output (1 MiB a stream), its
// status, the paths it changed, the effects it made, the snapshot and
// the working directory after it. Variables, functions and the working
// directory carry over between runs, as in a terminal; exit ends a run,
// not the session. It is what moonix's MCP server drives, and what
// moonix --json and a2a serve are to return. Runs must not overlap: a
// Captured is used by one goroutine at a time.
type Captured struct {
	// Now is the host's clock, which measures duration_ms; nil leaves
	// it 0. Set it before the first run.
	Now func() time.Time
	// MaxOutput, when positive, bounds the bytes all runs together may
	// write to their stdout and stderr (moonix --max-output).
	MaxOutput int64

	s        *Session
	out, err switchWriter
	track    *vfs.Tracker

	mu      sync.Mutex
	written int64 // output so far, against MaxOutput
}

// NewCaptured starts a session from cfg, whose Stdin, Stdout and Stderr
// it sets (a script reads no input; its output goes to its Result).
func NewCaptured(cfg Config) (*Captured, error) {
	c := &Captured{}
	cfg.Stdin = strings.NewReader("")
	cfg.Stdout, cfg.Stderr = &c.out, &c.err
	s, err := New(cfg)
	if err != nil {
		return nil, err
	}
	c.s = s
	if s.tree != nil {
		c.track = s.tree.Track()
	}
	return c, nil
}

// nestedCaptured starts a Captured shell nested in s for c
// (Resources.Shell): s's filesystem, gate, history, clock and effect log,
// c's directory and exported environment.
func (s *Session) nestedCaptured(c *builtins.Call) (*Captured, error) {
	return NewCaptured(Config{
		FS: s.fs, Env: c.Env, Dir: c.Dir, Clock: s.clock, Rand: s.rand, Who: s.who,
		Name: c.Name(), Commands: s.cfg.Commands, parent: s, Repo: s.cfg.Repo, Effects: s.cfg.Effects,
	})
}

// Session is the session scripts run in.
func (c *Captured) Session() *Session { return c.s }

// Effects is the session's effect log.
func (c *Captured) Effects() *effects.Log { return c.s.cfg.Effects }

// FS is the session's filesystem, behind its gate.
func (c *Captured) FS() vfs.FS { return c.s.FS() }

// Dir is the session's working directory.
func (c *Captured) Dir() string { return c.s.Dir() }

// Getenv reads a variable of the session.
func (c *Captured) Getenv(name string) string { return c.s.getenv(name) }

// Close ends the session (its EXIT trap runs) and returns its status.
func (c *Captured) Close() int {
	return c.s.Exit(context.Background())
}

// Run runs script and reports what it did. A context that ends stops
// the script: exit_code 124 when its deadline passed (and stderr says
// so), 130 when it was cancelled.
func (c *Captured) Run(ctx context.Context, script string) agent.Result {
	return c.RunTo(ctx, script, nil)
}

// RunTo is Run, with what the script writes on standard output also
// passed on to stdout as it is written (a2a serve streams it), when
// stdout is not nil.
func (c *Captured) RunTo(ctx context.Context, script string, stdout io.Writer) agent.Result {
	r := c.begin()
	if stdout != nil {
		c.out.set(io.MultiWriter(outputBudget{c, &r.stdout}, stdout))
	}
	status, _ := c.s.Run(ctx, script, "run")
	return r.end(ctx, status)
}

// capturedRun is one run under way: what it is measured against.
type capturedRun struct {
	c              *Captured
	stdout, stderr agent.Stream
	pos            int64 // the effect log's position before it
	refused        vfs.Refusals
	start          time.Time
}

// begin starts a run: its output goes to streams of its own.
func (c *Captured) begin() *capturedRun {
	c.s.eng.Resume() // an exit ended the last script, not the session
	r := &capturedRun{c: c, pos: c.s.cfg.Effects.Position()}
	c.out.set(outputBudget{c, &r.stdout})
	c.err.set(outputBudget{c, &r.stderr})
	if c.track != nil {
		c.track.Changed() // what changed between runs is not this run's
	}
	if c.s.tree != nil {
		r.refused = c.s.tree.Refused()
	}
	c.s.hit.Store(nil)
	if c.Now != nil {
		r.start = c.Now()
	}
	return r
}

// end reports the run that gave status.
func (r *capturedRun) end(ctx context.Context, status int) agent.Result {
	c := r.c
	c.out.set(nil)
	c.err.set(nil)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		status = 124
		fmt.Fprintln(&r.stderr, "moonix: run: timed out")
	}
	res := agent.Result{V: agent.Version, ExitCode: status, ChangedPaths: []string{}, Effects: []string{}, Cwd: c.s.Dir()}
	if le := c.s.hit.Swap(nil); le != nil {
		res.Limit = le.flag
		if le.flag == outputFlag {
			// its report went to the exhausted output
			fmt.Fprintln(&r.stderr, "moonix: "+le.msg)
		}
	} else if c.s.tree != nil {
		switch now := c.s.tree.Refused(); {
		case now.Inodes > r.refused.Inodes:
			res.Limit = "max-inodes"
		case now.Bytes > r.refused.Bytes:
			res.Limit = "max-disk"
		}
	}
	if c.Now != nil {
		res.DurationMS = max(c.Now().Sub(r.start).Milliseconds(), 0)
	}
	res.SetStdout(&r.stdout)
	res.SetStderr(&r.stderr)
	if c.track != nil {
		set := c.s.Caps()
		for _, p := range c.track.Changed() {
			if set.Allows(caps.FSRead, p) {
				res.ChangedPaths = append(res.ChangedPaths, p)
			}
		}
	}
	log := c.s.cfg.Effects
	if log.Position() != r.pos {
		if entries, err := log.Entries(); err == nil {
			for _, e := range effects.After(effects.Collapse(entries), r.pos) {
				if !e.Kind.Audit() {
					res.Effects = append(res.Effects, e.Short())
				}
			}
		}
	}
	if repo := c.s.Repo(); repo != nil {
		if _, snap, err := repo.Current(); err == nil && snap != nil {
			res.Snapshot = snap.Short
		}
		res.Dirty = repo.Dirty()
	}
	return res
}

// Statements runs the statements read from src one at a time, each as
// soon as it is parsed (as a script runs), and hands emit one Result
// per top-level statement (a; b are two). A syntax error is a Result
// too (exit_code 2, the message in stderr) and ends the input, as it
// ends a script; so does exit. name names the input in messages. It
// returns the last status.
func (c *Captured) Statements(ctx context.Context, src io.Reader, name string, emit func(agent.Result)) int {
	status, _ := c.s.engineLines(ctx, src, name, lineHooks{
		run: func(ctx context.Context, stmts []*syntax.Stmt) (status int, exited bool) {
			for _, st := range stmts {
				r := c.begin()
				status, exited = c.s.runStmts(ctx, []*syntax.Stmt{st})
				emit(r.end(ctx, status))
				if exited || ctx.Err() != nil {
					return status, true
				}
			}
			return status, false
		},
		syntax: func(err error) (int, bool) {
			r := c.begin()
			c.s.syntaxError(name, err)
			c.s.finish(2, false)
			emit(r.end(ctx, 2))
			return 2, true
		},
	})
	return status
}

// Exit ends the session as Close does, and hands emit the EXIT trap's
// Result when the trap printed something or changed a path. After ctx
// ended (a timeout the last result reported) there is none.
func (c *Captured) Exit(ctx context.Context, emit func(agent.Result)) int {
	r := c.begin()
	status := c.Close()
	if ctx.Err() != nil {
		r.end(context.Background(), status) // the streams are let go
		return status
	}
	res := r.end(ctx, status)
	if res.Stdout != "" || res.Stderr != "" || len(res.ChangedPaths) > 0 || len(res.Effects) > 0 {
		emit(res)
	}
	return status
}

// The session's total output (Captured.MaxOutput): past it, what would
// not fit is left out, the statement that wrote it stops with
// outputError, and so does every later statement that writes.

const outputFlag = "max-output"

func outputError(limit int64) *limitError {
	return &limitError{msg: fmt.Sprintf("output limit exceeded (limit %d bytes)", limit), flag: outputFlag}
}

// errOutput is the error a write past the total output gets.
var errOutput = errors.New("output limit exceeded")

// outputBudget is a run's stream, counted against the session's total output.
type outputBudget struct {
	c *Captured
	w *agent.Stream
}

func (b outputBudget) Write(p []byte) (int, error) {
	c := b.c
	if c.MaxOutput <= 0 {
		return b.w.Write(p)
	}
	c.mu.Lock()
	n := min(int64(len(p)), max(c.MaxOutput-c.written, 0))
	c.written += n
	c.mu.Unlock()
	b.w.Write(p[:n])
	if n < int64(len(p)) {
		c.s.abortAll(outputError(c.MaxOutput))
		return int(n), errOutput
	}
	return len(p), nil
}

// switchWriter passes writes on to the current stream, if any: a session
// writes its output to one writer for its life, and each run gets its
// own.
type switchWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *switchWriter) set(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.w = w
}

func (s *switchWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	w := s.w
	s.mu.Unlock()
	if w == nil {
		return len(p), nil // a background job writing after its run ended
	}
	return w.Write(p)
}
