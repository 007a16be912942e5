package builtins

import (
	"io"
)

// Inputs calls fn for each operand opened for reading ("-" or no operands at
// all mean standard input). An operand that cannot be opened is reported as
// "cmd: name: reason" and makes the returned status 1; fn's own error for an
// operand is reported the same way. Iteration stops early when the command
// is canceled.
func (c *Call) Inputs(operands []string, fn func(name string, r io.Reader) error) int {
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
			c.FailErr(name, err)
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

// errStop ends an Inputs loop early without an error message.
var errStop = stopError{}

type stopError struct{}

func (stopError) Error() string { return "stop" }
