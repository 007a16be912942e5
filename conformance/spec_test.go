package conformance

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string) *File {
	t.Helper()
	f, err := Parse("t.test.sh", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestParseBasics(t *testing.T) {
	t.Parallel()
	// From builtin-meta.test.sh: header metadata, a leading comment block,
	// a blank line kept inside the script, blocks with and without END,
	// and a numbered variant whose header line has a trailing space.
	src := `## compare_shells: dash bash mksh zsh ash
## oils_failures_allowed: 2

#### command -v with multiple names
# ALL FOUR SHELLS behave differently here!
#

myfunc() { echo x; }
command -v echo myfunc ZZZ for
echo status=$?

## STDOUT:
echo
myfunc
for
status=1
## BUG bash STDOUT:
echo
status=0
## BUG-2 dash/ash STDOUT: 
echo
status=0
## END

#### second
echo hi
## stdout: hi
## status: 3
`
	f := mustParse(t, src)
	if got := f.CompareShells(); !reflect.DeepEqual(got, []string{"dash", "bash", "mksh", "zsh", "ash"}) {
		t.Errorf("compare_shells = %q", got)
	}
	if f.Meta["oils_failures_allowed"] != "2" {
		t.Errorf("meta = %q", f.Meta)
	}
	if len(f.Cases) != 2 {
		t.Fatalf("got %d cases", len(f.Cases))
	}
	c := f.Cases[0]
	if c.Name != "command -v with multiple names" || c.Line != 4 {
		t.Errorf("name %q line %d", c.Name, c.Line)
	}
	if want := "myfunc() { echo x; }\ncommand -v echo myfunc ZZZ for\necho status=$?\n\n"; c.Code != want {
		t.Errorf("code = %q, want %q", c.Code, want)
	}
	ideal, err := c.Ideal()
	if err != nil {
		t.Fatal(err)
	}
	if want := (Expectation{Stdout: []string{"echo\nmyfunc\nfor\nstatus=1\n"}}); !reflect.DeepEqual(ideal, want) {
		t.Errorf("ideal = %v, want %v", ideal, want)
	}
	bash, err := c.For("bash")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Expectation{{Qualifier: "BUG", Stdout: []string{"echo\nstatus=0\n"}}}; !reflect.DeepEqual(bash, want) {
		t.Errorf("bash = %v, want %v", bash, want)
	}
	dash, _ := c.For("dash")
	if len(dash) != 1 || dash[0].Qualifier != "BUG-2" || c.Variants[1].Alt != 2 {
		t.Errorf("dash = %v, variants %+v", dash, c.Variants)
	}
	if mksh, _ := c.For("mksh"); mksh != nil {
		t.Errorf("mksh = %v, want none", mksh)
	}
	second, _ := f.Cases[1].Ideal()
	if want := (Expectation{Stdout: []string{"hi\n"}, Status: 3}); !reflect.DeepEqual(second, want) {
		t.Errorf("second = %v, want %v", second, want)
	}
}

func TestParseVariants(t *testing.T) {
	t.Parallel()
	// From assign-deferred.test.sh and redirect.test.sh: several keys for
	// one shell merge into one record, a shell list shares a variant,
	// missing keys fall back to the unqualified ones, -json decodes.
	src := `#### typeset with array
typeset a=(1 2 3)
echo len=${#a[@]}
## stdout: len=3
## OK bash status: 2
## OK bash stdout-json: ""
## OK-2 mksh status: 1
## N-I dash/bash/mksh stdout-json: "a\tb\u00e9\n"

#### &> redirects stdout and stderr
stdout_stderr.py &> $tmp
## STDOUT:
STDOUT
STDERR
## END
## N-I dash stdout: STDOUT
## N-I dash stderr: STDERR
## N-I dash status: 1
`
	f := mustParse(t, src)
	c := f.Cases[0]
	bash, err := c.For("bash")
	if err != nil {
		t.Fatal(err)
	}
	// The N-I line comes last for bash, so its qualifier wins, as in
	// sh_spec.py, and its stdout-json replaces the OK one.
	want := []Expectation{{Qualifier: "N-I", Stdout: []string{"a\tb\u00e9\n"}, Status: 2}}
	if !reflect.DeepEqual(bash, want) {
		t.Errorf("bash = %v, want %v", bash, want)
	}
	mksh, _ := c.For("mksh")
	want = []Expectation{
		{Qualifier: "N-I", Stdout: []string{"a\tb\u00e9\n"}},
		{Qualifier: "OK-2", Status: 1, Stdout: []string{"len=3\n"}},
	}
	// Order: alternatives in order of first appearance (N-I has no number,
	// OK-2 is the second alternative but appears first in the file).
	if len(mksh) != 2 {
		t.Fatalf("mksh = %v", mksh)
	}
	if !reflect.DeepEqual(mksh[1], want[0]) || !reflect.DeepEqual(mksh[0], want[1]) {
		t.Errorf("mksh = %v, want %v", mksh, want)
	}
	dash, _ := f.Cases[1].For("dash")
	want = []Expectation{{Qualifier: "N-I", Stdout: []string{"STDOUT\n"}, Stderr: []string{"STDERR\n"}, Status: 1}}
	if !reflect.DeepEqual(dash, want) {
		t.Errorf("dash = %v, want %v", dash, want)
	}
	if !dash[0].Check("STDOUT\n", "STDERR\n", 1) || dash[0].Check("STDOUT\n", "", 1) {
		t.Error("Check does not compare stderr")
	}
}

func TestParseQuirks(t *testing.T) {
	t.Parallel()
	src := `# header comment, then a case given by ## code:
#### Incomplete Function
## code: foo()
## status: 2
## BUG mksh status: 0

#### comments inside blocks are dropped, blank lines kept
cat <<'EOF'
# not seen by the shell: the harness drops comment lines
  x
EOF
## STDOUT:

  x
# a comment, not output
## END

#### a block without END takes the blank lines after it
echo
## STDOUT:
a

#### last
true
`
	f := mustParse(t, src)
	if len(f.Cases) != 4 {
		t.Fatalf("got %d cases", len(f.Cases))
	}
	c := f.Cases[0]
	if c.Code != "foo()" {
		t.Errorf("code = %q", c.Code)
	}
	if e, _ := c.Ideal(); e.Status != 2 || e.Stdout != nil {
		t.Errorf("ideal = %v", e)
	}
	c = f.Cases[1]
	if want := "cat <<'EOF'\n  x\nEOF\n"; c.Code != want {
		t.Errorf("code = %q, want %q", c.Code, want)
	}
	if e, _ := c.Ideal(); !reflect.DeepEqual(e.Stdout, []string{"\n  x\n"}) {
		t.Errorf("stdout = %q", e.Stdout)
	}
	if e, _ := f.Cases[2].Ideal(); !reflect.DeepEqual(e.Stdout, []string{"a\n\n"}) {
		t.Errorf("stdout = %q", e.Stdout)
	}
	if e, _ := f.Cases[3].Ideal(); e.Stdout != nil || e.Stderr != nil || e.Status != 0 {
		t.Errorf("ideal = %v", e)
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"#### no script\n## stdout: x\n",
		"#### typo\necho\n## stdout x\n",
		"#### value on the STDOUT line\necho\n## STDOUT: x\n## END\n",
		"#### stray code after the expectations\necho\n## stdout: x\necho more\n",
	} {
		if _, err := Parse("t.test.sh", strings.NewReader(src)); err == nil {
			t.Errorf("no error for %q", src)
		}
	}
	f := mustParse(t, "#### bad json\necho\n## stdout-json: \"x\n")
	if _, err := f.Cases[0].Ideal(); err == nil {
		t.Error("no error for bad stdout-json")
	}
}

func TestCheckRejectsTracebacks(t *testing.T) {
	t.Parallel()
	e := Expectation{}
	if e.Check("", "Traceback (most recent call last):\n", 0) {
		t.Error("a Python traceback on stderr must fail the case")
	}
}

// TestParseSpecFiles parses every spec file there is and checks the case
// counts of the groups against the README.
func TestParseSpecFiles(t *testing.T) {
	dir := requireOils(t)
	paths, err := filepath.Glob(filepath.Join(dir, "*.test.sh"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no spec files in %s: %v", dir, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(filepath.Base(p), strings.NewReader(string(data)))
		if err != nil {
			t.Error(err)
			continue
		}
		for _, c := range f.Cases {
			if _, err := c.Ideal(); err != nil {
				t.Errorf("%s: %s: %v", f.Name, c.Name, err)
			}
			if _, err := c.For("bash"); err != nil {
				t.Errorf("%s: %s: %v", f.Name, c.Name, err)
			}
		}
	}
	if n := len(loadGroup(t, dir, "posix", posixGroup)); n != 1615 {
		t.Errorf("posix group has %d cases, want 1615", n)
	}
	if n := len(loadGroup(t, dir, "bash", bashGroup)); n != 916 {
		t.Errorf("bash group has %d cases, want 916", n)
	}
}
