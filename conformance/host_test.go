package conformance

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// runHost runs a case with a shell of the host instead of moonix, as
// Oils' harness does (the script on stdin, $TMP and the working directory
// a fresh directory, the helper programs on PATH), to measure the same
// cases on bash: MOONIX_OILS_SHELL=/bin/bash MOONIX_OILS_HELPERS=DIR,
// where DIR holds argv.py and the other helpers as programs. Only tests
// run host programs.
func runHost(shellPath, helpers, script string, opts Options) Result {
	start := time.Now()
	dir, err := os.MkdirTemp("", "oils-case-")
	if err != nil {
		return Result{Status: -1, Stderr: err.Error()}
	}
	defer os.RemoveAll(dir)
	if opts.TmpSubdir {
		os.Mkdir(filepath.Join(dir, "_tmp"), 0o755)
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, shellPath)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader([]byte(script))
	cmd.Env = []string{
		"TMP=" + dir, "HOME=" + dir, "LANG=C.UTF-8", "REPO_ROOT=" + RepoRoot,
		"PATH=" + helpers + ":/usr/bin:/bin", "SH=" + shellPath,
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	res := Result{Stdout: stdout.String(), Stderr: stderr.String(), Duration: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		res.Status = ee.ExitCode()
	} else if err != nil {
		res.Status = -1
	}
	res.TimedOut = ctx.Err() != nil
	return res
}
