package vfs

import (
	"bufio"
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
)

// Writing objects. The objects a snapshot (or a save of the working
// state) lacks are collected while its trees are built and written
// together at its end: loose, a file each, when they are few, and as one
// packfile with its index when there are packMin or more (a snapshot of
// 10,000 new files wrote 10,000 files, with 16 system calls each). Either
// way they are in place, each under its final name by a rename, before
// any ref names them, so a kill leaves at most unreferenced objects and
// temporary files (which the next open removes).
//
// They are written here rather than through go-git, which copies each
// object into memory once more, hashes it again while writing, and
// parses a whole packfile back to index it.

// packMin is the number of objects from which a snapshot writes a pack:
// below it, loose objects cost less than one more pack to search.
const packMin = 100

// batch is the objects one write of the tree will add.
type batch struct {
	objs   []pendingObject
	queued map[plumbing.Hash]bool
	// nodes were marked stored on the strength of the batch: if it
	// fails, they are not.
	nodes []*node
}

type pendingObject struct {
	h plumbing.Hash
	t plumbing.ObjectType
	c content // the tree's own, not copied: the tree is locked until the batch is written
}

// queue adds an object to the batch unless the repository or the batch
// has it already.
func (r *Repo) queue(h plumbing.Hash, t plumbing.ObjectType, c content) {
	if r.batch.queued[h] || r.st.HasEncodedObject(h) == nil {
		return
	}
	r.batch.queued[h] = true
	r.batch.objs = append(r.batch.objs, pendingObject{h, t, c})
}

// writeTo writes o's content to w; an error is w's to keep (the zlib,
// bufio and hash writers used here keep theirs).
func (o *pendingObject) writeTo(w io.Writer) {
	o.c.each(func(b []byte) { w.Write(b) })
}

// flush writes the batch's objects. The caller holds the tree's lock, as
// the objects' data are the tree's files.
func (r *Repo) flush() error {
	b := r.batch
	var err error
	switch {
	case r.fs == nil:
		for _, o := range b.objs {
			obj := r.st.NewEncodedObject()
			obj.SetType(o.t)
			obj.SetSize(o.c.size)
			w, _ := obj.Writer()
			o.writeTo(w)
			w.Close()
			if _, err = r.st.SetEncodedObject(obj); err != nil {
				break
			}
		}
	case len(b.objs) < packMin:
		for _, o := range b.objs {
			if err = r.writeLoose(r.compressor(o.t), o); err != nil {
				break
			}
		}
	default:
		err = r.writePack(b.objs)
	}
	if err != nil {
		for _, n := range b.nodes {
			n.stored = false
		}
	}
	return err
}

// writeLoose writes o as a loose object, compressed with zw (reset to the
// file: one compressor serves a whole batch).
func (r *Repo) writeLoose(zw *zlib.Writer, o pendingObject) error {
	hex := o.h.String()
	return r.fs.(*rootFS).replace("objects/pack", path.Join("objects", hex[:2], hex[2:]), 0o444, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		zw.Reset(bw)
		fmt.Fprintf(zw, "%s %d\x00", o.t, o.c.size)
		o.writeTo(zw)
		if err := zw.Close(); err != nil {
			return err
		}
		return bw.Flush()
	})
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
// index. The index is renamed into place first: git and go-git look for
// packs by their .pack, so a kill between the two renames leaves an index
// nobody reads, which the next open removes.
func (r *Repo) writePack(objs []pendingObject) (err error) {
	pack, err := r.fs.TempFile("objects/pack", "tmp_pack_")
	if err != nil {
		return err
	}
	var idxTmp string
	defer func() {
		if err != nil {
			r.fs.Remove(pack.Name())
			if idxTmp != "" {
				r.fs.Remove(idxTmp)
			}
		}
	}()
	sum := sha1.New()
	bw := bufio.NewWriterSize(io.MultiWriter(pack, sum), 1<<16)
	out := &countWriter{w: bw}
	var hdr [12]byte
	copy(hdr[:], "PACK")
	binary.BigEndian.PutUint32(hdr[4:], 2)
	binary.BigEndian.PutUint32(hdr[8:], uint32(len(objs)))
	out.Write(hdr[:])
	var idx idxfile.Writer
	idx.OnHeader(uint32(len(objs)))
	crc := crc32.NewIEEE()
	for _, o := range objs {
		pos := out.n
		crc.Reset()
		w := io.MultiWriter(out, crc)
		w.Write(packHeader(o.t, o.c.size))
		zw := r.compressor(o.t)
		zw.Reset(w)
		o.writeTo(zw)
		if err := zw.Close(); err != nil {
			pack.Close()
			return err
		}
		idx.Add(o.h, uint64(pos), crc.Sum32())
	}
	if err := bw.Flush(); err != nil {
		pack.Close()
		return err
	}
	checksum := plumbing.Hash(sum.Sum(nil))
	_, err = pack.Write(checksum[:])
	if cerr := pack.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := idx.OnFooter(checksum); err != nil {
		return err
	}
	mi, err := idx.Index()
	if err != nil {
		return err
	}
	f, err := r.fs.TempFile("objects/pack", "tmp_idx_")
	if err != nil {
		return err
	}
	idxTmp = f.Name()
	_, err = idxfile.NewEncoder(f).Encode(mi)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	name := "objects/pack/pack-" + checksum.String()
	if err := r.fs.Rename(idxTmp, name+".idx"); err != nil {
		return err
	}
	idxTmp = name + ".idx"
	if err := r.fs.Rename(pack.Name(), name+".pack"); err != nil {
		return err
	}
	if s, ok := r.st.(interface{ Reindex() }); ok {
		s.Reindex() // go-git reads the list of packs once
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
