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

// readNeedsMoonix reports whether a read call uses options that interp's
// read lacks (-n, -N, -d, -t, -u); plain reads stay with the interpreter.
func readNeedsMoonix(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			return false
		}
		for j := 1; j < len(a); j++ {
			if strings.IndexByte("nNdtu", a[j]) >= 0 {
				return true
			}
			if strings.IndexByte("ap", a[j]) >= 0 {
				if j == len(a)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return false
}

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
		o.names = []string{"REPLY"}
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
	line, status := readInput(ctx, c.Stdin, o)
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
	for i, name := range o.names {
		v := ""
		if i < len(fields) {
			v = fields[i]
		}
		fmt.Fprintf(&assign, "%s=%s; ", name, quoteWord(v))
	}
	return assign.String(), status
}

// readInput reads up to the delimiter (or count characters) and processes
// backslashes unless raw. The status is 1 at end of input before the
// delimiter and 142 on timeout, as in bash.
func readInput(ctx context.Context, in io.Reader, o readOpts) (string, int) {
	f, _ := in.(*os.File)
	if o.hasTime && f != nil {
		f.SetReadDeadline(time.Now().Add(o.timeout))
		defer f.SetReadDeadline(time.Time{})
	}
	var b strings.Builder
	n := 0
	var buf [1]byte
	for o.count < 0 || n < o.count {
		if ctx.Err() != nil {
			return b.String(), 130
		}
		m, err := in.Read(buf[:])
		if m == 0 {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return b.String(), 142
			}
			if err != nil {
				return b.String(), 1
			}
			continue
		}
		ch := buf[0]
		if ch == o.delim && !o.exact {
			return b.String(), 0
		}
		if ch == '\\' && !o.raw {
			if _, err := in.Read(buf[:]); err != nil {
				return b.String(), 1
			}
			if buf[0] == '\n' {
				continue // a line continuation
			}
			ch = buf[0]
		}
		if ch == 0 {
			continue // bash drops NUL bytes: a shell string has none
		}
		b.WriteByte(ch)
		n++
	}
	return b.String(), 0
}

// splitIFS splits a read line into at most max fields (all when max < 0) as
// read does: IFS whitespace around fields is dropped, other IFS characters
// separate fields one each, and the last field keeps the rest of the line.
func splitIFS(line, ifs string, max int) []string {
	isWS := func(ch byte) bool { return strings.IndexByte(ifs, ch) >= 0 && strings.IndexByte(" \t\n", ch) >= 0 }
	isSep := func(ch byte) bool { return strings.IndexByte(ifs, ch) >= 0 }
	if ifs == "" {
		if max == 0 {
			return nil
		}
		return []string{line}
	}
	i := 0
	for i < len(line) && isWS(line[i]) {
		i++
	}
	var fields []string
	for i < len(line) {
		if max > 0 && len(fields) == max-1 {
			rest := line[i:]
			j := len(rest)
			for j > 0 && isWS(rest[j-1]) {
				j--
			}
			// A single trailing non-whitespace separator is dropped too.
			if j > 0 && isSep(rest[j-1]) && !isWS(rest[j-1]) && strings.IndexFunc(rest[:j-1], func(r rune) bool { return r < 128 && isSep(byte(r)) }) < 0 {
				j--
			}
			fields = append(fields, rest[:j])
			return fields
		}
		start := i
		for i < len(line) && !isSep(line[i]) {
			i++
		}
		fields = append(fields, line[start:i])
		for i < len(line) && isWS(line[i]) {
			i++
		}
		if i < len(line) && isSep(line[i]) && !isWS(line[i]) {
			i++
			for i < len(line) && isWS(line[i]) {
				i++
			}
		}
	}
	return fields
}
