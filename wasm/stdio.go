package wasm

import (
	"context"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// input is a run's standard input. It hides the *os.File under the reader
// from wazero (which would otherwise read the host file itself), and a
// cancel of the run ends a read blocked on a pipe or terminal, by putting
// the file's read deadline in the past.
type input struct{ r io.Reader }

func (in input) Read(p []byte) (int, error) { return in.r.Read(p) }

// interruptible returns r for the module and a function to call when the
// run is over.
func interruptible(ctx context.Context, r io.Reader) (io.Reader, func()) {
	if r == nil {
		return nil, func() {}
	}
	f := fileOf(r)
	if f == nil {
		return input{r}, func() {}
	}
	var mu sync.Mutex
	over, set := false, false
	stop := context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		if !over {
			set = f.SetReadDeadline(time.Unix(1, 0)) == nil
		}
	})
	return input{r}, func() {
		stop()
		mu.Lock()
		defer mu.Unlock()
		over = true
		if set {
			f.SetReadDeadline(time.Time{})
		}
	}
}

// fileOf finds the *os.File a reader reads from, through the readers that
// wrap one (a builtin's buffered standard input).
func fileOf(r io.Reader) *os.File {
	for {
		switch v := r.(type) {
		case *os.File:
			return v
		case interface{ Unwrap() io.Reader }:
			r = v.Unwrap()
		default:
			return nil
		}
	}
}

// output is a run's standard output or error. A failed write means the
// reader went away (`prog | head -1`): the module is stopped, as SIGPIPE
// stops a host program, whatever it does with the error. Once the run is
// being stopped (by moonix: a closed output, memory past the cap), what
// the module still writes is dropped: a module stopped for want of memory
// says nothing more than moonix's one line.
type output struct {
	w        io.Writer
	stopping *atomic.Bool
	broken   func()
}

func (o output) Write(p []byte) (int, error) {
	if o.stopping.Load() {
		return len(p), nil
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.broken()
	}
	return n, err
}
