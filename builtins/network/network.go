// Package network holds the commands that reach the network: curl (the
// protocols' commands, mcp and a2a, will join it). They reach it only
// through the HTTP client the session hands them, whose transport the
// capability gate and the effect recorder wrap: a command here checks no
// capability and writes no effect entry itself.
//
// network imports the command contract (builtins), caps (the address a
// request is checked on, the denial it may meet), effects (the error of a
// request the log could not record) and net/http. Its commands are safe for concurrent
// use; each run keeps its state in its own Call.
package network

import (
	"net/http"

	"github.com/moonix-sh/moonix/builtins"
)

// Deps are what the network commands reach the network with.
type Deps struct {
	// Client is the session's HTTP client, whose transport the gate and
	// the effect recorder wrap; nil means the session has no network.
	Client *http.Client
	// MaxBody bounds the response bodies a command reads; 0 means no
	// bound beyond the command's own.
	MaxBody int64
}

// Commands returns the network commands, reaching the network through d.
func Commands(d Deps) []*builtins.Command {
	return []*builtins.Command{curlCommand(d)}
}
