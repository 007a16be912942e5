package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
	"github.com/moonix-sh/moonix/wasm"
)

// newCall starts a Call for the session: identity, clock, filesystem and the
// way back into the exec chain.
func (s *Session) newCall(ctx context.Context, args []string, dir string, env []string) *builtins.Call {
	return &builtins.Call{
		Ctx:      ctx,
		Args:     args,
		Dir:      dir,
		Env:      env,
		FS:       s.fs,
		Clock:    s.clock,
		Rand:     s.rand,
		Who:      s.who,
		Umask:    s.getUmask(),
		Exec:     s.exec,
		MemLimit: s.limits().Memory,
		MemWatch: func(ctx context.Context) (context.Context, func() bool) {
			return watchBudget(ctx, s.limits().valueMemory())
		},
		Disk: s.disk,
	}
}

// execFunc runs a command and returns its exit status.
type execFunc func(c *builtins.Call) int

// execLink is one link of the exec chain: one concern, then the rest of
// the chain (next), or not.
type execLink func(next execFunc) execFunc

// newExecChain builds the session's exec path from its links, in the
// order the package doc gives. It ends in the search of PATH
// (execOnPath), which says "command not found" when nothing is found:
// nothing falls through to the host.
func (s *Session) newExecChain() execFunc {
	links := []execLink{
		recoverPanic, reportFullDisk, stopIfCanceled, s.tickClock, s.recordReads,
		s.runPathName,
	}
	run := func(c *builtins.Call) int { return s.execOnPath(c, c.Args[0]) }
	for i := len(links) - 1; i >= 0; i-- {
		run = links[i](run)
	}
	return run
}

// exec is the session's one exec path (see the package doc): every
// command that is not a function or a shell builtin comes this way, from
// the engine and from builtins.Call.Exec. It returns the
// command's exit status and never runs a host program.
func (s *Session) exec(c *builtins.Call) int { return s.execChain(c) }

// recoverPanic ends a command that panics, not the process: commands run
// on goroutines moonix does not own (a pipeline's, a background job's,
// xargs -P's).
func recoverPanic(next execFunc) execFunc {
	return func(c *builtins.Call) (status int) {
		defer func() {
			if v := recover(); v != nil {
				status = internalError(c.Stderr, v)
			}
		}()
		return next(c)
	}
}

// reportFullDisk fails a command whose output could not all be written
// for want of room (ENOSPC, EFBIG), and that says nothing of it, as GNU's
// commands do: "NAME: write error: REASON", status 1.
func reportFullDisk(next execFunc) execFunc {
	return func(c *builtins.Call) int {
		out := c.Stdout
		w := &spaceWatch{w: out}
		c.Stdout = w
		status := next(c)
		c.Stdout = out
		if status == 0 && w.err != nil {
			fmt.Fprintf(c.Stderr, "%s: write error: %s\n", c.Name(), builtins.Reason(w.err))
			status = 1
		}
		return status
	}
}

// spaceWatch passes output on and keeps the first error that says the
// filesystem is full.
type spaceWatch struct {
	w   io.Writer
	err error
}

func (s *spaceWatch) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil && s.err == nil && (errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EFBIG)) {
		s.err = err
	}
	return n, err
}

// stopIfCanceled runs nothing once the run is canceled: status 130.
func stopIfCanceled(next execFunc) execFunc {
	return func(c *builtins.Call) int {
		if c.Ctx.Err() != nil {
			return 130
		}
		return next(c)
	}
}

// tickClock ticks the logical clock once per command that comes this
// way; shell builtins such as echo and assignments do not.
func (s *Session) tickClock(next execFunc) execFunc {
	return func(c *builtins.Call) int {
		s.tick()
		return next(c)
	}
}

// recordReads hands the command a clock and a random source whose real
// reads go to the effect log when it ends (see reads.go).
func (s *Session) recordReads(next execFunc) execFunc {
	return func(c *builtins.Call) int {
		clk, rnd := c.Clock, c.Rand
		r, rclk, rrnd := s.recorded(c.Name())
		if s.clockGated {
			c.Clock = rclk
		}
		c.Rand = rrnd
		defer func() {
			s.flushReads(r)
			c.Clock, c.Rand = clk, rnd
		}()
		return next(c)
	}
}

// runPathName runs a name with a slash as the file it names (execPath).
func (s *Session) runPathName(next execFunc) execFunc {
	return func(c *builtins.Call) int {
		if strings.Contains(c.Args[0], "/") {
			return s.execPath(c, c.Args[0])
		}
		return next(c)
	}
}

// commandFor returns the runner of a command that is not a file: a nested
// shell, a shell command or a builtin.
func (s *Session) commandFor(name string) func(*builtins.Call) int {
	if cmd, ok := lookupShellCommand(name); ok {
		return func(c *builtins.Call) int { return cmd.run(s, c) }
	}
	if cmd := s.commands.Lookup(name); cmd != nil {
		return func(c *builtins.Call) int { return builtins.Run(cmd, c) }
	}
	if run := s.cfg.Commands[name]; run != nil {
		return run
	}
	return nil
}

// binDirs are where a script may name a builtin by path (#!/bin/sh,
// /usr/bin/env): in /bin and /usr/bin the commands stand as files, in
// the others a command stands where no such file exists.
var binDirs = map[string]bool{"/bin": true, "/usr/bin": true, "/usr/local/bin": true, "/sbin": true, "/usr/sbin": true}

// execPath runs a command given with a slash.
func (s *Session) execPath(c *builtins.Call, name string) int {
	p := c.Abs(name)
	info, err := s.fs.Stat(p)
	if missing := errors.Is(err, fs.ErrNotExist); err == nil || missing {
		if base, ok := s.standsFor(p, missing); ok {
			return s.exec(c.Sub(append([]string{base}, c.Args[1:]...)...))
		}
	}
	if err != nil {
		execFail(c, name, err)
		if errors.Is(err, fs.ErrPermission) {
			return 126
		}
		return 127
	}
	if info.IsDir() {
		fmt.Fprintf(c.Stderr, "moonix: %s: is a directory\n", name)
		return 126
	}
	return s.execFile(c, p)
}

// execFile runs the file name (found on PATH or named by path; relative
// to the working directory when its PATH entry is relative, and then
// handed on as found, as $0 of a script, say).
func (s *Session) execFile(c *builtins.Call, name string) int {
	p := c.Abs(name)
	info, err := s.fs.Stat(p)
	if err != nil {
		execFail(c, c.Args[0], err)
		return 127
	}
	if info.Mode().Perm()&0o100 == 0 {
		fmt.Fprintf(c.Stderr, "moonix: %s: permission denied\n", c.Args[0])
		return 126
	}
	// the path the gate checks for every other operation on p
	real, err := caps.Resolve(s.fs, p)
	if err != nil {
		execFail(c, c.Args[0], err)
		return 126
	}
	if err := s.gate.Check(caps.FSExec, "exec", real); err != nil {
		fmt.Fprintf(c.Stderr, "moonix: %v\n", err)
		return 126
	}
	head, err := readHead(s.fs, p)
	if err != nil {
		execFail(c, c.Args[0], err)
		return 126
	}
	if wasm.IsModule(head) {
		return s.runWasm(c, p)
	}
	if bytes.IndexByte(head, 0) >= 0 {
		fmt.Fprintf(c.Stderr, "moonix: %s: cannot execute binary file\n", c.Args[0])
		return 126
	}
	if interp, arg, ok := shebang(head); ok && !isShell(path.Base(interp)) {
		args := []string{interp}
		if arg != "" {
			args = append(args, arg)
		}
		args = append(args, name)
		return s.exec(c.Sub(append(args, c.Args[1:]...)...))
	}
	return s.nested(c, []string{"sh", name}, c.Args[1:])
}

// runWasm runs the WebAssembly module in the file p: argv as typed, the
// exported environment, the working directory, the call's streams, the
// session's gated VFS as its filesystem (with /dev/stdin and friends
// bound to the streams), and the command's clock and random source, whose
// real reads exec records when the command ends.
func (s *Session) runWasm(c *builtins.Call, p string) int {
	module, err := vfs.ReadFile(s.fs, p)
	if err != nil {
		execFail(c, c.Args[0], err)
		return 126
	}
	status, err := s.wasm.Run(c.Ctx, &wasm.Program{
		Module: module, Args: c.Args, Env: c.Env, Dir: c.Dir,
		Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr,
		FS:    builtins.WithStdio(s.fs, c.Stdin, c.Stdout, c.Stderr),
		Umask: c.Umask, Clock: c.Clock, Rand: c.Rand,
	})
	if err != nil {
		fmt.Fprintf(c.Stderr, "moonix: %s: %v\n", c.Args[0], err)
	}
	return status
}

// internalError reports v, a recovered panic, on one line, and returns the
// status of the command it ended.
func internalError(w io.Writer, v any) int {
	fmt.Fprintf(w, "moonix: internal error: %s\n", oneLine(v))
	return 1
}

// oneLine is v printed on one line.
func oneLine(v any) string { return strings.ReplaceAll(fmt.Sprint(v), "\n", " ") }

// execFail reports why the file name cannot run: a capability denial as
// the gate words it, anything else as "moonix: NAME: reason".
func execFail(c *builtins.Call, name string, err error) {
	if !c.FailDenied(err) {
		fmt.Fprintf(c.Stderr, "moonix: %s: %s\n", name, builtins.Reason(err))
	}
}

// readHead reads the start of a file: enough for a shebang and a magic number.
func readHead(fsys vfs.FS, p string) ([]byte, error) {
	f, err := fsys.OpenFile(p, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, 512)
	n, err := f.Read(buf)
	if n == 0 && err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}

// shebang parses "#!interp [arg]" from the first line.
func shebang(head []byte) (interp, arg string, ok bool) {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return "", "", false
	}
	line, _, _ := bytes.Cut(head[2:], []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return "", "", false
	}
	interp = fields[0]
	if len(fields) > 1 {
		arg = strings.Join(fields[1:], " ")
	}
	if path.Base(interp) == "env" && arg != "" && !strings.HasPrefix(arg, "-") {
		interp, arg = arg, ""
	}
	return interp, arg, true
}

func isShell(name string) bool {
	switch name {
	case "sh", "bash", "dash", "ash", "ksh", "moonix":
		return true
	}
	return false
}

type lookupKind int

const (
	kindNone lookupKind = iota
	kindBuiltin
	kindFile
)

// lookup finds what name runs as, in the exec chain's order: builtins of
// any kind, then executable files on PATH in the VFS (NAME, then
// NAME.wasm, in each directory).
func (s *Session) lookup(c *builtins.Call, name string) (lookupKind, string) {
	if s.eng != nil && !strings.Contains(name, "/") {
		return s.lookupOnPath(c, name)
	}
	if strings.Contains(name, "/") {
		p := c.Abs(name)
		if info, err := s.fs.Stat(p); err == nil && !info.IsDir() && info.Mode().Perm()&0o100 != 0 {
			return kindFile, name
		}
		return kindNone, ""
	}
	if s.isShellBuiltin(name) || s.commandFor(name) != nil {
		return kindBuiltin, name
	}
	if p, _ := s.searchPath(c, name); p != "" {
		return kindFile, p
	}
	return kindNone, ""
}

// searchPath looks for name along PATH: in each directory, the file NAME,
// then NAME.wasm. exe is the first executable one (relative to the
// working directory when its PATH entry is relative); noExec the first
// file found without the execute bit, when there is no executable one.
func (s *Session) searchPath(c *builtins.Call, name string) (exe, noExec string) {
	names := []string{name}
	if !strings.HasSuffix(name, wasmSuffix) {
		names = append(names, name+wasmSuffix)
	}
	pathVar, _ := c.LookupEnv("PATH")
	for _, dir := range strings.Split(pathVar, ":") {
		if dir == "" {
			dir = "."
		}
		for _, n := range names {
			p := vfs.Clean(c.Dir, dir+"/"+n)
			info, err := s.fs.Stat(p)
			if err != nil || info.IsDir() {
				continue
			}
			if info.Mode().Perm()&0o100 == 0 {
				if noExec == "" {
					noExec = p
				}
				continue
			}
			if !strings.HasPrefix(dir, "/") {
				return path.Join(dir, n), ""
			}
			return p, ""
		}
	}
	return "", noExec
}

// wasmSuffix is what a WebAssembly program's file name may add to the
// command name.
const wasmSuffix = ".wasm"
