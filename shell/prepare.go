package shell

import (
	"errors"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/moonix-sh/moonix/internal/stack"
	"mvdan.cc/sh/v3/syntax"
)

// errProcSubst is the one error for <(...) and >(...): interp implements them
// with fifos on the host.
var errProcSubst = errors.New("process substitution is not supported in moonix")

// prepare checks a parsed program before it runs and adapts it to the way
// moonix runs it: process substitution is refused, the special variables
// are moonix's (see specials.go), the inputs on which interp panics get
// bash's answers, and the statements that the limits count are marked (see
// limits.go).
//
// It refuses a tree deeper than maxTreeDepth before anything recursive
// (the printer, the interpreter) sees it: the parser builds chains such as
// `a && b && ...` without recursing, so a short program can make a deep
// tree; the walk itself stops descending at the limit.
func prepare(node syntax.Node, funcs *funcNames, m marks) error {
	var err error
	depth := 0
	syntax.Walk(node, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		if depth == maxTreeDepth {
			err = &DepthError{}
			return false
		}
		if _, ok := n.(*syntax.ProcSubst); !ok {
			depth++ // the walk calls back with nil once it is done with n
		}
		switch n := n.(type) {
		case *syntax.FuncDecl:
			if n.Name != nil {
				funcs.add(n.Name.Value)
			}
		case *syntax.ProcSubst:
			if err == nil {
				err = errProcSubst
			}
			return false
		case *syntax.Stmt:
			m.markStmt(n) // before declCall: it may mark a declaration
			if d, ok := n.Cmd.(*syntax.DeclClause); ok {
				if c := declCall(d); c != nil {
					n.Cmd = c
				}
			}
		case *syntax.DeclClause:
			assocPairs(n)
			declNames(n)
		case *syntax.Assign:
			if n.Name != nil && n.Name.Value == "RANDOM" {
				randomSeed(n)
			}
			renameName(n.Name)
			if n.Index != nil {
				n.Index = arithm(n.Index)
			}
		case *syntax.ArrayElem:
			if n.Index != nil {
				n.Index = arithm(n.Index)
			}
		case *syntax.WordIter:
			renameName(n.Name)
		case *syntax.UnaryTest:
			switch n.Op {
			case syntax.TsVarSet, syntax.TsRefVar:
				n.X = someName(n.X.(*syntax.Word))
			case syntax.TsUsrOwn, syntax.TsGrpOwn:
				// interp answers -O and -G from the host's user
				// database; every file of the VFS is the session
				// user's, so they ask whether the file exists.
				n.Op = syntax.TsExists
			}
		case *syntax.ArithmExp:
			n.X = arithm(n.X)
		case *syntax.ArithmCmd:
			n.X = arithm(n.X)
		case *syntax.LetClause:
			for i, x := range n.Exprs {
				n.Exprs[i] = arithm(x)
			}
		case *syntax.CStyleLoop:
			for _, x := range []*syntax.ArithmExpr{&n.Init, &n.Cond, &n.Post} {
				if *x != nil {
					*x = arithm(*x)
				}
			}
		case *syntax.Word:
			n.Parts = rewriteParts(n.Parts)
		case *syntax.DblQuoted:
			n.Parts = rewriteParts(n.Parts)
		case *syntax.ParamExp:
			renameParam(n)
			if n.Index != nil {
				n.Index = arithm(n.Index)
			}
			if n.Slice != nil {
				if n.Slice.Offset != nil {
					n.Slice.Offset = arithm(n.Slice.Offset)
				}
				if n.Slice.Length != nil {
					n.Slice.Length = arithm(n.Slice.Length)
				}
			}
		}
		return true
	})
	return err
}

// assocPairs gives a subscript to every value of an associative array
// that a declaration assigns (declare -A a=(k v ...)): interp panics on
// one without. As in bash, values without subscripts are pairs of a key
// and a value; where some values have subscripts, the others are dropped
// (bash warns of them).
func assocPairs(d *syntax.DeclClause) {
	if !declFlags(d, "A") {
		return
	}
	for _, a := range d.Args {
		if a.Array == nil {
			continue
		}
		elems := a.Array.Elems
		keyed := slices.ContainsFunc(elems, func(e *syntax.ArrayElem) bool { return e.Index != nil })
		var out []*syntax.ArrayElem
		for i := 0; i < len(elems); i++ {
			e := elems[i]
			switch {
			case e.Index != nil:
				out = append(out, e)
			case e.Value == nil || keyed:
			case i+1 < len(elems) && elems[i+1].Index == nil:
				out = append(out, &syntax.ArrayElem{Index: e.Value, Value: elems[i+1].Value})
				i++
			default:
				out = append(out, &syntax.ArrayElem{Index: e.Value, Value: emptyWord()})
			}
		}
		a.Array.Elems = out
	}
}

// nameVar holds the operand of someName's internal command.
const nameVar = "MOONIX_NAME"

// someName makes the operand of [[ -v ]] and [[ -R ]] never empty:
// interp panics asking whether the empty name is a variable. It is not,
// and neither is noVariable.
func someName(w *syntax.Word) *syntax.Word {
	var b strings.Builder
	if !literal(w, &b) {
		// The word is assigned, not passed: an argument would be split
		// and globbed, the operand of -v is not.
		call := &syntax.CallExpr{
			Assigns: []*syntax.Assign{{Name: &syntax.Lit{Value: nameVar}, Value: w}},
			Args:    []*syntax.Word{litWord(exposed + "name")},
		}
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: call}}}}}
	}
	if b.Len() == 0 {
		return litWord(noVariable)
	}
	if name, ok := specialNames[b.String()]; ok {
		return litWord(name)
	}
	return w
}

// literal writes the value of w to b and reports whether w has no
// expansion.
func literal(w *syntax.Word, b *strings.Builder) bool {
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			b.WriteString(part.Value)
		case *syntax.SglQuoted:
			if part.Dollar {
				return false
			}
			b.WriteString(part.Value)
		case *syntax.DblQuoted:
			if !literal(&syntax.Word{Parts: part.Parts}, b) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// prepareText prepares program text that the interpreter will parse itself
// (eval, trap) and returns it printed back. Text that does not parse is
// returned unchanged, so that the interpreter reports the syntax error,
// unless it nests too deeply for the interpreter's parser to survive it.
func prepareText(src string, funcs *funcNames, m marks) (string, error) {
	src = strings.ReplaceAll(src, "\x00", "") // as the parser drops them
	if len(src) < stack.ShortText && !needsPrepare(src, m) {
		// Nothing for prepare to do (see the cases of its walk): the
		// common case stays cheap.
		return src, nil
	}
	file, err := parseString(src, "")
	var deep *DepthError
	if errors.As(err, &deep) {
		return "", err
	}
	if err != nil {
		return src, nil
	}
	if err := prepare(file, funcs, m); err != nil {
		return "", err
	}
	var b strings.Builder
	if err := syntax.NewPrinter(syntax.Minify(true)).Print(&b, file); err != nil {
		return src, nil
	}
	return b.String(), nil
}

// needsPrepare reports whether prepare may change the program src: it
// names a special variable, expands something, or (when m marks them)
// starts jobs or loops. Text without any of these is run as it is.
func needsPrepare(src string, m marks) bool {
	if strings.ContainsAny(src, "$([`") || strings.Contains(src, "PPID") || strings.Contains(src, "RANDOM") {
		return true
	}
	if m.jobs && (strings.ContainsAny(src, "|&") || strings.Contains(src, "declare") || strings.Contains(src, "typeset")) {
		return true
	}
	return m.loops && strings.Contains(src, "do")
}

// prepareWords prepares the value of an alias: words, as interp parses it,
// printed back with a trailing blank kept (it makes the next word an alias
// too). A value that does not parse as words is returned unchanged, for
// interp to report, unless it nests too deeply.
func prepareWords(src string, funcs *funcNames, m marks) (string, error) {
	src = strings.ReplaceAll(src, "\x00", "")
	words, err := parseWords(src)
	var deep *DepthError
	if errors.As(err, &deep) {
		return "", err
	}
	if err != nil {
		return src, nil
	}
	var b strings.Builder
	p := syntax.NewPrinter(syntax.Minify(true))
	for i, w := range words {
		if err := prepare(w, funcs, m); err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if err := p.Print(&b, w); err != nil {
			return src, nil
		}
	}
	if strings.TrimRight(src, " \t") != src {
		b.WriteByte(' ')
	}
	return b.String(), nil
}

// prepareSource prepares the text of a file that source reads, and
// returns it printed back, its lines where they were. A syntax error is
// reported as the parser words it, with name.
func prepareSource(r io.Reader, name string, funcs *funcNames, m marks) (string, error) {
	file, err := parse(r, name)
	if err != nil {
		return "", err
	}
	if err := prepare(file, funcs, m); err != nil {
		return "", err
	}
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, file); err != nil {
		return "", err
	}
	return b.String(), nil
}

// funcNames remembers every function name a session's programs define, so
// that an intercepted builtin only asks the interpreter whether a function
// shadows it when one of that name was ever defined.
type funcNames struct {
	mu    sync.Mutex
	names map[string]bool
}

func (f *funcNames) add(name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.names == nil {
		f.names = map[string]bool{}
	}
	f.names[name] = true
}

func (f *funcNames) has(name string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.names[name]
}
