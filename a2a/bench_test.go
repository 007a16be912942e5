package a2a

import (
	"context"
	"net"
	"net/http/httptest"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/shell"
)

// BenchmarkDelegate: a warm blocking round trip, `a2a delegate URL 'echo
// hi'` in a session (the card already fetched) to moonix's agent over
// JSON-RPC, gate and effect log included on both sides; the agent runs
// the script in a moonix session (moonix), or answers from a script
// shell (the protocol's cost alone).
func BenchmarkDelegate(b *testing.B) {
	served := httptest.NewServer(nil)
	served.Config.Handler = Handler(&scriptShell{}, ServeOptions{URL: served.URL})
	defer served.Close()
	sh, err := shell.NewCaptured(shell.Config{Effects: effects.Memory()})
	if err != nil {
		b.Fatal(err)
	}
	defer sh.Close()
	moonix := httptest.NewServer(nil)
	moonix.Config.Handler = Handler(sh, ServeOptions{URL: moonix.URL, Log: sh.Effects()})
	defer moonix.Close()
	for _, bc := range []struct{ name, url, script string }{
		{"script-shell", served.URL, "echo hi"},
		{"moonix", moonix.URL, "'echo hi'"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			set, _ := caps.Preset("sandbox")
			for _, c := range []string{"a2a.delegate", "net.connect:127.0.0.1:*"} {
				cp, _ := caps.Parse(c)
				set.Allow(cp)
			}
			s, err := shell.New(shell.Config{Caps: set, Dial: (&net.Dialer{}).DialContext, Effects: effects.Memory(), Packages: []shell.Package{Package(Options{})}})
			if err != nil {
				b.Fatal(err)
			}
			cmd := "a2a delegate " + bc.url + " " + bc.script + " >/dev/null 2>&1"
			if st, _ := s.Run(context.Background(), cmd, "bench"); st != 0 {
				b.Fatalf("status %d", st)
			}
			for b.Loop() {
				if st, _ := s.Run(context.Background(), cmd, "bench"); st != 0 {
					b.Fatalf("status %d", st)
				}
			}
		})
	}
}
