package shell

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// runLimited runs script in a session with the limits lim and returns its
// merged output and final status.
func runLimited(t *testing.T, lim Limits, script string) (*Session, string, int) {
	t.Helper()
	out := &syncBuffer{}
	s, err := New(Config{Stdout: out, Stderr: out, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	status := s.RunStream(ctx, strings.NewReader(script))
	return s, out.String(), status
}

// Calls nest as deep as Limits.CallDepth and no deeper, whatever nests
// them (functions, eval, source, nested shells, and all of them mixed);
// past it the statement stops with bash's message and status 1, and the
// session goes on.
func TestCallDepth(t *testing.T) {
	t.Parallel()
	const limit = 40
	for _, tc := range []struct {
		name, script, want string
	}{
		{"function at the limit", `f(){ [ $1 -lt 40 ] && f $(($1+1)); echo $1; }; f 1 | head -1`, "40\n"},
		{"function past it", `f(){ [ $1 -lt 41 ] && f $(($1+1)); echo $1; }; f 1 | head -1`,
			"moonix: f: maximum function nesting level exceeded (40)\n"},
		{"endless recursion", `f(){ f; }; f`, "moonix: f: maximum function nesting level exceeded (40)\n"},
		{"in a command substitution", `f(){ f; }; x=$(f) && echo "not reached $x"`,
			"moonix: f: maximum function nesting level exceeded (40)\n"},
		{"eval", `x='eval "$x"'; eval "$x"`, "moonix: eval: maximum eval nesting level exceeded (40)\n"},
		{"command eval", `x='command eval "$x"'; eval "$x"`, "moonix: eval: maximum eval nesting level exceeded (40)\n"},
		{"source", `echo '. /work/s' > /work/s; . /work/s`, "moonix: .: maximum source nesting level exceeded (40)\n"},
		{"nested shells", `echo 'sh /work/t' > /work/t; sh /work/t`, "moonix: sh: maximum shell nesting level exceeded (40)\n"},
		// f, eval and sh make 3 levels, then f and g alternate: g is the
		// 41st
		{"mixed", `f(){ eval 'sh -c "g(){ f; }; f(){ g; }; f"'; }; f`, "moonix: g: maximum function nesting level exceeded (40)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, out, status := runLimited(t, Limits{CallDepth: limit}, tc.script+"\necho \"next $?\"\n")
			if want := tc.want + "next " + strings.TrimSuffix(fmt.Sprint(btoi(strings.HasPrefix(tc.want, "moonix:"))), "\n") + "\n"; out != want || status != 0 {
				t.Errorf("got %q (status %d), want %q", out, status, want)
			}
		})
	}
}

// Background jobs and pipeline stages alive at once are bounded: past
// Limits.Processes the statement that started them stops, all of it,
// with one message; the session goes on and the count goes back to 0.
func TestProcessLimit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, script string }{
		{"fork bomb", `f(){ f|f& }; f`},
		// through eval and source, which the engine counts as calls
		{"fork bomb through eval", `eval 'f(){ f|f& }'; f`},
		{"fork bomb in a sourced file", `echo 'f(){ f|f& }; f' > /work/b; . /work/b`},
		{"pipeline recursion", `f(){ f | f; }; f`},
		{"long pipeline", `sleep 10` + strings.Repeat(" | cat", 30)},
		{"jobs in a loop", `while :; do sleep 10 & done`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := &syncBuffer{}
			s, err := New(Config{Stdout: out, Stderr: out, Limits: Limits{Processes: 20}})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			s.Run(ctx, tc.script, "moonix")
			// A fork bomb runs on after the statement that started it
			// returned, until the limit stops it.
			for !strings.Contains(out.String(), "too many") || s.procs.Load() != 0 {
				if ctx.Err() != nil {
					t.Fatalf("the limit did not stop it: %q", out.String())
				}
				time.Sleep(time.Millisecond)
			}
			s.Run(ctx, `echo "next $?"`, "moonix")
			if got := out.String(); strings.Count(got, "moonix: too many processes (limit 20)\n") != 1 || !strings.Contains(got, "next ") {
				t.Errorf("got %q", got)
			}
			if n := s.procs.Load(); n != 0 {
				t.Errorf("%d processes counted after the end", n)
			}
		})
	}
}

// Jobs under the limit run, and the count comes back down as they end:
// many more than the limit, one after another, are fine.
func TestProcessLimitCountsDown(t *testing.T) {
	t.Parallel()
	s, out, _ := runLimited(t, Limits{Processes: 5}, `
		for i in $(seq 50); do echo $i | cat | cat | cat >/dev/null; done
		for i in 1 2 3 4; do echo $i & done; wait
		echo done`)
	if !strings.HasSuffix(out, "done\n") || strings.Contains(out, "too many") {
		t.Errorf("got %q", out)
	}
	if n := s.procs.Load(); n != 0 {
		t.Errorf("%d processes counted after the end", n)
	}
}

// Scripts that meet a limit, and what they print.
func TestLimitScripts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		lim    Limits
		script string
		want   string
	}{
		// The default depth holds 1000 frames.
		{"default depth", Limits{}, `f(){ f; }; f; g(){ [ $1 -lt 1000 ] && g $(($1+1)) || echo $1; }; g 1`,
			"moonix: f: maximum function nesting level exceeded (1000)\n1000\n"},
		// A background job that nests too deep stops with the same
		// message; the session goes on.
		{"depth in a background job", Limits{CallDepth: 40}, "f(){ f; }; f & wait\necho next",
			"moonix: f: maximum function nesting level exceeded (40)\nnext\n"},
		// Counting jobs and loops adds nothing to what declare -f, type
		// and trap -p print: functions print as bash prints them.
		{"functions print as written", Limits{Loop: 100}, `f(){ echo a | cat; sleep 0 & while :; do break; done; }
declare -f f; type f | tail -n +2 | head -2; trap ': | : &' EXIT; trap -p EXIT; typeset -f f > /tmp/f; grep -c moonix: /tmp/f`,
			"f () \n{ \n    echo a | cat;\n    sleep 0 & while :; do\n        break;\n    done\n}\nf () \n{ \ntrap -- ': | : &' EXIT\n0\n"},
		// Limits.Commands bounds the simple commands of one top-level
		// statement (seq and nine echos make ten); the next statement
		// starts a new count.
		{"commands", Limits{Commands: 10}, `
			for i in 1 2 3 4 5 6 7 8 9; do echo $i; done | tail -1
			for i in $(seq 20); do echo $i; done
			echo "next $?"`,
			"9\n1\n2\n3\n4\n5\n6\n7\n8\n9\nmoonix: too many commands (limit 10)\nnext 1\n"},
		// Limits.Loop bounds the iterations of one run of a loop (each
		// run counts anew), nested loops and loops in functions and
		// pipelines too.
		{"loop iterations", Limits{Loop: 5}, `
			for i in 1 2 3 4 5; do for j in 1 2 3 4 5; do :; done; done; echo "five by five $?"
			{ i=0; while :; do i=$((i+1)); done; echo "not reached"; }
			echo "after $i: $?"
			f(){ until false; do :; done > /dev/null; }; f | cat
			for ((k = 0; k < 10; k++)); do echo $k; done 2>&1 | cat >/dev/null`,
			"five by five 0\nmoonix: too many loop iterations (limit 5)\nafter 5: 1\n" +
				"moonix: too many loop iterations (limit 5)\nmoonix: too many loop iterations (limit 5)\n"},
		// One value may take a quarter of Limits.Memory: a command
		// substitution's output (from a builtin, from echo in a loop,
		// from a nested shell), a line read, a printf field; past it
		// the command (or, for a substitution, the statement) stops.
		// (The statement stops before its assignment: x, y and z stay
		// empty.)
		{"substitution output", Limits{Memory: 4 << 20}, `
			{ x=$(yes); echo "not reached"; }
			{ y=$(while :; do echo yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy; done); echo "not reached"; }
			z=$(sh -c 'yes | cat')
			echo "next $? ${#x} ${#y} ${#z}"`,
			"moonix: out of memory (limit 4 MiB)\nmoonix: out of memory (limit 4 MiB)\nmoonix: out of memory (limit 4 MiB)\nnext 1 0 0 0\n"},
		{"endless line", Limits{Memory: 1 << 20}, `
			yes | tr -d '\n' | { read x; echo "read $? ${#x}"; }
			yes | tr -d '\n' | { read -n 2000000 x; echo "read -n $? ${#x}"; }
			echo next`,
			"moonix: read: out of memory (limit 1 MiB)\nread 1 0\nmoonix: read: out of memory (limit 1 MiB)\nread -n 1 0\nnext\n"},
		// jq and awk build their values out of reach: their evaluation
		// runs on a budget of heap growth (a quarter of Limits.Memory).
		{"jq and awk", Limits{Memory: 16 << 20}, `
			jq -n 'def f: [f]; f'; echo "jq $?"
			awk 'BEGIN { while (1) a[n++] = n }'; echo "awk $?"
			echo '{"a":[1,2]}' | jq -c .a`,
			"moonix: jq: out of memory (limit 16 MiB)\njq 1\nmoonix: awk: out of memory (limit 16 MiB)\nawk 1\n[1,2]\n"},
		{"printf", Limits{Memory: 4 << 20}, `
			printf '%*s' 20000000000 x; echo " $?"
			printf '%2000000s' x | wc -c
			printf '%.2000000d' 1 | wc -c
			printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx%s' $(seq 30000) | wc -c
			printf '%5s|\n' ok`,
			"moonix: printf: out of memory (limit 4 MiB)\n 1\nmoonix: printf: out of memory (limit 4 MiB)\n0\n" +
				"moonix: printf: out of memory (limit 4 MiB)\n0\nmoonix: printf: out of memory (limit 4 MiB)\n0\n   ok|\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, out, _ := runLimited(t, tc.lim, tc.script)
			if out != tc.want {
				t.Errorf("got %q, want %q", out, tc.want)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
