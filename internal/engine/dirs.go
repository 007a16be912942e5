package engine

import (
	"io/fs"
	"strconv"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/vfs"
)

var errIsDir = syscall.EISDIR

// errnoOf maps the engine's own errors to errnos for wording.
func errnoOf(err error) error {
	if err == errBadFd {
		return syscall.EBADF
	}
	return err
}

// chdir moves p to the absolute directory path (typed as name), setting
// PWD and OLDPWD.
func (p *proc) chdir(path, name string) error {
	info, err := p.sh.cfg.FS.Stat(path)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return &fs.PathError{Op: "chdir", Path: path, Err: syscall.ENOTDIR}
	}
	if info.Mode().Perm()&0o100 == 0 {
		return &fs.PathError{Op: "chdir", Path: path, Err: fs.ErrPermission}
	}
	old := p.dir
	p.dir = path
	if oldVar, ok := p.getStr("PWD"); ok && oldVar != "" {
		old = oldVar
	}
	p.setVar("OLDPWD", old)
	p.setVar("PWD", path)
	return nil
}

func cdBuiltin(p *proc, args []string) int {
	if len(args) == 2 && args[1] == "-" {
		args = []string{"cd", "--", "-"}
	}
	seen, args, ok := p.flags(args, "LPe@", "cd [-L|[-P [-e]] [-@]] [dir]")
	if !ok {
		return 2
	}
	physical := p.physical(seen)
	if len(args) > 1 {
		p.errorf("cd: too many arguments")
		return 1
	}
	dir := ""
	print := false
	if len(args) == 0 {
		home, ok := p.getStr("HOME")
		if !ok {
			p.errorf("cd: HOME not set")
			return 1
		}
		dir = home
	} else {
		dir = args[0]
		if dir == "-" {
			old, ok := p.getStr("OLDPWD")
			if !ok {
				p.errorf("cd: OLDPWD not set")
				return 1
			}
			dir, print = old, true
		}
	}
	if dir == "" {
		return 0
	}
	target := ""
	if !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") && dir != "." && dir != ".." {
		if cdpath, ok := p.getStr("CDPATH"); ok && cdpath != "" {
			for _, base := range strings.Split(cdpath, ":") {
				if base == "" {
					base = "."
				}
				cand := vfs.Clean(p.dir, base+"/"+dir)
				if info, err := p.sh.cfg.FS.Stat(cand); err == nil && info.IsDir() {
					target = cand
					print = base != "."
					break
				}
			}
		}
	}
	if target == "" {
		target = p.logicalPath(dir)
	}
	if physical {
		if real, err := vfs.EvalSymlinks(p.sh.cfg.FS, target); err == nil {
			target = real
		}
	}
	if err := p.chdir(target, dir); err != nil {
		p.errorLine(p.fsErrorMsg("cd: "+dir, err))
		return 1
	}
	if print {
		p.writeOut(p.dir + "\n")
	}
	return 0
}

// physical reports whether cd or pwd resolves symbolic links: -P, or
// set -P unless -L came last.
func (p *proc) physical(seen flagSet) bool {
	if f := lastFlag(seen, "LP"); f != "" {
		return f == "-P"
	}
	return p.opts.has(optPhysical)
}

// logicalPath joins dir to $PWD lexically (.. removes the previous
// component), as cd -L does.
func (p *proc) logicalPath(dir string) string {
	base := p.dir
	if pwd, ok := p.getStr("PWD"); ok && strings.HasPrefix(pwd, "/") {
		base = pwd
	}
	return vfs.Clean(base, dir)
}

func pwdBuiltin(p *proc, args []string) int {
	seen, _, ok := p.flags(args, "LP", "pwd [-LP]")
	if !ok {
		return 2
	}
	physical := p.physical(seen)
	dir := p.dir
	if physical {
		real, err := vfs.EvalSymlinks(p.sh.cfg.FS, dir)
		if err != nil {
			p.errorLine(p.fsErrorMsg("pwd", err))
			return 1
		}
		dir = real
	} else if pwd, ok := p.getStr("PWD"); ok && pwd != "" && strings.HasPrefix(pwd, "/") {
		if a, err := p.sh.cfg.FS.Stat(pwd); err == nil && a.IsDir() {
			dir = pwd
		}
	}
	if !p.writeTo(1, dir+"\n", "pwd") {
		return 1
	}
	return 0
}

// dirStack is the directory stack with the current directory first.
func (p *proc) dirStack() []string {
	return append([]string{p.dir}, p.dirstack...)
}

func (p *proc) homeTilde(dir string) string {
	home, ok := p.getStr("HOME")
	if ok && home != "" && home != "/" && (dir == home || strings.HasPrefix(dir, home+"/")) {
		return "~" + dir[len(home):]
	}
	return dir
}

func dirsBuiltin(p *proc, args []string) int {
	seen, _, ok := p.flags(args, "clpv", "dirs [-clpv] [+N] [-N]")
	if !ok {
		return 2
	}
	long, perLine, verbose, clear := seen.has("l"), seen.has("p"), seen.has("v"), seen.has("c")
	if clear {
		p.dirstack = nil
		return 0
	}
	p.printDirs(long, perLine, verbose)
	return 0
}

func (p *proc) printDirs(long, perLine, verbose bool) {
	var b strings.Builder
	for i, d := range p.dirStack() {
		if !long {
			d = p.homeTilde(d)
		}
		switch {
		case verbose:
			b.WriteString(" " + strconv.Itoa(i) + "  " + d + "\n")
		case perLine:
			b.WriteString(d + "\n")
		default:
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(d)
		}
	}
	if !verbose && !perLine {
		b.WriteByte('\n')
	}
	p.writeOut(b.String())
}

func pushdBuiltin(p *proc, args []string) int {
	args = args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) > 1 {
		p.errorf("pushd: too many arguments")
		return 1
	}
	if len(args) == 0 {
		if len(p.dirstack) == 0 {
			p.errorf("pushd: no other directory")
			return 1
		}
		top := p.dirstack[0]
		cur := p.dir
		if err := p.chdir(top, top); err != nil {
			p.errorLine(p.fsErrorMsg("pushd: "+top, err))
			return 1
		}
		p.dirstack = append([]string{cur}, p.dirstack[1:]...)
		p.printDirs(false, false, false)
		return 0
	}
	dir := args[0]
	if len(dir) > 1 && (dir[0] == '+' || dir[0] == '-') {
		if n, err := strconv.Atoi(dir[1:]); err == nil {
			stack := p.dirStack()
			if n >= len(stack) {
				p.errorf("pushd: %s: directory stack index out of range", dir)
				return 1
			}
			if dir[0] == '-' {
				n = len(stack) - 1 - n
			}
			rotated := append(append([]string{}, stack[n:]...), stack[:n]...)
			if err := p.chdir(rotated[0], rotated[0]); err != nil {
				p.errorLine(p.fsErrorMsg("pushd: "+rotated[0], err))
				return 1
			}
			p.dirstack = rotated[1:]
			p.printDirs(false, false, false)
			return 0
		}
	}
	cur := p.dir
	target := p.logicalPath(dir)
	if err := p.chdir(target, dir); err != nil {
		p.errorLine(p.fsErrorMsg("pushd: "+dir, err))
		return 1
	}
	p.dirstack = append([]string{cur}, p.dirstack...)
	p.printDirs(false, false, false)
	return 0
}

func popdBuiltin(p *proc, args []string) int {
	args = args[1:]
	if len(p.dirstack) == 0 {
		p.errorf("popd: directory stack empty")
		return 1
	}
	if len(args) > 0 {
		a := args[0]
		if len(a) > 1 && (a[0] == '+' || a[0] == '-') {
			n, err := strconv.Atoi(a[1:])
			stack := p.dirStack()
			if err != nil || n >= len(stack) {
				p.errorf("popd: %s: directory stack index out of range", a)
				return 1
			}
			if a[0] == '-' {
				n = len(stack) - 1 - n
			}
			if n == 0 {
				args = nil
			} else {
				p.dirstack = append(append([]string{}, p.dirstack[:n-1]...), p.dirstack[n:]...)
				p.printDirs(false, false, false)
				return 0
			}
		} else {
			p.errorf("popd: %s: invalid argument", a)
			p.writeErr("popd: usage: popd [-n] [+N | -N]\n")
			return 2
		}
	}
	top := p.dirstack[0]
	if err := p.chdir(top, top); err != nil {
		p.errorLine(p.fsErrorMsg("popd: "+top, err))
		return 1
	}
	p.dirstack = p.dirstack[1:]
	p.printDirs(false, false, false)
	return 0
}
