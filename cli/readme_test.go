package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/internal/gnudiff"
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
		var diff strings.Builder
		o := gnudiff.Options{Format: gnudiff.Unified, Labels: []string{"README.md", "help --json"}}
		o.Compare(&diff, gnudiff.File{Data: []byte(list)}, gnudiff.File{Data: []byte(want.String())}, "")
		t.Errorf("README.md's list of commands is not help --json's (%d commands); make it again with the command its first marker names:\n%s", len(entries), diff.String())
	}
}
