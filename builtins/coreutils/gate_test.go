package coreutils

import (
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// TestForceKeepsWhatItCannotReplace checks that cp -f and ln -f, which
// remove a destination they cannot open or that exists, do not remove one
// the capabilities would not let them make again.
func TestForceKeepsWhatItCannotReplace(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"cp", "-f", "/work/src", "/work/keep/f"}, "moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
		{[]string{"ln", "-sf", "/work/src", "/work/keep/f"}, "moonix: symlink /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
		{[]string{"ln", "-f", "/work/src", "/work/keep/f"}, "moonix: link /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
		{[]string{"ln", "-f", "/work/keep/sub/../f", "/work/other"}, "moonix: link /work/keep/f: permission denied (needs fs.write:/work/keep/f)\n"},
	} {
		tree := testTree(t)
		writeFile(t, tree, "/work/src", "src\n")
		writeFile(t, tree, "/work/other", "other\n")
		writeFile(t, tree, "/work/keep/f", "keep\n")
		if err := vfs.MkdirAll(tree, "/work/keep/sub", 0o755); err != nil {
			t.Fatal(err)
		}
		set, err := caps.Preset("sandbox")
		if err != nil {
			t.Fatal(err)
		}
		set.Drop(caps.Cap{Kind: caps.FSWrite, Pattern: "/work/keep/**"})
		fsys := caps.NewGate(set, nil).FS(tree)
		if _, errs, status := runCmd(t, fsys, "", tc.args...); errs != tc.err || status != 1 {
			t.Errorf("%q: stderr %q status %d, want %q", tc.args, errs, status, tc.err)
		}
		for p, want := range map[string]string{"/work/keep/f": "keep\n", "/work/other": "other\n"} {
			if data, err := vfs.ReadFile(tree, p); err != nil || string(data) != want {
				t.Errorf("%q: %s is %q (%v), want %q", tc.args, p, data, err, want)
			}
		}
	}
}
