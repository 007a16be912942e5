package engine

import (
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// pvalue is the value of a parameter during an expansion: one string, or
// a list ($@, ${a[@]}, ...).
type pvalue struct {
	str    string
	list   []string
	isList bool
	// star: the list joins with IFS inside double quotes ($*, ${a[*]}).
	star bool
	set  bool
	// name designates the parameter in messages and for ${x:=}; sub is
	// its subscript ("" for none).
	name string
	sub  string
	// array: the parameter is an array or $@ (slices count elements).
	array bool
	// params: the list is the positional parameters (${@:0} adds $0).
	params bool
	// viaRef: reached through ${!ref}: a list is null only when empty.
	viaRef bool
}

// strs is the value as strings, one per element.
func (v *pvalue) strs() []string {
	if v.isList {
		return v.list
	}
	return []string{v.str}
}

// null reports whether the value is empty, as :- and friends test: a
// list of several elements is null only as "${a[*]}" joined with an empty
// IFS character.
func (p *proc) null(v *pvalue, quoted bool) bool {
	if v.isList {
		switch len(v.list) {
		case 0:
			return true
		case 1:
			return v.list[0] == "" && !v.viaRef
		}
		if v.viaRef {
			return false
		}
		if v.star && quoted {
			return strings.Join(v.list, p.ifsJoin()) == ""
		}
		return false
	}
	return v.str == ""
}

// param expands ${...} into the expander's current field.
func (e *expander) param(pe *syntax.ParamExp) {
	p := e.p
	v, ok := p.paramBase(pe)
	if !ok {
		e.err = true
		return
	}
	if pe.Exp != nil {
		switch op := pe.Exp.Op; op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull,
			syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			colon := op == syntax.DefaultUnsetOrNull || op == syntax.AlternateUnsetOrNull
			empty := !v.set || colon && p.null(&v, e.quoted)
			if op == syntax.DefaultUnset || op == syntax.DefaultUnsetOrNull {
				if empty {
					e.operand(pe.Exp.Word)
					return
				}
			} else if !empty {
				e.operand(pe.Exp.Word)
				return
			}
		case syntax.AssignUnset, syntax.AssignUnsetOrNull:
			if !v.set || op == syntax.AssignUnsetOrNull && p.null(&v, e.quoted) {
				if !e.assignDefault(pe, &v) {
					return
				}
			}
		case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
			if !v.set || op == syntax.ErrorUnsetOrNull && p.null(&v, e.quoted) {
				msg := ""
				if pe.Exp.Word != nil {
					msg, _ = p.string(pe.Exp.Word)
				}
				if msg == "" {
					msg = "parameter null or not set"
					if op == syntax.ErrorUnset {
						msg = "parameter not set"
					}
				}
				p.errorf("%s: %s", v.label(), msg)
				p.fatal(1)
				e.err = true
				return
			}
		default:
			if !p.checkUnset(pe, &v) {
				e.err = true
				return
			}
			if !e.p.applyOp(pe, &v, e.quoted) {
				e.err = true
				return
			}
		}
	} else if !p.checkUnset(pe, &v) {
		e.err = true
		return
	}
	e.emit(&v)
}

// label names a parameter in messages: "x", "a[1]", "@".
func (v *pvalue) label() string {
	if v.sub != "" {
		return v.name + "[" + v.sub + "]"
	}
	return v.name
}

// checkUnset reports an unset parameter under set -u.
func (p *proc) checkUnset(pe *syntax.ParamExp, v *pvalue) bool {
	if v.set || !p.opts.has(optNounset) {
		return true
	}
	if v.isList && (v.name == "@" || v.name == "*" || v.sub == "@" || v.sub == "*") {
		return true
	}
	if pe.Names != 0 {
		return true
	}
	p.errorf("%s: unbound variable", v.label())
	p.fatal(1)
	return false
}

// operand expands the word of ${x-word} and ${x+word} in place, in the
// quoting of the expansion (inside double quotes, single quotes are
// literal there).
func (e *expander) operand(w *syntax.Word) {
	if w == nil {
		if e.quoted {
			e.valid = true
		}
		return
	}
	if e.quoted {
		saved := e.sqLiteral
		e.sqLiteral = true
		for _, part := range w.Parts {
			e.part(part)
		}
		e.sqLiteral = saved
		return
	}
	saved := e.splitLits
	e.splitLits = true
	e.word(w.Parts)
	e.splitLits = saved
}

// assignDefault does ${x=word}: it assigns and makes v the new value.
func (e *expander) assignDefault(pe *syntax.ParamExp, v *pvalue) bool {
	p := e.p
	val := ""
	if pe.Exp.Word != nil {
		var ok bool
		val, ok = p.assignValue(pe.Exp.Word)
		if !ok {
			e.err = true
			return false
		}
	}
	if v.name == "" || !syntax.ValidName(v.name) {
		p.errorf("$%s: cannot assign in this way", v.name)
		p.fatal(1)
		e.err = true
		return false
	}
	var ok bool
	if v.sub != "" {
		ok = p.setElem(v.name, v.sub, val, false)
	} else {
		ok = p.setVar(v.name, val)
	}
	if !ok {
		e.err = true
		return false
	}
	nv, _ := p.getStr(v.name)
	if v.sub != "" {
		_, _, rv, _ := p.resolve(v.name)
		nv, _ = p.element(rv, v.sub)
	}
	*v = pvalue{str: nv, set: true, name: v.name, sub: v.sub}
	return true
}

// emit appends a parameter's value to the current field(s).
func (e *expander) emit(v *pvalue) {
	if !v.isList {
		e.expansion(v.str)
		return
	}
	if e.quoted {
		if v.star {
			e.appendQuoted(strings.Join(v.list, e.p.ifsJoin()))
			return
		}
		if e.mode != mFields {
			e.appendQuoted(strings.Join(v.list, " "))
			return
		}
		if len(v.list) == 0 {
			e.atEmpty = true
			return
		}
		for i, s := range v.list {
			if i > 0 {
				e.finish(true)
			}
			e.appendQuoted(s)
		}
		return
	}
	if e.mode != mFields {
		sep := " "
		if v.star {
			sep = e.p.ifsJoin()
		}
		e.expansion(strings.Join(v.list, sep))
		return
	}
	if e.ifs != "" {
		// bash joins the elements with IFS's first character and splits
		// the result: an empty element stays a field unless that
		// character is white space
		e.split(strings.Join(v.list, e.p.ifsJoin()))
		return
	}
	for i, s := range v.list {
		if i > 0 && (e.valid || len(e.cur) > 0) {
			e.pendingEnd = true
		}
		if s != "" {
			e.flushPending()
			e.appendActive(s)
		}
	}
}

// ifsJoin is what "$*" puts between elements: the first character of IFS.
func (p *proc) ifsJoin() string {
	ifs, set := p.getStr("IFS")
	if !set {
		return " "
	}
	if ifs == "" {
		return ""
	}
	_, n := utf8.DecodeRuneInString(ifs)
	return ifs[:n]
}

// indexAll reports whether an index is [@] or [*] and which.
func indexAll(idx syntax.ArithmExpr) byte {
	w, ok := idx.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return 0
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return 0
	}
	if lit.Value == "@" || lit.Value == "*" {
		return lit.Value[0]
	}
	return 0
}

// paramBase finds the value a ${...} starts from: the parameter (through
// ${!ref} indirection), its element or elements, its length, its slice.
func (p *proc) paramBase(pe *syntax.ParamExp) (pvalue, bool) {
	if pe.Param == nil {
		p.errorf("%s: bad substitution", p.paramText(pe))
		return pvalue{}, false
	}
	name := pe.Param.Value
	if enc, ok := strings.CutPrefix(name, badSubst); ok {
		text, _ := hex.DecodeString(enc)
		p.errorf("%s: bad substitution", text)
		p.abandon(1)
		return pvalue{}, false
	}
	if pe.Length && (pe.Slice != nil || pe.Repl != nil || pe.Exp != nil || pe.Excl) {
		p.errorf("%s: bad substitution", p.paramText(pe))
		p.abandon(1)
		return pvalue{}, false
	}
	if name == argcName {
		name = "#"
	}
	if pe.Names != 0 {
		return pvalue{list: p.varNames(name), isList: true, star: pe.Names == syntax.NamesPrefix, set: true, name: name}, true
	}
	var v pvalue
	if pe.Excl {
		if all := indexAll(pe.Index); all != 0 && pe.Slice == nil && pe.Repl == nil && pe.Exp == nil {
			// ${!a[@]}: the keys (with an operator, bash takes the
			// values as a name to refer to)
			_, _, vr, _ := p.resolve(name)
			keys := vr.arrayKeys()
			return pvalue{list: keys, isList: true, star: all == '*', set: true, name: name, sub: string(all), array: true}, true
		}
		if v, _ := p.lookup(name); v != nil && v.attrs&aNameref != 0 && pe.Index == nil {
			// ${!ref} of a nameref is the name it refers to
			return p.afterBase(pe, pvalue{str: v.str, set: v.isSet(), name: name})
		}
		rv, ok := p.lookupParam(name, "", false, pe.Index)
		if !ok {
			return pvalue{}, false
		}
		if !rv.set {
			p.errorf("%s: invalid indirect expansion", rv.label())
			p.abandon(1)
			return pvalue{}, false
		}
		ref := rv.str
		if rv.isList {
			ref = strings.Join(rv.list, " ")
		}
		rname, rsub, hasSub := splitSubscript(ref)
		if !validParamName(rname) {
			p.errorf("%s: invalid variable name", ref)
			p.abandon(1)
			return pvalue{}, false
		}
		v, ok = p.lookupParam(rname, rsub, hasSub, nil)
		if !ok {
			return pvalue{}, false
		}
		v.viaRef = true
	} else {
		var ok bool
		v, ok = p.lookupParam(name, "", false, pe.Index)
		if !ok {
			return pvalue{}, false
		}
	}
	return p.afterBase(pe, v)
}

// afterBase applies ${#...}, slices and replacements to a parameter's
// value.
func (p *proc) afterBase(pe *syntax.ParamExp, v pvalue) (pvalue, bool) {
	if pe.Length {
		if !v.set && p.opts.has(optNounset) && !(v.isList && (v.name == "@" || v.name == "*" || v.sub == "@" || v.sub == "*")) {
			p.errorf("%s: unbound variable", v.label())
			p.fatal(1)
			return pvalue{}, false
		}
		if v.isList {
			return pvalue{str: strconv.Itoa(len(v.list)), set: true, name: v.name}, true
		}
		n := utf8.RuneCountInString(v.str)
		if p.byteLocale() {
			n = len(v.str)
		}
		return pvalue{str: strconv.Itoa(n), set: true, name: v.name}, true
	}
	if pe.Slice != nil {
		if !p.slice(pe, &v) {
			return pvalue{}, false
		}
	}
	if pe.Repl != nil {
		if !p.replace(pe, &v) {
			return pvalue{}, false
		}
	}
	return v, true
}

func validParamName(name string) bool {
	if syntax.ValidName(name) {
		return true
	}
	if name == "" {
		return false
	}
	if len(name) == 1 && strings.IndexByte("@*#?-$!0123456789", name[0]) >= 0 {
		return true
	}
	for _, c := range name {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// lookupParam reads a parameter: a special one, a variable, an element
// (index, or sub when hasSub).
func (p *proc) lookupParam(name, sub string, hasSub bool, index syntax.ArithmExpr) (pvalue, bool) {
	switch name {
	case "@", "*":
		params := p.params()
		return pvalue{list: params, isList: true, star: name == "*", set: len(params) > 0, name: name, array: true, params: true}, true
	}
	if c := name[0]; c >= '0' && c <= '9' || len(name) == 1 && strings.IndexByte("#?-$!_", c) >= 0 {
		s, set := p.specialParam(name)
		return pvalue{str: s, set: set, name: name}, true
	}
	all := byte(0)
	if index != nil {
		all = indexAll(index)
	} else if hasSub && (sub == "@" || sub == "*") {
		all = sub[0]
	}
	rname, rsub, vr, _ := p.resolve(name)
	if rsub != "" {
		if index != nil || hasSub {
			// a subscript on a reference to an element is empty
			return pvalue{isList: all != 0, star: all == '*', name: rname, sub: rsub}, true
		}
		if rsub == "@" || rsub == "*" {
			all = rsub[0]
		} else {
			rsub = p.subscriptValue(rsub)
		}
	}
	if special, ok := p.specialArray(rname); ok && (index != nil || hasSub) {
		vr = special
	}
	if all != 0 {
		if val, isSet, isSpecial := p.special(rname); isSpecial && vr == nil {
			if !isSet {
				return pvalue{isList: true, star: all == '*', name: rname, sub: string(all), array: true}, true
			}
			return pvalue{list: []string{val}, isList: true, star: all == '*', set: true, name: rname, sub: string(all), array: true}, true
		}
		vals := vr.arrayValues()
		return pvalue{list: vals, isList: true, star: all == '*', set: len(vals) > 0, name: rname, sub: string(all), array: true}, true
	}
	if index != nil || hasSub || rsub != "" {
		key := rsub
		if index != nil {
			var ok bool
			if vr != nil && vr.kind == kAssoc {
				key, ok = p.assocKey(index)
			} else {
				var n int64
				var err error
				n, err = p.arith(index)
				if err != nil {
					p.arithError(err)
					return pvalue{}, false
				}
				key, ok = formatInt(n), true
			}
			if !ok {
				return pvalue{}, false
			}
		} else if hasSub {
			key = p.subscriptValue(sub)
		}
		if vr != nil && vr.kind == kIndexed {
			n, err := p.arithString(key)
			if err != nil {
				p.arithError(err)
				return pvalue{}, false
			}
			if n < 0 {
				m := n + vr.arr.maxIndex() + 1
				if m < 0 {
					p.errorf("%s[%d]: bad array subscript", rname, n)
					return pvalue{name: rname, sub: key}, true
				}
				n = m
			}
			s, set := vr.arr.get(n)
			return pvalue{str: s, set: set, name: rname, sub: formatInt(n)}, true
		}
		if vr == nil {
			if val, isSet, isSpecial := p.special(rname); isSpecial {
				if n, err := p.arithString(key); err == nil && (n == 0 || n == -1) {
					return pvalue{str: val, set: isSet, name: rname, sub: key}, true
				}
				return pvalue{name: rname, sub: key}, true
			}
		}
		s, set := p.element(vr, key)
		return pvalue{str: s, set: set, name: rname, sub: key}, true
	}
	if val, isSet, isSpecial := p.special(rname); isSpecial {
		return pvalue{str: val, set: isSet, name: rname}, true
	}
	s, set := vr.value()
	return pvalue{str: s, set: set, name: rname, array: vr != nil && vr.kind != kString}, true
}

// specialParam answers $#, $?, $-, $$, $!, $0 and $N.
func (p *proc) specialParam(name string) (string, bool) {
	switch name {
	case "#":
		return strconv.Itoa(len(p.params())), true
	case "?":
		return strconv.Itoa(p.status), true
	case "-":
		return p.dashFlags(), true
	case "$":
		return strconv.Itoa(p.sh.cfg.Pid), true
	case "!":
		if p.lastBg == 0 {
			return "", false
		}
		return strconv.Itoa(p.lastBg), true
	case "0":
		return p.sh.cfg.Name, true
	case "_":
		return p.lastArg, true
	}
	n, err := strconv.Atoi(name)
	if err != nil {
		return "", false
	}
	params := p.params()
	if n < 1 || n > len(params) {
		return "", false
	}
	return params[n-1], true
}

// varNames lists the variables whose names start with prefix, sorted.
func (p *proc) varNames(prefix string) []string {
	seen := map[string]bool{}
	var out []string
	for i := range p.frames {
		if p.frames[i].locals == nil {
			continue
		}
		for name, v := range p.frames[i].locals.vars {
			if strings.HasPrefix(name, prefix) && !seen[name] && (v.isSet() || v.attrs != 0) {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	for _, name := range dynamicNames {
		if strings.HasPrefix(name, prefix) && !seen[name] && !p.unspecial[name] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// slice does ${x:offset:length}.
func (p *proc) slice(pe *syntax.ParamExp, v *pvalue) bool {
	off, err := p.arith(pe.Slice.Offset)
	if err != nil {
		p.arithError(err)
		return false
	}
	hasLen := pe.Slice.Length != nil
	var length int64
	if hasLen {
		length, err = p.arith(pe.Slice.Length)
		if err != nil {
			p.arithError(err)
			return false
		}
	}
	if v.isList {
		list := v.list
		if v.params {
			// ${@:0} starts at $0
			list = append([]string{p.sh.cfg.Name}, list...)
		}
		n := int64(len(list))
		if v.array && !v.params && v.sub != "" {
			// sparse arrays: offsets are indices
			_, _, vr, _ := p.resolve(v.name)
			if vr != nil && vr.kind == kIndexed && vr.arr.keys != nil {
				return p.sliceSparse(vr.arr, off, length, hasLen, v)
			}
			if vr != nil && vr.kind == kAssoc && off > 0 {
				// bash counts an associative array's elements from 1
				off--
			}
		}
		if hasLen && length < 0 {
			// a list has no end to count back from
			p.sliceError(pe, length)
			return false
		}
		start, end, ok := p.sliceBounds(off, length, hasLen, n)
		if !ok {
			p.sliceError(pe, length)
			return false
		}
		v.list = list[start:end]
		return true
	}
	if p.byteLocale() {
		start, end, ok := p.sliceBounds(off, length, hasLen, int64(len(v.str)))
		if !ok {
			p.sliceError(pe, length)
			return false
		}
		v.str = v.str[start:end]
		return true
	}
	runes := []rune(v.str)
	start, end, ok := p.sliceBounds(off, length, hasLen, int64(len(runes)))
	if !ok {
		p.sliceError(pe, length)
		return false
	}
	v.str = string(runes[start:end])
	return true
}

// sliceBounds turns ${x:off:length} into bounds within n items: a
// negative offset counts from the end, a negative length too.
func (p *proc) sliceBounds(off, length int64, hasLen bool, n int64) (int64, int64, bool) {
	if off < 0 {
		off += n
		if off < 0 {
			return 0, 0, true
		}
	}
	if off > n {
		return n, n, true
	}
	end := n
	if hasLen {
		if length < 0 {
			end = n + length
			if end < off {
				return 0, 0, false
			}
		} else if off+length < n {
			end = off + length
		}
	}
	return off, end, true
}

// sliceError reports a negative length bash refuses, as its text, and
// abandons the line.
func (p *proc) sliceError(pe *syntax.ParamExp, length int64) {
	text := formatInt(length)
	if w, ok := pe.Slice.Length.(*syntax.Word); ok {
		if t, ok := placeholderText(w); ok {
			text = t
		}
	}
	p.errorf("%s: substring expression < 0", text)
	p.abandon(1)
}

func (p *proc) sliceSparse(arr *indexed, off, length int64, hasLen bool, v *pvalue) bool {
	if off < 0 {
		off += arr.maxIndex() + 1
		if off < 0 {
			v.list = nil
			return true
		}
	}
	var out []string
	for n := range arr.vals {
		if arr.index(n) < off {
			continue
		}
		if hasLen && int64(len(out)) >= length {
			break
		}
		out = append(out, arr.vals[n])
	}
	v.list = out
	return true
}

// replace does ${x/pat/rep} and its forms.
func (p *proc) replace(pe *syntax.ParamExp, v *pvalue) bool {
	r := pe.Repl
	anchor := byte(0)
	orig := r.Orig
	pat, ok := p.pattern(orig)
	if !ok {
		return false
	}
	if len(pat) > 0 && (pat[0] == '#' || pat[0] == '%') && origStartsAnchor(orig) {
		anchor, pat = pat[0], pat[1:]
	}
	rep := ""
	if r.With != nil {
		if p.opts.has(optPatsubReplace) {
			rep, ok = p.replacement(r.With)
		} else {
			rep, ok = p.string(r.With)
		}
		if !ok {
			return false
		}
	}
	amp := p.opts.has(optPatsubReplace) && strings.ContainsRune(rep, '&')
	cp := p.compile(pat, p.matchModeGlob())
	limit, fits := p.sh.valueLimit(), true
	v.apply(func(s string) string {
		out, ok := "", false
		if fits {
			out, ok = cp.replace(p.ctx, s, rep, r.All, anchor, amp, int(limit))
		}
		fits = fits && ok
		return out
	})
	if !fits && p.ctx.Err() == nil {
		p.limitHit(BoundMemory, p.sh.memoryMsg())
	}
	return fits
}

// apply maps fn over the value (each element of a list).
func (v *pvalue) apply(fn func(string) string) {
	if v.isList {
		out := make([]string, len(v.list))
		for i, s := range v.list {
			out[i] = fn(s)
		}
		v.list = out
		return
	}
	v.str = fn(v.str)
}

// origStartsAnchor reports whether a replacement pattern starts with an
// unquoted # or %, which anchors it.
func origStartsAnchor(w *syntax.Word) bool {
	if w == nil || len(w.Parts) == 0 {
		return false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	return ok && len(lit.Value) > 0 && (lit.Value[0] == '#' || lit.Value[0] == '%')
}

// replacement expands the replacement of ${x/p/r} under
// patsub_replacement: an unquoted & stands for the match, \& for &.
func (p *proc) replacement(w *syntax.Word) (string, bool) {
	e := p.newExpander(mPattern)
	e.word(w.Parts)
	if e.err {
		return "", false
	}
	// e.pat escapes quoted characters; keep \& and & as the marker, and
	// unescape the rest.
	pat := e.pat
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if c == '\\' && i+1 < len(pat) {
			i++
			if pat[i] == '&' {
				b.WriteString("\\&")
			} else {
				b.WriteByte(pat[i])
			}
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// matchModeGlob is how patterns inside expansions match (nocasematch is
// for case and [[ ]] only).
func (p *proc) matchModeGlob() patMode { return patExtglob }

// applyOp applies # ## % %% ^ ^^ , ,, and @X.
func (p *proc) applyOp(pe *syntax.ParamExp, v *pvalue, quoted bool) bool {
	op := pe.Exp.Op
	var fn func(string) string
	switch op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		pat, ok := p.pattern(pe.Exp.Word)
		if !ok {
			return false
		}
		cp := p.compile(pat, p.matchModeGlob())
		longest := op == syntax.RemLargePrefix || op == syntax.RemLargeSuffix
		done := true
		v.apply(func(s string) string {
			if !done {
				return ""
			}
			if op == syntax.RemSmallPrefix || op == syntax.RemLargePrefix {
				k, ok := cp.prefix(p.ctx, s, longest)
				done = ok
				return s[k:]
			}
			k, ok := cp.suffix(p.ctx, s, longest)
			done = ok
			return s[:k]
		})
		// (not done: the statement was stopped)
		return done
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		pat := ""
		if pe.Exp.Word != nil {
			var ok bool
			pat, ok = p.pattern(pe.Exp.Word)
			if !ok {
				return false
			}
		}
		var cp *compiled
		if pat != "" {
			cp = p.compile(pat, p.matchModeGlob())
		}
		upper := op == syntax.UpperFirst || op == syntax.UpperAll
		all := op == syntax.UpperAll || op == syntax.LowerAll
		fn = func(s string) string { return caseMod(s, upper, all, cp) }
	case syntax.OtherParamOps:
		letter := ""
		if pe.Exp.Word != nil {
			letter = pe.Exp.Word.Lit()
		}
		return p.atOp(letter, v, quoted)
	default:
		p.errorf("%s: bad substitution", p.paramText(pe))
		return false
	}
	v.apply(fn)
	return true
}

// caseMod changes the case of the first or all characters (those matching
// cp, when given).
func caseMod(s string, upper, all bool, cp *compiled) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && !all {
			b.WriteString(s[i:])
			break
		}
		if cp == nil || cp.full(string(r)) {
			if upper {
				r = unicode.ToUpper(r)
			} else {
				r = unicode.ToLower(r)
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// atOp does ${x@Q} and the other transformations.
func (p *proc) atOp(letter string, v *pvalue, quoted bool) bool {
	var fn func(string) string
	switch letter {
	case "Q":
		fn = quoteValue
	case "E":
		fn = ansiC
	case "P":
		fn = p.promptExpand
	case "U":
		fn = upperString
	case "L":
		fn = lowerString
	case "u":
		fn = func(s string) string { return caseMod(s, true, false, nil) }
	case "a":
		attrs := p.attrLetters(v.name)
		if v.isList {
			v.apply(func(string) string { return attrs })
			return true
		}
		if !v.set && v.name != "" {
			if vr, _ := p.lookup(v.name); vr == nil {
				v.str = ""
				return true
			}
		}
		v.str = attrs
		v.set = true
		return true
	case "A":
		if !v.set && !v.isList {
			v.str = ""
			return true
		}
		if v.isList && v.array && !v.params && v.sub != "" {
			_, _, vr, _ := p.resolve(v.name)
			v.str = p.declareLine(v.name, vr, false)
			v.isList = false
			v.set = true
			return true
		}
		if v.isList {
			v.apply(quoteValue)
			return true
		}
		_, _, vr, _ := p.resolve(v.name)
		if vr != nil && vr.attrs&^aSet != 0 {
			v.str = p.declareLine(v.name, vr, false)
		} else {
			v.str = v.name + "=" + quoteValue(v.str)
		}
		return true
	case "K", "k":
		_, _, vr, _ := p.resolve(v.name)
		if vr == nil || vr.kind == kString || !v.isList {
			// a string quoted, as @Q; nothing for an unset one
			if v.set {
				v.str = quoteValue(v.str)
			}
			return true
		}
		keys, vals := vr.arrayKeys(), vr.arrayValues()
		var out []string
		for i, k := range keys {
			if letter == "K" {
				kq := k
				if vr.kind == kAssoc {
					kq = quoteValue(k)
				}
				out = append(out, kq, dquote(vals[i]))
			} else {
				out = append(out, k, vals[i])
			}
		}
		if letter == "K" {
			v.list = []string{strings.Join(out, " ")}
			return true
		}
		v.list = out
		return true
	default:
		p.errorf("%s: bad substitution", "${"+v.label()+"@"+letter+"}")
		return false
	}
	if !v.isList && !v.set && letter != "P" && letter != "E" {
		return true
	}
	v.apply(fn)
	return true
}

// attrLetters is ${x@a}: the variable's attributes as declare's flags.
func (p *proc) attrLetters(name string) string {
	_, _, v, _ := p.resolve(name)
	if lv, _ := p.lookup(name); lv != nil && lv.attrs&aNameref != 0 {
		v = lv
	}
	if v == nil {
		return ""
	}
	return v.attrString()
}

// attrString is a variable's kind and attributes as declare's flags, in
// bash's order.
func (v *variable) attrString() string {
	var b strings.Builder
	switch v.kind {
	case kIndexed:
		b.WriteByte('a')
	case kAssoc:
		b.WriteByte('A')
	}
	for _, f := range attrFlags {
		if v.attrs&f.a != 0 {
			b.WriteByte(f.letter)
		}
	}
	return b.String()
}

var attrFlags = []struct {
	a      attr
	letter byte
}{{aInteger, 'i'}, {aNameref, 'n'}, {aReadonly, 'r'}, {aTrace, 't'}, {aExport, 'x'}, {aLower, 'l'}, {aUpper, 'u'}}

// paramText is ${...} as written, for messages.
func (p *proc) paramText(pe *syntax.ParamExp) string {
	return nodeText(&syntax.Word{Parts: []syntax.WordPart{pe}}, false)
}

// assocKey expands the key of an associative array subscript.
func (p *proc) assocKey(index syntax.ArithmExpr) (string, bool) {
	if w, ok := index.(*syntax.Word); ok {
		return p.string(w)
	}
	// a[i+1] of an associative array: the key is the text i+1
	var c cmdPrinter
	c.arith(index)
	return p.subscriptValue(c.b.String()), true
}

func upperString(s string) string { return strings.ToUpper(s) }
func lowerString(s string) string { return strings.ToLower(s) }
