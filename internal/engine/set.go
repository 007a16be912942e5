package engine

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

func setBuiltin(p *proc, args []string) int {
	if len(args) == 1 {
		p.listVarsAndFuncs()
		return 0
	}
	status := p.setArgs(args[1:], true)
	return status
}

// setOptions applies options without touching the positional
// parameters (the shell's -e, -o pipefail... at startup).
func (p *proc) setOptions(args []string) int {
	return p.setArgs(args, false)
}

// setArgs parses set's arguments; withParams: the operands become the
// positional parameters.
func (p *proc) setArgs(args []string, withParams bool) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if withParams {
				p.setParams(slices.Clone(args[i+1:]))
			}
			return 0
		}
		if a == "-" {
			p.opts.set(optXtrace, false)
			p.opts.set(optVerbose, false)
			if withParams && i+1 < len(args) {
				p.setParams(slices.Clone(args[i+1:]))
			}
			return 0
		}
		if a == "+" {
			// a lone + is an ignored flag
			continue
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			if withParams {
				p.setParams(slices.Clone(args[i:]))
			}
			return 0
		}
		on := a[0] == '-'
		for _, c := range a[1:] {
			if c == 'o' {
				if i+1 >= len(args) {
					if on {
						p.listSetOpts()
					} else {
						p.listSetCommands()
					}
					continue
				}
				i++
				o, ok := setOptByName(args[i])
				if !ok {
					p.errorf("set: %s: invalid option name", args[i])
					return 2
				}
				p.setOpt(o, on)
				continue
			}
			o, ok := setOptLetters[byte(c)]
			if !ok || c > 127 {
				p.errorf("set: %c%c: invalid option", a[0], c)
				p.writeErr("set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n")
				return 2
			}
			p.setOpt(o, on)
		}
	}
	return 0
}

func (p *proc) listSetOpts() {
	var b strings.Builder
	for i, name := range setOptNames {
		b.WriteString(optLine(name, p.opts.has(opt(i))))
	}
	p.writeOut(b.String())
}

func (p *proc) listSetCommands() {
	var b strings.Builder
	for i, name := range setOptNames {
		flag := "+o"
		if p.opts.has(opt(i)) {
			flag = "-o"
		}
		b.WriteString("set " + flag + " " + name + "\n")
	}
	p.writeOut(b.String())
}

// listVarsAndFuncs is set without arguments: every variable, then the
// functions.
func (p *proc) listVarsAndFuncs() {
	names, list := p.visibleVars()
	var b strings.Builder
	for _, name := range list {
		b.WriteString(p.setLine(name, names[name]))
	}
	fnames := make([]string, 0, len(p.funcs.m))
	for name := range p.funcs.m {
		fnames = append(fnames, name)
	}
	slices.Sort(fnames)
	for _, name := range fnames {
		b.WriteString(p.funcText(p.funcs.m[name]) + "\n")
	}
	p.writeOut(b.String())
}

func unsetBuiltin(p *proc, args []string) int {
	seen, args, ok := p.flags(args, "fvn", "unset [-f] [-v] [-n] [name ...]")
	if !ok {
		return 2
	}
	mode := byte(0)
	if seen != "" {
		mode = seen[len(seen)-1]
	}
	status := 0
	for _, name := range args {
		if mode == 'f' {
			if _, ok := p.funcs.m[name]; ok {
				p.funcs = p.funcs.own()
				delete(p.funcs.m, name)
			}
			continue
		}
		base, sub, hasSub := splitSubscript(name)
		if !hasSub {
			base = name
		}
		if !syntax.ValidName(base) {
			if mode == 0 {
				// not a variable's name: a function's, if any (bash
				// says nothing either way)
				if _, ok := p.funcs.m[name]; ok {
					p.funcs = p.funcs.own()
					delete(p.funcs.m, name)
				}
				continue
			}
			p.errorf("unset: `%s': not a valid identifier", name)
			status = 1
			continue
		}
		if hasSub {
			rname, rsub, v, i := p.resolve(base)
			if rsub != "" || v == nil {
				continue
			}
			if v.attrs&aReadonly != 0 {
				p.errorf("unset: %s: cannot unset: readonly variable", rname)
				status = 1
				continue
			}
			s := p.writable(i)
			if sub == "@" || sub == "*" {
				p.unsetVar(base, false)
				continue
			}
			key := p.subscriptValue(sub)
			if !p.unsetElem(s.vars[rname], rname, key) {
				status = 1
			}
			continue
		}
		if mode == 0 {
			if v, _ := p.lookup(name); v == nil {
				if _, ok := p.funcs.m[name]; ok {
					p.funcs = p.funcs.own()
					delete(p.funcs.m, name)
					continue
				}
			}
		}
		if !p.unsetVar(name, mode == 'n') {
			status = 1
		}
	}
	return status
}

// visibleVars is every variable in sight (the innermost of each name)
// and their names sorted.
func (p *proc) visibleVars() (map[string]*variable, []string) {
	names := map[string]*variable{}
	for i := len(p.frames) - 1; i >= 0; i-- {
		if p.frames[i].locals == nil {
			continue
		}
		for name, v := range p.frames[i].locals.vars {
			if _, seen := names[name]; !seen {
				names[name] = p.live(name, v)
			}
		}
	}
	list := make([]string, 0, len(names))
	for name := range names {
		list = append(list, name)
	}
	slices.Sort(list)
	return names, list
}
