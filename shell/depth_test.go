package shell

import (
	"context"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// deepPrograms nest every construct that nests 100,000 levels deep: far
// past what the parser's stack could take without the bound. The chains
// are shorter: they only need to be longer than the bound.
var deepPrograms = []struct{ name, src string }{
	{"braces", strings.Repeat("{ ", 100000) + "true" + strings.Repeat("; }", 100000)},
	{"subshells", strings.Repeat("( ", 100000) + "true" + strings.Repeat(" )", 100000)},
	{"command substitution", strings.Repeat("echo $(", 100000) + "true" + strings.Repeat(")", 100000)},
	{"quoted command substitution", strings.Repeat(`echo "$(`, 100000)},
	{"arithmetic", "echo $((" + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + "))"},
	{"arithmetic command", strings.Repeat("((", 100000)},
	{"parameter expansion", "echo " + strings.Repeat("${x:-", 100000) + "y" + strings.Repeat("}", 100000)},
	{"test", "[[ " + strings.Repeat("( ", 100000) + "x" + strings.Repeat(" )", 100000) + " ]]"},
	{"test negation", "[[ " + strings.Repeat("! ", 100000) + "x ]]"},
	{"if", strings.Repeat("if true; then ", 100000) + "true" + strings.Repeat("; fi", 100000)},
	{"while", strings.Repeat("while true; do ", 100000)},
	{"case", strings.Repeat("case x in x) ", 100000)},
	{"functions", strings.Repeat("f() ", 100000) + "{ :; }"},
	{"array", "a=(" + strings.Repeat("$(echo ", 100000)},
	{"here-document", strings.Repeat("cat <<E\n$(", 100000)},
	// The parser makes these chains without recursing, but the tree
	// they make is as deep.
	{"and list", strings.Repeat("true && ", 20000) + "true"},
	{"or list", strings.Repeat("false || ", 20000) + "true"},
	{"arithmetic sum", "echo $((" + strings.Repeat("1+", 20000) + "1))"},
}

// TestDeepNesting: a program nested too deeply for the stack is a syntax
// error, status 2, on one line, whichever way it reaches the parser; the
// shell goes on where a syntax error lets it.
func TestDeepNesting(t *testing.T) {
	t.Parallel()
	routes := []struct {
		name, script string
		want         string // after the error line
	}{
		{"eval", `eval "$(cat /work/deep)"; echo after $?`, "after 2\n"},
		{"source", `source /work/deep; echo after $?`, "after 2\n"},
		{"dot", `. ./deep; echo after $?`, "after 2\n"},
		{"sh -c", `sh -c "$(cat /work/deep)"; echo after $?`, "after 2\n"},
		{"sh FILE", `sh deep; echo after $?`, "after 2\n"},
		{"script", `chmod +x deep; ./deep; echo after $?`, "after 2\n"},
	}
	for _, p := range deepPrograms {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			// The program itself, as -c and as a stream (a script file).
			out, status := run(t, p.src)
			checkDeep(t, "-c", out, status, 2, "")
			s, buf := newTestSession(t, "")
			status = s.RunStream(context.Background(), strings.NewReader(p.src))
			checkDeep(t, "stream", buf.String(), status, 2, "")
			// as in bash, a trap's text is parsed when it runs
			out, _ = runWithFile(t, "/work/deep", p.src, `trap "$(cat /work/deep)" EXIT; echo after $?`)
			if want := "after 0\nmoonix: nesting too deep\n"; out != want {
				t.Errorf("trap: output %q, want %q", out, want)
			}
			for _, r := range routes {
				out, status := runWithFile(t, "/work/deep", p.src, r.script)
				checkDeep(t, r.name, out, status, 0, r.want)
			}
		})
	}
}

// checkDeep checks that out is one line saying the nesting is too deep,
// then want.
func checkDeep(t *testing.T, route, out string, status, wantStatus int, want string) {
	t.Helper()
	first, rest, _ := strings.Cut(out, "\n")
	if !strings.HasPrefix(first, "moonix: ") || !strings.HasSuffix(first, "nesting too deep") || rest != want || status != wantStatus {
		if len(out) > 500 {
			out = out[:500] + "..."
		}
		t.Errorf("%s: status %d, output:\n%s\nwant status %d, 'moonix: ...nesting too deep' then %q", route, status, out, wantStatus, want)
	}
}

// runWithFile runs script in a fresh session whose VFS holds the file
// name with content.
func runWithFile(t *testing.T, name, content, script string) (string, int) {
	t.Helper()
	tree := vfs.NewDefault(vfs.Options{})
	if err := vfs.WriteFile(tree, name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return runConfig(t, Config{FS: tree}, script)
}

// TestNestingWithinBounds: programs nested as deeply as real ones are run.
func TestNestingWithinBounds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, script, want string }{
		{"command substitution", strings.Repeat("echo $(", 200) + "echo deep" + strings.Repeat(")", 200), "deep\n"},
		{"braces", strings.Repeat("{ ", 500) + "echo deep" + strings.Repeat("; }", 500), "deep\n"},
		{"arithmetic", "echo $((" + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "))", "1\n"},
		{"and list", strings.Repeat("true && ", 2000) + "echo deep", "deep\n"},
		{"eval", "eval '" + strings.Repeat("if true; then ", 300) + "echo deep" + strings.Repeat("; fi", 300) + "'", "deep\n"},
	} {
		if out, status := run(t, tc.script); out != tc.want || status != 0 {
			t.Errorf("%s: status %d, output %q, want %q", tc.name, status, out, tc.want)
		}
	}
}

// TestDeepRecursion: a recursion through functions, eval or source fails
// with a message before the stack overflows, and the shell goes on, even
// when the call depth limit (see TestCallDepth) is set far beyond it.
func TestDeepRecursion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, script, want string }{
		{"function", `f() { f; }; f; echo after $?`, "moonix: f: maximum nesting level exceeded\nafter 1\n"},
		{"eval", `x='eval "$x"'; eval "$x"; echo after $?`, "moonix: eval: maximum nesting level exceeded\nafter 1\n"},
		{"source", `echo '. ./s' > s; . ./s; echo after $?`, "moonix: .: maximum nesting level exceeded\nafter 1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if _, out, _ := runLimited(t, Limits{CallDepth: 1 << 30}, tc.script); out != tc.want {
				if len(out) > 500 {
					out = out[:500] + "..."
				}
				t.Errorf("output %q, want %q", out, tc.want)
			}
		})
	}
}

// TestIncompleteDeep: the REPL's continuation check survives deep input.
func TestIncompleteDeep(t *testing.T) {
	t.Parallel()
	if Incomplete(strings.Repeat("$(", 100000)) {
		t.Error("input nested too deeply is reported incomplete")
	}
}
