package caps

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// DialFunc opens a network connection, as net.Dialer.DialContext does.
// The host's dialer is the only one that reaches the network; the gate
// wraps it.
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// Dial wraps next so that every connection needs net.connect on its
// address as dialed ("host:port", the name before any lookup, "[v6]:port"
// for IPv6): a denied address is refused before next is called, so no
// name is looked up and nothing is connected. The denial is a
// *DeniedError with Op "connect". A nil next means the session has no
// network: an allowed address then fails with ErrNoNetwork.
func (g *Gate) Dial(next DialFunc) DialFunc {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if err := g.Check(NetConnect, "connect", addr); err != nil {
			return nil, err
		}
		if next == nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: ErrNoNetwork}
		}
		return next(ctx, network, addr)
	}
}

// ErrNoNetwork is why a session without a host dialer cannot connect.
var ErrNoNetwork = errors.New("no network in this session")

// URLAddr is the address a request for u dials, the target net.connect is
// checked on: the host with the URL's port, or the scheme's (80 for http,
// 443 for https), IPv6 in brackets.
func URLAddr(u *url.URL) string {
	port := u.Port()
	if port == "" {
		switch strings.ToLower(u.Scheme) {
		case "https":
			port = "443"
		default:
			port = "80"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// RoundTripper wraps next so that every HTTP request needs net.connect on
// the address its URL names (URLAddr), checked before next sees it. Dial
// checks connections; this checks requests, which matters when next
// would carry one over a connection opened before the set dropped that
// host, and for each redirect.
func (g *Gate) RoundTripper(next http.RoundTripper) http.RoundTripper {
	return gatedTransport{g: g, next: next}
}

type gatedTransport struct {
	g    *Gate
	next http.RoundTripper
}

func (t gatedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := t.g.Check(NetConnect, "connect", URLAddr(req.URL)); err != nil {
		if req.Body != nil {
			req.Body.Close() // a RoundTripper must close the body, even on error
		}
		return nil, err
	}
	return t.next.RoundTrip(req)
}

// CloseIdleConnections passes on to next, so that http.Client's reaches
// the transport underneath.
func (t gatedTransport) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}
