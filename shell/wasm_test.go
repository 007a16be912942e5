package shell

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
	"github.com/moonix-sh/moonix/wasm"
)

// The WebAssembly test programs are package wasm's (wasm/testdata/src),
// built once per test binary with the Go toolchain running the tests.
var (
	wasmOnce    sync.Once
	wasmDir     string
	wasmErr     error
	wasmModules = map[string][]byte{}
	// wasmCache is one compilation cache for every session of the tests:
	// each module is compiled once per test binary.
	wasmCache string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if wasmDir != "" {
		os.RemoveAll(wasmDir)
	}
	os.Exit(code)
}

func testModule(t testing.TB, name string) []byte {
	t.Helper()
	wasmOnce.Do(func() {
		gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gobin); err != nil {
			if gobin, wasmErr = exec.LookPath("go"); wasmErr != nil {
				return
			}
		}
		if wasmDir, wasmErr = os.MkdirTemp("", "moonix-shell-wasm-"); wasmErr != nil {
			return
		}
		cmd := exec.Command(gobin, "build", "-o", wasmDir+string(filepath.Separator), "./probe", "./hello", "./mcpecho")
		cmd.Dir = filepath.Join("..", "wasm", "testdata", "src")
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			wasmErr = fmt.Errorf("%v\n%s", err, out)
			return
		}
		for _, n := range []string{"probe", "hello", "mcpecho"} {
			b, err := os.ReadFile(filepath.Join(wasmDir, n))
			if err != nil {
				wasmErr = err
				return
			}
			wasmModules[n] = b
		}
		wasmCache = filepath.Join(wasmDir, "cache")
		if raceEnabled {
			wasmErr = precompile(gobin, wasmCache, filepath.Join(wasmDir, "probe"), filepath.Join(wasmDir, "hello"), filepath.Join(wasmDir, "mcpecho"))
		}
	})
	if wasmErr != nil {
		t.Fatalf("building the test programs: %v", wasmErr)
	}
	return wasmModules[name]
}

// precompile fills the compilation cache with modules, for the tests
// under the race detector, where wazero's compiler (instrumented itself)
// takes minutes on a Go program: an uninstrumented program compiles them.
// wazero files compiled code under its version, which it reads from the
// build information; a test binary has none and uses a default, so the
// program is told this binary's version, found in the directory a runtime
// of this binary makes.
func precompile(gobin, cache string, modules ...string) error {
	rt := wasm.New(wasm.Config{CacheDir: cache})
	rt.Compile([]byte("\x00asm\x01\x00\x00\x00"))
	rt.Close()
	dirs, _ := filepath.Glob(filepath.Join(cache, "wazero-*-"+runtime.GOARCH+"-"+runtime.GOOS))
	if len(dirs) != 1 {
		return fmt.Errorf("precompile: cache directories %q", dirs)
	}
	version := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(dirs[0]), "wazero-"), "-"+runtime.GOARCH+"-"+runtime.GOOS)
	args := []string{"run", "-ldflags=-X=github.com/tetratelabs/wazero/internal/version.version=" + version,
		"./wasm/testdata/precompile", cache}
	cmd := exec.Command(gobin, append(args, modules...)...)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	return nil
}

// wasiExamples are the prebuilt WASI programs in wazero's module (Rust,
// TinyGo, C), each a cat.
func wasiExamples(t testing.TB) map[string][]byte {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	out, err := exec.Command(gobin, "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "github.com", "tetratelabs", "wazero@v1.12.0",
		"imports", "wasi_snapshot_preview1", "example", "testdata")
	mods := map[string][]byte{}
	for _, lang := range []string{"cargo-wasi", "tinygo", "zig-cc"} {
		b, err := os.ReadFile(filepath.Join(dir, lang, "cat.wasm"))
		if err != nil {
			t.Fatalf("the wazero module's examples: %v", err)
		}
		mods[lang] = b
	}
	return mods
}

type wasmSetup struct {
	caps     *caps.Set
	limit    uint32    // memory cap in pages
	packages []Package // command packages (MCP's, for its WebAssembly servers)
}

// wasmSession starts a session whose VFS holds the test programs:
// /usr/local/bin/probe.wasm, /usr/local/bin/hello (no suffix),
// /usr/local/bin/mcpecho.wasm (an MCP server), /work/noexec.wasm (mode
// 644) and /work/in.txt; PATH has /usr/local/bin first (wasmPath).
func wasmSession(t *testing.T, ws wasmSetup) (*Session, *syncBuffer, *effects.Log) {
	t.Helper()
	tree := vfs.NewDefault(vfs.Options{})
	for name, data := range map[string][]byte{
		"/usr/local/bin/probe.wasm":   testModule(t, "probe"),
		"/usr/local/bin/hello":        testModule(t, "hello"),
		"/usr/local/bin/mcpecho.wasm": testModule(t, "mcpecho"),
		"/work/noexec.wasm":           testModule(t, "hello"),
		"/work/in.txt":                []byte("one\ntwo\n"),
	} {
		if err := vfs.MkdirAll(tree, filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o755)
		if strings.HasPrefix(name, "/work/") {
			mode = 0o644
		}
		if err := vfs.WriteFile(tree, name, data, mode); err != nil {
			t.Fatal(err)
		}
	}
	out := &syncBuffer{}
	log := effects.Memory()
	s, err := New(Config{
		FS: tree, Stdout: out, Stderr: out, Env: []string{wasmPath},
		Caps: ws.caps, Effects: log, Packages: ws.packages,
		Wasm: wasm.Config{CacheDir: wasmCache, MemoryLimitPages: ws.limit},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, out, log
}

// wasmBenchSession is a session with /usr/local/bin/hello, no disk cache, output
// discarded; hello has run once in it when warm.
func wasmBenchSession(b *testing.B, warm bool) (*Session, *syncBuffer) {
	tree := vfs.NewDefault(vfs.Options{})
	writeProgram(b, tree, "/usr/local/bin/hello", testModule(b, "hello"))
	out := &syncBuffer{}
	s, err := New(Config{FS: tree, Stderr: out, Env: []string{wasmPath}})
	if err != nil {
		b.Fatal(err)
	}
	if warm {
		if status, _ := s.Run(context.Background(), "hello", "moonix"); status != 0 {
			b.Fatalf("status %d: %s", status, out.String())
		}
	}
	return s, out
}

func runWasm(t *testing.T, ws wasmSetup, script string) (string, int) {
	t.Helper()
	s, out, _ := wasmSession(t, ws)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	status, _ := s.Run(ctx, script, "moonix")
	return out.String(), status
}

// wasmPath is the PATH of the sessions that run the test programs: /bin
// and /usr/bin hold moonix's commands, and programs go elsewhere.
const wasmPath = "PATH=/usr/local/bin:/bin:/usr/bin"

// writeProgram writes an executable file at name, making its directory.
func writeProgram(t testing.TB, tree *vfs.Tree, name string, data []byte) {
	t.Helper()
	if err := vfs.MkdirAll(tree, filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := vfs.WriteFile(tree, name, data, 0o755); err != nil {
		t.Fatal(err)
	}
}

func TestWasmPrograms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script, want string
	}{
		{"args", `probe args 'a b' c`, "0=probe\n1=args\n2=a b\n3=c\n"},
		{"argv0 as typed", `probe.wasm args; /usr/local/bin/probe.wasm args; cd /usr/local/bin && ./probe.wasm args`,
			"0=probe.wasm\n1=args\n0=/usr/local/bin/probe.wasm\n1=args\n0=./probe.wasm\n1=args\n"},
		{"no suffix", `hello; /usr/local/bin/hello`, "hello, world\nhello, world\n"},
		{"exported env only", `X=1; export Y=2; Z=3 probe env X Y Z HOME PWD`,
			"X unset\nY=2\nZ=3\nHOME=/work\nPWD=/work\n"},
		{"env -i gives exactly what it names", `env -i B=2 A=1 /usr/local/bin/probe.wasm env; env -i /usr/local/bin/probe.wasm env; cd /tmp; env -i /usr/local/bin/probe.wasm pwd`,
			"A=1\nB=2\n/ ok\n"},
		{"absolute links: the shell's, not a module's", `probe symlink /work/in.txt /work/a; echo $?; ln -s /work/in.txt /work/b && probe read /work/b`,
			"probe: symlink /work/in.txt /work/a: Operation not permitted\n1\none\ntwo\n"},
		{"cwd", `probe pwd; cd /tmp && probe pwd; cd /work && probe read in.txt`,
			"/work ok\n/tmp ok\none\ntwo\n"},
		{"stdin to stdout", `printf 'a\nb\n' | probe upper; probe upper < in.txt`, "A\nB\nONE\nTWO\n"},
		{"streams both ways", `yes | probe cat | head -2`, "y\ny\n"},
		{"producer stopped by head", `set -o pipefail; probe yes | head -1; echo $?`, "y\n141\n"},
		{"same module twice in a pipeline", `probe args a | probe upper`, "0=PROBE\n1=ARGS\n2=A\n"},
		{"exit codes", `probe exit 3; echo $?; probe exit 0; echo $?; probe exit 300; echo $?`,
			"exiting 3\n3\nexiting 0\n0\nexiting 300\n44\n"},
		{"stderr", `probe stderr oops 2>/dev/null; probe stderr shown 2>&1 >/dev/null`, "shown\n"},
		{"file io", `probe write out.txt hello there && cat out.txt; probe ls /work`,
			"hello there\nin.txt\nnoexec.wasm\nout.txt\n"},
		{"module reads what the shell wrote", `echo from shell > f; probe read f`, "from shell\n"},
		{"dev stdout", `probe write /dev/stdout via dev`, "via dev\n"},
		{"nested shell", `sh -c 'probe exit 4'; echo $?`, "exiting 4\n4\n"},
		{"through xargs", `echo p q | xargs probe args`, "0=probe\n1=args\n2=p\n3=q\n"},
		{"not executable by path", `./noexec.wasm; echo $?`, "moonix: ./noexec.wasm: permission denied\n126\n"},
		{"not executable on PATH", `PATH=/work; noexec; echo $?`, "moonix: noexec: permission denied\n126\n"},
		{"not found", `nosuch; echo $?`, "moonix: nosuch: command not found\n127\n"},
		{"type and friends", `type probe hello; command -v probe probe.wasm; which probe; type -t probe`,
			"probe is /usr/local/bin/probe.wasm\nhello is /usr/local/bin/hello\n/usr/local/bin/probe.wasm\n/usr/local/bin/probe.wasm\n/usr/local/bin/probe.wasm\nfile\n"},
		{"not a module", `printf '\0asm\1\0\0\0garbage' > bad.wasm; chmod +x bad.wasm; ./bad.wasm; echo $?`,
			"moonix: ./bad.wasm: not a valid WebAssembly module: (re)\n126\n"},
		{"deterministic clock and random", `probe time`,
			"now 2026-01-01T00:00:0\\dZ\nslept at least 20ms: true\nrandom [0-9a-f]{16}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, _ := runWasm(t, wasmSetup{}, tc.script)
			if !matchLines(got, tc.want) {
				t.Errorf("script %q\ngot  %q\nwant %q", tc.script, got, tc.want)
			}
		})
	}
}

// matchLines compares output with want, where a want line ending in
// " (re)" is a regular expression, and the deterministic-clock case's lines
// are regular expressions.
func matchLines(got, want string) bool {
	if got == want {
		return true
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	if len(g) != len(w) {
		return false
	}
	for i := range w {
		pat, isRe := strings.CutSuffix(w[i], " (re)")
		if !isRe {
			if strings.ContainsAny(w[i], `\[{`) {
				pat, isRe = w[i], true
			} else if g[i] != w[i] {
				return false
			}
		}
		if isRe {
			if ok, _ := regexp.MatchString("^"+pat, g[i]); !ok {
				return false
			}
		}
	}
	return true
}

func TestWasmRunsRepeatDeterministically(t *testing.T) {
	t.Parallel()
	a, _ := runWasm(t, wasmSetup{}, `probe time; probe time`)
	b, _ := runWasm(t, wasmSetup{}, `probe time; probe time`)
	if a != b || strings.Count(a, "\n") != 6 {
		t.Fatalf("two sessions differ:\n%s\n%s", a, b)
	}
}

func TestWasmPrebuiltPrograms(t *testing.T) {
	t.Parallel()
	for lang, mod := range wasiExamples(t) {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			s, out, _ := wasmSession(t, wasmSetup{})
			if err := vfs.WriteFile(s.cfg.FS, "/work/cat.wasm", mod, 0o755); err != nil {
				t.Fatal(err)
			}
			// wasi-libc resolves relative paths from "/" (WASI preview1
			// has no working directory), so the file is named in full.
			s.Run(context.Background(), `./cat.wasm /work/in.txt | ./cat.wasm /dev/stdin; echo $?`, "moonix")
			if got := out.String(); got != "one\ntwo\n0\n" {
				t.Fatalf("got %q", got)
			}
		})
	}
}

func TestWasmSnapshotCapturesWrites(t *testing.T) {
	t.Parallel()
	got, _ := runWasm(t, wasmSetup{}, `probe write made.txt v1; id=$(snapshot first)
probe write made.txt v2; cat made.txt; rollback "$id" >/dev/null 2>&1; cat made.txt`)
	if got != "v2\nv1\n" {
		t.Fatalf("got %q", got)
	}
}

// TestWasmSymlinkOutlivesModule: a link a module makes (Go's os.Symlink)
// keeps its target once the module is gone and another run has reused
// its memory, in the tree and in the snapshot.
func TestWasmSymlinkOutlivesModule(t *testing.T) {
	t.Parallel()
	got, _ := runWasm(t, wasmSetup{}, `probe symlink in.txt /work/l; probe grow 8 >/dev/null
readlink l; cat l; id=$(snapshot links); show "$id":/work/l; echo`)
	if want := "in.txt\none\ntwo\nin.txt\n"; got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// TestGateWasmRewritesLinkTarget is the adversarial suite's WebAssembly
// case: a module makes a link to a file it may read and then rewrites the
// target in its memory, back and forth, to the secret's path, while the
// shell reads through the link. The link must keep the target it was
// made with: were it the module's memory, the gate could check one path
// and the tree open the other.
func TestGateWasmRewritesLinkTarget(t *testing.T) {
	t.Parallel()
	probe := testModule(t, "probe")
	tc := gateCase{
		name: "wasm/link target rewritten in the module's memory", route: "WebAssembly memory", check: quiet,
		why: "the link's target stays the readable file: nothing is denied",
		script: `mkdir /work/public; echo public > /work/public/key
probe flip /work/lnk public/key secret/key /work/stop &
until [ -L /work/lnk ]; do :; done
for i in $(seq 200); do readlink /work/lnk; cat /work/lnk; done 2>&1 | sort | uniq -c
touch /work/stop; wait`,
		want: []string{"200 public/key\n", "200 public\n"},
		hide: []string{"secret/key", "denied"},
	}
	tc.verify(t, runGate(t, "sandbox", nil, tc.script, func(tree *vfs.Tree, cfg *Config) {
		writeProgram(t, tree, "/usr/local/bin/probe.wasm", probe)
		cfg.Env = append(cfg.Env, wasmPath)
		cfg.Wasm = wasm.Config{CacheDir: wasmCache}
	}))
}

func TestWasmDeniedWrite(t *testing.T) {
	t.Parallel()
	s, out, log := wasmSession(t, wasmSetup{})
	s.Run(context.Background(), `probe write /etc/x hi; echo $?; probe perm create:/bin/new read:/work/in.txt; cat /etc/x`, "moonix")
	want := "probe: open /etc/x: Permission denied\n1\n" +
		"create:/bin/new: Permission denied\nread:/work/in.txt: ok\n" +
		"cat: /etc/x: No such file or directory\n"
	if got := out.String(); got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	entries, err := log.Entries()
	if err != nil {
		t.Fatal(err)
	}
	var denied []string
	for _, e := range entries {
		if e.Kind == effects.Denied {
			denied = append(denied, e.Target+" "+e.Request.Fields["needs"])
		}
	}
	if strings.Join(denied, ",") != "/etc/x fs.write:/etc/x,/bin/new fs.write:/bin/new" {
		t.Fatalf("denials in the log: %q", denied)
	}
}

func TestWasmExecCapability(t *testing.T) {
	t.Parallel()
	set, _ := caps.Preset("sandbox")
	set.Deny(caps.Cap{Kind: caps.FSExec, Pattern: "/usr/local/bin/probe.wasm"})
	got, status := runWasm(t, wasmSetup{caps: set}, `probe args; echo $?; hello`)
	want := "moonix: exec /usr/local/bin/probe.wasm: permission denied (needs fs.exec:/usr/local/bin/probe.wasm)\n126\nhello, world\n"
	if got != want || status != 0 {
		t.Fatalf("got %q (%d)\nwant %q", got, status, want)
	}
}

// TestWasmRealClockRecorded: under clock.read and random.read a module's
// reads are the command's, recorded when it ends: one entry per kind.
func TestWasmRealClockRecorded(t *testing.T) {
	t.Parallel()
	set, _ := caps.Preset("developer")
	s, out, log := wasmSession(t, wasmSetup{caps: set})
	s.Run(context.Background(), `probe time >/dev/null; hello`, "moonix")
	if out.String() != "hello, world\n" {
		t.Fatalf("output %q", out.String())
	}
	entries, _ := log.Entries()
	kinds := map[effects.Kind]int{}
	for _, e := range entries {
		if e.Target == "probe" {
			kinds[e.Kind]++
			if e.Kind == effects.Clock && !regexp.MustCompile(`^\d+ reads, \S+ to \S+$`).MatchString(e.Response.Summary) {
				t.Errorf("clock summary %q", e.Response.Summary)
			}
		}
	}
	if kinds[effects.Clock] != 1 || kinds[effects.Random] != 1 {
		t.Fatalf("want one clock and one random entry for the run, got %v in %+v", kinds, entries)
	}
}

// noopModule is a WASI command whose _start does nothing: it reads no
// clock and no randomness.
const noopModule = "\x00asm\x01\x00\x00\x00" +
	"\x01\x04\x01\x60\x00\x00" + // type section: func() -> ()
	"\x03\x02\x01\x00" + // function section: one function of type 0
	"\x07\x0a\x01\x06_start\x00\x00" + // export section: _start
	"\x0a\x04\x01\x02\x00\x0b" // code section: an empty body

// TestWasmClockUnreadNotRecorded: under clock.read, a module that reads
// no clock leaves no clock entry in the log.
func TestWasmClockUnreadNotRecorded(t *testing.T) {
	t.Parallel()
	set, _ := caps.Preset("developer")
	s, out, log := wasmSession(t, wasmSetup{caps: set})
	if err := vfs.WriteFile(s.FS(), "/work/noop", []byte(noopModule), 0o755); err != nil {
		t.Fatal(err)
	}
	if status, _ := s.Run(context.Background(), `./noop`, "moonix"); status != 0 {
		t.Fatalf("status %d: %s", status, out.String())
	}
	entries, _ := log.Entries()
	for _, e := range entries {
		if e.Target == "noop" {
			t.Errorf("unexpected entry %+v", e)
		}
	}
}

func TestWasmLogicalClockNotRecorded(t *testing.T) {
	t.Parallel()
	s, _, log := wasmSession(t, wasmSetup{})
	s.Run(context.Background(), `probe time >/dev/null`, "moonix")
	entries, _ := log.Entries()
	if len(entries) != 0 {
		t.Fatalf("logical clock and seeded random are not effects: %+v", entries)
	}
}

func TestWasmMemoryCap(t *testing.T) {
	t.Parallel()
	got, status := runWasm(t, wasmSetup{limit: 1024}, `probe grow 32; probe grow 128; echo $?; echo still here`)
	want := "allocated 32 MiB\nmoonix: probe: out of memory (limit 64 MiB)\n1\nstill here\n"
	if got != want || status != 0 {
		t.Fatalf("got %q (%d)\nwant %q", got, status, want)
	}
}

// runWarm runs warm-up (the first run of a module in a session may have
// to load compiled code) and then script with a timeout.
func runWarm(t *testing.T, warmUp, script string, timeout time.Duration) (string, int) {
	t.Helper()
	s, out, _ := wasmSession(t, wasmSetup{})
	s.Run(context.Background(), warmUp, "moonix")
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	status, _ := s.Run(ctx, script, "moonix")
	return out.String(), status
}

func TestWasmTimeoutStopsLoop(t *testing.T) {
	t.Parallel()
	got, status := runWarm(t, `probe args >/dev/null`, `probe loop`, time.Second)
	if got != "looping\n" || status != 124 {
		t.Fatalf("got %q (%d), want looping and 124", got, status)
	}
}

func TestWasmInterruptStopsLoopAndSessionGoesOn(t *testing.T) {
	t.Parallel()
	s, out, _ := wasmSession(t, wasmSetup{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for !strings.Contains(out.String(), "looping") {
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	if status, _ := s.Run(ctx, `probe loop`, "moonix"); status != 130 {
		t.Fatalf("status %d, want 130", status)
	}
	s.Run(context.Background(), `echo $?; probe args again`, "moonix")
	if got := out.String(); got != "looping\n130\n0=probe\n1=args\n2=again\n" {
		t.Fatalf("got %q", got)
	}
}

func TestWasmInterruptWhileReadingStdin(t *testing.T) {
	t.Parallel()
	// The second module blocks reading a pipe whose writer never writes.
	got, status := runWarm(t, `probe args >/dev/null`, `probe loop >/dev/null | probe cat`, time.Second)
	if got != "" || status != 124 {
		t.Fatalf("got %q (%d), want nothing and 124", got, status)
	}
}

func TestWasmCompletionOffersBareName(t *testing.T) {
	t.Parallel()
	s, _, _ := wasmSession(t, wasmSetup{})
	got := strings.Join(s.Complete("pro", true), " ")
	if got != "probe probe.wasm" {
		t.Fatalf("completions %q", got)
	}
}
