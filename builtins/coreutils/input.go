package coreutils

import (
	"bufio"
	"io"

	"github.com/moonix-sh/moonix/builtins"
)

// inputs calls fn for each operand opened for reading ("-" or no operands at
// all mean standard input). An operand that cannot be opened is reported as
// "cmd: name: reason" and makes the returned status 1; fn's own error for an
// operand is reported the same way. Iteration stops early when the command
// is canceled.
func inputs(c *builtins.Call, operands []string, fn func(name string, r io.Reader) error) int {
	return inputsWith(c, operands, c.FailErr, fn)
}

// inputsWith is inputs with openFailed to report an operand that cannot
// be opened (util-linux's "cannot open NAME: reason").
func inputsWith(c *builtins.Call, operands []string, openFailed func(name string, err error), fn func(name string, r io.Reader) error) int {
	if len(operands) == 0 {
		operands = []string{"-"}
	}
	status := 0
	for _, name := range operands {
		if c.Canceled() {
			return 130
		}
		r, err := c.Open(name)
		if err != nil {
			openFailed(name, err)
			status = 1
			continue
		}
		err = fn(name, r)
		r.Close()
		if err != nil {
			if err == errStop {
				break
			}
			c.FailErr(name, err)
			status = 1
		}
	}
	return status
}

// mapLines is the line filter several text commands share: each line of
// each operand (standard input when there are none), with its newline if it
// has one, goes through fn, and what fn returns is written to Stdout.
func mapLines(c *builtins.Call, operands []string, fn func(line []byte) []byte) int {
	return mapRecords(c, operands, '\n', c.FailErr, fn)
}

// mapRecords is mapLines with records ending in sep (rev -0: NUL) and
// openFailed to report an operand that cannot be opened.
func mapRecords(c *builtins.Call, operands []string, sep byte, openFailed func(string, error), fn func(line []byte) []byte) int {
	return inputsWith(c, operands, openFailed, func(_ string, r io.Reader) error {
		br := bufio.NewReader(r)
		for {
			if c.Canceled() {
				return errStop
			}
			line, rerr := br.ReadBytes(sep)
			if len(line) > 0 {
				if _, err := c.Stdout.Write(fn(line)); err != nil {
					return errStop
				}
			}
			if rerr == io.EOF {
				return nil
			}
			if rerr != nil {
				return rerr
			}
		}
	})
}

// errStop ends an Inputs loop early without an error message.
var errStop = stopError{}

type stopError struct{}

func (stopError) Error() string { return "stop" }

// readInput reads the whole operand name ("-" is standard input).
func readInput(c *builtins.Call, name string) ([]byte, error) {
	r, err := c.Open(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return c.ReadAll(r)
}

// readLine reads a line and its end from br, as ReadBytes does but
// without a copy for the lines that fit in br's buffer: the line is valid
// until the next read. A longer line is gathered in *long.
func readLine(br *bufio.Reader, eol byte, long *[]byte) ([]byte, error) {
	line, err := br.ReadSlice(eol)
	if err != bufio.ErrBufferFull {
		return line, err
	}
	*long = append((*long)[:0], line...)
	for err == bufio.ErrBufferFull {
		line, err = br.ReadSlice(eol)
		*long = append(*long, line...)
	}
	return *long, err
}

// readSoleInput reads the command's one FILE operand, standard input
// when there is none (or it is -), and says which it read; a failure is
// reported and ok is false.
func readSoleInput(c *builtins.Call, ops []string) (data []byte, name string, ok bool) {
	name = "-"
	if len(ops) > 0 {
		name = ops[0]
	}
	data, err := readInput(c, name)
	if err != nil {
		c.FailErr(name, err)
		return nil, name, false
	}
	return data, name, true
}
