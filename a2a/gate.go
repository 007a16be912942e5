package a2a

import (
	"context"
	"net/url"

	"github.com/moonix-sh/moonix/caps"
)

// GateClient wraps next so that every request needs a2a.delegate on the
// agent (its name, or the host of its URL) and net.connect on the
// host:port of its URL, both checked before anything is recorded or
// sent. The session's HTTP client checks net.connect again on every
// request it makes (the card's, the interface's the card names). A
// denial is returned as the gate's *caps.DeniedError.
func GateClient(check caps.CheckFunc, next Client) Client { return gatedClient{check, next} }

type gatedClient struct {
	check caps.CheckFunc
	next  Client
}

func (c gatedClient) Do(ctx context.Context, req *Request) (*Response, error) {
	if err := c.check(caps.A2ADelegate, string(req.Op), req.Agent.Target()); err != nil {
		return nil, err
	}
	if u, err := url.Parse(req.Agent.URL); err == nil {
		if err := c.check(caps.NetConnect, "connect", caps.URLAddr(u)); err != nil {
			return nil, err
		}
	}
	return c.next.Do(ctx, req)
}
