package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/caps"
)

// settleWait bounds how long closing a session waits for the cancellation
// notices of its cancelled calls to go out (go-sdk sends them after the
// call has returned).
const settleWait = 2 * time.Second

// Pool is a shell session's client sessions, one a server, keyed by name:
// a server is started on its first request, reused by the next ones,
// started again on the request after it died or its configuration
// changed, and stopped by Close. It is the Client the gate and the
// recorder wrap, and the Manager the mcp command asks about what runs. A
// Pool is safe for concurrent use.
type Pool struct {
	starter Starter
	version string

	mu      sync.Mutex
	servers map[string]*entry
	closed  bool
}

var (
	_ Client  = (*Pool)(nil)
	_ Manager = (*Pool)(nil)
)

// NewPool returns an empty pool that starts servers with starter;
// version is moonix's, which the client names itself with.
func NewPool(starter Starter, version string) *Pool {
	return &Pool{starter: starter, version: version, servers: map[string]*entry{}}
}

// entry is one server of the pool, running or not; its log outlives its
// restarts.
type entry struct {
	name string
	logs *ring

	mu        sync.Mutex // held while the server starts or stops
	fp        string
	transport string
	cs        *sdk.ClientSession
	proc      Process
	conn      *trackedConn
	tail      interface{ LastLine() string }
	started   time.Time
	ended     chan struct{} // closed when the session ends
	tools     []*sdk.Tool   // the last listing
	calls     atomic.Int64
}

// ErrClosed is a request made after the pool was closed.
var ErrClosed = errors.New("the session's MCP client is closed")

func (p *Pool) entry(name string) (*entry, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, ErrClosed
	}
	e := p.servers[name]
	if e == nil {
		e = &entry{name: name, logs: &ring{max: 64 << 10}}
		p.servers[name] = e
	}
	return e, nil
}

// Do makes the request of its server, starting the server if it does
// not run.
func (p *Pool) Do(ctx context.Context, req *Request) (*Response, error) {
	e, err := p.entry(req.Server.Name)
	if err != nil {
		return nil, err
	}
	cs, err := e.session(ctx, p, req.Server)
	if err != nil {
		return nil, err
	}
	e.calls.Add(1)
	resp, err := e.do(ctx, cs, req)
	if err != nil {
		return nil, e.explain(ctx, err)
	}
	return resp, nil
}

// session returns the running session of s, starting it when needed.
func (e *entry) session(ctx context.Context, p *Pool, s *Server) (*sdk.ClientSession, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.runningLocked(s) {
		return e.cs, nil
	}
	e.stopLocked()
	return e.startLocked(ctx, p, s, s.fingerprint())
}

// runningLocked reports whether the session of s runs, started with s's
// configuration as it is now, and its program (if any) has not ended.
func (e *entry) runningLocked(s *Server) bool {
	return e.cs != nil && e.fp == s.fingerprint() && !closed(e.ended) && (e.proc == nil || !closed2(e.proc.Done()))
}

var _ Cache = (*Pool)(nil)

// Cached answers the info of a server that runs from what it said when
// it started, as Do would, without starting it or counting a call.
func (p *Pool) Cached(req *Request) (*Response, bool) {
	if req.Method != MethodInfo {
		return nil, false
	}
	p.mu.Lock()
	e := p.servers[req.Server.Name]
	p.mu.Unlock()
	if e == nil {
		return nil, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.runningLocked(req.Server) {
		return nil, false
	}
	return &Response{Info: e.cs.InitializeResult()}, true
}

func closed(c chan struct{}) bool { return closed2(c) }

func closed2(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func (e *entry) startLocked(ctx context.Context, p *Pool, s *Server, fp string) (*sdk.ClientSession, error) {
	sctx, cancel := context.WithTimeout(ctx, s.StartTimeout())
	defer cancel()
	tr, proc, err := p.starter.Start(sctx, s, e.logs)
	if err != nil {
		return nil, err
	}
	conn := &trackedConn{}
	client := sdk.NewClient(&sdk.Implementation{Name: "moonix", Version: p.version}, &sdk.ClientOptions{
		// no roots, sampling or elicitation: a shell has none to give
		Capabilities: &sdk.ClientCapabilities{},
		// an input_required result comes back as it is (status 4)
		MultiRoundTrip: &sdk.MultiRoundTripOptions{Disabled: true},
	})
	cs, err := client.Connect(sctx, &trackedTransport{Transport: tr, conn: conn}, &sdk.ClientSessionOptions{ProtocolVersion: s.ProtocolVersion})
	if err != nil {
		if proc != nil {
			defer proc.Stop()
		}
		return nil, e.startError(ctx, sctx, s, proc, tr, err)
	}
	e.fp, e.transport, e.cs, e.proc, e.conn = fp, s.Transport(), cs, proc, conn
	e.tail, _ = tr.(interface{ LastLine() string })
	e.started = time.Now()
	e.tools = nil
	e.ended = make(chan struct{})
	go func(ended chan struct{}) {
		cs.Wait()
		close(ended)
	}(e.ended)
	return cs, nil
}

// startError says why a server did not start.
func (e *entry) startError(ctx, sctx context.Context, s *Server, proc Process, tr sdk.Transport, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, caps.ErrNoNetwork) {
		// the session's HTTP client has no dialer: say so as for a
		// stdio server without a spawner
		return fmt.Errorf("%s: HTTP servers are %w (no network)", s.Name, ErrNotAvailable)
	}
	se := &ServerError{Server: s.Name, Err: err}
	tail, _ := tr.(interface{ LastLine() string })
	switch {
	case tail != nil && notProtocol(err, tail.LastLine()):
		se.Msg = fmt.Sprintf("the server wrote something that is not MCP on its standard output: %q", tail.LastLine())
	case proc != nil && exitedSoon(proc):
		se.Msg = "the server exited (" + proc.Exit() + ") before it answered" + e.hint()
	case errors.Is(sctx.Err(), context.DeadlineExceeded):
		se.Msg = fmt.Sprintf("the server did not answer within %s (startupTimeout)", s.StartTimeout())
	default:
		se.Msg = "cannot start: " + oneLine(err)
	}
	return se
}

// exitedSoon reports whether proc ended, or does within a moment (a
// broken pipe can come just before the process is reaped).
func exitedSoon(proc Process) bool {
	select {
	case <-proc.Done():
		return true
	case <-time.After(200 * time.Millisecond):
		return false
	}
}

// notProtocol reports whether err came from reading a line that is not
// JSON-RPC.
func notProtocol(err error, last string) bool {
	var se *json.SyntaxError
	if errors.As(err, &se) || strings.Contains(err.Error(), "invalid character") {
		return true
	}
	return last != "" && !json.Valid([]byte(last)) && strings.Contains(err.Error(), "closed")
}

// hint points to the server's log when it has one.
func (e *entry) hint() string {
	if last := e.logs.lastLine(); last != "" {
		return fmt.Sprintf("; it said %q (mcp logs %s)", last, e.name)
	}
	return ""
}

func oneLine(err error) string {
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// explain turns the error of a request whose server died or broke the
// protocol into a ServerError that says so.
func (e *entry) explain(ctx context.Context, err error) error {
	if ctx.Err() != nil || isRPCError(err) {
		return err
	}
	e.mu.Lock()
	proc, tail, conn := e.proc, e.tail, e.conn
	e.mu.Unlock()
	se := &ServerError{Server: e.name, Err: err}
	switch {
	case tail != nil && conn != nil && notProtocol(conn.readError(), tail.LastLine()):
		// first: having lost its connection, the server may well exit
		se.Msg = fmt.Sprintf("the server wrote something that is not MCP on its standard output: %q", tail.LastLine())
	case proc != nil && exitedSoon(proc):
		se.Msg = "the server exited (" + proc.Exit() + ")" + e.hint()
	case errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, io.EOF):
		se.Msg = "the connection to the server closed"
	default:
		return err
	}
	return se
}

func isRPCError(err error) bool {
	var we *jsonrpc.Error
	return errors.As(err, &we)
}

// do sends the request on cs.
func (e *entry) do(ctx context.Context, cs *sdk.ClientSession, req *Request) (*Response, error) {
	resp := &Response{Info: cs.InitializeResult()}
	caps := resp.Info.Capabilities
	if caps == nil {
		caps = &sdk.ServerCapabilities{}
	}
	var err error
	switch req.Method {
	case MethodInfo:
	case MethodListTools:
		if caps.Tools == nil {
			break
		}
		resp.Tools, err = collect(cs.Tools(ctx, nil))
		if err == nil {
			e.mu.Lock()
			e.tools = resp.Tools
			e.mu.Unlock()
		}
	case MethodCallTool:
		resp.Call, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: req.Name, Arguments: req.Args})
	case MethodListResources:
		if caps.Resources != nil {
			resp.Resources, err = collect(cs.Resources(ctx, nil))
		}
	case MethodReadResource:
		resp.Read, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: req.Name})
	case MethodListPrompts:
		if caps.Prompts != nil {
			resp.Prompts, err = collect(cs.Prompts(ctx, nil))
		}
	case MethodGetPrompt:
		args := map[string]string{}
		for k, v := range req.Args {
			args[k] = fmt.Sprint(v)
		}
		resp.Prompt, err = cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: req.Name, Arguments: args})
	default:
		err = fmt.Errorf("unknown method %q", req.Method)
	}
	if err != nil {
		return nil, err
	}
	return resp, nil
}

func collect[T any](seq func(yield func(T, error) bool)) ([]T, error) {
	out := []T{}
	for v, err := range seq {
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// stopLocked ends the running session, if any: the cancellation notices
// of its cancelled calls go out first, then the connection closes (for a
// program: standard input closed, then SIGTERM, then SIGKILL).
func (e *entry) stopLocked() {
	if e.cs == nil {
		return
	}
	cs, proc, conn := e.cs, e.proc, e.conn
	e.cs, e.proc, e.conn, e.tools = nil, nil, nil, nil
	if !closed(e.ended) {
		conn.settle(settleWait)
	}
	done := make(chan struct{})
	go func() {
		cs.Close()
		close(done)
	}()
	if proc != nil {
		proc.Stop()
	}
	select {
	case <-done:
	case <-time.After(2 * StopGrace):
	}
}

// Stop stops the server called name, if it runs.
func (p *Pool) Stop(name string) {
	p.mu.Lock()
	e := p.servers[name]
	p.mu.Unlock()
	if e != nil {
		e.mu.Lock()
		e.stopLocked()
		e.mu.Unlock()
	}
}

// Close stops every server, all at once, and refuses requests from then
// on.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	entries := make([]*entry, 0, len(p.servers))
	for _, e := range p.servers {
		entries = append(entries, e)
	}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, e := range entries {
		wg.Go(func() {
			e.mu.Lock()
			e.stopLocked()
			e.mu.Unlock()
		})
	}
	wg.Wait()
}

// Status describes the server called name.
func (p *Pool) Status(name string) Status {
	p.mu.Lock()
	e := p.servers[name]
	p.mu.Unlock()
	if e == nil {
		return Status{Name: name, State: "stopped", Tools: -1}
	}
	return e.status()
}

func (e *entry) status() Status {
	e.mu.Lock()
	defer e.mu.Unlock()
	st := Status{Name: e.name, Transport: e.transport, State: "stopped", Tools: -1, Calls: int(e.calls.Load())}
	if e.cs == nil {
		return st
	}
	st.State, st.Started = "running", e.started
	if info := e.cs.InitializeResult(); info != nil {
		st.Revision = info.ProtocolVersion
	}
	if e.tools != nil {
		st.Tools = len(e.tools)
	}
	if e.proc != nil {
		st.Pid = e.proc.Pid()
		select {
		case <-e.proc.Done():
			st.State, st.Exit = "exited", e.proc.Exit()
		default:
		}
	}
	if st.State == "running" && closed(e.ended) {
		st.State = "exited"
	}
	return st
}

// Running lists the servers that run (or ran and died unnoticed), by
// name.
func (p *Pool) Running() []Status {
	p.mu.Lock()
	entries := make([]*entry, 0, len(p.servers))
	for _, e := range p.servers {
		entries = append(entries, e)
	}
	p.mu.Unlock()
	var out []Status
	for _, e := range entries {
		if st := e.status(); st.State != "stopped" {
			out = append(out, st)
		}
	}
	slices.SortFunc(out, func(a, b Status) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Logs is what the server wrote on its standard error.
func (p *Pool) Logs(name string) []byte {
	p.mu.Lock()
	e := p.servers[name]
	p.mu.Unlock()
	if e == nil {
		return nil
	}
	return e.logs.bytes()
}

// Tool is the tool of a running server as its last listing had it.
func (p *Pool) Tool(server, tool string) (*sdk.Tool, bool) {
	p.mu.Lock()
	e := p.servers[server]
	p.mu.Unlock()
	if e == nil {
		return nil, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, t := range e.tools {
		if t.Name == tool {
			return t, true
		}
	}
	return nil, false
}

// ring keeps the last max bytes written to it.
type ring struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (r *ring) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf = append(r.buf, p...)
	if over := len(r.buf) - r.max; over > 0 {
		r.buf = append(r.buf[:0], r.buf[over:]...)
	}
	return len(p), nil
}

func (r *ring) bytes() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.buf)
}

func (r *ring) lastLine() string {
	b := strings.TrimRight(string(r.bytes()), "\n")
	if i := strings.LastIndexByte(b, '\n'); i >= 0 {
		b = b[i+1:]
	}
	if len(b) > 200 {
		b = b[:200]
	}
	return strings.TrimSpace(b)
}

// trackedTransport hands go-sdk a connection that keeps count of the
// calls awaiting an answer.
type trackedTransport struct {
	sdk.Transport
	conn *trackedConn
}

func (t *trackedTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.conn.init(c)
	return t.conn, nil
}

// trackedConn follows the calls sent on a connection until their answer
// comes or their cancellation notice goes out, so that closing a session
// can wait for the notices: go-sdk sends notifications/cancelled from a
// goroutine after the cancelled call has returned, and a session closed
// before that would leave the server working on a call nobody awaits.
type trackedConn struct {
	sdk.Connection
	mu      sync.Mutex
	pending map[string]bool
	changed chan struct{}
	readErr error
}

func (c *trackedConn) init(inner sdk.Connection) {
	c.Connection = inner
	c.pending = map[string]bool{}
	c.changed = make(chan struct{}, 1)
}

func idKey(v any) string { return fmt.Sprint(v) }

func (c *trackedConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	req, ok := msg.(*jsonrpc.Request)
	if !ok {
		return c.Connection.Write(ctx, msg)
	}
	c.mu.Lock()
	switch {
	case req.IsCall():
		c.pending[idKey(req.ID.Raw())] = true
	case req.Method == "notifications/cancelled":
		var p struct {
			RequestID any `json:"requestId"`
		}
		if json.Unmarshal(req.Params, &p) == nil {
			delete(c.pending, idKey(p.RequestID))
		}
	}
	c.mu.Unlock()
	c.notify()
	err := c.Connection.Write(ctx, msg)
	if err != nil && req.IsCall() {
		// not sent (a request the gate refused, a broken pipe): no
		// answer will come, and there is nothing to cancel
		c.mu.Lock()
		delete(c.pending, idKey(req.ID.Raw()))
		c.mu.Unlock()
		c.notify()
	}
	return err
}

func (c *trackedConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	c.mu.Lock()
	if err != nil && c.readErr == nil {
		c.readErr = err
	}
	if resp, ok := msg.(*jsonrpc.Response); ok {
		delete(c.pending, idKey(resp.ID.Raw()))
	}
	c.mu.Unlock()
	c.notify()
	return msg, err
}

func (c *trackedConn) notify() {
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

func (c *trackedConn) readError() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.readErr == nil {
		return errors.New("")
	}
	return c.readErr
}

// settle waits, at most d, until no call awaits its answer or its
// cancellation notice.
func (c *trackedConn) settle(d time.Duration) {
	if c == nil || c.changed == nil {
		return
	}
	deadline := time.After(d)
	for {
		c.mu.Lock()
		n := len(c.pending)
		c.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-c.changed:
		case <-deadline:
			return
		}
	}
}
