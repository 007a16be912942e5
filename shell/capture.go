package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

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
	s        *Session
	out, err switchWriter
	track    *vfs.Tracker
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
	var kept, stderr agent.Stream
	c.out.set(&kept)
	if stdout != nil {
		c.out.set(io.MultiWriter(&kept, stdout))
	}
	c.err.set(&stderr)
	defer c.out.set(nil)
	defer c.err.set(nil)
	log := c.s.cfg.Effects
	pos := log.Position()
	if c.track != nil {
		c.track.Changed() // what changed between runs is not this run's
	}
	status, _ := c.s.Run(ctx, script, "run")
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		status = 124
		fmt.Fprintln(&stderr, "moonix: run: timed out")
	}
	res := agent.Result{ExitCode: status, ChangedPaths: []string{}, Effects: []agent.Effect{}, Cwd: c.s.Dir()}
	res.SetStdout(&kept)
	res.SetStderr(&stderr)
	if c.track != nil {
		set := c.s.Caps()
		for _, p := range c.track.Changed() {
			if set.Allows(caps.FSRead, p) {
				res.ChangedPaths = append(res.ChangedPaths, p)
			}
		}
	}
	if log.Position() != pos {
		if entries, err := log.Entries(); err == nil {
			for _, e := range effects.After(effects.Collapse(entries), pos) {
				if e.Kind.Audit() {
					continue
				}
				res.Effects = append(res.Effects, agent.Effect{ID: e.Short(), Seq: e.Seq, Kind: string(e.Kind), Target: e.Target, Outcome: e.Outcome()})
			}
		}
	}
	if repo := c.s.Repo(); repo != nil {
		if _, snap, err := repo.Current(); err == nil && snap != nil {
			res.Snapshot = snap.Short
		}
	}
	return res
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
