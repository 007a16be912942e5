package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/shell"
)

// StopGrace is how long stopping a server waits after closing its
// standard input, and again after SIGTERM, before the next step.
var StopGrace = 2 * time.Second

// Hosts starts servers with what the session hands in; a nil field means
// that kind of server cannot be reached in this session. Hosts checks
// nothing itself: the session wraps it with GateStarter and
// RecordStarter.
type Hosts struct {
	// Spawn starts host programs (stdio servers): StartHost on the host.
	Spawn SpawnFunc
	// BaseEnv is the environment every host server starts with, before
	// its own env (the host's PATH, HOME... as the CLI chooses).
	BaseEnv []string
	// HTTP is the session's HTTP client, through the gate (net.connect).
	HTTP *http.Client
	// Run runs programs of the VFS (WebAssembly servers).
	Run RunFunc
}

var _ Starter = (*Hosts)(nil)

// Start starts s.
func (h *Hosts) Start(ctx context.Context, s *Server, stderr io.Writer) (sdk.Transport, Process, error) {
	switch s.Transport() {
	case "http":
		if h.HTTP == nil {
			return nil, nil, fmt.Errorf("%s: HTTP servers are %w (no network)", s.Name, ErrNotAvailable)
		}
		client := h.HTTP
		if len(s.Headers) > 0 {
			client = shell.WithHeaders(h.HTTP, s.Headers)
		}
		return &sdk.StreamableClientTransport{
			Endpoint: s.URL, HTTPClient: client,
			MaxRetries: -1, DisableStandaloneSSE: true,
		}, nil, nil
	case "wasm":
		if h.Run == nil {
			return nil, nil, fmt.Errorf("%s: programs of the VFS are %w", s.Name, ErrNotAvailable)
		}
		p := runProgram(h.Run, append([]string{s.Wasm}, s.Args...), envList(nil, s.Env), stderr)
		return newPipeTransport(p), p, nil
	}
	if h.Spawn == nil {
		return nil, nil, fmt.Errorf("%s: host programs are %w", s.Name, ErrNotAvailable)
	}
	p, err := h.Spawn(ctx, &Cmd{Path: s.Command, Args: s.Args, Env: envList(h.BaseEnv, s.Env), Dir: s.Cwd, Stderr: stderr})
	if err != nil {
		return nil, nil, err
	}
	return newPipeTransport(p), p, nil
}

// envList is base with env's variables set on top, sorted by name.
func envList(base []string, env map[string]string) []string {
	out := slices.Clone(base)
	for _, k := range slices.Sorted(maps.Keys(env)) {
		out = slices.DeleteFunc(out, func(kv string) bool { return len(kv) > len(k) && kv[:len(k)+1] == k+"=" })
		out = append(out, k+"="+env[k])
	}
	return out
}

// pipeTransport is the newline-delimited JSON transport over a program's
// standard input and output; it keeps the last line read, to show what a
// server wrote that is not the protocol.
type pipeTransport struct {
	sdk.IOTransport
	tail *tailReader
}

func newPipeTransport(p Process) *pipeTransport {
	tail := &tailReader{r: p.Stdout()}
	return &pipeTransport{IOTransport: sdk.IOTransport{Reader: io.NopCloser(tail), Writer: p.Stdin()}, tail: tail}
}

// LastLine is the first line the server wrote that is not JSON, or else
// the last line (or part of one) it wrote.
func (t *pipeTransport) LastLine() string { return t.tail.lastLine() }

// tailReader passes a stream on and keeps its last line, and the first
// line that is not JSON, up to 200 bytes each.
type tailReader struct {
	r    io.Reader
	mu   sync.Mutex
	line []byte
	bad  []byte
	done bool // the kept line ended
	long bool // it was longer than kept
}

func (t *tailReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.mu.Lock()
	for _, b := range p[:n] {
		if t.done {
			t.line, t.done, t.long = t.line[:0], false, false
		}
		if b == '\n' {
			t.done = true
			if l := bytes.TrimSpace(t.line); t.bad == nil && len(l) > 0 && !t.long && !json.Valid(l) {
				t.bad = bytes.Clone(l)
			}
			continue
		}
		if len(t.line) < 200 {
			t.line = append(t.line, b)
		} else {
			t.long = true
		}
	}
	t.mu.Unlock()
	return n, err
}

func (t *tailReader) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.bad != nil {
		return string(t.bad)
	}
	return string(bytes.TrimSpace(t.line))
}

// vfsProc is a program of the VFS serving over pipes.
type vfsProc struct {
	stdinR  *io.PipeReader
	stdinW  *io.PipeWriter
	stdoutR *io.PipeReader
	cancel  context.CancelFunc
	done    chan struct{}
	status  int
	once    sync.Once
}

func runProgram(run RunFunc, argv, env []string, stderr io.Writer) *vfsProc {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &vfsProc{stdinR: inR, stdinW: inW, stdoutR: outR, cancel: cancel, done: make(chan struct{})}
	go func() {
		p.status = run(ctx, argv, env, inR, outW, stderr)
		outW.Close()
		inR.Close()
		close(p.done)
	}()
	return p
}

func (p *vfsProc) Stdin() io.WriteCloser { return p.stdinW }
func (p *vfsProc) Stdout() io.Reader     { return p.stdoutR }
func (p *vfsProc) Pid() int              { return 0 }
func (p *vfsProc) Done() <-chan struct{} { return p.done }
func (p *vfsProc) Exit() string          { <-p.done; return fmt.Sprintf("exit status %d", p.status) }

// Stop closes the program's standard input, and cancels it if it has not
// ended after StopGrace.
func (p *vfsProc) Stop() {
	p.once.Do(func() {
		p.stdinW.Close()
		select {
		case <-p.done:
		case <-time.After(StopGrace):
			p.cancel()
			<-p.done
		}
		p.cancel()
		p.stdoutR.Close()
	})
}
