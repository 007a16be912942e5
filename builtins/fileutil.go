package builtins

// Helpers shared by the file commands (ls, cp, mv, rm, stat, find, du...).
// Their names start with "file" so that they do not collide with helpers of
// the other command groups in this package.

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/vfs"
)

// fileUsage reports a usage error such as a missing operand and returns 2.
func fileUsage(c *Call, format string, args ...any) int {
	c.Fail("%s (try '%s --help')", fmt.Sprintf(format, args...), c.Name())
	return 2
}

// fileFail reports "cmd: what 'name': reason", GNU's wording for most file
// errors ("cannot remove 'x': no such file or directory").
func fileFail(c *Call, what, name string, err error) {
	c.Fail("%s %s: %s", what, fileQuote(name), Reason(err))
}

// fileQuote quotes a name for a message the way GNU coreutils do under
// LC_ALL=C (shell-escape-always style): 'a b', "it's", and $'\n' for
// control characters.
func fileQuote(s string) string {
	special := false
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			special = true
			break
		}
	}
	if !special {
		if !strings.Contains(s, "'") {
			return "'" + s + "'"
		}
		if !strings.ContainsAny(s, "\"$`\\") {
			return `"` + s + `"`
		}
	}
	var b strings.Builder
	b.WriteByte('\'')
	open := true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\'':
			if open {
				b.WriteString(`'\''`)
			} else {
				b.WriteString(`\''`)
				open = true
			}
		case ch < 0x20 || ch == 0x7f:
			if open {
				b.WriteByte('\'')
				open = false
			}
			b.WriteString("$'")
			if letter, ok := cLetter(ch); ok {
				b.WriteByte('\\')
				b.WriteByte(letter)
			} else {
				fmt.Fprintf(&b, `\%03o`, ch)
			}
			b.WriteByte('\'')
		default:
			if !open {
				b.WriteByte('\'')
				open = true
			}
			b.WriteByte(ch)
		}
	}
	if open {
		b.WriteByte('\'')
	} else {
		b.WriteString("''")
	}
	return b.String()
}

// fileQuoteMaybe quotes a name only when it needs it (GNU's quotef), for
// messages of the form "cmd: name: reason".
func fileQuoteMaybe(s string) string {
	if s == "" {
		return "''"
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || strings.IndexByte("_./+:,%@=-^", ch) >= 0) {
			return fileQuote(s)
		}
	}
	return s
}

// filePosix converts the permission and special bits of m to the POSIX
// numeric form (04000 setuid, 02000 setgid, 01000 sticky, 0777).
func filePosix(m fs.FileMode) uint32 {
	p := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		p |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		p |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		p |= 0o1000
	}
	return p
}

// fileFromPosix is the inverse of filePosix.
func fileFromPosix(p uint32) fs.FileMode {
	m := fs.FileMode(p & 0o777)
	if p&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if p&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if p&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m
}

// fileType is what a mode's type bits say a file is, in each of the forms
// the commands print it.
type fileType struct {
	char byte   // ls -l's first letter
	name string // stat's %F
	bits uint32 // the S_IFMT bits of st_mode
}

// fileTypeOf classifies m; anything that is not a directory, symlink, fifo,
// socket or device counts as a regular file.
func fileTypeOf(m fs.FileMode) fileType {
	switch {
	case m.IsDir():
		return fileType{'d', "directory", 0o040000}
	case m&fs.ModeSymlink != 0:
		return fileType{'l', "symbolic link", 0o120000}
	case m&fs.ModeNamedPipe != 0:
		return fileType{'p', "fifo", 0o010000}
	case m&fs.ModeSocket != 0:
		return fileType{'s', "socket", 0o140000}
	case m&fs.ModeCharDevice != 0:
		return fileType{'c', "character special file", 0o020000}
	case m&fs.ModeDevice != 0:
		return fileType{'b', "block special file", 0o060000}
	}
	return fileType{'-', "regular file", 0o100000}
}

// fileTypeChar is the first letter of ls -l's mode column.
func fileTypeChar(m fs.FileMode) byte { return fileTypeOf(m).char }

// filePermString renders the nine permission letters with setuid, setgid
// and sticky folded in: "rwsr-xr-t".
func filePermString(p uint32) string {
	b := []byte("rwxrwxrwx")
	for i := range 9 {
		if p&(1<<(8-i)) == 0 {
			b[i] = '-'
		}
	}
	special := func(i int, bit uint32, set, unset byte) {
		if p&bit != 0 {
			if b[i] == 'x' {
				b[i] = set
			} else {
				b[i] = unset
			}
		}
	}
	special(2, 0o4000, 's', 'S')
	special(5, 0o2000, 's', 'S')
	special(8, 0o1000, 't', 'T')
	return string(b)
}

// fileModeString is ls -l's ten-character mode: "drwxr-xr-x".
func fileModeString(m fs.FileMode) string {
	return string(fileTypeChar(m)) + filePermString(filePosix(m))
}

// fileTypeName is stat's %F.
func fileTypeName(info fs.FileInfo) string {
	k := fileTypeOf(info.Mode())
	if k.char == '-' && info.Size() == 0 {
		return "regular empty file"
	}
	return k.name
}

// fileRawMode is st_mode as a number (stat %f): type bits and permissions.
func fileRawMode(m fs.FileMode) uint32 {
	return fileTypeOf(m).bits | filePosix(m)
}

// fileKiB is the space a file takes in the VFS's accounting, in 1 KiB
// units: a regular file takes its size rounded up to whole KiB; directories,
// symlinks and devices take nothing of their own. ls's "total", stat's
// Blocks, du and df all use this one rule so that they agree.
func fileKiB(info fs.FileInfo) int64 {
	if !info.Mode().IsRegular() {
		return 0
	}
	return (info.Size() + 1023) / 1024
}

// fileDevice is the made-up device number of the VFS (stat's Device line).
const (
	fileDevMajor = 0
	fileDevMinor = 42
)

// fileIOBlock is the preferred I/O size stat reports.
const fileIOBlock = 4096

// fileHuman renders a byte count like GNU's -h: "0", "1023", "1.1K", "11K",
// "1.0M", rounding up.
func fileHuman(n int64) string {
	if n < 1024 {
		return strconv.FormatInt(n, 10)
	}
	const units = "KMGTPEZY"
	v := float64(n)
	e := 0
	for v >= 1024 && e < len(units) {
		v /= 1024
		e++
	}
	if v < 10 {
		r := math.Ceil(v*10) / 10
		if r < 10 {
			return fmt.Sprintf("%.1f%c", r, units[e-1])
		}
		v = r
	}
	r := math.Ceil(v)
	if r >= 1024 && e < len(units) {
		return fmt.Sprintf("%.1f%c", r/1024, units[e])
	}
	return fmt.Sprintf("%.0f%c", r, units[e-1])
}

// fileUser names a uid from the sandbox's identity.
func fileUser(c *Call, uid uint32) string {
	switch {
	case int(uid) == c.Who.UID && c.Who.User != "":
		return c.Who.User
	case uid == 0:
		return "root"
	}
	return strconv.FormatUint(uint64(uid), 10)
}

// fileGroup names a gid from the sandbox's identity.
func fileGroup(c *Call, gid uint32) string {
	switch {
	case int(gid) == c.Who.GID && c.Who.Group != "":
		return c.Who.Group
	case gid == 0:
		return "root"
	}
	return strconv.FormatUint(uint64(gid), 10)
}

// fileTrailingSlash reports whether an operand ends in a slash that asks
// for a directory ("d/", but not "/").
func fileTrailingSlash(name string) bool {
	return len(name) > 1 && strings.HasSuffix(name, "/")
}

// fileLstat stats an operand without following a final symlink, except
// that a trailing slash ("link/") resolves it, as on POSIX systems.
func fileLstat(c *Call, name string) (fs.FileInfo, error) {
	p := c.Abs(name)
	if fileTrailingSlash(name) {
		info, err := c.FS.Stat(p)
		if err == nil && !info.IsDir() {
			return nil, &fs.PathError{Op: "stat", Path: p, Err: syscall.ENOTDIR}
		}
		return info, err
	}
	return c.FS.Lstat(p)
}

// fileSame reports whether two infos describe the same inode.
func fileSame(a, b fs.FileInfo) bool {
	sa, sb := vfs.StatOf(a), vfs.StatOf(b)
	return sa.Ino != 0 && sa.Ino == sb.Ino
}

// fileIsNotExist reports whether err means a missing file.
func fileIsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// fileJoin appends name to the directory operand dir the way GNU tools
// print it: "d" + "x" is "d/x", "d/" + "x" is "d/x", "." + "x" is "./x".
func fileJoin(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// fileBase is the last element of an operand, ignoring trailing slashes.
func fileBase(name string) string {
	t := strings.TrimRight(name, "/")
	switch {
	case t != "":
		return path.Base(t)
	case name != "":
		return "/"
	}
	return "."
}

// fileCopyData copies the contents of src to a new or truncated
// dst created with perm, honouring cancellation.
func fileCopyData(c *Call, src, dst string, perm fs.FileMode) error {
	in, err := c.FS.OpenFile(src, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := c.FS.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = copyCtx(c, out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// fileStatTime formats t in UTC (moonix's only zone) the way stat does: "2026-01-01 00:00:00.000000000 +0000".
func fileStatTime(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.000000000 -0700")
}

// fileNow reads the clock once, the first time it is asked: under
// clock.read a read of the real clock is an effect, so commands that need
// "now" only for some options (ls -l's recent files, find -mtime) read it
// only then.
type fileNow struct {
	clock interface{ Now() time.Time }
	once  sync.Once
	t     time.Time
}

func (n *fileNow) get() time.Time {
	n.once.Do(func() { n.t = n.clock.Now() })
	return n.t
}
