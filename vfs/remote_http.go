package vfs

// This file is the history's one door to the network: go-git's HTTP
// transport, which moonix hands no connection of its own. Every request
// it makes goes to the RoundTripper the caller put in the context of the
// operation (WithHTTP): a session's, behind its gate and its effect
// recorder.

import (
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/transport/client"
	githttp "github.com/go-git/go-git/v5/plumbing/transport/http"
	"github.com/go-git/go-git/v5/plumbing/transport/server"
	gitssh "github.com/go-git/go-git/v5/plumbing/transport/ssh"
)

type httpKey struct{}

// WithHTTP returns a context whose remote operations (Push, Fetch, Pull,
// Clone) send their HTTP requests through rt.
func WithHTTP(ctx context.Context, rt http.RoundTripper) context.Context {
	return context.WithValue(ctx, httpKey{}, rt)
}

// ErrNoNetwork: a remote over HTTP was used without a network (no
// RoundTripper in the context).
var ErrNoNetwork = errors.New("no network in this session")

// ctxTransport sends a request through the RoundTripper of its context.
type ctxTransport struct{}

func (ctxTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rt, _ := req.Context().Value(httpKey{}).(http.RoundTripper)
	if rt == nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, ErrNoNetwork
	}
	return rt.RoundTrip(req)
}

var installOnce sync.Once

// installTransports gives go-git, once in the process, the only
// transports moonix lets it use: HTTP through the context's
// RoundTripper, and host repositories read and written in the process by
// go-git's own server (go-git's default runs git-upload-pack, a host
// program), and ssh through the context's SSHClient (remote_ssh.go).
// git:// is taken away: nothing reaches it. go-git's own ssh transport,
// which the protocol table links in, is left unused; its reading of the
// host's ~/.ssh/config and SSH_AUTH_SOCK is turned off all the same.
func installTransports() {
	installOnce.Do(func() {
		gitssh.DefaultSSHConfig = nil
		gitssh.DefaultAuthBuilder = func(string) (gitssh.AuthMethod, error) { return nil, ErrNoNetwork }
		web := githttp.NewClient(&http.Client{Transport: ctxTransport{}})
		client.InstallProtocol("http", web)
		client.InstallProtocol("https", web)
		client.InstallProtocol("file", hostTransport{server.NewClient(hostLoader{})})
		client.InstallProtocol("ssh", sshTransport{})
		client.InstallProtocol("git", nil)
	})
}
