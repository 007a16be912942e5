package cli_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/crypto/ssh/agent"

	"github.com/moonix-sh/moonix/cli"
	"github.com/moonix-sh/moonix/internal/agenttest"
	"github.com/moonix-sh/moonix/internal/sshtest"
)

// TestMain makes this test binary double as the moonix command that the
// scripts under testdata/cli run (testscript copies it into $PATH).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"moonix": func() { os.Exit(cli.Main(os.Stdin, os.Stdout, os.Stderr, os.Args[1:])) },
	})
}

// TestScripts runs the CLI surface scripts, testdata/cli/*.txtar.
func TestScripts(t *testing.T) {
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "testdata", "cli"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"exits":      cmdExits,
			"waitlock":   cmdWaitLock,
			"waitfile":   cmdWaitFile,
			"dirsum":     cmdDirSum,
			"appendfile": cmdAppendFile,
			"httpserve":  cmdHTTPServe,
			"githttp":    cmdGitHTTP,
			"sshserve":   cmdSSHServe,
			"sshagent":   cmdSSHAgent,
			"signal":     cmdSignal,
			"results":    cmdResults,
			"mkfifo":     cmdMkfifo,
		},
		Setup: func(env *testscript.Env) error {
			// Under -race every exec'd moonix would sleep a second at
			// exit waiting for stray goroutines.
			env.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
			// moonix's default workspace, $XDG_DATA_HOME/moonix/default
			// (testscript's HOME does not exist).
			env.Setenv("XDG_DATA_HOME", filepath.Join(env.WorkDir, ".data"))
			return nil
		},
	})
}

// cmdExits runs a command and checks its exact exit status:
//
//	exits STATUS command [args...]
//
// Its stdout and stderr can be checked afterwards like those of exec.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits STATUS command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// waitFor polls cond for up to 10 seconds.
func waitFor(ts *testscript.TestScript, what string, cond func() bool) {
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			ts.Fatalf("timed out waiting for %s", what)
		}
	}
}

// cmdWaitLock waits until a moonix process holds the workspace DIR (its
// pid is in DIR/moonix/lock, which the holder writes once it has the lock)
// and sets $HOLDER to that pid:
//
//	waitlock DIR
//
// The workspace must be new: an old lock file holds a dead holder's pid.
func cmdWaitLock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitlock DIR")
	}
	name := filepath.Join(ts.MkAbs(args[0]), "moonix", "lock")
	pid := ""
	waitFor(ts, name, func() bool {
		data, err := os.ReadFile(name)
		if s, ok := strings.CutSuffix(string(data), "\n"); err == nil && ok {
			pid = s
		}
		return pid != ""
	})
	ts.Setenv("HOLDER", pid)
}

// cmdWaitFile waits until FILE exists:
//
//	waitfile FILE
func cmdWaitFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile FILE")
	}
	name := ts.MkAbs(args[0])
	waitFor(ts, name, func() bool {
		_, err := os.Stat(name)
		return err == nil
	})
}

// cmdSignal sends a signal (TERM, HUP or INT) to every background
// command (testscript's kill knows only INT and KILL):
//
//	signal SIG
func cmdSignal(ts *testscript.TestScript, neg bool, args []string) {
	sigs := map[string]os.Signal{"TERM": syscall.SIGTERM, "HUP": syscall.SIGHUP, "INT": os.Interrupt}
	if neg || len(args) != 1 || sigs[args[0]] == nil {
		ts.Fatalf("usage: signal TERM|HUP|INT")
	}
	for _, cmd := range ts.BackgroundCmds() {
		ts.Check(cmd.Process.Signal(sigs[args[0]]))
	}
}

// cmdDirSum prints every path under DIR with its mode and a digest of its
// content, to check that a directory did not change:
//
//	dirsum DIR
func cmdDirSum(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: dirsum DIR")
	}
	root := ts.MkAbs(args[0])
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		fmt.Fprintf(&b, "%s %v", rel, info.Mode())
		if info.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, " %x", sha256.Sum256(data))
		}
		b.WriteByte('\n')
		return nil
	})
	ts.Check(err)
	fmt.Fprint(ts.Stdout(), b.String())
}

// cmdAppendFile appends TEXT (no newline added) to FILE, as a write cut
// short by a kill would leave it:
//
//	appendfile FILE TEXT
func cmdAppendFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: appendfile FILE TEXT")
	}
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	ts.Check(err)
	_, err = f.WriteString(args[1])
	ts.Check(err)
	ts.Check(f.Close())
}

// cmdHTTPServe starts an HTTP server on 127.0.0.1 for the rest of the
// script and sets $NAME to its URL (http://127.0.0.1:PORT) and
// $NAME_ADDR to 127.0.0.1:PORT:
//
//	httpserve NAME DIR
//
// It serves the files under DIR, and:
//
//	/echo       the request's method, path and body
//	/status/N   status N
//	/to?url=U   a redirect (302) to U
//	/hang       nothing: it creates NAME.hanging in $WORK and waits for
//	            the client to go away
//
// Each request it gets is appended to NAME.requests in $WORK as
// "METHOD PATH", so that a script can check what reached it.
func cmdHTTPServe(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: httpserve NAME DIR")
	}
	name := args[0]
	logName := ts.MkAbs(name + ".requests")
	ts.Check(os.WriteFile(logName, nil, 0o644))
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(ts.MkAbs(args[1]))))
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %s %s\n", r.Method, r.URL.RequestURI(), body)
	})
	mux.HandleFunc("/status/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.PathValue("n"))
		if err != nil || n < 100 || n > 999 {
			n = http.StatusBadRequest
		}
		w.WriteHeader(n)
		fmt.Fprintf(w, "status %d\n", n)
	})
	mux.HandleFunc("/to", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Query().Get("url"), http.StatusFound)
	})
	hanging := ts.MkAbs(name + ".hanging")
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		// The body is read first: the server notices a client gone only
		// once it has read the whole request.
		io.Copy(io.Discard, r.Body)
		os.WriteFile(hanging, nil, 0o644)
		select {
		case <-r.Context().Done():
		case <-time.After(time.Minute): // a test that never kills its client
		}
	})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f, err := os.OpenFile(logName, os.O_WRONLY|os.O_APPEND, 0); err == nil {
			fmt.Fprintf(f, "%s %s\n", r.Method, r.URL.RequestURI())
			f.Close()
		}
		mux.ServeHTTP(w, r)
	}))
	ts.Defer(srv.Close)
	ts.Setenv(name, srv.URL)
	ts.Setenv(name+"_ADDR", strings.TrimPrefix(srv.URL, "http://"))
}

// cmdGitHTTP serves the git repositories under DIR over HTTP, with the
// host's git http-backend (push included), on 127.0.0.1, and sets NAME to
// its URL and NAME_ADDR to its host:port:
//
//	githttp NAME DIR
func cmdGitHTTP(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: githttp NAME DIR")
	}
	git, err := exec.LookPath("git")
	ts.Check(err)
	h := &cgi.Handler{
		Path: git, Args: []string{"http-backend"},
		Env: []string{"GIT_PROJECT_ROOT=" + ts.MkAbs(args[1]), "GIT_HTTP_EXPORT_ALL=1",
			"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=http.receivepack", "GIT_CONFIG_VALUE_0=true"},
	}
	srv := httptest.NewServer(h)
	ts.Defer(srv.Close)
	ts.Setenv(args[0], srv.URL)
	ts.Setenv(args[0]+"_ADDR", strings.TrimPrefix(srv.URL, "http://"))
}

// cmdSSHServe serves the bare repositories under DIR over ssh on
// 127.0.0.1 (internal/sshtest: go-git's server, no host program), making
// DIR/shared.git first when it is not there, for the rest of the script:
//
//	sshserve NAME DIR
//
// It sets NAME_ADDR to its 127.0.0.1:PORT; NAME_KNOWN to the known_hosts
// line of its host key and NAME_CHANGED to one giving that host another
// key; NAME_KEY to the private key it lets in, NAME_LOCKED to the same
// key encrypted with the passphrase "sesame", and NAME_OTHERKEY to a key
// it does not let in. The commands it runs are appended to
// NAME.commands in $WORK, as "USER COMMAND".
func cmdSSHServe(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: sshserve NAME DIR")
	}
	name, dir := args[0], ts.MkAbs(args[1])
	if _, err := os.Stat(filepath.Join(dir, "shared.git")); err != nil {
		_, err := git.PlainInit(filepath.Join(dir, "shared.git"), true)
		ts.Check(err)
	}
	srv, err := sshtest.Start(dir, 1, 2)
	ts.Check(err)
	ts.Defer(srv.Close)
	ts.Check(os.WriteFile(ts.MkAbs(name+".commands"), nil, 0o644))
	srv.LogTo(ts.MkAbs(name + ".commands"))
	ts.Setenv(name+"_ADDR", srv.Addr)
	ts.Setenv(name+"_KNOWN", sshtest.KnownHost(srv.Addr, 1))
	ts.Setenv(name+"_CHANGED", sshtest.KnownHost(srv.Addr, 3))
	ts.Setenv(name+"_KEY", sshtest.PrivateKey(2, ""))
	ts.Setenv(name+"_LOCKED", sshtest.PrivateKey(2, "sesame"))
	ts.Setenv(name+"_OTHERKEY", sshtest.PrivateKey(3, ""))
}

// cmdSSHAgent runs an ssh agent holding the key sshserve lets in
// (NAME_KEY's), on a socket of the host, for the rest of the script, and
// sets NAME_SOCK to the socket's path:
//
//	sshagent NAME
func cmdSSHAgent(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sshagent NAME")
	}
	dir, err := os.MkdirTemp("", "agent") // a socket's path is short
	ts.Check(err)
	ts.Defer(func() { os.RemoveAll(dir) })
	keyring := agent.NewKeyring()
	ts.Check(keyring.Add(agent.AddedKey{PrivateKey: sshtest.Key(2)}))
	sock := filepath.Join(dir, "agent.sock")
	ln, err := net.Listen("unix", sock)
	ts.Check(err)
	ts.Defer(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				agent.ServeAgent(keyring, c)
				c.Close()
			}()
		}
	}()
	ts.Setenv(args[0]+"_SOCK", sock)
}

// cmdResults checks that stdout is moonix --json's: nothing but lines
// that are each one result valid against agent/result.schema.json, and
// N of them when N is given:
//
//	results [N]
func cmdResults(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 1 {
		ts.Fatalf("usage: results [N]")
	}
	out := ts.ReadFile("stdout")
	lines := strings.SplitAfter(out, "\n")
	if lines[len(lines)-1] != "" {
		ts.Fatalf("stdout does not end with a newline")
	}
	lines = lines[:len(lines)-1]
	for i, line := range lines {
		if err := agenttest.Validate([]byte(line)); err != nil {
			ts.Fatalf("result %d: %v\n%s", i+1, err, line)
		}
	}
	if len(args) == 1 && strconv.Itoa(len(lines)) != args[0] {
		ts.Fatalf("%d results, want %s", len(lines), args[0])
	}
}

// cmdMkfifo makes the FIFO PATH on the host:
//
//	mkfifo PATH
func cmdMkfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo PATH")
	}
	ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
}
