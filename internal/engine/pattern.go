package engine

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Patterns are bash's: * ? [...] with classes, backslash escapes, and the
// extended forms ?() *() +() @() !() when extglob applies. A pattern is
// compiled once (and cached by text) into a list of nodes, matched by
// backtracking.

type patMode uint8

const (
	patExtglob patMode = 1 << iota
	patNocase
	// patFile: a file name component: * and ? do not match a leading dot
	// (the caller checks), nor /.
	patFile
	// patBytes: characters are bytes (the C locale: ? matches one byte
	// of a multibyte character).
	patBytes
)

// decode reads the character at the start of s: a rune, or a byte in
// the C locale.
func decode(mode patMode, s string) (rune, int) {
	if mode&patBytes != 0 {
		return rune(s[0]), 1
	}
	return utf8.DecodeRuneInString(s)
}

type pkind uint8

const (
	pLit pkind = iota
	pAny
	pStar
	pClass
	pGroup
)

type pnode struct {
	kind  pkind
	r     rune
	class *charClass
	op    byte // ? * + @ ! for groups
	alts  [][]pnode
}

type charClass struct {
	negate bool
	ranges [][2]rune
	named  []func(rune) bool
}

func (c *charClass) matches(r rune, nocase bool) bool {
	in := c.has(r)
	if !in && nocase {
		if l := unicode.ToLower(r); l != r {
			in = c.has(l)
		} else if u := unicode.ToUpper(r); u != r {
			in = c.has(u)
		}
	}
	return in != c.negate
}

func (c *charClass) has(r rune) bool {
	for _, rg := range c.ranges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	for _, f := range c.named {
		if f(r) {
			return true
		}
	}
	return false
}

// compiled is a pattern ready to match.
type compiled struct {
	nodes  []pnode
	mode   patMode
	lit    string // the pattern is this literal when isLit
	isLit  bool
	groups bool
	// run, in a copy made for one search (watched), ends the search when
	// its context does: matching groups backtracks, exponentially on a
	// long value (*(0|00)1 against 100 kB of 0).
	run *matchRun
}

// matchRun is one search's context, checked every 256 steps, and the
// depth of its recursion.
type matchRun struct {
	ctx   context.Context
	steps int
	depth int
	done  bool
}

// maxMatchDepth bounds the recursion of a group repeated over a long
// value (one level a repetition): some 100 MB of stack, where Go's
// limit of 1 GB is fatal. Past it, the search stops as if canceled.
const maxMatchDepth = 300_000

// deeper counts one more level of c's recursion and reports whether
// that is too deep (the search then stops); the caller takes the level
// back off run.depth when it returns.
func (c *compiled) deeper() bool {
	if c.run == nil {
		return false
	}
	if c.run.depth++; c.run.depth > maxMatchDepth {
		c.run.depth--
		c.run.done = true
		return true
	}
	return false
}

// stopped counts a step of c's search and reports whether it must stop.
func (c *compiled) stopped() bool {
	r := c.run
	if r == nil {
		return false
	}
	if r.steps++; r.steps&255 == 0 && !r.done && r.ctx.Err() != nil {
		r.done = true
	}
	return r.done
}

// halted reports whether c's search was stopped, without a step.
func (c *compiled) halted() bool { return c.run != nil && c.run.done }

// watched is c for one search under ctx: a copy that stops when ctx
// ends, for patterns with groups (the others match in linear time).
func (c *compiled) watched(ctx context.Context) *compiled {
	if !c.groups {
		return c
	}
	w := *c
	w.run = &matchRun{ctx: ctx}
	return &w
}

// fullIn is full for one search under ctx; ok is false when ctx ended
// first.
func (c *compiled) fullIn(ctx context.Context, s string) (matched, ok bool) {
	w := c.watched(ctx)
	matched = w.full(s)
	return matched, w.run == nil || !w.run.done
}

type patKey struct {
	pat  string
	mode patMode
}

func (p *proc) compile(pat string, mode patMode) *compiled {
	if p.byteLocale() {
		mode |= patBytes
	}
	key := patKey{pat, mode}
	if c, ok := p.sh.patterns.Load(key); ok {
		return c.(*compiled)
	}
	c := compilePattern(pat, mode)
	p.sh.patterns.Store(key, c)
	return c
}

// match reports whether s matches pattern pat entirely (false when the
// statement was stopped during the search).
func (p *proc) match(pat, s string, mode patMode) bool {
	matched, _ := p.compile(pat, mode).fullIn(p.ctx, s)
	return matched
}

func compilePattern(pat string, mode patMode) *compiled {
	nodes, _ := parsePat(pat, 0, mode, false)
	c := &compiled{nodes: nodes, mode: mode}
	var b strings.Builder
	c.isLit = true
	for _, n := range nodes {
		switch n.kind {
		case pLit:
			b.WriteRune(n.r)
		case pGroup:
			c.groups = true
			c.isLit = false
		default:
			c.isLit = false
		}
	}
	if c.isLit && mode&patNocase == 0 {
		// the text itself: bytes that are not UTF-8 stay as they are
		c.lit = unescapePattern(pat)
	} else {
		c.isLit = false
	}
	return c
}

// parsePat parses pattern text from i; inGroup stops at | and ). It
// returns the nodes and the position after them.
func parsePat(s string, i int, mode patMode, inGroup bool) ([]pnode, int) {
	var nodes []pnode
	for i < len(s) {
		c := s[i]
		if inGroup && (c == '|' || c == ')') {
			return nodes, i
		}
		if mode&patExtglob != 0 && i+1 < len(s) && s[i+1] == '(' && strings.IndexByte("?*+@!", c) >= 0 {
			if g, end, ok := parseGroup(s, i, mode); ok {
				nodes = append(nodes, g)
				i = end
				continue
			}
		}
		switch c {
		case '\\':
			if i+1 < len(s) {
				r, n := decode(mode, s[i+1:])
				nodes = append(nodes, pnode{kind: pLit, r: r})
				i += 1 + n
				continue
			}
			nodes = append(nodes, pnode{kind: pLit, r: '\\'})
			i++
		case '*':
			if len(nodes) == 0 || nodes[len(nodes)-1].kind != pStar {
				nodes = append(nodes, pnode{kind: pStar})
			}
			i++
		case '?':
			nodes = append(nodes, pnode{kind: pAny})
			i++
		case '[':
			if cl, end, ok := parseClass(s, i, mode); ok {
				nodes = append(nodes, pnode{kind: pClass, class: cl})
				i = end
				continue
			}
			nodes = append(nodes, pnode{kind: pLit, r: '['})
			i++
		default:
			r, n := decode(mode, s[i:])
			nodes = append(nodes, pnode{kind: pLit, r: r})
			i += n
		}
	}
	return nodes, i
}

func parseGroup(s string, i int, mode patMode) (pnode, int, bool) {
	g := pnode{kind: pGroup, op: s[i]}
	j := i + 2
	for {
		alt, end := parsePat(s, j, mode, true)
		if end >= len(s) {
			return pnode{}, 0, false
		}
		g.alts = append(g.alts, alt)
		if s[end] == ')' {
			return g, end + 1, true
		}
		j = end + 1 // past |
	}
}

var namedClasses = map[string]func(rune) bool{
	"alnum":  func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) },
	"alpha":  unicode.IsLetter,
	"blank":  func(r rune) bool { return r == ' ' || r == '\t' },
	"cntrl":  unicode.IsControl,
	"digit":  func(r rune) bool { return r >= '0' && r <= '9' },
	"graph":  func(r rune) bool { return unicode.IsGraphic(r) && !unicode.IsSpace(r) },
	"lower":  unicode.IsLower,
	"print":  func(r rune) bool { return unicode.IsPrint(r) },
	"punct":  func(r rune) bool { return r < 128 && unicode.IsPunct(r) || r < 128 && unicode.IsSymbol(r) },
	"space":  unicode.IsSpace,
	"upper":  unicode.IsUpper,
	"xdigit": func(r rune) bool { return strings.ContainsRune("0123456789abcdefABCDEF", r) },
	"word":   func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) },
}

// parseClass parses [...] at s[i]; ok is false when it is not closed.
func parseClass(s string, i int, mode patMode) (*charClass, int, bool) {
	cl := &charClass{}
	j := i + 1
	if j < len(s) && (s[j] == '!' || s[j] == '^') {
		cl.negate = true
		j++
	}
	first := true
	for j < len(s) {
		c := s[j]
		if c == ']' && !first {
			return cl, j + 1, true
		}
		first = false
		if c == '[' && j+1 < len(s) && (s[j+1] == ':' || s[j+1] == '=' || s[j+1] == '.') {
			delim := s[j+1]
			end := strings.Index(s[j+2:], string(delim)+"]")
			if end >= 0 {
				name := s[j+2 : j+2+end]
				j += 2 + end + 2
				switch delim {
				case ':':
					if f, ok := namedClasses[name]; ok {
						cl.named = append(cl.named, f)
					} else {
						cl.named = append(cl.named, func(rune) bool { return false })
					}
				default:
					for _, r := range name {
						cl.ranges = append(cl.ranges, [2]rune{r, r})
					}
				}
				continue
			}
		}
		var lo rune
		var n int
		if c == '\\' && j+1 < len(s) {
			lo, n = decode(mode, s[j+1:])
			n++
		} else {
			lo, n = decode(mode, s[j:])
		}
		j += n
		hi := lo
		if j+1 < len(s) && s[j] == '-' && s[j+1] != ']' {
			j++
			if s[j] == '\\' && j+1 < len(s) {
				hi, n = decode(mode, s[j+1:])
				n++
			} else {
				hi, n = decode(mode, s[j:])
			}
			j += n
		}
		cl.ranges = append(cl.ranges, [2]rune{lo, hi})
	}
	return nil, 0, false
}

// full reports whether the pattern matches all of s.
func (c *compiled) full(s string) bool {
	if c.isLit {
		return s == c.lit
	}
	if !c.groups {
		return c.simpleMatch(c.nodes, s)
	}
	return c.m(c.nodes, s)
}

func (c *compiled) eqRune(a, b rune) bool {
	if a == b {
		return true
	}
	if c.mode&patNocase == 0 {
		return false
	}
	return unicode.ToLower(a) == unicode.ToLower(b)
}

// one matches a single-rune node against r.
func (c *compiled) one(n *pnode, r rune) bool {
	switch n.kind {
	case pLit:
		return c.eqRune(n.r, r)
	case pAny:
		return r != '/' || c.mode&patFile == 0
	case pClass:
		return (r != '/' || c.mode&patFile == 0) && n.class.matches(r, c.mode&patNocase != 0)
	}
	return false
}

// simpleMatch matches patterns without groups: the classic star
// backtracking, linear in practice.
func (c *compiled) simpleMatch(nodes []pnode, s string) bool {
	ni, si := 0, 0
	starN, starS := -1, 0
	for si < len(s) || ni < len(nodes) {
		if ni < len(nodes) {
			n := &nodes[ni]
			if n.kind == pStar {
				starN, starS = ni, si
				ni++
				continue
			}
			if si < len(s) {
				r, size := decode(c.mode, s[si:])
				if c.one(n, r) {
					ni++
					si += size
					continue
				}
			}
		}
		if starN >= 0 && starS < len(s) {
			r, size := decode(c.mode, s[starS:])
			if r == '/' && c.mode&patFile != 0 {
				// * does not cross a slash in a path
				return false
			}
			starS += size
			ni, si = starN+1, starS
			continue
		}
		return false
	}
	return true
}

// m matches nodes against all of s, with groups.
func (c *compiled) m(nodes []pnode, s string) bool {
	if c.stopped() {
		return false
	}
	if len(nodes) == 0 {
		return s == ""
	}
	n := &nodes[0]
	switch n.kind {
	case pStar:
		path := c.mode&patFile != 0
		if len(nodes) == 1 && !path {
			return true
		}
		for i := 0; i <= len(s); {
			if c.m(nodes[1:], s[i:]) {
				return true
			}
			if i == len(s) {
				break
			}
			r, size := decode(c.mode, s[i:])
			if r == '/' && path {
				break
			}
			i += size
		}
		return false
	case pGroup:
		return c.group(n, nodes[1:], s)
	}
	if s == "" {
		return false
	}
	r, size := decode(c.mode, s)
	if !c.one(n, r) {
		return false
	}
	return c.m(nodes[1:], s[size:])
}

// group matches an extended group followed by rest against s.
func (c *compiled) group(g *pnode, rest []pnode, s string) bool {
	anyAlt := func(t string) bool {
		for _, alt := range g.alts {
			if c.m(alt, t) {
				return true
			}
		}
		return false
	}
	// the character boundaries of s, walked rather than listed: a list
	// at every level of a long match took the square of its length
	switch g.op {
	case '@', '?':
		if g.op == '?' && c.m(rest, s) {
			return true
		}
		for k := 0; k <= len(s) && !c.halted(); k = c.next(s, k) {
			if anyAlt(s[:k]) && c.m(rest, s[k:]) {
				return true
			}
		}
		return false
	case '!':
		for k := 0; k <= len(s) && !c.halted(); k = c.next(s, k) {
			if !anyAlt(s[:k]) && c.m(rest, s[k:]) {
				return true
			}
		}
		return false
	case '*', '+':
		if g.op == '*' && c.m(rest, s) {
			return true
		}
		for k := 0; k <= len(s) && !c.halted(); k = c.next(s, k) {
			if k == 0 || !anyAlt(s[:k]) {
				continue
			}
			if c.m(rest, s[k:]) {
				return true
			}
			star := pnode{kind: pGroup, op: '+', alts: g.alts}
			if c.deeper() {
				return false
			}
			matched := c.group(&star, rest, s[k:])
			if c.run != nil {
				c.run.depth--
			}
			if matched {
				return true
			}
		}
		return false
	}
	return false
}

// next is the character boundary after k in s, as ends lists them
// (past len(s): len(s)+1).
func (c *compiled) next(s string, k int) int {
	if k >= len(s) || c.mode&patBytes != 0 {
		return k + 1
	}
	_, size := utf8.DecodeRuneInString(s[k:])
	return k + size
}

// ends lists the character boundaries of s, 0 and len(s) included.
func (c *compiled) ends(s string) []int {
	ends := make([]int, 0, len(s)+1)
	if c.mode&patBytes != 0 {
		for i := range len(s) {
			ends = append(ends, i)
		}
	} else {
		for i := range s {
			ends = append(ends, i)
		}
	}
	return append(ends, len(s))
}

// canceled reports, every 64th step i of a search whose steps each
// match the pattern against much of a value, whether ctx is done: on a
// long value the search takes the square of its length (${x##*1} of
// 100 kB: over a minute), and it must stop with its statement.
func canceled(ctx context.Context, i int) bool {
	return i&63 == 0 && ctx.Err() != nil
}

// stoppedIn reports whether c's search (watched) was stopped by its
// context, or i says it must be: a search gives up then.
func (c *compiled) stoppedIn(ctx context.Context, i int) bool {
	return c.halted() || canceled(ctx, i)
}

// prefix returns the end of the shortest (or longest) prefix of s the
// pattern matches, 0 when none does; ok is false when ctx ended first.
func (c *compiled) prefix(ctx context.Context, s string, longest bool) (end int, ok bool) {
	c = c.watched(ctx)
	if c.isLit {
		if strings.HasPrefix(s, c.lit) {
			return len(c.lit), true
		}
		return 0, true
	}
	ends := c.ends(s)
	for j := range ends {
		i := j
		if longest {
			i = len(ends) - 1 - j
		}
		if c.stoppedIn(ctx, j) {
			return 0, false
		}
		if c.full(s[:ends[i]]) {
			return ends[i], true
		}
	}
	return 0, !c.stoppedIn(ctx, 0)
}

// suffix returns the start of the shortest (or longest) suffix of s the
// pattern matches, len(s) when none does; ok is false when ctx ended
// first.
func (c *compiled) suffix(ctx context.Context, s string, longest bool) (start int, ok bool) {
	c = c.watched(ctx)
	if c.isLit {
		if strings.HasSuffix(s, c.lit) {
			return len(s) - len(c.lit), true
		}
		return len(s), true
	}
	ends := c.ends(s)
	for j := range ends {
		i := len(ends) - 1 - j
		if longest {
			i = j
		}
		if c.stoppedIn(ctx, j) {
			return 0, false
		}
		if c.full(s[ends[i]:]) {
			return ends[i], true
		}
	}
	return len(s), !c.stoppedIn(ctx, 0)
}

// replace does ${s/pat/rep}: the first (or every) longest match,
// anchored at the start (#) or end (%); with amp, & in rep stands for
// the match and \& for &. It gives up (ok false) when the value passes
// limit bytes (0: no bound) or ctx ends.
func (c *compiled) replace(ctx context.Context, s, rep string, all bool, anchor byte, amp bool, limit int) (string, bool) {
	c = c.watched(ctx)
	subst := func(m string) string {
		if !amp {
			return rep
		}
		var b strings.Builder
		for i := 0; i < len(rep); i++ {
			switch {
			case rep[i] == '\\' && i+1 < len(rep) && rep[i+1] == '&':
				b.WriteByte('&')
				i++
			case rep[i] == '&':
				b.WriteString(m)
			default:
				b.WriteByte(rep[i])
			}
		}
		return b.String()
	}
	switch anchor {
	case '#':
		k := -1
		for i, e := range c.ends(s) {
			if c.stoppedIn(ctx, i) {
				return "", false
			}
			if c.full(s[:e]) {
				k = e
			}
		}
		if c.stoppedIn(ctx, 0) {
			return "", false
		}
		if k < 0 {
			return s, true
		}
		return subst(s[:k]) + s[k:], true
	case '%':
		k := -1
		ends := c.ends(s)
		for i := len(ends) - 1; i >= 0; i-- {
			if c.stoppedIn(ctx, i) {
				return "", false
			}
			if c.full(s[ends[i]:]) {
				k = ends[i]
			}
		}
		if c.stoppedIn(ctx, 0) {
			return "", false
		}
		if k < 0 {
			return s, true
		}
		return s[:k] + subst(s[k:]), true
	}
	if len(c.nodes) == 0 {
		return s, true
	}
	var b strings.Builder
	i := 0
	done := false
	for step := 0; i < len(s); step++ {
		if done {
			b.WriteString(s[i:])
			break
		}
		if c.stoppedIn(ctx, step) {
			return "", false
		}
		end := -1
		for j, e := range c.ends(s[i:]) {
			if c.stoppedIn(ctx, j) {
				return "", false
			}
			if e > 0 && c.full(s[i:i+e]) {
				end = i + e
			}
		}
		if end < 0 {
			_, size := decode(c.mode, s[i:])
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		b.WriteString(subst(s[i:end]))
		if limit > 0 && b.Len() > limit {
			// ${x//?/$x} of a long x: its length squared
			return "", false
		}
		i = end
		if !all {
			done = true
		}
	}
	if c.stoppedIn(ctx, 0) {
		return "", false
	}
	return b.String(), true
}

// hasPatternMeta reports whether a pattern (with escapes) has any
// unescaped special character.
func hasPatternMeta(pat string, extglob bool) bool {
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			// a bracket needs its closing ] ([ alone is literal)
			if i+2 <= len(pat) && strings.IndexByte(pat[i+2:], ']') >= 0 {
				return true
			}
		case '(':
			if extglob && i > 0 && strings.IndexByte("?*+@!", pat[i-1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// unescapePattern removes a pattern's backslash escapes.
func unescapePattern(pat string) string {
	if !strings.ContainsRune(pat, '\\') {
		return pat
	}
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		if pat[i] == '\\' && i+1 < len(pat) {
			i++
		}
		b.WriteByte(pat[i])
	}
	return b.String()
}
