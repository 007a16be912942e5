package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// peer is an in-process go-sdk server the tests talk to, with what it saw.
type peer struct {
	calls     atomic.Int64 // tool calls that reached it
	cancelled chan string  // tools whose call it saw cancelled
	started   chan struct{}
}

func newPeer() *peer {
	return &peer{cancelled: make(chan string, 4), started: make(chan struct{}, 4)}
}

type sumIn struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}

type weather struct {
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

// server builds the peer's server: echo, get-sum, weather (structured),
// fail (isError), raise (a JSON-RPC error), big (100 KiB), image, slow
// (waits for its cancellation), ask (input_required), crash (exits the
// program it runs in) and noise (writes a line that is not JSON).
func (p *peer) server(versions ...string) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "peer", Version: "1.0.0"}, &sdk.ServerOptions{
		SupportedProtocolVersions: versions, Instructions: "be kind",
	})
	count := func() { p.calls.Add(1) }
	sdk.AddTool(s, &sdk.Tool{Name: "echo", Description: "Echoes back the input\nsecond line"}, func(_ context.Context, _ *sdk.CallToolRequest, in struct {
		Message string `json:"message"`
		APIKey  string `json:"api_key,omitempty"`
	}) (*sdk.CallToolResult, any, error) {
		count()
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "Echo: " + in.Message}}}, nil, nil
	})
	sdk.AddTool(s, &sdk.Tool{Name: "get-sum", Description: "Adds"}, func(_ context.Context, _ *sdk.CallToolRequest, in sumIn) (*sdk.CallToolResult, any, error) {
		count()
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: fmt.Sprintf("The sum of %v and %v is %v.", in.A, in.B, in.A+in.B)}}}, nil, nil
	})
	sdk.AddTool(s, &sdk.Tool{Name: "weather"}, func(_ context.Context, _ *sdk.CallToolRequest, in struct {
		City string `json:"city"`
	}) (*sdk.CallToolResult, weather, error) {
		count()
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "It is cloudy in " + in.City}}}, weather{22.5, "Cloudy"}, nil
	})
	sdk.AddTool(s, &sdk.Tool{Name: "fail"}, func(context.Context, *sdk.CallToolRequest, any) (*sdk.CallToolResult, any, error) {
		count()
		return nil, nil, errors.New("the disk is on fire")
	})
	sdk.AddTool(s, &sdk.Tool{Name: "raise"}, func(context.Context, *sdk.CallToolRequest, any) (*sdk.CallToolResult, any, error) {
		count()
		return nil, nil, &jsonrpc.Error{Code: -32000, Message: "quota exceeded"}
	})
	sdk.AddTool(s, &sdk.Tool{Name: "big"}, func(context.Context, *sdk.CallToolRequest, any) (*sdk.CallToolResult, any, error) {
		count()
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: strings.Repeat("0123456789\n", 10000)}}}, nil, nil
	})
	sdk.AddTool(s, &sdk.Tool{Name: "image"}, func(context.Context, *sdk.CallToolRequest, any) (*sdk.CallToolResult, any, error) {
		count()
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "a dot:"}, &sdk.ImageContent{MIMEType: "image/png", Data: bytes.Repeat([]byte{1}, 2048)}}}, nil, nil
	})
	sdk.AddTool(s, &sdk.Tool{Name: "slow"}, func(ctx context.Context, _ *sdk.CallToolRequest, _ any) (*sdk.CallToolResult, any, error) {
		count()
		p.started <- struct{}{}
		select {
		case <-ctx.Done():
			p.cancelled <- "slow"
			return nil, nil, ctx.Err()
		case <-time.After(30 * time.Second):
		}
		return &sdk.CallToolResult{}, nil, nil
	})
	sdk.AddTool(s, &sdk.Tool{Name: "ask"}, func(context.Context, *sdk.CallToolRequest, any) (*sdk.CallToolResult, any, error) {
		count()
		return &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{"q": &sdk.ElicitParams{Message: "which one?"}}}, nil, nil
	})
	return s
}

// memStarter starts the peer's server in process, over in-memory
// transports, or over pipes as a program (program is true) so that it
// can crash and write what is not the protocol.
type memStarter struct {
	peer     *peer
	versions []string
	program  bool
	starts   atomic.Int64
}

func (m *memStarter) Start(ctx context.Context, s *Server, stderr io.Writer) (sdk.Transport, Process, error) {
	m.starts.Add(1)
	if !m.program {
		ct, st := sdk.NewInMemoryTransports()
		if _, err := m.peer.server(m.versions...).Connect(ctx, st, nil); err != nil {
			return nil, nil, err
		}
		return ct, nil, nil
	}
	p := runProgram(func(ctx context.Context, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) int {
		srv := m.peer.server(m.versions...)
		crash := make(chan int, 1)
		sdk.AddTool(srv, &sdk.Tool{Name: "crash"}, func(context.Context, *sdk.CallToolRequest, any) (*sdk.CallToolResult, any, error) {
			fmt.Fprintln(stderr, "peer: out of memory")
			crash <- 3
			select {}
		})
		sdk.AddTool(srv, &sdk.Tool{Name: "noise"}, func(context.Context, *sdk.CallToolRequest, any) (*sdk.CallToolResult, any, error) {
			stdout.Write([]byte("Starting the server...\n"))
			select {}
		})
		ss, err := srv.Connect(ctx, &sdk.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}}, nil)
		if err != nil {
			return 1
		}
		done := make(chan error, 1)
		go func() { done <- ss.Wait() }()
		select {
		case status := <-crash:
			return status
		case <-done:
			return 0
		case <-ctx.Done():
			return 130
		}
	}, nil, nil, stderr)
	return newPipeTransport(p), p, nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// rig is a session's MCP client around a peer, as the shell wires it.
type rig struct {
	t       *testing.T
	peer    *peer
	starter *memStarter
	pool    *Pool
	log     *effects.Log
	fs      vfs.FS
	set     *caps.Set
	env     map[string]string
}

func newRig(t *testing.T, allow ...string) *rig {
	t.Helper()
	r := &rig{t: t, peer: newPeer(), log: effects.Memory(), env: map[string]string{}}
	r.starter = &memStarter{peer: r.peer}
	tree := vfs.NewDefault(vfs.Options{})
	var grants []caps.Cap
	for _, a := range append([]string{"fs.read", "fs.write:/work/**"}, allow...) {
		c, err := caps.Parse(a)
		if err != nil {
			t.Fatal(err)
		}
		grants = append(grants, c)
	}
	r.set = caps.NewSet(grants, nil)
	gate := caps.NewGate(r.set, func(d *caps.DeniedError) {
		r.log.Record(effects.Entry{Kind: effects.Denied, Target: d.Path, Outcome: effects.OutcomeDenied})
	})
	r.fs = gate.FS(tree)
	r.pool = NewPool(GateStarter(gate.Check, r.fs, RecordStarter(r.log, r.starter)), "test")
	t.Cleanup(r.pool.Close)
	r.config(`{"mcpServers": {"peer": {"command": "peer-server", "env": {"TOKEN": "${env:TOKEN}"}}}}`)
	r.env["TOKEN"] = "s3cret"
	return r
}

func (r *rig) config(doc string) {
	r.t.Helper()
	if err := vfs.WriteFile(r.fs, "/work/.mcp.json", []byte(doc), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// run runs the mcp command; it returns stdout, stderr and the status.
func (r *rig) run(ctx context.Context, args ...string) (string, string, int) {
	r.t.Helper()
	var out, errs bytes.Buffer
	gate := caps.NewGate(r.set, func(d *caps.DeniedError) {
		r.log.Record(effects.Entry{Kind: effects.Denied, Target: d.Path, Outcome: effects.OutcomeDenied})
	})
	status := Run(&Env{
		Ctx: ctx, Args: append([]string{"mcp"}, args...), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs,
		FS: r.fs, Home: "/work", LookupEnv: func(k string) (string, bool) { v, ok := r.env[k]; return v, ok },
		Client: GateClient(gate.Check, RecordClient(r.log, r.pool)), Pool: r.pool,
	})
	return out.String(), errs.String(), status
}

func (r *rig) expect(args []string, wantOut, wantErr string, wantStatus int) {
	r.t.Helper()
	out, errs, status := r.run(context.Background(), args...)
	if out != wantOut || errs != wantErr || status != wantStatus {
		r.t.Errorf("mcp %s:\n got stdout %q\n     stderr %q\n     status %d\nwant stdout %q\n     stderr %q\n     status %d",
			strings.Join(args, " "), out, errs, status, wantOut, wantErr, wantStatus)
	}
}

func (r *rig) effects() []effects.Effect {
	r.t.Helper()
	entries, err := r.log.Entries()
	if err != nil {
		r.t.Fatal(err)
	}
	return effects.Collapse(entries)
}

const allCaps = "mcp.call:peer/*"

func TestCallTool(t *testing.T) {
	t.Parallel()
	for _, era := range []struct {
		name     string
		versions []string
		want     string
	}{
		{"modern", nil, "2026-07-28"},
		{"legacy", []string{"2025-11-25", "2025-06-18"}, "2025-11-25"},
	} {
		t.Run(era.name, func(t *testing.T) {
			t.Parallel()
			r := newRig(t, allCaps, "process.spawn:peer-server")
			r.starter.versions = era.versions
			r.expect([]string{"call", "peer/echo", "message=hi"}, "Echo: hi\n", "", 0)
			// schema coercion: strings become the numbers the schema wants
			r.expect([]string{"call", "peer/get-sum", "a=2", "b=40"}, "The sum of 2 and 40 is 42.\n", "", 0)
			r.expect([]string{"call", "peer/get-sum", "--args", `{"a": 1.5}`, "b:=2"}, "The sum of 1.5 and 2 is 3.5.\n", "", 0)
			// structured content, shown when no text holds it; --structured alone
			r.expect([]string{"call", "peer/weather", "city=Oslo"}, "It is cloudy in Oslo\n{\"conditions\":\"Cloudy\",\"temperature\":22.5}\n", "", 0)
			r.expect([]string{"call", "--structured", "peer/weather", "city=Oslo"}, "{\"conditions\":\"Cloudy\",\"temperature\":22.5}\n", "", 0)
			r.expect([]string{"list"}, "NAME  TRANSPORT  STATE    REVISION    TOOLS\npeer  stdio      running  "+era.want+"  9\n", "", 0)
			out, _, _ := r.run(context.Background(), "info", "peer")
			if !strings.Contains(out, "revision:      "+era.want) || !strings.Contains(out, "instructions:\n  be kind\n") {
				t.Errorf("info:\n%s", out)
			}
			if n := r.starter.starts.Load(); n != 1 {
				t.Errorf("the server was started %d times, want once (reused)", n)
			}
		})
	}
}

func TestCallErrors(t *testing.T) {
	t.Parallel()
	r := newRig(t, allCaps, "process.spawn:peer-server")
	// a bad argument is a usage error, and nothing is sent
	r.expect([]string{"call", "peer/get-sum", "a=x", "b=1"}, "", "mcp: call peer/get-sum: the arguments do not match the tool's input schema: a: type: x has type \"string\", want \"number\"\n", 2)
	r.expect([]string{"call", "peer/get-sum", "a=1"}, "", "mcp: call peer/get-sum: the arguments do not match the tool's input schema: missing required \"b\"\n", 2)
	r.expect([]string{"call", "peer/echo", "message"}, "", "mcp: call peer/echo: \"message\" is not KEY=VALUE or KEY:=JSON\n", 2)
	if n := r.peer.calls.Load(); n != 0 {
		t.Errorf("%d calls reached the server", n)
	}
	// tool errors, as isError results and as JSON-RPC errors
	r.expect([]string{"call", "peer/fail"}, "", "mcp: peer/fail: the disk is on fire\n", 1)
	r.expect([]string{"call", "peer/raise"}, "", "mcp: peer/raise: quota exceeded\n", 1)
	r.expect([]string{"call", "peer/nope"}, "", "mcp: peer/nope: no such tool (mcp list peer)\n", 2)
	r.expect([]string{"call", "peer/ask"}, "", "mcp: peer/ask: the server needs input a shell cannot give (elicitation/create)\n", 4)
	r.expect([]string{"call", "nobody/echo"}, "", "mcp: nobody: no such server (not in /work/.mcp.json)\n", 2)
	r.expect([]string{"call", "peer"}, "", "mcp: call: 'peer' is not SERVER/TOOL\nTry 'mcp --help' for more information.\n", 2)
	r.expect([]string{"frob"}, "", "mcp: unknown operation 'frob'\nTry 'mcp --help' for more information.\n", 2)
	delete(r.env, "TOKEN")
	r.expect([]string{"call", "peer/echo", "message=x"}, "", "mcp: server \"peer\" needs TOKEN, which the shell's environment does not have\n", 2)
	r.config(`{"mcpServers": {"peer": {"command": "x",`)
	r.expect([]string{"list"}, "", "mcp: /work/.mcp.json: invalid JSON on line 1: unexpected end of JSON input\n", 2)
	r.config(`{"mcpServers": {"peer": {"command": "x", "url": "http://a/"}}}`)
	r.expect([]string{"list"}, "", "mcp: /work/.mcp.json: server \"peer\": it has more than one of command, url and wasm\n", 2)
}

func TestOutput(t *testing.T) {
	t.Parallel()
	r := newRig(t, allCaps, "process.spawn:peer-server")
	out, errs, status := r.run(context.Background(), "call", "peer/image")
	seq := lastSeq(t, r, "peer/image")
	if want := fmt.Sprintf("a dot:\n[image image/png, 2.0 KiB: the whole result is in 'effects show %d']\n", seq); out != want || errs != "" || status != 0 {
		t.Errorf("image: %q %q %d, want %q", out, errs, status, want)
	}
	out, _, status = r.run(context.Background(), "call", "peer/big", "--max-output", "1000")
	seq = lastSeq(t, r, "peer/big")
	// cut at 1000 bytes, then a newline (the cut was inside a line) and the trailer
	if want := fmt.Sprintf("[output cut at 1000 bytes of 107.4 KiB: the whole result is in 'effects show %d']\n", seq); !strings.HasSuffix(out, "0123456789\n"+want) || len(out) != 1001+len(want) || status != 0 {
		t.Errorf("big: %d bytes ending %q", len(out), out[max(0, len(out)-120):])
	}
	// the whole result is in the log's store
	for _, e := range r.effects() {
		if e.Target == "peer/big" {
			body, err := r.log.Load(e.End.Response.Digest)
			if err != nil || !bytes.Contains(body, []byte(strings.Repeat("0123456789\\n", 100))) || e.End.Response.Size != int64(len(body)) {
				t.Errorf("stored result: %d bytes, %v", len(body), err)
			}
		}
	}
	// the whole result, one line
	out, _, _ = r.run(context.Background(), "call", "--json", "peer/echo", "message=hi")
	var res sdk.CallToolResult
	if err := json.Unmarshal([]byte(out), &res); err != nil || strings.Count(out, "\n") != 1 || res.Content[0].(*sdk.TextContent).Text != "Echo: hi" {
		t.Errorf("--json: %q (%v)", out, err)
	}
}

func lastSeq(t *testing.T, r *rig, target string) int64 {
	t.Helper()
	var seq int64
	for _, e := range r.effects() {
		if e.Target == target {
			seq = e.Seq
		}
	}
	if seq == 0 {
		t.Fatalf("no effect for %s", target)
	}
	return seq
}

// TestEffects: every request that reaches a server is a begin entry and
// an end entry, secrets redacted; starting a host program is one too.
// The info of a server that runs is what it said when it started: no
// request, no effect; info that starts it is one.
func TestEffects(t *testing.T) {
	t.Parallel()
	r := newRig(t, allCaps, "process.spawn:peer-server")
	r.run(context.Background(), "call", "peer/echo", "message=hi", "api_key=sk-123")
	r.run(context.Background(), "call", "peer/fail")
	for _, op := range []string{"info", "restart"} {
		if out, errs, status := r.run(context.Background(), op, "peer"); status != 0 || errs != "" || op == "info" && !strings.Contains(out, "server:        peer 1.0.0") {
			t.Errorf("mcp %s peer: status %d, stdout %q, stderr %q", op, status, out, errs)
		}
	}
	var got []string
	for _, e := range r.effects() {
		line := fmt.Sprintf("%s %s %s", e.Kind, e.Target, e.Outcome())
		if e.Request != nil {
			if v, ok := e.Request.Fields["api_key"]; ok {
				line += " api_key=" + v
			}
			if v, ok := e.Request.Fields["env"]; ok {
				line += " env=" + v
			}
		}
		if e.End == nil || e.End.Duration < 0 {
			t.Errorf("%s: no end", line)
		}
		got = append(got, line)
	}
	want := []string{
		"mcp peer tools/list ok",
		"process peer-server ok env=TOKEN",
		"mcp peer/echo ok api_key=[redacted]",
		"mcp peer/fail tool_error",
		"mcp peer ok",
		"process peer-server ok env=TOKEN",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("effects:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	data, _ := json.Marshal(r.effects())
	if bytes.Contains(data, []byte("sk-123")) || bytes.Contains(data, []byte("s3cret")) {
		t.Errorf("a secret reached the log: %s", data)
	}
}

// TestGate: without the capabilities nothing starts and nothing is sent;
// each denial is recorded.
func TestGate(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.expect([]string{"call", "peer/echo", "message=hi"}, "", "moonix: list peer/*: permission denied (needs mcp.call:peer/*)\n", 2)
	r.expect([]string{"list", "peer"}, "", "moonix: list peer/*: permission denied (needs mcp.call:peer/*)\n", 2)
	// one tool granted: its listing is allowed, another tool is not
	r = newRig(t, "mcp.call:peer/echo")
	r.expect([]string{"call", "peer/echo", "message=hi"}, "", "moonix: spawn peer-server: permission denied (needs process.spawn:peer-server)\n", 2)
	r = newRig(t, "mcp.call:peer/echo", "process.spawn:peer-server")
	r.expect([]string{"call", "peer/echo", "message=hi"}, "Echo: hi\n", "", 0)
	r.expect([]string{"call", "peer/get-sum", "a=1", "b=2"}, "", "moonix: call peer/get-sum: permission denied (needs mcp.call:peer/get-sum)\n", 2)
	if n := r.peer.calls.Load(); n != 1 {
		t.Errorf("%d calls reached the server, want 1", n)
	}
	var denied []string
	for _, e := range r.effects() {
		if e.Kind == effects.Denied {
			denied = append(denied, e.Target)
		}
	}
	if strings.Join(denied, " ") != "peer/get-sum" {
		t.Errorf("denials logged: %q", denied)
	}
	// the configuration narrows further
	r.config(`{"mcpServers": {"peer": {"command": "peer-server", "tools": {"deny": ["ec*"]}}}}`)
	r.expect([]string{"call", "peer/echo", "message=hi"}, "", "mcp: peer/echo: not allowed by the tools.deny \"ec*\" of server 'peer' in /work/.mcp.json\n", 2)
}

// TestTimeout: --timeout cancels the call, the server sees the
// cancellation, the server is not killed, and the next call works.
func TestTimeout(t *testing.T) {
	t.Parallel()
	for _, era := range [][]string{nil, {"2025-11-25"}} {
		r := newRig(t, allCaps, "process.spawn:peer-server")
		r.starter.versions = era
		r.expect([]string{"call", "--timeout", "200ms", "peer/slow"}, "", "mcp: peer/slow: timed out after 200ms\n", 124)
		select {
		case <-r.peer.cancelled:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v: the server did not see the cancellation", era)
		}
		r.expect([]string{"call", "peer/echo", "message=still"}, "Echo: still\n", "", 0)
		if outcome := r.effects()[2].Outcome(); outcome != OutcomeTimeout {
			t.Errorf("outcome %q, want timeout", outcome)
		}
		// an interrupt (the shell's context) is 130, silently
		<-r.peer.started // the call that timed out
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-r.peer.started; cancel() }()
		out, errs, status := r.run(ctx, "call", "peer/slow")
		if status != 130 || out != "" || errs != "" {
			t.Errorf("interrupted: %q %q %d", out, errs, status)
		}
		select {
		case <-r.peer.cancelled:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v: the server did not see the interrupt", era)
		}
	}
}

// TestCloseSendsCancel: a call cancelled just before the session closes
// still reaches the server as notifications/cancelled (go-sdk sends it
// after the call returned; the pool waits for it).
func TestCloseSendsCancel(t *testing.T) {
	t.Parallel()
	r := newRig(t, allCaps, "process.spawn:peer-server")
	r.starter.program = true
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { r.run(ctx, "call", "peer/slow") })
	<-r.peer.started
	cancel()
	wg.Wait()
	r.pool.Close()
	select {
	case <-r.peer.cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the server never saw the cancellation")
	}
}

// TestCrash: a server that dies is reported (status 3, with what it last
// said), shown by ps, and started again by the next call.
func TestCrash(t *testing.T) {
	t.Parallel()
	r := newRig(t, allCaps, "process.spawn:peer-server")
	r.starter.program = true
	r.expect([]string{"call", "peer/echo", "message=1"}, "Echo: 1\n", "", 0)
	r.expect([]string{"call", "peer/crash"}, "", "mcp: peer: the server exited (exit status 3); it said \"peer: out of memory\" (mcp logs peer)\n", 3)
	r.expect([]string{"ps"}, "NAME  STATE                   PID  TRANSPORT  REVISION    CALLS\npeer  exited (exit status 3)  -    stdio      2026-07-28  3\n", "", 0)
	r.expect([]string{"call", "peer/echo", "message=2"}, "Echo: 2\n", "", 0)
	r.expect([]string{"logs", "peer"}, "peer: out of memory\n", "", 0)
	if n := r.starter.starts.Load(); n != 2 {
		t.Errorf("%d starts, want 2", n)
	}
	r.expect([]string{"call", "peer/noise"}, "", "mcp: peer: the server wrote something that is not MCP on its standard output: \"Starting the server...\"\n", 3)
	r.expect([]string{"restart", "peer"}, "", "", 0)
	r.expect([]string{"call", "peer/echo", "message=3"}, "Echo: 3\n", "", 0)
}

func TestAddRemove(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	r.config(`{"theme": "dark"}`)
	r.expect([]string{"add", "files", "--env", "ROOT=/srv", "--", "npx", "-y", "server-filesystem", "/srv"}, "", "", 0)
	r.expect([]string{"add", "api", "--url", "https://api.example.com/mcp", "--header", "Authorization: Bearer ${env:API_TOKEN}"}, "", "", 0)
	r.expect([]string{"add", "api", "--url", "https://x/"}, "", "mcp: /work/.mcp.json: server \"api\" already exists (remove it first)\n", 2)
	r.expect([]string{"add", "bad name", "--", "x"}, "", "mcp: /work/.mcp.json: server \"bad name\": a server name is letters, digits, '.', '_' and '-'\n", 2)
	data, _ := vfs.ReadFile(r.fs, "/work/.mcp.json")
	want := `{
  "mcpServers": {
    "api": {
      "url": "https://api.example.com/mcp",
      "headers": {
        "Authorization": "Bearer ${env:API_TOKEN}"
      }
    },
    "files": {
      "command": "npx",
      "args": [
        "-y",
        "server-filesystem",
        "/srv"
      ],
      "env": {
        "ROOT": "/srv"
      }
    }
  },
  "theme": "dark"
}
`
	if string(data) != want {
		t.Errorf(".mcp.json:\n%s\nwant:\n%s", data, want)
	}
	r.expect([]string{"remove", "files"}, "", "", 0)
	r.expect([]string{"remove", "files"}, "", "mcp: /work/.mcp.json: no server \"files\"\n", 2)
	cfg, err := LoadConfig(r.fs, "/work")
	if err != nil || strings.Join(cfg.Names(), " ") != "api" {
		t.Errorf("after remove: %v %v", cfg, err)
	}
}

func TestMain(m *testing.M) {
	// the servers here stop at once or never: do not wait 2 s for them
	StopGrace = 200 * time.Millisecond
	m.Run()
}

// brokenConn is a connection whose every write fails.
type brokenConn struct{ sdk.Connection }

func (brokenConn) Write(context.Context, jsonrpc.Message) error { return io.ErrClosedPipe }

// TestUnsentCallNotPending: a call whose request could not be written
// (the gate refused it, the pipe broke) awaits no answer and no
// cancellation, so closing its session does not wait for one.
func TestUnsentCallNotPending(t *testing.T) {
	t.Parallel()
	c := &trackedConn{}
	c.init(brokenConn{})
	id, _ := jsonrpc.MakeID(float64(1))
	if err := c.Write(context.Background(), &jsonrpc.Request{ID: id, Method: "tools/call"}); !errors.Is(err, io.ErrClosedPipe) {
		t.Fatalf("write: %v", err)
	}
	if len(c.pending) != 0 {
		t.Errorf("pending: %v", c.pending)
	}
}
