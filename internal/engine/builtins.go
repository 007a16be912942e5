package engine

import (
	"errors"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/vfs"
)

// builtinFunc runs a shell builtin and returns its status.
type builtinFunc func(p *proc, args []string) int

// builtins are the commands the shell runs itself. Filled by init: some
// of them run others through runArgs, which reads this table.
var builtins map[string]builtinFunc

func init() {
	builtins = map[string]builtinFunc{
		":": trueBuiltin, "true": trueBuiltin, "false": falseBuiltin,
		"echo": echoBuiltin, "printf": printfBuiltin,
		"cd": cdBuiltin, "pwd": pwdBuiltin, "pushd": pushdBuiltin, "popd": popdBuiltin, "dirs": dirsBuiltin,
		"exit": exitBuiltin, "return": returnBuiltin, "break": breakBuiltin, "continue": breakBuiltin,
		"shift": shiftBuiltin, "set": setBuiltin, "unset": unsetBuiltin,
		"export": declBuiltin, "readonly": declBuiltin, "declare": declBuiltin, "typeset": declBuiltin, "local": declBuiltin,
		"eval": evalBuiltin, "source": sourceBuiltin, ".": sourceBuiltin, "exec": execBuiltin,
		"command": commandBuiltin, "builtin": builtinBuiltin, "type": typeBuiltin, "hash": hashBuiltin,
		"test": testBuiltin, "[": testBuiltin,
		"read": readBuiltin, "mapfile": mapfileBuiltin, "readarray": mapfileBuiltin, "getopts": getoptsBuiltin,
		"trap": trapBuiltin, "wait": waitBuiltin, "jobs": jobsBuiltin, "kill": killBuiltin,
		"fg": noJobControl, "bg": noJobControl, "disown": disownBuiltin,
		"umask": umaskBuiltin, "alias": aliasBuiltin, "unalias": unaliasBuiltin, "let": letBuiltin,
		"shopt": shoptBuiltin, "times": timesBuiltin, "caller": callerBuiltin, "enable": enableBuiltin,
		"logout": logoutBuiltin,
	}
}

// flags reads the one-letter options of a builtin from the front of args
// (up to -- or the first operand): it returns the letters seen, in
// order, and the operands. A letter not in allowed is reported with the
// usage line, and ok is false.
func (p *proc) flags(args []string, allowed, usage string) (seen flagSet, rest []string, ok bool) {
	seen, _, rest, ok = p.options(args, allowed, usage)
	return seen, rest, ok
}

// options is flags for builtins whose options may take a value: a
// letter followed by ':' in allowed takes the rest of its word or the
// next word, found in vals.
func (p *proc) options(args []string, allowed, usage string) (seen flagSet, vals map[byte]string, rest []string, ok bool) {
	cmd := args[0]
	rest = args[1:]
	fail := func() (flagSet, map[byte]string, []string, bool) {
		p.writeErr(cmd + ": usage: " + usage + "\n")
		return "", nil, nil, false
	}
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for i := 1; i < len(a); i++ {
			j := strings.IndexByte(allowed, a[i])
			if j < 0 || a[i] == ':' {
				p.errorf("%s: -%c: invalid option", cmd, a[i])
				return fail()
			}
			seen += flagSet(a[i : i+1])
			if j+1 < len(allowed) && allowed[j+1] == ':' {
				val := a[i+1:]
				if val == "" {
					if len(rest) == 0 {
						p.errorf("%s: -%c: option requires an argument", cmd, a[i])
						return fail()
					}
					val, rest = rest[0], rest[1:]
				}
				if vals == nil {
					vals = map[byte]string{}
				}
				vals[a[i]] = val
				break
			}
		}
	}
	return seen, vals, rest, true
}

// flagSet is the option letters a builtin was given, in order.
type flagSet string

func (f flagSet) has(c string) bool { return strings.Contains(string(f), c) }

// lastFlag is the last of the letters in set among the flags seen, as
// "-X"; "" for none.
func lastFlag(seen flagSet, set string) string {
	if i := strings.LastIndexAny(string(seen), set); i >= 0 {
		return "-" + string(seen[i:i+1])
	}
	return ""
}

func trueBuiltin(*proc, []string) int  { return 0 }
func falseBuiltin(*proc, []string) int { return 1 }

// writeOut writes to descriptor 1; a failure is reported as bash does
// and gives false.
func (p *proc) writeOut(s string) bool {
	return p.writeTo(1, s, "")
}

// writeTo writes s to descriptor fd for the builtin cmd.
func (p *proc) writeTo(fd int, s, cmd string) bool {
	if s == "" {
		return true
	}
	f := p.fds.get(fd)
	var err error
	if f == nil || f.w == nil {
		err = errBadFd
	} else {
		_, err = io.WriteString(f.w, s)
	}
	if err == nil {
		return true
	}
	if err == errBrokenPipe {
		// the reader is gone: a subshell dies quietly of SIGPIPE
		if p != p.sh.main {
			p.flow, p.exitCode, p.status = flowExit, 141, 141
		}
		return false
	}
	if err == errNoSpace {
		// a value past its limit: the statement stops, and says why
		p.status = 1
		return false
	}
	if cmd == "" {
		cmd = "write"
	}
	p.errorf("%s: write error: %s", cmd, p.fsError(errnoOf(err)))
	return false
}

func echoBuiltin(p *proc, args []string) int {
	args = args[1:]
	newline, escapes := true, p.opts.has(optXpgEcho)
	for len(args) > 0 {
		a := args[0]
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], "neE") != "" {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if escapes {
			s, stop := cEscapes(a, true)
			b.WriteString(s)
			if stop {
				newline = false
				break
			}
			continue
		}
		b.WriteString(a)
	}
	if newline {
		b.WriteByte('\n')
	}
	if !p.writeTo(1, b.String(), "echo") {
		return 1
	}
	return 0
}

// printfBuiltin runs the host's printf (Config.Exec); with -v VAR it
// captures the output into VAR.
func printfBuiltin(p *proc, args []string) int {
	if len(args) < 2 || args[1] != "-v" {
		return p.external(args)
	}
	if len(args) < 3 {
		p.errorf("printf: -v: option requires an argument")
		p.writeErr("printf: usage: printf [-v var] format [arguments]\n")
		return 2
	}
	name := args[2]
	if !validRefName(name) {
		p.errorf("printf: `%s': not a valid identifier", name)
		return 2
	}
	if len(args) < 4 {
		p.writeErr("printf: usage: printf [-v var] format [arguments]\n")
		return 2
	}
	buf := &capture{}
	mark := len(p.saved)
	p.replaceFd(1, newFile("printf -v", nil, buf, nil))
	status := p.external(append([]string{"printf"}, args[3:]...))
	p.restoreFds(mark)
	val := string(buf.bytes())
	if i := strings.IndexByte(val, 0); i >= 0 {
		// a shell string ends at a NUL, as bash's does
		val = val[:i]
	}
	if n, sub, ok := splitSubscript(name); ok {
		if !p.setElemText(n, sub, val) {
			return 1
		}
	} else if !p.setVar(name, val) {
		return 1
	}
	return status
}

// setElemText assigns name[sub] where sub is subscript text.
func (p *proc) setElemText(name, sub, val string) bool {
	sub = p.subscriptValue(sub)
	if !p.isAssoc(name) {
		n, err := p.arithString(sub)
		if err != nil {
			p.arithError(err)
			return false
		}
		sub = formatInt(n)
	}
	return p.setElem(name, sub, val, false)
}

// statusArg reads the status operand of exit and return ($? without
// one); more than one operand is an error that exits, as in bash.
func (p *proc) statusArg(args []string) (int, bool) {
	if len(args) > 2 {
		p.errorf("%s: too many arguments", args[0])
		p.flow, p.exitCode = flowExit, 1
		return 1, false
	}
	if len(args) < 2 {
		return p.status, true
	}
	n, err := strconv.ParseInt(strings.TrimSpace(args[1]), 10, 64)
	if err != nil {
		p.errorf("%s: %s: numeric argument required", args[0], args[1])
		return 2, true
	}
	return int(n & 255), true
}

func exitBuiltin(p *proc, args []string) int {
	status, ok := p.statusArg(args)
	if !ok {
		return status
	}
	p.flow, p.exitCode = flowExit, status
	return status
}

func returnBuiltin(p *proc, args []string) int {
	if p.funcDepth == 0 && p.srcDepth == 0 {
		if p.inTrap != "" && p.inTrap != "EXIT" {
			p.flow = flowReturn
			return p.status
		}
		p.errorf("return: can only `return' from a function or sourced script")
		return 2
	}
	status, ok := p.statusArg(args)
	if !ok {
		return status
	}
	p.flow = flowReturn
	return status
}

func breakBuiltin(p *proc, args []string) int {
	name := args[0]
	n := 1
	if len(args) > 2 && p.loops > 0 {
		// bash leaves the line (a -c program altogether)
		p.errorf("%s: too many arguments", name)
		if p.sh.cfg.DashC {
			p.fatal(1)
		} else {
			p.abandon(1)
		}
		return 1
	}
	if len(args) > 1 {
		v, err := strconv.Atoi(strings.TrimSpace(args[1]))
		if err != nil {
			p.errorf("%s: %s: numeric argument required", name, args[1])
			p.flow, p.exitCode = flowExit, 128
			return 128
		}
		if v < 1 {
			p.errorf("%s: %s: loop count out of range", name, args[1])
			return 1
		}
		n = v
	}
	if p.loops == 0 {
		p.errorf("%s: only meaningful in a `for', `while', or `until' loop", name)
		return 0
	}
	if n > p.loops {
		n = p.loops
	}
	if name == "break" {
		p.flow = flowBreak
	} else {
		p.flow = flowContinue
	}
	p.flowN = n
	return 0
}

func shiftBuiltin(p *proc, args []string) int {
	n := 1
	if len(args) > 2 {
		p.errorf("shift: too many arguments")
		return 1
	}
	if len(args) > 1 {
		v, err := strconv.Atoi(strings.TrimSpace(args[1]))
		if err != nil {
			p.errorf("shift: %s: numeric argument required", args[1])
			return 1
		}
		if v < 0 {
			p.errorf("shift: %s: shift count out of range", args[1])
			return 1
		}
		n = v
	}
	params := p.params()
	if n > len(params) {
		if p.opts.has(optShiftVerbose) {
			p.errorf("shift: %d: shift count out of range", n)
		}
		return 1
	}
	p.setParams(params[n:])
	return 0
}

func evalBuiltin(p *proc, args []string) int {
	_, rest, ok := p.flags(args, "", "eval [arg ...]")
	if !ok {
		return 2
	}
	src := strings.Join(rest, " ")
	if strings.TrimSpace(src) == "" {
		return 0
	}
	file, err := p.sh.parseCached(src)
	if err != nil {
		p.syntaxError("eval", err)
		return 2
	}
	if !p.enter("eval", "eval") {
		return p.status
	}
	p.evalDepth++
	defer func() { p.evalDepth-- }()
	p.status = 0
	savedSeq := p.parseSeq
	p.parseSeq = p.sh.nextSeq()
	p.lineBase = append(p.lineBase, p.line-1)
	p.stmts(file.Stmts)
	p.lineBase = p.lineBase[:len(p.lineBase)-1]
	p.parseSeq = savedSeq
	if p.flow == flowAbandon && p.ctx.Err() == nil {
		// an expansion error leaves the eval'd text only
		p.flow = flowNone
	}
	return p.status
}

// syntaxError reports a parse error of eval or source.
func (p *proc) syntaxError(cmd string, err error) {
	msg := err.Error()
	if pe, ok := err.(syntax.ParseError); ok {
		msg = "line " + strconv.Itoa(int(pe.Pos.Line())) + ": " + pe.Text
	}
	p.writeErr(p.sh.cfg.Prefix + ": " + cmd + ": " + msg + "\n")
}

func sourceBuiltin(p *proc, args []string) int {
	name := args[0]
	if len(args) > 1 && args[1] == "--" {
		args = append([]string{name}, args[2:]...)
	}
	if len(args) < 2 {
		p.errorf("%s: filename argument required", name)
		p.writeErr(name + ": usage: " + name + " filename [arguments]\n")
		return 2
	}
	file := args[1]
	path := p.findSource(file)
	if info, err := p.sh.cfg.FS.Stat(path); err == nil && info.IsDir() {
		p.errorf("%s: %s: is a directory", args[0], file)
		return 1
	}
	data, err := vfs.ReadFile(p.sh.cfg.FS, path)
	if err != nil {
		if p.denied != nil && errors.Is(err, fs.ErrNotExist) {
			err = p.denied
		}
		p.denied = nil
		p.errorLine(p.fsErrorMsg(file, err))
		return 1
	}
	f, text, err := Parse(string(data), file)
	if err != nil {
		p.writeErr(p.sh.cfg.Prefix + ": " + err.Error() + "\n")
		return 2
	}
	if !p.enter(name, "source") {
		return p.status
	}
	prepare(f, text)
	fr := frame{source: file, hasParams: len(args) > 2, params: args[2:]}
	p.frames = append(p.frames, fr)
	p.srcDepth++
	savedSrc := p.sourceName
	p.sourceName = file
	p.status = 0
	savedLine, savedSeq := p.line, p.parseSeq
	p.parseSeq = p.sh.nextSeq()
	p.lineBase = append(p.lineBase, 0)
	p.lines(f.Stmts)
	p.lineBase = p.lineBase[:len(p.lineBase)-1]
	p.line, p.parseSeq = savedLine, savedSeq
	if p.flow == flowReturn {
		p.flow = flowNone
	}
	p.sourceName = savedSrc
	p.srcDepth--
	top := p.frames[len(p.frames)-1]
	if top.locals != nil {
		// variables set in a sourced file's frame are the caller's
		for name, v := range top.locals.vars {
			s := p.writable(len(p.frames) - 2)
			s.vars[name] = v
		}
		top.locals.refs.Add(-1)
	}
	p.frames = p.frames[:len(p.frames)-1]
	return p.status
}

// findSource finds the file of source: a name without a slash is looked
// for along PATH first (sourcepath), then in the working directory.
func (p *proc) findSource(file string) string {
	fsys := p.sh.cfg.FS
	p.denied = nil
	if !strings.Contains(file, "/") && p.opts.has(optSourcepath) {
		path, _ := p.getStr("PATH")
		for _, dir := range strings.Split(path, ":") {
			if dir == "" {
				continue
			}
			cand := vfs.Clean(p.dir, dir+"/"+file)
			info, err := fsys.Stat(cand)
			if err == nil && info.Mode().IsRegular() {
				return cand
			}
			if p.denied == nil && errors.Is(err, fs.ErrPermission) {
				// reported if nothing else is found
				p.denied = err
			}
		}
	}
	// the file itself is checked by reading it
	return vfs.Clean(p.dir, file)
}

func execBuiltin(p *proc, args []string) int {
	_, vals, args, ok := p.options(args, "cla:", "exec [-cl] [-a name] [command [argument ...]] [redirection ...]")
	if !ok {
		return 2
	}
	argv0 := vals['a']
	if len(args) == 0 {
		return 0
	}
	if argv0 != "" {
		args = append([]string{argv0}, args[1:]...)
	}
	status := p.external(args)
	if status == 127 && !p.opts.has(optExecfail) {
		p.flow, p.exitCode = flowExit, status
		return status
	}
	if status == 126 || status == 127 {
		if p.opts.has(optExecfail) {
			return status
		}
	}
	p.flow, p.exitCode = flowExit, status
	return status
}

func commandBuiltin(p *proc, args []string) int {
	seen, args, ok := p.flags(args, "pvV", "command [-pVv] command [arg ...]")
	if !ok {
		return 2
	}
	mode := lastFlag(seen, "vV")
	if len(args) == 0 {
		return 0
	}
	if mode != "" {
		status := 0
		for _, name := range args {
			if !p.describe(name, mode, false) {
				status = 1
				if mode == "-V" {
					p.errorf("command: %s: not found", name)
				}
			}
		}
		return status
	}
	if seen.has("p") {
		// the default PATH, that finds the standard commands
		p.frames = append(p.frames, frame{locals: newScope(1), temp: true})
		p.frames[len(p.frames)-1].locals.vars["PATH"] = &variable{str: "/usr/bin:/bin", attrs: aSet | aExport}
		p.envChanged()
		defer p.popTemp()
	}
	p.runArgs(args, true)
	return p.status
}

func builtinBuiltin(p *proc, args []string) int {
	if len(args) > 1 && args[1] == "--" {
		args = append([]string{args[0]}, args[2:]...)
	}
	if len(args) < 2 {
		return 0
	}
	name := args[1]
	b, ok := builtins[name]
	if !ok || p.disabled(name) {
		p.errorf("builtin: %s: not a shell builtin", name)
		return 1
	}
	return b(p, args[1:])
}

func typeBuiltin(p *proc, args []string) int {
	seen, args, ok := p.flags(args, "afptP", "type [-afptP] name [name ...]")
	if !ok {
		return 2
	}
	mode := lastFlag(seen, "tpP")
	all, noFunc := seen.has("a"), seen.has("f")
	status := 0
	for _, name := range args {
		found := p.describeType(name, mode, all, noFunc)
		if !found {
			status = 1
			if mode == "" {
				p.errorf("type: %s: not found", name)
			}
		}
	}
	return status
}

// describe answers command -v and -V for one name.
func (p *proc) describe(name, mode string, noFunc bool) bool {
	short := mode == "-v"
	switch {
	case syntax.IsKeyword(name):
		if short {
			p.writeOut(name + "\n")
		} else {
			p.writeOut(name + " is a shell keyword\n")
		}
		return true
	}
	if a, ok := p.aliases.m[name]; ok {
		if short {
			p.writeOut("alias " + name + "=" + quoteValue(a.value) + "\n")
		} else {
			p.writeOut(name + " is aliased to `" + a.value + "'\n")
		}
		return true
	}
	if fn, ok := p.funcs.m[name]; ok && !noFunc {
		if short {
			p.writeOut(name + "\n")
		} else {
			p.writeOut(name + " is a function\n" + p.funcText(fn) + "\n")
		}
		return true
	}
	if _, ok := builtins[name]; ok && !p.disabled(name) {
		if short {
			p.writeOut(name + "\n")
		} else {
			p.writeOut(name + " is a shell builtin\n")
		}
		return true
	}
	if e := p.hashed(name); e != nil {
		if short {
			p.writeOut(e.path + "\n")
		} else {
			p.writeOut(name + " is hashed (" + e.path + ")\n")
		}
		return true
	}
	kind, path := p.lookupCommand(name)
	switch kind {
	case KindBuiltin:
		if short {
			p.writeOut(name + "\n")
		} else {
			p.writeOut(name + " is a shell builtin\n")
		}
		return true
	case KindFile:
		if short {
			p.writeOut(path + "\n")
		} else {
			p.writeOut(name + " is " + path + "\n")
		}
		return true
	}
	return false
}

// describeType answers type for one name.
func (p *proc) describeType(name, mode string, all, noFunc bool) bool {
	found := false
	say := func(kind, sentence, short string) {
		found = true
		switch mode {
		case "-t":
			p.writeOut(kind + "\n")
		case "-p", "-P":
			if short != "" {
				p.writeOut(short + "\n")
			}
		default:
			p.writeOut(sentence + "\n")
		}
	}
	pathOnly := mode == "-P"
	if !pathOnly {
		if a, ok := p.aliases.m[name]; ok {
			say("alias", name+" is aliased to `"+a.value+"'", "")
			if !all {
				return true
			}
		}
		if syntax.IsKeyword(name) {
			say("keyword", name+" is a shell keyword", "")
			if !all {
				return true
			}
		}
		if fn, ok := p.funcs.m[name]; ok && !noFunc {
			say("function", name+" is a function\n"+p.funcText(fn), "")
			if !all {
				return true
			}
		}
	}
	shellBuiltin := false
	if _, ok := builtins[name]; ok && !p.disabled(name) {
		shellBuiltin = true
		if !pathOnly {
			say("builtin", name+" is a shell builtin", "")
			if !all {
				return true
			}
		}
	}
	if e := p.hashed(name); e != nil && !all && !shellBuiltin {
		say("file", name+" is hashed ("+e.path+")", e.path)
		return true
	}
	kind, path := p.lookupCommand(name)
	switch kind {
	case KindBuiltin:
		if !pathOnly && !shellBuiltin {
			say("builtin", name+" is a shell builtin", "")
		}
	case KindFile:
		if all && p.sh.cfg.LookupAll != nil {
			for _, f := range p.sh.cfg.LookupAll(p.newCommand([]string{name}), name) {
				say("file", name+" is "+f, f)
			}
			break
		}
		say("file", name+" is "+path, path)
	}
	if mode == "-p" && found && kind != KindFile {
		return true
	}
	return found
}

// lookupCommand asks the host what name runs as.
func (p *proc) lookupCommand(name string) (Kind, string) {
	if p.sh.cfg.Lookup == nil {
		return KindNone, ""
	}
	return p.sh.cfg.Lookup(p.newCommand([]string{name}), name)
}

func letBuiltin(p *proc, args []string) int {
	if len(args) < 2 {
		p.errorf("let: expression expected")
		return 1
	}
	var n int64
	for _, a := range args[1:] {
		var err error
		n, err = p.arithString(a)
		if err != nil {
			p.arithError(err)
			return 1
		}
	}
	return boolStatus(n != 0)
}

func umaskBuiltin(p *proc, args []string) int {
	seen, args, ok := p.flags(args, "pS", "umask [-p] [-S] [mode]")
	if !ok {
		return 2
	}
	symbolic, reuse := seen.has("S"), seen.has("p")
	if len(args) == 0 {
		m := p.umask
		var s string
		if symbolic {
			perm := ^m & 0o777
			s = "u=" + rwx(perm>>6) + ",g=" + rwx(perm>>3) + ",o=" + rwx(perm)
		} else {
			s = "0" + pad3(strconv.FormatUint(uint64(m), 8))
		}
		if reuse {
			if symbolic {
				s = "umask -S " + s
			} else {
				s = "umask " + s
			}
		}
		p.writeOut(s + "\n")
		return 0
	}
	spec := args[0]
	if spec == "" {
		p.errorf("umask: `\x00': invalid symbolic mode operator")
		return 1
	}
	if spec[0] >= '0' && spec[0] <= '9' {
		n, err := strconv.ParseUint(spec, 8, 32)
		if err != nil || n > 0o777 {
			p.errorf("umask: %s: octal number out of range", spec)
			return 1
		}
		p.umask = fs.FileMode(n)
		return 0
	}
	m, ok := symbolicUmask(spec, p.umask)
	if !ok {
		p.errorf("umask: `%c': invalid symbolic mode operator", badModeChar(spec))
		return 1
	}
	p.umask = m
	return 0
}

func pad3(s string) string {
	for len(s) < 3 {
		s = "0" + s
	}
	return s
}

func rwx(m fs.FileMode) string {
	var b strings.Builder
	for i, ch := range "rwx" {
		if m&(4>>i) != 0 {
			b.WriteRune(ch)
		}
	}
	return b.String()
}

// symbolicUmask applies a symbolic mode (u=rwx,g-w...) to the
// permissions the mask allows and returns the new mask.
func symbolicUmask(spec string, mask fs.FileMode) (fs.FileMode, bool) {
	perm := ^mask & 0o777
	for _, clause := range strings.Split(spec, ",") {
		i := 0
		var who fs.FileMode
		for i < len(clause) && umaskWho[clause[i]] != 0 {
			who |= umaskWho[clause[i]]
			i++
		}
		if who == 0 {
			who = 0o777
		}
		if i == len(clause) || strings.IndexByte("+-=", clause[i]) < 0 {
			return 0, false
		}
		for i < len(clause) && strings.IndexByte("+-=", clause[i]) >= 0 {
			op := clause[i]
			i++
			var bits fs.FileMode
			for i < len(clause) && umaskPerm[clause[i]] != 0 {
				bits |= umaskPerm[clause[i]]
				i++
			}
			bits &= who
			switch op {
			case '+':
				perm |= bits
			case '-':
				perm &^= bits
			case '=':
				perm = perm&^who | bits
			}
		}
		if i != len(clause) {
			return 0, false
		}
	}
	return ^perm & 0o777, true
}

var (
	umaskWho  = map[byte]fs.FileMode{'u': 0o700, 'g': 0o070, 'o': 0o007, 'a': 0o777}
	umaskPerm = map[byte]fs.FileMode{'r': 0o444, 'w': 0o222, 'x': 0o111}
)

func badModeChar(spec string) byte {
	for i := 0; i < len(spec); i++ {
		if strings.IndexByte("ugoa+-=rwx,", spec[i]) < 0 {
			return spec[i]
		}
	}
	return spec[len(spec)-1]
}

func aliasBuiltin(p *proc, args []string) int {
	args = args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) > 0 && args[0] == "-p" {
		args = args[1:]
		if len(args) == 0 {
			p.listAliases()
			return 0
		}
	}
	if len(args) == 0 {
		p.listAliases()
		return 0
	}
	status := 0
	for _, a := range args {
		name, val, ok := strings.Cut(a, "=")
		if !ok {
			v, found := p.aliases.m[name]
			if !found {
				p.errorf("alias: %s: not found", name)
				status = 1
				continue
			}
			p.writeOut("alias " + name + "=" + quoteValue(v.value) + "\n")
			continue
		}
		if name == "" || strings.ContainsAny(name, "/$`=\\\"' \t\n;&|<>()") {
			p.errorf("alias: `%s': invalid alias name", name)
			status = 1
			continue
		}
		p.aliases = p.aliases.own()
		p.aliases.m[name] = aliasDef{value: val, seq: p.parseSeq, line: p.line}
	}
	return status
}

func (p *proc) listAliases() {
	names := make([]string, 0, len(p.aliases.m))
	for name := range p.aliases.m {
		names = append(names, name)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, name := range names {
		b.WriteString("alias " + name + "=" + quoteValue(p.aliases.m[name].value) + "\n")
	}
	p.writeOut(b.String())
}

func unaliasBuiltin(p *proc, args []string) int {
	args = args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		p.writeErr("unalias: usage: unalias [-a] name [name ...]\n")
		return 2
	}
	if args[0] == "-a" {
		p.aliases = p.aliases.own()
		clear(p.aliases.m)
		return 0
	}
	status := 0
	for _, name := range args {
		if _, ok := p.aliases.m[name]; !ok {
			p.errorf("unalias: %s: not found", name)
			status = 1
			continue
		}
		p.aliases = p.aliases.own()
		delete(p.aliases.m, name)
	}
	return status
}

func shoptBuiltin(p *proc, args []string) int {
	seen, args, ok := p.flags(args, "pqsuo", "shopt [-pqsu] [-o] [optname ...]")
	if !ok {
		return 2
	}
	set, unset, quiet, print, setO := seen.has("s"), seen.has("u"), seen.has("q"), seen.has("p"), seen.has("o")
	if set && unset {
		p.errorf("shopt: cannot set and unset shell options simultaneously")
		return 1
	}
	lookup := func(name string) (opt, bool) {
		if setO {
			return setOptByName(name)
		}
		return shoptByName(name)
	}
	names := func() []string {
		if setO {
			return setOptNames[:]
		}
		return shoptNames
	}
	line := func(name string, on bool) string {
		if print || setO && (set || unset) {
			flag := "-u"
			if on {
				flag = "-s"
			}
			if setO {
				flag = "+o"
				if on {
					flag = "-o"
				}
				return "set " + flag + " " + name + "\n"
			}
			return "shopt " + flag + " " + name + "\n"
		}
		return optLine(name, on)
	}
	if len(args) == 0 {
		if quiet {
			return 0
		}
		var b strings.Builder
		for _, name := range names() {
			o, _ := lookup(name)
			on := p.opts.has(o)
			if (set && !on) || (unset && on) {
				continue
			}
			b.WriteString(line(name, on))
		}
		p.writeOut(b.String())
		return 0
	}
	status := 0
	var b strings.Builder
	for _, name := range args {
		o, ok := lookup(name)
		if !ok {
			if setO {
				p.errorf("shopt: %s: invalid option name", name)
			} else {
				p.errorf("shopt: %s: invalid shell option name", name)
			}
			status = 1
			continue
		}
		switch {
		case set || unset:
			p.setOpt(o, set)
		default:
			on := p.opts.has(o)
			if !on {
				status = 1
			}
			if !quiet {
				b.WriteString(line(name, on))
			}
		}
	}
	p.writeOut(b.String())
	return status
}

// setOpt changes an option, with the side effects some have.
func (p *proc) setOpt(o opt, on bool) {
	p.opts.set(o, on)
	if o == optPosix && on {
		p.opts.set(optInheritErrexit, false)
	}
}

func timesBuiltin(p *proc, args []string) int {
	p.writeOut("0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n")
	return 0
}

func callerBuiltin(p *proc, args []string) int {
	n := 0
	if len(args) > 1 {
		v, err := strconv.Atoi(args[1])
		if err != nil || v < 0 {
			p.errorf("caller: %s: invalid number", args[1])
			return 2
		}
		n = v
	}
	var fns []frame
	for i := len(p.frames) - 1; i > 0; i-- {
		if p.frames[i].isFunc {
			fns = append(fns, p.frames[i])
		}
	}
	if n >= len(fns) {
		return 1
	}
	f := fns[n]
	caller := "main"
	if n+1 < len(fns) {
		caller = fns[n+1].fn
	}
	src := p.topSource()
	if n+1 < len(fns) {
		src = fns[n+1].source
	}
	if len(args) == 1 {
		p.writeOut(strconv.Itoa(f.line) + " " + src + "\n")
		return 0
	}
	p.writeOut(strconv.Itoa(f.line) + " " + caller + " " + src + "\n")
	return 0
}

func enableBuiltin(p *proc, args []string) int {
	args = args[1:]
	disable := false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if strings.Contains(args[0], "n") {
			disable = true
		}
		args = args[1:]
	}
	if len(args) == 0 {
		names := make([]string, 0, len(builtins))
		for name := range builtins {
			if p.disabled(name) == disable {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		var b strings.Builder
		for _, name := range names {
			if disable {
				b.WriteString("enable -n " + name + "\n")
			} else {
				b.WriteString("enable " + name + "\n")
			}
		}
		p.writeOut(b.String())
		return 0
	}
	status := 0
	for _, name := range args {
		if _, ok := builtins[name]; !ok {
			p.errorf("enable: %s: not a shell builtin", name)
			status = 1
			continue
		}
		p.disableBuiltin(name, disable)
	}
	return status
}

func noJobControl(p *proc, args []string) int {
	p.errorf("%s: no job control", args[0])
	return 1
}

func disownBuiltin(p *proc, args []string) int {
	if len(args) == 1 {
		if j := p.jobs.current(0); j != nil {
			p.jobs.remove(j)
		}
		return 0
	}
	status := 0
	for _, a := range args[1:] {
		if a == "-a" || a == "-r" {
			for _, j := range p.jobs.visible() {
				p.jobs.remove(j)
			}
			continue
		}
		if a == "-h" {
			continue
		}
		j := p.jobArg(a)
		if j == nil {
			p.errorf("disown: %s: no such job", a)
			status = 1
			continue
		}
		p.jobs.remove(j)
	}
	return status
}

func logoutBuiltin(p *proc, args []string) int {
	p.errorf("logout: not login shell: use `exit'")
	return 1
}

// disableBuiltin turns a builtin off (enable -n) or on again.
func (p *proc) disableBuiltin(name string, off bool) {
	m := map[string]bool{}
	for k, v := range p.disabledSet {
		m[k] = v
	}
	if off {
		m[name] = true
	} else {
		delete(m, name)
	}
	p.disabledSet = m
}
