package vfs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/clock"
)

// A directory holding only moonix/ (where the command line keeps its lock)
// is a new workspace, and so is one whose creation was cut short before
// HEAD was written; with history in it, a missing HEAD is corruption.
func TestWorkspaceDirWithOnlyMoonixFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, markerDir), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, markerDir, "lock"), []byte("1\n"), 0o644))
	tree, r := newRepo(t, dir)
	mustWrite(t, tree, "/work/f", "x")
	_, _, err := r.Snapshot("s", State{Dir: "/work"})
	must(t, err)
	r.Close()

	cut := t.TempDir()
	for _, d := range []string{"objects/pack", "refs/heads", markerDir} {
		must(t, os.MkdirAll(filepath.Join(cut, d), 0o755))
	}
	must(t, os.WriteFile(filepath.Join(cut, "config"), nil, 0o644))
	newRepo(t, cut)
	if _, err := os.Stat(filepath.Join(cut, "HEAD")); err != nil {
		t.Fatalf("unfinished workspace not initialized: %v", err)
	}

	must(t, os.Remove(filepath.Join(dir, "HEAD")))
	_, _, err = OpenRepo(NewDefault(Options{}), RepoOptions{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "is corrupt") {
		t.Fatalf("history without HEAD: %v", err)
	}
}

func TestResumeClock(t *testing.T) {
	t.Parallel()
	tree, r := newRepo(t, "")
	if !r.lastTime().IsZero() {
		t.Fatalf("a new repository has a time: %v", r.lastTime())
	}
	mustWrite(t, tree, "/work/f", "1")
	s1, _, err := r.Snapshot("one", State{Dir: "/work"})
	must(t, err)
	tree.clock.(interface{ Slept(time.Duration) }).Slept(time.Hour)
	mustWrite(t, tree, "/work/f", "2")
	s2, _, err := r.Snapshot("two", State{Dir: "/work"})
	must(t, err)
	if !r.lastTime().Equal(s2.Time) {
		t.Fatalf("LastTime %v, want the newest snapshot's %v", r.lastTime(), s2.Time)
	}
	// Back to the older snapshot: the newer one still counts.
	_, err = r.Rollback(s1.ID)
	must(t, err)
	if !r.lastTime().Equal(s2.Time) {
		t.Fatalf("after a rollback: LastTime %v, want %v", r.lastTime(), s2.Time)
	}
	// The saved working state counts too.
	tree.clock.(interface{ Slept(time.Duration) }).Slept(time.Hour)
	mustWrite(t, tree, "/work/g", "3")
	must(t, r.SaveWorking(State{Dir: "/work"}))
	if want := s2.Time.Add(time.Hour); r.lastTime().Before(want) {
		t.Fatalf("after saving the working state: LastTime %v, want at least %v", r.lastTime(), want)
	}
}

func TestResumeClockOnOpen(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "ws")
	tree, r := newRepo(t, dir)
	tree.clock.(interface{ Slept(time.Duration) }).Slept(time.Hour)
	mustWrite(t, tree, "/work/f", "x")
	s, _, err := r.Snapshot("late", State{Dir: "/work"})
	must(t, err)
	r.Close()

	for _, resume := range []bool{false, true} {
		clk := clock.NewLogical(clock.Epoch)
		tree2 := NewDefault(Options{Clock: clk})
		r2, _, err := OpenRepo(tree2, RepoOptions{Dir: dir, Clock: clk, ResumeClock: resume})
		must(t, err)
		info, err := tree2.Stat("/work/f")
		must(t, err)
		r2.Close()
		if got := clk.Now().After(s.Time); got != resume {
			t.Errorf("ResumeClock %v: clock %v, snapshot %v", resume, clk.Now(), s.Time)
		}
		if got := info.ModTime().After(s.Time); got != resume {
			t.Errorf("ResumeClock %v: restored file's mtime %v, snapshot %v", resume, info.ModTime(), s.Time)
		}
	}
}
