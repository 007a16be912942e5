package coreutils

// The confirm tests: every table case (cmdCase.run, and the file and data
// cases built on it) also runs against the host's tool of the same name,
// as mvdan/sh confirms its interpreter tests against bash, so that the
// expectations copied from GNU by hand cannot drift from GNU. The case's
// tree under /work is copied to a fresh host directory first, the tool
// runs there in the C locale as an unprivileged user (root would read
// what chmod 000 forbids), and what it prints, with the directory's host
// name written back as /work, must be what the case expects. Where moonix
// differs on purpose, the case says so with differs(why, case).

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/vfs"
)

// notConfirmed are the commands no case is confirmed for, and why.
var notConfirmed = map[string]string{
	"hostname": "the host's is net-tools', not GNU's",
	"tree":     "not a GNU tool",
	"rev":      "util-linux's, not GNU's",
	"awk":      "GoAWK's, after the one true awk: neither gawk's nor Debian's mawk's words (TestAwkGNU's cases are gawk's, confirmed against gawk)",
	"jq":       "moonix's follows jq 1.7 (jq -V says so); Debian 12 has 1.6",
	"printf":   "a shell builtin, after bash's rather than coreutils'",
	"echo":     "a shell builtin, after bash's rather than coreutils'",
	"id":       "the host's users are not the session's",
	"clear":    "ncurses', not GNU's",
	"ps":       "procps', not GNU's; the host's processes are not the session's",
	"pidof":    "procps', not GNU's; the host's processes are not the session's",
}

// errorsOnly are the commands whose failing cases alone are confirmed:
// a usage error comes before what makes the rest differ, and why.
var errorsOnly = map[string]string{
	"sleep":  "it would really sleep",
	"yes":    "it never ends",
	"date":   "the logical clock is not the host's",
	"mktemp": "names come from the seeded generator",
	"shuf":   "the order comes from the session's random source",
	"whoami": "the host's users are not the session's",
}

// machineOut are the commands whose standard output describes the machine
// (users, sizes on disk, clocks, the environment): only their standard
// error and status are confirmed.
var machineOut = map[string]bool{
	"df": true, "du": true, "uname": true,
	"env": true, "printenv": true, "stat": true,
}

// confirmed counts the cases run on the host, and deliberate those
// marked as differing; failures the confirmed cases that expect an error
// (a non-zero status or standard error), by command. TestMain reports
// them with -v.
var (
	confirmed, deliberate atomic.Int64
	failuresMu            sync.Mutex
	failures              = map[string]int{}
)

// TestMain runs the tests and, with -v, says how many cases the host's
// tools confirmed.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if testing.Verbose() {
		fmt.Printf("confirm: %d cases confirmed against the host's tools, %d marked as deliberate differences\n", confirmed.Load(), deliberate.Load())
		names := slices.Sorted(maps.Keys(failures))
		for i, name := range names {
			names[i] = fmt.Sprintf("%s %d", name, failures[name])
		}
		fmt.Printf("confirm: error cases confirmed, by command: %s\n", strings.Join(names, ", "))
	}
	os.Exit(code)
}

var (
	differMu    sync.Mutex
	differences = map[string]string{}
)

// differs marks tc as a deliberate difference from the GNU tool, for the
// reason why: the confirm test then does not run it on the host.
func differs(why string, tc cmdCase) cmdCase {
	differMu.Lock()
	defer differMu.Unlock()
	differences[caseKey(tc)] = why
	return tc
}

func caseKey(tc cmdCase) string {
	return strings.Join(tc.Args, "\x00") + "\x01" + tc.Stdin + "\x01" + tc.Out + "\x01" + tc.Err
}

// confirmUID is the user the host tools run as when the tests run as root.
const confirmUID = 65534

// unprivileged says why the host's tools cannot run as confirmUID when
// the tests run as root ("" when they can, or the tests are not root's):
// a container without the right to change user, say. Root reads what
// chmod 000 forbids, so without it nothing is confirmed.
var unprivileged = sync.OnceValue(func() string {
	if os.Geteuid() != 0 {
		return ""
	}
	bin, err := exec.LookPath("true")
	if err != nil {
		return "no host true to try it with"
	}
	cmd := exec.Command(bin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: confirmUID, Gid: confirmUID}}
	if err := cmd.Run(); err != nil {
		return fmt.Sprintf("cannot run host tools as uid %d: %v", confirmUID, err)
	}
	return ""
})

// confirm runs tc's command on the host in a copy of fsys's /work and
// reports where the host's tool disagrees with the case. It must run
// before the case changes fsys.
func confirm(t *testing.T, fsys vfs.FS, tc cmdCase) {
	t.Helper()
	if _, skip := notConfirmed[tc.Args[0]]; skip {
		return
	}
	confirmWith(t, fsys, tc, tc.Args[0])
}

// confirmWith is confirm against the host's tool host (gawk for the cases
// of awk that are gawk's), run under the case's name.
func confirmWith(t *testing.T, fsys vfs.FS, tc cmdCase, host string) {
	t.Helper()
	confirmIn(t, fsys, tc, host, "C")
}

// confirmIn is confirmWith in the locale LC_ALL names (C.UTF-8 for the
// cases of characters beyond ASCII).
func confirmIn(t *testing.T, fsys vfs.FS, tc cmdCase, host, locale string) {
	t.Helper()
	name := tc.Args[0]
	if why := unprivileged(); why != "" {
		return // TestConfirmHostTools says why
	}
	if _, only := errorsOnly[name]; only && tc.Status == 0 {
		return
	}
	differMu.Lock()
	_, skip := differences[caseKey(tc)]
	differMu.Unlock()
	if skip {
		deliberate.Add(1)
		return
	}
	bin, err := exec.LookPath(host)
	if err != nil {
		t.Logf("confirm: no host %s, %q not confirmed", host, tc.Args)
		return
	}
	for _, a := range tc.Args[1:] {
		if strings.HasPrefix(a, "/") && a != "/work" && !strings.HasPrefix(a, "/work/") && a != "/dev/null" {
			return // a place outside /work: the host's is not the tree's
		}
	}
	dir, err := os.MkdirTemp("", "moonix-confirm-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	work := filepath.Join(dir, "work")
	if err := copyOut(fsys, "/work", work); err != nil {
		t.Logf("confirm: %q not confirmed: %v", tc.Args, err)
		return
	}
	args := make([]string, len(tc.Args)-1)
	for i, a := range tc.Args[1:] {
		if a == "/work" || strings.HasPrefix(a, "/work/") {
			a = dir + a
		}
		args[i] = a
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Args[0] = name // GNU names itself by argv[0] in its messages
	cmd.Dir = work
	cmd.Env = []string{"LC_ALL=" + locale, "TZ=UTC", "HOME=" + work, "PATH=/usr/local/bin:/usr/bin:/bin"}
	cmd.Stdin = strings.NewReader(tc.Stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if os.Geteuid() == 0 {
		if err := chownAll(dir, confirmUID); err != nil {
			t.Fatal(err)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: confirmUID, Gid: confirmUID}}
	}
	err = cmd.Run()
	confirmed.Add(1)
	if tc.Status != 0 || tc.Err != "" {
		failuresMu.Lock()
		failures[name]++
		failuresMu.Unlock()
	}
	status := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("confirm %q: %v", tc.Args, err)
	}
	gotOut := strings.ReplaceAll(out.String(), work, "/work")
	gotErr := strings.ReplaceAll(errb.String(), work, "/work")
	if machineOut[name] {
		gotOut = tc.Out
	}
	if walks(tc.Args) {
		// the host lists a directory in its own order
		if sameLines(gotOut, tc.Out) {
			gotOut = tc.Out
		}
		if sameLines(gotErr, tc.Err) {
			gotErr = tc.Err
		}
	}
	if ownersAndTimes(tc.Args) {
		gotOut = tc.Out
	}
	if name == "diff" {
		// the files' times are the host's, the case's the logical clock's
		gotOut = diffTimes.ReplaceAllString(gotOut, "\tTIME")
		if diffTimes.ReplaceAllString(tc.Out, "\tTIME") == gotOut {
			gotOut = tc.Out
		}
	}
	if name == "cmp" {
		// Deliberate: diffutils 3.8 (Debian 12) says "char" and "in line";
		// 3.9 and later say "byte" and "line", as moonix does.
		gotOut = strings.Replace(gotOut, " differ: char ", " differ: byte ", 1)
		gotErr = strings.Replace(gotErr, ", in line ", ", line ", 1)
	}
	if gotOut != tc.Out || gotErr != tc.Err || status != tc.Status {
		t.Errorf("%q differs from the host's %s:\n host (%q, %q, %d)\n case (%q, %q, %d)\n(if moonix differs on purpose, say so with differs)",
			tc.Args, name, gotOut, gotErr, status, tc.Out, tc.Err, tc.Status)
	}
}

// copyOut copies the tree under root of fsys to the host directory dst:
// files, directories and symlinks, with their permission bits and
// modification times.
func copyOut(fsys vfs.FS, root, dst string) error {
	type dirMode struct {
		name  string
		mode  fs.FileMode
		mtime time.Time
	}
	var dirs []dirMode // modes set last, so that a 0 directory can be filled
	err := vfs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, root)
		host := filepath.Join(dst, filepath.FromSlash(rel))
		info, err := fsys.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case info.IsDir():
			dirs = append(dirs, dirMode{host, info.Mode().Perm(), info.ModTime()})
			return os.MkdirAll(host, 0o755)
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := fsys.Readlink(p)
			if err != nil {
				return err
			}
			if path.IsAbs(target) && (target == root || strings.HasPrefix(target, root+"/")) {
				target = filepath.Join(dst, strings.TrimPrefix(target, root))
			}
			return os.Symlink(target, host)
		case info.Mode().IsRegular():
			data, err := vfs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			if err := os.WriteFile(host, data, 0o600); err != nil {
				return err
			}
			if err := os.Chtimes(host, info.ModTime(), info.ModTime()); err != nil {
				return err
			}
			return os.Chmod(host, info.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)) // not the umask's
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := os.Chtimes(dirs[i].name, dirs[i].mtime, dirs[i].mtime); err != nil {
			return err
		}
		if err := os.Chmod(dirs[i].name, dirs[i].mode); err != nil {
			return err
		}
	}
	return nil
}

// chownAll gives dir and everything under it to uid, and lets uid reach
// dir.
func chownAll(dir string, uid int) error {
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, uid)
	})
}

// diffTimes are the times in diff's file headers.
var diffTimes = regexp.MustCompile(`(?m)\t(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ [-+]\d{4}|\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4})$`)

// ownersAndTimes reports whether ls prints owners or times with args, or
// sorts by time: the host's are not the session's.
func ownersAndTimes(args []string) bool {
	if args[0] != "ls" {
		return false
	}
	if slices.Contains(args, "-go") && slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--time-style") }) {
		// no owners, and times as the case set them (old on both clocks)
		return false
	}
	for _, a := range args[1:] {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--full-time") || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "lngot") {
			return true
		}
	}
	return false
}

// walks reports whether args walk directories, listing entries in the
// order the host's filesystem gives them (moonix's are sorted by name).
func walks(args []string) bool {
	switch args[0] {
	case "find", "du":
		return true
	case "grep", "egrep", "fgrep", "ls", "chmod", "cp", "rm":
		for _, a := range args[1:] {
			if a == "--" {
				break
			}
			if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "rRf") || a == "--recursive" || a == "--dereference-recursive" {
				return true
			}
		}
	}
	return false
}

// sameLines reports whether a and b hold the same lines in some order.
func sameLines(a, b string) bool {
	x, y := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// TestConfirmHostTools names the commands whose cases the host cannot
// confirm, for want of the tool, and skips saying so when there are any
// (or when no host tool can run unprivileged); with
// MOONIX_REQUIRE_CONFIRM=1 (CI sets it) that is a failure instead.
func TestConfirmHostTools(t *testing.T) {
	t.Parallel()
	skip := t.Skipf
	if os.Getenv("MOONIX_REQUIRE_CONFIRM") == "1" {
		skip = t.Fatalf
	}
	if why := unprivileged(); why != "" {
		skip("nothing confirmed against the host: %s", why)
	}
	var missing []string
	for _, cmd := range testRegistry.Commands() {
		if _, skip := notConfirmed[cmd.Name]; skip {
			continue
		}
		if _, err := exec.LookPath(cmd.Name); err != nil {
			missing = append(missing, cmd.Name)
		}
	}
	if len(missing) > 0 {
		skip("not confirmed against the host, no such tool here: %s", strings.Join(missing, ", "))
	}
}
