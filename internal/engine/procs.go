package engine

import (
	"mvdan.cc/sh/v3/syntax"
	"slices"
	"time"
)

// Process is a process of a shell as ps lists it: a background job, or
// a subshell or pipeline stage that was given a process id ($!,
// $BASHPID). The shell itself is not one: its caller knows it.
type Process struct {
	Pid, Ppid int
	// Args is the command the process runs now; nil while it runs the
	// shell's own code.
	Args []string
	// Start is when it was given its process id, by Config.ProcClock.
	Start time.Time
}

// Processes lists the shell's live processes that have a process id,
// by pid. It is safe for concurrent use.
func (s *Shell) Processes() []Process {
	live := s.procs.byProc()
	list := make([]Process, 0, len(live))
	for p, pid := range live {
		pr := Process{Pid: pid, Ppid: s.parentPid(p, live), Start: p.started}
		if args := p.execArgs.Load(); args != nil {
			pr.Args = *args
		}
		list = append(list, pr)
	}
	slices.SortFunc(list, func(a, b Process) int { return a.Pid - b.Pid })
	return list
}

// parentPid is the pid of the nearest proc above p that has one.
func (s *Shell) parentPid(p *proc, live map[*proc]int) int {
	for q := p.parent; q != nil; q = q.parent {
		if q == s.main {
			break
		}
		if pid, ok := live[q]; ok {
			return pid
		}
	}
	return s.cfg.Pid
}

// Process tells which process runs the command: own is true when it
// runs as a process of its own (a job, a subshell with a pid), which
// Shell.Processes lists; otherwise pid is the process it runs under
// (the shell's, or a job's), whose child it is.
func (c *Command) Process() (pid int, own bool) {
	s := c.p.sh
	live := s.procs.byProc()
	if pid, ok := live[c.p]; ok && c.p != s.main {
		return pid, true
	}
	if c.p == s.main {
		return s.cfg.Pid, false
	}
	return s.parentPid(c.p, live), false
}

// presetArgs shows a job that is a simple command of literal words as
// that command from its start (ps, pidof), before its goroutine gets to
// run it, as the process bash forks for it is at once: `sleep 9 &; ps`
// lists sleep. Words with expansions, functions and the shell's own
// builtins are shown once they run, as what they run.
func (p *proc) presetArgs(call *syntax.CallExpr) {
	if len(call.Args) == 0 {
		return
	}
	args := make([]string, len(call.Args))
	for i, w := range call.Args {
		if args[i] = w.Lit(); args[i] == "" {
			return
		}
	}
	if _, ok := p.funcs.m[args[0]]; ok || IsBuiltin(args[0]) {
		return
	}
	p.execArgs.Store(&args)
}

// byProc is the live procs with their pids.
func (r *procRegistry) byProc() map[*proc]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	live := make(map[*proc]int, len(r.m))
	for pid, p := range r.m {
		live[p] = pid
	}
	return live
}
