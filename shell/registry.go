package shell

import (
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/network"
)

// newRegistry assembles the session's builtins from the command packages'
// lists.
func (s *Session) newRegistry() *builtins.Registry {
	return builtins.NewRegistry(builtins.CoreutilsCommands(), builtins.SandboxCommands(), network.Commands())
}
