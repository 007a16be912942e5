package engine

import (
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Signals are delivered by the engine itself: nothing reaches or comes
// from the host. kill queues a signal on the proc it names; the proc
// handles it between commands (a trap runs, or the default action ends
// it), and a proc waiting in wait is woken.

// signalNames are Linux's signals by number (index+1), up to SIGSYS.
var signalNames = []string{
	"HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1",
	"SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP",
	"TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH",
	"IO", "PWR", "SYS",
}

// signalByName parses a signal given to trap or kill: a number, a name
// with or without SIG, any case; EXIT (0) and the shell's pseudo-signals
// when pseudo.
func signalByName(s string, pseudo bool) (int, string, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		if n == 0 {
			if pseudo {
				return 0, "EXIT", true
			}
			return 0, "0", true
		}
		if n >= 1 && n <= len(signalNames) {
			return n, signalNames[n-1], true
		}
		if n >= 34 && n <= 64 {
			return n, rtName(n), true
		}
		return 0, "", false
	}
	up := strings.ToUpper(s)
	up = strings.TrimPrefix(up, "SIG")
	switch up {
	case "EXIT":
		if pseudo {
			return 0, "EXIT", true
		}
		return 0, "", false
	case "ERR", "DEBUG", "RETURN":
		if pseudo {
			return -1, up, true
		}
		return 0, "", false
	}
	for i, name := range signalNames {
		if name == up {
			return i + 1, name, true
		}
	}
	for n := 34; n <= 64; n++ {
		if rtName(n) == up {
			return n, up, true
		}
	}
	return 0, "", false
}

func rtName(n int) string {
	switch {
	case n == 34:
		return "RTMIN"
	case n < 50:
		return "RTMIN+" + strconv.Itoa(n-34)
	case n == 64:
		return "RTMAX"
	}
	return "RTMAX-" + strconv.Itoa(64-n)
}

func signalName(n int) string {
	if n >= 1 && n <= len(signalNames) {
		return signalNames[n-1]
	}
	if n >= 34 && n <= 64 {
		return rtName(n)
	}
	return strconv.Itoa(n)
}

// trapKey is how a signal is named in the trap table.
func trapKey(n int, name string) string {
	if n > 0 {
		return signalName(n)
	}
	return name
}

// trapDef is a trap: its action ("" ignores the signal) and the function
// call that set it (0: none).
type trapDef struct {
	action string
	call   uint64
}

// trapFor is the trap for sig that applies where p runs: a function
// does not inherit the DEBUG and RETURN traps (unless functrace, or
// declare -t) nor ERR (unless errtrace), only those it sets itself.
func (p *proc) trapFor(sig string) (string, bool) {
	t, ok := p.traps.m[sig]
	if !ok {
		return "", false
	}
	if p.funcDepth == 0 || t.call == p.callID {
		return t.action, true
	}
	switch sig {
	case "DEBUG", "RETURN":
		if !p.opts.has(optFunctrace) && !p.traced {
			return "", false
		}
	case "ERR":
		if !p.opts.has(optErrtrace) {
			return "", false
		}
	}
	return t.action, true
}

// updateTrapMask records which signals have a trap, for kill.
func (p *proc) updateTrapMask() {
	var mask uint64
	for sig := range p.traps.m {
		if n, _, ok := signalByName(sig, false); ok && n > 0 && n < 64 {
			mask |= 1 << n
		}
	}
	p.trapMask.Store(mask)
}

// running flags the DEBUG and ERR traps whose actions are running: they
// do not fire again below themselves.
const (
	runningDebug = 1 << iota
	runningErr
)

// runTrap runs a trap's action in p; $? is kept for the action and
// restored after it, unless it exits.
func (p *proc) runTrap(sig, action string) {
	file, err := p.sh.parseCached(action)
	if err != nil {
		p.errorf("%s", err)
		return
	}
	status := p.status
	saved, savedRunning := p.inTrap, p.running
	p.inTrap = sig
	switch sig {
	case "DEBUG":
		p.running |= runningDebug
	case "ERR":
		p.running |= runningErr
	}
	savedLine, savedSeq := p.line, p.parseSeq
	p.parseSeq = p.sh.nextSeq()
	// $LINENO in DEBUG and ERR actions is the line of the command that
	// fired them; others count their own lines
	base := 0
	if sig == "DEBUG" || sig == "ERR" {
		base = p.line - 1
	}
	p.lineBase = append(p.lineBase, base)
	p.stmts(file.Stmts)
	p.lineBase = p.lineBase[:len(p.lineBase)-1]
	p.inTrap, p.running = saved, savedRunning
	p.line, p.parseSeq = savedLine, savedSeq
	if p.flow == flowReturn && p.funcDepth == 0 {
		p.flow = flowNone
	}
	if p.flow != flowExit {
		p.status = status
	}
}

// runExitTrap runs the EXIT trap once.
func (p *proc) runExitTrap() {
	t, ok := p.traps.m["EXIT"]
	if !ok {
		return
	}
	p.traps = p.traps.own()
	delete(p.traps.m, "EXIT")
	action := t.action
	if action == "" {
		return
	}
	status := p.status
	p.flow = flowNone
	file, err := p.sh.parseCached(action)
	if err != nil {
		p.errorf("%s", err)
		return
	}
	p.inTrap = "EXIT"
	p.stmts(file.Stmts)
	p.inTrap = ""
	if p.flow == flowExit {
		p.status = p.exitCode
	} else {
		p.status = status
	}
	p.flow = flowNone
}

// debugTrap runs the DEBUG trap before a command (setting
// $BASH_COMMAND); with extdebug, a failing trap skips the command.
func (p *proc) debugTrap(cmd syntax.Node) bool {
	if p.inTrap == "" {
		p.cmdNode = cmd
	}
	action, ok := p.trapFor("DEBUG")
	// the DEBUG trap runs in other traps' actions too, but not below
	// its own
	if !ok || action == "" || p.running&runningDebug != 0 {
		return false
	}
	p.runTrap("DEBUG", action)
	return p.flow != flowNone || p.opts.has(optExtdebug) && p.status != 0
}

// debugTrapText is debugTrap for a command shown as text (for loops),
// made only when the trap runs.
func (p *proc) debugTrapText(text func() string) bool {
	action, ok := p.trapFor("DEBUG")
	if !ok || action == "" || p.running&runningDebug != 0 {
		return false
	}
	p.cmdNode = nil
	p.cmdText = text()
	p.runTrap("DEBUG", action)
	return p.flow != flowNone || p.opts.has(optExtdebug) && p.status != 0
}

// bashCommand is $BASH_COMMAND.
func (p *proc) bashCommand() string {
	if p.cmdNode == nil {
		return p.cmdText
	}
	return nodeText(p.cmdNode, true)
}

// parseCached parses program text run more than once (traps, eval in
// loops).
func (s *Shell) parseCached(src string) (*syntax.File, error) {
	if f, ok := s.parsed.Load(src); ok {
		return f.(*syntax.File), nil
	}
	f, text, err := Parse(src, "")
	if err != nil {
		return nil, err
	}
	prepare(f, text)
	s.parsed.Store(src, f)
	return f, nil
}

// signal queues sig on p and wakes it if it waits.
func (p *proc) signal(sig int) {
	p.sigMu.Lock()
	p.pending = append(p.pending, sig)
	if p.wake != nil {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
	p.sigMu.Unlock()
	p.hasPending.Store(true)
	trapped := sig < 64 && p.trapMask.Load()&(1<<sig) != 0
	if !trapped && defaultKills(sig) && p.canceled != nil {
		// a job with no trap for it dies at once, even inside a command
		p.killedBy.Store(int32(sig))
		p.canceled()
	}
}

// defaultKills reports whether a signal's default action ends a process.
func defaultKills(sig int) bool {
	switch signalName(sig) {
	case "CHLD", "CONT", "URG", "WINCH", "STOP", "TSTP", "TTIN", "TTOU":
		return false
	}
	return true
}

// handleSignals runs the traps of the signals that arrived, or ends the
// proc for those without one.
func (p *proc) handleSignals() {
	if !p.hasPending.Load() {
		return
	}
	p.sigMu.Lock()
	sigs := p.pending
	p.pending = nil
	p.hasPending.Store(false)
	p.sigMu.Unlock()
	for _, sig := range sigs {
		t, trapped := p.traps.m[signalName(sig)]
		if trapped {
			action := t.action
			if action != "" {
				p.runTrap(signalName(sig), action)
			}
			continue
		}
		if !defaultKills(sig) {
			continue
		}
		if p.flow == flowNone || p.flow == flowReturn {
			p.status = 128 + sig
			p.flow, p.exitCode = flowExit, 128+sig
			if p == p.sh.main {
				p.sh.killed = sig
			}
		}
		return
	}
}

// procs finds a live proc by pid, for kill.
type procRegistry struct {
	mu sync.Mutex
	m  map[int]*proc
}

func (r *procRegistry) add(p *proc) {
	r.mu.Lock()
	if r.m == nil {
		r.m = map[int]*proc{}
	}
	r.m[p.pid] = p
	r.mu.Unlock()
}

func (r *procRegistry) remove(p *proc) {
	r.mu.Lock()
	if r.m[p.pid] == p {
		delete(r.m, p.pid)
	}
	r.mu.Unlock()
}

func (r *procRegistry) get(pid int) *proc {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.m[pid]
}

// trapBuiltin is trap [-lp] [[ACTION] SIGNAL...].
func trapBuiltin(p *proc, args []string) int {
	if len(args) > 1 && args[1] == "-" {
		// trap - SIG: reset, not an option
		args = append([]string{"trap", "--"}, args[1:]...)
	}
	seen, args, ok := p.flags(args, "lpP", "trap [-lp] [[arg] signal_spec ...]")
	if !ok {
		return 2
	}
	if seen.has("l") {
		p.printSignals()
		return 0
	}
	list := seen.has("p") || seen.has("P")
	if len(args) == 0 || list {
		p.printTraps(args)
		return 0
	}
	action := args[0]
	sigs := args[1:]
	if len(sigs) == 0 {
		// trap SIG: reset
		sigs, action = args, "-"
	} else if _, err := strconv.Atoi(action); err == nil {
		// trap 0 1: a number first means reset them all
		sigs, action = args, "-"
	}
	status := 0
	for _, s := range sigs {
		n, name, ok := signalByName(s, true)
		if !ok {
			p.errorf("trap: %s: invalid signal specification", s)
			status = 1
			continue
		}
		key := trapKey(n, name)
		p.traps = p.traps.own()
		if action == "-" {
			delete(p.traps.m, key)
		} else {
			p.traps.m[key] = trapDef{action: action, call: p.callID}
		}
	}
	p.updateTrapMask()
	return status
}

// trapOrder is the order trap lists traps in.
func trapOrder() []string {
	order := []string{"EXIT"}
	order = append(order, signalNames...)
	for n := 34; n <= 64; n++ {
		order = append(order, rtName(n))
	}
	return append(order, "DEBUG", "ERR", "RETURN")
}

func (p *proc) printTraps(want []string) {
	var b strings.Builder
	if len(want) > 0 {
		for _, s := range want {
			n, name, ok := signalByName(s, true)
			if !ok {
				p.errorf("trap: %s: invalid signal specification", s)
				continue
			}
			key := trapKey(n, name)
			if t, ok := p.traps.m[key]; ok {
				b.WriteString(trapLine(key, t.action))
			}
		}
	} else {
		for _, key := range trapOrder() {
			if t, ok := p.traps.m[key]; ok {
				b.WriteString(trapLine(key, t.action))
			}
		}
	}
	p.writeOut(b.String())
}

func trapLine(key, action string) string {
	name := key
	if n, _, ok := signalByName(key, false); ok && n > 0 {
		name = "SIG" + key
	}
	return "trap -- " + singleQuote(action) + " " + name + "\n"
}

func (p *proc) printSignals() {
	var b strings.Builder
	col := 0
	emit := func(n int) {
		b.WriteString(pad2(n) + ") SIG" + signalName(n))
		col++
		if col%5 == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte('\t')
		}
	}
	for n := 1; n <= len(signalNames); n++ {
		emit(n)
	}
	for n := 34; n <= 64; n++ {
		emit(n)
	}
	if col%5 != 0 {
		b.WriteByte('\n')
	}
	p.writeOut(b.String())
}

func pad2(n int) string {
	if n < 10 {
		return " " + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// killBuiltin is kill [-s SIG | -n NUM | -SIG] PID|%JOB... and kill -l.
func killBuiltin(p *proc, args []string) int {
	args = args[1:]
	sig := 15
	if len(args) == 0 {
		p.writeErr("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n")
		return 2
	}
	switch a := args[0]; {
	case a == "-l" || a == "-L":
		return p.killList(args[1:])
	case a == "-s" || a == "-n":
		if len(args) < 2 {
			p.errorf("kill: %s: option requires an argument", a)
			return 2
		}
		n, _, ok := signalByName(args[1], false)
		if !ok {
			p.errorf("kill: %s: invalid signal specification", args[1])
			return 1
		}
		sig, args = n, args[2:]
	case a == "--":
		args = args[1:]
	case len(a) > 1 && a[0] == '-':
		n, _, ok := signalByName(a[1:], false)
		if !ok {
			p.errorf("kill: %s: invalid signal specification", a[1:])
			return 1
		}
		sig, args = n, args[1:]
	}
	status := 0
	for _, target := range args {
		if !p.kill(target, sig) {
			status = 1
		}
	}
	return status
}

func (p *proc) killList(args []string) int {
	if len(args) == 0 {
		p.printSignals()
		return 0
	}
	status := 0
	for _, a := range args {
		if n, err := strconv.Atoi(a); err == nil {
			if n > 128 {
				n -= 128
			}
			if n == 0 {
				p.writeOut("EXIT\n") // bash names the pseudo-signal of trap
				continue
			}
			if name := signalName(n); name != strconv.Itoa(n) {
				p.writeOut(name + "\n")
				continue
			}
		} else if n, _, ok := signalByName(a, false); ok {
			p.writeOut(strconv.Itoa(n) + "\n")
			continue
		}
		p.errorf("kill: %s: invalid signal specification", a)
		status = 1
	}
	return status
}

// kill sends sig to the proc or job target names.
func (p *proc) kill(target string, sig int) bool {
	var victims []*proc
	if strings.HasPrefix(target, "%") {
		j := p.jobs.find(target)
		if j == nil {
			p.errorf("kill: %s: no such job", target)
			return false
		}
		victims = append(victims, j.p)
	} else {
		pid, err := strconv.Atoi(target)
		if err != nil {
			p.errorf("kill: %s: arguments must be process or job IDs", target)
			return false
		}
		v := p.sh.procByPid(pid)
		if v == nil {
			// another shell of the host's (the caller of a nested shell)
			if p.sh.cfg.Signal != nil && p.sh.cfg.Signal(pid, sig) {
				return true
			}
			p.errorf("kill: (%d) - No such process", pid)
			return false
		}
		victims = append(victims, v)
	}
	if sig == 0 {
		return true
	}
	for _, v := range victims {
		v.signal(sig)
	}
	return true
}

// procByPid finds a live proc of this shell by its process id.
func (s *Shell) procByPid(pid int) *proc {
	if pid == s.cfg.Pid {
		return s.main
	}
	return s.procs.get(pid)
}

// Signal delivers sig to the proc of this shell whose process id is pid
// (kill from another shell of the host); it reports whether there is
// one. Signal 0 only asks.
func (s *Shell) Signal(pid, sig int) bool {
	p := s.procByPid(pid)
	if p == nil {
		return false
	}
	if sig != 0 {
		p.signal(sig)
	}
	return true
}
