package coreutils

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/regex"
)

func exprCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "expr",
		UsageStatus: 2,
		Summary:     "evaluate an expression",
		Usage: `Usage: expr EXPRESSION
Print the value of EXPRESSION, whose operators and operands are separate
arguments. From the loosest binding:

  A | B     A if it is neither empty nor 0, else B
  A & B     A if neither is empty nor 0, else 0
  A < B, A <= B, A = B, A != B, A >= B, A > B
            1 or 0; numeric if both are integers, else byte order
  A + B, A - B, A * B, A / B, A % B   integer arithmetic (any size)
  STRING : REGEX, match STRING REGEX
            the basic regular expression anchored at the start: the text
            of \(...\) if any, else the length of the match
  substr STRING POS LENGTH, index STRING CHARS, length STRING
  + TOKEN   TOKEN as a string, even if it is a keyword
  ( EXPRESSION )
Exit status: 0 if the value is neither empty nor 0, 1 if it is, 2 for an
invalid expression.
`,
		Run: runExpr,
	}
}

// exprValue is a string or an integer.
type exprValue struct {
	s     string
	n     *big.Int // set for integers
	isNum bool
}

func exprStr(s string) exprValue   { return exprValue{s: s} }
func exprInt(n *big.Int) exprValue { return exprValue{n: n, isNum: true} }

func (v exprValue) String() string {
	if v.isNum {
		return v.n.String()
	}
	return v.s
}

// toInt converts v to an integer if it looks like one: an optional minus
// and digits.
func (v exprValue) toInt() (*big.Int, bool) {
	if v.isNum {
		return v.n, true
	}
	s := v.s
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return nil, false
	}
	n, ok := new(big.Int).SetString(s, 10)
	return n, ok
}

// null reports whether v is empty or zero.
func (v exprValue) null() bool {
	if v.isNum {
		return v.n.Sign() == 0
	}
	if v.s == "" {
		return true
	}
	n, ok := v.toInt()
	return ok && n.Sign() == 0
}

// exprError is an invalid expression (exit status 2).
type exprError string

func (e exprError) Error() string { return string(e) }

type exprParser struct {
	args []string
	i    int
}

func (p *exprParser) peek(tok string) bool { return p.i < len(p.args) && p.args[p.i] == tok }

func (p *exprParser) missing() error {
	if p.i == 0 {
		return exprError("syntax error: missing argument")
	}
	return exprError(fmt.Sprintf("syntax error: missing argument after '%s'", p.args[p.i-1]))
}

func runExpr(c *builtins.Call) int {
	args := c.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return c.Usage("missing operand")
	}
	p := &exprParser{args: args}
	v, err := p.or()
	if err == nil && p.i < len(args) {
		err = exprError(fmt.Sprintf("syntax error: unexpected argument '%s'", args[p.i]))
	}
	if err != nil {
		c.Fail("%s", err)
		return 2
	}
	fmt.Fprintln(c.Stdout, v.String())
	if v.null() {
		return 1
	}
	return 0
}

func (p *exprParser) or() (exprValue, error) {
	l, err := p.and()
	if err != nil {
		return l, err
	}
	for p.peek("|") {
		p.i++
		r, err := p.and()
		if err != nil {
			return r, err
		}
		if l.null() {
			if r.null() {
				l = exprInt(new(big.Int))
			} else {
				l = r
			}
		}
	}
	return l, nil
}

func (p *exprParser) and() (exprValue, error) {
	l, err := p.compare()
	if err != nil {
		return l, err
	}
	for p.peek("&") {
		p.i++
		r, err := p.compare()
		if err != nil {
			return r, err
		}
		if l.null() || r.null() {
			l = exprInt(new(big.Int))
		}
	}
	return l, nil
}

func (p *exprParser) compare() (exprValue, error) {
	l, err := p.sum()
	if err != nil {
		return l, err
	}
	for p.i < len(p.args) {
		op := p.args[p.i]
		switch op {
		case "<", "<=", "=", "==", "!=", ">=", ">":
		default:
			return l, nil
		}
		p.i++
		r, err := p.sum()
		if err != nil {
			return r, err
		}
		var cmp int
		ln, lok := l.toInt()
		rn, rok := r.toInt()
		if lok && rok {
			cmp = ln.Cmp(rn)
		} else {
			cmp = strings.Compare(l.String(), r.String())
		}
		var res bool
		switch op {
		case "<":
			res = cmp < 0
		case "<=":
			res = cmp <= 0
		case "=", "==":
			res = cmp == 0
		case "!=":
			res = cmp != 0
		case ">=":
			res = cmp >= 0
		case ">":
			res = cmp > 0
		}
		l = exprInt(big.NewInt(0))
		if res {
			l = exprInt(big.NewInt(1))
		}
	}
	return l, nil
}

func (p *exprParser) sum() (exprValue, error) {
	l, err := p.product()
	if err != nil {
		return l, err
	}
	for p.peek("+") || p.peek("-") {
		op := p.args[p.i]
		p.i++
		r, err := p.product()
		if err != nil {
			return r, err
		}
		a, b, err := exprInts(l, r)
		if err != nil {
			return l, err
		}
		if op == "+" {
			l = exprInt(new(big.Int).Add(a, b))
		} else {
			l = exprInt(new(big.Int).Sub(a, b))
		}
	}
	return l, nil
}

func exprInts(l, r exprValue) (*big.Int, *big.Int, error) {
	a, ok1 := l.toInt()
	b, ok2 := r.toInt()
	if !ok1 || !ok2 {
		return nil, nil, exprError("non-integer argument")
	}
	return a, b, nil
}

func (p *exprParser) product() (exprValue, error) {
	l, err := p.match()
	if err != nil {
		return l, err
	}
	for p.peek("*") || p.peek("/") || p.peek("%") {
		op := p.args[p.i]
		p.i++
		r, err := p.match()
		if err != nil {
			return r, err
		}
		a, b, err := exprInts(l, r)
		if err != nil {
			return l, err
		}
		switch op {
		case "*":
			l = exprInt(new(big.Int).Mul(a, b))
		default:
			if b.Sign() == 0 {
				return l, exprError("division by zero")
			}
			if op == "/" {
				l = exprInt(new(big.Int).Quo(a, b))
			} else {
				l = exprInt(new(big.Int).Rem(a, b))
			}
		}
	}
	return l, nil
}

func (p *exprParser) match() (exprValue, error) {
	l, err := p.unary()
	if err != nil {
		return l, err
	}
	for p.peek(":") {
		p.i++
		r, err := p.unary()
		if err != nil {
			return r, err
		}
		if l, err = exprMatch(l.String(), r.String()); err != nil {
			return l, err
		}
	}
	return l, nil
}

// exprMatch matches the BRE re against the start of s.
func exprMatch(s, re string) (exprValue, error) {
	m, err := regex.Compile([]string{re}, regex.Options{Strict: true})
	if err != nil {
		return exprValue{}, exprError(err.Error())
	}
	loc := m.FindSubmatchIndex([]byte(s))
	if loc != nil && loc[0] != 0 {
		loc = nil // anchored: a match must start at the beginning
	}
	if m.NumSubexp() > 0 {
		if loc == nil || loc[2] < 0 {
			return exprStr(""), nil
		}
		return exprStr(s[loc[2]:loc[3]]), nil
	}
	n := 0
	if loc != nil {
		n = loc[1]
	}
	return exprInt(big.NewInt(int64(n))), nil
}

func (p *exprParser) unary() (exprValue, error) {
	if p.i >= len(p.args) {
		return exprValue{}, p.missing()
	}
	tok := p.args[p.i]
	arg := func() (exprValue, error) {
		if p.i >= len(p.args) {
			return exprValue{}, p.missing()
		}
		return p.unary()
	}
	switch tok {
	case "+":
		p.i++
		if p.i >= len(p.args) {
			return exprValue{}, p.missing()
		}
		p.i++
		return exprStr(p.args[p.i-1]), nil
	case "length":
		p.i++
		v, err := arg()
		if err != nil {
			return v, err
		}
		return exprInt(big.NewInt(int64(len(v.String())))), nil
	case "match":
		p.i++
		s, err := arg()
		if err != nil {
			return s, err
		}
		re, err := arg()
		if err != nil {
			return re, err
		}
		return exprMatch(s.String(), re.String())
	case "index":
		p.i++
		s, err := arg()
		if err != nil {
			return s, err
		}
		chars, err := arg()
		if err != nil {
			return chars, err
		}
		return exprInt(big.NewInt(int64(strings.IndexAny(s.String(), chars.String()) + 1))), nil
	case "substr":
		p.i++
		s, err := arg()
		if err != nil {
			return s, err
		}
		pos, err := arg()
		if err != nil {
			return pos, err
		}
		ln, err := arg()
		if err != nil {
			return ln, err
		}
		str := s.String()
		pn, ok1 := pos.toInt()
		lnn, ok2 := ln.toInt()
		if !ok1 || !ok2 {
			return exprStr(""), nil
		}
		if pn.Sign() <= 0 || lnn.Sign() <= 0 || !pn.IsInt64() || pn.Int64() > int64(len(str)) {
			return exprStr(""), nil
		}
		start := int(pn.Int64()) - 1
		end := len(str)
		if lnn.IsInt64() && lnn.Int64() < int64(end-start) {
			end = start + int(lnn.Int64())
		}
		return exprStr(str[start:end]), nil
	case "(":
		p.i++
		v, err := p.or()
		if err != nil {
			return v, err
		}
		if p.i >= len(p.args) {
			return v, exprError(fmt.Sprintf("syntax error: expecting ')' after '%s'", p.args[p.i-1]))
		}
		if p.args[p.i] != ")" {
			return v, exprError(fmt.Sprintf("syntax error: expecting ')' instead of '%s'", p.args[p.i]))
		}
		p.i++
		return v, nil
	case ")":
		return exprValue{}, exprError("syntax error: unexpected ')'")
	}
	p.i++
	return exprStr(tok), nil
}
