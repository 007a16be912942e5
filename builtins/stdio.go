package builtins

import (
	"context"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/vfs"
)

// WithStdio returns fsys with the per-command devices served on top of it:
// /dev/stdin, /dev/stdout, /dev/stderr (and /dev/fd/0, 1, 2) are the given
// streams, and /dev/null is always the null device, whatever the tree holds.
// The shell wraps the FS of every command this way, and opens redirection
// targets through it too, so both see the same devices.
func WithStdio(fsys vfs.FS, stdin io.Reader, stdout, stderr io.Writer) vfs.FS {
	return stdioFS{FS: fsys, in: stdin, out: stdout, err: stderr}
}

// WithFds is WithStdio for a command that has descriptors above 2 (a
// process substitution's pipe, exec 3<file): /dev/fd/N is what fd(N)
// returns, when ok.
func WithFds(fsys vfs.FS, stdin io.Reader, stdout, stderr io.Writer, fd func(n int) (r io.Reader, w io.Writer, ok bool)) vfs.FS {
	return stdioFS{FS: fsys, in: stdin, out: stdout, err: stderr, fd: fd}
}

type stdioFS struct {
	vfs.FS
	in       io.Reader
	out, err io.Writer
	fd       func(n int) (io.Reader, io.Writer, bool)
	// ctx, when set, is the command's: the opening of a FIFO's end waits
	// for the other end until it ends (vfs.WaitOpen), and so do the
	// reads and writes that follow.
	ctx context.Context
}

func (s stdioFS) stream(name string) (*stream, bool) {
	if n, ok := strings.CutPrefix(name, "/dev/fd/"); ok && s.fd != nil {
		if fd, err := strconv.Atoi(n); err == nil && fd > 2 {
			if r, w, ok := s.fd(fd); ok {
				return &stream{name: name, r: r, w: w}, true
			}
		}
	}
	switch name {
	case "/dev/stdin", "/dev/fd/0":
		return &stream{name: name, r: s.in}, true
	case "/dev/stdout", "/dev/fd/1":
		return &stream{name: name, w: s.out}, true
	case "/dev/stderr", "/dev/fd/2":
		return &stream{name: name, w: s.err}, true
	case "/dev/null":
		return &stream{name: name, r: eofReader{}, w: io.Discard}, true
	}
	return nil, false
}

func (s stdioFS) OpenFile(name string, flag int, perm fs.FileMode) (vfs.File, error) {
	if st, ok := s.stream(name); ok {
		return st, nil
	}
	f, err := s.FS.OpenFile(name, flag, perm)
	if err == nil && s.ctx != nil {
		err = vfs.WaitOpen(s.ctx, f)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (s stdioFS) Stat(name string) (fs.FileInfo, error) {
	if st, ok := s.stream(name); ok {
		return st.Stat()
	}
	return s.FS.Stat(name)
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// stream is an open device: a reader or writer that is not closed with it.
type stream struct {
	name string
	r    io.Reader
	w    io.Writer
}

var _ vfs.File = (*stream)(nil)

func (s *stream) Name() string { return s.name }

func (s *stream) Read(p []byte) (int, error) {
	if s.r == nil {
		return 0, &fs.PathError{Op: "read", Path: s.name, Err: syscall.EBADF}
	}
	return s.r.Read(p)
}

func (s *stream) Write(p []byte) (int, error) {
	if s.w == nil {
		return 0, &fs.PathError{Op: "write", Path: s.name, Err: syscall.EBADF}
	}
	return s.w.Write(p)
}

func (s *stream) Seek(int64, int) (int64, error) {
	return 0, &fs.PathError{Op: "seek", Path: s.name, Err: syscall.ESPIPE}
}

func (s *stream) ReadAt([]byte, int64) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: s.name, Err: syscall.ESPIPE}
}

func (s *stream) WriteAt([]byte, int64) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: s.name, Err: syscall.ESPIPE}
}

func (s *stream) Close() error { return nil }

func (s *stream) Truncate(int64) error { return nil }

func (s *stream) ReadDir(int) ([]fs.DirEntry, error) {
	return nil, &fs.PathError{Op: "readdirent", Path: s.name, Err: syscall.ENOTDIR}
}

func (s *stream) Stat() (fs.FileInfo, error) { return streamInfo{s.name}, nil }

type streamInfo struct{ name string }

func (i streamInfo) Name() string       { return i.name[len("/dev/"):] }
func (i streamInfo) Size() int64        { return 0 }
func (i streamInfo) Mode() fs.FileMode  { return fs.ModeDevice | fs.ModeCharDevice | 0o666 }
func (i streamInfo) ModTime() time.Time { return time.Time{} }
func (i streamInfo) IsDir() bool        { return false }
func (i streamInfo) Sys() any           { return nil }
