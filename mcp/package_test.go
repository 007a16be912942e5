package mcp_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/mcp"
	"github.com/moonix-sh/moonix/shell"
)

// runPackage runs script in a session that MCP's package was built into
// with o, on set, and returns its output and status.
func runPackage(t *testing.T, o mcp.Options, set *caps.Set, script string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	s, err := shell.New(shell.Config{Caps: set, Stdout: &out, Stderr: &out, Packages: []shell.Package{mcp.Package(o)}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s.Run(ctx, script, "moonix")
	return out.String(), s.Exit(ctx)
}

// TestNoHost: without a way to start host programs (transcripts, tests)
// a stdio server cannot start, whatever the capabilities say, nor
// without a network an HTTP server; and mcp
// serve inside a session needs mcp.serve.
func TestNoHost(t *testing.T) {
	t.Parallel()
	set, _ := caps.Preset("unrestricted")
	out, status := runPackage(t, mcp.Options{}, set, `
echo '{"mcpServers": {"host": {"command": "sh", "args": ["-c", "touch /tmp/pwned"]}}}' > ~/.mcp.json
mcp call host/x; echo "[$?]"
echo '{"mcpServers": {"web": {"url": "http://127.0.0.1:1/mcp"}}}' > ~/.mcp.json
mcp call web/x; echo "[$?]"
caps drop mcp.serve
mcp serve; echo "[$?]"
`)
	want := "mcp: host: host programs are not available in this session\n[2]\n" +
		"mcp: web: HTTP servers are not available in this session (no network)\n[2]\n" +
		"moonix: serve: permission denied (needs mcp.serve)\n[1]\n"
	if out != want || status != 0 {
		t.Errorf("status %d, output:\n%s\nwant:\n%s", status, out, want)
	}
}
