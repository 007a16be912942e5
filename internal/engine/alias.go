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
	if _, done := p.sh.aliasDoneSeq.Load(p.parseSeq); done {
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

// ParseAliased parses src as Parse does; when that fails and aliases are
// on, it expands the aliases defined so far in the text, as bash's
// reader does before parsing (alias LEFT='{' makes LEFT echo; } a
// block), and parses that. The statements of such a text run without
// alias expansion: it is done.
func (s *Shell) ParseAliased(src, name string) (*syntax.File, string, error) {
	file, text, err := Parse(src, name)
	if err == nil || syntax.IsIncomplete(err) || !s.main.opts.has(optExpandAliases) || len(s.main.aliases.m) == 0 {
		return file, text, err
	}
	expanded, changed := s.main.expandAliasText(src)
	if !changed {
		return file, text, err
	}
	file2, text2, err2 := Parse(expanded, name)
	if err2 != nil {
		return file, text, err
	}
	s.aliasDone.Store(text2, true)
	return file2, text2, nil
}

// expandAliasText replaces the alias names in command position in src by
// their values (the words after a value that ends in a blank are in
// command position too; an alias is not expanded inside its own value).
func (p *proc) expandAliasText(src string) (string, bool) {
	var b strings.Builder
	changed := false
	cmdPos := true
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t':
			b.WriteByte(c)
			i++
			continue
		case c == '#' && (i == 0 || src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n'):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			b.WriteString(src[i : i+end])
			i += end
			continue
		case c == '(' && strings.HasSuffix(b.String(), "="):
			// a=( ... ): array elements, not commands
			end := strings.IndexByte(src[i:], ')')
			if end < 0 {
				end = len(src) - i - 1
			}
			b.WriteString(src[i : i+end+1])
			i += end + 1
			continue
		case strings.IndexByte("\n;&|(){}", c) >= 0:
			b.WriteByte(c)
			i++
			cmdPos = true
			continue
		}
		j := wordEnd(src, i)
		word := src[i:j]
		i = j
		if cmdPos {
			if value, ok := p.aliasValue(word, nil); ok {
				b.WriteString(value)
				changed = true
				cmdPos = strings.HasSuffix(value, " ") || strings.HasSuffix(value, "\t")
				continue
			}
		}
		b.WriteString(word)
		switch word {
		case "if", "then", "else", "elif", "while", "until", "do", "!", "time":
			cmdPos = true
		default:
			cmdPos = false
		}
	}
	return b.String(), changed
}

// aliasValue is the text an alias name stands for, its own value's
// first word expanded in turn (but not an alias inside its own value).
func (p *proc) aliasValue(name string, seen map[string]bool) (string, bool) {
	a, ok := p.aliases.m[name]
	if !ok || seen[name] {
		return "", false
	}
	if seen == nil {
		seen = map[string]bool{}
	}
	seen[name] = true
	value := a.value
	start := len(value) - len(strings.TrimLeft(value, " \t"))
	end := wordEnd(value, start)
	if end > start {
		if inner, ok := p.aliasValue(value[start:end], seen); ok {
			value = value[:start] + inner + value[end:]
		}
	}
	return value, true
}

// wordEnd is the end of the word starting at i: up to a blank or an
// operator outside quotes.
func wordEnd(src string, i int) int {
	for i < len(src) {
		switch c := src[i]; c {
		case ' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>':
			return i
		case '\\':
			i += 2
		case '\'':
			end := strings.IndexByte(src[i+1:], '\'')
			if end < 0 {
				return len(src)
			}
			i += end + 2
		case '"', '`':
			i++
			for i < len(src) && src[i] != c {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case '$':
			if i+1 < len(src) && (src[i+1] == '(' || src[i+1] == '{') {
				open, close := src[i+1], byte(')')
				if open == '{' {
					close = '}'
				}
				depth := 0
				for i++; i < len(src); i++ {
					if src[i] == open {
						depth++
					} else if src[i] == close {
						if depth--; depth == 0 {
							break
						}
					}
				}
			}
			i++
		default:
			i++
		}
	}
	return min(i, len(src))
}
