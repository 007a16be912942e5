package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
)

// The workspace: every run that is not --ephemeral keeps its tree, its
// history and the shell's exported environment and working directory in a
// host directory (a bare git repository, with moonix's own files under
// DIR/moonix/). One process owns it at a time, through a lock on
// DIR/moonix/lock.

// Write modes say when the working state reaches the workspace.
const (
	// writeLazy writes at snapshots and at a clean exit.
	writeLazy = "lazy"
	// writeEager also saves the working state after every completed
	// top-level statement: a kill -9 loses nothing that had completed.
	writeEager = "eager"
)

const (
	markerDir   = "moonix"     // moonix's files inside a workspace directory
	lockFile    = "lock"       // in markerDir: the owner's pid, flock'ed
	historyFile = "history"    // in markerDir: the REPL's line history
	effectsDir  = "effects"    // in markerDir: the effect log
	wasmCache   = "wasm-cache" // in markerDir: wazero's compiled modules
)

// workspace is an open, locked workspace directory.
type workspace struct {
	dir   string
	lock  *os.File
	tree  *vfs.Tree
	repo  *vfs.Repo
	clock *clock.Logical
	rand  clock.Source
	// resumed is the saved state the tree was put back to; nil for a new
	// workspace.
	resumed *vfs.State
	eager   bool
	stderr  io.Writer
	// effects is the workspace's effect log (DIR/moonix/effects).
	effects *effects.Log
	// saveFailed keeps an eager save's failure from being reported after
	// every statement.
	saveFailed bool
}

// checkWriteMode validates --write-mode.
func checkWriteMode(mode string) error {
	if mode != writeLazy && mode != writeEager {
		return usageErr("--write-mode: must be %s or %s, not %q", writeLazy, writeEager, mode)
	}
	return nil
}

// openWorkspace locks and opens this run's workspace, or returns nil for an
// --ephemeral run. The tree is put back to the saved working state (or the
// current snapshot). A workspace another process holds is waited for, up
// to --lock-wait, and at most until ctx ends (--timeout).
func (p *Program) openWorkspace(ctx context.Context, o *options, stderr io.Writer) (*workspace, error) {
	dir, err := p.workspaceDir(o)
	if err != nil {
		return nil, &exitError{status: 1, msg: err.Error()}
	}
	if dir == "" {
		return nil, nil
	}
	wait := lockWait{
		ctx: ctx, max: o.lockWait, stderr: stderr,
		tty: p.IsTerminal != nil && p.IsTerminal(stderr),
	}
	lock, old, err := lockWorkspace(dir, wait)
	if err != nil {
		return nil, err
	}
	tree, clk, rnd := newTree()
	// The logical clock goes on from where the last run left it (its
	// saved state, its newest snapshot): restored and later files are
	// newer than what it wrote, later snapshots come after its own.
	repo, st, err := vfs.OpenRepo(tree, vfs.RepoOptions{Dir: dir, Clock: clk, ResumeClock: true})
	if err != nil {
		if lock != nil {
			// Leave a directory that was refused as it was.
			if old == nil {
				os.Remove(lock.Name())
			} else if lock.Truncate(0) == nil {
				lock.WriteAt(old, 0)
			}
			lock.Close()
		}
		return nil, &exitError{status: 1, msg: err.Error()}
	}
	if lock == nil {
		// OpenRepo accepts only what lockWorkspace locks; be safe anyway.
		repo.Close()
		return nil, &exitError{status: 1, msg: fmt.Sprintf("workspace %s cannot be locked", dir)}
	}
	now := p.Now
	if now == nil {
		now = clk.Now
	}
	log, err := effects.Open(filepath.Join(dir, markerDir, effectsDir))
	if err != nil {
		repo.Close()
		lock.Close()
		return nil, &exitError{status: 1, msg: fmt.Sprintf("workspace %s: effect log: %v", dir, err)}
	}
	log.Now = now
	if torn := log.Torn(); torn != "" {
		fmt.Fprintf(stderr, "moonix: workspace %s: effect log: %s\n", dir, torn)
	}
	return &workspace{
		dir: dir, lock: lock, tree: tree, repo: repo, clock: clk, rand: rnd,
		resumed: st, eager: o.writeMode == writeEager, stderr: stderr, effects: log,
	}, nil
}

// newTree is a fresh default tree with its logical clock and seeded
// random source, as a session would make it.
func newTree() (*vfs.Tree, *clock.Logical, clock.Source) {
	clk := clock.NewLogical(clock.Epoch)
	rnd := clock.NewSeeded(clock.DefaultSeed)
	who := shell.DefaultIdentity
	tree := vfs.NewDefault(vfs.Options{Clock: clk, Rand: rnd, Uid: uint32(who.UID), Gid: uint32(who.GID)})
	return tree, clk, rnd
}

// configure makes cfg run on the workspace: its tree and history, the
// saved environment under the --env variables, the saved directory when it
// still exists, and in eager mode a save after every statement.
func (w *workspace) configure(cfg *shell.Config) {
	cfg.FS, cfg.Repo, cfg.Clock, cfg.Rand = w.tree, w.repo, w.clock, w.rand
	cfg.Effects = w.effects
	cfg.Wasm.CacheDir = filepath.Join(w.dir, markerDir, wasmCache)
	if st := w.resumed; st != nil {
		cfg.Env = append(slices.Clone(st.Env), cfg.Env...)
		w.resumeDir(cfg)
	}
	if w.eager {
		cfg.Checkpoint = func(st vfs.State) {
			if err := w.repo.SaveWorking(st); err != nil {
				if !w.saveFailed {
					fmt.Fprintf(w.stderr, "moonix: workspace %s: cannot save the working state: %v\n", w.dir, err)
				}
				w.saveFailed = true
				return
			}
			w.saveFailed = false
		}
	}
}

// resumeDir makes cfg start in the saved directory when it exists (it may
// be in a mount, made after configure: prepare asks again).
func (w *workspace) resumeDir(cfg *shell.Config) {
	st := w.resumed
	if info, err := w.tree.Stat(st.Dir); strings.HasPrefix(st.Dir, "/") && err == nil && info.IsDir() {
		cfg.Dir = st.Dir
	}
}

// historyPath is the REPL's line history file.
func (w *workspace) historyPath() string {
	return filepath.Join(w.dir, markerDir, historyFile)
}

// exit saves the working state at the end of a run and returns the run's
// exit status, or 1 when the save failed after a successful run.
func (w *workspace) exit(sess *shell.Session, status int) int {
	if err := w.repo.SaveWorking(sess.State()); err != nil {
		fmt.Fprintf(w.stderr, "moonix: workspace %s: cannot save the working state: %v\n", w.dir, err)
		if status == 0 {
			status = 1
		}
	}
	return status
}

// close releases the repository and the lock.
func (w *workspace) close() {
	w.effects.Close()
	w.repo.Close()
	funlock(w.lock)
	w.lock.Close()
}

// Waiting for a workspace: agents issue calls in parallel, and a run that
// finds its workspace in use waits for it (--lock-wait, default
// defaultLockWait) rather than failing at once. It says so on stderr once:
// at once when stderr is a terminal (a person is looking), else only when
// the wait passes lockGrace, so that the short waits of parallel calls add
// nothing to an agent's output.
const (
	defaultLockWait = 10 * time.Second
	lockGrace       = time.Second
	lockPollMax     = 100 * time.Millisecond
)

// lockWait is how long, and how, lockWorkspace waits for a workspace in use.
type lockWait struct {
	ctx    context.Context // its end stops the wait (--timeout); nil: none
	max    time.Duration   // 0: fail at once
	stderr io.Writer       // where the wait is announced; nil: nowhere
	tty    bool            // stderr is a terminal: announce at once
}

// lockWorkspace takes DIR/moonix/lock for this process and writes its pid
// there, waiting for another holder as w says. A missing or empty directory
// gets its moonix/ directory first; a directory that is neither empty nor a
// workspace is not locked (nil, and OpenRepo refuses it without writing
// anything). old is what the lock file held before, nil when it is new.
func lockWorkspace(dir string, w lockWait) (lock *os.File, old []byte, err error) {
	marker := filepath.Join(dir, markerDir)
	if info, err := os.Stat(marker); err != nil || !info.IsDir() {
		entries, err := os.ReadDir(dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, nil, hostPathError(dir, err, 1)
		}
		if len(entries) > 0 {
			return nil, nil, nil
		}
		// Private, like the user's other data: it holds the files, the
		// environment and the REPL's line history.
		if err := os.MkdirAll(marker, 0o700); err != nil {
			return nil, nil, hostPathError(dir, err, 1)
		}
	}
	name := filepath.Join(marker, lockFile)
	_, statErr := os.Stat(name)
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, hostPathError(name, err, 1)
	}
	fail := func(err error) (*os.File, []byte, error) {
		f.Close()
		return nil, nil, hostPathError(name, err, 1)
	}
	held, err := flock(f)
	if err != nil {
		return fail(err)
	}
	if held {
		if err := w.wait(f, dir); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	if statErr == nil {
		if old, err = io.ReadAll(f); err != nil {
			return fail(err)
		}
		if old == nil {
			old = []byte{}
		}
	}
	if err := f.Truncate(0); err != nil {
		return fail(err)
	}
	if _, err := f.WriteAt(fmt.Appendf(nil, "%d\n", os.Getpid()), 0); err != nil {
		return fail(err)
	}
	return f, old, nil
}

// wait waits until this process holds f's lock, which another process
// holds now. It polls: flock cannot wait with a deadline.
func (w lockWait) wait(f *os.File, dir string) error {
	var done <-chan struct{}
	if w.ctx != nil {
		done = w.ctx.Done()
	}
	start := time.Now()
	pause := 5 * time.Millisecond
	announced := false
	for {
		elapsed := time.Since(start)
		if !announced && w.max > 0 && w.stderr != nil && (w.tty || elapsed >= lockGrace) {
			fmt.Fprintf(w.stderr, "moonix: waiting for workspace %s (%s)...\n", dir, inUseBy(f))
			announced = true
		}
		if elapsed >= w.max {
			msg := fmt.Sprintf("workspace %s is %s", dir, inUseBy(f))
			if w.max > 0 {
				msg += fmt.Sprintf(" (waited %s)", w.max)
			}
			return &exitError{status: 1, msg: msg}
		}
		select {
		case <-done:
			return w.ctx.Err()
		case <-time.After(min(pause, w.max-elapsed)):
		}
		pause = min(2*pause, lockPollMax)
		held, err := flock(f)
		if err != nil {
			return hostPathError(f.Name(), err, 1)
		}
		if !held {
			return nil
		}
	}
}

// inUseBy names the holder of f's lock: "in use by pid N".
func inUseBy(f *os.File) string {
	if pid := holder(f); pid != "" {
		return "in use by pid " + pid
	}
	return "in use by another process"
}

// holder reads the pid in a lock file held by another process. The holder
// writes it right after taking the lock: wait a little for it.
func holder(f *os.File) string {
	buf := make([]byte, 32)
	for range 20 {
		n, _ := f.ReadAt(buf, 0)
		if s := strings.TrimSpace(string(buf[:n])); s != "" && strings.HasSuffix(string(buf[:n]), "\n") {
			return s
		}
		time.Sleep(5 * time.Millisecond)
	}
	return ""
}
