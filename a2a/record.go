package a2a

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
)

// RecordClient wraps next so that every request is an effect of kind a2a,
// target "AGENT OP": a begin entry before it is sent (the agent, its URL,
// the message's id, task and context, the names of the headers sent but
// never their values; the message kept in the log's store) and an end
// entry after (the outcome: the task's state, "message" for a direct
// answer, "ok", or what went wrong; the interface used, the task and
// context ids, each artifact's digest and size, the artifacts and the
// whole answer kept in the store). A request the log cannot record is not
// sent. The response says which entry recorded it (Response.Effect).
func RecordClient(log *effects.Log, next Client) Client { return recordedClient{log, next} }

type recordedClient struct {
	log  *effects.Log
	next Client
}

func (c recordedClient) Do(ctx context.Context, req *Request) (*Response, error) {
	fields := map[string]string{"agent": req.Agent.Label(), "url": effects.RedactURL(req.Agent.URL)}
	if len(req.Agent.Headers) > 0 {
		names := make([]string, 0, len(req.Agent.Headers))
		for k := range req.Agent.Headers {
			names = append(names, k)
		}
		slices.Sort(names)
		fields["headers"] = strings.Join(names, " ")
	}
	if req.Task != "" {
		fields["task_id"] = string(req.Task)
	}
	p := &effects.Payload{Summary: string(req.Op), Fields: fields}
	if m := req.Message; m != nil && m.Message != nil {
		fields["message_id"] = m.Message.ID
		setID(fields, "task_id", string(m.Message.TaskID))
		setID(fields, "context_id", m.Message.ContextID)
		d, size, err := c.store(m)
		if err != nil {
			return nil, &effects.RecordError{Err: err}
		}
		p.Digest, p.Size = d, size
	}
	op, err := c.log.Begin(effects.A2A, req.Agent.Label()+" "+string(req.Op), p)
	if err != nil {
		return nil, &effects.RecordError{Err: err}
	}
	resp, err := c.next.Do(ctx, req)
	if err != nil {
		op.End(errOutcome(ctx, err), &effects.Payload{Summary: oneLine(err)})
		return nil, err
	}
	outcome, end := c.summary(resp)
	op.End(outcome, end)
	resp.Effect = op.Seq()
	return resp, nil
}

func setID(fields map[string]string, k, v string) {
	if v != "" {
		fields[k] = v
	}
}

// store keeps v's JSON, redacted, in the log's store.
func (c recordedClient) store(v any) (string, int64, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return "", 0, err
	}
	stored := effects.RedactBody("application/json", body)
	d, err := c.log.Store(stored)
	return d, int64(len(stored)), err
}

// summary is the outcome and end payload of a request that got an
// answer.
func (c recordedClient) summary(resp *Response) (string, *effects.Payload) {
	fields := map[string]string{}
	setID(fields, "interface", resp.Interface)
	p := &effects.Payload{Fields: fields}
	outcome := effects.OutcomeOK
	var answer any
	switch {
	case resp.Task != nil:
		t := resp.Task
		answer = t
		outcome = StateName(t.Status.State)
		fields["task_id"], fields["state"] = string(t.ID), outcome
		setID(fields, "context_id", t.ContextID)
		p.Summary = fmt.Sprintf("task %s %s, %d artifacts", t.ID, outcome, len(t.Artifacts))
		for i, a := range t.Artifacts {
			key := "artifact." + strconv.Itoa(i)
			if a.Name != "" {
				key += "." + a.Name
			}
			if d, size, err := c.store(a); err == nil {
				fields[key] = d + " " + strconv.FormatInt(size, 10)
			} else {
				fields[key] = "not kept: " + err.Error()
			}
		}
		if resp.Resumed > 0 {
			fields["resumed"] = strconv.Itoa(resp.Resumed)
		}
	case resp.Message != nil:
		answer = resp.Message
		outcome = "message"
		fields["message_id"] = resp.Message.ID
		setID(fields, "context_id", resp.Message.ContextID)
		p.Summary = fmt.Sprintf("message, %d parts", len(resp.Message.Parts))
	case resp.List != nil:
		answer = resp.List
		p.Summary = strconv.Itoa(len(resp.List.Tasks)) + " tasks"
	case resp.Card != nil:
		answer = resp.Card
		p.Summary = resp.Card.Name + " " + resp.Card.Version
	}
	if answer != nil {
		if d, size, err := c.store(answer); err == nil {
			p.Digest, p.Size = d, size
		} else {
			p.Summary += " (answer not kept: " + err.Error() + ")"
		}
	}
	return outcome, p
}

// errOutcome words how a request that got no answer ended.
func errOutcome(ctx context.Context, err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "interrupted"
	case caps.IsDenied(err):
		return effects.OutcomeDenied
	}
	var ae *sdk.Error
	if errors.As(err, &ae) {
		return "error: " + sdk.ErrorReason(ae)
	}
	msg := oneLine(err)
	if len(msg) > 80 {
		msg = strings.ToValidUTF8(msg[:77], "") + "..."
	}
	return "error: " + msg
}

// oneLine is the first line of err's text.
func oneLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}
