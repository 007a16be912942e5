package coreutils

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// fakeShell stands in for the session's exec path in tests: it knows
// echo, true, false, cat, "exit N" and sh -c (words split on blanks), and
// records every command line it is asked to run.
type fakeShell struct {
	mu    sync.Mutex
	calls [][]string
}

func (f *fakeShell) exec(sub *builtins.Call) int {
	f.mu.Lock()
	f.calls = append(f.calls, append([]string(nil), sub.Args...))
	f.mu.Unlock()
	return f.run(sub, sub.Args)
}

func (f *fakeShell) run(sub *builtins.Call, args []string) int {
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
	if cmd := testRegistry.Lookup(args[0]); cmd != nil {
		sub2 := *sub
		sub2.Args = args
		return builtins.Run(cmd, &sub2)
	}
	fmt.Fprintf(sub.Stderr, "%s: command not found\n", args[0])
	return 127
}

// runFakeShell runs one builtin like runCmd, with fakeShell as the exec path.
func runFakeShell(t *testing.T, fsys vfs.FS, sh *fakeShell, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := newTestCall(fsys, stdin, &out, &errb, args...)
	c.Env = append(c.Env, "GREETING=hello")
	c.Exec = sh.exec
	st := builtins.Run(testRegistry.Lookup(args[0]), c)
	return out.String(), errb.String(), st
}
