package sandbox

import (
	"encoding/json"
	"testing"
)

func TestShow(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.cases([]cmdCase{
		{Args: []string{"show", "HEAD:a"}, Err: "show: no snapshots yet (make one with 'snapshot')\n", Status: 1},
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
		{Args: []string{"show", "HEAD:/work/a"}, Out: "two\n"},
		{Args: []string{"show", "HEAD~1:../a"}, Out: "one\n"},
		{Args: []string{"show", one + ":inner"}, Out: "in\n"},
		{Args: []string{"show", "main:/work/link"}, Out: "a"},
		{Args: []string{"show", "HEAD:/work/bin"}, Out: "\x00\xff"},
		{Args: []string{"show", "HEAD:nope"}, Err: "show: 'HEAD:nope': No such file or directory\n", Status: 1},
		{Args: []string{"show", "HEAD:/work/d"}, Err: "show: 'HEAD:/work/d': Is a directory\n", Status: 1},
		{Args: []string{"show", "HEAD:"}, Err: "show: 'HEAD:': Is a directory\n", Status: 1},
		{Args: []string{"show", "HEAD:/work/a/x"}, Err: "show: 'HEAD:/work/a/x': Not a directory\n", Status: 1},
		{Args: []string{"show", "nosuch:a"}, Err: "show: unknown snapshot \"nosuch\"\n", Status: 1},
		{Args: []string{"show", "a"}, Err: "show: a: expected ID:PATH, a snapshot and a file in it\nTry 'show --help' for more information.\n", Status: 2},
		{Args: []string{"show"}, Err: "show: missing operand ID:PATH\nTry 'show --help' for more information.\n", Status: 2},
		{Args: []string{"show", "a:b", "c"}, Err: "show: extra operand 'c'\nTry 'show --help' for more information.\n", Status: 2},
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
