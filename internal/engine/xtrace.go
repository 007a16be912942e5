package engine

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// xtracePrefix is $PS4 expanded, its first character repeated once per
// level of subshell (command substitution) nesting, as bash does.
func (p *proc) xtracePrefix() string {
	ps4, ok := p.getStr("PS4")
	if !ok {
		return ""
	}
	saved, status, fl := p.opts, p.status, p.flow
	p.opts.set(optXtrace, false)
	v, ok := p.expandText(ps4)
	// an error in PS4 is reported, and the command runs on
	p.opts, p.status, p.flow = saved, status, fl
	if !ok {
		v = ps4
	}
	if v == "" {
		return ""
	}
	level := p.substDepth
	if level > 0 {
		return strings.Repeat(v[:1], level) + v
	}
	return v
}

// xtraceLine prints one line of set -x output.
func (p *proc) xtraceLine(text string) {
	p.writeErr(p.xtracePrefix() + text + "\n")
}

// xtrace prints a command about to run.
func (p *proc) xtrace(args []string) {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(xtraceQuote(a))
	}
	p.xtraceLine(b.String())
}

// xtraceAssigns is a no-op hook: assignments are traced as they happen.
func (p *proc) xtraceAssigns([]*syntax.Assign) {}

func (p *proc) xtraceArray(name string, appending bool, vals []string, keys []*syntax.ArrayElem) {
	if !p.opts.has(optXtrace) {
		return
	}
	var b strings.Builder
	b.WriteString(name)
	if appending {
		b.WriteString("+=(")
	} else {
		b.WriteString("=(")
	}
	for i, v := range vals {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(xtraceQuote(v))
	}
	b.WriteByte(')')
	p.xtraceLine(b.String())
}

func (p *proc) xtraceArith(x syntax.ArithmExpr) {
	if !p.opts.has(optXtrace) {
		return
	}
	text, _, err := p.flattenArith(x, false)
	if err != nil {
		return
	}
	p.xtraceLine("(( " + text + " ))")
}

func (p *proc) xtraceTest(c *syntax.TestClause) {
	if !p.opts.has(optXtrace) {
		return
	}
	var b strings.Builder
	b.WriteString("[[ ")
	p.traceTestExpr(&b, c.X)
	b.WriteString(" ]]")
	p.xtraceLine(b.String())
}

func (p *proc) traceTestExpr(b *strings.Builder, x syntax.TestExpr) {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		p.traceTestExpr(b, x.X)
		b.WriteString(" " + x.Op.String() + " ")
		p.traceTestExpr(b, x.Y)
	case *syntax.UnaryTest:
		b.WriteString(x.Op.String() + " ")
		p.traceTestExpr(b, x.X)
	case *syntax.ParenTest:
		b.WriteString("( ")
		p.traceTestExpr(b, x.X)
		b.WriteString(" )")
	case *syntax.Word:
		s, _ := p.string(x)
		b.WriteString(xtraceQuote(s))
	}
}

// xtraceDecl traces a declaration as bash does: the command with its
// operands (NAME=VALUE expanded), then each assignment.
func (p *proc) xtraceDecl(variant string, args []declArg) {
	words := []string{variant}
	var arrays, assigns []string
	for _, a := range args {
		if a.as == nil {
			words = append(words, a.text)
			continue
		}
		name := a.as.Name.Value
		op := "="
		if a.as.Append {
			op = "+="
		}
		switch {
		case a.as.Array != nil:
			// bash shows an array's assignment on its own line first,
			// every element quoted, and the name alone in the command
			var b strings.Builder
			b.WriteString(name + op + "(")
			for i, v := range a.vals {
				if i > 0 {
					b.WriteByte(' ')
				}
				if i < len(a.keys) && a.keys[i] != nil && a.keys[i].Index != nil {
					b.WriteString("[" + singleQuote(nodeText(a.keys[i].Index, true)) + "]=")
				}
				b.WriteString(singleQuote(v))
			}
			b.WriteByte(')')
			arrays = append(arrays, b.String())
			words = append(words, name)
		case a.as.Value != nil:
			val, _ := a.value(p, a.as)
			words = append(words, name+op+val)
			assigns = append(assigns, name+op+xtraceQuote(val))
		default:
			words = append(words, name)
		}
	}
	for _, line := range arrays {
		p.xtraceLine(line)
	}
	p.xtrace(words)
	if variant != "export" && variant != "readonly" {
		return
	}
	for _, a := range assigns {
		p.xtraceLine(a)
	}
}
