package effects

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func denial(target string) Entry {
	return Entry{Kind: Denied, Target: target, Outcome: OutcomeDenied,
		Request: &Payload{Summary: "write", Fields: map[string]string{"needs": "fs.write:" + target}}}
}

// Denials that repeat the entry before them are counted, not written: a
// loop of the same denial makes two entries, and the chain stays whole.
func TestDenialsCoalesce(t *testing.T) {
	t.Parallel()
	for _, l := range []*Log{Memory(), mustOpen(t, t.TempDir())} {
		l.Now = fixedNow()
		for range 1000 {
			l.Record(denial("/etc/x"))
		}
		for _, target := range []string{"/etc/y", "/etc/y", "/etc/x"} {
			l.Record(denial(target))
		}
		entries, err := l.Entries()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range entries {
			s := fmt.Sprintf("%d %s", e.Seq, e.Target)
			if e.Count > 0 {
				s += fmt.Sprintf(" x%d of %d, %s to %s", e.Count, e.Repeats, e.Time.Format("15:04:05"), e.Last.Format("15:04:05"))
			}
			got = append(got, s)
		}
		want := []string{"1 /etc/x", "2 /etc/x x999 of 1, 00:00:02 to 00:16:40", "3 /etc/y", "4 /etc/y x1 of 3, 00:16:42 to 00:16:42", "5 /etc/x"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if n, err := l.Verify(); err != nil || n != 5 {
			t.Errorf("Verify = %d, %v", n, err)
		}
		// Repetitions of a repeat entry are counted against the first.
		l.Record(denial("/etc/x"))
		l.Record(denial("/etc/x"))
		l.Flush()
		l.Record(denial("/etc/x"))
		if entries, _ := l.Entries(); len(entries) != 7 || entries[6].Count != 1 || entries[6].Repeats != 5 {
			t.Errorf("after a flush: %d entries, last %+v", len(entries), entries[len(entries)-1])
		}
	}
}

// logSize is what the log directory holds on disk.
func logSize(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
		return nil
	})
	return n
}

// Distinct denials without end fill segments that rotation drops: the
// log stays within MaxBytes and a segment, effects among the denials
// are kept, the chain verifies across the gaps, also after a reopen.
func TestRotationBoundsLog(t *testing.T) {
	t.Parallel()
	const max = 16 << 10
	dir := t.TempDir()
	for i, l := range []*Log{Memory(), mustOpen(t, dir)} {
		l.MaxBytes = max
		fill(t, l) // an HTTP operation, a clock read, a denial
		for i := range 2000 {
			l.Record(denial(fmt.Sprintf("/etc/%d", i)))
		}
		if n := l.Rotated(); n < 1500 {
			t.Errorf("backend %d: %d entries rotated out", i, n)
		}
		if got := l.total(); got > max+l.segmentSize() {
			t.Errorf("backend %d: the log holds %d bytes, bound %d", i, got, max+l.segmentSize())
		}
		if i == 1 {
			if got := logSize(t, dir); got > max+2*l.segmentSize() {
				t.Errorf("the log directory holds %d bytes", got)
			}
		}
		entries, _ := l.Entries()
		if entries[0].Kind != HTTP || entries[1].Phase != PhaseEnd || entries[2].Kind != Clock {
			t.Errorf("backend %d: the effects were not kept: %+v", i, entries[:3])
		}
		if n, err := l.Verify(); err != nil || n != len(entries) {
			t.Errorf("backend %d: Verify = %d, %v", i, n, err)
		}
	}
	l2 := mustOpen(t, dir)
	l2.MaxBytes = max
	for i := range 500 {
		l2.Record(denial(fmt.Sprintf("/tmp/%d", i)))
	}
	if _, err := l2.Verify(); err != nil {
		t.Errorf("after a reopen: %v", err)
	}
	if e, _ := l2.Record(Entry{Kind: Clock}); e.Seq != 2505 {
		t.Errorf("next seq %d, want 2505", e.Seq)
	}
}

// A removed segment or an edited "rotated" file breaks the chain.
func TestRotationTamperShows(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	l := mustOpen(t, dir)
	l.MaxBytes = 8 << 10
	fill(t, l)
	for i := range 400 {
		l.Record(denial(fmt.Sprintf("/etc/%d", i)))
	}
	if _, err := l.Verify(); err != nil {
		t.Fatal(err)
	}
	l.Close()
	os.WriteFile(filepath.Join(dir, rotatedFile), []byte("5 9 "+strings.Repeat("0", 64)+"\n"), 0o600)
	l2 := mustOpen(t, dir)
	if _, err := l2.Verify(); !errors.Is(err, ErrBroken) {
		t.Errorf("Verify after the rotated file was edited = %v", err)
	}
}

// When the effects fill the log, the begin of a new operation is
// refused; an operation under way still ends; denials go on, bounded.
func TestFullRefusesNewEffects(t *testing.T) {
	t.Parallel()
	for _, l := range []*Log{Memory(), mustOpen(t, t.TempDir())} {
		l.MaxBytes = 8 << 10
		var err error
		var op *Op
		for i := 0; i < 1000; i++ {
			var o *Op
			if o, err = l.Begin(HTTP, "http://h/", nil); err != nil {
				break
			}
			if op != nil {
				op.End("200", nil)
			}
			op = o
			for j := range 10 {
				l.Record(denial(fmt.Sprintf("/etc/%d-%d", i, j)))
			}
		}
		if !errors.Is(err, ErrFull) || !l.Full() {
			t.Fatalf("Begin = %v, Full %v", err, l.Full())
		}
		if err.Error() != "effect log full: it holds 8192 bytes of effects, which are never dropped" {
			t.Errorf("error %q", err)
		}
		if _, err := op.End("200", nil); err != nil {
			t.Errorf("End of the operation under way: %v", err)
		}
		for i := range 1000 {
			l.Record(denial(fmt.Sprintf("/tmp/%d", i)))
		}
		if got := l.total(); got > l.maxBytes()+2*l.segmentSize() {
			t.Errorf("a full log holds %d bytes", got)
		}
		if _, err := l.Verify(); err != nil {
			t.Error(err)
		}
	}
}

func TestStoreBound(t *testing.T) {
	t.Parallel()
	for _, l := range []*Log{Memory(), mustOpen(t, t.TempDir())} {
		l.MaxObjects = 100
		a, err := l.Store([]byte(strings.Repeat("a", 60)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Store([]byte(strings.Repeat("b", 60))); !errors.Is(err, ErrFull) {
			t.Errorf("a body past the bound: %v", err)
		}
		if d, err := l.Store([]byte(strings.Repeat("a", 60))); err != nil || d != a {
			t.Errorf("a body already stored: %q, %v", d, err)
		}
		if _, err := l.Store([]byte(strings.Repeat("c", 40))); err != nil {
			t.Errorf("a body that fits: %v", err)
		}
	}
}
