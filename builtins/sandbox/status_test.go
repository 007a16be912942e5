package sandbox

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

func TestStatus(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.write("/work/a", "1\n")
	// Before the first snapshot, everything (devices aside) is added.
	out := h.must("status")
	for _, want := range []string{"A /bin\n", "A /dev\n", "A /work\n", "A /work/a\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("status before a snapshot lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "/dev/null") {
		t.Errorf("status lists a device:\n%s", out)
	}
	var st struct {
		Branch  string
		ID      *string
		Dirty   bool
		Changes []struct{ Path, Kind string }
	}
	if err := json.Unmarshal([]byte(h.must("status", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	if st.Branch != "main" || st.ID != nil || !st.Dirty || len(st.Changes) != strings.Count(out, "\n") {
		t.Errorf("status --json before a snapshot = %+v", st)
	}

	h.write("/work/b", "2\n")
	h.write("/work/d/c", "3\n")
	id := h.snap("base")
	h.cases([]cmdCase{
		{Args: []string{"status"}},
		{Args: []string{"status", "--json"}, Out: `{"branch":"main","id":"` + mustResolve(t, h, id) + `","short":"` + id + `","dirty":false,"changes":[]}` + "\n"},
	})
	h.write("/work/a", "changed\n")
	if err := h.tree.Remove("/work/b"); err != nil {
		t.Fatal(err)
	}
	if err := vfs.RemoveAll(h.tree, "/work/d"); err != nil {
		t.Fatal(err)
	}
	h.write("/work/e/new", "n\n")
	h.cases([]cmdCase{
		{Args: []string{"status"}, Out: "M /work/a\nD /work/b\nD /work/d\nD /work/d/c\nA /work/e\nA /work/e/new\n"},
	})
	// A file that becomes a directory: removed, then added.
	h.snap("more")
	if err := h.tree.Remove("/work/a"); err != nil {
		t.Fatal(err)
	}
	h.write("/work/a/in", "x")
	h.cases([]cmdCase{
		{Args: []string{"status"}, Out: "D /work/a\nA /work/a\nA /work/a/in\n"},
	})
	h.snap("dir")
	// Permission changes other than the executable bit are not listed,
	// but the tree is dirty.
	if err := h.tree.Chmod("/work/a/in", 0o600); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(h.must("status", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	if !st.Dirty || len(st.Changes) != 0 {
		t.Errorf("status --json after chmod 600 = %+v", st)
	}
	if err := h.tree.Chmod("/work/a/in", 0o755); err != nil {
		t.Fatal(err)
	}
	h.cases([]cmdCase{
		{Args: []string{"status"}, Out: "M /work/a/in\n"},
		{Args: []string{"status", "x"}, Err: "status: extra operand 'x'\nTry 'status --help' for more information.\n", Status: 2},
	})
}

func mustResolve(t *testing.T, h *histSession, spec string) string {
	t.Helper()
	s, err := h.repo.Resolve(spec)
	if err != nil {
		t.Fatal(err)
	}
	return s.ID
}
