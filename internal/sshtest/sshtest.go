// Package sshtest is an ssh server for tests of remotes over ssh: it
// listens on 127.0.0.1, shows a fixed host key, lets in the keys it is
// given, and runs git-upload-pack and git-receive-pack on the bare
// repositories under a host directory, with go-git's server (no host
// program runs). Keys are made from a seed, so that a test's keys and
// host keys are the same from run to run.
//
// It imports go-git (its server), golang.org/x/crypto/ssh and the
// standard library; it is for tests only. A Server is safe for
// concurrent use.
package sshtest

import (
	"context"
	"crypto/ed25519"
	"encoding/binary"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path"
	"strings"
	"sync"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/plumbing/transport"
	"github.com/go-git/go-git/v5/plumbing/transport/server"
	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/knownhosts"
)

// Key is the ed25519 key made from seed.
func Key(seed byte) ed25519.PrivateKey {
	s := make([]byte, ed25519.SeedSize)
	for i := range s {
		s[i] = seed
	}
	return ed25519.NewKeyFromSeed(s)
}

// Signer is Key(seed) as ssh signs with it.
func Signer(seed byte) ssh.Signer {
	s, err := ssh.NewSignerFromKey(Key(seed))
	if err != nil {
		panic(err) // an ed25519 key always makes a signer
	}
	return s
}

// PrivateKey is Key(seed) in OpenSSH's format, encrypted with
// passphrase when it is not empty, as ssh-keygen writes it.
func PrivateKey(seed byte, passphrase string) string {
	var b *pem.Block
	var err error
	if passphrase == "" {
		b, err = ssh.MarshalPrivateKey(Key(seed), "")
	} else {
		b, err = ssh.MarshalPrivateKeyWithPassphrase(Key(seed), "", []byte(passphrase))
	}
	if err != nil {
		panic(err)
	}
	return string(pem.EncodeToMemory(b))
}

// KnownHost is the known_hosts line that knows the key of seed as the
// host key of addr (HOST:PORT).
func KnownHost(addr string, seed byte) string {
	return knownhosts.Line([]string{knownhosts.Normalize(addr)}, Signer(seed).PublicKey()) + "\n"
}

// Server is a running ssh server.
type Server struct {
	// Addr is where it listens: 127.0.0.1:PORT.
	Addr string

	ln     net.Listener
	config *ssh.ServerConfig
	git    transport.Transport
	repos  server.Loader
	wg     sync.WaitGroup

	mu       sync.Mutex
	commands []string
	logFile  string
	conns    map[net.Conn]bool
}

// LogTo appends every command the server runs from now on to the host
// file name, a line each, as Commands lists them.
func (s *Server) LogTo(name string) {
	s.mu.Lock()
	s.logFile = name
	s.mu.Unlock()
}

// Start starts a server showing the host key of seed hostKey, letting
// in the public keys of the seeds users, and serving the repositories
// under dir: a command's path is read inside dir, which is also the
// home directory (/app.git, app.git and ~/app.git are dir/app.git).
func Start(dir string, hostKey byte, users ...byte) (*Server, error) {
	return StartKeys(dir, []ssh.Signer{Signer(hostKey)}, users...)
}

// StartKeys is Start with the host keys hostKeys: the server shows the
// one whose type a client prefers.
func StartKeys(dir string, hostKeys []ssh.Signer, users ...byte) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{Addr: ln.Addr().String(), ln: ln, conns: map[net.Conn]bool{}}
	allowed := map[string]bool{}
	for _, u := range users {
		allowed[string(Signer(u).PublicKey().Marshal())] = true
	}
	s.config = &ssh.ServerConfig{
		PublicKeyCallback: func(_ ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
			if allowed[string(key.Marshal())] {
				return nil, nil
			}
			return nil, errors.New("unknown key")
		},
	}
	for _, k := range hostKeys {
		s.config.AddHostKey(k)
	}
	s.repos = server.NewFilesystemLoader(osfs.New(dir))
	s.git = server.NewServer(s.repos)
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// Commands lists the commands run so far, as "USER COMMAND".
func (s *Server) Commands() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.commands...)
}

// Close stops the server and its connections, and waits for them.
func (s *Server) Close() {
	s.ln.Close()
	s.mu.Lock()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.conns[c] = true
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serve(c)
			c.Close()
			s.mu.Lock()
			delete(s.conns, c)
			s.mu.Unlock()
		}()
	}
}

func (s *Server) serve(c net.Conn) {
	conn, chans, reqs, err := ssh.NewServerConn(c, s.config)
	if err != nil {
		return
	}
	defer conn.Close()
	go ssh.DiscardRequests(reqs)
	for nc := range chans {
		if nc.ChannelType() != "session" {
			nc.Reject(ssh.UnknownChannelType, "session only")
			continue
		}
		ch, creqs, err := nc.Accept()
		if err != nil {
			continue
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.session(conn.User(), ch, creqs)
		}()
	}
}

// session runs the one command a session asks for, then reports its
// exit status and closes the channel.
func (s *Server) session(user string, ch ssh.Channel, reqs <-chan *ssh.Request) {
	defer ch.Close()
	for req := range reqs {
		if req.Type != "exec" || len(req.Payload) < 4 {
			req.Reply(false, nil)
			continue
		}
		n := binary.BigEndian.Uint32(req.Payload)
		if int(n) != len(req.Payload)-4 {
			req.Reply(false, nil)
			continue
		}
		cmd := string(req.Payload[4:])
		req.Reply(true, nil)
		s.mu.Lock()
		s.commands = append(s.commands, user+" "+cmd)
		if s.logFile != "" {
			if f, err := os.OpenFile(s.logFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
				fmt.Fprintln(f, user+" "+cmd)
				f.Close()
			}
		}
		s.mu.Unlock()
		status := s.run(cmd, ch, ch.Stderr())
		ch.SendRequest("exit-status", false, ssh.Marshal(struct{ Status uint32 }{uint32(status)}))
		return
	}
}

// run runs git-upload-pack or git-receive-pack 'PATH', as git-shell
// would, and returns its exit status.
func (s *Server) run(cmd string, ch io.ReadWriter, stderr io.Writer) int {
	service, quoted, _ := strings.Cut(cmd, " ")
	p, ok := unquote(quoted)
	if !ok || (service != transport.UploadPackServiceName && service != transport.ReceivePackServiceName) {
		fmt.Fprintf(stderr, "fatal: unrecognized command '%s'\n", cmd)
		return 128
	}
	ep := &transport.Endpoint{Protocol: "file", Path: path.Clean("/" + strings.TrimPrefix(p, "~/"))}
	err := s.serveGit(service, ep, ch)
	switch {
	case errors.Is(err, transport.ErrRepositoryNotFound):
		fmt.Fprintf(stderr, "fatal: '%s' does not appear to be a git repository\n", p)
		return 128
	case err != nil:
		fmt.Fprintf(stderr, "fatal: %v\n", err)
		return 128
	}
	return 0
}

// serveGit runs service on the repository ep names: what it serves
// first (the branches and capabilities), then the client's request.
func (s *Server) serveGit(service string, ep *transport.Endpoint, ch io.ReadWriter) error {
	var sess transport.Session
	var err error
	if service == transport.UploadPackServiceName {
		sess, err = s.git.NewUploadPackSession(ep, nil)
	} else {
		sess, err = s.git.NewReceivePackSession(ep, nil)
	}
	if err != nil {
		return err
	}
	defer sess.Close()
	ar, err := sess.AdvertisedReferences()
	if err != nil {
		return err
	}
	if err := ar.Encode(ch); err != nil {
		return err
	}
	if up, ok := sess.(transport.UploadPackSession); ok {
		return s.uploadPack(up, ep, ch)
	}
	return receivePack(sess.(transport.ReceivePackSession), ch)
}

func (s *Server) uploadPack(sess transport.UploadPackSession, ep *transport.Endpoint, ch io.ReadWriter) error {
	req := packp.NewUploadPackRequest()
	if err := req.Decode(ch); err != nil {
		return nil // a flush: the client only listed the branches
	}
	// git's upload-pack ignores a "have" it does not hold; go-git's
	// fails on it
	if st, err := s.repos.Load(ep); err == nil {
		req.Haves = held(st, req.Haves)
	}
	resp, err := sess.UploadPack(context.Background(), req)
	if err != nil {
		return err
	}
	return resp.Encode(ch)
}

// held is the objects of haves that st holds.
func held(st storer.Storer, haves []plumbing.Hash) []plumbing.Hash {
	var out []plumbing.Hash
	for _, h := range haves {
		if st.HasEncodedObject(h) == nil {
			out = append(out, h)
		}
	}
	return out
}

func receivePack(sess transport.ReceivePackSession, ch io.ReadWriter) error {
	// the request's pack is read from a reader that go-git closes when
	// it is done with it: not the channel, which the report goes back on
	req := packp.NewReferenceUpdateRequest()
	if err := req.Decode(struct{ io.Reader }{ch}); err != nil {
		return nil // a flush: nothing to update
	}
	rs, err := sess.ReceivePack(context.Background(), req)
	if rs != nil {
		if err := rs.Encode(ch); err != nil {
			return err
		}
	}
	return err
}

// unquote reads a path quoted as git quotes it for ssh: 'PATH', with '
// and ! as '\” and '\!'.
func unquote(q string) (string, bool) {
	if len(q) < 2 || q[0] != '\'' || q[len(q)-1] != '\'' {
		return "", false
	}
	return strings.NewReplacer(`'\''`, `'`, `'\!'`, `!`).Replace(q[1 : len(q)-1]), true
}
