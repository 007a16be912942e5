package shell

import (
	"slices"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/engine"
)

// procClock is the clock process start times are read from: the logical
// one, never recorded, so that ps costs no effect and a replay shows the
// same times.
func (s *Session) procClock() time.Time {
	if s.logical != nil {
		return s.logical.Now()
	}
	return s.clock.Now()
}

// shellArgv is the session's command line as ps shows it: a nested
// shell's as it was started, the root session's "moonix" (with its
// script file).
func (s *Session) shellArgv() []string {
	if s.cfg.argv != nil {
		return s.cfg.argv
	}
	if s.cfg.ScriptFile {
		return []string{defaultName, s.cfg.Name}
	}
	return []string{defaultName}
}

// processes lists the processes of s's root session for c, the command
// asking (ps, pidof): every shell, the jobs and subshells with a pid
// each has, and c itself when it does not run as a job of its own (in
// bash, ps is a process too), with the id the next process will get.
func (s *Session) processes(c *engine.Command) []builtins.Process {
	now := s.procClock()
	var list []builtins.Process
	for _, sh := range s.shells.list() {
		argv := sh.shellArgv()
		list = append(list, builtins.Process{PID: sh.pid, PPID: sh.ppid, Args: argv, Shell: true, Start: sh.started})
		for _, p := range sh.eng.Processes() {
			pr := builtins.Process{PID: p.Pid, PPID: p.Ppid, Args: p.Args, Start: p.Start}
			if pr.Args == nil {
				pr.Args, pr.Shell = argv, true
			}
			list = append(list, pr)
		}
	}
	if pid, own := c.Process(); !own {
		// the next free id, not taken: a script's $! stays what it is
		// without ps, and two runs of a script give the same ids
		list = append(list, builtins.Process{PID: int(s.pids.Load()) + 1, PPID: pid, Args: c.Args, Start: now})
	}
	for i := range list {
		list[i].Elapsed = now.Sub(list[i].Start)
	}
	slices.SortFunc(list, func(a, b builtins.Process) int { return a.PID - b.PID })
	return list
}
