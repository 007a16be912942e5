package builtins

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// TestFailWordsDenials: a denial, known by its type wherever it is in the
// chain of errors, is worded as the gate words it, whichever helper
// reports it; any other error, and any text, is the command's, even text
// that reads like a denial.
func TestFailWordsDenials(t *testing.T) {
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
		_, err = c.Create("/etc/c", false)
		c.FailWith(fmt.Errorf("saving: %w", err), "cannot save: %s", Reason(err))
		_, err = c.Open("/work/none")
		c.FailWith(err, "cannot read: %s", Reason(err))
		c.Fail("x: permission denied (needs fs.read:/x)")
		return 1
	}}
	var errs strings.Builder
	c := &Call{Args: []string{"two"}, Dir: "/work", FS: fsys, Stderr: &errs}
	Run(cmd, c)
	want := "moonix: write /etc/a: permission denied (needs fs.write:/etc/a)\n" +
		"moonix: write /etc/b: permission denied (needs fs.write:/etc/b)\n" +
		"moonix: write /etc/c: permission denied (needs fs.write:/etc/c)\n" +
		"two: cannot read: No such file or directory\n" +
		"two: x: permission denied (needs fs.read:/x)\n"
	if errs.String() != want {
		t.Errorf("stderr %q, want %q", errs.String(), want)
	}
}
