package a2a

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
)

type run struct {
	out, err string
	status   int
	log      *effects.Log
	fs       vfs.FS
}

// runA2A runs script in a session with the a2a command, the host's
// dialer, the sandbox preset plus allow, and an effect log in memory.
func runA2A(t *testing.T, script string, allow ...string) run {
	t.Helper()
	set, err := caps.Preset("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range allow {
		c, err := caps.Parse(a)
		if err != nil {
			t.Fatal(err)
		}
		set.Allow(c)
	}
	log := effects.Memory()
	s, err := shell.New(shell.Config{Caps: set, Dial: (&net.Dialer{}).DialContext, Effects: log, Packages: []shell.Package{Package(Options{})}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// the output is kept in the session's own files
	status, _ := s.Run(ctx, "{\n"+script+"\n} >/tmp/.out 2>/tmp/.err", "moonix")
	s.Exit(ctx)
	out, _ := vfs.ReadFile(s.FS(), "/tmp/.out")
	errOut, _ := vfs.ReadFile(s.FS(), "/tmp/.err")
	return run{out: string(out), err: string(errOut), status: status, log: log, fs: s.FS()}
}

// allowed is what a session needs to reach the test agents.
var allowed = []string{"a2a.delegate", "net.connect:127.0.0.1:*"}

// uuidRE matches the ids the SDK makes.
var uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// ids replaces every id in s by ID, so that outputs compare.
func ids(s string) string { return uuidRE.ReplaceAllString(s, "ID") }

// scriptCase is a script and what it should give.
type scriptCase struct {
	name, script, out, err string
	status                 int
}

// runCases runs each case in a session of its own, in parallel, with
// allow granted.
func runCases(t *testing.T, cases []scriptCase, allow ...string) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runA2A(t, tc.script, append(allow, allowed...)...)
			check(t, tc.name, r, tc.out, tc.err, tc.status)
		})
	}
}

func check(t *testing.T, name string, r run, out, errOut string, status int) {
	t.Helper()
	if ids(r.out) != out || ids(r.err) != errOut || r.status != status {
		t.Errorf("%s:\nstdout %q\nstderr %q\nstatus %d\nwant\nstdout %q\nstderr %q\nstatus %d", name, ids(r.out), ids(r.err), r.status, out, errOut, status)
	}
}

func a2aEffects(t *testing.T, log *effects.Log) []effects.Effect {
	t.Helper()
	entries, err := log.Entries()
	if err != nil {
		t.Fatal(err)
	}
	var out []effects.Effect
	for _, e := range effects.Collapse(entries) {
		if e.Kind == effects.A2A {
			out = append(out, e)
		}
	}
	return out
}

// TestDelegate: a blocking delegate over each transport prints the
// artifacts on stdout and one line on stderr, and exits by the task's
// state; the agent sees A2A-Version 1.0 and the configured headers.
func TestDelegate(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, true)
	runCases(t, []scriptCase{
		{"echo", "a2a delegate " + srv.URL + " echo hello there", "hello there\n", "a2a: task ID completed (context ID)\n", 0},
		{"jsonrpc", "a2a add e " + srv.URL + " --transport jsonrpc; a2a delegate e echo hi", "hi\n", "a2a: task ID completed (context ID)\n", 0},
		{"rest", "a2a add e " + srv.URL + " --transport rest; a2a delegate e echo hi", "hi\n", "a2a: task ID completed (context ID)\n", 0},
		{"reply", "a2a delegate " + srv.URL + " reply just this", "just this\n", "", 0},
		{"fail", "a2a delegate " + srv.URL + " fail no luck", "", "no luck\na2a: task ID failed (context ID)\n", 1},
		{"ask", "a2a delegate " + srv.URL + " ask", "", "what colour?\na2a: task ID input-required (context ID)\n", 4},
		{"silent", "a2a delegate " + srv.URL + " silent", "done quietly\n", "a2a: task ID completed (context ID)\n", 0},
		{"file", "a2a delegate " + srv.URL + " file; cat out.txt", "out.txt\n{\"n\":1}\nfile body\n", "a2a: task ID completed (context ID)\n", 0},
		{"stdin", "echo echo from stdin | a2a delegate " + srv.URL + " -", "from stdin\n", "a2a: task ID completed (context ID)\n", 0},
		{"json", "a2a delegate --json " + srv.URL + " echo x | jq -r '.status.state, .artifacts[0].name'", "TASK_STATE_COMPLETED\necho\n", "", 0},
	})
	r := runA2A(t, `export TOK=s3cret; a2a add e `+srv.URL+` --header 'X-Team: ${env:TOK}'; a2a delegate e echo hi; grep -c s3cret .a2a.json`, allowed...)
	check(t, "headers", r, "hi\n0\n", "a2a: task ID completed (context ID)\n", 1)
	sawToken := false
	for _, h := range srv.seen() {
		if h.Get("A2A-Version") != "1.0" {
			t.Errorf("a request without A2A-Version 1.0: %v", h)
		}
		sawToken = sawToken || h.Get("X-Team") == "s3cret"
	}
	if !sawToken {
		t.Error("the agent never got the header filled from the environment")
	}
	entries, _ := r.log.Entries()
	for _, e := range entries {
		for _, p := range []*effects.Payload{e.Request, e.Response} {
			if p != nil && strings.Contains(strings.Join(mapValues(p.Fields), " "), "s3cret") {
				t.Errorf("the header's value is in the log: %+v", e)
			}
		}
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestDelegateEffects: a delegate is an a2a effect with its begin and
// end: the agent, message, task and context ids, the final state, the
// artifacts' digests and sizes, the message and answer in the store.
func TestDelegateEffects(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, true)
	r := runA2A(t, "a2a add e "+srv.URL+"; a2a delegate e echo one two", allowed...)
	effs := a2aEffects(t, r.log)
	if len(effs) != 1 {
		t.Fatalf("a2a effects %+v, want the message's (the card fetched for it is part of it)", effs)
	}
	e := effs[0]
	if e.Target != "e send" || e.Outcome() != "completed" {
		t.Errorf("effect %+v %+v", e.Entry, e.End)
	}
	req, resp := e.Request.Fields, e.End.Response.Fields
	if req["agent"] != "e" || req["url"] != srv.URL || req["message_id"] == "" {
		t.Errorf("begin fields %v", req)
	}
	if resp["task_id"] == "" || resp["context_id"] == "" || resp["state"] != "completed" || resp["interface"] != "JSONRPC "+srv.URL+"/jsonrpc" {
		t.Errorf("end fields %v", resp)
	}
	if art := resp["artifact.0.echo"]; !regexp.MustCompile(`^sha256:[0-9a-f]{64} \d+$`).MatchString(art) {
		t.Errorf("artifact field %q", art)
	}
	if body, err := r.log.Load(e.Request.Digest); err != nil || !strings.Contains(string(body), "echo one two") {
		t.Errorf("message stored as %q (%v)", body, err)
	}
	if body, err := r.log.Load(e.End.Response.Digest); err != nil || !strings.Contains(string(body), "TASK_STATE_COMPLETED") {
		t.Errorf("answer stored as %q (%v)", body, err)
	}
	// the HTTP requests under it are effects of their own
	entries, _ := r.log.Entries()
	http := 0
	for _, x := range effects.Collapse(entries) {
		if x.Kind == effects.HTTP {
			http++
		}
	}
	if http != 2 {
		t.Errorf("%d http effects, want 2 (card, message)", http)
	}
}

// TestDelegateStream: --stream prints the chunks as they come and the
// states on stderr; with --json, each event as a line.
func TestDelegateStream(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, true)
	r := runA2A(t, "a2a delegate --stream "+srv.URL+" echo a b c", allowed...)
	check(t, "stream", r, "a b c\n", "a2a: task ID submitted\na2a: task ID working\na2a: task ID completed (context ID)\n", 0)
	r = runA2A(t, "a2a delegate --stream --json "+srv.URL+" echo a b | jq -c 'keys'", allowed...)
	check(t, "stream --json", r, "[\"task\"]\n[\"statusUpdate\"]\n[\"artifactUpdate\"]\n[\"artifactUpdate\"]\n[\"statusUpdate\"]\n", "", 0)
	r = runA2A(t, "a2a delegate --stream "+srv.URL+" reply hi", allowed...)
	check(t, "stream reply", r, "hi\n", "", 0)
	// an agent that does not stream answers the stream as a send
	plain := newAgentServer(t, false)
	r = runA2A(t, "a2a delegate --stream "+plain.URL+" echo a b", allowed...)
	check(t, "no streaming", r, "a b\n", "a2a: task ID completed (context ID)\n", 0)
}

// TestTaskOperations: --async returns the task's id, which status, wait,
// cancel and list find the agent of from the effect log; --task
// continues a task that asked for input.
func TestTaskOperations(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, true)
	script := `a2a add e ` + srv.URL + `
id=$(a2a delegate --async e hold 2>err); sed -E 's/submitted|working/under way/' err
until a2a status "$id" | grep -q working; do sleep 0.05; done
a2a status "$id" | sed 's/ (context.*//'
a2a list e --state working | wc -l
a2a cancel "$id"; echo cancel $?
a2a wait "$id"; echo wait $?
a2a status "$id"; echo status $?
a2a list e --state canceled | wc -l
`
	r := runA2A(t, script, allowed...)
	check(t, "async", r, "a2a: task ID under way (context ID)\ntask ID working\n1\ncancel 0\nwait 1\ntask ID canceled (context ID)\nstatus 1\n1\n",
		"a2a: task ID canceled (context ID)\na2a: task ID canceled (context ID)\n", 0)

	script = `a2a delegate ` + srv.URL + ` ask 2>/dev/null; echo $?
id=$(a2a list ` + srv.URL + ` --state input-required | cut -d' ' -f1)
a2a delegate ` + srv.URL + ` --task "$id" blue`
	r = runA2A(t, script, allowed...)
	check(t, "continue", r, "4\ngot blue in its context\n", "a2a: task ID completed (context ID)\n", 0)

	r = runA2A(t, "a2a status 0199-nope", allowed...)
	check(t, "unknown task", r, "", "a2a: 0199-nope: no agent known for this task in the effect log (name it with --agent)\n", 2)
	r = runA2A(t, "a2a status --agent "+srv.URL+" 0199-nope", allowed...)
	check(t, "task not found", r, "", "a2a: status: the agent says: failed to get task: task not found (TASK_NOT_FOUND)\n", 3)
}

// TestWaitPolls: wait asks again an agent that does not stream, until
// the task stops.
func TestWaitPolls(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, false)
	r := runA2A(t, `id=$(a2a delegate --async `+srv.URL+` hold 2>/dev/null); (sleep 0.3; a2a cancel "$id" 2>/dev/null) & a2a wait "$id"; echo $?`, allowed...)
	check(t, "poll", r, "1\n", "a2a: task ID canceled (context ID)\n", 0)
	n := 0
	for _, e := range a2aEffects(t, r.log) {
		if strings.HasSuffix(e.Target, " get") {
			n++
		}
	}
	if n < 2 {
		t.Errorf("wait asked %d times, want at least 2", n)
	}
}

// TestGate: without a2a.delegate on the agent, or net.connect on its
// host, nothing is sent; the denial is audited and no a2a effect made.
func TestGate(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, true)
	host := strings.TrimPrefix(srv.URL, "http://")
	for _, tc := range []struct {
		name, script, err string
		allow             []string
	}{
		{"delegate", "a2a add e " + srv.URL + "; a2a delegate e echo hi", "moonix: send e: permission denied (needs a2a.delegate:e)\n", []string{"a2a.delegate:other", "net.connect:127.0.0.1:*"}},
		{"url", "a2a delegate " + srv.URL + " echo hi", "moonix: send 127.0.0.1: permission denied (needs a2a.delegate:127.0.0.1)\n", []string{"net.connect:127.0.0.1:*"}},
		{"connect", "a2a add e " + srv.URL + "; a2a discover e", "moonix: connect " + host + ": permission denied (needs net.connect:" + host + ")\n", []string{"a2a.delegate:e"}},
	} {
		r := runA2A(t, tc.script, tc.allow...)
		check(t, tc.name, r, "", tc.err, 2)
		if effs := a2aEffects(t, r.log); len(effs) != 0 {
			t.Errorf("%s: a2a effects %+v", tc.name, effs)
		}
		entries, _ := r.log.Entries()
		if len(entries) != 1 || entries[0].Kind != effects.Denied {
			t.Errorf("%s: log %+v, want one denial", tc.name, entries)
		}
	}
	if n := len(srv.seen()); n != 0 {
		t.Errorf("the agent got %d requests", n)
	}
	r := runA2A(t, "a2a delegate "+srv.URL+" echo hi", "a2a.delegate:127.0.0.*", "net.connect:127.0.0.1:*")
	check(t, "host glob", r, "hi\n", "a2a: task ID completed (context ID)\n", 0)
}

// TestErrors: usage, configuration and transport errors, timeouts.
func TestErrors(t *testing.T) {
	t.Parallel()
	hold := newHeldServer(t)
	none := httptestServer(t, http.NotFoundHandler())
	runCases(t, []scriptCase{
		{"no op", "a2a", "", "a2a: missing operation (try 'a2a --help')\n", 2},
		{"bad op", "a2a frob", "", "a2a: unknown operation 'frob' (try 'a2a --help')\n", 2},
		{"no message", "a2a delegate x", "", "a2a: delegate: missing message (TEXT, --data or --file) (try 'a2a --help')\n", 2},
		{"both", "a2a delegate --stream --async x y", "", "a2a: delegate: --stream and --async cannot be used together (try 'a2a --help')\n", 2},
		{"bad data", "a2a delegate x --data '{'", "", "a2a: delegate: --data is not JSON: unexpected end of JSON input (try 'a2a --help')\n", 2},
		{"no file", "a2a delegate x --file nope", "", "a2a: nope: No such file or directory\n", 2},
		{"unknown agent", "a2a delegate nobody hi", "", "a2a: nobody: no such agent (not in no configuration file; a URL is accepted too)\n", 2},
		{"bad config", "echo '{' > .a2a.json; a2a list", "", "a2a: /work/.a2a.json: invalid JSON on line 2: unexpected end of JSON input\n", 2},
		{"bad agent", `echo '{"agents":{"x":{"url":"ftp://h"}}}' > .a2a.json; a2a list`, "", "a2a: /work/.a2a.json: agent \"x\": url \"ftp://h\" is not an http or https URL\n", 2},
		{"missing env", `a2a add x http://127.0.0.1:1 --header 'A: ${env:NOPE}'; a2a discover x`, "", "a2a: x: headers need ${env:NOPE}, which the shell's environment does not have\n", 2},
		{"twice", "a2a add x http://h; a2a add x http://h", "", "a2a: /work/.a2a.json: agent \"x\" already exists (remove it first)\n", 2},
		{"remove", "a2a remove x", "", "a2a: /work/.a2a.json: no agent \"x\"\n", 2},
		{"bad state", "a2a list x --state done", "", "a2a: list: unknown state \"done\" (states: submitted, working, input-required, auth-required, completed, failed, canceled, rejected) (try 'a2a --help')\n", 2},
		{"refused", "a2a discover http://127.0.0.1:1", "", "a2a: discover: dial tcp 127.0.0.1:1: connect: connection refused\n", 3},
		{"no card", "a2a discover " + none.URL + "/a2a", "", "a2a: discover: no agent card at " + none.URL + "/a2a/.well-known/agent-card.json (nor /.well-known/agent.json): card request failed, status: 404 Not Found\n", 3},
		{"timeout", "a2a delegate --timeout 200ms " + hold.URL + " echo hi", "", "a2a: delegate: timed out after 200ms\n", 124},
		{"unknown state", "a2a status --agent " + hold.URL + " bogus", "", "a2a: status: task bogus is in unknown state \"TASK_STATE_PONDERING\"\n", 3},
	})
}

// newHeldServer is an agent whose card is fine, whose messages never get
// an answer, and whose tasks are in a state the protocol does not have.
func newHeldServer(t *testing.T) *agentServer {
	t.Helper()
	s := &agentServer{}
	s.Server = httptestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, "agent-card.json"):
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"name":"held","version":"0","supportedInterfaces":[{"url":"` + s.URL + `/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{}}`))
		case bytes.Contains(readAll(r), []byte(`"GetTask"`)):
			w.Header().Set("Content-Type", "application/a2a+json")
			w.Write([]byte(`{"jsonrpc":"2.0","id":"1","result":{"id":"bogus","contextId":"c","status":{"state":"TASK_STATE_PONDERING"}}}`))
		default:
			<-r.Context().Done()
		}
	}))
	return s
}

func httptestServer(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s
}

func readAll(r *http.Request) []byte {
	b, _ := io.ReadAll(r.Body)
	return b
}

// TestNoClientTimeout: the client a request goes out on has no Timeout,
// whatever the session's has: a client-wide timeout would cut streams.
func TestNoClientTimeout(t *testing.T) {
	t.Parallel()
	r := &Remote{HTTP: &http.Client{Timeout: time.Minute}}
	if hc := r.httpClient(&Agent{URL: "http://h"}); hc.Timeout != 0 {
		t.Errorf("the client has Timeout %v", hc.Timeout)
	}
	if r.HTTP.Timeout != time.Minute {
		t.Error("the session's client was changed")
	}
}

// cutWriter fails every write after the first limit events of a
// stream, so that the handler gives up and the stream ends cleanly,
// before its task does.
type cutWriter struct {
	http.ResponseWriter
	limit, events int
}

func (w *cutWriter) Write(p []byte) (int, error) {
	if w.events >= w.limit {
		return 0, errors.New("cut")
	}
	w.events += bytes.Count(p, []byte("data:"))
	return w.ResponseWriter.Write(p)
}

func (w *cutWriter) Flush() { w.ResponseWriter.(http.Flusher).Flush() }

// TestStreamResumes: a stream that ends before its task is taken up
// again (the task read, then its events subscribed to), and prints
// every chunk once.
func TestStreamResumes(t *testing.T) {
	t.Parallel()
	srv := newAgentServer(t, true)
	inner := srv.Config.Handler
	var cuts atomic.Int32
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := readAll(r)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if bytes.Contains(body, []byte(`"SendStreamingMessage"`)) {
			cuts.Add(1)
			w = &cutWriter{ResponseWriter: w, limit: 2}
		}
		inner.ServeHTTP(w, r)
	})
	r := runA2A(t, "a2a delegate --stream "+srv.URL+" slow one two three four five", allowed...)
	check(t, "resumed", r, "one two three four five\n", "a2a: task ID submitted\na2a: task ID working\na2a: task ID completed (context ID)\n", 0)
	effs := a2aEffects(t, r.log)
	if cuts.Load() != 1 || len(effs) != 1 || effs[0].End.Response.Fields["resumed"] == "" {
		t.Errorf("%d streams cut; effects %+v", cuts.Load(), effs)
	}
}

// TestStreamGivesUp: a task whose every subscription ends after the task
// as it stands is given up on after a few resumptions, with an error,
// rather than asked about again and again.
func TestStreamGivesUp(t *testing.T) {
	t.Parallel()
	var subs atomic.Int32
	task := `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}`
	var srv *httptest.Server
	srv = httptestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := readAll(r)
		switch {
		case strings.HasSuffix(r.URL.Path, "agent-card.json"):
			w.Write([]byte(`{"name":"x","version":"0","supportedInterfaces":[{"url":"` + srv.URL + `/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{"streaming":true}}`))
		case bytes.Contains(body, []byte(`"SubscribeToTask"`)):
			subs.Add(1)
			w.Header().Set("Content-Type", "text/event-stream")
			w.Write([]byte(`data: {"jsonrpc":"2.0","id":"1","result":{"task":` + task + "}}\n\n"))
		default:
			w.Write([]byte(`{"jsonrpc":"2.0","id":"1","result":` + task + "}"))
		}
	}))
	r := runA2A(t, `a2a wait --agent `+srv.URL+` t1`, allowed...)
	check(t, "gives up", r, "", "a2a: wait: the stream of task t1 ended in state working\n", 3)
	if n := subs.Load(); n != maxResumes+1 {
		t.Errorf("%d subscriptions, want %d", n, maxResumes+1)
	}
}
