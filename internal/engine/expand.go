package engine

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// How a word is expanded.
type xmode uint8

const (
	// mFields: command arguments: field splitting and pathname expansion.
	mFields xmode = iota
	// mString: one string (quote removal only): case words, here-strings,
	// [[ ]] operands.
	mString
	// mAssign: an assignment's value: a string, with tildes expanded
	// after = and :.
	mAssign
	// mPattern: a glob pattern: quoted characters are escaped with a
	// backslash, unquoted ones keep their meaning.
	mPattern
	// mRegex: the right side of =~: quoted characters are escaped for an
	// extended regular expression.
	mRegex
	// mHeredoc: the body of an unquoted here-document.
	mHeredoc
)

// expander expands one word (or several, for fields).
type expander struct {
	p    *proc
	mode xmode
	// out receives the finished fields (mFields).
	out *[]string
	// cur is the field being built; pat the same as a pattern, kept only
	// in mFields (for pathname expansion) and mPattern/mRegex.
	cur []byte
	pat []byte
	// valid: the field exists even if empty (it has a quoted part).
	valid bool
	// glob: the field holds an unquoted pattern character.
	glob bool
	// pendingEnd: field splitting saw a separator; the field ends before
	// the next character.
	pendingEnd bool
	// quoted: inside double quotes.
	quoted bool
	// atEmpty: a "$@" in the current double quotes expanded to nothing.
	atEmpty bool
	// err: expansion failed (reported already).
	err bool
	// size is what the finished fields take, bounded as one value.
	size int64
	// sqLiteral: single quotes are plain characters (the operand of
	// ${x-word} inside double quotes); splitLits: literals are split
	// (the operand of ${x-word} outside them).
	sqLiteral bool
	splitLits bool
	// ifs is the value of IFS for this expansion.
	ifs     string
	ifsSet  bool
	noGlob  bool
	extglob bool
}

// newExpander returns an expander for mode, reusing one that
// freeExpander gave back (with its buffers).
func (p *proc) newExpander(mode xmode) *expander {
	var e *expander
	if n := len(p.expanders); n > 0 {
		e = p.expanders[n-1]
		p.expanders = p.expanders[:n-1]
		*e = expander{cur: e.cur[:0], pat: e.pat[:0]}
	} else {
		e = &expander{}
	}
	e.p, e.mode = p, mode
	if mode == mFields {
		e.ifs, e.ifsSet = p.getStr("IFS")
		if !e.ifsSet {
			e.ifs = " \t\n"
		}
		e.noGlob = p.opts.has(optNoglob)
		e.extglob = p.opts.has(optExtglob)
	}
	return e
}

// freeExpander keeps e for reuse: nothing may refer to it or its
// buffers afterwards.
func (p *proc) freeExpander(e *expander) {
	if cap(e.cur) > 1<<12 || cap(e.pat) > 1<<12 {
		return
	}
	e.p, e.out = nil, nil
	p.expanders = append(p.expanders, e)
}

// expandArgs expands command words into fields on p.argStack.
func (p *proc) expandArgs(words []*syntax.Word) bool {
	var e *expander
	for _, w := range words {
		if s, ok := p.fastField(w); ok {
			if s != "" || !isEmptyUnquoted(w) {
				p.argStack = append(p.argStack, s)
			}
			continue
		}
		if e == nil {
			e = p.newExpander(mFields)
			e.out = &p.argStack
			defer p.freeExpander(e)
		}
		if !e.words(w) {
			return false
		}
	}
	return true
}

func isEmptyUnquoted(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	_, ok := w.Parts[0].(*syntax.ParamExp)
	return ok
}

// fields expands words into a new list of fields.
func (p *proc) fields(words []*syntax.Word) ([]string, bool) {
	var out []string
	var e *expander
	for _, w := range words {
		if s, ok := p.fastField(w); ok {
			if s != "" || !isEmptyUnquoted(w) {
				out = append(out, s)
			}
			continue
		}
		if e == nil {
			e = p.newExpander(mFields)
			e.out = &out
			defer p.freeExpander(e)
		}
		if !e.words(w) {
			return nil, false
		}
	}
	return out, true
}

// fastField expands the common words without the general machinery: a
// plain literal, $name and "$name" whose values need no splitting or
// globbing. ok is false when the word needs the general path.
func (p *proc) fastField(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	switch part := w.Parts[0].(type) {
	case *syntax.Lit:
		if plainLit(part.Value) {
			return part.Value, true
		}
	case *syntax.SglQuoted:
		if !part.Dollar {
			return part.Value, true
		}
	case *syntax.ParamExp:
		if !simpleParam(part) || p.opts.has(optNounset) {
			return "", false
		}
		v, ok := p.simpleValue(part.Param.Value)
		if !ok {
			return "", false
		}
		if v == "" {
			return "", true
		}
		if needsSplitOrGlob(v, p) {
			return "", false
		}
		return v, true
	case *syntax.DblQuoted:
		if len(part.Parts) != 1 {
			if len(part.Parts) == 0 {
				return "", true
			}
			return "", false
		}
		switch in := part.Parts[0].(type) {
		case *syntax.Lit:
			if !strings.ContainsRune(in.Value, '\\') {
				return in.Value, true
			}
		case *syntax.ParamExp:
			if !simpleParam(in) || p.opts.has(optNounset) {
				return "", false
			}
			if v, ok := p.simpleValue(in.Param.Value); ok {
				return v, true
			}
		}
	}
	return "", false
}

// plainLit reports whether a literal needs no quote removal, tilde or
// pathname expansion.
func plainLit(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '*', '?', '~':
			return false
		case '[':
			if strings.IndexByte(s[i+1:], ']') >= 0 {
				return false
			}
		}
	}
	return true
}

// simpleParam reports whether pe is $name or ${name} with nothing else
// (and not a placeholder Parse made).
func simpleParam(pe *syntax.ParamExp) bool {
	return pe.Param != nil && !strings.HasPrefix(pe.Param.Value, "__moonix_") && !pe.Excl && !pe.Length && pe.Index == nil && pe.Slice == nil &&
		pe.Repl == nil && pe.Names == 0 && pe.Exp == nil && pe.NestedParam == nil && !pe.Width
}

// simpleValue is the value of a plain variable (not a special parameter
// that expands to several fields); ok is false for those and for names
// that need the general path.
func (p *proc) simpleValue(name string) (string, bool) {
	c := name[0]
	if c == '@' || c == '*' {
		return "", false
	}
	if c >= '0' && c <= '9' || len(name) == 1 && strings.IndexByte("#?$!-_", c) >= 0 {
		return p.specialParam(name)
	}
	if val, _, special := p.special(name); special {
		return val, true
	}
	_, sub, v, _ := p.resolve(name)
	switch sub {
	case "":
		s, _ := v.value()
		return s, true
	case "@", "*":
		// a reference to a[@] expands as the array
		return "", false
	}
	s, _ := p.element(v, p.subscriptValue(sub))
	return s, true
}

// needsSplitOrGlob reports whether an unquoted value would be split or
// globbed.
func needsSplitOrGlob(v string, p *proc) bool {
	ifs, set := p.getStr("IFS")
	if !set {
		ifs = " \t\n"
	}
	if strings.ContainsAny(v, ifs) {
		return true
	}
	if !p.opts.has(optNoglob) && strings.ContainsAny(v, "*?[") {
		return true
	}
	if p.opts.has(optExtglob) && strings.ContainsAny(v, "(") {
		return true
	}
	return false
}

// string expands a word to one string (quote removal, no splitting).
func (p *proc) string(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	if s, ok := p.fastString(w); ok {
		return s, true
	}
	e := p.newExpander(mString)
	e.word(w.Parts)
	out, ok := string(e.cur), !e.err
	p.freeExpander(e)
	return out, ok
}

func (p *proc) fastString(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	switch part := w.Parts[0].(type) {
	case *syntax.Lit:
		if !strings.ContainsRune(part.Value, '\\') && !strings.HasPrefix(part.Value, "~") {
			return part.Value, true
		}
	case *syntax.SglQuoted:
		if !part.Dollar {
			return part.Value, true
		}
	}
	return "", false
}

// assignValue expands an assignment's value ("" for none).
func (p *proc) assignValue(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	if s, ok := p.fastString(w); ok && !strings.Contains(s, ":~") {
		return s, true
	}
	e := p.newExpander(mAssign)
	e.word(w.Parts)
	out, ok := string(e.cur), !e.err
	p.freeExpander(e)
	return out, ok
}

// pattern expands a word as a glob pattern: quoted characters escaped.
func (p *proc) pattern(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	e := p.newExpander(mPattern)
	e.word(w.Parts)
	out, ok := string(e.pat), !e.err
	p.freeExpander(e)
	return out, ok
}

// regex expands the right side of =~.
func (p *proc) regex(w *syntax.Word) (string, bool) {
	e := p.newExpander(mRegex)
	e.word(w.Parts)
	out, ok := string(e.pat), !e.err
	p.freeExpander(e)
	return out, ok
}

// heredocBody expands an unquoted here-document.
func (p *proc) heredocBody(w *syntax.Word) (string, bool) {
	e := p.newExpander(mHeredoc)
	e.quoted = true
	for _, part := range w.Parts {
		if lit, ok := part.(*syntax.Lit); ok {
			e.heredocLit(lit.Value)
			continue
		}
		e.part(part)
	}
	out, ok := string(e.cur), !e.err
	p.freeExpander(e)
	return out, ok
}

// words expands one command word, with brace expansion, into e.out.
func (e *expander) words(w *syntax.Word) bool {
	if hasBraces(w) && e.p.opts.has(optBraceexpand) {
		words, ok := braceExpand(w.Parts, e.p.sh.valueLimit())
		if !ok {
			e.p.limitHit(BoundMemory, e.p.sh.memoryMsg())
			e.err = true
			return false
		}
		for _, parts := range words {
			e.field(parts)
			if e.err {
				return false
			}
		}
		return true
	}
	e.field(w.Parts)
	return !e.err
}

// field expands the parts of one word into fields.
func (e *expander) field(parts []syntax.WordPart) {
	e.cur, e.pat = e.cur[:0], e.pat[:0]
	e.valid, e.glob, e.pendingEnd = false, false, false
	if e.mode == mFields && assignmentLike(parts) {
		e.mode = mAssign
		e.word(parts)
		e.mode = mFields
	} else {
		e.word(parts)
	}
	if e.err {
		return
	}
	e.finish(false)
}

// assignmentLike reports whether a command word looks like NAME=...,
// whose tildes bash expands as in an assignment.
func assignmentLike(parts []syntax.WordPart) bool {
	lit, ok := parts[0].(*syntax.Lit)
	if !ok {
		return false
	}
	eq := strings.IndexByte(lit.Value, '=')
	return eq > 0 && syntax.ValidName(lit.Value[:eq]) && strings.Contains(lit.Value[eq:], "~")
}

// finish ends the current field (force: even if empty).
func (e *expander) finish(force bool) {
	e.pendingEnd = false
	if !force && !e.valid && len(e.cur) == 0 {
		return
	}
	if e.glob && !e.noGlob {
		matches, ok := e.p.glob(string(e.pat))
		if !ok {
			e.err = true
			return
		}
		if matches != nil {
			*e.out = append(*e.out, matches...)
			for _, m := range matches {
				e.grow(len(m))
			}
			e.reset()
			return
		}
		if e.p.opts.has(optNullglob) {
			e.reset()
			return
		}
	}
	*e.out = append(*e.out, string(e.cur))
	e.grow(len(e.cur))
	e.reset()
}

// fieldCost is what a field takes beyond its bytes: its string header.
const fieldCost = 16

// grow counts a field of n bytes; past what one value may take, the
// expansion fails: a($x $x) of a big x with many separators made
// millions of fields (gigabytes, a minute).
func (e *expander) grow(n int) {
	e.size += int64(n) + fieldCost
	if !e.err && !e.p.fits(e.size) {
		e.err = true
	}
}

func (e *expander) reset() {
	e.cur, e.pat = e.cur[:0], e.pat[:0]
	e.valid, e.glob = false, false
}

// word expands parts into the current field.
func (e *expander) word(parts []syntax.WordPart) {
	if len(parts) > 0 && !e.quoted && e.mode != mHeredoc {
		if lit, ok := parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "~") {
			// the literals brace expansion left side by side are one
			// prefix: {a,~}/b gives ~ then /b
			rest, n := lit.Value, 1
			for ; n < len(parts); n++ {
				next, ok := parts[n].(*syntax.Lit)
				if !ok {
					break
				}
				rest += next.Value
			}
			if e.tilde(&rest, n == len(parts)) {
				e.lit(rest)
				parts = parts[n:]
			}
		}
	}
	for _, part := range parts {
		if e.err {
			return
		}
		e.part(part)
	}
}

// tilde expands a leading ~ or ~user of a literal (last: the literal is
// the whole word); it consumes the prefix from *s and reports whether it
// did.
func (e *expander) tilde(s *string, last bool) bool {
	v := *s
	end := strings.IndexByte(v, '/')
	if e.mode == mAssign {
		if c := strings.IndexByte(v, ':'); c >= 0 && (end < 0 || c < end) {
			end = c
		}
	}
	if end < 0 {
		if !last {
			return false
		}
		end = len(v)
	}
	user := v[1:end]
	var home string
	if user == "" {
		h, ok := e.p.getStr("HOME")
		if !ok {
			if e.p.sh.cfg.Home == nil {
				return false
			}
			h, ok = e.p.sh.cfg.Home("")
			if !ok {
				return false
			}
		}
		home = h
	} else if user == "+" || user == "-" {
		name := "PWD"
		if user == "-" {
			name = "OLDPWD"
		}
		h, ok := e.p.getStr(name)
		if !ok {
			return false
		}
		home = h
	} else {
		if strings.ContainsAny(user, "\\'\"$`") || e.p.sh.cfg.Home == nil {
			return false
		}
		h, ok := e.p.sh.cfg.Home(user)
		if !ok {
			return false
		}
		home = h
	}
	e.appendQuoted(home)
	*s = v[end:]
	return true
}

func (e *expander) part(part syntax.WordPart) {
	switch part := part.(type) {
	case *syntax.Lit:
		if e.quoted {
			e.dqLit(part.Value)
		} else {
			e.lit(part.Value)
		}
	case *syntax.SglQuoted:
		e.flushPending()
		e.valid = true
		if e.sqLiteral && e.quoted && !part.Dollar {
			// single quotes in the operand of "${x-word}" are plain
			// characters, and what they hold is expanded
			e.appendQuotedByte('\'')
			w, err := e.p.sh.parseWord(part.Value)
			if err != nil || !strings.ContainsAny(part.Value, "$`\\") {
				e.appendQuoted(part.Value)
			} else {
				for _, in := range w.Parts {
					e.part(in)
				}
			}
			e.appendQuotedByte('\'')
			return
		}
		v := part.Value
		if part.Dollar {
			v = ansiC(v)
		}
		e.appendQuoted(v)
	case *syntax.DblQuoted:
		if !e.quoted {
			e.flushPending()
		}
		wasQuoted := e.quoted
		e.quoted = true
		e.atEmpty = false
		before := len(e.cur)
		validBefore := e.valid
		for _, in := range part.Parts {
			if e.err {
				break
			}
			e.part(in)
		}
		e.quoted = wasQuoted
		if !e.atEmpty || len(e.cur) != before || validBefore || len(part.Parts) != 1 {
			e.valid = true
		}
		e.atEmpty = false
	case *syntax.ParamExp:
		e.param(part)
		e.bound()
	case *syntax.CmdSubst:
		out, ok := e.p.cmdSubst(part)
		if !ok {
			e.err = true
			return
		}
		e.expansion(out)
		e.bound()
	case *syntax.ArithmExp:
		n, err := e.p.arith(part.X)
		if err != nil {
			e.p.arithError(err)
			e.p.arithFailed(err)
			e.err = true
			return
		}
		e.expansion(formatInt(n))
	case *syntax.ExtGlob:
		if e.quoted {
			e.appendQuoted(part.Op.String() + part.Pattern.Value + ")")
			return
		}
		pat, text, ok := e.p.extglob(part)
		if !ok {
			e.err = true
			return
		}
		e.appendPattern(text, pat)
	case *syntax.ProcSubst:
		path, ok := e.p.procSubst(part)
		if !ok {
			e.err = true
			return
		}
		e.appendQuoted(path)
	case *syntax.BraceExp:
		// reached only when brace expansion is off: the text as written
		e.lit(braceText(part))
	}
}

// bound fails the expansion when the word built so far is past what one
// value may take: each expansion is bounded, but "$x$x$x" of a big x
// was not.
func (e *expander) bound() {
	if !e.err && !e.p.fits(int64(len(e.cur))) {
		e.err = true
	}
}

// lit appends an unquoted literal: backslashes quote the next character.
func (e *expander) lit(s string) {
	if e.mode == mHeredoc {
		e.heredocLit(s)
		return
	}
	if e.splitLits && e.mode == mFields {
		// the operand of ${x-word} is split as an expansion's result is
		run := 0
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) {
				e.split(s[run:i])
				if s[i+1] != '\n' {
					e.appendQuotedByte(s[i+1])
				}
				i++
				run = i + 1
			}
		}
		e.split(s[run:])
		return
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			if i+1 < len(s) {
				i++
				e.valid = true
				if e.mode == mPattern && s[i] != '\n' {
					// keep the escape: the pattern matcher removes it
					e.flushPending()
					e.cur = append(e.cur, s[i])
					e.pat = append(e.pat, '\\', s[i])
					continue
				}
				if s[i] == '\n' {
					continue
				}
				e.appendQuotedByte(s[i])
				continue
			}
			e.appendQuotedByte('\\')
			continue
		}
		if e.mode == mAssign && c == ':' && i+1 < len(s) && s[i+1] == '~' {
			e.appendActiveByte(c)
			rest := s[i+1:]
			if e.tilde(&rest, true) {
				i = len(s) - len(rest) - 1
			}
			continue
		}
		e.appendActiveByte(c)
	}
}

// dqLit appends a literal inside double quotes: a backslash quotes only
// $ ` " \ and newline.
func (e *expander) dqLit(s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
				c = s[i]
			case '}':
				// in the operand of ${x-word}, \} is a brace
				if e.sqLiteral {
					i++
					c = s[i]
				}
			case '\n':
				i++
				continue
			}
		}
		e.appendQuotedByte(c)
	}
}

// heredocLit appends literal here-document text: a backslash quotes only
// $ ` \ and newline.
func (e *expander) heredocLit(s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '\\':
				i++
				c = s[i]
			case '\n':
				i++
				continue
			}
		}
		e.cur = append(e.cur, c)
	}
}

// expansion appends the result of an expansion: split and globbed when
// unquoted in mFields.
func (e *expander) expansion(s string) {
	if e.quoted || e.mode != mFields {
		if e.quoted || e.mode == mString || e.mode == mAssign || e.mode == mHeredoc {
			e.appendQuoted(s)
		} else {
			e.appendActive(s)
		}
		return
	}
	e.split(s)
}

// split appends an unquoted expansion result with field splitting.
func (e *expander) split(s string) {
	ifs := e.ifs
	if ifs == "" {
		e.appendActive(s)
		return
	}
	for i := 0; i < len(s) && !e.err; {
		c := s[i]
		size := 1
		isSep := false
		if c < utf8.RuneSelf {
			isSep = strings.IndexByte(ifs, c) >= 0
		} else {
			r, n := utf8.DecodeRuneInString(s[i:])
			size = n
			isSep = strings.ContainsRune(ifs, r)
		}
		if !isSep {
			e.flushPending()
			e.appendActive(s[i : i+size])
			i += size
			continue
		}
		white := c == ' ' || c == '\t' || c == '\n'
		i += size
		if white {
			if e.valid || len(e.cur) > 0 {
				e.pendingEnd = true
			}
			continue
		}
		// a separator that is not white space ends a field, empty or
		// not, taking the white space around it with it
		if e.pendingEnd {
			e.finish(true)
		} else {
			e.finish(true)
		}
		// white space after it is part of the same delimiter
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') && strings.IndexByte(ifs, s[i]) >= 0 {
			i++
		}
	}
}

// flushPending ends the field a split left pending, before new text.
func (e *expander) flushPending() {
	if e.pendingEnd {
		e.finish(true)
	}
}

func (e *expander) appendQuoted(s string) {
	e.flushPending()
	e.cur = append(e.cur, s...)
	if e.mode == mFields || e.mode == mPattern || e.mode == mRegex {
		for i := 0; i < len(s); i++ {
			e.quotePat(s[i])
		}
	}
}

func (e *expander) appendQuotedByte(c byte) {
	e.flushPending()
	e.valid = true
	e.cur = append(e.cur, c)
	if e.mode == mFields || e.mode == mPattern || e.mode == mRegex {
		e.quotePat(c)
	}
}

// quotePat appends a quoted character to the pattern.
func (e *expander) quotePat(c byte) {
	switch e.mode {
	case mRegex:
		if strings.IndexByte(`\.+*?()|[]{}^$`, c) >= 0 {
			e.pat = append(e.pat, '\\')
		}
	default:
		if strings.IndexByte(`\*?[]!^-@+()|`, c) >= 0 {
			e.pat = append(e.pat, '\\')
		}
	}
	e.pat = append(e.pat, c)
}

// appendPattern appends an extended glob: its pattern, and the text the
// word shows when nothing matches.
func (e *expander) appendPattern(text, pat string) {
	e.flushPending()
	e.valid = true
	e.cur = append(e.cur, text...)
	if e.mode == mFields || e.mode == mPattern || e.mode == mRegex {
		e.pat = append(e.pat, pat...)
		e.glob = e.mode == mFields
	}
}

func (e *expander) appendActive(s string) {
	e.flushPending()
	e.cur = append(e.cur, s...)
	if e.mode == mFields || e.mode == mPattern || e.mode == mRegex {
		e.pat = append(e.pat, s...)
		// with the character before: @( may come in two pieces
		if e.mode == mFields && !e.glob && hasGlobMeta(string(e.pat[max(0, len(e.pat)-len(s)-1):]), e.extglob) {
			e.glob = true
		}
	}
}

func (e *expander) appendActiveByte(c byte) {
	e.flushPending()
	e.valid = true
	e.cur = append(e.cur, c)
	if e.mode == mFields || e.mode == mPattern || e.mode == mRegex {
		e.pat = append(e.pat, c)
		if e.mode == mFields && (c == '*' || c == '?' || c == '[') {
			e.glob = true
		}
	}
}

// hasGlobMeta reports whether s holds a pattern character.
func hasGlobMeta(s string, extglob bool) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?', '[':
			return true
		case '(':
			if extglob && i > 0 && strings.IndexByte("?*+@!", s[i-1]) >= 0 {
				return true
			}
		}
	}
	return false
}

// wordText is a word as written, for messages (brace expansions split by
// prepare printed back, empty elements included).
func (p *proc) wordText(w *syntax.Word) string {
	var b strings.Builder
	for _, part := range w.Parts {
		be, ok := part.(*syntax.BraceExp)
		if !ok {
			b.WriteString(nodeText(&syntax.Word{Parts: []syntax.WordPart{part}}, false))
			continue
		}
		sep := ","
		if be.Sequence {
			sep = ".."
		}
		b.WriteByte('{')
		for i, e := range be.Elems {
			if i > 0 {
				b.WriteString(sep)
			}
			b.WriteString(p.wordText(e))
		}
		b.WriteByte('}')
	}
	return b.String()
}

// hasBraces reports whether a word holds a brace expansion.
func hasBraces(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if _, ok := part.(*syntax.BraceExp); ok {
			return true
		}
	}
	return false
}

func braceText(b *syntax.BraceExp) string {
	var sb strings.Builder
	sb.WriteByte('{')
	sep := ","
	if b.Sequence {
		sep = ".."
	}
	for i, el := range b.Elems {
		if i > 0 {
			sb.WriteString(sep)
		}
		sb.WriteString(nodeText(el, false))
	}
	sb.WriteByte('}')
	return sb.String()
}
