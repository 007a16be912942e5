package vfs

import (
	"bufio"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// Reading packs. Every write of the tree (a snapshot, a save of the
// working state, a mark) adds its new objects as one packfile with its
// index (pack.go). moonix keeps the indexes of a workspace's packs in
// memory and looks objects up in them itself (objectStore), so that a new
// pack is one more index in a list: go-git would read every index of the
// repository again after each (Reindex), milliseconds at 100,000 files.
// Loose objects (an older moonix wrote them, git may) are read through
// go-git, which is asked only for those that exist.
//
// Packs accumulate, one a write; past packLimit, the smallest are merged
// into one (consolidate), so that a lookup searches a few indexes and
// the repository keeps few files open.

// packSet is the packs of a workspace directory. The repository's lock
// guards it.
type packSet struct {
	fs billy.Filesystem
	// packs, the biggest first: most lookups end at the first.
	packs []*pack
	// loose says the directory may hold loose objects (it has object
	// directories): without them, a lookup that misses the packs opens
	// nothing.
	loose bool
	// noMerge is set when a merge failed: the packs stay as they are for
	// this session.
	noMerge bool
	// zr inflates objects, reset for each (see readWhole).
	zr io.ReadCloser
}

// pack is one packfile and its index.
type pack struct {
	id   plumbing.Hash // the pack's checksum: its name
	idx  *idxfile.MemoryIndex
	size int64 // bytes of the .pack
	// plain says the pack holds no deltas (moonix wrote it).
	plain bool
	file  billy.File
	pf    *packfile.Packfile // once read
}

func packName(id plumbing.Hash, ext string) string {
	return path.Join("objects/pack", "pack-"+id.String()+ext)
}

// scan adds the packs of the directory that the set lacks, and notes
// whether there are object directories. A pack without its index is
// left out, as git leaves it.
func (s *packSet) scan() error {
	if objs, err := s.fs.ReadDir("objects"); err == nil {
		s.loose = slices.ContainsFunc(objs, func(fi os.FileInfo) bool {
			return fi.IsDir() && len(fi.Name()) == 2 && isHex(fi.Name())
		})
	}
	entries, err := s.fs.ReadDir("objects/pack")
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".pack")
		hexID, _ := strings.CutPrefix(base, "pack-")
		if !ok || !names[base+".idx"] || len(hexID) != hashHex || !isHex(hexID) {
			continue
		}
		id := plumbing.NewHash(hexID)
		if slices.ContainsFunc(s.packs, func(p *pack) bool { return p.id == id }) {
			continue
		}
		idx, err := s.readIndex(id)
		if err != nil {
			return err
		}
		s.add(&pack{id: id, idx: idx, size: e.Size()})
	}
	return nil
}

// readIndex reads the index of the pack id.
func (s *packSet) readIndex(id plumbing.Hash) (*idxfile.MemoryIndex, error) {
	f, err := s.fs.Open(packName(id, ".idx"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := s.fs.Stat(packName(id, ".idx"))
	if err != nil {
		return nil, err
	}
	idx := idxfile.NewMemoryIndex()
	// Buffered: the decoder reads the index a number at a time, one
	// system call each (the fanout table alone is 256 of them). Its
	// size lets the decoder check the fanout table's count of objects
	// before it allocates for them.
	in := sizedReader{bufio.NewReaderSize(f, 64<<10), info}
	if err := idxfile.NewDecoder(in).Decode(idx); err != nil {
		return nil, &os.PathError{Op: "read", Path: packName(id, ".idx"), Err: err}
	}
	if plumbing.Hash(idx.PackfileChecksum) != id {
		return nil, &os.PathError{Op: "read", Path: packName(id, ".idx"), Err: errors.New("the index is another pack's")}
	}
	return idx, nil
}

// sizedReader is a reader that says the size of what it reads, as
// idxfile.Decoder asks a file.
type sizedReader struct {
	io.Reader
	info os.FileInfo
}

func (r sizedReader) Stat() (os.FileInfo, error) { return r.info, nil }

// add puts p in the set, in its place by size.
func (s *packSet) add(p *pack) {
	i, _ := slices.BinarySearchFunc(s.packs, p.size, func(q *pack, size int64) int {
		switch {
		case q.size > size:
			return -1
		case q.size < size:
			return 1
		}
		return 0
	})
	s.packs = slices.Insert(s.packs, i, p)
}

// find is the pack holding h and h's offset in it, or nil.
func (s *packSet) find(h plumbing.Hash) (*pack, int64) {
	for _, p := range s.packs {
		if off, err := p.idx.FindOffset(h); err == nil {
			return p, off
		}
	}
	return nil, 0
}

// object reads the object at off, a whole object however it is stored.
func (s *packSet) object(p *pack, off int64) (plumbing.EncodedObject, error) {
	if err := s.open(p); err != nil {
		return nil, err
	}
	return p.pf.GetByOffset(off)
}

// open opens p's file, once.
func (s *packSet) open(p *pack) error {
	if p.pf != nil {
		return nil
	}
	f, err := s.fs.Open(packName(p.id, ".pack"))
	if err != nil {
		return err
	}
	// No cache: a tree is read once per restore, and blobs are kept by
	// the tree (see objects.go).
	p.file, p.pf = f, packfile.NewPackfileWithCache(p.idx, s.fs, f, noCache{}, largeObject)
	return nil
}

// readWhole reads the entry of p at off when it holds an object whole
// (not a delta: ok is false for one), with its type: one read of the
// entry's header, and the inflating of its data into a buffer of the
// object's size. go-git's reading copies an object once more, and opens
// the pack again for each object past 16 KiB (a directory of 500
// entries).
func (s *packSet) readWhole(p *pack, off int64) (t plumbing.ObjectType, data []byte, ok bool, err error) {
	if err := s.open(p); err != nil {
		return 0, nil, false, err
	}
	var hdr [16]byte
	n, err := p.file.ReadAt(hdr[:], off)
	if n == 0 {
		return 0, nil, false, cmpErr(err, io.ErrUnexpectedEOF)
	}
	t = plumbing.ObjectType(hdr[0] >> 4 & 7)
	size, i := int64(hdr[0]&0x0f), 0
	for shift := 4; hdr[i]&0x80 != 0; shift += 7 {
		if i++; i >= n || shift > 56 {
			return 0, nil, false, errors.New("bad pack entry header")
		}
		size |= int64(hdr[i]&0x7f) << shift
	}
	i++
	switch t {
	case plumbing.OFSDeltaObject, plumbing.REFDeltaObject:
		return t, nil, false, nil
	case plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject, plumbing.TagObject:
	default:
		return 0, nil, false, fmt.Errorf("bad pack entry type %d", t)
	}
	// Deflate shrinks data 1032 times at most: a size past that is a
	// damaged header, which must not make the allocation below.
	if left := p.size - off - int64(i); size > maxBlob || size > 1032*left+64 {
		return 0, nil, false, fmt.Errorf("bad size %d", size)
	}
	src := bufio.NewReaderSize(io.NewSectionReader(p.file, off+int64(i), p.size-off-int64(i)), int(min(size+64, 1<<16)))
	if s.zr == nil {
		if s.zr, err = zlib.NewReader(src); err != nil {
			s.zr = nil
			return 0, nil, false, err
		}
	} else if err := s.zr.(zlib.Resetter).Reset(src, nil); err != nil {
		return 0, nil, false, err
	}
	data = make([]byte, size)
	if _, err := io.ReadFull(s.zr, data); err != nil {
		return 0, nil, false, err
	}
	return t, data, true, nil
}

// largeObject is the size from which an object is streamed from its pack
// rather than inflated into memory first.
const largeObject = 1 << 20

// drop takes p out of the set and closes it.
func (s *packSet) drop(p *pack) {
	s.packs = slices.DeleteFunc(s.packs, func(q *pack) bool { return q == p })
	p.close()
}

func (p *pack) close() {
	if p.file != nil {
		p.file.Close()
		p.file, p.pf = nil, nil
	}
}

func (s *packSet) close() {
	for _, p := range s.packs {
		p.close()
	}
}

// hasLoose reports whether h is a loose object.
func (s *packSet) hasLoose(h plumbing.Hash) bool {
	if !s.loose {
		return false
	}
	hex := h.String()
	_, err := s.fs.Lstat(path.Join("objects", hex[:2], hex[2:]))
	return err == nil
}

// objectStore is a workspace directory's git storage as moonix uses it:
// go-git's, with objects looked up in moonix's packSet. go-git's own
// lookups (what a push or a fetch asks beyond these methods) read its
// indexes again after moonix changes the packs (see changed).
type objectStore struct {
	*filesystem.Storage
	packs *packSet
}

func (s *objectStore) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	if p, off := s.packs.find(h); p != nil {
		obj, err := s.packs.object(p, off)
		if err != nil {
			return nil, err
		}
		if t != plumbing.AnyObject && obj.Type() != t {
			return nil, plumbing.ErrObjectNotFound
		}
		return obj, nil
	}
	if !s.packs.hasLoose(h) {
		return nil, plumbing.ErrObjectNotFound
	}
	return s.Storage.EncodedObject(t, h)
}

// DeltaObject is EncodedObject: moonix's packs hold no deltas (a push
// asks, to reuse them).
func (s *objectStore) DeltaObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	return s.EncodedObject(t, h)
}

func (s *objectStore) HasEncodedObject(h plumbing.Hash) error {
	if p, _ := s.packs.find(h); p != nil || s.packs.hasLoose(h) {
		return nil
	}
	return plumbing.ErrObjectNotFound
}

func (s *objectStore) EncodedObjectSize(h plumbing.Hash) (int64, error) {
	if p, off := s.packs.find(h); p != nil {
		if err := s.packs.open(p); err != nil {
			return 0, err
		}
		return p.pf.GetSizeByOffset(off)
	}
	if !s.packs.hasLoose(h) {
		return 0, plumbing.ErrObjectNotFound
	}
	return s.Storage.EncodedObjectSize(h)
}

// SetEncodedObject writes a loose object (go-git's way; moonix writes
// packs).
func (s *objectStore) SetEncodedObject(o plumbing.EncodedObject) (plumbing.Hash, error) {
	s.packs.loose = true
	return s.Storage.SetEncodedObject(o)
}

// PackfileWriter is go-git's (a fetch writes the pack it receives with
// it); the set learns of the pack when it is written.
func (s *objectStore) PackfileWriter() (io.WriteCloser, error) {
	w, err := s.Storage.PackfileWriter()
	if err != nil {
		return nil, err
	}
	return &scanOnClose{w, s.packs}, nil
}

type scanOnClose struct {
	io.WriteCloser
	packs *packSet
}

func (w *scanOnClose) Close() error {
	if err := w.WriteCloser.Close(); err != nil {
		return err
	}
	return w.packs.scan()
}

func (s *objectStore) Close() error {
	s.packs.close()
	return s.Storage.Close()
}

// changed tells go-git's storage that the packs changed.
func (s *objectStore) changed() { s.Storage.Reindex() }
