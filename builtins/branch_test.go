package builtins

import (
	"encoding/json"
	"testing"
)

func TestBranch(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.cases([]cmdCase{
		{args: []string{"branch"}, out: "* main\n"},
		{args: []string{"branch", "-v"}, out: "* main\n"},
		{args: []string{"branch", "--json"}, out: `[{"name":"main","id":null,"short":null,"message":null,"current":true}]` + "\n"},
		{args: []string{"branch", "x"}, err: "branch: no snapshots yet (make one with 'snapshot')\n", status: 1},
		{args: []string{"switch", "main"}, err: "switch: no snapshots yet (make one with 'snapshot')\n", status: 1},
		{args: []string{"fork", "HEAD", "x"}, err: "fork: no snapshots yet (make one with 'snapshot')\n", status: 1},
	})
	h.write("/work/f", "1")
	id := h.snap("base")
	h.cases([]cmdCase{
		{args: []string{"branch", "side"}},
		{args: []string{"branch"}, out: "* main\n  side\n"},
		{args: []string{"branch", "--verbose"}, out: "* main  " + id + "  base\n  side  " + id + "  base\n"},
		{args: []string{"branch", "side"}, err: "branch: branch \"side\" already exists\n", status: 1},
		{args: []string{"branch", "main"}, err: "branch: branch \"main\" already exists\n", status: 1},
		{args: []string{"branch", "a b"}, err: "branch: \"a b\" is not a valid branch name\n", status: 1},
		{args: []string{"branch", "a", "b"}, err: "branch: extra operand 'b' (try 'branch --help')\n", status: 2},
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
		{args: []string{"switch", "side"}, out: "switched to branch side at " + base + " (base)\n"},
	})
	h.write("/work/f", "side\n")
	h.env = append(h.env, "SIDE=1")
	h.dir = "/tmp"
	h.cases([]cmdCase{
		{args: []string{"switch", "main"}, err: "switch: the tree has changes since the last snapshot; snapshot them or use --discard\n", status: 1},
	})
	if h.read("/work/f") != "side\n" {
		t.Error("a refused switch changed the tree")
	}
	side := h.snap("on side")
	h.cases([]cmdCase{
		{args: []string{"switch", "main"}, out: "switched to branch main at " + base + " (base)\n"},
		{args: []string{"branch"}, out: "* main\n  side\n"},
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
		{args: []string{"switch", "nosuch"}, err: "switch: no branch \"nosuch\"\n", status: 1},
		{args: []string{"switch"}, err: "switch: missing branch name (try 'switch --help')\n", status: 2},
		{args: []string{"switch", "a", "b"}, err: "switch: extra operand 'b' (try 'switch --help')\n", status: 2},
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
		{args: []string{"fork", "HEAD~1", "old"}, out: "forked branch old at " + one + " (one)\n"},
		{args: []string{"branch"}, out: "  main\n* old\n"},
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
		{args: []string{"fork", "main", "x"}, err: "fork: the tree has changes since the last snapshot; snapshot them or use --discard\n", status: 1},
		{args: []string{"fork", "nosuch", "x"}, err: "fork: unknown snapshot \"nosuch\"\n", status: 1},
		{args: []string{"fork", "main", "old"}, err: "fork: branch \"old\" already exists\n", status: 1},
		{args: []string{"fork", "main", "bad:name"}, err: "fork: \"bad:name\" is not a valid branch name\n", status: 1},
		{args: []string{"fork"}, err: "fork: missing snapshot id and branch name (try 'fork --help')\n", status: 2},
		{args: []string{"fork", "main"}, err: "fork: missing operand after 'main' (try 'fork --help')\n", status: 2},
		{args: []string{"fork", "a", "b", "c"}, err: "fork: extra operand 'c' (try 'fork --help')\n", status: 2},
	})
	var got struct{ Branch, Message string }
	if err := json.Unmarshal([]byte(h.must("fork", "--discard", "--json", "main", "x")), &got); err != nil {
		t.Fatal(err)
	}
	if got.Branch != "x" || got.Message != "two" || h.read("/work/f") != "2\n" {
		t.Errorf("fork --discard --json = %+v, f=%q", got, h.read("/work/f"))
	}
}
