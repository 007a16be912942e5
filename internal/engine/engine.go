package engine

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/internal/stack"
	"github.com/moonix-sh/moonix/vfs"
)

// Config is what a Shell gets from outside. FS is required; every other
// field has a usable zero value, said beside it.
type Config struct {
	// FS is the filesystem, already gated: the engine never checks
	// capabilities. Required.
	FS vfs.FS
	// Dir is the initial working directory (absolute); default "/".
	Dir string
	// Env is the initial environment, NAME=VALUE, all exported.
	Env []string
	// Vars are initial variables that are not exported, NAME=VALUE;
	// ReadOnly names variables to make read-only.
	Vars     []string
	ReadOnly []string
	// Stdin, Stdout and Stderr are descriptors 0, 1 and 2. Nil means
	// empty input and discarded output.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Name is $0; Args the positional parameters.
	Name string
	Args []string
	// Exec runs a command that is neither a function nor a shell builtin
	// and returns its exit status. Nil: every such command is not found.
	Exec func(*Command) int
	// Lookup says what Exec would run for name (type, command -v, hash):
	// a builtin of the host, a file (with its path), or nothing.
	Lookup func(c *Command, name string) (Kind, string)
	// LookupAll lists every file name designates along PATH (type -a).
	LookupAll func(c *Command, name string) []string
	// Now reads the clock for what ($EPOCHSECONDS, $SECONDS...); Random
	// reads a random number for what ($SRANDOM, the seed of $RANDOM).
	// Nil: time.Unix(0, 0) and 0.
	Now    func(what string) time.Time
	Random func(what string) uint64
	// Start is when the shell started, for $SECONDS (zero: the first
	// reading of $SECONDS).
	Start time.Time
	// Pid is $$, Ppid $PPID; NextPid hands out process ids for
	// subshells and jobs ($BASHPID, $!), when one is needed.
	Pid, Ppid int
	NextPid   func() int
	// Signal delivers a signal to a process of the host's other shells
	// (kill of a pid this shell does not know); it reports whether one
	// took it. Nil: there are none.
	Signal func(pid, sig int) bool
	// ProcClock reads the clock the start times of processes come from
	// (Processes: ps's STIME and ELAPSED). Nil: the zero time.
	ProcClock func() time.Time
	// Home answers ~user: the home directory of user, if known.
	Home func(user string) (string, bool)
	// Interactive: alias expansion on, no line numbers in errors.
	Interactive bool
	// DashC: the program came from -c (for $-); ScriptFile: it is the
	// file named Name (for $FUNCNAME and $BASH_SOURCE).
	DashC      bool
	ScriptFile bool
	// Umask is the initial file creation mask.
	Umask fs.FileMode
	// ErrorText words a filesystem error for the user ("no such file or
	// directory"); nil: err.Error(). ErrorMessage words a whole message
	// about a failed operation on name ("name: reason", or how the host
	// words a refusal); nil: name + ": " + ErrorText(err).
	ErrorText    func(err error) string
	ErrorMessage func(name string, err error) string
	// Prefix starts the shell's own error messages ("moonix"), and
	// LineNumbers adds bash's "line N: " after it.
	Prefix      string
	LineNumbers bool
	// UID, EUID and GID are the user's ids (for -O and -G, every file is
	// the user's).
	UID, GID int
	// Limits bound what the shell's code may use.
	Limits Limits
}

// Kind is what a command name designates outside the shell.
type Kind int

const (
	KindNone    Kind = iota
	KindBuiltin      // a command of the host, not a file
	KindFile         // an executable file
)

// Command is one run of a command through Config.Exec. It is used by one
// goroutine, the one running the command; the methods that change the
// shell change the proc that ran it.
type Command struct {
	Ctx    context.Context
	Args   []string
	Dir    string
	Env    []string // the exported variables, NAME=VALUE, sorted
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Umask  fs.FileMode
	// Line is the line the command is on.
	Line int
	// Depth is the call depth the command runs at (Limits.CallDepth).
	Depth int
	// Path, for a name without a slash, is the file the shell's hash
	// table says Args[0] runs as: the host runs it without searching
	// PATH (and fails if it is gone). Empty: search.
	Path string
	p    *proc
}

// Fd returns the reader and writer behind descriptor n of the command
// (for /dev/fd/N); ok is false when n is closed.
func (c *Command) Fd(n int) (r io.Reader, w io.Writer, ok bool) {
	f := c.p.fds.get(n)
	if f == nil {
		return nil, nil, false
	}
	return f.r, f.w, true
}

// Error writes msg on the shell's standard error as the shell words its
// own errors: its prefix, in a script the line ("t.sh: line 3: "), then
// msg.
func (c *Command) Error(msg string) { c.p.errorLine(msg) }

// Setenv sets and exports a variable of the calling shell.
func (c *Command) Setenv(name, value string) bool {
	if !c.p.setVar(name, value) {
		return false
	}
	if v, _, _ := c.p.varFor(name); v != nil {
		v.attrs |= aExport
	}
	c.p.envChanged()
	return true
}

// Unsetenv unsets a variable of the calling shell.
func (c *Command) Unsetenv(name string) { c.p.unsetVar(name, false) }

// ReadOnly reports whether name is a read-only variable.
func (c *Command) ReadOnly(name string) bool {
	v, _ := c.p.lookup(name)
	return v != nil && v.attrs&aReadonly != 0
}

// Exported lists the calling shell's exported variables, NAME=VALUE.
func (c *Command) Exported() []string { return c.p.exported() }

// Chdir changes the calling shell's directory, as cd does.
func (c *Command) Chdir(dir string) error { return c.p.chdir(vfs.Clean(c.p.dir, dir), dir) }

// Run runs args in the calling shell as the shell runs a command it
// reads (a function, a shell builtin, or through Config.Exec), with the
// command's descriptors, and returns its status: what a function or cd
// changes stays in the calling shell (atomic runs its command so).
func (c *Command) Run(args []string) int {
	c.p.runArgs(args, false)
	return c.p.status
}

// WorkDir is the calling shell's working directory now (Dir is the one
// the command started in).
func (c *Command) WorkDir() string { return c.p.dir }

// SetUmask sets the calling shell's file creation mask.
func (c *Command) SetUmask(m fs.FileMode) { c.p.umask = m & 0o777 }

// Shell is a running shell. Run and the methods that read its state must
// not be called concurrently, but the commands it runs (pipelines,
// background jobs) run concurrently inside it.
type Shell struct {
	cfg  Config
	main *proc

	arith      sync.Map // arithmetic text -> parsed expression
	arithNodes sync.Map // syntax node -> parsed expression (no expansions inside)
	patterns   sync.Map // pattern text and mode -> compiled pattern
	parsed     sync.Map // program text -> *syntax.File (eval, traps)
	words      sync.Map // text -> *syntax.Word (PS4, prompts)
	regexps    sync.Map // regular expression -> *regexp.Regexp
	procs      procRegistry
	seq        atomic.Uint64 // parses, for aliases
	calls      atomic.Uint64 // function calls, for traps
	// killed is the signal that ended the main shell, 0 if none.
	killed int
	// localeSet: LC_ALL, LC_CTYPE or LANG was given a value (see
	// byteLocale).
	localeSet atomic.Bool
	// aliasDone holds the texts ParseAliased expanded aliases in: their
	// statements expand none.
	aliasDone sync.Map
	// aliasDoneSeq holds the parses of such texts.
	aliasDoneSeq sync.Map
	// lastSrc and lastLine identify the chunk the last RunSource came
	// from.
	lastSrc  string
	lastLine int
	// abandoned: an error abandoned the last top-level statement run.
	abandoned bool
	jobCtx    context.Context
	jobCancel context.CancelFunc
	start     time.Time
	exited    atomic.Bool
	nextPid   atomic.Int64
	// exitTrapDone: the EXIT trap of the main shell has run.
	exitTrapDone bool
	// stack bounds the recursion of the shell's code (see enter).
	stack *stack.Gauge
	// forks counts the subshells, to seed their $RANDOM.
	forks atomic.Uint32
}

// New returns a shell with cfg's state.
func New(cfg Config) (*Shell, error) {
	if cfg.FS == nil {
		return nil, fmt.Errorf("engine: no filesystem")
	}
	if cfg.Dir == "" {
		cfg.Dir = "/"
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "moonix"
	}
	if cfg.Stdin == nil {
		cfg.Stdin = nullFile{}
	}
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	s := &Shell{cfg: cfg, stack: newGauge()}
	s.nextPid.Store(int64(cfg.Pid) + 1000)
	s.jobCtx, s.jobCancel = context.WithCancel(context.Background())
	s.start = cfg.Start
	p := &proc{
		sh:      s,
		ctx:     context.Background(),
		pid:     cfg.Pid,
		dir:     cfg.Dir,
		umask:   cfg.Umask,
		opts:    defaultOpts(),
		funcs:   newTable[*funcDef](),
		aliases: newTable[aliasDef](),
		hash:    newHashTable(),
		traps:   newTable[trapDef](),
		jobs:    &jobTable{},
	}
	p.frames = []frame{{locals: newScope(64), params: cfg.Args}}
	p.lastArg = cfg.Name
	p.pipestatus = []int{} // no command has run
	p.fds = fdTable{
		newFile("stdin", cfg.Stdin, nil, nil),
		newFile("stdout", nil, cfg.Stdout, nil),
		newFile("stderr", nil, cfg.Stderr, nil),
	}
	p.random = uint32(s.random("$RANDOM seed"))
	if p.random == 0 {
		p.random = 1
	}
	s.main = p
	if cfg.Interactive {
		p.opts.set(optExpandAliases, true)
	}
	globals := p.frames[0].locals.vars
	set := func(kv string, a attr) {
		name, val, _ := strings.Cut(kv, "=")
		if !syntax.ValidName(name) {
			return
		}
		globals[name] = &variable{str: val, attrs: aSet | a}
	}
	for _, kv := range cfg.Env {
		set(kv, aExport)
		name, _, _ := strings.Cut(kv, "=")
		p.noteLocale(name)
	}
	for _, kv := range cfg.Vars {
		set(kv, 0)
	}
	defaults := map[string]string{
		"IFS": " \t\n", "PS4": "+ ", "OPTIND": "1", "PS2": "> ",
		"BASH_VERSION": bashVersion, "HOSTTYPE": "x86_64", "OSTYPE": "linux-gnu",
		"MACHTYPE": "x86_64-pc-linux-gnu",
	}
	for name, val := range defaults {
		if _, ok := globals[name]; !ok {
			globals[name] = &variable{str: val, attrs: aSet}
		}
	}
	if _, ok := globals["PWD"]; !ok {
		globals["PWD"] = &variable{str: cfg.Dir, attrs: aSet | aExport}
	} else {
		globals["PWD"].str = cfg.Dir
	}
	if _, ok := globals["OLDPWD"]; !ok {
		// bash starts with OLDPWD exported and unset
		globals["OLDPWD"] = &variable{attrs: aExport}
	}
	// SHELLOPTS and BASHOPTS in the environment turn their options on;
	// they, and PPID, are read-only variables whose value the shell
	// computes (see special)
	for _, name := range []string{"SHELLOPTS", "BASHOPTS"} {
		byName := setOptByName
		if name == "BASHOPTS" {
			byName = shoptByName
		}
		v := globals[name]
		if v != nil && v.attrs&aExport != 0 {
			for _, o := range strings.Split(v.str, ":") {
				if o, ok := byName(o); ok {
					p.opts.set(o, true)
				}
			}
		} else {
			v = &variable{}
			globals[name] = v
		}
		v.attrs |= aSet | aReadonly
	}
	globals["PPID"] = &variable{str: strconv.Itoa(cfg.Ppid), attrs: aSet | aReadonly | aInteger}
	globals["BASH_VERSINFO"] = &variable{kind: kIndexed, attrs: aSet | aReadonly,
		arr: &indexed{vals: []string{"5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"}}}
	for _, name := range cfg.ReadOnly {
		if v, ok := globals[name]; ok {
			v.attrs |= aReadonly
		}
	}
	return s, nil
}

// bashVersion is what $BASH_VERSION says: the engine follows bash 5.2.
const bashVersion = "5.2.15(1)-release"

// nextSeq numbers a new parse.
func (s *Shell) nextSeq() uint64 { return s.seq.Add(1) }

func (s *Shell) now(what string) time.Time {
	if s.cfg.Now == nil {
		return time.Unix(0, 0)
	}
	return s.cfg.Now(what)
}

func (s *Shell) random(what string) uint64 {
	if s.cfg.Random == nil {
		return 0
	}
	return s.cfg.Random(what)
}

func (s *Shell) newPid() int {
	if s.cfg.NextPid != nil {
		return s.cfg.NextPid()
	}
	return int(s.nextPid.Add(1))
}

// Run runs a parsed program (a *syntax.File or *syntax.Stmt) in the main
// shell and returns the status of its last command. After an exit (or a
// fatal error in a non-interactive shell), Exited reports true and the
// EXIT trap has run.
func (s *Shell) Run(ctx context.Context, node syntax.Node) int {
	return s.RunSource(ctx, node, "", 0)
}

// RunSource is Run for a program parsed from src (by Parse), whose first
// line is line firstLine+1 of the input: arithmetic is read from the
// text, as bash reads it, and $LINENO counts from firstLine.
func (s *Shell) RunSource(ctx context.Context, node syntax.Node, src string, firstLine int) int {
	if s.exited.Load() {
		return s.main.status
	}
	p := s.main
	p.ctx = ctx
	if src == "" || src != s.lastSrc || firstLine != s.lastLine {
		// a new parse: statements of one chunk share it (an alias
		// defined on a line applies from the next)
		p.parseSeq = s.nextSeq()
		s.lastSrc, s.lastLine = src, firstLine
		if _, done := s.aliasDone.Load(src); done {
			s.aliasDoneSeq.Store(p.parseSeq, true)
		}
	}
	prepare(node, src)
	p.lineBase = []int{firstLine}
	switch n := node.(type) {
	case *syntax.File:
		// each statement is a top-level command: an error that abandons
		// one leaves those of the next lines to run (bash reads and runs
		// a line at a time)
		abandoned := uint(0)
		for _, st := range n.Stmts {
			if abandoned > 0 && st.Pos().Line() == abandoned {
				continue
			}
			s.runTop(p, st)
			abandoned = 0
			if s.abandoned {
				abandoned = st.Pos().Line()
			}
			if s.exited.Load() {
				break
			}
		}
	case *syntax.Stmt:
		s.runTop(p, n)
	}
	return p.status
}

// runTop runs a top-level statement.
func (s *Shell) runTop(p *proc, st *syntax.Stmt) {
	p.guard(func(p *proc) { p.stmt(st) })
	p.waitProcOut()
	s.abandoned = p.flow == flowAbandon
	p.afterTop()
}

// afterTop ends a top-level run: an exit runs the EXIT trap.
func (p *proc) afterTop() {
	switch p.flow {
	case flowExit:
		p.status = p.exitCode
		p.sh.finish(p)
		return
	case flowAbandon:
		p.status = p.exitCode
	}
	p.flow, p.flowN = flowNone, 0
}

// finish runs the main shell's EXIT trap once and marks it exited.
func (s *Shell) finish(p *proc) {
	if s.exitTrapDone {
		return
	}
	s.exitTrapDone = true
	s.exited.Store(true)
	p.runExitTrap()
	// the shell's descriptors close as it exits: a >(...) still held
	// (exec 3> >(cmd)) sees its end of input, and its output is waited
	// for
	for fd := 3; fd < len(p.fds); fd++ {
		if f := p.fds[fd]; f != nil {
			f.unref()
			p.fds[fd] = nil
		}
	}
	p.waitProcOut()
}

// Abandoned reports whether an error abandoned the last statement run
// (a bad substitution, an arithmetic error): bash then skips the rest of
// its line.
func (s *Shell) Abandoned() bool { return s.abandoned }

// Exited reports whether the shell has exited (exit, errexit, a fatal
// error).
func (s *Shell) Exited() bool { return s.exited.Load() }

// Resume lets a shell that exited run again: a host that runs one script
// after another in the same shell (an agent's run tool, --json) ends the
// script at its exit, not the shell. The EXIT trap, which ran at the
// exit, does not run again when the shell ends.
func (s *Shell) Resume() {
	s.exited.Store(false)
	s.main.flow, s.main.flowN = flowNone, 0
}

// Exit ends the shell as at the end of its input: the EXIT trap runs
// with $? = status unless an exit already ran it; it returns the final
// status.
func (s *Shell) Exit(ctx context.Context, status int) int {
	p := s.main
	if s.exitTrapDone {
		return p.status
	}
	p.ctx = ctx
	p.status = status
	p.exitCode = status
	s.finish(p)
	return p.status
}

// Close stops the background jobs still running.
func (s *Shell) Close() { s.jobCancel() }

// Dir is the main shell's working directory.
func (s *Shell) Dir() string { return s.main.dir }

// Status is $?.
func (s *Shell) Status() int { return s.main.status }

// SetStatus sets $?.
func (s *Shell) SetStatus(n int) { s.main.status = n }

// Exported lists the main shell's exported variables, NAME=VALUE, sorted.
func (s *Shell) Exported() []string { return s.main.exported() }

// Get returns the value of a variable of the main shell.
func (s *Shell) Get(name string) string {
	v, _ := s.main.getStr(name)
	return v
}

// Option reports whether a set -o option (or a shopt option) is on in
// the main shell.
func (s *Shell) Option(name string) bool {
	o, ok := setOptByName(name)
	if !ok {
		if o, ok = shoptByName(name); !ok {
			return false
		}
	}
	return s.main.opts.has(o)
}

// Umask is the main shell's file creation mask.
func (s *Shell) Umask() fs.FileMode { return s.main.umask }

// SetOptions applies set's arguments ("-e", "-o", "pipefail"...); it does
// not touch the positional parameters.
func (s *Shell) SetOptions(args []string) error {
	var errs strings.Builder
	p := s.main
	saved := p.fds.get(2)
	p.fds[2] = newFile("errors", nil, &errs, nil)
	status := p.setOptions(args)
	p.fds[2] = saved
	if status != 0 {
		return fmt.Errorf("%s", strings.TrimSpace(errs.String()))
	}
	return nil
}

// Shopt turns bash options on, as shopt -s does.
func (s *Shell) Shopt(names []string) error {
	for _, name := range names {
		o, ok := shoptByName(name)
		if !ok {
			return fmt.Errorf("%s: invalid shell option name", name)
		}
		s.main.opts.set(o, true)
	}
	return nil
}

// IsBuiltin reports whether name is a builtin of the shell itself.
func IsBuiltin(name string) bool {
	_, ok := builtins[name]
	return ok
}

// BuiltinNames lists the builtins of the shell itself, sorted.
func BuiltinNames() []string { return slices.Sorted(maps.Keys(builtins)) }

// flow is how control leaves the normal sequence.
type flow uint8

const (
	flowNone flow = iota
	flowBreak
	flowContinue
	flowReturn
	flowExit
	// flowAbandon leaves the whole top-level command after an error in
	// an interactive shell, which then goes on.
	flowAbandon
)

// proc is a shell process: the main shell, a subshell, one side of a
// pipeline, a background job. A fork copies a proc's state (sharing
// what has not changed, see scope and table); each proc is run by one
// goroutine at a time.
type proc struct {
	sh     *Shell
	ctx    context.Context
	parent *proc

	pid   int // $BASHPID
	level int // $BASH_SUBSHELL

	frames  []frame
	funcs   *table[*funcDef]
	aliases *table[aliasDef]
	traps   *table[trapDef]
	opts    opts
	fds     fdTable
	dir     string
	umask   fs.FileMode
	env     []string // cached exported variables

	status     int
	pipestatus []int
	lastArg    string // $_
	lastBg     int    // $!
	jobs       *jobTable
	dirstack   []string

	flow     flow
	flowN    int
	exitCode int
	// noErrexit > 0: in a condition, where errexit and the ERR trap do
	// not apply.
	noErrexit int
	loops     int
	funcDepth int
	srcDepth  int
	evalDepth int
	line      int
	// inTrap names the trap running, "" outside one.
	inTrap     string
	debugDepth int
	cmdText    string // $BASH_COMMAND when no node holds it
	random     uint32
	argStack   []string
	// unspecial names dynamic variables the script unset, which are
	// plain variables from then on.
	unspecial map[string]bool
	// secondsBase and secondsAt: SECONDS was assigned secondsBase at
	// secondsAt.
	secondsBase int64
	secondsAt   time.Time
	secondsSet  bool
	// pending holds signals sent to this proc, handled between commands.
	pending []int
	sigMu   sync.Mutex
	// sigs is where signals sent to this proc are queued (shared by the
	// proc's job entry).
	canceled context.CancelFunc
	// running: the DEBUG and ERR traps running (runningDebug...).
	running uint8
	// callTemp is 1 + the index of the frame of temporary variables of
	// the simple command being dispatched (0: none), for callFunc.
	callTemp int
	// hash is the table of the files commands were found as.
	hash *hashTable
	// expanders are expanders kept for reuse (newExpander).
	expanders []*expander
	// sourceName is $BASH_SOURCE[0] of the code running.
	sourceName string
	inSubst    bool
	substDepth int

	// saved are the descriptors redirections replaced, to put back;
	// permanent makes redirections exec's (not put back).
	saved     []savedFd
	permanent bool
	procFds   []int
	// substStatus is the status of the last command substitution of
	// the command being expanded (-1: none).
	substStatus int
	lastArgNext string
	cmdNode     syntax.Node
	hasPending  atomic.Bool
	wake        chan struct{}
	killedBy    atomic.Int32
	// lineBase: line numbers of eval'd text count from the eval's line.
	lineBase    []int
	getoptsInd  int
	getoptsChar int
	// disabledSet names builtins turned off with enable -n.
	disabledSet map[string]bool
	// callID identifies the running function call (0: none), for the
	// traps a function does not inherit; traced: the function has
	// declare -t.
	callID uint64
	traced bool
	// trapMask has bit n set when signal n is trapped (read by kill from
	// other goroutines).
	trapMask atomic.Uint64
	// denied is a refused candidate of a path search, reported when
	// nothing else is found.
	denied error
	// parseSeq numbers the parse the running code came from (aliases
	// apply to code parsed after them); expanding names the aliases
	// whose expansion is running (not expanded again inside).
	parseSeq  uint64
	expanding map[string]bool
	// execArgs is the command Config.Exec runs for the proc now (ps);
	// started is when the proc was given its pid.
	execArgs atomic.Pointer[[]string]
	started  time.Time
}

// fork returns a copy of p for a subshell, sharing what neither changes.
func (p *proc) fork() *proc {
	c := &proc{
		sh:         p.sh,
		ctx:        p.ctx,
		parent:     p,
		level:      p.level + 1,
		funcs:      p.funcs.share(),
		aliases:    p.aliases.share(),
		hash:       p.hash.share(),
		traps:      p.traps.share(),
		opts:       p.opts,
		fds:        p.fds.fork(),
		dir:        p.dir,
		umask:      p.umask,
		env:        p.env,
		status:     p.status,
		pipestatus: p.pipestatus,
		lastArg:    p.lastArg,
		lastBg:     p.lastBg,
		jobs:       p.jobs.inherit(),
		dirstack:   p.dirstack,
		noErrexit:  p.noErrexit,
		funcDepth:  p.funcDepth,
		srcDepth:   p.srcDepth,
		evalDepth:  p.evalDepth,
		line:       p.line,
		cmdText:    p.cmdText,
		// each subshell draws its own sequence, as bash reseeds one
		random:      p.random*2654435761 + 12345 + uint32(p.sh.forks.Add(1))*40503,
		unspecial:   p.unspecial,
		secondsBase: p.secondsBase,
		secondsAt:   p.secondsAt,
		secondsSet:  p.secondsSet,
		sourceName:  p.sourceName,
		inTrap:      p.inTrap,
		running:     p.running,
		substDepth:  p.substDepth,
		cmdNode:     p.cmdNode,
		lineBase:    p.lineBase[:len(p.lineBase):len(p.lineBase)],
		getoptsInd:  p.getoptsInd,
		getoptsChar: p.getoptsChar,
		disabledSet: p.disabledSet,
		parseSeq:    p.parseSeq,
		callID:      p.callID,
		traced:      p.traced,
		expanding:   p.expanding,
	}
	c.frames = make([]frame, len(p.frames))
	copy(c.frames, p.frames)
	for i := range c.frames {
		if c.frames[i].locals != nil {
			c.frames[i].locals.refs.Add(1)
		}
	}
	// Traps other than ignored ones are reset in a subshell; bash keeps
	// them visible to `trap` in a command substitution, and the EXIT
	// trap is never inherited.
	// Traps are reset in a subshell, but for ignored signals, and ERR
	// (DEBUG and RETURN) under errtrace (functrace).
	for sig, t := range c.traps.m {
		keep := t.action == "" && sig != "EXIT"
		switch sig {
		case "ERR":
			keep = p.opts.has(optErrtrace)
		case "DEBUG", "RETURN":
			keep = p.opts.has(optFunctrace)
		}
		if !keep {
			c.traps = c.traps.own()
			delete(c.traps.m, sig)
		}
	}
	c.updateTrapMask()
	return c
}

// release gives back what a finished fork shares.
func (p *proc) release() {
	for i := range p.frames {
		if p.frames[i].locals != nil {
			p.frames[i].locals.refs.Add(-1)
		}
	}
	p.sh.procs.remove(p)
	p.funcs.release()
	p.aliases.release()
	p.hash.release()
	p.traps.release()
	p.fds.release()
	p.fds = nil
}

// subshell runs fn in a fork of p, synchronously, and returns its status
// after its EXIT trap.
func (p *proc) subshell(fn func(c *proc)) int {
	c := p.fork()
	status := c.runSub(fn)
	c.release()
	return status
}

// runSub runs fn as the body of the subshell c and returns its status.
func (c *proc) runSub(fn func(c *proc)) int {
	c.guard(fn)
	if c.flow == flowExit {
		c.status = c.exitCode
	}
	c.flow = flowNone
	c.runExitTrap()
	return c.status
}

// errorf prints one of the shell's error messages: "moonix: line N: msg".
func (p *proc) errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	p.errorLine(msg)
}

func (p *proc) errorLine(msg string) {
	var b strings.Builder
	if p.sourceName != "" {
		// bash names the file a sourced command comes from
		b.WriteString(p.sourceName)
	} else {
		b.WriteString(p.sh.cfg.Prefix)
	}
	b.WriteString(": ")
	if p.sh.cfg.LineNumbers && p.line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(p.line))
		b.WriteString(": ")
	}
	b.WriteString(msg)
	b.WriteByte('\n')
	p.writeErr(b.String())
}

// writeErr writes to descriptor 2.
func (p *proc) writeErr(s string) {
	if f := p.fds.get(2); f != nil {
		io.WriteString(f, s)
	}
}

// fsError words a filesystem error.
func (p *proc) fsError(err error) string {
	if p.sh.cfg.ErrorText != nil {
		return p.sh.cfg.ErrorText(err)
	}
	return err.Error()
}

// fatal ends a non-interactive shell after an error that bash treats as
// fatal (a failed expansion such as ${x?}, an unset variable under set -u):
// the shell exits with status; an interactive one abandons the command.
func (p *proc) fatal(status int) {
	p.status = status
	p.exitCode = status
	if p.sh.cfg.Interactive && p == p.sh.main {
		p.flow = flowAbandon
		return
	}
	p.flow = flowExit
}
