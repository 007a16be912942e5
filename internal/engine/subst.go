package engine

import (
	"io"
	"os"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// cmdSubst runs $(...) in a subshell and returns its output without the
// trailing newlines. The output is complete when every descriptor
// holding it is closed, background commands of the subshell included.
func (p *proc) cmdSubst(cs *syntax.CmdSubst) (string, bool) {
	if s, ok, done := p.catFile(cs); done {
		return s, ok
	}
	buf := &capture{}
	if limit := p.sh.valueLimit(); limit > 0 {
		buf.limit = limit
		ctx, sh := p.ctx, p.sh
		buf.full = func() { sh.stop(ctx, BoundMemory, sh.memoryMsg()) }
	}
	out := newFile("command substitution", nil, buf, nil)
	out.done = make(chan struct{})
	c := p.fork()
	c.inSubst = true
	if !p.opts.has(optInheritErrexit) && !p.opts.has(optPosix) {
		c.opts.set(optErrexit, false)
	}
	c.fds[1].unref()
	c.fds[1] = out
	status := c.runSub(func(c *proc) { c.stmts(cs.Stmts) })
	c.release()
	select {
	case <-out.done:
	case <-p.ctx.Done():
	}
	p.substStatus = status
	p.status = status
	if buf.overflow() {
		// the statement stops: nothing is assigned
		p.limitHit(BoundMemory, p.sh.memoryMsg())
		return "", false
	}
	return p.substOutput(buf.bytes()), true
}

// substOutput is a command substitution's value: the output without its
// trailing newlines, and without NUL bytes, which bash drops (a shell
// string cannot hold them) with a warning.
func (p *proc) substOutput(out []byte) string {
	s := string(out)
	if strings.IndexByte(s, 0) >= 0 {
		p.errorf("warning: command substitution: ignored null byte in input")
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return strings.TrimRight(s, "\n")
}

// catFile does $(< file): the file's contents without a command.
func (p *proc) catFile(cs *syntax.CmdSubst) (string, bool, bool) {
	if len(cs.Stmts) != 1 {
		return "", false, false
	}
	st := cs.Stmts[0]
	if st.Cmd != nil || len(st.Redirs) != 1 || st.Redirs[0].Op != syntax.RdrIn || st.Redirs[0].N != nil {
		return "", false, false
	}
	name, ok := p.redirTarget(st.Redirs[0].Word)
	if !ok {
		p.substStatus = 1
		return "", false, true
	}
	f, ok := p.open(name, os.O_RDONLY, false)
	if !ok {
		p.substStatus = 1
		p.status = 1
		return "", true, true
	}
	data, _ := io.ReadAll(f)
	f.unref()
	p.substStatus = 0
	return p.substOutput(data), true, true
}

// procSubst starts <(...) or >(...) and returns the /dev/fd path that
// names its pipe; the descriptor is closed when the command ends.
func (p *proc) procSubst(ps *syntax.ProcSubst) (string, bool) {
	r, w := newPipe(p.sh.jobCtx)
	rf := newFile("pipe", r, nil, r)
	wf := newFile("pipe", nil, w, w)
	c := p.fork()
	ctx, _, release := p.jobContext()
	c.ctx = ctx
	var mine *ofile
	if ps.Op == syntax.CmdIn {
		c.fds[1].unref()
		c.fds[1] = wf
		mine = rf
	} else {
		c.fds[0].unref()
		c.fds[0] = rf
		mine = wf
	}
	fd := p.fds.free(63)
	for fd2 := 63; fd2 >= 10; fd2-- {
		if p.fds.get(fd2) == nil {
			fd = fd2
			break
		}
	}
	p.fds = p.fds.set(fd, mine)
	p.procFds = append(p.procFds, fd)
	p.jobs.prune(p.lastBg)
	j := p.jobs.addHidden(c)
	if ps.Op == syntax.CmdOut {
		j.procOut = mine
	}
	p.lastBg = c.getPid()
	go func() {
		status := c.runSub(func(c *proc) { c.stmts(ps.Stmts) })
		c.release()
		release()
		j.finish(status)
	}()
	return "/dev/fd/" + strconv.Itoa(fd), true
}

// waitProcOut waits, at the end of a top-level command, for the process
// substitutions >(...) the shell no longer holds a descriptor of: what
// they print belongs to the command. Finished substitutions leave the job
// table (but the last one, for wait $!).
func (p *proc) waitProcOut() {
	t := p.jobs
	t.prune(p.lastBg)
	var wait []*job
	t.mu.Lock()
	for _, j := range t.jobs {
		if j.procOut != nil && j.procOut.refs.Load() <= 0 && !j.finished() {
			wait = append(wait, j)
		}
	}
	t.mu.Unlock()
	for _, j := range wait {
		select {
		case <-j.done:
		case <-p.ctx.Done():
			return
		}
	}
}

// closeProcFds closes the descriptors of the process substitutions made
// since mark.
func (p *proc) closeProcFds(mark int) {
	for _, fd := range p.procFds[mark:] {
		if f := p.fds.get(fd); f != nil {
			f.unref()
			p.fds[fd] = nil
		}
	}
	p.procFds = p.procFds[:mark]
}
