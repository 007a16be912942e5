package wasm

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/experimental/sysfs"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// DefaultMemoryLimitPages is the memory cap unless configured: 4096 pages
// of 64 KiB, 256 MiB.
const DefaultMemoryLimitPages = 4096

// maxModules is how many compiled modules a Runtime keeps in memory.
const maxModules = 32

// Config configures a Runtime. The zero value is valid: no disk cache, a
// 256 MiB memory cap, wazero's compiler where the platform has one (its
// interpreter elsewhere).
type Config struct {
	// CacheDir is where wazero keeps compiled code across sessions (its
	// compilation cache, created if missing); "" keeps it in memory only.
	CacheDir string
	// MemoryLimitPages caps each module's linear memory, in 64 KiB pages;
	// 0 means DefaultMemoryLimitPages.
	MemoryLimitPages uint32
}

// Runtime runs WebAssembly modules for one session: one wazero runtime,
// created on the first Run, with WASI preview1 and the modules compiled so
// far (by content hash). A Runtime is safe for concurrent use: the
// commands of a pipeline run at once.
type Runtime struct {
	cfg Config

	// busy counts the runs and compilations under way, which Close
	// stops and waits for before it closes the wazero runtime (whose
	// Close would otherwise race a module's own calls); closing is
	// cancelled by Close.
	busy    sync.WaitGroup
	closing context.Context
	stopAll context.CancelFunc

	mu      sync.Mutex
	rt      wazero.Runtime
	err     error // why the runtime could not be made
	closed  bool
	modules map[[32]byte]*compiled
	uses    uint64 // a clock for evicting the least recently used module
	// regions keeps the linear memories of finished runs for later ones.
	regions regionPool
}

type compiled struct {
	done chan struct{} // closed once mod/err are set
	mod  wazero.CompiledModule
	err  error
	used uint64
}

// New returns a Runtime; nothing is created until the first Run.
func New(cfg Config) *Runtime {
	if cfg.MemoryLimitPages == 0 {
		cfg.MemoryLimitPages = DefaultMemoryLimitPages
	}
	closing, stopAll := context.WithCancel(context.Background())
	return &Runtime{cfg: cfg, modules: map[[32]byte]*compiled{}, closing: closing, stopAll: stopAll}
}

// MemoryLimit is the memory cap in bytes.
func (r *Runtime) MemoryLimit() uint64 { return uint64(r.cfg.MemoryLimitPages) * pageSize }

// Close releases the wazero runtime and every compiled module. Runs still
// going are stopped, and waited for (a bounded time: a run stuck outside
// the module, in a write nobody reads, is not waited for forever).
func (r *Runtime) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	// Only a made runtime has runs (runtime counts them under mu), and
	// none can start now: a session that ran no module has nothing to
	// wait for.
	started := r.rt != nil
	r.mu.Unlock()
	r.stopAll()
	if !started {
		r.regions.close()
		return nil
	}
	idle := make(chan struct{})
	go func() { r.busy.Wait(); close(idle) }()
	select {
	case <-idle:
	case <-time.After(closeWait):
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.regions.close()
	if r.rt == nil {
		return nil
	}
	err := r.rt.Close(context.Background())
	r.rt, r.modules = nil, map[[32]byte]*compiled{}
	return err
}

// closeWait bounds how long Close waits for the runs it stopped.
const closeWait = 10 * time.Second

// runtime returns the wazero runtime, making it on first use, and counts
// the caller as busy with it: the caller calls r.busy.Done when done.
func (r *Runtime) runtime() (wazero.Runtime, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, errors.New("the session is closed")
	}
	if r.rt != nil || r.err != nil {
		if r.rt != nil {
			r.busy.Add(1)
		}
		return r.rt, r.err
	}
	ctx := context.Background()
	rc := wazero.NewRuntimeConfig().WithCloseOnContextDone(true)
	if r.cfg.CacheDir != "" {
		// A cache that cannot be opened only costs speed.
		if cache, err := wazero.NewCompilationCacheWithDir(r.cfg.CacheDir); err == nil {
			rc = rc.WithCompilationCache(cache)
		}
	}
	rt := wazero.NewRuntimeWithConfig(ctx, rc)
	if _, err := wasi_snapshot_preview1.Instantiate(experimental.WithFunctionListenerFactory(ctx, wasiFixes{}), rt); err != nil {
		rt.Close(ctx)
		r.err = fmt.Errorf("cannot start WASI: %w", err)
		return nil, r.err
	}
	r.rt = rt
	r.busy.Add(1)
	return rt, nil
}

// compile returns the compiled form of module with its tables bounded
// (see boundTables), compiling it once however many runs ask for it at
// the same time. Its error is an *Error.
func (r *Runtime) compile(rt wazero.Runtime, module []byte) (wazero.CompiledModule, error) {
	key := sha256.Sum256(module)
	r.mu.Lock()
	r.uses++
	c := r.modules[key]
	if c == nil {
		c = &compiled{done: make(chan struct{})}
		r.modules[key] = c
		r.evict(key)
		r.mu.Unlock()
		if bounded, err := boundTables(module, maxTableElements); err != nil {
			c.err = err
		} else if c.mod, c.err = rt.CompileModule(context.Background(), bounded); c.err != nil {
			c.err = &Error{Msg: "not a valid WebAssembly module: " + firstLine(c.err.Error())}
		}
		close(c.done)
		r.mu.Lock()
		if c.err != nil && r.modules[key] == c {
			delete(r.modules, key) // an error is not kept: it is cheap to find again
		}
	}
	c.used = r.uses
	r.mu.Unlock()
	<-c.done
	return c.mod, c.err
}

// Compile compiles module, or checks that it is already compiled: a later
// Run of the same bytes starts at once, and with Config.CacheDir so does
// the first run of a later session.
func (r *Runtime) Compile(module []byte) error {
	rt, err := r.runtime()
	if err != nil {
		return &Error{Msg: err.Error()}
	}
	defer r.busy.Done()
	_, err = r.compile(rt, module)
	return err
}

// evict drops the least recently used module when there are too many.
// The caller holds r.mu.
func (r *Runtime) evict(keep [32]byte) {
	if len(r.modules) <= maxModules {
		return
	}
	var oldest [32]byte
	var found *compiled
	for k, c := range r.modules {
		if k == keep {
			continue
		}
		select {
		case <-c.done:
		default:
			continue // still compiling
		}
		if found == nil || c.used < found.used {
			oldest, found = k, c
		}
	}
	if found != nil {
		delete(r.modules, oldest)
		if found.mod != nil {
			found.mod.Close(context.Background()) // safe while instances run
		}
	}
}

// Program is one run of a module.
type Program struct {
	// Module is the WebAssembly binary.
	Module []byte
	// Args is argv; Args[0] is the name as typed, also used in messages
	// and in the effect log.
	Args []string
	// Env holds NAME=VALUE pairs, the program's whole environment, in
	// this order: nothing is added (env -i gives a program exactly what
	// it names). A PWD in it is set to Dir.
	Env []string
	// Dir is the working directory, an absolute VFS path. Go programs
	// start there when their environment has PWD (they honour it); C
	// and Rust programs (wasi-libc) start in "/", as WASI preview1 has
	// no working directory.
	Dir    string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// FS is the guest's whole filesystem, mounted as "/": the session's
	// gated VFS. Nil means the module has no files at all.
	FS vfs.FS
	// Umask applies to files and directories the module creates.
	Umask fs.FileMode
	// Clock and Rand are the module's clocks and random source; nil means
	// a logical clock and a seeded source. The shell hands over the
	// command's, which record their real reads in the effect log.
	Clock clock.Clock
	Rand  clock.Source
}

// Error is why a run failed other than by the module's own exit: a module
// that is not valid or cannot be started, memory past the cap, a trap.
// Its text is one line: "out of memory (limit 256 MiB)".
type Error struct {
	Msg string
}

func (e *Error) Error() string { return e.Msg }

var (
	errBrokenPipe  = errors.New("broken pipe")
	errOutOfMemory = errors.New("out of memory")
	errClosed      = errors.New("the session is closed")
)

// Exit statuses for runs that did not exit by themselves.
const (
	StatusCannotRun  = 126 // not a valid module, or missing imports
	StatusInterrupt  = 130 // the context was canceled (Ctrl-C)
	StatusTimeout    = 124 // the context's deadline passed
	StatusBrokenPipe = 141 // 128+SIGPIPE: its output was closed
	StatusTrap       = 134 // 128+SIGABRT, as wasmtime: a trap
	StatusNoMemory   = 1
)

// Run runs p to its end and returns its exit status. The error, when not
// nil, says why the run failed in a way the module could not report
// itself (see Error); the status is then non-zero. A canceled ctx stops
// the module promptly, even in a tight loop, with status 130 (124 for a
// deadline).
func (r *Runtime) Run(ctx context.Context, p *Program) (int, error) {
	rt, err := r.runtime()
	if err != nil {
		return StatusCannotRun, &Error{Msg: err.Error()}
	}
	defer r.busy.Done()
	mod, err := r.compile(rt, p.Module)
	if err != nil {
		return StatusCannotRun, err
	}
	if err := checkImports(mod); err != nil {
		return StatusCannotRun, err
	}
	if _, ok := mod.ExportedFunctions()["_start"]; !ok {
		return StatusCannotRun, &Error{Msg: "cannot run: it is not a WASI command (it exports no _start)"}
	}
	if pages, ok := declaredPages(p.Module); ok && pages*pageSize > r.MemoryLimit() {
		return StatusNoMemory, r.outOfMemory()
	}

	runCtx, cancelRun := context.WithCancelCause(ctx)
	defer cancelRun(nil)
	stopping := new(atomic.Bool)
	stop := func(why error) {
		stopping.Store(true)
		cancelRun(why)
	}
	defer context.AfterFunc(r.closing, func() { stop(errClosed) })()
	alloc := &allocator{limit: r.MemoryLimit(), over: func() { stop(errOutOfMemory) }, pool: &r.regions}
	runCtx = experimental.WithMemoryAllocator(runCtx, alloc)

	clk, rnd := p.Clock, p.Rand
	if clk == nil {
		clk = clock.NewLogical(clock.Epoch)
	}
	if rnd == nil {
		rnd = clock.NewSeeded(clock.DefaultSeed)
	}
	gclock := newGuestClock(runCtx, clk)

	stdin, done := interruptible(runCtx, p.Stdin)
	defer done()
	broken := func() { stop(errBrokenPipe) }

	dir := p.Dir
	if dir == "" || !path.IsAbs(dir) {
		dir = "/"
	}
	mc := wazero.NewModuleConfig().
		WithName("").
		WithArgs(p.Args...).
		WithWalltime(gclock.walltime, 1).
		WithNanotime(gclock.nanotime, 1).
		WithNanosleep(gclock.nanosleep).
		WithRandSource(rnd)
	if p.FS != nil {
		fsys := &vfsFS{fs: p.FS, umask: p.Umask, ctx: runCtx}
		mc = mc.WithFSConfig(wazero.NewFSConfig().(sysfs.FSConfig).WithSysFSMount(fsys, mountName))
	}
	if stdin != nil {
		mc = mc.WithStdin(stdin)
	}
	if p.Stdout != nil {
		mc = mc.WithStdout(output{p.Stdout, stopping, broken})
	}
	if p.Stderr != nil {
		mc = mc.WithStderr(output{p.Stderr, stopping, broken})
	}
	for _, kv := range p.Env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || strings.ContainsRune(kv, 0) {
			continue
		}
		if k == "PWD" {
			v = dir
		}
		mc = mc.WithEnv(k, v)
	}

	inst, err := rt.InstantiateModule(runCtx, mod, mc)
	if inst != nil {
		inst.Close(context.Background())
	}
	alloc.release() // the module has stopped: nothing uses its memory
	return r.status(ctx, runCtx, err)
}

// status turns the end of a run into an exit status and error.
func (r *Runtime) status(ctx, runCtx context.Context, err error) (int, error) {
	switch cause := context.Cause(runCtx); {
	case errors.Is(cause, errOutOfMemory):
		return StatusNoMemory, r.outOfMemory()
	case errors.Is(cause, errBrokenPipe):
		return StatusBrokenPipe, nil
	case errors.Is(cause, errClosed):
		return StatusInterrupt, nil
	case ctx.Err() != nil:
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return StatusTimeout, nil
		}
		return StatusInterrupt, nil
	}
	if err == nil {
		return 0, nil
	}
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		return int(exit.ExitCode() & 0xff), nil
	}
	msg := firstLine(err.Error())
	if strings.Contains(msg, "wasm error:") {
		return StatusTrap, &Error{Msg: "trap: " + strings.TrimSpace(msg[strings.Index(msg, "wasm error:")+len("wasm error:"):])}
	}
	return StatusCannotRun, &Error{Msg: "cannot run: " + msg}
}

func (r *Runtime) outOfMemory() error {
	limit := r.MemoryLimit()
	if limit >= 1<<20 {
		return &Error{Msg: fmt.Sprintf("out of memory (limit %d MiB)", limit>>20)}
	}
	return &Error{Msg: fmt.Sprintf("out of memory (limit %d KiB)", limit>>10)}
}

// checkImports refuses a module that imports anything but WASI preview1:
// moonix offers nothing else.
func checkImports(mod wazero.CompiledModule) error {
	for _, f := range mod.ImportedFunctions() {
		if m, n, _ := f.Import(); m != wasi_snapshot_preview1.ModuleName {
			return &Error{Msg: fmt.Sprintf("cannot run: it imports %s.%s (only %s is available)", m, n, wasi_snapshot_preview1.ModuleName)}
		}
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// IsModule reports whether head starts like a WebAssembly binary.
func IsModule(head []byte) bool {
	return len(head) >= 4 && string(head[:4]) == "\x00asm"
}
