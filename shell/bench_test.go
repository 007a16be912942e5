package shell

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func benchScript(b *testing.B, script string) { benchConfig(b, Config{}, script) }

// benchConfig runs script in a new session of cfg, once a round.
func benchConfig(b *testing.B, cfg Config, script string) {
	b.ReportAllocs()
	for b.Loop() {
		s, err := New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		if status, _ := s.Run(context.Background(), script, "moonix"); status != 0 {
			b.Fatalf("status %d", status)
		}
		s.Exit(context.Background())
	}
}

// BenchmarkTrue is the cost of a session that runs one command: what
// `moonix -c true` pays beyond process start.
func BenchmarkTrue(b *testing.B) { benchScript(b, "true") }

// BenchmarkTruePackages is BenchmarkTrue with a command package, as the
// command line configures MCP's and A2A's.
func BenchmarkTruePackages(b *testing.B) {
	probe := func(Resources) []*builtins.Command {
		return []*builtins.Command{{Name: "probe", Run: func(*builtins.Call) int { return 0 }}}
	}
	benchConfig(b, Config{Packages: []Package{probe}}, "true")
}

// BenchmarkArithLoop is the 20,000-iteration loop from the issue.
func BenchmarkArithLoop(b *testing.B) {
	benchScript(b, `i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done`)
}

// BenchmarkRedirects writes and reads files in the VFS.
func BenchmarkRedirects(b *testing.B) {
	benchScript(b, `i=0; while [ $i -lt 500 ]; do echo $i > /tmp/f$i; read x < /tmp/f$i; i=$((i+1)); done`)
}

// BenchmarkPipeline runs builtins connected by pipes.
func BenchmarkPipeline(b *testing.B) {
	benchScript(b, `i=0; while [ $i -lt 100 ]; do echo $i | cat | cat >/dev/null; i=$((i+1)); done`)
}

// BenchmarkFunctions calls a shell function in a loop.
func BenchmarkFunctions(b *testing.B) {
	benchScript(b, `f() { x=$1; }; i=0; while [ $i -lt 5000 ]; do f $i; i=$((i+1)); done`)
}

// BenchmarkWasmHelloSecondRun runs the Go hello world module (2.6 MB) from
// the VFS once more in a session that already ran it: reading and hashing
// the file, instantiating, running. The target is 15 ms.
func BenchmarkWasmHelloSecondRun(b *testing.B) {
	s, out := wasmBenchSession(b, true)
	defer s.Close()
	for b.Loop() {
		if status, _ := s.Run(context.Background(), "hello", "moonix"); status != 0 {
			b.Fatalf("status %d: %s", status, out.String())
		}
	}
}

// BenchmarkWasmHelloFirstRun is a new session's first run of the module,
// compiling it (no workspace, so no disk cache).
func BenchmarkWasmHelloFirstRun(b *testing.B) {
	for b.Loop() {
		s, out := wasmBenchSession(b, false)
		if status, _ := s.Run(context.Background(), "hello", "moonix"); status != 0 {
			b.Fatalf("status %d: %s", status, out.String())
		}
		s.Close()
	}
}

// BenchmarkDeepPath runs path operations on a directory 1,000 levels
// deep, in a session that already holds it: each operation walks names
// as long as the depth, and should cost time linear in it (mkdir -p of
// depth 1,000 took minutes when every step walked again from the root).
func BenchmarkDeepPath(b *testing.B) {
	deep := "/work/" + strings.Repeat("d/", 999) + "d"
	for _, bc := range []struct{ name, script string }{
		{"mkdir-p", "mkdir -p /work/e" + deep[len("/work/d"):] + "; rm -r /work/e"},
		{"cd", "cd " + deep + "; cd /work"},
		{"touch-cat", "touch " + deep + "/f; cat " + deep + "/f"},
		{"test-w", "test -w " + deep},
		{"ls-R", "ls -R /work/d >/dev/null"},
		{"find", "find /work/d >/dev/null"},
		{"du", "du -s /work/d >/dev/null"},
		{"cp-r", "cp -r /work/d /work/e; rm -r /work/e"},
		{"mv", "mv /work/d /work/e; mv /work/e /work/d"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s, err := New(Config{})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Exit(context.Background())
			if status, _ := s.Run(context.Background(), "mkdir -p "+deep, "moonix"); status != 0 {
				b.Fatalf("mkdir -p: status %d", status)
			}
			b.ReportAllocs()
			for b.Loop() {
				if status, _ := s.Run(context.Background(), bc.script, "moonix"); status != 0 {
					b.Fatalf("status %d", status)
				}
			}
		})
	}
}

// BenchmarkBuiltins runs the builtin workloads of bench/builtins.sh in
// process, on the same data made smaller (5 MB of text, 100,000 numbers):
// go test -run '^$' -bench Builtins -cpuprofile cpu.out ./shell shows
// where a builtin spends its time.
func BenchmarkBuiltins(b *testing.B) {
	var text, nums strings.Builder
	for i := 1; i <= 85000; i++ {
		fmt.Fprintf(&text, "%d %d the quick brown fox jumps over the lazy dog\n", i, i*7919%100000)
	}
	r := uint32(1)
	for range 100000 {
		r = r*1664525 + 1013904223
		fmt.Fprintf(&nums, "%d\n", r%100000)
	}
	sorted := strings.SplitAfter(nums.String(), "\n")
	slices.Sort(sorted)
	tree := vfs.NewDefault(vfs.Options{})
	for name, data := range map[string]string{"text": text.String(), "big": text.String() + text.String(), "nums": nums.String(), "sorted": strings.Join(sorted, "")} {
		if err := vfs.WriteFile(tree, "/work/"+name, []byte(data), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for i := range 10 {
		for j := range 100 {
			if err := vfs.MkdirAll(tree, fmt.Sprintf("/work/tree/d%d", i), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := vfs.WriteFile(tree, fmt.Sprintf("/work/tree/d%d/f%d", i, j), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, bc := range []struct{ name, script string }{
		{"wc-l", "wc -l text"},
		{"cat-wc", "cat big | wc -c"},
		{"seq-grep", "seq 100000 | grep 7 | wc -l"},
		{"sort", "sort nums"},
		{"sort-n", "sort -n nums"},
		{"uniq-c", "uniq -c sorted"},
		{"cut", "cut -d' ' -f2 text"},
		{"tr", "tr a-z A-Z <text"},
		{"grep", "grep 99 text | wc -l"},
		{"sed", "sed s/o/0/g text"},
		{"head", "head -n 40000 text"},
		{"tail", "tail -n 40000 text"},
		{"find", "find tree -name '*7*' | wc -l"},
		{"awk-sum", "awk '{ s += $2 } END { print s }' text"},
		{"awk-filter", "awk '$2 > 50000' text"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s, err := New(Config{FS: tree})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Exit(context.Background())
			for b.Loop() {
				if status, _ := s.Run(context.Background(), bc.script+" >/dev/null", "moonix"); status != 0 {
					b.Fatalf("status %d", status)
				}
			}
		})
	}
}
