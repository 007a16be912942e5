package mcp

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/caps"
)

// GateClient wraps next so that every request needs its capability,
// checked before anything is sent: a tool call mcp.call:SERVER/TOOL; a
// listing, a read or info mcp.call:SERVER/*, or a grant for any tool of
// the server. A denial is reported to the gate's audit (the effect log)
// and returned as a *caps.DeniedError.
func GateClient(g *caps.Gate, next Client) Client { return gatedClient{g, next} }

type gatedClient struct {
	g    *caps.Gate
	next Client
}

func (c gatedClient) Do(ctx context.Context, req *Request) (*Response, error) {
	if err := checkRequest(c.g, req); err != nil {
		return nil, err
	}
	return c.next.Do(ctx, req)
}

func checkRequest(g *caps.Gate, req *Request) error {
	if req.Method == MethodCallTool {
		return g.Check(caps.MCPCall, "call", req.Target())
	}
	server := req.Server.Name
	any := server + "/*"
	if rule, allowed := g.Set.Decide(caps.MCPCall, any); allowed || rule == nil && grantsATool(g.Set, server) {
		return nil
	}
	op := strings.TrimPrefix(req.Method, "tools/")
	if op == MethodInfo || strings.Contains(op, "/") {
		op = "list"
	}
	return g.Check(caps.MCPCall, op, any)
}

// grantsATool reports whether a grant covers some tool of server.
func grantsATool(set *caps.Set, server string) bool {
	for _, c := range set.Grants() {
		if c.Kind != caps.MCPCall {
			continue
		}
		if c.Pattern == "" || c.Pattern == "**" {
			return true
		}
		srv, _, _ := strings.Cut(c.Pattern, "/")
		if ok, _ := doublestar.Match(srv, server); ok {
			return true
		}
	}
	return false
}

// GateStarter wraps next so that a stdio server needs process.spawn on
// its command and an HTTP server net.connect on its host and port (the
// session's HTTP client checks again every request). A WebAssembly server
// needs nothing more here: it runs through the session's exec path,
// which needs fs.exec.
func GateStarter(g *caps.Gate, next Starter) Starter { return gatedStarter{g, next} }

type gatedStarter struct {
	g    *caps.Gate
	next Starter
}

func (s gatedStarter) Start(ctx context.Context, srv *Server, stderr io.Writer) (sdk.Transport, Process, error) {
	switch srv.Transport() {
	case "stdio":
		if err := s.g.Check(caps.ProcessSpawn, "spawn", srv.Command); err != nil {
			return nil, nil, err
		}
	case "http":
		u, err := url.Parse(srv.URL)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", srv.Name, err)
		}
		if err := s.g.Check(caps.NetConnect, "connect", caps.URLAddr(u)); err != nil {
			return nil, nil, err
		}
	}
	return s.next.Start(ctx, srv, stderr)
}

// GateServe wraps serve so that serving MCP from inside a session needs
// mcp.serve.
func GateServe(g *caps.Gate, serve ServeFunc) ServeFunc {
	return func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
		if err := g.Check(caps.MCPServe, "serve", ""); err != nil {
			fmt.Fprintf(stderr, "moonix: %v\n", err)
			return 1
		}
		return serve(ctx, stdin, stdout, stderr)
	}
}
