package conformance

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
)

// RepoRoot is where the sandbox pretends the Oils repository is
// ($REPO_ROOT): spec/bin holds the helpers as scripts, for cases that name
// them by path.
const RepoRoot = "/oils"

// CaseDir is both the working directory of a case and its $TMP, as in
// Oils' harness, which gives every case a fresh directory for both. It is
// empty, apart from _tmp for the files that ask for it (legacy_tmp_dir).
const CaseDir = "/tmp"

// Env is the environment a case starts with, beside moonix's defaults: like
// Oils' harness (TMP, PATH with spec/bin, LANG, REPO_ROOT), and SH naming
// moonix's nested shell.
var Env = []string{
	"TMP=" + CaseDir,
	"PATH=" + RepoRoot + "/spec/bin:/usr/bin:/bin",
	"LANG=en_US.UTF-8",
	"REPO_ROOT=" + RepoRoot,
	"SH=sh",
}

// Result is what one run of a script produced.
type Result struct {
	Stdout, Stderr string
	Status         int
	// TimedOut: the script ran out of time (Status is then moonix's 124,
	// or -1 when the session did not even return).
	TimedOut bool
	// Hung: the session did not return after its deadline; it was left
	// running.
	Hung bool
	// Panic holds the value and stack of a panic in the session, if any.
	Panic    string
	Duration time.Duration
}

// lockedBuffer is a bytes.Buffer safe for the concurrent writers of a
// pipeline or background job.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// NewFS returns the filesystem a case starts with: moonix's default tree
// plus the helper scripts under RepoRoot/spec/bin.
func NewFS() (vfs.FS, error) {
	t := vfs.NewDefault(vfs.Options{Uid: uint32(shell.DefaultIdentity.UID), Gid: uint32(shell.DefaultIdentity.GID)})
	bin := RepoRoot + "/spec/bin"
	if err := vfs.MkdirAll(t, bin, 0o755); err != nil {
		return nil, err
	}
	scripts := map[string]string{
		// The Oils repository has this one to test that foo\=bar is a
		// command name, not an assignment.
		"foo=bar": "#!/bin/sh\necho HI\n",
	}
	for name := range Helpers() {
		scripts[name] = "#!/bin/sh\nexec " + name + " \"$@\"\n"
	}
	for name, text := range scripts {
		if err := vfs.WriteFile(t, bin+"/"+name, []byte(text), 0o755); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// Options say how to run a case.
type Options struct {
	// Timeout cancels the run; zero means 5s.
	Timeout time.Duration
	// TmpSubdir creates _tmp in the working directory first, for the spec
	// files marked legacy_tmp_dir.
	TmpSubdir bool
}

// Run runs script as Oils' harness does, with the script on standard input
// of a fresh moonix session on a fresh filesystem, and returns what it
// printed and its exit status. The run is cancelled after the timeout; if
// the session still has not returned a second later, Run gives up on it and
// reports it Hung. A panic in the session becomes a Result, not a crash.
func Run(script string, opts Options) Result {
	start := time.Now()
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()

	var stdout, stderr lockedBuffer
	done := make(chan Result, 1)
	go func() {
		res := Result{Status: -1}
		defer func() {
			if v := recover(); v != nil {
				res.Panic = fmt.Sprintf("%v\n%s", v, debug.Stack())
			}
			done <- res
		}()
		res.Status = runSession(ctx, script, opts, &stdout, &stderr)
	}()

	var res Result
	select {
	case res = <-done:
	case <-time.After(timeout + time.Second):
		res = Result{Status: -1, Hung: true}
	}
	res.Stdout, res.Stderr = stdout.String(), stderr.String()
	res.TimedOut = res.Hung || ctx.Err() != nil
	res.Duration = time.Since(start)
	return res
}

func runSession(ctx context.Context, script string, opts Options, stdout, stderr *lockedBuffer) int {
	fsys, err := NewFS()
	if err != nil {
		panic(err)
	}
	if opts.TmpSubdir {
		if err := fsys.Mkdir(CaseDir+"/_tmp", 0o755); err != nil {
			panic(err)
		}
	}
	// The interpreter reads standard input from an *os.File; give it the
	// read end of a pipe holding the script, as a real shell would have.
	pr, pw, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	defer pr.Close()
	go func() {
		pw.WriteString(script)
		pw.Close()
	}()
	umask := fs.FileMode(0o022)
	s, err := shell.New(shell.Config{
		FS:       fsys,
		Env:      Env,
		Dir:      CaseDir,
		Stdin:    pr,
		Stdout:   stdout,
		Stderr:   stderr,
		Name:     "sh",
		Umask:    &umask,
		Commands: Helpers(),
	})
	if err != nil {
		panic(err)
	}
	return s.RunStream(ctx, pr)
}
