package coreutils

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/regex"
	"github.com/moonix-sh/moonix/vfs"
)

const sedUsage = `Usage: sed [OPTION]... {SCRIPT | -e SCRIPT | -f FILE}... [FILE]...
Run an editing SCRIPT over each line of the FILEs (standard input if none).

  -n, --quiet, --silent   do not print the pattern space at the end of a cycle
  -e, --expression=SCRIPT add SCRIPT to the commands (repeatable)
  -f, --file=FILE         add the contents of FILE to the commands
  -E, -r, --regexp-extended  use extended regular expressions
  -i[SUFFIX], --in-place[=SUFFIX]  edit files in place, keeping a backup
                          FILE+SUFFIX when a SUFFIX is given (* in SUFFIX
                          stands for the file name)
  -s, --separate          treat files as separate streams
  -z, --null-data         lines end with a NUL byte, not a newline
  -l, --line-length=N     wrap l output at N characters (0: never)
      --posix, -u, --follow-symlinks, --debug  accepted
Addresses: N, $, /RE/ and \%RE% (flags I and M), FIRST~STEP, ADDR1,ADDR2,
ADDR,+N, ADDR,~N, 0,/RE/; ADDR! negates.
Commands: s/RE/REPL/[gpNiImMw FILE] y/SRC/DST/ a i c (a TEXT or a\ + lines)
d D p P n N g G h H x b t T :LABEL = l q Q [CODE] r R w W FILE F z { } #.
Exit status: 0, 1 for an invalid script, 2 when an input file is missing,
4 for an I/O error, or the CODE of q/Q.
`

func sedCommand() *builtins.Command {
	return &builtins.Command{Name: "sed", Summary: "stream editor for filtering and transforming text", Usage: sedUsage, TryHelp: sedUsage, Run: runSed}
}

type sedAddrKind uint8

const (
	addrLine  sedAddrKind = iota // line n
	addrLast                     // $
	addrRegex                    // /re/
	addrStep                     // n~step
	addrPlus                     // ,+n (second address only)
	addrMult                     // ,~n (second address only)
)

type sedAddr struct {
	kind    sedAddrKind
	n, step int
	re      *sedRegex
}

// sedRegex is a compiled regex; m is nil for the empty regex, which means
// the last regex used.
type sedRegex struct {
	m       regex.Matcher
	ngroups int
	// lit is the pattern when it is a literal and nothing else (see
	// regexLiteral): s/// then finds it with strings.Index
	lit string
}

type sedRepl struct {
	lit   string
	group int  // -1 for literal text, 0 for &, 1-9 for \1..\9
	conv  byte // case conversion that starts here: L U E l u (0: none)
}

type sedCmd struct {
	a1, a2 *sedAddr
	neg    bool
	name   byte
	text   string // a i c: the text with its newline; r R w W: the file name
	label  string // b t T :
	target int    // b t T: index of the label; { : index after the matching }
	re     *sedRegex
	repl   []sedRepl
	global bool
	nth    int
	print  bool
	wfile  string
	ysrc   []rune
	ydst   []rune
	num    int // q Q: exit code; l: width (-1: default)
	active bool
	end    int  // line that ends an active ADDR,+N or ADDR,~N range
	begun  bool // N,ADDR: the range has started (or was passed) in this input
}

// sedError is a script error, reported with its location.
type sedError struct {
	where string
	msg   string
}

func (e *sedError) Error() string { return e.where + ": " + e.msg }

// errSedLabel is a jump to a missing label; GNU exits 4 for it, not 1.
type errSedLabel struct{ label string }

func (e errSedLabel) Error() string { return fmt.Sprintf("can't find label for jump to `%s'", e.label) }

// sedChunk is one -e expression or -f file of the script.
type sedChunk struct {
	text string
	file string // "" for -e
	num  int    // -e expression number
}

type sedParser struct {
	s      string
	i      int
	chunks []sedChunk
	starts []int // offset of each chunk in s
	ext    bool
	bytes  bool // the C locale: every byte is a character (regex.Options.Bytes)
	cmds   []*sedCmd
	blocks []int
	lastRe *sedRegex
}

// where locates offset i (just past the character being read) as GNU does:
// "-e expression #N, char M" or "file F line L".
func (p *sedParser) where(i int) string {
	k := 0
	for j := range p.starts {
		if p.starts[j] <= i {
			k = j
		}
	}
	ch := p.chunks[k]
	off := i - p.starts[k]
	if off > len(ch.text) {
		off = len(ch.text)
	}
	if ch.file != "" {
		return fmt.Sprintf("file %s line %d", ch.file, strings.Count(ch.text[:max(off-1, 0)], "\n")+1)
	}
	return fmt.Sprintf("-e expression #%d, char %d", ch.num, off)
}

func (p *sedParser) errAt(i int, format string, args ...any) error {
	return &sedError{p.where(i), fmt.Sprintf(format, args...)}
}

func (p *sedParser) err(format string, args ...any) error {
	return p.errAt(p.i, format, args...)
}

func (p *sedParser) eof() bool { return p.i >= len(p.s) }

func (p *sedParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *sedParser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// parseSed compiles the chunks of a script.
func parseSed(chunks []sedChunk, ext, bytes bool) ([]*sedCmd, error) {
	p := &sedParser{chunks: chunks, ext: ext, bytes: bytes}
	var b strings.Builder
	for i, ch := range chunks {
		if i > 0 {
			b.WriteByte('\n')
		}
		p.starts = append(p.starts, b.Len())
		b.WriteString(ch.text)
	}
	p.s = b.String()
	for {
		// separators and comments
		for !p.eof() {
			c := p.peek()
			if c == ' ' || c == '\t' || c == '\n' || c == ';' {
				p.i++
			} else if c == '#' {
				for !p.eof() && p.peek() != '\n' {
					p.i++
				}
			} else {
				break
			}
		}
		if p.eof() {
			break
		}
		if err := p.command(); err != nil {
			return nil, err
		}
	}
	if len(p.blocks) > 0 {
		return nil, &sedError{p.whereZero(), "unmatched `{'"}
	}
	// resolve labels; 0,/re/ ranges are open before the first line
	labels := map[string]int{}
	for i, c := range p.cmds {
		if _, dup := labels[c.label]; c.name == ':' && !dup {
			labels[c.label] = i
		}
		if c.a1 != nil && c.a1.kind == addrLine && c.a1.n == 0 {
			c.active = true
		}
	}
	for _, c := range p.cmds {
		if c.name == 'b' || c.name == 't' || c.name == 'T' {
			if c.label == "" {
				c.target = len(p.cmds)
				continue
			}
			t, ok := labels[c.label]
			if !ok {
				return nil, errSedLabel{c.label}
			}
			c.target = t
		}
	}
	return p.cmds, nil
}

// whereZero is GNU's location for errors found at the end: char 0 of the
// last expression.
func (p *sedParser) whereZero() string {
	ch := p.chunks[len(p.chunks)-1]
	if ch.file != "" {
		return fmt.Sprintf("file %s line %d", ch.file, strings.Count(ch.text, "\n"))
	}
	return fmt.Sprintf("-e expression #%d, char 0", ch.num)
}

func (p *sedParser) command() error {
	cmd := &sedCmd{num: -1}
	var err error
	if cmd.a1, err = p.address(true); err != nil {
		return err
	}
	if cmd.a1 != nil {
		p.skipSpace()
		if p.peek() == ',' {
			p.i++
			p.skipSpace()
			if cmd.a2, err = p.address(false); err != nil {
				return err
			}
			if cmd.a2 == nil {
				return p.err("unexpected `,'")
			}
		}
	}
	p.skipSpace()
	if p.peek() == '!' {
		cmd.neg = true
		p.i++
		p.skipSpace()
		if p.peek() == '!' {
			p.i++
			return p.err("multiple `!'s")
		}
	}
	if p.eof() {
		return p.err("missing command")
	}
	c := p.s[p.i]
	p.i++
	cmd.name = c
	if cmd.a1 != nil && cmd.a1.kind == addrLine && cmd.a1.n == 0 && (cmd.a2 == nil || cmd.a2.kind != addrRegex) {
		return p.err("invalid usage of line address 0")
	}
	noAddr := func(what string) error {
		if cmd.a1 != nil {
			return p.err("%s", what)
		}
		return nil
	}
	oneAddr := func() error {
		if cmd.a2 != nil {
			return p.err("command only uses one address")
		}
		return nil
	}
	switch c {
	case '{':
		p.blocks = append(p.blocks, len(p.cmds))
		p.cmds = append(p.cmds, cmd)
		return nil
	case '}':
		if err := noAddr("unexpected `}'"); err != nil {
			return err
		}
		if cmd.neg {
			return p.err("unexpected `}'")
		}
		if len(p.blocks) == 0 {
			return p.err("unexpected `}'")
		}
		open := p.blocks[len(p.blocks)-1]
		p.blocks = p.blocks[:len(p.blocks)-1]
		p.cmds = append(p.cmds, cmd)
		p.cmds[open].target = len(p.cmds)
		return p.endCmd()
	case '#':
		if cmd.a1 != nil {
			return p.err("comments don't accept any addresses")
		}
		for !p.eof() && p.peek() != '\n' {
			p.i++
		}
		return nil
	case ':':
		if cmd.a1 != nil {
			return p.err(": doesn't want any addresses")
		}
		p.skipSpace()
		cmd.label = p.label()
		if cmd.label == "" {
			return p.err("\":\" lacks a label")
		}
	case 'b', 't', 'T':
		p.skipSpace()
		cmd.label = p.label()
	case '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		if err := p.endCmd(); err != nil {
			return err
		}
	case 'q', 'Q', 'l', 'L':
		if c == 'L' {
			return p.err("unknown command: `%c'", c)
		}
		if c != 'l' {
			if err := oneAddr(); err != nil {
				return err
			}
		}
		p.skipSpace()
		start := p.i
		for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
			p.i++
		}
		if p.i > start {
			cmd.num, _ = strconv.Atoi(p.s[start:p.i])
		}
		if err := p.endCmd(); err != nil {
			return err
		}
	case 'a', 'i', 'c':
		text, err := p.readText()
		if err != nil {
			return err
		}
		cmd.text = text
	case 'r', 'R', 'w', 'W':
		p.skipSpace()
		cmd.text = p.restOfLine()
		if cmd.text == "" {
			return p.err("missing filename in r/R/w/W commands")
		}
	case 's':
		if err := p.substitute(cmd); err != nil {
			return err
		}
	case 'y':
		if err := p.transliterate(cmd); err != nil {
			return err
		}
	case 'v':
		p.skipSpace()
		p.label() // a version requirement: we have everything
	case 'e':
		return p.err("e: running commands is not supported")
	default:
		return p.err("unknown command: `%c'", c)
	}
	p.cmds = append(p.cmds, cmd)
	return nil
}

// endCmd checks what may follow a command: spaces, then ; or a newline or
// } or # or the end.
func (p *sedParser) endCmd() error {
	p.skipSpace()
	if p.eof() {
		return nil
	}
	switch p.peek() {
	case ';', '\n':
		p.i++
		return nil
	case '}', '#':
		return nil
	}
	p.i++
	return p.err("extra characters after command")
}

// label reads a label as GNU sed 4.9 does: up to a white space or a
// semicolon, which end the command, or a } or #, which are read next (the
// end of a block, a comment). So ": a;s/x/y/;t a" and "/x/{b end}" work,
// and ":a b" is a label and a branch.
func (p *sedParser) label() string {
	start := p.i
	for !p.eof() && !strings.ContainsRune(" \t\n\v\f\r;}#", rune(p.peek())) {
		p.i++
	}
	l := p.s[start:p.i]
	if l != "" && !p.eof() && p.peek() != '}' && p.peek() != '#' {
		p.i++
	}
	return l
}

func (p *sedParser) restOfLine() string {
	start := p.i
	for !p.eof() && p.peek() != '\n' {
		p.i++
	}
	s := p.s[start:p.i]
	if !p.eof() {
		p.i++
	}
	return s
}

// readText reads the text of a, i or c: GNU's one-line form "a text" or
// the POSIX form "a\" followed by lines, each but the last ending in a
// backslash.
func (p *sedParser) readText() (string, error) {
	p.skipSpace()
	if p.eof() || p.peek() == '\n' {
		return "", p.err("expected \\ after `a', `c' or `i'")
	}
	if p.peek() == '\\' {
		p.i++
		if p.peek() == '\n' {
			p.i++ // also into the next -e: sed -e 'a\' -e 'text'
		}
	}
	var b strings.Builder
	start := p.i
	for !p.eof() {
		c := p.s[p.i]
		if c == '\n' {
			p.i++
			break
		}
		if c == '\\' {
			if p.i+1 >= len(p.s) {
				p.i++
				break
			}
			if p.s[p.i+1] == '\n' && p.chunkEnd(p.i+1) {
				p.i++ // a backslash ending an -e ends the text
				break
			}
			if r, n, ok := regex.SedEscape(p.s[p.i:]); ok {
				b.WriteByte(byte(r)) // \xff is a byte, as GNU's
				p.i += n
				continue
			}
			b.WriteByte(p.s[p.i+1])
			p.i += 2
			continue
		}
		b.WriteByte(c)
		p.i++
	}
	if p.i == start {
		return "", nil // "a\" and nothing else adds nothing
	}
	return b.String() + "\n", nil
}

// address parses an address at the cursor, or returns nil if there is none.
func (p *sedParser) address(first bool) (*sedAddr, error) {
	c := p.peek()
	switch {
	case c >= '0' && c <= '9':
		n := p.number()
		if p.peek() == '~' && first {
			p.i++
			step := p.number()
			return &sedAddr{kind: addrStep, n: n, step: step}, nil
		}
		return &sedAddr{kind: addrLine, n: n}, nil
	case c == '$':
		p.i++
		return &sedAddr{kind: addrLast}, nil
	case (c == '+' || c == '~') && !first:
		p.i++
		if p.peek() < '0' || p.peek() > '9' {
			return nil, p.err("expected newer version of sed")
		}
		n := p.number()
		if c == '+' {
			return &sedAddr{kind: addrPlus, n: n}, nil
		}
		return &sedAddr{kind: addrMult, n: n}, nil
	case c == '/' || c == '\\':
		p.i++
		delim := byte('/')
		if c == '\\' {
			if p.eof() {
				return nil, p.err("unexpected end of script")
			}
			delim = p.s[p.i]
			p.i++
		}
		body, ok := p.delimited(delim)
		if !ok {
			return nil, p.err("unterminated address regex")
		}
		icase, multi := false, false
		for {
			if p.peek() == 'I' {
				icase = true
			} else if p.peek() == 'M' {
				multi = true
			} else {
				break
			}
			p.i++
		}
		re, err := p.regex(body, icase, multi)
		if err != nil {
			return nil, err
		}
		return &sedAddr{kind: addrRegex, re: re}, nil
	}
	return nil, nil
}

func (p *sedParser) number() int {
	start := p.i
	for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
		p.i++
	}
	n, err := strconv.Atoi(p.s[start:p.i])
	if err != nil {
		n = int(^uint(0) >> 1)
	}
	return n
}

// delimited reads a regex up to an unescaped delim (which does not end
// it inside a bracket expression), turning \delim into delim and a
// backslash-newline into \n. The cursor ends after the delimiter.
func (p *sedParser) delimited(delim byte) (string, bool) {
	var b strings.Builder
	for !p.eof() {
		c := p.s[p.i]
		if c == '[' {
			if end := bracketEnd(p.s, p.i); end > 0 && !strings.Contains(p.s[p.i:end], "\n") {
				b.WriteString(p.s[p.i:end])
				p.i = end
				continue
			}
		}
		switch {
		case c == delim:
			p.i++
			return b.String(), true
		case c == '\n' && delim != '\n':
			return "", false
		case c == '\\' && p.i+1 < len(p.s):
			n := p.s[p.i+1]
			switch {
			case n == delim:
				b.WriteByte(delim)
			case n == '\n':
				b.WriteString(`\n`)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			p.i += 2
			continue
		}
		b.WriteByte(c)
		p.i++
	}
	return "", false
}

// bracketEnd returns the offset just past the bracket expression that
// starts at s[i], or -1 if it is not closed.
func bracketEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for j < len(s) {
		switch {
		case s[j] == ']':
			return j + 1
		case s[j] == '[' && j+1 < len(s) && strings.IndexByte(":.=", s[j+1]) >= 0:
			close := string(s[j+1]) + "]"
			k := strings.Index(s[j+2:], close)
			if k < 0 {
				return -1
			}
			j += 2 + k + 2
		default:
			j++
		}
	}
	return -1
}

func (p *sedParser) regex(body string, icase, multi bool) (*sedRegex, error) {
	if body == "" {
		if p.lastRe == nil {
			return nil, &sedError{p.whereZero(), "no previous regular expression"}
		}
		return &sedRegex{}, nil
	}
	m, err := regex.Compile([]string{body}, regex.Options{Extended: p.ext, ICase: icase, Multiline: multi, Strict: true, Sed: true, Bytes: p.bytes})
	if err != nil {
		return nil, p.err("%s", err)
	}
	re := &sedRegex{m: m, ngroups: m.NumSubexp()}
	if lit, whole := regexLiteral(m); whole {
		re.lit = lit
	}
	p.lastRe = re
	return re, nil
}

func (p *sedParser) substitute(cmd *sedCmd) error {
	if p.eof() || p.peek() == '\n' || p.peek() == '\\' {
		return p.err("unterminated `s' command")
	}
	delim := p.s[p.i]
	p.i++
	body, ok := p.delimited(delim)
	if !ok {
		p.i = p.endOfChunk(p.i)
		return p.err("unterminated `s' command")
	}
	// The replacement keeps its escapes for parseRepl.
	var rb strings.Builder
	closed := false
	for !p.eof() {
		c := p.s[p.i]
		if c == delim {
			p.i++
			closed = true
			break
		}
		if c == '\\' && p.i+1 < len(p.s) && !(p.s[p.i+1] == '\n' && p.chunkEnd(p.i+1)) {
			if p.s[p.i+1] == delim && delim != '&' {
				rb.WriteByte(delim)
			} else {
				rb.WriteByte('\\')
				rb.WriteByte(p.s[p.i+1])
			}
			p.i += 2
			continue
		}
		if c == '\n' || c == '\\' {
			break // a newline must be escaped; a backslash cannot end a chunk
		}
		rb.WriteByte(c)
		p.i++
	}
	if !closed {
		p.i = p.endOfChunk(p.i)
		return p.err("unterminated `s' command")
	}
	// flags
	icase, multi := false, false
	nthSet := false
flags:
	for !p.eof() {
		c := p.peek()
		switch {
		case c == 'g':
			p.i++
			if cmd.global {
				return p.err("multiple `g' options to `s' command")
			}
			cmd.global = true
		case c == 'p':
			p.i++
			if cmd.print {
				return p.err("multiple `p' options to `s' command")
			}
			cmd.print = true
		case c == 'i' || c == 'I':
			p.i++
			icase = true
		case c == 'm' || c == 'M':
			p.i++
			multi = true
		case c == 'e':
			p.i++
			return p.err("e: running commands is not supported")
		case c >= '0' && c <= '9':
			if nthSet {
				p.i++
				return p.err("multiple number options to `s' command")
			}
			n := p.number()
			if n == 0 {
				return p.err("number option to `s' command may not be zero")
			}
			cmd.nth, nthSet = n, true
		case c == 'w':
			p.i++
			p.skipSpace()
			cmd.wfile = p.restOfLine()
			if cmd.wfile == "" {
				return p.err("missing filename in r/R/w/W commands")
			}
			break flags
		case c == ';' || c == '\n' || c == '}' || c == '#' || c == ' ' || c == '\t':
			if err := p.endCmd(); err != nil {
				return err
			}
			break flags
		default:
			p.i++
			return p.err("unknown option to `s'")
		}
	}
	re, err := p.regex(body, icase, multi)
	if err != nil {
		return err
	}
	cmd.re = re
	repl, maxRef := parseRepl(rb.String())
	if re.m != nil && maxRef > re.ngroups {
		return p.err("invalid reference \\%d on `s' command's RHS", maxRef)
	}
	cmd.repl = repl
	if cmd.nth == 0 {
		cmd.nth = 1
	}
	return nil
}

// chunkEnd reports whether the newline at i separates two -e chunks.
func (p *sedParser) chunkEnd(i int) bool {
	for _, s := range p.starts {
		if s == i+1 {
			return true
		}
	}
	return false
}

// endOfChunk is the offset where the chunk holding i ends.
func (p *sedParser) endOfChunk(i int) int {
	end := len(p.s)
	for _, s := range p.starts {
		if s > i && s-1 < end {
			end = s - 1
		}
	}
	return end
}

// parseRepl splits a replacement into literal text, & and \N references
// and case conversions; it returns the highest \N.
func parseRepl(s string) ([]sedRepl, int) {
	var parts []sedRepl
	var lit strings.Builder
	maxRef := 0
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, sedRepl{lit: lit.String(), group: -1})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '&':
			flush()
			parts = append(parts, sedRepl{group: 0})
		case c == '\\' && i+1 < len(s):
			n := s[i+1]
			switch {
			case n >= '0' && n <= '9':
				flush()
				parts = append(parts, sedRepl{group: int(n - '0')})
				maxRef = max(maxRef, int(n-'0'))
				i++
			case n == 'L' || n == 'U' || n == 'E' || n == 'l' || n == 'u':
				flush()
				parts = append(parts, sedRepl{group: -1, conv: n})
				i++
			case n == '\n':
				lit.WriteByte('\n')
				i++
			default:
				if r, w, ok := regex.SedEscape(s[i:]); ok {
					lit.WriteByte(byte(r)) // \xff is a byte, as GNU's
					i += w - 1
				} else {
					lit.WriteByte(n)
					i++
				}
			}
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	return parts, maxRef
}

func (p *sedParser) transliterate(cmd *sedCmd) error {
	if p.eof() || p.peek() == '\n' || p.peek() == '\\' {
		return p.err("unterminated `y' command")
	}
	delim := p.s[p.i]
	p.i++
	read := func() ([]rune, bool) {
		var out []rune
		for !p.eof() {
			c := p.s[p.i]
			if c == delim {
				p.i++
				return out, true
			}
			if c == '\n' {
				return nil, false
			}
			if c == '\\' && p.i+1 < len(p.s) {
				n := p.s[p.i+1]
				switch {
				case n == delim:
					out = append(out, rune(delim))
					p.i += 2
					continue
				case n == '\\':
					out = append(out, '\\')
					p.i += 2
					continue
				}
				if r, w, ok := regex.SedEscape(p.s[p.i:]); ok {
					out = append(out, r)
					p.i += w
					continue
				}
			}
			r, w := utf8.DecodeRuneInString(p.s[p.i:])
			out = append(out, r)
			p.i += w
		}
		return nil, false
	}
	src, ok := read()
	if !ok {
		p.i = p.endOfChunk(p.i)
		return p.err("unterminated `y' command")
	}
	dst, ok := read()
	if !ok {
		p.i = p.endOfChunk(p.i)
		return p.err("unterminated `y' command")
	}
	if len(src) != len(dst) {
		return p.err("strings for `y' command are different lengths")
	}
	cmd.ysrc, cmd.ydst = src, dst
	return p.endCmd()
}

// sedOutput writes lines, remembering when the last one lacked its newline
// (GNU adds it before anything else is written).
type sedOutput struct {
	w       io.Writer
	missing bool
	eol     byte
	err     error
}

func (o *sedOutput) write(s string, nl bool) {
	if o.err != nil {
		return
	}
	if o.missing {
		o.missing = false
		if _, o.err = o.w.Write([]byte{o.eol}); o.err != nil {
			return
		}
	}
	if _, o.err = io.WriteString(o.w, s); o.err != nil {
		return
	}
	if nl {
		_, o.err = o.w.Write([]byte{o.eol})
	} else {
		o.missing = true
	}
}

// raw writes text as it is (a and c text end in a newline even with -z).
func (o *sedOutput) raw(text string) {
	if text == "" || o.err != nil {
		return
	}
	if o.missing {
		o.missing = false
		if _, o.err = o.w.Write([]byte{o.eol}); o.err != nil {
			return
		}
	}
	_, o.err = io.WriteString(o.w, text)
}

// sedInput reads lines from the input files in turn, one line ahead so
// that $ can be recognised.
type sedInput struct {
	r        *sed
	files    []string
	next     int
	cur      *bufio.Reader
	closer   io.Closer
	name     string // current file, "-" for stdin
	ahead    bool
	aLine    string
	aNL      bool
	aOK      bool
	separate bool // $ is the last line of each file
	fatal    bool
}

// open advances to the next readable file; false when none is left.
func (in *sedInput) open() bool {
	for in.next < len(in.files) {
		name := in.files[in.next]
		in.next++
		if in.closer != nil {
			in.closer.Close()
			in.closer = nil
		}
		if name == "-" {
			in.cur, in.name = bufio.NewReader(in.r.c.Stdin), "-"
			return true
		}
		f, err := in.r.c.Open(name)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
				in.r.c.FailWith(err, "can't read %s: %s", name, builtins.Reason(err))
				in.r.status = 2
				continue
			}
			in.r.c.FailWith(err, "read error on %s: %s", name, builtins.Reason(err))
			in.r.status = 4
			in.fatal = true
			return false
		}
		in.cur, in.closer, in.name = bufio.NewReader(f), f, name
		return true
	}
	return false
}

func (in *sedInput) readRaw() (string, bool, bool) {
	for {
		if in.cur == nil {
			if in.separate || !in.open() {
				return "", false, false
			}
		}
		s, err := in.cur.ReadString(in.r.eol)
		if s != "" {
			if s[len(s)-1] == in.r.eol {
				return s[:len(s)-1], true, true
			}
			return s, false, true
		}
		if err != nil {
			in.cur = nil
			if in.separate {
				return "", false, false
			}
		}
	}
}

// read returns the next line and whether it ended with a newline.
func (in *sedInput) read() (string, bool, bool) {
	if in.ahead {
		in.ahead = false
		return in.aLine, in.aNL, in.aOK
	}
	return in.readRaw()
}

// last reports whether no line follows the one just read.
func (in *sedInput) last() bool {
	if !in.ahead {
		in.aLine, in.aNL, in.aOK = in.readRaw()
		in.ahead = true
	}
	return !in.aOK
}

// sed is one run of a script.
type sed struct {
	// litFlat and litLocs are literalMatches' buffers
	litFlat []int
	litLocs [][]int

	c        *builtins.Call
	cmds     []*sedCmd
	quiet    bool
	eol      byte
	lineLen  int
	out      *sedOutput
	stdout   *sedOutput
	wfiles   map[string]*sedOutput
	closers  []io.Closer
	rfiles   map[string]*bufio.Reader
	in       *sedInput
	ps, hs   string
	nl       bool // the last line read ended with a newline
	lineNo   int
	replaced bool
	lastRe   regex.Matcher
	appendQ  []sedAppend
	quit     bool
	exit     int
	status   int
}

type sedAppend struct {
	text string // text to write
	file string // or a file to copy (r)
	line bool   // R: text is one line to write with its newline
}

// sedArgs rewrites -iSUFFIX (which pflag cannot parse: the suffix is an
// optional value glued to the flag) as --in-place=SUFFIX.
func sedArgs(args []string) []string {
	return gluedOptional(args, map[byte]string{'i': "in-place"}, "efl", []string{"expression", "file", "line-length"}, true)
}

func runSed(c *builtins.Call) int {
	c.Args = sedArgs(c.Args)
	fl := c.Flags()
	quiet := fl.BoolP("quiet", "n", false, "")
	fl.Bool("silent", false, "")
	exprs := fl.StringArrayP("expression", "e", nil, "")
	files := fl.StringArrayP("file", "f", nil, "")
	ext := fl.BoolP("regexp-extended", "E", false, "")
	extR := fl.BoolP("r", "r", false, "")
	inPlace := fl.StringP("in-place", "i", "", "")
	fl.Lookup("in-place").NoOptDefVal = "\x00"
	separate := fl.BoolP("separate", "s", false, "")
	nullData := fl.BoolP("null-data", "z", false, "")
	lineLen := fl.IntP("line-length", "l", 70, "")
	fl.Bool("posix", false, "")
	fl.BoolP("unbuffered", "u", false, "")
	fl.Bool("follow-symlinks", false, "")
	fl.Bool("debug", false, "")
	fl.Bool("sandbox", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if s, _ := fl.GetBool("silent"); s {
		*quiet = true
	}
	// The script: -e and -f in command-line order, or the first operand.
	var chunks []sedChunk
	operands := fl.Args()
	if len(*exprs) == 0 && len(*files) == 0 {
		if len(operands) == 0 {
			return c.TryHelp() // GNU prints the usage alone
		}
		chunks = append(chunks, sedChunk{text: operands[0], num: 1})
		operands = operands[1:]
	} else {
		ei, fi, num := 0, 0, 0
		args := c.Args[1:]
		for k := 0; k < len(args); k++ {
			a := args[k]
			if a == "--" {
				break
			}
			kind, consumed := sedScriptArg(args, k)
			k += consumed
			switch kind {
			case 'e':
				if ei < len(*exprs) {
					num++
					chunks = append(chunks, sedChunk{text: (*exprs)[ei], num: num})
					ei++
				}
			case 'f':
				if fi < len(*files) {
					name := (*files)[fi]
					fi++
					r, err := c.Open(name)
					if err != nil {
						c.FailWith(err, "couldn't open file %s: %s", name, builtins.Reason(err))
						return 4
					}
					data, err := c.ReadAll(r)
					r.Close()
					if err != nil {
						c.FailWith(err, "couldn't read %s: %s", name, builtins.Reason(err))
						return 4
					}
					text := strings.TrimSuffix(string(data), "\n")
					chunks = append(chunks, sedChunk{text: text, file: name})
				}
			}
		}
	}
	if len(chunks) > 0 && (chunks[0].text == "#n" || strings.HasPrefix(chunks[0].text, "#n\n")) {
		*quiet = true
	}
	cmds, err := parseSed(chunks, *ext || *extR, byteLocale(c))
	if err != nil {
		c.Fail("%s", err)
		if _, ok := err.(errSedLabel); ok {
			return 4
		}
		return 1
	}
	r := &sed{c: c, cmds: cmds, quiet: *quiet, eol: '\n', lineLen: *lineLen,
		wfiles: map[string]*sedOutput{}, rfiles: map[string]*bufio.Reader{}}
	if *nullData {
		r.eol = 0
	}
	r.stdout = &sedOutput{w: c.Stdout, eol: r.eol}
	defer func() {
		for _, cl := range r.closers {
			cl.Close()
		}
	}()
	// w files are created before any input is read, as GNU does.
	for _, cmd := range cmds {
		name := cmd.wfile
		if cmd.name == 'w' || cmd.name == 'W' {
			name = cmd.text
		}
		if name == "" || r.wfiles[name] != nil {
			continue
		}
		switch name {
		case "/dev/stdout":
			r.wfiles[name] = nil // resolved to the current output's stdout
			continue
		case "/dev/stderr":
			r.wfiles[name] = &sedOutput{w: c.Stderr, eol: r.eol}
			continue
		}
		f, err := c.Create(name, false)
		if err != nil {
			c.FailWith(err, "couldn't open file %s: %s", name, builtins.Reason(err))
			return 4
		}
		r.closers = append(r.closers, f)
		r.wfiles[name] = &sedOutput{w: f, eol: r.eol}
	}
	if len(operands) == 0 {
		if fl.Changed("in-place") {
			c.Fail("no input files")
			return 4
		}
		operands = []string{"-"}
	}
	if fl.Changed("in-place") {
		suffix := *inPlace
		if suffix == "\x00" {
			suffix = ""
		}
		for _, name := range operands {
			if r.quit || c.Canceled() {
				break
			}
			r.editInPlace(name, suffix)
		}
	} else {
		r.out = r.stdout
		in := &sedInput{r: r, files: operands}
		r.in = in
		if *separate {
			for in.next < len(in.files) && !r.quit && !in.fatal {
				if !in.open() {
					break
				}
				in.separate, in.ahead = true, false
				r.lineNo = 0
				r.resetRanges()
				r.run()
			}
		} else {
			r.run()
		}
		if in.closer != nil {
			in.closer.Close()
		}
	}
	if r.out != nil && r.out.err != nil || r.stdout.err != nil {
		return 4
	}
	if r.quit {
		return r.exit
	}
	return r.status
}

// sedScriptArg says whether args[k] is a -e or -f option (kind 'e' or
// 'f'), and how many following words it consumed.
func sedScriptArg(args []string, k int) (kind byte, consumed int) {
	a := args[k]
	switch {
	case a == "--expression" || a == "--file":
		return a[2], 1
	case strings.HasPrefix(a, "--expression="), strings.HasPrefix(a, "--file="):
		return a[2], 0
	case strings.HasPrefix(a, "--"):
		if a == "--line-length" {
			return 0, 1
		}
		return 0, 0
	case len(a) > 1 && a[0] == '-':
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'e', 'f':
				if j == len(a)-1 {
					return a[j], 1
				}
				return a[j], 0
			case 'l':
				if j == len(a)-1 {
					return 0, 1
				}
				return 0, 0
			case 'i':
				return 0, 0 // the rest is the suffix
			}
		}
	}
	return 0, 0
}

// editInPlace runs the script over one file and replaces it with the
// output, keeping a backup when suffix is not empty.
func (r *sed) editInPlace(name, suffix string) {
	c := r.c
	abs := c.Abs(name)
	info, err := c.FS.Stat(abs)
	if err != nil {
		c.FailWith(err, "can't read %s: %s", name, builtins.Reason(err))
		r.status = 2
		return
	}
	if !info.Mode().IsRegular() {
		c.Fail("couldn't edit %s: not a regular file", name)
		r.status = 4
		return
	}
	var buf bytes.Buffer
	r.out = &sedOutput{w: &buf, eol: r.eol}
	in := &sedInput{r: r, files: []string{name}}
	r.in = in
	if !in.open() {
		return
	}
	in.separate = true
	r.lineNo = 0
	r.resetRanges()
	r.run()
	if in.closer != nil {
		in.closer.Close()
	}
	if suffix != "" {
		var backup string
		if strings.Contains(suffix, "*") {
			backup = strings.ReplaceAll(suffix, "*", path.Base(name))
			if !strings.Contains(backup, "/") {
				backup = path.Join(path.Dir(name), backup)
			}
		} else {
			backup = name + suffix
		}
		if err := c.FS.Rename(abs, c.Abs(backup)); err != nil {
			c.FailWith(err, "cannot rename %s: %s", name, builtins.Reason(err))
			r.status = 4
			return
		}
	}
	// Replace the file (a symlink is replaced by a regular file, as GNU
	// does without --follow-symlinks).
	if li, err := c.FS.Lstat(abs); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		c.FS.Remove(abs)
	}
	f, err := c.FS.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, info.Mode().Perm())
	if err != nil {
		c.FailWith(err, "couldn't open file %s: %s", name, builtins.Reason(err))
		r.status = 4
		return
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		c.FailWith(err, "couldn't write %s: %s", name, builtins.Reason(err))
		r.status = 4
	}
	f.Close()
	c.FS.Chmod(abs, info.Mode().Perm())
}

// run executes the script over the current input until it ends or q.
func (r *sed) run() {
	for !r.quit {
		if r.c.Canceled() {
			r.quit, r.exit = true, 130
			return
		}
		line, nl, ok := r.in.read()
		if !ok {
			return
		}
		r.ps, r.nl = line, nl
		r.lineNo++
		r.replaced = false
		r.cycle()
		if r.out.err != nil {
			r.quit, r.exit = true, 4
		}
	}
}

type sedAction int

const (
	actEnd     sedAction = iota // end of script: autoprint
	actDelete                   // d: no autoprint
	actRestart                  // D: no autoprint, restart without reading
	actQuit                     // q: autoprint, then stop
	actQuitNow                  // Q, or n/N at the end of input without GNU's print
)

func (r *sed) cycle() {
	for {
		act := r.exec()
		switch act {
		case actEnd, actQuit:
			if !r.quiet {
				r.out.write(r.ps, r.nl)
			}
		}
		r.flushAppends()
		switch act {
		case actQuit, actQuitNow:
			r.quit = true
			return
		case actRestart:
			// D restarts without reading, where run checks
			if r.stopped() {
				return
			}
			continue
		}
		return
	}
}

func (r *sed) flushAppends() {
	for _, a := range r.appendQ {
		switch {
		case a.file != "":
			data, err := vfs.ReadFile(r.c.FS, r.c.Abs(a.file))
			if err == nil && len(data) > 0 {
				s := string(data)
				if strings.HasSuffix(s, string(r.eol)) {
					r.out.write(s[:len(s)-1], true)
				} else {
					r.out.write(s, false)
				}
			}
		case a.line:
			r.out.write(a.text, true)
		default:
			r.out.raw(a.text) // with its newline, even under -z, as GNU does
		}
	}
	r.appendQ = r.appendQ[:0]
}

// matchAddr reports whether addr selects the current line.
func (r *sed) matchAddr(a *sedAddr) bool {
	switch a.kind {
	case addrLine:
		return r.lineNo == a.n
	case addrLast:
		return r.in.last()
	case addrStep:
		if a.step <= 0 {
			return r.lineNo == a.n
		}
		return r.lineNo >= a.n && (r.lineNo-a.n)%a.step == 0
	case addrRegex:
		return r.match(a.re, r.ps) != nil
	}
	return false
}

// match runs re (or the last regex used) on s.
func (r *sed) match(re *sedRegex, s string) []int {
	m := re.m
	if m == nil {
		m = r.lastRe
		if m == nil {
			return nil
		}
	}
	r.lastRe = m
	return m.FindSubmatchIndex([]byte(s))
}

// selected reports whether cmd applies to the current line, updating the
// state of ranges.
func (r *sed) selected(cmd *sedCmd) bool {
	if cmd.a1 == nil {
		return true
	}
	var sel bool
	if cmd.a2 == nil {
		sel = r.matchAddr(cmd.a1)
	} else {
		sel = r.inRange(cmd)
	}
	return sel != cmd.neg
}

func (r *sed) inRange(cmd *sedCmd) bool {
	a2 := cmd.a2
	if cmd.active {
		switch a2.kind {
		case addrLine:
			if r.lineNo >= a2.n {
				cmd.active = false
			}
			if r.lineNo > a2.n {
				return false // GNU: the range already ended
			}
		case addrPlus, addrMult:
			if r.lineNo >= cmd.end {
				cmd.active = false
			}
		case addrLast:
			if r.in.last() {
				cmd.active = false
			}
		case addrRegex:
			if r.match(a2.re, r.ps) != nil {
				cmd.active = false
			}
		case addrStep:
			cmd.active = false
		}
		return true
	}
	if !r.matchAddr(cmd.a1) && !r.startsLate(cmd) {
		return false
	}
	cmd.active, cmd.begun = true, true
	switch a2.kind {
	case addrLine:
		if a2.n <= r.lineNo {
			cmd.active = false
		}
	case addrPlus:
		cmd.end = r.lineNo + a2.n
		if a2.n == 0 {
			cmd.active = false
		}
	case addrMult:
		if a2.n <= 0 || r.lineNo%a2.n == 0 {
			cmd.active = false
		} else {
			cmd.end = (r.lineNo/a2.n + 1) * a2.n
		}
	case addrLast:
		if r.in.last() {
			cmd.active = false
		}
	}
	return true
}

// startsLate reports whether a range N,ADDR that never saw line N (d or
// n went past it) starts on this later line, as GNU's does: it starts on
// the first line it sees past N, unless ADDR is a line already passed.
func (r *sed) startsLate(cmd *sedCmd) bool {
	if cmd.a1.kind != addrLine || cmd.a1.n == 0 || cmd.begun || r.lineNo < cmd.a1.n {
		return false
	}
	cmd.begun = true
	return cmd.a2.kind != addrLine || r.lineNo <= cmd.a2.n
}

// resetRanges makes the ranges new, as each file of -s and -i is a new
// input to GNU: 0,/re/ open, the others not begun.
func (r *sed) resetRanges() {
	for _, c := range r.cmds {
		c.active = c.a1 != nil && c.a2 != nil && c.a1.kind == addrLine && c.a1.n == 0
		c.begun = false
	}
}

// exec runs the commands over the pattern space once.
func (r *sed) exec() sedAction {
	cmds := r.cmds
	for pc := 0; pc < len(cmds); {
		cmd := cmds[pc]
		pc++
		if !r.selected(cmd) {
			if cmd.name == '{' {
				pc = cmd.target
			}
			continue
		}
		switch cmd.name {
		case '{', '}', ':':
		case '=':
			r.out.write(strconv.Itoa(r.lineNo), true)
		case 'a':
			r.appendQ = append(r.appendQ, sedAppend{text: cmd.text})
		case 'i':
			if cmd.text != "" {
				r.out.write(cmd.text[:len(cmd.text)-1], true)
			}
		case 'c':
			if cmd.a2 == nil || !cmd.active || cmd.neg {
				r.out.raw(cmd.text)
			}
			return actDelete
		case 'b':
			pc = cmd.target
			if r.stopped() {
				return actQuitNow
			}
		case 't':
			if r.replaced {
				r.replaced = false
				pc = cmd.target
				if r.stopped() {
					return actQuitNow
				}
			}
		case 'T':
			if !r.replaced {
				pc = cmd.target
				if r.stopped() {
					return actQuitNow
				}
			} else {
				r.replaced = false
			}
		case 'd':
			return actDelete
		case 'D':
			i := strings.IndexByte(r.ps, r.eol)
			if i < 0 {
				return actDelete
			}
			r.ps = r.ps[i+1:]
			return actRestart
		case 'F':
			r.out.write(r.in.name, true)
		case 'g':
			r.ps = r.hs
		case 'G':
			if !r.fits(len(r.hs) + 1) {
				return actQuitNow
			}
			r.ps += string(r.eol) + r.hs
		case 'h':
			r.hs = r.ps
		case 'H':
			if !r.fits(len(r.ps) + 1) {
				return actQuitNow
			}
			r.hs += string(r.eol) + r.ps
		case 'x':
			r.ps, r.hs = r.hs, r.ps
		case 'l':
			w := r.lineLen
			if cmd.num >= 0 {
				w = cmd.num
			}
			r.list(w)
		case 'n':
			if r.in.last() {
				// GNU prints the pattern space and quits without running
				// the rest of the script.
				return actQuit
			}
			if !r.quiet {
				r.out.write(r.ps, r.nl)
			}
			r.flushAppends()
			line, nl, _ := r.in.read()
			r.ps, r.nl = line, nl
			r.lineNo++
			r.replaced = false
		case 'N':
			if r.in.last() {
				return actQuit
			}
			r.flushAppends()
			line, nl, _ := r.in.read()
			if !r.fits(len(line) + 1) {
				return actQuitNow
			}
			r.ps += string(r.eol) + line
			r.nl = nl
			r.lineNo++
			r.replaced = false
		case 'p':
			r.out.write(r.ps, r.nl)
		case 'P':
			if i := strings.IndexByte(r.ps, r.eol); i >= 0 {
				r.out.write(r.ps[:i], true)
			} else {
				r.out.write(r.ps, r.nl)
			}
		case 'q':
			if cmd.num >= 0 {
				r.exit = cmd.num
			}
			return actQuit
		case 'Q':
			if cmd.num >= 0 {
				r.exit = cmd.num
			}
			return actQuitNow
		case 'r':
			r.appendQ = append(r.appendQ, sedAppend{file: cmd.text})
		case 'R':
			if line, ok := r.readLineFrom(cmd.text); ok {
				r.appendQ = append(r.appendQ, sedAppend{text: line, line: true})
			}
		case 'w':
			r.wfile(cmd.text).write(r.ps, r.nl)
		case 'W':
			first := r.ps
			if i := strings.IndexByte(first, r.eol); i >= 0 {
				first = first[:i]
			}
			r.wfile(cmd.text).write(first, true)
		case 's':
			if !r.substitute(cmd) {
				return actQuitNow
			}
		case 'y':
			r.ps = strings.Map(func(c rune) rune {
				for i, s := range cmd.ysrc {
					if s == c {
						return cmd.ydst[i]
					}
				}
				return c
			}, r.ps)
		case 'z':
			r.ps = ""
		}
	}
	return actEnd
}

func (r *sed) wfile(name string) *sedOutput {
	if name == "/dev/stdout" {
		return r.stdout
	}
	return r.wfiles[name]
}

func (r *sed) readLineFrom(name string) (string, bool) {
	br, ok := r.rfiles[name]
	if !ok {
		f, err := r.c.Open(name)
		if err == nil {
			r.closers = append(r.closers, f)
			br = bufio.NewReader(f)
		}
		r.rfiles[name] = br
	}
	if br == nil {
		return "", false
	}
	s, err := br.ReadString(r.eol)
	if s == "" && err != nil {
		return "", false
	}
	return strings.TrimSuffix(s, string(r.eol)), true
}

// substitute runs s; it reports false when the result would not fit in
// the memory limit (sed then stops).
func (r *sed) substitute(cmd *sedCmd) bool {
	m := cmd.re.m
	if m == nil {
		m = r.lastRe
		if m == nil {
			r.c.Fail("no previous regular expression")
			r.quit, r.exit = true, 1
			return true
		}
	}
	r.lastRe = m
	n := -1
	if !cmd.global {
		n = cmd.nth
	}
	var locs [][]int
	if cmd.re.lit != "" {
		locs = r.literalMatches(r.ps, cmd.re.lit, n)
	} else {
		locs = m.FindAllSubmatchIndex([]byte(r.ps), n)
	}
	if !r.fits(cmd.grows(r.ps, locs)) {
		return false
	}
	ps, ok := cmd.replaceAt(r.ps, locs)
	if !ok {
		return true
	}
	r.ps = ps
	r.replaced = true
	if cmd.print {
		r.out.write(r.ps, r.nl)
	}
	if cmd.wfile != "" {
		r.wfile(cmd.wfile).write(r.ps, r.nl)
	}
	return true
}

// fits reports whether the pattern and hold spaces, grown by n bytes,
// fit in the memory limit; when they do not, sed says so and stops
// (:a;s/.*/&&/;ta doubled the pattern space until the host's memory
// ran out).
func (r *sed) fits(n int) bool {
	if r.c.Fits(int64(len(r.ps)) + int64(len(r.hs)) + int64(n)) {
		return true
	}
	r.quit, r.exit = true, r.c.OutOfMemory()
	return false
}

// stopped reports whether sed was canceled, checked at each jump and
// restart: a script that loops (:a;ba, H;x;P;D) reads no input, where
// run checks.
func (r *sed) stopped() bool {
	if r.c.Canceled() {
		r.quit, r.exit = true, 130
		return true
	}
	return false
}

// grows is how many bytes replacing the matches at locs in s adds, at
// most (a case conversion may change a character's length a little).
func (cmd *sedCmd) grows(s string, locs [][]int) int {
	n := 0
	for k, loc := range locs {
		if k+1 < cmd.nth {
			continue
		}
		for _, p := range cmd.repl {
			switch {
			case p.conv != 0:
			case p.group < 0:
				n += len(p.lit)
			case 2*p.group+1 < len(loc) && loc[2*p.group] >= 0:
				n += loc[2*p.group+1] - loc[2*p.group]
			}
		}
		if !cmd.global {
			break
		}
	}
	return n
}

// literalMatches is FindAllSubmatchIndex for a pattern that is the
// literal lit: the first n occurrences of lit in s (all when n < 0). The
// slices are r's, reused from line to line.
func (r *sed) literalMatches(s, lit string, n int) [][]int {
	flat := r.litFlat[:0]
	for from := 0; n < 0 || len(flat) < 2*n; {
		i := strings.Index(s[from:], lit)
		if i < 0 {
			break
		}
		from += i
		flat = append(flat, from, from+len(lit))
		from += len(lit)
	}
	locs := r.litLocs[:0]
	for i := 0; i < len(flat); i += 2 {
		locs = append(locs, flat[i:i+2:i+2])
	}
	r.litFlat, r.litLocs = flat, locs
	return locs
}

// replaceIn is what the s command cmd, with the regex m, makes of s, and
// whether it matched (tar --transform uses it too).
func (cmd *sedCmd) replaceIn(m regex.Matcher, s string) (string, bool) {
	n := -1
	if !cmd.global {
		n = cmd.nth
	}
	return cmd.replaceAt(s, m.FindAllSubmatchIndex([]byte(s), n))
}

// replaceAt is s with the matches at locs (the first n of the pattern's,
// as FindAllSubmatchIndex gives them) replaced as cmd says, and whether
// one was replaced.
func (cmd *sedCmd) replaceAt(s string, locs [][]int) (string, bool) {
	if len(locs) < cmd.nth {
		return s, false
	}
	var out strings.Builder
	out.Grow(len(s))
	last := 0
	for k, loc := range locs {
		if k+1 < cmd.nth {
			continue
		}
		out.WriteString(s[last:loc[0]])
		expandRepl(&out, cmd.repl, s, loc)
		last = loc[1]
		if !cmd.global {
			break
		}
	}
	out.WriteString(s[last:])
	return out.String(), true
}

// expandRepl writes the replacement for one match, applying \L \U \E \l \u.
func expandRepl(out *strings.Builder, parts []sedRepl, s string, loc []int) {
	var mode, once byte
	put := func(t string) {
		if mode == 0 && once == 0 {
			out.WriteString(t)
			return
		}
		for _, c := range t {
			switch {
			case once == 'u':
				c = unicode.ToUpper(c)
				once = 0
			case once == 'l':
				c = unicode.ToLower(c)
				once = 0
			case mode == 'U':
				c = unicode.ToUpper(c)
			case mode == 'L':
				c = unicode.ToLower(c)
			}
			out.WriteRune(c)
		}
	}
	for _, p := range parts {
		switch p.conv {
		case 'L', 'U':
			mode, once = p.conv, 0
			continue
		case 'E':
			mode, once = 0, 0
			continue
		case 'l', 'u':
			once = p.conv
			continue
		}
		if p.group < 0 {
			put(p.lit)
			continue
		}
		if 2*p.group+1 < len(loc) && loc[2*p.group] >= 0 {
			put(s[loc[2*p.group]:loc[2*p.group+1]])
		}
	}
}

// list writes the pattern space unambiguously, like GNU's l.
func (r *sed) list(width int) {
	var b strings.Builder
	col := 0
	emit := func(o string) {
		if width > 1 && col+len(o) > width-1 {
			b.WriteString("\\\n")
			col = 0
		}
		b.WriteString(o)
		col += len(o)
	}
	for i := 0; i < len(r.ps); i++ {
		c := r.ps[i]
		var o string
		if letter, ok := cLetter(c); ok {
			o = `\` + string(letter)
		} else if c == '\\' {
			o = `\\`
		} else if c < ' ' || c >= 127 {
			o = fmt.Sprintf("\\%03o", c)
		} else {
			o = string(c)
		}
		emit(o)
	}
	b.WriteString("$")
	r.out.write(b.String(), true)
}
