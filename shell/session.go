package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	mathrand "math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/builtins/sandbox"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/internal/engine"
	"github.com/moonix-sh/moonix/internal/stack"
	"github.com/moonix-sh/moonix/vfs"
	"github.com/moonix-sh/moonix/wasm"
)

// Config configures a Session. The zero value is valid: a fresh default
// tree, cwd /work, no input, output discarded, logical clock, seeded
// randomness.
type Config struct {
	// FS is the filesystem the session works on, already wrapped by whatever
	// decorators apply. Nil means a fresh vfs.NewDefault tree.
	FS vfs.FS
	// Env holds NAME=VALUE pairs added on top of the defaults (HOME, USER,
	// LOGNAME, PATH, HOSTNAME, SHELL, TMPDIR); later entries win.
	Env []string
	// Unrecorded holds NAME=VALUE pairs (the command line's --env, also
	// in Env) that history leaves out of its states while the variable
	// holds that value, so that a token copied from the host is neither
	// kept in snapshots nor pushed; a restored state (rollback, switch,
	// atomic) gets them back on top, as a new session does.
	Unrecorded []string
	// Dir is the initial working directory; default /work.
	Dir    string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Clock  clock.Clock
	Rand   clock.Source
	// Who is the sandbox identity; zero means user "user", uid 1000, home
	// /work, host "moonix".
	Who builtins.Identity
	// Name is $0; default "moonix".
	Name string
	// Args are the positional parameters.
	Args []string
	// Options are set(1) options such as "-e" or "-x" to start with.
	Options []string
	// Shopts are bash options to turn on, as with shopt -s.
	Shopts []string
	// Interactive turns on alias expansion, as in an interactive bash.
	Interactive bool
	// Width returns the terminal width when Stdout is a terminal; nil when it
	// is not.
	Width func() int
	// Umask for files the session creates; default 022.
	Umask *fs.FileMode
	// Caps is what the session may do; nil means the sandbox preset. The
	// session puts FS, Repo, Clock and Rand behind a gate on this set.
	Caps *caps.Set
	// Audit is told of every denial (which is also in Effects).
	Audit func(*caps.DeniedError)
	// Effects is the effect log: irreversible operations and denials. Nil
	// means a log in memory.
	Effects *effects.Log
	// Commands are extra commands for this session (and its nested
	// shells), looked up after the builtins: test helpers, embedders' tools.
	Commands map[string]func(*builtins.Call) int
	// Packages are more command packages (the protocols': mcp, a2a), whose
	// commands the session registers beside its builtins, built with what
	// it hands its commands (Resources). A name given twice is an error.
	Packages []Package
	// Repo is the history of FS. Nil means an in-memory history of the tree
	// when FS is nil or a *vfs.Tree, and no history otherwise.
	Repo caps.Repo
	// Checkpoint, when set, is called after every top-level statement with
	// the shell's state (the eager write mode saves the working state).
	Checkpoint func(vfs.State)
	// Dial is the host's network (net.Dialer.DialContext). The session
	// reaches it only through the gate (net.connect); nil means no
	// network at all.
	Dial caps.DialFunc
	// Lookup is the host's resolver (net.Resolver.LookupNetIP): the gate
	// looks a name up with it and checks the addresses before it dials
	// them. Nil: only addresses can be connected to, no names.
	Lookup caps.LookupFunc
	// SSHAgent connects to the ssh agent the command line granted
	// (--ssh-agent), whose keys the remotes over ssh may use; nil: no
	// agent (SSH_AUTH_SOCK is never read).
	SSHAgent AgentFunc
	// HTTPMaxBody bounds the body of an HTTP response a command reads
	// (curl); 0 means DefaultHTTPMaxBody.
	HTTPMaxBody int64
	// DashC says the program comes from -c; ScriptFile that it is the
	// file named Name ($-, $FUNCNAME and $BASH_SOURCE tell them apart).
	DashC      bool
	ScriptFile bool
	// Limits bound what the session may use (zero: the defaults); a
	// nested shell has its root session's.
	Limits Limits
	// Wasm configures the runtime of the session's WebAssembly programs:
	// the on-disk compilation cache (none: compiled code is kept in memory
	// for the session only) and the memory cap.
	Wasm wasm.Config

	// argv is the command line a nested shell was started with (ps).
	argv []string
	// parent is the session that started this one as a nested shell;
	// depth is the call depth it runs at.
	parent *Session
	depth  int
}

const defaultName = "moonix"

// firstPid is $$ in a root session.
const firstPid = 100

// DefaultIdentity is who the sandbox user is unless configured.
var DefaultIdentity = builtins.Identity{
	User: "user", Group: "user", UID: 1000, GID: 1000, Home: "/work", Host: "moonix",
}

// Session is a running shell: moonix's engine bound to a filesystem. Run and
// RunStream must not be called concurrently; see the package doc.
type Session struct {
	cfg   Config
	fs    vfs.FS
	clock clock.Clock
	rand  clock.Source
	who   builtins.Identity
	stdin *os.File
	// stopStdin ends the copy into stdin, when there is one.
	stopStdin func()
	// eng is moonix's engine, which runs the shell language; src is the
	// text of the statements runStmts runs there, srcLine the number of
	// lines before it.
	eng     *engine.Shell
	src     string
	srcLine int

	// limitHit: a limit stopped the last statement run on the engine.
	limitHit bool
	// hit is the first limit that stopped a statement since a Captured
	// run began (a root session's; see capture.go).
	hit  atomic.Pointer[limitError]
	gate *caps.Gate
	// http is the session's HTTP client, shared with its nested shells.
	http *http.Client
	// clockGated says that clock is the gate's (the configured clock was
	// logical): its real reads are recorded as effects (see reads.go).
	clockGated bool
	// logical and seeded are the clock and the random source under the
	// gate, when the real ones are not allowed (see reads.go).
	logical *clock.Logical
	seeded  clock.Source
	// wasm runs the session's WebAssembly programs; nested shells share
	// their root session's.
	wasm *wasm.Runtime
	// tree is the tree under the gate, nil when the FS is not a tree.
	tree *vfs.Tree
	// commands are the builtins; nested shells share their root
	// session's (see registry.go).
	commands *builtins.Registry
	// execChain is the exec path (see exec.go).
	execChain execFunc

	// pid and ppid are $$ and $PPID; pids hands out the next pid, shared by
	// a root session and the shells nested in it.
	pid, ppid int
	pids      *atomic.Int64
	// started is when the session started, on procClock (ps).
	started time.Time
	// shells are the engines of a root session and its nested shells,
	// for kill across them.
	shells *engineShells

	// live are the statements under way and procs the jobs alive (a
	// root session's; see limits.go).
	live  liveRuns
	procs atomic.Int64
	// disk is the tree's usage, for df and ulimit; nil when the FS is not
	// a tree.
	disk func() vfs.Usage

	mu          sync.Mutex
	random      *mathrand.Rand // $RANDOM's generator (see randomValue)
	randomSeed  string
	umask       fs.FileMode
	signalTraps map[string]string
	// closers are what the command packages asked to run at Close.
	closers   []func()
	status    int
	exited    bool // a statement ran exit: the EXIT trap has run
	ready     bool // New's own setup is done
	closeOnce sync.Once
}

// New returns a session ready to run programs.
func New(cfg Config) (*Session, error) {
	s := &Session{cfg: cfg, fs: cfg.FS, clock: cfg.Clock, rand: cfg.Rand, who: cfg.Who, umask: 0o022, signalTraps: map[string]string{}}
	s.cfg.Limits = cfg.Limits.withDefaults()
	if cfg.Umask != nil {
		s.umask = *cfg.Umask
	}
	if p := cfg.parent; p != nil {
		s.pids, s.ppid = p.pids, p.pid
		s.shells = p.shells
	} else {
		s.pids, s.ppid = new(atomic.Int64), 1
		s.shells = &engineShells{}
		s.pids.Store(firstPid - 1)
	}
	s.pid = int(s.pids.Add(1))
	s.execChain = s.newExecChain()
	if s.who == (builtins.Identity{}) {
		s.who = DefaultIdentity
	}
	if p := cfg.parent; p != nil {
		// nested shells share the gated FS, history, clock, log, network
		s.gate, s.http, s.cfg.HTTPMaxBody = p.gate, p.http, p.cfg.HTTPMaxBody
		s.clockGated, s.disk = p.clockGated, p.disk
		s.logical, s.seeded = p.logical, p.seeded
		s.wasm, s.commands, s.tree = p.wasm, p.commands, p.tree
	} else if err := s.setupGate(); err != nil {
		return nil, err
	} else {
		s.wasm = wasm.New(cfg.Wasm)
		watchSession(s)
	}
	if s.cfg.Dir == "" {
		s.cfg.Dir = "/work"
	}
	if s.cfg.Name == "" {
		s.cfg.Name = defaultName
	}
	if s.cfg.Stdout == nil {
		s.cfg.Stdout = io.Discard
	}
	if s.cfg.Stderr == nil {
		s.cfg.Stderr = io.Discard
	}
	stdin, stop, err := stdinFile(cfg.Stdin)
	if err != nil {
		return nil, err
	}
	s.stdin, s.stopStdin = stdin, stop
	s.started = s.procClock()
	eng, err := s.newEngine()
	if err != nil {
		return nil, err
	}
	s.eng = eng
	s.shells.add(s)
	if err := s.engineOptions(); err != nil {
		return nil, err
	}
	s.ready = true
	return s, nil
}

// setupGate puts the session's filesystem, history, clock and random
// source behind the capability gate (a root session only: nested shells
// inherit them already gated).
func (s *Session) setupGate() error {
	set := s.cfg.Caps
	if set == nil {
		var err error
		if set, err = caps.Preset(caps.DefaultPreset); err != nil {
			return err
		}
	}
	if s.cfg.Effects == nil {
		s.cfg.Effects = effects.Memory()
	}
	if s.cfg.Effects.Snapshot == nil {
		s.cfg.Effects.Snapshot = func() string { return currentID(s.cfg.Repo) }
	}
	audit := s.cfg.Audit
	log := s.cfg.Effects
	s.gate = caps.NewGate(set, func(d *caps.DeniedError) {
		recordDenial(log, d)
		if audit != nil {
			audit(d)
		}
	})
	logical, _ := s.clock.(*clock.Logical)
	if s.clock == nil {
		logical = clock.NewLogical(clock.Epoch)
		s.clock = logical
	}
	if s.rand == nil {
		s.rand = clock.NewSeeded(clock.DefaultSeed)
	}
	if s.fs == nil {
		s.fs = vfs.NewDefault(vfs.Options{Clock: s.clock, Rand: s.rand, Uid: uint32(s.who.UID), Gid: uint32(s.who.GID)})
	}
	if tree, ok := s.fs.(*vfs.Tree); ok {
		tree.SetLimits(s.cfg.Limits.Disk)
		s.disk = tree.Usage
		s.tree = tree
	}
	if s.cfg.Repo == nil {
		if tree, ok := s.fs.(*vfs.Tree); ok {
			repo, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{Clock: s.clock})
			if err != nil {
				return err
			}
			s.cfg.Repo = repo
		}
	}
	if r, ok := s.cfg.Repo.(interface{ Unrecord([]string) }); ok {
		r.Unrecord(s.cfg.Unrecorded)
	}
	if logical != nil {
		if s.cfg.Effects.Now == nil {
			s.cfg.Effects.Now = logical.Now
		}
		s.logical = logical
		s.clock = s.gate.Clock(logical, clock.Real{})
		s.clockGated = true
	}
	s.seeded = s.rand
	s.rand = s.gate.Rand(s.seeded, clock.Crypto{})
	// The random devices read the gated source too, and their real reads
	// are recorded.
	if tree, ok := s.fs.(interface{ SetRand(io.Reader) }); ok {
		tree.SetRand(deviceRand{s})
	}
	s.fs = s.gate.FS(s.fs)
	if s.cfg.HTTPMaxBody <= 0 {
		s.cfg.HTTPMaxBody = DefaultHTTPMaxBody
	}
	s.http = newHTTPClient(s.gate, s.cfg.Dial, s.cfg.Lookup, s.cfg.Effects, s.cfg.HTTPMaxBody)
	if s.cfg.Repo != nil {
		// the gate outside, the recorder inside: a refused push is
		// not an effect
		sshFor := func(env []string) *vfs.SSHClient {
			src := loadSSHSource(s.fs, env, s.who.Home, s.who.User, s.cfg.SSHAgent)
			return newSSHClient(s.gate, s.cfg.Dial, s.cfg.Lookup, s.cfg.Effects, src)
		}
		s.cfg.Repo = s.gate.Repo(remoteRecorder{Repo: s.cfg.Repo, log: s.cfg.Effects, rt: s.http.Transport, ssh: sshFor})
	}
	var err error
	if s.commands, err = s.newRegistry(); err != nil {
		return err
	}
	if s.tree != nil {
		return s.mountCommands(s.tree)
	}
	return nil
}

// currentID is the id of repo's current snapshot, "" when there is none.
func currentID(repo caps.Repo) string {
	if repo == nil {
		return ""
	}
	return repo.CurrentID()
}

// recordDenial puts a denial in the effect log (audit only: a denial is
// not an effect). A log that cannot be written to loses the record; the
// denial itself is reported to the user either way.
func recordDenial(log *effects.Log, d *caps.DeniedError) {
	log.Record(effects.Entry{
		Kind: effects.Denied, Target: d.Path, Outcome: effects.OutcomeDenied,
		Request: &effects.Payload{Summary: d.Op, Fields: map[string]string{"needs": d.Cap.String()}},
	})
}

// Caps is the session's capability set (drop only, once running).
func (s *Session) Caps() *caps.Set { return s.gate.Set }

// stdinFile gives the shell an *os.File for standard input (it
// requires one). A reader that wraps a file (a builtin's buffered stdin)
// is unwrapped, so that a nested shell reads the same stream as its caller
// and takes no more than it uses; any other reader is copied into a pipe by
// a goroutine, which stop ends.
func stdinFile(r io.Reader) (f *os.File, stop func(), err error) {
	for {
		u, ok := r.(interface{ Unwrap() io.Reader })
		if !ok {
			break
		}
		r = u.Unwrap()
	}
	switch r := r.(type) {
	case *os.File:
		return r, func() {}, nil
	case nil:
		return stdinFile(strings.NewReader(""))
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		io.Copy(pw, r)
		pw.Close()
	}()
	return pr, func() {
		pr.Close() // a copy blocked writing to the pipe fails and ends
		<-done
	}, nil
}

// envList is the session's initial exported environment.
func (s *Session) envList() []string {
	env := []string{
		"HOME=" + s.who.Home,
		"USER=" + s.who.User,
		"LOGNAME=" + s.who.User,
		"PATH=/bin:/usr/bin",
		"HOSTNAME=" + s.who.Host,
		"SHELL=/bin/sh",
	}
	return append(env, s.cfg.Env...)
}

// Dir is the current working directory.
func (s *Session) Dir() string {
	return s.eng.Dir()
}

// FS is the filesystem the session works on.
func (s *Session) FS() vfs.FS { return s.fs }

// Repo is the session's history, or nil.
func (s *Session) Repo() caps.Repo { return s.cfg.Repo }

// State is the shell's exported environment and working directory, as a
// snapshot keeps them.
func (s *Session) State() vfs.State {
	env := sandbox.StateEnv(s.eng.Exported())
	return vfs.State{Env: env, Dir: s.Dir(), Effects: s.cfg.Effects.Position()}
}

// Status is the exit status of the last command run.
func (s *Session) Status() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

func (s *Session) getUmask() fs.FileMode {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.umask
}

func (s *Session) tick() {
	if t, ok := s.clock.(clock.Ticker); ok {
		t.Tick()
	}
}

// Run parses and runs a complete program: the text of -c, one REPL entry,
// one transcript command. A syntax error runs nothing and gives status 2; it
// ends a non-interactive shell, as in bash. exited reports whether the shell
// must stop (exit, an errexit failure, a syntax error).
// A canceled context gives 130 and an expired deadline 124; the session stays
// usable after a cancel.
func (s *Session) Run(ctx context.Context, src, name string) (status int, exited bool) {
	return s.engineProgram(ctx, src, name)
}

func (s *Session) syntaxError(name string, err error) {
	msg := err.Error()
	if name != "" && !strings.HasPrefix(msg, name) {
		sep := ":" // before a position, "1:2: ..."
		if errors.Is(err, stack.ErrTooDeep) {
			sep = ": "
		}
		msg = name + sep + msg
	}
	fmt.Fprintf(s.cfg.Stderr, "moonix: %s\n", msg)
}

// runStmts runs statements one at a time.
func (s *Session) runStmts(ctx context.Context, stmts []*syntax.Stmt) (status int, exited bool) {
	defer func() {
		// moonix's own code between the statements (engineRun recovers
		// the engine's): the shell goes on, as after a failure.
		if v := recover(); v != nil {
			status, exited = s.finish(internalError(s.cfg.Stderr, v), false)
		}
	}()
	status = s.Status()
	abandoned := uint(0)
	for _, st := range stmts {
		if abandoned > 0 && st.Pos().Line() == abandoned {
			continue // an error abandoned the rest of the line
		}
		status, exited = s.engineRun(ctx, func(ctx context.Context) int { return s.eng.RunSource(ctx, st, s.src, s.srcLine) })
		abandoned = 0
		if s.eng.Abandoned() && !s.limitHit {
			// (a limit stops the statement alone: the rest of the line
			// runs)
			abandoned = st.Pos().Line()
		}
		if s.cfg.parent == nil {
			// The denials a statement repeated are one entry, written now.
			s.cfg.Effects.Flush()
		}
		if s.cfg.Checkpoint != nil && s.cfg.parent == nil && s.ready {
			s.cfg.Checkpoint(s.State())
		}
		if ctx.Err() != nil {
			s.SetStatus(status)
			return s.finish(status, false)
		}
		if exited {
			return s.finish(status, true)
		}
	}
	return s.finish(status, false)
}

// SetStatus makes $? hold status, as after an interrupted command.
func (s *Session) SetStatus(status int) { s.eng.SetStatus(status) }

func (s *Session) finish(status int, exited bool) (int, bool) {
	s.mu.Lock()
	s.status = status
	s.exited = s.exited || exited
	s.mu.Unlock()
	return status, exited
}

// Exit ends the session like the end of a script: the EXIT trap runs (unless
// an exit already ran it) and the final status is returned.
func (s *Session) Exit(ctx context.Context) int {
	defer s.Close()
	status := s.Status()
	s.mu.Lock()
	done := s.exited
	s.exited = true
	s.mu.Unlock()
	if done {
		return status
	}
	status, _ = s.engineRun(ctx, func(ctx context.Context) int { return s.eng.Exit(ctx, status) })
	return status
}

// Close releases what the session holds beyond memory (the goroutine that
// feeds a non-file standard input, the WebAssembly runtime of a root
// session). Exit calls it; call it when a session is dropped without Exit.
func (s *Session) Close() {
	s.closeOnce.Do(func() {
		s.stopStdin()
		s.shells.remove(s)
		s.eng.Close()
		if s.cfg.parent == nil {
			s.mu.Lock()
			closers := s.closers
			s.mu.Unlock()
			for _, f := range closers {
				f()
			}
			s.http.CloseIdleConnections()
			s.wasm.Close()
		}
	})
}

// RunStream reads statements from r and runs each as soon as it is complete,
// like `sh -s`: output of earlier statements appears before a later syntax
// error, and when r is the session's standard input, `read` in a statement
// consumes the lines that follow it. It returns the final status after the
// EXIT trap.
func (s *Session) RunStream(ctx context.Context, r io.Reader) int {
	if r == s.cfg.Stdin || r == io.Reader(s.stdin) {
		r = lineReader{f: s.stdin}
	}
	return s.engineStream(ctx, r)
}

// lineReader reads one byte at a time so that the parser never takes more
// than the current line from a stream it shares with the commands it runs.
type lineReader struct{ f *os.File }

func (l lineReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := l.f.Read(p[n : n+1])
		n += m
		if err != nil {
			return n, err
		}
		if m == 1 && p[n-1] == '\n' {
			break
		}
	}
	return n, nil
}

// newlineAtEOF ends its input with a newline if it lacks one: the parser
// only hands over the statements of a line once it has seen its end.
type newlineAtEOF struct {
	r       io.Reader
	last    byte
	eof     bool // r is done
	pending bool // a newline is still to be added
}

func (n *newlineAtEOF) Read(p []byte) (int, error) {
	if n.eof {
		if n.pending && len(p) > 0 {
			n.pending = false
			p[0] = '\n'
			return 1, nil
		}
		return 0, io.EOF
	}
	m, err := n.r.Read(p)
	if m > 0 {
		n.last = p[m-1]
	}
	if err == io.EOF {
		n.eof = true
		n.pending = n.last != 0 && n.last != '\n'
		err = nil
		if m == 0 {
			return n.Read(p)
		}
	}
	return m, err
}

// Incomplete reports whether src ends inside an unfinished statement, for a
// REPL's continuation prompt. It reads src as the shell reads a stream,
// line by line: a here-document of any form (<<'EOF', <<"EOF", <<\EOF,
// <<-EOF, several on a line, in a substitution or a compound command) is
// unfinished until its delimiter line. The parser's own verdict on a whole
// text (syntax.IsIncomplete) misses the quoted forms.
func Incomplete(src string) bool {
	trimmed := strings.TrimRight(src, "\n")
	if n := len(trimmed) - len(strings.TrimRight(trimmed, "\\")); n%2 == 1 && len(trimmed) == len(src) {
		return true // a trailing backslash continues the line
	}
	incomplete, _, _ := continuation(src)
	return incomplete
}

// LiteralNext reports whether the line that follows src, an unfinished
// statement, is literal text: the body of a here-document or the inside
// of a single-quoted string. An interactive shell expands history
// references in the other lines only.
func LiteralNext(src string) bool {
	incomplete, literal, _ := continuation(src)
	return incomplete && literal
}

// Complete returns the completions of word: command names when first is
// true, paths in the VFS (directories with a trailing slash) otherwise.
func (s *Session) Complete(word string, first bool) []string {
	var out []string
	if first && !strings.Contains(word, "/") {
		for _, name := range s.commandNames() {
			if strings.HasPrefix(name, word) {
				out = append(out, name)
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	dirPart, prefix := "", word
	if i := strings.LastIndexByte(word, '/'); i >= 0 {
		dirPart, prefix = word[:i+1], word[i+1:]
	}
	dir := dirPart
	if strings.HasPrefix(dir, "~/") || dir == "~" {
		dir = s.who.Home + dir[1:]
	}
	entries, err := s.fs.ReadDir(vfs.Clean(s.Dir(), dir+"."))
	if err != nil {
		return nil
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, ".") && !strings.HasPrefix(prefix, ".") {
			continue
		}
		cand := dirPart + name
		if info, err := s.fs.Stat(vfs.Clean(s.Dir(), dir+name)); err == nil && info.IsDir() {
			cand += "/"
		}
		if first && !strings.HasSuffix(cand, "/") {
			if info, err := e.Info(); err != nil || info.Mode().Perm()&0o100 == 0 {
				continue
			}
		}
		out = append(out, cand)
	}
	return out
}

// commandNames lists every command name the session knows.
func (s *Session) commandNames() []string {
	names := append([]string{}, shellBuiltinNames...)
	names = append(names, syntaxKeywords...)
	for _, c := range s.commands.Commands() {
		names = append(names, c.Name)
	}
	names = append(names, shellCommandNames...)
	for name := range s.cfg.Commands {
		names = append(names, name) // an embedder's, a test's
	}
	for _, dir := range strings.Split(s.getenv("PATH"), ":") {
		if dir == "" {
			continue
		}
		entries, _ := s.fs.ReadDir(vfs.Clean(s.Dir(), dir))
		for _, e := range entries {
			if info, err := e.Info(); err == nil && !info.IsDir() && info.Mode().Perm()&0o100 != 0 {
				names = append(names, e.Name())
				if base, ok := strings.CutSuffix(e.Name(), wasmSuffix); ok && base != "" {
					names = append(names, base) // NAME runs NAME.wasm
				}
			}
		}
	}
	return names
}

// getenv reads a variable of the running shell.
func (s *Session) getenv(name string) string {
	return s.eng.Get(name)
}

var syntaxKeywords = []string{
	"if", "then", "else", "elif", "fi", "for", "in", "do", "done", "while", "until",
	"case", "esac", "function", "select", "time", "coproc",
}
