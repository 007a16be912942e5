package a2a

import (
	"context"
	"iter"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// testAgent is an a2a-go agent whose behaviour the message's first word
// chooses:
//
//	echo WORDS   completes with one artifact "echo": WORDS, streamed a
//	             word at a time (appended chunks)
//	slow WORDS   the same, 30ms a word
//	reply WORDS  answers with a message, no task
//	fail WHY     fails, WHY in the status message
//	ask          asks for input; the next message of the task completes
//	             it with "got TEXT" (and "in its context" when the
//	             message names the task's context)
//	hold         works until canceled (or 10s)
//	file         completes with a file part out.txt and a data part
//	silent       completes with no artifact, "done quietly" in its status
type testAgent struct{}

func (testAgent) Execute(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[sdk.Event, error] {
	return func(yield func(sdk.Event, error) bool) {
		text := partsText(ec.Message.Parts)
		word, rest, _ := strings.Cut(text, " ")
		if ec.StoredTask != nil && ec.StoredTask.Status.State == sdk.TaskStateInputRequired {
			word, rest = "continue", text
		}
		if word == "reply" {
			yield(sdk.NewMessage(sdk.MessageRoleAgent, sdk.NewTextPart(rest)), nil)
			return
		}
		if ec.StoredTask == nil && !yield(sdk.NewSubmittedTask(ec, ec.Message), nil) {
			return
		}
		if !yield(sdk.NewStatusUpdateEvent(ec, sdk.TaskStateWorking, nil), nil) {
			return
		}
		final := sdk.TaskStateCompleted
		var msg *sdk.Message
		switch word {
		case "echo", "slow":
			var id sdk.ArtifactID
			for i, w := range strings.Fields(rest) {
				if i > 0 {
					w = " " + w
				}
				ev := sdk.NewArtifactEvent(ec, sdk.NewTextPart(w))
				if id == "" {
					id = ev.Artifact.ID
					ev.Artifact.Name = "echo"
				} else {
					ev = sdk.NewArtifactUpdateEvent(ec, id, sdk.NewTextPart(w))
					ev.Append = true
				}
				if !yield(ev, nil) {
					return
				}
				if word == "slow" {
					time.Sleep(30 * time.Millisecond)
				}
			}
		case "fail":
			final, msg = sdk.TaskStateFailed, sdk.NewMessage(sdk.MessageRoleAgent, sdk.NewTextPart(rest))
		case "ask":
			final, msg = sdk.TaskStateInputRequired, sdk.NewMessage(sdk.MessageRoleAgent, sdk.NewTextPart("what colour?"))
		case "continue":
			if ec.Message.ContextID == ec.StoredTask.ContextID {
				rest += " in its context"
			}
			if !yield(sdk.NewArtifactEvent(ec, sdk.NewTextPart("got "+rest)), nil) {
				return
			}
		case "hold":
			select {
			case <-ctx.Done():
				return
			case <-time.After(10 * time.Second):
			}
		case "file":
			f := sdk.NewRawPart([]byte("file body\n"))
			f.Filename, f.MediaType = "../out.txt", "text/plain"
			if !yield(sdk.NewArtifactEvent(ec, f, sdk.NewDataPart(map[string]any{"n": 1})), nil) {
				return
			}
		case "silent":
			msg = sdk.NewMessage(sdk.MessageRoleAgent, sdk.NewTextPart("done quietly"))
		}
		yield(sdk.NewStatusUpdateEvent(ec, final, msg), nil)
	}
}

func (testAgent) Cancel(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[sdk.Event, error] {
	return func(yield func(sdk.Event, error) bool) {
		yield(sdk.NewStatusUpdateEvent(ec, sdk.TaskStateCanceled, nil), nil)
	}
}

// agentServer serves testAgent over JSON-RPC (/jsonrpc) and REST
// (/rest), its card at the well-known path, and keeps the headers of
// the requests it got.
type agentServer struct {
	*httptest.Server
	mu      sync.Mutex
	headers []http.Header
}

func (s *agentServer) seen() []http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]http.Header(nil), s.headers...)
}

func newAgentServer(t *testing.T, streaming bool) *agentServer {
	t.Helper()
	s := &agentServer{}
	h := a2asrv.NewHandler(testAgent{}, a2asrv.WithCallInterceptors(anyone{}), a2asrv.WithLogger(slog.New(slog.DiscardHandler)))
	mux := http.NewServeMux()
	mux.Handle("/jsonrpc", a2asrv.NewJSONRPCHandler(h))
	mux.Handle("/rest/", http.StripPrefix("/rest", a2asrv.NewRESTHandler(h)))
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.headers = append(s.headers, r.Header.Clone())
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	card := &sdk.AgentCard{
		Name: "test agent", Description: "does what the first word says\nand more", Version: "1.2.3",
		SupportedInterfaces: []*sdk.AgentInterface{
			sdk.NewAgentInterface(s.URL+"/jsonrpc", sdk.TransportProtocolJSONRPC),
			sdk.NewAgentInterface(s.URL+"/rest", sdk.TransportProtocolHTTPJSON),
		},
		Capabilities:       sdk.AgentCapabilities{Streaming: streaming},
		DefaultInputModes:  []string{"text/plain"},
		DefaultOutputModes: []string{"text/plain"},
		Skills:             []sdk.AgentSkill{{ID: "echo", Name: "echo", Description: "says it back"}},
	}
	mux.Handle(a2asrv.WellKnownAgentCardPath, a2asrv.NewStaticAgentCardHandler(card))
	t.Cleanup(s.Close)
	return s
}

// anyone lets every caller list tasks (the SDK's task store lists only
// an authenticated user's).
type anyone struct{}

func (anyone) Before(ctx context.Context, cc *a2asrv.CallContext, req *a2asrv.Request) (context.Context, any, error) {
	cc.User = a2asrv.NewAuthenticatedUser("anyone", nil)
	return ctx, nil, nil
}

func (anyone) After(ctx context.Context, cc *a2asrv.CallContext, resp *a2asrv.Response) error {
	return nil
}
