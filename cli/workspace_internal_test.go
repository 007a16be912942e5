package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
)

func TestPrompt(t *testing.T) {
	t.Parallel()
	sess, err := shell.New(shell.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got := primaryPrompt(sess); got != "moonix main:/work$ " {
		t.Errorf("before any snapshot: %q", got)
	}
	sess.Run(t.Context(), "echo one > /work/f", "")
	if got := primaryPrompt(sess); got != "moonix main:/work$ " {
		t.Errorf("changes before any snapshot: %q", got)
	}
	snap, _, err := sess.Repo().Snapshot("first", sess.State())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := primaryPrompt(sess), "moonix main@"+snap.Short+":/work$ "; got != want {
		t.Errorf("after a snapshot: %q, want %q", got, want)
	}
	sess.Run(t.Context(), "echo two > /work/f; cd /tmp", "")
	if got, want := primaryPrompt(sess), "moonix main@"+snap.Short+"*:/tmp$ "; got != want {
		t.Errorf("after a change: %q, want %q", got, want)
	}
	// Back to the snapshot's content: clean again.
	sess.Run(t.Context(), "echo one > /work/f", "")
	if got, want := primaryPrompt(sess), "moonix main@"+snap.Short+":/tmp$ "; got != want {
		t.Errorf("after undoing the change: %q, want %q", got, want)
	}

	// A session without history shows only the directory.
	bare, err := shell.New(shell.Config{FS: struct{ vfs.FS }{vfs.NewDefault(vfs.Options{})}})
	if err != nil {
		t.Fatal(err)
	}
	if got := primaryPrompt(bare); got != "moonix:/work$ " {
		t.Errorf("without history: %q", got)
	}
}

func TestLockWorkspace(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "ws")
	f, old, err := lockWorkspace(dir, lockWait{})
	if err != nil || f == nil || old != nil {
		t.Fatalf("first lock: %v %v %q", f, err, old)
	}
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("a new workspace directory should be private: %v %v", info.Mode(), err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "moonix", "lock"))
	if want := fmt.Sprintf("%d\n", os.Getpid()); string(data) != want {
		t.Errorf("lock file holds %q, want %q", data, want)
	}
	// flock belongs to an open file: a second open, even in this process,
	// is refused.
	_, _, err = lockWorkspace(dir, lockWait{})
	if want := fmt.Sprintf("workspace %s is in use by pid %d", dir, os.Getpid()); err == nil || err.Error() != want {
		t.Errorf("second lock: %v, want %q", err, want)
	}
	f.Close()
	f2, old, err := lockWorkspace(dir, lockWait{})
	if err != nil || f2 == nil || string(old) != string(data) {
		t.Fatalf("lock after release: %v %v %q", f2, err, old)
	}
	f2.Close()

	// A foreign directory is not locked (OpenRepo refuses it).
	foreign := t.TempDir()
	os.WriteFile(filepath.Join(foreign, "notes"), nil, 0o644)
	if f, _, err := lockWorkspace(foreign, lockWait{}); f != nil || err != nil {
		t.Errorf("foreign directory: %v %v", f, err)
	}
	if _, err := os.Stat(filepath.Join(foreign, "moonix")); err == nil {
		t.Error("foreign directory got a moonix/ directory")
	}
}

func TestWriteModeFlag(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--write-mode", "bogus", "-c", "true"},
		{"--write-mode=", "-c", "true"},
		{"--write-mode", "LAZY", "--ephemeral", "-c", "true"},
	} {
		status, _, stderr := run(&Program{}, "", args...)
		if status != 2 || !strings.HasPrefix(stderr, "moonix: --write-mode: must be lazy or eager, not ") {
			t.Errorf("moonix %q: %d %q", args, status, stderr)
		}
	}
	for _, mode := range []string{"lazy", "eager"} {
		if status, _, stderr := run(&Program{}, "", "--ephemeral", "--write-mode", mode, "-c", "true"); status != 0 {
			t.Errorf("--write-mode %s: %d %q", mode, status, stderr)
		}
	}
}
