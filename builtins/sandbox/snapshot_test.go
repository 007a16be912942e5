package sandbox

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestSnapshot(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.write("/work/a", "one\n")
	id := h.snap("first")
	if len(id) != 7 {
		t.Fatalf("snapshot printed %q, want a 7-character id", id)
	}
	h.cases([]cmdCase{
		{Args: []string{"snapshot"}, Out: id + "\n", Err: "snapshot: nothing changed since " + id + "\n"},
		{Args: []string{"snapshot", "-m", "x"}, Out: id + "\n", Err: "snapshot: nothing changed since " + id + "\n"},
		{Args: []string{"snapshot", "--bogus"}, Err: "snapshot: unrecognized option '--bogus'\nTry 'snapshot --help' for more information.\n", Status: 2},
		{Args: []string{"snapshot", "-m"}, Err: "snapshot: option requires an argument -- 'm'\nTry 'snapshot --help' for more information.\n", Status: 2},
	})

	// Words are joined; -m comes first; the default is "snapshot".
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"snapshot", "two", "words"}, "two words"},
		{[]string{"snapshot", "-m", "lead", "then", "words"}, "lead then words"},
		{[]string{"snapshot", "--message=long"}, "long"},
		{[]string{"snapshot"}, "snapshot"},
	} {
		h.write("/work/a", tc.msg)
		h.must(tc.args...)
		if out := h.must("history", "-n", "1"); !strings.HasSuffix(out, "  "+tc.msg+"\n") {
			t.Errorf("%q: history says %q, want message %q", tc.args, out, tc.msg)
		}
	}

	// The exported environment and the directory count; --json says
	// whether a snapshot was made.
	var got struct {
		ID, Short, Message, Time, Branch string
		Parent                           *string
		Created                          bool
	}
	h.env = append(h.env, "NEW=1")
	if err := json.Unmarshal([]byte(h.must("snapshot", "--json", "env")), &got); err != nil {
		t.Fatal(err)
	}
	if !got.Created || got.Message != "env" || got.Branch != "main" || got.Parent == nil || len(got.ID) != 40 || !strings.HasPrefix(got.ID, got.Short) || !validTime(got.Time) {
		t.Errorf("snapshot --json = %+v", got)
	}
	h.dir = "/tmp"
	first := got.ID
	if err := json.Unmarshal([]byte(h.must("snapshot", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if !got.Created || *got.Parent != first {
		t.Errorf("a new directory made no snapshot: %+v", got)
	}
	if err := json.Unmarshal([]byte(h.must("snapshot", "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if got.Created {
		t.Errorf("an unchanged tree made a snapshot: %+v", got)
	}
}

// TestSnapshotDeterministic checks that the same actions give the same ids.
func TestSnapshotDeterministic(t *testing.T) {
	t.Parallel()
	ids := func() string {
		h := newHistSession(t)
		var all []string
		for _, content := range []string{"a", "b", "c"} {
			h.write("/work/f", content)
			all = append(all, h.snap(content))
		}
		return strings.Join(all, " ")
	}
	if a, b := ids(), ids(); a != b {
		t.Errorf("two runs gave %s and %s", a, b)
	}
}

func validTime(s string) bool {
	_, err := time.Parse(time.RFC3339, s)
	return err == nil
}
