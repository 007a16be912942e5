package coreutils

import (
	"slices"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

func TestEnv(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	runCases(t, fsys, []cmdCase{
		{[]string{"env"}, "", "HOME=/work\nPATH=/bin:/usr/bin\nLC_ALL=C\n", "", 0},
		{[]string{"env", "-0"}, "", "HOME=/work\x00PATH=/bin:/usr/bin\x00LC_ALL=C\x00", "", 0},
		{[]string{"env", "-i"}, "", "", "", 0},
		{[]string{"env", "-i", "A=1", "B=2"}, "", "A=1\nB=2\n", "", 0},
		{[]string{"env", "-", "A=1"}, "", "A=1\n", "", 0},
		{[]string{"env", "--ignore-environment", "A=x=y"}, "", "A=x=y\n", "", 0},
		{[]string{"env", "-u", "HOME"}, "", "PATH=/bin:/usr/bin\nLC_ALL=C\n", "", 0},
		{[]string{"env", "--unset=HOME", "-u", "PATH"}, "", "LC_ALL=C\n", "", 0},
		{[]string{"env", "HOME=/x", "Z="}, "", "HOME=/x\nPATH=/bin:/usr/bin\nLC_ALL=C\nZ=\n", "", 0},
		{[]string{"env", "printenv", "HOME"}, "", "/work\n", "", 0},
		{[]string{"env", "HOME=/x", "printenv", "HOME"}, "", "/x\n", "", 0},
		{[]string{"env", "-i", "A=1", "printenv"}, "", "A=1\n", "", 0},
		{[]string{"env", "-u", "PATH", "printenv", "PATH"}, "", "", "", 1},
		{[]string{"env", "-i", "printenv", "-0", "X"}, "", "", "", 1},
		differs("moonix's exec path says 'command not found', as the shell does", cmdCase{[]string{"env", "nosuch"}, "", "", "nosuch: command not found\n", 127}),
		{[]string{"env", "-C", "nowhere", "printenv"}, "", "", "env: cannot change directory to 'nowhere': No such file or directory\n", 125},
		{[]string{"env", "-C", "/work"}, "", "", "env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n", 125},
		{[]string{"env", "-0", "printenv"}, "", "", "env: cannot specify --null (-0) with command\nTry 'env --help' for more information.\n", 125},
		{[]string{"env", "-u", "A=B"}, "", "", "env: cannot unset 'A=B': Invalid argument\n", 125},
		{[]string{"env", "--bogus"}, "", "", "env: unrecognized option '--bogus'\nTry 'env --help' for more information.\n", 125},
		{[]string{"printenv"}, "", "HOME=/work\nPATH=/bin:/usr/bin\nLC_ALL=C\n", "", 0},
		{[]string{"printenv", "-0"}, "", "HOME=/work\x00PATH=/bin:/usr/bin\x00LC_ALL=C\x00", "", 0},
		{[]string{"printenv", "HOME"}, "", "/work\n", "", 0},
		{[]string{"printenv", "HOME", "PATH"}, "", "/work\n/bin:/usr/bin\n", "", 0},
		{[]string{"printenv", "--null", "HOME"}, "", "/work\x00", "", 0},
		{[]string{"printenv", "NOPE"}, "", "", "", 1},
		{[]string{"printenv", "HOME", "NOPE", "PATH"}, "", "/work\n/bin:/usr/bin\n", "", 1},
		{[]string{"printenv", "HOME=/work"}, "", "", "", 1},
		{[]string{"printenv", "-x"}, "", "", "printenv: invalid option -- 'x'\nTry 'printenv --help' for more information.\n", 2},
	})
}

// TestEnvExec checks what env hands to the command it runs.
func TestEnvExec(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	if err := fsys.Mkdir("/work/sub", 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, fsys, "/work/file", "")
	var got *builtins.Call
	setup := func(c *builtins.Call) {
		c.Env = append(c.Env, "A=1")
		c.Exec = func(sub *builtins.Call) int {
			got = sub
			return 42
		}
	}
	_, errs, status := runSetup(t, fsys, setup, "", "env", "-u", "PATH", "-C", "sub", "A=2", "B=3", "cmd", "-x", "arg")
	if status != 42 || errs != "" {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	if !slices.Equal(got.Args, []string{"cmd", "-x", "arg"}) || got.Dir != "/work/sub" ||
		!slices.Equal(got.Env, []string{"HOME=/work", "LC_ALL=C", "A=2", "B=3"}) {
		t.Errorf("ran %q in %s with %q", got.Args, got.Dir, got.Env)
	}
	_, errs, status = runSetup(t, fsys, setup, "", "env", "-C", "file", "cmd")
	if status != 125 || errs != "env: cannot change directory to 'file': Not a directory\n" {
		t.Errorf("-C file: %d %q", status, errs)
	}
	_, errs, status = runSetup(t, fsys, func(c *builtins.Call) { c.Exec = nil }, "", "env", "cmd")
	if status != 126 || errs != "env: cannot run cmd\n" {
		t.Errorf("no Exec: %d %q", status, errs)
	}
}
