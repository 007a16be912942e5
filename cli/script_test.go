package cli_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/moonix-sh/moonix/cli"
)

// TestMain makes this test binary double as the moonix command that the
// scripts under testdata/cli run (testscript copies it into $PATH).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"moonix": func() { os.Exit(cli.Main(os.Stdin, os.Stdout, os.Stderr, os.Args[1:])) },
	})
}

// TestScripts runs the CLI surface scripts, testdata/cli/*.txtar.
func TestScripts(t *testing.T) {
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "testdata", "cli"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"exits": cmdExits},
		Setup: func(env *testscript.Env) error {
			// Under -race every exec'd moonix would sleep a second at
			// exit waiting for stray goroutines.
			env.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
			return nil
		},
	})
}

// cmdExits runs a command and checks its exact exit status:
//
//	exits STATUS command [args...]
//
// Its stdout and stderr can be checked afterwards like those of exec.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits STATUS command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}
