package mcp

import (
	"context"
	"io"
	"strings"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/shell"
)

// Options are what the session's MCP client may reach on the host beyond
// what the session hands it (shell.Resources). The zero value reaches
// nothing there: no host program starts (a stdio server is "not
// available"), whatever the capabilities say.
type Options struct {
	// Spawn starts host programs for stdio servers (StartHost on the
	// host); the gate still needs process.spawn on each command.
	Spawn SpawnFunc
	// HostEnv is the environment every host server starts with, before
	// the variables its configuration gives it.
	HostEnv []string
}

// Package is MCP's command package, for shell.Config.Packages: the mcp
// command (a client of the configured servers; mcp serve) and the state
// command (the state tool's store). It is built once for a root session,
// with what the session hands it, and wraps those in the gate and the
// recorder, outside in:
//
//	client:  GateClient (mcp.call) -> RecordClient (an mcp effect) -> the pool
//	starter: GateStarter (process.spawn, net.connect, fs.exec)
//	         -> RecordStarter (a process effect, for a host program)
//	         -> Hosts: StartHost (stdio), the session's HTTP client
//	            (its own gate and recorder on every request), the
//	            session's exec path (WebAssembly)
//
// The servers it started stop when the session closes.
func Package(o Options) shell.Package {
	return func(res shell.Resources) []*builtins.Command {
		hosts := &Hosts{Spawn: o.Spawn, BaseEnv: o.HostEnv, HTTP: res.HTTP, Run: res.Exec}
		pool := NewPool(GateStarter(res.Check, res.FS, RecordStarter(res.Effects, hosts)), builtins.Version)
		res.OnClose(pool.Close)
		client := GateClient(res.Check, RecordClient(res.Effects, pool))
		serve := func(c *builtins.Call) ServeFunc {
			return GateServe(res.Check, func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
				sh, err := res.Shell(c)
				if err != nil {
					c.Fail("serve: %v", err)
					return 1
				}
				defer sh.Close()
				opts := ServerOptions{Version: builtins.Version, Log: res.Effects}
				if err := ServeStdio(ctx, sh, opts, stdin, flushing{stdout}); err != nil && ctx.Err() == nil {
					c.Fail("serve: %s", strings.TrimSpace(err.Error()))
					return 1
				}
				if ctx.Err() != nil {
					return agent.StatusInterrupted
				}
				return 0
			})
		}
		return []*builtins.Command{command(client, pool, serve), stateCommand()}
	}
}

// command is the mcp command of a session whose client and pool are
// given, already wrapped.
func command(client Client, pool Manager, serve func(*builtins.Call) ServeFunc) *builtins.Command {
	return &builtins.Command{
		Name: "mcp", Summary: Summary, Usage: Usage,
		Run: func(c *builtins.Call) int {
			home := c.Getenv("HOME")
			if home == "" {
				home = c.Who.Home
			}
			return Run(&Env{
				Ctx: c.Ctx, Args: c.Args, Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr,
				FS: c.FS, Home: home, LookupEnv: c.LookupEnv,
				Client: client, Pool: pool, Serve: serve(c),
			})
		},
	}
}

// flushing writes each message out at once: a command's standard output
// is buffered until it reads its input, and a server reads its next
// request while the answer to the last waits.
type flushing struct{ w io.Writer }

func (f flushing) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if fl, ok := f.w.(interface{ Flush() error }); ok && err == nil {
		err = fl.Flush()
	}
	return n, err
}
