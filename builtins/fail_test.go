package builtins

import (
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// TestFailDeniedLeavesNothingForFail checks that a denial a command reported
// itself (FailDenied) is not worded again by a later Fail about another.
func TestFailDeniedLeavesNothingForFail(t *testing.T) {
	t.Parallel()
	set, err := caps.Preset("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	fsys := caps.NewGate(set, nil).FS(vfs.NewDefault(vfs.Options{}))
	cmd := &Command{Name: "two", Run: func(c *Call) int {
		_, err := c.Create("/etc/a", false)
		c.FailDenied(err)
		_, err = c.Create("/etc/b", false)
		c.FailErr("/etc/b", err)
		return 1
	}}
	var errs strings.Builder
	c := &Call{Args: []string{"two"}, Dir: "/work", FS: fsys, Stderr: &errs}
	Run(cmd, c)
	want := "moonix: write /etc/a: permission denied (needs fs.write:/etc/a)\n" +
		"moonix: write /etc/b: permission denied (needs fs.write:/etc/b)\n"
	if errs.String() != want {
		t.Errorf("stderr %q, want %q", errs.String(), want)
	}
}
