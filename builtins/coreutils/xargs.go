package coreutils

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/moonix-sh/moonix/builtins"
)

func xargsCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "xargs",
		Summary: "build and run command lines from standard input",
		Usage: `Usage: xargs [OPTION]... [COMMAND [INITIAL-ARGS]...]
Run COMMAND (default echo) with INITIAL-ARGS followed by items read from
standard input. Items are separated by blanks and newlines; single and
double quotes and backslashes quote, as in POSIX.

  -0, --null               items end with NUL; no quote processing
  -d, --delimiter=DELIM    items end with DELIM (a character or an escape
                           such as \n, \t, \0, \x2c); no quote processing
  -a, --arg-file=FILE      read items from FILE; commands keep stdin
  -E STR                   stop at an item equal to STR
  -e, --eof[=STR]          same as -E STR; without STR, no item stops
  -I, --replace=REPL       run COMMAND once per input line, replacing REPL in
                           INITIAL-ARGS with the line (implies -L 1)
  -i, --replace[=REPL]     same as -I REPL, or -I {} without REPL
  -L, --max-lines=N        use at most N non-blank input lines per command;
                           a line ending in a blank continues on the next
  -n, --max-args=N         use at most N items per command
  -P, --max-procs=N        run up to N commands at once (0: as many as
                           possible); the output of each is written whole
                           when it finishes
  -r, --no-run-if-empty    do not run COMMAND when there are no items
  -s, --max-chars=N        limit command lines to N bytes (default 131072)
  -t, --verbose            print each command line on standard error first
  -x, --exit               accepted for compatibility
Exit status: 123 if a command failed with status 1-125, 124 if one exited
with 255 (xargs stops), 126 or 127 if COMMAND could not be run.
`,
		Run: runXargs,
	}
}

const xargsDefaultSize = 131072

type xargsOpts struct {
	delim    int // -1: POSIX quoting
	eof      string
	replace  string
	hasRepl  bool
	maxLines int
	maxArgs  int
	procs    int
	size     int
	noEmpty  bool
	trace    bool
}

func runXargs(c *builtins.Call) int {
	c.Args = gluedOptional(c.Args, map[byte]string{'e': "eof", 'i': "replace"}, "adEILnPs", []string{"arg-file", "delimiter", "replace-str", "max-lines", "max-args", "max-procs", "max-chars"}, false)
	fl := c.Flags()
	fl.SetInterspersed(false)
	o := xargsOpts{delim: -1, size: xargsDefaultSize, procs: 1}
	var numErr string
	setNum := func(dst *int, opt string, min int) func(string) error {
		return func(v string) error {
			n, err := strconv.Atoi(v)
			if err != nil {
				if numErr == "" {
					numErr = fmt.Sprintf("invalid number \"%s\" for -%s option", v, opt)
				}
				return nil
			}
			if n < min {
				if numErr == "" {
					numErr = fmt.Sprintf("value %s for -%s option should be >= %d", v, opt, min)
				}
				return nil
			}
			*dst = n
			return nil
		}
	}
	var delimErr string
	callbackBoolFlag(fl, "null", "0", func() { o.delim = 0 })
	fl.VarP(callbackFlag(func(v string) error {
		d, ok := xargsDelim(v)
		if !ok {
			delimErr = fmt.Sprintf("Invalid input delimiter specification %s: the delimiter must be either a single character or an escape sequence starting with \\.", v)
			return nil
		}
		o.delim = d
		return nil
	}), "delimiter", "d", "")
	argFile := fl.StringP("arg-file", "a", "", "")
	fl.StringVarP(&o.eof, "E", "E", "", "")
	fl.StringVarP(&o.eof, "eof", "e", "", "")
	fl.Lookup("eof").NoOptDefVal = "\x00"
	// -I, -L and -n exclude each other, the later winning, with GNU's
	// warnings.
	var warnings []string
	userN, userL := false, false
	warn := func(prev, next, what string) {
		warnings = append(warnings, fmt.Sprintf("warning: options %s and %s are mutually exclusive, ignoring previous %s value", prev, next, what))
	}
	setReplace := func(v string) {
		switch {
		case userL:
			warn("--max-lines", "--replace/-I/-i", "--max-lines")
			userL = false
		case userN:
			warn("--max-args", "--replace/-I/-i", "--max-args")
			userN = false
		}
		o.replace, o.hasRepl, o.maxArgs, o.maxLines = v, true, 0, 1
	}
	fl.VarP(callbackFlag(func(v string) error { setReplace(v); return nil }), "replace-str", "I", "")
	f := fl.VarPF(callbackFlag(func(v string) error {
		if v == "true" {
			v = "{}"
		}
		setReplace(v)
		return nil
	}), "replace", "i", "")
	f.NoOptDefVal = "true"
	lines := 0
	fl.VarP(callbackFlag(func(v string) error {
		lines = 0
		if setNum(&lines, "L", 1)(v); lines == 0 {
			return nil
		}
		switch {
		case o.hasRepl:
			warn("--replace", "-L", "--replace")
		case userN:
			warn("--max-args", "-L", "--max-args")
		}
		o.maxLines, o.maxArgs, o.hasRepl = lines, 0, false
		userL, userN = true, false
		return nil
	}), "max-lines", "L", "")
	args := 0
	fl.VarP(callbackFlag(func(v string) error {
		args = 0
		if setNum(&args, "n", 1)(v); args == 0 {
			return nil
		}
		if userL {
			warn("--max-lines", "--max-args/-n", "--max-lines")
		}
		o.maxArgs, o.maxLines = args, 0
		userN, userL = true, false
		return nil
	}), "max-args", "n", "")
	fl.VarP(callbackFlag(setNum(&o.procs, "P", 0)), "max-procs", "P", "")
	fl.VarP(callbackFlag(setNum(&o.size, "s", 1)), "max-chars", "s", "")
	fl.BoolVarP(&o.noEmpty, "no-run-if-empty", "r", false, "")
	fl.BoolVarP(&o.trace, "verbose", "t", false, "")
	fl.BoolP("exit", "x", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	for _, w := range warnings {
		c.Fail("%s", w)
	}
	if o.eof == "\x00" {
		o.eof = ""
	}
	if delimErr != "" {
		c.Fail("%s", delimErr)
		return 1
	}
	if numErr != "" {
		return c.Usage("%s", numErr)
	}
	base := fl.Args()
	if len(base) == 0 {
		base = []string{"echo"}
	}
	if o.procs == 0 {
		o.procs = 64
	}

	input := c.Stdin
	cmdStdin := io.Reader(strings.NewReader(""))
	if *argFile != "" {
		r, err := c.Open(*argFile)
		if err != nil {
			c.FailWith(err, "Cannot open input file %s: %s", builtins.Quote(*argFile), builtins.Reason(err))
			return 1
		}
		defer r.Close()
		input = r
		if o.procs == 1 {
			cmdStdin = c.Stdin
		}
	}
	x := &xargsRun{c: c, o: o, base: base, stdin: cmdStdin}
	rd := newXargsReader(input, o)

	baseSize := 0
	for _, a := range base {
		baseSize += len(a) + 1
	}
	var items []string
	size := baseSize
	nlines := 0
	ran := false
	flush := func() bool {
		if len(items) == 0 && (ran || o.noEmpty) {
			return true
		}
		ran = true
		ok := x.launch(items)
		items, size, nlines = nil, baseSize, 0
		return ok
	}
	readErr := ""
	for !x.stopped() {
		if c.Canceled() {
			x.wait()
			return 130
		}
		item, eol, err := rd.next()
		if rd.nulWarn {
			rd.nulWarn = false
			x.mu.Lock()
			c.Fail("WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?")
			x.mu.Unlock()
		}
		if err != nil {
			if err != io.EOF {
				readErr = err.Error()
			}
			break
		}
		if eol {
			if o.maxLines > 0 && rd.lineHadItems {
				nlines++
				if nlines >= o.maxLines {
					if !flush() {
						break
					}
				}
			}
			continue
		}
		if o.hasRepl {
			items = []string{item}
			if !flush() {
				break
			}
			continue
		}
		if len(items) > 0 && size+len(item)+1 > o.size {
			if !flush() {
				break
			}
		}
		if baseSize+len(item)+1 > o.size && len(items) == 0 {
			x.wait()
			c.Fail("argument line too long")
			return 1
		}
		items = append(items, item)
		size += len(item) + 1
		if o.maxArgs > 0 && len(items) >= o.maxArgs {
			if !flush() {
				break
			}
		}
	}
	if !x.stopped() && !o.hasRepl {
		flush()
	}
	x.wait()
	if readErr != "" {
		c.Fail("%s", readErr)
		return 1
	}
	return x.status()
}

// xargsDelim decodes a -d argument: one character or a C escape.
func xargsDelim(s string) (int, bool) {
	if len(s) == 1 {
		return int(s[0]), true
	}
	if len(s) < 2 || s[0] != '\\' {
		return 0, false
	}
	if b, ok := cControl(s[1]); ok {
		return int(b), len(s) == 2
	}
	switch s[1] {
	case '\\':
		return '\\', len(s) == 2
	case 'x':
		n, err := strconv.ParseUint(s[2:], 16, 8)
		return int(n), err == nil && len(s) > 2
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n, err := strconv.ParseUint(s[1:], 8, 8)
		return int(n), err == nil
	}
	return 0, false
}

// xargsReader splits the input into items. next returns either an item, or
// eol=true at the end of a logical input line (for -L).
type xargsReader struct {
	br           *bufio.Reader
	o            xargsOpts
	pending      []xargsTok
	done         bool
	nulSeen      bool // a NUL was found (default parsing only)
	nulWarn      bool // ... and is not reported yet
	err          error
	lineHadItems bool
	curLine      bool // items seen on the current line
}

type xargsTok struct {
	item string
	eol  bool
}

func newXargsReader(r io.Reader, o xargsOpts) *xargsReader {
	return &xargsReader{br: bufio.NewReaderSize(r, 32*1024), o: o}
}

var errXargsEOF = errors.New("eof string")

func (x *xargsReader) next() (string, bool, error) {
	for len(x.pending) == 0 {
		if x.err != nil {
			return "", false, x.err
		}
		if x.done {
			if x.curLine {
				x.lineHadItems = true
				x.curLine = false
				return "", true, nil
			}
			return "", false, io.EOF
		}
		if err := x.fill(); err != nil {
			if err == errXargsEOF {
				x.done = true
			} else {
				x.err = err // reported once the items before it are used
			}
		}
	}
	t := x.pending[0]
	x.pending = x.pending[1:]
	if t.eol {
		x.lineHadItems = x.curLine
		x.curLine = false
	} else {
		x.curLine = true
	}
	return t.item, t.eol, nil
}

func (x *xargsReader) push(item string) error {
	// An argument is a C string: it ends at a NUL (with -I, the NUL
	// cuts the argument the line is put in).
	if i := strings.IndexByte(item, 0); i >= 0 {
		if !x.o.hasRepl {
			item = item[:i]
		}
		if x.o.delim < 0 && !x.nulSeen {
			x.nulSeen, x.nulWarn = true, true
		}
	}
	if x.o.eof != "" && item == x.o.eof {
		return errXargsEOF
	}
	x.pending = append(x.pending, xargsTok{item: item})
	return nil
}

// fill reads one line (or one delimited item) and queues its tokens.
func (x *xargsReader) fill() error {
	if x.o.delim >= 0 {
		s, err := x.br.ReadString(byte(x.o.delim))
		if s == "" && err != nil {
			if err == io.EOF {
				return errXargsEOF
			}
			return err
		}
		s = strings.TrimSuffix(s, string([]byte{byte(x.o.delim)}))
		if i := strings.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		x.pending = append(x.pending, xargsTok{item: s}, xargsTok{eol: true})
		return nil
	}
	line, err := x.br.ReadString('\n')
	if line == "" && err != nil {
		if err == io.EOF {
			return errXargsEOF
		}
		return err
	}
	// Backslash-newline continues an item on the next line.
	for strings.HasSuffix(line, "\\\n") && !strings.HasSuffix(line, "\\\\\n") && err == nil {
		var more string
		more, err = x.br.ReadString('\n')
		line += more
	}
	return x.split(line)
}

// split queues the items of one input line with POSIX quoting. With -I the
// line is one item (leading blanks dropped).
func (x *xargsReader) split(line string) error {
	body := strings.TrimSuffix(line, "\n")
	var cur strings.Builder
	inItem := false
	quote := byte(0)
	for i := 0; i < len(body); i++ {
		ch := body[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else {
				cur.WriteByte(ch)
			}
		case ch == '\\' && i+1 < len(body):
			i++
			cur.WriteByte(body[i])
			inItem = true
		case ch == '\'' || ch == '"':
			quote = ch
			inItem = true
		case !inItem && strings.IndexByte(" \t\r\f\v", ch) >= 0:
			// between items (and before the line, with -I) any white
			// space is skipped, as GNU's does; inside one only a blank
			// ends it
		case (ch == ' ' || ch == '\t') && !x.o.hasRepl:
			if err := x.push(cur.String()); err != nil {
				return err
			}
			cur.Reset()
			inItem = false
		default:
			cur.WriteByte(ch)
			inItem = true
		}
	}
	if quote != 0 {
		kind := "double"
		if quote == '\'' {
			kind = "single"
		}
		return fmt.Errorf("unmatched %s quote; by default quotes are special to xargs unless you use the -0 option", kind)
	}
	if inItem {
		if err := x.push(cur.String()); err != nil {
			return err
		}
	}
	// A line ending in a blank continues on the next line (for -L).
	if !(len(body) > 0 && (body[len(body)-1] == ' ' || body[len(body)-1] == '\t') && !x.o.hasRepl) {
		x.pending = append(x.pending, xargsTok{eol: true})
	}
	return nil
}

// xargsRun launches commands, one at a time or up to o.procs at once.
type xargsRun struct {
	c     *builtins.Call
	o     xargsOpts
	base  []string
	stdin io.Reader

	mu     sync.Mutex
	wg     sync.WaitGroup
	sem    chan struct{}
	failed bool // some command exited 1-125
	final  int  // a status that stops xargs (124, 126, 127), or 0
}

func (x *xargsRun) stopped() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.final != 0
}

func (x *xargsRun) status() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	switch {
	case x.final != 0:
		return x.final
	case x.failed:
		return 123
	}
	return 0
}

func (x *xargsRun) wait() { x.wg.Wait() }

// launch runs one command line with items; it reports false when xargs
// must stop.
func (x *xargsRun) launch(items []string) bool {
	c := x.c
	var argv []string
	if x.o.hasRepl {
		argv = append(argv, x.base[0])
		for _, a := range x.base[1:] {
			a = strings.ReplaceAll(a, x.o.replace, items[0])
			if i := strings.IndexByte(a, 0); i >= 0 {
				a = a[:i]
			}
			argv = append(argv, a)
		}
	} else {
		argv = append(append(argv, x.base...), items...)
	}
	if x.o.trace {
		quoted := make([]string, len(argv))
		for i, a := range argv {
			quoted[i] = xargsQuote(a)
		}
		x.mu.Lock()
		fmt.Fprintln(c.Stderr, strings.Join(quoted, " "))
		x.mu.Unlock()
	}
	if x.o.procs <= 1 {
		x.done(argv, c.Run(argv, x.stdin, c.Stdout, c.Stderr))
		return !x.stopped()
	}
	if x.sem == nil {
		x.sem = make(chan struct{}, x.o.procs)
	}
	select {
	case x.sem <- struct{}{}:
	case <-c.Ctx.Done():
		return false
	}
	if x.stopped() {
		<-x.sem
		return false
	}
	x.wg.Add(1)
	go func() {
		defer x.wg.Done()
		defer func() { <-x.sem }()
		var out, errb bytes.Buffer
		st := c.Run(argv, strings.NewReader(""), &out, &errb)
		x.mu.Lock()
		c.Stdout.Write(out.Bytes())
		c.Stderr.Write(errb.Bytes())
		x.mu.Unlock()
		x.done(argv, st)
	}()
	return true
}

func (x *xargsRun) done(argv []string, st int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	switch {
	case st == 0:
	case st == 255:
		if x.final == 0 {
			fmt.Fprintf(x.c.Stderr, "xargs: %s: exited with status 255; aborting\n", argv[0])
			x.final = 124
		}
	case st == 126 || st == 127:
		if x.final == 0 {
			x.final = st
		}
	default:
		x.failed = true
	}
}

// xargsQuote quotes an argument for -t output the way GNU xargs does
// (gnulib's shell-escape quoting in the C locale): bare when safe, in
// double quotes when only a single quote needs protecting, otherwise in
// single quotes, with $'\ooo' for unprintable bytes.
func xargsQuote(s string) string {
	if s == "" {
		return "''"
	}
	// needs: some byte is special to the shell; compat: every byte means
	// the same inside double quotes, so "..." can protect a single quote.
	needs, single, compat := false, false, true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch < 0x20 || ch >= 0x7f:
			needs, compat = true, false
		case ch == '\'':
			needs, single = true, true
		case ch == ' ':
			needs = true
		case (ch == '#' || ch == '~') && i == 0:
			needs = true
		case (ch == '{' || ch == '}') && len(s) == 1:
			needs = true
		case strings.IndexByte("!\"$&()*;<=>?[\\^`|", ch) >= 0:
			needs, compat = true, false
		case sortIsAlnum(ch) || strings.IndexByte("%+,-./:]_@", ch) >= 0:
		default: // # ~ { } inside a word
			compat = false
		}
	}
	switch {
	case !needs:
		return s
	case single && compat:
		return "\"" + s + "\""
	}
	var b strings.Builder
	b.WriteByte('\'')
	open := true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch >= 0x20 && ch < 0x7f {
			if !open {
				b.WriteByte('\'')
				open = true
			}
			if ch == '\'' {
				b.WriteString(`'\''`)
			} else {
				b.WriteByte(ch)
			}
			continue
		}
		if open {
			b.WriteByte('\'')
			open = false
		}
		b.WriteString("$'")
		for ; i < len(s) && (s[i] < 0x20 || s[i] >= 0x7f); i++ {
			if e := strings.IndexByte("\a\b\f\n\r\t\v", s[i]); e >= 0 {
				b.WriteByte('\\')
				b.WriteByte("abfnrtv"[e])
			} else {
				fmt.Fprintf(&b, "\\%03o", s[i])
			}
		}
		i--
		b.WriteByte('\'')
	}
	if open {
		b.WriteByte('\'')
	}
	return b.String()
}
