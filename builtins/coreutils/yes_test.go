package coreutils

import (
	"errors"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

// closingWriter takes n bytes, then fails like a pipe whose reader left.
type closingWriter struct {
	b strings.Builder
	n int
}

func (w *closingWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > w.n {
		k := w.n - w.b.Len()
		w.b.Write(p[:k])
		return k, errors.New("broken pipe")
	}
	return w.b.Write(p)
}

func TestYes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		line string
	}{
		{[]string{"yes"}, "y\n"},
		{[]string{"yes", "a", "b"}, "a b\n"},
		{[]string{"yes", "--", "-n"}, "-n\n"},
		{[]string{"yes", ""}, "\n"},
		{[]string{"yes", strings.Repeat("long ", 10000)}, strings.Repeat("long ", 10000) + "\n"},
	} {
		w := &closingWriter{n: 100_000}
		_, errs, status := runSetup(t, testTree(t), func(c *builtins.Call) { c.Stdout = w }, "", tc.args...)
		if status != 1 || errs != "" {
			t.Errorf("%q: status %d, stderr %q", tc.args, status, errs)
		}
		want := strings.Repeat(tc.line, 100_000/len(tc.line)+1)[:100_000]
		if w.b.String() != want {
			t.Errorf("%q: wrong output %.40q...", tc.args, w.b.String())
		}
	}
	_, errs, status := runCmd(t, testTree(t), "", "yes", "-n")
	if status != 1 || errs != "yes: invalid option -- 'n'\nTry 'yes --help' for more information.\n" {
		t.Errorf("yes -n: %d %q", status, errs)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func TestYesCanceled(t *testing.T) {
	t.Parallel()
	runCanceled(t, func(c *builtins.Call) { c.Stdout = discard{} }, "yes")
}
