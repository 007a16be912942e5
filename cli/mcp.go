package cli

import (
	"context"
	"fmt"
	"net"

	"github.com/spf13/cobra"

	"github.com/moonix-sh/moonix/a2a"
	"github.com/moonix-sh/moonix/mcp"
	"github.com/moonix-sh/moonix/shell"
)

// hostServerEnv are the host variables a stdio MCP server is started
// with, as the official TypeScript SDK's default environment has them
// (besides the variables its configuration names).
var hostServerEnv = []string{"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"}

// packages are the command packages of the sessions the program runs:
// MCP's (the mcp and state commands), whose stdio servers are host
// programs started with p.Spawn, and A2A's (the a2a command).
func (p *Program) packages() []shell.Package {
	o := mcp.Options{Spawn: p.Spawn}
	if p.LookupEnv != nil {
		for _, name := range hostServerEnv {
			if v, ok := p.LookupEnv(name); ok {
				o.HostEnv = append(o.HostEnv, name+"="+v)
			}
		}
	}
	return []shell.Package{mcp.Package(o), a2a.Package(a2a.Options{Listen: net.Listen})}
}

// replayPackages are the command packages of a transcript's session:
// MCP's, starting no host program, and A2A's.
var replayPackages = []shell.Package{mcp.Package(mcp.Options{}), a2a.Package(a2a.Options{})}

// mcpCommand is `moonix mcp serve`: this shell as an MCP server, for
// agent hosts.
func (p *Program) mcpCommand(std stdio, o *options, status *int) *cobra.Command {
	top := &cobra.Command{
		Use:   "mcp serve [--http ADDR [--token-env VAR]]",
		Short: "serve a moonix session over the Model Context Protocol",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("mcp: missing operation (moonix mcp serve)")
			}
			return usageErr("mcp: unknown operation '%s' (moonix mcp serve)", args[0])
		},
		RunE: func(*cobra.Command, []string) error { return nil },
	}
	var addr, tokenEnv string
	serve := &cobra.Command{
		Use:   "serve [--http ADDR [--token-env VAR]] [flags]",
		Short: "serve a moonix session over MCP on stdin and stdout, or streamable HTTP",
		Long: `moonix mcp serve speaks the Model Context Protocol on stdin and stdout, as
agent hosts launch MCP servers; with --http 127.0.0.1:PORT it serves
streamable HTTP instead (stateless, both protocol eras, localhost and
cross-origin protection on), and with --token-env VAR every request must
carry the bearer token that VAR holds (401 without it). Both eras of the
protocol are served: 2026-07-28 (server/discover) and 2025-11-25 and older
(initialize).

The tools drive one persistent shell session on the workspace, as the
same commands typed at its prompt would, through its capability gate:
run, read_file, write_file, list_dir, diff, snapshot, rollback, history,
effects, and the state tools (state_store, state_retrieve, state_delete,
state_list, state_exists, state_batch_store, state_batch_retrieve). Calls
are answered one at a time; --timeout bounds each. Every call is in the
effect log (kind mcp-in).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := p.serveMCP(cmd.Context(), o, std, addr, tokenEnv)
			*status = st
			return err
		},
	}
	o.registerSession(serve.Flags())
	serve.Flags().StringVar(&addr, "http", "", "serve streamable HTTP on ADDR (HOST:PORT; port 0 picks one) instead of stdio")
	serve.Flags().StringVar(&tokenEnv, "token-env", "", "require the bearer token held by the host variable VAR (with --http)")
	top.AddCommand(serve)
	return top
}

// serveMCP runs the server until the client goes away (stdio) or a
// signal ends it (HTTP).
func (p *Program) serveMCP(ctx context.Context, o *options, std stdio, addr, tokenEnv string) (int, error) {
	if tokenEnv != "" && addr == "" {
		return 0, usageErr("mcp serve: --token-env needs --http")
	}
	token, err := p.hostToken("mcp serve", tokenEnv)
	if err != nil {
		return 0, err
	}
	return p.serveSession(ctx, o, std, func(ctx context.Context, sh *shell.Captured) int {
		opts := mcp.ServerOptions{Version: Version, Timeout: o.timeout, Log: sh.Effects()}
		if addr == "" {
			if err := mcp.ServeStdio(ctx, sh, opts, std.in, std.out); err != nil {
				fmt.Fprintf(std.err, "moonix: mcp serve: %v\n", err)
				return 1
			}
			return 0
		}
		ln := listen(std, "mcp serve", addr)
		if ln == nil {
			return 1
		}
		if err := shell.ServeHTTP(ctx, ln, mcp.HTTPHandler(sh, opts, token), timeoutGrace); err != nil {
			fmt.Fprintf(std.err, "moonix: mcp serve: %v\n", err)
			return 1
		}
		return 0
	})
}
