package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// funcDef is a function: its body and where it was defined.
type funcDef struct {
	name   string
	body   *syntax.Stmt
	source string
	line   int
	// trace: declare -ft, the function inherits DEBUG and RETURN traps.
	trace bool
	// text is the function's source as declare -f prints it.
	decl *syntax.FuncDecl
	// seq is the parse the function came from (aliases defined after it
	// do not apply in it); lineBase counts its lines (in eval'd text).
	seq      uint64
	lineBase int
}

// lineOf is the line of a position in the code running: lines of eval'd
// text count from the eval's line.
func (p *proc) lineOf(pos syntax.Pos) int { return p.curBase() + int(pos.Line()) }

func (p *proc) curBase() int {
	if n := len(p.lineBase); n > 0 {
		return p.lineBase[n-1]
	}
	return 0
}

func (p *proc) stmts(list []*syntax.Stmt) {
	for _, st := range list {
		p.stmt(st)
		if p.flow != flowNone {
			return
		}
	}
}

// arithLoopText is what $BASH_COMMAND shows for the steps of for (( )).
func arithLoopText() string { return "(())" }

// lines runs the commands of a file as bash reads them a line at a time:
// an expansion error abandons the rest of its line only.
func (p *proc) lines(list []*syntax.Stmt) {
	skip := uint(0)
	for _, st := range list {
		if st.Pos().Line() == skip {
			continue
		}
		p.stmt(st)
		if p.flow == flowAbandon && p.ctx.Err() == nil {
			p.flow = flowNone
			skip = st.End().Line()
			continue
		}
		if p.flow != flowNone {
			return
		}
	}
}

// stopped reports whether the proc's context was canceled, and then
// unwinds it with status 130.
func (p *proc) stopped() bool {
	if p.ctx.Err() == nil {
		return false
	}
	if p.flow == flowNone {
		p.status, p.exitCode = 130, 130
		if p == p.sh.main {
			p.flow = flowAbandon
		} else {
			p.flow = flowExit
		}
	}
	return true
}

func (p *proc) stmt(st *syntax.Stmt) {
	if p.stopped() {
		return
	}
	if p.opts.has(optNoexec) && !p.sh.cfg.Interactive {
		// set -n: read, do not run
		return
	}
	if st.Background || st.Coprocess {
		p.background(st)
		return
	}
	p.runStmt(st)
}

// runStmt runs st in the foreground.
func (p *proc) runStmt(st *syntax.Stmt) {
	if st.Cmd == nil {
		// redirections alone: done in a subshell, as bash does
		p.line = p.lineOf(st.Pos())
		p.redirOnly(st.Redirs)
		return
	}
	if st.Negated {
		p.noErrexit++
	}
	redirFailed := false
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		p.call(c, st.Redirs)
	case *syntax.DeclClause:
		p.line = p.lineOf(c.Pos())
		if !p.debugTrap(c) {
			p.status = p.declClause(c, st.Redirs)
		}
	default:
		if len(st.Redirs) > 0 {
			mark := len(p.saved)
			pmark := len(p.procFds)
			if p.redirect(st.Redirs) {
				p.command(st.Cmd)
			} else {
				p.status = 1
				redirFailed = true
			}
			p.restoreFds(mark)
			p.closeProcFds(pmark)
		} else {
			p.command(st.Cmd)
		}
	}
	if st.Negated {
		p.noErrexit--
		if p.status == 0 {
			p.status = 1
		} else {
			p.status = 0
		}
	} else if p.status != 0 && p.flow == flowNone {
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
				p.failed()
			}
		case *syntax.Block, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause:
			if redirFailed {
				p.failed()
			}
		default:
			p.failed()
		}
	}
	// (pending is written by the sender's goroutine: its flag is what
	// may be read here)
	if p.hasPending.Load() {
		p.handleSignals()
	}
}

// failed runs after a command failed where errexit applies: the ERR trap,
// then the exit of errexit.
func (p *proc) failed() {
	if p.noErrexit > 0 {
		return
	}
	status := p.status
	if action, ok := p.trapFor("ERR"); ok && action != "" && p.running&runningErr == 0 {
		p.runTrap("ERR", action)
		p.status = status
	}
	if p.opts.has(optErrexit) && p.flow == flowNone {
		p.flow, p.exitCode = flowExit, status
	}
}

func (p *proc) command(cmd syntax.Command) {
	switch c := cmd.(type) {
	case *syntax.Block:
		p.stmts(c.Stmts)
	case *syntax.Subshell:
		p.line = p.lineOf(c.Pos())
		p.status = p.subshell(func(c2 *proc) { c2.stmts(c.Stmts) })
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.AndStmt, syntax.OrStmt:
			p.noErrexit++
			p.stmt(c.X)
			p.noErrexit--
			if p.flow != flowNone {
				return
			}
			if (c.Op == syntax.AndStmt) == (p.status == 0) {
				p.stmt(c.Y)
			}
		default:
			p.pipeline(c)
		}
	case *syntax.IfClause:
		p.ifClause(c)
	case *syntax.WhileClause:
		p.whileClause(c)
	case *syntax.ForClause:
		p.forClause(c)
	case *syntax.CaseClause:
		p.caseClause(c)
	case *syntax.FuncDecl:
		p.funcDecl(c)
	case *syntax.ArithmCmd:
		p.line = p.lineOf(c.Pos())
		if p.debugTrap(c) {
			return
		}
		p.xtraceArith(c.X)
		n, err := p.arithLoop(c.X)
		if err != nil {
			p.arithErrorIn("((", err)
			if p.flow == flowNone {
				p.status = 1
			}
			return
		}
		p.status = boolStatus(n != 0)
	case *syntax.TestClause:
		p.line = p.lineOf(c.Pos())
		if p.debugTrap(c) {
			return
		}
		p.xtraceTest(c)
		ok, err := p.test(c.X)
		if err != nil {
			if err != errSilent {
				p.errorf("%s", err)
			}
			p.status = 2
			return
		}
		p.status = boolStatus(ok)
	case *syntax.DeclClause:
		p.line = p.lineOf(c.Pos())
		if p.debugTrap(c) {
			return
		}
		p.status = p.declClause(c, nil)
	case *syntax.LetClause:
		p.line = p.lineOf(c.Pos())
		if p.debugTrap(c) {
			return
		}
		p.status = p.letClause(c)
	case *syntax.TimeClause:
		p.timeClause(c)
	case *syntax.CoprocClause:
		p.errorf("coproc: not supported")
		p.status = 2
	case *syntax.TestDecl:
		p.status = 0
	default:
		p.status = 2
	}
}

func boolStatus(ok bool) int {
	if ok {
		return 0
	}
	return 1
}

// pipeline runs the commands of a | b | c, each in a subshell on its own
// goroutine, joined by pipes; the last runs in the current shell under
// lastpipe.
func (p *proc) pipeline(bc *syntax.BinaryCmd) {
	var parts []*syntax.Stmt
	var all []bool // |& after the part: stderr goes down the pipe too
	var collect func(st *syntax.Stmt, amp bool)
	collect = func(st *syntax.Stmt, amp bool) {
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) &&
			!st.Negated && !st.Background && len(st.Redirs) == 0 {
			collect(b.X, b.Op == syntax.PipeAll)
			collect(b.Y, amp)
			return
		}
		parts = append(parts, st)
		all = append(all, amp)
	}
	collect(bc.X, bc.Op == syntax.PipeAll)
	collect(bc.Y, false)

	n := len(parts)
	statuses := make([]int, n)
	line := p.lineOf(bc.Pos())
	var wg sync.WaitGroup
	var in *ofile // the read end for the next part
	lastHere := p.opts.has(optLastpipe)
	for i, st := range parts {
		if _, simple := st.Cmd.(*syntax.CallExpr); simple && i < n-1 || simple && !lastHere {
			// bash runs the DEBUG trap in the shell for each simple
			// command of a pipeline, before it forks
			p.line = p.lineOf(st.Pos())
			if p.debugTrap(st.Cmd) {
				continue
			}
		}
		var out, next *ofile
		if i < n-1 {
			r, w := newPipe(p.ctx)
			out = newFile("pipe", nil, w, w)
			next = newFile("pipe", r, nil, r)
		}
		if i == n-1 && lastHere {
			mark := len(p.saved)
			if in != nil {
				p.saveFd(0)
				p.fds = p.fds.set(0, in)
				in = nil
			}
			p.stmt(st)
			statuses[i] = p.status
			p.restoreFds(mark)
			break
		}
		c := p.fork()
		if in != nil {
			c.fds[0].unref()
			c.fds = c.fds.set(0, in)
			in = nil
		}
		if out != nil {
			if f := c.fds.get(1); f != nil {
				f.unref()
			}
			c.fds = c.fds.set(1, out)
			if all[i] {
				if f := c.fds.get(2); f != nil {
					f.unref()
				}
				c.fds = c.fds.set(2, out.ref())
			}
		}
		in = next
		if i == n-1 {
			statuses[i] = c.runSub(func(c *proc) { c.stmt(st) })
			c.release()
			break
		}
		if !p.startProc() {
			c.release()
			if in != nil {
				in.unref()
			}
			break
		}
		wg.Add(1)
		go func(i int, c *proc) {
			defer wg.Done()
			defer p.sh.endProc()
			statuses[i] = c.runSub(func(c *proc) { c.stmt(st) })
			c.release()
		}(i, c)
	}
	wg.Wait()
	p.line = line
	p.pipestatus = statuses
	status := statuses[n-1]
	if p.opts.has(optPipefail) {
		for _, s := range statuses {
			if s != 0 {
				status = s
			}
		}
	}
	p.status = status
}

func (p *proc) ifClause(c *syntax.IfClause) {
	for ; c != nil; c = c.Else {
		if len(c.Cond) == 0 && c.ThenPos == (syntax.Pos{}) {
			// else
			p.status = 0
			p.stmts(c.Then)
			return
		}
		p.noErrexit++
		p.stmts(c.Cond)
		p.noErrexit--
		if p.flow != flowNone {
			return
		}
		if p.status == 0 {
			p.stmts(c.Then)
			return
		}
	}
	p.status = 0
}

func (p *proc) whileClause(c *syntax.WhileClause) {
	status := 0
	iterations := int64(0)
	p.loops++
	defer func() { p.loops-- }()
	for {
		if p.stopped() {
			return
		}
		p.noErrexit++
		p.stmts(c.Cond)
		p.noErrexit--
		if p.flow != flowNone {
			if p.loopFlow() {
				continue
			}
			break
		}
		if (p.status == 0) == c.Until {
			break
		}
		if !p.iteration(&iterations) {
			return
		}
		p.stmts(c.Do)
		status = p.status
		if p.flow != flowNone && !p.loopFlow() {
			break
		}
	}
	if p.flow == flowNone {
		p.status = status
	}
}

// loopFlow handles break and continue at the end of a loop body: it
// reports whether the loop goes on.
func (p *proc) loopFlow() bool {
	switch p.flow {
	case flowBreak:
		p.flowN--
		if p.flowN == 0 {
			p.flow = flowNone
		}
		return false
	case flowContinue:
		p.flowN--
		if p.flowN == 0 {
			p.flow = flowNone
			return true
		}
		return false
	}
	return false
}

func (p *proc) forClause(c *syntax.ForClause) {
	p.loops++
	defer func() { p.loops-- }()
	status := 0
	iterations := int64(0)
	switch l := c.Loop.(type) {
	case *syntax.WordIter:
		p.line = p.lineOf(c.Pos())
		var items []string
		if l.InPos.IsValid() {
			var ok bool
			items, ok = p.fields(l.Items)
			if !ok {
				if p.flow == flowNone {
					p.status = 1
					p.failed()
				}
				return
			}
		} else {
			items = p.params()
		}
		name := l.Name.Value
		if !syntax.ValidName(name) {
			p.errorf("`%s': not a valid identifier", name)
			p.status = 1
			return
		}
		if c.Select {
			p.selectLoop(name, items, c.Do)
			return
		}
		line := p.line
		text := func() string { return "for " + name + " in " + strings.Join(items, " ") }
		for _, item := range items {
			if p.stopped() {
				return
			}
			p.line = line
			if p.debugTrapText(text) {
				continue
			}
			if !p.setVar(name, item) {
				p.status = 1
				return
			}
			if !p.iteration(&iterations) {
				return
			}
			p.stmts(c.Do)
			status = p.status
			if p.flow != flowNone && !p.loopFlow() {
				break
			}
		}
	case *syntax.CStyleLoop:
		line := p.lineOf(c.Pos())
		p.line = line
		if l.Init != nil {
			if p.debugTrapText(arithLoopText) {
				return
			}
			if _, err := p.arithLoop(l.Init); err != nil {
				p.arithError(err)
				p.status = 1
				return
			}
		}
		for {
			if p.stopped() {
				return
			}
			p.line = line
			if p.debugTrapText(arithLoopText) {
				return
			}
			if l.Cond != nil {
				n, err := p.arithLoop(l.Cond)
				if err != nil {
					p.arithErrorIn("((", err)
					p.status = 1
					return
				}
				if n == 0 {
					break
				}
			}
			if !p.iteration(&iterations) {
				return
			}
			p.stmts(c.Do)
			status = p.status
			if p.flow != flowNone && !p.loopFlow() {
				break
			}
			if l.Post != nil {
				p.line = line
				if p.debugTrapText(arithLoopText) {
					return
				}
				if _, err := p.arithLoop(l.Post); err != nil {
					p.arithError(err)
					p.status = 1
					return
				}
			}
		}
	}
	if p.flow == flowNone {
		p.status = status
	}
}

func (p *proc) caseClause(c *syntax.CaseClause) {
	p.line = p.lineOf(c.Pos())
	if p.debugTrap(c) {
		return
	}
	word, ok := p.string(c.Word)
	if !ok {
		return
	}
	p.status = 0
	fallthru := false
	for i, item := range c.Items {
		matched := fallthru
		if !matched {
			for _, pw := range item.Patterns {
				pat, ok := p.pattern(pw)
				if !ok {
					return
				}
				if p.match(pat, word, p.matchMode()) {
					matched = true
					break
				}
			}
		}
		if !matched {
			continue
		}
		p.stmts(item.Stmts)
		if p.flow != flowNone {
			return
		}
		switch item.Op {
		case syntax.Fallthrough:
			fallthru = true
			continue
		case syntax.Resume:
			fallthru = false
			continue
		}
		_ = i
		return
	}
}

// matchMode is how case and [[ == ]] match: nocasematch and extglob.
func (p *proc) matchMode() patMode {
	m := patExtglob
	if p.opts.has(optNocasematch) {
		m |= patNocase
	}
	return m
}

func (p *proc) funcDecl(c *syntax.FuncDecl) {
	if c.Name == nil {
		// `()0`: mvdan/sh reads an anonymous function (zsh's), which
		// bash refuses
		p.errorf("syntax error near unexpected token `)'")
		p.status = 2
		return
	}
	name := c.Name.Value
	if p.opts.has(optPosix) && IsSpecialBuiltin(name) {
		p.errorf("`%s': is a special builtin", name)
		p.status = 1
		return
	}
	p.funcs = p.funcs.own()
	p.funcs.m[name] = &funcDef{name: name, body: c.Body, source: p.sourceName, line: p.lineOf(c.Pos()), decl: c, seq: p.parseSeq, lineBase: p.curBase()}
	p.status = 0
}

// callFunc runs function fn with args (args[0] is its name).
// reuse: the top frame holds the call's temporary variables (v=x f),
// which become the function's locals.
func (p *proc) callFunc(fn *funcDef, args []string, reuse bool) {
	if !p.enter(fn.name, "function") {
		return
	}
	// the temporary variables of the call (v=x f) are the function's
	// locals, as in bash: local v keeps that cell, and an unset from a
	// deeper function shows what is outside
	fr := frame{params: args[1:], fn: fn.name, source: fn.source, line: p.line, isFunc: true}
	if reuse {
		fr.locals = p.frames[len(p.frames)-1].locals
		p.frames[len(p.frames)-1] = fr
	} else {
		p.frames = append(p.frames, fr)
	}
	p.funcDepth++
	callLine := p.line
	savedSeq := p.parseSeq
	p.parseSeq = fn.seq
	p.lineBase = append(p.lineBase, fn.lineBase)
	savedCall, savedTraced, savedSrc := p.callID, p.traced, p.sourceName
	p.callID, p.traced, p.sourceName = p.sh.calls.Add(1), fn.trace, fn.source
	switch body := fn.body.Cmd.(type) {
	case *syntax.Block:
		if len(fn.body.Redirs) == 0 {
			p.stmts(body.Stmts)
			break
		}
		p.runStmt(fn.body)
	default:
		p.runStmt(fn.body)
	}
	if p.flow == flowReturn {
		p.flow = flowNone
	}
	if action, ok := p.trapFor("RETURN"); ok && action != "" && p.inTrap == "" {
		st := p.status
		p.runTrap("RETURN", action)
		p.status = st
	}
	p.callID, p.traced, p.sourceName = savedCall, savedTraced, savedSrc
	p.funcDepth--
	p.line = callLine
	p.parseSeq = savedSeq
	p.lineBase = p.lineBase[:len(p.lineBase)-1]
	if reuse {
		// the command drops the frame (popTemp)
		return
	}
	top := &p.frames[len(p.frames)-1]
	if top.locals != nil {
		for _, v := range top.locals.vars {
			if v.attrs&aExport != 0 {
				p.envChanged()
				break
			}
		}
		top.locals.refs.Add(-1)
	}
	p.frames = p.frames[:len(p.frames)-1]
}

// params is the current positional parameters.
func (p *proc) params() []string {
	for i := len(p.frames) - 1; i > 0; i-- {
		if f := &p.frames[i]; f.isFunc || f.hasParams {
			return f.params
		}
	}
	return p.frames[0].params
}

func (p *proc) setParams(params []string) {
	for i := len(p.frames) - 1; i > 0; i-- {
		if f := &p.frames[i]; f.isFunc || f.hasParams {
			f.params = params
			return
		}
	}
	p.frames[0].params = params
}

// funcName is $FUNCNAME[0]: the innermost function running, "".
func (p *proc) funcName() string {
	for i := len(p.frames) - 1; i > 0; i-- {
		if p.frames[i].isFunc {
			return p.frames[i].fn
		}
	}
	return ""
}

func (p *proc) timeClause(c *syntax.TimeClause) {
	start := p.sh.now("time")
	if c.Stmt != nil {
		p.stmt(c.Stmt)
	} else {
		p.status = 0
	}
	d := p.sh.now("time").Sub(start)
	format := "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS"
	if c.PosixFormat {
		format = "real %2R\nuser %2U\nsys %2S"
	} else if f, set := p.getStr("TIMEFORMAT"); set {
		format = f
	}
	if format == "" {
		return
	}
	out, bad, ok := timeFormat(format, d)
	if !ok {
		p.errorf("TIMEFORMAT: `%c': invalid format character", bad)
		return
	}
	p.writeErr(out + "\n")
}

// timeFormat expands bash's TIMEFORMAT for a command that took real
// (moonix counts no CPU time: user and sys are 0): %% is %, %[p][l]R,
// %[p][l]U and %[p][l]S the real, user and system seconds with p (0 to
// 3, default 3) decimals, in MmS.FFFs form with l, %P the CPU share in
// percent. ok is false at an invalid character after %, bad.
func timeFormat(format string, real time.Duration) (out string, bad byte, ok bool) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		i++
		if i == len(format) {
			b.WriteByte('%') // a % that ends the format stands for itself
			break
		}
		switch format[i] {
		case '%':
			b.WriteByte('%')
			continue
		case 'P':
			b.WriteString("0.00") // no CPU time is counted
			continue
		}
		prec, long := 3, false
		if c := format[i]; c >= '0' && c <= '9' {
			prec = min(int(c-'0'), 3)
			i++
		}
		if i < len(format) && format[i] == 'l' {
			long = true
			i++
		}
		if i == len(format) {
			return "", 0, false
		}
		var ms int64 // bash counts milliseconds and cuts the digits it does not show
		switch format[i] {
		case 'R':
			ms = real.Milliseconds()
		case 'U', 'S':
		default:
			return "", format[i], false
		}
		secs := ms / 1000
		if long {
			b.WriteString(strconv.FormatInt(secs/60, 10) + "m")
			secs %= 60
		}
		b.WriteString(strconv.FormatInt(secs, 10))
		if prec > 0 {
			frac := fmt.Sprintf("%03d", ms%1000)
			b.WriteString("." + frac[:prec])
		}
		if long {
			b.WriteByte('s')
		}
	}
	return b.String(), 0, true
}

// background starts st as a job.
func (p *proc) background(st *syntax.Stmt) {
	if !p.startProc() {
		return
	}
	c := p.fork()
	ctx, cancel, release := p.jobContext()
	c.ctx, c.canceled = ctx, cancel
	// Without job control a background command reads /dev/null.
	c.fds[0].unref()
	c.fds[0] = newFile("/dev/null", nullFile{}, nil, nil)
	c.noErrexit = 0
	j := p.jobs.add(c, st, p.sourceText(st))
	p.lastBg = c.getPid()
	call, simple := st.Cmd.(*syntax.CallExpr)
	if simple {
		c.presetArgs(call)
	}
	go func() {
		status := c.runSub(func(c *proc) {
			bg := *st
			bg.Background, bg.Coprocess = false, false
			if simple {
				// bash runs a lone command without a shell around it:
				// no ERR trap, no errexit of its own
				c.noErrexit++
			}
			c.runStmt(&bg)
		})
		c.release()
		release()
		p.sh.endProc()
		j.finish(status)
	}()
	p.status = 0
}

// jobContext is the context of a job p starts: it has the values of p's
// (the statement it belongs to) and ends with the shell, or when p's
// ends (a limit stopped the statement, or the job p runs in was killed),
// not when p's command does. cancel ends it (kill); release, when the
// job is over, lets it go without ending it: the jobs the job started
// run on, as in bash (a fork bomb's jobs outlive the ones that started
// them).
func (p *proc) jobContext() (ctx context.Context, cancel, release func()) {
	ctx, end := contextWithCancel(context.WithoutCancel(p.ctx))
	stopShell := context.AfterFunc(p.sh.jobCtx, end)
	stopStmt := func() bool { return false }
	if p.ctx.Done() != nil {
		stopStmt = context.AfterFunc(p.ctx, end)
	}
	release = func() {
		stopShell()
		stopStmt()
	}
	cancel = func() {
		release()
		end()
	}
	return ctx, cancel, release
}

// sourceText is the text of a statement as jobs prints it.
func (p *proc) sourceText(st *syntax.Stmt) string {
	bg := *st
	bg.Background = false
	return nodeText(&bg, true)
}
