// Command precompile fills a wazero compilation cache with modules, for
// the tests under the race detector: there, wazero's compiler (itself
// instrumented) takes minutes on a Go program, so the test binaries have
// this uninstrumented program compile them first. The compiled code is
// the same; the cache is keyed by module and CPU.
//
// Usage: go run ./wasm/testdata/precompile CACHEDIR MODULE...
package main

import (
	"fmt"
	"os"

	"github.com/moonix-sh/moonix/wasm"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: precompile CACHEDIR MODULE...")
		os.Exit(2)
	}
	rt := wasm.New(wasm.Config{CacheDir: os.Args[1]})
	defer rt.Close()
	for _, name := range os.Args[2:] {
		b, err := os.ReadFile(name)
		if err == nil {
			err = rt.Compile(b)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "precompile: %s: %v\n", name, err)
			os.Exit(1)
		}
	}
}
