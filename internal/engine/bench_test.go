package engine

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// The workloads of bench/compare.sh that exercise the engine alone: each
// benchmark op runs the script once (setup included). Compare with bash
// by running the same script under `time bash -c`.
var benchScripts = []struct{ name, script string }{
	{"while-test", `i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done`},
	{"arith-for", `for ((i=0; i<10000; i++)); do :; done`},
	{"funcs", `f() { local x=$1; echo "$x"; }; for ((i=0; i<5000; i++)); do f $i; done`},
	{"strings", `for ((i=0; i<5000; i++)); do s=abcdefghij$i; t=${s//[aeiou]/_}; u=${s:1:3}; v=${s^^}; w=${#s}; x=${s#abc}; y=${s%%[0-9]*}; done`},
	{"arrays", `a=(); for ((i=0; i<5000; i++)); do a+=($i); done; for x in "${a[@]}"; do :; done; n=0; for k in "${!a[@]}"; do n=$((n+a[k])); done`},
	{"assoc", `declare -A m; for ((i=0; i<5000; i++)); do m[k$i]=$i; done; for k in "${!m[@]}"; do v=${m[$k]}; done`},
	// lines is the setup of the read ones, 20,000 lines in one echo
	{"lines", linesScript + ` > /f`},
	{"read-pipe", linesScript + ` | while read x; do :; done`},
	{"read-file", linesScript + ` > /f; while read x; do :; done < /f`},
}

const linesScript = `s='1 2 the quick brown fox jumps over the lazy dog 0123456789'; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do s=$s$'\n'$s; done; echo "$s"`

func BenchmarkScripts(b *testing.B) {
	for _, bs := range benchScripts {
		b.Run(bs.name, func(b *testing.B) {
			file, text, err := Parse(bs.script, "")
			if err != nil {
				b.Fatal(err)
			}
			tree := vfs.NewDefault(vfs.Options{})
			b.ReportAllocs()
			for b.Loop() {
				sh, err := New(Config{
					FS: tree, Dir: "/", Env: []string{"PATH=/bin"},
					Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard,
					Name: "bash", Exec: testExec, Lookup: testLookup, Prefix: "bash",
				})
				if err != nil {
					b.Fatal(err)
				}
				if status := sh.RunSource(context.Background(), file, text, 0); status != 0 {
					b.Fatalf("status %d", status)
				}
				sh.Close()
			}
		})
	}
}
