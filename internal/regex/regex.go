// Package regex is the POSIX regular expressions of grep, sed and expr.
//
// A pattern is parsed with the GNU rules for basic (BRE) or extended (ERE)
// syntax into a small syntax tree, which is then either printed in Go's RE2
// syntax and compiled by package regexp (the common case: linear time), or,
// when RE2 cannot express it, run by a backtracking matcher in this file.
// RE2 cannot express back-references (\1..\9), and it has no \< and \>: we
// turn those into \b when the neighbouring atom is surely a word character
// (\<foo, foo\>, \<[a-z]+) and use the backtracker otherwise.
//
// Both engines give POSIX leftmost-longest matches. Text is matched as
// UTF-8, like GNU in a UTF-8 locale: a byte that is not part of a UTF-8
// character matches only the same byte in the pattern, and not ".", nor
// a bracket expression that does not name it. With Options.Bytes, as in
// the C locale, every byte is a character: "." matches any one. Both work
// by standing a rune of their own for each such byte (rawRune) in the
// pattern and in the text. Character classes ([:alpha:], \w, \s) are
// ASCII, as in the C locale.
//
// It is written here rather than taken from a library because Go's regexp
// (RE2) has no back-references and does not give POSIX's leftmost-longest
// rule for subexpressions (see RATIONALE.md). regex imports only the
// standard library (regexp runs what RE2 can express). A Matcher is not safe for
// concurrent use: a backtracking one keeps its budget error.
package regex

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Matcher is what grep, sed and expr need from a compiled pattern. Both
// *regexp.Regexp and *btMatcher implement it; indexes are byte offsets.
type Matcher interface {
	Match(b []byte) bool
	FindSubmatchIndex(b []byte) []int
	FindAllSubmatchIndex(b []byte, n int) [][]int
	NumSubexp() int
}

// Options selects the dialect of a pattern.
type Options struct {
	Extended  bool // ERE instead of BRE
	ICase     bool // ignore case
	Literal   bool // fixed string (grep -F)
	Strict    bool // regcomp's rules (sed, expr): errors where grep is lenient
	Sed       bool // sed's escapes: \n \t \f \v \a \r \dNNN \oNNN \xHH \cX
	Multiline bool // ^ and $ also match around newlines (sed's M flag)
	Word      bool // the match must be a whole word (grep -w)
	Line      bool // the match must be the whole text (grep -x)
	Bytes     bool // every byte is a character (the C locale)
}

// rawBase+b is the rune that stands for the byte b (0x80 to 0xff) where
// the byte is not a character of UTF-8: in UTF-8 text a byte that is not
// part of a valid sequence, in Options.Bytes every byte from 0x80 on. The
// runes are private-use ones of plane 16, which text does not hold.
const (
	rawBase = 0x10ff00
	rawLo   = rawBase + 0x80
	rawHi   = rawBase + 0xff
)

func isRaw(r rune) bool { return rawLo <= r && r <= rawHi }

// rawSet says which bytes stand as raw runes in a text: in the C locale
// (all) every byte from 0x80 on; in UTF-8 the bytes that are not part of
// a character, and the bytes of a character that holds one of split, the
// bytes the pattern names as raw ones (GNU matches such a byte inside a
// character too: grep $'\xc3' finds the first byte of é).
type rawSet struct {
	all   bool
	any   bool // some split byte
	split [256]bool
}

// needs reports whether b holds bytes that stand as raw runes.
func (s *rawSet) needs(b []byte) bool {
	if s.all {
		for _, c := range b {
			if c >= utf8.RuneSelf {
				return true
			}
		}
		return false
	}
	if !utf8.Valid(b) {
		return true
	}
	if s.any {
		for _, c := range b {
			if s.split[c] {
				return true
			}
		}
	}
	return false
}

// toRaw returns b with its raw bytes as raw runes, and for each offset of
// the result (and its end) the offset in b it comes from.
func (s *rawSet) toRaw(b []byte) ([]byte, []int) {
	out := make([]byte, 0, len(b)+len(b)/2)
	offs := make([]int, 0, cap(out)+1)
	for i := 0; i < len(b); {
		r, w := utf8.DecodeRune(b[i:])
		raw := b[i] >= utf8.RuneSelf && (s.all || r == utf8.RuneError && w == 1)
		if !raw && w > 1 && s.any {
			for _, c := range b[i : i+w] {
				raw = raw || s.split[c]
			}
		}
		if raw {
			w = 1
			out = utf8.AppendRune(out, rawBase+rune(b[i]))
		} else {
			out = append(out, b[i:i+w]...)
		}
		for len(offs) < len(out) {
			offs = append(offs, i)
		}
		i += w
	}
	return out, append(offs, len(b))
}

// rawMatcher matches text through its raw runes (see rawBase) when it
// has bytes that need them, and gives offsets in the text as it is. Text
// without them, the usual, goes to the matcher compiled as before; in a
// UTF-8 locale the one for the other text, whose . and negated brackets
// exclude the raw runes, is compiled when first needed.
type rawMatcher struct {
	Matcher
	raw   Matcher        // for text with raw bytes, once built
	build func() Matcher // builds raw
	set   *rawSet
}

// forRaw is the matcher for text with raw bytes.
func (m *rawMatcher) forRaw() Matcher {
	if m.raw == nil {
		m.raw = m.build()
	}
	return m.raw
}

func (m *rawMatcher) Match(b []byte) bool {
	if m.set.needs(b) {
		t, _ := m.set.toRaw(b)
		return m.forRaw().Match(t)
	}
	return m.Matcher.Match(b)
}

func (m *rawMatcher) FindSubmatchIndex(b []byte) []int {
	if !m.set.needs(b) {
		return m.Matcher.FindSubmatchIndex(b)
	}
	t, offs := m.set.toRaw(b)
	return rawOffsets(m.forRaw().FindSubmatchIndex(t), offs)
}

func (m *rawMatcher) FindAllSubmatchIndex(b []byte, n int) [][]int {
	if !m.set.needs(b) {
		return m.Matcher.FindAllSubmatchIndex(b, n)
	}
	t, offs := m.set.toRaw(b)
	all := m.forRaw().FindAllSubmatchIndex(t, n)
	for _, loc := range all {
		rawOffsets(loc, offs)
	}
	return all
}

// rawOffsets turns the offsets of loc in the raw text into offsets in the
// text.
func rawOffsets(loc []int, offs []int) []int {
	for i, o := range loc {
		if o >= 0 {
			loc[i] = offs[o]
		}
	}
	return loc
}

// Regexp is m's compiled package-regexp expression, when it has one: the
// patterns without back-references. Its literal prefix is text only when
// it holds no raw rune (HasRaw).
func Regexp(m Matcher) (*regexp.Regexp, bool) {
	if r, ok := m.(*rawMatcher); ok {
		m = r.Matcher
	}
	re, ok := m.(*regexp.Regexp)
	return re, ok
}

// HasRaw reports whether s, a literal of a compiled pattern, holds a rune
// that stands for a byte.
func HasRaw(s string) bool {
	for _, r := range s {
		if isRaw(r) {
			return true
		}
	}
	return false
}

// rawPattern is pattern with its raw bytes as raw runes; in UTF-8, it
// adds them to the split bytes of text.
func (text *rawSet) rawPattern(pattern string) string {
	in := rawSet{all: text.all}
	if !in.needs([]byte(pattern)) {
		return pattern
	}
	b, _ := in.toRaw([]byte(pattern))
	for _, r := range string(b) {
		if isRaw(r) && !text.all {
			text.split[r-rawBase], text.any = true, true
		}
	}
	return string(b)
}

// sedBytes writes the escapes of pattern that name a byte from 0x80 on
// (\xHH, \dNNN, \oNNN) as that byte, which GNU sed matches as a byte:
// \xc3\xa9 is é in UTF-8, \xff a byte that is not part of a character.
func sedBytes(pattern string) string {
	if !strings.Contains(pattern, "\\") {
		return pattern
	}
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		if pattern[i] != '\\' || i+1 == len(pattern) {
			b.WriteByte(pattern[i])
			continue
		}
		if r, n, ok := SedEscape(pattern[i:]); ok && r >= utf8.RuneSelf {
			b.WriteByte(byte(r))
			i += n - 1
			continue
		}
		b.WriteString(pattern[i : i+2])
		i++
	}
	return b.String()
}

// excludeRaw makes the . and the negated bracket expressions of n match
// no raw rune, as GNU's in a UTF-8 locale match no byte that is not part
// of a character.
func excludeRaw(n *reNode) {
	switch {
	case n.op == opAny:
		n.r = 1
	case n.op == opSet && n.set.neg:
		n.set.add(rawLo, rawHi)
	}
	for _, s := range n.subs {
		excludeRaw(s)
	}
}

// compileRegex translates pattern, a POSIX basic regular expression (or an
// extended one when extended is true) with the GNU extensions, to Go's
// regexp syntax and compiles it with leftmost-longest semantics:
//
//   - BRE: \( \) groups, \{m,n\} intervals, * (literal at the start of the
//     pattern, of a group or of an alternative, and after a leading ^), and
//     the GNU \+ \? \|; + ? | ( ) { } are ordinary characters.
//   - ERE: ( ) | + ? * {m,n} ({,n} is {0,n}); { that does not start a valid
//     interval is literal, and so is an unmatched ); a leading * + ? is
//     ignored (as GNU grep does).
//   - ^ and $ anchor in BRE only at the start/end of the pattern, of a
//     group or of an alternative (elsewhere they are literal); in ERE they
//     always anchor. They match at the start and end of the text only.
//   - bracket expressions with ranges, [:alpha:]-style classes (ASCII),
//     [=c=] and [.c.] for single characters; a backslash is literal inside
//     brackets.
//   - GNU escapes: \w \W \s \S \b \B \< \> \` \'.
//   - icase ignores case everywhere, including in brackets.
//
// RE2 has no back-references, so a pattern using \1..\9 (or a \< \> that
// cannot be rewritten as \b) makes compileRegex return an error; the
// commands use Compile, which falls back to a backtracking matcher
// for those patterns.
func compileRegex(pattern string, extended, icase bool) (*regexp.Regexp, error) {
	m, err := Compile([]string{pattern}, Options{Extended: extended, ICase: icase})
	if err != nil {
		return nil, err
	}
	re, ok := Regexp(m)
	if !ok {
		return nil, errors.New("back-references are not supported")
	}
	return re, nil
}

// Compile compiles one or more patterns as alternatives of one
// expression (grep -e A -e B). Groups are numbered across patterns in
// order, and back-references of each pattern are renumbered to match.
func Compile(patterns []string, o Options) (Matcher, error) {
	var alts []*reNode
	ngroups := 0
	set := &rawSet{all: o.Bytes}
	for _, pat := range patterns {
		if o.Sed {
			pat = sedBytes(pat)
		}
		pat = set.rawPattern(pat)
		var root *reNode
		n := 0
		if o.Literal {
			root = literalNode(pat)
		} else {
			p := &reParser{s: pat, o: o}
			var err error
			root, err = p.parse()
			if err != nil {
				return nil, err
			}
			n = p.ngroups
			if ngroups > 0 {
				renumber(root, ngroups)
			}
		}
		ngroups += n
		alts = append(alts, root)
	}
	var root *reNode
	switch len(alts) {
	case 0:
		root = &reNode{op: opFail}
	case 1:
		root = alts[0]
	default:
		root = &reNode{op: opAlt, subs: alts}
	}
	if o.Line {
		root = &reNode{op: opConcat, subs: []*reNode{{op: opBOT}, {op: opGroup, subs: []*reNode{root}}, {op: opEOT}}}
	} else if o.Word {
		root = &reNode{op: opConcat, subs: []*reNode{{op: opNoWordBefore}, {op: opGroup, subs: []*reNode{root}}, {op: opNoWordAfter}}}
	}
	m, err := buildMatcher(root, ngroups, o)
	if err != nil {
		return nil, err
	}
	build := func() Matcher { return m }
	if !o.Bytes {
		build = func() Matcher {
			excludeRaw(root)
			if raw, err := buildMatcher(root, ngroups, o); err == nil {
				return raw
			}
			return m // it compiled once: it compiles again
		}
	}
	return &rawMatcher{Matcher: m, build: build, set: set}, nil
}

func literalNode(s string) *reNode {
	n := &reNode{op: opConcat}
	for _, r := range s {
		n.subs = append(n.subs, &reNode{op: opLit, r: r})
	}
	return n
}

// renumber shifts the group and back-reference numbers of n by off.
func renumber(n *reNode, off int) {
	if (n.op == opGroup && n.n > 0) || n.op == opBackref {
		n.n += off
	}
	for _, s := range n.subs {
		renumber(s, off)
	}
}

// buildMatcher compiles the tree with package regexp when it can, and
// returns a backtracking matcher otherwise.
func buildMatcher(root *reNode, ngroups int, o Options) (Matcher, error) {
	if !needsBacktrack(root) {
		var b strings.Builder
		b.WriteString("(?s")
		if o.ICase {
			b.WriteString("i")
		}
		if o.Multiline {
			b.WriteString("m")
		}
		b.WriteString(")")
		root.goSyntax(&b)
		re, err := regexp.Compile(b.String())
		if err == nil {
			re.Longest()
			return re, nil
		}
		// RE2 refuses large repeat counts; the backtracker does not.
	}
	return &btMatcher{root: root, ncap: ngroups, icase: o.ICase, multiline: o.Multiline}, nil
}

type reOp uint8

const (
	opFail         reOp = iota // matches nothing (no patterns at all)
	opLit                      // the rune r
	opAny                      // any character (.); with r 1, any but a raw rune
	opSet                      // a bracket expression or \w \W \s \S
	opConcat                   // subs in sequence
	opAlt                      // one of subs
	opGroup                    // subs[0]; n > 0 captures it as group n
	opRepeat                   // subs[0] from min to max (max < 0: no limit) times
	opBackref                  // the text of group n
	opBOL                      // ^
	opEOL                      // $
	opBOT                      // \` and the start of grep -x
	opEOT                      // \' and the end of grep -x
	opWordB                    // \b
	opNotWordB                 // \B
	opWordStart                // \<
	opWordEnd                  // \>
	opNoWordBefore             // the previous character is not a word character (grep -w)
	opNoWordAfter              // the next character is not a word character (grep -w)
)

type reNode struct {
	op       reOp
	r        rune
	set      *reSet
	subs     []*reNode
	min, max int
	n        int
}

// reSet is a bracket expression: sorted inclusive ranges, maybe negated.
type reSet struct {
	neg    bool
	ranges []rune // lo, hi pairs
}

func (s *reSet) add(lo, hi rune) { s.ranges = append(s.ranges, lo, hi) }

func (s *reSet) contains(r rune) bool {
	for i := 0; i < len(s.ranges); i += 2 {
		if s.ranges[i] <= r && r <= s.ranges[i+1] {
			return true
		}
	}
	return false
}

// matches reports whether the set accepts r, folding case if icase.
func (s *reSet) matches(r rune, icase bool) bool {
	in := s.contains(r)
	if !in && icase {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if s.contains(f) {
				in = true
				break
			}
		}
	}
	return in != s.neg
}

// Classes are the POSIX character classes in the C locale.
var Classes = map[string][]rune{
	"alpha":  {'A', 'Z', 'a', 'z'},
	"digit":  {'0', '9'},
	"alnum":  {'0', '9', 'A', 'Z', 'a', 'z'},
	"upper":  {'A', 'Z'},
	"lower":  {'a', 'z'},
	"space":  {'\t', '\r', ' ', ' '},
	"blank":  {'\t', '\t', ' ', ' '},
	"punct":  {'!', '/', ':', '@', '[', '`', '{', '~'},
	"print":  {' ', '~'},
	"graph":  {'!', '~'},
	"cntrl":  {0, 31, 127, 127},
	"xdigit": {'0', '9', 'A', 'F', 'a', 'f'},
}

var wordRanges = []rune{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}

func isWordRune(r rune) bool {
	return r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

// reError is a pattern syntax error, in the words of glibc's regerror
// (grep, sed and expr print them as they are).
type reError string

func (e reError) Error() string { return string(e) }

const (
	errUnmatchedOpen    reError = `Unmatched ( or \(`
	errUnmatchedClose   reError = `Unmatched ) or \)`
	errUnmatchedBracket reError = `Unmatched [, [^, [:, [., or [=`
	errUnmatchedBrace   reError = `Unmatched \{`
	errBadBrace         reError = `Invalid content of \{\}`
	errBadClass         reError = `Invalid character class name`
	errBadCollation     reError = `Invalid collation character`
	errBadRange         reError = `Invalid range end`
	errBadPreceding     reError = `Invalid preceding regular expression`
	errBadBackref       reError = `Invalid back reference`
	errTrailingBS       reError = `Trailing backslash`
	errTooBig           reError = `Regular expression too big`
	errClassSyntax      reError = `character class syntax is [[:space:]], not [:space:]`
)

type reParser struct {
	s       string
	i       int
	o       Options
	ngroups int // groups opened so far
	closed  []bool
	depth   int
}

func (p *reParser) parse() (*reNode, error) {
	n, err := p.alt()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.s) { // only an unmatched close can stop the top level
		return nil, errUnmatchedClose
	}
	return n, nil
}

// peek reports whether the text at the cursor starts with tok.
func (p *reParser) peek(tok string) bool { return strings.HasPrefix(p.s[p.i:], tok) }

func (p *reParser) atAlt() bool {
	if p.o.Extended {
		return p.peek("|")
	}
	return p.peek(`\|`)
}

func (p *reParser) atClose() bool {
	if p.o.Extended {
		return p.peek(")") && (p.depth > 0 || p.o.Strict)
	}
	return p.peek(`\)`)
}

func (p *reParser) alt() (*reNode, error) {
	var alts []*reNode
	for {
		b, err := p.branch()
		if err != nil {
			return nil, err
		}
		alts = append(alts, b)
		if !p.atAlt() {
			break
		}
		if p.o.Extended {
			p.i++
		} else {
			p.i += 2
		}
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &reNode{op: opAlt, subs: alts}, nil
}

func (p *reParser) branch() (*reNode, error) {
	seq := &reNode{op: opConcat}
	start := true // where a BRE * is literal and a BRE ^ anchors
	for p.i < len(p.s) && !p.atAlt() && !p.atClose() {
		if start && !p.o.Extended && len(seq.subs) > 0 && p.peek("^") {
			// ^^: the second one is literal
			p.i++
			seq.subs = append(seq.subs, &reNode{op: opLit, r: '^'})
			start = false
			continue
		}
		atom, err := p.atom(start)
		if err != nil {
			return nil, err
		}
		if atom == nil { // an ignored leading ERE quantifier
			continue
		}
		start = atom.op == opBOL && !p.o.Extended
		if atom.op == opBOL && p.o.Extended && p.o.Strict && p.i < len(p.s) && strings.IndexByte("*+?{", p.s[p.i]) >= 0 {
			return nil, errBadPreceding
		}
		if !start { // a * after a leading BRE ^ is literal
			atom, err = p.quantifiers(atom)
			if err != nil {
				return nil, err
			}
		}
		seq.subs = append(seq.subs, atom)
	}
	if len(seq.subs) == 1 {
		return seq.subs[0], nil
	}
	return seq, nil
}

// atom parses one atom; start says whether it begins a branch.
func (p *reParser) atom(start bool) (*reNode, error) {
	c := p.s[p.i]
	ext := p.o.Extended
	switch {
	case c == '^' && (ext || start):
		p.i++
		return &reNode{op: opBOL}, nil
	case c == '$' && (ext || p.atBREEnd()):
		p.i++
		return &reNode{op: opEOL}, nil
	case c == '.':
		p.i++
		return &reNode{op: opAny}, nil
	case c == '[':
		return p.bracket()
	case c == '*' && !ext && start:
		p.i++
		return &reNode{op: opLit, r: '*'}, nil
	case ext && (c == '*' || c == '+' || c == '?' || c == '{' && start):
		// GNU grep ignores a leading repetition operator (even the { of
		// what could be an interval); regcomp refuses it.
		if p.o.Strict {
			return nil, errBadPreceding
		}
		p.i++
		return nil, nil
	case ext && c == '{':
		if p.o.Strict {
			return nil, errBadPreceding
		}
		p.i++
		return &reNode{op: opLit, r: '{'}, nil
	case ext && c == '(':
		p.i++
		return p.group()
	case c == '\\':
		return p.escape(start)
	}
	r, w := utf8.DecodeRuneInString(p.s[p.i:])
	p.i += w
	return &reNode{op: opLit, r: r}, nil
}

// atBREEnd reports whether a $ at the cursor ends a BRE branch.
func (p *reParser) atBREEnd() bool {
	rest := p.s[p.i+1:]
	return rest == "" || strings.HasPrefix(rest, `\)`) || strings.HasPrefix(rest, `\|`)
}

func (p *reParser) group() (*reNode, error) {
	p.ngroups++
	n := p.ngroups
	p.closed = append(p.closed, false)
	p.depth++
	sub, err := p.alt()
	if err != nil {
		return nil, err
	}
	p.depth--
	if p.o.Extended && p.peek(")") {
		p.i++
	} else if !p.o.Extended && p.peek(`\)`) {
		p.i += 2
	} else {
		return nil, errUnmatchedOpen
	}
	p.closed[n-1] = true
	return &reNode{op: opGroup, n: n, subs: []*reNode{sub}}, nil
}

func (p *reParser) escape(start bool) (*reNode, error) {
	if p.i+1 >= len(p.s) {
		return nil, errTrailingBS
	}
	c := p.s[p.i+1]
	p.i += 2
	ext := p.o.Extended
	set := func(ranges []rune, neg bool) (*reNode, error) {
		return &reNode{op: opSet, set: &reSet{neg: neg, ranges: ranges}}, nil
	}
	switch c {
	case '(':
		if !ext {
			return p.group()
		}
	case ')':
		if !ext {
			return nil, errUnmatchedClose
		}
	case '{':
		if !ext {
			if p.o.Strict {
				return nil, errBadPreceding
			}
			if !start {
				// \{ after an anchor or at a position where nothing can repeat.
				return nil, errBadPreceding
			}
		}
	case '}':
	case '+', '?':
		// A leading \+ or \? in a BRE is literal, like *.
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		n := int(c - '0')
		if n > len(p.closed) || !p.closed[n-1] {
			return nil, errBadBackref
		}
		return &reNode{op: opBackref, n: n}, nil
	case 'w':
		return set(wordRanges, false)
	case 'W':
		return set(wordRanges, true)
	case 's':
		return set(Classes["space"], false)
	case 'S':
		return set(Classes["space"], true)
	case 'b':
		return &reNode{op: opWordB}, nil
	case 'B':
		return &reNode{op: opNotWordB}, nil
	case '<':
		return &reNode{op: opWordStart}, nil
	case '>':
		return &reNode{op: opWordEnd}, nil
	case '`':
		return &reNode{op: opBOT}, nil
	case '\'':
		return &reNode{op: opEOT}, nil
	default:
		if p.o.Sed {
			if r, ok := p.sedEscape(c); ok {
				return &reNode{op: opLit, r: r}, nil
			}
		}
	}
	if c >= utf8.RuneSelf {
		p.i -= 1
		r, w := utf8.DecodeRuneInString(p.s[p.i:])
		p.i += w
		return &reNode{op: opLit, r: r}, nil
	}
	return &reNode{op: opLit, r: rune(c)}, nil
}

// sedEscape decodes the escape \c whose letter was just consumed.
func (p *reParser) sedEscape(c byte) (rune, bool) {
	r, n, ok := SedEscape(p.s[p.i-2:])
	if ok {
		p.i += n - 2
	}
	return r, ok
}

// SedEscape decodes a GNU sed character escape at the start of s (which
// starts with a backslash): \n \t \f \v \a \r \dNNN \oNNN \xHH \cX. It
// returns the character and the length of the escape.
func SedEscape(s string) (rune, int, bool) {
	if len(s) < 2 || s[0] != '\\' {
		return 0, 0, false
	}
	switch s[1] {
	case 'n':
		return '\n', 2, true
	case 't':
		return '\t', 2, true
	case 'f':
		return '\f', 2, true
	case 'v':
		return '\v', 2, true
	case 'a':
		return '\a', 2, true
	case 'r':
		return '\r', 2, true
	case 'c':
		if len(s) >= 3 {
			return rune(unicode.ToUpper(rune(s[2])) ^ 0x40), 3, true
		}
	case 'd', 'o', 'x':
		base, max := 10, 3
		digits := "0123456789"
		switch s[1] {
		case 'o':
			base, digits = 8, "01234567"
		case 'x':
			base, max, digits = 16, 2, "0123456789abcdefABCDEF"
		}
		j := 2
		for j < len(s) && j-2 < max && strings.IndexByte(digits, s[j]) >= 0 {
			j++
		}
		if j == 2 {
			return 0, 0, false
		}
		v, _ := strconv.ParseUint(s[2:j], base, 32)
		return rune(v & 0xff), j, true
	}
	return 0, 0, false
}

// quantifiers applies any * + ? {m,n} that follow atom.
func (p *reParser) quantifiers(atom *reNode) (*reNode, error) {
	for p.i < len(p.s) {
		min, max := 0, -1
		c := p.s[p.i]
		if p.o.Strict && !p.o.Extended && atom.op == opRepeat && (c == '*' || p.peek(`\{`)) {
			return nil, errBadPreceding // regcomp refuses a** in a BRE
		}
		switch {
		case c == '*':
			p.i++
		case p.o.Extended && c == '+', !p.o.Extended && p.peek(`\+`):
			min = 1
			p.i += 1 + btoi(!p.o.Extended)
		case p.o.Extended && c == '?', !p.o.Extended && p.peek(`\?`):
			max = 1
			p.i += 1 + btoi(!p.o.Extended)
		case p.o.Extended && c == '{':
			var ok bool
			var err error
			min, max, ok, err = p.interval()
			if err != nil {
				return nil, err
			}
			if !ok {
				return atom, nil // a literal {
			}
		case !p.o.Extended && p.peek(`\{`):
			var err error
			min, max, _, err = p.interval()
			if err != nil {
				return nil, err
			}
		default:
			return atom, nil
		}
		atom = repeatNode(atom, min, max)
	}
	return atom, nil
}

// repeatNode applies {min,max} to atom, folding a repeat of an unbounded
// repeat (a**, (?:a+)*, a*?) into one: the same matches, and no
// exponential backtracking over the ways to split a run.
func repeatNode(atom *reNode, min, max int) *reNode {
	if atom.op == opRepeat {
		in := atom
		switch {
		case in.max < 0 && in.min <= 1 && max < 0:
			return &reNode{op: opRepeat, min: in.min * min, max: -1, subs: in.subs}
		case in.max < 0 && in.min <= 1 && min == 0 && max == 1,
			in.min == 0 && in.max == 1 && max < 0:
			return &reNode{op: opRepeat, min: 0, max: -1, subs: in.subs}
		}
	}
	return &reNode{op: opRepeat, min: min, max: max, subs: []*reNode{atom}}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// interval parses {m}, {m,}, {,n}, {m,n} (or the BRE \{ \} forms) at the
// cursor. For an ERE in grep's lenient mode, ok is false (and the cursor
// unmoved) when the text is not a valid interval: the { is then literal.
func (p *reParser) interval() (min, max int, ok bool, err error) {
	start := p.i
	open, close := "{", "}"
	if !p.o.Extended {
		open, close = `\{`, `\}`
	}
	p.i += len(open)
	fail := func(e reError) (int, int, bool, error) {
		if p.o.Extended && !p.o.Strict {
			p.i = start
			return 0, 0, false, nil
		}
		return 0, 0, false, e
	}
	num := func() (int, bool) {
		j := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		if j == p.i {
			return -1, false
		}
		v, err := strconv.Atoi(p.s[j:p.i])
		if err != nil || v > 32767 {
			v = 32768
		}
		return v, true
	}
	min, hasMin := num()
	max = min
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i++
		var hasMax bool
		max, hasMax = num()
		if !hasMax {
			max = -1
		}
	} else if !hasMin {
		if strings.Contains(p.s[p.i:], close) {
			return fail(errBadBrace)
		}
		return fail(errUnmatchedBrace)
	}
	if !hasMin {
		min = 0
	}
	if !p.peek(close) {
		if strings.Contains(p.s[p.i:], close) {
			return fail(errBadBrace)
		}
		return fail(errUnmatchedBrace)
	}
	p.i += len(close)
	if max >= 0 && max < min {
		return fail(errBadBrace)
	}
	if min > 32767 || max > 32767 {
		return 0, 0, false, errTooBig
	}
	return min, max, true, nil
}

// bracket parses a bracket expression at the cursor.
func (p *reParser) bracket() (*reNode, error) {
	start := p.i
	p.i++
	set := &reSet{}
	if p.peek("^") {
		set.neg = true
		p.i++
	}
	first := true
	for {
		if p.i >= len(p.s) {
			return nil, errUnmatchedBracket
		}
		c := p.s[p.i]
		if c == ']' && !first {
			p.i++
			break
		}
		first = false
		var lo rune
		switch {
		case c == '[' && p.i+1 < len(p.s) && p.s[p.i+1] == ':':
			end := strings.Index(p.s[p.i+2:], ":]")
			if end < 0 {
				return nil, errUnmatchedBracket
			}
			name := p.s[p.i+2 : p.i+2+end]
			ranges, ok := Classes[name]
			if !ok {
				return nil, errBadClass
			}
			if p.o.ICase && (name == "upper" || name == "lower") {
				ranges = Classes["alpha"]
			}
			set.ranges = append(set.ranges, ranges...)
			p.i += 2 + end + 2
			continue
		case c == '[' && p.i+1 < len(p.s) && (p.s[p.i+1] == '.' || p.s[p.i+1] == '='):
			r, err := p.collating()
			if err != nil {
				return nil, err
			}
			lo = r
		case c == '\\' && p.o.Sed:
			// sed turns \n, \t... into characters first; any other
			// backslash is literal, as in POSIX.
			if r, n, ok := SedEscape(p.s[p.i:]); ok {
				lo = r
				p.i += n
			} else {
				lo = '\\'
				p.i++
			}
		default:
			r, w := utf8.DecodeRuneInString(p.s[p.i:])
			lo = r
			p.i += w
		}
		hi := lo
		if p.peek("-") && p.i+1 < len(p.s) && p.s[p.i+1] != ']' {
			p.i++
			switch {
			case p.peek("[.") || p.peek("[="):
				r, err := p.collating()
				if err != nil {
					return nil, err
				}
				hi = r
			case p.peek("[:"):
				return nil, errBadRange
			default:
				r, w := utf8.DecodeRuneInString(p.s[p.i:])
				hi = r
				p.i += w
			}
			if hi < lo || p.peek("-") && !p.peek("-]") {
				return nil, errBadRange // also a-c-e
			}
		}
		set.add(lo, hi)
	}
	if !p.o.Strict {
		body := p.s[start+1 : p.i-1]
		if len(body) >= 2 && body[0] == ':' && body[len(body)-1] == ':' {
			return nil, errClassSyntax
		}
	}
	return &reNode{op: opSet, set: set}, nil
}

// collating parses [.c.] or [=c=] at the cursor: a single character.
func (p *reParser) collating() (rune, error) {
	kind := p.s[p.i+1]
	end := strings.Index(p.s[p.i+2:], string(kind)+"]")
	if end < 0 {
		return 0, errUnmatchedBracket
	}
	body := p.s[p.i+2 : p.i+2+end]
	p.i += 2 + end + 2
	r, w := utf8.DecodeRuneInString(body)
	if body == "" || w != len(body) {
		return 0, errBadCollation
	}
	return r, nil
}

// needsBacktrack rewrites \< \> and the grep -w assertions as \b or \B where
// that is exact, and reports whether the tree still needs the backtracker.
func needsBacktrack(n *reNode) bool {
	need := false
	if n.op == opConcat {
		for i, s := range n.subs {
			switch s.op {
			case opWordStart:
				if firstKind(n.subs[i+1:]) == kindWord {
					s.op = opWordB
				}
			case opWordEnd:
				if lastKind(n.subs[:i]) == kindWord {
					s.op = opWordB
				}
			case opNoWordBefore:
				switch firstKind(n.subs[i+1:]) {
				case kindWord:
					s.op = opWordB
				case kindNonWord:
					s.op = opNotWordB
				}
			case opNoWordAfter:
				switch lastKind(n.subs[:i]) {
				case kindWord:
					s.op = opWordB
				case kindNonWord:
					s.op = opNotWordB
				}
			}
		}
	}
	switch n.op {
	case opBackref, opWordStart, opWordEnd, opNoWordBefore, opNoWordAfter, opFail:
		return true
	case opRepeat:
		if n.max > 1000 || n.min > 1000 {
			return true
		}
	}
	for _, s := range n.subs {
		if needsBacktrack(s) {
			need = true
		}
	}
	return need
}

type charKind int

const (
	kindUnknown charKind = iota
	kindWord             // surely a word character
	kindNonWord          // surely not a word character
)

// firstKind says what the first character matched by the sequence is.
func firstKind(seq []*reNode) charKind {
	if len(seq) == 0 {
		return kindUnknown
	}
	return nodeKind(seq[0], true)
}

// lastKind says what the last character matched by the sequence is.
func lastKind(seq []*reNode) charKind {
	if len(seq) == 0 {
		return kindUnknown
	}
	return nodeKind(seq[len(seq)-1], false)
}

func nodeKind(n *reNode, first bool) charKind {
	switch n.op {
	case opLit:
		if isWordRune(n.r) {
			return kindWord
		}
		return kindNonWord
	case opSet:
		return setKind(n.set)
	case opConcat:
		if first {
			return firstKind(n.subs)
		}
		return lastKind(n.subs)
	case opGroup:
		return nodeKind(n.subs[0], first)
	case opRepeat:
		if n.min > 0 {
			return nodeKind(n.subs[0], first)
		}
	case opAlt:
		k := nodeKind(n.subs[0], first)
		for _, s := range n.subs[1:] {
			if nodeKind(s, first) != k {
				return kindUnknown
			}
		}
		return k
	}
	return kindUnknown
}

func setKind(s *reSet) charKind {
	allWord, noWord := true, true
	for i := 0; i < len(s.ranges); i += 2 {
		for r := s.ranges[i]; r <= s.ranges[i+1]; r++ {
			if isWordRune(r) {
				noWord = false
			} else {
				allWord = false
			}
			if r > 0x7f {
				allWord = false
				break
			}
		}
	}
	if s.neg {
		// A negated set matches non-ASCII characters, which are not words.
		if allWord {
			if len(s.ranges) == len(wordRanges) && sameRanges(s.ranges, wordRanges) {
				return kindNonWord
			}
		}
		return kindUnknown
	}
	if len(s.ranges) == 0 {
		return kindUnknown
	}
	if allWord {
		return kindWord
	}
	if noWord {
		return kindNonWord
	}
	return kindUnknown
}

func sameRanges(a, b []rune) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// goSyntax prints n in RE2 syntax. The caller checked needsBacktrack.
func (n *reNode) goSyntax(b *strings.Builder) {
	switch n.op {
	case opLit:
		if n.r < ' ' || n.r == utf8.RuneError {
			fmt.Fprintf(b, `\x{%x}`, n.r)
		} else {
			b.WriteString(regexp.QuoteMeta(string(n.r)))
		}
	case opAny:
		if n.r == 0 {
			b.WriteString(".")
		} else {
			// a character, not a raw rune (see excludeRaw)
			fmt.Fprintf(b, `[^\x{%x}-\x{%x}]`, rawLo, rawHi)
		}
	case opSet:
		if len(n.set.ranges) == 0 {
			if n.set.neg {
				b.WriteString(`(?:.)`)
			} else {
				b.WriteString(`[^\x00-\x{10ffff}]`)
			}
			return
		}
		b.WriteString("[")
		if n.set.neg {
			b.WriteString("^")
		}
		for i := 0; i < len(n.set.ranges); i += 2 {
			lo, hi := n.set.ranges[i], n.set.ranges[i+1]
			fmt.Fprintf(b, `\x{%x}`, lo)
			if hi != lo {
				fmt.Fprintf(b, `-\x{%x}`, hi)
			}
		}
		b.WriteString("]")
	case opConcat:
		for _, s := range n.subs {
			s.goSyntax(b)
		}
	case opAlt:
		b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				b.WriteString("|")
			}
			s.goSyntax(b)
		}
		b.WriteString(")")
	case opGroup:
		if n.n > 0 {
			b.WriteString("(")
		} else {
			b.WriteString("(?:")
		}
		n.subs[0].goSyntax(b)
		b.WriteString(")")
	case opRepeat:
		b.WriteString("(?:")
		n.subs[0].goSyntax(b)
		b.WriteString(")")
		switch {
		case n.min == 0 && n.max < 0:
			b.WriteString("*")
		case n.min == 1 && n.max < 0:
			b.WriteString("+")
		case n.min == 0 && n.max == 1:
			b.WriteString("?")
		case n.max < 0:
			fmt.Fprintf(b, "{%d,}", n.min)
		case n.min == n.max:
			fmt.Fprintf(b, "{%d}", n.min)
		default:
			fmt.Fprintf(b, "{%d,%d}", n.min, n.max)
		}
	case opBOL:
		b.WriteString("^")
	case opEOL:
		b.WriteString("$")
	case opBOT:
		b.WriteString(`\A`)
	case opEOT:
		b.WriteString(`\z`)
	case opWordB:
		b.WriteString(`\b`)
	case opNotWordB:
		b.WriteString(`\B`)
	}
}

// btMatcher runs a syntax tree by backtracking, for the patterns RE2 cannot
// express. It explores every way to match at a position to find the
// longest, within a step budget per text (a line, for grep) that keeps
// pathological patterns from hanging: past it, the search gives up and Err
// says so, so that no caller takes "too costly" for "no match".
type btMatcher struct {
	root      *reNode
	ncap      int
	icase     bool
	multiline bool
	// err is set when a search ran out of budget; it stays set.
	err error
}

// btBudget bounds the work of matching one text: the steps of every
// search in it together (one step is one node tried at one position). A
// linear pattern takes a few steps per byte; the budget leaves room for
// back-references on long lines while a pattern whose work is exponential
// in the line (\(a*\)*\1b) stops after some milliseconds.
const (
	btBudget        = 1 << 20
	btBudgetPerByte = 64
)

// ErrTooComplex is Err once a search ran out of its budget.
var ErrTooComplex = errors.New("regular expression too complex: backtracking limit exceeded")

// Err reports whether a search gave up (ErrTooComplex): its answer then
// was not a real "no match".
func (m *btMatcher) Err() error { return m.err }

// Err is m's Err for a backtracking matcher, nil for RE2 (which is
// linear and never gives up).
func Err(m Matcher) error {
	if r, ok := m.(*rawMatcher); ok {
		if r.raw != nil && Err(r.raw) != nil {
			return Err(r.raw)
		}
		m = r.Matcher
	}
	if bt, ok := m.(*btMatcher); ok {
		return bt.err
	}
	return nil
}

func (m *btMatcher) NumSubexp() int { return m.ncap }

func (m *btMatcher) Match(b []byte) bool { return m.find(m.run(b), 0) != nil }

func (m *btMatcher) FindSubmatchIndex(b []byte) []int { return m.find(m.run(b), 0) }

// FindAllSubmatchIndex returns successive non-overlapping matches, with the
// same rule as package regexp: an empty match right after a match is
// skipped. The searches share one budget.
func (m *btMatcher) FindAllSubmatchIndex(b []byte, n int) [][]int {
	var out [][]int
	prevEnd := -1
	r := m.run(b)
	for pos := 0; pos <= len(b) && (n < 0 || len(out) < n); {
		loc := m.find(r, pos)
		if loc == nil {
			break
		}
		accept := true
		if loc[1] == loc[0] {
			if loc[0] == prevEnd {
				accept = false
			}
			if loc[1] < len(b) {
				_, w := utf8.DecodeRune(b[loc[1]:])
				pos = loc[1] + w
			} else {
				pos = loc[1] + 1
			}
		} else {
			pos = loc[1]
		}
		prevEnd = loc[1]
		if accept {
			out = append(out, loc)
		}
	}
	return out
}

type btRun struct {
	m      *btMatcher
	b      []byte
	caps   []int
	best   []int
	steps  int
	budget int
}

// run starts the matching of the text b, with its budget.
func (m *btMatcher) run(b []byte) *btRun {
	return &btRun{m: m, b: b, caps: make([]int, 2*m.ncap+2), budget: btBudget + btBudgetPerByte*len(b)}
}

// find returns the leftmost-longest match starting at or after from, or
// nil; nil too when the budget runs out, and then m.err is set.
func (m *btMatcher) find(r *btRun, from int) []int {
	b := r.b
	r.best = nil
	for s := from; s <= len(b); {
		for i := range r.caps {
			r.caps[i] = -1
		}
		r.node(m.root, s, func(e int) bool {
			if r.best == nil || e > r.best[1] {
				r.best = append(r.best[:0], r.caps...)
				r.best[0], r.best[1] = s, e
			}
			return e == len(b)
		})
		if r.steps > r.budget {
			m.err = ErrTooComplex
			return nil
		}
		if r.best != nil {
			return slices.Clone(r.best)
		}
		if s == len(b) {
			break
		}
		_, w := utf8.DecodeRune(b[s:])
		s += w
	}
	return nil
}

func (r *btRun) node(n *reNode, i int, k func(int) bool) bool {
	r.steps++
	if r.steps > r.budget {
		return false
	}
	b := r.b
	switch n.op {
	case opLit:
		if i < len(b) {
			c, w := utf8.DecodeRune(b[i:])
			if c == n.r || r.m.icase && foldEq(c, n.r) {
				return k(i + w)
			}
		}
		return false
	case opAny:
		if i < len(b) {
			c, w := utf8.DecodeRune(b[i:])
			if n.r != 0 && isRaw(c) {
				return false
			}
			return k(i + w)
		}
		return false
	case opSet:
		if i < len(b) {
			c, w := utf8.DecodeRune(b[i:])
			if n.set.matches(c, r.m.icase) {
				return k(i + w)
			}
		}
		return false
	case opConcat:
		return r.seq(n.subs, i, k)
	case opAlt:
		for _, s := range n.subs {
			if r.node(s, i, k) {
				return true
			}
		}
		return false
	case opGroup:
		if n.n == 0 {
			return r.node(n.subs[0], i, k)
		}
		g := 2 * n.n
		return r.node(n.subs[0], i, func(j int) bool {
			s, e := r.caps[g], r.caps[g+1]
			r.caps[g], r.caps[g+1] = i, j
			if k(j) {
				return true
			}
			r.caps[g], r.caps[g+1] = s, e
			return false
		})
	case opRepeat:
		return r.repeat(n, i, 0, k)
	case opBackref:
		s, e := r.caps[2*n.n], r.caps[2*n.n+1]
		if s < 0 {
			return false
		}
		ln := e - s
		if i+ln > len(b) {
			return false
		}
		if bytes.Equal(b[s:e], b[i:i+ln]) || r.m.icase && bytes.EqualFold(b[s:e], b[i:i+ln]) {
			return k(i + ln)
		}
		return false
	case opFail:
		return false
	}
	if r.assert(n.op, i) {
		return k(i)
	}
	return false
}

func (r *btRun) seq(subs []*reNode, i int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(i)
	}
	return r.node(subs[0], i, func(j int) bool { return r.seq(subs[1:], j, k) })
}

func (r *btRun) repeat(n *reNode, i, count int, k func(int) bool) bool {
	if n.max < 0 || count < n.max {
		if r.node(n.subs[0], i, func(j int) bool {
			if j == i && count >= n.min {
				return false // an empty iteration gets nowhere
			}
			return r.repeat(n, j, count+1, k)
		}) {
			return true
		}
	}
	return count >= n.min && k(i)
}

func (r *btRun) assert(op reOp, i int) bool {
	b := r.b
	prev := i > 0 && isWordByte(b[i-1])
	next := i < len(b) && isWordByte(b[i])
	switch op {
	case opBOL:
		return i == 0 || r.m.multiline && b[i-1] == '\n'
	case opEOL:
		return i == len(b) || r.m.multiline && b[i] == '\n'
	case opBOT:
		return i == 0
	case opEOT:
		return i == len(b)
	case opWordB:
		return prev != next
	case opNotWordB:
		return prev == next
	case opWordStart:
		return !prev && next
	case opWordEnd:
		return prev && !next
	case opNoWordBefore:
		return !prev
	case opNoWordAfter:
		return !next
	}
	return false
}

func isWordByte(c byte) bool { return c < utf8.RuneSelf && isWordRune(rune(c)) }

func foldEq(a, b rune) bool {
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}
