package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The requests the mcp command makes of a server.
const (
	MethodInfo          = "info" // connect (server/discover or initialize) and describe the server
	MethodListTools     = "tools/list"
	MethodCallTool      = "tools/call"
	MethodListResources = "resources/list"
	MethodReadResource  = "resources/read"
	MethodListPrompts   = "prompts/list"
	MethodGetPrompt     = "prompts/get"
)

// Request is one request to a configured server.
type Request struct {
	// Server is the server's configuration, its ${env:NAME} references
	// filled (Server.Resolve).
	Server *Server
	Method string
	// Name is the tool or prompt called, or the resource read.
	Name string
	// Args are a tool's arguments, or a prompt's (strings).
	Args map[string]any
}

// Target is what the request is about, as the gate, the effect log and
// messages name it: SERVER/TOOL for a tool call, SERVER otherwise.
func (r *Request) Target() string {
	if r.Method == MethodCallTool {
		return r.Server.Name + "/" + r.Name
	}
	return r.Server.Name
}

// Response is what a server answered; the field of the request's method
// is set.
type Response struct {
	// Info is the server's description: identity, negotiated revision,
	// capabilities, instructions.
	Info      *sdk.InitializeResult
	Tools     []*sdk.Tool
	Call      *sdk.CallToolResult
	Resources []*sdk.Resource
	Read      *sdk.ReadResourceResult
	Prompts   []*sdk.Prompt
	Prompt    *sdk.GetPromptResult
	// Effect is the id of the effect entry that recorded the request, ""
	// when it was not recorded; the whole result is kept there.
	Effect string
}

// Result is the answer to the request's method, as JSON shows it.
func (r *Response) Result(method string) any {
	switch method {
	case MethodListTools:
		return orEmpty(r.Tools)
	case MethodCallTool:
		return r.Call
	case MethodListResources:
		return orEmpty(r.Resources)
	case MethodReadResource:
		return r.Read
	case MethodListPrompts:
		return orEmpty(r.Prompts)
	case MethodGetPrompt:
		return r.Prompt
	}
	return r.Info
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Client makes requests of servers. The mcp command is handed one that
// the capability gate and the effect recorder wrap (GateClient,
// RecordClient), around the session's Pool: the command itself never
// checks a capability or writes an effect.
type Client interface {
	Do(ctx context.Context, req *Request) (*Response, error)
}

// Cache is what a Client may also do: answer a request without a message
// to its server, from what the server already said (the info of a server
// that runs: what it said when it started). RecordClient asks it first,
// so that only a request that reaches a server is an effect.
type Cache interface {
	Cached(req *Request) (*Response, bool)
}

// Manager is what the mcp command asks of the session's pool directly:
// what runs, and the servers' logs. None of it reaches a server.
type Manager interface {
	// Status describes the server called name (State "stopped" when it
	// is not running).
	Status(name string) Status
	// Running lists the servers that are running, by name.
	Running() []Status
	// Stop stops the server called name, if it runs.
	Stop(name string)
	// Logs is what the server called name wrote on its standard error
	// (its last 64 KiB, over its restarts).
	Logs(name string) []byte
	// Tool is the tool of a running server as its last listing
	// described it.
	Tool(server, tool string) (*sdk.Tool, bool)
}

// Status is a server as the pool knows it.
type Status struct {
	Name      string    `json:"name"`
	Transport string    `json:"transport"`
	State     string    `json:"state"` // running, stopped, exited
	Revision  string    `json:"revision,omitempty"`
	Pid       int       `json:"pid,omitempty"`
	Started   time.Time `json:"started,omitzero"`
	Calls     int       `json:"calls"`
	Tools     int       `json:"tools"` // -1 when not listed yet
	Exit      string    `json:"exit,omitempty"`
}

// Cmd is a host program to start for a stdio server.
type Cmd struct {
	Path string
	Args []string
	// Env is its whole environment (NAME=VALUE).
	Env []string
	// Dir is its working directory on the host, "" for moonix's own.
	Dir    string
	Stderr io.Writer
}

// Process is a running server program, a host process or a program of
// the VFS. Stop ends it: standard input closed, then SIGTERM, then
// SIGKILL (for a host process, to its whole process group), each after a
// bounded wait; it returns once the program is gone.
type Process interface {
	Stdin() io.WriteCloser
	Stdout() io.Reader
	// Pid is the host process id, 0 for a program of the VFS.
	Pid() int
	// Done is closed when the program has ended.
	Done() <-chan struct{}
	// Exit describes how it ended ("exit status 1", "signal: killed"),
	// once Done is closed.
	Exit() string
	Stop()
}

// SpawnFunc starts a host program (StartHost is the host's).
type SpawnFunc func(ctx context.Context, c *Cmd) (Process, error)

// RunFunc runs a program of the VFS to its end, through the session's
// exec path (WebAssembly servers), and returns its exit status.
type RunFunc func(ctx context.Context, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) int

// Starter starts a server and returns the transport to it and, for a
// server that is a program, the program. The session's starter is Hosts,
// wrapped by the gate (GateStarter) and the recorder (RecordStarter).
type Starter interface {
	Start(ctx context.Context, s *Server, stderr io.Writer) (sdk.Transport, Process, error)
}

// ServeFunc serves MCP on stdin and stdout until the client goes away
// and returns the status to exit with (mcp serve inside a session).
type ServeFunc func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int

// Error kinds the mcp command tells apart by their statuses.
var (
	// ErrNotAvailable is a kind of server this session cannot reach (no
	// host processes, no network).
	ErrNotAvailable = errors.New("not available in this session")
)

// ServerError is a server that died or broke the protocol: why, in words
// a user can act on.
type ServerError struct {
	Server string
	Msg    string
	Err    error
}

func (e *ServerError) Error() string {
	return fmt.Sprintf("%s: %s", e.Server, e.Msg)
}

func (e *ServerError) Unwrap() error { return e.Err }
