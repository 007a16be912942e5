package effects

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// backend keeps the log's bytes: in memory, or in a workspace directory.
// Entries go to the live segment; rotate closes it under a name (see
// bound.go).
type backend interface {
	// append writes one line (newline included) as entry seq, id.
	append(line []byte, seq int64, id string) error
	// readAll reads the closed segments named, in order, then the live one.
	readAll(segs []string) ([]byte, error)
	readLive() ([]byte, error)
	// head is the seq and id of the newest entry written.
	head() (int64, string, error)
	// rotate makes the live segment the closed segment name and starts an
	// empty one.
	rotate(name string) error
	removeSegment(name string) error
	// writeRotated records the ranges rotation dropped (rotatedFile).
	writeRotated(data []byte) error
	// putObject stores data under digest unless it is there already
	// (added says whether it was not).
	putObject(digest string, data []byte) (added bool, err error)
	getObject(digest string) ([]byte, error)
	hasObject(digest string) bool
	// objectsSize is the size of the payload store.
	objectsSize() (int64, error)
}

type memBackend struct {
	mu      sync.Mutex
	log     []byte // the live segment
	segs    map[string][]byte
	rotated []byte
	seq     int64
	id      string
	objects map[string][]byte
}

func (m *memBackend) append(line []byte, seq int64, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.log = append(m.log, line...)
	m.seq, m.id = seq, id
	return nil
}

func (m *memBackend) readAll(segs []string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []byte
	for _, name := range segs {
		out = append(out, m.segs[name]...)
	}
	return append(out, m.log...), nil
}

func (m *memBackend) readLive() ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return bytes.Clone(m.log), nil
}

func (m *memBackend) head() (int64, string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.seq, m.id, nil
}

func (m *memBackend) rotate(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.segs[name], m.log = m.log, nil
	return nil
}

func (m *memBackend) removeSegment(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.segs, name)
	return nil
}

func (m *memBackend) writeRotated(data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rotated = bytes.Clone(data)
	return nil
}

func (m *memBackend) putObject(digest string, data []byte) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.objects[digest]; ok {
		return false, nil
	}
	m.objects[digest] = bytes.Clone(data)
	return true, nil
}

func (m *memBackend) getObject(digest string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.objects[digest]
	if !ok {
		return nil, fmt.Errorf("no payload %s", digest)
	}
	return bytes.Clone(b), nil
}

func (m *memBackend) hasObject(digest string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.objects[digest]
	return ok
}

func (m *memBackend) objectsSize() (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var n int64
	for _, b := range m.objects {
		n += int64(len(b))
	}
	return n, nil
}

// Files of a log directory.
const (
	logFile    = "log.jsonl" // the entries, one JSON object per line
	headFile   = "head"      // "SEQ ID" of the newest entry written
	objectsDir = "objects"   // payloads: objects/HEX[:2]/HEX[2:]
)

// dirBackend keeps the log in a host directory. Each entry is one write
// to a file opened for appending, so a kill leaves whole lines but for
// the one being written; head is replaced (temp and rename) after it.
// Closed segments are files beside it (see bound.go).
type dirBackend struct {
	dir string
	f   *os.File
}

// Open opens (creating it if needed) the log kept in dir. A torn last
// record, left by a kill in the middle of a write, is moved out of the log
// into a file torn.SEQ beside it and described by Torn: it is reported,
// never taken as an entry. A log that is otherwise damaged opens as it is;
// Verify says where it breaks.
func Open(dir string) (*Log, error) {
	if err := os.MkdirAll(filepath.Join(dir, objectsDir), 0o700); err != nil {
		return nil, err
	}
	name := filepath.Join(dir, logFile)
	data, off, err := readTail(name)
	if err != nil {
		return nil, err
	}
	l := &Log{}
	good, tail := splitTorn(data)
	var last Entry
	if len(good) > 0 {
		if err := json.Unmarshal(good[lastLine(good):len(good)-1], &last); err != nil {
			last = Entry{}
		}
	}
	if len(tail) > 0 {
		torn := filepath.Join(dir, fmt.Sprintf("torn.%d", last.Seq+1))
		if err := os.WriteFile(torn, tail, 0o600); err != nil {
			return nil, err
		}
		if err := os.Truncate(name, off+int64(len(good))); err != nil {
			return nil, err
		}
		l.torn = fmt.Sprintf("torn last record (%d bytes) set aside in %s", len(tail), torn)
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	be := &dirBackend{dir: dir, f: f}
	if err := l.openSegments(be); err != nil {
		f.Close()
		return nil, err
	}
	seq, id, err := be.head()
	switch {
	case err != nil:
	case last.Seq == seq+1 && last.Prev == id:
		// A kill between an entry and its head leaves head one behind
		// an entry that follows it: that entry was written whole; catch
		// up.
		if err := be.writeHead(last.Seq, last.ID); err != nil {
			f.Close()
			return nil, err
		}
	case seq > last.Seq:
		// Entries were removed from the end. New entries follow the
		// last one written, not the last one left, so that the gap
		// stays for Verify to show instead of being written over.
		last = Entry{Seq: seq, ID: id}
	}
	l.be, l.last = be, last
	return l, nil
}

// readTail reads the end of the file name, from offset off: enough to
// hold its last three line breaks (a last line that is not JSON, then the
// whole line before it), or all of it. Open needs only the last
// whole line and what follows it, and a long log is not read at every
// start. A missing file is empty.
func readTail(name string) (data []byte, off int64, err error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	size := info.Size()
	for n := int64(64 << 10); ; n *= 2 {
		off = max(size-n, 0)
		data = make([]byte, size-off)
		if got, err := f.ReadAt(data, off); got < len(data) {
			return nil, 0, err
		}
		if off == 0 || bytes.Count(data, []byte("\n")) >= 3 {
			return data, off, nil
		}
	}
}

// splitTorn splits data into whole lines and a torn tail: bytes after the
// last newline, or a last line that is not a JSON object. data may start
// in the middle of a line when it holds at least three line breaks.
func splitTorn(data []byte) (good, tail []byte) {
	end := bytes.LastIndexByte(data, '\n') + 1
	good, tail = data[:end], data[end:]
	if len(good) > 0 {
		start := lastLine(good)
		if !json.Valid(good[start : len(good)-1]) {
			return good[:start], append(bytes.Clone(good[start:]), tail...)
		}
	}
	return good, tail
}

// lastLine is where the last line of data (which ends in a newline) starts.
func lastLine(data []byte) int {
	return bytes.LastIndexByte(data[:len(data)-1], '\n') + 1
}

// openSegments reads what rotation left in the directory: the closed
// segments, the ranges dropped, the live segment's size.
func (l *Log) openSegments(be *dirBackend) error {
	ents, err := os.ReadDir(be.dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		info, err := e.Info()
		if err != nil {
			continue
		}
		if seg, ok := parseSegment(e.Name(), info.Size()); ok {
			l.segs = append(l.segs, seg)
		}
	}
	slices.SortFunc(l.segs, func(a, b segment) int { return cmp.Compare(a.first, b.first) })
	data, err := os.ReadFile(filepath.Join(be.dir, rotatedFile))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if l.gaps, err = decodeGaps(data); err != nil {
		return err
	}
	info, err := be.f.Stat()
	if err != nil {
		return err
	}
	l.liveBytes = info.Size()
	return nil
}

// Close writes the repeated denials not yet written and closes the log's
// file.
func (l *Log) Close() error {
	l.Flush()
	if d, ok := l.be.(*dirBackend); ok {
		return d.f.Close()
	}
	return nil
}

func (d *dirBackend) append(line []byte, seq int64, id string) error {
	if _, err := d.f.Write(line); err != nil {
		return err
	}
	return d.writeHead(seq, id)
}

func (d *dirBackend) writeHead(seq int64, id string) error {
	return writeAtomic(filepath.Join(d.dir, headFile), []byte(fmt.Sprintf("%d %s\n", seq, id)))
}

func (d *dirBackend) readAll(segs []string) ([]byte, error) {
	var out []byte
	for _, name := range segs {
		data, err := os.ReadFile(filepath.Join(d.dir, name))
		if err != nil {
			return out, err
		}
		out = append(out, data...)
	}
	live, err := d.readLive()
	return append(out, live...), err
}

func (d *dirBackend) readLive() ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(d.dir, logFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

func (d *dirBackend) rotate(name string) error {
	if err := os.Rename(filepath.Join(d.dir, logFile), filepath.Join(d.dir, name)); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(d.dir, logFile), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	d.f.Close()
	d.f = f
	return nil
}

func (d *dirBackend) removeSegment(name string) error {
	return os.Remove(filepath.Join(d.dir, name))
}

func (d *dirBackend) writeRotated(data []byte) error {
	return writeAtomic(filepath.Join(d.dir, rotatedFile), data)
}

func (d *dirBackend) head() (int64, string, error) {
	data, err := os.ReadFile(filepath.Join(d.dir, headFile))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", err
	}
	s, id, _ := strings.Cut(strings.TrimSpace(string(data)), " ")
	seq, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, "", fmt.Errorf("head file: bad sequence %q", s)
	}
	return seq, id, nil
}

func (d *dirBackend) objectPath(digest string) (string, error) {
	hex, ok := strings.CutPrefix(digest, "sha256:")
	if !ok || len(hex) != 64 || strings.Trim(hex, "0123456789abcdef") != "" {
		return "", fmt.Errorf("bad digest %q", digest)
	}
	return filepath.Join(d.dir, objectsDir, hex[:2], hex[2:]), nil
}

func (d *dirBackend) putObject(digest string, data []byte) (bool, error) {
	p, err := d.objectPath(digest)
	if err != nil {
		return false, err
	}
	if _, err := os.Stat(p); err == nil {
		return false, nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return false, err
	}
	return true, writeAtomic(p, data)
}

func (d *dirBackend) hasObject(digest string) bool {
	p, err := d.objectPath(digest)
	if err != nil {
		return false
	}
	_, err = os.Stat(p)
	return err == nil
}

func (d *dirBackend) objectsSize() (int64, error) {
	var n int64
	err := filepath.WalkDir(filepath.Join(d.dir, objectsDir), func(_ string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.Type().IsRegular() {
			info, err := e.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	return n, err
}

func (d *dirBackend) getObject(digest string) ([]byte, error) {
	p, err := d.objectPath(digest)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no payload %s", digest)
	}
	return data, err
}

// writeAtomic replaces name with data: a temporary file, then a rename.
func writeAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
