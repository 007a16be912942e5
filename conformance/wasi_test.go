package conformance

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
)

// The suite's languages, as directories of the archive
// (tests/LANG/testsuite/wasm32-wasip1) and as the summary names them.
var wasiLanguages = []struct{ dir, name string }{
	{"c", "C"}, {"rust", "Rust"}, {"assemblyscript", "AssemblyScript"},
}

const (
	wasiArchive       = "wasi-testsuite-wasip1.tar.xz"
	wasiKnownFailures = "wasi-known-failures.txt"
)

// wasiSpec is a program's NAME.json; a missing file is the zero spec: no
// arguments, no environment, no root, exit 0, output not compared.
type wasiSpec struct {
	Args     []string          `json:"args"`
	Env      map[string]string `json:"env"`
	Root     string            `json:"root"`
	ExitCode int               `json:"exit_code"`
	Stdout   *string           `json:"stdout"`
	Stderr   *string           `json:"stderr"`
}

type wasiOutcome struct {
	key  string // "LANG/NAME", as in the known-failures list
	lang string
	prog *WASIProgram
	spec wasiSpec
	res  Result
	err  error
}

func (o *wasiOutcome) passed() bool {
	r := o.res
	return o.err == nil && !r.TimedOut && r.Status == o.spec.ExitCode &&
		(o.spec.Stdout == nil || r.Stdout == *o.spec.Stdout) &&
		(o.spec.Stderr == nil || r.Stderr == *o.spec.Stderr)
}

func (o *wasiOutcome) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n--- expected status=%d", o.key, o.prog.Script(), o.spec.ExitCode)
	if o.spec.Stdout != nil {
		fmt.Fprintf(&b, " stdout=%q", *o.spec.Stdout)
	}
	if o.spec.Stderr != nil {
		fmt.Fprintf(&b, " stderr=%q", *o.spec.Stderr)
	}
	if o.err != nil {
		fmt.Fprintf(&b, "\n--- error: %v", o.err)
		return b.String()
	}
	fmt.Fprintf(&b, "\n--- got status=%d stdout=%q stderr=%q", o.res.Status, o.res.Stdout, o.res.Stderr)
	if o.res.TimedOut {
		b.WriteString(" (timed out)")
	}
	return b.String()
}

// requireShared gives the path of name in shared/conformance, or skips
// the test saying where it looked (fails when the environment variable
// require is 1).
func requireShared(t *testing.T, name, require string) string {
	p, ok := sharedPath(t, name)
	if !ok {
		msg := fmt.Sprintf("%s not found at %s", name, p)
		if os.Getenv(require) == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return p
}

// extractWASI unpacks the archive into a temporary directory with the
// host's tar (Go's library has no xz reader), and returns the directory.
func extractWASI(t *testing.T, archive string) string {
	dir := t.TempDir()
	out, err := exec.Command("tar", "-xJf", archive, "-C", dir).CombinedOutput()
	if err != nil {
		msg := fmt.Sprintf("tar -xJf %s: %v\n%s", archive, err, out)
		if os.Getenv("MOONIX_REQUIRE_WASI") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return dir
}

// loadWASI reads the programs of every language and their specs.
func loadWASI(t *testing.T, dir string) []*wasiOutcome {
	var out []*wasiOutcome
	for _, lang := range wasiLanguages {
		base := filepath.Join(dir, "tests", lang.dir, "testsuite", "wasm32-wasip1")
		wasms, err := filepath.Glob(filepath.Join(base, "*.wasm"))
		if err != nil || len(wasms) == 0 {
			t.Fatalf("no programs in %s (%v)", base, err)
		}
		for _, w := range wasms {
			name := strings.TrimSuffix(filepath.Base(w), ".wasm")
			o := &wasiOutcome{key: lang.dir + "/" + name, lang: lang.name}
			if data, err := os.ReadFile(filepath.Join(base, name+".json")); err == nil {
				if err := json.Unmarshal(data, &o.spec); err != nil {
					t.Fatalf("%s.json: %v", name, err)
				}
			} else if !os.IsNotExist(err) {
				t.Fatal(err)
			}
			module, err := os.ReadFile(w)
			if err != nil {
				t.Fatal(err)
			}
			o.prog = &WASIProgram{Name: name, Module: module, Args: o.spec.Args}
			for _, k := range slices.Sorted(maps.Keys(o.spec.Env)) {
				o.prog.Env = append(o.prog.Env, k+"="+o.spec.Env[k])
			}
			if o.spec.Root != "" {
				o.prog.Root = os.DirFS(filepath.Join(base, o.spec.Root))
			}
			out = append(out, o)
		}
	}
	return out
}

// readWASIKnown reads the known failures: "LANG/NAME: why", one a line.
func readWASIKnown(t *testing.T) map[string]string {
	data, err := os.ReadFile(wasiKnownFailures)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, why, ok := strings.Cut(line, ": ")
		if !ok || strings.TrimSpace(why) == "" {
			t.Fatalf("%s:%d: want \"LANG/NAME: reason\", got %q", wasiKnownFailures, i+1, line)
		}
		known[key] = why
	}
	return known
}

// TestWASI runs the 72 programs of the WASI preview1 test suite
// (shared/conformance/wasi-testsuite-wasip1.tar.xz) through moonix's exec
// path (see RunWASI) and checks each program's exit status and output
// against its spec; the programs that fail must be those listed, with
// the reason, in wasi-known-failures.txt, and a listed one that passes
// must leave the list. MOONIX_REQUIRE_WASI=1 turns a missing archive (or
// tar) into a failure.
func TestWASI(t *testing.T) {
	archive := requireShared(t, wasiArchive, "MOONIX_REQUIRE_WASI")
	start := time.Now()
	dir := extractWASI(t, archive)
	cases := loadWASI(t, dir)
	cache := filepath.Join(dir, "wazero-cache")
	timeout := 30 * time.Second
	if raceEnabled {
		timeout = 2 * time.Minute
	}

	work := make(chan *wasiOutcome)
	var wg sync.WaitGroup
	for range max(2, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for o := range work {
				o.res, o.err = RunWASI(o.prog, WASIOptions{Timeout: timeout, CacheDir: cache})
			}
		})
	}
	for _, o := range cases {
		work <- o
	}
	close(work)
	wg.Wait()

	type tally struct{ passed, total int }
	counts := map[string]*tally{}
	all := &tally{}
	for _, o := range cases {
		if counts[o.lang] == nil {
			counts[o.lang] = &tally{}
		}
		for _, c := range []*tally{counts[o.lang], all} {
			c.total++
			if o.passed() {
				c.passed++
			}
		}
	}
	var parts []string
	for _, lang := range wasiLanguages {
		c := counts[lang.name]
		parts = append(parts, fmt.Sprintf("%s %d/%d", lang.name, c.passed, c.total))
	}
	summary := fmt.Sprintf("wasi-testsuite (wasm32-wasip1): %d of %d pass (%s); %s",
		all.passed, all.total, strings.Join(parts, ", "), time.Since(start).Round(100*time.Millisecond))
	t.Log(summary)
	if testing.Verbose() {
		fmt.Println(summary)
	}

	known := readWASIKnown(t)
	for _, o := range cases {
		why, listed := known[o.key]
		delete(known, o.key)
		switch {
		case o.passed() && listed:
			t.Errorf("%s passes now: remove it from %s (it said: %s)", o.key, wasiKnownFailures, why)
		case !o.passed() && !listed:
			t.Errorf("regression: %s", o.report())
		case !o.passed() && testing.Verbose():
			t.Logf("known failure: %s (%s)", o.key, why)
		}
	}
	for key := range known {
		t.Errorf("%s lists %s, which is not a program of the suite", wasiKnownFailures, key)
	}
}

// TestWASIScript: the command line gives the program its arguments and
// environment byte for byte, whatever quotes and newlines they hold.
func TestWASIScript(t *testing.T) {
	t.Parallel()
	p := &WASIProgram{Name: "args", Args: []string{"the \"second\" arg", "it's", ""}, Env: []string{"c=new\nline", "a=$HOME"}}
	want := `'env' '-i' 'c=new
line' 'a=$HOME' '/usr/local/bin/args.wasm' 'the "second" arg' 'it'\''s' ''`
	if got := p.Script(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// The shell splits it into those words: argv.py shows them.
	var out lockedBuffer
	s, err := shell.New(shell.Config{Stdout: &out, Commands: Helpers()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if status, _ := s.Run(context.Background(), strings.Replace(want, "'env' '-i'", "argv.py", 1), ""); status != 0 {
		t.Fatalf("status %d: %s", status, out.String())
	}
	if got, want := out.String(), `['c=new\nline', 'a=$HOME', '/usr/local/bin/args.wasm', 'the "second" arg', "it's", '']`+"\n"; got != want {
		t.Errorf("the words: %s, want %s", got, want)
	}
}

// TestWASIRootCopy: the root's files, directories and links land at the
// same paths under "/", with their modes; a directory the default tree
// has already is merged.
func TestWASIRootCopy(t *testing.T) {
	t.Parallel()
	root := fstest.MapFS{
		"file":         {Data: []byte("data"), Mode: 0o640},
		"dir/inner":    {Data: []byte("x"), Mode: 0o644},
		"dir":          {Mode: fs.ModeDir | 0o555},
		"tmp/left":     {Data: []byte("y"), Mode: 0o600},
		"link":         {Data: []byte("file"), Mode: fs.ModeSymlink | 0o777},
		"empty.dir":    {Mode: fs.ModeDir | 0o700},
		"dir/sub/deep": {Data: nil, Mode: 0o644},
	}
	tree := vfs.NewDefault(vfs.Options{})
	if err := copyInto(tree, root); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{"/file": "-rw-r-----", "/dir": "dr-xr-xr-x", "/dir/inner": "-rw-r--r--",
		"/dir/sub/deep": "-rw-r--r--", "/tmp/left": "-rw-------", "/empty.dir": "drwx------", "/link": "Lrwxrwxrwx", "/bin": "drwxr-xr-x"} {
		info, err := tree.Lstat(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if got := info.Mode().String(); got != want {
			t.Errorf("%s: mode %s, want %s", p, got, want)
		}
	}
	if data, err := vfs.ReadFile(tree, "/link"); string(data) != "data" || err != nil {
		t.Errorf("through the link: %q, %v", data, err)
	}
}
