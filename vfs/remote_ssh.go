package vfs

// Remotes over ssh (ssh://[USER@]HOST[:PORT]/PATH and scp's
// [USER@]HOST:PATH): moonix's own client of git's pack protocol over an
// ssh session, made of go-git's public pieces (packp) and
// golang.org/x/crypto/ssh. go-git's ssh transport is not used: it dials
// by itself (golang.org/x/net/proxy, which reads ALL_PROXY), and reads
// the host's ~/.ssh/config, ~/.ssh/known_hosts and SSH_AUTH_SOCK. Here
// every connection is one the caller opened (SSHClient.Dial: a
// session's gate), and the keys, the host keys and the user come from
// the caller's SSHClient.Config, which reads nothing of the host's.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/format/pktline"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp/capability"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp/sideband"
	"github.com/go-git/go-git/v5/plumbing/transport"
	"golang.org/x/crypto/ssh"

	"github.com/moonix-sh/moonix/internal/sshauth"
)

// SSHClient is how the remote operations of a context (WithSSH) reach
// remotes over ssh. Its functions are called once per connection; each
// operation opens one or two (a push lists the remote's branches first).
type SSHClient struct {
	// Dial opens the network connection to addr (HOST:PORT, as the URL
	// names it): the session's dialer, behind its gate. Nil: no network.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Config is the client's configuration for user (the URL's, else
	// empty) at addr: the user to log in as, the keys (Auth), the host
	// key check (HostKeyCallback, which must be set) and the host key
	// algorithms to prefer. done is called once the connection is over
	// (it may close an agent's socket). It is called once Dial has
	// connected.
	Config func(ctx context.Context, user, addr string) (cfg *ssh.ClientConfig, done func(), err error)
	// Record, when set, is told of every command run on a remote before
	// it runs: target is ssh://USER@HOST:PORT, command what runs there
	// (git-upload-pack '/srv/app.git'). end is called once, when the
	// command is over, with how it went ("ok", "exit N", "error: ...")
	// and the fingerprint of the host key the server showed. A Record
	// error stops the command before it starts.
	Record func(target, command string) (end func(outcome, hostKey string), err error)
}

type sshKey struct{}

// WithSSH returns a context whose remote operations (Push, Fetch, Pull,
// Clone) reach remotes over ssh through c.
func WithSSH(ctx context.Context, c *SSHClient) context.Context {
	return context.WithValue(ctx, sshKey{}, c)
}

// IsSSH reports whether rawURL names a remote over ssh: ssh://, or
// scp's [USER@]HOST:PATH (a colon before any slash), as git tells them.
func IsSSH(rawURL string) bool {
	if strings.HasPrefix(rawURL, "ssh://") {
		return true
	}
	if strings.Contains(rawURL, "://") || strings.HasPrefix(rawURL, "/") {
		return false
	}
	before, _, ok := strings.Cut(rawURL, ":")
	return ok && before != "" && !strings.Contains(before, "/")
}

// sshEndpoint reads a remote over ssh's URL, with go-git's reading of
// scp's form (which also takes HOST:PORT:PATH).
func sshEndpoint(rawURL string) (*transport.Endpoint, error) {
	ep, err := transport.NewEndpoint(rawURL)
	if err != nil || ep.Protocol != "ssh" || ep.Host == "" || ep.Path == "" || ep.Port < 0 || ep.Port > 65535 {
		return nil, fmt.Errorf("'%s' is not a valid ssh URL (ssh://[USER@]HOST[:PORT]/PATH or [USER@]HOST:PATH)", rawURL)
	}
	return ep, nil
}

// sshAddr is the HOST:PORT an endpoint connects to (port 22 by default).
func sshAddr(ep *transport.Endpoint) string {
	port := ep.Port
	if port == 0 {
		port = 22
	}
	host := strings.TrimSuffix(strings.TrimPrefix(ep.Host, "["), "]")
	return net.JoinHostPort(strings.ToLower(host), strconv.Itoa(port))
}

// sshAuth carries an operation's SSHClient and context to the
// transport, which go-git hands the auth of an operation but not its
// context when it opens a session.
type sshAuth struct {
	ctx context.Context
	c   *SSHClient
}

func (sshAuth) Name() string     { return "moonix-ssh" }
func (a sshAuth) String() string { return "moonix-ssh" }

// authFor is the auth to hand go-git for the remote at u: an ssh remote's
// client, from ctx; none for the others.
func authFor(ctx context.Context, u string) transport.AuthMethod {
	if !IsSSH(u) {
		return nil
	}
	c, _ := ctx.Value(sshKey{}).(*SSHClient)
	return sshAuth{ctx: ctx, c: c}
}

// sshTransport runs git-upload-pack and git-receive-pack on a remote
// over ssh.
type sshTransport struct{}

func (sshTransport) NewUploadPackSession(ep *transport.Endpoint, auth transport.AuthMethod) (transport.UploadPackSession, error) {
	return openSSH(ep, auth, transport.UploadPackServiceName)
}

func (sshTransport) NewReceivePackSession(ep *transport.Endpoint, auth transport.AuthMethod) (transport.ReceivePackSession, error) {
	return openSSH(ep, auth, transport.ReceivePackServiceName)
}

// sshSession is one command run on a remote: the pack protocol over its
// standard input and output.
type sshSession struct {
	client  *ssh.Client
	sess    *ssh.Session
	stdin   io.WriteCloser
	stdout  *bufio.Reader
	stderr  *headBuffer
	receive bool
	adv     *packp.AdvRefs
	ran     bool // a request was sent: no flush to end it

	stopWatch func() bool // stops closing the connection when the context ends
	done      func()      // the Config's
	end       func(outcome, hostKey string)
	seen      seenKey

	closeOnce sync.Once
	closeErr  error
}

func openSSH(ep *transport.Endpoint, auth transport.AuthMethod, service string) (*sshSession, error) {
	a, ok := auth.(sshAuth)
	if !ok {
		return nil, transport.ErrInvalidAuthMethod
	}
	if a.c == nil || a.c.Dial == nil {
		return nil, ErrNoNetwork
	}
	ctx := a.ctx
	addr := sshAddr(ep)
	conn, err := a.c.Dial(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &sshSession{receive: service == transport.ReceivePackServiceName, stderr: &headBuffer{}, done: func() {}, end: func(string, string) {}}
	fail := func(err error) (*sshSession, error) {
		conn.Close()
		s.finishEffect(err)
		s.done()
		return nil, err
	}
	cfg, done, err := a.c.Config(ctx, ep.User, addr)
	if err != nil {
		return fail(err)
	}
	if done != nil {
		s.done = done
	}
	if cfg == nil || cfg.HostKeyCallback == nil {
		return fail(errors.New("ssh: no host key check"))
	}
	// ssh://HOST/~/PATH names a path in the home directory, as in
	// git, which sends it without the slash
	p := ep.Path
	if strings.HasPrefix(p, "/~") {
		p = p[1:]
	}
	command := service + " " + shellQuote(p)
	if a.c.Record != nil {
		end, err := a.c.Record("ssh://"+cfg.User+"@"+addr, command)
		if err != nil {
			return fail(err)
		}
		s.end = end
	}
	// the host key check's own error, rather than the handshake's words
	// around it; and the key, for the record
	check := cfg.HostKeyCallback
	c := *cfg
	c.HostKeyCallback = func(host string, remote net.Addr, key ssh.PublicKey) error {
		err := check(host, remote, key)
		s.seen.set(key.Type()+" "+ssh.FingerprintSHA256(key), err)
		return err
	}
	s.stopWatch = context.AfterFunc(ctx, func() { conn.Close() })
	cc, chans, reqs, err := ssh.NewClientConn(conn, addr, &c)
	if err != nil {
		s.stopWatch()
		_, keyErr := s.seen.get()
		switch {
		case keyErr != nil:
			err = keyErr
		case ctx.Err() != nil:
			err = ctx.Err()
		case strings.Contains(err.Error(), "unable to authenticate"):
			host := strings.TrimSuffix(strings.TrimPrefix(ep.Host, "["), "]")
			err = &sshauth.Error{Said: c.User + "@" + host + ": Permission denied (publickey)."}
		}
		return fail(err)
	}
	s.client = ssh.NewClient(cc, chans, reqs)
	if err := s.start(command); err != nil {
		s.client.Close()
		s.stopWatch()
		return fail(err)
	}
	return s, nil
}

// start runs command in a new session of the client.
func (s *sshSession) start(command string) error {
	sess, err := s.client.NewSession()
	if err != nil {
		return err
	}
	s.sess = sess
	if s.stdin, err = sess.StdinPipe(); err != nil {
		return err
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		return err
	}
	s.stdout = bufio.NewReader(out)
	sess.Stderr = s.stderr
	return sess.Start(command)
}

// finishEffect ends the command's effect, once, with how it went.
func (s *sshSession) finishEffect(err error) {
	outcome := "ok"
	var exit *ssh.ExitError
	switch {
	case errors.As(err, &exit):
		outcome = "exit " + strconv.Itoa(exit.ExitStatus())
	case err != nil:
		outcome = "error: " + strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " ")
	}
	end := s.end
	s.end = func(string, string) {}
	key, _ := s.seen.get()
	end(outcome, key)
}

// seenKey is the host key a server showed and what the check said of
// it, kept by the check, which runs on the connection's key exchange
// (again at each re-key).
type seenKey struct {
	mu  sync.Mutex
	key string
	err error
}

func (k *seenKey) set(key string, err error) {
	k.mu.Lock()
	k.key, k.err = key, err
	k.mu.Unlock()
}

func (k *seenKey) get() (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.key, k.err
}

func (s *sshSession) AdvertisedReferences() (*packp.AdvRefs, error) {
	return s.AdvertisedReferencesContext(context.Background())
}

// AdvertisedReferencesContext reads what the remote command says first:
// its branches and capabilities.
func (s *sshSession) AdvertisedReferencesContext(ctx context.Context) (*packp.AdvRefs, error) {
	if s.adv != nil {
		return s.adv, nil
	}
	ar := packp.NewAdvRefs()
	err := ar.Decode(s.stdout)
	switch {
	case err == nil:
	case errors.Is(err, packp.ErrEmptyAdvRefs):
		if !s.receive {
			return nil, transport.ErrEmptyRemoteRepository // an empty repository: nothing to fetch
		}
	case errors.Is(err, packp.ErrEmptyInput):
		// the command said nothing: why is on its standard error
		s.Close()
		return nil, s.remoteFailure()
	default:
		var line *pktline.ErrorLine
		if errors.As(err, &line) && notFound(line.Text) {
			return nil, transport.ErrRepositoryNotFound
		}
		return nil, err
	}
	transport.FilterUnsupportedCapabilities(ar.Capabilities)
	s.adv = ar
	return ar, nil
}

// remoteFailure is why a remote command that said nothing failed: the
// first line of its standard error.
func (s *sshSession) remoteFailure() error {
	line := s.stderr.firstLine()
	switch {
	case notFound(line):
		return transport.ErrRepositoryNotFound
	case line == "":
		return errors.New("the remote end hung up unexpectedly")
	}
	return errors.New(line)
}

// notFound reports whether a remote's message says that there is no
// repository there (git's words, and the hosting services').
func notFound(msg string) bool {
	for _, s := range []string{"does not appear to be a git repository", "Repository not found", "repository does not exist", "no such repository"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// UploadPack asks for the objects req wants and returns the remote's
// answer, whose pack is read from it; closing it ends the session.
func (s *sshSession) UploadPack(ctx context.Context, req *packp.UploadPackRequest) (*packp.UploadPackResponse, error) {
	if req.IsEmpty() {
		s.Close()
		return nil, transport.ErrEmptyUploadPackRequest
	}
	if err := req.Validate(); err != nil {
		return nil, err
	}
	if _, err := s.AdvertisedReferencesContext(ctx); err != nil {
		return nil, err
	}
	s.ran = true
	if err := req.UploadRequest.Encode(s.stdin); err != nil {
		return nil, err
	}
	if err := req.UploadHaves.Encode(s.stdin, true); err != nil {
		return nil, err
	}
	if err := pktline.NewEncoder(s.stdin).Encodef("done\n"); err != nil {
		return nil, err
	}
	if err := s.stdin.Close(); err != nil {
		return nil, err
	}
	res := packp.NewUploadPackResponse(req)
	if err := res.Decode(sessionReader{s}); err != nil {
		s.Close()
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, s.remoteFailure()
		}
		return nil, fmt.Errorf("error decoding upload-pack response: %w", err)
	}
	return res, nil
}

// sessionReader reads the command's output; closing it ends the session.
type sessionReader struct{ s *sshSession }

func (r sessionReader) Read(p []byte) (int, error) { return r.s.stdout.Read(p) }
func (r sessionReader) Close() error               { return r.s.Close() }

// ReceivePack sends req (the branches to move and the pack) and reads
// the remote's report.
func (s *sshSession) ReceivePack(ctx context.Context, req *packp.ReferenceUpdateRequest) (*packp.ReportStatus, error) {
	if _, err := s.AdvertisedReferencesContext(ctx); err != nil {
		return nil, err
	}
	s.ran = true
	if err := req.Encode(s.stdin); err != nil {
		return nil, err
	}
	if err := s.stdin.Close(); err != nil {
		return nil, err
	}
	if !req.Capabilities.Supports(capability.ReportStatus) {
		return nil, s.Close()
	}
	var r io.Reader = s.stdout
	switch {
	case req.Capabilities.Supports(capability.Sideband64k):
		d := sideband.NewDemuxer(sideband.Sideband64k, r)
		d.Progress = req.Progress
		r = d
	case req.Capabilities.Supports(capability.Sideband):
		d := sideband.NewDemuxer(sideband.Sideband, r)
		d.Progress = req.Progress
		r = d
	}
	report := packp.NewReportStatus()
	if err := report.Decode(r); err != nil {
		s.Close()
		return nil, err
	}
	if err := report.Error(); err != nil {
		s.Close()
		return report, err
	}
	return report, s.Close()
}

// Close ends the session: a flush tells a command that was asked
// nothing that all is said; then the command's exit is waited for and
// the connection closed.
func (s *sshSession) Close() error {
	s.closeOnce.Do(func() {
		if !s.ran {
			s.stdin.Write(pktline.FlushPkt)
		}
		s.stdin.Close()
		err := s.sess.Wait()
		var missing *ssh.ExitMissingError
		if errors.As(err, &missing) || errors.Is(err, io.EOF) {
			err = nil // the server closed the channel without a status
		}
		s.client.Close()
		s.stopWatch()
		s.finishEffect(err)
		s.done()
		s.closeErr = err
	})
	return s.closeErr
}

// shellQuote quotes s for a POSIX shell, as git quotes the path it
// hands ssh (sq_quote_buf): ' and ! are closed, escaped and reopened.
func shellQuote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		if r == '\'' || r == '!' {
			b.WriteString(`'\` + string(r) + `'`)
			continue
		}
		b.WriteRune(r)
	}
	b.WriteByte('\'')
	return b.String()
}

// headBuffer keeps the beginning of a remote command's standard error
// (its first lines say why it failed), up to 4 KiB.
type headBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *headBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := 4096 - len(t.buf); room > 0 {
		t.buf = append(t.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// firstLine is the first line that is not empty nor a bare "remote:".
func (t *headBuffer) firstLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, line := range strings.Split(string(t.buf), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && strings.TrimSpace(strings.TrimPrefix(line, "remote:")) != "" {
			return line
		}
	}
	return ""
}
