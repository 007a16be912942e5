package wasm

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// The benchmarks run the Go hello world (about 2.6 MB): the first run of a
// module in a session (compiling it, with no disk cache or a warm one),
// the second run (instantiating only), and the same with plain wazero.

func runHello(b *testing.B, rt *Runtime, e *env) {
	var out bytes.Buffer
	status, err := rt.Run(context.Background(), &Program{
		Module: module(b, "hello"), Args: []string{"hello"}, Dir: "/work", Stdout: &out, FS: e.fs,
	})
	if status != 0 || err != nil || out.String() != "hello, world\n" {
		b.Fatalf("%q, %d, %v", out.String(), status, err)
	}
}

// benchEnv is a sandbox session's gated VFS.
func benchEnv(b *testing.B) *env {
	set, err := caps.Preset("sandbox")
	if err != nil {
		b.Fatal(err)
	}
	e := &env{tree: vfs.NewDefault(vfs.Options{})}
	e.fs = caps.NewGate(set, nil).FS(e.tree)
	return e
}

// BenchmarkFirstRun: a new session's first run, compiling the module.
func BenchmarkFirstRun(b *testing.B) {
	e := benchEnv(b)
	for b.Loop() {
		rt := New(Config{})
		runHello(b, rt, e)
		rt.Close()
	}
}

// BenchmarkFirstRunDiskCache: a new session's first run in a workspace
// whose compilation cache already has the module.
func BenchmarkFirstRunDiskCache(b *testing.B) {
	e := benchEnv(b)
	dir := filepath.Join(b.TempDir(), "cache")
	warm := New(Config{CacheDir: dir})
	runHello(b, warm, e)
	warm.Close()
	for b.Loop() {
		rt := New(Config{CacheDir: dir})
		runHello(b, rt, e)
		rt.Close()
	}
}

// BenchmarkSecondRun: a later run in the same session.
func BenchmarkSecondRun(b *testing.B) {
	e := benchEnv(b)
	rt := New(Config{})
	defer rt.Close()
	runHello(b, rt, e)
	for b.Loop() {
		runHello(b, rt, e)
	}
}

// BenchmarkWazeroFirstRun: plain wazero compiling and running the module.
func BenchmarkWazeroFirstRun(b *testing.B) {
	ctx := context.Background()
	mod := module(b, "hello")
	for b.Loop() {
		r := wazero.NewRuntime(ctx)
		wasi_snapshot_preview1.MustInstantiate(ctx, r)
		var out bytes.Buffer
		if _, err := r.InstantiateWithConfig(ctx, mod, wazero.NewModuleConfig().WithStdout(&out)); err != nil {
			b.Fatal(err)
		}
		r.Close(ctx)
	}
}

// BenchmarkWazeroSecondRun: plain wazero instantiating a compiled module.
func BenchmarkWazeroSecondRun(b *testing.B) {
	ctx := context.Background()
	r := wazero.NewRuntime(ctx)
	defer r.Close(ctx)
	wasi_snapshot_preview1.MustInstantiate(ctx, r)
	compiled, err := r.CompileModule(ctx, module(b, "hello"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var out bytes.Buffer
		m, err := r.InstantiateModule(ctx, compiled, wazero.NewModuleConfig().WithName("").WithStdout(&out))
		if err != nil || out.String() != "hello, world\n" {
			b.Fatal(err, out.String())
		}
		m.Close(ctx)
	}
}

// BenchmarkGrowToCap: a module growing its memory a MiB at a time until
// the cap (256 MiB) stops it.
func BenchmarkGrowToCap(b *testing.B) {
	rt := New(Config{})
	defer rt.Close()
	for b.Loop() {
		if status, err := rt.Run(context.Background(), &Program{Module: []byte(growLoop), Args: []string{"grow"}}); status != StatusNoMemory {
			b.Fatalf("%d, %v", status, err)
		}
	}
}
