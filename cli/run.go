package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
	"github.com/moonix-sh/moonix/wasm"
)

// sessionConfig checks the flags that shape a session and returns its
// configuration (the workspace aside).
func (p *Program) sessionConfig(o *options, std stdio) (shell.Config, shell.Limits, error) {
	if o.workspace != "" && o.ephemeral {
		return shell.Config{}, shell.Limits{}, usageErr("--workspace and --ephemeral cannot be used together")
	}
	if err := checkWriteMode(o.writeMode); err != nil {
		return shell.Config{}, shell.Limits{}, err
	}
	if o.wasmMiB < 1 || o.wasmMiB > 4096 {
		return shell.Config{}, shell.Limits{}, usageErr("--wasm-memory: must be 1 to 4096 (MiB), not %d", o.wasmMiB)
	}
	limits, err := o.limits.check()
	if err != nil {
		return shell.Config{}, shell.Limits{}, err
	}
	set, err := o.capSet(caps.DefaultPreset)
	if err != nil {
		return shell.Config{}, shell.Limits{}, err
	}
	env, err := p.environ(o.env, set)
	if err != nil {
		return shell.Config{}, shell.Limits{}, err
	}
	return shell.Config{
		Env:        env,
		Unrecorded: env,
		Stdin:      std.in,
		Stdout:     std.out,
		Stderr:     std.err,
		Options:    shellOptions(o),
		Caps:       set,
		Dial:       p.Dial,
		Lookup:     p.Lookup,
		SSHAgent:   p.agent(o),
		Wasm:       wasm.Config{MemoryLimitPages: uint32(o.wasmMiB) * pagesPerMiB},
		Limits:     limits,
		Packages:   p.packages(),
	}, limits, nil
}

// prepare opens the run's workspace (nil with --ephemeral) and makes cfg
// work on it, then mounts the workspace's mount table and the --mount
// directories and copies the --import files in. The caller closes the workspace.
func (p *Program) prepare(ctx context.Context, o *options, std stdio, cfg *shell.Config) (*workspace, error) {
	ws, err := p.openWorkspace(ctx, o, std.err)
	if err != nil {
		return nil, err
	}
	if ws != nil {
		ws.configure(cfg)
	}
	var table []vfs.MountInfo
	if ws != nil && ws.resumed != nil {
		table = ws.resumed.Mounts
	}
	if len(o.imports) > 0 || len(o.mounts) > 0 || len(table) > 0 {
		if cfg.FS == nil {
			tree, clk, rnd := newTree()
			cfg.FS, cfg.Clock, cfg.Rand = tree, clk, rnd
		}
		err := mountAll(cfg.FS.(*vfs.Tree), table, o.mounts, std.err)
		if err == nil && ws != nil && ws.resumed != nil {
			ws.resumeDir(cfg)
		}
		if err == nil {
			err = importAll(cfg.FS, o.imports)
		}
		if err != nil {
			if ws != nil {
				ws.close()
			}
			return nil, err
		}
	}
	return ws, nil
}

// runShell runs the root command: -c, FILE, stdin or the REPL.
func (p *Program) runShell(ctx context.Context, o *options, std stdio, args []string) (int, error) {
	cfg, limits, err := p.sessionConfig(o, std)
	if err != nil {
		return 0, err
	}
	// Memory is the process's: the limit of the one session this process
	// runs.
	shell.WatchMemory(limits.Memory)
	if p.IsTerminal != nil && p.TermWidth != nil && p.IsTerminal(std.out) {
		out := std.out
		cfg.Width = func() int { return p.TermWidth(out) }
	}
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}

	if o.limits.output > 0 && !o.json {
		return 0, usageErr("--max-output: needs --json (a result's streams are what it counts)")
	}
	var run func(ctx context.Context, sess *shell.Session) int
	interactive := false
	// --json reads its statements from src, named srcName in messages.
	var src io.Reader
	srcName := ""
	switch {
	case o.command:
		if len(args) == 0 {
			return 0, usageErr("-c: option requires an argument")
		}
		script := args[0]
		src, srcName = strings.NewReader(script), "-c"
		if len(args) > 1 {
			cfg.Name, cfg.Args = args[1], args[2:]
		}
		cfg.DashC = true
		run = func(ctx context.Context, sess *shell.Session) int {
			status, exited := sess.Run(ctx, script, "-c")
			if !exited {
				status = sess.Exit(ctx)
			}
			return status
		}
	case o.stdin || len(args) > 0 && args[0] == "-":
		if !o.stdin {
			args = args[1:]
		}
		cfg.Args = args
		src = std.in
		run = func(ctx context.Context, sess *shell.Session) int { return sess.RunStream(ctx, std.in) }
	case len(args) > 0:
		// The script is host input named by the user, read once; it is
		// not part of the VFS. Statements run as they are parsed, as a
		// script does in bash: a syntax error late in the file comes
		// after the output of the lines before it.
		data, err := os.ReadFile(args[0])
		if err != nil {
			return scriptError(args[0], err)
		}
		cfg.Name, cfg.Args = args[0], args[1:]
		src, srcName = bytes.NewReader(data), args[0]
		cfg.ScriptFile = true
		run = func(ctx context.Context, sess *shell.Session) int {
			return sess.RunStream(ctx, bytes.NewReader(data))
		}
	case p.IsTerminal != nil && p.IsTerminal(std.in):
		if o.json {
			return 0, usageErr("--json: needs -c SCRIPT, a script FILE or statements on stdin (there is no --json prompt)")
		}
		if _, ok := std.in.(*os.File); !ok {
			return 0, &exitError{status: 2, msg: "interactive mode needs a terminal on stdin"}
		}
		interactive = true
	default:
		src = std.in
		run = func(ctx context.Context, sess *shell.Session) int { return sess.RunStream(ctx, std.in) }
	}

	ws, err := p.prepare(ctx, o, std, &cfg)
	if errors.Is(err, context.DeadlineExceeded) {
		// --timeout ran out while waiting for the workspace
		fmt.Fprintf(std.err, "moonix: timed out after %s\n", o.timeout)
		return 124, nil
	}
	if err != nil {
		return 0, err
	}
	if ws != nil {
		defer ws.close()
	}
	if !interactive {
		// fc lists what was typed at the prompt of this workspace.
		hist := &lineHistory{loaded: true}
		if ws != nil {
			hist = &lineHistory{load: historyReader(ws.historyPath(), std.err)}
		}
		withFc(&cfg, hist)
	}
	if interactive {
		return p.repl(ctx, o, cfg, ws)
	}
	if o.json {
		return p.runJSON(ctx, o, std, cfg, ws, src, srcName)
	}
	sess, err := shell.New(cfg)
	if err != nil {
		return 0, &exitError{status: 1, msg: err.Error()}
	}
	ctx, ended := p.endOnSignal(ctx)
	status := p.bounded(ctx, o, std, func(ctx context.Context) int {
		status := run(ctx, sess)
		if ws != nil {
			// A clean end or one a signal asked for (not a kill, not
			// an abandoned run): keep the working state for the next
			// run.
			status = ws.exit(sess, status)
		}
		return status
	})
	if sig := ended(); sig != nil {
		return 128 + signalNumber(sig), nil
	}
	return status, nil
}

// endOnSignal returns a context that a signal from NotifyEnd cancels, and
// a function to call once the run is over, which stops listening and
// returns the signal that ended it, if one did.
func (p *Program) endOnSignal(ctx context.Context) (context.Context, func() os.Signal) {
	if p.NotifyEnd == nil {
		return ctx, func() os.Signal { return nil }
	}
	ctx, cancel := context.WithCancel(ctx)
	sigs := make(chan os.Signal, 1)
	p.NotifyEnd(sigs)
	var sig os.Signal
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case sig = <-sigs:
			cancel()
		case <-done:
		}
	}()
	return ctx, func() os.Signal {
		if p.StopNotify != nil {
			p.StopNotify(sigs)
		}
		close(done)
		<-finished
		cancel()
		return sig
	}
}

// signalNumber is sig's number (SIGINT is 2, SIGTERM 15, SIGHUP 1).
func signalNumber(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return int(n)
	}
	return int(syscall.SIGINT) // os.Interrupt where it is not a syscall.Signal
}

// WebAssembly memory is counted in 64 KiB pages.
const (
	pagesPerMiB    = 16
	wasmDefaultMiB = wasm.DefaultMemoryLimitPages / pagesPerMiB
)

// shellOptions turns -e, -u, -x and -o NAME into set(1) options.
func shellOptions(o *options) []string {
	var opts []string
	for _, f := range []struct {
		on   bool
		name string
	}{{o.errexit, "-e"}, {o.nounset, "-u"}, {o.xtrace, "-x"}} {
		if f.on {
			opts = append(opts, f.name)
		}
	}
	for _, name := range o.setOpts {
		opts = append(opts, "-o", name)
	}
	return opts
}

// scriptError reports a script FILE that cannot be read, with bash's
// statuses: 127 when it does not exist, 126 otherwise.
func scriptError(name string, err error) (int, error) {
	status := 126
	if errors.Is(err, fs.ErrNotExist) {
		status = 127
	}
	return 0, hostPathError(name, err, status)
}

// hostPathError is "NAME: reason" for a host file the user named, the
// reason in the C library's words as bash prints it ("No such file or
// directory").
func hostPathError(name string, err error, status int) *exitError {
	return &exitError{status: status, msg: name + ": " + builtins.Reason(err)}
}

// timeoutGrace is how long a run may take to wind down after its deadline
// before moonix gives up on it (a read blocked on a host pipe cannot be
// interrupted).
const timeoutGrace = 2 * time.Second

// bounded runs fn and turns an expired --timeout into status 124 with a
// message, even if fn does not return in time: an agent must never hang on
// moonix.
func (p *Program) bounded(ctx context.Context, o *options, std stdio, fn func(context.Context) int) int {
	done := make(chan int, 1)
	go func() { done <- fn(ctx) }()
	var status int
	select {
	case status = <-done:
	case <-ctx.Done():
		select {
		case status = <-done:
		case <-time.After(timeoutGrace):
		}
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		fmt.Fprintf(std.err, "moonix: timed out after %s\n", o.timeout)
		return 124
	}
	return status
}

// agent is the ssh agent --ssh-agent granted, reached through the
// host's network seam; nil without the flag.
func (p *Program) agent(o *options) shell.AgentFunc {
	if o.sshAgent == "" {
		return nil
	}
	sock := o.sshAgent
	if abs, err := filepath.Abs(sock); err == nil {
		sock = abs
	}
	return func(ctx context.Context) (net.Conn, error) {
		if p.Dial == nil {
			return nil, fmt.Errorf("ssh agent %s: %w", sock, caps.ErrNoNetwork)
		}
		c, err := p.Dial(ctx, "unix", sock)
		if err != nil {
			return nil, fmt.Errorf("Could not open a connection to your authentication agent (%s): %w", sock, errors.Unwrap(err))
		}
		return c, nil
	}
}
