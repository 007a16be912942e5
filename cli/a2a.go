package cli

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/moonix-sh/moonix/a2a"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/shell"
)

// a2aCommand is `moonix a2a serve`: this shell as an A2A agent.
func (p *Program) a2aCommand(std stdio, o *options, status *int) *cobra.Command {
	top := &cobra.Command{
		Use:   "a2a serve --http ADDR [--name N] [--token-env VAR]",
		Short: "serve a moonix session as an Agent2Agent agent",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("a2a: missing operation (moonix a2a serve)")
			}
			return usageErr("a2a: unknown operation '%s' (moonix a2a serve)", args[0])
		},
		RunE: func(*cobra.Command, []string) error { return nil },
	}
	var addr, name, tokenEnv string
	serve := &cobra.Command{
		Use:   "serve --http ADDR [--name N] [--token-env VAR] [flags]",
		Short: "serve a moonix session as an A2A agent over HTTP (JSON-RPC and REST)",
		Long: `moonix a2a serve --http 127.0.0.1:PORT serves one persistent shell
session on the workspace as an Agent2Agent agent (A2A 1.0): its card at
/.well-known/agent-card.json, JSON-RPC at /jsonrpc, HTTP+JSON at /rest
(and both at the root). A message's text runs as a script in the
session, one task at a time, variables, functions and the working
directory carrying over as in a terminal. Standard output streams as
the artifact "stdout"; the artifact "result" holds the run's result
(exit_code, stderr, cwd, snapshot); exit status 0 completes the task,
another fails it with standard error as its message. Canceling a task
interrupts its script, as Ctrl-C would. Every task runs under the
session's capabilities and is recorded in the effect log (kind a2a-in).
With --token-env VAR every request but the card's must carry the bearer
token that the host variable VAR holds (401 without it).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := p.serveA2A(cmd.Context(), o, std, addr, name, tokenEnv)
			*status = st
			return err
		},
	}
	o.registerSession(serve.Flags())
	serve.Flags().StringVar(&addr, "http", "", "serve HTTP on ADDR (HOST:PORT; port 0 picks one)")
	serve.Flags().StringVar(&name, "name", "moonix", "the agent's name on its card")
	serve.Flags().StringVar(&tokenEnv, "token-env", "", "require the bearer token held by the host variable VAR")
	top.AddCommand(serve)
	return top
}

// serveA2A serves a session on addr until a signal ends it.
func (p *Program) serveA2A(ctx context.Context, o *options, std stdio, addr, name, tokenEnv string) (int, error) {
	if addr == "" {
		return 0, usageErr("a2a serve: --http ADDR is required")
	}
	token := ""
	if tokenEnv != "" {
		if p.LookupEnv != nil {
			token, _ = p.LookupEnv(tokenEnv)
		}
		if token == "" {
			return 0, usageErr("a2a serve: --token-env %s: the variable is not set or empty", tokenEnv)
		}
	}
	cfg, _, err := p.sessionConfig(o, std)
	if err != nil {
		return 0, err
	}
	ws, err := p.prepare(ctx, o, std, &cfg)
	if err != nil {
		return 0, err
	}
	if ws != nil {
		defer ws.close()
	}
	if cfg.Effects == nil {
		cfg.Effects = effects.Memory() // --ephemeral: inbound tasks are recorded too
	}
	sh, err := newTaskShell(cfg)
	if err != nil {
		return 0, &exitError{status: 1, msg: err.Error()}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return 0, &exitError{status: 1, msg: "a2a serve: " + err.Error()}
	}
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(std.err, "moonix: a2a serve: listening on %s/\n", url)
	opts := a2a.ServeOptions{Name: name, Version: Version, URL: url, Token: token, Log: cfg.Effects}
	ctx, ended := p.endOnSignal(ctx)
	status := 0
	if err := a2a.Serve(ctx, ln, sh, opts, timeoutGrace); err != nil {
		fmt.Fprintf(std.err, "moonix: a2a serve: %v\n", err)
		status = 1
	}
	if sig := ended(); sig != nil {
		status = 128 + signalNumber(sig)
	}
	if ws != nil {
		status = ws.exit(sh.s, status)
	}
	sh.s.Exit(context.Background())
	return status, nil
}

// taskShell is the session a2a serve runs its tasks in: each run's
// output goes to writers of its own.
type taskShell struct {
	s        *shell.Session
	out, err runWriter
}

func newTaskShell(cfg shell.Config) (*taskShell, error) {
	t := &taskShell{}
	cfg.Stdin = strings.NewReader("")
	cfg.Stdout, cfg.Stderr = &t.out, &t.err
	s, err := shell.New(cfg)
	t.s = s
	return t, err
}

// taskResult is what a2a serve's result artifact holds of a run.
type taskResult struct {
	ExitCode int    `json:"exit_code"`
	Stderr   string `json:"stderr"`
	Cwd      string `json:"cwd"`
	Snapshot string `json:"snapshot"`
}

// RunTask implements a2a.Shell.
func (t *taskShell) RunTask(ctx context.Context, script string, stdout io.Writer) (int, string, any) {
	var stderr strings.Builder
	t.out.set(stdout)
	t.err.set(&lockedWriter{w: &stderr})
	status, _ := t.s.Run(ctx, script, "a2a")
	t.out.set(nil)
	t.err.set(nil)
	res := taskResult{ExitCode: status, Stderr: stderr.String(), Cwd: t.s.Dir()}
	if repo := t.s.Repo(); repo != nil {
		if _, snap, err := repo.Current(); err == nil && snap != nil {
			res.Snapshot = snap.Short
		}
	}
	return status, res.Stderr, res
}

// runWriter passes writes on to the current run's writer, if any.
type runWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (r *runWriter) set(w io.Writer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.w = w
}

func (r *runWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	w := r.w
	r.mu.Unlock()
	if w == nil {
		return len(p), nil // a background job writing after its run
	}
	return w.Write(p)
}

// lockedWriter is a writer a pipeline's stages may write at once.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
