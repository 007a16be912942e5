package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/builtins"
)

// readOpts are the options of read.
type readOpts struct {
	raw     bool
	array   string
	prompt  string
	count   int // -n: at most count characters; -N: exactly (delimiter ignored)
	exact   bool
	delim   byte
	timeout time.Duration
	hasTime bool
	names   []string
	max     int64 // the longest line, in bytes, when positive
	reply   bool  // no name given: REPLY gets the line unsplit
}

func parseReadArgs(args []string) (readOpts, error) {
	o := readOpts{count: -1, delim: '\n'}
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		args = args[1:]
		for i := 1; i < len(a); i++ {
			f := a[i]
			switch f {
			case 'r':
				o.raw = true
				continue
			case 's', 'e':
				continue // no echo to turn off: input is not a terminal line editor
			}
			if !strings.ContainsRune("apnNdtu", rune(f)) {
				return o, fmt.Errorf("-%c: invalid option", f)
			}
			val := a[i+1:]
			if val == "" {
				if len(args) == 0 {
					return o, fmt.Errorf("-%c: option requires an argument", f)
				}
				val, args = args[0], args[1:]
			}
			switch f {
			case 'a':
				o.array = val
			case 'p':
				o.prompt = val
			case 'n', 'N':
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 {
					return o, fmt.Errorf("%s: invalid number", val)
				}
				o.count, o.exact = n, f == 'N'
			case 'd':
				o.delim = 0
				if val != "" {
					o.delim = val[0]
				}
			case 't':
				secs, err := strconv.ParseFloat(val, 64)
				if err != nil || secs < 0 {
					return o, fmt.Errorf("%s: invalid timeout specification", val)
				}
				o.timeout, o.hasTime = time.Duration(secs*float64(time.Second)), true
			case 'u':
				if val != "0" {
					return o, fmt.Errorf("%s: invalid file descriptor: only 0 exists in moonix", val)
				}
			}
			break
		}
	}
	o.names = args
	for _, n := range append([]string{o.array}, o.names...) {
		if n != "" && !syntax.ValidName(n) {
			return o, fmt.Errorf("`%s': not a valid identifier", n)
		}
	}
	if o.array == "" && len(o.names) == 0 {
		o.names, o.reply = []string{"REPLY"}, true
	}
	return o, nil
}

// readAssign runs read with the options interp lacks: it reads the input
// itself (byte by byte, so nothing after it is consumed) and splits it on
// ifs like bash. It returns the assignments to evaluate and read's status;
// a usage error is reported and gives status 2 with nothing to assign.
func readAssign(ctx context.Context, c *builtins.Call, ifs string) (string, int) {
	o, err := parseReadArgs(c.Args[1:])
	if err != nil {
		c.Fail("%v", err)
		if msg := err.Error(); strings.HasSuffix(msg, "invalid option") || strings.HasSuffix(msg, "requires an argument") {
			return "", 2
		}
		return "", 1 // bad values, as in bash
	}
	if o.prompt != "" {
		io.WriteString(c.Stderr, o.prompt)
	}
	o.max = c.MemLimit / 4
	line, status := readInput(ctx, c.Stdin, o)
	if status == statusTooLong {
		return "", c.OutOfMemory()
	}
	var assign strings.Builder
	if o.array != "" {
		assign.WriteString(o.array + "=(")
		for i, f := range splitIFS(line, ifs, -1) {
			if i > 0 {
				assign.WriteByte(' ')
			}
			assign.WriteString(quoteWord(f))
		}
		assign.WriteString(")")
		return assign.String(), status
	}
	fields := splitIFS(line, ifs, len(o.names))
	if o.reply {
		fields = []string{string(line.text)}
	}
	for i, name := range o.names {
		v := ""
		if i < len(fields) {
			v = fields[i]
		}
		fmt.Fprintf(&assign, "%s=%s; ", name, quoteWord(v))
	}
	return assign.String(), status
}

// statusTooLong is readInput's status for a line longer than o.max.
const statusTooLong = -1

// readInput reads up to the delimiter (or count characters) and processes
// backslashes unless raw. The status is 1 at end of input before the
// delimiter and 142 on timeout, as in bash; statusTooLong once the line
// would pass o.max bytes (when it is positive). A character a backslash
// escaped comes as escMark and the character, so that splitIFS does not
// take it for a separator.
func readInput(ctx context.Context, in io.Reader, o readOpts) (readLine, int) {
	f, _ := in.(*os.File)
	if o.hasTime && f != nil {
		f.SetReadDeadline(time.Now().Add(o.timeout))
		defer f.SetReadDeadline(time.Time{})
	}
	var l readLine
	n := 0
	var buf [1]byte
	for o.count < 0 || n < o.count {
		if ctx.Err() != nil {
			return l, 130
		}
		if o.max > 0 && int64(len(l.text)) >= o.max {
			return l, statusTooLong
		}
		m, err := in.Read(buf[:])
		if m == 0 {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return l, 142
			}
			if err != nil {
				return l, 1
			}
			continue
		}
		ch := buf[0]
		if ch == o.delim && !o.exact {
			return l, 0
		}
		escaped := false
		if ch == '\\' && !o.raw {
			if _, err := in.Read(buf[:]); err != nil {
				return l, 1
			}
			if buf[0] == '\n' {
				continue // a line continuation
			}
			ch, escaped = buf[0], true
		}
		if ch == 0 {
			continue // bash drops NUL bytes: a shell string has none
		}
		l.add(ch, escaped)
		n++
	}
	return l, 0
}

// readLine is a line read, with the bytes that a backslash escaped.
type readLine struct {
	text    []byte
	escaped []bool // nil when nothing was escaped
}

func (l *readLine) add(ch byte, escaped bool) {
	if escaped && l.escaped == nil {
		l.escaped = make([]bool, len(l.text), cap(l.text))
	}
	l.text = append(l.text, ch)
	if l.escaped != nil {
		l.escaped = append(l.escaped, escaped)
	}
}

// sep reports whether byte i is a separator of ifs (escaped ones are
// not).
func (l readLine) sep(ifs string, i int) bool {
	return strings.IndexByte(ifs, l.text[i]) >= 0 && (l.escaped == nil || !l.escaped[i])
}

// splitIFS splits a read line into at most max fields (all when max < 0) as
// read does: IFS whitespace around fields is dropped, other IFS characters
// separate fields one each, and the last field keeps the rest of the line.
// Escaped characters separate nothing.
func splitIFS(l readLine, ifs string, max int) []string {
	line := string(l.text)
	isSep := func(i int) bool { return l.sep(ifs, i) }
	isWS := func(i int) bool { return isSep(i) && strings.IndexByte(" \t\n", line[i]) >= 0 }
	if ifs == "" {
		if max == 0 {
			return nil
		}
		return []string{line}
	}
	i := 0
	for i < len(line) && isWS(i) {
		i++
	}
	var fields []string
	for i < len(line) {
		if max > 0 && len(fields) == max-1 {
			j := len(line)
			for j > i && isWS(j-1) {
				j--
			}
			// A single trailing non-whitespace separator is dropped too.
			if j > i && isSep(j-1) && !isWS(j-1) && !anySep(l, ifs, i, j-1) {
				j--
			}
			fields = append(fields, line[i:j])
			return fields
		}
		start := i
		for i < len(line) && !isSep(i) {
			i++
		}
		fields = append(fields, line[start:i])
		for i < len(line) && isWS(i) {
			i++
		}
		if i < len(line) && isSep(i) && !isWS(i) {
			i++
			for i < len(line) && isWS(i) {
				i++
			}
		}
	}
	return fields
}

// anySep reports whether a separator of ifs is among l's bytes lo..hi-1.
func anySep(l readLine, ifs string, lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if l.sep(ifs, i) {
			return true
		}
	}
	return false
}
