package engine

import (
	"errors"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/vfs"
)

// errSilent fails a test without a message (an invalid regex).
var errSilent = errors.New("")

// test evaluates a [[ ]] expression.
func (p *proc) test(x syntax.TestExpr) (bool, error) {
	switch x := x.(type) {
	case *syntax.Word:
		if eg, ok := singleExtGlob(x); ok && eg.Op == syntax.GlobExcept && !p.opts.has(optExtglob) {
			// without extglob, [[ !(word) ]] is a negated test
			w, err := p.sh.parseWord(eg.Pattern.Value)
			if err != nil {
				return false, err
			}
			s, ok := p.string(w)
			if !ok {
				return false, errArithDone
			}
			return s == "", nil
		}
		s, ok := p.string(x)
		if !ok {
			return false, errArithDone
		}
		return s != "", nil
	case *syntax.ParenTest:
		return p.test(x.X)
	case *syntax.UnaryTest:
		if x.Op == syntax.TsNot {
			ok, err := p.test(x.X)
			return !ok, err
		}
		w, _ := x.X.(*syntax.Word)
		s, ok := p.string(w)
		if !ok {
			return false, errArithDone
		}
		return p.unaryTest(x.Op.String(), s)
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.AndTest:
			ok, err := p.test(x.X)
			if err != nil || !ok {
				return false, err
			}
			return p.test(x.Y)
		case syntax.OrTest:
			ok, err := p.test(x.X)
			if err != nil || ok {
				return ok, err
			}
			return p.test(x.Y)
		}
		lw, _ := x.X.(*syntax.Word)
		rw, _ := x.Y.(*syntax.Word)
		left, ok := p.string(lw)
		if !ok {
			return false, errArithDone
		}
		switch x.Op {
		case syntax.TsMatch, syntax.TsMatchShort, syntax.TsNoMatch:
			pat, ok := p.pattern(rw)
			if !ok {
				return false, errArithDone
			}
			m := p.match(pat, left, p.matchMode())
			return m == (x.Op != syntax.TsNoMatch), nil
		case syntax.TsReMatch:
			return p.regexMatch(left, rw)
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			right, ok := p.string(rw)
			if !ok {
				return false, errArithDone
			}
			a, err := p.arithString(left)
			if err != nil {
				return false, err
			}
			b, err := p.arithString(right)
			if err != nil {
				return false, err
			}
			return compareInts(x.Op.String(), a, b), nil
		}
		right, ok := p.string(rw)
		if !ok {
			return false, errArithDone
		}
		return p.binaryTest(x.Op.String(), left, right, true)
	}
	return false, nil
}

// singleExtGlob is the extended glob a word consists of.
func singleExtGlob(w *syntax.Word) (*syntax.ExtGlob, bool) {
	if len(w.Parts) != 1 {
		return nil, false
	}
	eg, ok := w.Parts[0].(*syntax.ExtGlob)
	return eg, ok
}

func compareInts(op string, a, b int64) bool {
	switch op {
	case "-eq":
		return a == b
	case "-ne":
		return a != b
	case "-le":
		return a <= b
	case "-ge":
		return a >= b
	case "-lt":
		return a < b
	}
	return a > b
}

// regexMatch does =~, setting BASH_REMATCH.
func (p *proc) regexMatch(s string, w *syntax.Word) (bool, error) {
	pat, ok := p.regex(w)
	if !ok {
		return false, errArithDone
	}
	if p.opts.has(optNocasematch) {
		// Go's POSIX syntax has no flags: the Perl syntax, made
		// leftmost-longest
		pat = "(?i)" + pat
	}
	re, err := p.sh.compileRegex(pat)
	if err != nil {
		return false, errSilent
	}
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		p.setArrayValues("BASH_REMATCH", nil)
		return false, nil
	}
	groups := make([]string, len(m)/2)
	for i := range groups {
		if m[2*i] >= 0 {
			groups[i] = s[m[2*i]:m[2*i+1]]
		}
	}
	p.setArrayValues("BASH_REMATCH", groups)
	return true, nil
}

func (s *Shell) compileRegex(pat string) (*regexp.Regexp, error) {
	if re, ok := s.regexps.Load(pat); ok {
		return re.(*regexp.Regexp), nil
	}
	re, err := regexp.CompilePOSIX(pat)
	if err != nil {
		re, err = regexp.Compile(pat)
		if err != nil {
			return nil, err
		}
		re.Longest()
	}
	s.regexps.Store(pat, re)
	return re, nil
}

// setArrayValues makes name a plain indexed array of vals (global).
func (p *proc) setArrayValues(name string, vals []string) {
	v, _, _ := p.varFor(name)
	if v == nil {
		return
	}
	if v.attrs&aReadonly != 0 {
		return
	}
	v.kind, v.arr, v.str, v.assoc = kIndexed, &indexed{vals: vals}, "", nil
	v.attrs |= aSet
}

// unaryTest applies a unary operator of test and [[ ]].
func (p *proc) unaryTest(op, s string) (bool, error) {
	switch op {
	case "-n":
		return s != "", nil
	case "-z":
		return s == "", nil
	case "-o":
		if o, ok := setOptByName(s); ok {
			return p.opts.has(o), nil
		}
		return false, nil
	case "-v":
		return p.isVarSet(s), nil
	case "-R":
		v, _ := p.lookup(s)
		return v != nil && v.attrs&aNameref != 0 && v.isSet(), nil
	case "-t":
		return false, nil
	}
	if s == "" {
		return false, nil
	}
	fsys := p.sh.cfg.FS
	path := vfs.Clean(p.dir, s)
	if n, ok := strings.CutPrefix(s, "/dev/fd/"); ok {
		if fd, err := strconv.Atoi(n); err == nil {
			return p.fds.get(fd) != nil && (op == "-e" || op == "-r" || op == "-w"), nil
		}
	}
	var info fs.FileInfo
	var err error
	if op == "-L" || op == "-h" {
		info, err = fsys.Lstat(path)
		return err == nil && info.Mode()&fs.ModeSymlink != 0, nil
	}
	info, err = fsys.Stat(path)
	if err != nil {
		return false, nil
	}
	mode := info.Mode()
	switch op {
	case "-e", "-a":
		return true, nil
	case "-f":
		return mode.IsRegular(), nil
	case "-d":
		return mode.IsDir(), nil
	case "-c":
		return mode&fs.ModeCharDevice != 0, nil
	case "-b":
		return mode&fs.ModeDevice != 0 && mode&fs.ModeCharDevice == 0, nil
	case "-p":
		return mode&fs.ModeNamedPipe != 0, nil
	case "-S":
		return mode&fs.ModeSocket != 0, nil
	case "-k":
		return mode&fs.ModeSticky != 0, nil
	case "-g":
		return mode&fs.ModeSetgid != 0, nil
	case "-u":
		return mode&fs.ModeSetuid != 0, nil
	case "-G", "-O":
		return true, nil
	case "-s":
		return info.Size() > 0, nil
	case "-N":
		st := vfs.StatOf(info)
		return st != nil && info.ModTime().After(st.Atime), nil
	case "-r", "-w", "-x":
		return p.access(path, op[1]), nil
	}
	return false, nil
}

// access answers -r -w -x as the FS's Access does (access(2): the
// owner's permission bits, every file being the user's, and what a
// decorator such as the capability gate adds).
func (p *proc) access(path string, what byte) bool {
	mode := vfs.AccessExec
	switch what {
	case 'r':
		mode = vfs.AccessRead
	case 'w':
		mode = vfs.AccessWrite
	}
	return p.sh.cfg.FS.Access(path, mode) == nil
}

// isVarSet answers -v NAME and -v NAME[SUB].
func (p *proc) isVarSet(s string) bool {
	name, sub, hasSub := splitSubscript(s)
	if !hasSub {
		if _, set, special := p.special(s); special {
			return set
		}
		if len(s) > 0 && s[0] >= '0' && s[0] <= '9' {
			_, set := p.specialParam(s)
			return set
		}
		_, rsub, v, _ := p.resolve(s)
		if rsub != "" {
			_, ok := p.element(v, p.subscriptValue(rsub))
			return ok
		}
		if v == nil || !v.isSet() {
			return false
		}
		if v.kind == kIndexed {
			_, ok := v.arr.get(0)
			return ok
		}
		if v.kind == kAssoc {
			_, ok := v.assoc.get("0")
			return ok
		}
		return true
	}
	_, _, v, _ := p.resolve(name)
	if v == nil || !v.isSet() {
		return false
	}
	if sub == "@" || sub == "*" {
		return len(v.arrayValues()) > 0
	}
	_, ok := p.element(v, p.subscriptValue(sub))
	return ok
}

// binaryTest applies a binary operator of test (inTest false) and [[ ]].
func (p *proc) binaryTest(op, a, b string, dbl bool) (bool, error) {
	switch op {
	case "=", "==":
		return a == b, nil
	case "!=":
		return a != b, nil
	case "<":
		return a < b, nil
	case ">":
		return a > b, nil
	case "-nt", "-ot", "-ef":
		fsys := p.sh.cfg.FS
		ia, ea := fsys.Stat(vfs.Clean(p.dir, a))
		ib, eb := fsys.Stat(vfs.Clean(p.dir, b))
		switch op {
		case "-nt":
			return ea == nil && (eb != nil || ia.ModTime().After(ib.ModTime())), nil
		case "-ot":
			return eb == nil && (ea != nil || ia.ModTime().Before(ib.ModTime())), nil
		}
		if ea != nil || eb != nil {
			return false, nil
		}
		sa, sb := vfs.StatOf(ia), vfs.StatOf(ib)
		return sa != nil && sb != nil && sa.Ino == sb.Ino, nil
	case "-eq", "-ne", "-le", "-ge", "-lt", "-gt":
		x, err := testInt(a)
		if err != nil {
			return false, err
		}
		y, err := testInt(b)
		if err != nil {
			return false, err
		}
		return compareInts(op, x, y), nil
	}
	return false, errors.New(op + ": binary operator expected")
}

// testInt reads an integer operand of test.
func testInt(s string) (int64, error) {
	t := strings.TrimSpace(s)
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, errors.New(s + ": integer expression expected")
	}
	return n, nil
}

var testUnary = map[string]bool{
	"-a": true, "-b": true, "-c": true, "-d": true, "-e": true, "-f": true, "-g": true,
	"-h": true, "-k": true, "-n": true, "-o": true, "-p": true, "-r": true, "-s": true,
	"-t": true, "-u": true, "-v": true, "-w": true, "-x": true, "-z": true, "-G": true,
	"-L": true, "-N": true, "-O": true, "-R": true, "-S": true,
}

var testBinary = map[string]bool{
	"=": true, "==": true, "!=": true, "<": true, ">": true, "-eq": true, "-ne": true,
	"-lt": true, "-le": true, "-gt": true, "-ge": true, "-nt": true, "-ot": true, "-ef": true,
}

// testBuiltin is test and [.
func testBuiltin(p *proc, args []string) int {
	name := args[0]
	args = args[1:]
	if name == "[" {
		if len(args) == 0 || args[len(args)-1] != "]" {
			p.errorf("[: missing `]'")
			return 2
		}
		args = args[:len(args)-1]
	}
	t := testParser{p: p, args: args}
	ok, err := t.eval()
	if err != nil {
		p.errorf("%s: %s", name, err)
		return 2
	}
	return boolStatus(ok)
}

// testParser evaluates test's arguments with POSIX's rules by count,
// and the full grammar (! -a -o parentheses) beyond four.
type testParser struct {
	p    *proc
	args []string
	pos  int
}

func (t *testParser) eval() (bool, error) {
	a := t.args
	switch len(a) {
	case 0:
		return false, nil
	case 1:
		return a[0] != "", nil
	case 2:
		if a[0] == "!" {
			return a[1] == "", nil
		}
		if testUnary[a[0]] {
			return t.p.unaryTest(a[0], a[1])
		}
		return false, errors.New(a[0] + ": unary operator expected")
	case 3:
		if testBinary[a[1]] {
			return t.p.binaryTest(a[1], a[0], a[2], false)
		}
		switch a[1] {
		case "-a":
			return a[0] != "" && a[2] != "", nil
		case "-o":
			return a[0] != "" || a[2] != "", nil
		}
		if a[0] == "!" {
			sub := testParser{p: t.p, args: a[1:]}
			ok, err := sub.eval()
			return !ok, err
		}
		if a[0] == "(" && a[2] == ")" {
			return a[1] != "", nil
		}
		return false, errors.New(a[1] + ": binary operator expected")
	case 4:
		if a[0] == "!" {
			sub := testParser{p: t.p, args: a[1:]}
			ok, err := sub.eval()
			return !ok, err
		}
		if a[0] == "(" && a[3] == ")" {
			sub := testParser{p: t.p, args: a[1:3]}
			return sub.eval()
		}
	}
	ok, err := t.or()
	if err != nil {
		return false, err
	}
	if t.pos < len(t.args) {
		return false, errors.New("too many arguments")
	}
	return ok, nil
}

func (t *testParser) next() (string, bool) {
	if t.pos >= len(t.args) {
		return "", false
	}
	return t.args[t.pos], true
}

func (t *testParser) or() (bool, error) {
	ok, err := t.and()
	for err == nil {
		a, more := t.next()
		if !more || a != "-o" {
			break
		}
		t.pos++
		var r bool
		r, err = t.and()
		ok = ok || r
	}
	return ok, err
}

func (t *testParser) and() (bool, error) {
	ok, err := t.not()
	for err == nil {
		a, more := t.next()
		if !more || a != "-a" {
			break
		}
		t.pos++
		var r bool
		r, err = t.not()
		ok = ok && r
	}
	return ok, err
}

func (t *testParser) not() (bool, error) {
	if a, ok := t.next(); ok && a == "!" {
		t.pos++
		r, err := t.not()
		return !r, err
	}
	return t.primary()
}

func (t *testParser) primary() (bool, error) {
	a, ok := t.next()
	if !ok {
		return false, errors.New("argument expected")
	}
	if a == "(" {
		t.pos++
		r, err := t.or()
		if err != nil {
			return false, err
		}
		if c, ok := t.next(); !ok || c != ")" {
			return false, errors.New("`)' expected")
		}
		t.pos++
		return r, nil
	}
	if t.pos+2 < len(t.args)+0 && testBinary[t.args[t.pos+1]] {
		x, op, y := t.args[t.pos], t.args[t.pos+1], t.args[t.pos+2]
		t.pos += 3
		return t.p.binaryTest(op, x, y, false)
	}
	if t.pos+2 == len(t.args) && testBinary[t.args[t.pos+1]] {
		return false, errors.New("argument expected")
	}
	if testUnary[a] && t.pos+1 < len(t.args) {
		t.pos += 2
		return t.p.unaryTest(a, t.args[t.pos-1])
	}
	t.pos++
	return a != "", nil
}
