package shell

import (
	"errors"
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
// moonix runs it: process substitution is refused, the special
// parameters in rewrittenParams read moonix's variables, and the
// statements that the limits count are marked (see limits.go).
func prepare(node syntax.Node, funcs *funcNames, m marks) error {
	var err error
	syntax.Walk(node, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			m.markStmt(n)
		case *syntax.FuncDecl:
			if n.Name != nil {
				funcs.add(n.Name.Value)
			}
		case *syntax.ProcSubst:
			if err == nil {
				err = errProcSubst
			}
			return false
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
// returned unchanged, so that the interpreter reports the syntax error.
func prepareText(src string, funcs *funcNames, m marks) (string, error) {
	return prepareWith(src, funcs, m, syntax.NewPrinter(syntax.Minify(true)))
}

// prepareSource prepares the text of a file for source, printed back with
// its lines where they were (mostly), so that errors name the right ones.
func prepareSource(src string, funcs *funcNames, m marks) (string, error) {
	return prepareWith(src, funcs, m, syntax.NewPrinter())
}

func prepareWith(src string, funcs *funcNames, m marks, printer *syntax.Printer) (string, error) {
	special := "($"
	if m.jobs {
		special = "($|&"
	}
	if !strings.ContainsAny(src, special) && (!m.jobs || !strings.Contains(src, "declare") && !strings.Contains(src, "typeset")) && (!m.loops || !strings.Contains(src, "do")) {
		return src, nil // nothing to do: the common case stays cheap
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return src, nil
	}
	if err := prepare(file, funcs, m); err != nil {
		return "", err
	}
	var b strings.Builder
	if err := printer.Print(&b, file); err != nil {
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
