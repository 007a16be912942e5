package caps

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
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
	dial := g.Dial(next, fakeLookup)
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
	if _, err := g.Dial(nil, fakeLookup)(context.Background(), "tcp", "example.com:443"); !errors.Is(err, ErrNoNetwork) {
		t.Errorf("no dialer: %v, want ErrNoNetwork", err)
	}
	if _, err := g.Dial(nil, fakeLookup)(context.Background(), "tcp", "example.com:80"); !IsDenied(err) {
		t.Errorf("no dialer, denied host: %v, want the denial first", err)
	}
}

// fakeLookup is a resolver for the tests: example.com is a public
// address, loopy.example loopback, mixed.example both, the rest unknown.
func fakeLookup(_ context.Context, host string) ([]netip.Addr, error) {
	switch strings.ToLower(host) {
	case "example.com":
		return []netip.Addr{netip.MustParseAddr("93.184.215.14")}, nil
	case "loopy.example":
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	case "mixed.example":
		return []netip.Addr{netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("::1")}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// A deny by address or range holds whatever the spelling of the address
// and whatever name leads to it: the gate checks what it connects to, and
// connects to what it checked. (It matched the address as written:
// 0.0.0.0 reached a loopback server past a denial of 127.0.0.0/8.)
func TestGateDialChecksAddresses(t *testing.T) {
	t.Parallel()
	set := NewSet(nil, nil)
	for _, s := range []string{"net.connect:*"} {
		set.Allow(mustParse(t, s))
	}
	for _, s := range []string{"net.connect:127.0.0.0/8", "net.connect:localhost", "net.connect:[::1]", "net.connect:10.9.9.9"} {
		set.Deny(mustParse(t, s))
	}
	var denials []string
	g := NewGate(set, func(d *DeniedError) { denials = append(denials, d.Error()) })
	var dialed []string
	dial := g.Dial(func(_ context.Context, network, addr string) (net.Conn, error) {
		dialed = append(dialed, addr)
		c, _ := net.Pipe()
		return c, nil
	}, fakeLookup)
	for _, tc := range []struct{ addr, dialed, denied string }{
		{"0.0.0.0:8080", "", "0.0.0.0:8080"},
		{"127.1:8080", "", "127.1:8080"},
		{"127.0.0.01:8080", "", "127.0.0.01:8080"},
		{"0177.0.0.1:8080", "", "0177.0.0.1:8080"},
		{"0x7f.1:8080", "", "0x7f.1:8080"},
		{"0x7f000001:8080", "", "0x7f000001:8080"},
		{"2130706433:8080", "", "2130706433:8080"},
		{"[::ffff:127.0.0.1]:8080", "", "[::ffff:127.0.0.1]:8080"},
		{"[::ffff:7f00:1]:8080", "", "[::ffff:7f00:1]:8080"},
		{"[::1]:8080", "", "[::1]:8080"},
		{"[::]:8080", "", "[::]:8080"},
		{"[0:0:0:0:0:0:0:1]:8080", "", "[0:0:0:0:0:0:0:1]:8080"},
		{"localhost:8080", "", "localhost:8080"},
		{"LocalHost.:8080", "", "LocalHost.:8080"},
		{"loopy.example:8080", "", "127.0.0.1:8080"},
		{"mixed.example:443", "", "[::1]:443"},
		{"10.9.9.9:1", "", "10.9.9.9:1"},
		{"012.011.011.011:1", "", "012.011.011.011:1"},
		{"168364297:1", "", "168364297:1"},
		{"example.com:443", "93.184.215.14:443", ""},
		{"10.1.2.3:22", "10.1.2.3:22", ""},
		{"0x0a.1.2.3:22", "10.1.2.3:22", ""},
		{"[::ffff:10.1.2.3]:22", "10.1.2.3:22", ""},
	} {
		dialed, denials = nil, nil
		c, err := dial(context.Background(), "tcp", tc.addr)
		if tc.denied == "" {
			if err != nil || len(dialed) != 1 || dialed[0] != tc.dialed {
				t.Errorf("%s: %v (dialed %v), want a connection to %s", tc.addr, err, dialed, tc.dialed)
			}
			if c != nil {
				c.Close()
			}
			continue
		}
		// the denial names the address as written, or for a name, the
		// address it was looked up to
		want := "connect " + tc.addr + ": permission denied (needs net.connect:" + tc.denied + ")"
		if !IsDenied(err) || !strings.EqualFold(err.Error(), want) || len(dialed) != 0 || len(denials) != 1 {
			t.Errorf("%s: %v (dialed %v, audited %q), want %s", tc.addr, err, dialed, denials, want)
		}
	}
	// A name is looked up only when it may be connected to, so a lookup
	// tells nobody a name the set does not allow.
	looked := 0
	g2 := NewGate(NewSet([]Cap{mustParse(t, "net.connect:10.0.0.0/8")}, nil), nil)
	_, err := g2.Dial(func(context.Context, string, string) (net.Conn, error) { return nil, errors.New("dialed") },
		func(ctx context.Context, host string) ([]netip.Addr, error) { looked++; return fakeLookup(ctx, host) })(context.Background(), "tcp", "secret.attacker.example:80")
	if !IsDenied(err) || looked != 0 {
		t.Errorf("a name not allowed: %v, looked up %d times", err, looked)
	}
	// Without a resolver, names cannot be resolved.
	var dns *net.DNSError
	if _, err := g.Dial(func(context.Context, string, string) (net.Conn, error) { return nil, errors.New("dialed") }, nil)(context.Background(), "tcp", "example.com:443"); !errors.As(err, &dns) {
		t.Errorf("no resolver: %v, want a DNS error", err)
	}
}

// Addresses in a rule are read in any spelling too, and written back the
// usual way; caps check answers for what an address connects to.
func TestAddressPatterns(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"net.connect:127.1": "net.connect:127.0.0.1", "net.connect:2130706433:80": "net.connect:127.0.0.1:80",
		"net.connect:[::ffff:127.0.0.1]:*": "net.connect:127.0.0.1:*", "net.connect:::1": "net.connect:[::1]",
		"net.connect:10.0.0.0/8": "net.connect:10.0.0.0/8", "net.connect:Example.com:443": "net.connect:Example.com:443",
	} {
		if got := mustParse(t, in).String(); got != want {
			t.Errorf("Parse(%q) = %q, want %q", in, got, want)
		}
	}
	set := NewSet([]Cap{mustParse(t, "net.connect:*")}, []Cap{mustParse(t, "net.connect:127.0.0.0/8")})
	for target, allowed := range map[string]bool{
		"0.0.0.0:80": false, "127.1:80": false, "[::ffff:127.0.0.1]:80": false, "[::1]:80": true,
		"128.0.0.1:80": true, "localhost:80": true, "2130706432:80": false, "2164260864:80": true,
	} {
		if set.Allows(NetConnect, target) != allowed {
			t.Errorf("%s: allowed %v, want %v", target, !allowed, allowed)
		}
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
	}), nil)
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

// TestGateRoundTripperChecksAddresses: a request whose name leads to a
// denied address is refused before the transport under the gate (the
// effect recorder) sees it, and an allowed one is dialed at the addresses
// the gate looked up, without a second lookup.
func TestGateRoundTripperChecksAddresses(t *testing.T) {
	t.Parallel()
	set := NewSet(nil, nil)
	set.Allow(mustParse(t, "net.connect:*"))
	set.Deny(mustParse(t, "net.connect:127.0.0.0/8"))
	var denials []string
	g := NewGate(set, func(d *DeniedError) { denials = append(denials, d.Error()) })
	lookups := 0
	lookup := func(ctx context.Context, host string) ([]netip.Addr, error) {
		lookups++
		return fakeLookup(ctx, host)
	}
	var dialed []string
	tr := &http.Transport{DialContext: g.Dial(func(_ context.Context, _, addr string) (net.Conn, error) {
		dialed = append(dialed, addr)
		return nil, errors.New("no such server")
	}, lookup)}
	sent := 0
	rt := g.RoundTripper(roundTripFunc(func(r *http.Request) (*http.Response, error) {
		sent++
		return tr.RoundTrip(r)
	}), lookup)
	req, _ := http.NewRequest("GET", "http://loopy.example/", nil)
	if _, err := rt.RoundTrip(req); !IsDenied(err) || sent != 0 {
		t.Errorf("loopy.example: %v, sent %d; want a denial before the transport", err, sent)
	}
	if want := []string{"connect loopy.example:80: permission denied (needs net.connect:127.0.0.1:80)"}; !slices.Equal(denials, want) {
		t.Errorf("denials %q, want %q", denials, want)
	}
	lookups = 0
	req, _ = http.NewRequest("GET", "http://example.com/", nil)
	rt.RoundTrip(req)
	if sent != 1 || lookups != 1 || !slices.Equal(dialed, []string{"93.184.215.14:80"}) {
		t.Errorf("example.com: sent %d, %d lookups, dialed %q; want 1, 1, [93.184.215.14:80]", sent, lookups, dialed)
	}
}
