package shell

import (
	"net/http"
	"time"

	"github.com/moonix-sh/moonix/caps"
)

// DefaultHTTPMaxBody bounds a response body unless Config.HTTPMaxBody
// says otherwise.
const DefaultHTTPMaxBody = 64 << 20

// newHTTPClient is a session's one HTTP client. Every request it sends
// needs net.connect on its URL's host:port (checked per request, so that
// a redirect, or a connection kept alive from before a host was dropped,
// is covered), and every connection it opens needs it on the address as
// dialed, checked before anything is looked up or connected, and no
// denial on the addresses the name is looked up to (caps.Gate.Dial); dial
// and lookup are the host's dialer and resolver, and without a dialer the
// session has no network. It never
// reads the host's proxy settings. Compression and the number of
// redirects are the caller's (curl --compressed, --max-redirs; Go's
// default of 10 redirects otherwise).
func newHTTPClient(g *caps.Gate, dial caps.DialFunc, lookup caps.LookupFunc) *http.Client {
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           g.Dial(dial, lookup),
		ForceAttemptHTTP2:     true,
		DisableCompression:    true,
		MaxIdleConns:          16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   30 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	return &http.Client{Transport: g.RoundTripper(tr)}
}
