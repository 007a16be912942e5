package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The README lists every command the shell has, one line each, between
// these two lines; the list is help --json's, in its order.
const (
	readmeCommandsStart = "<!-- commands: moonix --ephemeral -c 'help --json' | jq -r '.[] | \"- `\\(.name)`: \\(.summary)\"' -->"
	readmeCommandsEnd   = "<!-- end of commands -->"
)

// TestREADMECommands: the README's list of commands is the shell's own
// (help --json), one line each, so that a command added or renamed
// without the README fails here.
func TestREADMECommands(t *testing.T) {
	t.Parallel()
	status, stdout, stderr := run(&Program{}, "", "--ephemeral", "-c", "help --json")
	if status != 0 {
		t.Fatalf("help --json: status %d: %s", status, stderr)
	}
	var entries []struct{ Name, Summary string }
	if err := json.Unmarshal([]byte(stdout), &entries); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, e := range entries {
		want.WriteString("- `" + e.Name + "`: " + e.Summary + "\n")
	}
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), readmeCommandsStart+"\n")
	list, _, ok2 := strings.Cut(rest, readmeCommandsEnd)
	if !ok || !ok2 {
		t.Fatalf("README.md has no list of commands between %q and %q", readmeCommandsStart, readmeCommandsEnd)
	}
	if list != want.String() {
		t.Errorf("README.md's list of commands is not help --json's (%d commands); make it again with the command its first marker names:\n%s", len(entries), lineDiff(list, want.String()))
	}
}

// lineDiff names the lines only one of have and want has.
func lineDiff(have, want string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	h, w := in(have), in(want)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !h[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	for _, l := range strings.Split(have, "\n") {
		if !w[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	return b.String()
}
