package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
)

// Outcomes of a request, as its end entry records them.
const (
	OutcomeOK             = effects.OutcomeOK
	OutcomeToolError      = "tool_error"
	OutcomeRPCError       = "rpc_error"
	OutcomeTimeout        = "timeout"
	OutcomeCancelled      = "cancelled"
	OutcomeTransportError = "transport_error"
	OutcomeInputRequired  = "input_required"
)

// Outcome classifies how a request ended.
func Outcome(resp *Response, err error) string {
	var we *jsonrpc.Error
	switch {
	case err == nil && resp != nil && resp.Call != nil && resp.Call.NeedsInput():
		return OutcomeInputRequired
	case err == nil && resp != nil && resp.Call != nil && resp.Call.IsError:
		return OutcomeToolError
	case err == nil:
		return OutcomeOK
	case errors.Is(err, context.DeadlineExceeded):
		return OutcomeTimeout
	case errors.Is(err, context.Canceled):
		return OutcomeCancelled
	case caps.IsDenied(err):
		return effects.OutcomeDenied
	case errors.As(err, &we):
		return OutcomeRPCError
	}
	return OutcomeTransportError
}

// RecordClient wraps next so that every request that reaches a server is
// an effect of kind mcp (what next can answer from its Cache is none): a begin entry before it is sent (its arguments redacted as curl's
// request bodies are, kept whole in the log's store) and an end entry
// after (the outcome, and the result's digest and size, the result kept
// in the store). A request the log cannot record is not sent. The
// response says which entry recorded it (Response.Effect), where the
// whole result is.
func RecordClient(log *effects.Log, next Client) Client { return recordedClient{log, next} }

type recordedClient struct {
	log  *effects.Log
	next Client
}

func (c recordedClient) Do(ctx context.Context, req *Request) (*Response, error) {
	if cache, ok := c.next.(Cache); ok {
		if resp, ok := cache.Cached(req); ok {
			return resp, nil // nothing reached a server: no effect
		}
	}
	target := req.Target()
	if req.Method != MethodCallTool && req.Method != MethodInfo {
		target += " " + req.Method
		if req.Name != "" {
			target += " " + req.Name
		}
	}
	p := &effects.Payload{Summary: req.Method, Fields: argFields(req.Args)}
	if len(req.Args) > 0 {
		body, _ := json.Marshal(req.Args)
		stored := effects.RedactBody("application/json", body)
		d, err := c.log.Store(stored)
		if err != nil {
			return nil, err
		}
		p.Digest, p.Size = d, int64(len(stored))
	}
	op, err := c.log.Begin(effects.MCP, target, p)
	if err != nil {
		return nil, err
	}
	resp, err := c.next.Do(ctx, req)
	outcome := Outcome(resp, err)
	end := &effects.Payload{}
	if err != nil {
		end.Summary = oneLine(err)
	} else {
		end.Summary = summary(req.Method, resp)
		body, _ := json.Marshal(resp.Result(req.Method))
		stored := effects.RedactBody("application/json", body)
		if d, serr := c.log.Store(stored); serr != nil {
			end.Summary += " (result not kept: " + serr.Error() + ")"
		} else {
			end.Digest, end.Size = d, int64(len(stored))
		}
		resp.Effect = strconv.FormatInt(op.Seq(), 10)
	}
	op.End(outcome, end)
	return resp, err
}

// argFields flattens the top-level arguments for the entry, secrets
// redacted.
func argFields(args map[string]any) map[string]string {
	if len(args) == 0 {
		return nil
	}
	out := make(map[string]string, len(args))
	for k, v := range args {
		s, ok := v.(string)
		if !ok {
			b, _ := json.Marshal(v)
			s = string(b)
		}
		if len(s) > 200 {
			s = s[:200] + "..."
		}
		out[k] = s
	}
	return effects.RedactFields(out)
}

// summary says in a few words what came back.
func summary(method string, resp *Response) string {
	switch method {
	case MethodListTools:
		return strconv.Itoa(len(resp.Tools)) + " tools"
	case MethodListResources:
		return strconv.Itoa(len(resp.Resources)) + " resources"
	case MethodListPrompts:
		return strconv.Itoa(len(resp.Prompts)) + " prompts"
	case MethodCallTool:
		if resp.Call.IsError {
			return "isError"
		}
		return strconv.Itoa(len(resp.Call.Content)) + " content blocks"
	}
	if resp.Info != nil && resp.Info.ServerInfo != nil {
		return resp.Info.ServerInfo.Name + " " + resp.Info.ServerInfo.Version + " (" + resp.Info.ProtocolVersion + ")"
	}
	return ""
}

// RecordStarter wraps next so that starting a host program (a stdio
// server) is an effect of kind process: a begin entry before it starts
// (the command line; the names of the variables it is given, their
// values left out), an end entry once it runs (its pid) or failed.
func RecordStarter(log *effects.Log, next Starter) Starter { return recordedStarter{log, next} }

type recordedStarter struct {
	log  *effects.Log
	next Starter
}

func (s recordedStarter) Start(ctx context.Context, srv *Server, stderr io.Writer) (sdk.Transport, Process, error) {
	if srv.Transport() != "stdio" {
		return s.next.Start(ctx, srv, stderr)
	}
	fields := map[string]string{"server": srv.Name}
	if srv.Cwd != "" {
		fields["cwd"] = srv.Cwd
	}
	if len(srv.Env) > 0 {
		names := make([]string, 0, len(srv.Env))
		for k := range srv.Env {
			names = append(names, k)
		}
		slices.Sort(names)
		fields["env"] = strings.Join(names, " ")
	}
	line := strings.Join(append([]string{srv.Command}, srv.Args...), " ")
	op, err := s.log.Begin(effects.Process, line, &effects.Payload{Summary: "spawn", Fields: fields})
	if err != nil {
		return nil, nil, err
	}
	tr, proc, err := s.next.Start(ctx, srv, stderr)
	if err != nil {
		op.End("error: "+oneLine(err), nil)
		return nil, nil, err
	}
	end := &effects.Payload{Summary: "started"}
	if proc != nil && proc.Pid() > 0 {
		end.Summary = "pid " + strconv.Itoa(proc.Pid())
	}
	op.End(effects.OutcomeOK, end)
	return tr, proc, nil
}

// RecordInbound is a middleware for moonix's own server: every tool call
// an MCP client makes is an entry of kind mcp-in, begun when the call
// arrives (the tool, its arguments redacted) and ended when it is
// answered (ok, tool_error or rpc_error), so that effects shows what an
// agent did.
func RecordInbound(log *effects.Log) sdk.Middleware {
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			ctr, ok := req.(*sdk.CallToolRequest)
			if !ok || ctr.Params == nil {
				return next(ctx, method, req)
			}
			var args map[string]any
			json.Unmarshal(ctr.Params.Arguments, &args)
			p := &effects.Payload{Summary: method, Fields: argFields(args)}
			op, err := log.Begin(effects.MCPIn, ctr.Params.Name, p)
			if err != nil {
				return nil, err
			}
			res, err := next(ctx, method, req)
			outcome := effects.OutcomeOK
			if ctr, ok := res.(*sdk.CallToolResult); ok && ctr != nil && ctr.IsError {
				outcome = OutcomeToolError
			}
			if err != nil {
				outcome = OutcomeRPCError
			}
			op.End(outcome, nil)
			return res, err
		}
	}
}
