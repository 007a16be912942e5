package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/moonix-sh/moonix/a2a"
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
(exit_code, changed_paths, snapshot, effects, cwd, stdout
and stderr, as mcp serve's run tool gives it); exit status 0 completes the task,
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
	token, err := p.hostToken("a2a serve", tokenEnv)
	if err != nil {
		return 0, err
	}
	return p.serveSession(ctx, o, std, func(ctx context.Context, sh *shell.Captured) int {
		ln := listen(std, "a2a serve", addr)
		if ln == nil {
			return 1
		}
		opts := a2a.ServeOptions{Name: name, Version: Version, URL: "http://" + ln.Addr().String(), Token: token, Log: sh.Effects()}
		if err := shell.ServeHTTP(ctx, ln, a2a.Handler(sh, opts), timeoutGrace); err != nil {
			fmt.Fprintf(std.err, "moonix: a2a serve: %v\n", err)
			return 1
		}
		return 0
	})
}
