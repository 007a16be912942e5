package engine

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan/sh keeps the body of an extended glob, @(a|$b|'c'), as its text;
// bash expands the parts of each alternative (parameters, substitutions)
// and honours their quotes. extglob does it: it returns the pattern (its
// quoted characters escaped) and the text as the word shows it when
// nothing matches (quotes removed).
func (p *proc) extglob(g *syntax.ExtGlob) (pat, text string, ok bool) {
	var pb, tb strings.Builder
	ok = p.extglobGroup(g.Op.String(), g.Pattern.Value, &pb, &tb)
	return pb.String(), tb.String(), ok
}

// extglobGroup writes the group op( body ) to the pattern and the text.
func (p *proc) extglobGroup(op, body string, pb, tb *strings.Builder) bool {
	pb.WriteString(op)
	tb.WriteString(op)
	for i, alt := range splitAlternatives(body) {
		if i > 0 {
			pb.WriteByte('|')
			tb.WriteByte('|')
		}
		if !p.extglobAlt(alt, pb, tb) {
			return false
		}
	}
	pb.WriteByte(')')
	tb.WriteByte(')')
	return true
}

// splitAlternatives splits a group's body at its top-level bars.
func splitAlternatives(body string) []string {
	var alts []string
	depth, start := 0, 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '\\':
			i++
		case '\'':
			if j := strings.IndexByte(body[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case '"':
			i = skipDouble(body, i)
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case '|':
			if depth == 0 {
				alts = append(alts, body[start:i])
				start = i + 1
			}
		}
	}
	return append(alts, body[start:])
}

// skipDouble returns the index of the quote closing the double quotes
// opened at i (the end of s when none closes them).
func skipDouble(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(s)
}

// extglobAlt writes one alternative: quotes make characters literal,
// expansions are done (their results keep their meaning in the pattern),
// nested groups recurse.
func (p *proc) extglobAlt(alt string, pb, tb *strings.Builder) bool {
	quoted := func(s string) {
		for i := 0; i < len(s); i++ {
			if strings.IndexByte(`\*?[]!^-@+()|`, s[i]) >= 0 {
				pb.WriteByte('\\')
			}
			pb.WriteByte(s[i])
		}
		tb.WriteString(s)
	}
	for i := 0; i < len(alt); i++ {
		c := alt[i]
		switch {
		case c == '\\' && i+1 < len(alt):
			i++
			quoted(alt[i : i+1])
		case c == '\'':
			end := strings.IndexByte(alt[i+1:], '\'')
			if end < 0 {
				end = len(alt) - i - 1
			}
			quoted(alt[i+1 : i+1+end])
			i += end + 1
		case c == '"':
			end := skipDouble(alt, i)
			s, ok := p.expandText(alt[i+1 : end])
			if !ok {
				return false
			}
			quoted(s)
			i = end
		case c == '$' && i+1 < len(alt):
			end := expansionEnd(alt, i)
			s, ok := p.expandText(alt[i:end])
			if !ok {
				return false
			}
			pb.WriteString(s)
			tb.WriteString(s)
			i = end - 1
		case strings.IndexByte("?*+@!", c) >= 0 && i+1 < len(alt) && alt[i+1] == '(':
			end, closed := findClose(alt, i+2)
			body := alt[i+2 : end]
			if closed {
				body = alt[i+2 : end-1]
			}
			if !p.extglobGroup(alt[i:i+2], body, pb, tb) {
				return false
			}
			i = end - 1
		default:
			pb.WriteByte(c)
			tb.WriteByte(c)
		}
	}
	return true
}

// expansionEnd is the end of the $ expansion starting at i: $name, $N,
// ${...}, $(...), $((...)).
func expansionEnd(s string, i int) int {
	j := i + 1
	switch {
	case s[j] == '{':
		if end := closeBrace(s, j+1); end > 0 {
			return end
		}
		return len(s)
	case s[j] == '(':
		return closeParen(s, j+1)
	case isNameStart(s[j]):
		for j < len(s) && isNameChar(s[j]) {
			j++
		}
		return j
	}
	return j + 1
}

// closeParen finds the end of a parenthesis opened before i: the index
// after its closing one (the end of s when none).
func closeParen(s string, i int) int {
	end, _ := findClose(s, i)
	return end
}

// findClose is closeParen that also says whether a parenthesis closed.
func findClose(s string, i int) (end int, closed bool) {
	depth := 1
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return len(s), false
}
