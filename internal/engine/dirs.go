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
		if err := p.checkDotDot(dir); err != nil {
			p.errorLine(p.fsErrorMsg("cd: "+dir, err))
			return 1
		}
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

// checkDotDot fails a logical path whose .. follows a directory that does
// not exist (nonexistent/..), as bash's cd does before it cleans the path.
func (p *proc) checkDotDot(dir string) error {
	if !strings.Contains(dir, "..") {
		return nil
	}
	cur := p.logicalPath(".")
	if strings.HasPrefix(dir, "/") {
		cur = "/"
	}
	for _, comp := range strings.Split(dir, "/") {
		switch comp {
		case "", ".":
		case "..":
			info, err := p.sh.cfg.FS.Stat(cur)
			if err != nil {
				return err
			}
			if !info.IsDir() {
				return &fs.PathError{Op: "chdir", Path: cur, Err: syscall.ENOTDIR}
			}
			cur = vfs.Clean(cur, "..")
		default:
			cur = vfs.Clean(cur, comp)
		}
	}
	return nil
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

// stackArgs reads the arguments of dirs, pushd and popd as bash does:
// the letters in flags one per word (-n, -l...), --, +N and -N (an
// index into the stack, in index and fromEnd), and operands. A word that
// starts with - and is none of these is an invalid number; an operand
// where ops allows none is an invalid option (dirs) or argument (popd).
func (p *proc) stackArgs(args []string, flags, usage string, ops bool) (seen flagSet, index int, fromEnd bool, operands []string, ok bool) {
	cmd := args[0]
	index = -1
	fail := func() (flagSet, int, bool, []string, bool) {
		p.writeErr(cmd + ": usage: " + usage + "\n")
		return "", 0, false, nil, false
	}
	rest := args[1:]
	for len(rest) > 0 {
		a := rest[0]
		rest = rest[1:]
		switch {
		case a == "--":
			operands = append(operands, rest...)
			rest = nil
		case len(a) == 2 && a[0] == '-' && strings.IndexByte(flags, a[1]) >= 0:
			seen += flagSet(a[1:])
		case len(a) > 1 && (a[0] == '+' || a[0] == '-'):
			n, err := strconv.Atoi(a[1:])
			if err != nil || a[1] == '+' || a[1] == '-' {
				p.errorf("%s: %s: invalid number", cmd, a)
				return fail()
			}
			index, fromEnd = n, a[0] == '-'
		case !ops && cmd == "dirs":
			p.errorf("%s: %s: invalid option", cmd, a)
			return fail()
		case !ops:
			p.errorf("%s: %s: invalid argument", cmd, a)
			return fail()
		default:
			operands = append(operands, a)
		}
	}
	return seen, index, fromEnd, operands, true
}

// stackIndex turns +N or -N into a position in the stack (current
// directory first), reporting one out of range.
func (p *proc) stackIndex(cmd string, index int, fromEnd bool) (int, bool) {
	stack := p.dirStack()
	if index >= len(stack) {
		if len(stack) == 1 {
			p.errorf("%s: directory stack empty", cmd)
		} else {
			sign := "+"
			if fromEnd {
				sign = "-"
			}
			if cmd == "dirs" {
				sign = ""
			}
			p.errorf("%s: %s%d: directory stack index out of range", cmd, sign, index)
		}
		return 0, false
	}
	if fromEnd {
		index = len(stack) - 1 - index
	}
	return index, true
}

func dirsBuiltin(p *proc, args []string) int {
	seen, index, fromEnd, _, ok := p.stackArgs(args, "clpv", "dirs [-clpv] [+N] [-N]", false)
	if !ok {
		return 2
	}
	long, perLine, verbose := seen.has("l"), seen.has("p"), seen.has("v")
	if seen.has("c") {
		p.dirstack = nil
		return 0
	}
	if index >= 0 {
		n, ok := p.stackIndex("dirs", index, fromEnd)
		if !ok {
			return 1
		}
		d := p.dirStack()[n]
		if !long {
			d = p.homeTilde(d)
		}
		if verbose {
			d = " " + strconv.Itoa(n) + "  " + d
		}
		p.writeOut(d + "\n")
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
	seen, index, fromEnd, operands, ok := p.stackArgs(args, "n", "pushd [-n] [+N | -N | dir]", true)
	if !ok {
		return 2
	}
	noCd := seen.has("n")
	if len(operands) > 1 || len(operands) == 1 && index >= 0 {
		p.errorf("pushd: too many arguments")
		return 1
	}
	swap := len(operands) == 0 && index < 0
	if swap {
		// exchange the top two directories
		if len(p.dirstack) == 0 {
			p.errorf("pushd: no other directory")
			return 1
		}
		index = 1
	}
	if index >= 0 {
		n, ok := p.stackIndex("pushd", index, fromEnd)
		if !ok {
			return 1
		}
		stack := p.dirStack()
		if swap {
			stack[0], stack[1] = stack[1], stack[0]
		} else {
			stack = append(stack[n:], stack[:n]...)
		}
		if !noCd && stack[0] != p.dir {
			if err := p.chdir(stack[0], stack[0]); err != nil {
				p.errorLine(p.fsErrorMsg("pushd: "+stack[0], err))
				return 1
			}
		}
		p.dirstack = stack[1:]
		p.printDirs(false, false, false)
		return 0
	}
	dir := operands[0]
	target := p.logicalPath(dir)
	if noCd {
		p.dirstack = append([]string{target}, p.dirstack...)
		p.printDirs(false, false, false)
		return 0
	}
	cur := p.dir
	if err := p.chdir(target, dir); err != nil {
		p.errorLine(p.fsErrorMsg("pushd: "+dir, err))
		return 1
	}
	p.dirstack = append([]string{cur}, p.dirstack...)
	p.printDirs(false, false, false)
	return 0
}

func popdBuiltin(p *proc, args []string) int {
	seen, index, fromEnd, _, ok := p.stackArgs(args, "n", "popd [-n] [+N | -N]", false)
	if !ok {
		return 2
	}
	if len(p.dirstack) == 0 {
		p.errorf("popd: directory stack empty")
		return 1
	}
	n := 0
	if index >= 0 {
		if n, ok = p.stackIndex("popd", index, fromEnd); !ok {
			return 1
		}
	}
	if n == 0 && seen.has("n") {
		// -n leaves the current directory: the next one goes
		n = 1
	}
	if n > 0 {
		p.dirstack = append(p.dirstack[:n-1:n-1], p.dirstack[n:]...)
		p.printDirs(false, false, false)
		return 0
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
