package coreutils

import (
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
)

// TestArchiveToolsGate: what the archive and byte tools write goes
// through the capability gate, which words the refusal; what they may
// not touch stays as it was.
func TestArchiveToolsGate(t *testing.T) {
	t.Parallel()
	for _, tc := range []cmdCase{
		{Args: []string{"tar", "-xf", "/work/a.tar", "-C", "/work/ro"},
			Err: "moonix: mkdir /work/ro/d: permission denied (needs fs.write:/work/ro/d)\n" +
				"moonix: mkdir /work/ro/d: permission denied (needs fs.write:/work/ro/d)\n" +
				"moonix: mkdir /work/ro/d: permission denied (needs fs.write:/work/ro/d)\n" +
				"moonix: mkdir /work/ro/d: permission denied (needs fs.write:/work/ro/d)\n" +
				"moonix: mkdir /work/ro/d: permission denied (needs fs.write:/work/ro/d)\n" +
				"moonix: mkdir /work/ro/d: permission denied (needs fs.write:/work/ro/d)\n" +
				"tar: Exiting with failure status due to previous errors\n", Status: 2},
		{Args: []string{"tar", "-cf", "/work/ro/a.tar", "/work/f"}, Err: "moonix: write /work/ro/a.tar: permission denied (needs fs.write:/work/ro/a.tar)\ntar: Error is not recoverable: exiting now\n", Status: 2},
		{Args: []string{"unzip", "-q", "/work/a.zip", "-d", "/work/ro"}, Status: 1},
		{Args: []string{"zip", "-q", "/work/ro/a.zip", "/work/f"}, Status: 15},
		{Args: []string{"patch", "/work/ro/f", "/work/p.diff"}, Out: "patching file /work/ro/f\n", Status: 2},
		{Args: []string{"dd", "if=/work/f", "of=/work/ro/g"}, Status: 1},
		{Args: []string{"iconv", "-f", "utf8", "-t", "latin1", "-o", "/work/ro/g", "/work/f"}, Status: 1},
	} {
		tree := setupFiles(t, map[string]string{"f": "x\n", "ro/f": "x\n", "a.tar": sampleTar, "a.zip": sampleZip,
			"p.diff": "--- f\n+++ f\n@@ -1 +1 @@\n-x\n+y\n"})
		set, err := caps.Preset("sandbox")
		if err != nil {
			t.Fatal(err)
		}
		set.Drop(caps.Cap{Kind: caps.FSWrite, Pattern: "/work/ro/**"})
		fsys := caps.NewGate(set, nil).FS(tree)
		out, errs, status := runCmd(t, fsys, "", tc.Args...)
		if status != tc.Status || out != tc.Out || tc.Err != "" && errs != tc.Err || tc.Err == "" && !containsDenial(errs) {
			t.Errorf("%q: (%q, %q, %d), want (%q, %q, %d) and a denial", tc.Args, out, errs, status, tc.Out, tc.Err, tc.Status)
		}
		checks(wantContent("/work/ro/f", "x\n"), wantMissing("/work/ro/d", "/work/ro/a.tar", "/work/ro/a.zip", "/work/ro/g"))(t, tree)
	}
}

func containsDenial(s string) bool {
	return len(s) > 0 && strings.Contains(s, "permission denied (needs fs.write:/work/ro")
}

// TestArchiveToolsReadGate: what the tools read goes through the gate
// too: a file the session may not read is not archived, listed or
// converted.
func TestArchiveToolsReadGate(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"tar", "-cf", "/work/a.tar", "/work/secret/k"},
		{"gzip", "-c", "/work/secret/k"},
		{"zip", "-q", "/work/a.zip", "/work/secret/k"},
		{"dd", "if=/work/secret/k"},
		{"iconv", "-f", "utf8", "-t", "latin1", "/work/secret/k"},
		{"patch", "-o", "/work/out", "/work/secret/k", "/work/p.diff"},
		{"file", "/work/secret/k"},
	} {
		tree := setupFiles(t, map[string]string{"secret/k": "x\n", "p.diff": "--- k\n+++ k\n@@ -1 +1 @@\n-x\n+y\n"})
		set, err := caps.Preset("sandbox")
		if err != nil {
			t.Fatal(err)
		}
		set.Drop(caps.Cap{Kind: caps.FSRead, Pattern: "/work/secret/**"})
		fsys := caps.NewGate(set, nil).FS(tree)
		out, errs, _ := runCmd(t, fsys, "", args...)
		if strings.Contains(out, "x\n") || !strings.Contains(out+errs, "permission denied (needs fs.read:/work/secret/k)") {
			t.Errorf("%q: (%q, %q): want a denial, and nothing of the file", args, out, errs)
		}
	}
}

// TestArchiveToolsCancel: reading an endless input, the tools stop when
// the command is cancelled, with status 130.
func TestArchiveToolsCancel(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"gzip", "-c", "/dev/zero"},
		{"xz", "-c", "/dev/zero"},
		{"bzip2", "-c", "/dev/zero"},
		{"gzip", "-l", "/dev/zero"},
		{"dd", "if=/dev/zero", "of=/dev/null"},
		{"iconv", "-f", "utf8", "-t", "latin1", "/dev/zero"},
		{"unzip", "-l", "/dev/zero"},
		{"patch", "-i", "/dev/zero"},
	} {
		runCanceled(t, func(*builtins.Call) {}, args...)
	}
}
