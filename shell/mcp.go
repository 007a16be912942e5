package shell

// The session's MCP client (the mcp command) and server (mcp serve inside
// a session): the wiring of package mcp to the session's gate, effect
// log, network, exec path and filesystem. Everything here is the
// session's; package mcp sees only the interfaces it declares.

import (
	"context"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/mcp"
)

// MCPConfig is what the session's MCP client may reach outside the
// sandbox. The zero value reaches nothing: no host program can be
// started (stdio servers fail with "not available"); HTTP servers need
// the session's network (Config.Dial) and WebAssembly servers nothing
// more than the session has.
type MCPConfig struct {
	// Spawn starts host programs for stdio servers (mcp.StartHost on the
	// host); the gate still needs process.spawn on each command. Nil: no
	// host programs, whatever the capabilities say.
	Spawn mcp.SpawnFunc
	// HostEnv is the environment every host server starts with, before
	// the variables its configuration gives it.
	HostEnv []string
	// ServeTimeout bounds each call made of mcp serve inside the session
	// (0: none).
	ServeTimeout time.Duration
}

// mcpClient is the root session's pool and the client around it, made
// on first use.
type mcpClient struct {
	once   sync.Once
	pool   *mcp.Pool
	client mcp.Client
}

// mcpClient returns the root session's client and pool.
func (s *Session) mcpClient() (mcp.Client, *mcp.Pool) {
	r := s.root()
	r.mcp.once.Do(func() {
		hosts := &mcp.Hosts{
			Spawn:   r.cfg.MCP.Spawn,
			BaseEnv: r.cfg.MCP.HostEnv,
			Run:     r.runVFSProgram,
		}
		if r.cfg.Dial != nil {
			hosts.HTTP = r.http
		}
		log := r.cfg.Effects
		starter := mcp.GateStarter(r.gate, mcp.RecordStarter(log, hosts))
		r.mcp.pool = mcp.NewPool(starter, builtins.Version)
		r.mcp.client = mcp.GateClient(r.gate, mcp.RecordClient(log, r.mcp.pool))
	})
	return r.mcp.client, r.mcp.pool
}

// closeMCP stops the servers the session started.
func (s *Session) closeMCP() {
	if s.mcp.pool != nil {
		s.mcp.pool.Close()
	}
}

// runVFSProgram runs a program of the VFS through the exec path (a
// WebAssembly MCP server): fs.exec is checked as for any command.
func (s *Session) runVFSProgram(ctx context.Context, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := s.newCall(ctx, argv, s.who.Home, env)
	c.Stdin, c.Stdout, c.Stderr = stdin, stdout, stderr
	return s.exec(c)
}

// mcpCommand is the mcp command (a function: the exec path refers to it).
func mcpCommand() shellCommand {
	return shellCommand{
		summary: mcp.Summary,
		usage:   mcp.Usage,
		run:     (*Session).mcpRun,
	}
}

func (s *Session) mcpRun(c *builtins.Call) int {
	client, pool := s.mcpClient()
	home := c.Getenv("HOME")
	if home == "" {
		home = s.who.Home
	}
	return mcp.Run(&mcp.Env{
		Ctx: c.Ctx, Args: c.Args, Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr,
		FS: c.FS, Home: home, LookupEnv: c.LookupEnv,
		Client: client, Pool: pool,
		Serve: mcp.GateServe(s.root().gate, func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
			return s.serveNested(ctx, c, stdin, stdout, stderr)
		}),
	})
}

// serveNested serves MCP from inside the session: the tools drive a
// nested shell on the same filesystem, gate and effect log, started in
// the caller's directory with its exported environment.
func (s *Session) serveNested(ctx context.Context, c *builtins.Call, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg := Config{
		FS: s.fs, Env: c.Env, Dir: c.Dir, Clock: s.clock, Rand: s.rand, Who: s.who,
		Name: "mcp", Commands: s.cfg.Commands, parent: s, Repo: s.cfg.Repo, Effects: s.cfg.Effects,
	}
	sh, err := NewCaptured(cfg)
	if err != nil {
		c.Fail("serve: %v", err)
		return 1
	}
	defer sh.Close()
	opts := mcp.ServerOptions{Version: builtins.Version, Timeout: s.root().cfg.MCP.ServeTimeout, Log: s.cfg.Effects}
	if err := mcp.ServeStdio(ctx, sh, opts, stdin, stdout); err != nil && ctx.Err() == nil {
		c.Fail("serve: %s", strings.TrimSpace(err.Error()))
		return 1
	}
	if ctx.Err() != nil {
		return 130
	}
	return 0
}
