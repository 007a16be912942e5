// Package effects is moonix's effect log: the append-only record of every
// operation a rollback cannot undo (HTTP requests, real clock and random
// reads, and later MCP calls, A2A messages, host processes), and of every
// capability denial (audit only).
//
// The log is a sequence of JSON entries. Each names the entry before it
// by id, and its own id is the SHA-256 of its content, prev included: an
// edited, deleted or reordered entry breaks the chain, and Verify says
// where. Full request and response bodies go to a content-addressed store
// beside the log; entries hold their digests and redacted summaries.
//
// An operation that leaves the sandbox is two entries: a begin written
// before it starts and an end after it finishes, so that a crash in
// between still shows that it may have happened.
//
// The operations are recorded by decorators, not by the commands that
// make them: Transport wraps the session's HTTP transport, and Reads the
// real clock and random source (package clock's seam) under the
// capability gate. A command that reaches outside is handed the wrapped
// value and never writes an entry itself.
//
// A workspace keeps the log in DIR/moonix/effects/ (log.jsonl, head,
// objects/); an ephemeral session keeps it in memory. A Log is safe for
// concurrent use.
//
// effects imports clock (the seam whose real reads it records), net/http
// (the transport it wraps) and the standard library.
package effects

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Kind is a kind of effect.
type Kind string

// The kinds of effect.
const (
	HTTP   Kind = "http"   // an HTTP request (curl, the protocols' clients): see Transport
	Clock  Kind = "clock"  // a read of the real wall clock
	Random Kind = "random" // a read of real randomness
	Denied Kind = "denied" // a capability denial: audit only, never an effect
)

// Phases of a two-part entry; a one-part entry has none.
const (
	PhaseBegin = "begin"
	PhaseEnd   = "end"
)

// Outcomes every kind may use; kinds add their own (an HTTP status).
const (
	OutcomeOK      = "ok"
	OutcomeDenied  = "denied"
	OutcomeUnknown = "unknown outcome" // a begin without its end
)

// Entry is one record of the log.
type Entry struct {
	ID       string    `json:"id"`              // SHA-256 of the entry with ID empty
	Seq      int64     `json:"seq"`             // 1, 2, 3...
	Prev     string    `json:"prev"`            // ID of the entry before; "" for the first
	Kind     Kind      `json:"kind"`            // http, clock, random, denied...
	Phase    string    `json:"phase,omitempty"` // begin, end, or "" for a one-part entry
	Begin    int64     `json:"begin,omitempty"` // an end's begin entry (its Seq)
	Time     time.Time `json:"time"`            // when it started
	Duration int64     `json:"duration_ns,omitempty"`
	Snapshot string    `json:"snapshot,omitempty"` // the snapshot current at the time
	Target   string    `json:"target"`             // URL, host, clock, path...
	Request  *Payload  `json:"request,omitempty"`
	Response *Payload  `json:"response,omitempty"`
	Outcome  string    `json:"outcome,omitempty"` // ok, denied, an HTTP status, error: ...
	// A repeat entry stands for Count more denials like the entry Repeats
	// (its seq), the first at Time and the last at Last (see Record).
	Count   int64      `json:"count,omitempty"`
	Repeats int64      `json:"repeats,omitempty"`
	Last    *time.Time `json:"last,omitempty"`
}

// Payload summarises a request or response. Fields are redacted before
// they reach the log (see Redact); the full body is in the store under
// Digest.
type Payload struct {
	Summary string            `json:"summary,omitempty"`
	Fields  map[string]string `json:"fields,omitempty"`
	Digest  string            `json:"digest,omitempty"` // sha256:HEX of the body in the store
	Size    int64             `json:"size,omitempty"`
}

// Short is the entry's id as listings show it.
func (e *Entry) Short() string {
	if len(e.ID) < 12 {
		return e.ID
	}
	return e.ID[:12]
}

// hash is the entry's id: the SHA-256 of its JSON with ID empty.
func (e Entry) hash() string {
	e.ID = ""
	b, _ := json.Marshal(e)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Log is an effect log. Use Open or Memory.
type Log struct {
	mu   sync.Mutex
	be   backend
	last Entry // the newest entry written (zero when empty)
	// torn is the torn tail found at open, if any (see Open).
	torn string
	// Snapshot, when set, names the snapshot current at each new entry.
	Snapshot func() string
	// Now stamps new entries; nil means time.Now.
	Now func() time.Time
	// MaxBytes bounds the entries the log keeps (0: DefaultMaxBytes), and
	// MaxObjects its payload store (0: DefaultMaxObjects); see bound.go.
	// Set them before the first entry.
	MaxBytes, MaxObjects int64

	bound // rotation and the repeated denials not yet written (bound.go)
}

// Memory returns an empty log kept in memory.
func Memory() *Log {
	return &Log{be: &memBackend{segs: map[string][]byte{}, objects: map[string][]byte{}}}
}

func (l *Log) now() time.Time {
	if l.Now != nil {
		return l.Now().UTC()
	}
	return time.Now().UTC()
}

// Position is the Seq of the newest entry, 0 for an empty log: snapshots
// keep it, so that the effects after a snapshot can be listed. Repeated
// denials not yet written are written first.
func (l *Log) Position() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flushLocked()
	return l.last.Seq
}

// Torn describes a torn last record found and set aside when the log was
// opened ("" when there was none).
func (l *Log) Torn() string { return l.torn }

// Record appends a one-part entry (a clock read, a denial) and returns it.
// Time, Seq, Prev, ID and Snapshot are filled in.
//
// A denial that repeats the entry before it (same target, operation,
// capability and snapshot) is not written at once: the repetitions are
// counted, and one repeat entry (Count, Repeats, Time of the first and
// Last of the last) is written before the next other entry, or at Flush,
// Position, Entries, Verify or Close. A loop of denied writes makes two
// entries, not one a write. Record then returns the entry repeated.
func (l *Log) Record(e Entry) (Entry, error) {
	if e.Time.IsZero() {
		e.Time = l.now()
	}
	if e.Snapshot == "" && l.Snapshot != nil {
		e.Snapshot = l.Snapshot()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if e.Kind == Denied && l.repeated(e) {
		return l.last, nil
	}
	return l.appendLocked(e, false)
}

// Flush writes the repeated denials counted since the last entry, if
// any (the session calls it after every statement).
func (l *Log) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.flushLocked()
}

func (l *Log) append(e Entry, needsRoom bool) (Entry, error) {
	if e.Snapshot == "" && l.Snapshot != nil {
		e.Snapshot = l.Snapshot()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.appendLocked(e, needsRoom)
}

// appendLocked writes e after the repeated denials not yet written. An
// entry that needsRoom (the begin of an operation) is refused with
// ErrFull when the log holds all it may keep. The caller holds l.mu.
func (l *Log) appendLocked(e Entry, needsRoom bool) (Entry, error) {
	if err := l.flushLocked(); err != nil {
		return Entry{}, err
	}
	return l.write(e, needsRoom)
}

// write chains and writes one entry. The caller holds l.mu.
func (l *Log) write(e Entry, needsRoom bool) (Entry, error) {
	e.Seq = l.last.Seq + 1
	e.Prev = l.last.ID
	e.ID = e.hash()
	line, err := json.Marshal(e)
	if err != nil {
		return Entry{}, err
	}
	line = append(line, '\n')
	if needsRoom {
		if err := l.room(int64(len(line))); err != nil {
			return Entry{}, err
		}
	}
	if err := l.be.append(line, e.Seq, e.ID); err != nil {
		return Entry{}, fmt.Errorf("effect log: %w", err)
	}
	l.last = e
	l.wrote(e, int64(len(line)))
	if err := l.rotateIfDue(); err != nil {
		return e, fmt.Errorf("effect log: %w", err)
	}
	return e, nil
}

// Op is an operation under way: its begin entry is in the log.
type Op struct {
	l     *Log
	begin Entry
	start time.Time
}

// Begin appends the begin entry of an operation that leaves the sandbox,
// before it starts. End completes it.
func (l *Log) Begin(kind Kind, target string, req *Payload) (*Op, error) {
	start := l.now()
	e, err := l.append(Entry{Kind: kind, Phase: PhaseBegin, Time: start, Target: target, Request: req}, true)
	if err != nil {
		return nil, err
	}
	return &Op{l: l, begin: e, start: start}, nil
}

// Seq is the operation's begin entry's Seq.
func (o *Op) Seq() int64 { return o.begin.Seq }

// End appends the operation's end entry: how it went and what came back.
// It is written even when the log is full: its begin is there.
func (o *Op) End(outcome string, resp *Payload) (Entry, error) {
	return o.l.append(Entry{
		Kind: o.begin.Kind, Phase: PhaseEnd, Begin: o.begin.Seq, Time: o.start,
		Duration: int64(o.l.now().Sub(o.start)), Snapshot: o.begin.Snapshot,
		Target: o.begin.Target, Response: resp, Outcome: outcome,
	}, false)
}

// Store puts a body in the content-addressed store and returns its digest
// ("sha256:HEX"); the same bytes are stored once. A body that would take
// the store past MaxObjects is not stored: ErrFull.
func (l *Log) Store(body []byte) (string, error) {
	sum := sha256.Sum256(body)
	digest := "sha256:" + hex.EncodeToString(sum[:])
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.objectRoom(digest, int64(len(body))); err != nil {
		return "", err
	}
	added, err := l.be.putObject(digest, body)
	if err != nil {
		return "", fmt.Errorf("effect log: %w", err)
	}
	if added {
		l.objBytes += int64(len(body))
	}
	return digest, nil
}

// Load reads a body from the store by digest.
func (l *Log) Load(digest string) ([]byte, error) { return l.be.getObject(digest) }

// Entries reads the whole log, oldest first, as written (less what
// rotation dropped): Verify says whether it is intact.
func (l *Log) Entries() ([]Entry, error) {
	l.mu.Lock()
	l.flushLocked()
	data, err := l.be.readAll(l.segNames())
	l.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return parseEntries(data)
}

// parseEntries reads the log's lines.
func parseEntries(data []byte) ([]Entry, error) {
	var out []Entry
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var e Entry
		if err := json.Unmarshal(line, &e); err != nil {
			return out, fmt.Errorf("effect log: line %d: %v", i+1, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// ErrBroken is what Verify's errors wrap.
var ErrBroken = errors.New("effect log broken")

// Verify checks the chain: every id is its entry's hash, every entry
// names the one before it, the sequence has no gap but those rotation
// left (where the entry after the gap must name the last entry dropped),
// and the newest entry is the one the log last wrote (so that dropping
// the tail shows too). It returns the number of entries checked and an
// error naming the first break.
func (l *Log) Verify() (int, error) {
	// The entries and the head are read together: an entry appended in
	// between would look like entries removed from the end.
	l.mu.Lock()
	l.flushLocked()
	data, err := l.be.readAll(l.segNames())
	seq, id, headErr := l.be.head()
	gaps := slices.Clone(l.gaps)
	l.mu.Unlock()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrBroken, err)
	}
	entries, err := parseEntries(data)
	if err != nil {
		return len(entries), fmt.Errorf("%w: %v", ErrBroken, err)
	}
	prev := Entry{}
	for i, e := range entries {
		switch {
		case e.hash() != e.ID:
			return i, fmt.Errorf("%w at entry %d (seq %d): its content does not match its id %s", ErrBroken, i+1, e.Seq, e.Short())
		case e.Seq != prev.Seq+1 && !bridges(gaps, prev.Seq, e.Seq, e.Prev):
			return i, fmt.Errorf("%w at entry %d: seq %d follows seq %d (an entry was removed or moved)", ErrBroken, i+1, e.Seq, prev.Seq)
		case e.Seq == prev.Seq+1 && e.Prev != prev.ID:
			return i, fmt.Errorf("%w at entry %d (seq %d): it does not follow the entry before it", ErrBroken, i+1, e.Seq)
		}
		prev = e
	}
	if headErr != nil {
		return len(entries), fmt.Errorf("%w: %v", ErrBroken, headErr)
	}
	if (seq != prev.Seq || id != prev.ID) && !bridges(gaps, prev.Seq, seq+1, id) {
		return len(entries), fmt.Errorf("%w: the log ends at seq %d but the last entry written was seq %d (entries were removed from the end)", ErrBroken, prev.Seq, seq)
	}
	return len(entries), nil
}
