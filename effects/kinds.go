package effects

// The kinds of the protocol clients and servers (package mcp).
const (
	MCP     Kind = "mcp"     // a request made of an MCP server (a tool call, a listing)
	MCPIn   Kind = "mcp-in"  // a tool call an MCP client made of moonix: audit, like a denial
	Process Kind = "process" // a host program started (a stdio MCP server)
)

// Kinds lists every kind, in the order listings explain them.
var Kinds = []Kind{HTTP, Clock, Random, MCP, Process, MCPIn, Denied}

// Audit reports whether entries of the kind only record what happened,
// changing nothing outside the sandbox: a denial, an inbound call (what
// it did is recorded on its own).
func (k Kind) Audit() bool { return k == Denied || k == MCPIn }
