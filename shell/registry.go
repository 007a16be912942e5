package shell

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/coreutils"
	"github.com/moonix-sh/moonix/builtins/network"
	"github.com/moonix-sh/moonix/builtins/sandbox"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// Resources are what a session hands the command packages it is
// configured with (Config.Packages), already wrapped: a package that
// reaches outside does it through them, and so is checked and recorded.
// A package is built once for a root session and its nested shells.
type Resources struct {
	// HTTP is the session's one HTTP client: the gate (net.connect) and
	// the effect recorder wrap its transport. nil: no network.
	HTTP *http.Client
	// HTTPMaxBody bounds the response bodies a command reads.
	HTTPMaxBody int64
	// Effects is the effect log, for what leaves the sandbox without
	// HTTP (an MCP call to a stdio server).
	Effects *effects.Log
	// Check asks the gate whether kind on target is allowed (mcp.call
	// server/tool, a2a.delegate, process.spawn); a refusal is a
	// *caps.DeniedError, audited.
	Check func(kind caps.Kind, op, target string) error
	// FS is the session's filesystem behind the gate, without any one
	// command's devices: for what a package does outside the command
	// that asked for it (resolving the path of a program it will run).
	FS vfs.FS
	// Exec runs a program through the session's exec path, as the
	// prompt would (fs.exec checked, the module run on the gated FS),
	// in the user's home directory with exactly env as its environment,
	// until it ends or ctx does; it returns the exit status. It is for
	// programs that outlive the command that started them (a
	// WebAssembly MCP server).
	Exec func(ctx context.Context, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) int
	// OnClose registers f to run when the session closes, before it
	// lets go of its network and its WebAssembly runtime: what a
	// package started (MCP servers) stops there.
	OnClose func(f func())
	// Shell starts a persistent shell nested in the session, for an
	// agent to drive (mcp serve inside a session): the same filesystem,
	// gate, history and effect log, c's directory and exported
	// environment. The caller closes it.
	Shell func(c *builtins.Call) (*Captured, error)
}

// Package is a command package a session is configured with: its
// commands, built with the session's resources.
type Package func(Resources) []*builtins.Command

// newRegistry assembles the session's builtins from the command packages'
// lists, each handed what it works on: coreutils nothing beyond the Call,
// the sandbox commands the history, the effect log and the capability
// set, the network commands the HTTP client, the configured packages
// Resources.
func (s *Session) newRegistry() (*builtins.Registry, error) {
	res := Resources{
		HTTP: s.http, HTTPMaxBody: s.cfg.HTTPMaxBody, Effects: s.cfg.Effects, Check: s.gate.Check,
		FS: s.fs, Exec: s.execProgram, OnClose: s.onClose, Shell: s.nestedCaptured,
	}
	sd := sandbox.Deps{Repo: s.cfg.Repo, Effects: s.cfg.Effects, Caps: s.gate.Set}
	nd := network.Deps{Client: s.http, MaxBody: s.cfg.HTTPMaxBody}
	lists := baseLists(sd, nd)
	if len(s.cfg.Packages) == 0 {
		return decorated(sd, lists), nil
	}
	seen := map[string]bool{}
	for _, list := range lists {
		for _, cmd := range list {
			seen[cmd.Name] = true
		}
	}
	for _, p := range s.cfg.Packages {
		list := p(res)
		for _, cmd := range list {
			if seen[cmd.Name] {
				return nil, fmt.Errorf("two commands named %s", cmd.Name)
			}
			seen[cmd.Name] = true
		}
		lists = append(lists, list)
	}
	return decorated(sd, lists), nil
}

// baseLists are the lists of the builtins every session has: its sandbox
// commands work on sd and its network commands on nd.
func baseLists(sd sandbox.Deps, nd network.Deps) [][]*builtins.Command {
	return [][]*builtins.Command{coreutils.Commands(), sandbox.Commands(sd), network.Commands(nd)}
}

// registry is the builtins of a session whose sandbox commands work on sd
// and network commands on nd.
func registry(sd sandbox.Deps, nd network.Deps) *builtins.Registry {
	return decorated(sd, baseLists(sd, nd))
}

// decorated is the registry of lists, the history's diff around diff.
func decorated(sd sandbox.Deps, lists [][]*builtins.Command) *builtins.Registry {
	r := builtins.NewRegistry(lists...)
	r.Decorate("diff", sandbox.Diff(sd))
	return r
}

// execProgram runs argv through the exec path in the user's home, for a
// package (Resources.Exec).
func (s *Session) execProgram(ctx context.Context, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := s.newCall(ctx, argv, s.who.Home, env)
	c.Stdin, c.Stdout, c.Stderr = stdin, stdout, stderr
	return s.exec(c)
}

// onClose registers f to run when the session closes (Resources.OnClose).
func (s *Session) onClose(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closers = append(s.closers, f)
}
