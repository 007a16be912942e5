package effects

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The log's bound on the host's disk (or, for a session without a
// workspace, on memory). No script can make it grow without limit:
//
//   - A denial that repeats the entry before it is counted, not written
//     (see Record): a loop of denied writes makes two entries.
//   - Entries go to the live segment, log.jsonl. When it reaches
//     MaxBytes/8 it is closed: renamed log.FIRST-LAST.K.ID.jsonl (its
//     first and last seq, K "d" when it holds denials only and "e"
//     otherwise, ID its last entry's id), and a new log.jsonl begins.
//   - While the segments and the live one hold more than MaxBytes, the
//     oldest segment of denials only is deleted. Its seq range and last
//     id go to the file "rotated", so that Verify still checks the chain
//     across the gap: the entry after it must name the last entry
//     dropped.
//   - Effects are never dropped. When the segments that hold effects
//     fill MaxBytes, the begin of a new operation (an HTTP request) is
//     refused with ErrFull, so the operation does not happen unrecorded;
//     an operation's end is always written, and so are the reads of the
//     real clock and randomness a command made (the session stops
//     granting them once the log is Full). The log then holds at most
//     about MaxBytes plus two segments.
//   - A body that would take the payload store past MaxObjects is not
//     stored (ErrFull): the request that carries it is not sent, and a
//     response's body is then left out of its entry, which says so.

// Default bounds of a log.
const (
	DefaultMaxBytes   = 64 << 20
	DefaultMaxObjects = 256 << 20
)

// segments per MaxBytes: the live segment is closed at MaxBytes/segments.
const segments = 8

// ErrFull is the error of an operation the log has no room to record.
var ErrFull = errors.New("effect log full")

// rotatedFile lists the seq ranges rotation dropped: "FIRST LAST ID" a
// line, ID the last dropped entry's id.
const rotatedFile = "rotated"

// bound is the Log's state for its bound; Log.mu guards it.
type bound struct {
	// rep counts the denials that repeat the last entry written.
	rep *repeat
	// segs are the closed segments, oldest first.
	segs []segment
	// gaps are the seq ranges rotation dropped, in order.
	gaps []gap
	// liveBytes is the size of the live segment; liveEffects says that it
	// holds an entry other than a denial, once liveKnown.
	liveBytes              int64
	liveEffects, liveKnown bool
	// objBytes is the size of the payload store, once objKnown.
	objBytes int64
	objKnown bool
	// full says that the effects fill the log (see Full).
	full bool
}

type repeat struct {
	of          Entry // the entry repeated (a denial, or a repeat entry)
	count       int64
	first, last time.Time
}

type segment struct {
	name        string
	first, last int64
	lastID      string
	effects     bool
	size        int64
}

type gap struct {
	first, last int64
	lastID      string
}

func (l *Log) maxBytes() int64 {
	if l.MaxBytes > 0 {
		return l.MaxBytes
	}
	return DefaultMaxBytes
}

func (l *Log) maxObjects() int64 {
	if l.MaxObjects > 0 {
		return l.MaxObjects
	}
	return DefaultMaxObjects
}

func (l *Log) segmentSize() int64 { return max(l.maxBytes()/segments, 1) }

// total is what the log holds: its segments and the live one.
func (l *Log) total() int64 {
	n := l.liveBytes
	for _, s := range l.segs {
		n += s.size
	}
	return n
}

// sameDenial reports whether the denial e repeats the entry a.
func sameDenial(a, e Entry) bool {
	return a.Kind == Denied && e.Kind == Denied && a.Target == e.Target && a.Snapshot == e.Snapshot &&
		a.Outcome == e.Outcome && samePayload(a.Request, e.Request)
}

func samePayload(a, b *Payload) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Summary == b.Summary && a.Digest == b.Digest && a.Size == b.Size && maps.Equal(a.Fields, b.Fields)
}

// repeated counts the denial e if it repeats the last entry written (or
// the repetitions being counted). The caller holds l.mu.
func (l *Log) repeated(e Entry) bool {
	if r := l.rep; r != nil {
		if !sameDenial(r.of, e) {
			return false
		}
		r.count++
		r.last = e.Time
		return true
	}
	if l.last.Seq == 0 || !sameDenial(l.last, e) {
		return false
	}
	l.rep = &repeat{of: l.last, count: 1, first: e.Time, last: e.Time}
	return true
}

// flushLocked writes the repeat entry of the denials counted, if any.
// The caller holds l.mu.
func (l *Log) flushLocked() error {
	r := l.rep
	if r == nil {
		return nil
	}
	l.rep = nil
	of := r.of.Seq
	if r.of.Repeats != 0 {
		of = r.of.Repeats
	}
	last := r.last
	_, err := l.write(Entry{
		Kind: Denied, Time: r.first, Snapshot: r.of.Snapshot, Target: r.of.Target,
		Request: r.of.Request, Outcome: r.of.Outcome, Count: r.count, Repeats: of, Last: &last,
	}, false)
	return err
}

// room makes sure an entry of n bytes that needs room (an operation's
// begin) fits: when it would take the log past MaxBytes, a live segment
// of denials only is rotated out first; if the effects still fill the
// log, ErrFull. The caller holds l.mu.
func (l *Log) room(n int64) error {
	if l.total()+n <= l.maxBytes() {
		return nil
	}
	if err := l.knowLive(); err != nil {
		return err
	}
	if !l.liveEffects && l.liveBytes > 0 {
		if err := l.rotate(); err != nil {
			return err
		}
	}
	if l.total()+n <= l.maxBytes() {
		return nil
	}
	l.full = true
	return fmt.Errorf("%w: it holds %s of effects, which are never dropped", ErrFull, sizeText(l.maxBytes()))
}

// Full reports whether the effects fill the log: the begin of a new
// operation would be refused. A session stops granting the reads it
// records after the fact (real clock, real randomness) once it is.
func (l *Log) Full() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.full && l.total() >= l.maxBytes() {
		l.full = l.room(0) != nil
	}
	return l.full
}

// wrote accounts for the entry e of n bytes just written to the live
// segment. The caller holds l.mu.
func (l *Log) wrote(e Entry, n int64) {
	l.liveBytes += n
	if e.Kind != Denied {
		l.liveEffects = true
	}
}

// rotateIfDue closes the live segment once it reached its size. The
// caller holds l.mu.
func (l *Log) rotateIfDue() error {
	if l.liveBytes < l.segmentSize() {
		return nil
	}
	return l.rotate()
}

// knowLive finds out whether the live segment holds effects, when the log
// was opened with one. The caller holds l.mu.
func (l *Log) knowLive() error {
	if l.liveKnown {
		return nil
	}
	data, err := l.be.readLive()
	if err != nil {
		return err
	}
	l.liveEffects, l.liveKnown = holdsEffects(data), true
	return nil
}

// holdsEffects reports whether the lines of data hold an entry other than
// a denial (or a line that cannot be read: it is kept).
func holdsEffects(data []byte) bool {
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var e struct{ Kind Kind }
		if json.Unmarshal(line, &e) != nil || e.Kind != Denied {
			return true
		}
	}
	return false
}

// rotate closes the live segment and drops the oldest segments of
// denials only while the log holds more than MaxBytes. The caller holds
// l.mu.
func (l *Log) rotate() error {
	data, err := l.be.readLive()
	if err != nil {
		return err
	}
	entries, _ := parseEntries(data)
	if len(entries) == 0 {
		return nil
	}
	first, last := entries[0], entries[len(entries)-1]
	seg := segment{first: first.Seq, last: last.Seq, lastID: last.ID, effects: holdsEffects(data), size: int64(len(data))}
	kind := "d"
	if seg.effects {
		kind = "e"
	}
	seg.name = fmt.Sprintf("log.%d-%d.%s.%s.jsonl", seg.first, seg.last, kind, seg.lastID)
	if err := l.be.rotate(seg.name); err != nil {
		return err
	}
	l.segs = append(l.segs, seg)
	l.liveBytes, l.liveEffects, l.liveKnown = 0, false, true
	dropped := false
	for l.total() > l.maxBytes() {
		i := slices.IndexFunc(l.segs, func(s segment) bool { return !s.effects })
		if i < 0 {
			break
		}
		s := l.segs[i]
		if err := l.be.removeSegment(s.name); err != nil {
			return err
		}
		l.segs = slices.Delete(l.segs, i, i+1)
		l.addGap(gap{first: s.first, last: s.last, lastID: s.lastID})
		dropped = true
	}
	if dropped {
		return l.be.writeRotated(encodeGaps(l.gaps))
	}
	return nil
}

// addGap records a dropped range, merged with the one before it when
// they touch.
func (l *Log) addGap(g gap) {
	i := slices.IndexFunc(l.gaps, func(o gap) bool { return o.first > g.first })
	if i < 0 {
		i = len(l.gaps)
	}
	l.gaps = slices.Insert(l.gaps, i, g)
	merged := l.gaps[:1]
	for _, g := range l.gaps[1:] {
		if p := &merged[len(merged)-1]; p.last+1 == g.first {
			p.last, p.lastID = g.last, g.lastID
			continue
		}
		merged = append(merged, g)
	}
	l.gaps = merged
}

// Rotated is the number of entries rotation dropped (denials only).
func (l *Log) Rotated() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	var n int64
	for _, g := range l.gaps {
		n += g.last - g.first + 1
	}
	return n
}

// bridges reports whether a gap that rotation left explains seq next
// following seq prev: it dropped exactly the entries between, and the
// last of them had the id nextPrev.
func bridges(gaps []gap, prev, next int64, nextPrev string) bool {
	for _, g := range gaps {
		if g.first == prev+1 && g.last == next-1 && g.lastID == nextPrev {
			return true
		}
	}
	return false
}

func encodeGaps(gaps []gap) []byte {
	var b bytes.Buffer
	for _, g := range gaps {
		fmt.Fprintf(&b, "%d %d %s\n", g.first, g.last, g.lastID)
	}
	return b.Bytes()
}

func decodeGaps(data []byte) ([]gap, error) {
	var gaps []gap
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", rotatedFile, strings.TrimSpace(line))
		}
		first, err1 := strconv.ParseInt(f[0], 10, 64)
		last, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad line %q", rotatedFile, strings.TrimSpace(line))
		}
		gaps = append(gaps, gap{first: first, last: last, lastID: f[2]})
	}
	return gaps, nil
}

// segmentName matches a closed segment's file name.
// It is compiled on first use: package init runs at every start of
// moonix, and this one took a tenth of a millisecond.
var segmentName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^log\.([0-9]+)-([0-9]+)\.([de])\.([0-9a-f]{64})\.jsonl$`)
})

// parseSegment reads a closed segment's facts from its name.
func parseSegment(name string, size int64) (segment, bool) {
	m := segmentName().FindStringSubmatch(name)
	if m == nil {
		return segment{}, false
	}
	first, _ := strconv.ParseInt(m[1], 10, 64)
	last, _ := strconv.ParseInt(m[2], 10, 64)
	return segment{name: name, first: first, last: last, effects: m[3] == "e", lastID: m[4], size: size}, true
}

// segNames are the closed segments' names, oldest first. The caller
// holds l.mu.
func (l *Log) segNames() []string {
	names := make([]string, len(l.segs))
	for i, s := range l.segs {
		names[i] = s.name
	}
	return names
}

// objectRoom checks that a body of n bytes fits in the payload store
// (one already there takes no room). The caller holds l.mu.
func (l *Log) objectRoom(digest string, n int64) error {
	if !l.objKnown {
		size, err := l.be.objectsSize()
		if err != nil {
			return fmt.Errorf("effect log: %w", err)
		}
		l.objBytes, l.objKnown = size, true
	}
	if l.objBytes+n <= l.maxObjects() || l.be.hasObject(digest) {
		return nil
	}
	return fmt.Errorf("%w: its payload store holds %s", ErrFull, sizeText(l.maxObjects()))
}

// sizeText is a size in MiB (or bytes, below one).
func sizeText(n int64) string {
	if n >= 1<<20 {
		return strconv.FormatInt(n>>20, 10) + " MiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
