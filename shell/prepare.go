package shell

import (
	"errors"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// errProcSubst is the one error for <(...) and >(...): interp implements them
// with fifos on the host.
var errProcSubst = errors.New("process substitution is not supported in moonix")

// rewrittenParams are the special parameters that interp answers from the
// host or from state moonix cannot set: $0 (see arg0Var), and $$ and $PPID,
// which would be the host's process ids. They read variables instead.
var rewrittenParams = map[string]string{"0": arg0Var, "$": pidVar, "PPID": ppidVar}

// prepare checks a parsed program before it runs and adapts it to the way
// moonix runs it: process substitution is refused, and the special
// parameters in rewrittenParams read moonix's variables.
//
// It refuses a tree deeper than maxTreeDepth before anything recursive
// (the printer, the interpreter) sees it: the parser builds chains such as
// `a && b && ...` without recursing, so a short program can make a deep
// tree; the walk itself stops descending at the limit.
func prepare(node syntax.Node, funcs *funcNames) error {
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
		case *syntax.DeclClause:
			assocPairs(n)
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar {
				n.X = someName(n.X.(*syntax.Word))
			}
		case *syntax.Word:
			n.Parts = rewriteReads(n.Parts)
		case *syntax.DblQuoted:
			n.Parts = rewriteReads(n.Parts)
		case *syntax.ParamExp:
			if n.Param == nil {
				break
			}
			if name, ok := rewrittenParams[n.Param.Value]; ok {
				n.Param = &syntax.Lit{ValuePos: n.Param.ValuePos, ValueEnd: n.Param.ValueEnd, Value: name}
				n.Short = false
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
	assoc := false
	for _, a := range d.Args {
		if a.Naked && a.Value != nil {
			flag := a.Value.Lit()
			assoc = assoc || len(flag) > 1 && flag[0] == '-' && strings.Contains(flag, "A")
		}
	}
	if !assoc {
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
				out = append(out, &syntax.ArrayElem{Index: e.Value, Value: &syntax.Word{}})
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
			Args:    []*syntax.Word{litWord(internal + "name")},
		}
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: call}}}}}
	}
	if b.Len() == 0 {
		return litWord(noVariable)
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

// readParams are the variables whose every expansion reads the clock or
// the random source, and the internal commands that answer them.
var readParams = map[string]string{
	"SRANDOM": "srandom", "EPOCHSECONDS": "epochseconds", "EPOCHREALTIME": "epochrealtime",
}

// rewriteReads replaces $SRANDOM, which interp reads from the host's
// crypto/rand, and bash's $EPOCHSECONDS and $EPOCHREALTIME, which interp
// lacks, with command substitutions that read the session's source and
// clock: real randomness and time only under random.read and clock.read
// (and then recorded as effects), the seeded generator and the logical
// clock otherwise.
func rewriteReads(parts []syntax.WordPart) []syntax.WordPart {
	for i, part := range parts {
		pe, ok := part.(*syntax.ParamExp)
		if !ok || pe.Param == nil || pe.Exp != nil || pe.Length || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Excl {
			continue
		}
		cmd, ok := readParams[pe.Param.Value]
		if !ok {
			continue
		}
		call := &syntax.CallExpr{Args: []*syntax.Word{litWord(internal + cmd)}}
		parts[i] = &syntax.CmdSubst{Left: pe.Dollar, Right: pe.Rbrace, Stmts: []*syntax.Stmt{{Cmd: call}}}
	}
	return parts
}

// prepareText prepares program text that the interpreter will parse itself
// (eval, trap) and returns it printed back. Text that does not parse is
// returned unchanged, so that the interpreter reports the syntax error,
// unless it nests too deeply for the interpreter's parser to survive it.
func prepareText(src string, funcs *funcNames) (string, error) {
	src = strings.ReplaceAll(src, "\x00", "") // as the parser drops them
	if len(src) < shortText && !strings.Contains(src, "(") && !strings.Contains(src, "$") {
		return src, nil // nothing to do: the common case stays cheap
	}
	file, err := parseString(src, "")
	var deep *DepthError
	if errors.As(err, &deep) {
		return "", err
	}
	if err != nil {
		return src, nil
	}
	if err := prepare(file, funcs); err != nil {
		return "", err
	}
	var b strings.Builder
	if err := syntax.NewPrinter(syntax.Minify(true)).Print(&b, file); err != nil {
		return src, nil
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
