package coreutils

import (
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

// TestWholeInputBound: a command that holds its whole input holds no
// more than the memory limit lets one value take, and says so (yes | od
// and yes | tac took the host's memory).
func TestWholeInputBound(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("y\n", 1<<20)
	limit := func(c *builtins.Call) { c.MemLimit = 4 << 20 }
	for _, tc := range []struct {
		args   []string
		err    string
		status int
	}{
		{[]string{"od"}, "moonix: od: out of memory (limit 4 MiB)\n", 1},
		{[]string{"od", "-N", "3000000"}, "moonix: od: out of memory (limit 4 MiB)\n", 1},
		{[]string{"hexdump", "-C"}, "moonix: hexdump: out of memory (limit 4 MiB)\n", 1},
		{[]string{"xxd"}, "xxd: -: Cannot allocate memory\n", 2},
		{[]string{"tac"}, "tac: -: Cannot allocate memory\n", 1},
		{[]string{"shuf"}, "shuf: -: Cannot allocate memory\n", 1},
		{[]string{"tsort"}, "tsort: -: Cannot allocate memory\n", 1},
		{[]string{"diff", "-", "/dev/null"}, "diff: -: Cannot allocate memory\n", 2},
		{[]string{"bc"}, "bc: -: Cannot allocate memory\n", 1},
	} {
		out, errs, status := runSetup(t, testTree(t), limit, big, tc.args...)
		if out != "" || errs != tc.err || status != tc.status {
			t.Errorf("%q: got (%d bytes, %q, %d), want (0 bytes, %q, %d)", tc.args, len(out), errs, status, tc.err, tc.status)
		}
	}
	// within the limit, and with -N below it, they read what they need
	out, errs, status := runSetup(t, testTree(t), limit, big, "od", "-c", "-N", "4")
	if out != "0000000   y  \\n   y  \\n\n0000004\n" || errs != "" || status != 0 {
		t.Errorf("od -N 4: got (%q, %q, %d)", out, errs, status)
	}
	out, errs, status = runSetup(t, testTree(t), limit, "a\nb\n", "tac")
	if out != "b\na\n" || errs != "" || status != 0 {
		t.Errorf("tac: got (%q, %q, %d)", out, errs, status)
	}
}
