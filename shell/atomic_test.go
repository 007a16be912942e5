package shell

import (
	"context"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
)

// TestAtomicGate: atomic needs git.rollback, and git.snapshot with -m;
// refused, it runs nothing. Its rollback is a rollback: it needs fs.write
// and fs.delete on the paths it puts back.
func TestAtomicGate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		deny   []string
		script string
		want   string
	}{
		{"no git.rollback", []string{"git.rollback"},
			"echo a > f; atomic sh -c 'echo b > f'; echo $?; cat f",
			"moonix: rollback: permission denied (needs git.rollback)\n1\na\n"},
		{"-m without git.snapshot", []string{"git.snapshot"},
			"echo a > f; atomic -m msg sh -c 'echo b > f'; echo $?; cat f",
			"moonix: snapshot: permission denied (needs git.snapshot)\n1\na\n"},
		{"without -m, no git.snapshot needed", []string{"git.snapshot"},
			"echo a > f; atomic sh -c 'echo b > f'; echo $?; cat f",
			"0\nb\n"},
		{"-m with git.snapshot", nil,
			"echo a > f; atomic -m msg sh -c 'echo b > f'; echo $?; cat f; history | wc -l",
			"atomic: snapshot 25271da (msg)\n0\nb\n1\n"},
		{"the rollback needs fs.write", nil,
			"mkdir keep; echo a > keep/f; atomic sh -c 'echo b > keep/f; caps drop fs.write:/work/keep/**; false'; echo $?; cat keep/f",
			"moonix: rollback /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n1\nb\n"},
		{"the rollback needs fs.delete", nil,
			"atomic sh -c 'echo b > new; caps drop fs.delete:/work/new; exit 3'; echo $?; cat new",
			"moonix: rollback /work/new: permission denied (needs fs.delete:/work/new)\n3\nb\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			set, err := caps.Preset("sandbox")
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range tc.deny {
				c, err := caps.Parse(d)
				if err != nil {
					t.Fatal(err)
				}
				set.Deny(c)
			}
			out, _ := runConfig(t, Config{Caps: set}, tc.script)
			if out != tc.want {
				t.Errorf("%s:\n got %q\nwant %q", tc.script, out, tc.want)
			}
		})
	}
}

// TestAtomicInterrupt: a command interrupted (Ctrl-C cancels the run) is
// rolled back with status 130, and the session goes on.
func TestAtomicInterrupt(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &syncBuffer{}
	s, err := New(Config{Stdout: out, Stderr: out, Commands: map[string]func(*builtins.Call) int{
		"interrupt": func(*builtins.Call) int { cancel(); return 0 },
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.Run(ctx, "echo a > f; cd /tmp; export X=1", "moonix")
	status, _ := s.Run(ctx, "atomic sh -c 'echo b > /work/f; interrupt; sleep 1000'", "moonix")
	if status != 130 {
		t.Errorf("status %d, want 130", status)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel2()
	s.Run(ctx2, "cat /work/f; pwd; echo $X", "moonix")
	if want := "atomic: rolled back (exit 130)\na\n/tmp\n1\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}
