package mcp_test

import (
	"bytes"
	"context"
	"net"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
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
		"moonix: serve: permission denied (needs mcp.serve)\n[2]\n"
	if out != want || status != 0 {
		t.Errorf("status %d, output:\n%s\nwant:\n%s", status, out, want)
	}
}

// TestHTTPThroughSession: an HTTP server is reached with the session's
// own HTTP client, whose transport the gate and the recorder wrap: every
// request is an http effect beside the mcp one, and a net.connect
// dropped while the server's session runs refuses the next request, with
// the gate's words and the status of a denial.
func TestHTTPThroughSession(t *testing.T) {
	t.Parallel()
	served := newShell(t)
	srv := httptest.NewServer(mcp.HTTPHandler(served, opts(served), ""))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")

	set, _ := caps.Preset("sandbox")
	set.Allow(caps.Cap{Kind: caps.MCPCall, Pattern: "web/*"})
	set.Allow(caps.Cap{Kind: caps.NetConnect, Pattern: addr})
	var out bytes.Buffer
	var d net.Dialer
	log := effects.Memory()
	s, err := shell.New(shell.Config{
		Caps: set, Stdout: &out, Stderr: &out, Dial: d.DialContext, Effects: log,
		Packages: []shell.Package{mcp.Package(mcp.Options{})},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s.Run(ctx, `
mcp add web --url `+srv.URL+`/mcp
mcp call web/run 'script=echo over http'
caps drop net.connect
mcp call web/run 'script=echo again'; echo "[$?]"
`, "moonix")
	want := `{"changed_paths":[],"cwd":"/work","dirty":true,"duration_ms":0,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"over http\n","stdout_truncated":false,"v":1}
moonix: connect ` + addr + `: permission denied (needs net.connect:` + addr + `)
[2]
`
	if got := out.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
	entries, _ := log.Entries()
	var got []string
	for _, e := range effects.Collapse(entries) {
		got = append(got, string(e.Kind)+" "+e.Outcome())
	}
	if !slices.Contains(got, "mcp ok") || !slices.Contains(got, "http 200") || !slices.Contains(got, "denied denied") {
		t.Errorf("effects: %v; want the mcp call, its HTTP requests and the denial", got)
	}
}
