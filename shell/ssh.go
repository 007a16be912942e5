package shell

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"path"
	"strings"
	"syscall"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/internal/sshauth"
	"github.com/moonix-sh/moonix/vfs"
)

// The variables a remote over ssh takes its key, its passphrase and
// more known hosts from, when set in the environment of the command that
// pushes or fetches (--env puts them there without recording them in
// history).
const (
	SSHKeyVar        = "MOONIX_SSH_KEY"         // a private key, as id_ed25519 holds it
	SSHPassphraseVar = "MOONIX_SSH_PASSPHRASE"  // the passphrase of an encrypted key
	SSHKnownHostsVar = "MOONIX_SSH_KNOWN_HOSTS" // known_hosts lines
)

// sshKeyFiles are the keys ssh tries in ~/.ssh, in its order.
var sshKeyFiles = []string{"id_rsa", "id_ecdsa", "id_ed25519"}

// AgentFunc connects to the ssh agent the command line granted
// (--ssh-agent SOCKET).
type AgentFunc func(ctx context.Context) (net.Conn, error)

// sshSource is where a remote operation's ssh client finds what it
// knows: the sandbox's files, the environment of the command, the agent
// the command line granted (nil: none).
type sshSource struct {
	env   []string
	home  string // $HOME, or the sandbox user's home
	user  string // when env has no USER
	agent AgentFunc
	// files are the sandbox's files it reads, read before the operation
	// (the history is locked while it runs, and the tree's files may be
	// read from it): nil for none; failed is why one could not be read
	// (a denial), reported when a connection needs it.
	files  map[string][]byte
	failed error
}

// loadSSHSource reads, through fsys (the gated tree; nil for none), the
// files a connection over ssh may need: ~/.ssh/known_hosts,
// /etc/ssh/ssh_known_hosts and the keys of sshKeyFiles.
func loadSSHSource(fsys vfs.FS, env []string, home, user string, agent AgentFunc) sshSource {
	src := sshSource{env: env, home: home, user: user, agent: agent, files: map[string][]byte{}}
	if h, ok := src.getenv("HOME"); ok {
		src.home = h
	}
	if fsys == nil {
		return src
	}
	names := []string{path.Join(src.home, ".ssh/known_hosts"), "/etc/ssh/ssh_known_hosts"}
	for _, f := range sshKeyFiles {
		names = append(names, path.Join(src.home, ".ssh", f))
	}
	for _, name := range names {
		data, err := vfs.ReadFile(fsys, name)
		switch {
		case err == nil:
			src.files[name] = data
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		default:
			src.failed = err
			return src
		}
	}
	return src
}

// newSSHClient is the ssh client of a remote operation, built as the
// session's HTTP client is, outside in: the gate (net.connect on
// HOST:PORT as the URL names it, and on the addresses it stands for,
// before anything is looked up or sent), then the effect log (every
// command run on a remote is an effect of kind ssh), then the host's
// dialer. Keys and host keys come from src alone: nothing of the host's
// (~/.ssh, SSH_AUTH_SOCK, ssh_config) is read.
func newSSHClient(g *caps.Gate, dial caps.DialFunc, lookup caps.LookupFunc, log *effects.Log, src sshSource) *vfs.SSHClient {
	if dial == nil {
		lookup = nil
	}
	return &vfs.SSHClient{
		Dial:   g.Dial(dial, lookup),
		Config: src.config,
		Record: func(target, command string) (func(outcome, hostKey string), error) {
			op, err := log.Begin(effects.SSH, target, &effects.Payload{Summary: command})
			if err != nil {
				return nil, &effects.RecordError{Err: err}
			}
			return func(outcome, hostKey string) {
				var resp *effects.Payload
				if hostKey != "" {
					resp = &effects.Payload{Fields: map[string]string{"host-key": hostKey}}
				}
				op.End(outcome, resp)
			}, nil
		},
	}
}

func (src sshSource) getenv(name string) (string, bool) {
	for i := len(src.env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(src.env[i], name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// config is the client's configuration for a connection to addr as
// user: the user (the URL's, else $USER), the host keys known in
// ~/.ssh/known_hosts, /etc/ssh/ssh_known_hosts and $MOONIX_SSH_KNOWN_HOSTS,
// and the keys of $MOONIX_SSH_KEY, of the agent, and of ~/.ssh, in that
// order.
func (src sshSource) config(ctx context.Context, user, addr string) (*ssh.ClientConfig, func(), error) {
	if user == "" {
		var ok bool
		if user, ok = src.getenv("USER"); !ok {
			user = src.user
		}
	}
	if src.failed != nil {
		return nil, nil, src.failed
	}
	var kh sshauth.KnownHosts
	for _, name := range []string{path.Join(src.home, ".ssh/known_hosts"), "/etc/ssh/ssh_known_hosts"} {
		kh.Add(name, src.files[name])
	}
	if v, ok := src.getenv(SSHKnownHostsVar); ok {
		kh.Add("$"+SSHKnownHostsVar, []byte(v))
	}
	pass, havePass := src.getenv(SSHPassphraseVar)
	var signers []ssh.Signer
	if v, ok := src.getenv(SSHKeyVar); ok {
		s, err := sshauth.ParseKey("$"+SSHKeyVar, []byte(v), pass, havePass)
		if err != nil {
			return nil, nil, keyError(err)
		}
		signers = append(signers, s)
	}
	done := func() {}
	if src.agent != nil {
		conn, err := src.agent(ctx)
		if err != nil {
			return nil, nil, err
		}
		done = func() { conn.Close() }
		held, err := agent.NewClient(conn).Signers()
		if err != nil {
			done()
			return nil, nil, err
		}
		signers = append(signers, held...)
	}
	for _, f := range sshKeyFiles {
		name := path.Join(src.home, ".ssh", f)
		data, ok := src.files[name]
		if !ok {
			continue
		}
		s, err := sshauth.ParseKey(name, data, pass, havePass)
		if err != nil {
			done()
			return nil, nil, keyError(err)
		}
		signers = append(signers, s)
	}
	return &ssh.ClientConfig{
		User:              user,
		Auth:              []ssh.AuthMethod{ssh.PublicKeys(signers...)},
		HostKeyCallback:   kh.Check,
		HostKeyAlgorithms: kh.Algorithms(addr),
	}, done, nil
}

// keyError says what to do about a key that needs a passphrase.
func keyError(err error) error {
	if errors.Is(err, sshauth.ErrPassphrase) {
		return errors.New(strings.TrimSuffix(err.Error(), sshauth.ErrPassphrase.Error()) +
			"the key is encrypted: give its passphrase in " + SSHPassphraseVar)
	}
	return err
}
