package shell

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins/network"
	"github.com/moonix-sh/moonix/builtins/sandbox"
	"github.com/moonix-sh/moonix/internal/engine"
	"mvdan.cc/sh/v3/syntax"
)

// FuzzParse runs the engine's parser (with its rewrites of what mvdan/sh
// cannot read) and the line reader's continuation check on any text, as
// eval, trap, alias and source text and programs reach them: no input
// may panic or overflow the stack.
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
			engine.Parse(src, "fuzz")
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
// has, the shell's builtins included.
var fuzzCommands = func() []string {
	names := append(slices.Clone(shellBuiltinNames), shellCommandNames...)
	for _, c := range registry(sandbox.Deps{}, network.Deps{}).Commands() {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}()

// FuzzCommand runs a command with any arguments in a session on a fresh
// tree, with no input: it must not panic (a panic is reported as an
// internal error, which fails the target) and must finish once its
// context is done.
func FuzzCommand(f *testing.F) {
	for i := range fuzzCommands {
		f.Add(uint16(i), "--help")
		f.Add(uint16(i), "-")
		f.Add(uint16(i), "-x\x00--\x00/work")
		f.Add(uint16(i), "\x00-1\x00%s\x00a[")
	}
	f.Fuzz(func(t *testing.T, which uint16, args string) {
		name := fuzzCommands[int(which)%len(fuzzCommands)]
		runFuzzed(t, quoteWords(append([]string{name}, strings.Split(args, "\x00")...)))
	})
}

// FuzzRun runs any program in a session on a fresh tree: as FuzzCommand,
// it must not panic and must finish, in pipelines and background jobs too.
func FuzzRun(f *testing.F) {
	for _, seed := range []string{
		"echo $$ $PPID ${!x} $((SRANDOM % 6)) ${EPOCHREALTIME%.*} | cat",
		"declare -n r=PPID; declare -p $n; local -A a=(k v); export 'SRANDOM=1' &",
		"f() { [[ -v $1 ]] && echo ${!1:-none}; }; f x | cat & wait",
		"for ((i=0; i<3; i++)); do a[i]=$((i*2)); done; echo ${a[@]:1}",
		"cat <<EOF\n$(echo $$) ${x/a/b}\nEOF\n",
		"read x <<< 'a b'; echo ${x@Q} ${x@A}; set -- 1 2; shift; echo $# | cat",
		"x=(1 2 3); unset 'x[1]'; echo ${x[@]} ${#x[@]} ${!x[@]}",
		"trap 'echo bye' EXIT; eval 'echo $((1+2))'; alias a='echo hi'",
	} {
		f.Add(seed)
	}
	f.Fuzz(runFuzzed)
}

// runFuzzed runs src in a fresh session for at most 2 seconds (output
// beyond 1 MiB ends it too, as a reader that stops reading would) and
// fails on an internal error or a run that does not end.
func runFuzzed(t *testing.T, src string) {
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
		s.Run(ctx, src, "fuzz")
		s.Exit(ctx)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("%q did not finish after its context was done", src)
	}
	if out.crashed {
		t.Errorf("%q: %s", src, out.String())
	}
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

// quoteWords quotes words for a shell command line.
func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		var err error
		if q[i], err = syntax.Quote(w, syntax.LangBash); err != nil {
			q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}
