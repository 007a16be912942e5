package shell

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// boomFS panics on every operation on a path under /work/boom, as a bug in
// moonix's own filesystem code would.
type boomFS struct{ vfs.FS }

func boom(name string) {
	if strings.HasPrefix(name, "/work/boom") {
		panic("boom at " + name)
	}
}

func (b boomFS) OpenFile(name string, flag int, perm fs.FileMode) (vfs.File, error) {
	boom(name)
	return b.FS.OpenFile(name, flag, perm)
}

func (b boomFS) Stat(name string) (fs.FileInfo, error) {
	boom(name)
	return b.FS.Stat(name)
}

func (b boomFS) Lstat(name string) (fs.FileInfo, error) {
	boom(name)
	return b.FS.Lstat(name)
}

func (b boomFS) ReadDir(name string) ([]fs.DirEntry, error) {
	boom(name + "/")
	return b.FS.ReadDir(name)
}

// runCrashy runs script in a session whose filesystem panics under
// /work/boom (with /work/boomdir/x in it) and that has a command boom that
// panics.
func runCrashy(t *testing.T, script string) string {
	t.Helper()
	tree := vfs.NewDefault(vfs.Options{})
	if err := vfs.MkdirAll(tree, "/work/boomdir", 0o755); err != nil {
		t.Fatal(err)
	}
	out, _ := runConfig(t, Config{
		FS: boomFS{tree},
		Commands: map[string]func(*builtins.Call) int{
			"boom": func(*builtins.Call) int { panic("boom") },
		},
	}, script)
	return out
}

// TestPanicsInJobs: a panic on the way of a command is reported on one
// line and ends that command only, whether it runs in the shell, in a
// pipeline or in a background job (the last two on goroutines of the
// interpreter's, where a panic used to end the process). Inputs that made
// the interpreter panic get bash's answers instead.
func TestPanicsInJobs(t *testing.T) {
	t.Parallel()
	const nul = `printf 'a\0b\n' > /tmp/nul; `
	for _, tc := range []struct{ name, cmd, want string }{
		// moonix's own code: a command, the filesystem under each handler
		{"command", "boom", "moonix: internal error: boom\n"},
		{"open", "cat < /work/boom", "moonix: internal error: boom at /work/boom\n"},
		{"stat", "[ -e /work/boom ]", "moonix: internal error: boom at /work/boom\n"},
		{"access", "[ -r /work/boom ]", "moonix: internal error: boom at /work/boom\n"},
		// the panic ends the command it happens in: echo does not run
		{"readdir", "echo /work/boomdir/*", "moonix: internal error: boom at /work/boomdir\n"},
		{"builtin", "cat /work/boom", "moonix: internal error: boom at /work/boom\n"},
		// inputs on which mvdan/sh's interpreter panicked: bash's answers
		// (a value ends at a NUL, @Q quotes)
		{"shift", "set -- a b; shift -1", "moonix: shift: -1: shift count out of range\n"},
		{"unset", "x=1; unset '' x; echo ${x-unset}", "unset\n"},
		{"unset -v", "unset -v ''", "moonix: unset: `': not a valid identifier\n"},
		{"command -p", "command -p", ""},
		{"test -v", "test -v '' || echo no", "no\n"},
		{"[ -R", "[ -R '' ] || echo no", "no\n"},
		{"[[ -v", "[[ -v '' ]] || echo no", "no\n"},
		{"[[ -v $x", "x=; [[ -v $x ]] || echo no; y=1; x=y; [[ -v $x ]] && echo yes", "no\nyes\n"},
		{"declare -A", "declare -A a=(k v x); echo ${a[k]} ${a[x]+set} ${a[v]+set}", "v set\n"},
		{"eval declare -A", "eval 'declare -A a=(k)'; echo ${a[k]+set}", "set\n"},
		{"quote NUL", nul + "read -r x < /tmp/nul; echo ${x@Q} ${#x}", "'ab' 2\n"},
		{"trace NUL", nul + "read -r x < /tmp/nul; (set -x; echo $x)", "+ echo ab\nab\n"},
		{"mapfile NUL", nul + "mapfile -t a < /tmp/nul; echo ${a[0]@Q}", "'a'\n"},
		{"printf -v NUL", `printf -v x 'a\0b'; echo ${x@Q}`, "'a'\n"},
	} {
		for _, place := range []string{"%s", "{ %s; } | cat", "{ %s; } & wait"} {
			script := fmt.Sprintf(place, tc.cmd) + "; echo alive"
			t.Run(tc.name+"/"+script, func(t *testing.T) {
				t.Parallel()
				if out := runCrashy(t, script); out != tc.want+"alive\n" {
					t.Errorf("output:\n%s\nwant:\n%salive", out, tc.want)
				}
			})
		}
	}
}

// TestPanicInXargsJob: xargs -P runs commands on goroutines of its own.
func TestPanicInXargsJob(t *testing.T) {
	t.Parallel()
	out := runCrashy(t, "printf '1\\n2\\n' | xargs -P 2 -n 1 boom; echo alive $?")
	want := "moonix: internal error: boom\nmoonix: internal error: boom\nalive 123\n"
	if out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
}
