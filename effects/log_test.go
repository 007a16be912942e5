package effects

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func fixedNow() func() time.Time {
	t := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Second)
		return t
	}
}

// fill writes a begin/end pair and two one-part entries.
func fill(t *testing.T, l *Log) {
	t.Helper()
	op, err := l.Begin(HTTP, "http://127.0.0.1/x", &Payload{Summary: "GET http://127.0.0.1/x"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := op.End("200", &Payload{Summary: "200 OK"}); err != nil {
		t.Fatal(err)
	}
	for _, k := range []Kind{Clock, Denied} {
		if _, err := l.Record(Entry{Kind: k, Target: string(k)}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestChain(t *testing.T) {
	t.Parallel()
	for _, l := range []*Log{Memory(), mustOpen(t, t.TempDir())} {
		l.Now = fixedNow()
		l.Snapshot = func() string { return "abc" }
		fill(t, l)
		if l.Position() != 4 {
			t.Errorf("position %d, want 4", l.Position())
		}
		entries, err := l.Entries()
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 4 {
			t.Fatalf("%d entries", len(entries))
		}
		end := entries[1]
		if end.Phase != PhaseEnd || end.Begin != 1 || end.Duration != int64(time.Second) || end.Outcome != "200" || end.Snapshot != "abc" {
			t.Errorf("end entry %+v", end)
		}
		for i, e := range entries {
			if e.Seq != int64(i+1) || i > 0 && e.Prev != entries[i-1].ID || e.hash() != e.ID {
				t.Errorf("entry %d not chained: %+v", i, e)
			}
		}
		if n, err := l.Verify(); err != nil || n != 4 {
			t.Errorf("Verify = %d, %v", n, err)
		}
	}
}

func mustOpen(t *testing.T, dir string) *Log {
	t.Helper()
	l, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// TestVerifyDetects edits the log file by hand, as an attacker (or a
// bad disk) would, and expects Verify to name the break.
func TestVerifyDetects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func(lines [][]byte) [][]byte
		want string
	}{
		{"modified", func(l [][]byte) [][]byte {
			l[1] = bytes.Replace(l[1], []byte(`"200"`), []byte(`"500"`), 1)
			return l
		}, "entry 2 (seq 2): its content does not match"},
		{"deleted", func(l [][]byte) [][]byte { return append(l[:1], l[2:]...) }, "entry 2: seq 3 follows seq 1"},
		{"reordered", func(l [][]byte) [][]byte { l[1], l[2] = l[2], l[1]; return l }, "entry 2: seq 3 follows seq 1"},
		{"tail removed", func(l [][]byte) [][]byte { return l[:3] }, "the log ends at seq 3 but the last entry written was seq 4"},
		{"renumbered", func(l [][]byte) [][]byte {
			l[3] = bytes.Replace(l[3], []byte(`"seq":4`), []byte(`"seq":5`), 1)
			return l
		}, "entry 4 (seq 5): its content does not match"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			l := mustOpen(t, dir)
			l.Now = fixedNow()
			fill(t, l)
			name := filepath.Join(dir, logFile)
			data, _ := os.ReadFile(name)
			lines := bytes.SplitAfter(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
			if !bytes.HasSuffix(lines[len(lines)-1], []byte("\n")) {
				lines[len(lines)-1] = append(lines[len(lines)-1], '\n')
			}
			os.WriteFile(name, bytes.Join(tc.edit(lines), nil), 0o600)
			_, err := l.Verify()
			if !errors.Is(err, ErrBroken) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Verify = %v, want %q", err, tc.want)
			}
		})
	}
}

// filledLog writes a log in a new directory with fill, closes it and
// returns the directory and the log file's name.
func filledLog(t *testing.T) (dir, name string) {
	t.Helper()
	dir = t.TempDir()
	l := mustOpen(t, dir)
	fill(t, l)
	l.Close()
	return dir, filepath.Join(dir, logFile)
}

func TestTornTail(t *testing.T) {
	t.Parallel()
	dir, name := filledLog(t)
	f, _ := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	f.Write([]byte(`{"id":"abc","seq":5,"kind":"ht`))
	f.Close()

	l2 := mustOpen(t, dir)
	if !strings.Contains(l2.Torn(), "torn last record (30 bytes) set aside in ") {
		t.Errorf("Torn() = %q", l2.Torn())
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "torn.5")); string(got) != `{"id":"abc","seq":5,"kind":"ht` {
		t.Errorf("torn.5 = %q", got)
	}
	if n, err := l2.Verify(); err != nil || n != 4 {
		t.Errorf("Verify after torn tail = %d, %v", n, err)
	}
	// The log goes on after the last whole entry.
	if e, err := l2.Record(Entry{Kind: Clock}); err != nil || e.Seq != 5 {
		t.Errorf("next entry %+v, %v", e, err)
	}
	if _, err := l2.Verify(); err != nil {
		t.Error(err)
	}
}

// Open reads only the end of a long log: a torn tail (bytes after the
// last line break, or a last line that is not JSON) is still set aside
// whole, the log truncated where it starts, and the chain goes on, also
// when the last entry is longer than the first piece read.
func TestTornTailLongLog(t *testing.T) {
	t.Parallel()
	for _, lastSize := range []int{10, 200 << 10} {
		for _, torn := range []string{`{"id":"abc","seq":42,"kind":"ht`, "{\"id\":\"abc\",\"seq\":42,\"ki\n"} {
			dir := t.TempDir()
			l := mustOpen(t, dir)
			for range 40 {
				if _, err := l.Record(Entry{Kind: Clock, Target: strings.Repeat("x", 4<<10)}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := l.Record(Entry{Kind: Clock, Target: strings.Repeat("y", lastSize)}); err != nil {
				t.Fatal(err)
			}
			l.Close()
			name := filepath.Join(dir, logFile)
			f, _ := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
			f.Write([]byte(torn))
			f.Close()

			l2 := mustOpen(t, dir)
			what := fmt.Sprintf("last entry of %d bytes, torn %q", lastSize, torn)
			if want := fmt.Sprintf("torn last record (%d bytes) set aside in ", len(torn)); !strings.Contains(l2.Torn(), want) {
				t.Errorf("%s: Torn() = %q", what, l2.Torn())
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "torn.42")); string(got) != torn {
				t.Errorf("%s: torn.42 = %q", what, got)
			}
			if e, err := l2.Record(Entry{Kind: Clock}); err != nil || e.Seq != 42 {
				t.Errorf("%s: next entry %+v, %v", what, e, err)
			}
			if n, err := l2.Verify(); err != nil || n != 42 {
				t.Errorf("%s: Verify = %d, %v", what, n, err)
			}
			l2.Close()
		}
	}
}

// A kill after an entry but before its head leaves head one behind: the
// entry was whole, and Open catches up.
func TestHeadCatchesUp(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	l := mustOpen(t, dir)
	fill(t, l)
	e3, _ := l.Entries()
	l.Close()
	os.WriteFile(filepath.Join(dir, headFile), []byte("3 "+e3[2].ID+"\n"), 0o600)
	l2 := mustOpen(t, dir)
	if _, err := l2.Verify(); err != nil {
		t.Error(err)
	}
	if l2.Position() != 4 {
		t.Errorf("position %d", l2.Position())
	}
}

func TestReopenContinuesChain(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	l := mustOpen(t, dir)
	fill(t, l)
	l.Close()
	l2 := mustOpen(t, dir)
	fill(t, l2)
	if n, err := l2.Verify(); err != nil || n != 8 {
		t.Errorf("Verify = %d, %v", n, err)
	}
}

func TestConcurrentWriters(t *testing.T) {
	t.Parallel()
	for _, l := range []*Log{Memory(), mustOpen(t, t.TempDir())} {
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for range 10 {
					op, err := l.Begin(HTTP, "h", nil)
					if err != nil {
						t.Error(err)
						return
					}
					op.End(OutcomeOK, nil)
				}
			})
		}
		wg.Wait()
		if n, err := l.Verify(); err != nil || n != 160 {
			t.Errorf("Verify = %d, %v", n, err)
		}
	}
}

// Verify while entries are being written sees a whole log: the entries
// and the newest one written are read together, so an entry appended in
// between is not taken for entries removed from the end.
func TestVerifyWhileWriting(t *testing.T) {
	t.Parallel()
	for _, l := range []*Log{Memory(), mustOpen(t, t.TempDir())} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			for range 300 {
				if _, err := l.Record(Entry{Kind: Clock, Target: "clock"}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
		for writing := true; writing; {
			select {
			case <-done:
				writing = false
			default:
			}
			if _, err := l.Verify(); err != nil {
				t.Errorf("Verify during writes: %v", err)
				<-done
				break
			}
		}
	}
}

func TestStore(t *testing.T) {
	t.Parallel()
	for _, l := range []*Log{Memory(), mustOpen(t, t.TempDir())} {
		d, err := l.Store([]byte("body"))
		if err != nil || d != "sha256:230d8358dc8e8890b4c58deeb62912ee2f20357ae92a5cc861b98e68fe31acb5" {
			t.Fatalf("Store = %q, %v", d, err)
		}
		if b, err := l.Load(d); err != nil || string(b) != "body" {
			t.Errorf("Load = %q, %v", b, err)
		}
		if _, err := l.Load("sha256:" + strings.Repeat("0", 64)); err == nil {
			t.Error("Load of a missing digest succeeded")
		}
		if _, err := l.Load("../../etc/passwd"); err == nil {
			t.Error("Load of a bad digest succeeded")
		}
	}
}

func TestRedact(t *testing.T) {
	t.Parallel()
	f := RedactFields(map[string]string{"Authorization": "Bearer x", "X-Api-Key": "k", "Accept": "*/*", "Cookie": "c"})
	if f["Authorization"] != Redacted || f["X-Api-Key"] != Redacted || f["Cookie"] != Redacted || f["Accept"] != "*/*" {
		t.Errorf("RedactFields = %v", f)
	}
	for in, want := range map[string]string{
		"https://u:pw@h/p?token=t&q=1": "https://u:%5Bredacted%5D@h/p?q=1&token=%5Bredacted%5D",
		"https://h/p?q=1":              "https://h/p?q=1",
		"https://u@h/":                 "https://u@h/",
	} {
		if got := RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
	for _, tc := range []struct{ ct, in, want string }{
		{"application/json", `{"user":"a","password":"p","nested":[{"api_key":"k"}]}`, `{"nested":[{"api_key":"[redacted]"}],"password":"[redacted]","user":"a"}`},
		{"", `{"a":1}`, `{"a":1}`},
		{"application/x-www-form-urlencoded", "user=a&secret=s", "secret=%5Bredacted%5D&user=a"},
		{"text/plain", "password=p", "password=p"},
	} {
		if got := string(RedactBody(tc.ct, []byte(tc.in))); got != tc.want {
			t.Errorf("RedactBody(%q, %q) = %q, want %q", tc.ct, tc.in, got, tc.want)
		}
	}
}

func TestCollapse(t *testing.T) {
	t.Parallel()
	l := Memory()
	a, _ := l.Begin(HTTP, "a", nil)
	b, _ := l.Begin(HTTP, "b", nil) // never ends: a crash
	l.Record(Entry{Kind: Denied, Outcome: OutcomeDenied})
	a.End("200", nil)
	_ = b
	entries, _ := l.Entries()
	effs := Collapse(entries)
	if len(effs) != 3 {
		t.Fatalf("%d effects", len(effs))
	}
	for i, want := range []struct {
		target, outcome string
		irreversible    bool
	}{{"a", "200", true}, {"b", OutcomeUnknown, true}, {"", OutcomeDenied, false}} {
		if e := effs[i]; e.Target != want.target || e.Outcome() != want.outcome || e.Irreversible() != want.irreversible {
			t.Errorf("effect %d: %+v outcome %q", i, e, e.Outcome())
		}
	}
	if got := After(effs, 1); len(got) != 2 || got[0].Target != "b" {
		t.Errorf("After(1) = %+v", got)
	}
	if got := After(effs, 4); got != nil {
		t.Errorf("After(4) = %+v", got)
	}
}

// Cutting entries off the end stays visible after the log goes on.
func TestTailRemovedStaysBroken(t *testing.T) {
	t.Parallel()
	dir, name := filledLog(t)
	data, _ := os.ReadFile(name)
	lines := bytes.SplitAfter(data, []byte("\n"))
	os.WriteFile(name, bytes.Join(lines[:2], nil), 0o600)
	l2 := mustOpen(t, dir)
	if e, err := l2.Record(Entry{Kind: Clock}); err != nil || e.Seq != 5 {
		t.Fatalf("next entry %+v, %v", e, err)
	}
	if _, err := l2.Verify(); err == nil || !strings.Contains(err.Error(), "seq 5 follows seq 2") {
		t.Errorf("Verify = %v", err)
	}
}

// An inbound task (a2a-in) is a record, like a denial: nothing a rollback
// would have to warn about.
func TestInboundNotIrreversible(t *testing.T) {
	t.Parallel()
	for kind, want := range map[Kind]bool{A2AIn: false, Denied: false, A2A: true, HTTP: true} {
		if got := (Effect{Entry: Entry{Kind: kind, Outcome: OutcomeOK}}).Irreversible(); got != want {
			t.Errorf("%s: Irreversible %v", kind, got)
		}
	}
}

// A push that found the remote up to date sent nothing; one that moved
// a branch, was rejected after sending, or never said how it ended may
// have changed the remote.
func TestPushUpToDateNotIrreversible(t *testing.T) {
	t.Parallel()
	for outcome, want := range map[string]bool{OutcomeUpToDate: false, OutcomeOK: true, OutcomeUnknown: true, "error: EOF": true} {
		e := Effect{Entry: Entry{Kind: GitPush, Phase: PhaseBegin}, End: &Entry{Kind: GitPush, Phase: PhaseEnd, Outcome: outcome}}
		if outcome == OutcomeUnknown {
			e.End = nil
		}
		if got := e.Irreversible(); got != want {
			t.Errorf("git-push %s: Irreversible %v", outcome, got)
		}
	}
	// an HTTP status is not a push's outcome
	if !(Effect{Entry: Entry{Kind: HTTP, Outcome: OutcomeUpToDate}}).Irreversible() {
		t.Error("http: an outcome that reads up to date made it reversible")
	}
}
