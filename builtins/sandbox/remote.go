package sandbox

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// The remotes of the history: remote, push, fetch and pull, in git's
// words where git has them (push and fetch report on stderr, as git's
// do).

// callerKey carries, in the context of a remote operation, the
// environment of the command that asked for it.
type callerKey struct{}

// withCaller is c's context carrying its environment, where the
// session finds what a remote over ssh needs ($HOME, $MOONIX_SSH_KEY...).
func withCaller(c *call) context.Context {
	return context.WithValue(c.Ctx, callerKey{}, c.Env)
}

// CallerEnv is the environment of the command (push, fetch, pull) whose
// remote operation ctx is the context of; false when a command did not
// ask for it.
func CallerEnv(ctx context.Context) ([]string, bool) {
	env, ok := ctx.Value(callerKey{}).([]string)
	return env, ok
}

// remoteNote is what the remote commands' help says of remotes and of
// what they need.
const remoteNote = `A remote is a bare git repository on the host (an absolute path, or
file:///PATH), over HTTP (http:// or https://) or over ssh
(ssh://[USER@]HOST[:PORT]/PATH, or [USER@]HOST:PATH). Over ssh, the host
key must be known in ~/.ssh/known_hosts (in the sandbox; also
/etc/ssh/ssh_known_hosts and $MOONIX_SSH_KNOWN_HOSTS), and the keys are
$MOONIX_SSH_KEY's, the agent's of moonix --ssh-agent, and ~/.ssh/id_rsa,
id_ecdsa and id_ed25519 in the sandbox ($MOONIX_SSH_PASSPHRASE decrypts
them); the user is the URL's, else $USER.
Needs git.remote on the remote's name or on its place (the directory, or
HOST:PORT), and net.connect for HTTP and ssh.
`

func remoteCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "remote",
		Summary: "list, add and remove the remotes of the history",
		Usage: `Usage: remote [-v] [--json]
  or:  remote add NAME URL
  or:  remote remove NAME
List the remotes the history is shared with, one name a line (with -v,
each with its URL, as git remote -v prints them); add the remote NAME at
URL (it needs git.remote on URL's place itself: a rule naming a remote
allows using it, not pointing it elsewhere); remove the remote NAME and
its remote-tracking branches (remote rm is the same).

  -v, --verbose   show the URL of each remote
      --json      print an array of {"name","url"}

` + remoteNote,
		Run: d.run(runRemote),
	}
}

func runRemote(c *call) int {
	fl := c.Flags()
	fl.SetInterspersed(false)
	verbose := fl.BoolP("verbose", "v", false, "")
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	args := fl.Args()
	if !hasRepo(c) {
		return 1
	}
	if len(args) == 0 {
		list, err := c.repo.Remotes()
		if err != nil {
			return histFail(c, err)
		}
		if *asJSON {
			out := make([]remoteJSON, 0, len(list))
			for _, rm := range list {
				out = append(out, remoteJSON{Name: rm.Name, URL: rm.URL})
			}
			writeJSON(c, out)
			return 0
		}
		var b strings.Builder
		for _, rm := range list {
			if *verbose {
				fmt.Fprintf(&b, "%s\t%s (fetch)\n%s\t%s (push)\n", rm.Name, rm.URL, rm.Name, rm.URL)
			} else {
				b.WriteString(rm.Name + "\n")
			}
		}
		c.Stdout.Write([]byte(b.String()))
		return 0
	}
	var err error
	switch args[0] {
	case "add":
		if !wantOperands(c, args[1:], 2, "remote name and URL") {
			return 2
		}
		err = c.repo.AddRemote(args[1], args[2])
	case "remove", "rm":
		if !wantOperands(c, args[1:], 1, "remote name") {
			return 2
		}
		err = c.repo.RemoveRemote(args[1])
	default:
		return c.Usage("unknown subcommand %s", builtins.Quote(args[0]))
	}
	if err != nil {
		return histFail(c, err)
	}
	return 0
}

func pushCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "push",
		Summary: "send a branch and its snapshots to a remote",
		Usage: `Usage: push [--json] [REMOTE [BRANCH]]
Send BRANCH (default: the current branch) and the snapshots under it to
the branch of the same name on REMOTE (default: origin), and report on
stderr as git push does. A remote branch that has snapshots this one
lacks is not replaced: the push is rejected (non-fast-forward); fetch,
then pull or fork. A push is an effect: the effect log keeps it (kind
git-push), and no rollback undoes it; one that sent nothing (Everything
up-to-date) changed nothing, and rollback and atomic do not list it.

      --json   on success, print {"remote","url","branch","old","new",
               "result"} on stdout instead (result: new, updated or up to
               date; old is null for a new branch)

` + remoteNote,
		Run: d.run(runPush),
	}
}

// remoteJSON is a remote in --json output.
type remoteJSON struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// updateJSON is a branch moved, in --json output.
type updateJSON struct {
	Branch string  `json:"branch"`
	Old    *string `json:"old"` // null: a new branch
	New    string  `json:"new"`
}

func toUpdateJSON(up vfs.RefUpdate) updateJSON {
	j := updateJSON{Branch: up.Branch, New: up.New}
	if up.Old != "" {
		old := up.Old
		j.Old = &old
	}
	return j
}

// moveResult is what push and pull print with --json.
type moveResult struct {
	Remote string `json:"remote"`
	URL    string `json:"url"`
	updateJSON
	Result string `json:"result"`
}

func runPush(c *call) int {
	op, ok := remoteOperands(c)
	if !ok {
		return op.status
	}
	url := remoteURL(c, op.remote)
	up, err := c.repo.Push(withCaller(c), op.remote, op.branch)
	result := "updated"
	switch {
	case errors.Is(err, vfs.ErrUpToDate):
		result = "up to date"
		if !op.json {
			fmt.Fprintln(c.Stderr, "Everything up-to-date")
		}
	case errors.Is(err, vfs.ErrNotFastForward):
		fmt.Fprintf(c.Stderr, "To %s\n ! [rejected]        %s -> %s (non-fast-forward)\n", url, up.Branch, up.Branch)
		c.Fail("failed to push some refs to '%s' (the remote has snapshots this branch lacks: fetch, then pull or fork)", url)
		return 1
	case err != nil:
		return histFail(c, err)
	case up.Old == "":
		result = "new"
		fallthrough
	default:
		if !op.json {
			fmt.Fprintf(c.Stderr, "To %s\n%s\n", url, updateLine(up, up.Branch, up.Branch))
		}
	}
	if op.json {
		writeJSON(c, moveResult{op.remote, url, toUpdateJSON(up), result})
	}
	return 0
}

func fetchCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "fetch",
		Summary: "bring the branches of a remote in as remote-tracking branches",
		Usage: `Usage: fetch [--json] [REMOTE]
Bring the branches of REMOTE (default: origin) and their snapshots in as
remote-tracking branches REMOTE/BRANCH, which history --all lists and
rollback, fork, diff and show accept; a branch gone from REMOTE is
dropped. Report what moved on stderr, as git fetch does. The tree and
the branches are left alone (pull moves a branch forward). The effect
log keeps the fetch (kind git-fetch), which changes nothing outside.

      --json   print {"remote","url","updates":[{"branch","old","new"}]}
               on stdout instead (old is null for a new branch)

` + remoteNote,
		Run: d.run(runFetch),
	}
}

// fetchResult is what fetch prints with --json.
type fetchResult struct {
	Remote  string       `json:"remote"`
	URL     string       `json:"url"`
	Updates []updateJSON `json:"updates"`
}

func runFetch(c *call) int {
	fl := c.Flags()
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	args := fl.Args()
	if len(args) > 1 {
		return c.Usage("extra operand %s", builtins.Quote(args[1]))
	}
	if !hasRepo(c) {
		return 1
	}
	remote := "origin"
	if len(args) == 1 {
		remote = args[0]
	}
	ups, err := c.repo.Fetch(withCaller(c), remote)
	if err != nil {
		return histFail(c, err)
	}
	if *asJSON {
		out := fetchResult{Remote: remote, URL: remoteURL(c, remote), Updates: []updateJSON{}}
		for _, up := range ups {
			out.Updates = append(out.Updates, toUpdateJSON(up))
		}
		writeJSON(c, out)
		return 0
	}
	reportFetch(c, remote, ups)
	return 0
}

// reportFetch says what a fetch moved, as git fetch does: nothing when
// nothing moved.
func reportFetch(c *call, remote string, ups []vfs.RefUpdate) {
	if len(ups) == 0 {
		return
	}
	width := 0
	for _, up := range ups {
		width = max(width, len(up.Branch))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From %s\n", remoteURL(c, remote))
	for _, up := range ups {
		b.WriteString(updateLine(up, fmt.Sprintf("%-*s", width, up.Branch), remote+"/"+up.Branch) + "\n")
	}
	c.Stderr.Write([]byte(b.String()))
}

// updateLine is one line of git's report of a branch moved: " * [new
// branch]      SRC -> DST" or "   1a2b3c4..5d6e7f8  SRC -> DST".
func updateLine(up vfs.RefUpdate, src, dst string) string {
	if up.Old == "" {
		return " * [new branch]      " + src + " -> " + dst
	}
	return "   " + short7(up.Old) + ".." + short7(up.New) + "  " + src + " -> " + dst
}

func short7(id string) string { return id[:min(7, len(id))] }

func pullCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "pull",
		Summary: "fetch, then move a branch forward to its remote's",
		Usage: `Usage: pull [--json] [REMOTE [BRANCH]]
Fetch REMOTE (default: origin), then move BRANCH (default: the current
branch) forward to REMOTE/BRANCH; when it is the current branch, restore
the new snapshot: the filesystem, the exported environment and the
working directory. Only a fast-forward: when the two branches have
diverged, nothing moves, and pull says so (fork REMOTE/BRANCH NAME takes
theirs to work on beside yours). Refuses when the tree has changes since
the current snapshot.

      --json   on success, print {"remote","url","branch","old","new",
               "result"} on stdout instead (result: fast-forward, new or
               up to date; old is null for a branch pull made), and
               "dir" and "env" when it restored a snapshot

` + remoteNote,
		Run: d.run(runPull),
	}
}

func runPull(c *call) int {
	op, ok := remoteOperands(c)
	if !ok {
		return op.status
	}
	ups, err := c.repo.Fetch(withCaller(c), op.remote)
	if err != nil {
		return histFail(c, err)
	}
	if !op.json {
		reportFetch(c, op.remote, ups)
	}
	up, state, err := c.repo.FastForward(op.remote, op.branch)
	result := "fast-forward"
	switch {
	case errors.Is(err, vfs.ErrUpToDate):
		result = "up to date"
	case errors.Is(err, vfs.ErrNotFastForward):
		c.Fail("not a fast-forward: %s and %s/%s have diverged; nothing moved (fork %s/%s NAME takes theirs)", up.Branch, op.remote, up.Branch, op.remote, up.Branch)
		return 1
	case errors.Is(err, vfs.ErrDirty):
		c.Fail("the tree has changes since the last snapshot; snapshot them first")
		return 1
	case errors.Is(err, vfs.ErrNoSnapshot):
		c.Fail("nothing is snapshotted here, and %s/%s would replace the whole tree: snapshot it first, or fork --discard %s/%s NAME", op.remote, up.Branch, op.remote, up.Branch)
		return 1
	case err != nil:
		return histFail(c, err)
	case up.Old == "":
		result = "new"
	}
	if state != nil && !restoreState(c, *state) {
		return 1
	}
	if op.json {
		out := struct {
			moveResult
			*stateJSON
		}{moveResult: moveResult{op.remote, remoteURL(c, op.remote), toUpdateJSON(up), result}}
		if state != nil {
			st := toStateJSON(*state)
			out.stateJSON = &st
		}
		writeJSON(c, out)
		return 0
	}
	switch result {
	case "up to date":
		c.Stdout.Write([]byte("Already up to date.\n"))
	case "new":
		fmt.Fprintf(c.Stdout, "branch %s set to %s/%s at %s\n", up.Branch, op.remote, up.Branch, short7(up.New))
	default:
		fmt.Fprintf(c.Stdout, "Updating %s..%s\nFast-forward\n", short7(up.Old), short7(up.New))
	}
	return 0
}

// remoteOp is what push and pull were asked: [--json] [REMOTE [BRANCH]].
type remoteOp struct {
	remote, branch string
	json           bool
	status         int // when the operands were refused: the status
}

// remoteOperands reads push's and pull's options and operands; when ok
// is false the command returns op.status.
func remoteOperands(c *call) (op remoteOp, ok bool) {
	fl := c.Flags()
	asJSON := fl.Bool("json", false, "")
	if st, ok := c.Parse(fl); !ok {
		return remoteOp{status: st}, false
	}
	args := fl.Args()
	if len(args) > 2 {
		return remoteOp{status: c.Usage("extra operand %s", builtins.Quote(args[2]))}, false
	}
	if !hasRepo(c) {
		return remoteOp{status: 1}, false
	}
	op = remoteOp{remote: "origin", json: *asJSON}
	if len(args) > 0 {
		op.remote = args[0]
	}
	if len(args) > 1 {
		op.branch = args[1]
	}
	return op, true
}

// remoteURL is the URL of the remote name, as reports name it.
func remoteURL(c *call, name string) string {
	rm, err := c.repo.Remote(name)
	if err != nil {
		return name
	}
	return rm.URL
}
