package vfs

import (
	"bufio"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"hash/crc32"
	"io"
	"path"
	"slices"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Writing objects. The objects a snapshot (or a save of the working
// state, or a mark) lacks are collected while its trees are built, with
// its commit, and written together at its end as one packfile with its
// index: a one-file snapshot writes two files, not the seven loose
// objects (the file, the trees on its path, the commit) it wrote when
// each object was a file, and a snapshot of 10,000 new files two, not
// 10,000 (16 system calls each). Both are in place, under their final
// names by a rename, before any ref names what they hold, so a kill
// leaves at most unreferenced objects and temporary files (which the
// next open removes).
//
// They are written here rather than through go-git, which copies each
// object into memory once more, hashes it again while writing, and
// parses a whole packfile back to index it.

// batch is the objects one write of the tree will add.
type batch struct {
	objs   []pendingObject
	queued map[plumbing.Hash]bool
	// nodes were marked stored on the strength of the batch: if it
	// fails, they are not.
	nodes []*node
	// commits are the commits of the batch, known once it is written
	// (see working.commit).
	commits []*object.Commit
}

// pendingObject is an object to write: its content c, or the entry of
// another pack at off (up to end; its CRC crc) copied as it is, or obj,
// an object read whole (see merge).
type pendingObject struct {
	h plumbing.Hash
	t plumbing.ObjectType
	c content // the tree's own, not copied: the tree is locked until the batch is written

	from     *pack
	off, end int64
	crc      uint32

	obj plumbing.EncodedObject
}

// queue adds an object to the batch unless the repository or the batch
// has it already.
func (r *Repo) queue(h plumbing.Hash, t plumbing.ObjectType, c content) {
	if r.batch.queued[h] || r.st.HasEncodedObject(h) == nil {
		return
	}
	r.batch.queued[h] = true
	r.batch.objs = append(r.batch.objs, pendingObject{h: h, t: t, c: c})
}

// flush writes the batch's objects. The caller holds the tree's lock, as
// the objects' data are the tree's files.
func (r *Repo) flush() error {
	b := r.batch
	var err error
	switch {
	case len(b.objs) == 0:
	case r.fs == nil:
		for _, o := range b.objs {
			obj := r.st.NewEncodedObject()
			obj.SetType(o.t)
			obj.SetSize(o.c.size)
			w, _ := obj.Writer()
			o.c.each(func(b []byte) { w.Write(b) })
			w.Close()
			if _, err = r.st.SetEncodedObject(obj); err != nil {
				break
			}
		}
	default:
		if _, err = r.writePack(b.objs); err == nil {
			r.consolidate()
		}
	}
	if err != nil {
		for _, n := range b.nodes {
			n.stored = false
		}
	}
	return err
}

// compressor is the zlib writer for an object of type t, made once and
// reset for each object (a compressor costs 600 KiB to make). Blobs and
// commits are compressed for speed; trees, which are mostly object ids
// that do not compress, are stored as they are, which makes reading them
// back (every open of a workspace reads its trees) a copy instead of a
// decoding. The caller holds r.mu.
func (r *Repo) compressor(t plumbing.ObjectType) *zlib.Writer {
	if t == plumbing.TreeObject {
		if r.znone == nil {
			r.znone, _ = zlib.NewWriterLevel(nil, zlib.NoCompression)
		}
		return r.znone
	}
	if r.zfast == nil {
		r.zfast, _ = zlib.NewWriterLevel(nil, zlib.BestSpeed)
	}
	return r.zfast
}

// countWriter counts what passes through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// writePack writes objs as one packfile (version 2, no deltas) and its
// index, and adds it to the repository's packs. The index is renamed
// into place first: git and go-git look for packs by their .pack, so a
// kill between the two renames leaves an index nobody reads, which the
// next open removes.
func (r *Repo) writePack(objs []pendingObject) (_ *pack, err error) {
	rfs := r.fs.(*rootFS)
	f, err := rfs.tempFile("objects/pack", 0o444)
	if err != nil {
		return nil, err
	}
	var idxTmp string
	defer func() {
		if err != nil {
			syscall.Unlink(f.path)
			if idxTmp != "" {
				syscall.Unlink(idxTmp)
			}
		}
	}()
	sum := sha1.New()
	bw := bufio.NewWriterSize(io.MultiWriter(f, sum), 1<<16)
	out := &countWriter{w: bw}
	var hdr [12]byte
	copy(hdr[:], "PACK")
	binary.BigEndian.PutUint32(hdr[4:], 2)
	binary.BigEndian.PutUint32(hdr[8:], uint32(len(objs)))
	out.Write(hdr[:])
	var idx idxfile.Writer
	idx.OnHeader(uint32(len(objs)))
	crc := crc32.NewIEEE()
	var buf []byte
	for i := 0; i < len(objs); i++ {
		o := objs[i]
		pos := out.n
		if o.from != nil {
			// Entries of another pack, whole: their CRCs are the same.
			// Those that follow one another there are copied at once.
			j := i + 1
			for j < len(objs) && objs[j].from == o.from && objs[j].off == objs[j-1].end {
				j++
			}
			if buf == nil {
				buf = make([]byte, 1<<16)
			}
			if _, err := io.CopyBuffer(out, io.NewSectionReader(o.from.file, o.off, objs[j-1].end-o.off), buf); err != nil {
				f.Close()
				return nil, err
			}
			for _, c := range objs[i:j] {
				idx.Add(c.h, uint64(pos+c.off-o.off), c.crc)
			}
			i = j - 1
			continue
		}
		crc.Reset()
		w := io.MultiWriter(out, crc)
		t, size, write := o.t, o.c.size, func(w io.Writer) error {
			o.c.each(func(b []byte) { w.Write(b) })
			return nil
		}
		if o.obj != nil {
			t, size, write = o.obj.Type(), o.obj.Size(), func(w io.Writer) error {
				rd, err := o.obj.Reader()
				if err != nil {
					return err
				}
				defer rd.Close()
				_, err = io.Copy(w, rd)
				return err
			}
		}
		w.Write(packHeader(t, size))
		zw := r.compressor(t)
		zw.Reset(w)
		err := write(zw)
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		idx.Add(o.h, uint64(pos), crc.Sum32())
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return nil, err
	}
	checksum := plumbing.Hash(sum.Sum(nil))
	_, err = f.Write(checksum[:])
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if err := idx.OnFooter(checksum); err != nil {
		return nil, err
	}
	mi, err := idx.Index()
	if err != nil {
		return nil, err
	}
	fi, err := rfs.tempFile("objects/pack", 0o444)
	if err != nil {
		return nil, err
	}
	idxTmp = fi.path
	ibw := bufio.NewWriter(fi) // the encoder writes a number at a time
	if _, err = idxfile.NewEncoder(ibw).Encode(mi); err == nil {
		err = ibw.Flush()
	}
	if cerr := fi.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if i := slices.IndexFunc(r.packs.packs, func(p *pack) bool { return p.id == checksum }); i >= 0 {
		// The same objects in the same order: there already.
		syscall.Unlink(f.path)
		syscall.Unlink(idxTmp)
		return r.packs.packs[i], nil
	}
	if err := rfs.rename(idxTmp, rfs.abs(packName(checksum, ".idx"))); err != nil {
		return nil, err
	}
	idxTmp = rfs.abs(packName(checksum, ".idx"))
	if err := rfs.rename(f.path, rfs.abs(packName(checksum, ".pack"))); err != nil {
		return nil, err
	}
	p := &pack{id: checksum, idx: mi, size: out.n + int64(len(checksum)), plain: true}
	r.packs.add(p)
	r.st.(*objectStore).changed()
	return p, nil
}

// Merging packs. Past packLimit packs, the smallest are merged into one:
// those whose sizes do not at least double from one to the next (taking
// all the smaller ones together), as git repack --geometric=2 chooses
// them. The packs left then grow geometrically, so there are few, and an
// object is copied a few times in all (a logarithmic number), not once
// per snapshot; the big pack of a workspace's first snapshot is left
// alone until the rest add up to half of it. Entries are copied as they
// are (no inflating, no hashing), except deltas (a fetch's packs have
// them), which are written whole. The merged pack is in place before
// the packs it replaces are removed (each .pack before its .idx), so a
// kill leaves every object in a pack.

const (
	packLimit   = 16
	mergeFactor = 2
)

// consolidate merges the smallest packs when there are too many. A
// failure leaves them as they are (nothing is lost: the new pack is in
// place before any is removed) for the rest of the session.
func (r *Repo) consolidate() {
	s := r.packs
	if s.noMerge || len(s.packs) <= packLimit {
		return
	}
	if err := r.merge(s.toMerge()); err != nil {
		s.noMerge = true
	}
}

// toMerge is the packs to merge: the smallest ones, up to the last whose
// size is less than mergeFactor times all the smaller ones together.
func (s *packSet) toMerge() []*pack {
	n, k := len(s.packs), 0
	var below int64
	for j := range n {
		p := s.packs[n-1-j] // the j-th smallest
		if p.size < mergeFactor*below {
			k = j + 1
		}
		below += p.size
	}
	return slices.Clone(s.packs[n-k:])
}

// merge writes the objects of packs as one pack and removes them.
func (r *Repo) merge(packs []*pack) error {
	if len(packs) < 2 {
		return nil
	}
	s := r.packs
	var objs []pendingObject
	seen := map[plumbing.Hash]bool{}
	for _, p := range packs {
		if err := s.open(p); err != nil {
			return err
		}
		iter, err := p.idx.EntriesByOffset()
		if err != nil {
			return err
		}
		var entries []*idxfile.Entry
		for e, err := iter.Next(); err == nil; e, err = iter.Next() {
			entries = append(entries, e)
		}
		iter.Close()
		// The first byte of each entry says its kind: read in one pass
		// (a read each cost a system call each).
		var kinds *bufio.Reader
		var at int64
		kindAt := func(off int64) (byte, error) {
			if kinds == nil {
				kinds = bufio.NewReaderSize(io.NewSectionReader(p.file, 0, p.size), 1<<16)
			}
			if _, err := kinds.Discard(int(off - at)); err != nil {
				return 0, err
			}
			at = off
			b, err := kinds.Peek(1)
			if err != nil {
				return 0, err
			}
			return b[0], nil
		}
		for i, e := range entries {
			end := p.size - int64(len(e.Hash))
			if i+1 < len(entries) {
				end = int64(entries[i+1].Offset)
			}
			if seen[e.Hash] {
				continue
			}
			seen[e.Hash] = true
			kind := plumbing.BlobObject // moonix writes no deltas
			if !p.plain {
				b, err := kindAt(int64(e.Offset))
				if err != nil {
					return err
				}
				kind = plumbing.ObjectType(b >> 4 & 7)
			}
			switch kind {
			case plumbing.OFSDeltaObject, plumbing.REFDeltaObject:
				obj, err := s.object(p, int64(e.Offset))
				if err != nil {
					return err
				}
				objs = append(objs, pendingObject{h: e.Hash, obj: obj})
			default:
				objs = append(objs, pendingObject{h: e.Hash, from: p, off: int64(e.Offset), end: end, crc: e.CRC32})
			}
		}
	}
	merged, err := r.writePack(objs)
	if err != nil {
		return err
	}
	for _, p := range packs {
		if p == merged {
			continue
		}
		s.drop(p)
		if err := r.fs.Remove(packName(p.id, ".pack")); err != nil {
			return err
		}
		if err := r.fs.Remove(packName(p.id, ".idx")); err != nil {
			return err
		}
	}
	return nil
}

// packHeader is a pack entry's type and size, as git encodes them.
func packHeader(t plumbing.ObjectType, size int64) []byte {
	b := byte(t)<<4 | byte(size&0x0f)
	size >>= 4
	var out []byte
	for size != 0 {
		out = append(out, b|0x80)
		b = byte(size & 0x7f)
		size >>= 7
	}
	return append(out, b)
}

// removeOrphanIndexes removes the indexes whose pack is missing (a kill
// between the two renames of writePack).
func (r *Repo) removeOrphanIndexes() {
	entries, err := r.fs.ReadDir("objects/pack")
	if err != nil {
		return
	}
	have := map[string]bool{}
	for _, e := range entries {
		have[e.Name()] = true
	}
	for _, e := range entries {
		if base, ok := strings.CutSuffix(e.Name(), ".idx"); ok && !have[base+".pack"] {
			r.fs.Remove(path.Join("objects/pack", e.Name()))
		}
	}
}
