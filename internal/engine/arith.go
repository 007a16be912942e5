package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Arithmetic follows bash: an expression is text (after the expansions
// inside it), parsed by the grammar below and evaluated on int64 with
// wraparound; a variable whose value is not a number is itself evaluated
// as an expression.

// arithError is an arithmetic failure, worded as bash words it:
// "EXPR: MESSAGE (error token is "TOKEN")".
type arithError struct {
	expr, msg, token string
	fatal            bool
}

func (e *arithError) Error() string {
	if e.token == "" && e.expr == "" {
		return e.msg
	}
	if e.token == "" {
		return e.expr + ": " + e.msg
	}
	return e.expr + ": " + e.msg + " (error token is \"" + e.token + "\")"
}

// errArithDone marks an error already reported (by an expansion inside).
var errArithDone = errors.New("arithmetic: reported")

// aop is an arithmetic operation.
type aop uint8

const (
	aNum aop = iota
	aVar
	aNeg
	aPos
	aNot
	aBitNot
	aPreInc
	aPreDec
	aPostInc
	aPostDec
	aMul
	aDiv
	aMod
	aAdd
	aSub
	aShl
	aShr
	aLe
	aGe
	aLt
	aGt
	aEq
	aNe
	aBitAnd
	aBitXor
	aBitOr
	aAnd
	aOr
	aPow
	aCond
	aAssign
	aComma
)

// anode is a parsed arithmetic expression.
type anode struct {
	op      aop
	assign  aop // for aAssign: the operator of op= (aNum for plain =)
	x, y, z *anode
	num     int64
	name    string
	sub     string // subscript text of name[sub]
	hasSub  bool
	// rest is the source from this operand on, for error tokens.
	rest string
}

// arith evaluates a parsed arithmetic expression of the syntax tree.
func (p *proc) arith(expr syntax.ArithmExpr) (int64, error) {
	return p.arithQuoted(expr, true)
}

// arithLoop evaluates an expression of (( )) and for (( )), where
// single quotes are removed (bash rejects them there too, but interp
// took them, and scripts written for it rely on it).
func (p *proc) arithLoop(expr syntax.ArithmExpr) (int64, error) {
	return p.arithQuoted(expr, false)
}

// arithQuoted is arith; with quotes, single-quoted words keep their
// quotes, which arithmetic rejects as bash does (a['1']=x).
func (p *proc) arithQuoted(expr syntax.ArithmExpr, quotes bool) (int64, error) {
	if expr == nil {
		return 0, nil
	}
	if n, ok := p.sh.arithNodes.Load(expr); ok {
		return p.evalArith(n.(*arithParsed))
	}
	if w, ok := expr.(*syntax.Word); ok {
		if text, ok := placeholderText(w); ok {
			return p.arithRaw(text, !quotes)
		}
	}
	text, dynamic, err := p.flattenArith(expr, quotes)
	if err != nil {
		return 0, err
	}
	parsed := p.sh.parseArith(text)
	if !dynamic {
		p.sh.arithNodes.Store(expr, parsed)
	}
	return p.evalArith(parsed)
}

// arithString evaluates arithmetic text (a variable's value, a subscript,
// let's argument).
func (p *proc) arithString(s string) (int64, error) {
	if n, ok := quickInt(s); ok {
		return n, nil
	}
	return p.evalArith(p.sh.parseArith(s))
}

// quickInt parses a plain decimal number without the parser.
func quickInt(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	neg := false
	i := 0
	if s[0] == '-' {
		neg, i = true, 1
		if len(s) == 1 {
			return 0, false
		}
	}
	if s[i] == '0' && len(s) > i+1 {
		return 0, false // octal or hex
	}
	var n int64
	for ; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// arithParsed is a parsed expression, or the syntax error it has.
type arithParsed struct {
	text string
	node *anode
	err  *arithError
}

func (s *Shell) parseArith(text string) *arithParsed {
	if v, ok := s.arith.Load(text); ok {
		return v.(*arithParsed)
	}
	ap := &aparser{src: text}
	node, err := ap.parse()
	res := &arithParsed{text: text, node: node, err: err}
	s.arith.Store(text, res)
	return res
}

func (p *proc) evalArith(ap *arithParsed) (int64, error) {
	if ap.err != nil {
		return 0, ap.err
	}
	if ap.node == nil {
		return 0, nil
	}
	ev := arithEval{p: p, text: ap.text}
	n := ev.eval(ap.node)
	if ev.err != nil {
		return 0, ev.err
	}
	return n, nil
}

// flattenArith prints an expression of the syntax tree back to text,
// with the words inside expanded: bash expands first and parses the
// result, so "$x" may bring operators with it. dynamic reports whether
// any expansion took place (the text may differ next time).
func (p *proc) flattenArith(expr syntax.ArithmExpr, quotes bool) (string, bool, error) {
	var b strings.Builder
	dynamic := false
	var walk func(x syntax.ArithmExpr) error
	walk = func(x syntax.ArithmExpr) error {
		switch x := x.(type) {
		case *syntax.BinaryArithm:
			if err := walk(x.X); err != nil {
				return err
			}
			switch x.Op {
			case syntax.Comma:
				b.WriteString(", ")
			default:
				b.WriteString(" " + x.Op.String() + " ")
			}
			return walk(x.Y)
		case *syntax.UnaryArithm:
			if x.Post {
				if err := walk(x.X); err != nil {
					return err
				}
				b.WriteString(x.Op.String())
				return nil
			}
			b.WriteString(x.Op.String())
			b.WriteByte(' ')
			return walk(x.X)
		case *syntax.ParenArithm:
			b.WriteByte('(')
			if err := walk(x.X); err != nil {
				return err
			}
			b.WriteByte(')')
			return nil
		case *syntax.Word:
			if text, ok := placeholderText(x); ok {
				dynamic = true
				s, ok := p.expandText(text)
				if !ok {
					return errArithDone
				}
				b.WriteString(s)
				return nil
			}
			if lit := x.Lit(); lit != "" || len(x.Parts) == 0 {
				b.WriteString(lit)
				return nil
			}
			if len(x.Parts) == 1 {
				if pe, ok := x.Parts[0].(*syntax.ParamExp); ok && !pe.Dollar.IsValid() && pe.Param != nil {
					// a[i] written without $: a variable reference
					b.WriteString(pe.Param.Value)
					if pe.Index != nil {
						b.WriteByte('[')
						if err := walk(pe.Index); err != nil {
							return err
						}
						b.WriteByte(']')
					}
					return nil
				}
			}
			dynamic = true
			for _, part := range x.Parts {
				if sq, ok := part.(*syntax.SglQuoted); ok && quotes {
					// single quotes stay: arithmetic rejects them
					v := sq.Value
					if sq.Dollar {
						v = ansiC(v)
					}
					b.WriteString("'" + v + "'")
					continue
				}
				s, ok := p.string(&syntax.Word{Parts: []syntax.WordPart{part}})
				if !ok {
					return errArithDone
				}
				b.WriteString(s)
			}
			return nil
		case *syntax.FlagsArithm:
			return walk(x.X)
		}
		return nil
	}
	err := walk(expr)
	return b.String(), dynamic, err
}

// arithError reports an arithmetic failure.
func (p *proc) arithError(err error) {
	p.arithErrorIn("", err)
}

// arithErrorIn reports an arithmetic failure of a command ("((", "let"),
// as bash words it; an unset variable under set -u ends the shell.
func (p *proc) arithErrorIn(cmd string, err error) {
	if err == errArithDone {
		return
	}
	if ae, ok := err.(*arithError); ok && ae.fatal {
		p.errorf("%s", err)
		p.fatal(1)
		return
	}
	if cmd != "" {
		p.errorf("%s: %s", cmd, err)
		return
	}
	p.errorf("%s", err)
}

// arithFailed ends what an arithmetic error in an expansion ends: the
// whole top-level command in bash (a subshell exits), the shell going on
// with the next; an unset variable under set -u ends the shell.
func (p *proc) arithFailed(err error) {
	if ae, ok := err.(*arithError); ok && ae.fatal {
		p.fatal(1)
		return
	}
	p.abandon(1)
}

// abandon leaves the top-level command after an error in an expansion
// (bad substitution, bad arithmetic): the shell goes on with the next
// one; a subshell exits.
func (p *proc) abandon(status int) {
	p.status, p.exitCode = status, status
	if p == p.sh.main {
		p.flow = flowAbandon
	} else {
		p.flow = flowExit
	}
}

// failLine ends the line after an error bash treats so (a failed
// assignment, failglob): errexit makes it the end of the shell.
func (p *proc) failLine(status int) {
	if p.opts.has(optErrexit) && p.noErrexit == 0 {
		p.fatal(status)
		return
	}
	p.abandon(status)
}

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }

// aparser parses arithmetic text.
type aparser struct {
	src string
	pos int
	err *arithError
	// op is where the last operator read starts: an operand missing at
	// the end is reported from it, as bash does.
	op int
}

func (ap *aparser) fail(msg string, at int) {
	if ap.err != nil {
		return
	}
	if at >= len(strings.TrimRight(ap.src, " \t\n")) && strings.HasSuffix(msg, "operand expected") {
		at = ap.op
	}
	ap.err = &arithError{expr: ap.src, msg: msg, token: ap.src[min(at, len(ap.src)):]}
}

func (ap *aparser) parse() (*anode, *arithError) {
	ap.skip()
	if ap.pos == len(ap.src) {
		return nil, nil
	}
	n := ap.comma()
	ap.skip()
	if ap.err == nil && ap.pos < len(ap.src) {
		ap.fail("syntax error in expression", ap.pos)
	}
	if ap.err != nil {
		return nil, ap.err
	}
	return n, nil
}

func (ap *aparser) skip() {
	for ap.pos < len(ap.src) {
		switch ap.src[ap.pos] {
		case ' ', '\t', '\n', '\r':
			ap.pos++
			continue
		}
		return
	}
}

// peek reports whether the next token is tok (without consuming it).
func (ap *aparser) peek(tok string) bool {
	ap.skip()
	return strings.HasPrefix(ap.src[ap.pos:], tok)
}

func (ap *aparser) eat(tok string) bool {
	if ap.peek(tok) {
		ap.pos += len(tok)
		return true
	}
	return false
}

func (ap *aparser) comma() *anode {
	n := ap.assign()
	for ap.err == nil && ap.eat(",") {
		y := ap.assign()
		n = &anode{op: aComma, x: n, y: y}
	}
	return n
}

var assignOps = []struct {
	tok string
	op  aop
}{
	{"<<=", aShl}, {">>=", aShr}, {"*=", aMul}, {"/=", aDiv}, {"%=", aMod},
	{"+=", aAdd}, {"-=", aSub}, {"&=", aBitAnd}, {"^=", aBitXor}, {"|=", aBitOr},
}

func (ap *aparser) assign() *anode {
	start := ap.pos
	n := ap.cond()
	if ap.err != nil {
		return n
	}
	ap.skip()
	at := ap.pos
	op := aNum
	matched := false
	for _, a := range assignOps {
		if strings.HasPrefix(ap.src[ap.pos:], a.tok) {
			ap.pos += len(a.tok)
			op, matched = a.op, true
			break
		}
	}
	if !matched && ap.peek("=") && !ap.peek("==") {
		ap.pos++
		matched = true
	}
	if !matched {
		return n
	}
	if n.op != aVar {
		ap.fail("attempted assignment to non-variable", at)
		return n
	}
	_ = start
	y := ap.assign()
	return &anode{op: aAssign, assign: op, x: n, y: y}
}

func (ap *aparser) cond() *anode {
	n := ap.binary(0)
	if ap.err != nil || !ap.peek("?") {
		return n
	}
	ap.pos++
	y := ap.comma()
	if ap.err != nil {
		return n
	}
	if !ap.eat(":") {
		ap.fail("`:' expected for conditional expression", ap.pos)
		return n
	}
	z := ap.cond()
	return &anode{op: aCond, x: n, y: y, z: z}
}

// binary operators by precedence level, lowest first.
var binLevels = [][]struct {
	tok string
	op  aop
}{
	{{"||", aOr}},
	{{"&&", aAnd}},
	{{"|", aBitOr}},
	{{"^", aBitXor}},
	{{"&", aBitAnd}},
	{{"==", aEq}, {"!=", aNe}},
	{{"<=", aLe}, {">=", aGe}, {"<", aLt}, {">", aGt}},
	{{"<<", aShl}, {">>", aShr}},
	{{"+", aAdd}, {"-", aSub}},
	{{"*", aMul}, {"/", aDiv}, {"%", aMod}},
}

func (ap *aparser) binary(level int) *anode {
	if level == len(binLevels) {
		return ap.power()
	}
	n := ap.binary(level + 1)
	for ap.err == nil {
		ap.skip()
		rest := ap.src[ap.pos:]
		found := false
		for _, b := range binLevels[level] {
			if !strings.HasPrefix(rest, b.tok) {
				continue
			}
			// do not take the start of a longer operator
			next := rest[len(b.tok):]
			if b.tok == "|" && strings.HasPrefix(next, "|") || b.tok == "&" && strings.HasPrefix(next, "&") ||
				strings.HasPrefix(next, "=") && b.tok != "==" && b.tok != "!=" && b.tok != "<=" && b.tok != ">=" ||
				(b.tok == "<" || b.tok == ">") && strings.HasPrefix(next, b.tok) ||
				b.tok == "*" && strings.HasPrefix(next, "*") {
				continue
			}
			ap.op = ap.pos
			ap.pos += len(b.tok)
			y := ap.binary(level + 1)
			n = &anode{op: b.op, x: n, y: y, rest: next}
			found = true
			break
		}
		if !found {
			break
		}
	}
	return n
}

func (ap *aparser) power() *anode {
	n := ap.unary()
	if ap.err == nil && ap.peek("**") && !ap.peek("**=") {
		ap.pos += 2
		rest := ap.src[ap.pos:]
		y := ap.power()
		return &anode{op: aPow, x: n, y: y, rest: rest}
	}
	return n
}

func (ap *aparser) unary() *anode {
	ap.skip()
	if ap.pos >= len(ap.src) {
		ap.fail("syntax error: operand expected", ap.pos)
		return &anode{}
	}
	rest := ap.src[ap.pos:]
	switch {
	case strings.HasPrefix(rest, "++") || strings.HasPrefix(rest, "--"):
		save := ap.pos
		ap.pos += 2
		ap.skip()
		if ap.pos < len(ap.src) && isNameStart(ap.src[ap.pos]) {
			x := ap.unary()
			op := aPreInc
			if rest[0] == '-' {
				op = aPreDec
			}
			if x.op != aVar {
				ap.fail("syntax error: operand expected", save)
			}
			return &anode{op: op, x: x}
		}
		// two signs
		ap.pos = save + 1
		x := ap.unary()
		if rest[0] == '-' {
			return &anode{op: aNeg, x: x}
		}
		return &anode{op: aPos, x: x}
	case rest[0] == '-':
		ap.op = ap.pos
		ap.pos++
		return &anode{op: aNeg, x: ap.unary()}
	case rest[0] == '+':
		ap.pos++
		return &anode{op: aPos, x: ap.unary()}
	case rest[0] == '!':
		ap.pos++
		return &anode{op: aNot, x: ap.unary()}
	case rest[0] == '~':
		ap.pos++
		return &anode{op: aBitNot, x: ap.unary()}
	}
	return ap.postfix()
}

func (ap *aparser) postfix() *anode {
	n := ap.primary()
	if ap.err != nil || n.op != aVar {
		return n
	}
	if ap.peek("++") {
		ap.pos += 2
		return &anode{op: aPostInc, x: n}
	}
	if ap.peek("--") {
		ap.pos += 2
		return &anode{op: aPostDec, x: n}
	}
	return n
}

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isNameChar(c byte) bool  { return isNameStart(c) || c >= '0' && c <= '9' }

func (ap *aparser) primary() *anode {
	ap.skip()
	start := ap.pos
	if ap.pos >= len(ap.src) {
		ap.fail("syntax error: operand expected", ap.pos)
		return &anode{}
	}
	c := ap.src[ap.pos]
	switch {
	case c == '(':
		ap.pos++
		n := ap.comma()
		if ap.err != nil {
			return n
		}
		if !ap.eat(")") {
			ap.fail("missing `)'", ap.pos)
		}
		return n
	case c >= '0' && c <= '9':
		for ap.pos < len(ap.src) && (isNameChar(ap.src[ap.pos]) || ap.src[ap.pos] == '#' || ap.src[ap.pos] == '@') {
			ap.pos++
		}
		lit := ap.src[start:ap.pos]
		n, err := parseNumber(lit)
		if err != "" {
			// bash shows the expression without its trailing blanks here
			ap.err = &arithError{expr: strings.TrimRight(ap.src, " \t\n"), msg: err, token: lit}
			return &anode{}
		}
		return &anode{op: aNum, num: n, rest: ap.src[start:]}
	case isNameStart(c):
		for ap.pos < len(ap.src) && isNameChar(ap.src[ap.pos]) {
			ap.pos++
		}
		n := &anode{op: aVar, name: ap.src[start:ap.pos], rest: ap.src[start:]}
		save := ap.pos
		ap.skip()
		if ap.pos < len(ap.src) && ap.src[ap.pos] == '[' {
			depth := 0
			i := ap.pos
			for ; i < len(ap.src); i++ {
				if ap.src[i] == '[' {
					depth++
				} else if ap.src[i] == ']' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if i == len(ap.src) {
				ap.fail("bad array subscript", start)
				return n
			}
			n.sub, n.hasSub = ap.src[ap.pos+1:i], true
			ap.pos = i + 1
			return n
		}
		ap.pos = save
		return n
	}
	ap.fail("syntax error: operand expected", start)
	return &anode{}
}

// parseNumber reads an integer constant: decimal, 0x hex, 0 octal,
// BASE#DIGITS; the error is bash's words.
func parseNumber(s string) (int64, string) {
	base := int64(10)
	digits := s
	if i := strings.IndexByte(s, '#'); i >= 0 {
		if s[0] == '0' {
			// 0x and 0 prefixes take the base already (02#1, 0#1)
			return 0, "invalid number"
		}
		b, err := strconv.ParseInt(s[:i], 10, 64)
		if err != nil || b < 2 || b > 64 {
			return 0, "invalid arithmetic base"
		}
		base, digits = b, s[i+1:]
		if digits == "" {
			return 0, "invalid integer constant"
		}
	} else if len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		base, digits = 16, s[2:]
		if digits == "" {
			return 0, ""
		}
	} else if len(s) > 1 && s[0] == '0' {
		base, digits = 8, s[1:]
	}
	var n int64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case c >= 'a' && c <= 'z':
			d = int64(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int64(c - 'A' + 10)
			if base > 36 {
				d += 26
			}
		case c == '@':
			d = 62
		case c == '_':
			d = 63
		default:
			return 0, "value too great for base"
		}
		if d >= base {
			return 0, "value too great for base"
		}
		n = n*base + d
	}
	return n, ""
}

// arithEval evaluates a parsed expression.
type arithEval struct {
	p     *proc
	text  string
	err   error
	depth int
}

func (ev *arithEval) fail(msg, token string) {
	if ev.err == nil {
		ev.err = &arithError{expr: ev.text, msg: msg, token: token}
	}
}

func (ev *arithEval) eval(n *anode) int64 {
	if ev.err != nil {
		return 0
	}
	switch n.op {
	case aNum:
		return n.num
	case aVar:
		return ev.value(n)
	case aNeg:
		return -ev.eval(n.x)
	case aPos:
		return ev.eval(n.x)
	case aNot:
		if ev.eval(n.x) == 0 {
			return 1
		}
		return 0
	case aBitNot:
		return ^ev.eval(n.x)
	case aPreInc, aPreDec, aPostInc, aPostDec:
		old := ev.value(n.x)
		nv := old + 1
		if n.op == aPreDec || n.op == aPostDec {
			nv = old - 1
		}
		ev.store(n.x, nv)
		if n.op == aPostInc || n.op == aPostDec {
			return old
		}
		return nv
	case aAnd:
		if ev.eval(n.x) == 0 {
			return 0
		}
		return b2i(ev.eval(n.y) != 0)
	case aOr:
		if ev.eval(n.x) != 0 {
			return 1
		}
		return b2i(ev.eval(n.y) != 0)
	case aCond:
		if ev.eval(n.x) != 0 {
			return ev.eval(n.y)
		}
		return ev.eval(n.z)
	case aComma:
		ev.eval(n.x)
		return ev.eval(n.y)
	case aAssign:
		y := ev.eval(n.y)
		if ev.err != nil {
			return 0
		}
		if n.assign != aNum {
			x := ev.value(n.x)
			y = ev.binop(n.assign, x, y, n)
		}
		ev.store(n.x, y)
		return y
	}
	x := ev.eval(n.x)
	y := ev.eval(n.y)
	return ev.binop(n.op, x, y, n)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (ev *arithEval) binop(op aop, x, y int64, n *anode) int64 {
	if ev.err != nil {
		return 0
	}
	switch op {
	case aMul:
		return x * y
	case aDiv, aMod:
		if y == 0 {
			ev.fail("division by 0", strings.TrimLeft(n.rest, " =/%"))
			return 0
		}
		if y == -1 {
			if op == aDiv {
				return -x
			}
			return 0
		}
		if op == aDiv {
			return x / y
		}
		return x % y
	case aAdd:
		return x + y
	case aSub:
		return x - y
	case aShl:
		return x << (uint64(y) & 63)
	case aShr:
		return x >> (uint64(y) & 63)
	case aLe:
		return b2i(x <= y)
	case aGe:
		return b2i(x >= y)
	case aLt:
		return b2i(x < y)
	case aGt:
		return b2i(x > y)
	case aEq:
		return b2i(x == y)
	case aNe:
		return b2i(x != y)
	case aBitAnd:
		return x & y
	case aBitXor:
		return x ^ y
	case aBitOr:
		return x | y
	case aPow:
		if y < 0 {
			ev.fail("exponent less than 0", strings.TrimLeft(n.rest, " -"))
			return 0
		}
		r := int64(1)
		for y > 0 {
			if y&1 == 1 {
				r *= x
			}
			x *= x
			y >>= 1
		}
		return r
	}
	return 0
}

// maxArithDepth bounds the evaluation of values that are expressions.
const maxArithDepth = 1024

// value reads a variable as a number: its value evaluated as an
// expression.
func (ev *arithEval) value(n *anode) int64 {
	p := ev.p
	var s string
	var set bool
	if n.hasSub {
		_, _, v, _ := p.resolve(n.name)
		if v != nil && v.kind == kAssoc {
			s, set = v.assoc.get(p.subscriptValue(n.sub))
		} else {
			s, set = p.element(v, p.subscriptValue(n.sub))
			if v == nil {
				if val, isSet, isSpecial := p.special(n.name); isSpecial {
					s, set = val, isSet
				}
			}
		}
	} else {
		s, set = p.getStr(n.name)
	}
	if !set {
		if p.opts.has(optNounset) {
			name := n.name
			if n.hasSub {
				name += "[" + n.sub + "]"
			}
			ev.err = &arithError{msg: name + ": unbound variable", fatal: true}
			return 0
		}
		return 0
	}
	if v, ok := quickInt(s); ok {
		return v
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return 0
	}
	if ev.depth >= maxArithDepth {
		ev.fail("expression recursion level exceeded", s)
		return 0
	}
	ap := p.sh.parseArith(s)
	if ap.err != nil {
		ev.err = ap.err
		return 0
	}
	sub := arithEval{p: p, text: s, depth: ev.depth + 1}
	v := sub.eval(ap.node)
	if sub.err != nil {
		ev.err = sub.err
	}
	return v
}

// store assigns a number to a variable of the expression.
func (ev *arithEval) store(n *anode, v int64) {
	if ev.err != nil {
		return
	}
	p := ev.p
	val := formatInt(v)
	var ok bool
	if n.hasSub {
		sub := p.subscriptValue(n.sub)
		if !p.isAssoc(n.name) {
			i, err := p.arithString(sub)
			if err != nil {
				ev.err = err
				return
			}
			sub = formatInt(i)
		}
		ok = p.setElem(n.name, sub, val, false)
	} else {
		ok = p.setVar(n.name, val)
	}
	if !ok {
		ev.err = errArithDone
	}
}

// letClause runs let EXPR...: status 0 when the last value is not 0.
func (p *proc) letClause(c *syntax.LetClause) int {
	var n int64
	for _, x := range c.Exprs {
		var err error
		// let's operands are words: their quotes go
		n, err = p.arithLoop(x)
		if err != nil {
			p.arithErrorIn("let", err)
			return 1
		}
	}
	return boolStatus(n != 0)
}

// arithPrint formats an error for an arithmetic failure outside the
// expression machinery.
func arithPrint(format string, args ...any) error {
	return &arithError{msg: fmt.Sprintf(format, args...)}
}
