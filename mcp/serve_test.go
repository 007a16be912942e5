package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/internal/agenttest"
	"github.com/moonix-sh/moonix/mcp"
	"github.com/moonix-sh/moonix/shell"
)

// newShell is a fresh sandbox session, as moonix mcp serve --ephemeral
// starts one.
func newShell(t *testing.T) *shell.Captured {
	t.Helper()
	sh, err := shell.NewCaptured(shell.Config{Packages: []shell.Package{mcp.Package(mcp.Options{})}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sh.Close() })
	return sh
}

func opts(sh *shell.Captured) mcp.ServerOptions {
	return mcp.ServerOptions{Version: "test", Log: sh.Effects()}
}

// connect connects a go-sdk client to moonix's server in memory; version
// forces the era ("" negotiates: modern).
func connect(t *testing.T, sh *shell.Captured, version string) *sdk.ClientSession {
	t.Helper()
	ct, st := sdk.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := mcp.NewServer(sh, opts(sh)).Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "agent", Version: "1"}, nil).Connect(ctx, ct, &sdk.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool and decodes its structured content into out; it
// returns the result's text when it is an error.
func call(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any, out any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	if res.IsError {
		return res.Content[0].(*sdk.TextContent).Text
	}
	data, _ := json.Marshal(res.StructuredContent)
	if tool == "run" {
		if err := agenttest.Validate(data); err != nil {
			t.Fatalf("run: %v\n%s", err, data)
		}
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s: %v in %s", tool, err, data)
		}
	}
	return ""
}

func run(t *testing.T, cs *sdk.ClientSession, script string) agent.Result {
	t.Helper()
	var r agent.Result
	if msg := call(t, cs, "run", map[string]any{"script": script}, &r); msg != "" {
		t.Fatalf("run %q: %s", script, msg)
	}
	return r
}

func TestServeTools(t *testing.T) {
	t.Parallel()
	for _, era := range []struct{ force, want string }{{"", "2026-07-28"}, {"2025-11-25", "2025-11-25"}} {
		t.Run(era.want, func(t *testing.T) {
			t.Parallel()
			sh := newShell(t)
			cs := connect(t, sh, era.force)
			if got := cs.InitializeResult().ProtocolVersion; got != era.want {
				t.Fatalf("negotiated %s, want %s", got, era.want)
			}
			// one persistent session: variables, functions, directory
			r := run(t, cs, "x=42; greet() { echo hello $1; }; mkdir -p /work/d; cd /work/d; echo hi > f")
			if r.ExitCode != 0 || r.Cwd != "/work/d" || !slices.Equal(r.ChangedPaths, []string{"/work/d/f"}) {
				t.Errorf("first run: %+v", r)
			}
			r = run(t, cs, `greet "$x"; pwd; printf '\xff' >&2; exit 3`)
			if r.Stdout != "hello 42\n/work/d\n" || r.ExitCode != 3 || r.StderrEncoding != "base64" || r.Stderr != "/w==" || len(r.ChangedPaths) != 0 {
				t.Errorf("second run: %+v", r)
			}
			// exit ended the script, not the session
			if r = run(t, cs, "echo $x"); r.Stdout != "42\n" {
				t.Errorf("after exit: %+v", r)
			}
			// a denial is in stderr, the session goes on
			if r = run(t, cs, "echo x > /etc/motd"); r.ExitCode != 1 || r.Stderr != "moonix: write /etc/motd: permission denied (needs fs.write:/etc/motd)\n" {
				t.Errorf("denied run: %+v", r)
			}
			var snap struct{ Short, Message string }
			call(t, cs, "snapshot", map[string]any{"message": "first"}, &snap)
			if r = run(t, cs, "true"); r.Snapshot != snap.Short || snap.Message != "first" {
				t.Errorf("snapshot %+v; run says %q", snap, r.Snapshot)
			}
			// files, through the gate
			var w struct{ Bytes int }
			call(t, cs, "write_file", map[string]any{"path": "notes", "content": "a\nb\nc\n"}, &w)
			var rf struct {
				Content string
				Lines   int
			}
			call(t, cs, "read_file", map[string]any{"path": "/work/d/notes", "offset": 2, "limit": 1}, &rf)
			if w.Bytes != 6 || rf.Content != "b\n" || rf.Lines != 3 {
				t.Errorf("write %+v, read %+v", w, rf)
			}
			if msg := call(t, cs, "write_file", map[string]any{"path": "/etc/passwd", "content": "x"}, nil); msg != "moonix: write /etc/passwd: permission denied (needs fs.write:/etc/passwd)" {
				t.Errorf("write_file denied: %q", msg)
			}
			if msg := call(t, cs, "read_file", map[string]any{"path": "nope"}, nil); msg != "nope: No such file or directory" {
				t.Errorf("read_file missing: %q", msg)
			}
			var ls struct {
				Entries []struct{ Name, Type string }
			}
			call(t, cs, "list_dir", map[string]any{"path": "."}, &ls)
			if len(ls.Entries) != 2 || ls.Entries[0].Name != "f" || ls.Entries[1].Type != "file" {
				t.Errorf("list_dir: %+v", ls)
			}
			var d struct {
				Changes []struct{ Path, Kind string }
			}
			call(t, cs, "diff", nil, &d)
			if len(d.Changes) != 1 || d.Changes[0].Path != "/work/d/notes" || d.Changes[0].Kind != "added" {
				t.Errorf("diff: %+v", d)
			}
			var rb struct {
				Snapshot struct{ Short string }
				Changes  []any
			}
			call(t, cs, "rollback", map[string]any{"id": snap.Short}, &rb)
			if r = run(t, cs, "ls; echo $x"); rb.Snapshot.Short != snap.Short || r.Stdout != "f\n42\n" {
				t.Errorf("rollback %+v, then %q", rb, r.Stdout)
			}
			var h struct {
				Snapshots []struct{ Message string }
			}
			call(t, cs, "history", nil, &h)
			if len(h.Snapshots) != 1 || h.Snapshots[0].Message != "first" {
				t.Errorf("history: %+v", h)
			}
			// inbound calls are listed by effects, but rollback does not warn of them
			var ef struct {
				Effects []struct{ Kind, Target string }
			}
			call(t, cs, "effects", nil, &ef)
			if len(ef.Effects) < 10 || ef.Effects[0].Kind != "mcp-in" || ef.Effects[0].Target != "run" {
				t.Errorf("effects: %+v", ef)
			}
			if r = run(t, cs, "rollback HEAD"); strings.Contains(r.Stderr, "cannot be undone") {
				t.Errorf("rollback warned of inbound calls: %q", r.Stderr)
			}
		})
	}
}

func TestServeToolList(t *testing.T) {
	t.Parallel()
	cs := connect(t, newShell(t), "")
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*sdk.Tool{}
	for _, tool := range res.Tools {
		got[tool.Name] = tool
		if tool.OutputSchema == nil || tool.InputSchema == nil || tool.Annotations == nil {
			t.Errorf("%s lacks a schema or annotations", tool.Name)
		}
	}
	want := []string{"diff", "effects", "history", "list_dir", "read_file", "rollback", "run", "snapshot",
		"state_batch_retrieve", "state_batch_store", "state_delete", "state_exists", "state_list", "state_retrieve", "state_store", "write_file"}
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range got {
			if !yield(n) {
				return
			}
		}
	})
	if !slices.Equal(names, want) {
		t.Errorf("tools %q", names)
	}
	for _, ro := range []string{"read_file", "list_dir", "diff", "history", "effects", "state_retrieve", "state_list"} {
		if !got[ro].Annotations.ReadOnlyHint {
			t.Errorf("%s is not read-only", ro)
		}
	}
	for _, d := range []string{"run", "write_file", "rollback", "state_store", "state_delete"} {
		if a := got[d].Annotations; a.ReadOnlyHint || a.DestructiveHint == nil || !*a.DestructiveHint {
			t.Errorf("%s is not destructive", d)
		}
	}
}

func TestServeState(t *testing.T) {
	t.Parallel()
	sh := newShell(t)
	cs := connect(t, sh, "")
	call(t, cs, "state_store", map[string]any{"key": "user", "value": map[string]any{"name": "ada"}}, nil)
	var got struct {
		Found bool
		Value map[string]any
	}
	call(t, cs, "state_retrieve", map[string]any{"key": "user"}, &got)
	if !got.Found || got.Value["name"] != "ada" {
		t.Errorf("retrieve: %+v", got)
	}
	// the shell's state built-in sees the same values
	if r := run(t, cs, "state get user; state store n 7"); r.Stdout != "{\"name\":\"ada\"}\n" {
		t.Errorf("state get: %+v", r)
	}
	var ex struct{ Exists bool }
	call(t, cs, "state_exists", map[string]any{"key": "n"}, &ex)
	if !ex.Exists {
		t.Error("n does not exist")
	}
	for key, rule := range map[string]string{"": "it is empty", "a/../b": `it contains ".."`, "a\x00b": "it contains a NUL byte"} {
		if msg := call(t, cs, "state_store", map[string]any{"key": key, "value": 1}, nil); !strings.HasSuffix(msg, rule) {
			t.Errorf("key %q: %q, want the rule %q", key, msg, rule)
		}
	}
	// a batch with a bad item stores nothing
	msg := call(t, cs, "state_batch_store", map[string]any{"items": []any{
		map[string]any{"key": "a", "value": 1}, map[string]any{"key": "..", "value": 2},
	}}, nil)
	if !strings.Contains(msg, "item 2") {
		t.Errorf("bad batch: %q", msg)
	}
	var list struct{ Keys []string }
	call(t, cs, "state_list", nil, &list)
	if !slices.Equal(list.Keys, []string{"n", "user"}) {
		t.Errorf("keys %q after a refused batch", list.Keys)
	}
	var stored struct{ Stored int }
	call(t, cs, "state_batch_store", map[string]any{"items": []any{
		map[string]any{"key": "a", "value": 1}, map[string]any{"key": "b", "value": []any{true}},
	}}, &stored)
	var batch struct {
		Items []struct {
			Key   string
			Found bool
			Value any
		}
	}
	call(t, cs, "state_batch_retrieve", map[string]any{"keys": []string{"b", "zz"}}, &batch)
	if stored.Stored != 2 || len(batch.Items) != 2 || !batch.Items[0].Found || batch.Items[1].Found {
		t.Errorf("batch: %+v %+v", stored, batch)
	}
	var del struct{ Deleted bool }
	call(t, cs, "state_delete", map[string]any{"key": "a"}, &del)
	if !del.Deleted {
		t.Error("a was not deleted")
	}
	// the values are files of the tree, changed like any other
	if r := run(t, cs, "state store c 3"); !slices.Equal(r.ChangedPaths, []string{"/work/.local/state/moonix/kv/c"}) {
		t.Errorf("changed %q", r.ChangedPaths)
	}
	run(t, cs, "caps drop fs.write:/work/.local/**")
	if msg := call(t, cs, "state_store", map[string]any{"key": "k", "value": 1}, nil); msg != "moonix: write /work/.local/state/moonix/kv/k: permission denied (needs fs.write:/work/.local/state/moonix/kv/k)" {
		t.Errorf("denied store: %q", msg)
	}
}

// bearer adds a token to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func TestServeHTTP(t *testing.T) {
	t.Parallel()
	sh := newShell(t)
	srv := httptest.NewServer(mcp.HTTPHandler(sh, opts(sh), "s3cret"))
	t.Cleanup(srv.Close)
	ctx := context.Background()
	dial := func(token, version string) (*sdk.ClientSession, error) {
		hc := &http.Client{}
		if token != "" {
			hc.Transport = bearer{token}
		}
		tr := &sdk.StreamableClientTransport{Endpoint: srv.URL, HTTPClient: hc, MaxRetries: -1, DisableStandaloneSSE: true}
		return sdk.NewClient(&sdk.Implementation{Name: "agent", Version: "1"}, nil).Connect(ctx, tr, &sdk.ClientSessionOptions{ProtocolVersion: version})
	}
	for _, token := range []string{"", "wrong"} {
		if cs, err := dial(token, ""); err == nil || !strings.Contains(err.Error(), "Unauthorized") {
			t.Errorf("token %q: connected (%v)", token, err)
			if cs != nil {
				cs.Close()
			}
		}
	}
	var first agent.Result
	for i, v := range []struct{ force, want string }{{"", "2026-07-28"}, {"2025-11-25", "2025-11-25"}} {
		cs, err := dial("s3cret", v.force)
		if err != nil {
			t.Fatalf("%s: %v", v.want, err)
		}
		if got := cs.InitializeResult().ProtocolVersion; got != v.want {
			t.Errorf("negotiated %s, want %s", got, v.want)
		}
		// one session for every client and request
		if i == 0 {
			first = run(t, cs, "x=from-first; echo ok")
		} else if r := run(t, cs, "echo $x"); r.Stdout != "from-first\n" || first.Stdout != "ok\n" {
			t.Errorf("the session did not persist: %q", r.Stdout)
		}
		cs.Close()
	}
	// a cross-origin request from a browser, and a request for another
	// host on the loopback address (DNS rebinding), are refused
	body := `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}`
	for name, set := range map[string]func(*http.Request){
		"cross-origin": func(r *http.Request) {
			r.Header.Set("Origin", "https://evil.example")
			r.Header.Set("Sec-Fetch-Site", "cross-site")
		},
		"rebinding": func(r *http.Request) { r.Host = "evil.example" },
	} {
		req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer s3cret")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		set(req)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s: status %d, want 403", name, resp.StatusCode)
		}
	}
}

// TestServeStdioMalformed feeds the stdio server what a broken client
// sends: every line gets an answer, and the session goes on; a client
// that goes away in the middle of a call ends the server promptly.
func TestServeStdioMalformed(t *testing.T) {
	t.Parallel()
	sh := newShell(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- mcp.ServeStdio(context.Background(), sh, opts(sh), inR, outW)
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	send := func(s string) { io.WriteString(inW, s+"\n") }
	answer := func() map[string]any {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("no answer: %v", lines.Err())
		}
		var m map[string]any
		if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", lines.Text())
		}
		return m
	}
	code := func(m map[string]any) float64 {
		e, _ := m["error"].(map[string]any)
		c, _ := e["code"].(float64)
		return c
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	if m := answer(); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, c := range []struct {
		line string
		code float64
	}{
		{`this is not json`, -32700},
		{`{"jsonrpc":"2.0","id":2,"method":"no/such/method"}`, -32601},
		{`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run","arguments":{"script":` + strings.Repeat(" ", mcp.MaxFrame) + `"x"}}}`, -32600},
		{`[{"jsonrpc":"2.0","id":4,"method":"tools/list"}]`, -32600},
		{`{"jsonrpc":"2.0","id":5}`, -32600},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"run","arguments":{"script":7}}}`, 0},
	} {
		send(c.line)
		m := answer()
		if code(m) != c.code {
			t.Errorf("%.40s...: answered %v, want code %v", c.line, m, c.code)
		}
	}
	// still serving
	send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"run","arguments":{"script":"echo alive"}}}`)
	if m := answer(); !strings.Contains(lines.Text(), `alive`) {
		t.Errorf("after the bad lines: %v", m)
	}
	// the client goes away during a long call (what the server still
	// writes is read, as a pipe to a gone process would take it)
	go io.Copy(io.Discard, outR)
	send(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"run","arguments":{"script":"sleep 30"}}}`)
	time.Sleep(100 * time.Millisecond)
	inW.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeStdio: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not end when its client went away")
	}
	if r := sh.Run(context.Background(), "echo next"); r.Stdout != "next\n" {
		t.Errorf("the session after: %+v", r)
	}
}
