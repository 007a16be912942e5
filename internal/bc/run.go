// Package bc is the bc language, POSIX's with GNU bc's extensions:
// arbitrary precision decimal numbers (math/big), scale, ibase and
// obase, variables, arrays, functions with auto variables and dynamic
// scope, if/else, while, for, break, continue, return, print, quit,
// halt, comments, and GNU's math library (-l: s c a l e j). It imports
// only the standard library; an Interp is used by one goroutine.
package bc

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// Config is what an Interp writes to and how.
type Config struct {
	Stdout, Stderr io.Writer
	// MathLib defines s, c, a, l, e and j and sets scale to 20 (-l).
	MathLib bool
	// LineLength is BC_LINE_LENGTH: a number is broken with a backslash
	// before it makes a line that long; 0 means never. Negative (or 1,
	// 2): the default, 70.
	LineLength int
	// Stop, when it reports true, ends the run (Ctrl-C, a limit).
	Stop func() bool
}

// Interp runs bc programs; its state (variables, functions, scale...)
// carries from one Run to the next, as bc's does from file to file.
type Interp struct {
	cfg   Config
	vars  map[string][]num
	arrs  map[string][]*array
	funcs map[string]*function
	scale int
	ibase int
	obase int
	last  num
	col   int
	// fn names the function running, for runtime errors; ops counts
	// the operations it did (the address of an error).
	fn    string
	ops   int
	depth int
}

type array struct{ m map[int64]num }

// New returns an interpreter.
func New(cfg Config) *Interp {
	if cfg.LineLength < 0 || cfg.LineLength > 0 && cfg.LineLength < 3 {
		cfg.LineLength = 70 // as GNU bc takes a length below 3
	}
	in := &Interp{cfg: cfg, vars: map[string][]num{}, arrs: map[string][]*array{}, funcs: map[string]*function{},
		ibase: 10, obase: 10, last: intNum(0), fn: "(main)"}
	if cfg.MathLib {
		in.scale = 20
	}
	return in
}

// runtimeError stops the statement under way.
type runtimeError struct{ msg string }

func (e *runtimeError) Error() string { return e.msg }

var (
	errHalt  = errors.New("halt")
	errStop  = errors.New("stopped")
	errBreak = errors.New("break")
	errCont  = errors.New("continue")
)

type errReturn struct{ v num }

func (errReturn) Error() string { return "return" }

// Run runs the program src, read from name ("" for standard input, which
// errors call "(standard_in)"). It returns false once the program quit or
// halted, or was stopped: nothing more is to run.
func (in *Interp) Run(name, src string) bool {
	where := name
	if where == "" {
		where = "(standard_in)"
	}
	toks, lexErr := lex(src, 1)
	p := &parser{toks: toks}
	// bc runs what a line holds once the line is read: a quit read on
	// it ends bc before any of it runs, a syntax error drops it
	var pending []stmt
	flush := func() bool {
		for _, s := range pending {
			in.fn, in.ops = "(main)", 0
			err := in.exec(s)
			var re *runtimeError
			switch {
			case errors.As(err, &re):
				in.errorf("Runtime error (func=%s, adr=%d): %s\n", in.fn, in.ops, re.msg)
				pending = nil
				return true
			case err == errHalt, err == errStop:
				return false
			}
		}
		pending = nil
		return true
	}
	for {
		for p.is(tOp, ";") {
			p.next()
		}
		switch p.peek().kind {
		case tNewline:
			p.next()
			if !flush() {
				return false
			}
			continue
		case tEOF:
			if lexErr != nil {
				in.errorf("%s\n", lexErr)
				pending = nil
			}
			return flush()
		}
		s, err := p.statement()
		if err == nil && p.peek().kind != tEOF && p.peek().kind != tNewline && !p.is(tOp, ";") {
			err = p.fail()
		}
		if errors.Is(err, errQuit) {
			return false
		}
		var se *syntaxError
		if errors.As(err, &se) {
			if t := p.peek(); t.kind == tIllegal {
				in.errorf("%s %d: illegal character: %s\n", where, t.line, t.text)
				if t.text == `"` {
					se.msg = "" // the rest of the input is the string's
				}
			}
			if se.msg != "" {
				in.errorf("%s %d: %s\n", where, se.line, se.msg)
			}
			for p.peek().kind != tNewline && p.peek().kind != tEOF {
				p.next()
			}
			pending = nil
			continue
		}
		if s != nil {
			pending = append(pending, s)
		}
	}
}

func (in *Interp) errorf(format string, args ...any) {
	fmt.Fprintf(in.cfg.Stderr, format, args...)
}

func (in *Interp) write(s string) {
	io.WriteString(in.cfg.Stdout, s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		in.col = len(s) - i - 1
	} else {
		in.col += len(s)
	}
}

// printNum writes a number, broken as bc breaks long ones.
func (in *Interp) printNum(n num) {
	s := n.format(in.obase)
	ll := in.cfg.LineLength
	if ll == 0 {
		in.write(s)
		return
	}
	var b strings.Builder
	col := in.col
	for i := 0; i < len(s); i++ {
		if col == ll-2 {
			b.WriteString("\\\n")
			col = 0
		}
		b.WriteByte(s[i])
		col++
	}
	in.write(b.String())
}

func (in *Interp) exec(s stmt) error {
	if in.cfg.Stop != nil && in.cfg.Stop() {
		return errStop
	}
	switch s := s.(type) {
	case *exprStmt:
		v, err := in.eval(s.x)
		if err != nil {
			return err
		}
		if _, ok := s.x.(*assign); !ok {
			in.printNum(v)
			in.write("\n")
			in.last = v
		}
	case *strStmt:
		in.write(s.s)
	case *printStmt:
		for _, it := range s.items {
			if str, ok := it.(*strStmt); ok {
				in.write(printEscapes(str.s))
				continue
			}
			v, err := in.eval(it)
			if err != nil {
				return err
			}
			in.printNum(v)
			in.last = v
		}
	case *block:
		for _, b := range s.body {
			if err := in.exec(b); err != nil {
				return err
			}
		}
	case *ifStmt:
		c, err := in.eval(s.cond)
		if err != nil {
			return err
		}
		if !c.isZero() {
			return in.execOpt(s.then)
		}
		return in.execOpt(s.els)
	case *whileStmt:
		return in.loop(nil, s.cond, nil, s.body)
	case *forStmt:
		return in.loop(s.init, s.cond, s.post, s.body)
	case *breakStmt:
		return errBreak
	case *continueStmt:
		return errCont
	case *returnStmt:
		v := intNum(0)
		if s.x != nil {
			var err error
			if v, err = in.eval(s.x); err != nil {
				return err
			}
		}
		return errReturn{v}
	case *haltStmt:
		return errHalt
	case *limitsStmt:
		in.write("BC_BASE_MAX     = 2147483647\nBC_DIM_MAX      = 16777215\nBC_SCALE_MAX    = 2147483647\nBC_STRING_MAX   = 2147483647\nMAX Exponent    = 2147483647\nNumber of vars  = 32767\n")
	case *defineStmt:
		in.funcs[s.f.name] = s.f
	}
	return nil
}

func (in *Interp) execOpt(s stmt) error {
	if s == nil {
		return nil
	}
	return in.exec(s)
}

// loop runs for (init; cond; post) body; while is one without init and
// post. A missing cond is true.
func (in *Interp) loop(init, cond, post expr, body stmt) error {
	step := func(x expr) error {
		if x == nil {
			return nil
		}
		_, err := in.eval(x)
		return err
	}
	if err := step(init); err != nil {
		return err
	}
	for {
		if cond != nil {
			c, err := in.eval(cond)
			if err != nil || c.isZero() {
				return err
			}
		}
		if in.cfg.Stop != nil && in.cfg.Stop() {
			return errStop
		}
		if err := in.execOpt(body); err == errBreak {
			return nil
		} else if err != nil && err != errCont {
			return err
		}
		if err := step(post); err != nil {
			return err
		}
	}
}

// printEscapes reads print's escapes: \a \b \f \n \r \q (") \t \\;
// a backslash before anything else is dropped.
func printEscapes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			i++
			c = s[i]
			if e := strings.IndexByte("abfnrqt", c); e >= 0 {
				c = "\a\b\f\n\r\"\t"[e]
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

func truth(b bool) num {
	if b {
		return intNum(1)
	}
	return intNum(0)
}

func (in *Interp) fail(msg string) error { return &runtimeError{msg} }

func (in *Interp) eval(x expr) (num, error) {
	in.ops++
	switch x := x.(type) {
	case *numLit:
		return in.parseNum(x.text), nil
	case *varRef:
		return in.getVar(x.name), nil
	case *arrRef:
		a, i, err := in.element(x)
		if err != nil {
			return num{}, err
		}
		if v, ok := a.m[i]; ok {
			return v, nil
		}
		return intNum(0), nil
	case *unary:
		v, err := in.eval(x.x)
		if err != nil {
			return num{}, err
		}
		if x.op == "!" {
			return truth(v.isZero()), nil
		}
		return neg(v), nil
	case *binary:
		return in.binary(x)
	case *assign:
		return in.assign(x)
	case *incdec:
		old, err := in.eval(x.x)
		if err != nil {
			return num{}, err
		}
		nv := add(old, intNum(1))
		if x.op == "--" {
			nv = sub(old, intNum(1))
		}
		if err := in.store(x.x, nv); err != nil {
			return num{}, err
		}
		if x.prefix {
			return in.eval(x.x)
		}
		return old, nil
	case *builtin:
		v, err := in.eval(x.x)
		if err != nil {
			return num{}, err
		}
		switch x.name {
		case "length":
			return intNum(int64(v.digits())), nil
		case "scale":
			return intNum(int64(v.scale)), nil
		}
		if v.v.Sign() < 0 {
			return num{}, in.fail("Square root of a negative number")
		}
		return sqrtNum(v, in.scale), nil
	case *call:
		return in.call(x)
	case *arrWhole:
		return num{}, in.fail("Array " + x.name + " used as a value")
	}
	return num{}, in.fail("bad expression")
}

func (in *Interp) binary(x *binary) (num, error) {
	l, err := in.eval(x.l)
	if err != nil {
		return num{}, err
	}
	switch x.op {
	case "&&":
		if l.isZero() {
			return intNum(0), nil
		}
		r, err := in.eval(x.r)
		return truth(!r.isZero()), err
	case "||":
		if !l.isZero() {
			return intNum(1), nil
		}
		r, err := in.eval(x.r)
		return truth(!r.isZero()), err
	}
	r, err := in.eval(x.r)
	if err != nil {
		return num{}, err
	}
	return in.arith(x.op, l, r)
}

func (in *Interp) arith(op string, l, r num) (num, error) {
	switch op {
	case "+":
		return add(l, r), nil
	case "-":
		return sub(l, r), nil
	case "*":
		// as for ^: a product past 2^24 bits (5 million digits) is
		// refused (x*=x in a loop doubles until one product takes
		// minutes that nothing could interrupt)
		if l.v.BitLen()+r.v.BitLen() > 1<<24 {
			return num{}, in.fail("number too large")
		}
		return mul(l, r, in.scale), nil
	case "/":
		if r.isZero() {
			return num{}, in.fail("Divide by zero")
		}
		return div(l, r, in.scale), nil
	case "%":
		if r.isZero() {
			return num{}, in.fail("Modulo by zero")
		}
		return mod(l, r, in.scale), nil
	case "^":
		if r.scale != 0 {
			in.errorf("Runtime warning (func=%s, adr=%d): non-zero scale in exponent\n", in.fn, in.ops)
		}
		e := r.toInt()
		if l.isZero() && e.Sign() < 0 {
			return num{}, in.fail("Divide by zero")
		}
		// a result past 2^24 bits (5 million digits) is refused: it
		// would take minutes that nothing could interrupt
		if bits := int64(l.v.BitLen()); bits > 1 && l.v.CmpAbs(pow10(l.scale)) != 0 &&
			(!e.IsInt64() || e.Int64() > 1<<24 || e.Int64() < -(1<<24) || bits*max(e.Int64(), -e.Int64()) > 1<<24) {
			return num{}, in.fail("exponent too large in raise")
		}
		return power(l, e, in.scale), nil
	case "<":
		return truth(cmp(l, r) < 0), nil
	case "<=":
		return truth(cmp(l, r) <= 0), nil
	case ">":
		return truth(cmp(l, r) > 0), nil
	case ">=":
		return truth(cmp(l, r) >= 0), nil
	case "==":
		return truth(cmp(l, r) == 0), nil
	case "!=":
		return truth(cmp(l, r) != 0), nil
	}
	return num{}, in.fail("bad operator " + op)
}

func (in *Interp) assign(x *assign) (num, error) {
	v, err := in.eval(x.rhs)
	if err != nil {
		return num{}, err
	}
	if x.op != "=" {
		old, err := in.eval(x.lhs)
		if err != nil {
			return num{}, err
		}
		if v, err = in.arith(x.op[:1], old, v); err != nil {
			return num{}, err
		}
	}
	if err := in.store(x.lhs, v); err != nil {
		return num{}, err
	}
	return in.eval(x.lhs)
}

func (in *Interp) getVar(name string) num {
	switch name {
	case "scale":
		return intNum(int64(in.scale))
	case "ibase":
		return intNum(int64(in.ibase))
	case "obase":
		return intNum(int64(in.obase))
	case "last":
		return in.last
	}
	if st := in.vars[name]; len(st) > 0 {
		return st[len(st)-1]
	}
	return intNum(0)
}

// clampInt is v's integer part as an int between lo and hi.
func clampInt(v num, lo, hi int64) int {
	i := v.toInt()
	switch {
	case i.Cmp(big.NewInt(lo)) < 0:
		return int(lo)
	case i.Cmp(big.NewInt(hi)) > 0:
		return int(hi)
	}
	return int(i.Int64())
}

func (in *Interp) store(lhs expr, v num) error {
	switch x := lhs.(type) {
	case *varRef:
		switch x.name {
		case "scale":
			in.scale = clampInt(v, 0, 1<<20)
		case "ibase":
			in.ibase = clampInt(v, 2, 16)
		case "obase":
			in.obase = clampInt(v, 2, 1<<20)
		case "last":
			in.last = v
		default:
			st := in.vars[x.name]
			if len(st) == 0 {
				in.vars[x.name] = []num{v}
			} else {
				st[len(st)-1] = v
			}
		}
	case *arrRef:
		a, i, err := in.element(x)
		if err != nil {
			return err
		}
		a.m[i] = v
	}
	return nil
}

// element is the array and index an element reference names.
func (in *Interp) element(x *arrRef) (*array, int64, error) {
	iv, err := in.eval(x.idx)
	if err != nil {
		return nil, 0, err
	}
	i := iv.toInt()
	if i.Sign() < 0 || i.Cmp(big.NewInt(16777215)) > 0 {
		return nil, 0, in.fail("Array " + x.name + " subscript out of bounds.")
	}
	return in.arrayOf(x.name), i.Int64(), nil
}

func (in *Interp) arrayOf(name string) *array {
	st := in.arrs[name]
	if len(st) == 0 {
		a := &array{m: map[int64]num{}}
		in.arrs[name] = []*array{a}
		return a
	}
	return st[len(st)-1]
}

// maxDepth bounds the recursion of bc functions.
const maxDepth = 2000

func (in *Interp) call(x *call) (num, error) {
	f := in.funcs[x.name]
	if f == nil {
		if in.cfg.MathLib {
			if v, ok, err := in.mathCall(x); ok {
				return v, err
			}
		}
		return num{}, in.fail("Function " + x.name + " not defined.")
	}
	if len(x.args) != len(f.params) {
		return num{}, in.fail("Parameter number mismatch")
	}
	if in.depth >= maxDepth {
		return num{}, in.fail("Function call nesting too deep")
	}
	in.depth++
	defer func() { in.depth-- }()
	// arguments are evaluated in the caller's scope first
	vals := make([]num, len(f.params))
	arrs := make([]*array, len(f.params))
	for i, a := range x.args {
		p := f.params[i]
		if w, ok := a.(*arrWhole); ok {
			if !p.array {
				return num{}, in.fail("Parameter type mismatch")
			}
			src := in.arrayOf(w.name)
			cp := &array{m: make(map[int64]num, len(src.m))}
			for k, v := range src.m {
				cp.m[k] = v
			}
			arrs[i] = cp
			continue
		}
		if p.array {
			return num{}, in.fail("Parameter type mismatch")
		}
		v, err := in.eval(a)
		if err != nil {
			return num{}, err
		}
		vals[i] = v
	}
	locals := append(append([]param(nil), f.params...), f.autos...)
	for i, p := range locals {
		if p.array {
			a := &array{m: map[int64]num{}}
			if i < len(f.params) {
				a = arrs[i]
			}
			in.arrs[p.name] = append(in.arrs[p.name], a)
		} else {
			v := intNum(0)
			if i < len(f.params) {
				v = vals[i]
			}
			in.vars[p.name] = append(in.vars[p.name], v)
		}
	}
	defer func() {
		for _, p := range locals {
			if p.array {
				in.arrs[p.name] = in.arrs[p.name][:len(in.arrs[p.name])-1]
			} else {
				in.vars[p.name] = in.vars[p.name][:len(in.vars[p.name])-1]
			}
		}
	}()
	saveFn, saveOps := in.fn, in.ops
	in.fn, in.ops = x.name, 0
	var ret num = intNum(0)
	for _, s := range f.body {
		err := in.exec(s)
		var r errReturn
		if errors.As(err, &r) {
			ret = r.v
			break
		}
		if err != nil {
			return num{}, err // the error names this function
		}
	}
	in.fn, in.ops = saveFn, saveOps
	return ret, nil
}

// parseNum reads a number in ibase: a single digit is its value whatever
// ibase is, a longer number's digits count at most ibase-1.
func (in *Interp) parseNum(text string) num {
	ip, fp, _ := strings.Cut(text, ".")
	base := int64(in.ibase)
	val := func(c byte) int64 {
		d := int64(c - '0')
		if c >= 'A' {
			d = int64(c-'A') + 10
		}
		if len(text) > 1 && d >= base {
			d = base - 1
		}
		return d
	}
	if base == 10 && !strings.ContainsAny(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		v, _ := new(big.Int).SetString(ip+fp, 10)
		if v == nil {
			v = new(big.Int)
		}
		return num{v, len(fp)}
	}
	b := big.NewInt(base)
	n := new(big.Int)
	for i := 0; i < len(ip); i++ {
		n.Mul(n, b).Add(n, big.NewInt(val(ip[i])))
	}
	if fp == "" {
		return num{n, 0}
	}
	f := new(big.Int)
	for i := 0; i < len(fp); i++ {
		f.Mul(f, b).Add(f, big.NewInt(val(fp[i])))
	}
	den := new(big.Int).Exp(b, big.NewInt(int64(len(fp))), nil)
	frac := div(num{f, 0}, num{den, 0}, len(fp))
	return add(num{n, 0}, frac)
}
