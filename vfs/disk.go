package vfs

import "syscall"

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
		return pathErr(op, name, syscall.EFBIG)
	}
	return pathErr(op, name, syscall.ENOSPC)
}

// inodeRoom checks that one more inode fits. The caller holds t.mu.
func (t *Tree) inodeRoom(op, name string) error {
	if t.limits.Inodes > 0 && t.used.Inodes >= t.limits.Inodes {
		return pathErr(op, name, syscall.ENOSPC)
	}
	return nil
}

// setData replaces n's data and counts the difference. The caller holds
// t.mu for writing.
func (t *Tree) setData(n *node, data []byte) {
	if !n.freed {
		t.used.Bytes += int64(len(data)) - int64(len(n.data))
	}
	n.data = data
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
	n.freed = true
	t.used.Inodes--
	t.used.Bytes -= int64(len(n.data)) + int64(len(n.target))
	for _, k := range n.kids {
		if k.mode.IsDir() {
			k.nlink = 0
		} else {
			k.nlink--
		}
		t.release(k)
	}
}
