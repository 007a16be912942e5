// Package a2a is moonix's Agent2Agent protocol support (A2A 1.0, its
// JSON-RPC and HTTP+JSON bindings), in both roles, on the a2a-go SDK
// (github.com/a2aproject/a2a-go/v2 v2.3.1, imported by this package
// alone).
//
// As a client, Package is the a2a command's package for
// shell.Config.Packages. The command is handed a Client already wrapped,
// outside in:
//
//	GateClient (a2a.delegate on the agent, net.connect on its address)
//	  -> RecordClient (one a2a effect a request)
//	    -> Remote (the SDK over the session's HTTP client, which the gate
//	       and the recorder wrap again for every HTTP request)
//
// so that the command checks no capability and writes no effect itself.
// Agents are configured in /etc/moonix/a2a.json and $HOME/.a2a.json in
// the VFS (config.go). The HTTP client has no overall timeout (a stream
// must not be cut); a stream that ends before its task is resumed.
//
// As a server, Handler serves a Shell (shell.Captured: one persistent
// session) as an agent: a message's text runs as a script, one task at a
// time, its standard output streamed as an artifact and its
// agent.Result as the last one; inbound tasks are recorded (a2a-in).
//
// a2a imports agent, builtins, caps, effects, shell and vfs, the SDK,
// pflag and net/http; never mcp. A Remote, the decorators and the
// Handler are safe for concurrent use; the Handler runs one task at a
// time.
package a2a
