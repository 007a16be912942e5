package caps

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// DialFunc opens a network connection, as net.Dialer.DialContext does.
// The host's dialer is the only one that reaches the network; the gate
// wraps it.
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// LookupFunc resolves a host name to its addresses, as
// net.Resolver.LookupNetIP does: the host's resolver, which the gate
// wraps with the dialer.
type LookupFunc func(ctx context.Context, host string) ([]netip.Addr, error)

// Dial wraps next so that every connection needs net.connect on its
// address as dialed ("host:port", the name before any lookup, "[v6]:port"
// for IPv6), checked before anything is looked up or connected; and then,
// on each address the name stands for, no denial: a name allowed by its
// pattern still connects to no address that a rule denies. An address is
// matched as what it connects to, whatever its spelling (127.1,
// 0x7f000001, ::ffff:127.0.0.1; 0.0.0.0 and :: reach the host itself, as
// 127.0.0.1 and ::1 do). A name is looked up once, with lookup, and the
// addresses checked are the ones dialed: next never resolves a name. When
// the request being dialed for was checked by RoundTripper, its lookup is
// used, not a second one. A denial is a *DeniedError with Op "connect". A
// nil next means the session has no network: an allowed address then
// fails with ErrNoNetwork; a nil lookup, that names cannot be resolved.
func (g *Gate) Dial(next DialFunc, lookup LookupFunc) DialFunc {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		if err := g.Check(NetConnect, "connect", addr); err != nil {
			return nil, err
		}
		if next == nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: ErrNoNetwork}
		}
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: err}
		}
		addrs, ok := ctx.Value(resolvedKey{addr}).([]netip.Addr)
		if !ok {
			if addrs, err = resolveHost(ctx, lookup, host); err != nil {
				return nil, err
			}
		}
		if err := g.checkAddrs(addr, port, addrs); err != nil {
			return nil, err
		}
		var first error
		for _, a := range addrs {
			c, err := next(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
			if err == nil {
				return c, nil
			}
			if first == nil {
				first = err
			}
		}
		return nil, first
	}
}

// resolvedKey marks, in a request's context, the addresses RoundTripper
// checked for the address addr, for Dial to connect to.
type resolvedKey struct{ addr string }

// checkAddrs refuses addr, whose addresses are addrs, when a rule denies
// one of them (as what it connects to, on port), and reports the denial.
func (g *Gate) checkAddrs(addr, port string, addrs []netip.Addr) error {
	for _, a := range addrs {
		real := net.JoinHostPort(connectsTo(a).String(), port)
		if rule, ok := g.Set.Decide(NetConnect, real); rule != nil && !ok {
			d := &DeniedError{Cap: Cap{Kind: NetConnect, Pattern: real}, Op: "connect", Path: addr}
			if g.Audit != nil {
				g.Audit(d)
			}
			return d
		}
	}
	return nil
}

// resolveHost is the addresses host stands for: itself when it is an
// address in any spelling, else what lookup says.
func resolveHost(ctx context.Context, lookup LookupFunc, host string) ([]netip.Addr, error) {
	if a, ok := parseAddr(host); ok {
		return []netip.Addr{a}, nil
	}
	if lookup == nil {
		return nil, &net.DNSError{Err: "no resolver in this session", Name: host, IsNotFound: true}
	}
	addrs, err := lookup(ctx, host)
	if err == nil && len(addrs) == 0 {
		err = &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return addrs, err
}

// parseAddr reads host as an IP address in any spelling that a C
// library's resolver, and so curl, accepts: IPv6, in brackets or not, and
// IPv4 as inet_aton(3) reads it: one to four numbers, each decimal, octal
// (a leading 0) or hexadecimal (0x), the last filling the bytes left
// (127.1, 0x7f.1, 2130706433, 0177.0.0.01).
func parseAddr(host string) (netip.Addr, bool) {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if a, err := netip.ParseAddr(host); err == nil {
		return a, true
	}
	parts := strings.Split(host, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var v uint64
	for i, p := range parts {
		// strconv's base 0 also reads 0o, 0b and _, which inet_aton does not
		if strings.ContainsAny(p, "_oObB+") {
			return netip.Addr{}, false
		}
		n, err := strconv.ParseUint(p, 0, 32)
		if err != nil {
			return netip.Addr{}, false
		}
		if i < len(parts)-1 {
			if n > 0xff {
				return netip.Addr{}, false
			}
			v = v<<8 | n
			continue
		}
		rest := 8 * uint(4-i) // bits the last number fills
		if rest < 32 && n >= 1<<rest {
			return netip.Addr{}, false
		}
		v = v<<rest | n
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// connectsTo is the address a connection to a reaches: a itself, IPv4
// for IPv4-mapped IPv6, and the host's own loopback for the unspecified
// addresses 0.0.0.0 and ::, which connect there.
func connectsTo(a netip.Addr) netip.Addr {
	a = a.Unmap()
	switch {
	case a.IsUnspecified() && a.Is4():
		return netip.AddrFrom4([4]byte{127, 0, 0, 1})
	case a.IsUnspecified():
		return netip.IPv6Loopback()
	}
	return a.WithZone("")
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
// the address its URL names (URLAddr), checked before next sees it, and
// no denial on the addresses that name stands for: an address in the URL
// is checked as it is, a name is looked up (with lookup; without one, Dial
// finds that it cannot be resolved) and the addresses are handed to Dial
// in the request's context. Dial checks connections; this checks requests,
// which matters when next would carry one over a connection opened before
// the set dropped that host, and for each redirect; and it is what keeps a
// refused request out of the effect recorder that next may be: the gate
// goes outside, so that a denial is audited and never recorded as an
// effect.
func (g *Gate) RoundTripper(next http.RoundTripper, lookup LookupFunc) http.RoundTripper {
	return gatedTransport{g: g, next: next, lookup: lookup}
}

type gatedTransport struct {
	g      *Gate
	next   http.RoundTripper
	lookup LookupFunc
}

func (t gatedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, err := t.check(req)
	if err != nil {
		if req.Body != nil {
			req.Body.Close() // a RoundTripper must close the body, even on error
		}
		return nil, err
	}
	if ctx != nil {
		req = req.WithContext(ctx)
	}
	return t.next.RoundTrip(req)
}

// check checks the request's address; ctx, when not nil, is the request's
// context with the addresses looked up.
func (t gatedTransport) check(req *http.Request) (ctx context.Context, err error) {
	addr := URLAddr(req.URL)
	if err := t.g.Check(NetConnect, "connect", addr); err != nil {
		return nil, err
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, nil // Dial says what is wrong with it
	}
	a, isAddr := parseAddr(host)
	if !isAddr && t.lookup == nil {
		return nil, nil
	}
	addrs := []netip.Addr{a}
	if !isAddr {
		if addrs, err = resolveHost(req.Context(), t.lookup, host); err != nil {
			return nil, err
		}
	}
	if err := t.g.checkAddrs(addr, port, addrs); err != nil {
		return nil, err
	}
	return context.WithValue(req.Context(), resolvedKey{addr}, addrs), nil
}

// CloseIdleConnections passes on to next, so that http.Client's reaches
// the transport underneath.
func (t gatedTransport) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}
