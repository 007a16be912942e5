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
	"github.com/moonix-sh/moonix/vfs"
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
	names := append(engine.BuiltinNames(), shellBuiltinNames...)
	names = append(names, shellCommandNames...)
	for _, c := range registry(sandbox.Deps{}, network.Deps{}).Commands() {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}()

// FuzzCommand runs a command with any arguments (separated by NUL) and
// any standard input in a session on the fuzzers' tree (fuzzSetup): it
// must not panic (a panic is reported as an internal error, which fails
// the target) and must finish once its context is done.
func FuzzCommand(f *testing.F) {
	for i := range fuzzCommands {
		f.Add(uint16(i), "--help", "")
		f.Add(uint16(i), "-", "")
		f.Add(uint16(i), "-x\x00--\x00/work", "a\n")
		f.Add(uint16(i), "\x00-1\x00%s\x00a[", "")
		f.Add(uint16(i), "a.txt\x00d", "b 2\na 1\n")
	}
	for _, seed := range commandSeeds {
		i := slices.Index(fuzzCommands, seed.name)
		if i < 0 {
			f.Fatalf("commandSeeds: no command %s", seed.name)
		}
		f.Add(uint16(i), strings.Join(seed.args, "\x00"), seed.stdin)
	}
	f.Fuzz(func(t *testing.T, which uint16, args, stdin string) {
		name := fuzzCommands[int(which)%len(fuzzCommands)]
		runFuzzedInput(t, quoteWords(append([]string{name}, strings.Split(args, "\x00")...)), stdin)
	})
}

// FuzzRun runs any program in a session on the fuzzers' tree: as
// FuzzCommand, it must not panic and must finish, in pipelines and
// background jobs too.
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
	for _, seed := range runSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) { runFuzzedInput(t, src, "") })
}

// fuzzSetup makes the tree the fuzzers start from, in /work: files of
// text, JSON and CSV, a directory, a symbolic link, and a snapshot of
// them, so that globs, the file commands and the history commands have
// something to work on.
const fuzzSetup = `{
printf 'b 2\na 1\nc 3\nb 2\n' > a.txt
printf '{"a":[1,2,{"b":null}],"c":"x y"}\n' > j.json
mkdir -p d/e && printf 'x,y\n1,2\n3,4\n' > d/t.csv && printf '#!/bin/sh\necho hi\n' > d/e/s.sh
ln -s a.txt l
snapshot first
} >/dev/null 2>&1`

// fuzzLimits are the fuzzers' bounds, below the defaults: a program that
// fills them (yes > f filled the 1 GiB disk in under 2 seconds) takes
// some 100 MB instead of gigabytes, so that a fuzzing worker on a small
// machine is not killed for a bound that works; a value built past
// every bound still is.
var fuzzLimits = Limits{Memory: 64 << 20, Disk: vfs.Limits{Bytes: 32 << 20, Inodes: 100_000}}

// runFuzzedInput runs src with stdin as its standard input in a fresh
// session on the fuzzers' tree for at most 2 seconds (output beyond
// 1 MiB ends it too, as a reader that stops reading would) and fails on
// an internal error or a run that does not end.
func runFuzzedInput(t *testing.T, src, stdin string) {
	out := &boundedOutput{left: 1 << 20}
	s, err := New(Config{Stdout: out, Stderr: out, Stdin: strings.NewReader(stdin), Limits: fuzzLimits})
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Run(context.Background(), fuzzSetup, "setup"); st != 0 {
		t.Fatalf("the fuzzers' tree: status %d: %s", st, out.String())
	}
	// the process's bound, as the command line sets it (--max-memory):
	// what holds more than the limits let it (yes | sort) stops there
	// rather than taking the worker down. It is the process's: a run
	// before this one may still count, so the setup runs without it.
	WatchMemory(1 << 30)
	defer WatchMemory(0)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out.setCancel(cancel)
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
	if b.left < 0 && b.cancel != nil {
		b.cancel()
	}
	return len(p), nil
}

// setCancel sets what ends the run when too much has been written.
func (b *boundedOutput) setCancel(cancel func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cancel = cancel
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
