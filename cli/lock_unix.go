//go:build unix

package cli

import (
	"errors"
	"os"
	"syscall"
)

// flock takes an exclusive lock on f without waiting; held reports that
// another open file holds it. The kernel drops the lock when its holder
// exits, however it ends (kill -9 included), so a dead holder's lock is
// simply taken over.
func flock(f *os.File) (held bool, err error) {
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}

// funlock releases f's lock. Closing f would too, but only once no other
// descriptor shares its open file: a child forked by another goroutine of
// this process (tests exec programs) holds a copy until it execs, and the
// next run on the workspace would find it "in use" by this very process.
func funlock(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
