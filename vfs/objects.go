package vfs

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strconv"

	"github.com/go-git/go-git/v5/plumbing"
)

// Reading blobs. A file restored from a snapshot is not read until it is
// used (see Tree.load): opening a workspace reads its trees, not its
// files. Blobs are read here rather than through go-git's object
// storage, which would keep each one in its cache (96 MiB of them), copy
// it into an object first, and hash it twice on the way (the loose
// object reader and the cache both compute its id).

// noCache is go-git's object cache, keeping nothing: the cache computes
// the id of every object put in it (a second hash, of every tree read),
// and moonix reads a tree once per restore and blobs itself.
type noCache struct{}

func (noCache) Put(plumbing.EncodedObject)                       {}
func (noCache) Get(plumbing.Hash) (plumbing.EncodedObject, bool) { return nil, false }
func (noCache) Clear()                                           {}

// maxBlob bounds the size a blob's header may claim before anything is
// allocated for it: a corrupt header must not take the process down.
const maxBlob = 1 << 40

// readBlob implements blobSource: the tree calls it, without its own lock,
// to load a file's content. A size that differs from the one expected (a
// damaged sizes file) is the tree's to correct: the content is the truth.
func (r *Repo) readBlob(id [20]byte, size int64) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.blobData(plumbing.Hash(id))
}

// blobData reads the blob h whole. The caller holds r.mu.
func (r *Repo) blobData(h plumbing.Hash) ([]byte, error) {
	if r.fs != nil {
		if p, _ := r.packs.find(h); p == nil && r.packs.loose {
			data, err := r.looseBlob(h)
			if !errors.Is(err, fs.ErrNotExist) {
				return data, err
			}
		}
	}
	return r.objectData(plumbing.BlobObject, h)
}

// objectData reads the object h, of type t, whole: from its pack
// directly when it is stored whole there (one read of the entry and its
// inflating into the object's own buffer), else through go-git (a
// delta, a loose object, a repository in memory). The caller holds r.mu.
func (r *Repo) objectData(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	if r.packs != nil {
		if p, off := r.packs.find(h); p != nil {
			typ, data, ok, err := r.packs.readWhole(p, off)
			if err != nil {
				return nil, fmt.Errorf("object %s: %w", h, err)
			}
			if ok && typ != t {
				return nil, fmt.Errorf("object %s is a %s, not a %s", h, typ, t)
			}
			if ok {
				return data, nil
			}
		}
	}
	obj, err := r.st.EncodedObject(t, h)
	if err != nil {
		return nil, err
	}
	if obj.Size() < 0 || obj.Size() > maxBlob {
		return nil, fmt.Errorf("object %s: bad size %d", h, obj.Size())
	}
	rd, err := obj.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	data := make([]byte, obj.Size())
	if _, err := io.ReadFull(rd, data); err != nil {
		return nil, fmt.Errorf("object %s: %w", h, err)
	}
	return data, nil
}

// looseObject opens the loose object h and reads its header: the reader
// it returns is positioned at the content. An object that is not loose
// (it may be packed) is an error wrapping fs.ErrNotExist.
func (r *Repo) looseObject(h plumbing.Hash) (io.ReadCloser, plumbing.ObjectType, int64, error) {
	hex := h.String()
	f, err := r.fs.Open(path.Join("objects", hex[:2], hex[2:]))
	if err != nil {
		return nil, 0, 0, err
	}
	zr, err := zlib.NewReader(f)
	if err != nil {
		f.Close()
		return nil, 0, 0, fmt.Errorf("object %s: %w", h, err)
	}
	br := bufio.NewReaderSize(zr, 64)
	typ, size, err := readObjectHeader(br)
	if err != nil {
		f.Close()
		return nil, 0, 0, fmt.Errorf("object %s: %w", h, err)
	}
	return readCloser{br, f}, typ, size, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// readObjectHeader reads a loose object's "TYPE SIZE\0".
func readObjectHeader(br *bufio.Reader) (plumbing.ObjectType, int64, error) {
	hdr, err := br.ReadSlice(0)
	if err != nil {
		return 0, 0, fmt.Errorf("bad header: %w", err)
	}
	name, num, ok := bytes.Cut(hdr[:len(hdr)-1], []byte{' '})
	typ, terr := plumbing.ParseObjectType(string(name))
	size, serr := strconv.ParseInt(string(num), 10, 64)
	if !ok || terr != nil || serr != nil || size < 0 || size > maxBlob {
		return 0, 0, fmt.Errorf("bad header %q", hdr)
	}
	return typ, size, nil
}

// looseBlob reads the loose blob h whole.
func (r *Repo) looseBlob(h plumbing.Hash) ([]byte, error) {
	rd, typ, size, err := r.looseObject(h)
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	if typ != plumbing.BlobObject {
		return nil, fmt.Errorf("object %s is a %s, not a blob", h, typ)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(rd, data); err != nil {
		return nil, fmt.Errorf("object %s: %w", h, err)
	}
	return data, nil
}

// blobSize is the size of the blob h, from what the repository already
// knows (see sizes) or the object's header, without reading its content.
// The caller holds r.mu.
func (r *Repo) blobSize(h plumbing.Hash) (int64, error) {
	if size, ok := r.sizes[h]; ok {
		return size, nil
	}
	var size int64
	if sizer, ok := r.st.(interface {
		EncodedObjectSize(plumbing.Hash) (int64, error)
	}); ok {
		s, err := sizer.EncodedObjectSize(h)
		if err != nil {
			return 0, fmt.Errorf("blob %s: %w", h, err)
		}
		size = s
	} else {
		obj, err := r.st.EncodedObject(plumbing.BlobObject, h)
		if err != nil {
			return 0, fmt.Errorf("blob %s: %w", h, err)
		}
		size = obj.Size()
	}
	r.knowSize(h, size)
	return size, nil
}

// Blob sizes. git's trees do not say how big a file is, and a stat, df
// and the disk limit need every size as soon as the workspace is open.
// Reading each blob's header would cost an open per file; instead the
// sizes of the blobs moonix writes or reads are kept in DIR/moonix/sizes,
// a cache of facts that never go stale (a blob's id fixes its size): one
// record of 28 bytes per blob, its id and its size (big-endian), appended
// after each snapshot and save. A size it lacks is read from the object's
// header and added; a torn last record (a kill mid-append) is cut off
// when the file is read.

const (
	sizesFile   = markerDir + "/sizes"
	sizesRecord = 20 + 8
)

// knowSize records that blob h has size bytes. The caller holds r.mu.
func (r *Repo) knowSize(h plumbing.Hash, size int64) {
	if r.sizes == nil {
		r.sizes = map[plumbing.Hash]int64{}
	}
	if _, ok := r.sizes[h]; ok {
		return
	}
	r.sizes[h] = size
	if r.fs != nil {
		r.newSizes = append(r.newSizes, h[:]...)
		r.newSizes = binary.BigEndian.AppendUint64(r.newSizes, uint64(size))
	}
}

// loadSizes reads the sizes file of a workspace directory and keeps it
// open for appending.
func (r *Repo) loadSizes() {
	f, err := r.fs.OpenFile(sizesFile, os.O_RDWR|os.O_APPEND, 0)
	if err != nil {
		return // none yet: saveSizes makes it
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return
	}
	if torn := len(data) % sizesRecord; torn != 0 {
		data = data[:len(data)-torn]
		if f.Truncate(int64(len(data))) != nil {
			f.Close()
			return
		}
	}
	r.sizesOut, r.sizesEnd = f, int64(len(data))
	r.sizes = make(map[plumbing.Hash]int64, len(data)/sizesRecord)
	for ; len(data) > 0; data = data[sizesRecord:] {
		r.sizes[plumbing.Hash(data[:20])] = int64(binary.BigEndian.Uint64(data[20:sizesRecord]))
	}
}

// saveSizes appends the sizes learnt since the last save. The caller holds
// r.mu. A failure loses nothing but time: the sizes are read again from
// the objects next time.
func (r *Repo) saveSizes() {
	if len(r.newSizes) == 0 || r.fs == nil {
		return
	}
	if r.sizesOut == nil {
		f, err := r.fs.OpenFile(sizesFile, os.O_WRONLY|os.O_CREATE|os.O_APPEND|os.O_TRUNC, 0o644)
		if err != nil {
			return
		}
		r.sizesOut, r.sizesEnd = f, 0
	}
	if _, err := r.sizesOut.Write(r.newSizes); err != nil {
		r.sizesOut.Truncate(r.sizesEnd) // whole records only, or the next ones are misread
		return
	}
	r.sizesEnd += int64(len(r.newSizes))
	r.newSizes = r.newSizes[:0]
}
