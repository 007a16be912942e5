package cli_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/cli"
	"github.com/moonix-sh/moonix/effects"
)

// moonix runs the CLI in-process on the workspace dir.
func moonix(t *testing.T, dir, script string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	var p cli.Program
	status = p.Run(strings.NewReader(""), &out, &errb, []string{"--workspace", dir, "-c", script})
	return status, out.String(), errb.String()
}

func logFile(dir string) string { return filepath.Join(dir, "moonix", "effects", "log.jsonl") }

// editLog rewrites a workspace's log.jsonl, line by line.
func editLog(t *testing.T, dir string, edit func(lines []string) []string) {
	t.Helper()
	data, err := os.ReadFile(logFile(dir))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	lines = lines[:len(lines)-1] // after the last newline
	if err := os.WriteFile(logFile(dir), []byte(strings.Join(edit(lines), "")), 0o600); err != nil {
		t.Fatal(err)
	}
}

// rehash gives an edited entry the id of its new content, as a forger
// would: the chain then breaks at the entry after it.
func rehash(t *testing.T, line string) string {
	t.Helper()
	var e effects.Entry
	if err := json.Unmarshal([]byte(line), &e); err != nil {
		t.Fatal(err)
	}
	e.ID = ""
	b, _ := json.Marshal(e)
	sum := sha256.Sum256(b)
	e.ID = hex.EncodeToString(sum[:])
	b, _ = json.Marshal(e)
	return string(b) + "\n"
}

// effects verify finds any edit, removal or reordering of a workspace's
// log, and says where the chain breaks.
func TestEffectsVerifyFindsTampering(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, lines []string) []string
		want string // stderr, a regular expression
	}{
		{"modified", func(t *testing.T, l []string) []string {
			l[1] = strings.Replace(l[1], `"target":"/etc/b"`, `"target":"/etc/B"`, 1)
			return l
		}, `^effects verify: effect log broken at entry 2 \(seq 2\): its content does not match its id [0-9a-f]{12}\n$`},
		{"modified and rehashed", func(t *testing.T, l []string) []string {
			l[1] = rehash(t, strings.Replace(l[1], `"target":"/etc/b"`, `"target":"/etc/B"`, 1))
			return l
		}, `^effects verify: effect log broken at entry 3 \(seq 3\): it does not follow the entry before it\n$`},
		{"deleted", func(t *testing.T, l []string) []string {
			return append(l[:1], l[2:]...)
		}, `^effects verify: effect log broken at entry 2: seq 3 follows seq 1 \(an entry was removed or moved\)\n$`},
		{"reordered", func(t *testing.T, l []string) []string {
			l[1], l[2] = l[2], l[1]
			return l
		}, `^effects verify: effect log broken at entry 2: seq 3 follows seq 1 \(an entry was removed or moved\)\n$`},
		{"last removed", func(t *testing.T, l []string) []string {
			return l[:2]
		}, `^effects verify: effect log broken: the log ends at seq 2 but the last entry written was seq 3 \(entries were removed from the end\)\n$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			moonix(t, dir, "touch /etc/a; touch /etc/b; touch /etc/c")
			status, out, errs := moonix(t, dir, "effects verify")
			if status != 0 || out != "effects verify: ok (3 entries)\n" || errs != "" {
				t.Fatalf("before: %d %q %q", status, out, errs)
			}
			editLog(t, dir, func(l []string) []string { return tc.edit(t, l) })
			status, out, errs = moonix(t, dir, "effects verify")
			if status != 1 || out != "" || !regexp.MustCompile(tc.want).MatchString(errs) {
				t.Errorf("after: status %d, stdout %q, stderr %q; want 1, %s", status, out, errs, tc.want)
			}
		})
	}
}

// A kill in the middle of a request leaves its begin without an end: the
// next run lists it with an unknown outcome, counts it as an effect that
// cannot be undone, and the log still verifies.
func TestEffectsUnknownOutcome(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if status, _, errs := moonix(t, dir, "echo a > a; snapshot -m one"); status != 0 {
		t.Fatalf("setup: %s", errs)
	}
	log, err := effects.Open(filepath.Join(dir, "moonix", "effects"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := log.Begin(effects.HTTP, "https://example.com/x", &effects.Payload{Summary: "GET https://example.com/x"}); err != nil {
		t.Fatal(err)
	}
	log.Close() // killed before End
	status, out, errs := moonix(t, dir, "effects; effects show 1 | tail -1; rollback --dry-run HEAD; effects verify")
	want := `^[0-9a-f]{12}  1  http  https://example.com/x  unknown outcome  -\n` +
		`end:      none: the operation may or may not have happened\n` +
		`effects verify: ok \(1 entry\)\n$`
	wantErr := `^warning: 1 external effect\(s\) cannot be undone\n` +
		`  [0-9a-f]{12}  1  http  https://example.com/x  unknown outcome  -\n$`
	if status != 0 || !regexp.MustCompile(want).MatchString(out) || !regexp.MustCompile(wantErr).MatchString(errs) {
		t.Errorf("status %d\nstdout:\n%s\nstderr:\n%s", status, out, errs)
	}
}

// A torn last record (a kill in the middle of a write) is set aside when
// the workspace opens; effects verify says so, and the rest verifies.
func TestEffectsVerifyReportsTornRecord(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	moonix(t, dir, "touch /etc/a")
	f, err := os.OpenFile(logFile(dir), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"id":"0123","seq":2,"ki`)
	f.Close()
	status, out, errs := moonix(t, dir, "effects verify")
	wantErr := `^moonix: workspace .*: effect log: torn last record \(24 bytes\) set aside in .*torn\.2\n` +
		`effects verify: when the log was opened, a torn last record \(24 bytes\) set aside in .*torn\.2\n$`
	if status != 0 || out != "effects verify: ok (1 entry)\n" || !regexp.MustCompile(wantErr).MatchString(errs) {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errs)
	}
}
