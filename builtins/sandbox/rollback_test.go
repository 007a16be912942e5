package sandbox

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestRollback(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.cases([]cmdCase{
		{Args: []string{"rollback", "HEAD"}, Err: "rollback: no snapshots yet (make one with 'snapshot')\n", Status: 1},
	})
	h.write("/work/a", "1\n")
	h.write("/work/gone", "g\n")
	h.env = append(h.env, "STAGE=one")
	id1 := h.snap("one")
	h.write("/work/a", "2\n")
	if err := h.tree.Remove("/work/gone"); err != nil {
		t.Fatal(err)
	}
	h.write("/work/sub/new", "n\n")
	h.env = []string{"HOME=/work", "STAGE=two"}
	h.dir = "/work/sub"
	id2 := h.snap("two")

	// Back to one: the tree, the environment and the directory.
	h.cases([]cmdCase{
		{Args: []string{"rollback", "HEAD~1"}, Out: "rolled back to " + id1 + " (one)\n"},
	})
	if h.read("/work/a") != "1\n" || h.read("/work/gone") != "g\n" || h.read("/work/sub/new") != "<No such file or directory>" {
		t.Errorf("rollback to one left a=%q gone=%q new=%q", h.read("/work/a"), h.read("/work/gone"), h.read("/work/sub/new"))
	}
	if want := []string{"HOME=/work", "PATH=/bin:/usr/bin", "STAGE=one"}; !slices.Equal(h.env, want) || h.dir != "/work" {
		t.Errorf("rollback restored env %q dir %q, want %q /work", h.env, h.dir, want)
	}
	// And forward again, by prefix.
	h.cases([]cmdCase{
		{Args: []string{"rollback", id2[:5]}, Out: "rolled back to " + id2 + " (two)\n"},
	})
	if h.read("/work/a") != "2\n" || h.dir != "/work/sub" || !slices.Contains(h.env, "STAGE=two") {
		t.Errorf("rollback to two: a=%q dir=%q env=%q", h.read("/work/a"), h.dir, h.env)
	}

	// --dry-run lists what rollback would do, from the working tree to
	// the target, and changes nothing.
	h.write("/work/extra", "x\n")
	h.cases([]cmdCase{
		{Args: []string{"rollback", "--dry-run", id1}, Out: "M /work/a\nD /work/extra\nA /work/gone\nD /work/sub\nD /work/sub/new\n"},
		{Args: []string{"rollback", "-n", "HEAD"}, Out: "D /work/extra\n"},
		{Args: []string{"status"}, Out: "A /work/extra\n"},
	})
	var dry struct {
		ID      string
		Dir     string
		Env     []string
		Changes []struct{ Path, Kind string }
	}
	if err := json.Unmarshal([]byte(h.must("rollback", "--dry-run", "--json", id1)), &dry); err != nil {
		t.Fatal(err)
	}
	if dry.Dir != "/work" || len(dry.Changes) != 5 || dry.Changes[2].Path != "/work/gone" || dry.Changes[2].Kind != "added" || dry.Changes[1].Kind != "removed" || dry.Changes[0].Kind != "modified" {
		t.Errorf("rollback --dry-run --json = %+v", dry)
	}
	if h.read("/work/extra") != "x\n" {
		t.Error("--dry-run changed the tree")
	}

	// --json rolls back and prints the snapshot with its state.
	var got struct {
		Short, Message, Dir string
		Env                 []string
		Changes             any
	}
	out, errs, status := h.run("rollback", "--json", "HEAD")
	if err := json.Unmarshal([]byte(out), &got); err != nil || status != 0 {
		t.Fatalf("rollback --json: %v, status %d", err, status)
	}
	// the unsaved file is kept, and said so on stderr (stdout stays JSON)
	if !strings.HasPrefix(errs, "rollback: unsaved changes (1 path) kept as ") {
		t.Errorf("rollback --json stderr %q", errs)
	}
	if got.Short != id2 || got.Message != "two" || got.Dir != "/work/sub" || !slices.Equal(got.Env, []string{"HOME=/work", "STAGE=two"}) || got.Changes != nil {
		t.Errorf("rollback --json = %+v", got)
	}
	if h.read("/work/extra") != "<No such file or directory>" {
		t.Error("rollback left an unsnapshotted file in the tree")
	}

	h.cases([]cmdCase{
		{Args: []string{"rollback", "nosuch"}, Err: "rollback: unknown snapshot \"nosuch\"\n", Status: 1},
		{Args: []string{"rollback", "HEAD~5"}, Err: "rollback: HEAD~5: HEAD has only 1 older snapshot\n", Status: 1},
		{Args: []string{"rollback"}, Err: "rollback: missing snapshot id\nTry 'rollback --help' for more information.\n", Status: 2},
		{Args: []string{"rollback", "a", "b"}, Err: "rollback: extra operand 'b'\nTry 'rollback --help' for more information.\n", Status: 2},
		{Args: []string{"rollback", "-x", "a"}, Err: "rollback: invalid option -- 'x'\nTry 'rollback --help' for more information.\n", Status: 2},
	})

	// Outside a shell there is no state to restore: the tree still comes
	// back. A shell that cannot take the state is an error.
	h.noSetState = true
	h.cases([]cmdCase{{Args: []string{"rollback", id1}, Out: "rolled back to " + id1 + " (one)\n"}})
	if h.read("/work/a") != "1\n" || h.dir != "/work/sub" {
		t.Errorf("rollback without SetState: a=%q dir=%q", h.read("/work/a"), h.dir)
	}
	h.noSetState = false
	h.setStateErr = errors.New("boom")
	h.cases([]cmdCase{{Args: []string{"rollback", id2}, Err: "rollback: cannot restore the environment and directory: boom\n", Status: 1}})
}
