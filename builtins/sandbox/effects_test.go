package sandbox

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/effects"
)

// newEffectsSession is a history session with an effect log in memory,
// stamped by the session's logical clock and naming its current snapshot,
// as a shell session keeps one.
func newEffectsSession(t *testing.T) *histSession {
	h := newHistSession(t)
	h.effects = effects.Memory()
	h.effects.Now = h.clock.Now
	h.effects.Snapshot = func() string {
		if _, s, err := h.repo.Current(); err == nil && s != nil {
			return s.ID
		}
		return ""
	}
	return h
}

func (h *histSession) record(e effects.Entry) effects.Entry {
	h.t.Helper()
	e, err := h.effects.Record(e)
	if err != nil {
		h.t.Fatal(err)
	}
	return e
}

// effectsLog is the log the listing tests share: a denial before the
// first snapshot (s1), a clock read and an HTTP request (begin and end)
// before the second (s2), then a random read, a request that never ended
// and one refused before it started.
type effectsLog struct {
	h      *histSession
	s1, s2 string // short ids
	e      map[int64]effects.Entry
}

func newEffectsLog(t *testing.T) *effectsLog {
	h := newEffectsSession(t)
	l := &effectsLog{h: h, e: map[int64]effects.Entry{}}
	keep := func(e effects.Entry) { l.e[e.Seq] = e }
	keep(h.record(effects.Entry{Kind: effects.Denied, Target: "/etc/x", Outcome: effects.OutcomeDenied,
		Request: &effects.Payload{Summary: "write", Fields: map[string]string{"needs": "fs.write:/etc/x"}}}))
	h.write("/work/a", "a\n")
	l.s1 = h.snap("one")
	keep(h.record(effects.Entry{Kind: effects.Clock, Target: "date", Outcome: effects.OutcomeOK,
		Response: &effects.Payload{Summary: "2026-11-22T10:00:00Z"}}))
	reqBody, err := h.effects.Store([]byte("{\"a\":1}\nsecond line\n"))
	if err != nil {
		t.Fatal(err)
	}
	respBody, err := h.effects.Store([]byte{0, 1, 2, 0xff})
	if err != nil {
		t.Fatal(err)
	}
	op, err := h.effects.Begin(effects.HTTP, "https://example.com/a", &effects.Payload{
		Summary: "POST https://example.com/a", Digest: reqBody, Size: 20,
		Fields: map[string]string{"Content-Type": "application/json", "Authorization": effects.Redacted},
	})
	if err != nil {
		t.Fatal(err)
	}
	h.clock.Slept(1500 * time.Millisecond)
	end, err := op.End("200", &effects.Payload{Summary: "200 OK", Digest: respBody, Size: 4})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := h.effects.Entries()
	keep(all[op.Seq()-1])
	keep(end)
	h.write("/work/b", "b\n")
	l.s2 = h.snap("two")
	keep(h.record(effects.Entry{Kind: effects.Random, Target: "mktemp", Outcome: effects.OutcomeOK,
		Response: &effects.Payload{Summary: "10 numbers"}}))
	if _, err := h.effects.Begin(effects.HTTP, "https://example.com/b", nil); err != nil {
		t.Fatal(err)
	}
	all, _ = h.effects.Entries()
	keep(all[len(all)-1])
	keep(h.record(effects.Entry{Kind: effects.HTTP, Target: "https://denied.example/", Outcome: effects.OutcomeDenied}))
	return l
}

// short is entry seq's short id.
func (l *effectsLog) short(seq int64) string {
	e := l.e[seq]
	return e.Short()
}

// line is a listing line with the given column widths for kind, target
// and outcome.
func (l *effectsLog) line(seq int64, widths [3]int, snap string) string {
	e := l.e[seq]
	outcome := e.Outcome
	if seq == 3 {
		outcome = l.e[4].Outcome
	}
	if e.Phase == effects.PhaseBegin && seq != 3 {
		outcome = effects.OutcomeUnknown
	}
	return fmt.Sprintf("%s  %d  %-*s  %-*s  %-*s  %s\n", e.Short(), seq, widths[0], e.Kind, widths[1], e.Target, widths[2], outcome, snap)
}

func TestEffectsList(t *testing.T) {
	t.Parallel()
	l := newEffectsLog(t)
	// The widest kind is random (6), target https://denied.example/ (23),
	// outcome "unknown outcome" (15).
	w := [3]int{6, 23, 15}
	clock, get, random := l.line(2, w, l.s1), l.line(3, w, l.s1), l.line(5, w, l.s2)
	unknown, refused := l.line(6, w, l.s2), l.line(7, w, l.s2)
	if want := l.short(6) + "  6  http    https://example.com/b    unknown outcome  " + l.s2 + "\n"; unknown != want {
		t.Fatalf("the test's line format: %q, want %q", unknown, want)
	}
	l.h.cases([]cmdCase{
		// By default every effect, oldest first, a begin and its end on
		// one line; the denial is left out.
		{Args: []string{"effects"}, Out: clock + get + random + unknown + refused},
		{Args: []string{"effects", "--all"}, Out: l.line(1, w, "-") + clock + get + random + unknown + refused},
		{Args: []string{"effects", "--since", l.s2}, Out: random + unknown + refused},
		{Args: []string{"effects", "--since", "HEAD"}, Out: random + unknown + refused},
		// The first effect after the snapshot is included; the denial
		// was before the first snapshot.
		{Args: []string{"effects", "--denied", "--since", l.s1}},
	})
	// Columns are as wide as the lines listed need.
	w = [3]int{4, 23, 15}
	l.h.cases([]cmdCase{
		{Args: []string{"effects", "--kind", "http"}, Out: l.line(3, w, l.s1) + l.line(6, w, l.s2) + l.line(7, w, l.s2)},
	})
	// --since and --kind together, in either order: the same lines.
	l.h.cases([]cmdCase{
		{Args: []string{"effects", "--since", "HEAD~1", "--kind", "http"}, Out: l.line(3, w, l.s1) + l.line(6, w, l.s2) + l.line(7, w, l.s2)},
		{Args: []string{"effects", "--kind", "http", "--since", "HEAD~1"}, Out: l.line(3, w, l.s1) + l.line(6, w, l.s2) + l.line(7, w, l.s2)},
	})
	w = [3]int{6, 6, 2}
	l.h.cases([]cmdCase{
		{Args: []string{"effects", "-k", "clock,random"}, Out: l.line(2, w, l.s1) + l.line(5, w, l.s2)},
		{Args: []string{"effects", "--kind", "random", "--kind", "clock"}, Out: l.line(2, w, l.s1) + l.line(5, w, l.s2)},
		{Args: []string{"effects", "--denied", "--kind", "clock"}, Out: l.line(1, [3]int{6, 6, 6}, "-") + l.line(2, [3]int{6, 6, 6}, l.s1)},
	})
	l.h.cases([]cmdCase{
		{Args: []string{"effects", "--denied"}, Out: l.short(1) + "  1  denied  /etc/x  denied  -\n"},
		{Args: []string{"effects", "-k", "denied"}, Out: l.short(1) + "  1  denied  /etc/x  denied  -\n"},
	})
}

func TestEffectsListAlignsColumns(t *testing.T) {
	t.Parallel()
	h := newEffectsSession(t)
	var seqs []effects.Entry
	for i := range 10 {
		seqs = append(seqs, h.record(effects.Entry{Kind: effects.Clock, Target: strings.Repeat("t", i+1), Outcome: "ok"}))
	}
	out := h.must("effects")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 10 {
		t.Fatalf("effects printed %d lines, want 10:\n%s", len(lines), out)
	}
	if want := seqs[0].Short() + "   1  clock  t           ok  -"; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	if want := seqs[9].Short() + "  10  clock  tttttttttt  ok  -"; lines[9] != want {
		t.Errorf("last line %q, want %q", lines[9], want)
	}
}

func TestEffectsEmptyAndUsage(t *testing.T) {
	t.Parallel()
	h := newEffectsSession(t)
	h.cases([]cmdCase{
		{Args: []string{"effects"}},
		{Args: []string{"effects", "--denied"}},
		{Args: []string{"effects", "--json"}, Out: "[]\n"},
		{Args: []string{"effects", "verify"}, Out: "effects verify: ok (0 entries)\n"},
		{Args: []string{"effects", "extra"}, Err: "effects: extra operand 'extra'\nTry 'effects --help' for more information.\n", Status: 2},
		{Args: []string{"effects", "show"}, Err: "effects: missing entry\nTry 'effects --help' for more information.\n", Status: 2},
		{Args: []string{"effects", "show", "1", "2"}, Err: "effects: extra operand '2'\nTry 'effects --help' for more information.\n", Status: 2},
		{Args: []string{"effects", "verify", "x"}, Err: "effects: extra operand 'x'\nTry 'effects --help' for more information.\n", Status: 2},
		{Args: []string{"effects", "show", "--json", "1"}, Err: "effects: show takes no options\nTry 'effects --help' for more information.\n", Status: 2},
		{Args: []string{"effects", "verify", "--all"}, Err: "effects: verify takes no options\nTry 'effects --help' for more information.\n", Status: 2},
		{Args: []string{"effects", "--kind", "http,disk"}, Err: "effects: unknown kind 'disk' (kinds: http, ssh, clock, random, mcp, process, a2a, git-push, git-fetch, mcp-in, a2a-in, denied)\n", Status: 2},
		{Args: []string{"effects", "--bogus"}, Err: "effects: unrecognized option '--bogus'\nTry 'effects --help' for more information.\n", Status: 2},
		{Args: []string{"effects", "--since", "HEAD"}, Err: "effects: no snapshots yet (make one with 'snapshot')\n", Status: 1},
		{Args: []string{"effects", "show", "1"}, Err: "effects: no entry '1' (give its sequence number or 4 characters of its id at least)\n", Status: 1},
	})
	// Outside a session there is no log, and no history for --since.
	fsys := testTree(t)
	runCases(t, fsys, []cmdCase{
		{Args: []string{"effects"}, Err: "effects: this session has no effect log\n", Status: 1},
		{Args: []string{"effects", "verify"}, Err: "effects: this session has no effect log\n", Status: 1},
	})
	out, errs, status := runSetup(t, fsys, Deps{Effects: effects.Memory()}, nil, "", "effects", "--since", "HEAD")
	if out != "" || errs != "effects: this session has no history\n" || status != 1 {
		t.Errorf("effects --since without a history: %q %q %d", out, errs, status)
	}
}

func TestEffectsJSON(t *testing.T) {
	t.Parallel()
	l := newEffectsLog(t)
	out := l.h.must("effects", "--json", "--all")
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(list) != 6 {
		t.Fatalf("%d effects, want 6 (7 entries, a begin and its end together):\n%s", len(list), out)
	}
	bySeq := map[float64]map[string]any{}
	for _, e := range list {
		bySeq[e["seq"].(float64)] = e
	}
	for _, tc := range []struct {
		seq          float64
		kind         string
		outcome      string
		irreversible bool
		end          bool
	}{
		{1, "denied", "denied", false, false},
		{2, "clock", "ok", true, false},
		{3, "http", "200", true, true},
		{5, "random", "ok", true, false},
		{6, "http", "unknown outcome", true, false},
		{7, "http", "denied", false, false},
	} {
		e := bySeq[tc.seq]
		if e == nil {
			t.Errorf("no effect with seq %v", tc.seq)
			continue
		}
		if e["kind"] != tc.kind || e["outcome"] != tc.outcome || e["irreversible"] != tc.irreversible || (e["end"] != nil) != tc.end {
			t.Errorf("seq %v: %v", tc.seq, e)
		}
		if e["id"] != l.e[int64(tc.seq)].ID || e["short"] != l.short(int64(tc.seq)) {
			t.Errorf("seq %v: id %v short %v", tc.seq, e["id"], e["short"])
		}
	}
	end, _ := bySeq[3]["end"].(map[string]any)
	if end["seq"] != 4.0 || end["phase"] != "end" || end["duration_ns"] != 1.5e9 {
		t.Errorf("the request's end: %v", end)
	}
	// Without --all, the denial is left out.
	var effectsOnly []map[string]any
	if err := json.Unmarshal([]byte(l.h.must("effects", "--json")), &effectsOnly); err != nil || len(effectsOnly) != 5 {
		t.Errorf("effects --json: %d effects (%v), want 5", len(effectsOnly), err)
	}
}

func TestEffectsShow(t *testing.T) {
	t.Parallel()
	l := newEffectsLog(t)
	begin, end := l.e[3], l.e[4]
	want := "id:       " + begin.ID + "\n" +
		"seq:      3\n" +
		"kind:     http\n" +
		"target:   https://example.com/a\n" +
		"time:     2026-01-01T00:00:01Z\n" +
		"duration: 1.5s\n" +
		"snapshot: " + l.s1 + " (one)\n" +
		"outcome:  200\n" +
		"prev:     " + l.e[2].ID + "\n" +
		"request:  POST https://example.com/a\n" +
		"  Authorization: [redacted]\n" +
		"  Content-Type: application/json\n" +
		"  body: 20 bytes, " + begin.Request.Digest + "\n" +
		"    {\"a\":1}\n" +
		"    second line\n" +
		"response: 200 OK\n" +
		"  body: 4 bytes of binary data, " + end.Response.Digest + "\n" +
		"end:      seq 4, id " + end.ID + "\n"
	// By the begin's or the end's seq, or a prefix of either id.
	for _, spec := range []string{"3", "4", begin.ID[:4], strings.ToUpper(begin.ID[:10]), end.ID[:8]} {
		out, errs, status := l.h.run("effects", "show", spec)
		if out != want || errs != "" || status != 0 {
			t.Errorf("effects show %s: status %d, stderr %q, stdout:\n%s\nwant:\n%s", spec, status, errs, out, want)
		}
	}
	l.h.cases([]cmdCase{
		{Args: []string{"effects", "show", "6"}, Out: "id:       " + l.e[6].ID + "\n" +
			"seq:      6\nkind:     http\ntarget:   https://example.com/b\ntime:     2026-01-01T00:00:03.5Z\n" +
			"snapshot: " + l.s2 + " (two)\noutcome:  unknown outcome\nprev:     " + l.e[5].ID + "\n" +
			"end:      none: the operation may or may not have happened\n"},
		{Args: []string{"effects", "show", "1"}, Out: "id:       " + l.e[1].ID + "\n" +
			"seq:      1\nkind:     denied\ntarget:   /etc/x\ntime:     2026-01-01T00:00:00Z\n" +
			"snapshot: - (none yet)\noutcome:  denied\nnote:     a capability denial, logged for audit: not an effect\n" +
			"prev:     -\nrequest:  write\n  needs: fs.write:/etc/x\n"},
		{Args: []string{"effects", "show", "99"}, Err: "effects: no entry '99' (give its sequence number or 4 characters of its id at least)\n", Status: 1},
		{Args: []string{"effects", "show", "abc"}, Err: "effects: no entry 'abc' (give its sequence number or 4 characters of its id at least)\n", Status: 1},
		{Args: []string{"effects", "show", "zzzzzz"}, Err: "effects: no entry 'zzzzzz' (give its sequence number or 4 characters of its id at least)\n", Status: 1},
	})
}

func TestFindEffect(t *testing.T) {
	t.Parallel()
	list := []effects.Effect{
		{Entry: effects.Entry{ID: "abcd1111", Seq: 1}},
		{Entry: effects.Entry{ID: "abcd2222", Seq: 2, Phase: effects.PhaseBegin}, End: &effects.Entry{ID: "1234ffff", Seq: 3}},
	}
	for _, tc := range []struct{ spec, id, err string }{
		{"1", "abcd1111", ""},
		{"3", "abcd2222", ""},
		{"abcd1", "abcd1111", ""},
		{"1234", "abcd2222", ""}, // no seq 1234: a prefix of the end's id
		{"abcd", "", "entry 'abcd' is ambiguous: 2 entries start with it"},
		{"abce", "", "no entry 'abce'"},
	} {
		e, err := findEffect(list, tc.spec)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("findEffect(%q): error %v, want %q", tc.spec, err, tc.err)
		case tc.err == "" && (err != nil || e.ID != tc.id):
			t.Errorf("findEffect(%q) = %q, %v; want %q", tc.spec, e.ID, err, tc.id)
		}
	}
}

func TestEffectsVerify(t *testing.T) {
	t.Parallel()
	l := newEffectsLog(t)
	l.h.cases([]cmdCase{{Args: []string{"effects", "verify"}, Out: "effects verify: ok (7 entries)\n"}})
	h := newEffectsSession(t)
	h.record(effects.Entry{Kind: effects.Clock, Target: "date", Outcome: "ok"})
	h.cases([]cmdCase{{Args: []string{"effects", "verify"}, Out: "effects verify: ok (1 entry)\n"}})
}

func TestRollbackWarnsOfEffects(t *testing.T) {
	t.Parallel()
	l := newEffectsLog(t)
	h := l.h
	w := [3]int{6, 21, 15}
	clock, get := "  "+l.line(2, w, l.s1), "  "+l.line(3, w, l.s1)
	random, unknown := "  "+l.line(5, w, l.s2), "  "+l.line(6, w, l.s2)
	// Back to the first snapshot: the effects made since cannot be
	// undone; the denial and the refused request are not effects.
	warn := "warning: 4 external effect(s) cannot be undone\n" + clock + get + random + unknown
	h.cases([]cmdCase{
		{Args: []string{"rollback", "--dry-run", l.s1}, Out: "D /work/b\n", Err: warn},
		{Args: []string{"rollback", l.s1}, Out: "rolled back to " + l.s1 + " (one)\n", Err: warn},
	})
	if got := h.read("/work/b"); got != "<No such file or directory>" {
		t.Errorf("after the rollback /work/b is %q", got)
	}
	// Forward again: only what came after the second snapshot.
	forward := "warning: 2 external effect(s) cannot be undone\n" + "  " + l.line(5, w, l.s2) + "  " + l.line(6, w, l.s2)
	h.cases([]cmdCase{
		{Args: []string{"rollback", l.s2}, Out: "rolled back to " + l.s2 + " (two)\n", Err: forward},
	})
	// Rollback removes nothing from the log.
	if n, err := h.effects.Verify(); n != 7 || err != nil {
		t.Errorf("after the rollbacks the log has %d entries (%v), want 7", n, err)
	}
	// No warning when nothing was made since.
	h.write("/work/c", "c\n")
	s3 := h.snap("three")
	h.cases([]cmdCase{
		{Args: []string{"rollback", "--dry-run", s3}},
		{Args: []string{"rollback", s3}, Out: "rolled back to " + s3 + " (three)\n"},
	})
}

// A snapshot keeps the log's position, so that --since and rollback know
// which effects came after it.
func TestSnapshotKeepsEffectsPosition(t *testing.T) {
	t.Parallel()
	h := newEffectsSession(t)
	h.record(effects.Entry{Kind: effects.Clock, Target: "date", Outcome: "ok"})
	h.record(effects.Entry{Kind: effects.Denied, Target: "/x", Outcome: "denied"})
	h.write("/work/a", "a\n")
	id := h.snap("one")
	snap, err := h.repo.Resolve(id)
	if err != nil || snap.State.Effects != 2 {
		t.Errorf("the snapshot keeps position %d (%v), want 2", snap.State.Effects, err)
	}
}
