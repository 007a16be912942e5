package shell

import (
	"context"
	"errors"
	"net/http"

	"github.com/moonix-sh/moonix/builtins/sandbox"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// remoteRecorder is the history as the gate wraps it: its pushes and
// fetches reach the network through the session's HTTP transport (the
// gate's net.connect and the recorder's http entries, request by
// request) or its ssh client (the gate's net.connect on every
// connection, the recorder's ssh entries), and each is an effect of its
// own (git-push, git-fetch), logged before it starts and when it ends.
type remoteRecorder struct {
	caps.Repo
	log *effects.Log
	rt  http.RoundTripper // nil: no network
	// ssh is the ssh client of an operation that the command with
	// environment env asked for.
	ssh func(env []string) *vfs.SSHClient
}

func (r remoteRecorder) Push(ctx context.Context, remote, branch string) (vfs.RefUpdate, error) {
	var up vfs.RefUpdate
	err := r.record(ctx, effects.GitPush, remote, "push "+remote+" "+branch, func(ctx context.Context) (string, error) {
		var err error
		up, err = r.Repo.Push(ctx, remote, branch)
		return updateSummary([]vfs.RefUpdate{up}), err
	})
	return up, err
}

func (r remoteRecorder) Fetch(ctx context.Context, remote string) ([]vfs.RefUpdate, error) {
	var ups []vfs.RefUpdate
	err := r.record(ctx, effects.GitFetch, remote, "fetch "+remote, func(ctx context.Context) (string, error) {
		var err error
		ups, err = r.Repo.Fetch(ctx, remote)
		return updateSummary(ups), err
	})
	return ups, err
}

// record runs op, the remote operation kind on the remote name, between
// its begin and end entries; op returns a summary of what it moved.
func (r remoteRecorder) record(ctx context.Context, kind effects.Kind, name, what string, op func(context.Context) (string, error)) error {
	rm, err := r.Repo.Remote(name)
	if err != nil {
		return err
	}
	rec, err := r.log.Begin(kind, vfs.RedactURL(rm.URL), &effects.Payload{Summary: what})
	if err != nil {
		return &effects.RecordError{Err: err}
	}
	if r.rt != nil {
		ctx = vfs.WithHTTP(ctx, r.rt)
	}
	if r.ssh != nil && vfs.IsSSH(rm.URL) {
		env, _ := sandbox.CallerEnv(ctx)
		ctx = vfs.WithSSH(ctx, r.ssh(env))
	}
	summary, err := op(ctx)
	outcome := effects.OutcomeOK
	switch {
	case errors.Is(err, vfs.ErrUpToDate):
		outcome = effects.OutcomeUpToDate
	case errors.Is(err, vfs.ErrNotFastForward):
		outcome = "rejected (non-fast-forward)"
	case err != nil:
		outcome = "error: " + err.Error()
	}
	rec.End(outcome, &effects.Payload{Summary: summary})
	return err
}

// updateSummary is what moved: "main 1a2b3c4..5d6e7f8", one a line.
func updateSummary(ups []vfs.RefUpdate) string {
	s := ""
	for _, up := range ups {
		if up.New == "" {
			continue
		}
		if s != "" {
			s += "\n"
		}
		s += up.Branch + " " + shortID(up.Old) + ".." + shortID(up.New)
	}
	return s
}

func shortID(id string) string {
	if len(id) > 7 {
		return id[:7]
	}
	return id
}

// CloneConfig is what Clone needs: the new workspace's history, the
// remote, and the host's network for an HTTP one.
type CloneConfig struct {
	Repo    *vfs.Repo
	URL     string
	Dial    caps.DialFunc   // nil: no network (host repositories only)
	Lookup  caps.LookupFunc // the host's resolver, for names
	Effects *effects.Log    // the workspace's effect log (nil: none kept)
	// Env is the command line's --env pairs: a remote over ssh takes
	// its key, passphrase and known hosts from them (MOONIX_SSH_KEY,
	// MOONIX_SSH_PASSPHRASE, MOONIX_SSH_KNOWN_HOSTS), and nothing else.
	Env []string
	// SSHAgent connects to the ssh agent the command line granted; nil:
	// none.
	SSHAgent AgentFunc
}

// Clone makes the new history cfg.Repo a copy of the remote cfg.URL
// (vfs.Repo.Clone), as moonix clone does on the command line: an act
// outside the sandbox, which capabilities do not govern. Its HTTP
// requests go through the transport a session's would (every address
// checked as dialled, every request recorded), allowed everywhere; the
// fetch is recorded as an effect (git-fetch) in cfg.Effects. Over ssh,
// the keys and known hosts are cfg.Env's and the agent's, the user the
// URL's or the sandbox's default one.
func Clone(ctx context.Context, cfg CloneConfig) (*vfs.State, error) {
	log := cfg.Effects
	if log == nil {
		log = effects.Memory()
	}
	set, err := caps.Preset("unrestricted")
	if err != nil {
		return nil, err
	}
	gate := caps.NewGate(set, nil)
	client := newHTTPClient(gate, cfg.Dial, cfg.Lookup, log, DefaultHTTPMaxBody)
	defer client.CloseIdleConnections()
	rec, err := log.Begin(effects.GitFetch, vfs.RedactURL(cfg.URL), &effects.Payload{Summary: "clone"})
	if err != nil {
		return nil, &effects.RecordError{Err: err}
	}
	sshc := newSSHClient(gate, cfg.Dial, cfg.Lookup, log, loadSSHSource(nil, cfg.Env, DefaultIdentity.Home, DefaultIdentity.User, cfg.SSHAgent))
	st, err := cfg.Repo.Clone(vfs.WithSSH(vfs.WithHTTP(ctx, client.Transport), sshc), cfg.URL)
	outcome := effects.OutcomeOK
	if err != nil {
		outcome = "error: " + err.Error()
	}
	rec.End(outcome, nil)
	return st, err
}
