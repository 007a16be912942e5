package coreutils

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func TestTee(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		out    string
		err    string
		status int
		files  map[string]string
	}{
		{[]string{"tee"}, "hi\n", "", 0, nil},
		{[]string{"tee", "a", "b"}, "hi\n", "", 0, map[string]string{"/work/a": "hi\n", "/work/b": "hi\n"}},
		{[]string{"tee", "-a", "old"}, "hi\n", "", 0, map[string]string{"/work/old": "before\nhi\n"}},
		{[]string{"tee", "old"}, "hi\n", "", 0, map[string]string{"/work/old": "hi\n"}},
		{[]string{"tee", "/nodir/x", "a"}, "hi\n", "tee: /nodir/x: No such file or directory\n", 1, map[string]string{"/work/a": "hi\n"}},
		{[]string{"tee", "dir"}, "hi\n", "tee: dir: Is a directory\n", 1, nil},
		{[]string{"tee", "-p", "a"}, "hi\n", "", 0, map[string]string{"/work/a": "hi\n"}},
		{[]string{"tee", "--output-error=warn", "-i", "a"}, "hi\n", "", 0, map[string]string{"/work/a": "hi\n"}},
		{[]string{"tee", "-"}, "hi\n", "", 0, map[string]string{"/work/-": "hi\n"}},
		{[]string{"tee", "-z"}, "", "tee: invalid option -- 'z'\nTry 'tee --help' for more information.\n", 1, nil},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			fsys := testTree(t)
			writeFile(t, fsys, "/work/old", "before\n")
			writeFile(t, fsys, "/work/dir/f", "")
			cmdCase{Args: tc.args, Stdin: "hi\n", Out: tc.out, Err: tc.err, Status: tc.status}.run(t, fsys)
			for name, want := range tc.files {
				got, err := vfs.ReadFile(fsys, name)
				if err != nil || string(got) != want {
					t.Errorf("%s = %q (%v), want %q", name, got, err, want)
				}
			}
		})
	}
}

type t2BrokenWriter struct{}

func (t2BrokenWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestTeeBrokenStdout(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		flag string
		want string
	}{{"-a", ""}, {"-p", strings.Repeat("data\n", 20000)}} {
		fsys := testTree(t)
		var errb bytes.Buffer
		c := &builtins.Call{Ctx: context.Background(), Args: []string{"tee", tc.flag, "f"},
			Stdin:  strings.NewReader(strings.Repeat("data\n", 20000)),
			Stdout: t2BrokenWriter{}, Stderr: &errb, Dir: "/work", FS: fsys, Umask: 0o022}
		st := builtins.Run(testRegistry.Lookup("tee"), c)
		got, _ := vfs.ReadFile(fsys, "/work/f")
		// Without -p tee stops quietly when its reader goes away; with -p it
		// writes everything to the files.
		if st != 0 || errb.Len() != 0 || tc.want != "" && string(got) != tc.want {
			t.Errorf("%s: status %d, stderr %q, file has %d bytes", tc.flag, st, errb.String(), len(got))
		}
	}
}
