package engine

import (
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/vfs"
)

// savedFd is a descriptor as it was before a redirection, put back when
// the command ends.
type savedFd struct {
	fd int
	f  *ofile
}

// saveFd remembers descriptor fd (with its reference) so that
// restoreFds puts it back.
func (p *proc) saveFd(fd int) {
	p.saved = append(p.saved, savedFd{fd, p.fds.get(fd)})
	if fd < len(p.fds) {
		p.fds[fd] = nil
	}
}

// restoreFds undoes the redirections made since mark.
func (p *proc) restoreFds(mark int) {
	for i := len(p.saved) - 1; i >= mark; i-- {
		s := p.saved[i]
		if f := p.fds.get(s.fd); f != nil {
			f.unref()
		}
		p.fds = p.fds.set(s.fd, s.f)
	}
	p.saved = p.saved[:mark]
}

// replaceFd puts f at fd: temporarily (the old one is saved) unless the
// redirections are exec's, which are permanent.
func (p *proc) replaceFd(fd int, f *ofile) {
	if p.permanent {
		if old := p.fds.get(fd); old != nil {
			old.unref()
		}
		p.fds = p.fds.set(fd, f)
		return
	}
	p.saveFd(fd)
	p.fds = p.fds.set(fd, f)
}

// maxFd bounds descriptor numbers, as the usual limit of open files.
const maxFd = 1024

// redirect performs redirections in order; on an error it reports it and
// returns false (the caller restores what was done).
func (p *proc) redirect(redirs []*syntax.Redirect) bool {
	for _, r := range redirs {
		if !p.redir(r) {
			return false
		}
	}
	return true
}

func (p *proc) redir(r *syntax.Redirect) bool {
	fd := 1
	switch r.Op {
	case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		fd = 0
	}
	varName := ""
	if r.N != nil {
		if n, ok := strings.CutPrefix(r.N.Value, "{"); ok {
			varName = strings.TrimSuffix(n, "}")
			if !syntax.ValidName(varName) {
				p.errorf("%s: invalid variable name for redirection", r.N.Value)
				return false
			}
		} else {
			n, err := strconv.Atoi(r.N.Value)
			if err != nil || n >= maxFd {
				p.errorf("%s: %s", r.N.Value, p.fsError(syscall.EBADF))
				return false
			}
			fd = n
		}
	}
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		body, ok := p.heredoc(r)
		if !ok {
			return false
		}
		return p.place(fd, varName, newFile("here-document", strings.NewReader(body), nil, nil))
	case syntax.WordHdoc:
		s, ok := p.string(r.Word)
		if !ok {
			return false
		}
		return p.place(fd, varName, newFile("here-string", strings.NewReader(s+"\n"), nil, nil))
	}
	target, ok := p.redirTarget(r.Word)
	if !ok {
		return false
	}
	switch r.Op {
	case syntax.DplIn, syntax.DplOut:
		return p.dup(r, fd, varName, target)
	}
	flag := 0
	switch r.Op {
	case syntax.RdrOut, syntax.RdrAll:
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case syntax.AppOut, syntax.AppAll:
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case syntax.RdrClob, syntax.RdrAllClob:
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case syntax.AppClob, syntax.AppAllClob:
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case syntax.RdrIn:
		flag = os.O_RDONLY
	case syntax.RdrInOut:
		flag = os.O_RDWR | os.O_CREATE
	}
	noclobber := p.opts.has(optNoclobber) && (r.Op == syntax.RdrOut || r.Op == syntax.RdrAll)
	f, ok := p.open(target, flag, noclobber)
	if !ok {
		return false
	}
	if r.Op == syntax.RdrAll || r.Op == syntax.AppAll || r.Op == syntax.RdrAllClob || r.Op == syntax.AppAllClob {
		if !p.place(1, "", f) {
			return false
		}
		return p.place(2, "", f.ref())
	}
	return p.place(fd, varName, f)
}

// place puts f at fd, or at a new descriptor named by varName ({var}>...).
func (p *proc) place(fd int, varName string, f *ofile) bool {
	if varName == "" {
		p.replaceFd(fd, f)
		return true
	}
	n := p.fds.free(10)
	if !p.setVar(varName, strconv.Itoa(n)) {
		f.unref()
		return false
	}
	// {var} descriptors outlive the command, as in bash.
	p.fds = p.fds.set(n, f)
	return true
}

// redirTarget expands a redirection's word to one field.
func (p *proc) redirTarget(w *syntax.Word) (string, bool) {
	fields, ok := p.fields([]*syntax.Word{w})
	if !ok {
		return "", false
	}
	if len(fields) != 1 {
		text := p.wordText(w)
		p.errorf("%s: ambiguous redirect", text)
		return "", false
	}
	return fields[0], true
}

// dup handles N>&M, N<&M, N>&M- (move), N>&- (close) and >&FILE.
func (p *proc) dup(r *syntax.Redirect, fd int, varName, target string) bool {
	if target == "-" {
		if varName != "" {
			s, _ := p.getStr(varName)
			n, err := strconv.Atoi(s)
			if err != nil {
				p.errorf("%s: ambiguous redirect", r.N.Value)
				return false
			}
			fd = n
			if f := p.fds.get(fd); f != nil {
				f.unref()
				p.fds[fd] = nil
			}
			return true
		}
		if p.fds.get(fd) != nil || !p.permanent {
			p.replaceFd(fd, nil)
		}
		return true
	}
	move := false
	num := target
	if strings.HasSuffix(num, "-") {
		num, move = num[:len(num)-1], true
	}
	src, err := strconv.Atoi(num)
	if err != nil || num == "" || num[0] == '+' {
		if r.Op == syntax.DplOut && r.N == nil {
			// >&FILE is &>FILE
			f, ok := p.open(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, p.opts.has(optNoclobber))
			if !ok {
				return false
			}
			if !p.place(1, "", f) {
				return false
			}
			return p.place(2, "", f.ref())
		}
		p.errorf("%s: ambiguous redirect", target)
		return false
	}
	f := p.fds.get(src)
	if f == nil || src >= maxFd {
		p.errorf("%d: %s", src, p.fsError(syscall.EBADF))
		return false
	}
	if r.Op == syntax.DplOut && f.w == nil || r.Op == syntax.DplIn && f.r == nil {
		// bash dups it anyway; a later read or write fails
	}
	if src == fd && varName == "" {
		return true
	}
	if !p.place(fd, varName, f.ref()) {
		return false
	}
	if move {
		// bash closes the moved descriptor for good, even around a
		// single command
		if f := p.fds.get(src); f != nil && !p.permanent {
			f.unref()
			p.fds[src] = nil
		} else {
			p.replaceFd(src, nil)
		}
	}
	return true
}

// open opens a redirection target relative to the working directory;
// the devices of the shell's own descriptors are served here.
func (p *proc) open(name string, flag int, noclobber bool) (*ofile, bool) {
	switch name {
	case "/dev/null":
		return newFile(name, nullFile{}, nullFile{}, nil), true
	case "/dev/stdin", "/dev/stdout", "/dev/stderr":
		name = "/dev/fd/" + strconv.Itoa(map[string]int{"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}[name])
	}
	if n, ok := strings.CutPrefix(name, "/dev/fd/"); ok {
		if fd, err := strconv.Atoi(n); err == nil {
			f := p.fds.get(fd)
			if f == nil {
				p.errorf("%s: %s", name, p.fsError(syscall.EBADF))
				return nil, false
			}
			return f.ref(), true
		}
	}
	if name == "" {
		p.errorf(": %s", p.fsError(&fs.PathError{Op: "open", Path: "", Err: fs.ErrNotExist}))
		return nil, false
	}
	path := vfs.Clean(p.dir, name)
	fsys := p.sh.cfg.FS
	if noclobber {
		if info, err := fsys.Stat(path); err == nil && info.Mode().IsRegular() {
			p.errorf("%s: cannot overwrite existing file", name)
			return nil, false
		}
	}
	f, err := fsys.OpenFile(path, flag, 0o666&^p.umask)
	if err == nil {
		// a FIFO's end waits for the other end, until the statement stops
		err = vfs.WaitOpen(p.ctx, f)
	}
	if err != nil {
		if p.ctx.Err() == nil {
			p.errorLine(p.fsErrorMsg(name, err))
		}
		return nil, false
	}
	if flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		if info, err := f.Stat(); err == nil && info.IsDir() {
			f.Close()
			p.errorLine(p.fsErrorMsg(name, syscall.EISDIR))
			return nil, false
		}
	}
	var r io.Reader
	var w io.Writer
	switch flag & (os.O_WRONLY | os.O_RDWR) {
	case os.O_RDONLY:
		r = f
	case os.O_WRONLY:
		w = f
	default:
		r, w = f, f
	}
	return newFile(name, r, w, f), true
}

// fsErrorMsg is the message for a failed operation on name.
func (p *proc) fsErrorMsg(name string, err error) string {
	if p.sh.cfg.ErrorMessage != nil {
		return p.sh.cfg.ErrorMessage(name, err)
	}
	return name + ": " + p.fsError(err)
}

// heredoc expands a here-document's body.
func (p *proc) heredoc(r *syntax.Redirect) (string, bool) {
	if r.Hdoc == nil {
		return "", true
	}
	quoted := false
	for _, part := range r.Word.Parts {
		switch part := part.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			quoted = true
		case *syntax.Lit:
			if strings.ContainsRune(part.Value, '\\') {
				quoted = true
			}
		}
	}
	var body string
	if quoted {
		var b strings.Builder
		for _, part := range r.Hdoc.Parts {
			if lit, ok := part.(*syntax.Lit); ok {
				b.WriteString(lit.Value)
			}
		}
		body = b.String()
	} else {
		s, ok := p.heredocBody(r.Hdoc)
		if !ok {
			return "", false
		}
		body = s
	}
	if r.Op == syntax.DashHdoc {
		body = stripTabs(body)
	}
	return body, true
}

// stripTabs removes the leading tabs of every line (<<-).
func stripTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "")
}

// redirOnly runs a command made of redirections only: the files are
// opened (and created) and closed again.
func (p *proc) redirOnly(redirs []*syntax.Redirect) {
	mark := len(p.saved)
	ok := p.redirect(redirs)
	p.restoreFds(mark)
	p.status = boolStatus(ok)
}
