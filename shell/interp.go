package shell

// This file is the whole of moonix's wiring of mvdan.cc/sh/v3/interp. No
// other file imports interp.

import (
	"bytes"
	"cmp"
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
	"sync/atomic"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// noHost starts the paths that interp would look up on the host and the
// handlers serve instead: a host stat or open of a path with a NUL byte
// fails before any system call, and no shell string has one (see
// dropNULs), so no script can name them either.
const noHost = "/dev/null/\x00moonix"

// noHostTmp is the runner's TMPDIR while it is built: interp opens paths
// under its temporary directory on the host and makes fifos there for
// process substitution. Scripts see TMPDIR=/tmp.
const noHostTmp = noHost + "/tmp"

// sourceDir holds the prepared text of the files source reads (see
// sourceArgs).
const sourceDir = noHost + "/source/"

// internal is the prefix of the command names the call handler rewrites to.
// Shell words cannot contain NUL bytes, so no script can name them.
const internal = "\x00"

// exposed is the prefix of the internal commands that prepare writes into
// programs (see specials.go). They outlive the printing of a prepared
// program and its parsing again (eval, trap and source text, declare -f):
// the parser drops NUL bytes. So a script can name them too, and nothing
// they do goes beyond what the program they stand for could do.
const exposed = "__moonix_"

// exposedCommands are the internal commands with the exposed prefix.
var exposedCommands = map[string]bool{
	"srandom": true, "epochseconds": true, "epochrealtime": true, "random": true, "indirect": true,
	"print": true, "name": true,
}

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

// interpRunner is the session's interpreter, declared here so that no
// other file of the package names interp.
type interpRunner struct{ runner *interp.Runner }

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
	set(emptyVar, "", false, true)
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

func (s *Session) openHandler(ctx context.Context, name string, flag int, perm os.FileMode) (rwc io.ReadWriteCloser, err error) {
	defer func() {
		if v := recover(); v != nil {
			// printed by interp as "moonix: internal error: NAME: ..."
			rwc, err = nil, &fs.PathError{Op: "moonix: internal error:", Path: name, Err: errors.New(oneLine(v))}
		}
	}()
	hc := interp.HandlerCtx(ctx)
	p := vfs.Clean(hc.Dir, name)
	if strings.HasPrefix(p, markPrefix) {
		return s.openMark(ctx, p, hc.Stdout)
	}
	if id, ok := strings.CutPrefix(name, captureDir); ok {
		if w, ok := s.captures.get(id); ok {
			return builtins.WithStdio(s.fs, nil, w, nil).OpenFile("/dev/stdout", flag, perm)
		}
	}
	if id, ok := strings.CutPrefix(name, sourceDir); ok {
		if src, ok := s.sources.get(id); ok {
			s.sources.remove(id) // source opens it once
			return readOnly{strings.NewReader(src)}, nil
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

func (s *Session) statHandler(ctx context.Context, name string, follow bool) (_ fs.FileInfo, err error) {
	defer recoverHandler(ctx, name, &err)
	hc := interp.HandlerCtx(ctx)
	p := vfs.Clean(hc.Dir, name)
	var info fs.FileInfo
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

// recoverHandler reports a panic in a handler, which may run on a
// goroutine of the interpreter's (a pipeline's, a background job's), and
// turns it into a failure: interp does not report these handlers' errors.
func recoverHandler(ctx context.Context, name string, err *error) {
	if v := recover(); v != nil {
		internalError(interp.HandlerCtx(ctx).Stderr, v)
		*err = &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
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

func (s *Session) readDirHandler(ctx context.Context, name string) (_ []fs.DirEntry, err error) {
	defer recoverHandler(ctx, name, &err)
	return s.fs.ReadDir(abs(ctx, name))
}

// accessHandler answers test -r/-w/-x and cd's search permission from the
// session's FS, which asks the tree's permission bits and the gate's
// capabilities (vfs.FS.Access); interp's mode bits are access(2)'s, as
// vfs.AccessMode's are.
func (s *Session) accessHandler(ctx context.Context, name string, mode interp.AccessMode) (err error) {
	defer recoverHandler(ctx, name, &err)
	return s.fs.Access(abs(ctx, name), vfs.AccessMode(mode))
}

// bypassKey marks, in a context, the names whose internal rewrite is
// switched off, once, because a function of that name is being called.
type bypassKey struct{}

// bypass lets the next call of name through to the interpreter: the
// function's call, not the calls its body makes (the body of a function
// named type that unsets itself and calls type would reach interp's type,
// which searches the host's PATH).
type bypass struct {
	name string
	used atomic.Bool
}

// withBypass is ctx where the next call of name is not rewritten.
func withBypass(ctx context.Context, name string) context.Context {
	list, _ := ctx.Value(bypassKey{}).([]*bypass)
	return context.WithValue(ctx, bypassKey{}, append(slices.Clip(list), &bypass{name: name}))
}

// bypassed reports whether ctx lets this call of name through, and uses
// that up.
func bypassed(ctx context.Context, name string) bool {
	list, _ := ctx.Value(bypassKey{}).([]*bypass)
	for _, b := range list {
		if b.name == name && b.used.CompareAndSwap(false, true) {
			return true
		}
	}
	return false
}

// intercepted are interpreter builtins that moonix answers itself because
// interp's versions consult the host, are missing, or lack what moonix
// needs (read's options, and a bound on the line it reads). Functions of
// the same name still take precedence. fc goes to the exec chain, where
// the CLI provides it (Config.Commands): the typed history is the CLI's.
var intercepted = map[string]bool{
	"type": true, "help": true, "umask": true, "trap": true, "hash": true,
	"printf": true, "history": true, "read": true, "ulimit": true, "fc": true,
}

// callHandler runs before every simple command: it checks and rewrites
// program text handed to eval and trap, resolves source's PATH search in the
// VFS, and routes the intercepted builtins.
//
// The interpreter's own builtins are routed through the exec handler
// (internal run), so that they run under its recover: the interpreter runs
// pipelines and background jobs on goroutines of its own, where a panic
// would end the process.
func (s *Session) callHandler(ctx context.Context, args []string) (routed []string, err error) {
	defer func() {
		if v := recover(); v != nil {
			internalError(interp.HandlerCtx(ctx).Stderr, v)
			routed, err = []string{internal + "status", "1"}, nil
		}
	}()
	hc := interp.HandlerCtx(ctx)
	if err := s.limitCall(ctx, args, hc.Env, hc.Stdout); err != nil {
		return nil, err
	}
	if s.deepRecursion() {
		// Recursion through functions, eval, source or command
		// substitution: fail before Go's stack overflows, which would be
		// fatal.
		return []string{internal + "fail", args[0] + ": maximum nesting level exceeded", "1"}, nil
	}
	routed = s.route(ctx, args)
	if isInterpBuiltin(routed[0]) && !s.funcs.has(routed[0]) {
		// In place: the interpreter hands over a slice of its own.
		routed[0] = runName(routed[0])
	}
	return routed, nil
}

// runNames caches the internal names of the interpreter's builtins (see
// runName): builtins are the commands a loop runs most.
var runNames sync.Map

// runName is the internal command that runs the interpreter builtin name.
func runName(name string) string {
	if v, ok := runNames.Load(name); ok {
		return v.(string)
	}
	v, _ := runNames.LoadOrStore(name, internal+runPrefix+name)
	return v.(string)
}

const runPrefix = "run "

// route rewrites a command before it runs (see callHandler).
func (s *Session) route(ctx context.Context, args []string) []string {
	switch name := args[0]; name {
	case "eval":
		if len(args) > 1 {
			return s.evalArgs("eval", strings.Join(args[1:], " "))
		}
	case "trap":
		if len(args) > 2 && args[1] != "-" && !strings.HasPrefix(args[1], "-") {
			m := s.marks()
			m.jobs = false
			src, err := prepareText(args[1], &s.funcs, m)
			if err != nil {
				return failArgs("trap", err)
			}
			args = append([]string{"trap", src}, args[2:]...)
		}
	case "source", ".":
		if len(args) > 1 {
			return s.sourceArgs(ctx, args)
		}
	case "export", "readonly", "declare", "typeset", "local", "let":
		// The parser makes these declarations; a call reaches here when
		// the command was not a literal (`$cmd v=1`, `command export`) or
		// prepare made it one (see declCall).
		return s.evalArgs(name, declText(args))
	case "alias":
		return s.aliasArgs(args)
	case "command", "builtin":
		if len(args) > 1 {
			sub := args[1]
			if isDecl(sub) {
				return s.evalArgs(sub, declText(args[1:]))
			}
			if name == "command" && strings.HasPrefix(sub, "-") && sub != "--" {
				return append([]string{internal + "command"}, args[1:]...)
			}
			if sub == "--" && len(args) > 2 {
				sub, args = args[2], args[1:]
			}
			if intercepted[sub] || sub == "pwd" {
				return append([]string{internal + sub}, args[2:]...)
			}
			switch sub {
			case "eval", "source", ".", "alias":
				// what their text says is prepared as without command
				return s.route(ctx, args[1:])
			}
			if sub == "cd" || sub == "pushd" {
				if failed := s.dirDenied(ctx, args[1:]); failed != nil {
					return failed
				}
			}
			if name == "builtin" && !isInterpBuiltin(sub) {
				// interp fails silently; bash says why (moonix's
				// commands are not bash's builtins: builtin ls fails
				// there too).
				return []string{internal + "fail", "builtin: " + sub + ": not a shell builtin", "1"}
			}
		}
	case "echo":
		// interp's echo -e knows few escapes; moonix's knows bash's.
		if echoNeedsMoonix(args[1:]) && !bypassed(ctx, "echo") && !s.funcs.has("echo") {
			return append([]string{internal + "echo"}, args[1:]...)
		}
	case "pwd":
		for _, a := range args[1:] {
			if a == "-P" {
				return append([]string{internal + "pwd"}, args[1:]...)
			}
		}
	case "cd":
		return s.cdArgs(ctx, args)
	case "pushd":
		if failed := s.dirDenied(ctx, args); failed != nil {
			return failed
		}
	case "shift":
		// interp slices its parameters with a negative count.
		if len(args) > 1 && strings.HasPrefix(args[1], "-") && args[1] != "--" {
			if n, err := strconv.Atoi(args[1]); err == nil && n < 0 {
				return []string{internal + "fail", "shift: " + args[1] + ": shift count out of range", "1"}
			}
		}
	case "unset":
		// interp panics on an empty name; bash ignores it, or says why
		// with -v.
		if slices.Contains(args[1:], "") {
			return append([]string{internal + "unset"}, args[1:]...)
		}
	case "test", "[":
		// interp panics asking whether the empty name is a variable: it
		// is not, and neither is noVariable.
		for i := 2; i < len(args); i++ {
			if args[i] == "" && (args[i-1] == "-v" || args[i-1] == "-R") {
				args[i] = noVariable
			}
		}
		ownershipTests(args)
	}
	if intercepted[args[0]] && !bypassed(ctx, args[0]) {
		if s.funcs.has(args[0]) {
			return append([]string{probeFirst + args[0]}, args[1:]...)
		}
		return append([]string{internal + args[0]}, args[1:]...)
	}
	return args
}

// ownershipTests makes the -O and -G operators of a test command -e:
// interp answers them from the host's user database, and every file of
// the VFS belongs to the session's user. An operator is one in unary
// position (first, or after !, ( , -a, -o) with an operand after it that
// is not a binary operator (`[ -O = -O ]` compares strings).
func ownershipTests(args []string) {
	end := len(args)
	if args[0] == "[" {
		end--
	}
	for i := 1; i+1 < end; i++ {
		if args[i] != "-O" && args[i] != "-G" {
			continue
		}
		if i > 1 && !slices.Contains([]string{"!", "(", "-a", "-o"}, args[i-1]) {
			continue
		}
		if slices.Contains([]string{"=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef", "-a", "-o"}, args[i+1]) {
			continue
		}
		args[i] = "-e"
	}
}

// deepRecursion reports whether the calling goroutine's stack is deeper
// than runFrames, measuring it only every so many commands (see depthGap).
// The count is the session's, not the goroutine's: a recursion in one job
// is measured all the same, as it makes most of the commands.
func (s *Session) deepRecursion() bool {
	n := s.calls.Add(1)
	if n < s.nextMeasure.Load() {
		return false
	}
	gap := depthGap()
	if gap < 0 {
		return true
	}
	s.nextMeasure.Store(n + int64(gap))
	return false
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

// declText is the text of a declaration that came as a call, to run
// through eval so that the interpreter parses it as the declaration it is.
func declText(args []string) string {
	if args[0] == "let" {
		// interp's let does not take quoted words; (( a, b )) is let a b.
		return "((" + strings.Join(args[1:], ", ") + "))"
	}
	return quoteWords(args)
}

// evalArgs is the call of eval on program text src, prepared; cmd is the
// command that reports a failure to prepare it.
func (s *Session) evalArgs(cmd, src string) []string {
	src, err := prepareText(src, &s.funcs, s.marks())
	if err != nil {
		return failArgs(cmd, err)
	}
	return []string{"eval", src}
}

// aliasArgs prepares the values of the aliases an alias call defines, as
// program text: interp parses them into words and runs them where the
// alias is used.
func (s *Session) aliasArgs(args []string) []string {
	out := []string{args[0]}
	for _, a := range args[1:] {
		name, value, ok := strings.Cut(a, "=")
		if ok {
			prepared, err := prepareWords(value, &s.funcs, s.marks())
			if err != nil {
				return failArgs("alias", err)
			}
			a = name + "=" + prepared
		}
		out = append(out, a)
	}
	return out
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
	data, err := vfs.ReadFile(s.fs, vfs.Clean(hc.Dir, file))
	if caps.IsDenied(err) {
		return failArgs(args[0], err)
	}
	if err != nil {
		// as bash words it; interp would look the path up on the host
		return []string{internal + "fail", args[1] + ": " + builtins.Reason(err), "1"}
	}
	src, err := prepareSource(bytes.NewReader(data), file, &s.funcs, s.marks())
	if err != nil {
		return failArgs(args[0], err)
	}
	// interp reads the file itself, so it is handed the prepared text
	// instead, at a path it cannot find on the host.
	return append([]string{args[0], sourceDir + s.sources.add(src)}, args[2:]...)
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
	return func(ctx context.Context, args []string) (err error) {
		hc := interp.HandlerCtx(ctx)
		if name, ok := strings.CutPrefix(args[0], exposed); ok && exposedCommands[name] {
			args[0] = internal + name
		}
		if strings.HasPrefix(args[0], internal) {
			// Internal commands run interpreter builtins, which may
			// panic on a goroutine of the interpreter's.
			defer func() {
				if v := recover(); v != nil {
					err = exitErr(internalError(hc.Stderr, v))
				}
			}()
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
	c := s.newCall(ctx, args, hc.Dir, withPWD(exportedEnv(hc.Env), hc.Dir))
	c.Stdin, c.Stdout, c.Stderr = hc.Stdin, s.limitOutput(ctx, hc.Stdout), hc.Stderr
	if c.Stdin == nil {
		c.Stdin = strings.NewReader("")
	}
	if s.cfg.Width != nil && hc.Stdout == s.cfg.Stdout {
		c.Width = s.cfg.Width()
	}
	c.SetState = func(st vfs.State) error { return s.setState(ctx, hc, st) }
	return c
}

// withPWD gives a command PWD in its environment, as bash exports it:
// the interpreter keeps it unexported (so that a snapshot holds what the
// user exported), but a program run with the shell's environment must see
// its working directory there (Go programs start in $PWD), and env -i
// must be able to take it away. env is sorted; a PWD the user exported
// stays.
func withPWD(env []string, dir string) []string {
	for _, kv := range env {
		if strings.HasPrefix(kv, "PWD=") {
			return env
		}
	}
	pwd := "PWD=" + dir
	i, _ := slices.BinarySearch(env, pwd)
	return slices.Insert(env, i, pwd)
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
	if builtin, ok := strings.CutPrefix(name, runPrefix); ok {
		args[0] = builtin
		if builtin == "eval" || builtin == "source" || builtin == "." {
			// one level deeper: the call depth counts eval and source
			what := builtin
			if what == "." {
				what = "source"
			}
			nctx, err := s.nest(ctx, hc.Env, builtin, what)
			if err != nil {
				return err
			}
			ctx = nctx
		}
		err := hc.Builtin(ctx, args) // under the exec handler's recover
		if builtin == "read" || builtin == "mapfile" || builtin == "readarray" {
			s.dropNUL(ctx, hc, args)
		}
		return err
	}
	if n, ok := strings.CutPrefix(args[0], probeFirst); ok {
		name = n
		if s.isFunction(ctx, hc, name) {
			ctx = withBypass(ctx, name)
			return hc.Builtin(ctx, []string{"eval", quoteWords(append([]string{name}, args[1:]...))})
		}
	}
	if name == "nest" {
		// eval or source, one level deeper (a sourceArgs failure is
		// an internal command of its own)
		if strings.HasPrefix(args[1], internal) {
			return s.runInternal(ctx, hc, args[1:])
		}
		what := args[1]
		if what == "." {
			what = "source"
		}
		nctx, err := s.nest(ctx, hc.Env, args[1], what)
		if err != nil {
			return err
		}
		return hc.Builtin(nctx, args[1:])
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
	case "unset":
		return s.unset(ctx, hc, args[1:])
	case "name":
		fmt.Fprint(hc.Stdout, cmp.Or(hc.Env.Get(nameVar).String(), noVariable))
		return nil
	case "type", "command":
		return exitErr(s.typeCommand(ctx, hc, c))
	case "hash":
		return nil // nothing to remember: lookups are not cached
	case "status":
		n, _ := strconv.Atoi(args[1])
		return exitErr(n)
	case "srandom", "epochseconds", "epochrealtime", "random", "indirect":
		// The value of a special variable (see specials.go), printed for
		// a command substitution or, with a name, assigned to it.
		v, set := "", true
		if name == "indirect" {
			v, set = s.indirect(hc.Env, args[2:], hc.LastExitStatus)
		} else {
			v = s.readValue(name, hc.Env)
		}
		if len(args) > 1 && args[1] != "" && set {
			if !syntax.ValidName(args[1]) {
				c.Fail("%s: not a valid identifier", args[1])
				return exitErr(2)
			}
			return hc.Builtin(ctx, []string{"eval", args[1] + "=" + quoteWord(v)})
		}
		io.WriteString(hc.Stdout, v)
		return nil
	case "print":
		printValue(hc.Stdout, args[1:])
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

// captureDir holds the writers of capture. It is named in program text,
// where the parser drops NUL bytes, so unlike noHost's it is a path a
// script could name (it cannot exist: /dev/null is not a directory); a
// write there only reaches a capture while it runs.
const captureDir = "/dev/null/moonix/capture/"

// served are the values behind the paths under one of the noHost
// directories that the open handler serves.
type served[T any] struct {
	mu   sync.Mutex
	next int
	m    map[string]T
}

func (c *served[T]) add(v T) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]T{}
	}
	c.next++
	id := strconv.Itoa(c.next)
	c.m[id] = v
	return id
}

func (c *served[T]) get(id string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[id]
	return v, ok
}

func (c *served[T]) remove(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// readOnly is a reader as the file the open handler returns.
type readOnly struct{ io.Reader }

func (readOnly) Write([]byte) (int, error) { return 0, syscall.EBADF }
func (readOnly) Close() error              { return nil }

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
	out, _ := s.capture(withBypass(ctx, "trap"), hc, "trap")
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
	// A shell string ends at a NUL byte, as bash's printf -v sees it.
	v, _, _ := strings.Cut(out.String(), "\x00")
	if err := hc.Builtin(ctx, []string{"eval", name + "=" + quoteWord(v)}); err != nil {
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

// dropNUL removes the NUL bytes that interp's read and mapfile (args)
// leave in the variables they set: a shell string has none (a quoting
// of one panics). bash's read drops them and its mapfile ends an element
// at the first.
func (s *Session) dropNUL(ctx context.Context, hc interp.HandlerContext, args []string) {
	var names []string
	cut := args[0] != "read"
	if cut {
		names = []string{mapfileArray(args[1:])}
	} else if o, err := parseReadArgs(args[1:]); err == nil {
		names = append(o.names, o.array)
	}
	fix := func(v string) string {
		if cut {
			v, _, _ = strings.Cut(v, "\x00")
			return v
		}
		return strings.ReplaceAll(v, "\x00", "")
	}
	var b strings.Builder
	for _, name := range names {
		vr := hc.Env.Get(name)
		switch vr.Kind {
		case expand.String:
			if strings.Contains(vr.Str, "\x00") {
				fmt.Fprintf(&b, "%s=%s\n", name, quoteWord(fix(vr.Str)))
			}
		case expand.Indexed:
			for i, e := range vr.List {
				if strings.Contains(e, "\x00") {
					index := i
					if vr.Indexes != nil {
						index = vr.Indexes[i]
					}
					fmt.Fprintf(&b, "%s[%d]=%s\n", name, index, quoteWord(fix(e)))
				}
			}
		}
	}
	if b.Len() > 0 {
		hc.Builtin(ctx, []string{"eval", b.String()})
	}
}

// mapfileArray is the array that mapfile with args fills.
func mapfileArray(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return "MAPFILE"
		case len(a) < 2 || a[0] != '-':
			return a
		case len(a) == 2 && strings.IndexByte("dnOsuCc", a[1]) >= 0:
			i++ // the option's value is the next word
		}
	}
	return "MAPFILE"
}

// unset runs unset with names among which is the empty one: bash skips it,
// unless -v says that every name is a variable's.
func (s *Session) unset(ctx context.Context, hc interp.HandlerContext, args []string) error {
	var rest []string
	vars, status := false, 0
	for i, a := range args {
		switch {
		case a == "":
			if vars {
				fmt.Fprintln(hc.Stderr, "moonix: unset: `': not a valid identifier")
				status = 1
			}
			continue
		case a == "-v" && !slices.Contains(args[:i], "--"):
			vars = true
		}
		rest = append(rest, a)
	}
	if err := hc.Builtin(ctx, append([]string{"unset"}, rest...)); err != nil {
		return err
	}
	return exitErr(status)
}

// noVariable is a name no variable can have: it is not an identifier.
const noVariable = "%"

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
		if len(names) == 0 {
			return 0
		}
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
				fmt.Fprintf(out, "%s is a function\n%s", name, unmark(src))
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

// callerEnv is the interpreter's environment where the command of ctx
// was called, nil when it was not called by the interpreter.
func callerEnv(ctx context.Context) (env expand.Environ) {
	defer func() { recover() }() // HandlerCtx panics without one
	return interp.HandlerCtx(ctx).Env
}

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
	sctx, sr := s.startStmt(ctx)
	defer func() {
		if v := recover(); v != nil {
			status, exited = internalError(s.cfg.Stderr, v), false
		}
		if sr != nil && sr.report() != nil && ctx.Err() == nil {
			status, exited = 1, false // a limit stopped it, and said so
			s.SetStatus(status)
		}
	}()
	err := s.runner.Run(sctx, st)
	status, fatal := runnerStatus(err)
	exited = s.runner.Exited()
	if sr != nil && sr.limit() != nil && ctx.Err() == nil {
		return 1, false // the deferred end reports it
	}
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
	st := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{
		litWord(internal + "status"), litWord(strconv.Itoa(status)),
	}}}
	s.runner.Run(context.Background(), st)
}

func litWord(s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}}
}
