// Package network holds the commands that reach the network: curl (the
// protocols' commands, mcp and a2a, will join it). They reach it only
// through the HTTP client the session hands them, whose transport the
// capability gate and the effect recorder wrap: a command here checks no
// capability and writes no effect entry itself.
//
// network imports the command contract (builtins), caps for the address a
// request is checked on, and net/http. Its commands are safe for concurrent
// use; each run keeps its state in its own Call.
package network

import "github.com/moonix-sh/moonix/builtins"

// Commands returns the network commands.
func Commands() []*builtins.Command {
	return []*builtins.Command{curlCommand()}
}
