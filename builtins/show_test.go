package builtins

import (
	"encoding/json"
	"testing"
)

func TestShow(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.cases([]cmdCase{
		{args: []string{"show", "HEAD:a"}, err: "show: no snapshots yet (make one with 'snapshot')\n", status: 1},
	})
	h.write("/work/a", "one\n")
	h.write("/work/d/inner", "in\n")
	if err := h.tree.Symlink("a", "/work/link"); err != nil {
		t.Fatal(err)
	}
	h.write("/work/bin", "\x00\xff")
	one := h.snap("one")
	h.write("/work/a", "two\n")
	h.snap("two")
	h.write("/work/a", "working\n")
	h.dir = "/work/d"
	h.cases([]cmdCase{
		{args: []string{"show", "HEAD:/work/a"}, out: "two\n"},
		{args: []string{"show", "HEAD~1:../a"}, out: "one\n"},
		{args: []string{"show", one + ":inner"}, out: "in\n"},
		{args: []string{"show", "main:/work/link"}, out: "a"},
		{args: []string{"show", "HEAD:/work/bin"}, out: "\x00\xff"},
		{args: []string{"show", "HEAD:nope"}, err: "show: HEAD:nope: no such file or directory\n", status: 1},
		{args: []string{"show", "HEAD:/work/d"}, err: "show: HEAD:/work/d: is a directory\n", status: 1},
		{args: []string{"show", "HEAD:"}, err: "show: HEAD:: is a directory\n", status: 1},
		{args: []string{"show", "HEAD:/work/a/x"}, err: "show: HEAD:/work/a/x: not a directory\n", status: 1},
		{args: []string{"show", "nosuch:a"}, err: "show: unknown snapshot \"nosuch\"\n", status: 1},
		{args: []string{"show", "a"}, err: "show: a: expected ID:PATH, a snapshot and a file in it (try 'show --help')\n", status: 2},
		{args: []string{"show"}, err: "show: missing operand ID:PATH (try 'show --help')\n", status: 2},
		{args: []string{"show", "a:b", "c"}, err: "show: extra operand 'c' (try 'show --help')\n", status: 2},
	})
	var got struct {
		ID, Short, Path, Encoding, Content string
		Size                               int
	}
	for _, tc := range []struct{ spec, path, enc, content string }{
		{"HEAD~1:../a", "/work/a", "utf-8", "one\n"},
		{"HEAD:/work/bin", "/work/bin", "base64", "AP8="},
	} {
		if err := json.Unmarshal([]byte(h.must("show", "--json", tc.spec)), &got); err != nil {
			t.Fatal(err)
		}
		if got.Path != tc.path || got.Encoding != tc.enc || got.Content != tc.content || len(got.ID) != 40 {
			t.Errorf("show --json %s = %+v", tc.spec, got)
		}
	}
}
