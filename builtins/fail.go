package builtins

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// Fail writes "name: message" and a newline to Stderr. A failure that
// may be a capability denial goes through FailErr, FailWith or FailDenied
// instead, which word a denial as the gate does.
func (c *Call) Fail(format string, args ...any) {
	fmt.Fprintf(c.Stderr, "%s: %s\n", c.Name(), fmt.Sprintf(format, args...))
}

// denial is a capability denial (a *caps.DeniedError, which the contract
// knows by this method so as not to import caps and what it pulls in).
type denial interface {
	error
	// Needs is the capability the refused operation needed.
	Needs() string
}

// IsDenied reports whether err is, or wraps, a capability denial (rather
// than, say, the permission bits refusing).
func IsDenied(err error) bool {
	var d denial
	return errors.As(err, &d)
}

// FailDenied reports err the gate's way when it is a capability denial,
// the same for every command ("moonix: OP PATH: permission denied (needs
// CAP)"), and says whether it was one.
func (c *Call) FailDenied(err error) bool {
	var d denial
	if !errors.As(err, &d) {
		return false
	}
	fmt.Fprintf(c.Stderr, "moonix: %s\n", d.Error())
	return true
}

// FailErr reports err about the operand name as "cmd: name: reason", or
// the gate's way when it is a capability denial.
func (c *Call) FailErr(name string, err error) {
	c.FailWith(err, "%s: %s", name, Reason(err))
}

// FailWith reports err the gate's way when it is a capability denial, and
// otherwise as Fail does with format and args (which say why, usually
// with Reason(err)).
func (c *Call) FailWith(err error, format string, args ...any) {
	if !c.FailDenied(err) {
		c.Fail(format, args...)
	}
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
		var d denial
		if errors.As(err, &d) {
			return "permission denied (needs " + d.Needs() + ")"
		}
		return "permission denied"
	case errors.Is(err, fs.ErrInvalid):
		return "invalid argument"
	}
	return err.Error()
}
