package shell

import (
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/coreutils"
	"github.com/moonix-sh/moonix/builtins/network"
	"github.com/moonix-sh/moonix/builtins/sandbox"
)

// newRegistry assembles the session's builtins from the command packages'
// lists, each handed what it works on.
func (s *Session) newRegistry() *builtins.Registry {
	return registry(sandbox.Deps{Repo: s.cfg.Repo, Effects: s.cfg.Effects, Caps: s.gate.Set},
		network.Deps{Client: s.http, MaxBody: s.cfg.HTTPMaxBody})
}

// registry is the builtins of a session whose sandbox commands work on sd
// and network commands on nd.
func registry(sd sandbox.Deps, nd network.Deps) *builtins.Registry {
	r := builtins.NewRegistry(coreutils.Commands(), sandbox.Commands(sd), network.Commands(nd))
	r.Decorate("diff", sandbox.Diff(sd))
	return r
}
