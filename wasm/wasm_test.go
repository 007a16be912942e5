package wasm

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/tetratelabs/wazero"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/experimental/sysfs"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// env is a VFS behind a capability gate, as a session has it, with the
// denials the gate met.
type env struct {
	tree *vfs.Tree
	fs   vfs.FS
	mu   sync.Mutex
	// denied lists the denials as "OP PATH (needs CAP)".
	denied []string
}

func newEnv(t *testing.T, preset string, extra ...caps.Cap) *env {
	t.Helper()
	set, err := caps.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	set.Deny(extra...)
	e := &env{tree: vfs.NewDefault(vfs.Options{})}
	gate := caps.NewGate(set, func(d *caps.DeniedError) {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.denied = append(e.denied, d.Error())
	})
	e.fs = gate.FS(e.tree)
	return e
}

func newRuntime(t testing.TB, cfg Config) *Runtime {
	t.Helper()
	module(t, "hello") // builds, and sets cacheDir
	if cfg.CacheDir == "" {
		cfg.CacheDir = cacheDir
	}
	rt := New(cfg)
	t.Cleanup(func() { rt.Close() })
	return rt
}

// run runs the probe with args in e and returns its output (stdout then
// stderr), status and error.
func run(t *testing.T, rt *Runtime, e *env, stdin string, args ...string) (string, int, error) {
	t.Helper()
	var out, errb bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	status, err := rt.Run(ctx, &Program{
		Module: module(t, "probe"), Args: append([]string{"probe"}, args...), Dir: "/work",
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, FS: e.fs,
	})
	return out.String() + errb.String(), status, err
}

// TestProbeMatchesWazero runs every file operation the bridge supports
// under moonix and under wazero on a host directory: the outputs must be
// the same.
func TestProbeMatchesWazero(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sandbox")
	if err := vfs.MkdirAll(e.tree, "/work/t", 0o755); err != nil {
		t.Fatal(err)
	}
	got, status, err := run(t, newRuntime(t, Config{}), e, "", "fs", "/work/t")
	if status != 0 || err != nil {
		t.Fatalf("under moonix: status %d, %v\n%s", status, err, got)
	}

	host := t.TempDir()
	if err := os.Mkdir(filepath.Join(host, "t"), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// As moonix configures it and hands it the module, so that the
	// compiled code in the cache fits.
	rc := wazero.NewRuntimeConfig().WithCloseOnContextDone(true).WithCompilationCache(mustCache(t))
	r := wazero.NewRuntimeWithConfig(ctx, rc)
	defer r.Close(ctx)
	wasi_snapshot_preview1.MustInstantiate(ctx, r)
	probe, err := boundTables(module(t, "probe"), maxTableElements)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	_, err = r.InstantiateWithConfig(ctx, probe, wazero.NewModuleConfig().
		WithArgs("probe", "fs", "/t").WithStdout(&out).WithStderr(&out).
		WithFSConfig(wazero.NewFSConfig().(sysfs.FSConfig).WithSysFSMount(sysfs.DirFS(host), "/")))
	if err != nil {
		t.Fatalf("under wazero: %v\n%s", err, out.String())
	}
	if want := out.String(); got != want {
		t.Errorf("moonix and wazero on a host directory differ:\n%s", lineDiff(want, got))
	}
	if len(e.denied) != 0 {
		t.Errorf("denials: %q", e.denied)
	}
	// What the module did is in the VFS.
	if b, err := vfs.ReadFile(e.tree, "/work/t/sub/in"); err != nil || string(b) != "via link" {
		t.Errorf("/work/t/sub/in: %q, %v", b, err)
	}
}

func mustCache(t *testing.T) wazero.CompilationCache {
	c, err := wazero.NewCompilationCacheWithDir(cacheDir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// lineDiff shows the lines that differ, want first.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  wazero: %q\n  moonix: %q\n", i+1, wl, gl)
		}
	}
	return b.String()
}

// TestPermissions checks what the gate and the file modes refuse, which a
// host directory cannot show (the tests may run as root): EACCES inside
// the module, a denial in the audit, nothing changed.
func TestPermissions(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sandbox", caps.Cap{Kind: caps.FSRead, Pattern: "/work/dir/secret"})
	for name, data := range map[string]string{"/work/dir/secret": "s", "/work/dir/open": "o", "/work/locked": "l", "/etc/motd": "m"} {
		if err := vfs.MkdirAll(e.tree, filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := vfs.WriteFile(e.tree, name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.tree.Chmod("/work/locked", 0); err != nil {
		t.Fatal(err)
	}
	got, status, err := run(t, newRuntime(t, Config{}), e, "", "perm",
		"create:/etc/new", "mkdir:/bin/x", "remove:/etc/motd", "read:/work/dir/secret",
		"stat:/work/dir/secret", "list:/work/dir", "read:/work/locked", "write:/work/locked",
		"create:/work/fine")
	want := `create:/etc/new: Permission denied
mkdir:/bin/x: Permission denied
remove:/etc/motd: Permission denied
read:/work/dir/secret: Permission denied
stat:/work/dir/secret: Permission denied
  entry open
list:/work/dir: ok
read:/work/locked: Permission denied
write:/work/locked: Permission denied
create:/work/fine: ok
`
	if got != want || status != 0 || err != nil {
		t.Errorf("got (status %d, %v)\n%s\nwant\n%s", status, err, got, want)
	}
	wantDenied := []string{
		"write /etc/new: permission denied (needs fs.write:/etc/new)",
		"mkdir /bin/x: permission denied (needs fs.write:/bin/x)",
		"remove /etc/motd: permission denied (needs fs.delete:/etc/motd)",
		"read /work/dir/secret: permission denied (needs fs.read:/work/dir/secret)",
		"stat /work/dir/secret: permission denied (needs fs.read:/work/dir/secret)",
	}
	if strings.Join(e.denied, "\n") != strings.Join(wantDenied, "\n") {
		t.Errorf("denials:\n%s\nwant\n%s", strings.Join(e.denied, "\n"), strings.Join(wantDenied, "\n"))
	}
	for _, p := range []string{"/etc/new", "/bin/x"} {
		if _, err := e.tree.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %v, want it not made", p, err)
		}
	}
}

func TestArgsEnvAndDirectory(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	e := newEnv(t, "sandbox")
	var out bytes.Buffer
	status, err := rt.Run(context.Background(), &Program{
		Module: module(t, "probe"), Args: []string{"./p", "env", "A", "PWD", "B"},
		Env: []string{"A=1", "PWD=/elsewhere", "=bad", "B"}, Dir: "/tmp", Stdout: &out, FS: e.fs,
	})
	if want := "A=1\nPWD=/tmp\nB unset\n"; out.String() != want || status != 0 || err != nil {
		t.Fatalf("got %q (%d, %v), want %q", out.String(), status, err, want)
	}
}

// TestStreamsIncrementally feeds the module a line at a time and reads
// each line back before writing the next: nothing is buffered whole.
func TestStreamsIncrementally(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		status, err := rt.Run(context.Background(), &Program{
			Module: module(t, "probe"), Args: []string{"probe", "cat"},
			Stdin: inR, Stdout: outW, FS: newEnv(t, "sandbox").fs,
		})
		if err == nil && status != 0 {
			err = fmt.Errorf("status %d", status)
		}
		outW.Close()
		done <- err
	}()
	lines := bufio.NewReader(outR)
	for i := range 3 {
		fmt.Fprintf(inW, "line %d\n", i)
		got, err := lines.ReadString('\n')
		if err != nil || got != fmt.Sprintf("line %d\n", i) {
			t.Fatalf("read back %q, %v", got, err)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestClosedOutputStopsModule: a module that ignores write errors is
// stopped when its reader goes away, with SIGPIPE's status.
func TestClosedOutputStopsModule(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	r, w := io.Pipe()
	go func() {
		bufio.NewReader(r).ReadString('\n')
		r.Close()
	}()
	status, err := rt.Run(context.Background(), &Program{
		Module: module(t, "probe"), Args: []string{"probe", "yes"}, Stdout: w, FS: newEnv(t, "sandbox").fs,
	})
	if status != StatusBrokenPipe || err != nil {
		t.Fatalf("status %d, %v; want %d", status, err, StatusBrokenPipe)
	}
}

// syncBuffer is a buffer that a test may read while a module writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestCancelStopsTightLoop(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	if err := rt.Compile(module(t, "probe")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		ctx    func(out *syncBuffer) (context.Context, context.CancelFunc)
		status int
	}{
		{"cancel once looping", func(out *syncBuffer) (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			go func() {
				for !strings.Contains(out.String(), "looping") {
					time.Sleep(5 * time.Millisecond)
				}
				cancel()
			}()
			return ctx, cancel
		}, StatusInterrupt},
		{"deadline", func(*syncBuffer) (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 2*time.Second)
		}, StatusTimeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := &syncBuffer{}
			ctx, cancel := tc.ctx(out)
			defer cancel()
			status, err := rt.Run(ctx, &Program{
				Module: module(t, "probe"), Args: []string{"probe", "loop"}, Stdout: out, FS: newEnv(t, "sandbox").fs,
			})
			if status != tc.status || err != nil || out.String() != "looping\n" {
				t.Fatalf("status %d, %v, %q; want %d", status, err, out.String(), tc.status)
			}
		})
	}
}

func TestSleepEndsAndMovesLogicalClock(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	var out bytes.Buffer
	clk := newLogical()
	before := clk.Now()
	status, err := rt.Run(context.Background(), &Program{
		Module: module(t, "probe"), Args: []string{"probe", "sleep", "50ms"}, Stdout: &out,
		FS: newEnv(t, "sandbox").fs, Clock: clk,
	})
	if status != 0 || err != nil || out.String() != "woke\n" {
		t.Fatalf("status %d, %v, %q", status, err, out.String())
	}
	if d := clk.Now().Sub(before); d < 50*time.Millisecond || d > time.Second {
		t.Fatalf("logical clock moved by %v, want the 50ms slept", d)
	}
}

func TestMemoryCap(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{MemoryLimitPages: 1024})
	for _, tc := range []struct {
		mib    string
		want   string
		status int
		err    string
	}{
		{"16", "allocated 16 MiB\n", 0, ""},
		{"512", "", StatusNoMemory, "out of memory (limit 64 MiB)"},
	} {
		var out bytes.Buffer
		status, err := rt.Run(context.Background(), &Program{
			Module: module(t, "probe"), Args: []string{"probe", "grow", tc.mib}, Stdout: &out, Stderr: &out,
			FS: newEnv(t, "sandbox").fs,
		})
		if out.String() != tc.want || status != tc.status || fmt.Sprint(err) != fmt.Sprint(errOrNil(tc.err)) {
			t.Errorf("grow %s: %q, status %d, %v; want %q, %d, %q", tc.mib, out.String(), status, err, tc.want, tc.status, tc.err)
		}
	}
}

func errOrNil(msg string) error {
	if msg == "" {
		return nil
	}
	return &Error{Msg: msg}
}

// Hand-made modules: a type section with func() and an exported _start.
var (
	wasmHeader = "\x00asm\x01\x00\x00\x00"
	typeFunc   = "\x01\x04\x01\x60\x00\x00"
	funcSec    = "\x03\x02\x01\x00"
	exportMain = "\x07\x0a\x01\x06_start\x00\x00"
	// trapModule's _start is `unreachable`.
	trapModule = wasmHeader + typeFunc + funcSec + exportMain + "\x0a\x05\x01\x03\x00\x00\x0b"
	// importModule imports env.f.
	importModule = wasmHeader + typeFunc + "\x02\x09\x01\x03env\x01f\x00\x00"
	// nopModule's _start does nothing.
	nopModule = wasmHeader + typeFunc + funcSec + exportMain + "\x0a\x04\x01\x02\x00\x0b"
	// bigMemory declares 100 pages of memory and does nothing.
	bigMemory = wasmHeader + typeFunc + funcSec + "\x05\x03\x01\x00\x64" + exportMain + "\x0a\x04\x01\x02\x00\x0b"
	// growLoop declares a page of memory and grows it by 16 pages (1 MiB)
	// until memory.grow fails:
	// (loop (br_if 0 (i32.ne (memory.grow (i32.const 16)) (i32.const -1))))
	growLoop = wasmHeader + typeFunc + funcSec + "\x05\x03\x01\x00\x01" + exportMain +
		"\x0a\x10\x01\x0e\x00\x03\x40\x41\x10\x40\x00\x41\x7f\x47\x0d\x00\x0b\x0b"
	// tableGrow is the transcripts' testdata/wasm/tables.wat: it grows a
	// table by 64 Ki elements until table.grow fails or the table holds
	// 2 Mi, and exits with its size in 64 Ki elements.
	tableGrow = wasmHeader + "\x01\x08\x02\x60\x01\x7f\x00\x60\x00\x00\x02\x24\x01\x16\x77\x61\x73\x69\x5f\x73\x6e\x61\x70\x73\x68\x6f\x74\x5f\x70\x72\x65\x76\x69\x65\x77\x31\x09\x70\x72\x6f\x63\x5f\x65\x78\x69\x74\x00\x00\x03\x02\x01\x01\x04\x04\x01\x70\x00\x00\x07\x0a\x01\x06\x5f\x73\x74\x61\x72\x74\x00\x01\x0a\x29\x01\x27\x00\x03\x40\xd0\x70\x41\x80\x80\x04\xfc\x0f\x00\x41\x7f\x47\x04\x40\xfc\x10\x00\x41\x80\x80\x80\x01\x49\x0d\x01\x0b\x0b\xfc\x10\x00\x41\x10\x76\x10\x00\x0b"
	// bigTable declares a table of 2 Mi elements and does nothing.
	bigTable = wasmHeader + typeFunc + funcSec + "\x04\x07\x01\x70\x00\x80\x80\x80\x01" + exportMain + "\x0a\x04\x01\x02\x00\x0b"
)

func TestRunFailures(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{MemoryLimitPages: 10})
	for _, tc := range []struct {
		name, module string
		status       int
		err          string
	}{
		{"garbage", wasmHeader + "garbage", StatusCannotRun, "not a valid WebAssembly module: "},
		{"trap", trapModule, StatusTrap, "trap: unreachable"},
		{"other imports", importModule, StatusCannotRun, "cannot run: it imports env.f (only wasi_snapshot_preview1 is available)"},
		{"memory over the cap at start", bigMemory, StatusNoMemory, "out of memory (limit 640 KiB)"},
		{"memory.grow in a loop", growLoop, StatusNoMemory, "out of memory (limit 640 KiB)"},
		{"tables over the limit at start", bigTable, StatusCannotRun, "cannot run: its tables start with 2097152 elements (limit 1048576)"},
		{"malformed table section", wasmHeader + "\x04\x03\x01\x70\x03" + exportMain, StatusCannotRun, "not a valid WebAssembly module: malformed table section"},
		{"no _start", wasmHeader, StatusCannotRun, "cannot run: it is not a WASI command (it exports no _start)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, err := rt.Run(context.Background(), &Program{Module: []byte(tc.module), Args: []string{"m"}, FS: newEnv(t, "sandbox").fs})
			if status != tc.status || err == nil || !strings.HasPrefix(err.Error(), tc.err) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("status %d, %v; want %d, %q", status, err, tc.status, tc.err)
			}
		})
	}
}

// TestTableGrowthBounded: table.grow fails once the module's tables hold
// maxTableElements, as memory.grow fails at the cap. wazero's own limit
// is 2^32 elements, 32 GiB of the host's memory: a module looping on
// table.grow held 3 GB within 3 seconds.
func TestTableGrowthBounded(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	status, err := rt.Run(context.Background(), &Program{Module: []byte(tableGrow), Args: []string{"tables"}})
	if want := maxTableElements >> 16; status != want || err != nil {
		t.Fatalf("status %d, %v; want %d: the table grew to %d Ki elements", status, err, want, status*64)
	}
}

func TestBoundTables(t *testing.T) {
	t.Parallel()
	const limit = 100
	// tableSec is a table section of funcref tables with the given limits
	// (nil: no maximum).
	tableSec := func(lims ...[2]any) string {
		body := []byte{byte(len(lims))}
		for _, l := range lims {
			if l[1] == nil {
				body = append(body, 0x70, 0x00, byte(l[0].(int)))
			} else {
				body = append(body, 0x70, 0x01, byte(l[0].(int)), byte(l[1].(int)))
			}
		}
		return "\x04" + string(rune(len(body))) + string(body)
	}
	code := exportMain + "\x0a\x04\x01\x02\x00\x0b"
	mod := func(tables string) string { return wasmHeader + typeFunc + funcSec + tables + code }
	for _, tc := range []struct {
		name, module, want, err string
	}{
		{"no table", nopModule, nopModule, ""},
		{"bounded already", mod(tableSec([2]any{5, 5})), mod(tableSec([2]any{5, 5})), ""},
		{"no maximum", mod(tableSec([2]any{10, nil})), mod(tableSec([2]any{10, 100})), ""},
		{"maximum over the limit", mod(tableSec([2]any{0, 120})), mod(tableSec([2]any{0, 100})), ""},
		{"shares", mod(tableSec([2]any{10, nil}, [2]any{20, 30}, [2]any{0, 127})),
			mod(tableSec([2]any{10, 33}, [2]any{20, 30}, [2]any{0, 23})), ""},
		{"over the limit at start", mod(tableSec([2]any{60, nil}, [2]any{41, 50})), "", "cannot run: its tables start with 101 elements (limit 100)"},
		{"shared table", mod("\x04\x05\x01\x70\x03\x01\x02"), "", "not a valid WebAssembly module: malformed table section"},
		{"trailing bytes", mod("\x04\x05\x01\x70\x00\x01\x00"), "", "not a valid WebAssembly module: malformed table section"},
		{"past the end", mod("\x04\x09\x01\x70\x00\x01"), "", "not a valid WebAssembly module: a section runs past the end of the binary"},
		{"not a module", "nope", "nope", ""},
	} {
		got, err := boundTables([]byte(tc.module), limit)
		if string(got) != tc.want || fmt.Sprint(err) != fmt.Sprint(errOrNil(tc.err)) {
			t.Errorf("%s: %q, %v\nwant %q, %q", tc.name, got, err, tc.want, tc.err)
		}
	}
	// A module that needs no change is handed over as it is, not copied.
	if in := []byte(nopModule); &in[0] != &must(boundTables(in, limit))[0] {
		t.Error("an unchanged module was copied")
	}
	// A Go program's one table, with no maximum, gets the whole limit.
	out, err := boundTables(module(t, "hello"), maxTableElements)
	if err != nil || bytes.Equal(out, module(t, "hello")) {
		t.Errorf("the Go hello module: %v, changed %v", err, !bytes.Equal(out, module(t, "hello")))
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestClosedRuntime(t *testing.T) {
	t.Parallel()
	rt := New(Config{})
	rt.Close()
	if status, err := rt.Run(context.Background(), &Program{Module: []byte(trapModule), Args: []string{"m"}}); status != StatusCannotRun || err == nil {
		t.Fatalf("status %d, %v", status, err)
	}
}

// TestCloseWhileRunning: closing the runtime stops a module that is
// writing to its memory, and its memory is not given back under it.
func TestCloseWhileRunning(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	out := &syncBuffer{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		rt.Run(context.Background(), &Program{Module: module(t, "probe"), Args: []string{"probe", "yes"}, Stdout: out})
	}()
	for out.String() == "" {
		time.Sleep(time.Millisecond)
	}
	rt.Close()
	<-done
}

// TestCompiledOnce: the second run of a module does not compile it again,
// and the runtime's disk cache holds the compiled code.
func TestCompiledOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cache")
	rt := newRuntime(t, Config{CacheDir: dir})
	for range 2 {
		if status, err := rt.Run(context.Background(), &Program{Module: []byte(nopModule), Args: []string{"nop"}}); status != 0 || err != nil {
			t.Fatalf("%d, %v", status, err)
		}
	}
	rt.mu.Lock()
	n := len(rt.modules)
	rt.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d compiled modules, want 1", n)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	if len(files) == 0 {
		t.Fatal("nothing in the disk cache")
	}
}

// TestConcurrentRuns: the commands of a pipeline run one runtime at once.
func TestConcurrentRuns(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	e := newEnv(t, "sandbox")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out bytes.Buffer
			name := fmt.Sprintf("/work/f%d", i)
			status, err := rt.Run(context.Background(), &Program{
				Module: module(t, "probe"), Args: []string{"probe", "write", name, "n", fmt.Sprint(i)}, Stdout: &out, Stderr: &out, FS: e.fs,
			})
			if status != 0 || err != nil {
				errs <- fmt.Errorf("run %d: %d, %v, %s", i, status, err, out.String())
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range 8 {
		if b, err := vfs.ReadFile(e.tree, fmt.Sprintf("/work/f%d", i)); err != nil || string(b) != fmt.Sprintf("n %d\n", i) {
			t.Errorf("f%d: %q, %v", i, b, err)
		}
	}
}

// fullFS is a filesystem with room for small files only: a file larger
// than 1 MiB is refused with ENOSPC, as a VFS with a size limit refuses
// it, before anything is allocated.
type fullFS struct{ vfs.FS }

type fullFile struct{ vfs.File }

func (f fullFS) OpenFile(name string, flag int, perm fs.FileMode) (vfs.File, error) {
	file, err := f.FS.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return fullFile{file}, nil
}

func (f fullFile) Truncate(size int64) error {
	if size > 1<<20 {
		return &fs.PathError{Op: "truncate", Path: f.Name(), Err: syscall.ENOSPC}
	}
	return f.File.Truncate(size)
}

// TestFileTooLarge: a module that makes a file larger than the filesystem
// allows gets an error (EIO: wazero's errnos have no ENOSPC or EFBIG, nor
// does its WASI through them), and the runtime goes on.
func TestFileTooLarge(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	e := newEnv(t, "sandbox")
	if err := vfs.WriteFile(e.tree, "/work/big", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	full := fullFS{e.fs}
	for _, tc := range []struct {
		size, want string
		status     int
	}{
		{"21474836480", "probe: truncate /work/big: I/O error\n", 1},
		{"1000", "truncated\n", 0},
	} {
		var out bytes.Buffer
		status, err := rt.Run(context.Background(), &Program{
			Module: module(t, "probe"), Args: []string{"probe", "truncate", "/work/big", tc.size},
			Stdout: &out, Stderr: &out, FS: full,
		})
		if out.String() != tc.want || status != tc.status || err != nil {
			t.Errorf("truncate to %s: %q, %d, %v; want %q, %d", tc.size, out.String(), status, err, tc.want, tc.status)
		}
	}
}

func TestErrno(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err  error
		want experimentalsys.Errno
	}{
		{nil, 0},
		{io.EOF, 0},
		{&caps.DeniedError{Cap: caps.Cap{Kind: caps.FSWrite}, Op: "write", Path: "/x"}, experimentalsys.EACCES},
		{&fs.PathError{Op: "open", Path: "/x", Err: fs.ErrPermission}, experimentalsys.EACCES},
		{&fs.PathError{Op: "open", Path: "/x", Err: fs.ErrNotExist}, experimentalsys.ENOENT},
		{&fs.PathError{Op: "mkdir", Path: "/x", Err: fs.ErrExist}, experimentalsys.EEXIST},
		{&os.LinkError{Op: "rename", Old: "/a", New: "/b", Err: syscall.ENOTEMPTY}, experimentalsys.ENOTEMPTY},
		{&fs.PathError{Op: "open", Path: "/x", Err: syscall.ENOTDIR}, experimentalsys.ENOTDIR},
		{&fs.PathError{Op: "open", Path: "/x", Err: syscall.EISDIR}, experimentalsys.EISDIR},
		{&fs.PathError{Op: "open", Path: "/x", Err: syscall.ELOOP}, experimentalsys.ELOOP},
		{&fs.PathError{Op: "read", Path: "/x", Err: fs.ErrClosed}, experimentalsys.EBADF},
		{&fs.PathError{Op: "seek", Path: "/x", Err: fs.ErrInvalid}, experimentalsys.EINVAL},
		{&fs.PathError{Op: "write", Path: "/x", Err: syscall.ENOSPC}, experimentalsys.EIO},
		{&fs.PathError{Op: "truncate", Path: "/x", Err: syscall.EFBIG}, experimentalsys.EIO},
		{errors.New("odd"), experimentalsys.EIO},
	} {
		if got := errno(tc.err); got != tc.want {
			t.Errorf("errno(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

func newLogical() *clock.Logical { return clock.NewLogical(clock.Epoch) }

func TestDeclaredPages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, module string
		pages        uint64
		ok           bool
	}{
		{"no memory", nopModule, 0, true},
		{"defined", bigMemory, 100, true},
		{"imported", wasmHeader + "\x02\x10\x01\x03env\x06memory\x02\x01\x07\x20", 7, true},
		{"truncated", bigMemory[:len(bigMemory)-20], 0, false},
		{"not a module", "nope", 0, false},
	} {
		if pages, ok := declaredPages([]byte(tc.module)); pages != tc.pages || ok != tc.ok {
			t.Errorf("%s: %d, %v; want %d, %v", tc.name, pages, ok, tc.pages, tc.ok)
		}
	}
	if pages, ok := declaredPages(module(t, "hello")); !ok || pages == 0 || pages > DefaultMemoryLimitPages {
		t.Errorf("the Go hello module: %d pages, %v", pages, ok)
	}
}

// TestLinearMemoryGrowsInPlace: a memory grows where it is, keeping its
// bytes, never past the cap, and the run's memories are given back when
// it ends. A memory copied into a larger buffer at every growth left the
// smaller ones to the garbage collector: growing a MiB at a time to a cap
// of 2 GiB held 12 GB of the host's memory.
func TestLinearMemoryGrowsInPlace(t *testing.T) {
	t.Parallel()
	overs := 0
	pool := &regionPool{}
	defer pool.close()
	a := &allocator{limit: 64 * pageSize, over: func() { overs++ }, pool: pool}
	m := a.Allocate(pageSize, 1<<32)
	buf := m.Reallocate(pageSize)
	if len(buf) != pageSize || !bytes.Equal(buf, make([]byte, pageSize)) {
		t.Fatalf("the first page: %d bytes, not all zero", len(buf))
	}
	buf[0], buf[pageSize-1] = 1, 2
	base := unsafe.SliceData(buf)
	for pages := uint64(2); pages <= 64; pages++ {
		buf = m.Reallocate(pages * pageSize)
		if uint64(len(buf)) != pages*pageSize {
			t.Fatalf("%d pages: %d bytes", pages, len(buf))
		}
		if unsafe.SliceData(buf) != base {
			t.Fatalf("growing to %d pages moved the memory", pages)
		}
		buf[len(buf)-1] = byte(pages)
	}
	if buf[0] != 1 || buf[pageSize-1] != 2 || buf[2*pageSize-1] != 2 || buf[64*pageSize-2] != 0 {
		t.Fatal("growing lost bytes, or a new page is not zero")
	}
	if got := m.Reallocate(65 * pageSize); got != nil || overs != 1 {
		t.Fatalf("past the cap: %d bytes, %d calls of over", len(got), overs)
	}
	m.Free()
	if len(a.mems) != 1 {
		t.Fatal("Free gave the memory back while the module may still run")
	}
	a.release()
	if len(a.mems) != 0 || len(pool.free) != 1 {
		t.Fatalf("after release: %d memories in the run, %d in the pool", len(a.mems), len(pool.free))
	}
}

// TestRegionPool: a later run gets the memory of an earlier one back,
// cleared; the pool keeps few, small ones, and none once closed.
func TestRegionPool(t *testing.T) {
	t.Parallel()
	var p regionPool
	r, err := p.get(64 * pageSize)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.commit(2 * pageSize); err != nil {
		t.Fatal(err)
	}
	r.mem[0], r.mem[2*pageSize-1] = 1, 1
	base := &r.mem[0]
	p.put(r)
	again, err := p.get(16 * pageSize)
	if err != nil || &again.mem[0] != base || again.committed != 2*pageSize {
		t.Fatalf("not the kept region: %v", err)
	}
	if !bytes.Equal(again.mem[:2*pageSize], make([]byte, 2*pageSize)) {
		t.Fatal("a kept region is not zero")
	}
	again.release()
	if bigger, _ := p.get(128 * pageSize); len(bigger.mem) != 128*pageSize {
		t.Fatalf("a region smaller than asked for: %d bytes", len(bigger.mem))
	} else {
		bigger.release()
	}
	large, _ := p.get(2 * regionPoolMax)
	large.commit(regionPoolMax + pageSize)
	p.put(large)
	if len(p.free) != 0 {
		t.Fatalf("the pool kept a region that used more than %d bytes", regionPoolMax)
	}
	var small []region
	for range regionPoolSize + 1 {
		r, _ := p.get(pageSize)
		r.commit(pageSize)
		small = append(small, r)
	}
	for _, r := range small {
		p.put(r)
	}
	if len(p.free) != regionPoolSize {
		t.Fatalf("the pool keeps %d regions, want %d", len(p.free), regionPoolSize)
	}
	p.close()
	late, _ := reserve(pageSize)
	late.commit(pageSize)
	p.put(late)
	if len(p.free) != 0 {
		t.Fatal("a closed pool keeps regions")
	}
}

// TestMemoryUnderDeclaredMaximum: a module that declares a maximum below
// the cap has only that much reserved; growth past it is wazero's refusal
// (memory.grow returns -1), not moonix's out of memory.
func TestMemoryUnderDeclaredMaximum(t *testing.T) {
	t.Parallel()
	overs := 0
	pool := &regionPool{}
	defer pool.close()
	a := &allocator{limit: 64 * pageSize, over: func() { overs++ }, pool: pool}
	defer a.release()
	m := a.Allocate(0, 2*pageSize)
	if got := m.Reallocate(0); got == nil || len(got) != 0 {
		t.Fatalf("an empty memory: %v", got)
	}
	if got := m.Reallocate(2 * pageSize); len(got) != 2*pageSize || overs != 0 {
		t.Fatalf("up to the maximum: %d bytes, %d calls of over", len(got), overs)
	}
}

// TestRunsAfterRuns: the memory of each run must look fresh to its module
// (a Go program checks its heap).
func TestRunsAfterRuns(t *testing.T) {
	t.Parallel()
	rt := newRuntime(t, Config{})
	e := newEnv(t, "sandbox")
	for i := range 6 {
		args := []string{"grow", "48"}
		want := "allocated 48 MiB\n"
		if i%2 == 1 {
			args, want = []string{"args", "x"}, "0=probe\n1=args\n2=x\n"
		}
		got, status, err := run(t, rt, e, "", args...)
		if got != want || status != 0 || err != nil {
			t.Fatalf("run %d: %q, %d, %v", i, got, status, err)
		}
	}
}
