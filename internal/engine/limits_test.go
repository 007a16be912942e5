package engine

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/internal/stack"
	"github.com/moonix-sh/moonix/vfs"
)

// runLimits runs script under lim, with a Stop that cancels the run and
// records the messages, and an Exec that panics for boom (a bug of the
// host's). It returns stdout, stderr and the stop messages.
func runLimits(t *testing.T, lim Limits, script string) (string, string, []string) {
	t.Helper()
	var out, errOut lockedBuffer
	var mu sync.Mutex
	var stops []string
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	run, stop := context.WithCancel(ctx)
	defer stop()
	lim.Stop = func(_ context.Context, _ Bound, msg string) {
		mu.Lock()
		stops = append(stops, msg)
		mu.Unlock()
		stop()
	}
	sh, err := New(Config{
		FS: vfs.NewDefault(vfs.Options{}), Stdout: &out, Stderr: &errOut, Prefix: "moonix",
		Exec: func(c *Command) int {
			if c.Args[0] == "boom" {
				panic("boom")
			}
			return testExec(c)
		},
		Limits: lim,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	file, text, err := Parse(script, "")
	if err != nil {
		t.Fatal(err)
	}
	sh.RunSource(run, file, text, 0)
	mu.Lock()
	defer mu.Unlock()
	return out.String(), errOut.String(), stops
}

// TestLimits: each bound stops the statement that passes it, through
// Stop, with the message moonix prints.
func TestLimits(t *testing.T) {
	t.Parallel()
	var procs atomic.Int64
	long := strings.Repeat("echo yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy; ", 10)
	for _, tc := range []struct {
		name   string
		lim    Limits
		script string
		want   string
	}{
		{"function", Limits{CallDepth: 10}, `f(){ f; }; f`, "f: maximum function nesting level exceeded (10)"},
		{"function at the limit", Limits{CallDepth: 10}, `f(){ [ $1 -lt 10 ] && f $(($1+1)); }; f 1`, ""},
		{"eval", Limits{CallDepth: 10}, `x='eval "$x"'; eval "$x"`, "eval: maximum eval nesting level exceeded (10)"},
		{"source", Limits{CallDepth: 10}, `echo '. /s' > /s; . /s`, ".: maximum source nesting level exceeded (10)"},
		{"depth of the shells around", Limits{CallDepth: 10, Depth: 9}, `f(){ :; }; f; eval f`, "f: maximum function nesting level exceeded (10)"},
		{"loop", Limits{Loop: 5}, `for i in 1 2 3 4 5; do :; done; while :; do :; done`, "too many loop iterations (limit 5)"},
		{"arithmetic loop", Limits{Loop: 5}, `for ((;;)); do :; done`, "too many loop iterations (limit 5)"},
		{"commands", Limits{Commands: 3, Count: counter()}, `echo 1; echo 2; echo 3; echo 4`, "too many commands (limit 3)"},
		{"substitution", Limits{Memory: 4 << 20}, `x=$(while :; do ` + long + `done)`, "out of memory (limit 4 MiB)"},
		{"brace expansion", Limits{Memory: 4 << 20}, `echo {1..1000000}`, "out of memory (limit 4 MiB)"},
		{"brace expansions multiplied", Limits{Memory: 4 << 20}, `echo {1..100}{1..100}{1..100}`, "out of memory (limit 4 MiB)"},
		{"expansions side by side", Limits{Memory: 4 << 20}, `x=y; for i in {1..21}; do x=$x$x; done`, "out of memory (limit 4 MiB)"},
		{"expansions side by side in quotes", Limits{Memory: 4 << 20}, `x=y; for i in {1..21}; do x="$x$(echo)$x"; done`, "out of memory (limit 4 MiB)"},
		{"fields of a word", Limits{Memory: 4 << 20}, `x=y; for i in {1..17}; do x="$x $x"; done; for f in $x; do :; done`, "out of memory (limit 4 MiB)"},
		{"elements of an array", Limits{Memory: 4 << 20}, `x=y; for i in {1..15}; do x="$x $x"; done; a=($x $x $x $x $x $x $x $x $x $x $x $x $x $x $x $x); echo no`, "out of memory (limit 4 MiB)"},
		{"keyed elements of an array", Limits{Memory: 4 << 20}, `x=y; for i in {1..19}; do x=$x$x; done; a=([0]=$x [1]=$x [2]=$x); echo no`, "out of memory (limit 4 MiB)"},
		{"fields within the limit", Limits{Memory: 4 << 20}, `x=y; for i in {1..13}; do x="$x $x"; done; a=($x $x $x)`, ""},
		{"pattern replacement", Limits{Memory: 4 << 20}, `x=y; for i in {1..11}; do x=$x$x; done; y=${x//y/$x}; echo no`, "out of memory (limit 4 MiB)"},
		{"pattern replacement within the limit", Limits{Memory: 4 << 20}, `x=y; for i in {1..9}; do x=$x$x; done; y=${x//y/$x}`, ""},
		{"expansions side by side within the limit", Limits{Memory: 4 << 20}, `x=y; for i in {1..20}; do x=$x$x; done`, ""},
		{"brace expansion within the limit", Limits{Memory: 4 << 20}, `echo {1..1000}{a,b}`, ""},
		// (stages and jobs that run until the statement is stopped)
		{"pipeline", Limits{Processes: 20, Procs: &procs}, "while :; do :; done" + strings.Repeat(" | cat", 30), "too many processes (limit 20)"},
		{"jobs", Limits{Processes: 20, Procs: &procs}, `while :; do { while :; do :; done; } & done`, "too many processes (limit 20)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, stops := runLimits(t, tc.lim, tc.script)
			if tc.want == "" && len(stops) > 0 || tc.want != "" && (len(stops) == 0 || stops[0] != tc.want) {
				t.Errorf("stopped with %q, want %q (stderr %q)", stops, tc.want, errOut)
			}
		})
	}
}

// counter counts the commands of the one statement of a test.
func counter() func(context.Context) int64 {
	var n atomic.Int64
	return func(context.Context) int64 { return n.Add(1) }
}

// TestReadLimit: a line longer than a value may be fails read, which says
// so; the shell goes on.
func TestReadLimit(t *testing.T) {
	t.Parallel()
	out, errOut, _ := runLimits(t, Limits{Memory: 4 << 20},
		`while :; do echo -n xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; done | { read x; echo "read $? ${#x}"; }`)
	if out != "read 1 0\n" || errOut != "moonix: read: out of memory (limit 4 MiB)\n" {
		t.Errorf("stdout %q, stderr %q", out, errOut)
	}
}

// TestStackBound: without a call depth limit, recursion is refused before
// Go's stack is exhausted (which would be fatal), through functions, eval
// and source alike; the shell goes on.
func TestStackBound(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ script, name string }{
		{`f(){ f; }; f`, "f"},
		{`x='eval "$x"'; eval "$x"`, "eval"},
		{`echo '. /s' > /s; . /s`, "."},
		{`f(){ echo $(f); }; f`, "f"},
	} {
		out, errOut, _ := runLimits(t, Limits{}, tc.script+"; echo after")
		if !strings.HasSuffix(out, "after\n") || !strings.HasPrefix(errOut, "moonix: "+tc.name+": maximum nesting level exceeded\n") {
			t.Errorf("%s: stdout %q, stderr %.200q", tc.script, out, errOut)
		}
	}
}

// TestPanicRecovered: a panic in a command (a bug of the host's) is
// reported on one line and fails that command alone, in the shell, a
// pipeline, a background job or a command substitution.
func TestPanicRecovered(t *testing.T) {
	t.Parallel()
	for _, script := range []string{"boom", "{ boom; } | cat", "boom | cat", "{ boom; } & wait", "x=$(boom)", "f(){ local v=1; boom; }; f"} {
		out, errOut, _ := runLimits(t, Limits{}, script+"; echo alive $v")
		if out != "alive\n" || errOut != "moonix: internal error: boom\n" {
			t.Errorf("%s: stdout %q, stderr %q", script, out, errOut)
		}
	}
}

// TestParseBound: input nested too deeply is a syntax error, not a stack
// overflow, and so is a tree too deep for the engine's recursion.
func TestParseBound(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		strings.Repeat("$(", 100000),
		strings.Repeat("{ ", 100000) + "true" + strings.Repeat("; }", 100000),
		strings.Repeat("true && ", 20000) + "true",
	} {
		if _, _, err := Parse(src, ""); !errors.Is(err, stack.ErrTooDeep) {
			t.Errorf("%.20s...: %v, want %v", src, err, stack.ErrTooDeep)
		}
	}
	if _, _, err := Parse(strings.Repeat("true && ", 2000)+"true", ""); err != nil {
		t.Errorf("a tree of 2,000: %v", err)
	}
}

// TestReplaceBound: ${x//pat/rep} stops building its value once it is
// past the limit, rather than when done: ${x//?/$x} of a 100 kB x was
// 10 GB.
func TestReplaceBound(t *testing.T) {
	t.Parallel()
	c := compilePattern("?", 0)
	x := strings.Repeat("y", 1000)
	if out, ok := c.replace(context.Background(), x, x, true, 0, false, 10000); ok || out != "" {
		t.Errorf("past the limit: got %d bytes, %v", len(out), ok)
	}
	if out, ok := c.replace(context.Background(), x, x, true, 0, false, 0); !ok || len(out) != 1000*1000 {
		t.Errorf("no limit: got %d bytes, %v", len(out), ok)
	}
	if out, ok := c.replace(context.Background(), x, "z", false, '#', false, 10); !ok || out != "z"+x[1:] {
		t.Errorf("anchored: got %q, %v", out, ok)
	}
}

// TestPatternSearchCanceled: the searches of ${x#p} ${x%p} ${x/p/r},
// which take the square of a value's length, stop when the statement's
// context ends (${x##*1} of a 100 kB x took over a minute, deaf to it).
func TestPatternSearchCanceled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := compilePattern("*1", 0)
	x := strings.Repeat("0", 100000)
	for _, longest := range []bool{false, true} {
		if _, ok := c.prefix(ctx, x, longest); ok {
			t.Errorf("prefix (longest %v) went on", longest)
		}
		if _, ok := c.suffix(ctx, x, longest); ok {
			t.Errorf("suffix (longest %v) went on", longest)
		}
	}
	for _, anchor := range []byte{0, '#', '%'} {
		if _, ok := c.replace(ctx, x, "z", true, anchor, false, 0); ok {
			t.Errorf("replace (anchor %q) went on", anchor)
		}
	}
	// a match of groups stops too, in [[ ]] and case as in the searches
	g := compilePattern("*(0|00)1", patExtglob)
	if !g.groups {
		t.Fatal("*(0|00)1 has no groups")
	}
	if matched, ok := g.fullIn(ctx, x); matched || ok {
		t.Errorf("*(0|00)1: matched %v, ok %v", matched, ok)
	}
	if _, ok := g.prefix(ctx, x, true); ok {
		t.Errorf("prefix *(0|00)1 went on")
	}
	if matched, ok := g.fullIn(context.Background(), "0001"); !matched || !ok {
		t.Errorf("*(0|00)1 against 0001: matched %v, ok %v", matched, ok)
	}
	// a repetition deeper than the stack allows stops the search
	deep := strings.Repeat("0", 2*maxMatchDepth) + "2"
	if matched, ok := compilePattern("+(0)1", patExtglob).fullIn(context.Background(), deep); matched || ok {
		t.Errorf("+(0)1 against %d bytes: matched %v, ok %v", len(deep), matched, ok)
	}
	// a literal pattern takes no search
	if k, ok := compilePattern("0", 0).prefix(ctx, x, true); !ok || k != 1 {
		t.Errorf("literal prefix: %d, %v", k, ok)
	}
}
