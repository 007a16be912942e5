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

// BenchmarkDelegate: a warm blocking round trip, `a2a delegate URL echo
// hi` in a session (the card already fetched) to an agent over
// JSON-RPC, gate and effect log included; the agent is moonix's served
// over a script shell, or the test agent of a2a-go.
func BenchmarkDelegate(b *testing.B) {
	served := &scriptShell{}
	var agent *httptest.Server
	agent = httptest.NewServer(nil)
	agent.Config.Handler = Handler(served, ServeOptions{URL: agent.URL})
	defer agent.Close()
	for _, bc := range []struct{ name, url, script string }{
		{"served", agent.URL, "echo hi"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			set, _ := caps.Preset("sandbox")
			for _, c := range []string{"a2a.delegate", "net.connect:127.0.0.1:*"} {
				cp, _ := caps.Parse(c)
				set.Allow(cp)
			}
			s, err := shell.New(shell.Config{Caps: set, Dial: (&net.Dialer{}).DialContext, Effects: effects.Memory(), Packages: []shell.Package{Package()}})
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
