package vfs

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io/fs"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Short ids without the history. A snapshot's short id is its shortest
// prefix, of 7 characters at least, that no other snapshot shares; that
// needs every snapshot id (needIDs), which costs a walk of the whole
// history. But the snapshots are objects of the repository: when no other
// object begins with the same 7 characters, no other snapshot does, and
// the short id is those 7, found in the pack indexes and one directory of
// loose objects. So the current snapshot's short id, which every --json
// result and the REPL's prompt show, costs no walk.

const (
	shortLen = 7           // the length of the shortest short id
	idLen    = hashHex / 2 // an object id's bytes
)

// alone reports whether no object of the workspace directory but id
// begins with id's first shortLen hexadecimal digits. It answers false
// when it cannot tell (a repository in memory, a directory it cannot
// read). The caller holds r.mu.
func (r *Repo) alone(id plumbing.Hash) bool {
	if r.packs == nil {
		return false
	}
	hexID := id.String()
	for _, p := range r.packs.packs {
		if p.idx == nil {
			return false
		}
		k := p.idx.FanoutMapping[id[0]]
		if k < 0 || k >= len(p.idx.Names) {
			continue
		}
		names := p.idx.Names[k]
		n := len(names) / idLen
		// The objects that share a prefix with id sit beside it in the
		// sorted names: its neighbours are the only ones to look at.
		lo, hi := 0, n
		for lo < hi {
			mid := (lo + hi) / 2
			if bytes.Compare(names[mid*idLen:(mid+1)*idLen], id[:]) < 0 {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		for _, i := range []int{lo - 1, lo, lo + 1} {
			if i < 0 || i >= n {
				continue
			}
			name := names[i*idLen : (i+1)*idLen]
			if !bytes.Equal(name, id[:]) && hex.EncodeToString(name[:4])[:shortLen] == hexID[:shortLen] {
				return false
			}
		}
	}
	if r.packs.loose {
		entries, err := r.fs.ReadDir(path.Join("objects", hexID[:2]))
		if err != nil {
			return errors.Is(err, fs.ErrNotExist)
		}
		for _, e := range entries {
			if e.Name() != hexID[2:] && strings.HasPrefix(e.Name(), hexID[2:shortLen]) {
				return false
			}
		}
	}
	return true
}
