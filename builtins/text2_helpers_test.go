package builtins

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// t2Case is one table entry for the text2 commands' tests.
type t2Case struct {
	args   []string
	stdin  string
	out    string
	err    string
	status int
}

// runT2Cases runs each case on a fresh copy of the files and compares
// stdout, stderr and the exit status exactly.
func runT2Cases(t *testing.T, files map[string]string, cases []t2Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := testTree(t)
			for name, content := range files {
				writeFile(t, fsys, name, content)
			}
			out, errs, status := runCmd(t, fsys, tc.stdin, tc.args...)
			if out != tc.out || errs != tc.err || status != tc.status {
				t.Errorf("got (%q, %q, %d), want (%q, %q, %d)", out, errs, status, tc.out, tc.err, tc.status)
			}
		})
	}
}

// t2Shell stands in for the session's exec path in tests: it knows
// echo, true, false, cat, "exit N" and sh -c (words split on blanks), and
// records every command line it is asked to run.
type t2Shell struct {
	mu    sync.Mutex
	calls [][]string
}

func (f *t2Shell) exec(sub *Call) int {
	f.mu.Lock()
	f.calls = append(f.calls, append([]string(nil), sub.Args...))
	f.mu.Unlock()
	return f.run(sub, sub.Args)
}

func (f *t2Shell) run(sub *Call, args []string) int {
	switch args[0] {
	case "echo":
		fmt.Fprintln(sub.Stdout, strings.Join(args[1:], " "))
		return 0
	case "true":
		return 0
	case "false":
		return 1
	case "cat":
		io.Copy(sub.Stdout, sub.Stdin)
		return 0
	case "exit":
		n, _ := strconv.Atoi(args[1])
		return n
	case "sh":
		if len(args) >= 3 && args[1] == "-c" {
			words := strings.Fields(args[2])
			if len(words) == 0 {
				return 0
			}
			return f.run(sub, words)
		}
	}
	if cmd := Lookup(args[0]); cmd != nil {
		sub2 := *sub
		sub2.Args = args
		return Run(cmd, &sub2)
	}
	fmt.Fprintf(sub.Stderr, "%s: command not found\n", args[0])
	return 127
}

// runT2Shell runs one builtin like runCmd, with t2Shell as the exec path.
func runT2Shell(t *testing.T, fsys vfs.FS, sh *t2Shell, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &Call{
		Ctx:    context.Background(),
		Args:   args,
		Stdin:  strings.NewReader(stdin),
		Stdout: &out,
		Stderr: &errb,
		Dir:    "/work",
		Env:    []string{"HOME=/work", "PATH=/bin:/usr/bin", "GREETING=hello"},
		FS:     fsys,
		Clock:  clock.NewLogical(clock.Epoch),
		Rand:   clock.NewSeeded(1),
		Who:    Identity{User: "user", Group: "user", UID: 1000, GID: 1000, Home: "/work", Host: "moonix"},
		Umask:  0o022,
		Exec:   sh.exec,
	}
	st := Run(Lookup(args[0]), c)
	return out.String(), errb.String(), st
}
