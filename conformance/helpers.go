package conformance

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// Helpers are the programs the spec cases call, as moonix commands. They
// behave like the Python 2 scripts in Oils' spec/bin, byte for byte.
func Helpers() map[string]func(*builtins.Call) int {
	return map[string]func(*builtins.Call) int{
		"argv.py":          argvPy,
		"printenv.py":      printenvPy,
		"stdout_stderr.py": stdoutStderrPy,
		"read_from_fd.py":  readFromFdPy,
		"python2":          python2,
	}
}

// argvPy prints its arguments as Python 2's print(sys.argv[1:]).
func argvPy(c *builtins.Call) int {
	fmt.Fprintln(c.Stdout, PyListRepr(c.Args[1:]))
	return 0
}

// PyListRepr is Python 2's repr of a list of byte strings.
func PyListRepr(items []string) string {
	reprs := make([]string, len(items))
	for i, s := range items {
		reprs[i] = PyRepr(s)
	}
	return "[" + strings.Join(reprs, ", ") + "]"
}

// PyRepr is Python 2's repr of a byte string (str): single quotes unless
// the string holds a single quote and no double quote; backslash, the quote
// in use, \t \n \r escaped; other bytes outside printable ASCII as \xNN.
func PyRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == quote || ch == '\\':
			b.WriteByte('\\')
			b.WriteByte(ch)
		case ch == '\t':
			b.WriteString(`\t`)
		case ch == '\n':
			b.WriteString(`\n`)
		case ch == '\r':
			b.WriteString(`\r`)
		case ch < ' ' || ch >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, ch)
		default:
			b.WriteByte(ch)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// printenvPy prints each named variable of the environment, or None.
func printenvPy(c *builtins.Call) int {
	for _, name := range c.Args[1:] {
		if v, ok := c.LookupEnv(name); ok {
			fmt.Fprintln(c.Stdout, v)
		} else {
			fmt.Fprintln(c.Stdout, "None")
		}
	}
	return 0
}

// stdoutStderrPy prints OUT to stdout and ERR to stderr and exits STATUS
// (defaults STDOUT, STDERR, 0). Python writes stderr at once and stdout
// when it exits (stdout is not a terminal), so when both go to one place
// the error line comes first.
func stdoutStderrPy(c *builtins.Call) int {
	out, errText, status := "STDOUT", "STDERR", 0
	args := c.Args[1:]
	if len(args) > 0 {
		out = args[0]
	}
	if len(args) > 1 {
		errText = args[1]
	}
	if len(args) > 2 {
		n, err := strconv.Atoi(strings.TrimSpace(args[2]))
		if err != nil {
			fmt.Fprintf(c.Stderr, "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: %s\n", PyRepr(args[2]))
			return 1
		}
		status = n & 0xff
	}
	fmt.Fprintln(c.Stderr, errText)
	fmt.Fprintln(c.Stdout, out)
	return status
}

// readFromFdPy prints "FD: " and up to 1024 bytes read from each
// descriptor. moonix commands have descriptors 0, 1 and 2 only; 1 and 2
// are for writing, and any other number is not open, so reading them fails
// as it does for Python: "FATAL: Error reading from fd N: ...", status 1.
func readFromFdPy(c *builtins.Call) int {
	for _, arg := range c.Args[1:] {
		fd, err := strconv.Atoi(arg)
		if err != nil {
			fmt.Fprintf(c.Stderr, "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: %s\n", PyRepr(arg))
			return 1
		}
		in := c.Stdin
		if fd != 0 {
			// the shell serves its other descriptors as /dev/fd/N
			f, err := c.FS.OpenFile("/dev/fd/"+arg, os.O_RDONLY, 0)
			if err != nil {
				fmt.Fprintf(c.Stderr, "FATAL: Error reading from fd %d: [Errno 9] Bad file descriptor\n", fd)
				return 1
			}
			defer f.Close()
			in = f
		}
		buf := make([]byte, 1024)
		n, err := io.ReadFull(in, buf)
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			fmt.Fprintf(c.Stderr, "FATAL: Error reading from fd %d: %v\n", fd, err)
			return 1
		}
		fmt.Fprintf(c.Stdout, "%d: ", fd)
		c.Stdout.Write(buf[:n])
	}
	return 0
}

// The few `python2 -c` programs the cases run to make bytes a shell cannot
// easily write. Anything else is refused, so a case that needs real Python
// fails visibly instead of passing by accident.
var (
	pyPrintRE  = regexp.MustCompile(`^\s*print\s*\(?\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\)?\s*$`)
	pyFormatRE = regexp.MustCompile(`^\s*print\s*\(\s*("(?:[^"\\]|\\.)*")\s*%\s*\(\s*("(?:[^"\\]|\\.)*")\s*\*\s*(\d+)\s*\)\s*\)\s*$`)
	pyReprRE   = regexp.MustCompile(`^\s*import sys;\s*print\s+repr\(sys\.argv\[1\]\)\s*$`)
)

func python2(c *builtins.Call) int {
	args := c.Args[1:]
	if len(args) < 2 || args[0] != "-c" {
		fmt.Fprintln(c.Stderr, "python2: the sandbox's python2 only runs a few -c programs")
		return 2
	}
	prog, argv := args[1], args[2:]
	if m := pyPrintRE.FindStringSubmatch(prog); m != nil {
		fmt.Fprintln(c.Stdout, PyUnquote(m[1]))
		return 0
	}
	if m := pyFormatRE.FindStringSubmatch(prog); m != nil {
		n, _ := strconv.Atoi(m[3])
		fmt.Fprintln(c.Stdout, strings.Replace(PyUnquote(m[1]), "%s", strings.Repeat(PyUnquote(m[2]), n), 1))
		return 0
	}
	if pyReprRE.MatchString(prog) {
		if len(argv) == 0 {
			fmt.Fprintln(c.Stderr, "IndexError: list index out of range")
			return 1
		}
		fmt.Fprintln(c.Stdout, PyRepr(argv[0]))
		return 0
	}
	fmt.Fprintf(c.Stderr, "python2: the sandbox's python2 cannot run %q\n", prog)
	return 2
}

// PyUnquote decodes a Python 2 byte-string literal, quotes included.
func PyUnquote(lit string) string {
	body := lit[1 : len(lit)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		ch := body[i]
		if ch != '\\' || i+1 == len(body) {
			b.WriteByte(ch)
			continue
		}
		i++
		switch e := body[i]; e {
		case '\n':
			// a backslash-newline continues the literal
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'x':
			if i+2 < len(body) {
				if n, err := strconv.ParseUint(body[i+1:i+3], 16, 8); err == nil {
					b.WriteByte(byte(n))
					i += 2
					continue
				}
			}
			b.WriteString("\\x")
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, j := 0, i
			for ; j < len(body) && j < i+3 && body[j] >= '0' && body[j] <= '7'; j++ {
				n = n*8 + int(body[j]-'0')
			}
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}
