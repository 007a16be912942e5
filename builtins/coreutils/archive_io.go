package coreutils

// Reading for the archive and byte tools: every read stops once the
// command is cancelled (a timeout, Ctrl-C), so that gzip of /dev/zero or
// iconv of an endless pipe ends with the command's context.

import (
	"context"
	"io"
	"os"

	"github.com/moonix-sh/moonix/builtins"
)

// canceledReader reads from r until the command is cancelled.
type canceledReader struct {
	c *builtins.Call
	r io.Reader
}

func (r canceledReader) Read(p []byte) (int, error) {
	if r.c.Canceled() {
		return 0, context.Canceled
	}
	return r.r.Read(p)
}

// readAllOf reads r whole, or until the command is cancelled.
func readAllOf(c *builtins.Call, r io.Reader) ([]byte, error) {
	return c.ReadAll(canceledReader{c, r})
}

// readFileOf reads the file at the absolute path p (a device too), or
// until the command is cancelled.
func readFileOf(c *builtins.Call, p string) ([]byte, error) {
	f, err := c.FS.OpenFile(p, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAllOf(c, f)
}

// openOf opens an operand ("-": standard input) for reading until the
// command is cancelled.
func openOf(c *builtins.Call, name string) (io.ReadCloser, error) {
	f, err := c.Open(name)
	if err != nil {
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{canceledReader{c, f}, f}, nil
}

// stopsOnCancel makes a command's status 130 when it was cancelled,
// whatever its reads then made of the cancellation.
func stopsOnCancel(run func(c *builtins.Call) int) func(c *builtins.Call) int {
	return func(c *builtins.Call) int {
		status := run(c)
		if c.Canceled() {
			return 130
		}
		return status
	}
}
