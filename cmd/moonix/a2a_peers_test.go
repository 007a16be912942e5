package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The A2A peer tests run moonix against real A2A peers, both ways: the
// JavaScript SDK (@a2a-js/sdk, pinned in testdata/peers) as an agent
// (a2a-echo-agent.mjs) and as a client (a2a-client.mjs), and the a2a-go
// CLI (tools/go.mod) as an agent (a2a serve --echo) and as a client (a2a
// send, get, cancel). They skip as the MCP peer tests do.

var a2aCLI struct {
	once sync.Once
	path string
	err  error
}

// a2aGoCLI builds the a2a-go CLI of tools/ once; without it the test
// skips (or fails under MOONIX_REQUIRE_PEERS=1).
func a2aGoCLI(t *testing.T) string {
	t.Helper()
	a2aCLI.once.Do(func() {
		dir, err := os.MkdirTemp("", "moonix-a2a-cli")
		if err != nil {
			a2aCLI.err = err
			return
		}
		a2aCLI.path = filepath.Join(dir, "a2a")
		cmd := exec.Command("go", "build", "-o", a2aCLI.path, "github.com/a2aproject/a2a-go/v2/cmd/a2a")
		cmd.Dir = filepath.Join(repoRoot(t), "tools")
		if out, err := cmd.CombinedOutput(); err != nil {
			a2aCLI.err = fmt.Errorf("building the a2a-go CLI: %v: %s", err, out)
		}
	})
	if a2aCLI.err != nil {
		if os.Getenv("MOONIX_REQUIRE_PEERS") == "1" {
			t.Fatalf("%v, and MOONIX_REQUIRE_PEERS=1", a2aCLI.err)
		}
		t.Skipf("%v; set MOONIX_REQUIRE_PEERS=1 to make this an error", a2aCLI.err)
	}
	return a2aCLI.path
}

// a2aIDs replaces the ids the SDKs make by ID.
var (
	a2aIDs   = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	a2aPorts = regexp.MustCompile(`127\.0\.0\.1:[0-9]+`)
	a2aMS    = regexp.MustCompile(`"duration_ms":[0-9]+`)
)

func sameOutput(t *testing.T, name string, got []byte, want string) {
	t.Helper()
	g := a2aPorts.ReplaceAllString(a2aIDs.ReplaceAllString(string(got), "ID"), "127.0.0.1:PORT")
	g = a2aMS.ReplaceAllString(g, `"duration_ms":N`)
	if g != want {
		t.Errorf("%s:\n%s\nwant:\n%s", name, g, want)
	}
}

// a2aClient runs script in an ephemeral moonix that may delegate to any
// agent on the loopback, and returns its output.
func a2aClient(t *testing.T, script string) []byte {
	t.Helper()
	cmd := exec.Command(moonixBin, "--ephemeral", "--allow", "a2a.delegate", "--allow", "net.connect:127.0.0.1:*", "-c", script)
	start := time.Now()
	out, _ := cmd.CombinedOutput()
	t.Logf("took %s", time.Since(start))
	return out
}

// TestPeersA2AClientJS: moonix's a2a command against the JavaScript
// SDK's agent.
func TestPeersA2AClientJS(t *testing.T) {
	peers := peersDir(t)
	t.Parallel()
	port := freePort(t)
	startGroup(t, exec.Command("node", filepath.Join(peers, "a2a-echo-agent.mjs"), fmt.Sprint(port)))
	waitPort(t, port)
	out := a2aClient(t, fmt.Sprintf(`
a2a add js http://127.0.0.1:%d
echo '== discover'; a2a discover js | sed -n '1p;4,6p'
echo '== delegate'; a2a delegate js echo hello from moonix
echo '== stream'; a2a delegate --stream js echo one two three
echo '== rest'; a2a add jsr http://127.0.0.1:%[1]d --transport rest; a2a delegate jsr echo over rest
echo '== fail'; a2a delegate js fail on purpose; echo "[$?]"
echo '== ask'; a2a delegate js ask; echo "[$?]"
a2a delegate js --task "$(a2a list js --state input-required | cut -d' ' -f1)" blue
echo '== async'; t=$(a2a delegate --async js hold 2>/dev/null)
a2a status $t | cut -d' ' -f1,3
(sleep 0.3; a2a cancel $t >/dev/null 2>&1) & a2a wait $t; echo "[$?]"
echo '== effects'; effects --kind a2a | grep -c ' error'
`, port))
	sameOutput(t, "client", out, `== discover
name:        js echo agent
interfaces:  JSONRPC http://127.0.0.1:PORT/a2a/jsonrpc (A2A 1.0)
             HTTP+JSON http://127.0.0.1:PORT/a2a/rest (A2A 1.0)
streaming:   yes
== delegate
hello from moonix
a2a: task ID completed (context ID)
== stream
a2a: task ID submitted
a2a: task ID working
one two three
a2a: task ID completed (context ID)
== rest
over rest
a2a: task ID completed (context ID)
== fail
on purpose
a2a: task ID failed (context ID)
[1]
== ask
what colour?
a2a: task ID input-required (context ID)
[4]
got blue
a2a: task ID completed (context ID)
== async
task working
a2a: task ID canceled (context ID)
[1]
== effects
0
`)
}

// TestPeersA2AClientGo: moonix's a2a command against the a2a-go CLI's
// echo agent.
func TestPeersA2AClientGo(t *testing.T) {
	cli := a2aGoCLI(t)
	t.Parallel()
	port := freePort(t)
	startGroup(t, exec.Command(cli, "serve", "--echo", "--quiet", "--port", fmt.Sprint(port)))
	waitPort(t, port)
	out := a2aClient(t, fmt.Sprintf(`
a2a add go http://127.0.0.1:%d
echo '== discover'; a2a discover go | sed -n '1p;4,5p'
echo '== delegate'; a2a delegate go hello go
echo '== stream'; a2a delegate --stream go streamed
echo '== json'; a2a delegate --json go x | jq -r '.status.state, .artifacts[0].parts[0].text'
echo '== async'; t=$(a2a delegate --async go later 2>/dev/null); a2a wait $t
a2a status $t | head -1 | cut -d' ' -f1,3
`, port))
	sameOutput(t, "client", out, `== discover
name:        Echo Agent
interfaces:  HTTP+JSON http://127.0.0.1:PORT (A2A 1.0)
streaming:   yes
== delegate
hello go
a2a: task ID completed (context ID)
== stream
a2a: task ID submitted
a2a: task ID working
streamed
a2a: task ID completed (context ID)
== json
TASK_STATE_COMPLETED
x
== async
later
a2a: task ID completed (context ID)
task completed
`)
}

// startServe starts moonix a2a serve (ephemeral) with args on a free
// port and returns its URL.
func startServe(t *testing.T, env []string, args ...string) string {
	t.Helper()
	port := freePort(t)
	cmd := exec.Command(moonixBin, append([]string{"a2a", "serve", "--ephemeral", "--http", fmt.Sprintf("127.0.0.1:%d", port)}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	startGroup(t, cmd)
	waitPort(t, port)
	return fmt.Sprintf("http://127.0.0.1:%d", port)
}

// TestA2AServe: moonix's a2a command against moonix a2a serve: one
// session whose state carries over, stdout streamed, failures with
// stderr, cancel as an interrupt, the result artifact, inbound tasks
// recorded, the token.
func TestA2AServe(t *testing.T) {
	t.Parallel()
	url := startServe(t, nil, "--name", "shell")
	out := a2aClient(t, fmt.Sprintf(`
a2a add m %s
echo '== discover'; a2a discover m | sed -n '1p;6p'
echo '== run'; a2a delegate m 'echo hi; x=kept; cd /tmp; echo data > f'
echo '== state'; a2a delegate m 'echo $x $PWD; cat f'
echo '== fail'; a2a delegate m 'echo partial; echo broken >&2; exit 3'; echo "[$?]"
echo '== stream'; a2a delegate --stream m 'for i in 1 2 3; do echo $i; done'
echo '== cancel'; t=$(a2a delegate --async m 'sleep 60' 2>/dev/null)
until a2a status $t | grep -q working; do sleep 0.05; done
a2a cancel $t; a2a status $t | head -1 | cut -d' ' -f1,3
echo '== after'; a2a delegate m 'echo still here'
echo '== inbound'; a2a delegate m 'effects --kind a2a-in | wc -l'
`, url))
	sameOutput(t, "serve", out, `== discover
name:        shell
streaming:   yes
== run
hi
{"changed_paths":["/tmp/f"],"cwd":"/tmp","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"hi\n","stdout_truncated":false,"v":1}
a2a: task ID completed (context ID)
== state
kept /tmp
data
{"changed_paths":[],"cwd":"/tmp","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"kept /tmp\ndata\n","stdout_truncated":false,"v":1}
a2a: task ID completed (context ID)
== fail
partial
{"changed_paths":[],"cwd":"/tmp","dirty":true,"duration_ms":N,"effects":[],"exit_code":3,"snapshot":"","stderr":"broken\n","stderr_truncated":false,"stdout":"partial\n","stdout_truncated":false,"v":1}
broken
a2a: task ID failed (context ID)
[1]
== stream
a2a: task ID submitted
a2a: task ID working
1
2
3
{"changed_paths":[],"cwd":"/tmp","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"1\n2\n3\n","stdout_truncated":false,"v":1}
a2a: task ID completed (context ID)
== cancel
a2a: task ID canceled (context ID)
task canceled
== after
still here
{"changed_paths":[],"cwd":"/tmp","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"still here\n","stdout_truncated":false,"v":1}
a2a: task ID completed (context ID)
== inbound
7
{"changed_paths":[],"cwd":"/tmp","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"7\n","stdout_truncated":false,"v":1}
a2a: task ID completed (context ID)
`)
	url = startServe(t, []string{"SERVE_TOKEN=s3cret"}, "--token-env", "SERVE_TOKEN")
	out = a2aClient(t, fmt.Sprintf(`
a2a discover %[1]s | head -1; a2a delegate %[1]s 'echo hi'; echo "[$?]"
export TOK=s3cret; a2a add m %[1]s --header 'Authorization: Bearer ${env:TOK}'; a2a delegate m 'echo with token' 2>&1 | head -1
`, url))
	sameOutput(t, "token", out, `name:        moonix
a2a: delegate: unexpected HTTP status: 401 Unauthorized
[3]
with token
`)
}

// TestPeersA2AServeJS: the JavaScript SDK's client against moonix a2a
// serve: the card, send, a failure, a stream, state kept between tasks,
// get and cancel of a task under way, an unknown task.
func TestPeersA2AServeJS(t *testing.T) {
	peers := peersDir(t)
	t.Parallel()
	url := startServe(t, nil)
	out, err := exec.Command("node", filepath.Join(peers, "a2a-client.mjs"), url).CombinedOutput()
	if err != nil {
		t.Errorf("the client failed: %v", err)
	}
	sameOutput(t, "js client", out, `card: moonix, streaming true, JSONRPC HTTP+JSON
send: completed stdout="hi\n" exit=0
fail: failed "exit status 3"
stream: task working artifactUpdate completed "1\n2\n3\n"
state: stdout="kept /tmp\n" exit=0
get: working
cancel: canceled
after: canceled
unknown: JsonRpcTaskNotFoundError
`)
}

// TestPeersA2AServeGo: the a2a-go CLI against moonix a2a serve: send
// over both transports, a stream, get and cancel.
func TestPeersA2AServeGo(t *testing.T) {
	cli := a2aGoCLI(t)
	t.Parallel()
	url := startServe(t, nil)
	run := func(args ...string) string {
		out, err := exec.Command(cli, args...).CombinedOutput()
		if err != nil {
			t.Errorf("a2a %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	out := run("send", url, "echo from go")
	out += run("send", "--transport", "rest", url, "echo over rest")
	out += run("send", "--stream", url, "echo a; echo b")
	id := strings.Fields(run("send", "--immediate", url, "sleep 60"))[1]
	for i := 0; i < 100 && !strings.Contains(run("get", "task", url, id), "working"); i++ {
		time.Sleep(50 * time.Millisecond)
	}
	out += run("cancel", url, id)
	var keep []string
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "Context:") && !strings.HasPrefix(line, "Task:") {
			keep = append(keep, regexp.MustCompile(`\(20[0-9TZ:.-]+\)`).ReplaceAllString(line, "(TIME)"))
		}
	}
	sameOutput(t, "a2a-go client", []byte(strings.Join(keep, "\n")), `Status:   completed (TIME)
Artifacts:
  [stdout] from go

  [result] {"changed_paths":[],"cwd":"/work","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"from go\n","stdout_truncated":false,"v":1}
History:
  [user] echo from go
Status:   completed (TIME)
Artifacts:
  [stdout] over rest

  [result] {"changed_paths":[],"cwd":"/work","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"over rest\n","stdout_truncated":false,"v":1}
History:
  [user] echo over rest
Status:   submitted
History:
  [user] echo a; echo b
[status] working
[artifact] a
b

[artifact] {"changed_paths":[],"cwd":"/work","dirty":true,"duration_ms":N,"effects":[],"exit_code":0,"snapshot":"","stderr":"","stderr_truncated":false,"stdout":"a\nb\n","stdout_truncated":false,"v":1}
[status] completed
Status:   canceled (TIME)
History:
  [user] sleep 60
`)
}
