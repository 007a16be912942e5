package bc

import (
	"errors"
	"fmt"
	"strings"
)

// The parser reads bc's grammar (POSIX with GNU's extensions: long
// names, else, print, last, ! && ||, # comments) into a tree that
// run.go walks.

type tokKind int

const (
	tEOF tokKind = iota
	tNewline
	tNum
	tName
	tString
	tOp      // operators and punctuation
	tKeyword // define auto if else while for break continue return quit halt print
	tIllegal // a character bc has no use for
)

type token struct {
	kind tokKind
	text string
	line int
}

var keywords = map[string]bool{
	"define": true, "auto": true, "if": true, "else": true, "while": true, "for": true,
	"break": true, "continue": true, "return": true, "quit": true, "halt": true, "print": true,
	"length": true, "sqrt": true, "scale": true, "ibase": true, "obase": true, "last": true,
	"limits": true,
}

// syntaxError is a parse error at line.
type syntaxError struct {
	line int
	msg  string
}

func (e *syntaxError) Error() string { return e.msg }

// lex splits src into tokens. A comment that does not end is
// errCommentEOF; characters bc has no use for are tIllegal tokens.
func lex(src string, line int) ([]token, error) {
	var toks []token
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2
			line++
		case c == '\n':
			line++ // an error at a newline is the next line's, as bc reads ahead
			toks = append(toks, token{tNewline, "\n", line})
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return append(toks, token{tEOF, "", line}), errCommentEOF
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case c == '"':
			end := strings.IndexByte(src[i+1:], '"')
			if end < 0 {
				// bc reports the quote that never closes as illegal
				toks = append(toks, token{tIllegal, `"`, line})
				return append(toks, token{tEOF, "", line}), nil
			}
			toks = append(toks, token{tString, src[i+1 : i+1+end], line})
			line += strings.Count(src[i+1:i+1+end], "\n")
			i += end + 2
		case c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '.':
			j := i
			for j < len(src) {
				d := src[j]
				if d >= '0' && d <= '9' || d >= 'A' && d <= 'Z' || d == '.' && !strings.Contains(src[i:j], ".") {
					j++
				} else if d == '\\' && j+1 < len(src) && src[j+1] == '\n' {
					j += 2
					line++
				} else {
					break
				}
			}
			text := strings.ReplaceAll(src[i:j], "\\\n", "")
			if text == "." {
				toks = append(toks, token{tName, "last", line}) // GNU: . is last
			} else {
				toks = append(toks, token{tNum, text, line})
			}
			i = j
		case c >= 'a' && c <= 'z':
			j := i
			for j < len(src) && (src[j] >= 'a' && src[j] <= 'z' || src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
				j++
			}
			w := src[i:j]
			kind := tName
			if keywords[w] && w != "last" {
				kind = tKeyword
			}
			toks = append(toks, token{kind, w, line})
			i = j
		default:
			op := string(c)
			if i+1 < len(src) {
				two := src[i : i+2]
				switch two {
				case "==", "<=", ">=", "!=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=":
					op = two
				}
			}
			if !strings.Contains("+-*/%^=<>!&|(){}[],;", op[:1]) || op == "&" || op == "|" {
				toks = append(toks, token{tIllegal, op, line})
				i += len(op)
				continue
			}
			toks = append(toks, token{tOp, op, line})
			i += len(op)
		}
	}
	toks = append(toks, token{tEOF, "", line})
	return toks, nil
}

// node kinds of the tree
type expr interface{}

type (
	numLit struct{ text string }
	varRef struct{ name string } // a variable, scale, ibase, obase, last
	arrRef struct {
		name string
		idx  expr
	} // name[idx]
	arrWhole struct{ name string } // name[] as an argument
	unary    struct {
		op string
		x  expr
	}
	binary struct {
		op   string
		l, r expr
	}
	assign struct {
		op       string
		lhs, rhs expr
	}
	incdec struct {
		op     string
		prefix bool
		x      expr
	}
	call struct {
		name string
		args []expr
	}
	builtin struct {
		name string
		x    expr
	} // length, sqrt, scale
)

type stmt interface{}

type (
	exprStmt  struct{ x expr }
	strStmt   struct{ s string }
	printStmt struct{ items []expr } // strings are *strStmt
	block     struct{ body []stmt }
	ifStmt    struct {
		cond      expr
		then, els stmt
	}
	whileStmt struct {
		cond expr
		body stmt
	}
	forStmt struct {
		init, cond, post expr
		body             stmt
	}
	breakStmt    struct{}
	continueStmt struct{}
	returnStmt   struct{ x expr }
	haltStmt     struct{}
	limitsStmt   struct{}
	defineStmt   struct{ f *function }
)

type function struct {
	name   string
	params []param
	autos  []param
	body   []stmt
}

type param struct {
	name  string
	array bool
}

// errCommentEOF is the input's end inside a comment.
var errCommentEOF = errors.New("EOF encountered in a comment.")

// errQuit is quit read by the parser: bc stops where it reads it.
var errQuit = fmt.Errorf("quit")

type parser struct {
	toks []token
	pos  int
	// inFunc: parsing a function body (return is allowed)
	inFunc bool
	loops  int
}

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

func (p *parser) is(kind tokKind, text string) bool {
	t := p.peek()
	return t.kind == kind && t.text == text
}

func (p *parser) fail() error { return &syntaxError{p.peek().line, "syntax error"} }

func (p *parser) expect(text string) error {
	if !p.is(tOp, text) {
		return p.fail()
	}
	p.next()
	return nil
}

func (p *parser) skipNewlines() {
	for p.peek().kind == tNewline {
		p.next()
	}
}

// statement parses one statement; nil for an empty one.
func (p *parser) statement() (stmt, error) {
	t := p.peek()
	switch {
	case t.kind == tNewline || t.kind == tOp && t.text == ";":
		return nil, nil
	case t.kind == tString:
		p.next()
		return &strStmt{t.text}, nil
	case t.kind == tOp && t.text == "{":
		p.next()
		body, err := p.body()
		if err != nil {
			return nil, err
		}
		return &block{body}, nil
	case t.kind == tKeyword:
		return p.keyword()
	}
	x, err := p.expr()
	if err != nil {
		return nil, err
	}
	return &exprStmt{x}, nil
}

func (p *parser) skipSeparators() {
	for p.peek().kind == tNewline || p.is(tOp, ";") {
		p.next()
	}
}

func (p *parser) keyword() (stmt, error) {
	t := p.next()
	switch t.text {
	case "quit":
		return nil, errQuit
	case "halt":
		return &haltStmt{}, nil
	case "limits":
		return &limitsStmt{}, nil
	case "break", "continue":
		if p.loops == 0 {
			return nil, &syntaxError{t.line, t.text + " outside a for/while"}
		}
		if t.text == "break" {
			return &breakStmt{}, nil
		}
		return &continueStmt{}, nil
	case "return":
		if !p.inFunc {
			return nil, &syntaxError{t.line, "return outside a function"}
		}
		if p.peek().kind == tNewline || p.is(tOp, ";") || p.is(tOp, "}") || p.peek().kind == tEOF {
			return &returnStmt{}, nil
		}
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		return &returnStmt{x}, nil
	case "print":
		var items []expr
		for {
			if p.peek().kind == tString {
				items = append(items, &strStmt{p.next().text})
			} else {
				x, err := p.expr()
				if err != nil {
					return nil, err
				}
				items = append(items, x)
			}
			if !p.is(tOp, ",") {
				return &printStmt{items}, nil
			}
			p.next()
		}
	case "if", "while":
		if err := p.expect("("); err != nil {
			return nil, err
		}
		cond, err := p.expr()
		if err != nil {
			return nil, err
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		p.skipNewlines()
		if t.text == "while" {
			p.loops++
			body, err := p.statement()
			p.loops--
			if err != nil {
				return nil, err
			}
			return &whileStmt{cond, body}, nil
		}
		then, err := p.statement()
		if err != nil {
			return nil, err
		}
		s := &ifStmt{cond: cond, then: then}
		// else may follow on the same line or the next ones
		save := p.pos
		p.skipSeparatorsNoSemicolon()
		if p.is(tKeyword, "else") {
			p.next()
			p.skipNewlines()
			if s.els, err = p.statement(); err != nil {
				return nil, err
			}
		} else {
			p.pos = save
		}
		return s, nil
	case "for":
		if err := p.expect("("); err != nil {
			return nil, err
		}
		var parts [3]expr
		for i := range parts {
			end := ";"
			if i == 2 {
				end = ")"
			}
			if !p.is(tOp, end) {
				x, err := p.expr()
				if err != nil {
					return nil, err
				}
				parts[i] = x
			}
			if err := p.expect(end); err != nil {
				return nil, err
			}
		}
		p.skipNewlines()
		p.loops++
		body, err := p.statement()
		p.loops--
		if err != nil {
			return nil, err
		}
		return &forStmt{parts[0], parts[1], parts[2], body}, nil
	case "define":
		return p.define()
	case "length", "sqrt", "scale", "ibase", "obase":
		p.pos--
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		return &exprStmt{x}, nil
	}
	return nil, &syntaxError{t.line, "syntax error"}
}

func (p *parser) skipSeparatorsNoSemicolon() {
	for p.peek().kind == tNewline || p.is(tOp, ";") {
		p.next()
	}
}

func (p *parser) define() (stmt, error) {
	name := p.next()
	if name.kind != tName {
		return nil, &syntaxError{name.line, "syntax error"}
	}
	f := &function{name: name.text}
	if err := p.expect("("); err != nil {
		return nil, err
	}
	list := func(end string) ([]param, error) {
		var ps []param
		for !p.is(tOp, end) {
			n := p.next()
			if n.kind != tName {
				return nil, &syntaxError{n.line, "syntax error"}
			}
			pr := param{name: n.text}
			if p.is(tOp, "[") {
				p.next()
				if err := p.expect("]"); err != nil {
					return nil, err
				}
				pr.array = true
			}
			ps = append(ps, pr)
			if !p.is(tOp, ",") {
				break
			}
			p.next()
		}
		return ps, nil
	}
	var err error
	if f.params, err = list(")"); err != nil {
		return nil, err
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	p.skipNewlines()
	if err := p.expect("{"); err != nil {
		return nil, err
	}
	p.skipSeparators()
	if p.is(tKeyword, "auto") {
		p.next()
		for {
			if f.autos, err = list(";"); err != nil {
				return nil, err
			}
			break
		}
		if p.peek().kind != tNewline && !p.is(tOp, ";") {
			return nil, p.fail()
		}
	}
	p.inFunc = true
	defer func() { p.inFunc = false }()
	if f.body, err = p.body(); err != nil {
		return nil, err
	}
	return &defineStmt{f}, nil
}

// body parses statements up to the } that closes them (the { read).
func (p *parser) body() ([]stmt, error) {
	var body []stmt
	for {
		p.skipSeparators()
		if p.is(tOp, "}") {
			p.next()
			return body, nil
		}
		if p.peek().kind == tEOF {
			return nil, p.fail()
		}
		s, err := p.statement()
		if err != nil {
			return nil, err
		}
		if s != nil {
			body = append(body, s)
		}
		if !p.is(tOp, "}") && !p.is(tOp, ";") && p.peek().kind != tNewline {
			return nil, p.fail()
		}
	}
}

// Expressions, lowest precedence first: assignment (right), ||, &&, !,
// relations, + -, * / %, ^ (right), unary -, ++ --.

func (p *parser) expr() (expr, error) { return p.assignment() }

func isLvalue(x expr) bool {
	switch x.(type) {
	case *varRef, *arrRef:
		return true
	}
	return false
}

func (p *parser) assignment() (expr, error) {
	lhs, err := p.or()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if t.kind == tOp && (t.text == "=" || len(t.text) == 2 && t.text[1] == '=' && strings.Contains("+-*/%^", t.text[:1])) {
		if !isLvalue(lhs) {
			return nil, p.fail()
		}
		p.next()
		rhs, err := p.assignment()
		if err != nil {
			return nil, err
		}
		return &assign{t.text, lhs, rhs}, nil
	}
	return lhs, nil
}

// leftAssoc parses operands of next joined by ops, left to right.
func (p *parser) leftAssoc(next func() (expr, error), ops ...string) (expr, error) {
	l, err := next()
	for err == nil {
		op := ""
		for _, o := range ops {
			if p.is(tOp, o) {
				op = o
			}
		}
		if op == "" {
			break
		}
		p.next()
		var r expr
		if r, err = next(); err == nil {
			l = &binary{op, l, r}
		}
	}
	return l, err
}

func (p *parser) or() (expr, error)  { return p.leftAssoc(p.and, "||") }
func (p *parser) and() (expr, error) { return p.leftAssoc(p.not, "&&") }

func (p *parser) not() (expr, error) {
	if p.is(tOp, "!") {
		p.next()
		x, err := p.not()
		if err != nil {
			return nil, err
		}
		return &unary{"!", x}, nil
	}
	return p.relation()
}

func (p *parser) relation() (expr, error) {
	l, err := p.additive()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	if t.kind == tOp && (t.text == "<" || t.text == ">" || t.text == "<=" || t.text == ">=" || t.text == "==" || t.text == "!=") {
		p.next()
		r, err := p.additive()
		if err != nil {
			return nil, err
		}
		return &binary{t.text, l, r}, nil
	}
	return l, nil
}

func (p *parser) additive() (expr, error) { return p.leftAssoc(p.multiplicative, "+", "-") }

func (p *parser) multiplicative() (expr, error) {
	return p.leftAssoc(p.powerExpr, "*", "/", "%")
}

func (p *parser) powerExpr() (expr, error) {
	l, err := p.unaryExpr()
	if err != nil || !p.is(tOp, "^") {
		return l, err
	}
	p.next()
	r, err := p.powerExpr()
	if err != nil {
		return nil, err
	}
	return &binary{"^", l, r}, nil
}

func (p *parser) unaryExpr() (expr, error) {
	if p.is(tOp, "-") {
		p.next()
		x, err := p.unaryExpr()
		if err != nil {
			return nil, err
		}
		return &unary{"-", x}, nil
	}
	if p.is(tOp, "++") || p.is(tOp, "--") {
		op := p.next().text
		x, err := p.primary()
		if err != nil {
			return nil, err
		}
		if !isLvalue(x) {
			return nil, p.fail()
		}
		return &incdec{op, true, x}, nil
	}
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	if (p.is(tOp, "++") || p.is(tOp, "--")) && isLvalue(x) {
		return &incdec{p.next().text, false, x}, nil
	}
	return x, nil
}

func (p *parser) primary() (expr, error) {
	t := p.next()
	switch t.kind {
	case tNum:
		return &numLit{t.text}, nil
	case tOp:
		if t.text == "(" {
			x, err := p.expr()
			if err != nil {
				return nil, err
			}
			return x, p.expect(")")
		}
	case tKeyword:
		switch t.text {
		case "scale", "ibase", "obase":
			if t.text == "scale" && p.is(tOp, "(") {
				return p.builtinCall(t.text)
			}
			return &varRef{t.text}, nil
		case "length", "sqrt":
			return p.builtinCall(t.text)
		}
	case tName:
		if t.text == "last" {
			return &varRef{"last"}, nil
		}
		if p.is(tOp, "(") {
			p.next()
			var args []expr
			for !p.is(tOp, ")") {
				var a expr
				if p.peek().kind == tName && p.toks[p.pos+1].kind == tOp && p.toks[p.pos+1].text == "[" &&
					p.toks[p.pos+2].kind == tOp && p.toks[p.pos+2].text == "]" {
					a = &arrWhole{p.next().text}
					p.pos += 2
				} else {
					var err error
					if a, err = p.expr(); err != nil {
						return nil, err
					}
				}
				args = append(args, a)
				if !p.is(tOp, ",") {
					break
				}
				p.next()
			}
			return &call{t.text, args}, p.expect(")")
		}
		if p.is(tOp, "[") {
			p.next()
			idx, err := p.expr()
			if err != nil {
				return nil, err
			}
			return &arrRef{t.text, idx}, p.expect("]")
		}
		return &varRef{t.text}, nil
	}
	p.pos--
	if t.kind == tEOF {
		return nil, p.fail()
	}
	return nil, &syntaxError{t.line, "syntax error"}
}

func (p *parser) builtinCall(name string) (expr, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	x, err := p.expr()
	if err != nil {
		return nil, err
	}
	return &builtin{name, x}, p.expect(")")
}
