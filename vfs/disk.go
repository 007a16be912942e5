package vfs

import (
	"sync/atomic"
	"syscall"
)

// Limits bound a Tree like a disk: the bytes of its files' data and
// symlinks' targets, and its inodes (files, directories, links, devices).
// Zero means no bound. Past them a write fails with ENOSPC after writing
// what fits (what was written stays), and a creation with ENOSPC; a file
// cannot be made larger than the whole disk (EFBIG). A node's space and
// inode come back when its last name is removed and its last open file
// closed. Trees restored from history or imported are counted, not
// refused: a tree over its limits takes no more until it shrinks.
type Limits struct {
	Bytes  int64
	Inodes int64
}

// Usage is what a Tree holds, with its limits.
type Usage struct {
	Bytes  int64
	Inodes int64
	Limits Limits
}

// SetLimits bounds the tree from now on.
func (t *Tree) SetLimits(l Limits) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.limits = l
}

// Usage is what the tree holds now.
func (t *Tree) Usage() Usage {
	t.mu.RLock()
	defer t.mu.RUnlock()
	u := t.used
	u.Limits = t.limits
	return u
}

// maxData bounds a tree that has no limit of bytes: its data lives in
// memory, and Go allocates at most 2^48 bytes in one piece (on 64-bit
// platforms), so a file grown past that (truncate to 2^62, a write at
// such an offset) would panic the allocator rather than fail.
const maxData = 1<<48 - 1

// diskBytes is the size of the whole disk: the limit, or maxData.
func (t *Tree) diskBytes() int64 {
	if t.limits.Bytes <= 0 {
		return maxData
	}
	return t.limits.Bytes
}

// roomLeft is the number of bytes that may still be added. The caller
// holds t.mu.
func (t *Tree) roomLeft() int64 {
	return max(t.diskBytes()-t.used.Bytes, 0)
}

// room checks that n more bytes fit: EFBIG when they would not fit in
// the whole disk, ENOSPC when they do not fit in what is left. The
// caller holds t.mu.
func (t *Tree) room(op, name string, n int64) error {
	switch {
	case n <= t.roomLeft():
		return nil
	case n > t.diskBytes():
		return t.refuse(op, name, syscall.EFBIG, &t.refused.Bytes)
	}
	return t.refuse(op, name, syscall.ENOSPC, &t.refused.Bytes)
}

// Refusals count the operations the limits refused, by limit (see
// Tree.Refused).
type Refusals struct {
	Bytes, Inodes int64
}

// refusals are a tree's Refusals as it counts them.
type refusals struct {
	Bytes, Inodes atomic.Int64
}

// Refused counts the writes and creations the tree refused for want of
// room since it was made: an agent's result says which limit a
// statement hit (a command reports only ENOSPC).
func (t *Tree) Refused() Refusals {
	return Refusals{Bytes: t.refused.Bytes.Load(), Inodes: t.refused.Inodes.Load()}
}

// refuse counts a refusal against the limit counted by n and returns
// its error.
func (t *Tree) refuse(op, name string, errno syscall.Errno, n *atomic.Int64) error {
	n.Add(1)
	return pathErr(op, name, errno)
}

// inodeRoom checks that one more inode fits. The caller holds t.mu.
func (t *Tree) inodeRoom(op, name string) error {
	if t.limits.Inodes > 0 && t.used.Inodes >= t.limits.Inodes {
		return t.refuse(op, name, syscall.ENOSPC, &t.refused.Inodes)
	}
	return nil
}

// setData replaces n's data and counts the difference. The caller holds
// t.mu for writing.
func (t *Tree) setData(n *node, data content) {
	if n.counted() {
		t.used.Bytes += data.size - n.size()
	}
	n.data, n.lazy = data, nil
}

// resize changes n's loaded data with change and counts the difference.
// The caller holds t.mu for writing.
func (t *Tree) resize(n *node, change func(*content)) {
	old := n.data.size
	change(&n.data)
	if n.counted() {
		t.used.Bytes += n.data.size - old
	}
}

// setLazy makes n's content the blob ref names, not loaded, and counts the
// difference. The caller holds t.mu for writing.
func (t *Tree) setLazy(n *node, ref *blobRef) {
	if n.counted() {
		t.used.Bytes += ref.size - n.size()
	}
	n.data, n.lazy = content{}, ref
}

// size is the length of a regular file's content, loaded or not.
func (n *node) size() int64 {
	if n.lazy != nil {
		return n.lazy.size
	}
	return n.data.size
}

// load reads n's content into memory when it is not there. The caller
// holds t.mu for writing; load releases it while the blob is read (the
// history takes its own lock to read, after the tree's in its order) and
// retakes it, so anything the caller looked at before may have changed.
func (t *Tree) load(n *node) error {
	for n.lazy != nil {
		ref, blobs := n.lazy, t.blobs
		if blobs == nil && ref.read == nil {
			return syscall.EIO
		}
		t.mu.Unlock()
		var data []byte
		var err error
		if ref.read != nil {
			data, err = ref.read()
		} else {
			data, err = blobs.readBlob(ref.id, ref.size)
		}
		t.mu.Lock()
		if ref.read != nil && err != nil {
			return underlying(err) // the source's reason
		}
		if err != nil {
			return syscall.EIO
		}
		if n.lazy == ref {
			t.setData(n, contentOf(data))
		}
	}
	return nil
}

// setTarget sets a new symlink's target and counts it.
func (t *Tree) setTarget(n *node, target string) {
	t.used.Bytes += int64(len(target)) - int64(len(n.target))
	n.target = target
}

// release frees n once nothing holds it, no name and no open file: its
// bytes and inode are given back. A directory dropped with its entries
// (a rollback drops whole subtrees) drops their names too. The caller
// holds t.mu for writing.
func (t *Tree) release(n *node) {
	if n.nlink > 0 || n.opens.Load() > 0 || n.freed {
		return
	}
	if n.counted() {
		t.used.Inodes--
		t.used.Bytes -= n.size() + int64(len(n.target))
	}
	n.freed = true
	for _, k := range n.kids {
		if k.mode.IsDir() {
			k.nlink = 0
		} else {
			k.nlink--
		}
		t.release(k)
	}
}

// counted reports whether n counts against the tree's limits: a node is
// not once freed, nor what a mount shows from its source.
func (n *node) counted() bool { return !n.freed && (n.ino < mountIno || n.own) }
