package shell

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
)

// FuzzParse runs the parser and moonix's preparation of a program on any
// text, as eval, trap, alias and source text and programs reach them: no
// input may panic or overflow the stack.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"echo $$ $PPID ${!x} $((SRANDOM % 6)) ${EPOCHREALTIME%.*}",
		"declare -n r=PPID; declare -p $n; local -A a=(k v); export 'SRANDOM=1'",
		"f() { [[ -v $1 ]] && echo ${!1:-none}; }; f x | cat &",
		"for ((i=0; i<3; i++)); do a[i]=$((i*2)); done; echo ${a[@]:1}",
		"cat <<EOF\n$(echo $$) ${x/a/b}\nEOF\n",
		"case $x in a|b) echo `echo $SRANDOM`;; esac; let x=PPID",
		strings.Repeat("$(", 300) + strings.Repeat(")", 300),
		"a\x00b; echo '\x00'",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			var funcs funcNames
			if file, err := parseString(src, "fuzz"); err == nil {
				prepare(file, &funcs)
			}
			prepareText(src, &funcs)
			prepareWords(src, &funcs)
			prepareSource(strings.NewReader(src), "fuzz", &funcs)
			Incomplete(src)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%q: still parsing", src)
		}
	})
}

// fuzzCommands are the names FuzzCommand runs: every command a session
// has, the interpreter's builtins included.
var fuzzCommands = func() []string {
	names := append(slices.Clone(shellBuiltinNames), shellCommandNames...)
	for _, c := range builtins.Commands() {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}()

// FuzzCommand runs a command with any arguments in a session on a fresh
// tree, with no input: it must not panic (a panic is reported as an
// internal error, which fails the target) and must finish once its
// context is done. Output beyond a bound cancels the run, as a reader
// that stops reading would.
func FuzzCommand(f *testing.F) {
	for i := range fuzzCommands {
		f.Add(uint16(i), "--help")
		f.Add(uint16(i), "-")
		f.Add(uint16(i), "-x\x00--\x00/work")
		f.Add(uint16(i), "\x00-1\x00%s\x00a[")
	}
	f.Fuzz(func(t *testing.T, which uint16, args string) {
		name := fuzzCommands[int(which)%len(fuzzCommands)]
		argv := append([]string{name}, strings.Split(args, "\x00")...)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		out := &boundedOutput{cancel: cancel, left: 1 << 20}
		s, err := New(Config{Stdout: out, Stderr: out})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			s.Run(ctx, quoteWords(argv), "fuzz")
			s.Exit(ctx)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%q did not finish after its context was done", argv)
		}
		if out.crashed {
			t.Errorf("%q: %s", argv, out.String())
		}
	})
}

// boundedOutput keeps the start of what is written, notes an internal
// error, and cancels the run once left bytes have been written.
type boundedOutput struct {
	mu      sync.Mutex
	cancel  func()
	left    int
	head    strings.Builder
	crashed bool
}

func (b *boundedOutput) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.crashed = b.crashed || strings.Contains(string(p), "moonix: internal error")
	if b.head.Len() < 4096 {
		b.head.Write(p[:min(len(p), 4096-b.head.Len())])
	}
	b.left -= len(p)
	if b.left < 0 {
		b.cancel()
	}
	return len(p), nil
}

func (b *boundedOutput) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.head.String()
}
