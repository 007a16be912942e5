package a2a

import (
	"fmt"
	"net"
	"time"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/shell"
)

// serveGrace is how long a2a serve waits for the requests under way when
// it is interrupted.
const serveGrace = 2 * time.Second

// Options are what the a2a command may reach on the host beyond what
// the session hands it. The zero value reaches nothing: a2a serve
// inside a session is not available.
type Options struct {
	// Listen listens on a host address for a2a serve (net.Listen); the
	// gate still needs a2a.receive.
	Listen func(network, addr string) (net.Listener, error)
}

// Package is A2A's command package, for shell.Config.Packages: the a2a
// command, whose client is built once for a root session from what the
// session hands it, outside in:
//
//	GateClient (a2a.delegate, net.connect)
//	  -> RecordClient (an a2a effect)
//	    -> Remote (the SDK, over the session's HTTP client, itself gated
//	       and recorded on every request)
//
// and whose serve operation serves a shell nested in the session (its
// filesystem, gate, history and effect log) as an agent.
func Package(o Options) shell.Package {
	return func(res shell.Resources) []*builtins.Command {
		client := GateClient(res.Check, RecordClient(res.Effects, &Remote{HTTP: res.HTTP}))
		serve := func(c *builtins.Call, addr, name string) int {
			if err := res.Check(caps.A2AReceive, "serve", ""); err != nil {
				c.FailDenied(err)
				return agent.StatusUsage
			}
			if o.Listen == nil {
				c.Fail("serve: not available in this session (it may not listen on the host)")
				return agent.StatusUsage
			}
			ln, err := o.Listen("tcp", addr)
			if err != nil {
				c.Fail("serve: %v", err)
				return 1
			}
			sh, err := res.Shell(c)
			if err != nil {
				ln.Close()
				c.Fail("serve: %v", err)
				return 1
			}
			defer sh.Close()
			url := "http://" + ln.Addr().String()
			fmt.Fprintf(c.Stderr, "a2a: serve: listening on %s/\n", url)
			h := Handler(sh, ServeOptions{Name: name, Version: builtins.Version, URL: url, Log: res.Effects})
			if err := shell.ServeHTTP(c.Ctx, ln, h, serveGrace); err != nil {
				c.Fail("serve: %v", err)
				return 1
			}
			return agent.StatusInterrupted
		}
		return []*builtins.Command{command(client, res.Effects, serve)}
	}
}
