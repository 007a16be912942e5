package vfs

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// Close releases the repository's files.
func (r *Repo) Close() error {
	if r.sizesOut != nil {
		r.sizesOut.Close()
	}
	if c, ok := r.st.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Current returns the current branch and snapshot (nil before the first).
func (r *Repo) Current() (string, *Snapshot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	branch := r.branch()
	h, ok := r.currentHash()
	if !ok {
		return branch, nil, nil
	}
	c, m, err := r.commit(h)
	if err != nil {
		return branch, nil, err
	}
	s, err := r.describe(c, m)
	if err != nil {
		return branch, nil, err
	}
	return branch, &s, nil
}

// CurrentID is the current snapshot's full id, "" before the first: what
// Current says of it, without reading the commit (the effect log asks for
// it on every entry).
func (r *Repo) CurrentID() string {
	if id := r.curID.Load(); id != nil {
		return *id
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.noteCurrent()
	return *r.curID.Load()
}

// Resolve finds the snapshot spec names: a unique prefix of an id (4
// characters at least), a branch name, HEAD (the current snapshot), each
// optionally followed by ~N or ^ to go back N (or one) snapshots.
func (r *Repo) Resolve(spec string) (Snapshot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, err := r.resolve(spec)
	if err != nil {
		return Snapshot{}, err
	}
	c, m, err := r.commit(h)
	if err != nil {
		return Snapshot{}, err
	}
	return r.describe(c, m)
}

func (r *Repo) resolve(spec string) (plumbing.Hash, error) {
	base, back := spec, 0
	for {
		if i := strings.LastIndexAny(base, "~^"); i > 0 {
			n := 1
			if base[i] == '~' && i+1 < len(base) {
				v, err := strconv.Atoi(base[i+1:])
				if err != nil || v < 0 {
					return plumbing.ZeroHash, fmt.Errorf("bad snapshot name %q", spec)
				}
				n = v
			} else if i+1 < len(base) {
				return plumbing.ZeroHash, fmt.Errorf("bad snapshot name %q", spec)
			}
			back += n
			base = base[:i]
			continue
		}
		break
	}
	h, err := r.resolveBase(base, spec)
	if err != nil {
		return h, err
	}
	for i := 0; i < back; i++ {
		c, err := r.getCommit(h)
		if err != nil {
			return h, err
		}
		if len(c.ParentHashes) == 0 {
			return h, fmt.Errorf("%s: %s has only %d older snapshot%s", spec, base, i, map[bool]string{true: "", false: "s"}[i == 1])
		}
		h = c.ParentHashes[0]
	}
	return h, nil
}

func (r *Repo) resolveBase(base, spec string) (plumbing.Hash, error) {
	switch base {
	case "", "HEAD", "@":
		if h, ok := r.currentHash(); ok {
			return h, nil
		}
		return plumbing.ZeroHash, ErrNoSnapshot
	case "-":
		return r.previous() // the position before the last rollback
	}
	if h, ok := r.ref(plumbing.NewBranchReferenceName(base)); ok {
		return h, nil
	}
	if strings.Contains(base, "/") { // REMOTE/BRANCH, as fetch left it
		if h, ok := r.ref(plumbing.ReferenceName("refs/remotes/" + base)); ok {
			return h, nil
		}
	}
	if err := r.needIDs(); err != nil {
		return plumbing.ZeroHash, err
	}
	if len(base) >= 4 && isHex(base) {
		base = strings.ToLower(base)
		i, _ := slices.BinarySearch(r.ids, base)
		var matches []string
		for ; i < len(r.ids) && strings.HasPrefix(r.ids[i], base); i++ {
			matches = append(matches, r.ids[i])
		}
		switch len(matches) {
		case 1:
			return plumbing.NewHash(matches[0]), nil
		case 0:
		default:
			for j, m := range matches {
				matches[j] = r.short(m)
			}
			return plumbing.ZeroHash, fmt.Errorf("snapshot id %q is ambiguous: it matches %s", base, strings.Join(matches, ", "))
		}
	}
	if len(r.ids) == 0 {
		return plumbing.ZeroHash, ErrNoSnapshot
	}
	return plumbing.ZeroHash, fmt.Errorf("unknown snapshot %q", spec)
}

func isHex(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}

// Rollback puts the tree back to the snapshot spec names and makes it the
// current snapshot. Nothing is lost: the branch keeps its newer snapshots,
// and the tree's unsnapshotted changes are the caller's to have saved.
func (r *Repo) Rollback(spec string) (Snapshot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h, err := r.resolve(spec)
	if err != nil {
		return Snapshot{}, err
	}
	return r.moveTo(h)
}

// moveTo restores the snapshot h and makes it current.
func (r *Repo) moveTo(h plumbing.Hash) (Snapshot, error) {
	c, m, err := r.commit(h)
	if err != nil {
		return Snapshot{}, err
	}
	if err := r.restore(c, m); err != nil {
		return Snapshot{}, err
	}
	if err := r.setCurrent(h); err != nil {
		return Snapshot{}, err
	}
	return r.describe(c, m)
}

// Log lists snapshots newest first: the current branch's (following first
// parents from its tip), or with all every snapshot kept anywhere. n <= 0
// means no limit.
func (r *Repo) Log(n int, all bool) ([]Snapshot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.needIDs(); err != nil {
		return nil, err
	}
	var hashes []plumbing.Hash
	if all {
		for _, id := range r.ids {
			hashes = append(hashes, plumbing.NewHash(id))
		}
	} else if tip, ok := r.ref(plumbing.NewBranchReferenceName(r.branch())); ok {
		for h := tip; !h.IsZero(); {
			hashes = append(hashes, h)
			c, err := r.getCommit(h)
			if err != nil {
				return nil, err
			}
			h = plumbing.ZeroHash
			if len(c.ParentHashes) > 0 {
				h = c.ParentHashes[0]
			}
		}
	}
	var out []Snapshot
	for _, h := range hashes {
		c, m, err := r.commit(h)
		if err != nil {
			return nil, err
		}
		s, err := r.describe(c, m)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if all {
		slices.SortStableFunc(out, func(a, b Snapshot) int {
			if c := b.Time.Compare(a.Time); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
	}
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out, nil
}

// Branches lists the branches by name.
func (r *Repo) Branches() ([]Branch, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	iter, err := r.st.IterReferences()
	if err != nil {
		return nil, err
	}
	current := r.branch()
	var out []Branch
	err = iter.ForEach(func(ref *plumbing.Reference) error {
		if !ref.Name().IsBranch() || ref.Type() != plumbing.HashReference {
			return nil
		}
		c, m, err := r.commit(ref.Hash())
		if err != nil {
			return err
		}
		name := ref.Name().Short()
		head, err := r.describe(c, m)
		out = append(out, Branch{Name: name, Head: head, Current: name == current})
		return err
	})
	if _, ok := r.ref(plumbing.NewBranchReferenceName(current)); !ok {
		out = append(out, Branch{Name: current, Current: true}) // no snapshot yet
	}
	slices.SortFunc(out, func(a, b Branch) int { return strings.Compare(a.Name, b.Name) })
	return out, err
}

// validBranch checks a branch name against git's rules (and moonix's: no
// slashes, not a possible snapshot id).
func validBranch(name string) error {
	bad := name == "" || name == "HEAD" || name == "@" || strings.HasPrefix(name, "-") ||
		strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") || strings.HasSuffix(name, ".lock") ||
		strings.Contains(name, "..") || strings.ContainsAny(name, " ~^:?*[\\/\x7f@{") || strings.IndexFunc(name, func(r rune) bool { return r < 0x20 }) >= 0
	if bad {
		return fmt.Errorf("%q is not a valid branch name", name)
	}
	return nil
}

// CreateBranch makes a branch at the current snapshot; it does not switch.
func (r *Repo) CreateBranch(name string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := validBranch(name); err != nil {
		return err
	}
	ref := plumbing.NewBranchReferenceName(name)
	if _, ok := r.ref(ref); ok || name == r.branch() {
		return fmt.Errorf("branch %q already exists", name)
	}
	h, ok := r.currentHash()
	if !ok {
		return ErrNoSnapshot
	}
	return r.setRef(ref, h)
}

// Switch makes name the current branch and puts the tree back to its
// newest snapshot. It refuses when the tree has unsnapshotted changes,
// unless discard.
func (r *Repo) Switch(name string, discard bool) (Snapshot, error) {
	ref := plumbing.NewBranchReferenceName(name)
	r.mu.Lock()
	_, ok := r.ref(ref)
	r.mu.Unlock()
	if !ok {
		return Snapshot{}, fmt.Errorf("no branch %q", name)
	}
	if !discard && r.Dirty() {
		return Snapshot{}, ErrDirty
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	h, _ := r.ref(ref)
	if err := r.setSymbolicHEAD(name); err != nil {
		return Snapshot{}, err
	}
	return r.moveTo(h)
}

// Fork makes a new branch name at the snapshot spec names and switches to
// it, with the same rule about unsnapshotted changes as Switch.
func (r *Repo) Fork(spec, name string, discard bool) (Snapshot, error) {
	if err := validBranch(name); err != nil {
		return Snapshot{}, err
	}
	r.mu.Lock()
	h, err := r.resolve(spec)
	_, exists := r.ref(plumbing.NewBranchReferenceName(name))
	r.mu.Unlock()
	if err != nil {
		return Snapshot{}, err
	}
	if exists {
		return Snapshot{}, fmt.Errorf("branch %q already exists", name)
	}
	if !discard && r.Dirty() {
		return Snapshot{}, ErrDirty
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.setRef(plumbing.NewBranchReferenceName(name), h); err != nil {
		return Snapshot{}, err
	}
	if err := r.setSymbolicHEAD(name); err != nil {
		return Snapshot{}, err
	}
	return r.moveTo(h)
}

// side is one side of a comparison: a snapshot's tree (hash) or the
// working tree (node).
type side struct {
	hash plumbing.Hash
	mode filemode.FileMode
	node *node
}

// NullSpec names the empty tree, what there was before the first
// snapshot, in Changes (git's null id): the changes from it are what
// history records of the working tree.
const NullSpec = "0000000000000000000000000000000000000000"

func (r *Repo) sideOf(spec string) (side, error) {
	switch spec {
	case "":
		return side{node: r.tree.root, mode: filemode.Dir}, nil
	case NullSpec:
		return side{node: &node{mode: fs.ModeDir}, mode: filemode.Dir}, nil
	}
	h, err := r.resolve(spec)
	if err != nil {
		return side{}, err
	}
	c, err := r.getCommit(h)
	if err != nil {
		return side{}, err
	}
	fh, err := r.fsTree(c)
	return side{hash: fh, mode: filemode.Dir}, err
}

func (s side) id() plumbing.Hash {
	if s.node != nil {
		return hashNode(s.node)
	}
	return s.hash
}

func (r *Repo) entries(s side) (map[string]side, error) {
	if s.node != nil {
		out := make(map[string]side, len(s.node.kids))
		for name, k := range s.node.history {
			out[name] = side{node: k, mode: gitMode(k.mode)}
		}
		return out, nil
	}
	data, err := r.objectData(plumbing.TreeObject, s.hash)
	if err != nil {
		return nil, err
	}
	n := 0
	for range treeEntries(data) {
		n++
	}
	out := make(map[string]side, n)
	for e, err := range treeEntries(data) {
		if err != nil {
			return nil, fmt.Errorf("tree %s: %w", s.hash, err)
		}
		out[string(e.name)] = side{hash: e.hash, mode: e.mode}
	}
	return out, nil
}

// Changes lists the paths that differ from snapshot from to snapshot to,
// sorted; an empty spec is the working tree. Only content and the
// executable bit count, as in git.
func (r *Repo) Changes(from, to string) ([]Change, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a, err := r.sideOf(from)
	if err != nil {
		return nil, err
	}
	b, err := r.sideOf(to)
	if err != nil {
		return nil, err
	}
	r.tree.mu.Lock()
	defer r.tree.mu.Unlock()
	return r.changes(a, b)
}

// changes lists the paths that differ from a to b, sorted, a whiteout as
// the entry it hides. The caller holds the tree's lock for writing.
func (r *Repo) changes(a, b side) ([]Change, error) {
	var out []Change
	err := r.compare(a, b, "/", &out)
	for i, c := range out {
		if p, ok := r.tree.whiteoutPath(c.Path); ok {
			// a whiteout added is its entry removed, and back
			out[i].Path, out[i].Kind = p, map[ChangeKind]ChangeKind{Added: Removed, Removed: Added}[c.Kind]
		}
	}
	rank := map[ChangeKind]int{Removed: 0, Modified: 1, Added: 2} // a path replaced: removed, then added
	slices.SortFunc(out, func(x, y Change) int {
		if c := strings.Compare(x.Path, y.Path); c != 0 {
			return c
		}
		return rank[x.Kind] - rank[y.Kind]
	})
	return slices.Compact(out), err // an entry removed and its whiteout added say it twice
}

func (r *Repo) compare(a, b side, p string, out *[]Change) error {
	if a.id() == b.id() && a.mode == b.mode {
		return nil
	}
	aDir, bDir := a.mode == filemode.Dir, b.mode == filemode.Dir
	if !aDir || !bDir {
		if aDir || bDir {
			if err := r.listAll(a, p, Removed, out); err != nil {
				return err
			}
			return r.listAll(b, p, Added, out)
		}
		*out = append(*out, Change{Path: p, Kind: Modified})
		return nil
	}
	switch {
	case a.node != nil && b.node == nil:
		return r.compareWithTree(a, b, p, true, out)
	case a.node == nil && b.node != nil:
		return r.compareWithTree(b, a, p, false, out)
	}
	ea, err := r.entries(a)
	if err != nil {
		return err
	}
	eb, err := r.entries(b)
	if err != nil {
		return err
	}
	for name, sa := range ea {
		sb, ok := eb[name]
		switch {
		case ok && sa.id() == sb.id() && sa.mode == sb.mode:
			// the same: most entries of a big directory
		case ok:
			if err := r.compare(sa, sb, path.Join(p, name), out); err != nil {
				return err
			}
		default:
			if err := r.listAll(sa, path.Join(p, name), Removed, out); err != nil {
				return err
			}
		}
	}
	for name, sb := range eb {
		if _, ok := ea[name]; !ok {
			if err := r.listAll(sb, path.Join(p, name), Added, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// compareWithTree is compare of the directories nd, of the working tree,
// and th, of a snapshot (a is nd when ndFirst, else th). It reads th's
// entries in place and looks each up in nd, without a map of either
// side (a rollback's check of the paths it changes spent most of its
// time making them, in a directory of 1,000 entries).
func (r *Repo) compareWithTree(nd, th side, p string, ndFirst bool, out *[]Change) error {
	data, err := r.objectData(plumbing.TreeObject, th.hash)
	if err != nil {
		return err
	}
	onlyTree, onlyNode := Added, Removed
	if !ndFirst {
		onlyTree, onlyNode = Removed, Added
	}
	named := 0
	for e, err := range treeEntries(data) {
		if err != nil {
			return fmt.Errorf("tree %s: %w", th.hash, err)
		}
		ts := side{hash: e.hash, mode: e.mode}
		k := nd.node.kids[string(e.name)]
		if k == nil || !k.inHistory() {
			k = nil
			if bytes.HasPrefix(e.name, []byte(whiteoutPrefix)) {
				k = nd.node.historyKid(string(e.name))
			}
		}
		if k == nil {
			if err := r.listAll(ts, path.Join(p, string(e.name)), onlyTree, out); err != nil {
				return err
			}
			continue
		}
		named++
		ns := side{node: k, mode: gitMode(k.mode)}
		if ns.id() == ts.id() && ns.mode == ts.mode {
			continue // the same: most entries of a big directory
		}
		a, b := ns, ts
		if !ndFirst {
			a, b = ts, ns
		}
		if err := r.compare(a, b, path.Join(p, string(e.name)), out); err != nil {
			return err
		}
	}
	inHistory := 0
	for range nd.node.history {
		inHistory++
	}
	if named == inHistory {
		return nil
	}
	names := map[string]bool{}
	for e := range treeEntries(data) {
		names[string(e.name)] = true
	}
	for name, k := range nd.node.history {
		if !names[name] {
			if err := r.listAll(side{node: k, mode: gitMode(k.mode)}, path.Join(p, name), onlyNode, out); err != nil {
				return err
			}
		}
	}
	return nil
}

// listAll reports every path in s (a file, or a directory and everything
// in it) as kind.
func (r *Repo) listAll(s side, p string, kind ChangeKind, out *[]Change) error {
	*out = append(*out, Change{Path: p, Kind: kind})
	if s.mode != filemode.Dir {
		return nil
	}
	es, err := r.entries(s)
	if err != nil {
		return err
	}
	for name, k := range es {
		if err := r.listAll(k, path.Join(p, name), kind, out); err != nil {
			return err
		}
	}
	return nil
}

// ReadFile returns the content of the file p (absolute) in the snapshot
// spec names, or in the working tree when spec is empty. For a symlink it
// is the link's target.
func (r *Repo) ReadFile(spec, p string) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, err := r.sideOf(spec)
	if err != nil {
		return nil, err
	}
	r.tree.mu.RLock()
	defer r.tree.mu.RUnlock()
	for _, part := range splitPath(path.Clean("/" + p)) {
		if s.mode != filemode.Dir {
			return nil, &fs.PathError{Op: "show", Path: p, Err: syscall.ENOTDIR}
		}
		es, err := r.entries(s)
		if err != nil {
			return nil, err
		}
		k, ok := es[part]
		if !ok {
			return nil, &fs.PathError{Op: "show", Path: p, Err: fs.ErrNotExist}
		}
		s = k
	}
	switch {
	case s.mode == filemode.Dir:
		return nil, &fs.PathError{Op: "show", Path: p, Err: syscall.EISDIR}
	case s.node != nil && s.node.mode&fs.ModeSymlink != 0:
		return []byte(s.node.target), nil
	case s.node != nil && s.node.lazy != nil:
		return r.blobData(s.node.lazy.id)
	case s.node != nil:
		return s.node.data.bytes(), nil
	}
	return r.blobData(s.hash)
}
