package mcp

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// GateClient wraps next so that every request needs its capability,
// checked before anything is sent: a tool call mcp.call:SERVER/TOOL; a
// listing, a read or info mcp.call:SERVER/*, which a grant of any tool
// of the server allows (caps.AnyTool). A denial is returned as the
// gate's *caps.DeniedError.
func GateClient(check caps.CheckFunc, next Client) Client { return gatedClient{check, next} }

type gatedClient struct {
	check caps.CheckFunc
	next  Client
}

func (c gatedClient) Do(ctx context.Context, req *Request) (*Response, error) {
	if err := checkRequest(c.check, req); err != nil {
		return nil, err
	}
	return c.next.Do(ctx, req)
}

func checkRequest(check caps.CheckFunc, req *Request) error {
	if req.Method == MethodCallTool {
		return check(caps.MCPCall, "call", req.Target())
	}
	op := strings.TrimPrefix(req.Method, "tools/")
	if op == MethodInfo || strings.Contains(op, "/") {
		op = "list"
	}
	return check(caps.MCPCall, op, req.Server.Name+"/"+caps.AnyTool)
}

// GateStarter wraps next so that a stdio server needs process.spawn on
// its command, an HTTP server net.connect on its host and port (the
// session's HTTP client checks again every request) and a WebAssembly
// server fs.exec on its module, the path resolved in fsys as the exec
// path resolves it (which checks again when it runs the module). A
// refusal is the gate's *caps.DeniedError, before anything starts: the
// command can tell it from a server that failed.
func GateStarter(check caps.CheckFunc, fsys vfs.FS, next Starter) Starter {
	return gatedStarter{check, fsys, next}
}

type gatedStarter struct {
	check caps.CheckFunc
	fsys  vfs.FS
	next  Starter
}

func (s gatedStarter) Start(ctx context.Context, srv *Server, stderr io.Writer) (sdk.Transport, Process, error) {
	switch srv.Transport() {
	case "stdio":
		if err := s.check(caps.ProcessSpawn, "spawn", srv.Command); err != nil {
			return nil, nil, err
		}
	case "http":
		u, err := url.Parse(srv.URL)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", srv.Name, err)
		}
		if err := s.check(caps.NetConnect, "connect", caps.URLAddr(u)); err != nil {
			return nil, nil, err
		}
	case "wasm":
		// a path that cannot be resolved is the exec path's to report
		if real, err := caps.Resolve(s.fsys, srv.Wasm); err == nil {
			if err := s.check(caps.FSExec, "exec", real); err != nil {
				return nil, nil, err
			}
		}
	}
	return s.next.Start(ctx, srv, stderr)
}

// GateServe wraps serve so that serving MCP from inside a session needs
// mcp.serve; a refusal has the status of every capability error of the
// mcp command (2).
func GateServe(check caps.CheckFunc, serve ServeFunc) ServeFunc {
	return func(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) int {
		if err := check(caps.MCPServe, "serve", ""); err != nil {
			fmt.Fprintf(stderr, "moonix: %v\n", err)
			return agent.StatusUsage
		}
		return serve(ctx, stdin, stdout, stderr)
	}
}
