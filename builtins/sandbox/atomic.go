package sandbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

func atomicCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "atomic",
		Summary: "run a command so that it succeeds or leaves nothing behind",
		Usage: `Usage: atomic [-m MESSAGE] COMMAND [ARG]...
Run COMMAND (a function, a shell builtin, a program, sh -c '...') in the
calling shell, after keeping the working state: the filesystem, unsaved
changes included, the exported environment and the working directory.
When COMMAND fails (a non-zero status, a limit, an interrupt, a timeout),
put all of it back as it was, say "atomic: rolled back (exit N)" on
stderr, and exit with COMMAND's status. What cannot be undone stays: when
effects were logged meanwhile (HTTP requests, real clock and random
reads: see effects), stderr says "warning: N external effect(s) cannot
be undone" and lists them, as rollback does. When COMMAND succeeds, its
changes stay, as unsaved changes, or as a snapshot with -m. Snapshots
COMMAND takes stay in the history. Needs git.rollback (and git.snapshot
with -m).

  -m, --message=MSG   on success, take a snapshot with the message MSG
`,
		Run: d.run(runAtomic),
	}
}

// requirer is the gated history's check of an operation it will be asked
// for later (caps' gated Repo has it).
type requirer interface {
	Require(op string, kinds ...caps.Kind) error
}

func runAtomic(c *call) int {
	fl := c.Flags()
	fl.SetInterspersed(false) // COMMAND's options are its own
	msg := fl.StringP("message", "m", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	args := fl.Args()
	if len(args) == 0 {
		return c.Usage("missing command")
	}
	if !hasRepo(c) {
		return 1
	}
	snapshot := fl.Changed("message")
	if rq, ok := c.repo.(requirer); ok && snapshot {
		if err := rq.Require("snapshot", caps.GitSnapshot); err != nil {
			return histFail(c, err)
		}
	}
	mark, err := c.repo.Mark(shellState(c))
	if err != nil {
		return histFail(c, err)
	}
	status, dir, env := runHere(c, args)
	if status, failed := outcome(c.Ctx, status); failed {
		return rollBack(c, mark, status)
	}
	if !snapshot {
		return status
	}
	st := vfs.State{Env: StateEnv(env), Dir: dir}
	if c.log != nil {
		st.Effects = c.log.Position()
	}
	snap, created, err := c.repo.Snapshot(*msg, st)
	if err != nil {
		histFail(c, err)
		return 1
	}
	if created {
		fmt.Fprintf(c.Stderr, "atomic: snapshot %s\n", describeSnap(snap))
	} else {
		fmt.Fprintf(c.Stderr, "atomic: nothing changed since %s\n", snap.Short)
	}
	return status
}

// runHere runs args in the calling shell when the command runs directly
// in one (functions are found, and cd and export stay), else down the
// exec path; it returns the status and the shell's directory and
// exported environment after it.
func runHere(c *call, args []string) (status int, dir string, env []string) {
	if c.RunInShell != nil {
		return c.RunInShell(args)
	}
	return c.Run(args, c.Stdin, c.Stdout, c.Stderr), c.Dir, c.Env
}

// outcome says whether a command that returned status failed, and the
// status it failed with: one that a limit, an interrupt or a timeout
// stopped failed whatever it returned, with the status the shell gives
// the statement (1 for a limit, 130 for an interrupt, 124 for a
// timeout).
func outcome(ctx context.Context, status int) (int, bool) {
	err := ctx.Err()
	switch {
	case err == nil:
		return status, status != 0
	case errors.Is(err, context.DeadlineExceeded):
		return 124, true
	case err == context.Canceled:
		return 130, true
	}
	return 1, true // a limit's error, which is a cancellation of its own
}

// rollBack puts the working state of mark back after a command failed
// with status, says so, and returns status.
func rollBack(c *call, mark *vfs.Mark, status int) int {
	st, err := c.repo.Restore(mark)
	if err != nil {
		if !c.FailDenied(err) {
			c.Fail("cannot roll back: %s", firstLine(err.Error()))
		}
		return status
	}
	if !restoreState(c, st) {
		return status
	}
	fmt.Fprintf(c.Stderr, "atomic: rolled back (exit %d)\n", status)
	warnEffects(c, vfs.Snapshot{State: st})
	return status
}
