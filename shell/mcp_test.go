package shell_test

import (
	"context"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/mcp"
	"github.com/moonix-sh/moonix/shell"
)

// TestWasmMCPServer (here for the test programs of package shell): MCP's
// command package in a session, where a WebAssembly module of the VFS is an MCP server
// over its standard input and output, under mcp.call and fs.exec only,
// and what it does to the filesystem passes the gate; without fs.exec it
// does not start, and the command says so as the gate does, with the
// status of a denial (2), not that of a server that failed (3).
func TestWasmMCPServer(t *testing.T) {
	t.Parallel()
	set, _ := caps.Preset("sandbox")
	set.Allow(caps.Cap{Kind: caps.MCPCall, Pattern: "tool/*"})
	s, out, log := shell.WasmSession(t, set, mcp.Package(mcp.Options{}))
	script := `
echo '{"mcpServers": {"tool": {"wasm": "/usr/local/bin/mcpecho.wasm"}}}' > ~/.mcp.json
mcp call tool/echo message=hello-wasm
mcp call tool/upper message=quiet && cat upper.txt
mcp ps
caps drop fs.write:/work/upper.txt
mcp call tool/upper message=again; echo "[$?]"
caps drop fs.exec:/usr/local/bin/mcpecho.wasm
mcp restart tool; echo "[$?]"
ln -s /usr/local/bin/mcpecho.wasm /tmp/alias.wasm
echo '{"mcpServers": {"tool": {"wasm": "/tmp/alias.wasm"}}}' > ~/.mcp.json
mcp call tool/echo message=by-a-link; echo "[$?]"
`
	status, _ := s.Run(context.Background(), script, "test")
	want := `hello-wasm
wrote /work/upper.txt
QUIET
NAME  STATE    PID  TRANSPORT  REVISION    CALLS
tool  running  -    wasm       2025-11-25  3
mcp: tool/upper: open /work/upper.txt: Permission denied
[1]
moonix: exec /usr/local/bin/mcpecho.wasm: permission denied (needs fs.exec:/usr/local/bin/mcpecho.wasm)
[2]
moonix: exec /usr/local/bin/mcpecho.wasm: permission denied (needs fs.exec:/usr/local/bin/mcpecho.wasm)
[2]
`
	if got := out.String(); got != want || status != 0 {
		t.Errorf("status %d, output:\n%s\nwant:\n%s", status, got, want)
	}
	entries, _ := log.Entries()
	var kinds []string
	for _, e := range effects.Collapse(entries) {
		kinds = append(kinds, string(e.Kind)+" "+e.Target+" "+e.Outcome())
	}
	got := strings.Join(kinds, "\n")
	for _, w := range []string{"mcp tool tools/list ok", "mcp tool/echo ok", "mcp tool/upper tool_error", "denied /work/upper.txt denied", "denied /usr/local/bin/mcpecho.wasm denied"} {
		if !strings.Contains(got, w) {
			t.Errorf("the log lacks %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "process") {
		t.Errorf("a WebAssembly server is not a host process:\n%s", got)
	}
}
