package sandbox

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDiffTree(t *testing.T) {
	t.Parallel()
	h := newHistSession(t)
	h.write("/work/early", "e\n")
	// Before the first snapshot every file is added.
	out, _, status := h.run("diff")
	if status != 1 || !strings.Contains(out, "diff --git a/work/early b/work/early\n--- /dev/null\n+++ b/work/early\n@@ -0,0 +1 @@\n+e\n") {
		t.Errorf("diff before a snapshot: status %d\n%s", status, out)
	}
	h.write("/work/a", "1\n2\n3\n")
	h.write("/work/gone", "g\n")
	one := h.snap("one")
	h.cases([]cmdCase{{Args: []string{"diff"}}})
	h.write("/work/a", "1\ntwo\n3\n")
	if err := h.tree.Remove("/work/gone"); err != nil {
		t.Fatal(err)
	}
	h.write("/work/new", "")
	h.write("/work/bin", "\x00")
	h.write("/work/dir/f", "f\n")
	both := "diff --git a/work/a b/work/a\n--- a/work/a\n+++ b/work/a\n@@ -1,3 +1,3 @@\n 1\n-2\n+two\n 3\n" +
		"diff --git a/work/bin b/work/bin\nBinary files /dev/null and b/work/bin differ\n" +
		"diff --git a/work/dir/f b/work/dir/f\n--- /dev/null\n+++ b/work/dir/f\n@@ -0,0 +1 @@\n+f\n" +
		"diff --git a/work/gone b/work/gone\n--- a/work/gone\n+++ /dev/null\n@@ -1 +0,0 @@\n-g\n" +
		"diff --git a/work/new b/work/new\n--- /dev/null\n+++ b/work/new\n"
	h.cases([]cmdCase{
		{Args: []string{"diff"}, Out: both, Status: 1},
		{Args: []string{"diff", one}, Out: both, Status: 1},
		{Args: []string{"diff", "-U0", "--", "HEAD"}, Out: "diff --git a/work/a b/work/a\n--- a/work/a\n+++ b/work/a\n@@ -2 +2 @@\n-2\n+two\n" +
			"diff --git a/work/bin b/work/bin\nBinary files /dev/null and b/work/bin differ\n" +
			"diff --git a/work/dir/f b/work/dir/f\n--- /dev/null\n+++ b/work/dir/f\n@@ -0,0 +1 @@\n+f\n" +
			"diff --git a/work/gone b/work/gone\n--- a/work/gone\n+++ /dev/null\n@@ -1 +0,0 @@\n-g\n" +
			"diff --git a/work/new b/work/new\n--- /dev/null\n+++ b/work/new\n", Status: 1},
	})
	two := h.snap("two")
	h.cases([]cmdCase{
		{Args: []string{"diff"}},
		{Args: []string{"diff", one, two}, Out: both, Status: 1},
		{Args: []string{"diff", "HEAD", "HEAD~1", "--normal"}, Out: "diff --git a/work/a b/work/a\n2c2\n< two\n---\n> 2\n" +
			"diff --git a/work/bin b/work/bin\nBinary files a/work/bin and /dev/null differ\n" +
			"diff --git a/work/dir/f b/work/dir/f\n1d0\n< f\n" +
			"diff --git a/work/gone b/work/gone\n0a1\n> g\n" +
			"diff --git a/work/new b/work/new\n--- a/work/new\n+++ /dev/null\n", Status: 1},
		{Args: []string{"diff", "-q", "HEAD~1", "HEAD"}, Out: "Files a/work/a and b/work/a differ\n" +
			"Files /dev/null and b/work/bin differ\n" +
			"Files /dev/null and b/work/dir/f differ\n" +
			"Files a/work/gone and /dev/null differ\n" +
			"Files /dev/null and b/work/new differ\n", Status: 1},
	})

	// The executable bit alone; the ignore options.
	if err := h.tree.Chmod("/work/a", 0o755); err != nil {
		t.Fatal(err)
	}
	h.write("/work/dir/f", "F \n")
	h.cases([]cmdCase{
		{Args: []string{"diff", "-i", "-b"}, Out: "diff --git a/work/a b/work/a\nmode changed\n", Status: 1},
		{Args: []string{"diff", "-q"}, Out: "Files a/work/a and b/work/a differ\nFiles a/work/dir/f and b/work/dir/f differ\n", Status: 1},
		{Args: []string{"diff", "-c"}, Out: "diff --git a/work/a b/work/a\nmode changed\n" +
			"diff --git a/work/dir/f b/work/dir/f\n*** a/work/dir/f\n--- b/work/dir/f\n***************\n*** 1 ****\n! f\n--- 1 ----\n! F \n", Status: 1},
	})

	var list []struct{ Path, Kind, Diff string }
	out, _, status = h.run("diff", "--json", "HEAD~1", "HEAD")
	if err := json.Unmarshal([]byte(out), &list); err != nil || status != 1 {
		t.Fatalf("diff --json: status %d, %v", status, err)
	}
	if len(list) != 5 || list[0].Path != "/work/a" || list[0].Kind != "modified" || list[3].Kind != "removed" || list[4].Kind != "added" ||
		list[0].Diff != "diff --git a/work/a b/work/a\n--- a/work/a\n+++ b/work/a\n@@ -1,3 +1,3 @@\n 1\n-2\n+two\n 3\n" {
		t.Errorf("diff --json = %+v", list)
	}
	h.cases([]cmdCase{
		{Args: []string{"diff", "--json", "HEAD", "HEAD"}, Out: "[]\n"},
		// Errors in tree mode are diff's trouble status.
		{Args: []string{"diff", "nosuch"}, Err: "diff: unknown snapshot \"nosuch\"\n", Status: 2},
		{Args: []string{"diff", "HEAD~9"}, Err: "diff: HEAD~9: HEAD has only 1 older snapshot\n", Status: 2},
		// An operand that names a file, or one that does not resolve,
		// keeps GNU diff.
		{Args: []string{"diff", "a"}, Err: "diff: missing operand after 'a'\ndiff: Try 'diff --help' for more information.\n", Status: 2},
		{Args: []string{"diff", "HEAD", "nosuch"}, Err: "diff: HEAD: No such file or directory\ndiff: nosuch: No such file or directory\n", Status: 2},
		{Args: []string{"diff", "-"}, Err: "diff: missing operand after '-'\ndiff: Try 'diff --help' for more information.\n", Status: 2},
		{Args: []string{"diff", "a", "HEAD", "x"}, Err: "diff: extra operand 'x'\ndiff: Try 'diff --help' for more information.\n", Status: 2},
		{Args: []string{"diff", "--json", "a", "new"}, Err: "diff: --json works only when comparing snapshots\ndiff: Try 'diff --help' for more information.\n", Status: 2},
		{Args: []string{"diff", "new", "a"}, Out: "0a1,3\n> 1\n> two\n> 3\n", Status: 1},
	})
	h.write("/work/HEAD", "x\n")
	h.cases([]cmdCase{
		{Args: []string{"diff", "HEAD"}, Err: "diff: missing operand after 'HEAD'\ndiff: Try 'diff --help' for more information.\n", Status: 2},
		{Args: []string{"diff", "HEAD", "HEAD~1"}, Err: "diff: HEAD~1: No such file or directory\n", Status: 2},
	})
}
