package wasm

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// The test programs (testdata/src) are built once per test binary, for
// GOOS=wasip1 GOARCH=wasm, with the Go toolchain that runs the tests: one
// go build for all of them. Every runtime of the tests shares one
// compilation cache, so that each module is compiled once per binary.
var (
	buildOnce sync.Once
	builtDir  string
	buildErr  error
	modules   = map[string][]byte{}
	cacheDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if builtDir != "" {
		os.RemoveAll(builtDir)
	}
	os.Exit(code)
}

// goTool finds the go command of the toolchain running the tests.
func goTool() (string, error) {
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	return exec.LookPath("go")
}

// module returns a test program's binary: "probe" or "hello".
func module(t testing.TB, name string) []byte {
	t.Helper()
	buildOnce.Do(func() { buildErr = build() })
	if buildErr != nil {
		t.Fatalf("building the test programs: %v", buildErr)
	}
	return modules[name]
}

func build() error {
	gobin, err := goTool()
	if err != nil {
		return err
	}
	if builtDir, err = os.MkdirTemp("", "moonix-wasm-test-"); err != nil {
		return err
	}
	cacheDir = filepath.Join(builtDir, "cache")
	cmd := exec.Command(gobin, "build", "-o", builtDir+string(filepath.Separator), "./probe", "./hello")
	cmd.Dir = filepath.Join("testdata", "src")
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	names := []string{"probe", "hello"}
	var files []string
	for _, n := range names {
		f := filepath.Join(builtDir, n)
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		modules[n], files = b, append(files, f)
	}
	if raceEnabled {
		return precompile(gobin, cacheDir, files...)
	}
	return nil
}

// precompile fills the compilation cache with modules, for the tests
// under the race detector, where wazero's compiler (instrumented itself)
// takes minutes on a Go program: an uninstrumented program compiles them.
// wazero files compiled code under its version, which it reads from the
// build information; a test binary has none and uses a default, so the
// program is told this binary's version, found in the directory a runtime
// of this binary makes.
func precompile(gobin, cache string, files ...string) error {
	rt := New(Config{CacheDir: cache})
	rt.Compile([]byte("\x00asm\x01\x00\x00\x00"))
	rt.Close()
	suffix := "-" + runtime.GOARCH + "-" + runtime.GOOS
	dirs, _ := filepath.Glob(filepath.Join(cache, "wazero-*"+suffix))
	if len(dirs) != 1 {
		return fmt.Errorf("precompile: cache directories %q", dirs)
	}
	version := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(dirs[0]), "wazero-"), suffix)
	args := []string{"run", "-ldflags=-X=github.com/tetratelabs/wazero/internal/version.version=" + version,
		"./testdata/precompile", cache}
	cmd := exec.Command(gobin, append(args, files...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	return nil
}
