package shell

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
)

// DefaultHTTPMaxBody bounds a response body unless Config.HTTPMaxBody
// says otherwise.
const DefaultHTTPMaxBody = 64 << 20

// newHTTPClient is a session's one HTTP client, the only way its commands
// reach the network, built of decorators on one transport, outside in:
//
//  1. the gate (caps.Gate.RoundTripper): every request needs net.connect
//     on its URL's host:port and on the addresses that name stands for,
//     checked per request, so that a redirect, or a connection kept alive
//     from before a host was dropped, is covered; a refused request stops
//     here, audited, and is never recorded as an effect;
//  2. the effect recorder (effects.Transport): every request that passed
//     the gate is a begin entry before it is sent and an end entry when
//     its response is read, secrets redacted, bodies stored;
//  3. Go's transport, whose every connection needs net.connect on the
//     address as dialed and dials only the addresses the gate checked
//     (caps.Gate.Dial); dial and lookup are the host's dialer and
//     resolver, and without a dialer the session has no network (and
//     looks up nothing).
//
// It never reads the host's proxy settings. Compression and the number of
// redirects are the caller's (curl --compressed, --max-redirs; Go's
// default of 10 redirects otherwise).
func newHTTPClient(g *caps.Gate, dial caps.DialFunc, lookup caps.LookupFunc, log *effects.Log, maxBody int64) *http.Client {
	tr := &lazyTransport{make: func() *http.Transport {
		return &http.Transport{
			Proxy:                 nil,
			DialContext:           g.Dial(dial, lookup),
			ForceAttemptHTTP2:     true,
			DisableCompression:    true,
			MaxIdleConns:          16,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   30 * time.Second,
			ExpectContinueTimeout: time.Second,
		}
	}}
	if dial == nil {
		lookup = nil // no network: nothing to look up
	}
	return &http.Client{Transport: g.RoundTripper(effects.Transport(tr, log, maxBody), lookup)}
}

// lazyTransport is an http.Transport made on the first request. Most
// sessions never reach the network, and closing the idle connections of
// a transport that never had one still configures its HTTP/2. Safe for
// concurrent use.
type lazyTransport struct {
	once sync.Once
	make func() *http.Transport
	tr   atomic.Pointer[http.Transport]
}

func (l *lazyTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	l.once.Do(func() { l.tr.Store(l.make()) })
	return l.tr.Load().RoundTrip(req)
}

// CloseIdleConnections closes those of the transport once it is made;
// before, there are none.
func (l *lazyTransport) CloseIdleConnections() {
	if tr := l.tr.Load(); tr != nil {
		tr.CloseIdleConnections()
	}
}

// WithHeaders returns a copy of client whose every request carries
// headers (set, replacing a header of the same name): the headers a
// protocol client's configuration gives a server or an agent. Like the
// session's client, the copy has no overall Timeout, which would cut
// long streams; requests end with their contexts.
func WithHeaders(client *http.Client, headers map[string]string) *http.Client {
	c := *client
	next := client.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = headerTransport{next: next, headers: headers}
	c.Timeout = 0
	return &c
}

type headerTransport struct {
	next    http.RoundTripper
	headers map[string]string
}

func (t headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	for k, v := range t.headers {
		req.Header.Set(k, v)
	}
	return t.next.RoundTrip(req)
}

// ServeHTTP serves h (a session served to agents: mcp serve, a2a serve)
// on ln until ctx ends, then shuts the server down, waiting at most
// grace for the requests under way. It returns what stopped it before
// ctx ended, if anything did.
func ServeHTTP(ctx context.Context, ln net.Listener, h http.Handler, grace time.Duration) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	srv.Shutdown(sctx)
	return nil
}
