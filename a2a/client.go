package a2a

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"

	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/shell"
)

// Op is what a request asks of an agent.
type Op string

// The operations.
const (
	OpDiscover  Op = "discover"  // fetch the agent card
	OpSend      Op = "send"      // send a message and wait for the answer
	OpStream    Op = "stream"    // send a message and follow its events
	OpGet       Op = "get"       // read a task
	OpCancel    Op = "cancel"    // cancel a task
	OpList      Op = "list"      // list tasks
	OpSubscribe Op = "subscribe" // follow a task's events
)

// Request is one request of an agent.
type Request struct {
	Agent *Agent // resolved (Agent.Resolve)
	Op    Op
	// Message is what send and stream send.
	Message *sdk.SendMessageRequest
	// Task is the task of get, cancel and subscribe.
	Task sdk.TaskID
	// List filters list.
	List *sdk.ListTasksRequest
	// Event, when set, is told of each event of stream and subscribe as
	// it arrives.
	Event func(sdk.Event)
}

// Response is what came back.
type Response struct {
	Card *sdk.AgentCard // discover; the card used by the others, when fetched
	// Interface is the interface the request went to ("JSONRPC URL").
	Interface string
	// Task is the task as it stands after the request (send, stream,
	// subscribe: as its events left it; get, cancel).
	Task *sdk.Task
	// Message is the agent's direct answer to send or stream.
	Message *sdk.Message
	List    *sdk.ListTasksResponse
	// Resumed counts the times a stream that ended before its task did
	// was taken up again with a subscription.
	Resumed int
	// Effect is the sequence number of the effect entry that recorded
	// the request, when one did.
	Effect int64
}

// Client makes requests of agents. The session's is a chain of
// decorators (Package): GateClient, then RecordClient, then a Remote.
type Client interface {
	Do(ctx context.Context, req *Request) (*Response, error)
}

// Remote speaks to agents over HTTP with the a2a-go SDK, through the
// session's HTTP client (whose transport the gate and the effect recorder
// wrap). It keeps the agent cards it fetched, by URL, for the session.
// A Remote is safe for concurrent use.
type Remote struct {
	HTTP *http.Client

	mu    sync.Mutex
	cards map[string]*sdk.AgentCard
}

// maxResumes bounds the times a stream is resumed in a row without an
// update coming; the first resumption waits resumeFirst, each next one
// twice as long.
const (
	maxResumes  = 5
	resumeFirst = 50 * time.Millisecond
)

// Do implements Client.
func (r *Remote) Do(ctx context.Context, req *Request) (*Response, error) {
	if r.HTTP == nil {
		return nil, errors.New("the session has no network")
	}
	names := make([]string, 0, len(req.Agent.Headers))
	for k := range req.Agent.Headers {
		names = append(names, k)
	}
	ctx = effects.WithSecretHeaders(ctx, names...)
	hc := r.httpClient(req.Agent)
	if req.Op == OpDiscover {
		card, err := r.fetchCard(ctx, hc, req.Agent)
		return &Response{Card: card}, err
	}
	cl, resp, err := r.connect(ctx, hc, req.Agent)
	if err != nil {
		return nil, err
	}
	defer cl.Destroy()
	switch req.Op {
	case OpSend:
		res, err := cl.SendMessage(ctx, req.Message)
		if err != nil {
			return nil, err
		}
		switch v := res.(type) {
		case *sdk.Task:
			resp.Task = v
		case *sdk.Message:
			resp.Message = v
		}
	case OpStream, OpSubscribe:
		err = r.follow(ctx, cl, req, resp)
	case OpGet:
		resp.Task, err = cl.GetTask(ctx, &sdk.GetTaskRequest{ID: req.Task})
	case OpCancel:
		resp.Task, err = cl.CancelTask(ctx, &sdk.CancelTaskRequest{ID: req.Task})
	case OpList:
		resp.List, err = cl.ListTasks(ctx, req.List)
	default:
		err = fmt.Errorf("unknown operation %q", req.Op)
	}
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// follow reads the events of a stream (or a subscription), telling
// req.Event of each, until the task stops (a final state, or input
// needed) or the agent answers with a message. A stream that ends before
// that, or breaks, is taken up again with a subscription to the task.
func (r *Remote) follow(ctx context.Context, cl *a2aclient.Client, req *Request, resp *Response) error {
	var t tracker
	events := cl.SubscribeToTask(ctx, &sdk.SubscribeToTaskRequest{ID: req.Task})
	if req.Op == OpStream {
		events = cl.SendStreamingMessage(ctx, req.Message)
	}
	quiet := 0 // resumes in a row without news
	delay := resumeFirst
	for {
		var err error
		for ev, e := range events {
			if e != nil {
				err = e
				break
			}
			if _, snapshot := ev.(*sdk.Task); !snapshot {
				// an update is news; the task as it stands, which a
				// subscription starts with, is not
				quiet, delay = 0, resumeFirst
			}
			t.add(ev)
			if req.Event != nil {
				req.Event(ev)
			}
		}
		resp.Task, resp.Message = t.task, t.msg
		switch {
		case t.msg != nil || t.task != nil && Stopped(t.task.Status.State):
			return nil
		case ctx.Err() != nil:
			return ctx.Err()
		case t.task == nil && err != nil:
			return err
		case t.task == nil:
			return errors.New("the stream ended before the agent named a task")
		case quiet == maxResumes:
			if err != nil {
				return fmt.Errorf("the stream of task %s ended in state %s and could not be resumed: %w", t.task.ID, StateName(t.task.Status.State), err)
			}
			return fmt.Errorf("the stream of task %s ended in state %s", t.task.ID, StateName(t.task.Status.State))
		}
		quiet++
		resp.Resumed++
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		delay *= 2
		// where the task stands now (it may have stopped meanwhile: a
		// stopped task has no events to subscribe to), then its events
		task, gerr := cl.GetTask(ctx, &sdk.GetTaskRequest{ID: t.task.ID})
		if gerr == nil {
			t.add(task)
			if req.Event != nil {
				req.Event(task)
			}
			if Stopped(task.Status.State) {
				resp.Task = t.task
				return nil
			}
		}
		events = cl.SubscribeToTask(ctx, &sdk.SubscribeToTaskRequest{ID: t.task.ID})
	}
}

// Stopped reports whether a task in state s waits for nothing more from
// its agent: a final state, or input or authentication needed.
func Stopped(s sdk.TaskState) bool {
	return s.Terminal() || s == sdk.TaskStateInputRequired || s == sdk.TaskStateAuthRequired
}

// tracker builds the task from the events of a stream.
type tracker struct {
	task *sdk.Task
	msg  *sdk.Message
}

func (t *tracker) add(ev sdk.Event) {
	switch e := ev.(type) {
	case *sdk.Message:
		t.msg = e
	case *sdk.Task:
		c := *e
		c.Artifacts = slices.Clone(e.Artifacts)
		t.task = &c
	case *sdk.TaskStatusUpdateEvent:
		t.ensure(e.TaskID, e.ContextID)
		t.task.Status = e.Status
	case *sdk.TaskArtifactUpdateEvent:
		t.ensure(e.TaskID, e.ContextID)
		if e.Artifact == nil {
			return
		}
		for i, a := range t.task.Artifacts {
			if a.ID == e.Artifact.ID {
				if e.Append {
					c := *a
					c.Parts = append(slices.Clone(a.Parts), e.Artifact.Parts...)
					t.task.Artifacts[i] = &c
				} else {
					t.task.Artifacts[i] = e.Artifact
				}
				return
			}
		}
		t.task.Artifacts = append(t.task.Artifacts, e.Artifact)
	}
}

func (t *tracker) ensure(id sdk.TaskID, contextID string) {
	if t.task == nil || t.task.ID != id {
		t.task = &sdk.Task{ID: id, ContextID: contextID}
	}
}

// httpClient is the session's client with the agent's headers and the
// protocol version (A2A-Version: 1.0, which the card's request needs
// too) on every request. It has no Timeout (shell.WithHeaders): a
// client-wide timeout would cut streams (a2a-go's own default cuts every
// request at three minutes); requests end with their context.
func (r *Remote) httpClient(a *Agent) *http.Client {
	headers := map[string]string{sdk.SvcParamVersion: string(sdk.Version)}
	for k, v := range a.Headers {
		headers[k] = v
	}
	return shell.WithHeaders(r.HTTP, headers)
}

// The well-known paths of the agent card: the current one, then the one
// of protocol versions before 0.3.
var cardPaths = []string{"/.well-known/agent-card.json", "/.well-known/agent.json"}

// fetchCard fetches the agent's card, under the agent's URL and, when
// that has a path, under its origin; it keeps it for the session.
func (r *Remote) fetchCard(ctx context.Context, hc *http.Client, a *Agent) (*sdk.AgentCard, error) {
	bases := []string{a.URL}
	if u, err := url.Parse(a.URL); err == nil && u.Path != "" && u.Path != "/" {
		bases = append(bases, u.Scheme+"://"+u.Host)
	}
	res := agentcard.NewResolver(hc)
	var first error
	for _, base := range bases {
		for _, p := range cardPaths {
			card, err := res.Resolve(ctx, base, agentcard.WithPath(p))
			if err == nil {
				r.mu.Lock()
				if r.cards == nil {
					r.cards = map[string]*sdk.AgentCard{}
				}
				r.cards[a.URL] = card
				r.mu.Unlock()
				return card, nil
			}
			var st *agentcard.ErrStatusNotOK
			if !errors.As(err, &st) || st.StatusCode != http.StatusNotFound {
				return nil, cardError(err)
			}
			if first == nil {
				first = err
			}
		}
	}
	return nil, fmt.Errorf("no agent card at %s%s (nor %s): %w", a.URL, cardPaths[0], cardPaths[1], first)
}

// cardError drops the SDK's wrapping words from an error of the card's
// request.
func cardError(err error) error {
	if u := errors.Unwrap(err); u != nil {
		var ue *url.Error
		if errors.As(u, &ue) {
			return ue.Err
		}
	}
	return err
}

// connect makes an SDK client for the agent: from its card (kept, or
// fetched now), on the transport the configuration prefers (JSON-RPC,
// then REST, when it says auto); without a card, when a transport is
// configured, on the agent's URL itself.
func (r *Remote) connect(ctx context.Context, hc *http.Client, a *Agent) (*a2aclient.Client, *Response, error) {
	r.mu.Lock()
	card := r.cards[a.URL]
	r.mu.Unlock()
	var cardErr error
	if card == nil {
		card, cardErr = r.fetchCard(ctx, hc, a)
	}
	var prefs []sdk.TransportProtocol
	switch a.Transport {
	case TransportJSONRPC:
		prefs = []sdk.TransportProtocol{sdk.TransportProtocolJSONRPC}
	case TransportREST:
		prefs = []sdk.TransportProtocol{sdk.TransportProtocolHTTPJSON}
	}
	f := a2aclient.NewFactory(
		a2aclient.WithDefaultsDisabled(),
		a2aclient.WithJSONRPCTransport(hc),
		a2aclient.WithRESTTransport(hc),
		a2aclient.WithConfig(a2aclient.Config{PreferredTransports: prefs}),
	)
	var iface *sdk.AgentInterface
	switch {
	case card != nil && len(card.SupportedInterfaces) > 0:
		iface = pickInterface(card.SupportedInterfaces, prefs)
		if iface == nil {
			return nil, nil, fmt.Errorf("the agent card lists no interface moonix speaks (%s of A2A 1.0)", interfaceNames(prefs))
		}
	case len(prefs) == 1:
		card = nil
		iface = sdk.NewAgentInterface(a.URL, prefs[0])
	case cardErr != nil:
		return nil, nil, cardErr
	default:
		return nil, nil, errors.New("the agent card lists no interfaces (configure a transport to use the URL itself)")
	}
	var cl *a2aclient.Client
	var err error
	if card != nil {
		// the card, with the one interface chosen: the SDK reads its
		// capabilities (no streaming: a stream is a send)
		c := *card
		c.SupportedInterfaces = []*sdk.AgentInterface{iface}
		cl, err = f.CreateFromCard(ctx, &c)
	} else {
		cl, err = f.CreateFromEndpoints(ctx, []*sdk.AgentInterface{iface})
	}
	if err != nil {
		return nil, nil, err
	}
	return cl, &Response{Card: card, Interface: string(iface.ProtocolBinding) + " " + iface.URL}, nil
}

// pickInterface is the first interface of a card on a binding moonix
// speaks, of protocol version 1 (or none said), in the order of prefs
// when given, else the card's.
func pickInterface(ifaces []*sdk.AgentInterface, prefs []sdk.TransportProtocol) *sdk.AgentInterface {
	if len(prefs) == 0 {
		prefs = []sdk.TransportProtocol{sdk.TransportProtocolJSONRPC, sdk.TransportProtocolHTTPJSON}
		for _, i := range ifaces {
			if slices.Contains(prefs, i.ProtocolBinding) && speaks(i) {
				return i
			}
		}
		return nil
	}
	for _, p := range prefs {
		for _, i := range ifaces {
			if i.ProtocolBinding == p && speaks(i) {
				return i
			}
		}
	}
	return nil
}

func speaks(i *sdk.AgentInterface) bool {
	v := string(i.ProtocolVersion)
	return v == "" || v == "1" || strings.HasPrefix(v, "1.")
}

func interfaceNames(prefs []sdk.TransportProtocol) string {
	if len(prefs) == 1 {
		return string(prefs[0])
	}
	return "JSONRPC or HTTP+JSON"
}
