package coreutils

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

func TestMkfifo(t *testing.T) {
	t.Parallel()
	runCasesFresh(t, map[string]string{"/work/f": "x"}, []cmdCase{
		{Args: []string{"mkfifo"}, Err: "mkfifo: missing operand\nTry 'mkfifo --help' for more information.\n", Status: 1},
		{Args: []string{"mkfifo", "f"}, Err: "mkfifo: cannot create fifo 'f': File exists\n", Status: 1},
		{Args: []string{"mkfifo", "-m", "bad", "g"}, Err: "mkfifo: invalid mode\n", Status: 1},
		{Args: []string{"mkfifo", "nodir/g"}, Err: "mkfifo: cannot create fifo 'nodir/g': No such file or directory\n", Status: 1},
		{Args: []string{"mkfifo", "-m", "1777", "g"}, Err: "mkfifo: mode must specify only file permission bits\n", Status: 1},
		{Args: []string{"mkfifo", "g", "f", "h"}, Err: "mkfifo: cannot create fifo 'f': File exists\n", Status: 1},
	})
}

// TestMkfifoModes: the modes mkfifo gives, with the umask and with -m,
// are those the host's mkfifo gives.
func TestMkfifoModes(t *testing.T) {
	t.Parallel()
	host, err := exec.LookPath("mkfifo")
	if err != nil {
		t.Skipf("no host mkfifo to compare with: %v", err)
	}
	for _, args := range [][]string{
		{"p"}, {"-m", "600", "p"}, {"-m", "u+x,g=r", "p"}, {"-m", "+x", "p"},
		{"--mode=a=rwx", "p"}, {"-m", "o-r", "p"},
	} {
		dir := t.TempDir()
		cmd := exec.Command("sh", append([]string{"-c", `umask 022; exec "$0" "$@"`, host}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("host mkfifo %q: %v %s", args, err, out)
		}
		info, err := os.Lstat(filepath.Join(dir, "p"))
		if err != nil {
			t.Fatal(err)
		}
		want := info.Mode()
		tree := testTree(t)
		_, errs, status := runSetup(t, tree, func(c *builtins.Call) { c.Umask = 0o022 }, "", append([]string{"mkfifo"}, args...)...)
		if status != 0 {
			t.Fatalf("mkfifo %q: %d %s", args, status, errs)
		}
		got, err := tree.Lstat("/work/p")
		if err != nil {
			t.Fatal(err)
		}
		if got.Mode() != want || want&fs.ModeNamedPipe == 0 {
			t.Errorf("mkfifo %q: mode %v, the host's %v", args, got.Mode(), want)
		}
	}
}
