package cli

import (
	"os"
	"strconv"
	"syscall"
)

// reopenTerminal opens the terminal behind f again: a new open file whose
// reads the Go runtime can interrupt (it is registered with the poller in
// non-blocking mode), without changing the mode of f's open file, which the
// parent shell shares. On failure it returns f.
func reopenTerminal(f *os.File) *os.File {
	g, err := os.OpenFile("/proc/self/fd/"+strconv.Itoa(int(f.Fd())), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return f
	}
	return g
}
