//go:build unix

package mcp

// This is the one file of moonix that imports os/exec: stdio MCP servers
// are host programs, started only when the session holds process.spawn
// on their command (the gate wraps StartHost; see GateStarter).

import (
	"context"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// StartHost starts c as a host process in a process group of its own,
// with exactly c.Env as its environment, its standard error to c.Stderr.
// ctx bounds the start only: the process lives until Stop.
func StartHost(ctx context.Context, c *Cmd) (Process, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Env = append([]string{}, c.Env...)
	cmd.Dir = c.Dir
	cmd.Stderr = c.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// A child of the server that keeps its standard error open must not
	// keep Wait from returning once the server is gone.
	cmd.WaitDelay = StopGrace
	// Plain pipes rather than StdinPipe/StdoutPipe: Wait closes those as
	// soon as the process exits, and a last answer still in the pipe
	// would be lost.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	stdin, stdout := inW, outR
	p := &hostProc{cmd: cmd, stdin: stdin, stdout: stdout, done: make(chan struct{})}
	go func() {
		err := cmd.Wait()
		p.exit = "exit status 0"
		if err != nil {
			p.exit = err.Error()
		}
		close(p.done)
	}()
	return p, nil
}

type hostProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *os.File
	done   chan struct{}
	exit   string
	once   sync.Once
}

func (p *hostProc) Stdin() io.WriteCloser { return p.stdin }
func (p *hostProc) Stdout() io.Reader     { return p.stdout }
func (p *hostProc) Pid() int              { return p.cmd.Process.Pid }
func (p *hostProc) Done() <-chan struct{} { return p.done }
func (p *hostProc) Exit() string          { <-p.done; return p.exit }

// Stop closes standard input, waits, sends SIGTERM to the process group,
// waits, then SIGKILL; whatever is left of the group once the process is
// gone gets SIGTERM too, so that a wrapper's children (npx's node) do not
// outlive it.
func (p *hostProc) Stop() {
	p.once.Do(func() {
		p.stdin.Close()
		pgid := -p.cmd.Process.Pid
		for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
			select {
			case <-p.done:
				syscall.Kill(pgid, syscall.SIGTERM)
				return
			case <-time.After(StopGrace):
			}
			syscall.Kill(pgid, sig)
		}
		<-p.done
	})
	// a child that kept the server's standard output open must not keep
	// a read waiting
	p.stdout.Close()
}
