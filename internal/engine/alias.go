package engine

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Aliases are expanded as bash does it, lexically: the command's words
// are put back into text with the alias's value in place of the first
// word, and the text is parsed again. An alias applies only to commands
// parsed after it was defined: bash reads a whole line (a function's
// whole body) before running any of it.

// aliasDef is an alias: its value and when it was defined (the parse it
// was defined in, and the line).
type aliasDef struct {
	value string
	seq   uint64
	line  int
}

// aliasFor returns the alias the first word of ce names, if it applies.
func (p *proc) aliasFor(ce *syntax.CallExpr) (aliasDef, string, bool) {
	if len(ce.Args) == 0 || !p.opts.has(optExpandAliases) {
		return aliasDef{}, "", false
	}
	name, ok := plainWord(ce.Args[0])
	if !ok {
		return aliasDef{}, "", false
	}
	a, ok := p.aliases.m[name]
	if !ok || p.expanding[name] {
		return aliasDef{}, "", false
	}
	if a.seq > p.parseSeq || a.seq == p.parseSeq && a.line >= p.line {
		return aliasDef{}, "", false
	}
	return a, name, true
}

// plainWord is a word written as plain characters (no quotes, escapes or
// expansions), as an alias name must be.
func plainWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || strings.ContainsAny(lit.Value, "\\'\"$`") {
		return "", false
	}
	return lit.Value, true
}

// runAlias runs ce with its alias expanded.
func (p *proc) runAlias(ce *syntax.CallExpr, redirs []*syntax.Redirect, a aliasDef, name string) {
	var b strings.Builder
	if len(ce.Assigns) > 0 {
		b.WriteString(nodeText(&syntax.CallExpr{Assigns: ce.Assigns}, true))
		b.WriteByte(' ')
	}
	names := []string{name}
	b.WriteString(a.value)
	rest := ce.Args[1:]
	// a value ending in a blank makes the next word a command word too
	for len(rest) > 0 && strings.HasSuffix(a.value, " ") || len(rest) > 0 && strings.HasSuffix(a.value, "\t") {
		next, ok := plainWord(rest[0])
		if !ok {
			break
		}
		na, found := p.aliases.m[next]
		if !found {
			break
		}
		b.WriteString(na.value)
		names = append(names, next)
		rest = rest[1:]
		a = na
	}
	if len(rest) > 0 || len(redirs) > 0 {
		if !strings.HasSuffix(b.String(), " ") {
			b.WriteByte(' ')
		}
		st := &syntax.Stmt{Redirs: redirs}
		if len(rest) > 0 {
			st.Cmd = &syntax.CallExpr{Args: rest}
		}
		b.WriteString(nodeText(st, true))
	}
	file, text, err := Parse(b.String(), "")
	if err != nil {
		p.syntaxError("alias "+name, err)
		p.status = 2
		return
	}
	prepare(file, text)
	saved := p.expanding
	p.expanding = map[string]bool{}
	for k := range saved {
		p.expanding[k] = true
	}
	for _, n := range names {
		p.expanding[n] = true
	}
	line := p.line
	for _, st := range file.Stmts {
		p.line = line
		p.lineBase = append(p.lineBase, line-1)
		p.stmt(st)
		p.lineBase = p.lineBase[:len(p.lineBase)-1]
		if p.flow != flowNone {
			break
		}
	}
	p.expanding = saved
}
