package a2a

import (
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/shell"
)

// Package is A2A's command package, for shell.Config.Packages: the a2a
// command, whose client is built once for a root session from what the
// session hands it, outside in:
//
//	GateClient (a2a.delegate, net.connect)
//	  -> RecordClient (an a2a effect)
//	    -> Remote (the SDK, over the session's HTTP client, itself gated
//	       and recorded on every request)
func Package() shell.Package {
	return func(res shell.Resources) []*builtins.Command {
		client := GateClient(res.Check, RecordClient(res.Effects, &Remote{HTTP: res.HTTP}))
		return []*builtins.Command{command(client, res.Effects)}
	}
}
