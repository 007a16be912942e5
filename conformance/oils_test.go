package conformance

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The groups of spec files, as listed in shared/conformance/README.md.
var (
	posixGroup = strings.Fields(`alias arg-parse arith arith-dynamic assign background blog1 blog2
		bool-parse bugs builtin-bracket builtin-cd builtin-echo builtin-eval-source builtin-getopts
		builtin-meta builtin-meta-assign builtin-misc builtin-printf builtin-read builtin-set
		builtin-special builtin-trap builtin-type builtin-umask builtin-vars case_ command-parsing
		command-sub command_ comments empty-bodies errexit exit-status explore-parsing fatal-errors
		func-parsing glob here-doc if_ loop nul-bytes paren-ambiguity parse-errors pipeline posix
		quote redir-order redirect redirect-command redirect-multi sh-func sh-options sh-usage
		shell-grammar smoke subshell temp-binding tilde toysh-posix var-num var-op-len var-op-strip
		var-op-test var-sub var-sub-quote vars-special whitespace word-eval word-split xtrace`)
	bashGroup = strings.Fields(`append arith-context array array-assign array-assoc array-basic
		array-compat array-literal array-sparse assign-deferred assign-dialects assign-extended
		ble-features ble-idioms ble-unset brace-expansion builtin-bash builtin-dirs builtin-trap-bash
		builtin-trap-err builtin-type-bash dbracket dparen extglob-files extglob-match for-expr
		glob-bash globignore globstar introspect let nameref nix-idioms nocasematch-match
		print-source-code process-sub regex serialize sh-options-bash toysh type-compat unicode
		var-op-bash var-op-patsub var-op-slice var-ref vars-bash zsh-idioms`)
)

const knownFailuresFile = "known-failures.txt"

// oilsDir finds the spec files: $MOONIX_OILS_DIR, else shared/conformance/oils
// beside the repository root or beside one of its ancestors.
func oilsDir(t *testing.T) (string, bool) {
	if dir := os.Getenv("MOONIX_OILS_DIR"); dir != "" {
		return dir, dirExists(dir)
	}
	return sharedPath(t, "oils")
}

// sharedPath finds name in shared/conformance beside the repository root
// or beside one of its ancestors (worktrees live one level further down
// than the main checkout). When it is nowhere, it gives the first place
// looked at, for the message.
func sharedPath(t *testing.T, name string) (string, bool) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := wd
	for !fileExists(filepath.Join(root, "go.mod")) {
		parent := filepath.Dir(root)
		if parent == root {
			return filepath.Join(wd, "..", "shared", "conformance", name), false
		}
		root = parent
	}
	first := filepath.Join(filepath.Dir(root), "shared", "conformance", name)
	for dir := filepath.Dir(root); ; dir = filepath.Dir(dir) {
		cand := filepath.Join(dir, "shared", "conformance", name)
		if fileExists(cand) {
			return cand, true
		}
		if filepath.Dir(dir) == dir {
			return first, false
		}
	}
}

func dirExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// requireOils gives the spec directory or skips the test (fails when
// MOONIX_REQUIRE_OILS=1).
func requireOils(t *testing.T) string {
	dir, ok := oilsDir(t)
	if !ok {
		msg := fmt.Sprintf("Oils spec files not found at %s (set MOONIX_OILS_DIR to the directory holding *.test.sh)", dir)
		if os.Getenv("MOONIX_REQUIRE_OILS") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return dir
}

// caseTimeout bounds one case: $MOONIX_OILS_TIMEOUT (a Go duration), else
// 5s, 15s under the race detector.
func caseTimeout(t *testing.T) time.Duration {
	if v := os.Getenv("MOONIX_OILS_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("MOONIX_OILS_TIMEOUT: %v", err)
		}
		return d
	}
	if raceEnabled {
		return 15 * time.Second
	}
	return 5 * time.Second
}

// outcome is one case's result.
type outcome struct {
	file, group string
	key         string // "file.test.sh: name" as in the known-failures list
	c           *Case
	legacy      bool // the file wants a _tmp directory in the working directory
	res         Result
	ideal       bool
	documented  bool
	expected    []Expectation // the ideal first, then bash's variants
	err         error         // a malformed expectation
}

func (o *outcome) classify() {
	ideal, err := o.c.Ideal()
	if err != nil {
		o.err = err
		return
	}
	variants, err := o.c.For("bash")
	if err != nil {
		o.err = err
		return
	}
	o.expected = append([]Expectation{ideal}, variants...)
	ok := !o.res.TimedOut && o.res.Panic == ""
	o.ideal = ok && ideal.Check(o.res.Stdout, o.res.Stderr, o.res.Status)
	o.documented = o.ideal
	for _, v := range variants {
		o.documented = o.documented || ok && v.Check(o.res.Stdout, o.res.Stderr, o.res.Status)
	}
}

// report describes a failing case for a person: the script, what was
// expected, what moonix did.
func (o *outcome) report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (line %d)\n--- script\n%s", o.key, o.c.Line, o.c.Code)
	if !strings.HasSuffix(o.c.Code, "\n") {
		b.WriteString("\n")
	}
	if o.err != nil {
		fmt.Fprintf(&b, "--- bad expectation: %v\n", o.err)
	}
	for _, e := range o.expected {
		fmt.Fprintf(&b, "--- expected %s\n", e)
	}
	fmt.Fprintf(&b, "--- got status=%d stdout=%q stderr=%q", o.res.Status, o.res.Stdout, o.res.Stderr)
	switch {
	case o.res.Hung:
		b.WriteString(" (hung: the session did not return after its deadline)")
	case o.res.TimedOut:
		b.WriteString(" (timed out)")
	}
	if o.res.Panic != "" {
		fmt.Fprintf(&b, "\n--- panic: %s", o.res.Panic)
	}
	return b.String()
}

// loadGroup parses the files of a group, naming each case uniquely.
func loadGroup(t *testing.T, dir, group string, files []string) []*outcome {
	var out []*outcome
	for _, name := range files {
		file := name + ".test.sh"
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			t.Errorf("%s group: %v", group, err)
			continue
		}
		spec, err := Parse(file, f)
		f.Close()
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		seen := map[string]int{}
		for _, c := range spec.Cases {
			seen[c.Name]++
			key := file + ": " + c.Name
			if n := seen[c.Name]; n > 1 {
				key += " [" + strconv.Itoa(n) + "]" // a name used twice in one file
			}
			out = append(out, &outcome{file: file, group: group, key: key, c: c, legacy: spec.Meta["legacy_tmp_dir"] != ""})
		}
	}
	return out
}

// runAll runs the cases on a bounded pool.
func runAll(cases []*outcome, timeout time.Duration) {
	workers := max(4, 2*runtime.GOMAXPROCS(0))
	if v, err := strconv.Atoi(os.Getenv("MOONIX_OILS_JOBS")); err == nil && v > 0 {
		workers = v
	}
	work := make(chan *outcome)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for o := range work {
				o.res = Run(o.c.Code, Options{Timeout: timeout, TmpSubdir: o.legacy})
				o.classify()
			}
		}()
	}
	for _, o := range cases {
		work <- o
	}
	close(work)
	wg.Wait()
}

func readKnown(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimRight(line, "\r"); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		known[line] = true
	}
	return known, nil
}

const knownHeader = `# Oils spec cases (posix and bash groups) that moonix does not pass, as
# "file.test.sh: case name". A case passes when it matches the ideal
# expectation or one documented for bash (OK/BUG/N-I bash). TestOils fails
# when a case missing from this list fails. Regenerate with
#   MOONIX_UPDATE_KNOWN=1 go test ./conformance/ -run TestOils
`

func writeKnown(path string, failing []string) error {
	slices.Sort(failing)
	var b strings.Builder
	b.WriteString(knownHeader)
	for _, k := range failing {
		b.WriteString(k + "\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

type tally struct{ cases, ideal, documented int }

func (t *tally) add(o *outcome) {
	t.cases++
	if o.ideal {
		t.ideal++
	}
	if o.documented {
		t.documented++
	}
}

// TestOils runs the posix and bash groups of the Oils spec cases and checks
// the failures against known-failures.txt.
func TestOils(t *testing.T) {
	dir := requireOils(t)
	timeout := caseTimeout(t)
	cases := loadGroup(t, dir, "posix", posixGroup)
	cases = append(cases, loadGroup(t, dir, "bash", bashGroup)...)
	if t.Failed() {
		t.FailNow()
	}
	start := time.Now()
	runAll(cases, timeout)
	elapsed := time.Since(start)

	// Counts per group and per file.
	groups := map[string]*tally{"posix": {}, "bash": {}}
	files := map[string]*tally{}
	var fileOrder []string
	for _, o := range cases {
		groups[o.group].add(o)
		if files[o.file] == nil {
			files[o.file] = &tally{}
			fileOrder = append(fileOrder, o.file)
		}
		files[o.file].add(o)
	}
	for _, f := range fileOrder {
		if !testing.Verbose() {
			break // the table is for people reading -v output, not for failure reports
		}
		c := files[f]
		t.Logf("%-28s %4d cases %4d ideal %4d documented", f, c.cases, c.ideal, c.documented)
	}
	posix, bash := groups["posix"], groups["bash"]
	summary := fmt.Sprintf("oils conformance: posix %d ideal / %d documented of %d cases (%d files); bash group %d ideal (%d documented) of %d cases (%d files); %s",
		posix.ideal, posix.documented, posix.cases, len(posixGroup),
		bash.ideal, bash.documented, bash.cases, len(bashGroup), elapsed.Round(100*time.Millisecond))
	t.Log(summary)
	if testing.Verbose() {
		fmt.Println(summary)
	}

	// Slowest cases, to keep the run fast.
	byTime := slices.Clone(cases)
	slices.SortFunc(byTime, func(a, b *outcome) int { return cmp.Compare(b.res.Duration, a.res.Duration) })
	for _, o := range byTime[:min(5, len(byTime))] {
		if !testing.Verbose() {
			break
		}
		t.Logf("slow: %s %v", o.key, o.res.Duration.Round(time.Millisecond))
	}

	if path := os.Getenv("MOONIX_OILS_DUMP"); path != "" {
		if err := dumpResults(path, cases); err != nil {
			t.Fatal(err)
		}
	}

	var failing []string
	for _, o := range cases {
		if !o.documented {
			failing = append(failing, o.key)
		}
		if o.res.Hung {
			t.Logf("hung (session did not return after its deadline): %s", o.key)
		}
	}
	if os.Getenv("MOONIX_UPDATE_KNOWN") == "1" {
		// A case that fails now and then (one that races background jobs,
		// or prints a map in random order) belongs in the list too: run
		// the passing cases four more times.
		var passing []*outcome
		for _, o := range cases {
			if o.documented {
				passing = append(passing, o)
			}
		}
		flaky := map[*outcome]bool{}
		for range 4 {
			runAll(passing, timeout)
			for _, o := range passing {
				if !o.documented && !flaky[o] {
					flaky[o] = true
					t.Logf("flaky: %s", o.key)
					failing = append(failing, o.key)
				}
			}
		}
		if err := writeKnown(knownFailuresFile, failing); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d known failures", knownFailuresFile, len(failing))
		return
	}
	known, err := readKnown(knownFailuresFile)
	if err != nil {
		t.Fatal(err)
	}
	var fixed []string
	for _, o := range cases {
		if o.documented && known[o.key] {
			fixed = append(fixed, o.key)
		}
	}
	if len(fixed) > 0 {
		t.Logf("%d known failures now pass; shrink %s (MOONIX_UPDATE_KNOWN=1):\n  %s",
			len(fixed), knownFailuresFile, strings.Join(fixed, "\n  "))
	}
	// A regression must fail twice more before it counts: some cases race
	// background jobs against the clock. When many fail, something broke
	// wholesale, and retrying them would only take long.
	var regressions []*outcome
	for _, o := range cases {
		if !o.documented && !known[o.key] {
			regressions = append(regressions, o)
		}
	}
	if len(regressions) <= 50 {
		for range 2 {
			runAll(regressions, timeout)
			regressions = slices.DeleteFunc(regressions, func(o *outcome) bool {
				if o.documented {
					t.Logf("flaky: %s failed once, then passed", o.key)
				}
				return o.documented
			})
		}
	}
	for _, o := range regressions {
		t.Errorf("regression: %s", o.report())
	}
	if len(regressions) > 0 {
		t.Logf("%d case(s) failed that are not in %s; fix them, or if the failure is expected run with MOONIX_UPDATE_KNOWN=1", len(regressions), knownFailuresFile)
	}
}

// dumpResults writes every case's result as JSON, for comparing runs (or
// moonix with another shell) with other tools: MOONIX_OILS_DUMP=file.json.
func dumpResults(path string, cases []*outcome) error {
	type record struct {
		Key        string
		Ideal      bool
		Documented bool
		Status     int
		Stdout     string
		Stderr     string
	}
	recs := make([]record, len(cases))
	for i, o := range cases {
		recs[i] = record{o.key, o.ideal, o.documented, o.res.Status, o.res.Stdout, o.res.Stderr}
	}
	data, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
