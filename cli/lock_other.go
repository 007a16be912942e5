//go:build !unix

package cli

import "os"

// flock does nothing where flock(2) does not exist: two processes may then
// share a workspace, which the user must avoid.
func flock(f *os.File) (held bool, err error) { return false, nil }

// funlock does nothing: there is no lock to release.
func funlock(f *os.File) {}
