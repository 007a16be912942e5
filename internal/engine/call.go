package engine

import (
	"encoding/hex"
	"io"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// call runs a simple command: expansion of its words, its redirections,
// its assignments, then a function, a builtin or an external command.
func (p *proc) call(ce *syntax.CallExpr, redirs []*syntax.Redirect) {
	defer p.recoverCommand(len(p.frames))
	p.line = p.lineOf(ce.Pos())
	if len(p.aliases.m) > 0 {
		if a, name, ok := p.aliasFor(ce); ok {
			p.runAlias(ce, redirs, a, name)
			return
		}
	}
	if len(ce.Args) == 0 {
		p.assignOnly(ce, redirs)
		return
	}
	base := len(p.argStack)
	defer func() { p.argStack = p.argStack[:base] }()
	p.substStatus = -1
	if p.debugTrap(ce) {
		return
	}
	if !p.expandArgs(ce.Args) {
		if p.flow == flowNone {
			p.status = 1
		}
		return
	}
	args := p.argStack[base:len(p.argStack):len(p.argStack)]
	if len(args) == 0 {
		subst := p.substStatus
		p.assignOnly(ce, redirs)
		if subst >= 0 && p.status == 0 {
			// $(false) alone: the status of the substitution
			p.status = subst
		}
		return
	}
	if !p.counted() {
		return
	}
	mark := len(p.saved)
	defer p.restoreFds(mark)
	if p.opts.has(optXtrace) {
		p.xtraceAssigns(ce.Assigns)
	}
	// Prefix assignments are temporary, exported variables of the command.
	temp := len(ce.Assigns) > 0
	if temp {
		p.frames = append(p.frames, frame{locals: newScope(len(ce.Assigns)), temp: true})
		ok := p.assigns(ce.Assigns, len(p.frames)-1)
		if !ok {
			p.popTemp()
			if p.flow == flowNone {
				p.status = 1
				if p.opts.has(optPosix) || IsSpecialBuiltin(args[0]) {
					p.fatal(1)
				}
			}
			return
		}
		for _, v := range p.frames[len(p.frames)-1].locals.vars {
			v.attrs |= aExport
		}
		p.envChanged()
		defer p.popTemp()
	}
	if p.opts.has(optXtrace) {
		p.xtrace(args)
	}
	if args[0] == "exec" && len(args) == 1 {
		// exec without a command: its redirections stay
		p.permanent = true
		ok := p.redirect(redirs)
		p.permanent = false
		p.status = boolStatus(ok)
		if !ok && p.opts.has(optPosix) {
			p.fatal(1)
		}
		return
	}
	if len(redirs) > 0 && !p.redirect(redirs) {
		p.status = 1
		if IsSpecialBuiltin(args[0]) && p.opts.has(optPosix) {
			p.fatal(1)
		}
		return
	}
	p.lastArgNext = args[len(args)-1]
	if temp {
		// a function called here takes the frame as its own
		p.callTemp = len(p.frames)
	}
	p.runArgs(args, false)
	p.callTemp = 0
	p.lastArg = p.lastArgNext
	p.pipestatus = nil
}

// popTemp drops the frame of a command's temporary assignments.
func (p *proc) popTemp() {
	top := p.frames[len(p.frames)-1]
	top.locals.refs.Add(-1)
	p.frames = p.frames[:len(p.frames)-1]
	p.envChanged()
}

// runArgs runs an expanded command: a function, a builtin or an external
// command (noFunc: skip functions, as command does).
func (p *proc) runArgs(args []string, noFunc bool) {
	name := args[0]
	temp := p.callTemp
	p.callTemp = 0
	if !noFunc {
		if fn, ok := p.funcs.m[name]; ok {
			p.callFunc(fn, args, temp > 0 && temp == len(p.frames))
			return
		}
	}
	if b, ok := builtins[name]; ok && !p.disabled(name) {
		p.status = b(p, args)
		return
	}
	p.status = p.external(args)
}

// external runs a command through Config.Exec.
func (p *proc) external(args []string) int {
	if p.sh.cfg.Exec == nil {
		p.errorf("%s: command not found", args[0])
		return 127
	}
	c := p.newCommand(args)
	if !strings.Contains(args[0], "/") {
		c.Path = p.hashFor(args[0])
	}
	// a command that writes into a pipe whose reader is gone dies of
	// SIGPIPE: status 141, whatever it returns
	var hit atomic.Bool
	if w, ok := c.Stdout.(*pipeWriter); ok {
		c.Stdout = sigpipeWriter{w, &hit}
	}
	if w, ok := c.Stderr.(*pipeWriter); ok {
		c.Stderr = sigpipeWriter{w, &hit}
	}
	p.execArgs.Store(&args)
	status := p.sh.cfg.Exec(c)
	p.execArgs.Store(nil)
	if hit.Load() {
		return 128 + 13
	}
	return status
}

// sigpipeWriter notes a write that found its pipe's reader gone.
type sigpipeWriter struct {
	w   io.Writer
	hit *atomic.Bool
}

func (s sigpipeWriter) Write(b []byte) (int, error) {
	n, err := s.w.Write(b)
	if err == errBrokenPipe {
		s.hit.Store(true)
	}
	return n, err
}

func (p *proc) newCommand(args []string) *Command {
	return &Command{
		Ctx:    p.ctx,
		Args:   append([]string(nil), args...),
		Dir:    p.dir,
		Env:    p.exported(),
		Stdin:  fdReader(p.fds.get(0)),
		Stdout: fdWriter(p.fds.get(1)),
		Stderr: fdWriter(p.fds.get(2)),
		Umask:  p.umask,
		Line:   p.line,
		Depth:  p.nesting(),
		p:      p,
	}
}

// fdReader is what a command reads on a descriptor: a closed one fails.
func fdReader(f *ofile) io.Reader {
	if f == nil || f.r == nil {
		return badFd{}
	}
	return f.r
}

func fdWriter(f *ofile) io.Writer {
	if f == nil || f.w == nil {
		return badFd{}
	}
	return f.w
}

// badFd is a closed descriptor.
type badFd struct{}

func (badFd) Read([]byte) (int, error)  { return 0, errBadFd }
func (badFd) Write([]byte) (int, error) { return 0, errBadFd }

// indexText is a subscript as messages show it.
func (p *proc) indexText(index syntax.ArithmExpr) string {
	if w, ok := index.(*syntax.Word); ok && len(w.Parts) == 1 {
		if sq, ok := w.Parts[0].(*syntax.SglQuoted); ok {
			return sq.Value
		}
	}
	text, _, _ := p.flattenArith(index, true)
	return strings.ReplaceAll(text, " ", "")
}

// assignOnly runs a command made of assignments (and redirections) only.
func (p *proc) assignOnly(ce *syntax.CallExpr, redirs []*syntax.Redirect) {
	if p.debugTrap(ce) {
		return
	}
	p.substStatus = -1
	ok := p.assigns(ce.Assigns, -1)
	if p.flow != flowNone {
		return
	}
	status := 0
	if !ok {
		// a failed assignment (readonly, bad reference) abandons the
		// line; posix mode and errexit exit
		if p.opts.has(optPosix) {
			p.fatal(1)
		} else {
			p.failLine(1)
		}
		return
	} else if p.substStatus >= 0 {
		status = p.substStatus
	}
	p.lastArg = ""
	p.pipestatus = nil
	if len(redirs) > 0 {
		mark := len(p.saved)
		if !p.redirect(redirs) {
			status = 1
		}
		p.restoreFds(mark)
	}
	p.status = status
}

// assigns performs assignments: in frame (the temporary frame of a
// command) or, with frame < 0, as plain assignments.
func (p *proc) assigns(list []*syntax.Assign, frame int) bool {
	for _, as := range list {
		if !p.assign(as, frame) {
			return false
		}
	}
	return true
}

// assign performs one assignment NAME=value, NAME+=value, NAME[i]=value,
// NAME=(array).
func (p *proc) assign(as *syntax.Assign, frame int) bool {
	name := as.Name.Value
	if enc, ok := strings.CutPrefix(name, badAssign); ok {
		// a[i]=x before a command: reported, and the command runs
		text, _ := hex.DecodeString(enc)
		p.errorf("`%s': not a valid identifier", text)
		return frame >= 0
	}
	if frame >= 0 {
		// a temporary variable of the command's frame
		p.noteLocale(name)
		v := &variable{attrs: aSet | aTemp}
		if old, _ := p.lookup(name); old != nil && old.attrs&aReadonly != 0 {
			p.errorf("%s: readonly variable", name)
			// bash runs the command without it (posix mode fails it)
			return !p.opts.has(optPosix)
		}
		if as.Array != nil || as.Index != nil {
			// bash takes name[i]=x and name=(...) before a command as
			// plain assignments
			return p.assign(as, -1)
		}
		val, ok := p.assignValue(as.Value)
		if !ok {
			return false
		}
		if as.Append {
			old, _ := p.getStr(name)
			val = old + val
		}
		v.str = val
		if p.opts.has(optXtrace) {
			p.xtraceLine(name + "=" + xtraceQuote(val))
		}
		p.frames[frame].locals.vars[name] = v
		return true
	}
	if as.Array != nil && as.Index != nil {
		p.errorf("%s[%s]: cannot assign list to array member", name, p.indexText(as.Index))
		return false
	}
	if as.Array != nil {
		vals, keys, ok := p.arrayElems(as.Array)
		if !ok {
			return false
		}
		if p.opts.has(optXtrace) {
			p.xtraceArray(name, as.Append, vals, keys)
		}
		return p.setArray(name, vals, keys, as.Append, 0)
	}
	val, ok := p.assignValue(as.Value)
	if !ok {
		return false
	}
	if as.Index != nil {
		sub, ok := p.subscript(name, as.Index)
		if !ok {
			return false
		}
		if p.opts.has(optXtrace) {
			op := "="
			if as.Append {
				op = "+="
			}
			p.xtraceLine(name + "[" + sub + "]" + op + xtraceQuote(val))
		}
		return p.setElem(name, sub, val, as.Append)
	}
	if p.opts.has(optXtrace) {
		op := "="
		if as.Append {
			op = "+="
		}
		p.xtraceLine(name + op + xtraceQuote(val))
	}
	if as.Append {
		return p.appendVar(name, val)
	}
	return p.setVar(name, val)
}

// appendVar does name+=val on a string or element 0 of an array.
func (p *proc) appendVar(name, val string) bool {
	v, rname, sub := p.varFor(name)
	if v == nil {
		return false
	}
	if sub != "" {
		return p.setElem(rname, p.subscriptValue(sub), val, true)
	}
	switch v.kind {
	case kIndexed:
		return p.setElem(rname, "0", val, true)
	case kAssoc:
		return p.setElem(rname, "0", val, true)
	}
	if v.attrs&aReadonly != 0 {
		p.errorf("%s: readonly variable", rname)
		return false
	}
	old := v.str
	if !v.isSet() {
		old = ""
	}
	nv, ok := p.transform(v, val, true, old)
	if !ok {
		return false
	}
	v.str = nv
	v.attrs |= aSet
	if v.attrs&aExport != 0 || p.opts.has(optAllexport) {
		v.attrs |= aExport
		p.envChanged()
	}
	return true
}

// subscript evaluates the subscript of name[...] for an assignment: the
// key of an associative array, or the index expression's text for an
// indexed one (setElem evaluates it).
func (p *proc) subscript(name string, index syntax.ArithmExpr) (string, bool) {
	if p.isAssoc(name) {
		return p.assocKey(index)
	}
	n, err := p.arith(index)
	if err != nil {
		p.arithError(err)
		return "", false
	}
	return itoa(n), true
}

// isAssoc reports whether name designates an associative array.
func (p *proc) isAssoc(name string) bool {
	_, _, v, _ := p.resolve(name)
	return v != nil && v.kind == kAssoc
}

// isArray reports whether name designates an indexed or associative
// array.
func (p *proc) isArray(name string) bool {
	_, _, v, _ := p.resolve(name)
	return v != nil && v.kind != kString
}

// arrayElems expands the elements of NAME=(...): values, and for [k]=v
// elements their keys (unexpanded for indexed arrays).
func (p *proc) arrayElems(ae *syntax.ArrayExpr) (vals []string, keys []*syntax.ArrayElem, ok bool) {
	// the elements together are bounded as one value, as the fields of
	// one word are
	var size int64
	for _, el := range ae.Elems {
		if el.Index != nil {
			val := ""
			if el.Value != nil {
				v, ok := p.assignValue(el.Value)
				if !ok {
					return nil, nil, false
				}
				val = v
			}
			vals = append(vals, val)
			keys = append(keys, el)
			if size += int64(len(val)) + fieldCost; !p.fits(size) {
				return nil, nil, false
			}
			continue
		}
		if el.Value == nil {
			continue
		}
		fs, ok := p.fields([]*syntax.Word{el.Value})
		if !ok {
			return nil, nil, false
		}
		for _, f := range fs {
			vals = append(vals, f)
			keys = append(keys, nil)
			size += int64(len(f)) + fieldCost
		}
		if !p.fits(size) {
			return nil, nil, false
		}
	}
	return vals, keys, true
}

// setArray assigns NAME=(...) (or appends with +=); kind forces the
// kind of a new variable (0: indexed unless it is already an assoc).
func (p *proc) setArray(name string, vals []string, keys []*syntax.ArrayElem, appending bool, kind varKind) bool {
	v, rname, sub := p.varFor(name)
	if v == nil {
		return false
	}
	if sub != "" {
		p.errorf("`%s[%s]': not a valid identifier", rname, sub)
		return false
	}
	if v.attrs&aReadonly != 0 {
		p.errorf("%s: readonly variable", rname)
		return false
	}
	if kind == kAssoc || v.kind == kAssoc {
		if v.kind != kAssoc || !appending || v.assoc == nil {
			old := newAssoc()
			if appending && v.kind == kString && v.isSet() {
				// a string appended to becomes element 0
				old.set("0", v.str)
			}
			v.kind, v.assoc, v.arr, v.str = kAssoc, old, nil, ""
		}
		pairs := true
		for _, k := range keys {
			if k != nil {
				pairs = false
			}
		}
		for i := 0; i < len(vals); i++ {
			if pairs {
				key, val := vals[i], ""
				if i+1 < len(vals) {
					val = vals[i+1]
				}
				i++
				old, _ := v.assoc.get(key)
				nv, ok := p.transform(v, val, false, old)
				if !ok {
					return false
				}
				v.assoc.set(key, nv)
				continue
			}
			if keys[i] == nil {
				p.errorf("%s: '%s': must use subscript when assigning associative array", rname, vals[i])
				continue
			}
			k, ok := p.assocKey(keys[i].Index)
			if !ok {
				return false
			}
			nv, ok := p.transform(v, vals[i], false, "")
			if !ok {
				return false
			}
			v.assoc.set(k, nv)
		}
		v.attrs |= aSet
		p.afterArraySet(v)
		return true
	}
	arr := v.arr
	if v.kind == kString {
		arr = &indexed{}
		if appending && v.isSet() {
			arr.set(0, v.str)
		}
	} else if !appending || arr == nil {
		arr = &indexed{}
	}
	// the elements are assigned in order: a subscript sees the ones
	// before it (a=([0]=1 [a[0]]=2))
	v.kind, v.arr, v.str, v.assoc = kIndexed, arr, "", nil
	v.attrs |= aSet
	next := arr.maxIndex() + 1
	for i, val := range vals {
		idx := next
		if keys[i] != nil {
			n, err := p.arith(keys[i].Index)
			if err != nil {
				p.arithError(err)
				return false
			}
			idx = n
			if idx < 0 {
				idx += arr.maxIndex() + 1
				if idx < 0 {
					p.errorf("%s: bad array subscript", rname)
					continue
				}
			}
		}
		old, _ := arr.get(idx)
		nv, ok := p.transform(v, val, false, old)
		if !ok {
			return false
		}
		arr.set(idx, nv)
		next = idx + 1
	}
	v.kind, v.arr, v.str, v.assoc = kIndexed, arr, "", nil
	v.attrs |= aSet
	p.afterArraySet(v)
	return true
}

func (p *proc) afterArraySet(v *variable) {
	if p.opts.has(optAllexport) {
		v.attrs |= aExport
	}
	if v.attrs&aExport != 0 {
		p.envChanged()
	}
}

// disabled reports whether a builtin was turned off with enable -n.
func (p *proc) disabled(name string) bool {
	return p.disabledSet != nil && p.disabledSet[name]
}

// IsSpecialBuiltin reports whether name is a POSIX special builtin.
func IsSpecialBuiltin(name string) bool {
	switch name {
	case "break", ":", ".", "continue", "eval", "exec", "exit", "export",
		"readonly", "return", "set", "shift", "times", "trap", "unset", "source":
		return true
	}
	return false
}

// itoa formats an int64.
func itoa(n int64) string {
	if n >= 0 && n < 10 {
		return digits[n : n+1]
	}
	return formatInt(n)
}

const digits = "0123456789"

// words joins a command for messages.
func words(args []string) string { return strings.Join(args, " ") }
