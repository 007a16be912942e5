package shell

import (
	"context"
	"strings"
	"testing"
)

// On moonix's engine, the program of -c is read a line at a time, as
// bash reads it: the lines before a syntax error run, and the EXIT trap
// runs after the error; -v echoes what is read.
func TestEngineDashCLines(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		opts         []string
		want         string
		status       int
	}{
		{"syntax error after a line", "trap 'echo bye' EXIT; echo a\nif", nil, "a\nmoonix: -c:2:1: `if` must be followed by a statement list\nbye\n", 2},
		{"exit in the EXIT trap", "trap 'exit 0' EXIT\nfor", nil, "moonix: -c:2:1: `for` must be followed by a literal\n", 0},
		{"verbose", "echo hi\necho there", []string{"-v"}, "echo hi\nhi\necho there\nthere\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := &syncBuffer{}
			s, err := New(Config{DashC: true, Options: tc.opts,
				Stdin: strings.NewReader(""), Stdout: out, Stderr: out})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			status, exited := s.Run(ctx, tc.script, "-c")
			if !exited {
				status = s.Exit(ctx)
			}
			if out.String() != tc.want || status != tc.status {
				t.Errorf("got %q (status %d), want %q (status %d)", out.String(), status, tc.want, tc.status)
			}
		})
	}
}
