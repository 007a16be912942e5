package shell

import (
	"fmt"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
)

// WasmSession is wasmSession for the external tests (package shell_test)
// of the command packages that run programs of the VFS: a session on
// set whose VFS holds the test programs, with the packages pkgs, its
// output and its effect log.
func WasmSession(t *testing.T, set *caps.Set, pkgs ...Package) (*Session, fmt.Stringer, *effects.Log) {
	t.Helper()
	return wasmSession(t, wasmSetup{caps: set, packages: pkgs})
}
