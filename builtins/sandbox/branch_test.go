package sandbox

import (
	"encoding/json"
	"testing"
)

func TestBranch(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.cases([]cmdCase{
		{Args: []string{"branch"}, Out: "* main\n"},
		{Args: []string{"branch", "-v"}, Out: "* main\n"},
		{Args: []string{"branch", "--json"}, Out: `[{"name":"main","id":null,"short":null,"message":null,"current":true}]` + "\n"},
		{Args: []string{"branch", "x"}, Err: "branch: no snapshots yet (make one with 'snapshot')\n", Status: 1},
		{Args: []string{"switch", "main"}, Err: "switch: no snapshots yet (make one with 'snapshot')\n", Status: 1},
		{Args: []string{"fork", "HEAD", "x"}, Err: "fork: no snapshots yet (make one with 'snapshot')\n", Status: 1},
	})
	h.write("/work/f", "1")
	id := h.snap("base")
	h.cases([]cmdCase{
		{Args: []string{"branch", "side"}},
		{Args: []string{"branch"}, Out: "* main\n  side\n"},
		{Args: []string{"branch", "--verbose"}, Out: "* main  " + id + "  base\n  side  " + id + "  base\n"},
		{Args: []string{"branch", "side"}, Err: "branch: branch \"side\" already exists\n", Status: 1},
		{Args: []string{"branch", "main"}, Err: "branch: branch \"main\" already exists\n", Status: 1},
		{Args: []string{"branch", "a b"}, Err: "branch: \"a b\" is not a valid branch name\n", Status: 1},
		{Args: []string{"branch", "a", "b"}, Err: "branch: extra operand 'b'\nTry 'branch --help' for more information.\n", Status: 2},
	})
	var one struct {
		Name, ID, Short, Message string
		Current                  bool
	}
	if err := json.Unmarshal([]byte(h.must("branch", "--json", "third")), &one); err != nil {
		t.Fatal(err)
	}
	if one.Name != "third" || one.Short != id || len(one.ID) != 40 || one.Message != "base" || one.Current {
		t.Errorf("branch --json third = %+v", one)
	}
	var list []struct {
		Name    string
		Current bool
	}
	if err := json.Unmarshal([]byte(h.must("branch", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || list[0].Name != "main" || !list[0].Current || list[2].Name != "third" || list[2].Current {
		t.Errorf("branch --json = %+v", list)
	}
}

func TestSwitch(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.write("/work/f", "main\n")
	base := h.snap("base")
	h.must("branch", "side")
	h.cases([]cmdCase{
		{Args: []string{"switch", "side"}, Out: "switched to branch side at " + base + " (base)\n"},
	})
	h.write("/work/f", "side\n")
	h.env = append(h.env, "SIDE=1")
	h.dir = "/tmp"
	h.cases([]cmdCase{
		{Args: []string{"switch", "main"}, Err: "switch: the tree has changes since the last snapshot; snapshot them or use --discard\n", Status: 1},
	})
	if h.read("/work/f") != "side\n" {
		t.Error("a refused switch changed the tree")
	}
	side := h.snap("on side")
	h.cases([]cmdCase{
		{Args: []string{"switch", "main"}, Out: "switched to branch main at " + base + " (base)\n"},
		{Args: []string{"branch"}, Out: "* main\n  side\n"},
	})
	if h.read("/work/f") != "main\n" || h.dir != "/work" || len(h.env) != 2 {
		t.Errorf("switch main: f=%q dir=%q env=%q", h.read("/work/f"), h.dir, h.env)
	}
	h.write("/work/f", "scratch\n")
	var got struct {
		Branch, Short, Message, Dir string
		Env                         []string
	}
	if err := json.Unmarshal([]byte(h.must("switch", "--discard", "--json", "side")), &got); err != nil {
		t.Fatal(err)
	}
	if got.Branch != "side" || got.Short != side || got.Message != "on side" || got.Dir != "/tmp" || len(got.Env) != 3 {
		t.Errorf("switch --json = %+v", got)
	}
	if h.read("/work/f") != "side\n" || h.dir != "/tmp" {
		t.Errorf("switch --discard side: f=%q dir=%q", h.read("/work/f"), h.dir)
	}
	h.cases([]cmdCase{
		{Args: []string{"switch", "nosuch"}, Err: "switch: no branch \"nosuch\"\n", Status: 1},
		{Args: []string{"switch"}, Err: "switch: missing branch name\nTry 'switch --help' for more information.\n", Status: 2},
		{Args: []string{"switch", "a", "b"}, Err: "switch: extra operand 'b'\nTry 'switch --help' for more information.\n", Status: 2},
	})
}

func TestFork(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.write("/work/f", "1\n")
	h.env = append(h.env, "V=1")
	one := h.snap("one")
	h.write("/work/f", "2\n")
	h.env = h.env[:2]
	h.snap("two")

	h.cases([]cmdCase{
		{Args: []string{"fork", "HEAD~1", "old"}, Out: "forked branch old at " + one + " (one)\n"},
		{Args: []string{"branch"}, Out: "  main\n* old\n"},
	})
	if h.read("/work/f") != "1\n" || len(h.env) != 3 {
		t.Errorf("fork: f=%q env=%q", h.read("/work/f"), h.env)
	}
	// Diverge, then switch back and forth.
	h.write("/work/f", "old line\n")
	h.snap("diverged")
	h.must("switch", "main")
	if h.read("/work/f") != "2\n" {
		t.Errorf("switch main: f=%q", h.read("/work/f"))
	}
	h.must("switch", "old")
	if h.read("/work/f") != "old line\n" {
		t.Errorf("switch old: f=%q", h.read("/work/f"))
	}

	h.write("/work/f", "dirty\n")
	h.cases([]cmdCase{
		{Args: []string{"fork", "main", "x"}, Err: "fork: the tree has changes since the last snapshot; snapshot them or use --discard\n", Status: 1},
		{Args: []string{"fork", "nosuch", "x"}, Err: "fork: unknown snapshot \"nosuch\"\n", Status: 1},
		{Args: []string{"fork", "main", "old"}, Err: "fork: branch \"old\" already exists\n", Status: 1},
		{Args: []string{"fork", "main", "bad:name"}, Err: "fork: \"bad:name\" is not a valid branch name\n", Status: 1},
		{Args: []string{"fork"}, Err: "fork: missing snapshot id and branch name\nTry 'fork --help' for more information.\n", Status: 2},
		{Args: []string{"fork", "main"}, Err: "fork: missing operand after 'main'\nTry 'fork --help' for more information.\n", Status: 2},
		{Args: []string{"fork", "a", "b", "c"}, Err: "fork: extra operand 'c'\nTry 'fork --help' for more information.\n", Status: 2},
	})
	var got struct{ Branch, Message string }
	if err := json.Unmarshal([]byte(h.must("fork", "--discard", "--json", "main", "x")), &got); err != nil {
		t.Fatal(err)
	}
	if got.Branch != "x" || got.Message != "two" || h.read("/work/f") != "2\n" {
		t.Errorf("fork --discard --json = %+v, f=%q", got, h.read("/work/f"))
	}
}
