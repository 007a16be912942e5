package caps

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestURLAddr(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{
		"http://example.com/x":      "example.com:80",
		"https://example.com":       "example.com:443",
		"HTTPS://Example.com:8443/": "Example.com:8443",
		"http://127.0.0.1:9/":       "127.0.0.1:9",
		"http://[::1]/":             "[::1]:80",
		"https://[2001:db8::1]:4/":  "[2001:db8::1]:4",
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := URLAddr(u); got != want {
			t.Errorf("URLAddr(%s) = %q, want %q", raw, got, want)
		}
	}
}

// netGate allows net.connect to example.com on 443 and to 10.0.0.0/8,
// and collects denials.
func netGate(t *testing.T) (*Gate, *[]string) {
	t.Helper()
	set := NewSet(nil, nil)
	for _, s := range []string{"net.connect:example.com:443", "net.connect:10.0.0.0/8", "net.connect:[::1]:*"} {
		c, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		set.Allow(c)
	}
	var denials []string
	return NewGate(set, func(d *DeniedError) { denials = append(denials, d.Error()) }), &denials
}

func TestGateDial(t *testing.T) {
	t.Parallel()
	g, denials := netGate(t)
	var dialed []string
	next := func(_ context.Context, network, addr string) (net.Conn, error) {
		dialed = append(dialed, addr)
		c, _ := net.Pipe()
		return c, nil
	}
	dial := g.Dial(next)
	for addr, allowed := range map[string]bool{
		"example.com:443": true, "EXAMPLE.com:443": true, "example.com:80": false,
		"www.example.com:443": false, "10.1.2.3:22": true, "11.0.0.1:22": false,
		"[::1]:8080": true, "[::2]:8080": false,
	} {
		dialed, *denials = nil, nil
		c, err := dial(context.Background(), "tcp", addr)
		if allowed {
			if err != nil || len(dialed) != 1 {
				t.Errorf("%s: %v (dialed %v), want a connection", addr, err, dialed)
			}
			if c != nil {
				c.Close()
			}
			continue
		}
		var d *DeniedError
		if !errors.As(err, &d) || d.Op != "connect" || d.Path != addr || d.Cap != (Cap{NetConnect, addr}) {
			t.Errorf("%s: %v, want a denial naming net.connect:%s", addr, err, addr)
		}
		if len(dialed) != 0 {
			t.Errorf("%s: denied but dialed", addr)
		}
		if len(*denials) != 1 {
			t.Errorf("%s: %d denials audited", addr, len(*denials))
		}
	}
	if _, err := g.Dial(nil)(context.Background(), "tcp", "example.com:443"); !errors.Is(err, ErrNoNetwork) {
		t.Errorf("no dialer: %v, want ErrNoNetwork", err)
	}
	if _, err := g.Dial(nil)(context.Background(), "tcp", "example.com:80"); !IsDenied(err) {
		t.Errorf("no dialer, denied host: %v, want the denial first", err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

type closeBody struct {
	io.Reader
	closed bool
}

func (c *closeBody) Close() error { c.closed = true; return nil }

func TestGateRoundTripper(t *testing.T) {
	t.Parallel()
	g, denials := netGate(t)
	sent := 0
	rt := g.RoundTripper(roundTripFunc(func(r *http.Request) (*http.Response, error) {
		sent++
		return &http.Response{StatusCode: 200, Body: http.NoBody, Request: r}, nil
	}))
	body := &closeBody{Reader: strings.NewReader("x")}
	req, _ := http.NewRequest("POST", "http://example.com/", body)
	if _, err := rt.RoundTrip(req); !IsDenied(err) || err.Error() != "connect example.com:80: permission denied (needs net.connect:example.com:80)" {
		t.Errorf("http://example.com/: %v, want a denial", err)
	}
	if sent != 0 || !body.closed || len(*denials) != 1 {
		t.Errorf("denied request: sent %d, body closed %v, %d denials", sent, body.closed, len(*denials))
	}
	req, _ = http.NewRequest("GET", "https://example.com/x", nil)
	if resp, err := rt.RoundTrip(req); err != nil || resp.StatusCode != 200 || sent != 1 {
		t.Errorf("https://example.com/x: %v, sent %d", err, sent)
	}
}
