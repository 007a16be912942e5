package vfs

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	git "github.com/go-git/go-git/v5"
	gitssh "github.com/go-git/go-git/v5/plumbing/transport/ssh"
	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/knownhosts"

	"github.com/moonix-sh/moonix/internal/sshauth"
	"github.com/moonix-sh/moonix/internal/sshtest"
)

// Seeds of the keys the tests use: the server's host key, the user's
// key it lets in, and keys it does not know.
const (
	hostSeed  = 1
	userSeed  = 2
	otherSeed = 3
)

// startSSH starts a server on 127.0.0.1 serving dir, which lets in the
// key of userSeed, and makes dir/shared.git a bare repository.
func startSSH(t *testing.T) (*sshtest.Server, string) {
	t.Helper()
	dir := t.TempDir()
	if _, err := git.PlainInit(filepath.Join(dir, "shared.git"), true); err != nil {
		t.Fatal(err)
	}
	srv, err := sshtest.Start(dir, hostSeed, userSeed)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, dir
}

// testSSHClient connects with the host's network, knows the host keys of
// knownHosts (known_hosts text) and logs in with the keys of seeds.
func testSSHClient(knownHosts string, seeds ...byte) *SSHClient {
	var d net.Dialer
	return &SSHClient{
		Dial: d.DialContext,
		Config: func(_ context.Context, user, addr string) (*ssh.ClientConfig, func(), error) {
			var kh sshauth.KnownHosts
			kh.Add("/work/.ssh/known_hosts", []byte(knownHosts))
			var signers []ssh.Signer
			for _, s := range seeds {
				signers = append(signers, sshtest.Signer(s))
			}
			if user == "" {
				user = "user"
			}
			return &ssh.ClientConfig{User: user, Auth: []ssh.AuthMethod{ssh.PublicKeys(signers...)},
				HostKeyCallback: kh.Check, HostKeyAlgorithms: kh.Algorithms(addr)}, nil, nil
		},
	}
}

// snapshotted is a history with a snapshot of /work/f holding content.
func snapshotted(t *testing.T, content string) (*Tree, *Repo) {
	t.Helper()
	tree := NewDefault(Options{Uid: 1000, Gid: 1000})
	repo, _, err := OpenRepo(tree, RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(tree, "/work/f", []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := repo.Snapshot(content, State{Dir: "/work"}); err != nil {
		t.Fatal(err)
	}
	return tree, repo
}

// TestSSHRemote: a push over ssh, in both URL forms, reaches the
// repository the URL names; a clone from it has the same history and
// files, and a fetch and a fast-forward bring the next snapshot.
func TestSSHRemote(t *testing.T) {
	t.Parallel()
	srv, dir := startSSH(t)
	ctx := WithSSH(context.Background(), testSSHClient(sshtest.KnownHost(srv.Addr, hostSeed), userSeed))
	host, port, _ := net.SplitHostPort(srv.Addr)
	url := "ssh://git@" + srv.Addr + "/shared.git"

	tree, a := snapshotted(t, "one\n")
	if err := a.AddRemote("origin", url); err != nil {
		t.Fatal(err)
	}
	up, err := a.Push(ctx, "origin", "")
	if err != nil {
		t.Fatal(err)
	}
	if up.Old != "" || up.New != a.CurrentID() {
		t.Errorf("push: %+v, want a new main at %s", up, a.CurrentID())
	}
	shared, err := git.PlainOpen(filepath.Join(dir, "shared.git"))
	if err != nil {
		t.Fatal(err)
	}
	if ref, err := shared.Reference("refs/heads/main", true); err != nil || ref.Hash().String() != a.CurrentID() {
		t.Fatalf("the server's main: %v, %v; want %s", ref, err, a.CurrentID())
	}

	// scp's form, with go-git's HOST:PORT:PATH (the user from the URL)
	tree2 := NewDefault(Options{Uid: 1000, Gid: 1000})
	b, _, err := OpenRepo(tree2, RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Clone(ctx, "git@"+host+":"+port+":shared.git"); err != nil {
		t.Fatal(err)
	}
	if b.CurrentID() != a.CurrentID() {
		t.Errorf("clone's snapshot %s, want %s", b.CurrentID(), a.CurrentID())
	}
	if got, err := ReadFile(tree2, "/work/f"); err != nil || string(got) != "one\n" {
		t.Errorf("clone's /work/f = %q, %v", got, err)
	}

	WriteFile(tree, "/work/f", []byte("two\n"), 0o644)
	if _, _, err := a.Snapshot("two", State{Dir: "/work"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Push(ctx, "origin", ""); err != nil {
		t.Fatal(err)
	}
	// ssh://HOST/~/PATH: PATH in the home directory, sent as ~/PATH
	if err := b.AddRemote("home", "ssh://git@"+srv.Addr+"/~/shared.git"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Fetch(ctx, "home"); err != nil {
		t.Fatal(err)
	}
	ups, err := b.Fetch(ctx, "origin")
	if err != nil || len(ups) != 1 || ups[0].New != a.CurrentID() {
		t.Fatalf("fetch: %+v, %v", ups, err)
	}
	if _, _, err := b.FastForward("origin", ""); err != nil {
		t.Fatal(err)
	}
	if got, _ := ReadFile(tree2, "/work/f"); string(got) != "two\n" {
		t.Errorf("after the pull /work/f = %q", got)
	}
	if _, err := a.Push(ctx, "origin", ""); !errors.Is(err, ErrUpToDate) {
		t.Errorf("a second push: %v, want ErrUpToDate", err)
	}
	if !slices.Contains(srv.Commands(), "git git-upload-pack '~/shared.git'") {
		t.Errorf("no upload-pack of ~/shared.git in %q", srv.Commands())
	}
	for _, c := range srv.Commands() {
		if !strings.HasPrefix(c, "git git-") || !strings.HasSuffix(c, " '/shared.git'") && !strings.HasSuffix(c, " 'shared.git'") && !strings.HasSuffix(c, " '~/shared.git'") {
			t.Errorf("the server ran %q", c)
		}
	}
}

// TestSSHHostKeyTypes: a server with several host keys shows the one of
// the type known here (its ED25519 key, where x/crypto would ask for an
// ECDSA one first), as OpenSSH asks for the known types first.
func TestSSHHostKeyTypes(t *testing.T) {
	t.Parallel()
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := ssh.NewSignerFromKey(ec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := git.PlainInit(filepath.Join(dir, "shared.git"), true); err != nil {
		t.Fatal(err)
	}
	srv, err := sshtest.StartKeys(dir, []ssh.Signer{sshtest.Signer(hostSeed), signer}, userSeed)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	_, repo := snapshotted(t, "x\n")
	repo.AddRemote("origin", "ssh://git@"+srv.Addr+"/shared.git")
	if _, err := repo.Push(WithSSH(context.Background(), testSSHClient(sshtest.KnownHost(srv.Addr, hostSeed), userSeed)), "origin", ""); err != nil {
		t.Fatal(err)
	}
	// and the other one, known alone
	known := knownhosts.Line([]string{knownhosts.Normalize(srv.Addr)}, signer.PublicKey()) + "\n"
	if _, err := repo.Fetch(WithSSH(context.Background(), testSSHClient(known, userSeed)), "origin"); err != nil {
		t.Fatal(err)
	}
}

// TestSSHRefused: an unknown host, a host whose key changed, a key the
// server does not let in, a repository that is not there, a context
// without a client: each is refused, in ssh's and git's words, and
// nothing reaches the repository.
func TestSSHRefused(t *testing.T) {
	t.Parallel()
	srv, _ := startSSH(t)
	known := sshtest.KnownHost(srv.Addr, hostSeed)
	_, port, _ := net.SplitHostPort(srv.Addr)
	name := "[127.0.0.1]:" + port
	for _, tc := range []struct {
		what   string
		client *SSHClient
		path   string
		detail string // ssh's lines before the last
		err    string
	}{
		{"an unknown host", testSSHClient("", userSeed), "/shared.git",
			"No ED25519 host key is known for " + name + " and you have requested strict checking.\n",
			"Could not read from remote repository: Host key verification failed."},
		{"another host's key", testSSHClient("[127.0.0.1]:1 "+strings.SplitN(known, " ", 2)[1], userSeed), "/shared.git",
			"No ED25519 host key is known for " + name + " and you have requested strict checking.\n",
			"Host key verification failed."},
		{"a changed key", testSSHClient("# old\n"+sshtest.KnownHost(srv.Addr, otherSeed), userSeed), "/shared.git",
			"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n" +
				"@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n" +
				"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n" +
				"IT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!\n" +
				"Someone could be eavesdropping on you right now (man-in-the-middle attack)!\n" +
				"It is also possible that a host key has just been changed.\n" +
				"The fingerprint for the ED25519 key sent by the remote host is\n" +
				ssh.FingerprintSHA256(sshtest.Signer(hostSeed).PublicKey()) + ".\n" +
				"Please contact your system administrator.\n" +
				"Add correct host key in /work/.ssh/known_hosts to get rid of this message.\n" +
				"Offending ED25519 key in /work/.ssh/known_hosts:2\n" +
				"Host key for " + name + " has changed and you have requested strict checking.\n",
			"Host key verification failed."},
		{"an unknown user key", testSSHClient(known, otherSeed), "/shared.git", "",
			"Could not read from remote repository: git@127.0.0.1: Permission denied (publickey)."},
		{"no repository", testSSHClient(known, userSeed), "/nowhere.git", "",
			"/nowhere.git' does not appear to be a git repository"},
		{"no client", nil, "/shared.git", "", "no network in this session"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			_, repo := snapshotted(t, "x\n")
			if err := repo.AddRemote("origin", "ssh://git@"+srv.Addr+tc.path); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if tc.client != nil {
				ctx = WithSSH(ctx, tc.client)
			}
			_, err := repo.Push(ctx, "origin", "")
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("push: %v; want an error with %q", err, tc.err)
			}
			var said *sshauth.Error
			detail := ""
			if errors.As(err, &said) {
				detail = said.Detail()
			}
			if detail != tc.detail {
				t.Errorf("ssh said %q, want %q", detail, tc.detail)
			}
			if _, err := repo.Fetch(ctx, "origin"); err == nil {
				t.Errorf("fetch: no error")
			}
		})
	}
	for _, c := range srv.Commands() {
		if strings.Contains(c, "receive-pack '/shared.git'") {
			t.Errorf("the server ran %q", c)
		}
	}
}

// TestSSHHostSettingsIgnored: the host's ssh configuration (which would
// send the connection elsewhere: go-git's reader of ~/.ssh/config is
// replaced by one saying so, since the real one reads the home of the
// passwd database, not $HOME), its ssh agent (SSH_AUTH_SOCK) and its
// proxy (ALL_PROXY) are not used: the push goes where the URL says, with
// the key given.
func TestSSHHostSettingsIgnored(t *testing.T) {
	srv, dir := startSSH(t)
	installTransports()
	saved := gitssh.DefaultSSHConfig
	gitssh.DefaultSSHConfig = redirectConfig{}
	t.Cleanup(func() { gitssh.DefaultSSHConfig = saved })
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("SSH_AUTH_SOCK", filepath.Join(home, "no-agent.sock"))
	t.Setenv("ALL_PROXY", "socks5://127.0.0.1:1")
	ctx := WithSSH(context.Background(), testSSHClient(sshtest.KnownHost(srv.Addr, hostSeed), userSeed))
	_, repo := snapshotted(t, "x\n")
	if err := repo.AddRemote("origin", "ssh://git@"+srv.Addr+"/shared.git"); err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Push(ctx, "origin", ""); err != nil {
		t.Fatal(err)
	}
	shared, _ := git.PlainOpen(filepath.Join(dir, "shared.git"))
	if _, err := shared.Reference("refs/heads/main", true); err != nil {
		t.Fatal("the push did not reach the server:", err)
	}
}

// redirectConfig is an ssh configuration that sends every host to
// 192.0.2.1:1 (TEST-NET-1) as user nobody.
type redirectConfig struct{}

func (redirectConfig) Get(_, key string) string {
	return map[string]string{"Hostname": "192.0.2.1", "Port": "1", "User": "nobody"}[key]
}

// BenchmarkSSHPushClone10k is BenchmarkPushClone10k over ssh, to the
// test server on 127.0.0.1.
func BenchmarkSSHPushClone10k(b *testing.B) {
	dir := b.TempDir()
	srv, err := sshtest.Start(dir, hostSeed, userSeed)
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	ctx := WithSSH(context.Background(), testSSHClient(sshtest.KnownHost(srv.Addr, hostSeed), userSeed))
	benchPushClone10k(b, ctx, dir, func(bare string) string {
		return "ssh://git@" + srv.Addr + "/" + filepath.Base(bare)
	})
}

// TestSSHWordsConfirmed runs the host's OpenSSH client against the test
// server in the cases moonix refuses, and checks that moonix's words are
// ssh's: the same lines for an unknown host and for a key the server
// does not let in, and the lines of its short form among ssh's banner
// for a changed host key. Then the host's git clones, through ssh, what
// moonix pushed, and finds the same history.
func TestSSHWordsConfirmed(t *testing.T) {
	sshBin, err := exec.LookPath("ssh")
	if err != nil {
		if os.Getenv("MOONIX_REQUIRE_CONFIRM") == "1" {
			t.Fatal("no ssh to confirm against (Debian's openssh-client)")
		}
		t.Skip("no ssh to confirm against")
	}
	t.Parallel()
	srv, _ := startSSH(t)
	_, port, _ := net.SplitHostPort(srv.Addr)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	known := sshtest.KnownHost(srv.Addr, hostSeed)
	userKey := write("user_key", sshtest.PrivateKey(userSeed, ""))
	otherKey := write("other_key", sshtest.PrivateKey(otherSeed, ""))
	sshArgs := func(knownHosts, key string) []string {
		return []string{"-F", "/dev/null", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes",
			"-o", "UserKnownHostsFile=" + knownHosts, "-o", "GlobalKnownHostsFile=/dev/null",
			"-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "LogLevel=ERROR", "-i", key, "-p", port}
	}
	for _, tc := range []struct {
		what, known string
		key         byte
		keyFile     string
		exact       bool // ssh says these lines and no others (but how to remove a key with ssh-keygen)
	}{
		{"an unknown host", "", userSeed, userKey, true},
		{"a changed key", "# old\n" + sshtest.KnownHost(srv.Addr, otherSeed), userSeed, userKey, true},
		{"a revoked key", "@revoked " + known + known, userSeed, userKey, true},
		{"an unknown user key", known, otherSeed, otherKey, true},
	} {
		t.Run(tc.what, func(t *testing.T) {
			kh := write(strings.ReplaceAll(tc.what, " ", "_")+".known_hosts", tc.known)
			cmd := exec.Command(sshBin, append(sshArgs(kh, tc.keyFile), "git@127.0.0.1", "git-upload-pack '/shared.git'")...)
			cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin"}
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("ssh let it through: %s", out)
			}
			var client SSHClient = *testSSHClient(tc.known, tc.key)
			config := client.Config
			client.Config = func(ctx context.Context, user, addr string) (*ssh.ClientConfig, func(), error) {
				cfg, done, err := config(ctx, user, addr)
				if err == nil {
					var k sshauth.KnownHosts
					k.Add(kh, []byte(tc.known)) // named as ssh names it
					cfg.HostKeyCallback = k.Check
				}
				return cfg, done, err
			}
			_, repo := snapshotted(t, "x\n")
			repo.AddRemote("origin", "ssh://git@"+srv.Addr+"/shared.git")
			_, err = repo.Fetch(WithSSH(context.Background(), &client), "origin")
			var said *sshauth.Error
			if !errors.As(err, &said) {
				t.Fatalf("moonix: %v, not ssh's words", err)
			}
			var theirs []string
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				line = strings.TrimSuffix(line, "\r")
				if line == "  remove with:" || strings.HasPrefix(line, "  ssh-keygen -f ") {
					continue // moonix has no ssh-keygen
				}
				theirs = append(theirs, line)
			}
			ours := strings.Split(said.Said, "\n")
			if tc.exact && !slices.Equal(ours, theirs) {
				t.Fatalf("moonix said\n%s\nssh said\n%s", said.Said, out)
			}
			for _, line := range ours {
				if !slices.Contains(theirs, line) {
					t.Errorf("ssh does not say %q:\n%s", line, out)
				}
			}
		})
	}

	// what moonix pushes, git clones through ssh, the same
	gitBin, err := exec.LookPath("git")
	if err != nil {
		return // git's own confirmation is cli's remotes tests'
	}
	ctx := WithSSH(context.Background(), testSSHClient(known, userSeed))
	_, repo := snapshotted(t, "pushed\n")
	repo.AddRemote("origin", "ssh://git@"+srv.Addr+"/shared.git")
	if _, err := repo.Push(ctx, "origin", ""); err != nil {
		t.Fatal(err)
	}
	kh := write("git.known_hosts", known)
	clone := filepath.Join(dir, "clone")
	cmd := exec.Command(gitBin, "clone", "-q", "-b", "main", "ssh://git@127.0.0.1:"+port+"/shared.git", clone)
	cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_SSH_COMMAND=" + sshBin + " " + strings.Join(sshArgs(kh, userKey), " ")}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	out, err := exec.Command(gitBin, "-C", clone, "log", "-1", "--format=%H").Output()
	if err != nil || strings.TrimSpace(string(out)) != repo.CurrentID() {
		t.Errorf("git's clone is at %q (%v), want %s", out, err, repo.CurrentID())
	}
	if got, _ := os.ReadFile(filepath.Join(clone, "fs", "work", "f")); string(got) != "pushed\n" {
		t.Errorf("git's clone has work/f = %q", got)
	}
}

// TestSSHCanceled: a server that never answers holds an operation only
// until its context ends (Ctrl-C, a timeout): the connection is closed
// under the handshake.
func TestSSHCanceled(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			accepted <- c // and say nothing
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	held := make(chan net.Conn, 1)
	go func() {
		c := <-accepted
		held <- c
		cancel()
	}()
	defer func() {
		if c := <-held; c != nil {
			c.Close()
		}
	}()
	_, repo := snapshotted(t, "x\n")
	repo.AddRemote("origin", "ssh://git@"+ln.Addr().String()+"/shared.git")
	_, err = repo.Push(WithSSH(ctx, testSSHClient("")), "origin", "")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("push: %v, want context.Canceled", err)
	}
}
