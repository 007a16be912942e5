package effects

// The kinds of the protocol clients and servers (packages mcp and a2a).
const (
	MCP     Kind = "mcp"     // a request made of an MCP server (a tool call, a listing)
	MCPIn   Kind = "mcp-in"  // a tool call an MCP client made of moonix: audit, like a denial
	Process Kind = "process" // a host program started (a stdio MCP server)
	// A2A is a request made of an agent (a card fetched, a message
	// sent, a task read, listed or canceled); the HTTP requests under it
	// are effects of their own (kind http).
	A2A Kind = "a2a"
	// A2AIn is a task an agent sent moonix's own agent (a2a serve):
	// audit, like a denial (what its script did is recorded on its own).
	A2AIn Kind = "a2a-in"
)

// The kinds of the history's remotes: a push changes the remote
// repository, which no rollback undoes; a fetch brings snapshots in and
// changes nothing outside (its HTTP requests, if any, are effects of
// their own, kind http).
const (
	GitPush  Kind = "git-push"
	GitFetch Kind = "git-fetch"
	// SSH is a command run on a remote over ssh (git-upload-pack,
	// git-receive-pack under a fetch or a push): the connection's
	// ssh://USER@HOST:PORT as target, the command as summary, its exit
	// as outcome and the host key the server showed.
	SSH Kind = "ssh"
)

// OutcomeUpToDate is the outcome of a push that sent nothing, the
// remote having the branch already (git's "Everything up-to-date"): it
// changed nothing outside.
const OutcomeUpToDate = "up to date"

// Kinds lists every kind, in the order listings explain them.
var Kinds = []Kind{HTTP, SSH, Clock, Random, MCP, Process, A2A, GitPush, GitFetch, MCPIn, A2AIn, Denied}

// Audit reports whether entries of the kind only record what happened,
// changing nothing outside the sandbox: a denial, an inbound call or
// task (what it did is recorded on its own), a fetch.
func (k Kind) Audit() bool { return k == Denied || k == MCPIn || k == A2AIn || k == GitFetch }
