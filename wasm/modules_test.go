package wasm

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// The test programs (testdata/src) are built once per test binary, for
// GOOS=wasip1 GOARCH=wasm, with the Go toolchain that runs the tests: one
// go build for all of them.
var (
	buildOnce sync.Once
	builtDir  string
	buildErr  error
	modules   = map[string][]byte{}
	// cacheDir is wazero's compilation cache shared by the tests'
	// runtimes, so that each module is compiled once per test binary.
	cacheDir string
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
	if p := filepath.Join(runtime.GOROOT(), "bin", "go"); fileExists(p) {
		return p, nil
	}
	return exec.LookPath("go")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// module returns a test program's binary: "probe" or "hello".
func module(t testing.TB, name string) []byte {
	t.Helper()
	buildOnce.Do(func() {
		gobin, err := goTool()
		if err != nil {
			buildErr = err
			return
		}
		if builtDir, err = os.MkdirTemp("", "moonix-wasm-test-"); err != nil {
			buildErr = err
			return
		}
		cacheDir = filepath.Join(builtDir, "cache")
		cmd := exec.Command(gobin, "build", "-o", builtDir+string(filepath.Separator), "./probe", "./hello")
		cmd.Dir = filepath.Join("testdata", "src")
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = err
			builtDir += "\n" + string(out)
			return
		}
		for _, n := range []string{"probe", "hello"} {
			b, err := os.ReadFile(filepath.Join(builtDir, n))
			if err != nil {
				buildErr = err
				return
			}
			modules[n] = b
		}
	})
	if buildErr != nil {
		t.Fatalf("building the test programs: %v", buildErr)
	}
	return modules[name]
}
