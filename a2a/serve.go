package a2a

import (
	"context"
	"crypto/subtle"
	"encoding/gob"
	"encoding/json"
	"io"
	"iter"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/effects"
)

// Shell is the session moonix's agent runs its tasks in, one at a time:
// variables, functions and the working directory carry over from task
// to task, as in a terminal. shell.Captured is the session's.
type Shell interface {
	// RunTo runs script in the session and returns what it did; what it
	// writes on standard output also goes to stdout as it is written.
	RunTo(ctx context.Context, script string, stdout io.Writer) agent.Result
}

// ServeOptions configure moonix's agent.
type ServeOptions struct {
	// Name is the agent's name on its card (default "moonix").
	Name string
	// Version is moonix's, the card's version.
	Version string
	// URL is where the agent is reached (http://HOST:PORT): the card
	// names its interfaces under it.
	URL string
	// Token, when not empty, must come with every request but the
	// card's, as "Authorization: Bearer TOKEN" (401 otherwise).
	Token string
	// Log records every task a client sends (kind a2a-in); nil records
	// nothing.
	Log *effects.Log
}

// The paths of moonix's agent: its interfaces, under the agent's URL.
const (
	PathJSONRPC = "/jsonrpc"
	PathREST    = "/rest"
)

// Card is the agent card of moonix's agent.
func Card(o ServeOptions) *sdk.AgentCard {
	name := o.Name
	if name == "" {
		name = "moonix"
	}
	card := &sdk.AgentCard{
		Name:        name,
		Description: "a sandboxed POSIX-like shell with history: a message's text is run as a shell script in one persistent session",
		Version:     o.Version,
		SupportedInterfaces: []*sdk.AgentInterface{
			sdk.NewAgentInterface(o.URL+PathJSONRPC, sdk.TransportProtocolJSONRPC),
			sdk.NewAgentInterface(o.URL+PathREST, sdk.TransportProtocolHTTPJSON),
		},
		Capabilities:       sdk.AgentCapabilities{Streaming: true},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain", "application/json"},
		Skills: []sdk.AgentSkill{{
			ID: "run", Name: "run",
			Description: "run a shell script in a sandbox with history: standard output streams as the artifact \"stdout\"; the artifact \"result\" holds exit_code, changed_paths, snapshot and effects; a non-zero exit fails the task with standard error as its message",
			Tags:        []string{"shell", "sandbox", "history"},
			Examples:    []string{"ls -l", "echo hi > notes.txt && snapshot -m notes"},
		}},
	}
	if o.Token != "" {
		card.SecuritySchemes = sdk.NamedSecuritySchemes{"bearer": sdk.HTTPAuthSecurityScheme{Scheme: "Bearer"}}
		card.SecurityRequirements = sdk.SecurityRequirementsOptions{{"bearer": sdk.SecuritySchemeScopes{}}}
	}
	return card
}

// Handler serves sh as an A2A agent: its card at the well-known paths
// (/.well-known/agent-card.json, and /.well-known/agent.json for older
// clients), JSON-RPC at /jsonrpc and HTTP+JSON at /rest (which the card
// names), and both at the root (JSON-RPC posts to /, REST's paths under
// it), for clients given a URL and a transport. A request that
// names a protocol version other than 1 is refused with the protocol's
// error (VersionNotSupported); the SDK answers malformed requests,
// unknown methods and unknown tasks with theirs.
func Handler(sh Shell, o ServeOptions) http.Handler {
	registerRaw()
	ex := &executor{sh: sh, log: o.Log, turn: make(chan struct{}, 1)}
	h := a2asrv.NewHandler(ex,
		a2asrv.WithCallInterceptors(protocol{}),
		a2asrv.WithLogger(slog.New(slog.DiscardHandler)),
	)
	api := http.NewServeMux()
	jsonrpc, rest := a2asrv.NewJSONRPCHandler(h), a2asrv.NewRESTHandler(h)
	api.Handle(PathJSONRPC, jsonrpc)
	api.Handle(PathREST+"/", http.StripPrefix(PathREST, rest))
	// the agent's URL itself serves both, for clients told a transport
	// and a URL rather than the card
	api.Handle("POST /{$}", jsonrpc)
	api.Handle("/", rest)
	var protected http.Handler = api
	if o.Token != "" {
		want := []byte("Bearer " + o.Token)
		protected = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
				w.Header().Set("WWW-Authenticate", `Bearer realm="moonix"`)
				http.Error(w, "a bearer token is required", http.StatusUnauthorized)
				return
			}
			api.ServeHTTP(w, r)
		})
	}
	mux := http.NewServeMux()
	card := a2asrv.NewStaticAgentCardHandler(Card(o))
	for _, p := range cardPaths {
		mux.Handle(p, card)
	}
	mux.Handle("/", protected)
	return mux
}

// protocol checks the version a request names, and makes every caller a
// user of the agent (the SDK's task store lists only a user's tasks; the
// token, when there is one, has let the caller in).
type protocol struct{}

func (protocol) Before(ctx context.Context, cc *a2asrv.CallContext, req *a2asrv.Request) (context.Context, any, error) {
	if vs, ok := cc.ServiceParams().Get(sdk.SvcParamVersion); ok {
		for _, v := range vs {
			if v != "1" && !strings.HasPrefix(v, "1.") {
				return ctx, nil, sdk.NewError(sdk.ErrVersionNotSupported, "A2A version "+v+" is not supported (this agent speaks 1.0)")
			}
		}
	}
	cc.User = a2asrv.NewAuthenticatedUser("client", nil)
	return ctx, nil, nil
}

func (protocol) After(context.Context, *a2asrv.CallContext, *a2asrv.Response) error { return nil }

// executor runs each task's message as a script in the shell, one task
// at a time.
type executor struct {
	sh   Shell
	log  *effects.Log
	turn chan struct{} // held by the task that runs
	runs sync.Map      // sdk.TaskID -> context.CancelFunc of the task's run
}

// Execute runs the text of the message: the task is submitted, works
// while its script runs (standard output streams as the artifact
// "stdout"), and then carries the artifact "result" (the structured
// result of the run) and completes (exit status 0) or fails (standard
// error, or the status, as its message).
func (e *executor) Execute(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[sdk.Event, error] {
	return func(yield func(sdk.Event, error) bool) {
		if ec.StoredTask == nil && !yield(sdk.NewSubmittedTask(ec, ec.Message), nil) {
			return
		}
		run, cancel := context.WithCancel(ctx)
		defer cancel()
		e.runs.Store(ec.TaskID, cancel)
		defer e.runs.Delete(ec.TaskID)
		select {
		case e.turn <- struct{}{}:
		case <-run.Done():
			return // canceled while it waited its turn
		}
		defer func() { <-e.turn }()
		op := e.begin(ec)
		if !yield(sdk.NewStatusUpdateEvent(ec, sdk.TaskStateWorking, nil), nil) {
			e.end(op, "interrupted", -1)
			return
		}
		result, ok := e.stream(run, ec, yield)
		status := result.ExitCode
		switch {
		case !ok:
			e.end(op, "interrupted", status)
			return
		case run.Err() != nil && ctx.Err() == nil:
			e.end(op, StateName(sdk.TaskStateCanceled), status) // Cancel said so
			return
		}
		res := sdk.NewArtifactEvent(ec, sdk.NewDataPart(plain(result)))
		res.Artifact.Name = "result"
		if !yield(res, nil) {
			e.end(op, "interrupted", status)
			return
		}
		final, msg := sdk.TaskStateCompleted, (*sdk.Message)(nil)
		if status != 0 {
			stderr, _ := agent.Decode(result.Stderr, result.StderrEncoding)
			why := strings.TrimRight(string(stderr), "\n")
			if why == "" {
				why = "exit status " + strconv.Itoa(status)
			}
			final, msg = sdk.TaskStateFailed, sdk.NewMessageForTask(sdk.MessageRoleAgent, ec, sdk.NewTextPart(why))
		}
		e.end(op, StateName(final), status)
		yield(sdk.NewStatusUpdateEvent(ec, final, msg), nil)
	}
}

// stream runs the script and yields its standard output as it comes:
// the first chunk makes the artifact "stdout", the next ones are
// appended to it. ok is false when the events stopped being taken.
func (e *executor) stream(ctx context.Context, ec *a2asrv.ExecutorContext, yield func(sdk.Event, error) bool) (result agent.Result, ok bool) {
	w := &chunkWriter{ctx: ctx, c: make(chan []byte, 64), stopped: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		defer close(done)
		result = e.sh.RunTo(ctx, partsText(ec.Message.Parts), w)
	}()
	var id sdk.ArtifactID
	var pending []byte // the start of a character cut between two writes
	emit := func(b []byte, last bool) bool {
		b = append(pending, b...)
		pending = nil
		if !last {
			b, pending = splitRune(b)
		}
		if len(b) == 0 {
			return true
		}
		part := sdk.NewTextPart(string(b))
		if !utf8.Valid(b) {
			part = sdk.NewRawPart(b)
			part.MediaType = "application/octet-stream"
		}
		var ev *sdk.TaskArtifactUpdateEvent
		if id == "" {
			ev = sdk.NewArtifactEvent(ec, part)
			ev.Artifact.Name = "stdout"
			id = ev.Artifact.ID
		} else {
			ev = sdk.NewArtifactUpdateEvent(ec, id, part)
			ev.Append = true
		}
		return yield(ev, nil)
	}
	ok = true
	for running := true; running; {
		var b []byte
		select {
		case b = <-w.c:
		case <-done:
			running = false
		}
		// what else is there already goes in the same chunk
		for more := true; more; {
			select {
			case c := <-w.c:
				b = append(b, c...)
			default:
				more = false
			}
		}
		if ok && (len(b) > 0 || !running) {
			ok = emit(b, !running)
		}
		if !ok {
			w.stop()
		}
	}
	return result, ok
}

// splitRune cuts b before an incomplete character at its end.
func splitRune(b []byte) (whole, rest []byte) {
	for i := 1; i < utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i], append([]byte(nil), b[len(b)-i:]...)
			}
			break
		}
	}
	return b, nil
}

// chunkWriter hands what the script writes to the task's events. Once
// they are no longer taken (stop) or the run ends, writes are dropped.
type chunkWriter struct {
	ctx      context.Context
	c        chan []byte
	stopped  chan struct{}
	stopOnce sync.Once
}

func (w *chunkWriter) stop() { w.stopOnce.Do(func() { close(w.stopped) }) }

func (w *chunkWriter) Write(p []byte) (int, error) {
	select {
	case w.c <- append([]byte(nil), p...):
	case <-w.stopped:
	case <-w.ctx.Done():
	}
	return len(p), nil
}

// plain is v as JSON text, which the task store copies as it is (with
// gob, which would make an empty list null in a map).
func plain(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return b
}

// registerRaw lets the task store copy a data part that holds JSON text.
var registerRaw = sync.OnceFunc(func() { gob.Register(json.RawMessage(nil)) })

// Cancel stops the task's script (it sees an interrupt, as from Ctrl-C)
// and cancels the task.
func (e *executor) Cancel(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[sdk.Event, error] {
	return func(yield func(sdk.Event, error) bool) {
		if cancel, ok := e.runs.Load(ec.TaskID); ok {
			cancel.(context.CancelFunc)()
		}
		yield(sdk.NewStatusUpdateEvent(ec, sdk.TaskStateCanceled, nil), nil)
	}
}

// begin records a task as it starts (kind a2a-in: audit, what the
// script does is recorded on its own), the message kept in the store.
func (e *executor) begin(ec *a2asrv.ExecutorContext) *effects.Op {
	if e.log == nil {
		return nil
	}
	p := &effects.Payload{Summary: "task", Fields: map[string]string{
		"task_id": string(ec.TaskID), "context_id": ec.ContextID, "message_id": ec.Message.ID,
	}}
	if b, err := json.Marshal(ec.Message); err == nil {
		if d, err := e.log.Store(b); err == nil {
			p.Digest, p.Size = d, int64(len(b))
		}
	}
	script, _, _ := strings.Cut(strings.TrimSpace(partsText(ec.Message.Parts)), "\n")
	if len(script) > 80 {
		script = strings.ToValidUTF8(script[:77], "") + "..."
	}
	op, err := e.log.Begin(effects.A2AIn, script, p)
	if err != nil {
		return nil
	}
	return op
}

// end records how a task ended.
func (e *executor) end(op *effects.Op, outcome string, status int) {
	if op == nil {
		return
	}
	p := &effects.Payload{}
	if status >= 0 {
		p.Fields = map[string]string{"exit_code": strconv.Itoa(status)}
	}
	op.End(outcome, p)
}
