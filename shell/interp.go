package shell

// This file is the whole of moonix's wiring of mvdan.cc/sh/v3/interp. No
// other file imports interp.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// noHostTmp is the runner's TMPDIR while it is built: interp opens paths
// under its temporary directory on the host and makes fifos there for process
// substitution, so it must be a directory that cannot exist (/dev/null is not
// a directory). Scripts see TMPDIR=/tmp.
const noHostTmp = "/dev/null/moonix-no-host-tmp"

// hostless prefixes a VFS path that interp would otherwise stat on the host:
// the host lookup fails at /dev/null (not a directory), and the path cleans
// back to the VFS path in the handlers.
const hostless = "/dev/null/../.."

// internal is the prefix of the command names the call handler rewrites to.
// Shell words cannot contain NUL bytes, so no script can name them.
const internal = "\x00"

// probeFirst marks an internal command that must first check whether a
// function of the same name exists (functions take precedence).
const probeFirst = "\x00?"

// arg0Var holds $0: interp only shows a file name as $0 when it runs a whole
// file, and moonix runs statement by statement, so $0 is rewritten to this
// variable before a program runs.
const arg0Var = "MOONIX_ARG0"

// pidVar and ppidVar hold $$ and $PPID: virtual process ids, so that no
// host process id shows inside. Each shell, nested ones included, gets the
// next number from its root session.
const (
	pidVar  = "MOONIX_PID"
	ppidVar = "MOONIX_PPID"
)

// newRunner builds an interpreter bound to the session: every handler
// installed, explicit environment, virtual working directory.
func (s *Session) newRunner() (*interp.Runner, error) {
	opts := []interp.RunnerOption{
		interp.Env(s.environ()),
		func(r *interp.Runner) error { r.Dir = s.cfg.Dir; return nil }, // interp.Dir stats the host
		interp.StdIO(s.stdin, s.cfg.Stdout, s.cfg.Stderr),
		interp.OpenHandler(s.openHandler),
		interp.StatHandler(s.statHandler),
		interp.ReadDirHandler2(s.readDirHandler),
		interp.AccessHandler(s.accessHandler),
		interp.CallHandler(s.callHandler),
		interp.ExecHandlers(s.execMiddleware),
		interp.Interactive(s.cfg.Interactive),
	}
	opts = append(opts, interp.Params(append([]string{"--"}, s.cfg.Args...)...))
	r, err := interp.New(opts...)
	if err != nil {
		return nil, err
	}
	if len(s.cfg.Args) == 0 {
		r.Params = nil
	}
	return r, nil
}

// environ is the interpreter's initial environment: the session defaults and
// the configured variables, and "HOME name" answers for ~name so that interp
// never asks os/user.
type environ struct {
	vars  map[string]expand.Variable
	order []string
	homes func(user string) string
}

func (e *environ) Get(name string) expand.Variable {
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		return expand.Variable{Set: true, Kind: expand.String, Str: e.homes(user)}
	}
	return e.vars[name]
}

func (e *environ) Each(fn func(name string, vr expand.Variable) bool) {
	for _, name := range e.order {
		if !fn(name, e.vars[name]) {
			return
		}
	}
}

func (s *Session) environ() expand.Environ {
	e := &environ{vars: map[string]expand.Variable{}, homes: s.homeOf}
	set := func(name, value string, exported, readonly bool) {
		if _, ok := e.vars[name]; !ok {
			e.order = append(e.order, name)
		}
		e.vars[name] = expand.Variable{Set: true, Kind: expand.String, Str: value, Exported: exported, ReadOnly: readonly}
	}
	for _, kv := range s.envList() {
		name, value, _ := strings.Cut(kv, "=")
		set(name, value, true, false)
	}
	set("TMPDIR", noHostTmp, true, false)
	set("UID", strconv.Itoa(s.who.UID), false, true)
	set("EUID", strconv.Itoa(s.who.UID), false, true)
	set("GID", strconv.Itoa(s.who.GID), false, true)
	set(arg0Var, s.cfg.Name, false, false)
	set(pidVar, strconv.Itoa(s.pid), false, true)
	set(ppidVar, strconv.Itoa(s.ppid), false, true)
	return e
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

// abs makes a handler path absolute against the interpreter's directory.
func abs(ctx context.Context, name string) string {
	return vfs.Clean(interp.HandlerCtx(ctx).Dir, name)
}

// shellPathErr makes interp print "moonix: NAME: reason" for a failed
// redirection: interp prints an open handler's *fs.PathError as it is.
func shellPathErr(name string, err error) error {
	var d *caps.DeniedError
	if errors.As(err, &d) {
		// moonix: OP PATH: permission denied (needs CAP)
		return &fs.PathError{Op: "moonix: " + d.Op, Path: d.Path, Err: errors.New(builtins.Reason(err))}
	}
	return &fs.PathError{Op: "moonix:", Path: name, Err: errors.New(builtins.Reason(err))}
}

func (s *Session) openHandler(ctx context.Context, name string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	hc := interp.HandlerCtx(ctx)
	p := vfs.Clean(hc.Dir, name)
	if id, ok := strings.CutPrefix(p, captureDir); ok {
		if w := s.captures.get(id); w != nil {
			return builtins.WithStdio(s.fs, nil, w, nil).OpenFile("/dev/stdout", flag, perm)
		}
	}
	if flag&os.O_CREATE != 0 {
		// interp asks for 0644; a shell creates 0666 minus the umask.
		perm = 0o666 &^ s.getUmask()
	}
	f, err := builtins.WithStdio(s.fs, hc.Stdin, hc.Stdout, hc.Stderr).OpenFile(p, flag, perm)
	if err != nil {
		return nil, shellPathErr(name, err)
	}
	if flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		if info, err := f.Stat(); err == nil && info.IsDir() {
			f.Close()
			return nil, shellPathErr(name, syscall.EISDIR)
		}
	}
	return f, nil
}

func (s *Session) statHandler(ctx context.Context, name string, follow bool) (fs.FileInfo, error) {
	hc := interp.HandlerCtx(ctx)
	p := vfs.Clean(hc.Dir, name)
	var info fs.FileInfo
	var err error
	if follow {
		info, err = builtins.WithStdio(s.fs, hc.Stdin, hc.Stdout, hc.Stderr).Stat(p)
	} else {
		info, err = s.fs.Lstat(p)
	}
	if err != nil {
		return nil, err
	}
	return ownedInfo{info}, nil
}

// ownedInfo gives interp the *syscall.Stat_t it assumes for [[ -O ]] and
// [[ -G ]]: every file in the VFS belongs to the user running the session,
// which interp compares with the process's own ids.
type ownedInfo struct{ fs.FileInfo }

func (i ownedInfo) Sys() any {
	st := vfs.StatOf(i.FileInfo)
	return &syscall.Stat_t{
		Ino: st.Ino, Nlink: st.Nlink, Size: i.Size(),
		Uid: uint32(os.Getuid()), Gid: uint32(os.Getgid()),
	}
}

func (s *Session) readDirHandler(ctx context.Context, name string) ([]fs.DirEntry, error) {
	return s.fs.ReadDir(abs(ctx, name))
}

func (s *Session) accessHandler(ctx context.Context, name string, mode interp.AccessMode) error {
	p := abs(ctx, name)
	info, err := s.fs.Stat(p)
	if err != nil {
		return err
	}
	perm := info.Mode().Perm()
	if mode&interp.AccessRead != 0 && perm&0o400 == 0 ||
		mode&interp.AccessWrite != 0 && perm&0o200 == 0 ||
		mode&interp.AccessExec != 0 && perm&0o100 == 0 {
		return &fs.PathError{Op: "access", Path: p, Err: fs.ErrPermission}
	}
	// The capabilities count as the permission bits do (the Stat above
	// needed fs.read): -w asks for fs.write, -x on a file for fs.exec.
	// Asking is not an operation, so it is not audited.
	set := s.gate.Set
	if mode&(interp.AccessWrite|interp.AccessExec) != 0 {
		real := set.Resolve(s.fs, p)
		if mode&interp.AccessWrite != 0 && !set.Allows(caps.FSWrite, real) ||
			mode&interp.AccessExec != 0 && !info.IsDir() && !set.Allows(caps.FSExec, real) {
			return &fs.PathError{Op: "access", Path: p, Err: fs.ErrPermission}
		}
	}
	return nil
}

// bypassKey marks, in a context, the names whose internal rewrite is
// switched off because a function of that name is being called.
type bypassKey struct{}

func bypassed(ctx context.Context, name string) bool {
	names, _ := ctx.Value(bypassKey{}).([]string)
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// intercepted are interpreter builtins that moonix answers itself because
// interp's versions consult the host or are missing. Functions of the same
// name still take precedence.
var intercepted = map[string]bool{
	"type": true, "help": true, "umask": true, "trap": true, "hash": true,
	"printf": true, "history": true,
}

// callHandler runs before every simple command: it checks and rewrites
// program text handed to eval and trap, resolves source's PATH search in the
// VFS, and routes the intercepted builtins.
func (s *Session) callHandler(ctx context.Context, args []string) ([]string, error) {
	switch name := args[0]; name {
	case "eval":
		if len(args) > 1 {
			src, err := prepareText(strings.Join(args[1:], " "), &s.funcs)
			if err != nil {
				return failArgs("eval", err), nil
			}
			return []string{"eval", src}, nil
		}
	case "trap":
		if len(args) > 2 && args[1] != "-" && !strings.HasPrefix(args[1], "-") {
			src, err := prepareText(args[1], &s.funcs)
			if err != nil {
				return failArgs("trap", err), nil
			}
			args = append([]string{"trap", src}, args[2:]...)
		}
	case "source", ".":
		if len(args) > 1 {
			return s.sourceArgs(ctx, args), nil
		}
	case "export", "readonly", "declare", "typeset", "local", "let":
		// The parser makes these declarations; a call reaches here only
		// when the name was not a literal (`$cmd v=1`, `command export`).
		return declArgs(args), nil
	case "command", "builtin":
		if len(args) > 1 {
			sub := args[1]
			if isDecl(sub) {
				return declArgs(args[1:]), nil
			}
			if name == "command" && strings.HasPrefix(sub, "-") && sub != "--" {
				return append([]string{internal + "command"}, args[1:]...), nil
			}
			if sub == "--" && len(args) > 2 {
				sub, args = args[2], args[1:]
			}
			if intercepted[sub] || sub == "pwd" {
				return append([]string{internal + sub}, args[2:]...), nil
			}
			if sub == "cd" || sub == "pushd" {
				if failed := s.dirDenied(ctx, args[1:]); failed != nil {
					return failed, nil
				}
			}
			if name == "builtin" && !isInterpBuiltin(sub) {
				// interp fails silently; bash says why (moonix's
				// commands are not bash's builtins: builtin ls fails
				// there too).
				return []string{internal + "fail", "builtin: " + sub + ": not a shell builtin", "1"}, nil
			}
		}
	case "echo":
		// interp's echo -e knows few escapes; moonix's knows bash's.
		if echoNeedsMoonix(args[1:]) && !bypassed(ctx, "echo") && !s.funcs.has("echo") {
			return append([]string{internal + "echo"}, args[1:]...), nil
		}
	case "read":
		if readNeedsMoonix(args[1:]) && !bypassed(ctx, "read") {
			return append([]string{internal + "read"}, args[1:]...), nil
		}
	case "pwd":
		for _, a := range args[1:] {
			if a == "-P" {
				return append([]string{internal + "pwd"}, args[1:]...), nil
			}
		}
	case "cd":
		return s.cdArgs(ctx, args), nil
	case "pushd":
		if failed := s.dirDenied(ctx, args); failed != nil {
			return failed, nil
		}
	}
	if intercepted[args[0]] && !bypassed(ctx, args[0]) {
		if s.funcs.has(args[0]) {
			return append([]string{probeFirst + args[0]}, args[1:]...), nil
		}
		return append([]string{internal + args[0]}, args[1:]...), nil
	}
	return args, nil
}

// echoNeedsMoonix reports whether echo has options other than -n (-e,
// -E, combined ones): interp's echo knows few escapes and no combined
// flags, so those calls go to moonix's.
func echoNeedsMoonix(args []string) bool {
	for _, a := range args {
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], "neE") != "" {
			return false
		}
		if a != "-n" {
			return true
		}
	}
	return false
}

func isDecl(name string) bool {
	switch name {
	case "export", "readonly", "declare", "typeset", "local", "let":
		return true
	}
	return false
}

// declArgs runs a declaration that came as a call through eval, so that the
// interpreter parses it as the declaration it is.
func declArgs(args []string) []string {
	if args[0] == "let" {
		// interp's let does not take quoted words; (( a, b )) is let a b.
		return []string{"eval", "((" + strings.Join(args[1:], ", ") + "))"}
	}
	return []string{"eval", quoteWords(args)}
}

// failArgs turns a call into one that reports err and fails: status 2, or
// 1 for a capability denial, which is reported as the gate words it.
func failArgs(cmd string, err error) []string {
	var d *caps.DeniedError
	if errors.As(err, &d) {
		return []string{internal + "fail", d.Error(), "1"}
	}
	return []string{internal + "fail", cmd + ": " + err.Error()}
}

// sourceArgs resolves source's file operand inside the VFS (bash searches
// PATH for a name without a slash, then the working directory) and checks its
// text before interp reads it.
func (s *Session) sourceArgs(ctx context.Context, args []string) []string {
	hc := interp.HandlerCtx(ctx)
	file := args[1]
	if !strings.Contains(file, "/") {
		var denied error // a candidate the set hides, reported if nothing else is found
		found := false
		for _, dir := range strings.Split(hc.Env.Get("PATH").String(), ":") {
			if dir == "" {
				continue
			}
			cand := vfs.Clean(hc.Dir, dir+"/"+file)
			info, err := s.fs.Stat(cand)
			if err == nil && info.Mode().IsRegular() {
				file, found = cand, true
				break
			}
			if denied == nil && caps.IsDenied(err) {
				denied = err
			}
		}
		if !found && denied != nil {
			if _, err := s.fs.Stat(vfs.Clean(hc.Dir, file)); err != nil {
				return failArgs(args[0], denied)
			}
		}
	}
	p := vfs.Clean(hc.Dir, file)
	data, err := vfs.ReadFile(s.fs, p)
	if caps.IsDenied(err) {
		return failArgs(args[0], err)
	}
	if err == nil {
		if _, err := syntax.NewParser().Parse(bytes.NewReader(data), file); err != nil {
			return failArgs(args[0], err)
		}
		if _, err := prepareText(string(data), &s.funcs); err != nil {
			return failArgs(args[0], err)
		}
		// interp stats the path on the host before opening it through the
		// open handler; a path under /dev/null fails that stat without
		// touching anything, and cleans back to p in the handler.
		file = hostless + p
	}
	return append([]string{args[0], file}, args[2:]...)
}

// dirDenied checks the directory a cd or pushd call (args[0] is the
// command) would move to: interp words every failure there as a missing
// directory, so a denial is reported first, as the gate words it. It
// returns nil when the move is not denied.
func (s *Session) dirDenied(ctx context.Context, args []string) []string {
	cmd, rest := args[0], args[1:]
	for len(rest) > 0 && (rest[0] == "-L" || rest[0] == "-P" || rest[0] == "--") {
		done := rest[0] == "--"
		rest = rest[1:]
		if done {
			break
		}
	}
	env := interp.HandlerCtx(ctx).Env
	var dir string
	switch {
	case len(rest) == 0 && cmd == "cd":
		dir = env.Get("HOME").String()
	case len(rest) == 0:
		return nil // pushd alone swaps the top two entries, already visited
	case rest[0] == "-" && cmd == "cd":
		dir = env.Get("OLDPWD").String()
	case cmd == "pushd" && len(rest[0]) > 1 && (rest[0][0] == '+' || rest[0][0] == '-'):
		return nil // a rotation of the stack
	default:
		dir = rest[0]
	}
	if dir == "" {
		return nil
	}
	if _, err := s.fs.Stat(abs(ctx, dir)); caps.IsDenied(err) {
		return failArgs(cmd, err)
	}
	return nil
}

// cdArgs handles cd's -L and -P, which interp does not know: -P moves to the
// directory with symlinks resolved.
func (s *Session) cdArgs(ctx context.Context, args []string) []string {
	if failed := s.dirDenied(ctx, args); failed != nil {
		return failed
	}
	physical := false
	i := 1
	for ; i < len(args); i++ {
		switch args[i] {
		case "-P":
			physical = true
			continue
		case "-L":
			physical = false
			continue
		case "--":
			i++
		}
		break
	}
	if i == 1 {
		return args
	}
	rest := args[i:]
	if physical && len(rest) == 1 && rest[0] != "-" {
		if real, err := vfs.EvalSymlinks(s.fs, abs(ctx, rest[0])); err == nil {
			rest = []string{real}
		}
	}
	return append([]string{"cd"}, rest...)
}

// execMiddleware is the interpreter's one exec handler: it turns interp's
// (ctx, args) into a builtins.Call and runs the session's exec chain. It
// never calls next, which would start host programs.
func (s *Session) execMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		hc := interp.HandlerCtx(ctx)
		if strings.HasPrefix(args[0], internal) {
			return s.runInternal(ctx, hc, args)
		}
		status := s.exec(s.callFor(ctx, hc, args))
		return exitErr(status)
	}
}

func exitErr(status int) error {
	if status == 0 {
		return nil
	}
	return interp.ExitStatus(uint8(status))
}

// callFor builds the builtins.Call for a command run by the interpreter.
func (s *Session) callFor(ctx context.Context, hc interp.HandlerContext, args []string) *builtins.Call {
	c := s.newCall(ctx, args, hc.Dir, exportedEnv(hc.Env))
	c.Stdin, c.Stdout, c.Stderr = hc.Stdin, hc.Stdout, hc.Stderr
	if c.Stdin == nil {
		c.Stdin = strings.NewReader("")
	}
	if s.cfg.Width != nil && hc.Stdout == s.cfg.Stdout {
		c.Width = s.cfg.Width()
	}
	c.SetState = func(st vfs.State) error { return s.setState(ctx, hc, st) }
	return c
}

// exportedEnv lists the exported variables as NAME=VALUE, sorted. Each
// walks every layer of the interpreter's environment, so a name set in
// more than one layer comes up more than once; Get gives its value.
func exportedEnv(env expand.Environ) []string {
	seen := map[string]bool{}
	var out []string
	for name := range env.Each {
		if seen[name] || strings.Contains(name, " ") {
			continue
		}
		seen[name] = true
		if vr := env.Get(name); vr.Exported && vr.IsSet() && vr.Kind == expand.String {
			out = append(out, name+"="+vr.Str)
		}
	}
	slices.Sort(out)
	return out
}

// setState makes the interpreter's exported environment and directory
// those of st (rollback, switch): variables exported now but not in st are
// unset, st's are exported, and the shell changes to st's directory.
func (s *Session) setState(ctx context.Context, hc interp.HandlerContext, st vfs.State) error {
	want := map[string]bool{}
	var b strings.Builder
	for _, kv := range st.Env {
		name, value, _ := strings.Cut(kv, "=")
		if !syntax.ValidName(name) {
			continue
		}
		want[name] = true
		if vr := hc.Env.Get(name); vr.ReadOnly {
			continue
		}
		fmt.Fprintf(&b, "export %s=%s\n", name, quoteWord(value))
	}
	for _, kv := range exportedEnv(hc.Env) {
		name, _, _ := strings.Cut(kv, "=")
		if !want[name] && !hc.Env.Get(name).ReadOnly && syntax.ValidName(name) {
			fmt.Fprintf(&b, "unset %s\n", name)
		}
	}
	if st.Dir != "" {
		fmt.Fprintf(&b, "cd %s >/dev/null || cd /\n", quoteWord(st.Dir))
	}
	return hc.Builtin(ctx, []string{"eval", b.String()})
}

// runInternal runs the commands the call handler rewrote to.
func (s *Session) runInternal(ctx context.Context, hc interp.HandlerContext, args []string) error {
	name := strings.TrimPrefix(args[0], internal)
	if n, ok := strings.CutPrefix(args[0], probeFirst); ok {
		name = n
		if s.isFunction(ctx, hc, name) {
			ctx = context.WithValue(ctx, bypassKey{}, append(bypassNames(ctx), name))
			return hc.Builtin(ctx, []string{"eval", quoteWords(append([]string{name}, args[1:]...))})
		}
	}
	c := s.callFor(ctx, hc, append([]string{name}, args[1:]...))
	switch name {
	case "fail":
		fmt.Fprintf(hc.Stderr, "moonix: %s\n", args[1])
		if len(args) > 2 {
			n, _ := strconv.Atoi(args[2])
			return exitErr(n)
		}
		return exitErr(2)
	case "trap":
		return s.trap(ctx, hc, c)
	case "type", "command":
		return exitErr(s.typeCommand(ctx, hc, c))
	case "hash":
		return nil // nothing to remember: lookups are not cached
	case "status":
		n, _ := strconv.Atoi(args[1])
		return exitErr(n)
	case "srandom":
		r := s.newReads("$SRANDOM")
		v := uint32(r.Uint64())
		r.shown = strconv.FormatUint(uint64(v), 10)
		r.flush()
		fmt.Fprintln(hc.Stdout, v)
		return nil
	case "epochseconds", "epochrealtime":
		r := s.newReads("$" + strings.ToUpper(name))
		t := r.Now()
		r.flush()
		if name == "epochseconds" {
			fmt.Fprintln(hc.Stdout, t.Unix())
		} else {
			fmt.Fprintf(hc.Stdout, "%d.%06d\n", t.Unix(), t.Nanosecond()/1000)
		}
		return nil
	case "printf":
		return s.printf(ctx, hc, c)
	case "read":
		return s.read(ctx, hc, c)
	case "pwd":
		dir := hc.Env.Get("PWD").String()
		if dir == "" {
			dir = hc.Dir
		}
		return exitErr(s.pwdPhysical(dir, c))
	}
	return exitErr(s.exec(c))
}

func bypassNames(ctx context.Context) []string {
	names, _ := ctx.Value(bypassKey{}).([]string)
	return names
}

// capture runs interpreter text with its standard output collected, using a
// /dev/fd/capture:N path that the open handler serves.
func (s *Session) capture(ctx context.Context, hc interp.HandlerContext, src string) (string, error) {
	var buf bytes.Buffer
	id := s.captures.add(&buf)
	defer s.captures.remove(id)
	err := hc.Builtin(ctx, []string{"eval", src + " >" + captureDir + id + " 2>/dev/null"})
	// Leave $? alone: the probe is not the user's command.
	hc.Builtin(ctx, []string{"eval", ":"})
	return buf.String(), err
}

// isFunction reports whether a function called name is visible where the
// command runs.
func (s *Session) isFunction(ctx context.Context, hc interp.HandlerContext, name string) bool {
	if !syntax.ValidName(name) {
		return false
	}
	out, _ := s.capture(ctx, hc, "declare -f "+name)
	return out != ""
}

// aliasOf returns the alias definition line for name, or "".
func (s *Session) aliasOf(ctx context.Context, hc interp.HandlerContext, name string) string {
	if !syntax.ValidName(name) {
		return ""
	}
	out, _ := s.capture(ctx, hc, "alias "+name)
	return strings.TrimSpace(out)
}

const captureDir = "/dev/fd/capture:"

// captures are the writers behind /dev/fd/capture:N.
type captures struct {
	mu   sync.Mutex
	next int
	m    map[string]io.Writer
}

func (c *captures) add(w io.Writer) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]io.Writer{}
	}
	c.next++
	id := strconv.Itoa(c.next)
	c.m[id] = w
	return id
}

func (c *captures) get(id string) io.Writer {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[id]
}

func (c *captures) remove(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// trap implements trap on top of interp's, which knows only EXIT and ERR:
// 0 means EXIT, signal names are accepted (signals are never delivered to a
// sandboxed shell, except that Ctrl-C cancels the running command), and
// listings use shell quoting.
func (s *Session) trap(ctx context.Context, hc interp.HandlerContext, c *builtins.Call) error {
	args := c.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 || args[0] == "-p" {
		return s.printTraps(ctx, hc, c, args)
	}
	if args[0] == "-l" {
		for i, sig := range signalNames {
			fmt.Fprintf(c.Stdout, "%2d) SIG%s\n", i+1, sig)
		}
		return nil
	}
	action, sigs := args[0], args[1:]
	if len(args) == 1 || isUnsignedInt(action) {
		action, sigs = "-", args
	}
	status := 0
	for _, sig := range sigs {
		name, ok := normalSignal(sig)
		if !ok {
			c.Fail("%s: invalid signal specification", sig)
			status = 1
			continue
		}
		switch name {
		case "EXIT", "ERR":
			if err := hc.Builtin(ctx, []string{"trap", action, name}); err != nil {
				return err
			}
		default:
			s.mu.Lock()
			if action == "-" {
				delete(s.signalTraps, name)
			} else {
				s.signalTraps[name] = action
			}
			s.mu.Unlock()
		}
	}
	return exitErr(status)
}

func (s *Session) printTraps(ctx context.Context, hc interp.HandlerContext, c *builtins.Call, args []string) error {
	bypass := context.WithValue(ctx, bypassKey{}, append(bypassNames(ctx), "trap"))
	out, _ := s.capture(bypass, hc, "trap")
	traps := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		// interp prints: trap -- "go-quoted" NAME
		rest, ok := strings.CutPrefix(line, "trap -- ")
		if !ok {
			continue
		}
		i := strings.LastIndexByte(rest, ' ')
		if cmd, err := strconv.Unquote(rest[:i]); err == nil {
			traps[rest[i+1:]] = cmd
		}
	}
	s.mu.Lock()
	for k, v := range s.signalTraps {
		traps[k] = v
	}
	s.mu.Unlock()
	want := args
	if len(want) > 0 && want[0] == "-p" {
		want = want[1:]
	}
	names := []string{"EXIT"}
	names = append(names, signalNames...)
	names = append(names, "ERR")
	for _, name := range names {
		cmd, ok := traps[name]
		if !ok {
			continue
		}
		if len(want) > 0 {
			found := false
			for _, w := range want {
				if n, _ := normalSignal(w); n == name {
					found = true
				}
			}
			if !found {
				continue
			}
		}
		fmt.Fprintf(c.Stdout, "trap -- %s %s\n", quoteWord(cmd), name)
	}
	return nil
}

// printf runs the printf builtin; with -v VAR the output is assigned to VAR
// (in the interpreter's current scope) instead of printed.
func (s *Session) printf(ctx context.Context, hc interp.HandlerContext, c *builtins.Call) error {
	if len(c.Args) < 2 || c.Args[1] != "-v" {
		return exitErr(s.exec(c))
	}
	if len(c.Args) < 4 {
		c.Fail("-v: option requires an argument and a format")
		return exitErr(2)
	}
	name := c.Args[2]
	base, _, _ := strings.Cut(name, "[")
	if !syntax.ValidName(base) {
		c.Fail("`%s': not a valid identifier", name)
		return exitErr(2)
	}
	var out bytes.Buffer
	sub := c.Sub(append([]string{"printf"}, c.Args[3:]...)...)
	sub.Stdout = &out
	status := s.exec(sub)
	if err := hc.Builtin(ctx, []string{"eval", name + "=" + quoteWord(out.String())}); err != nil {
		return err
	}
	return exitErr(status)
}

// read runs read with the options interp lacks (see read.go) and assigns
// the variables in the interpreter's current scope.
func (s *Session) read(ctx context.Context, hc interp.HandlerContext, c *builtins.Call) error {
	ifs := " \t\n"
	if v := hc.Env.Get("IFS"); v.IsSet() {
		ifs = v.String()
	}
	assign, status := readAssign(ctx, c, ifs)
	if assign != "" {
		if err := hc.Builtin(ctx, []string{"eval", assign}); err != nil {
			return err
		}
	}
	return exitErr(status)
}

// signalNames are the Linux signals by number.
var signalNames = []string{
	"HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1",
	"SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP",
	"TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH",
	"IO", "PWR", "SYS",
}

func normalSignal(sig string) (string, bool) {
	up := strings.TrimPrefix(strings.ToUpper(sig), "SIG")
	switch up {
	case "0", "EXIT":
		return "EXIT", true
	case "ERR", "DEBUG", "RETURN":
		return up, up == "ERR"
	}
	if n, err := strconv.Atoi(up); err == nil {
		if n >= 1 && n <= len(signalNames) {
			return signalNames[n-1], true
		}
		return "", false
	}
	for _, name := range signalNames {
		if name == up {
			return name, true
		}
	}
	return "", false
}

func isUnsignedInt(s string) bool {
	_, err := strconv.ParseUint(s, 10, 32)
	return err == nil
}

// typeCommand implements type and command -v/-V: keywords, aliases and
// functions come from the interpreter, everything else from the session's
// own lookup, never the host's PATH.
func (s *Session) typeCommand(ctx context.Context, hc interp.HandlerContext, c *builtins.Call) int {
	isType := c.Args[0] == "type"
	mode := "" // "" (type), -t, -p, -P, -a, -v, -V
	names := c.Args[1:]
	for len(names) > 0 && strings.HasPrefix(names[0], "-") && names[0] != "-" {
		flag := names[0]
		names = names[1:]
		if flag == "--" {
			break
		}
		for _, f := range flag[1:] {
			switch {
			case isType && strings.ContainsRune("tpPaf", f), !isType && strings.ContainsRune("vVp", f):
				if f != 'p' || isType {
					mode = "-" + string(f)
				}
			default:
				c.Fail("-%c: invalid option", f)
				return 2
			}
		}
	}
	if !isType && mode == "" {
		// command -p CMD: run it (the default PATH is the session's anyway).
		return s.exec(c.Sub(names...))
	}
	status := 0
	for _, name := range names {
		if !s.describe(ctx, hc, c, isType, mode, name) {
			status = 1
		}
	}
	return status
}

// describe prints what name is, in the form type or command asked for.
func (s *Session) describe(ctx context.Context, hc interp.HandlerContext, c *builtins.Call, isType bool, mode, name string) bool {
	out := c.Stdout
	pathOnly := mode == "-p" || mode == "-P"
	if !pathOnly {
		switch {
		case syntax.IsKeyword(name):
			return say(out, mode, name, "keyword", name+" is a shell keyword", name)
		case s.cfg.Interactive && s.aliasOf(ctx, hc, name) != "":
			def := s.aliasOf(ctx, hc, name)
			body := strings.TrimSuffix(strings.SplitN(def, "='", 2)[1], "'")
			return say(out, mode, name, "alias", name+" is aliased to `"+body+"'", def)
		case s.isFunction(ctx, hc, name):
			if mode == "" || mode == "-a" || mode == "-V" {
				src, _ := s.capture(ctx, hc, "declare -f "+name)
				fmt.Fprintf(out, "%s is a function\n%s", name, src)
				return true
			}
			return say(out, mode, name, "function", "", name)
		}
	}
	kind, p := s.lookup(c, name)
	switch {
	case kind == kindBuiltin && !pathOnly:
		return say(out, mode, name, "builtin", name+" is a shell builtin", name)
	case kind == kindFile:
		return say(out, mode, name, "file", name+" is "+p, p)
	case kind == kindBuiltin && mode == "-P":
		return false
	}
	if mode == "" || mode == "-a" || mode == "-V" {
		if isType {
			c.Fail("%s: not found", name)
		} else {
			fmt.Fprintf(c.Stderr, "moonix: command: %s: not found\n", name)
		}
	}
	return pathOnly && kind == kindBuiltin
}

// say prints one description in the style of the mode: -t the kind, -v the
// short form, anything else the sentence.
func say(w io.Writer, mode, name, kind, sentence, short string) bool {
	switch mode {
	case "-t":
		fmt.Fprintln(w, kind)
	case "-v", "-p", "-P":
		fmt.Fprintln(w, short)
	default:
		fmt.Fprintln(w, sentence)
	}
	return true
}

// shell quoting

func quoteWord(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return q
}

func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = quoteWord(w)
	}
	return strings.Join(q, " ")
}

// isInterpBuiltin reports whether interp implements name itself.
func isInterpBuiltin(name string) bool { return interp.IsBuiltin(name) }

// runnerStatus converts what Runner.Run returned into an exit status and
// whether the error was fatal (something other than an exit status).
func runnerStatus(err error) (status int, fatal bool) {
	if err == nil {
		return 0, false
	}
	var es interp.ExitStatus
	if errors.As(err, &es) {
		return int(es), false
	}
	return 1, true
}

// runStmt runs one prepared statement on the session's runner.
func (s *Session) runStmt(ctx context.Context, st *syntax.Stmt) (status int, exited bool) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(s.cfg.Stderr, "moonix: internal error: %v\n", v)
			status, exited = 1, false
		}
	}()
	err := s.runner.Run(ctx, st)
	status, fatal := runnerStatus(err)
	exited = s.runner.Exited()
	if cerr := ctx.Err(); cerr != nil {
		status = 130
		if errors.Is(cerr, context.DeadlineExceeded) {
			status = 124
		}
		return status, true
	}
	if fatal {
		fmt.Fprintf(s.cfg.Stderr, "moonix: %v\n", err)
		exited = false
	}
	return status, exited
}

// setOptions applies the configured set(1) options; New does it after the
// session's own setup has run, so that -x does not trace it.
func (s *Session) setOptions() error {
	if len(s.cfg.Shopts) > 0 {
		if err := interp.BashOpts(append([]string{"-s"}, s.cfg.Shopts...)...)(s.runner); err != nil {
			return err
		}
	}
	if len(s.cfg.Options) == 0 {
		return nil
	}
	return interp.Params(s.cfg.Options...)(s.runner)
}

// exitStmt runs the synthetic `exit N` that ends a session, so that the EXIT
// trap runs with $? set. It is not the user's command, so it is not traced.
func (s *Session) exitStmt(ctx context.Context, status int) int {
	interp.Params("+x")(s.runner)
	st := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord("exit"), litWord(strconv.Itoa(status))}}}
	status, _ = s.runStmt(ctx, st)
	return status
}

// SetStatus makes $? hold status, as after an interrupted command.
func (s *Session) SetStatus(status int) {
	if s.eng != nil {
		s.eng.SetStatus(status)
		return
	}
	st := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{
		litWord(internal + "status"), litWord(strconv.Itoa(status)),
	}}}
	s.runner.Run(context.Background(), st)
}

func litWord(s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}}
}
