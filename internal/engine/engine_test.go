package engine

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/vfs"
)

// lockedBuffer collects output written concurrently (pipelines, jobs).
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testExec is the host of the engine's tests: cat, and nothing else.
func testExec(c *Command) int {
	switch c.Args[0] {
	case "cat":
		if len(c.Args) == 1 {
			if _, err := io.Copy(c.Stdout, c.Stdin); err != nil {
				return 1
			}
			return 0
		}
		return 1
	}
	io.WriteString(c.Stderr, "moonix: "+c.Args[0]+": command not found\n")
	return 127
}

func testLookup(c *Command, name string) (Kind, string) {
	if name == "cat" {
		return KindFile, "/bin/cat"
	}
	return KindNone, ""
}

// runScript runs script as bash runs a script on its standard input
// (status after the EXIT trap) and returns stdout, stderr and the status.
func runScript(t testing.TB, script, stdin string) (string, string, int) {
	t.Helper()
	tree := vfs.NewDefault(vfs.Options{})
	if err := vfs.MkdirAll(tree, "/tmp/w", 0o755); err != nil {
		t.Fatal(err)
	}
	var out, errOut lockedBuffer
	sh, err := New(Config{
		FS: tree, Dir: "/tmp/w", Env: []string{"HOME=/home/u", "PATH=/bin:/usr/bin"},
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut,
		Name: "bash", Exec: testExec, Lookup: testLookup, Pid: 100, Ppid: 1,
		Umask: 0o022, Prefix: "bash", LineNumbers: true,
		ErrorText: errorText,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	file, text, err := Parse(script, "")
	if err != nil {
		return "", "parse error: " + err.Error() + "\n", 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	status := sh.RunSource(ctx, file, text, 0)
	if !sh.Exited() {
		status = sh.Exit(ctx, status)
	}
	return out.String(), errOut.String(), status
}

// errorText words errors as the C library does, as bash prints them.
func errorText(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "No such file or directory"
	case errors.Is(err, fs.ErrPermission):
		return "Permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg
}

// Aliases apply to the text read after their definition, before it is
// parsed: an alias may open a block or a loop.
func TestParseAliased(t *testing.T) {
	tree := vfs.NewDefault(vfs.Options{})
	var out lockedBuffer
	sh, err := New(Config{FS: tree, Stdout: &out, Stderr: &out, Prefix: "bash"})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	ctx := context.Background()
	for _, line := range []string{
		"shopt -s expand_aliases; alias LEFT='{' e_='for i in 1 2; do echo ' l='echo x'\n",
		"LEFT echo one; echo two; }\n",
		"e_ $i; done\n",
		"alias l='l -l'\n",
		"l\n",
		"a=(l)\n",
	} {
		file, text, err := sh.ParseAliased(line, "")
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		sh.RunSource(ctx, file, text, 0)
	}
	if got, want := out.String(), "one\ntwo\n1\n2\nbash: l: command not found\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
