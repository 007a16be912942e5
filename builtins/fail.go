package builtins

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/caps"
)

// Fail writes "name: message" and a newline to Stderr. A message about a
// capability denial is written as the gate words it, the same for every
// command: "moonix: OP PATH: permission denied (needs CAP)".
func (c *Call) Fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if c.denials != nil && strings.Contains(msg, "permission denied (needs ") {
		if d := c.denials.take(); d != nil {
			c.FailDenied(d)
			return
		}
	}
	fmt.Fprintf(c.Stderr, "%s: %s\n", c.Name(), msg)
}

// FailDenied reports err the gate's way when it is a capability denial
// ("moonix: OP PATH: permission denied (needs CAP)") and says whether it
// was one; a later Fail then does not word that denial again.
func (c *Call) FailDenied(err error) bool {
	var d *caps.DeniedError
	if !errors.As(err, &d) {
		return false
	}
	if c.denials != nil {
		c.denials.forget(d)
	}
	fmt.Fprintf(c.Stderr, "moonix: %s\n", d.Error())
	return true
}

// FailErr reports err about the operand name as "cmd: name: reason", or
// the gate's way when it is a capability denial.
func (c *Call) FailErr(name string, err error) {
	if c.FailDenied(err) {
		return
	}
	c.Fail("%s: %s", name, Reason(err))
}

// Reason is the short, lower-case cause of err without the operation and
// path that *fs.PathError and *os.LinkError add: "no such file or directory".
func Reason(err error) string {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	switch {
	case errors.Is(err, syscall.ENOTEMPTY):
		return "directory not empty" // ENOTEMPTY also "is" fs.ErrExist
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or directory"
	case errors.Is(err, fs.ErrExist):
		return "file exists"
	case errors.Is(err, fs.ErrPermission):
		var d *caps.DeniedError
		if errors.As(err, &d) {
			return "permission denied (needs " + d.Cap.String() + ")"
		}
		return "permission denied"
	case errors.Is(err, fs.ErrInvalid):
		return "invalid argument"
	}
	return err.Error()
}
