package engine

import (
	"math"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// prepare readies a parsed program for running, once: brace expansions
// in the words that take them become BraceExp parts (which syntax.Walk
// does not know, so the words are split after the walk), and, when src
// is the text the program was parsed from, each arithmetic expression is
// replaced by its text, which the engine expands and parses as bash does.
func prepare(node syntax.Node, src string) {
	var words []*syntax.Word
	var ar arithTexts
	ar.src = src
	syntax.Walk(node, func(n syntax.Node) bool {
		ar.visit(n)
		switch n := n.(type) {
		case *syntax.Stmt:
			fixFuncPipe(n)
		case *syntax.ParamExp:
			fixSlashPattern(n, src)
		case *syntax.CallExpr:
			words = append(words, n.Args...)
		case *syntax.WordIter:
			words = append(words, n.Items...)
		case *syntax.Redirect:
			// a target that brace-expands to several words is an
			// ambiguous redirect
			if n.Word != nil && n.Op != syntax.Hdoc && n.Op != syntax.DashHdoc {
				words = append(words, n.Word)
			}
		case *syntax.ArrayElem:
			if n.Index == nil && n.Value != nil {
				words = append(words, n.Value)
			}
		case *syntax.DeclClause:
			for _, as := range n.Args {
				if as.Name == nil && as.Value != nil {
					words = append(words, as.Value)
				}
			}
		}
		return true
	})
	for _, w := range words {
		if wordHasBrace(w) {
			pos := w.Pos()
			syntax.SplitBraces(w)
			fillBraceElems(w, pos)
		}
	}
	ar.apply()
}

// fillBraceElems gives each empty element of w's brace expansions
// ({,}, {a,}) an empty literal at pos: the parser's positions of a brace
// expansion start at its first element's first part, and an element
// without parts has none (its Pos panics).
func fillBraceElems(w *syntax.Word, pos syntax.Pos) {
	for _, part := range w.Parts {
		be, ok := part.(*syntax.BraceExp)
		if !ok {
			continue
		}
		for _, elem := range be.Elems {
			if len(elem.Parts) == 0 {
				elem.Parts = []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos}}
			}
			fillBraceElems(elem, pos)
		}
	}
}

// fixSlashPattern reads ${x///} and ${x////c} as bash does: a pattern
// that starts with / keeps it (the pattern is "/"), where mvdan/sh's
// parser sees an empty pattern. The expansion is parsed again with the
// slash escaped.
func fixSlashPattern(pe *syntax.ParamExp, src string) {
	if pe.Repl == nil || pe.Repl.Orig != nil || pe.Index != nil || pe.Param == nil || src == "" {
		return
	}
	start, end := int(pe.Dollar.Offset()), int(pe.Rbrace.Offset())
	from := int(pe.Param.End().Offset())
	if end >= len(src) || from >= end || start >= from {
		return
	}
	op := "/"
	if pe.Repl.All {
		op = "//"
	}
	rest, ok := strings.CutPrefix(src[from:end], op)
	if !ok || !strings.HasPrefix(rest, "/") || strings.Contains(rest, "((") {
		return
	}
	text := src[start:from] + op + "\\" + rest + "}"
	f, err := syntax.NewParser().Parse(strings.NewReader("echo "+text), "")
	if err != nil || len(f.Stmts) != 1 {
		return
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 2 || len(ce.Args[1].Parts) != 1 {
		return
	}
	if fixed, ok := ce.Args[1].Parts[0].(*syntax.ParamExp); ok && fixed.Repl != nil {
		pe.Repl = fixed.Repl
	}
}

// fixFuncPipe undoes a reading of mvdan/sh's parser: in f() { ...; } | cmd
// the function's body is the block alone, and the definition is the first
// part of the pipeline.
func fixFuncPipe(st *syntax.Stmt) {
	fd, ok := st.Cmd.(*syntax.FuncDecl)
	if !ok || fd.Body == nil || len(fd.Body.Redirs) > 0 || fd.Body.Negated {
		return
	}
	bc, ok := fd.Body.Cmd.(*syntax.BinaryCmd)
	if !ok {
		return
	}
	// the leftmost command of the pipeline or list is the body
	parent := bc
	for {
		inner, ok := parent.X.Cmd.(*syntax.BinaryCmd)
		if !ok || len(parent.X.Redirs) > 0 || parent.X.Negated {
			break
		}
		parent = inner
	}
	body := parent.X
	def := *fd
	def.Body = body
	parent.X = &syntax.Stmt{Cmd: &def, Position: fd.Position}
	st.Cmd = bc
}

// wordHasBrace reports whether a word has an unquoted { worth splitting.
func wordHasBrace(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if lit, ok := part.(*syntax.Lit); ok && strings.ContainsRune(lit.Value, '{') {
			return true
		}
	}
	return false
}

// braceExpand expands the brace expressions of a word into the words
// they stand for, left to right. It gives up (ok false) when the words
// would take more than limit bytes (0: no bound), before building them:
// {1..9999999999} or {1..1000}{1..1000}{1..1000} would take the host's
// memory.
func braceExpand(parts []syntax.WordPart, limit int64) (words [][]syntax.WordPart, ok bool) {
	left := int64(math.MaxInt64)
	if limit > 0 {
		left = limit
	}
	return braceWords(parts, nil, &left)
}

// braceCost is what one word of a brace expansion takes beyond its text:
// its parts, a literal each.
const braceCost = 64

// braceWords appends to out the words parts expands to, taking their
// size from *left; past it, it reports false.
func braceWords(parts []syntax.WordPart, out [][]syntax.WordPart, left *int64) ([][]syntax.WordPart, bool) {
	for i, part := range parts {
		be, ok := part.(*syntax.BraceExp)
		if !ok {
			continue
		}
		var alts [][]syntax.WordPart
		if be.Sequence {
			seq, ok, fits := braceSequence(be, *left)
			switch {
			case !fits:
				return out, false
			case !ok:
				alts = [][]syntax.WordPart{{&syntax.Lit{Value: braceText(be)}}}
			default:
				for _, s := range seq {
					alts = append(alts, []syntax.WordPart{&syntax.Lit{Value: s}})
				}
			}
		} else {
			for _, el := range be.Elems {
				alts = append(alts, el.Parts)
			}
		}
		for _, alt := range alts {
			word := make([]syntax.WordPart, 0, len(parts)+len(alt))
			word = append(word, parts[:i]...)
			word = append(word, alt...)
			word = append(word, parts[i+1:]...)
			if out, ok = braceWords(word, out, left); !ok {
				return out, false
			}
		}
		return out, true
	}
	*left -= braceCost * int64(len(parts)+1)
	for _, part := range parts {
		if lit, ok := part.(*syntax.Lit); ok {
			*left -= int64(len(lit.Value))
		}
	}
	return append(out, parts), *left >= 0
}

// braceSequence generates {x..y[..step]}; ok is false when the elements
// make no sequence (the text stays as written); fits is false when its
// words would take more than limit bytes.
func braceSequence(be *syntax.BraceExp, limit int64) (seq []string, ok, fits bool) {
	if len(be.Elems) < 2 {
		return nil, false, true
	}
	from, to := be.Elems[0].Lit(), be.Elems[1].Lit()
	step := uint64(1)
	if len(be.Elems) > 2 {
		s, err := strconv.ParseInt(be.Elems[2].Lit(), 10, 64)
		if err != nil || s == math.MinInt64 {
			// bash takes no step it cannot negate either
			return nil, false, true
		}
		if s < 0 {
			s = -s
		}
		step = uint64(max(s, 1))
	}
	a, errA := strconv.ParseInt(from, 10, 64)
	b, errB := strconv.ParseInt(to, 10, 64)
	width := 0
	switch {
	case errA == nil && errB == nil:
		if padded(from) || padded(to) {
			width = max(len(from), len(to))
		}
	case len(from) == 1 && len(to) == 1 && isAlpha(from[0]) && isAlpha(to[0]):
		a, b = int64(from[0]), int64(to[0])
	default:
		return nil, false, true
	}
	// the count, in unsigned arithmetic: b-a may not fit an int64
	span := uint64(b) - uint64(a)
	if a > b {
		span = uint64(a) - uint64(b)
	}
	count := span/step + 1
	size := uint64(braceCost + max(width, 20))
	if limit < 0 || count > uint64(limit)/size {
		return nil, true, false
	}
	seq = make([]string, 0, count)
	for i := range count {
		n := int64(uint64(a) + i*step)
		if a > b {
			n = int64(uint64(a) - i*step)
		}
		if errA == nil {
			seq = append(seq, padNum(n, width))
		} else {
			seq = append(seq, string(rune(n)))
		}
	}
	return seq, true, true
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func padded(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return len(s) > 1 && s[0] == '0'
}

func padNum(n int64, width int) string {
	s := strconv.FormatInt(n, 10)
	if width == 0 {
		return s
	}
	neg := n < 0
	if neg {
		s = s[1:]
	}
	w := width
	if neg {
		w--
	}
	for len(s) < w {
		s = "0" + s
	}
	if neg {
		s = "-" + s
	}
	return s
}

// parseWord parses text as the inside of double quotes (PS4, prompts).
func (s *Shell) parseWord(text string) (*syntax.Word, error) {
	if w, ok := s.words.Load(text); ok {
		return w.(*syntax.Word), nil
	}
	w, err := syntax.NewParser().Document(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	prepare(w, text)
	s.words.Store(text, w)
	return w, nil
}

// selectLoop runs select NAME in WORDS: a menu on stderr, a choice read
// from stdin.
func (p *proc) selectLoop(name string, items []string, body []*syntax.Stmt) {
	if len(items) == 0 {
		p.status = 0
		return
	}
	for {
		var b strings.Builder
		for i, it := range items {
			b.WriteString(strconv.Itoa(i+1) + ") " + it + "\n")
		}
		ps3, ok := p.getStr("PS3")
		if !ok {
			ps3 = "#? "
		}
		b.WriteString(ps3)
		p.writeErr(b.String())
		f := p.fds.get(0)
		if f == nil || f.r == nil {
			p.status = 1
			return
		}
		line, esc, st := p.readInput(f.r, readOpts{delim: '\n', count: -1, raw: true})
		if st != 0 && len(line) == 0 {
			p.writeErr("\n")
			p.status = 1
			return
		}
		reply := unescapedLine(line, esc)
		p.setVar("REPLY", reply)
		choice := ""
		if n, err := strconv.Atoi(strings.TrimSpace(reply)); err == nil && n >= 1 && n <= len(items) {
			choice = items[n-1]
		}
		if reply == "" {
			continue
		}
		p.setVar(name, choice)
		p.stmts(body)
		if p.flow != flowNone {
			if !p.loopFlow() {
				break
			}
		}
	}
}
