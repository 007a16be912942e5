package shell

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHelpJSON: help --json lists every command once, each with a
// one-line summary and its synopsis, and help's listing names the same
// commands, each once (echo and printf are builtins of the registry and
// of the interpreter, and were listed twice).
func TestHelpJSON(t *testing.T) {
	t.Parallel()
	out, status := run(t, "help --json")
	if status != 0 {
		t.Fatalf("help --json: status %d: %s", status, out)
	}
	var entries []struct {
		Name     string
		Summary  string
		Synopsis []string
	}
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatalf("help --json: %v: %s", err, out)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if seen[e.Name] {
			t.Errorf("%s listed twice", e.Name)
		}
		seen[e.Name] = true
		if e.Summary == "" || strings.Contains(e.Summary, "\n") {
			t.Errorf("%s: summary %q is not one line", e.Name, e.Summary)
		}
		if len(e.Synopsis) == 0 || e.Synopsis[0] == "" {
			t.Errorf("%s: no synopsis", e.Name)
		}
		for _, form := range e.Synopsis {
			if strings.Contains(form, "\n") {
				t.Errorf("%s: synopsis %q is not one line", e.Name, form)
			}
		}
	}
	for _, name := range []string{"ls", "cd", "echo", "printf", "sh", "help", "grep", "export"} {
		if !seen[name] {
			t.Errorf("help --json lacks %s", name)
		}
	}
	listing, _ := run(t, "help")
	lines := strings.Split(strings.TrimSpace(listing), "\n")[1:]
	names := map[string]int{}
	for _, line := range lines {
		if f := strings.Fields(line); len(f) > 0 {
			names[f[0]]++
		}
	}
	for name, n := range names {
		if n > 1 {
			t.Errorf("help lists %s %d times", name, n)
		}
		if !seen[name] {
			t.Errorf("help lists %s, help --json does not", name)
		}
	}
	if len(names) != len(entries) {
		t.Errorf("help lists %d commands, help --json %d", len(names), len(entries))
	}
	out, status = run(t, "help --json cd nosuch")
	if status != 1 || out != "help: no help topics match 'nosuch'\n" {
		t.Errorf("help --json cd nosuch: %d %q", status, out)
	}
}
