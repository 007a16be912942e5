package shell

// This file wires moonix's execution engine (internal/engine) into the
// session.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/internal/engine"
	"github.com/moonix-sh/moonix/vfs"
)

// newEngine builds the session's engine: the gated FS, the exec chain as
// the handler of every command that is not the shell's own, the
// session's clock and random source, its identity.
func (s *Session) newEngine() (*engine.Shell, error) {
	env := s.envList()
	tmp := false
	for _, kv := range env {
		if strings.HasPrefix(kv, "TMPDIR=") {
			tmp = true
		}
	}
	if !tmp {
		env = append(env, "TMPDIR=/tmp")
	}
	name := s.cfg.Name
	cfg := engine.Config{
		FS:       s.fs,
		Dir:      s.cfg.Dir,
		Env:      env,
		Vars:     []string{"UID=" + strconv.Itoa(s.who.UID), "EUID=" + strconv.Itoa(s.who.UID), "GID=" + strconv.Itoa(s.who.GID), "BASH=/bin/bash"},
		ReadOnly: []string{"UID", "EUID", "GID"},
		Stdin:    s.stdin,
		Stdout:   s.cfg.Stdout,
		Stderr:   s.cfg.Stderr,
		Name:     name,
		Args:     s.cfg.Args,
		Exec:     s.engineExec,
		Lookup:   s.engineLookup,
		LookupAll: func(c *engine.Command, name string) []string {
			files, _ := s.filesOnPath(s.engineCall(c), name, false)
			return files
		},
		Now: func(what string) time.Time {
			r, clk, _ := s.recorded(what)
			t := clk.Now()
			s.flushReads(r)
			return t
		},
		Random: func(what string) uint64 {
			if what == "$RANDOM seed" {
				// moonix's own read, not an effect: $RANDOM repeats
				// from run to run like everything else
				return s.rand.Uint64()
			}
			r, _, rnd := s.recorded(what)
			v := rnd.Uint64()
			r.Show(strconv.FormatUint(v&0xffffffff, 10))
			s.flushReads(r)
			return v
		},
		Start:        s.clock.Now(),
		Pid:          s.pid,
		Ppid:         s.ppid,
		NextPid:      func() int { return int(s.pids.Add(1)) },
		Home:         s.engineHome,
		Signal:       s.shells.signal,
		ProcClock:    s.procClock,
		Interactive:  s.cfg.Interactive,
		DashC:        s.cfg.DashC,
		ScriptFile:   s.cfg.ScriptFile,
		Umask:        s.getUmask(),
		ErrorText:    builtins.Reason,
		ErrorMessage: engineErrorMessage,
		Prefix:       s.errorPrefix(),
		LineNumbers:  s.cfg.ScriptFile && !s.cfg.Interactive,
		UID:          s.who.UID,
		GID:          s.who.GID,
		Limits:       s.engineLimits(),
	}
	return engine.New(cfg)
}

// errorPrefix starts the engine's error messages: "moonix", or in a
// script file its name as given, which bash follows with the line
// ("t.sh: line 2: cd: /x: No such file or directory").
func (s *Session) errorPrefix() string {
	if s.cfg.ScriptFile && !s.cfg.Interactive && s.cfg.Name != "" {
		return s.cfg.Name
	}
	return "moonix"
}

// engineLimits are the session's limits as the engine applies them: the
// counts are the root session's (shared with the shells nested in it)
// and its statements' (stmtRun), and a limit passed stops the statement
// (and says so once).
func (s *Session) engineLimits() engine.Limits {
	lim := s.limits()
	return engine.Limits{
		CallDepth: lim.CallDepth,
		Depth:     s.cfg.depth,
		Processes: lim.Processes,
		Procs:     &s.root().procs,
		Memory:    lim.Memory,
		Commands:  lim.Commands,
		Count: func(ctx context.Context) int64 {
			if sr := runOf(ctx); sr != nil {
				return sr.commands.Add(1)
			}
			return 0
		},
		Loop: lim.Loop,
		Stop: func(ctx context.Context, bound engine.Bound, msg string) {
			le := abortCtx(ctx, &limitError{msg: msg, flag: boundFlags[bound]})
			if sr := runOf(ctx); sr != nil {
				sr.report()
				return
			}
			le.report(s.cfg.Stderr)
		},
	}
}

// boundFlags are the flags of the engine's bounds, as a --json result
// names the limit hit.
var boundFlags = map[engine.Bound]string{
	engine.BoundDepth:     "max-depth",
	engine.BoundProcesses: "max-procs",
	engine.BoundMemory:    "max-memory",
	engine.BoundCommands:  "max-commands",
	engine.BoundLoop:      "max-loop",
}

// engineErrorMessage words a failed operation: a capability denial as the
// gate words it, anything else "name: reason".
func engineErrorMessage(name string, err error) string {
	var d *caps.DeniedError
	if errors.As(err, &d) {
		return d.Error()
	}
	return name + ": " + builtins.Reason(err)
}

// homeOf answers ~name: the session user's home, /root, or the word itself
// (bash leaves ~unknown as it is).
func (s *Session) homeOf(user string) string {
	switch user {
	case s.who.User:
		return s.who.Home
	case "root":
		return "/root"
	}
	return "~" + user
}

// engineHome answers ~ and ~user.
func (s *Session) engineHome(user string) (string, bool) {
	if user == "" {
		return s.who.Home, true
	}
	home := s.homeOf(user)
	return home, home != "~"+user
}

// engineCall builds the builtins.Call for a command the engine hands
// over.
func (s *Session) engineCall(c *engine.Command) *builtins.Call {
	// a nested shell is one level deeper than the command (nest)
	ctx := context.WithValue(c.Ctx, depthKey{}, c.Depth)
	call := s.newCall(ctx, c.Args, c.Dir, c.Env)
	call.Stdin, call.Stdout, call.Stderr = c.Stdin, c.Stdout, c.Stderr
	// the descriptors above 2 (/dev/fd/63 of a process substitution)
	call.FS = builtins.WithFds(s.fs, c.Stdin, c.Stdout, c.Stderr, c.Fd)
	call.Umask = c.Umask
	if s.cfg.Width != nil && c.Stdout == s.cfg.Stdout {
		call.Width = s.cfg.Width()
	}
	call.SetState = func(st vfs.State) error {
		st.Env = append(slices.Clone(st.Env), s.cfg.Unrecorded...)
		return engineSetState(c, st)
	}
	call.RunInShell = func(args []string) (int, string, []string) {
		status := c.Run(args)
		return status, c.WorkDir(), c.Exported()
	}
	call.Procs = func() []builtins.Process { return s.processes(c) }
	return call
}

// engineExec runs a command through the session's exec chain; a name
// the engine's hash table knows runs as the file it gives.
func (s *Session) engineExec(c *engine.Command) int {
	call := s.engineCall(c)
	call.Ctx = context.WithValue(call.Ctx, shellErrorKey{}, c.Error)
	if c.Path != "" {
		call.Ctx = context.WithValue(call.Ctx, hashedKey{}, hashed{name: c.Args[0], path: c.Path})
	}
	return s.exec(call)
}

// shellErrorKey carries, in a call's context, how the engine words the
// shell's own errors (engine.Command.Error): "moonix: NAME: command not
// found", or in a script "t.sh: line 3: NAME: command not found".
type shellErrorKey struct{}

// shellError says msg as the shell says its own errors.
func shellError(c *builtins.Call, msg string) {
	if say, ok := c.Ctx.Value(shellErrorKey{}).(func(string)); ok {
		say(msg)
		return
	}
	fmt.Fprintf(c.Stderr, "moonix: %s\n", msg)
}

// hashed is the file the engine's hash table found a command name as,
// carried to execOnPath in the call's context (for that name only: the
// commands the call runs in turn search PATH).
type hashed struct{ name, path string }

type hashedKey struct{}

// execHashed runs the file the hash table gave for name: a file gone is
// an error, as in bash, but a command standing in /bin still runs.
func (s *Session) execHashed(c *builtins.Call, name, file string) int {
	full := c.Abs(file)
	_, err := s.fs.Stat(full)
	if missing := errors.Is(err, fs.ErrNotExist); err == nil || missing {
		if _, ok := s.standsFor(full, missing); ok {
			if run := s.commandFor(name); run != nil {
				return run(c)
			}
		}
	}
	if err != nil {
		execFail(c, file, err)
		if errors.Is(err, fs.ErrPermission) {
			return 126
		}
		return 127
	}
	return s.execFile(c, file)
}

// engineLookup says what a name runs as, for type and command -v.
func (s *Session) engineLookup(c *engine.Command, name string) (engine.Kind, string) {
	kind, p := s.lookup(s.engineCall(c), name)
	switch kind {
	case kindBuiltin:
		return engine.KindBuiltin, p
	case kindFile:
		return engine.KindFile, p
	}
	return engine.KindNone, ""
}

// engineSetState makes the calling shell's exported environment and
// directory those of st (rollback, switch).
func engineSetState(c *engine.Command, st vfs.State) error {
	want := map[string]bool{}
	for _, kv := range st.Env {
		name, value, _ := strings.Cut(kv, "=")
		want[name] = true
		if c.ReadOnly(name) {
			continue
		}
		c.Setenv(name, value)
	}
	for _, kv := range c.Exported() {
		name, _, _ := strings.Cut(kv, "=")
		if !want[name] && !c.ReadOnly(name) {
			c.Unsetenv(name)
		}
	}
	if st.Dir != "" {
		if err := c.Chdir(st.Dir); err != nil {
			return c.Chdir("/")
		}
	}
	return nil
}

// engineRunStmt runs one statement on the engine.
func (s *Session) engineRun(ctx context.Context, run func(context.Context) int) (status int, exited bool) {
	sctx, sr := s.startStmt(ctx)
	defer func() {
		if v := recover(); v != nil {
			status, exited = internalError(s.cfg.Stderr, v), false
		}
		s.limitHit = sr != nil && sr.report() != nil && ctx.Err() == nil
		if s.limitHit {
			status, exited = 1, false // a limit stopped it, and said so
			s.eng.SetStatus(status)
		}
	}()
	status = run(sctx)
	exited = s.eng.Exited()
	if cerr := ctx.Err(); cerr != nil {
		status = 130
		if errors.Is(cerr, context.DeadlineExceeded) {
			status = 124
		}
		return status, true
	}
	return status, exited
}

// isShellBuiltin reports whether the session's shell implements name
// itself (reached through Call.Exec, it runs in a nested shell).
func (s *Session) isShellBuiltin(name string) bool { return engine.IsBuiltin(name) }

// engineOptions applies the configured set and shopt options.
func (s *Session) engineOptions() error {
	if err := s.eng.Shopt(s.cfg.Shopts); err != nil {
		return err
	}
	if len(s.cfg.Options) == 0 {
		return nil
	}
	return s.eng.SetOptions(s.cfg.Options)
}

// engineShells are the sessions of a root session and of the shells
// nested in it: kill in one may name a process of another ($$ of the
// caller), and ps lists them all.
type engineShells struct {
	mu     sync.Mutex
	shells []*Session
}

func (e *engineShells) add(s *Session) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.shells = append(e.shells, s)
}

func (e *engineShells) remove(s *Session) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.shells = slices.DeleteFunc(e.shells, func(x *Session) bool { return x == s })
}

func (e *engineShells) list() []*Session {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.shells)
}

// signal delivers sig to the process pid of any of the shells.
func (e *engineShells) signal(pid, sig int) bool {
	for _, s := range e.list() {
		if s.eng.Signal(pid, sig) {
			return true
		}
	}
	return false
}

// engineProgram parses and runs a complete program on the engine. The
// program of -c or of a script file is read a line at a time, as bash
// reads it: the lines before a syntax error run.
func (s *Session) engineProgram(ctx context.Context, src, name string) (int, bool) {
	if (s.cfg.DashC || s.cfg.ScriptFile) && !s.cfg.Interactive {
		return s.engineLines(ctx, strings.NewReader(src), name, lineHooks{})
	}
	file, text, err := engine.Parse(src, name)
	if err != nil {
		s.syntaxError(name, err)
		s.SetStatus(2)
		return s.finish(2, !s.cfg.Interactive)
	}
	s.src, s.srcLine = text, 0
	return s.runStmts(ctx, file.Stmts)
}

// engineStream is RunStream on the engine: the input is read a line at a
// time (no further, so that commands reading the same stream get the
// rest), and the statements run as soon as they parse.
func (s *Session) engineStream(ctx context.Context, r io.Reader) int {
	name := ""
	if s.cfg.Name != defaultName {
		name = s.cfg.Name // a script file: errors name it
	}
	status, exited := s.engineLines(ctx, r, name, lineHooks{})
	if !exited {
		return s.Exit(ctx)
	}
	if ctx.Err() != nil {
		return s.Status()
	}
	s.mu.Lock()
	done := s.exited
	s.mu.Unlock()
	if done {
		// Exit ran (after a syntax error): status is its result
		return status
	}
	return s.Exit(ctx)
}

// lineHooks let a caller of engineLines run the statements of each line
// (run; nil: runStmts) and take a syntax error (syntax; nil: the message
// on stderr, then the shell exits after its EXIT trap).
type lineHooks struct {
	run    func(ctx context.Context, stmts []*syntax.Stmt) (status int, exited bool)
	syntax func(err error) (status int, exited bool)
}

// engineLines runs the statements of r as they parse, a line at a time;
// exited reports whether the shell must stop.
func (s *Session) engineLines(ctx context.Context, r io.Reader, name string, h lineHooks) (int, bool) {
	var chunk strings.Builder
	lines := 0 // lines before the chunk
	br := bufio.NewReaderSize(r, 1)
	for {
		line, rerr := readChunkLine(br)
		chunk.WriteString(line)
		text := chunk.String()
		if text == "" && rerr != nil {
			break
		}
		if rerr != nil && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if ctx.Err() != nil {
			break
		}
		if rerr == nil && continued(text) {
			continue
		}
		// aliases defined on earlier lines apply as the text is read
		file, parsed, err := s.eng.ParseAliased(text, "")
		if err != nil {
			if rerr == nil && (syntax.IsIncomplete(err) || strings.Contains(err.Error(), "unclosed here-document")) {
				continue
			}
			if h.syntax != nil {
				return h.syntax(shiftLines(err, lines))
			}
			// the shell stops, after its EXIT trap
			s.syntaxError(name, shiftLines(err, lines))
			s.finish(2, false)
			return s.Exit(ctx), true
		}
		s.src, s.srcLine = parsed, lines
		lines += strings.Count(text, "\n")
		chunk.Reset()
		if s.eng.Option("verbose") {
			io.WriteString(s.cfg.Stderr, text)
		}
		run := s.runStmts
		if h.run != nil {
			run = h.run
		}
		if len(file.Stmts) > 0 {
			if status, exited := run(ctx, file.Stmts); exited {
				return status, true
			}
		}
		if rerr != nil {
			break
		}
	}
	return s.Status(), false
}

// continued reports whether text ends in a line continuation (an odd
// number of backslashes before the newline).
func continued(text string) bool {
	t := strings.TrimSuffix(text, "\n")
	n := len(t) - len(strings.TrimRight(t, "\\"))
	return n%2 == 1
}

// readLine reads up to and including a newline.
func readChunkLine(r *bufio.Reader) (string, error) {
	return r.ReadString('\n')
}

// shiftLines makes a parse error's line count from the start of the
// input, not of the chunk it was found in.
func shiftLines(err error, lines int) error {
	var pe syntax.ParseError
	if lines == 0 || !errors.As(err, &pe) {
		return err
	}
	pe.Pos = syntax.NewPos(pe.Pos.Offset(), pe.Pos.Line()+uint(lines), pe.Pos.Col())
	return pe
}

// On moonix's engine the commands of moonix stand as files in /bin and
// /usr/bin, as coreutils do on a system: PATH decides, in its order,
// between them and the files of the VFS (a file earlier on PATH wins,
// and a PATH without /bin finds no ls), and type, command -v and which
// name them /bin/NAME. The session's own commands (Config.Commands) and
// the shell's help and umask come first, and are builtins.

// defaultPath is searched when PATH is unset (env -i), as execvp does.
const defaultPath = "/bin:/usr/bin"

// pathCommands are the shell commands that stand as files in /bin.
var pathCommands = map[string]bool{"sh": true, "bash": true, "dash": true, "moonix": true, "which": true}

// lookupOnPath says what name runs as on the engine, and the path of a
// file (a real one, or /bin/NAME for a command standing there). noExec
// is the first file found without the execute bit.
func (s *Session) lookupOnPath(c *builtins.Call, name string) (lookupKind, string) {
	kind, p, _ := s.findOnPath(c, name)
	return kind, p
}

func (s *Session) findOnPath(c *builtins.Call, name string) (kind lookupKind, p, noExec string) {
	if s.cfg.Commands[name] != nil {
		return kindBuiltin, name, ""
	}
	if _, ok := lookupShellCommand(name); ok && !pathCommands[name] {
		return kindBuiltin, name, ""
	}
	files, noExec := s.filesOnPath(c, name, true)
	if len(files) > 0 {
		return kindFile, files[0], ""
	}
	if s.isShellBuiltin(name) {
		return kindBuiltin, name, ""
	}
	return kindNone, "", noExec
}

// filesOnPath lists the executable files name designates along PATH
// (NAME, then NAME.wasm, in each directory; /bin/NAME for a command
// standing there), only the first with first; noExec is the first file
// without the execute bit.
func (s *Session) filesOnPath(c *builtins.Call, name string, first bool) (files []string, noExec string) {
	names := []string{name}
	if !strings.HasSuffix(name, wasmSuffix) {
		names = append(names, name+wasmSuffix)
	}
	pathVar, ok := c.LookupEnv("PATH")
	if !ok {
		pathVar = defaultPath // as execvp does
	}
	for _, dir := range strings.Split(pathVar, ":") {
		if dir == "" {
			dir = "."
		}
		found := false
		for _, n := range names {
			full := vfs.Clean(c.Dir, dir+"/"+n)
			info, err := s.fs.Stat(full)
			if err != nil || info.IsDir() {
				continue
			}
			if info.Mode().Perm()&0o100 == 0 {
				if noExec == "" {
					noExec = full
				}
				continue
			}
			if !strings.HasPrefix(dir, "/") {
				full = path.Join(dir, n)
			}
			files, found = append(files, full), true
			break
		}
		if !found && binDirs[vfs.Clean(c.Dir, dir)] && s.standsInBin(name) {
			files = append(files, strings.TrimSuffix(dir, "/")+"/"+name)
		}
		if first && len(files) > 0 {
			return files, ""
		}
	}
	return files, noExec
}

// execOnPath runs a command found by name on the engine.
func (s *Session) execOnPath(c *builtins.Call, name string) int {
	if h, ok := c.Ctx.Value(hashedKey{}).(hashed); ok && h.name == name {
		return s.execHashed(c, name, h.path)
	}
	kind, p, noExec := s.findOnPath(c, name)
	switch kind {
	case kindFile:
		full := c.Abs(p)
		_, err := s.fs.Stat(full)
		if missing := errors.Is(err, fs.ErrNotExist); err == nil || missing {
			if _, ok := s.standsFor(full, missing); ok {
				if run := s.commandFor(name); run != nil {
					return run(c)
				}
			}
		}
		return s.execFile(c, p)
	case kindBuiltin:
		if run := s.commandFor(name); run != nil {
			return run(c)
		}
		// Reached through builtins.Call.Exec (xargs echo): run it in a
		// nested shell, where the engine provides it.
		return s.nested(c, []string{"sh", "-c", `"$@"`, name}, c.Args)
	}
	if noExec != "" {
		shellError(c, name+": permission denied")
		return 126
	}
	shellError(c, name+": command not found")
	return 127
}
