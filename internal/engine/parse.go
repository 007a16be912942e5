package engine

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/internal/stack"
)

// mvdan/sh's parser parses arithmetic when it reads the program; bash
// reads $(( )) and (( )) as text and parses them when they run, so that
// `$(( ${base}#a ))` and `(( x$n = 1 ))` work, a bad expression is an
// error of the command that runs it (not of the whole program), and
// `((cmd) )` is two subshells. Parse gets there: when the parser fails
// inside (( )), the text of the expression is kept in a placeholder name
// that the engine evaluates as bash does, or the (( is read as ( ( .

// arithPlaceholder starts the name that stands for arithmetic text the
// parser could not read; the rest of the name is the text in hex.
const arithPlaceholder = "__moonix_arith_"

// maxFixups bounds the rewrites of one program.
const maxFixups = 64

// Parse parses a program as bash would accept it (see above). It returns
// the text the program was parsed from at last, for RunSource.
func Parse(src, name string) (*syntax.File, string, error) {
	file, err := parseBounded(src, name)
	if err == nil {
		return file, src, nil
	}
	first := err
	text := src
	for range maxFixups {
		var pe syntax.ParseError
		var le syntax.LangError
		var at int
		switch {
		case syntax.IsIncomplete(err):
			// incomplete once fixed: the reader needs more lines
			return nil, "", err
		case errors.As(err, &pe):
			at = int(pe.Pos.Offset())
		case errors.As(err, &le):
			at = int(le.Pos.Offset())
		default:
			return nil, "", first
		}
		if arithUnclosed(text, at) {
			// (( or $(( not closed yet: more lines may close it, as
			// commands (( echo 1 ... ) ); at the end of the input, the
			// parser's own error stands
			incomplete := syntax.ParseError{Filename: name, Pos: pe.Pos, Text: pe.Text, Incomplete: true}
			var fe syntax.ParseError
			if errors.As(first, &fe) {
				incomplete.Pos, incomplete.Text = fe.Pos, fe.Text
			}
			return nil, "", incomplete
		}
		fixed, ok := fixLet(text, at)
		if !ok {
			fixed, ok = fixArith(text, at)
		}
		if !ok {
			fixed, ok = fixEmptyExtGlob(text, at)
		}
		if !ok && pe.Text == "inline variables cannot be arrays" {
			fixed, ok = fixInlineArray(text, at)
		}
		if !ok && pe.Text == "invalid var name" {
			// export FOO-BAR=x: a word, which the builtin refuses when
			// it runs
			if eq := strings.IndexByte(text[at:], '='); eq > 0 && !strings.ContainsAny(text[at:at+eq], "'\" \t\n") {
				fixed, ok = text[:at]+"'"+text[at:at+eq]+"'"+text[at+eq:], true
			}
		}
		if !ok {
			fixed, ok = fixSliceColon(text, at)
		}
		if !ok {
			fixed, ok = fixParam(text, at)
		}
		if !ok {
			return nil, "", first
		}
		text = fixed
		file, err = parseBounded(text, name)
		if err == nil {
			return file, text, nil
		}
	}
	return nil, "", first
}

// maxTreeDepth bounds the depth of a syntax tree: the parser builds
// chains such as `a && b && ...` without recursing, so a program can make
// a tree deeper than the parser's bound lets through otherwise (some
// 5,000 commands chained with && or |). A shorter text cannot.
const maxTreeDepth = 10000

// treeTooDeep reports whether node is deeper than maxTreeDepth; the walk
// stops descending at the bound.
func treeTooDeep(node syntax.Node) bool {
	depth, deep := 0, false
	syntax.Walk(node, func(n syntax.Node) bool {
		switch {
		case n == nil:
			depth-- // the walk is done with a node
		case depth == maxTreeDepth:
			deep = true
			return false
		default:
			depth++
		}
		return true
	})
	return deep
}

// anonymousFunc refuses what mvdan/sh reads as an anonymous function
// (zsh's `() cmd`), which bash does not have: `()0` is a syntax error.
func anonymousFunc(file *syntax.File, name string) (err error) {
	syntax.Walk(file, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name == nil && err == nil {
			err = syntax.ParseError{Filename: name, Pos: fd.Pos(), Text: "syntax error near unexpected token `)'"}
		}
		return err == nil
	})
	return err
}

// parseBounded parses src with its nesting bounded (see package stack):
// input nested too deeply is a syntax error, "NAME: nesting too deep".
func parseBounded(src, name string) (file *syntax.File, err error) {
	if len(src) < stack.ShortText {
		file, err = syntax.NewParser().Parse(strings.NewReader(src), name)
	} else {
		err = stack.Parse(strings.NewReader(src), func(r io.Reader) (err error) {
			file, err = syntax.NewParser().Parse(r, name)
			return err
		})
	}
	if err == nil && len(src) > maxTreeDepth && treeTooDeep(file) {
		file, err = nil, stack.ErrTooDeep
	}
	if err == nil && strings.Contains(src, "()") {
		err = anonymousFunc(file, name)
	}
	if err != nil {
		file = nil
	}
	if errors.Is(err, stack.ErrTooDeep) && name != "" {
		err = fmt.Errorf("%s: %w", name, err)
	}
	return file, err
}

// fixArith rewrites the (( )) or $(( )) around offset: as two
// parentheses when it closes as two, else its text into a placeholder.
func fixArith(src string, offset int) (string, bool) {
	if offset > len(src) {
		offset = len(src)
	}
	// the error may point at the (( or $(( itself (an empty (( )))
	for start := strings.LastIndex(src[:min(offset+3, len(src))], "(("); start >= 0; start = strings.LastIndex(src[:start], "((") {
		end, split := closeArith(src, start+2)
		if end < 0 || end < offset {
			continue
		}
		if strings.HasSuffix(strings.TrimRight(src[:start], " \t"), "for") {
			return "", false
		}
		if split {
			// ((cmd) ) and $((cmd) ): subshells, not arithmetic
			return src[:start] + "( (" + src[start+2:], true
		}
		inner := src[start+2 : end-2]
		if strings.HasPrefix(strings.TrimSpace(inner), arithPlaceholder) {
			continue
		}
		return src[:start+2] + " " + arithPlaceholder + hex.EncodeToString([]byte(inner)) + " " + src[end-2:], true
	}
	return "", false
}

// fixSliceColon gives an empty offset or length of ${x: } and ${x::} an
// empty expression (a placeholder for no text), which bash takes as 0. A
// colon right before the closing brace of the offset (${x:}) stays a bad
// substitution.
func fixSliceColon(src string, at int) (string, bool) {
	if at >= len(src)-1 || src[at] != ':' {
		return "", false
	}
	start := strings.LastIndex(src[:at], "${")
	if start < 0 {
		return "", false
	}
	inner := src[start+2 : at]
	if i := strings.IndexByte(inner, ']'); i >= 0 {
		inner = inner[i+1:]
	}
	second := strings.Contains(inner, ":")
	switch next := src[at+1]; {
	case next == ' ' || next == '\t' || next == ':':
	case next == '}' && second:
	default:
		return "", false
	}
	return src[:at+1] + " " + arithPlaceholder + " " + src[at+1:], true
}

// arithUnclosed reports whether the (( or $(( around offset does not close
// in src.
func arithUnclosed(src string, offset int) bool {
	start := strings.LastIndex(src[:min(offset+3, len(src))], "((")
	if start < 0 {
		return false
	}
	end, _ := closeArith(src, start+2)
	return end < 0
}

// fixLet makes a let the parser cannot read (let x=1 # comment, let
// x=( 1 )) a plain command: \let, its NAME=( ... ) operands quoted. bash
// reads let's operands as words too.
func fixLet(src string, at int) (string, bool) {
	lineStart := strings.LastIndexByte(src[:min(at, len(src))], '\n') + 1
	i := lineStart
	for i < at && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if !strings.HasPrefix(src[i:], "let ") && !strings.HasPrefix(src[i:], "let\t") {
		return "", false
	}
	end := strings.IndexByte(src[i:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += i
	}
	line := letCompound().ReplaceAllString(src[i+3:end], "'$1'")
	return src[:i] + "\\let" + line + src[end:], true
}

// letCompound is NAME=( ... ) in a let's operands.
var letCompound = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*=\([^()']*\))`) })

// fixEmptyExtGlob rewrites an extended glob of empty alternatives in
// [[ ]] (@(), @(||), which the parser refuses) as a quoted empty string:
// it matches the empty string only.
func fixEmptyExtGlob(src string, at int) (string, bool) {
	if at < 1 || at >= len(src) || src[at] != '(' || strings.IndexByte("?*+@", src[at-1]) < 0 {
		return "", false
	}
	end := at + 1
	for end < len(src) && src[end] == '|' {
		end++
	}
	if end >= len(src) || src[end] != ')' {
		return "", false
	}
	return src[:at-1] + "''" + src[end+1:], true
}

// badAssign starts the name of an assignment to an array element before
// a command (a[1]=x cmd): bash reports it as not a valid identifier and
// runs the command; the rest of the name is NAME[...] in hex.
const badAssign = "__moonix_badassign_"

// fixInlineArray rewrites NAME[...]= before a command into a placeholder
// name.
func fixInlineArray(src string, at int) (string, bool) {
	i := at
	for i < len(src) && (isAlpha(src[i]) || src[i] == '_' || i > at && src[i] >= '0' && src[i] <= '9') {
		i++
	}
	if i == at || i >= len(src) || src[i] != '[' {
		return "", false
	}
	depth, j := 0, i
	for ; j < len(src); j++ {
		if src[j] == '[' {
			depth++
		} else if src[j] == ']' {
			if depth--; depth == 0 {
				break
			}
		}
	}
	k := j + 1
	switch {
	case j >= len(src):
		return "", false
	case strings.HasPrefix(src[k:], "+="):
		k += 2
	case strings.HasPrefix(src[k:], "="):
		k++
	default:
		return "", false
	}
	return src[:at] + badAssign + hex.EncodeToString([]byte(src[at:j+1])) + src[j+1:k] + src[k:], true
}

// badSubst starts the name of a parameter expansion the parser could not
// read (zsh's ${(f)x}, ${#x:1}...): bash fails it when it runs, with
// "bad substitution"; the rest of the name is its text in hex. argcName
// stands for $# in ${###} and friends, which bash reads as operators on
// $#.
const (
	badSubst = "__moonix_badsubst_"
	argcName = "__moonix_argc__"
)

// fixParam rewrites the ${...} around offset into one the parser reads.
func fixParam(src string, offset int) (string, bool) {
	// the error may point at the $ of ${ itself
	offset = min(offset+2, len(src))
	for start := strings.LastIndex(src[:offset], "${"); start >= 0; start = strings.LastIndex(src[:start], "${") {
		end := closeBrace(src, start+2)
		if end < 0 || end < offset {
			continue
		}
		inner := src[start+2 : end-1]
		if strings.HasPrefix(inner, badSubst) || strings.HasPrefix(inner, argcName) {
			return "", false
		}
		if strings.HasPrefix(inner, "##") {
			return src[:start+2] + argcName + src[start+3:], true
		}
		return src[:start+2] + badSubst + hex.EncodeToString([]byte("${"+inner+"}")) + src[end-1:], true
	}
	return "", false
}

// closeBrace finds the end of ${ ... opened before i: the index after
// its closing brace.
func closeBrace(src string, i int) int {
	depth := 1
	for ; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '\\':
			i++
		}
	}
	return -1
}

// closeArith finds the end of (( ... opened before i: the index after
// the closing )), and whether the two parentheses close apart (") )").
func closeArith(src string, i int) (int, bool) {
	// as bash reads it: the parenthesis the second ( opens must close
	// right before a ); else the two are subshells, ((a) || (b))
	depth := 2
	split := false
	for ; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 1 && !split {
				if i+1 < len(src) && src[i+1] == ')' {
					return i + 2, false
				}
				split = true
			}
			if depth == 0 {
				return i + 1, true
			}
		case '\\':
			i++
		case '\'':
			// quotes hide parentheses (in commands; in arithmetic
			// they are an error bash reports when the line runs)
			if end := strings.IndexByte(src[i+1:], '\''); end >= 0 {
				i += end + 1
			}
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		}
	}
	return -1, false
}

// arithMark starts a literal that prepare made of arithmetic text (a
// NUL: no word of a program can hold one).
const arithMark = "\x00arith\x00"

// placeholderText is the arithmetic text prepare put in place of an
// expression.
func placeholderText(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return strings.CutPrefix(lit.Value, arithMark)
}

// arithTexts collects the arithmetic expressions of a program and puts
// their text in their place (see prepare).
type arithTexts struct {
	src   string
	slots []arithSlot
}

type arithSlot struct {
	at   *syntax.ArithmExpr
	text string
}

// visit notes the arithmetic expressions a node holds.
func (a *arithTexts) visit(n syntax.Node) {
	switch n := n.(type) {
	case *syntax.ArithmExp:
		off := 3
		if n.Bracket {
			off = 2
		}
		a.add(&n.X, n.Left, off, n.Right)
	case *syntax.ArithmCmd:
		a.add(&n.X, n.Left, 2, n.Right)
	case *syntax.ParamExp:
		if n.Slice != nil {
			a.node(&n.Slice.Offset)
			a.node(&n.Slice.Length)
		}
	}
}

// add takes the text between an opening token (of length off) and the
// closing one as the expression's.
func (a *arithTexts) add(x *syntax.ArithmExpr, left syntax.Pos, off int, right syntax.Pos) {
	if !left.IsValid() || !right.IsValid() {
		return
	}
	a.span(x, int(left.Offset())+off, int(right.Offset()))
}

// node takes an expression's own span as its text.
func (a *arithTexts) node(x *syntax.ArithmExpr) {
	if *x == nil || !(*x).Pos().IsValid() {
		return
	}
	a.span(x, int((*x).Pos().Offset()), int((*x).End().Offset()))
}

// span notes the expression at x as the text src[start:end], or as the
// text a placeholder holds.
func (a *arithTexts) span(x *syntax.ArithmExpr, start, end int) {
	if *x == nil {
		return
	}
	if w, ok := (*x).(*syntax.Word); ok {
		if text, ok := hexPlaceholder(w); ok {
			a.slots = append(a.slots, arithSlot{x, text})
			return
		}
	}
	if a.src == "" || start > end || end > len(a.src) {
		return
	}
	a.slots = append(a.slots, arithSlot{x, a.src[start:end]})
}

// apply puts the texts in place, after the walk.
func (a *arithTexts) apply() {
	for _, s := range a.slots {
		*s.at = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{
			ValuePos: (*s.at).Pos(), ValueEnd: (*s.at).End(), Value: arithMark + s.text,
		}}}
	}
}

// hexPlaceholder is the text behind a placeholder Parse wrote.
func hexPlaceholder(w *syntax.Word) (string, bool) {
	enc, ok := strings.CutPrefix(strings.TrimSpace(w.Lit()), arithPlaceholder)
	if !ok {
		return "", false
	}
	text, err := hex.DecodeString(enc)
	if err != nil {
		return "", false
	}
	return string(text), true
}

// arithRaw evaluates arithmetic text as bash does: expanded first (as in
// double quotes, the double quotes themselves removed), then parsed and
// evaluated. Single quotes stay, and the parser rejects them, as bash's
// does; with dropSingle they go too (see arithLoop).
func (p *proc) arithRaw(text string, dropSingle bool) (int64, error) {
	s := text
	if strings.ContainsAny(text, "$`\\\"'") {
		w, err := p.sh.parseWord(text)
		if err != nil {
			return 0, &arithError{expr: text, msg: "bad substitution"}
		}
		e := p.newExpander(mString)
		e.quoted = true
		for _, part := range w.Parts {
			if lit, ok := part.(*syntax.Lit); ok {
				e.heredocLit(dropQuotes(lit.Value, dropSingle))
				continue
			}
			e.part(part)
		}
		if e.err {
			return 0, errArithDone
		}
		s = string(e.cur)
	}
	// bash's messages show the text without its leading blanks
	return p.evalArith(p.sh.parseArith(strings.TrimLeft(s, " \t\n")))
}

// dropQuotes removes the double quotes (not escaped ones) of arithmetic
// text, bash takes "1" + 2 as 1 + 2, and with single the single quotes.
func dropQuotes(s string, single bool) string {
	if !strings.Contains(s, "\"") && (!single || !strings.Contains(s, "'")) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			b.WriteByte(s[i])
			i++
			b.WriteByte(s[i])
			continue
		}
		if s[i] != '"' && (!single || s[i] != '\'') {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
