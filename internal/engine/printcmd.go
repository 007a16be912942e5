package engine

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// printFunc prints a function as bash's declare -f and type do: the
// body re-indented by four spaces a level, one command a line, each
// ended by ";" but the last of a group. The text parses back to the
// same function.
func printFunc(name string, body *syntax.Stmt) string {
	var c cmdPrinter
	c.funcDef(name, body, false)
	return c.b.String()
}

// nodeText prints a node as written (on one line with singleLine): the
// text of arithmetic prepare kept stands as it was.
func nodeText(n syntax.Node, singleLine bool) string {
	var b strings.Builder
	printer := syntax.NewPrinter()
	if singleLine {
		printer = syntax.NewPrinter(syntax.SingleLine(true))
	}
	printer.Print(&b, n)
	return strings.ReplaceAll(b.String(), arithMark, "")
}

// cmdPrinter writes commands in bash's layout.
type cmdPrinter struct {
	b      strings.Builder
	indent int
	// heredocs wait for the end of the line their redirection is on.
	heredocs []*syntax.Redirect
}

func (c *cmdPrinter) nl() {
	c.b.WriteByte('\n')
	c.b.WriteString(strings.Repeat("    ", c.indent))
}

// flushHeredocs writes the bodies of the here-documents of the line just
// printed, after it.
func (c *cmdPrinter) flushHeredocs() bool {
	if len(c.heredocs) == 0 {
		return false
	}
	c.b.WriteByte('\n')
	for _, h := range c.heredocs {
		for _, part := range h.Hdoc.Parts {
			if lit, ok := part.(*syntax.Lit); ok {
				c.b.WriteString(lit.Value)
				continue
			}
			c.b.WriteString(nodeText(&syntax.Word{Parts: []syntax.WordPart{part}}, false))
		}
		c.b.WriteString(unquotedDelim(h.Word))
		c.b.WriteByte('\n')
	}
	c.heredocs = nil
	return true
}

// unquotedDelim is a here-document's delimiter as it ends the body.
func unquotedDelim(w *syntax.Word) string {
	var b strings.Builder
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			b.WriteString(strings.ReplaceAll(part.Value, "\\", ""))
		case *syntax.SglQuoted:
			b.WriteString(part.Value)
		case *syntax.DblQuoted:
			for _, in := range part.Parts {
				if lit, ok := in.(*syntax.Lit); ok {
					b.WriteString(lit.Value)
				}
			}
		}
	}
	return b.String()
}

func (c *cmdPrinter) word(w *syntax.Word) {
	c.b.WriteString(nodeText(w, false))
}

func (c *cmdPrinter) funcDef(name string, body *syntax.Stmt, keyword bool) {
	if keyword {
		c.b.WriteString("function ")
	}
	c.b.WriteString(name + " () ")
	c.nl()
	c.command(body.Cmd)
	c.redirs(body.Redirs)
}

// list prints statements one a line, ";" after all but the last (the
// last too with all); a command after one run in the background stays
// on its line.
func (c *cmdPrinter) list(stmts []*syntax.Stmt, all bool) {
	for i, st := range stmts {
		if i > 0 && stmts[i-1].Background {
			c.b.WriteByte(' ')
		} else {
			c.nl()
		}
		c.stmt(st)
		if c.flushHeredocs() {
			continue
		}
		if (all || i < len(stmts)-1) && !st.Background {
			c.b.WriteByte(';')
		}
	}
}

// body prints a compound command's body: every command ends with ";".
func (c *cmdPrinter) body(stmts []*syntax.Stmt) {
	c.indent++
	c.list(stmts, true)
	c.indent--
}

func (c *cmdPrinter) stmt(st *syntax.Stmt) {
	if st.Negated {
		c.b.WriteString("! ")
	}
	if st.Cmd != nil {
		c.command(st.Cmd)
	}
	c.redirs(st.Redirs)
	if st.Background {
		c.b.WriteString(" &")
	}
}

func (c *cmdPrinter) redirs(rs []*syntax.Redirect) {
	for _, r := range rs {
		c.b.WriteByte(' ')
		if r.N != nil {
			c.b.WriteString(r.N.Value)
		}
		c.b.WriteString(r.Op.String())
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			c.word(r.Word)
			if r.Hdoc != nil {
				c.heredocs = append(c.heredocs, r)
			}
			continue
		case syntax.DplIn, syntax.DplOut:
		default:
			c.b.WriteByte(' ')
		}
		c.word(r.Word)
	}
}

// inline prints statements on one line (conditions), "; " between.
func (c *cmdPrinter) inline(stmts []*syntax.Stmt) {
	for i, st := range stmts {
		if i > 0 {
			if stmts[i-1].Background {
				c.b.WriteByte(' ')
			} else {
				c.b.WriteString("; ")
			}
		}
		c.stmt(st)
	}
}

func (c *cmdPrinter) command(cmd syntax.Command) {
	switch x := cmd.(type) {
	case *syntax.CallExpr:
		first := true
		sp := func() {
			if !first {
				c.b.WriteByte(' ')
			}
			first = false
		}
		for _, as := range x.Assigns {
			sp()
			c.b.WriteString(nodeText(&syntax.CallExpr{Assigns: []*syntax.Assign{as}}, false))
		}
		for _, w := range x.Args {
			sp()
			c.word(w)
		}
	case *syntax.Block:
		c.b.WriteString("{ ")
		c.indent++
		c.list(x.Stmts, false)
		c.indent--
		c.nl()
		c.b.WriteString("}")
	case *syntax.Subshell:
		c.b.WriteString("( ")
		for i, st := range x.Stmts {
			if i > 0 {
				if x.Stmts[i-1].Background {
					c.b.WriteByte(' ')
				} else {
					c.b.WriteByte(';')
					c.nl()
				}
			}
			c.stmt(st)
		}
		c.b.WriteString(" )")
	case *syntax.BinaryCmd:
		c.stmt(x.X)
		switch x.Op {
		case syntax.Pipe:
			c.b.WriteString(" | ")
		case syntax.PipeAll:
			c.b.WriteString(" |& ")
		default:
			c.b.WriteString(" " + x.Op.String() + " ")
		}
		c.stmt(x.Y)
	case *syntax.IfClause:
		c.ifClause(x)
	case *syntax.WhileClause:
		if x.Until {
			c.b.WriteString("until ")
		} else {
			c.b.WriteString("while ")
		}
		c.inline(x.Cond)
		c.b.WriteString("; do")
		c.body(x.Do)
		c.nl()
		c.b.WriteString("done")
	case *syntax.ForClause:
		kw := "for "
		if x.Select {
			kw = "select "
		}
		c.b.WriteString(kw)
		switch l := x.Loop.(type) {
		case *syntax.WordIter:
			c.b.WriteString(l.Name.Value)
			if l.InPos.IsValid() {
				c.b.WriteString(" in")
				for _, w := range l.Items {
					c.b.WriteByte(' ')
					c.word(w)
				}
			}
			c.b.WriteByte(';')
		case *syntax.CStyleLoop:
			c.b.WriteString("((")
			c.arith(l.Init)
			c.b.WriteString("; ")
			c.arith(l.Cond)
			c.b.WriteString("; ")
			c.arith(l.Post)
			c.b.WriteString("))")
		}
		c.nl()
		c.b.WriteString("do")
		c.body(x.Do)
		c.nl()
		c.b.WriteString("done")
	case *syntax.CaseClause:
		c.b.WriteString("case ")
		c.word(x.Word)
		c.b.WriteString(" in ")
		c.indent++
		for _, item := range x.Items {
			c.nl()
			for i, pat := range item.Patterns {
				if i > 0 {
					c.b.WriteString(" | ")
				}
				c.word(pat)
			}
			c.b.WriteByte(')')
			c.indent++
			c.list(item.Stmts, false)
			if len(item.Stmts) == 0 {
				c.b.WriteByte('\n')
			}
			c.indent--
			c.nl()
			c.b.WriteString(item.Op.String())
		}
		c.indent--
		c.nl()
		c.b.WriteString("esac")
	case *syntax.FuncDecl:
		c.funcDef(x.Name.Value, x.Body, true)
	case *syntax.ArithmCmd:
		c.b.WriteString("(( ")
		c.arith(x.X)
		c.b.WriteString(" ))")
	case *syntax.TimeClause:
		c.b.WriteString("time")
		if x.PosixFormat {
			c.b.WriteString(" -p")
		}
		if x.Stmt != nil {
			c.b.WriteByte(' ')
			c.stmt(x.Stmt)
		}
	default:
		// [[ ]], declarations, let: as mvdan/sh prints them, on one line
		c.b.WriteString(nodeText(cmd, true))
	}
}

// arith prints an arithmetic expression as written, compactly.
func (c *cmdPrinter) arith(x syntax.ArithmExpr) {
	switch x := x.(type) {
	case *syntax.BinaryArithm:
		c.arith(x.X)
		if x.Op == syntax.Comma {
			c.b.WriteString(", ")
		} else {
			c.b.WriteString(x.Op.String())
		}
		c.arith(x.Y)
	case *syntax.UnaryArithm:
		if x.Post {
			c.arith(x.X)
			c.b.WriteString(x.Op.String())
			return
		}
		c.b.WriteString(x.Op.String())
		c.arith(x.X)
	case *syntax.ParenArithm:
		c.b.WriteByte('(')
		c.arith(x.X)
		c.b.WriteByte(')')
	case *syntax.Word:
		if text, ok := placeholderText(x); ok {
			c.b.WriteString(strings.TrimSpace(text))
			return
		}
		if len(x.Parts) == 1 {
			if pe, ok := x.Parts[0].(*syntax.ParamExp); ok && !pe.Dollar.IsValid() && pe.Param != nil {
				c.b.WriteString(pe.Param.Value)
				if pe.Index != nil {
					c.b.WriteByte('[')
					c.arith(pe.Index)
					c.b.WriteByte(']')
				}
				return
			}
		}
		c.word(x)
	}
}

func (c *cmdPrinter) ifClause(x *syntax.IfClause) {
	c.b.WriteString("if ")
	c.inline(x.Cond)
	c.b.WriteString("; then")
	c.body(x.Then)
	if e := x.Else; e != nil {
		c.nl()
		c.b.WriteString("else")
		if len(e.Cond) > 0 {
			// elif: bash prints it as an if inside the else
			c.indent++
			c.nl()
			c.ifClause(e)
			c.b.WriteByte(';')
			c.indent--
		} else {
			c.body(e.Then)
		}
	}
	c.nl()
	c.b.WriteString("fi")
}
