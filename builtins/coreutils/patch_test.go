package coreutils

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// seqText is the lines from to to, as seq prints them.
func seqText(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		fmt.Fprintln(&b, i)
	}
	return b.String()
}

// twoHunks changes lines 5 and 15 of seq 20.
const twoHunks = "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n@@ -12,7 +12,7 @@\n 12\n 13\n 14\n-15\n+fifteen\n 16\n 17\n 18\n"

func TestPatch(t *testing.T) {
	t.Parallel()
	orig := seqText(1, 20)
	patched := strings.Replace(strings.Replace(orig, "\n5\n", "\nfive\n", 1), "\n15\n", "\nfifteen\n", 1)
	shifted := "x\ny\n" + orig
	runFileCases(t, []fileCase{
		{args: []string{"patch", "f"}, stdin: twoHunks, files: map[string]string{"f": orig}, out: "patching file f\n",
			check: checks(wantContent("/work/f", patched), wantMissing("/work/f.orig"))},
		{args: []string{"patch", "-i", "p.diff"}, files: map[string]string{"a": orig, "p.diff": twoHunks}, out: "patching file a\n",
			check: wantContent("/work/a", patched)},
		{name: "offset", args: []string{"patch", "f", "p.diff"}, files: map[string]string{"f": shifted, "p.diff": twoHunks},
			out:   "patching file f\nHunk #1 succeeded at 4 (offset 2 lines).\nHunk #2 succeeded at 14 (offset 2 lines).\n",
			check: checks(wantContent("/work/f", "x\ny\n"+patched), wantContent("/work/f.orig", shifted))},
		{name: "fuzz", args: []string{"patch", "f", "p.diff"}, files: map[string]string{"f": strings.Replace(shifted, "\n3\n", "\nthree\n", 1), "p.diff": twoHunks},
			out:   "patching file f\nHunk #1 succeeded at 4 with fuzz 2 (offset 2 lines).\nHunk #2 succeeded at 14 (offset 2 lines).\n",
			check: wantContent("/work/f", strings.Replace("x\ny\n"+patched, "\n3\n", "\nthree\n", 1))},
		{name: "fuzz 1", args: []string{"patch", "f", "p.diff"}, files: map[string]string{"f": strings.Replace(orig, "\n18\n", "\neighteen\n", 1), "p.diff": twoHunks},
			out: "patching file f\nHunk #2 succeeded at 12 with fuzz 1.\n"},
		{name: "fails", args: []string{"patch", "f", "p.diff"}, files: map[string]string{"f": strings.Replace(orig, "\n15\n", "\nXV\n", 1), "p.diff": twoHunks},
			out:    "patching file f\nHunk #2 FAILED at 12.\n1 out of 2 hunks FAILED -- saving rejects to file f.rej\n",
			status: 1,
			check: checks(wantContent("/work/f", strings.Replace(patched, "\nfifteen\n", "\nXV\n", 1)),
				wantContent("/work/f.rej", "--- a\n+++ b\n@@ -12,7 +12,7 @@\n 12\n 13\n 14\n-15\n+fifteen\n 16\n 17\n 18\n"))},
		{name: "reversed", args: []string{"patch", "f", "p.diff"}, files: map[string]string{"f": patched, "p.diff": twoHunks},
			out: "patching file f\nReversed (or previously applied) patch detected!  Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n" +
				"2 out of 2 hunks ignored -- saving rejects to file f.rej\n",
			status: 1, check: checks(wantContent("/work/f", patched), wantContent("/work/f.rej", twoHunks))},
		{args: []string{"patch", "-N", "f", "p.diff"}, files: map[string]string{"f": patched, "p.diff": twoHunks},
			out:    "patching file f\nReversed (or previously applied) patch detected!  Skipping patch.\n2 out of 2 hunks ignored -- saving rejects to file f.rej\n",
			status: 1},
		{args: []string{"patch", "-t", "f", "p.diff"}, files: map[string]string{"f": patched, "p.diff": twoHunks},
			out: "patching file f\nReversed (or previously applied) patch detected!  Assuming -R.\n", check: wantContent("/work/f", orig)},
		{args: []string{"patch", "-f", "f", "p.diff"}, files: map[string]string{"f": patched, "p.diff": twoHunks},
			out:    "patching file f\nHunk #1 FAILED at 2.\nHunk #2 FAILED at 12.\n2 out of 2 hunks FAILED -- saving rejects to file f.rej\n",
			status: 1},
		{args: []string{"patch", "-R", "f", "p.diff"}, files: map[string]string{"f": patched, "p.diff": twoHunks},
			out: "patching file f\n", check: wantContent("/work/f", orig)},
		{args: []string{"patch", "--dry-run", "f", "p.diff"}, files: map[string]string{"f": shifted, "p.diff": twoHunks},
			out:   "checking file f\nHunk #1 succeeded at 4 (offset 2 lines).\nHunk #2 succeeded at 14 (offset 2 lines).\n",
			check: checks(wantContent("/work/f", shifted), wantMissing("/work/f.orig"))},
		{args: []string{"patch", "--dry-run", "f", "p.diff"}, files: map[string]string{"f": strings.Replace(orig, "\n15\n", "\nXV\n", 1), "p.diff": twoHunks},
			out: "checking file f\nHunk #2 FAILED at 12.\n1 out of 2 hunks FAILED\n", status: 1, check: wantMissing("/work/f.rej")},
		{args: []string{"patch", "-s", "f", "p.diff"}, files: map[string]string{"f": shifted, "p.diff": twoHunks}},
		{args: []string{"patch", "-b", "f", "p.diff"}, files: map[string]string{"f": orig, "p.diff": twoHunks}, out: "patching file f\n",
			check: checks(wantContent("/work/f", patched), wantContent("/work/f.orig", orig))},
		{args: []string{"patch", "-o", "out", "f", "p.diff"}, files: map[string]string{"f": orig, "p.diff": twoHunks}, out: "patching file out (read from f)\n",
			check: checks(wantContent("/work/f", orig), wantContent("/work/out", patched))},
		{args: []string{"patch", "-d", "sub", "-i", "../p.diff"}, files: map[string]string{"sub/a": orig, "p.diff": twoHunks}, out: "patching file a\n",
			check: wantContent("/work/sub/a", patched)},
		// context and normal diffs
		{args: []string{"patch", "f"}, files: map[string]string{"f": "1\n2\n3\n4\n5\n"},
			stdin: "*** c\n--- d\n***************\n*** 1,5 ****\n! 1\n! 2\n! 3\n! 4\n! 5\n--- 1 ----\n! c\n",
			out:   "patching file f\n", check: wantContent("/work/f", "c\n")},
		{args: []string{"patch", "f"}, files: map[string]string{"f": "a\nb\nc\nd\n"},
			stdin: "*** f\n--- f\n***************\n*** 1,4 ****\n  a\n- b\n  c\n  d\n--- 1,4 ----\n  a\n  c\n+ C\n  d\n",
			out:   "patching file f\n", check: wantContent("/work/f", "a\nc\nC\nd\n")},
		{args: []string{"patch", "f"}, files: map[string]string{"f": "a\nb\nc\n"}, stdin: "2c2\n< b\n---\n> B\n3a4\n> d\n",
			out: "patching file f\n", check: wantContent("/work/f", "a\nB\nc\nd\n")},
		// files made and removed
		{args: []string{"patch", "-p1"}, files: map[string]string{"keep": ""},
			stdin: "diff --git a/new b/new\nnew file mode 100644\n--- /dev/null\n+++ b/new\n@@ -0,0 +1,2 @@\n+one\n+two\n",
			out:   "patching file new\n", check: wantContent("/work/new", "one\ntwo\n")},
		{args: []string{"patch", "-p1"}, files: map[string]string{"old": "one\n"},
			stdin: "--- a/old\n+++ /dev/null\n@@ -1 +0,0 @@\n-one\n",
			out:   "patching file old\n", check: wantMissing("/work/old")},
		{args: []string{"patch", "-p1"}, files: map[string]string{"x": "old\n", "g": "gone\n"},
			stdin: "diff -ruN a/g b/g\n--- a/g\t2026-01-01 00:00:00.000000000 +0000\n+++ b/g\t1970-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-gone\n" +
				"diff -ruN a/n b/n\n--- a/n\t1970-01-01 00:00:00.000000000 +0000\n+++ b/n\t2026-01-01 00:00:00.000000000 +0000\n@@ -0,0 +1 @@\n+made\n",
			out: "patching file g\npatching file n\n", check: checks(wantMissing("/work/g"), wantContent("/work/n", "made\n"))},
		{args: []string{"patch", "-p1"}, files: map[string]string{"n": "already\n"},
			stdin: "--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+made\n",
			out:   "The next patch would create the file n,\nwhich already exists!  Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n1 out of 1 hunk ignored\n", status: 1},
		{args: []string{"patch", "-E", "f"}, files: map[string]string{"f": "only\n"}, stdin: "--- f\n+++ f\n@@ -1 +0,0 @@\n-only\n",
			out: "patching file f\n", check: wantMissing("/work/f")},
		// no newline at the end of the file
		{args: []string{"patch", "f"}, files: map[string]string{"f": "a\nb"}, stdin: "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
			out: "patching file f\n", check: wantContent("/work/f", "a\nb\n")},
		// what goes wrong
		{args: []string{"patch", "-p1"}, stdin: "--- a/nope\n+++ b/nope\n@@ -1 +1 @@\n-x\n+y\n",
			out: "can't find file to patch at input line 3\nPerhaps you used the wrong -p or --strip option?\nThe text leading up to this was:\n--------------------------\n" +
				"|--- a/nope\n|+++ b/nope\n--------------------------\nFile to patch: \nSkip this patch? [y] \nSkipping patch.\n1 out of 1 hunk ignored\n", status: 1},
		{args: []string{"patch", "f"}, files: map[string]string{"f": "a\n"}, stdin: "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n?b\n",
			out: "patching file f\n", err: "patch: **** malformed patch at line 5: ?b\n\n", status: 2},
		// names that leave the directory are not taken
		{args: []string{"patch", "-p0"}, files: map[string]string{"w/": ""}, stdin: "--- /work/f\n+++ /work/f\n@@ -1 +1 @@\n-x\n+y\n",
			out: "can't find file to patch at input line 3\nPerhaps you used the wrong -p or --strip option?\n" +
				"The text leading up to this was:\n--------------------------\n|--- /work/f\n|+++ /work/f\n--------------------------\n" +
				"File to patch: \nSkip this patch? [y] \nSkipping patch.\n1 out of 1 hunk ignored\n", status: 1},
		{args: []string{"patch", "-p0", "-d", "w"}, files: map[string]string{"f": "x\n", "w/": ""}, stdin: "--- ../f\n+++ ../f\n@@ -1 +1 @@\n-x\n+y\n",
			out: "can't find file to patch at input line 3\nPerhaps you used the wrong -p or --strip option?\n" +
				"The text leading up to this was:\n--------------------------\n|--- ../f\n|+++ ../f\n--------------------------\n" +
				"File to patch: \nSkip this patch? [y] \nSkipping patch.\n1 out of 1 hunk ignored\n", status: 1, check: wantContent("/work/f", "x\n")},
		{args: []string{"patch", "-p0"}, files: map[string]string{"f": "x\n"}, stdin: "--- /work/f\n+++ /work/f\n@@ -1 +1 @@\n-x\n+y\n",
			out: "Ignoring potentially dangerous file name /work/f\ncan't find file to patch at input line 3\nPerhaps you used the wrong -p or --strip option?\n" +
				"The text leading up to this was:\n--------------------------\n|--- /work/f\n|+++ /work/f\n--------------------------\n" +
				"File to patch: \nSkip this patch? [y] \nSkipping patch.\n1 out of 1 hunk ignored\n", status: 1, check: wantContent("/work/f", "x\n"),
			differs: "the host's copy of the tree is not at /work: its patch finds no /work/f to warn about"},
		{args: []string{"patch", "-d", "nope"}, stdin: twoHunks, err: "patch: **** Can't change to directory nope : No such file or directory\n", status: 2},
		{args: []string{"patch", "-d", "f"}, files: map[string]string{"f": "a\n"}, stdin: twoHunks, err: "patch: **** Can't change to directory f : Not a directory\n", status: 2},
		{args: []string{"patch", "-i", "nope"}, err: "patch: **** Can't open patch file nope : No such file or directory\n", status: 2},
		{args: []string{"patch", "f"}, files: map[string]string{"f": "a\n"}, stdin: "hello\n",
			err: "patch: **** Only garbage was found in the patch input.\n", status: 2},
		{args: []string{"patch", "f"}, files: map[string]string{"f": "a\n"}, stdin: "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n",
			out: "patching file f\n", err: "patch: **** unexpected end of file in patch\n", status: 2,
			differs: "GNU patch says 'malformed patch at line 4' and shows a line the patch does not have"},
	})
}

// TestPatchRoundTrip: what moonix's diff -u, the host's diff -u and git
// diff say between two versions of a file, moonix's patch applies to the
// first to give the second, forward and (-R) back.
func TestPatchRoundTrip(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 20 {
		var a, b []string
		for i := range 60 {
			line := fmt.Sprintf("line %d", i)
			a = append(a, line)
			switch rng.IntN(8) {
			case 0:
				b = append(b, "changed "+line)
			case 1: // dropped
			case 2:
				b = append(b, line, "added after "+line)
			default:
				b = append(b, line)
			}
		}
		before, after := strings.Join(a, "\n")+"\n", strings.Join(b, "\n")+"\n"
		if round%3 == 0 {
			after = strings.TrimSuffix(after, "\n") // no newline at the end
		}
		diffs := map[string]string{}
		fsys := setupFiles(t, map[string]string{"old": before, "new": after})
		diffs["moonix diff -u"], _, _ = runCmd(t, fsys, "", "diff", "-u", "old", "new")
		diffs["moonix diff -c"], _, _ = runCmd(t, fsys, "", "diff", "-c", "old", "new")
		diffs["moonix diff"], _, _ = runCmd(t, fsys, "", "diff", "old", "new")
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "old"), []byte(before), 0o644)
		os.WriteFile(filepath.Join(dir, "new"), []byte(after), 0o644)
		for name, args := range map[string][]string{"host diff -u": {"diff", "-u", "old", "new"}, "git diff": {"git", "diff", "--no-index", "old", "new"}} {
			if _, err := exec.LookPath(args[0]); err != nil {
				t.Logf("no host %s: not checked", args[0])
				continue
			}
			cmd := exec.Command(args[0], args[1:]...)
			cmd.Dir = dir
			out, _ := cmd.Output()
			diffs[name] = string(out)
		}
		for name, d := range diffs {
			fsys := setupFiles(t, map[string]string{"old": before, "p": d})
			if out, errs, st := runCmd(t, fsys, "", "patch", "old", "p"); st != 0 {
				t.Fatalf("round %d, %s: patch: %q %q %d\n%s", round, name, out, errs, st, d)
			}
			wantContent("/work/old", after)(t, fsys)
			if _, errs, st := runCmd(t, fsys, "", "patch", "-R", "old", "p"); st != 0 {
				t.Fatalf("round %d, %s: patch -R: %s", round, name, errs)
			}
			wantContent("/work/old", before)(t, fsys)
		}
	}
}

// FuzzPatch: no patch text makes patch panic.
func FuzzPatch(f *testing.F) {
	f.Add(twoHunks)
	f.Add("*** c\n--- d\n***************\n*** 1,5 ****\n! 1\n--- 1 ----\n! c\n")
	f.Add("2c2\n< b\n---\n> B\n3a4\n> d\n")
	f.Add("--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+made\n\\ No newline at end of file\n")
	f.Fuzz(func(t *testing.T, p string) {
		fsys := setupFiles(t, map[string]string{"f": seqText(1, 20), "a": seqText(1, 20)})
		runCmd(t, fsys, p, "patch", "f")
		runCmd(t, fsys, p, "patch", "-p1", "-R")
	})
}
