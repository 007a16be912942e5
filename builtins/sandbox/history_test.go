package sandbox

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestHistory(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.cases([]cmdCase{
		{Args: []string{"history"}},
		{Args: []string{"history", "--json"}, Out: "[]\n"},
	})
	var ids []string
	for _, c := range []string{"one", "two", "three\nsecond line"} {
		h.write("/work/f", c)
		ids = append(ids, h.snap(c))
	}
	lines := func(out string) []string { return strings.Split(strings.TrimSuffix(out, "\n"), "\n") }
	out := lines(h.must("history"))
	if len(out) != 3 || !strings.HasPrefix(out[0], "* "+ids[2]+"  2026-01-01 ") || !strings.HasSuffix(out[0], "  three") ||
		!strings.HasPrefix(out[2], "  "+ids[0]+"  ") || !strings.HasSuffix(out[2], "  one") {
		t.Errorf("history =\n%s", strings.Join(out, "\n"))
	}
	for _, tc := range []struct {
		args []string
		n    int
	}{
		{[]string{"history", "-n", "2"}, 2},
		{[]string{"history", "-n1"}, 1},
		{[]string{"history", "--max-count=5"}, 3},
	} {
		if got := lines(h.must(tc.args...)); len(got) != tc.n {
			t.Errorf("%q gave %d lines, want %d", tc.args, len(got), tc.n)
		}
	}
	h.cases([]cmdCase{
		{Args: []string{"history", "-n", "0"}},
		{Args: []string{"history", "-n", "0", "--json"}, Out: "[]\n"},
	})

	// After a rollback the newer snapshots stay; a new snapshot starts a
	// new line, and --all still lists the old one.
	h.must("rollback", ids[0])
	if got := h.must("history"); !strings.Contains(got, "* "+ids[0]) || !strings.Contains(got, "  "+ids[2]) {
		t.Errorf("history after rollback =\n%s", got)
	}
	h.write("/work/f", "other")
	other := h.snap("other")
	if got := lines(h.must("history")); len(got) != 2 || !strings.HasPrefix(got[0], "* "+other) {
		t.Errorf("history on the new line =\n%s", strings.Join(got, "\n"))
	}
	if got := lines(h.must("history", "--all")); len(got) != 4 || !strings.HasPrefix(got[0], "* "+other) {
		t.Errorf("history --all =\n%s", strings.Join(got, "\n"))
	}
	if got := lines(h.must("history", "-a", "-n", "2")); len(got) != 2 {
		t.Errorf("history -a -n 2 =\n%s", strings.Join(got, "\n"))
	}

	var list []struct {
		ID, Short, Message, Time string
		Parent                   *string
		Current                  bool
	}
	if err := json.Unmarshal([]byte(h.must("history", "--json", "--all")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 4 || !list[0].Current || list[0].Short != other || list[1].Current || list[1].Message != "three\nsecond line" || !validTime(list[1].Time) {
		t.Errorf("history --json --all = %+v", list)
	}
	if last := list[len(list)-1]; last.Parent != nil || last.Short != ids[0] {
		t.Errorf("the first snapshot in --json: %+v", last)
	}

	h.cases([]cmdCase{
		{Args: []string{"history", "-n", "-1"}, Err: "history: invalid number of snapshots: '-1'\n", Status: 2},
		{Args: []string{"history", "-n", "x"}, Err: "history: invalid number of snapshots: 'x'\n", Status: 2},
		{Args: []string{"history", "x"}, Err: "history: extra operand 'x'\nTry 'history --help' for more information.\n", Status: 2},
	})
}
