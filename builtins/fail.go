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

// FailErr reports err about the operand name as GNU tools do, "cmd:
// name: reason" (the name quoted when a shell would need it), or the
// gate's way when it is a capability denial.
func (c *Call) FailErr(name string, err error) {
	c.FailWith(err, "%s: %s", QuoteName(name), Reason(err))
}

// FailWith reports err the gate's way when it is a capability denial, and
// otherwise as Fail does with format and args (which say why, usually
// with Reason(err)).
func (c *Call) FailWith(err error, format string, args ...any) {
	if c.Canceled() && errors.Is(err, syscall.EINTR) {
		return // a wait the command's stop ended (a FIFO's open): no error of its own
	}
	if !c.FailDenied(err) {
		c.Fail(format, args...)
	}
}

// Reason is the cause of err in the words of the C library's strerror,
// as GNU tools print it ("No such file or directory"), without the
// operation and path that *fs.PathError, *os.LinkError and
// *os.SyscallError add. A capability denial keeps moonix's own words
// ("permission denied (needs fs.write:/etc)"); an error that is no
// system call's is its own text.
func Reason(err error) string {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	case errors.As(err, &se):
		err = se.Err
	}
	var d denial
	if errors.As(err, &d) {
		return "permission denied (needs " + d.Needs() + ")"
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return Strerror(errno)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Strerror(syscall.ENOENT)
	case errors.Is(err, fs.ErrExist):
		return Strerror(syscall.EEXIST)
	case errors.Is(err, fs.ErrPermission):
		return Strerror(syscall.EACCES)
	case errors.Is(err, fs.ErrInvalid):
		return Strerror(syscall.EINVAL)
	case errors.Is(err, fs.ErrClosed):
		return Strerror(syscall.EBADF)
	}
	return err.Error()
}

// strerror is glibc's text for the errors the tree, the gate and the
// WebAssembly runner give, written out so that moonix says the same on
// every host (Go's syscall texts are the host's, and lower case).
var strerror = map[syscall.Errno]string{
	syscall.EPERM:        "Operation not permitted",
	syscall.ENOENT:       "No such file or directory",
	syscall.EIO:          "Input/output error",
	syscall.ENXIO:        "No such device or address",
	syscall.E2BIG:        "Argument list too long",
	syscall.EBADF:        "Bad file descriptor",
	syscall.EAGAIN:       "Resource temporarily unavailable",
	syscall.ENOMEM:       "Cannot allocate memory",
	syscall.EACCES:       "Permission denied",
	syscall.EBUSY:        "Device or resource busy",
	syscall.EEXIST:       "File exists",
	syscall.EXDEV:        "Invalid cross-device link",
	syscall.ENODEV:       "No such device",
	syscall.ENOTDIR:      "Not a directory",
	syscall.EISDIR:       "Is a directory",
	syscall.EINVAL:       "Invalid argument",
	syscall.EMFILE:       "Too many open files",
	syscall.ENOTTY:       "Inappropriate ioctl for device",
	syscall.ETXTBSY:      "Text file busy",
	syscall.EFBIG:        "File too large",
	syscall.ENOSPC:       "No space left on device",
	syscall.ESPIPE:       "Illegal seek",
	syscall.EROFS:        "Read-only file system",
	syscall.EMLINK:       "Too many links",
	syscall.EPIPE:        "Broken pipe",
	syscall.ERANGE:       "Numerical result out of range",
	syscall.EOVERFLOW:    "Value too large for defined data type",
	syscall.ENAMETOOLONG: "File name too long",
	syscall.ENOSYS:       "Function not implemented",
	syscall.ENOTEMPTY:    "Directory not empty",
	syscall.ELOOP:        "Too many levels of symbolic links",
	syscall.ENOTSUP:      "Operation not supported",
	syscall.ETIMEDOUT:    "Connection timed out",
	syscall.ECONNREFUSED: "Connection refused",
}

// Strerror is the C library's text for errno, capitalised as glibc
// prints it: "No such file or directory".
func Strerror(errno syscall.Errno) string {
	if s, ok := strerror[errno]; ok {
		return s
	}
	s := errno.Error()
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
