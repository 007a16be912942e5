package a2a

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/shell"
)

// scriptShell is a Shell that understands a few scripts:
//
//	echo WORDS   prints WORDS
//	chunks       prints a, b and c, one write each
//	split        prints "é" in two writes that cut the character
//	fail         exit 3, "it broke" on stderr
//	block        waits until it is interrupted (status 130)
//
// It keeps the scripts it ran, and says whether two ran at once.
type scriptShell struct {
	mu       sync.Mutex
	ran      []string
	running  int
	overlaps int
}

func (s *scriptShell) RunTo(ctx context.Context, script string, stdout io.Writer) agent.Result {
	s.mu.Lock()
	s.ran = append(s.ran, script)
	s.running++
	if s.running > 1 {
		s.overlaps++
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.running--
		s.mu.Unlock()
	}()
	status, stderr := 0, ""
	switch word, rest, _ := strings.Cut(script, " "); word {
	case "echo":
		io.WriteString(stdout, rest+"\n")
	case "chunks":
		for _, c := range []string{"a", "b", "c\n"} {
			io.WriteString(stdout, c)
			time.Sleep(5 * time.Millisecond)
		}
	case "split":
		stdout.Write([]byte{0xc3})
		time.Sleep(5 * time.Millisecond)
		stdout.Write([]byte{0xa9, '\n'})
	case "fail":
		status, stderr = 3, "it broke\n"
	case "block":
		<-ctx.Done()
		status = 130
	}
	return scriptResult(status, stderr)
}

func (s *scriptShell) scripts() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.ran...)
}

// scriptResult is the result of a script of scriptShell.
func scriptResult(status int, stderr string) agent.Result {
	return agent.Result{V: agent.Version, ExitCode: status, Stderr: stderr, ChangedPaths: []string{}, Effects: []string{}, Cwd: "/work"}
}

// asPrinted is a result as a2a prints a data part: JSON, keys sorted.
func asPrinted(r agent.Result) string {
	b, _ := json.Marshal(r)
	var m map[string]any
	json.Unmarshal(b, &m)
	out, _ := json.Marshal(m)
	return string(out)
}

// The result artifacts of the scripts that exit 0 and fail, as a2a
// prints them.
var (
	result0 = asPrinted(scriptResult(0, ""))
	result3 = asPrinted(scriptResult(3, "it broke\n"))
)

// newServed serves a scriptShell as moonix's agent.
func newServed(t *testing.T, token string) (*httptest.Server, *scriptShell, *effects.Log) {
	t.Helper()
	sh := &scriptShell{}
	log := effects.Memory()
	var h http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
	h = Handler(sh, ServeOptions{Name: "served", Version: "9.9", URL: srv.URL, Token: token, Log: log})
	t.Cleanup(srv.Close)
	return srv, sh, log
}

// TestServe: moonix's a2a command against moonix's agent, over both
// transports: tasks complete or fail by the script's status, standard
// output streams as the artifact stdout, the result comes last.
func TestServe(t *testing.T) {
	t.Parallel()
	srv, sh, log := newServed(t, "")
	runCases(t, []scriptCase{
		{"discover", "a2a discover " + srv.URL + " | sed -n '1p;4,5p;7p'", "name:        served\ninterfaces:  JSONRPC " + srv.URL + "/jsonrpc (A2A 1.0)\n             HTTP+JSON " + srv.URL + "/rest (A2A 1.0)\nskills:      run: run a shell script in a sandbox with history: standard output streams as the artifact \"stdout\"; the artifact \"result\" holds exit_code, changed_paths, snapshot and effects; a non-zero exit fails the task with standard error as its message\n", "", 0},
		{"echo", "a2a delegate " + srv.URL + " echo hi", "hi\n" + result0 + "\n", "a2a: task ID completed (context ID)\n", 0},
		{"rest", "a2a add m " + srv.URL + " --transport rest; a2a delegate m echo hi", "hi\n" + result0 + "\n", "a2a: task ID completed (context ID)\n", 0},
		{"stream", "a2a delegate --stream " + srv.URL + " chunks", "abc\n" + result0 + "\n", "a2a: task ID submitted\na2a: task ID working\na2a: task ID completed (context ID)\n", 0},
		{"split", "a2a delegate --stream " + srv.URL + " split", "é\n" + result0 + "\n", "a2a: task ID submitted\na2a: task ID working\na2a: task ID completed (context ID)\n", 0},
		{"fail", "a2a delegate " + srv.URL + " fail", result3 + "\n", "it broke\na2a: task ID failed (context ID)\n", 1},
		{"json", "a2a delegate --json " + srv.URL + " echo x | jq -c '[.artifacts[].name, .status.state]'", "[\"stdout\",\"result\",\"TASK_STATE_COMPLETED\"]\n", "", 0},
	})
	t.Cleanup(func() {
		// once the cases, run in parallel, are done
		if n := len(sh.scripts()); n != 6 {
			t.Errorf("ran %d scripts: %q", n, sh.scripts())
		}
		entries, _ := log.Entries()
		var ins []string
		for _, e := range effects.Collapse(entries) {
			if e.Kind == effects.A2AIn {
				ins = append(ins, e.Target+" "+e.Outcome()+" "+e.End.Response.Fields["exit_code"])
			}
		}
		slices.Sort(ins)
		if strings.Join(ins, ",") != "chunks completed 0,echo hi completed 0,echo hi completed 0,echo x completed 0,fail failed 3,split completed 0" {
			t.Errorf("inbound tasks recorded: %q", ins)
		}
	})
}

// TestServeCancel: canceling a task interrupts its script; tasks run one
// at a time, and one waiting its turn can be canceled too.
func TestServeCancel(t *testing.T) {
	t.Parallel()
	srv, sh, _ := newServed(t, "")
	script := `a2a add m ` + srv.URL + `
a=$(a2a delegate --async m block 2>/dev/null)
b=$(a2a delegate --async m echo later 2>/dev/null)
until a2a status "$a" | grep -q working; do sleep 0.02; done
a2a status "$b" | cut -d' ' -f3
a2a cancel "$b"; a2a cancel "$a"
a2a wait "$a"; echo $?
a2a list m --state canceled | wc -l`
	r := runA2A(t, script, allowed...)
	check(t, "cancel", r, "submitted\n1\n2\n", "a2a: task ID canceled (context ID)\na2a: task ID canceled (context ID)\na2a: task ID canceled (context ID)\n", 0)
	if got := sh.scripts(); len(got) != 1 || got[0] != "block" || sh.overlaps != 0 {
		t.Errorf("ran %q, %d at once", got, sh.overlaps)
	}
}

// TestServeToken: with a token, every request but the card's needs it.
func TestServeToken(t *testing.T) {
	t.Parallel()
	srv, _, _ := newServed(t, "t0k3n")
	r := runA2A(t, `a2a discover `+srv.URL+` | head -1; a2a delegate `+srv.URL+` echo hi; echo $?
export TOK=t0k3n; a2a add m `+srv.URL+` --header 'Authorization: Bearer ${env:TOK}'; a2a delegate m echo hi`, allowed...)
	check(t, "token", r, "name:        served\n3\nhi\n"+result0+"\n", "a2a: delegate: unexpected HTTP status: 401 Unauthorized\na2a: task ID completed (context ID)\n", 0)
}

// post sends body to url with headers and returns the answer's body.
func post(t *testing.T, url, body string, headers ...string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestServeBadRequests: malformed JSON, unknown methods, unknown tasks
// and a wrong protocol version get the protocol's error codes.
func TestServeBadRequests(t *testing.T) {
	t.Parallel()
	srv, _, _ := newServed(t, "")
	for _, tc := range []struct {
		name, body string
		headers    []string
		code       string
	}{
		{"parse", `{"jsonrpc":`, nil, `"code":-32700`},
		{"method", `{"jsonrpc":"2.0","id":"1","method":"Frobnicate","params":{}}`, nil, `"code":-32601`},
		{"task", `{"jsonrpc":"2.0","id":"1","method":"GetTask","params":{"id":"nope"}}`, nil, `"code":-32001`},
		{"version", `{"jsonrpc":"2.0","id":"1","method":"GetTask","params":{"id":"nope"}}`, []string{"A2A-Version", "0.3"}, `"code":-32009`},
	} {
		if got := post(t, srv.URL+PathJSONRPC, tc.body, tc.headers...); !strings.Contains(got, tc.code) {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.code)
		}
	}
	for _, p := range []string{"/rest/tasks/nope", "/tasks/nope"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("REST unknown task: %s", resp.Status)
		}
	}
	if got := post(t, srv.URL, `{"jsonrpc":"2.0","id":"1","method":"GetTask","params":{"id":"nope"}}`); !strings.Contains(got, `"code":-32001`) {
		t.Errorf("JSON-RPC at the root: %s", got)
	}
}

// TestServeClientGone: a client that disappears mid-stream leaves the
// server well: the task runs on, and the next client is served.
func TestServeClientGone(t *testing.T) {
	t.Parallel()
	srv, _, _ := newServed(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cl, err := a2aclient.NewFromEndpoints(ctx, []*sdk.AgentInterface{sdk.NewAgentInterface(srv.URL+PathJSONRPC, sdk.TransportProtocolJSONRPC)})
	if err != nil {
		t.Fatal(err)
	}
	var id sdk.TaskID
	for ev, err := range cl.SendStreamingMessage(ctx, &sdk.SendMessageRequest{Message: sdk.NewMessage(sdk.MessageRoleUser, sdk.NewTextPart("chunks"))}) {
		if err != nil {
			t.Fatal(err)
		}
		if task, ok := ev.(*sdk.Task); ok {
			id = task.ID
			cancel() // gone, mid-stream
			break
		}
	}
	r := runA2A(t, `a2a wait --agent `+srv.URL+` `+string(id)+`; a2a delegate `+srv.URL+` echo next`, allowed...)
	check(t, "after", r, "abc\n"+result0+"\nnext\n"+result0+"\n", "a2a: task ID completed (context ID)\na2a: task ID completed (context ID)\n", 0)
}

// FuzzServe: whatever a client posts, to either binding, moonix's agent
// answers without panicking, with JSON.
func FuzzServe(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":"1","method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"echo hi"}]}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":""}}`,
		`{"jsonrpc":"2.0","method":"CancelTask"}`, `[]`, `{"message":{"parts":[{"raw":"AA=="}]}}`, `{`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	h := Handler(&scriptShell{}, ServeOptions{URL: "http://agent"})
	f.Fuzz(func(t *testing.T, body []byte, rest bool) {
		path := PathJSONRPC
		if rest {
			path = PathREST + "/message:send"
		}
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if ct := w.Header().Get("Content-Type"); !strings.Contains(ct, "json") {
			t.Fatalf("answer of type %q: %s", ct, w.Body)
		}
	})
}

// TestServeInSession: a2a serve inside a session serves a shell nested
// in it (its files) until interrupted (130); it needs a2a.receive and a
// session that may listen.
func TestServeInSession(t *testing.T) {
	t.Parallel()
	r := runA2A(t, "a2a serve --http 127.0.0.1:0")
	check(t, "denied", r, "", "moonix: serve: permission denied (needs a2a.receive)\n", 2)
	r = runA2A(t, "a2a serve --http 127.0.0.1:0", "a2a.receive")
	check(t, "no listener", r, "", "a2a: serve: not available in this session (it may not listen on the host)\n", 2)
	r = runA2A(t, "a2a serve", "a2a.receive")
	check(t, "no address", r, "", "a2a: serve: --http HOST:PORT is required (try 'a2a --help')\n", 2)

	set, _ := caps.Preset("sandbox")
	recv, _ := caps.Parse("a2a.receive")
	set.Allow(recv)
	var stderr agent.Stream // safe for the session's goroutines
	s, err := shell.New(shell.Config{Caps: set, Stderr: &stderr, Packages: []shell.Package{Package(Options{Listen: net.Listen})}})
	if err != nil {
		t.Fatal(err)
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		st, _ := s.Run(ctx, "echo served > /work/mark; a2a serve --http "+addr, "serve")
		done <- st
	}()
	for i := 0; i < 300; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	r = runA2A(t, "a2a delegate http://"+addr+" 'cat /work/mark; pwd' | head -2", allowed...)
	check(t, "served", r, "served\n/work\n", "a2a: task ID completed (context ID)\n", 0)
	cancel()
	if st := <-done; st != 130 {
		t.Errorf("a2a serve ended with %d, want 130", st)
	}
	if text, _, _ := stderr.Text(); text != "a2a: serve: listening on http://"+addr+"/\n" {
		t.Errorf("stderr %q", text)
	}
}
