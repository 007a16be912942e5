package shell

import "github.com/moonix-sh/moonix/builtins"

// newRegistry assembles the session's builtins from the command packages'
// lists.
func (s *Session) newRegistry() *builtins.Registry {
	return builtins.NewRegistry(builtins.CoreutilsCommands(), builtins.SandboxCommands(), builtins.NetworkCommands())
}
