package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The peer tests run moonix against real MCP peers from the npm registry,
// pinned in testdata/peers/package.json and its lockfile (.ci/run
// installs them with npm ci): moonix's client against the reference
// servers (legacy) and a v2 server (modern), and moonix mcp serve driven
// by the v1 client (legacy) and the v2 client (both eras), over stdio and
// HTTP. Without node or the installed peers they skip, unless
// MOONIX_REQUIRE_PEERS=1 (as in CI).

// peersDir is testdata/peers with its node_modules installed.
func peersDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "testdata", "peers")
	why := ""
	if _, err := exec.LookPath("node"); err != nil {
		why = "node is not on PATH"
	} else if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		why = "the peers are not installed (cd testdata/peers && npm ci)"
	}
	if why != "" {
		if os.Getenv("MOONIX_REQUIRE_PEERS") == "1" {
			t.Fatalf("%s, and MOONIX_REQUIRE_PEERS=1", why)
		}
		t.Skipf("%s; set MOONIX_REQUIRE_PEERS=1 to make this an error", why)
	}
	return dir
}

// freePort is a TCP port of the loopback that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startGroup starts cmd in a process group of its own, killed (the whole
// group) when the test ends.
func startGroup(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	})
}

// waitPort waits until something listens on port, at most 15 s.
func waitPort(t *testing.T, port int) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("nothing listens on port %d after 15 s", port)
}

// TestPeersClient: moonix's mcp command against real servers.
func TestPeersClient(t *testing.T) {
	peers := peersDir(t)
	t.Parallel()
	mods := filepath.Join(peers, "node_modules", "@modelcontextprotocol")
	host := t.TempDir()
	if err := os.WriteFile(filepath.Join(host, "hello.txt"), []byte("hello from the host\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	everything := exec.Command("node", filepath.Join(mods, "server-everything", "dist", "index.js"), "streamableHttp")
	everything.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	startGroup(t, everything)
	waitPort(t, port)

	script := fmt.Sprintf(`
mcp add everything -- node %[1]s/server-everything/dist/index.js stdio
mcp add files -- node %[1]s/server-filesystem/dist/index.js %[2]s
mcp add memory --env MEMORY_FILE_PATH=%[2]s/memory.jsonl -- node %[1]s/server-memory/dist/index.js
mcp add legacy --env PEER_TOKEN='${env:PEER_TOKEN}' -- node %[3]s/legacy-server.mjs
mcp add modern -- node %[3]s/modern-server.mjs
mcp add web --url http://127.0.0.1:%[4]d/mcp
export PEER_TOKEN=t0k3n
echo '== list'; mcp list
echo '== echo'; mcp call everything/echo message=hi
echo '== sum'; mcp call everything/get-sum a=2 b=40
echo '== bad sum'; mcp call everything/get-sum a=two b=40; echo "[$?]"
echo '== structured'; mcp call --structured everything/get-structured-content location=Chicago | jq -c 'keys'
echo '== image'; mcp call everything/get-tiny-image | sed -n 2p
echo '== files'; mcp call files/read_text_file path=%[2]s/hello.txt
echo '== outside'; mcp call files/read_text_file path=/etc/hostname; echo "[$?]"
echo '== memory'; mcp call memory/create_entities 'entities:=[{"name":"moonix","entityType":"shell","observations":["sandboxed"]}]' >/dev/null
mcp call --structured memory/search_nodes query=moonix | jq -r '.entities[0].observations[0]'
echo '== env'; mcp call legacy/whoami
echo '== timeout'; mcp call --timeout 500ms legacy/slow seconds=20; echo "[$?]"
sleep 1; mcp logs legacy | grep cancelled
echo '== after'; mcp call legacy/slow seconds=0
echo '== crash'; mcp call legacy/crash; echo "[$?]"
echo '== restarted'; mcp call legacy/slow seconds=0
echo '== banner'; mcp call legacy/banner; echo "[$?]"
echo '== modern'; mcp call modern/forecast city=Oslo days=3
echo '== modern bad'; mcp call modern/forecast city=Oslo days=1.5; echo "[$?]"
echo '== http'; mcp call web/echo message=over-http
mcp info web | grep revision
echo '== effects'; effects --kind mcp | grep -c ' ok '; effects --kind process | wc -l
`, mods, host, peers, port)
	cmd := exec.Command(moonixBin, "--ephemeral", "--allow", "mcp.call:*/*", "--allow", "process.spawn:node",
		"--allow", fmt.Sprintf("net.connect:127.0.0.1:%d", port), "-c", script)
	start := time.Now()
	out, _ := cmd.CombinedOutput()
	t.Logf("took %s", time.Since(start))
	want := `== list
NAME        TRANSPORT  STATE    REVISION    TOOLS
everything  stdio      running  2025-11-25  13
files       stdio      running  2025-11-25  14
legacy      stdio      running  2025-11-25  4
memory      stdio      running  2025-11-25  9
modern      stdio      running  2026-07-28  1
web         http       running  2025-11-25  13
== echo
Echo: hi
== sum
The sum of 2 and 40 is 42.
== bad sum
mcp: call everything/get-sum: the arguments do not match the tool's input schema: a: type: two has type "string", want "number"
[2]
== structured
["conditions","humidity","temperature"]
== image
\[image image/png, 3.9 KiB: the whole result is in 'effects show \d+'\]
== files
hello from the host
== outside
mcp: files/read_text_file: Access denied - path outside allowed directories: .*
[1]
== memory
sandboxed
== env
TOKEN=t0k3n
== timeout
mcp: legacy/slow: timed out after 500ms
[124]
slow: cancelled .*
== after
waited 0s
== crash
mcp: legacy: the server exited (exit status 7); it said "legacy-peer: crashing on purpose" (mcp logs legacy)
[3]
== restarted
waited 0s
== banner
mcp: legacy: the server wrote something that is not MCP on its standard output: "Server ready!"
[3]
== modern
Oslo: clear for 3 days
{"city":"Oslo","days":3,"sky":"clear"}
== modern bad
mcp: call modern/forecast: the arguments do not match the tool's input schema: days: type: 1.5 has type "number", want "integer"
[2]
== http
Echo: over-http
revision:      2025-11-25
== effects
\d+
6
`
	matchLines(t, string(out), want)
}

// matchLines compares output with want line by line; a want line is a
// regular expression where it has one (\d, .*, \[).
func matchLines(t *testing.T, got, want string) {
	t.Helper()
	g := strings.Split(strings.TrimRight(got, "\n"), "\n")
	w := strings.Split(strings.TrimRight(want, "\n"), "\n")
	ok := len(g) == len(w)
	for i := 0; ok && i < len(w); i++ {
		if g[i] == w[i] {
			continue
		}
		re, err := regexp.Compile("^" + w[i] + "$")
		ok = err == nil && re.MatchString(g[i])
	}
	if !ok {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

// clientResult is what testdata/peers/client.mjs prints.
type clientResult struct {
	Error           string   `json:"error"`
	ProtocolVersion string   `json:"protocolVersion"`
	Server          string   `json:"server"`
	Tools           []string `json:"tools"`
	Stdout          []string `json:"stdout"`
	Cwd             string   `json:"cwd"`
	State           any      `json:"state"`
	Denied          string   `json:"denied"`
}

func runClient(t *testing.T, peers string, args ...string) clientResult {
	t.Helper()
	cmd := exec.Command("node", append([]string{filepath.Join(peers, "client.mjs")}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	var r clientResult
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("client %v: %q (%v); stderr:\n%s", args, out, err, stderr.String())
	}
	return r
}

// TestPeersServe: moonix mcp serve driven by the v1 client (legacy) and
// the v2 client (legacy and modern), over stdio and over HTTP with and
// without the bearer token.
func TestPeersServe(t *testing.T) {
	peers := peersDir(t)
	t.Parallel()
	serveCmd, _ := json.Marshal([]string{moonixBin, "mcp", "serve", "--ephemeral"})
	modes := []struct{ sdk, mode, revision string }{
		{"v1", "legacy", ""}, {"v2", "legacy", "2025-11-25"}, {"v2", "modern", "2026-07-28"},
	}
	check := func(name string, r clientResult, revision string) {
		t.Helper()
		if r.Error != "" || r.Server != "moonix" || len(r.Tools) != 16 || r.Cwd != "/tmp" ||
			strings.Join(r.Stdout, "|") != "hi\n|again hi\n" || r.Denied != "moonix: write /etc/motd: permission denied (needs fs.write:/etc/motd)" {
			t.Errorf("%s: %+v", name, r)
		}
		if revision != "" && r.ProtocolVersion != revision {
			t.Errorf("%s: negotiated %s, want %s", name, r.ProtocolVersion, revision)
		}
	}
	for _, m := range modes {
		check(m.sdk+" "+m.mode+" stdio", runClient(t, peers, m.sdk, m.mode, "stdio", string(serveCmd)), m.revision)
	}

	serve := exec.Command(moonixBin, "mcp", "serve", "--ephemeral", "--http", "127.0.0.1:0", "--token-env", "SERVE_TOKEN")
	serve.Env = append(os.Environ(), "SERVE_TOKEN=open-sesame")
	stderr, err := serve.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	startGroup(t, serve)
	lines := bufio.NewScanner(stderr)
	url := ""
	ready := make(chan struct{})
	go func() {
		defer close(ready)
		for lines.Scan() {
			if u, ok := strings.CutPrefix(lines.Text(), "moonix: mcp serve: listening on "); ok {
				url = u
				return
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(15 * time.Second):
		t.Fatal("moonix mcp serve --http did not say where it listens")
	}
	if url == "" {
		t.Fatal("moonix mcp serve --http ended before listening")
	}
	for _, m := range modes {
		r := runClient(t, peers, m.sdk, m.mode, "http", url, "open-sesame")
		check(m.sdk+" "+m.mode+" http", r, m.revision)
		r = runClient(t, peers, m.sdk, m.mode, "http", url)
		if !strings.Contains(r.Error, "401") && !strings.Contains(r.Error, "bearer token is required") {
			t.Errorf("%s %s http without the token: %+v", m.sdk, m.mode, r)
		}
	}
}
