package transcript

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// fake is a Runner answering each source from a table, as a shell would.
type fake map[string]struct {
	out    string
	status int
	exited bool
}

func (f fake) run(t *testing.T) Runner {
	return func(src string) ([]byte, int, bool) {
		r, ok := f[src]
		if !ok {
			t.Errorf("unexpected command %q", src)
		}
		return []byte(r.out), r.status, r.exited
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	src := "Intro.\n  $ echo a\n  a\n  $ for i in 1; do\n  >   echo $i\n  > done\n  1\nProse.\n\n  [1]\n  $ last"
	tt := Parse([]byte(src))
	if got := len(tt.Lines); got != 11 {
		t.Fatalf("lines: got %d", got)
	}
	if tt.Lines[10] != "  $ last\n" {
		t.Errorf("last line not terminated: %q", tt.Lines[10])
	}
	want := []Block{
		{Line: -1, After: []string{"Intro.\n", "  $ echo a\n"}},
		{Line: 1, Source: "echo a\n", Expected: []string{"  a\n"},
			After: []string{"  $ for i in 1; do\n", "  >   echo $i\n", "  > done\n"}},
		{Line: 3, Source: "for i in 1; do\n  echo $i\ndone\n", Expected: []string{"  1\n", "  [1]\n"},
			After: []string{"Prose.\n", "\n", "  $ last\n"}},
		{Line: 10, Source: "last\n"},
	}
	if !reflect.DeepEqual(tt.Blocks, want) {
		t.Errorf("blocks:\n got %#v\nwant %#v", tt.Blocks, want)
	}
	if tt.Commands() != 3 {
		t.Errorf("Commands() = %d", tt.Commands())
	}
}

func TestParseEdges(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		head      Block
	}{
		{"empty", "", Block{Line: -1}},
		{"orphan continuation", "  > echo x\n", Block{Line: -1, Source: "echo x\n", After: []string{"  > echo x\n"}}},
		{"output before commands", "  stray\n", Block{Line: -1, Expected: []string{"  stray\n"}}},
		{"dollar without space is output", "  $\n", Block{Line: -1, Expected: []string{"  $\n"}}},
		{"one-space indent is prose", " $ echo\n", Block{Line: -1, After: []string{" $ echo\n"}}},
		{"tab is prose", "\t$ echo\n", Block{Line: -1, After: []string{"\t$ echo\n"}}},
		{"crlf stays in the line", "x\r\n", Block{Line: -1, After: []string{"x\r\n"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tt := Parse([]byte(tc.src))
			if !reflect.DeepEqual(tt.Blocks[0], tc.head) {
				t.Errorf("head: got %#v, want %#v", tt.Blocks[0], tc.head)
			}
			if tt.Empty != (tc.src == "") {
				t.Errorf("Empty = %v", tt.Empty)
			}
		})
	}
}

func TestOutputLines(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		out  string
		want []string
	}{
		{"", nil},
		{"a\nb\n", []string{"  a\n", "  b\n"}},
		{"a\n\nb", []string{"  a\n", "  \n", "  b (no-eol)\n"}},
		{"a\tb\\c\n", []string{`  a\tb\\c (esc)` + "\n"}},
		{"plain \\ backslash\n", []string{"  plain \\ backslash\n"}},
		{"caf\xc3\xa9\n", []string{`  caf\xc3\xa9 (esc)` + "\n"}},
		{"\x01\x7f\n", []string{`  \x01\x7f (esc)` + "\n"}},
		{"dos\r\nline\r", []string{`  dos\r (esc)` + "\n", `  line\r (no-eol) (esc)` + "\n"}},
		{"a\rb\n", []string{`  a\r (no-eol) (esc)` + "\n", "  b\n"}},
	} {
		if got := OutputLines([]byte(tc.out)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("OutputLines(%q) = %q, want %q", tc.out, got, tc.want)
		}
	}
}

func TestMatchers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		el, l string
		want  bool
	}{
		{`  \d{4}-\d\d (re)`, "  2026-01", true},
		{`  \d{4} (re)`, "  2026-01", false}, // whole line
		{`  a|b (re)`, "  b", false},         // the indent belongs to the first branch
		{`  (a|b) (re)`, "  b", true},
		{`  [ (re)`, "  [", false}, // invalid regexp matches nothing
		{`  *.txt (glob)`, "  notes.txt", true},
		{`  file?.t (glob)`, "  file1.t", true},
		{`  file?.t (glob)`, "  file12.t", false},
		{`  a.c (glob)`, "  abc", false}, // dots are literal
		{`  \* \? \\ (glob)`, `  * ? \`, true},
		{`  \* (glob)`, "  x", false},
		{`  tab\there (esc)`, "  tab\there", true},
		{`  \x41\102 (esc)`, "  AB", true},
		{`  \q (esc)`, `  \q`, true},
		{`  \x4 (esc)`, "  \x04", false},    // malformed
		{"  a\tb", `  a\tb (esc)`, true},    // an unescaped expectation still matches
		{`  \x61 (esc)`, `  a (esc)`, true}, // both sides decoded
		{"  plain", "  plane", false},
		{"  x (re) (glob)", "  x (re)", true},
	} {
		if got := lineMatches(tc.el+"\n", tc.l+"\n"); got != tc.want {
			t.Errorf("lineMatches(%q, %q) = %v, want %v", tc.el, tc.l, got, tc.want)
		}
	}
}

func TestRunPass(t *testing.T) {
	t.Parallel()
	src := "Prose first.\n" +
		"  $ echo hello\n  hello\n" +
		"  $ printf 'a\\tb\\n\\x01\\n'\n  a\\tb (esc)\n  \\x01 (esc)\n" +
		"  $ date +%F\n  \\d{4}-.* (re)\n" +
		"  $ ls\n  *.txt (glob)\n" +
		"  $ printf no-eol\n  no-eol (no-eol)\n" +
		"  $ false\n  [1]\n" +
		"  $ echo one\n  > echo two\n  one\n  two\n"
	f := fake{
		"echo hello\n":                {out: "hello\n"},
		"printf 'a\\tb\\n\\x01\\n'\n": {out: "a\tb\n\x01\n"},
		"date +%F\n":                  {out: "2026-01-01\n"},
		"ls\n":                        {out: "notes.txt\n"},
		"printf no-eol\n":             {out: "no-eol"},
		"false\n":                     {status: 1},
		"echo one\necho two\n":        {out: "one\ntwo\n"},
	}
	r := Parse([]byte(src)).Run(f.run(t))
	if r.Failed() || r.Skipped {
		t.Fatalf("failed:\n%s", r.Diff("a.t", "a.t.err"))
	}
	if d := r.Diff("a", "b"); d != "" {
		t.Errorf("diff of a pass: %q", d)
	}
	if got := string(r.Updated()); got != src {
		t.Errorf("Updated changed a passing file:\n%s", got)
	}
}

// The expected diff below is what cram3 0.7 prints for the same file and
// output (checked by hand against `cram3 --shell=/bin/bash fail.t`).
func TestRunFailDiff(t *testing.T) {
	t.Parallel()
	src := "Prose.\n  $ echo hello\n  goodbye\n  $ echo x; echo 2026\n  x\n  \\d+ (re)\n\nMore prose.\n  $ exit 3\n  $ echo never\n  never\n"
	f := fake{
		"echo hello\n":        {out: "hello\n"},
		"echo x; echo 2026\n": {out: "x\n2026\n"},
		"exit 3\n":            {status: 3, exited: true},
		"echo never\n":        {out: "never\n"},
	}
	r := Parse([]byte(src)).Run(f.run(t))
	if !r.Failed() {
		t.Fatal("passed")
	}
	want := `--- fail.t
+++ fail.t.err
@@ -1,6 +1,6 @@
 Prose.
   $ echo hello
-  goodbye
+  hello
   $ echo x; echo 2026
   x
   \d+ (re)
@@ -8,4 +8,3 @@
 More prose.
   $ exit 3
   $ echo never
-  never
`
	if got := r.Diff("fail.t", "fail.t.err"); got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
	wantActual := "Prose.\n  $ echo hello\n  hello\n  $ echo x; echo 2026\n  x\n  2026\n\nMore prose.\n  $ exit 3\n  $ echo never\n"
	if got := strings.Join(r.Actual, ""); got != wantActual {
		t.Errorf("actual:\n%s", got)
	}
}

func TestUpdateKeepsMatchingPatterns(t *testing.T) {
	t.Parallel()
	src := "  $ cmd\n  \\d+ (re)\n  old\n  *.go (glob)\nprose between\n  gone\n  $ next\n  [2]\n"
	f := fake{
		"cmd\n":  {out: "42\nnew\nmain.go\n"},
		"next\n": {out: "x\n"},
	}
	tt := Parse([]byte(src))
	r := tt.Run(f.run(t))
	want := "  $ cmd\n  \\d+ (re)\n  new\n  *.go (glob)\nprose between\n  $ next\n  x\n"
	got := string(r.Updated())
	if got != want {
		t.Errorf("updated:\n%s\nwant:\n%s", got, want)
	}
	if r2 := Parse([]byte(got)).Run(f.run(t)); r2.Failed() {
		t.Errorf("the updated file fails:\n%s", r2.Diff("a", "b"))
	}
}

// A (re) line may match a command line in cram's whole-file diff; the
// rewrite must still keep every command.
func TestUpdateNeverDropsCommands(t *testing.T) {
	t.Parallel()
	src := "  $ one\n  .* (re)\n  .* (re)\n  $ two\n  2\n"
	f := fake{"one\n": {out: "1\n"}, "two\n": {out: "2\n"}}
	r := Parse([]byte(src)).Run(f.run(t))
	got := string(r.Updated())
	if want := "  $ one\n  .* (re)\n  $ two\n  2\n"; got != want {
		t.Errorf("updated:\n%s\nwant:\n%s", got, want)
	}
}

func TestSkip(t *testing.T) {
	t.Parallel()
	f := fake{"exit 80\n": {status: 80, exited: true}}
	r := Parse([]byte("  $ exit 80\n  $ never\n")).Run(f.run(t))
	if !r.Skipped || r.Failed() {
		t.Errorf("Skipped=%v Failed=%v", r.Skipped, r.Failed())
	}
	if r := Parse(nil).Run(f.run(t)); !r.Skipped {
		t.Error("an empty file is not skipped")
	}
}

func TestLongDiffHunks(t *testing.T) {
	t.Parallel()
	var src, out strings.Builder
	src.WriteString("  $ seq\n")
	for i := range 30 {
		fmt.Fprintf(&src, "  %d\n", i)
		v := i
		if i == 5 || i == 25 {
			v = -i
		}
		fmt.Fprintf(&out, "%d\n", v)
	}
	f := fake{"seq\n": {out: out.String()}}
	r := Parse([]byte(src.String())).Run(f.run(t))
	d := r.Diff("x", "y")
	if n := strings.Count(d, "\n@@ "); n != 2 {
		t.Errorf("want 2 hunks, got %d:\n%s", n, d)
	}
	if !strings.Contains(d, "@@ -4,7 +4,7 @@\n") || !strings.Contains(d, "@@ -24,7 +24,7 @@\n") {
		t.Errorf("hunk headers:\n%s", d)
	}
}

// FuzzParse checks that any input parses into blocks that account for
// every line, and that rewriting a transcript with --update produces a
// file that then passes against the same output.
func FuzzParse(f *testing.F) {
	f.Add([]byte("Prose.\n  $ echo a\n  a\n  $ x\n  > y\n  [1]\n"), []byte("a\n"))
	f.Add([]byte("  > orphan\n  out (re)\n  $ c\n  \\d (re)\n  x* (glob)\n  \\x01 (esc)\n"), []byte("1\x01\n"))
	f.Add([]byte(""), []byte(""))
	f.Add([]byte("  $ printf x\n  x (no-eol)"), []byte("x"))
	f.Fuzz(func(t *testing.T, data, out []byte) {
		tt := Parse(data)
		if got := strings.Join(tt.Lines, ""); !strings.HasPrefix(got, string(data)) || len(got) > len(data)+1 {
			t.Fatalf("lines do not rebuild the input: %q", got)
		}
		n := 0
		for _, b := range tt.Blocks {
			n += len(b.Expected) + len(b.After)
		}
		if n != len(tt.Lines) {
			t.Fatalf("blocks hold %d lines, file has %d", n, len(tt.Lines))
		}
		// Output lines that look like commands would change the
		// transcript's structure on rewrite, in cram too.
		for _, l := range OutputLines(out) {
			if strings.HasPrefix(l, cmdLine) || strings.HasPrefix(l, contLine) {
				return
			}
		}
		run := func(string) ([]byte, int, bool) { return out, len(out) % 3, false }
		r := tt.Run(run)
		if r.Skipped {
			return
		}
		if r.Failed() != (r.Diff("a", "b") != "") {
			t.Fatal("Failed and Diff disagree")
		}
		updated := r.Updated()
		if r2 := Parse(updated).Run(run); r2.Failed() {
			t.Fatalf("updated file fails:\n%s\n%s", updated, r2.Diff("a", "b"))
		}
	})
}
