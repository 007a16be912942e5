package engine

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declFlags are the options of declare and its variants.
type declFlags struct {
	set, unset   attr
	array, assoc bool
	funcs        bool // -f
	funcNames    bool // -F
	global       bool // -g
	print        bool // -p
	unexport     bool // export -n
}

// declArg is one operand: an assignment of the syntax tree, or a word.
type declArg struct {
	as   *syntax.Assign
	text string
	// expanded: the assignment's value (val) or elements (vals, keys)
	// were expanded before the builtin ran, as bash expands every word
	// first (export A=1 B=$A sees the old A).
	expanded bool
	val      string
	vals     []string
	keys     []*syntax.ArrayElem
}

// value is the value of as, the assignment of a: expanded now unless it
// was already.
func (a declArg) value(p *proc, as *syntax.Assign) (string, bool) {
	if a.expanded || as.Value == nil {
		return a.val, true
	}
	return p.assignValue(as.Value)
}

// name is the operand as written: the name of an assignment, or the word.
func (a declArg) name() string {
	if a.as != nil && a.as.Name != nil {
		return a.as.Name.Value
	}
	return a.text
}

// declClause runs declare, local, export, readonly and typeset as the
// parser gives them: options and assignments. Its words are expanded
// before its redirections are made, as bash does for assignment
// builtins (readonly x=$(cmd) 2>/dev/null: cmd's errors still show).
func (p *proc) declClause(c *syntax.DeclClause, redirs []*syntax.Redirect) int {
	variant := c.Variant.Value
	var args []declArg
	for _, as := range c.Args {
		if as.Name == nil && as.Value != nil {
			// a word: an option, or NAME=VALUE made by an expansion
			fields, ok := p.fields([]*syntax.Word{as.Value})
			if !ok {
				return 1
			}
			for _, f := range fields {
				args = append(args, declArg{text: f})
			}
			continue
		}
		a := declArg{as: as, expanded: true}
		var ok bool
		switch {
		case as.Array != nil:
			a.vals, a.keys, ok = p.arrayElems(as.Array)
		case as.Value != nil:
			a.val, ok = p.assignValue(as.Value)
		default:
			a.expanded, ok = false, true
		}
		if !ok {
			return 1
		}
		args = append(args, a)
	}
	if len(redirs) > 0 {
		mark, pmark := len(p.saved), len(p.procFds)
		defer func() {
			p.restoreFds(mark)
			p.closeProcFds(pmark)
		}()
		if !p.redirect(redirs) {
			return 1
		}
	}
	if p.opts.has(optXtrace) {
		p.xtraceDecl(variant, args)
	}
	p.lastArg = variant
	return p.declare(variant, args)
}

// declBuiltin is declare and friends called as commands (command
// declare, $cmd x=1): the operands are words.
func declBuiltin(p *proc, args []string) int {
	var das []declArg
	for _, a := range args[1:] {
		das = append(das, declArg{text: a})
	}
	return p.declare(args[0], das)
}

func (p *proc) declare(variant string, args []declArg) int {
	var f declFlags
	switch variant {
	case "export":
		f.set |= aExport
	case "readonly":
		f.set |= aReadonly
	case "local":
		if p.funcDepth == 0 {
			p.errorf("local: can only be used in a function")
			return 1
		}
	}
	// options first
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.as != nil || len(a.text) < 2 || a.text[0] != '-' && a.text[0] != '+' {
			break
		}
		if a.text == "--" {
			i++
			break
		}
		on := a.text[0] == '-'
		for _, c := range a.text[1:] {
			var at attr
			switch c {
			case 'a':
				f.array = on
				continue
			case 'A':
				f.assoc = on
				continue
			case 'f':
				f.funcs = true
				continue
			case 'F':
				f.funcNames = true
				continue
			case 'g':
				f.global = true
				continue
			case 'p':
				f.print = true
				continue
			case 'i':
				at = aInteger
			case 'l':
				at = aLower
			case 'u':
				at = aUpper
			case 'n':
				if variant == "export" {
					f.unexport = true
					continue
				}
				at = aNameref
			case 'r':
				at = aReadonly
			case 't':
				at = aTrace
			case 'x':
				at = aExport
			default:
				p.errorf("%s: %s: invalid option", variant, "-"+string(c))
				p.writeErr(declUsage(variant))
				return 2
			}
			if on {
				f.set |= at
			} else {
				f.unset |= at
			}
		}
	}
	args = args[i:]
	if f.funcs || f.funcNames {
		return p.declareFuncs(variant, f, args)
	}
	if f.print || len(args) == 0 && f.set&^aExport == 0 && f.unset == 0 && !f.array && !f.assoc || len(args) == 0 && variant != "declare" && variant != "typeset" && variant != "local" {
		if len(args) == 0 || f.print {
			return p.printDecls(variant, f, args)
		}
	}
	if len(args) == 0 {
		return p.printDecls(variant, f, args)
	}
	status := 0
	for _, a := range args {
		if !p.declareOne(variant, f, a) {
			status = 1
		}
	}
	return status
}

func declUsage(variant string) string {
	switch variant {
	case "export":
		return "export: usage: export [-fn] [name[=value] ...] or export -p\n"
	case "readonly":
		return "readonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p\n"
	case "local":
		return "local: usage: local [option] name[=value] ...\n"
	}
	return variant + ": usage: " + variant + " [-aAfFgiIlnrtux] [name[=value] ...] or " + variant + " -p [-aAfFilnrtux] [name ...]\n"
}

// declareOne handles one operand: NAME, NAME=VALUE, NAME+=VALUE,
// NAME=(...), NAME[i]=VALUE.
func (p *proc) declareOne(variant string, f declFlags, a declArg) bool {
	var name string
	var as *syntax.Assign
	if a.as != nil {
		as = a.as
		name = as.Name.Value
	} else {
		// parse NAME[=VALUE] from a word
		text := a.text
		eq := strings.IndexByte(text, '=')
		lhs := text
		if eq >= 0 {
			lhs = text[:eq]
		}
		appending := strings.HasSuffix(lhs, "+")
		lhs = strings.TrimSuffix(lhs, "+")
		base, sub, hasSub := splitSubscript(lhs)
		if !hasSub {
			base = lhs
		}
		if !syntax.ValidName(base) {
			p.errorf("%s: `%s': not a valid identifier", variant, text)
			return false
		}
		name = base
		if eq >= 0 {
			val := text[eq+1:]
			if strings.HasPrefix(val, "(") && strings.HasSuffix(val, ")") && !hasSub && (f.array || f.assoc || p.isArray(base)) {
				// declare -a 'a=(1 2)': a compound assignment (a string
				// unless the variable is or becomes an array)
				parsed, err := p.sh.parseCached(lhs + "=" + val)
				if err == nil && len(parsed.Stmts) == 1 {
					if ce, ok := parsed.Stmts[0].Cmd.(*syntax.CallExpr); ok && len(ce.Assigns) == 1 && len(ce.Args) == 0 {
						as = ce.Assigns[0]
						as.Append = appending
					}
				}
			}
			if as == nil {
				w := &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: val}}}
				as = &syntax.Assign{Name: &syntax.Lit{Value: base}, Value: w, Append: appending}
				if hasSub {
					as.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: sub}}}
				}
			}
		} else if hasSub {
			as = &syntax.Assign{Name: &syntax.Lit{Value: base}, Naked: true,
				Index: &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: sub}}}}
		} else {
			as = &syntax.Assign{Name: &syntax.Lit{Value: base}, Naked: true}
		}
	}
	if !syntax.ValidName(name) {
		p.errorf("%s: `%s': not a valid identifier", variant, name)
		return false
	}
	p.noteLocale(name)
	if variant == "export" && as != nil && as.Index != nil {
		// arrays are never exported
		p.errorf("export: `%s[%s]': not a valid identifier", name, p.indexText(as.Index))
		return false
	}
	if f.print {
		return p.printDecls(variant, f, []declArg{{text: name}}) == 0
	}
	// where the variable lives
	local := (variant == "local" || variant == "declare" || variant == "typeset") && p.funcDepth > 0 && !f.global
	var v *variable
	if local {
		if g, _ := p.lookup(name); g != nil && g.attrs&aReadonly != 0 {
			p.errorf("%s: %s: readonly variable", variant, name)
			return false
		}
		v = p.declareLocalFor(name)
	} else {
		if variant == "declare" || variant == "typeset" {
			if f.global {
				v = p.globalVar(name)
			}
		}
		if v == nil {
			if f.set&aNameref != 0 || f.unset&aNameref != 0 {
				v, _ = p.lookup(name)
				if v == nil {
					v = &variable{}
					p.writable(0).vars[name] = v
				} else {
					_, i := p.lookup(name)
					v = p.writable(i).vars[name]
				}
			} else if v, name, _ = p.varFor(name); v == nil {
				return false
			}
		}
	}
	if v.attrs&aReadonly != 0 && (as.Value != nil || as.Array != nil || f.unset&aReadonly != 0 || f.array || f.assoc || f.set&^(aReadonly|aExport) != 0) {
		p.errorf("%s: readonly variable", name)
		return false
	}
	// kind changes (readonly -a of a name without a value stays a
	// plain name, as in bash)
	bare := variant == "readonly" && as.Value == nil && as.Array == nil && !v.isSet() && v.kind == kString
	switch {
	case bare:
	case f.assoc:
		if v.kind == kIndexed && v.isSet() {
			p.errorf("%s: %s: cannot convert indexed to associative array", variant, name)
			return false
		}
		if v.kind != kAssoc {
			a := newAssoc()
			if v.isSet() {
				// a string becomes element 0 (an assignment then
				// replaces the whole)
				a.set("0", v.str)
			}
			v.kind, v.assoc, v.str, v.arr = kAssoc, a, "", nil
			if as.Value == nil && as.Array == nil && !v.isSet() {
				v.attrs &^= aSet
			}
		}
	case f.array:
		if v.kind == kAssoc && v.isSet() {
			p.errorf("%s: %s: cannot convert associative to indexed array", variant, name)
			return false
		}
		if v.kind == kString {
			arr := &indexed{}
			if v.isSet() {
				arr.set(0, v.str)
			}
			v.kind, v.arr, v.str = kIndexed, arr, ""
		}
	}
	if f.set&aNameref != 0 {
		if v.kind != kString {
			p.errorf("%s: %s: reference variable cannot be an array", variant, name)
			return false
		}
		if as.Value == nil && v.isSet() && v.attrs&aNameref == 0 && !validRefName(v.str) {
			p.errorf("%s: `%s': invalid variable name for name reference", variant, v.str)
			return false
		}
	}
	v.attrs |= f.set &^ aReadonly
	v.attrs &^= f.unset
	if f.set&aUpper != 0 {
		v.attrs &^= aLower
	} else if f.set&aLower != 0 {
		v.attrs &^= aUpper
	}
	if f.unexport {
		v.attrs &^= aExport
	}
	if p.opts.has(optAllexport) && (as.Value != nil || as.Array != nil) {
		v.attrs |= aExport
	}
	if f.set&aExport != 0 || f.unset&aExport != 0 || f.unexport || v.attrs&aExport != 0 {
		p.envChanged()
	}
	ok := true
	if as.Array != nil || as.Value != nil || as.Index != nil && !as.Naked {
		if v.attrs&aNameref != 0 && as.Value != nil && as.Index == nil {
			val, vok := a.value(p, as)
			if !vok {
				return false
			}
			if val != "" && !validRefName(val) {
				p.errorf("%s: `%s': invalid variable name for name reference", variant, val)
				return false
			}
			if val == name {
				p.errorf("%s: %s: nameref variable self references not allowed", variant, name)
				return false
			}
			v.str = val
			v.attrs |= aSet
		} else if as.Array != nil {
			vals, keys, aok := a.vals, a.keys, true
			if !a.expanded {
				vals, keys, aok = p.arrayElems(as.Array)
			}
			if !aok {
				return false
			}
			kind := varKind(0)
			if f.assoc {
				kind = kAssoc
			}
			ok = p.setArrayOn(v, name, vals, keys, as.Append, kind)
		} else {
			val, vok := a.value(p, as)
			if !vok {
				return false
			}
			ok = p.assignDeclared(v, name, as, val)
		}
	}
	if f.set&aReadonly != 0 {
		v.attrs |= aReadonly
	}
	if v.attrs&aExport != 0 {
		p.envChanged()
	}
	// $_ is the last operand: NAME=VALUE, or NAME for an array
	p.lastArg = name
	if a.as == nil {
		p.lastArg = a.text
	} else if as.Value != nil && as.Index == nil {
		val, _ := v.value()
		p.lastArg = name + "=" + val
	}
	return ok
}

func validRefName(s string) bool {
	name, _, hasSub := splitSubscript(s)
	if !hasSub {
		name = s
	}
	return syntax.ValidName(name)
}

// declareLocalFor is the variable a local declaration makes in the
// current function's scope (or the temporary variable of a command run
// inside it, as bash does for v=x eval 'local v').
func (p *proc) declareLocalFor(name string) *variable {
	i := len(p.frames) - 1
	for i > 0 && !p.frames[i].isFunc {
		if f := p.frames[i]; f.temp && f.locals != nil {
			if _, ok := f.locals.vars[name]; ok {
				break
			}
		}
		i--
	}
	if p.frames[i].locals == nil {
		p.frames[i].locals = newScope(4)
	}
	s := p.writable(i)
	if v, ok := s.vars[name]; ok {
		// a temporary variable becomes a plain local
		v.attrs &^= aTemp
		return v
	}
	v := &variable{}
	// a new local is unset, but one that hides a temporary variable
	// (v=x eval 'local v') starts with its value
	if old, j := p.lookup(name); old != nil && j < i && old.attrs&aTemp != 0 && old.kind == kString && old.isSet() {
		v.str, v.attrs = old.str, aSet
	}
	s.vars[name] = v
	return v
}

// globalVar is the global variable name, created if missing.
func (p *proc) globalVar(name string) *variable {
	s := p.writable(0)
	v, ok := s.vars[name]
	if !ok {
		v = &variable{}
		s.vars[name] = v
	}
	return v
}

// assignDeclared assigns a declared variable's value (v is already the
// right variable, local or global).
func (p *proc) assignDeclared(v *variable, name string, as *syntax.Assign, val string) bool {
	if as.Index != nil {
		var sub string
		if v.kind == kAssoc {
			k, ok := p.assocKey(as.Index)
			if !ok {
				return false
			}
			sub = k
		} else {
			n, err := p.arith(as.Index)
			if err != nil {
				p.arithError(err)
				return false
			}
			sub = formatInt(n)
		}
		return p.setElemOn(v, name, sub, val, as.Append)
	}
	if v.attrs&aNameref != 0 && v.isSet() {
		return p.setVar(name, val)
	}
	old := ""
	if as.Append {
		old, _ = v.value()
	}
	nv, ok := p.transform(v, val, as.Append, old)
	if !ok {
		return false
	}
	v.store(nv)
	return true
}

// setArrayOn assigns (...) to a known variable.
func (p *proc) setArrayOn(v *variable, name string, vals []string, keys []*syntax.ArrayElem, appending bool, kind varKind) bool {
	// put v where setArray will find it: it is already in its scope, so
	// go through a temporary nameless path
	if kind == kAssoc || v.kind == kAssoc {
		if v.kind != kAssoc {
			v.kind, v.assoc, v.arr, v.str = kAssoc, newAssoc(), nil, ""
		}
	}
	tmp := &variable{kind: v.kind, attrs: v.attrs &^ aReadonly, str: v.str, arr: v.arr, assoc: v.assoc}
	p.frames = append(p.frames, frame{locals: newScope(1)})
	p.frames[len(p.frames)-1].locals.vars[name] = tmp
	ok := p.setArray(name, vals, keys, appending, kind)
	p.popTemp()
	v.kind, v.str, v.arr, v.assoc = tmp.kind, tmp.str, tmp.arr, tmp.assoc
	if tmp.isSet() {
		v.attrs |= aSet
	}
	return ok
}

// printDecls prints variables as declare -p does (export -p and
// readonly -p list theirs).
func (p *proc) printDecls(variant string, f declFlags, args []declArg) int {
	var b strings.Builder
	status := 0
	if len(args) > 0 {
		for _, a := range args {
			name := a.text
			if a.as != nil {
				name = a.as.Name.Value
			}
			v, _ := p.lookup(name)
			v = p.live(name, v)
			if v == nil {
				if sv, ok := p.specialArray(name); ok && sv != nil {
					v = sv
				} else if val, set, ok := p.special(name); ok && set {
					v = &variable{str: val, attrs: aSet}
				}
			}
			if v == nil {
				p.errorf("%s: %s: not found", variant, name)
				status = 1
				continue
			}
			b.WriteString(p.declareLine(name, v, true) + "\n")
		}
		p.writeOut(b.String())
		return status
	}
	names, list := p.visibleVars()
	for _, name := range list {
		v := names[name]
		switch variant {
		case "export":
			if v.attrs&aExport == 0 {
				continue
			}
		case "readonly":
			if v.attrs&aReadonly == 0 {
				continue
			}
		case "local":
			continue
		default:
			if f.set != 0 && v.attrs&f.set != f.set || f.array && v.kind != kIndexed || f.assoc && v.kind != kAssoc {
				continue
			}
		}
		if !f.print && variant != "export" && variant != "readonly" && (variant == "declare" || variant == "typeset") && f.set == 0 && !f.array && !f.assoc {
			// plain declare lists NAME=VALUE like set
			b.WriteString(p.setLine(name, v))
			continue
		}
		b.WriteString(p.declareLine(name, v, true) + "\n")
	}
	if variant == "local" && p.funcDepth > 0 {
		i := len(p.frames) - 1
		for i > 0 && !p.frames[i].isFunc {
			i--
		}
		if s := p.frames[i].locals; s != nil {
			var ln []string
			for name := range s.vars {
				ln = append(ln, name)
			}
			slices.Sort(ln)
			for _, name := range ln {
				b.WriteString(p.setLine(name, s.vars[name]))
			}
		}
	}
	p.writeOut(b.String())
	return status
}

// setLine is a variable as set and plain declare list it.
func (p *proc) setLine(name string, v *variable) string {
	if !v.isSet() {
		if v.attrs&^aSet == 0 {
			return ""
		}
		return ""
	}
	switch v.kind {
	case kIndexed, kAssoc:
		line := p.declareLine(name, v, false)
		_, rest, _ := strings.Cut(line, " ")
		_, rest, _ = strings.Cut(rest, " ")
		return rest + "\n"
	}
	return name + "=" + setQuote(v.str) + "\n"
}

// setQuote quotes a value as set prints it: bare when safe, else in
// single quotes (or $'...').
func setQuote(s string) string {
	if s == "" {
		return "''"
	}
	if needsDollarQuote(s) {
		return dollarQuote(s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isNameChar(c) || strings.IndexByte("/.,:+-@%^", c) >= 0) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// declareLine is "declare -FLAGS name=value" as declare -p prints it.
func (p *proc) declareLine(name string, v *variable, withDeclare bool) string {
	f := v.attrString()
	if f == "" {
		f = "-"
	}
	line := "declare -" + f + " " + name
	if !v.isSet() {
		return line
	}
	switch v.kind {
	case kIndexed:
		var b strings.Builder
		b.WriteString("=(")
		for n := range v.arr.vals {
			if n > 0 {
				b.WriteByte(' ')
			}
			b.WriteString("[" + formatInt(v.arr.index(n)) + "]=" + dquote(v.arr.vals[n]))
		}
		b.WriteByte(')')
		return line + b.String()
	case kAssoc:
		var b strings.Builder
		b.WriteString("=(")
		for _, n := range v.assoc.ordered() {
			k := v.assoc.keys[n]
			kq := k
			if strings.ContainsAny(k, " \t\n\"'\\$`;&|<>()[]*?!") || k == "" {
				kq = dquote(k)
			}
			b.WriteString("[" + kq + "]=" + dquote(v.assoc.vals[n]) + " ")
		}
		b.WriteByte(')')
		return line + b.String()
	}
	return line + "=" + dquote(v.str)
}

// declareFuncs handles declare -f and -F.
func (p *proc) declareFuncs(variant string, f declFlags, args []declArg) int {
	names := make([]string, 0)
	if len(args) == 0 {
		for name := range p.funcs.m {
			names = append(names, name)
		}
		slices.Sort(names)
	} else {
		for _, a := range args {
			names = append(names, a.name())
		}
	}
	status := 0
	var b strings.Builder
	for _, name := range names {
		fn, ok := p.funcs.m[name]
		if !ok {
			if len(args) > 0 {
				status = 1
			}
			continue
		}
		if variant == "export" || variant == "readonly" {
			continue
		}
		if f.set&aTrace != 0 {
			fn2 := *fn
			fn2.trace = true
			p.funcs = p.funcs.own()
			p.funcs.m[name] = &fn2
			continue
		}
		if f.funcNames {
			if len(args) > 0 {
				b.WriteString(name + "\n")
			} else {
				b.WriteString("declare -f " + name + "\n")
			}
			continue
		}
		b.WriteString(p.funcText(fn) + "\n")
	}
	p.writeOut(b.String())
	return status
}

// funcText is a function's definition as declare -f prints it.
func (p *proc) funcText(fn *funcDef) string {
	return printFunc(fn.name, fn.body)
}
