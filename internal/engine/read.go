package engine

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// readOpts are read's options.
type readOpts struct {
	raw     bool
	array   string
	delim   byte
	count   int // -n (at most) or -N (exactly, with exact): -1 none
	exact   bool
	prompt  string
	fd      int
	timeout time.Duration
	hasTime bool
	names   []string
}

func readBuiltin(p *proc, args []string) int {
	o := readOpts{delim: '\n', count: -1}
	rest := args[1:]
	for len(rest) > 0 {
		a := rest[0]
		if a == "--" {
			rest = rest[1:]
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		rest = rest[1:]
		for i := 1; i < len(a); i++ {
			c := a[i]
			switch c {
			case 'r':
				o.raw = true
				continue
			case 's', 'e':
				continue
			}
			if strings.IndexByte("adinNptu", c) < 0 {
				p.errorf("read: -%c: invalid option", c)
				p.writeErr("read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n")
				return 2
			}
			val := a[i+1:]
			if val == "" {
				if len(rest) == 0 {
					p.errorf("read: -%c: option requires an argument", c)
					p.writeErr("read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n")
					return 2
				}
				val, rest = rest[0], rest[1:]
			}
			switch c {
			case 'a':
				o.array = val
			case 'd':
				o.delim = 0
				if val != "" {
					o.delim = val[0]
				}
			case 'n', 'N':
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 {
					p.errorf("read: %s: invalid number", val)
					return 1
				}
				o.count, o.exact = n, c == 'N'
			case 'p':
				o.prompt = val
			case 't':
				secs, err := strconv.ParseFloat(val, 64)
				if err != nil || secs < 0 {
					p.errorf("read: %s: invalid timeout specification", val)
					return 1
				}
				o.timeout, o.hasTime = time.Duration(secs*float64(time.Second)), true
			case 'u':
				fd, err := strconv.Atoi(val)
				if err != nil || fd < 0 {
					p.errorf("read: %s: invalid file descriptor specification", val)
					return 1
				}
				o.fd = fd
			}
			break
		}
	}
	o.names = rest
	for _, n := range append([]string{o.array}, o.names...) {
		if n == "" {
			continue
		}
		base, _, hasSub := splitSubscript(n)
		if !hasSub {
			base = n
		}
		if !syntax.ValidName(base) {
			p.errorf("read: `%s': not a valid identifier", n)
			return 1
		}
	}
	f := p.fds.get(o.fd)
	if f == nil || f.r == nil {
		p.errorf("read: %d: invalid file descriptor: %s", o.fd, p.fsError(errnoOf(errBadFd)))
		return 1
	}
	if o.hasTime && o.timeout == 0 {
		return boolStatus(inputReady(f.r))
	}
	line, escaped, status := p.readInput(f.r, o)
	if status == 2 {
		return 1
	}
	ifs, set := p.getStr("IFS")
	if !set {
		ifs = " \t\n"
	}
	if o.exact {
		// read -N splits nothing
		ifs = ""
	}
	if o.array != "" {
		var fields []string
		if len(line) > 0 {
			fields = splitRead(line, escaped, ifs, -1)
		}
		p.unsetVar(o.array, false)
		p.setArrayValuesLocal(o.array, fields)
		return status
	}
	names := o.names
	if len(names) == 0 {
		// REPLY keeps the line whole, white space included
		if !p.setVar("REPLY", unescapedLine(line, escaped)) {
			return 1
		}
		return status
	}
	fields := splitRead(line, escaped, ifs, len(names))
	for i, name := range names {
		v := ""
		if i < len(fields) {
			v = fields[i]
		}
		ok := true
		if base, sub, hasSub := splitSubscript(name); hasSub {
			ok = p.setElemText(base, sub, v)
		} else {
			ok = p.setVar(name, v)
		}
		if !ok {
			return 1
		}
	}
	return status
}

// setArrayValuesLocal assigns an indexed array through namerefs.
func (p *proc) setArrayValuesLocal(name string, vals []string) {
	v, _, _ := p.varFor(name)
	if v == nil {
		return
	}
	if v.attrs&aReadonly != 0 {
		p.errorf("%s: readonly variable", name)
		return
	}
	v.kind, v.arr, v.str, v.assoc = kIndexed, &indexed{vals: vals}, "", nil
	v.attrs |= aSet
}

// inputReady answers read -t 0: whether input is available.
func inputReady(r io.Reader) bool {
	switch r := r.(type) {
	case *pipeReader:
		r.p.mu.Lock()
		defer r.p.mu.Unlock()
		return r.p.count > 0 || r.p.wClosed
	case nullFile:
		return true
	}
	return true
}

var errTimeout = errors.New("timeout")

// readInput reads up to the delimiter (or a count of characters), never
// taking a byte after it from r: the next reader of the same input
// starts right after the delimiter, as with bash. escaped marks the
// bytes a backslash quoted (nil when none was). The status is 1 at end of input, 142 on
// timeout.
func (p *proc) readInput(r io.Reader, o readOpts) ([]byte, []bool, int) {
	var line []byte
	var escaped []bool
	var deadline time.Time
	if o.hasTime {
		deadline = time.Now().Add(o.timeout)
	}
	in := newLineReader(r, o)
	defer in.release()
	read := func() (byte, error) {
		if o.hasTime {
			if pr, ok := r.(*pipeReader); ok {
				return pr.readByteBefore(deadline)
			}
		}
		return in.next()
	}
	chars := 0
	limit := p.sh.valueLimit()
	for o.count < 0 || chars < o.count {
		if p.ctx.Err() != nil {
			return line, escaped, 130
		}
		if limit > 0 && int64(len(line)) >= limit {
			p.errorf("read: %s", p.sh.memoryMsg())
			return nil, nil, 2
		}
		if run := in.run(o.raw, limit-int64(len(line))); len(run) > 0 {
			line = append(line, run...)
			if escaped != nil {
				escaped = append(escaped, make([]bool, len(run))...)
			}
			continue
		}
		c, err := read()
		if err != nil {
			if err == io.ErrNoProgress {
				continue
			}
			if err == errTimeout {
				return line, escaped, 142
			}
			if !errors.Is(err, io.EOF) {
				p.errorf("read: read error: %d: %s", o.fd, p.fsError(errnoOf(err)))
				return line, escaped, 2
			}
			return line, escaped, 1
		}
		if c == o.delim && !o.exact {
			return line, escaped, 0
		}
		if c == 0 {
			// a shell string cannot hold NUL: read drops it
			continue
		}
		if c == '\\' && !o.raw {
			c2, err := read()
			if err != nil {
				return line, escaped, 1
			}
			if c2 == '\n' {
				// a line continuation, whatever the delimiter
				continue
			}
			if escaped == nil {
				escaped = make([]bool, len(line), cap(line))
			}
			line = append(line, c2)
			escaped = append(escaped, true)
			chars++
			continue
		}
		line = append(line, c)
		if escaped != nil {
			escaped = append(escaped, false)
		}
		if c < 0x80 || c >= 0xc0 {
			chars++
		}
	}
	return line, escaped, 0
}

// lineReader gives read its input a byte at a time while taking it from
// r in blocks where it can do so without taking what read must leave:
// from an in-process pipe, what is buffered up to the delimiter; from a
// file it can seek in (a regular file, a here-document), a block, then
// it seeks back to just after what read used, as bash does. Any other
// input, and read -n, -N and -t, go a byte at a time.
type lineReader struct {
	r        io.Reader
	pipe     *pipeReader
	seeker   io.Seeker
	delim    byte
	pos, end int
	// buf is a block: a line of the usual length is one read, a file
	// gives back what follows it, and a longer line takes more reads
	buf [256]byte
}

var lineReaders = sync.Pool{New: func() any { return new(lineReader) }}

func newLineReader(r io.Reader, o readOpts) *lineReader {
	in := lineReaders.Get().(*lineReader)
	in.r, in.pipe, in.seeker, in.delim, in.pos, in.end = r, nil, nil, o.delim, 0, 0
	if o.count >= 0 || o.exact || o.hasTime {
		return in
	}
	if f, ok := r.(*ofile); ok {
		r = f.r
	}
	switch r := r.(type) {
	case *pipeReader:
		in.pipe = r
	case io.Seeker:
		if _, err := r.Seek(0, io.SeekCurrent); err == nil {
			in.seeker = r
		}
	}
	return in
}

func (in *lineReader) next() (byte, error) {
	if in.pos < in.end {
		c := in.buf[in.pos]
		in.pos++
		return c, nil
	}
	if in.pipe == nil && in.seeker == nil {
		return readByte(in.r, in.buf[:1])
	}
	var n int
	var err error
	if in.pipe != nil {
		n, err = in.pipe.readUntil(in.buf[:], in.delim)
	} else {
		n, err = in.r.Read(in.buf[:]) // release seeks back over the rest
	}
	if n == 0 {
		if err == nil {
			err = io.ErrNoProgress
		}
		return 0, err
	}
	in.pos, in.end = 1, n
	return in.buf[0], nil
}

// run takes the buffered bytes before the first one read must look at
// (the delimiter, a NUL, a backslash unless raw), at most max of them
// when max is positive (max 0 or less: no limit, the value limit is off).
func (in *lineReader) run(raw bool, max int64) []byte {
	b := in.buf[in.pos:in.end]
	if max > 0 && int64(len(b)) > max {
		b = b[:max]
	}
	i := 0
	for i < len(b) {
		if c := b[i]; c == in.delim || c == 0 || c == '\\' && !raw {
			break
		}
		i++
	}
	in.pos += i
	return b[:i]
}

// release returns to a file what read took and did not use (what
// follows the delimiter in the last block), and in to the pool.
func (in *lineReader) release() {
	if in.seeker != nil && in.pos < in.end {
		in.seeker.Seek(int64(in.pos-in.end), io.SeekCurrent)
	}
	in.r, in.pipe, in.seeker = nil, nil, nil
	lineReaders.Put(in)
}

// readByte reads one byte into buf (of length 1); a read that returns
// nothing and no error gives io.ErrNoProgress.
func readByte(r io.Reader, buf []byte) (byte, error) {
	n, err := r.Read(buf)
	if n == 1 {
		return buf[0], nil
	}
	if err == nil {
		err = io.ErrNoProgress
	}
	return 0, err
}

// readByteBefore reads one byte of the pipe, waiting until deadline.
func (r *pipeReader) readByteBefore(deadline time.Time) (byte, error) {
	p := r.p
	timer := time.AfterFunc(time.Until(deadline), func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	defer timer.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.count == 0 {
		if p.wClosed || p.rClosed {
			return 0, io.EOF
		}
		if !time.Now().Before(deadline) {
			return 0, errTimeout
		}
		p.cond.Wait()
	}
	var c [1]byte
	p.take(c[:])
	p.cond.Broadcast()
	return c[0], nil
}

func unescapedLine(line []byte, escaped []bool) string { return string(line) }

// splitRead splits a line read into at most max fields (all when max <
// 0) as read does: IFS white space around fields is dropped, each other
// IFS character ends one field, the last field keeps the rest of the
// line; escaped characters never separate (escaped nil: none is).
func splitRead(line []byte, escaped []bool, ifs string, max int) []string {
	isSep := func(i int) bool {
		return (escaped == nil || !escaped[i]) && strings.IndexByte(ifs, line[i]) >= 0
	}
	isWS := func(i int) bool { return isSep(i) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n') }
	if ifs == "" {
		if max == 0 {
			return nil
		}
		return []string{string(line)}
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
			// a single trailing separator that is not white space is
			// dropped too, when it is the only one left
			if j > i && isSep(j-1) && !isWS(j-1) {
				other := false
				for k := i; k < j-1; k++ {
					if isSep(k) {
						other = true
						break
					}
				}
				if !other {
					j--
				}
			}
			fields = append(fields, string(line[i:j]))
			return fields
		}
		start := i
		for i < len(line) && !isSep(i) {
			i++
		}
		fields = append(fields, string(line[start:i]))
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

func mapfileBuiltin(p *proc, args []string) int {
	name := args[0]
	rest := args[1:]
	delim := byte('\n')
	count, origin, skip, fd := 0, -1, 0, 0
	trim := false
	callback := ""
	quantum := 5000
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") && len(rest[0]) > 1 {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		c := a[1]
		if c == 't' {
			trim = true
			if len(a) > 2 {
				p.errorf("%s: %s: invalid option", name, a)
				return 2
			}
			continue
		}
		if strings.IndexByte("dnOsuCc", c) < 0 {
			p.errorf("%s: -%c: invalid option", name, c)
			p.writeErr(name + ": usage: " + name + " [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n")
			return 2
		}
		val := a[2:]
		if val == "" {
			if len(rest) == 0 {
				p.errorf("%s: -%c: option requires an argument", name, c)
				return 2
			}
			val, rest = rest[0], rest[1:]
		}
		if c == 'd' {
			delim = 0
			if val != "" {
				delim = val[0]
			}
			continue
		}
		if c == 'C' {
			callback = val
			continue
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			p.errorf("%s: %s: invalid number", name, val)
			return 1
		}
		switch c {
		case 'n':
			count = n
		case 'O':
			origin = n
		case 's':
			skip = n
		case 'u':
			fd = n
		case 'c':
			quantum = n
		}
	}
	arrName := "MAPFILE"
	if len(rest) > 0 {
		arrName = rest[0]
	}
	if !syntax.ValidName(arrName) {
		p.errorf("%s: `%s': not a valid identifier", name, arrName)
		return 1
	}
	f := p.fds.get(fd)
	if f == nil || f.r == nil {
		p.errorf("%s: %d: invalid file descriptor: %s", name, fd, p.fsError(errnoOf(errBadFd)))
		return 1
	}
	v, rname, _ := p.varFor(arrName)
	if v == nil {
		return 1
	}
	if v.attrs&aReadonly != 0 {
		p.errorf("%s: readonly variable", rname)
		return 1
	}
	if v.kind != kIndexed || origin < 0 || v.arr == nil {
		if v.kind == kAssoc {
			p.errorf("%s: %s: not an indexed array", name, rname)
			return 1
		}
		if origin < 0 || v.kind != kIndexed || v.arr == nil {
			v.kind, v.arr, v.str = kIndexed, &indexed{}, ""
		}
	}
	if origin < 0 {
		origin = 0
	}
	v.attrs |= aSet
	idx := int64(origin)
	read := 0
	var buf [1]byte
	var line []byte
	for count == 0 || read < count {
		line = line[:0]
		eof := false
		for {
			n, err := f.r.Read(buf[:])
			if n == 0 {
				if err != nil {
					eof = true
					break
				}
				continue
			}
			line = append(line, buf[0])
			if buf[0] == delim {
				break
			}
		}
		if len(line) == 0 && eof {
			break
		}
		if skip > 0 {
			skip--
			if eof {
				break
			}
			continue
		}
		s := string(line)
		if trim && len(s) > 0 && s[len(s)-1] == delim {
			s = s[:len(s)-1]
		}
		if i := strings.IndexByte(s, 0); i >= 0 {
			// a shell string ends at a NUL byte (the delimiter of -d '')
			s = s[:i]
		}
		v.arr.set(idx, s)
		if callback != "" && quantum > 0 && (read+1)%quantum == 0 {
			p.evalText(callback + " " + formatInt(idx) + " " + quoteValue(s))
		}
		idx++
		read++
		if eof {
			break
		}
	}
	return 0
}

// evalText runs program text in p (as eval does).
func (p *proc) evalText(src string) int {
	return evalBuiltin(p, []string{"eval", src})
}

func getoptsBuiltin(p *proc, args []string) int {
	if len(args) < 3 {
		p.writeErr("getopts: usage: getopts optstring name [arg ...]\n")
		return 2
	}
	optstring, name := args[1], args[2]
	params := args[3:]
	if len(args) == 3 {
		params = p.params()
	}
	// an invalid name is reported when getopts would set it: the
	// options are read all the same, and the status is 1
	status := 0
	setName := func(val string) {
		if !syntax.ValidName(name) {
			p.errorf("getopts: `%s': not a valid identifier", name)
			status = 1
			return
		}
		p.setVar(name, val)
	}
	silent := strings.HasPrefix(optstring, ":")
	if silent {
		optstring = optstring[1:]
	}
	optindStr, _ := p.getStr("OPTIND")
	optind, err := strconv.Atoi(strings.TrimSpace(optindStr))
	if err != nil || optind < 1 {
		optind = 1
	}
	if optind != p.getoptsInd {
		p.getoptsChar = 0
	}
	end := func() int {
		setName("?")
		p.unsetVar("OPTARG", false)
		p.setVar("OPTIND", strconv.Itoa(optind))
		p.getoptsInd, p.getoptsChar = optind, 0
		return 1
	}
	if optind > len(params) {
		optind = len(params) + 1
		return end()
	}
	arg := params[optind-1]
	if p.getoptsChar == 0 {
		if len(arg) < 2 || arg[0] != '-' {
			return end()
		}
		if arg == "--" {
			optind++
			return end()
		}
		p.getoptsChar = 1
	}
	c := arg[p.getoptsChar]
	p.getoptsChar++
	advance := func() {
		if p.getoptsChar >= len(arg) {
			optind++
			p.getoptsChar = 0
		}
	}
	i := strings.IndexByte(optstring, c)
	if i < 0 || c == ':' {
		advance()
		if silent {
			p.setVar("OPTARG", string(c))
		} else {
			p.writeErr(p.sh.cfg.Name + ": illegal option -- " + string(c) + "\n")
			p.unsetVar("OPTARG", false)
		}
		setName("?")
		p.setVar("OPTIND", strconv.Itoa(optind))
		p.getoptsInd = optind
		return status
	}
	if i+1 < len(optstring) && optstring[i+1] == ':' {
		if p.getoptsChar < len(arg) {
			p.setVar("OPTARG", arg[p.getoptsChar:])
			optind++
			p.getoptsChar = 0
		} else if optind < len(params) {
			p.setVar("OPTARG", params[optind])
			optind += 2
			p.getoptsChar = 0
		} else {
			optind++
			p.getoptsChar = 0
			if silent {
				setName(":")
				p.setVar("OPTARG", string(c))
			} else {
				p.writeErr(p.sh.cfg.Name + ": option requires an argument -- " + string(c) + "\n")
				setName("?")
				p.unsetVar("OPTARG", false)
			}
			p.setVar("OPTIND", strconv.Itoa(optind))
			p.getoptsInd = optind
			return status
		}
	} else {
		advance()
		p.unsetVar("OPTARG", false)
	}
	setName(string(c))
	p.setVar("OPTIND", strconv.Itoa(optind))
	p.getoptsInd = optind
	return status
}
