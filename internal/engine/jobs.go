package engine

import (
	"context"
	"strconv"
	"strings"
	"sync"
)

func contextWithCancel(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithCancel(parent)
}

// job is a background command of a shell.
type job struct {
	id     int
	p      *proc
	text   string
	hidden bool // a process substitution: not listed by jobs
	// procOut is the shell's side of a >(...): once nothing holds it,
	// the substitution's output ends with the command.
	procOut *ofile
	done    chan struct{}
	status  int
	// reported: jobs printed it as done, so it is gone.
	reported bool
}

func (j *job) finish(status int) {
	if k := j.p.killedBy.Load(); k != 0 {
		status = 128 + int(k)
	}
	j.status = status
	close(j.done)
}

func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// jobTable is a shell's background jobs.
type jobTable struct {
	mu   sync.Mutex
	jobs []*job
	// inherited are the jobs of the shell a subshell was forked from:
	// jobs lists them, nothing waits for them.
	inherited []*job
	// changed is signalled when a job finishes, for wait -n.
}

func (t *jobTable) add(c *proc, st any, text string) *job {
	t.mu.Lock()
	defer t.mu.Unlock()
	id := 1
	for _, j := range t.jobs {
		if !j.hidden && j.id >= id {
			id = j.id + 1
		}
	}
	j := &job{id: id, p: c, text: text, done: make(chan struct{})}
	t.jobs = append(t.jobs, j)
	return j
}

func (t *jobTable) addHidden(c *proc) *job {
	t.mu.Lock()
	defer t.mu.Unlock()
	j := &job{p: c, hidden: true, done: make(chan struct{})}
	t.jobs = append(t.jobs, j)
	return j
}

// prune drops the finished process substitutions but the one of pid
// keep ($!, for wait $!).
func (t *jobTable) prune(keep int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	kept := t.jobs[:0]
	for _, j := range t.jobs {
		if !j.hidden || !j.finished() || j.p.pid == keep {
			kept = append(kept, j)
		}
	}
	clear(t.jobs[len(kept):])
	t.jobs = kept
}

// visible lists the jobs jobs shows.
func (t *jobTable) visible() []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]*job(nil), t.inherited...)
	for _, j := range t.jobs {
		if !j.hidden {
			out = append(out, j)
		}
	}
	return out
}

// inherit is the table of a subshell of t's shell.
func (t *jobTable) inherit() *jobTable {
	return &jobTable{inherited: t.visible()}
}

func (t *jobTable) all() []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]*job(nil), t.jobs...)
}

func (t *jobTable) remove(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, k := range t.inherited {
		if k == j {
			t.inherited = append(t.inherited[:i:i], t.inherited[i+1:]...)
			return
		}
	}
	for i, k := range t.jobs {
		if k == j {
			t.jobs = append(t.jobs[:i], t.jobs[i+1:]...)
			break
		}
	}
	j.p.sh.procs.remove(j.p)
}

// current is job %+ (the newest), previous %-.
func (t *jobTable) current(offset int) *job {
	vis := t.visible()
	if len(vis)-1-offset < 0 {
		return nil
	}
	return vis[len(vis)-1-offset]
}

// find resolves a job spec: %N, %%, %+, %-, %string, %?string.
func (t *jobTable) find(spec string) *job {
	s := strings.TrimPrefix(spec, "%")
	switch s {
	case "", "%", "+":
		return t.current(0)
	case "-":
		return t.current(1)
	}
	if n, err := strconv.Atoi(s); err == nil {
		for _, j := range t.visible() {
			if j.id == n {
				return j
			}
		}
		return nil
	}
	for _, j := range t.visible() {
		if q, ok := strings.CutPrefix(s, "?"); ok {
			if strings.Contains(j.text, q) {
				return j
			}
		} else if strings.HasPrefix(j.text, s) {
			return j
		}
	}
	return nil
}

// byPid finds a job by its process id.
func (t *jobTable) byPid(pid int) *job {
	for _, j := range t.all() {
		if j.p.getPid() == pid {
			return j
		}
	}
	return nil
}

// jobsBuiltin is jobs [-lpnrs] [JOBSPEC...].
func jobsBuiltin(p *proc, args []string) int {
	seen, specs, ok := p.flags(args, "lnprs", "jobs [-lnprs] [jobspec ...] or jobs -x command [args]")
	if !ok {
		return 2
	}
	long, pids, running, stopped := seen.has("l"), seen.has("p"), seen.has("r"), seen.has("s")
	list := p.jobs.visible()
	if len(specs) > 0 {
		list = nil
		for _, s := range specs {
			j := p.jobs.find(s)
			if j == nil {
				p.errorf("jobs: %s: no such job", s)
				return 1
			}
			list = append(list, j)
		}
	}
	cur, prev := p.jobs.current(0), p.jobs.current(1)
	var b strings.Builder
	for _, j := range list {
		done := j.finished()
		if running && done || stopped {
			continue
		}
		if pids {
			b.WriteString(strconv.Itoa(j.p.getPid()) + "\n")
			continue
		}
		mark := " "
		switch j {
		case cur:
			mark = "+"
		case prev:
			mark = "-"
		}
		state := "Running"
		if done {
			state = "Done"
			if j.status != 0 {
				state = "Exit " + strconv.Itoa(j.status)
				if j.status > 128 {
					state = signalDescription(j.status - 128)
				}
			}
		}
		b.WriteString("[" + strconv.Itoa(j.id) + "]" + mark + "  ")
		if long {
			b.WriteString(strconv.Itoa(j.p.getPid()) + " ")
		}
		text := j.text
		if !done {
			text += " &"
		}
		b.WriteString(padRight(state, 24) + text + "\n")
		if done {
			p.jobs.remove(j)
		}
	}
	p.writeOut(b.String())
	return 0
}

func padRight(s string, n int) string {
	if len(s) >= n {
		return s + " "
	}
	return s + strings.Repeat(" ", n-len(s))
}

// signalDescription is how jobs describes a job killed by sig: the C
// library's strsignal.
func signalDescription(sig int) string {
	if sig >= 1 && sig <= len(signalTexts) {
		return signalTexts[sig-1]
	}
	if sig >= 34 && sig <= 64 {
		return "Real-time signal " + strconv.Itoa(sig-34)
	}
	return "Unknown signal " + strconv.Itoa(sig)
}

// signalTexts are glibc's descriptions of signals 1 to 31.
var signalTexts = []string{
	"Hangup", "Interrupt", "Quit", "Illegal instruction", "Trace/breakpoint trap",
	"Aborted", "Bus error", "Floating point exception", "Killed", "User defined signal 1",
	"Segmentation fault", "User defined signal 2", "Broken pipe", "Alarm clock", "Terminated",
	"Stack fault", "Child exited", "Continued", "Stopped (signal)", "Stopped",
	"Stopped (tty input)", "Stopped (tty output)", "Urgent I/O condition", "CPU time limit exceeded",
	"File size limit exceeded", "Virtual timer expired", "Profiling timer expired", "Window changed",
	"I/O possible", "Power failure", "Bad system call",
}

// reportKilled says, as bash does when wait reaps it, that a job died of
// a signal (but SIGINT, SIGPIPE and SIGTERM: bash is built with
// DONT_REPORT_SIGPIPE and DONT_REPORT_SIGTERM).
func (p *proc) reportKilled(j *job) {
	sig := int(j.p.killedBy.Load())
	if sig == 0 || sig == 2 || sig == 13 || sig == 15 {
		return
	}
	p.errorf("%5d %-24s%s", j.p.getPid(), signalDescription(sig), j.text)
}

// waitBuiltin is wait [-n] [-p VAR] [ID...].
func waitBuiltin(p *proc, args []string) int {
	seen, vals, args, ok := p.options(args, "fnp:", "wait [-fn] [-p var] [id ...]")
	if !ok {
		return 2
	}
	any, varName := seen.has("n"), vals['p']
	if varName != "" {
		p.unsetVar(varName, false)
	}
	if any {
		var pool []*job
		if len(args) == 0 {
			for _, j := range p.jobs.all() {
				if !j.hidden {
					pool = append(pool, j)
				}
			}
		} else {
			for _, a := range args {
				if j := p.jobArg(a); j != nil {
					pool = append(pool, j)
				} else {
					p.errorf("wait: %s: no such job", a)
				}
			}
		}
		if len(pool) == 0 {
			return 127
		}
		j, ok := p.waitAny(pool)
		if !ok {
			return 128 + p.interruptSig()
		}
		if varName != "" {
			p.setVar(varName, strconv.Itoa(j.p.getPid()))
		}
		p.jobs.remove(j)
		return j.status
	}
	if len(args) == 0 {
		for _, j := range p.jobs.all() {
			if !p.waitJob(j) {
				return 128 + p.interruptSig()
			}
			if !j.hidden {
				// bash forgets finished jobs after wait
				p.jobs.remove(j)
			}
		}
		return 0
	}
	status := 0
	for _, a := range args {
		j := p.jobArg(a)
		if j == nil {
			if strings.HasPrefix(a, "%") {
				p.errorf("wait: %s: no such job", a)
			} else if _, err := strconv.Atoi(a); err != nil {
				p.errorf("wait: `%s': not a pid or valid job spec", a)
				status = 1
				continue
			} else {
				p.errorf("wait: pid %s is not a child of this shell", a)
			}
			status = 127
			continue
		}
		if !p.waitJob(j) {
			return 128 + p.interruptSig()
		}
		p.reportKilled(j)
		status = j.status
		if varName != "" {
			p.setVar(varName, strconv.Itoa(j.p.getPid()))
		}
		p.jobs.remove(j)
	}
	return status
}

func (p *proc) jobArg(a string) *job {
	if strings.HasPrefix(a, "%") {
		return p.jobs.find(a)
	}
	pid, err := strconv.Atoi(a)
	if err != nil {
		return nil
	}
	return p.jobs.byPid(pid)
}

// waitJob waits for j; false when a signal with a trap (or the end of
// the context) interrupted the wait.
func (p *proc) waitJob(j *job) bool {
	wake := p.wakeChan()
	select {
	case <-j.done:
		return true
	case <-wake:
		return false
	case <-p.ctx.Done():
		return false
	}
}

func (p *proc) waitAny(pool []*job) (*job, bool) {
	for _, j := range pool {
		if j.finished() {
			return j, true
		}
	}
	wake := p.wakeChan()
	done := make(chan *job, len(pool))
	stop := make(chan struct{})
	defer close(stop)
	for _, j := range pool {
		go func(j *job) {
			select {
			case <-j.done:
				done <- j
			case <-stop:
			}
		}(j)
	}
	select {
	case j := <-done:
		return j, true
	case <-wake:
		return nil, false
	case <-p.ctx.Done():
		return nil, false
	}
}

// wakeChan is the channel a signal sent to p wakes it on.
func (p *proc) wakeChan() chan struct{} {
	p.sigMu.Lock()
	defer p.sigMu.Unlock()
	if p.wake == nil {
		p.wake = make(chan struct{}, 1)
	}
	if len(p.pending) > 0 {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
	return p.wake
}

// interruptSig is the signal that interrupted a wait.
func (p *proc) interruptSig() int {
	p.sigMu.Lock()
	defer p.sigMu.Unlock()
	if len(p.pending) > 0 {
		return p.pending[0]
	}
	return 2
}
