package shell

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// errProcSubst is the one error for <(...) and >(...): interp implements them
// with fifos on the host.
var errProcSubst = errors.New("process substitution is not supported in moonix")

// prepare checks a parsed program before it runs and adapts it to the way
// moonix runs it: process substitution is refused, and $0 reads the variable
// that holds the session's name (see arg0Var).
func prepare(node syntax.Node) error {
	var err error
	syntax.Walk(node, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ProcSubst:
			if err == nil {
				err = errProcSubst
			}
			return false
		case *syntax.ParamExp:
			if n.Param != nil && n.Param.Value == "0" {
				n.Param = &syntax.Lit{ValuePos: n.Param.ValuePos, ValueEnd: n.Param.ValueEnd, Value: arg0Var}
				n.Short = false
			}
		}
		return true
	})
	return err
}

// prepareText prepares program text that the interpreter will parse itself
// (eval, trap) and returns it printed back. Text that does not parse is
// returned unchanged, so that the interpreter reports the syntax error.
func prepareText(src string) (string, error) {
	if !strings.Contains(src, "(") && !strings.Contains(src, "$0") && !strings.Contains(src, "${0") {
		return src, nil // nothing to do: the common case stays cheap
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return src, nil
	}
	if err := prepare(file); err != nil {
		return "", err
	}
	var b strings.Builder
	if err := syntax.NewPrinter(syntax.Minify(true)).Print(&b, file); err != nil {
		return src, nil
	}
	return b.String(), nil
}
