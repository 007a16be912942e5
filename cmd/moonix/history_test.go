package main

// These tests look at a workspace from outside: the real git binary must
// accept the repository moonix writes, and a kill -9 at any moment must
// leave one that git and moonix accept, with what the write mode promised.

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// needGit returns the path of git, skipping the test without it unless
// MOONIX_REQUIRE_GIT is set (CI installs git).
func needGit(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		if os.Getenv("MOONIX_REQUIRE_GIT") != "" {
			t.Fatal("git is not on PATH (Debian: apt-get install git)")
		}
		t.Skip("git is not on PATH; set MOONIX_REQUIRE_GIT=1 to make this an error")
	}
	return git
}

// gitRun runs git in the repository dir and returns its output.
func gitRun(t *testing.T, git, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(git, append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "LC_ALL=C")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// fsck runs git fsck --strict on dir and fails on any complaint (dangling
// objects, which a killed writer may leave, are not complaints).
func fsck(t *testing.T, git, dir string) {
	t.Helper()
	out := gitRun(t, git, dir, "fsck", "--strict", "--no-dangling", "--no-progress")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line != "" && !strings.HasPrefix(line, "notice:") {
			t.Fatalf("git fsck --strict complains:\n%s", out)
		}
	}
}

// moonix runs the built binary and returns its combined output.
func moonix(t *testing.T, args ...string) (string, error) {
	t.Helper()
	out, err := exec.Command(moonixBin, args...).CombinedOutput()
	return string(out), err
}

// hasBuiltin reports whether moonix has the command name.
func hasBuiltin(t *testing.T, name string) bool {
	_, err := moonix(t, "--ephemeral", "-c", "command -v "+name)
	return err == nil
}

// snapshot makes a snapshot of the workspace ws with the snapshot command,
// or, where moonix does not have it yet, with package vfs directly.
func snapshot(t *testing.T, ws, msg string) {
	t.Helper()
	if hasBuiltin(t, "snapshot") {
		if out, err := moonix(t, "--workspace", ws, "-c", "snapshot -m '"+msg+"'"); err != nil {
			t.Fatalf("snapshot: %v\n%s", err, out)
		}
		return
	}
	clk := clock.NewLogical(clock.Epoch)
	tree := vfs.NewDefault(vfs.Options{Clock: clk, Uid: 1000, Gid: 1000})
	r, st, err := vfs.OpenRepo(tree, vfs.RepoOptions{Dir: ws, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	state := vfs.State{Dir: "/work"}
	if st != nil {
		state = *st
	}
	if _, _, err := r.Snapshot(msg, state); err != nil {
		t.Fatal(err)
	}
}

func TestWorkspaceIsAGitRepository(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	ws := filepath.Join(t.TempDir(), "ws")
	step := func(script string, args ...string) {
		t.Helper()
		args = append([]string{"--workspace", ws}, args...)
		if out, err := moonix(t, append(args, "-c", script)...); err != nil {
			t.Fatalf("moonix -c %q: %v\n%s", script, err, out)
		}
	}
	step("mkdir -p /work/d/empty; echo one > /work/d/f; chmod 755 /work/d/f; ln -s d/f /work/link; export K=v")
	snapshot(t, ws, "first")
	step("rm /work/link; echo two > /work/g; chmod 600 /work/g")
	snapshot(t, ws, "second")
	step("echo unsnapshotted > /work/h", "--write-mode", "eager")

	fsck(t, git, ws)
	if got := gitRun(t, git, ws, "log", "--format=%s", "main"); got != "second\nfirst\n" {
		t.Errorf("git log main:\n%s", got)
	}
	if got := gitRun(t, git, ws, "show", "main:fs/work/g"); got != "two\n" {
		t.Errorf("git show main:fs/work/g: %q", got)
	}
	if got := gitRun(t, git, ws, "show", "main~1:fs/work/link"); got != "d/f" {
		t.Errorf("the symlink in the first snapshot: %q", got)
	}
	tree := gitRun(t, git, ws, "ls-tree", "-r", "-t", "main~1", "fs/work")
	for _, want := range []string{"100755 blob", "120000 blob", "040000 tree"} {
		if !strings.Contains(tree, want) {
			t.Errorf("first snapshot lacks a %s entry:\n%s", want, tree)
		}
	}
	if got := gitRun(t, git, ws, "show", "refs/moonix/worktree:fs/work/h"); got != "unsnapshotted\n" {
		t.Errorf("the saved working state: %q", got)
	}
	// The snapshots are what moonix shows too.
	if out, err := moonix(t, "--workspace", ws, "-c", "cat /work/g /work/h; test -e /work/link || echo no link"); err != nil || out != "two\nunsnapshotted\nno link\n" {
		t.Errorf("reopened: %v %q", err, out)
	}
	fsck(t, git, ws)
}

// TestCrash kills moonix with SIGKILL at random moments of a script that
// writes files (and snapshots them, once moonix has the snapshot command),
// many times on the same workspace, and checks after each kill that git
// fsck --strict accepts the repository, that moonix reopens it, and that
// every command whose completion was seen left its file: in eager mode
// always, in lazy mode when a snapshot followed it.
func TestCrash(t *testing.T) {
	t.Parallel()
	git := needGit(t)
	withSnapshot := hasBuiltin(t, "snapshot")
	withHistory := hasBuiltin(t, "history")
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d, snapshot command: %v", seed, withSnapshot)
	for _, mode := range []string{"eager", "lazy"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(seed, uint64(len(mode))))
			dir := t.TempDir()
			ws := filepath.Join(dir, "ws")
			const lines = 100
			var seenSnaps []string
			for iter := range 15 {
				// One statement per line: each completed statement is
				// saved (eager) before the marker after it prints.
				var script strings.Builder
				fmt.Fprintf(&script, "mkdir -p /work/d%d\n", iter)
				for i := range lines {
					id := fmt.Sprintf("%d_%d", iter, i)
					fmt.Fprintf(&script, "echo %s > /work/d%d/f%s\n", id, iter, id)
					if withSnapshot {
						fmt.Fprintf(&script, "snapshot -m s%s >/dev/null\n", id)
					}
					fmt.Fprintf(&script, "echo m%s\n", id)
				}
				file := filepath.Join(dir, fmt.Sprintf("script%d.sh", iter))
				if err := os.WriteFile(file, []byte(script.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				// Kill after a random number of markers, a random
				// fraction of a statement later: wherever the machine's
				// speed puts the statements, the kill lands inside the run.
				after := rng.IntN(lines)
				jitter := time.Duration(rng.Int64N(int64(3 * time.Millisecond)))
				markers := crashRun(t, ws, mode, file, after, jitter)
				t.Logf("iteration %d: killed %v after marker %d; %d markers in all", iter, jitter, after, len(markers))

				if _, err := os.Stat(filepath.Join(ws, "HEAD")); err == nil {
					fsck(t, git, ws)
				} // else killed before the workspace was made: moonix makes it now
				check := "find /work -type f"
				if withHistory {
					check = "history; echo ---; " + check
				}
				out, err := moonix(t, "--workspace", ws, "-c", check)
				if err != nil {
					t.Fatalf("iteration %d: moonix does not reopen the workspace: %v\n%s", iter, err, out)
				}
				hist, files, _ := strings.Cut(out, "---\n")
				if !withHistory {
					hist, files = "", out
				}
				present := strings.Split(files, "\n")
				for _, m := range markers {
					id := strings.TrimPrefix(m, "m")
					if withSnapshot {
						seenSnaps = append(seenSnaps, "s"+id)
					}
					// Eager mode saved every statement before the
					// next one; a snapshot is durable in either mode.
					file := fmt.Sprintf("/work/d%d/f%s", iter, id)
					if (mode == "eager" || withSnapshot) && !slices.Contains(present, file) {
						t.Fatalf("iteration %d: %s was printed but %s is gone after the kill", iter, m, file)
					}
				}
				if withHistory && len(seenSnaps) > 0 {
					// Every snapshot whose command completed is kept.
					last := seenSnaps[len(seenSnaps)-1]
					if !strings.Contains(hist, " "+last+"\n") {
						t.Fatalf("iteration %d: snapshot %s completed but is not in the history:\n%s", iter, last, hist)
					}
				}
			}
			fsck(t, git, ws)
		})
	}
}

// crashRun runs moonix on script in the workspace ws, kills it with
// SIGKILL once it has printed after markers (and jitter more), and returns
// every marker it printed.
func crashRun(t *testing.T, ws, mode, script string, after int, jitter time.Duration) []string {
	t.Helper()
	cmd := exec.Command(moonixBin, "--workspace", ws, "--lock-wait", "0", "--write-mode", mode, script)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var markers []string
	reached := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(stdout)
		if after == 0 {
			close(reached)
		}
		for sc.Scan() {
			markers = append(markers, sc.Text())
			if len(markers) == after {
				close(reached)
			}
		}
	}()
	select {
	case <-reached:
	case <-done:
	}
	time.Sleep(jitter)
	cmd.Process.Kill()
	<-done
	cmd.Wait()
	if strings.Contains(stderr.String(), "in use") {
		t.Fatalf("the previous run's lock was not released: %s", stderr.String())
	}
	return markers
}
