package vfs

import (
	"bytes"
	"cmp"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/memory"

	"github.com/moonix-sh/moonix/clock"
)

// Repo is the git history of a Tree: snapshots are commits of the whole
// tree, and the tree can be put back to any of them. It is safe for
// concurrent use.
//
// A snapshot commit's tree holds two entries: fs, the filesystem (regular
// files, executables, symlinks and directories, empty ones included), and
// moonix.json, what git cannot hold: the shell's exported environment and
// working directory, and permission bits other than git's 644/755. Device
// nodes are not part of history; the tree keeps its own.
//
// Refs: HEAD names the current branch (refs/heads/NAME, whose tip is the
// newest snapshot on it); refs/moonix/current is the snapshot the tree
// came from, which a rollback may have moved behind the tip;
// refs/moonix/worktree keeps the unsnapshotted working state across
// restarts; refs/moonix/kept/ID keeps snapshots a branch moved away from, so
// that nothing is ever unreachable.
type Repo struct {
	mu    sync.Mutex
	tree  *Tree
	st    storage.Storer
	fs    billy.Filesystem // nil in memory
	clock clock.Clock
	// ids are every snapshot id, sorted (for short ids and prefixes),
	// once idsLoaded says they were collected (see needIDs): opening a
	// workspace does not walk its history.
	ids       []string
	idsLoaded bool
	// sizes are the blob sizes known (see objects.go); newSizes the
	// records not yet appended to the workspace's sizes file.
	sizes    map[plumbing.Hash]int64
	newSizes []byte
	// batch collects the objects a write of the tree adds (pack.go).
	batch *batch
	// packs are the packfiles of a workspace directory (packs.go).
	packs *packSet
	// packedRefs says the workspace directory has a packed-refs file
	// (git pack-refs makes one; moonix and go-git do not): without one,
	// a ref whose file is missing does not exist.
	packedRefs bool
	// read are the commits read (see getCommit).
	read map[plumbing.Hash]readCommit
	// zfast and znone are the compressors of loose objects and packs,
	// made once (see pack.go).
	zfast, znone *zlib.Writer
	// sizesOut is the sizes file, open for appending, and sizesEnd its
	// length (see objects.go).
	sizesOut billy.File
	sizesEnd int64
	// curID is the current snapshot's id (see noteCurrent).
	curID atomic.Pointer[string]
	// arrived are the snapshots a clone or a fetch brought (see
	// arrived.go), replaced whole when it grows.
	arrived atomic.Pointer[map[string]bool]
	// unrecorded are the NAME=VALUE pairs history leaves out of a
	// state (see Unrecord).
	unrecorded atomic.Pointer[map[string]bool]
}

// Unrecord makes history leave the variables of pairs (NAME=VALUE) out
// of the states it stores while they hold those values: the ones the
// command line gave the session (--env), a token copied from the host
// among them, which would otherwise be kept in every snapshot and sent
// with a push. A state restored without them gets them from the caller,
// as a new session does.
func (r *Repo) Unrecord(pairs []string) {
	m := map[string]bool{}
	for _, kv := range pairs {
		m[kv] = true
	}
	r.unrecorded.Store(&m)
}

// recordedEnv is env as history stores it: sorted, without the
// unrecorded pairs.
func (r *Repo) recordedEnv(env []string) []string {
	env = slices.Clone(env)
	if m := r.unrecorded.Load(); m != nil && len(*m) > 0 {
		env = slices.DeleteFunc(env, func(kv string) bool { return (*m)[kv] })
	}
	slices.Sort(env)
	return env
}

// State is the shell state a snapshot keeps beside the tree.
type State struct {
	Env []string // exported variables, NAME=VALUE, sorted
	Dir string   // working directory
	// Effects is the effect log's position (its newest entry's sequence
	// number) when the state was taken: the effects after a snapshot are
	// those after its position. It alone does not make a new snapshot.
	Effects int64
	// Mounts is the mount table that history keeps (Tree.MountTable),
	// as the state was taken; setting it does nothing.
	Mounts []MountInfo
}

// Snapshot describes one snapshot.
type Snapshot struct {
	ID      string // full commit id
	Short   string // shortest unique prefix, at least 7 characters
	Message string
	Time    time.Time
	Parent  string // "" for the first
	State   State
	// Arrived says that a clone or a fetch brought the snapshot: it was
	// taken in another workspace, and State.Effects is a place in that
	// workspace's effect log, not in this one's.
	Arrived bool
}

// Branch is one line of history.
type Branch struct {
	Name    string
	Head    Snapshot
	Current bool
}

// ChangeKind says how a path differs between two trees.
type ChangeKind byte

const (
	Added    ChangeKind = 'A'
	Modified ChangeKind = 'M'
	Removed  ChangeKind = 'D'
)

// Change is one path that differs.
type Change struct {
	Path string
	Kind ChangeKind
}

// Errors a caller may want to tell apart.
var (
	ErrNoSnapshot = errors.New("no snapshots yet")
	ErrDirty      = errors.New("the tree has changes since the last snapshot")
)

const (
	author        = "moonix"
	authorEmail   = "moonix@localhost"
	metaName      = "moonix.json"
	fsName        = "fs"
	refCurrent    = plumbing.ReferenceName("refs/moonix/current")
	refWorktree   = plumbing.ReferenceName("refs/moonix/worktree")
	refKeptPrefix = "refs/moonix/kept/"
	// markerDir holds moonix's own files in a workspace directory and marks
	// the directory as a moonix workspace.
	markerDir = "moonix"
)

// meta is moonix.json.
type meta struct {
	Version int               `json:"version"`
	Dir     string            `json:"dir"`
	Env     []string          `json:"env"`
	Modes   map[string]string `json:"modes,omitempty"`   // path → octal mode, when not git's default
	Effects int64             `json:"effects,omitempty"` // the effect log's position
	Mounts  []MountInfo       `json:"mounts,omitempty"`  // the host mounts (see Tree.MountTable)
}

// RepoOptions configure OpenRepo.
type RepoOptions struct {
	// Dir is the workspace directory on the host that holds the repository
	// (a bare git repository, plus moonix's files under Dir/moonix). Empty
	// means in memory: nothing is written to the host.
	Dir   string
	Clock clock.Clock
	// ResumeClock moves Clock (when it can be set, as a logical clock
	// can) to just after the repository's newest commit before the tree
	// is put back, so that time goes on from where the last session left
	// it: restored files, later files and later snapshots are newer.
	ResumeClock bool
}

// OpenRepo opens (or creates) the history of tree. When the repository
// holds a saved working state or a current snapshot, tree is put back to it
// and its State returned; a new repository leaves tree as it is.
func OpenRepo(tree *Tree, opts RepoOptions) (*Repo, *State, error) {
	r := &Repo{tree: tree, clock: opts.Clock}
	if r.clock == nil {
		r.clock = tree.clock
	}
	tree.mu.Lock()
	tree.blobs = r
	tree.mu.Unlock()
	if opts.Dir == "" {
		r.st = memory.NewStorage()
		r.idsLoaded = true // none yet
		if err := r.init(); err != nil {
			return nil, nil, err
		}
		r.noteCurrent()
		return r, nil, nil
	}
	fresh, err := checkWorkspaceDir(opts.Dir)
	if err != nil {
		return nil, nil, err
	}
	r.fs = newRootFS(opts.Dir)
	// go-git's cache of objects is left out (see objects.go): it hashes
	// every object it keeps, and a tree is read once per restore. Big
	// blobs are streamed from packs rather than inflated into memory
	// first, and packs stay open while the repository is.
	r.packs = &packSet{fs: r.fs}
	r.st = &objectStore{filesystem.NewStorageWithOptions(r.fs, noCache{}, filesystem.Options{
		LargeObjectThreshold: largeObject, KeepDescriptors: true,
	}), r.packs}
	if fresh {
		r.idsLoaded = true // none yet
		if err := r.init(); err != nil {
			return nil, nil, err
		}
		r.noteCurrent()
		return r, nil, nil
	}
	r.removeTemporaries()
	r.removeOrphanIndexes()
	if _, err := r.fs.Lstat("packed-refs"); !errors.Is(err, fs.ErrNotExist) {
		r.packedRefs = true
	}
	if err := r.packs.scan(); err != nil {
		r.Close()
		return nil, nil, fmt.Errorf("workspace %s is corrupt: %v", opts.Dir, err)
	}
	r.loadSizes()
	r.loadArrived()
	if _, err := r.checkRefs(); err != nil {
		r.Close()
		return nil, nil, fmt.Errorf("workspace %s is corrupt: %v", opts.Dir, err)
	}
	if opts.ResumeClock {
		r.resumeClock()
	}
	st, err := r.resume()
	if err != nil {
		r.Close()
		return nil, nil, fmt.Errorf("workspace %s is corrupt: %v", opts.Dir, err)
	}
	r.saveSizes()
	r.noteCurrent()
	return r, st, nil
}

// checkWorkspaceDir reports whether dir is missing or empty (a new
// workspace), or a moonix workspace; anything else is refused.
func checkWorkspaceDir(dir string) (fresh bool, err error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	if len(entries) == 0 {
		return true, nil
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = e.IsDir() || e.Name() == "HEAD" || e.Name() == "packed-refs"
	}
	if !names[markerDir] {
		return false, fmt.Errorf("%s is not a moonix workspace (it is not empty and has no %s/ directory)", dir, markerDir)
	}
	if !names["HEAD"] && !names["packed-refs"] && !hasFiles(filepath.Join(dir, "refs")) {
		// No history yet: only moonix's own files (the caller's lock), or
		// an init that did not finish (HEAD is written last).
		return true, nil
	}
	if !names["HEAD"] || !names["objects"] || !names["refs"] {
		return false, fmt.Errorf("workspace %s is corrupt: it lacks HEAD, objects/ or refs/", dir)
	}
	return false, nil
}

// hasFiles reports whether there is anything but directories under dir.
func hasFiles(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// init makes an empty repository whose HEAD names branch main.
func (r *Repo) init() error {
	if r.fs != nil {
		for _, d := range []string{"objects/pack", "objects/info", "refs/heads", "refs/tags", markerDir} {
			if err := r.fs.MkdirAll(d, 0o755); err != nil {
				return err
			}
		}
		config := "[core]\n\trepositoryformatversion = 0\n\tbare = true\n"
		if err := r.writeFile("config", config); err != nil {
			return err
		}
		if err := r.writeFile("description", "moonix workspace\n"); err != nil {
			return err
		}
	}
	return r.setSymbolicHEAD("main")
}

// removeTemporaries deletes what a killed writer may have left: half
// written loose objects and refs.
func (r *Repo) removeTemporaries() {
	for _, dir := range []string{markerDir, "objects/pack", "refs/heads", "refs/moonix", "refs/moonix/kept", "."} {
		entries, err := r.fs.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "tmp_") {
				r.fs.Remove(r.fs.Join(dir, e.Name()))
			}
		}
	}
}

// writeFile replaces name atomically: a crash leaves the old or the new
// content, never a torn one. The temporary file is written in moonix's own
// directory, where git does not look: under refs/ a torn one would be a
// broken ref to git fsck.
func (r *Repo) writeFile(name, content string) error {
	return r.fs.(*rootFS).replace(markerDir, name, 0o644, func(w io.Writer) error {
		_, err := io.WriteString(w, content)
		return err
	})
}

func (r *Repo) setRef(name plumbing.ReferenceName, h plumbing.Hash) error {
	defer r.noteCurrent()
	if r.fs != nil {
		return r.fs.(*rootFS).replaceRef(markerDir, name.String(), []byte(h.String()+"\n"))
	}
	return r.st.SetReference(plumbing.NewHashReference(name, h))
}

func (r *Repo) removeRef(name plumbing.ReferenceName) error {
	defer r.noteCurrent()
	if r.fs != nil && !r.packedRefs {
		// No packed refs to rewrite: the file is the ref.
		return r.fs.(*rootFS).removeRef(markerDir, name.String())
	}
	err := r.st.RemoveReference(name)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil
	}
	return err
}

func (r *Repo) setSymbolicHEAD(branch string) error {
	defer r.noteCurrent()
	target := plumbing.NewBranchReferenceName(branch)
	if r.fs != nil {
		return r.writeFile("HEAD", "ref: "+target.String()+"\n")
	}
	return r.st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, target))
}

// noteCurrent keeps the current snapshot's id where CurrentID reads it
// without the repository's lock, after a ref changed (the caller holds
// the lock): the effect log asks for it while a push or fetch, which
// holds the lock, records its HTTP requests.
func (r *Repo) noteCurrent() {
	id := ""
	if h, ok := r.currentHash(); ok {
		id = h.String()
	}
	r.curID.Store(&id)
}

func (r *Repo) ref(name plumbing.ReferenceName) (plumbing.Hash, bool) {
	if r.fs != nil {
		h, err := r.fs.(*rootFS).readRef(name.String())
		if err == nil {
			return h, true
		}
		if errors.Is(err, fs.ErrNotExist) && !r.packedRefs {
			return h, false
		}
	}
	ref, err := r.st.Reference(name)
	if err != nil {
		return plumbing.ZeroHash, false
	}
	return ref.Hash(), true
}

// branch is the branch HEAD names.
func (r *Repo) branch() string {
	if r.fs != nil {
		if b, ok := r.fs.(*rootFS).readHEAD(); ok {
			return b
		}
	}
	ref, err := r.st.Reference(plumbing.HEAD)
	if err != nil || ref.Type() != plumbing.SymbolicReference {
		return "main"
	}
	return ref.Target().Short()
}

// currentHash is the snapshot the tree came from.
func (r *Repo) currentHash() (plumbing.Hash, bool) {
	if h, ok := r.ref(refCurrent); ok {
		return h, true
	}
	return r.ref(plumbing.NewBranchReferenceName(r.branch()))
}

// resume puts the tree back to the saved working state, or else to the
// current snapshot.
func (r *Repo) resume() (*State, error) {
	h, ok := r.ref(refWorktree)
	if !ok {
		h, ok = r.currentHash()
	}
	if !ok {
		return nil, nil
	}
	c, m, err := r.commit(h)
	if err != nil {
		return nil, err
	}
	if err := r.restore(c, m); err != nil {
		return nil, err
	}
	if _, worktree := r.ref(refWorktree); worktree {
		r.tree.mu.Lock()
		r.tree.dirty = true // the working state is not a snapshot
		r.tree.mu.Unlock()
	}
	return &State{Env: slices.Clone(m.Env), Dir: m.Dir, Effects: m.Effects, Mounts: slices.Clone(m.Mounts)}, nil
}

// commit reads a snapshot commit and its moonix.json.
func (r *Repo) commit(h plumbing.Hash) (*object.Commit, *meta, error) {
	if rd, ok := r.read[h]; ok && rd.m != nil {
		return rd.c, rd.m, nil
	}
	c, err := r.getCommit(h)
	if err != nil {
		return nil, nil, fmt.Errorf("snapshot %s: %w", h, err)
	}
	t, err := object.GetTree(r.st, c.TreeHash)
	if err != nil {
		return nil, nil, fmt.Errorf("snapshot %s: %w", h, err)
	}
	m := &meta{}
	if e, err := t.FindEntry(metaName); err == nil {
		data, err := r.blobData(e.Hash)
		if err != nil {
			return nil, nil, err
		}
		if err := json.Unmarshal(data, m); err != nil {
			return nil, nil, fmt.Errorf("snapshot %s: %s: %w", h, metaName, err)
		}
	}
	rd := r.read[h]
	rd.m = m
	if e, err := t.FindEntry(fsName); err == nil {
		rd.fs = e.Hash
	}
	r.read[h] = rd
	return c, m, nil
}

// readCommit is a snapshot commit as read, with its moonix.json and fs
// tree once they are: commits never change, so each is read once (a
// snapshot, a rollback and each command's save read the current one).
type readCommit struct {
	c  *object.Commit
	m  *meta
	fs plumbing.Hash
}

// getCommit reads the commit h. The caller holds r.mu.
func (r *Repo) getCommit(h plumbing.Hash) (*object.Commit, error) {
	if rd, ok := r.read[h]; ok {
		return rd.c, nil
	}
	c, err := object.GetCommit(r.st, h)
	if err != nil {
		return nil, err
	}
	r.remember(c, readCommit{c: c})
	return c, nil
}

// remember keeps what was read of the commit c.
func (r *Repo) remember(c *object.Commit, rd readCommit) {
	if len(r.read) >= 4096 || r.read == nil {
		r.read = map[plumbing.Hash]readCommit{} // bounded, simply
	}
	r.read[c.Hash] = rd
}

func (r *Repo) fsTree(c *object.Commit) (plumbing.Hash, error) {
	if _, _, err := r.commit(c.Hash); err != nil {
		return plumbing.ZeroHash, err
	}
	if h := r.read[c.Hash].fs; !h.IsZero() {
		return h, nil
	}
	return plumbing.ZeroHash, fmt.Errorf("snapshot %s has no %s tree", c.Hash, fsName)
}

// checkRefs checks what opening a workspace checks of its refs, at a
// cost that does not grow with the history: every ref names a commit that
// can be read, and HEAD names a branch. It returns the commits the refs
// name but the saved working state's, which is no snapshot.
func (r *Repo) checkRefs() ([]plumbing.Hash, error) {
	refs, err := r.st.IterReferences()
	if err != nil {
		return nil, err
	}
	var tips []plumbing.Hash
	err = refs.ForEach(func(ref *plumbing.Reference) error {
		if ref.Type() != plumbing.HashReference {
			return nil
		}
		if ref.Hash().IsZero() {
			return fmt.Errorf("%s does not name a snapshot", ref.Name())
		}
		if _, err := r.getCommit(ref.Hash()); err != nil {
			return fmt.Errorf("%s: snapshot %s: %w", ref.Name(), ref.Hash(), err)
		}
		if ref.Name() != refWorktree {
			tips = append(tips, ref.Hash())
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if head, err := r.st.Reference(plumbing.HEAD); err != nil || head.Type() != plumbing.SymbolicReference || !head.Target().IsBranch() {
		return nil, errors.New("HEAD does not name a branch")
	}
	return tips, nil
}

// loadIDs collects every snapshot id reachable from any ref: the
// commits from each ref's, following first parents.
func (r *Repo) loadIDs() error {
	tips, err := r.checkRefs()
	if err != nil {
		return err
	}
	seen := map[plumbing.Hash]bool{}
	for _, tip := range tips {
		for h := tip; !h.IsZero() && !seen[h]; {
			seen[h] = true
			c, err := r.getCommit(h)
			if err != nil {
				return fmt.Errorf("snapshot %s: %w", h, err)
			}
			h = plumbing.ZeroHash
			if len(c.ParentHashes) > 0 {
				h = c.ParentHashes[0]
			}
		}
	}
	r.ids = r.ids[:0]
	for h := range seen {
		r.ids = append(r.ids, h.String())
	}
	slices.Sort(r.ids)
	r.idsLoaded = true
	return nil
}

// needIDs loads the snapshot ids the first time something needs them
// (short ids, prefixes, history --all, what a fetch brought). The caller
// holds r.mu.
func (r *Repo) needIDs() error {
	if r.idsLoaded {
		return nil
	}
	if err := r.loadIDs(); err != nil {
		r.ids = r.ids[:0] // a partial set is no set
		return fmt.Errorf("history is corrupt: %w", err)
	}
	return nil
}

// addID adds a new snapshot's id. Before the ids are loaded it has
// nothing to add to: the snapshot is a ref's (its branch's or a kept
// one), where loading them finds it.
func (r *Repo) addID(id string) {
	if !r.idsLoaded {
		return
	}
	if i, found := slices.BinarySearch(r.ids, id); !found {
		r.ids = slices.Insert(r.ids, i, id)
	}
}

// short is the shortest prefix of id (7 characters at least) that no other
// snapshot shares.
func (r *Repo) short(id string) string {
	n := shortLen
	i, _ := slices.BinarySearch(r.ids, id)
	for _, j := range []int{i - 1, i + 1} {
		if j < 0 || j >= len(r.ids) || r.ids[j] == id {
			continue
		}
		common := 0
		for common < len(id) && r.ids[j][common] == id[common] {
			common++
		}
		n = max(n, common+1)
	}
	return id[:min(n, len(id))]
}

// describe says what the snapshot c (whose moonix.json is m) is. The
// caller holds r.mu.
func (r *Repo) describe(c *object.Commit, m *meta) (Snapshot, error) {
	short := ""
	if !r.idsLoaded && r.alone(c.Hash) {
		short = c.Hash.String()[:shortLen] // no walk (see abbrev.go)
	} else if err := r.needIDs(); err != nil {
		return Snapshot{}, err
	}
	s := Snapshot{
		ID:      c.Hash.String(),
		Message: strings.TrimSuffix(c.Message, "\n"),
		Time:    c.Committer.When.UTC(),
		// Cloned: the meta is the cache's (see commit).
		State: State{Env: slices.Clone(m.Env), Dir: m.Dir, Effects: m.Effects, Mounts: slices.Clone(m.Mounts)},
	}
	s.Short = short
	if short == "" {
		s.Short = r.short(s.ID)
	}
	s.Arrived = r.isArrived(s.ID)
	if len(c.ParentHashes) > 0 {
		s.Parent = c.ParentHashes[0].String()
	}
	return s, nil
}

// Snapshot commits the tree and st on the current branch and makes it the
// current snapshot. When nothing changed since the current snapshot (tree
// and state), it returns the current one and created is false.
func (r *Repo) Snapshot(msg string, st State) (Snapshot, bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	cur, hasCur := r.currentHash()
	var curCommit *object.Commit
	var curMeta *meta
	if hasCur {
		var err error
		if curCommit, curMeta, err = r.commit(cur); err != nil {
			return Snapshot{}, false, err
		}
	}
	if hasCur && !r.treeChanged() && r.sameState(st, curMeta) && slices.Equal(r.tree.MountTable(), curMeta.Mounts) {
		snap, err := r.describe(curCommit, curMeta)
		return snap, false, err
	}
	w, err := r.writeWorking(st)
	if err != nil {
		return Snapshot{}, false, err
	}
	if hasCur && curCommit.TreeHash == w.root {
		if err := w.done(); err != nil {
			return Snapshot{}, false, err
		}
		r.markClean()
		snap, err := r.describe(curCommit, curMeta)
		return snap, false, err
	}
	if msg == "" {
		msg = "snapshot"
	}
	h := w.commit(cur, hasCur, msg)
	if err := w.done(); err != nil {
		return Snapshot{}, false, err
	}
	m := w.m
	branchRef := plumbing.NewBranchReferenceName(r.branch())
	if tip, ok := r.ref(branchRef); ok && (!hasCur || tip != cur) {
		// The branch moves off its tip (after a rollback): keep the old
		// line reachable.
		if err := r.setRef(plumbing.ReferenceName(refKeptPrefix+tip.String()), tip); err != nil {
			return Snapshot{}, false, err
		}
	}
	if err := r.setRef(branchRef, h); err != nil {
		return Snapshot{}, false, err
	}
	if err := r.setCurrent(h); err != nil {
		return Snapshot{}, false, err
	}
	c, err := r.getCommit(h)
	if err != nil {
		return Snapshot{}, false, err
	}
	r.addID(h.String())
	r.markClean()
	r.saveSizes()
	snap, err := r.describe(c, m)
	return snap, true, err
}

// setCurrent makes h the current snapshot and drops the saved working
// state, which h supersedes. The current snapshot is the branch's tip
// unless refs/moonix/current names another (see currentHash): when h is
// the tip, as after every snapshot, the ref is removed, not written, so
// that a snapshot writes one ref, its branch's.
func (r *Repo) setCurrent(h plumbing.Hash) error {
	var err error
	if tip, ok := r.ref(plumbing.NewBranchReferenceName(r.branch())); ok && tip == h {
		err = r.removeRef(refCurrent)
	} else {
		err = r.setRef(refCurrent, h)
	}
	if err != nil {
		return err
	}
	return r.removeRef(refWorktree)
}

func (r *Repo) treeChanged() bool {
	r.tree.mu.RLock()
	defer r.tree.mu.RUnlock()
	return r.tree.dirty
}

func (r *Repo) sameState(st State, m *meta) bool {
	return st.Dir == m.Dir && slices.Equal(r.recordedEnv(st.Env), m.Env)
}

func (r *Repo) markClean() {
	r.tree.mu.Lock()
	r.tree.dirty = false
	r.tree.mu.Unlock()
}

// working is a write of the tree that writeWorking began: the objects of
// the tree and the state are queued (the tree stays locked while they
// are, as they hold its files' data), to be written, with the commit
// that may name them, by done.
type working struct {
	r    *Repo
	root plumbing.Hash // the root tree of a snapshot commit
	fs   plumbing.Hash // its fs tree
	m    *meta
}

// writeWorking queues the tree and st for writing. The caller must call
// done.
func (r *Repo) writeWorking(st State) (*working, error) {
	t := r.tree
	t.mu.Lock()
	r.batch = &batch{queued: map[plumbing.Hash]bool{}}
	w := &working{r: r, fs: r.store(t.root)}
	w.m = &meta{Version: 1, Dir: st.Dir, Env: r.recordedEnv(st.Env), Modes: treeModes(t.root), Effects: st.Effects, Mounts: t.mountTable()}
	data, err := json.MarshalIndent(w.m, "", "  ")
	if err != nil {
		w.abort()
		return nil, err
	}
	metaHash := r.putObject(plumbing.BlobObject, append(data, '\n'))
	w.root = r.putTree([]object.TreeEntry{
		{Name: fsName, Mode: filemode.Dir, Hash: w.fs},
		{Name: metaName, Mode: filemode.Regular, Hash: metaHash},
	})
	return w, nil
}

// commit queues a commit of the tree, child of parent when hasParent,
// and returns its id.
func (w *working) commit(parent plumbing.Hash, hasParent bool, msg string) plumbing.Hash {
	r := w.r
	when := r.clock.Now().UTC().Truncate(time.Second)
	sig := object.Signature{Name: author, Email: authorEmail, When: when}
	c := &object.Commit{Author: sig, Committer: sig, Message: msg + "\n", TreeHash: w.root}
	if hasParent {
		c.ParentHashes = []plumbing.Hash{parent}
	}
	obj := &plumbing.MemoryObject{}
	c.Encode(obj) // to memory: it cannot fail
	rd, _ := obj.Reader()
	data, _ := io.ReadAll(rd)
	h := r.putObject(plumbing.CommitObject, data)
	if c, err := object.DecodeCommit(r.st, obj); err == nil {
		r.batch.commits = append(r.batch.commits, c)
	}
	return h
}

// abort writes nothing of what w queued and unlocks the tree.
func (w *working) abort() {
	for _, n := range w.r.batch.nodes {
		n.stored = false
	}
	w.r.batch = nil
	w.r.tree.mu.Unlock()
}

// done writes what w queued, as one pack, and unlocks the tree. The
// commits written are known from then on without reading them back.
func (w *working) done() error {
	r, t := w.r, w.r.tree
	defer t.mu.Unlock()
	defer func() { r.batch = nil }()
	if err := r.flush(); err != nil {
		return err
	}
	for _, n := range r.batch.nodes {
		if n.mode.IsRegular() && n.data.size >= dropSize && n.opens.Load() == 0 {
			// Stored, and closed: the repository holds it now.
			n.data, n.lazy = content{}, &blobRef{id: n.hash, size: n.data.size}
		}
	}
	for _, c := range r.batch.commits {
		r.remember(c, readCommit{c: c, m: w.m, fs: w.fs})
	}
	return nil
}

// SaveWorking keeps the working state (tree and st) so that the next
// OpenRepo resumes it, without making a snapshot. It writes nothing when
// the tree is what the current snapshot or the last save holds.
func (r *Repo) SaveWorking(st State) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	w, err := r.writeWorking(st)
	if err != nil {
		return err
	}
	cur, hasCur := r.currentHash()
	if hasCur {
		if c, err := r.getCommit(cur); err == nil && c.TreeHash == w.root {
			if err := w.done(); err != nil {
				return err
			}
			return r.removeRef(refWorktree)
		}
	}
	if h, ok := r.ref(refWorktree); ok {
		if c, err := r.getCommit(h); err == nil && c.TreeHash == w.root {
			return w.done()
		}
	}
	h := w.commit(cur, hasCur, "moonix working state")
	if err := w.done(); err != nil {
		return err
	}
	r.saveSizes()
	return r.setRef(refWorktree, h)
}

// putContent adds an object to the batch being written unless the store
// has it, and returns its id.
func (r *Repo) putContent(t plumbing.ObjectType, c content) plumbing.Hash {
	h := hashContent(t, &c)
	if t == plumbing.BlobObject {
		r.knowSize(h, c.size)
	}
	r.queue(h, t, c)
	return h
}

func (r *Repo) putObject(t plumbing.ObjectType, data []byte) plumbing.Hash {
	return r.putContent(t, contentOf(data))
}

// hashContent is the id of an object of type t holding c.
func hashContent(t plumbing.ObjectType, c *content) plumbing.Hash {
	h := plumbing.NewHasher(t, c.size)
	c.each(func(b []byte) { h.Write(b) })
	return h.Sum()
}

func (r *Repo) putTree(entries []object.TreeEntry) plumbing.Hash {
	return r.putObject(plumbing.TreeObject, encodeTree(entries))
}

// encodeTree is a tree object's content, entries in git's order.
func encodeTree(entries []object.TreeEntry) []byte {
	slices.SortFunc(entries, treeOrder)
	size := 0
	for _, e := range entries {
		size += 7 + len(e.Name) + 1 + len(e.Hash)
	}
	b := make([]byte, 0, size)
	for _, e := range entries {
		b = strconv.AppendUint(b, uint64(e.Mode), 8)
		b = append(b, ' ')
		b = append(b, e.Name...)
		b = append(b, 0)
		b = append(b, e.Hash[:]...)
	}
	return b
}

// treeOrder is git's order of tree entries: directories compare as if
// named "name/". (Comparing the names with the slash appended made one
// string per comparison: a third of a snapshot's time in a directory of
// 1,000 entries.)
func treeOrder(a, b object.TreeEntry) int {
	n := min(len(a.Name), len(b.Name))
	if c := strings.Compare(a.Name[:n], b.Name[:n]); c != 0 {
		return c
	}
	return cmp.Compare(nextByte(a, n), nextByte(b, n))
}

// nextByte is the byte of e's sort name at i, where its name is at most i
// long: '/' after a directory's name, else 0, which sorts first (names
// hold neither).
func nextByte(e object.TreeEntry, i int) byte {
	switch {
	case i < len(e.Name):
		return e.Name[i]
	case e.Mode == filemode.Dir:
		return '/'
	}
	return 0
}

// store adds n and everything below it that the repository lacks to the
// batch being written, and returns n's object id. The caller holds the
// tree's lock.
func (r *Repo) store(n *node) plumbing.Hash {
	if n.stored {
		return n.hash
	}
	var h plumbing.Hash
	switch {
	case n.mode.IsDir():
		entries := make([]object.TreeEntry, 0, len(n.kids))
		for name, k := range n.history { // no devices, no mounts' sources
			entries = append(entries, object.TreeEntry{Name: name, Mode: gitMode(k.mode), Hash: r.store(k)})
		}
		h = r.putTree(entries)
	case n.mode&fs.ModeSymlink != 0:
		h = r.putObject(plumbing.BlobObject, []byte(n.target))
	case n.lazy != nil:
		h = n.lazy.id // the content was read from, and is still, this blob
	default:
		h = r.putContent(plumbing.BlobObject, n.data)
	}
	n.hash, n.hashed, n.stored = h, true, true
	r.batch.nodes = append(r.batch.nodes, n)
	return h
}

// dropSize is the size from which a file's content leaves memory once it
// is stored and no longer open: a big file written then snapshotted costs
// memory again only when it is read again. Smaller files stay, as reading
// them back would cost more than they hold.
const dropSize = 1 << 20

func gitMode(m fs.FileMode) filemode.FileMode {
	switch {
	case m.IsDir():
		return filemode.Dir
	case m&fs.ModeSymlink != 0:
		return filemode.Symlink
	case m&0o100 != 0:
		return filemode.Executable
	}
	return filemode.Regular
}

// defaultPerm is the mode a node of git mode g gets when moonix.json says
// nothing else.
func defaultPerm(g filemode.FileMode) fs.FileMode {
	switch g {
	case filemode.Regular:
		return 0o644
	case filemode.Symlink:
		return 0o777
	}
	return 0o755
}

func permOf(m fs.FileMode) fs.FileMode {
	return m & (fs.ModePerm | fs.ModeSticky | fs.ModeSetuid | fs.ModeSetgid)
}

// treeModes lists every mode that differs from git's default, by path:
// what moonix.json keeps. Only directories with a change below them since
// the last listing are visited (see dirModes). The caller holds the
// tree's lock for writing.
func treeModes(root *node) map[string]string {
	below := dirModes(root)
	out := make(map[string]string, len(below)+1)
	if perm := permOf(root.mode); perm != defaultPerm(filemode.Dir) {
		out["/"] = formatMode(perm)
	}
	for p, m := range below {
		out["/"+p] = m
	}
	return out
}

// dirModes is the modes below dir that differ from git's default, by path
// relative to dir, from dir's cache when nothing below it changed.
func dirModes(dir *node) map[string]string {
	if dir.modesOK {
		return dir.modes
	}
	var out map[string]string
	add := func(p, m string) {
		if out == nil {
			out = map[string]string{}
		}
		out[p] = m
	}
	for name, k := range dir.history {
		if perm := permOf(k.mode); perm != defaultPerm(gitMode(k.mode)) || k.mode&fs.ModeNamedPipe != 0 {
			add(name, formatMode(k.mode&fs.ModeNamedPipe|perm))
		}
		if k.mode.IsDir() {
			for p, m := range dirModes(k) {
				add(name+"/"+p, m)
			}
		}
	}
	dir.modes, dir.modesOK = out, true
	return out
}

func formatMode(m fs.FileMode) string {
	v := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		v |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		v |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		v |= 0o1000
	}
	if m&fs.ModeNamedPipe != 0 {
		return fmt.Sprintf("p%04o", v) // git has no FIFOs: see fifo.go
	}
	return fmt.Sprintf("%04o", v)
}

func parseMode(s string) (fs.FileMode, bool) {
	fifo := strings.HasPrefix(s, "p")
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "p"), 8, 32)
	if err != nil {
		return 0, false
	}
	m := fs.FileMode(v & 0o777)
	if fifo {
		m |= fs.ModeNamedPipe
	}
	if v&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if v&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if v&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m, true
}

// restore makes the tree equal to the snapshot c: subtrees whose id did not
// change are left alone, so the cost follows the difference.
func (r *Repo) restore(c *object.Commit, m *meta) error {
	fsHash, err := r.fsTree(c)
	if err != nil {
		return err
	}
	t := r.tree
	t.mu.Lock()
	defer t.mu.Unlock()
	old := treeModes(t.root)
	if err := r.restoreDir(t.root, fsHash); err != nil {
		return err
	}
	t.applyModes(old, m.Modes)
	t.dirty = false
	return nil
}

func (r *Repo) restoreDir(dir *node, h plumbing.Hash) error {
	if dir.stored && dir.hash == h {
		return nil
	}
	data, err := r.objectData(plumbing.TreeObject, h)
	if err != nil {
		return err
	}
	// What the tree lacks goes. When the tree names every entry the
	// directory has in history (the usual case), there is none, found
	// without a set of the tree's names.
	named, inHistory := 0, 0
	for e, err := range treeEntries(data) {
		if err != nil {
			return fmt.Errorf("tree %s: %w", h, err)
		}
		if k := dir.kids[string(e.name)]; k != nil && k.inHistory() {
			named++
		}
	}
	for _, k := range dir.kids {
		if k.inHistory() {
			inHistory++
		}
	}
	if named != inHistory {
		want := map[string]bool{}
		for e := range treeEntries(data) {
			want[string(e.name)] = true
		}
		for name, k := range dir.kids {
			if !want[name] && k.inHistory() {
				r.tree.drop(dir, name)
			}
		}
	}
	for e := range treeEntries(data) {
		cur := dir.kids[string(e.name)]
		if cur != nil && cur.stored && cur.hash == e.hash && gitMode(cur.mode) == e.mode &&
			(cur.mode.IsRegular() || cur.mode.IsDir() || cur.mode&fs.ModeSymlink != 0) &&
			cur.dev == nil && cur.mnt == nil && !cur.holds && !cur.placeholder {
			continue // as it was: most entries of a big directory
		}
		if err := r.restoreEntry(dir, object.TreeEntry{Name: string(e.name), Mode: e.mode, Hash: e.hash}); err != nil {
			return err
		}
	}
	dir.hash, dir.hashed, dir.stored = h, true, true
	return nil
}

// restoreEntry makes the entry of dir that e names what e says. The
// caller holds the tree's lock.
func (r *Repo) restoreEntry(dir *node, e object.TreeEntry) error {
	t := r.tree
	cur := dir.kids[e.Name]
	if cur != nil && cur.mountPoint() && e.Mode == filemode.Dir {
		cur.mnt.covered = true // history has the directory
		if cur.mnt.mode == CopyOnWrite {
			if err := r.restoreOverlay(cur, e.Hash); err != nil {
				return err
			}
		}
	}
	if cur != nil && (cur.dev != nil || cur.mnt != nil || cur.holds && e.Mode != filemode.Dir) {
		return nil // a mount, and what leads to one, stay
	}
	if cur != nil && cur.placeholder {
		cur.placeholder = false // history has it: the tree's own now
	}
	switch e.Mode {
	case filemode.Dir:
		if cur == nil || !cur.mode.IsDir() {
			if cur != nil {
				t.unlink(dir, e.Name)
			}
			cur = t.newNode(fs.ModeDir | 0o755)
			t.link(dir, e.Name, cur)
		}
		if err := r.restoreDir(cur, e.Hash); err != nil {
			return err
		}
	case filemode.Symlink:
		if cur != nil && cur.mode&fs.ModeSymlink != 0 && cur.stored && cur.hash == e.Hash {
			return nil
		}
		data, err := r.blobData(e.Hash)
		if err != nil {
			return err
		}
		if cur != nil {
			t.unlink(dir, e.Name)
		}
		n := t.newNode(fs.ModeSymlink | 0o777)
		t.setTarget(n, string(data))
		n.hash, n.hashed, n.stored = e.Hash, true, true
		t.link(dir, e.Name, n)
	case filemode.Regular, filemode.Executable, filemode.Deprecated:
		perm := defaultPerm(e.Mode)
		if cur != nil && cur.mode.IsRegular() && cur.stored && cur.hash == e.Hash {
			if cur.mode.Perm()&0o100 != perm&0o100 {
				cur.mode = cur.mode&^fs.ModePerm | perm
				t.changed(dir)
			}
			return nil
		}
		// The content is read when the file is first used.
		size, err := r.blobSize(e.Hash)
		if err != nil {
			return err
		}
		ref := &blobRef{id: e.Hash, size: size}
		if cur != nil && cur.mode.IsRegular() && cur.nlink == 1 {
			t.setLazy(cur, ref) // open files see the restored content
			cur.mode = cur.mode&^fs.ModePerm | perm
			now := t.clock.Now()
			cur.mtime, cur.ctime = now, now
		} else {
			if cur != nil {
				t.unlink(dir, e.Name)
			}
			cur = t.newNode(perm)
			t.setLazy(cur, ref)
			t.link(dir, e.Name, cur)
		}
		cur.hash, cur.hashed, cur.stored = e.Hash, true, true
		t.changed(dir)
	default:
		return fmt.Errorf("%s: unsupported tree entry mode %o", e.Name, e.Mode)
	}

	return nil
}

// treeEntry is an entry of a tree object as it is stored: name is the
// object's own bytes.
type treeEntry struct {
	mode filemode.FileMode
	name []byte
	hash plumbing.Hash
}

// treeEntries yields the entries of the tree object data, in order, and
// an error for the first that is malformed (after which it stops). It
// reads them in place, where go-git's decoding makes a string and a map
// entry of each (most of a rollback's time in a directory of 1,000).
func treeEntries(data []byte) iter.Seq2[treeEntry, error] {
	return func(yield func(treeEntry, error) bool) {
		for len(data) > 0 {
			sp := bytes.IndexByte(data, ' ')
			nul := bytes.IndexByte(data, 0)
			if sp < 1 || sp > 7 || nul < sp+2 || len(data) < nul+1+len(plumbing.Hash{}) {
				yield(treeEntry{}, errors.New("malformed entry"))
				return
			}
			var mode uint32
			for _, c := range data[:sp] {
				if c < '0' || c > '7' {
					yield(treeEntry{}, errors.New("malformed entry mode"))
					return
				}
				mode = mode<<3 | uint32(c-'0')
			}
			e := treeEntry{mode: filemode.FileMode(mode), name: data[sp+1 : nul]}
			if n := string(e.name); n == "." || n == ".." || strings.IndexByte(n, '/') >= 0 {
				// a tree from a remote names only its own entries, as
				// git's fsck requires
				yield(treeEntry{}, fmt.Errorf("malformed entry name %q", n))
				return
			}
			copy(e.hash[:], data[nul+1:])
			data = data[nul+1+len(e.hash):]
			if !yield(e, nil) {
				return
			}
		}
	}
}

// restoreOverlay puts the copy-on-write mount at dir back to the
// overlay h, a tree of the snapshot: the source as it is now, under the
// overlay's entries and whiteouts. The caller holds the tree's lock.
func (r *Repo) restoreOverlay(dir *node, h plumbing.Hash) error {
	if dir.stored && dir.hash == h {
		return nil
	}
	t := r.tree
	ov := &node{mode: fs.ModeDir | 0o755, kids: map[string]*node{}}
	if err := r.restoreDir(ov, h); err != nil {
		return err
	}
	t.reset(dir)
	dir.unlisted.Store(true)
	t.overlay(dir, ov)
	t.changed(dir)
	return nil
}

// applyModes gives the restored tree the modes of its snapshot: those
// moonix.json lists (modes), and git's default where the tree had a mode
// it does not list (old, the tree's modes before the restore). Every
// other node has its default already: the restore made or rewrote it so,
// or left it as it was. The caller holds t.mu for writing.
func (t *Tree) applyModes(old, modes map[string]string) {
	apply := func(p string) {
		n := t.root
		for _, name := range splitPath(p) {
			if n = t.kids(n)[name]; n == nil {
				return
			}
		}
		if n.dev != nil || n.readOnly() || n.mountPoint() {
			return
		}
		want := defaultPerm(gitMode(n.mode))
		if m, ok := parseMode(modes[p]); ok {
			want = m
		}
		kind := n.mode & fs.ModeType
		if kind&^fs.ModeNamedPipe == 0 {
			// a file or a FIFO: the snapshot's mark says which
			kind = want & fs.ModeNamedPipe
		}
		if mode := kind | want&^fs.ModeNamedPipe; n.mode != mode {
			if n.mode.IsDir() {
				t.own(n) // a mode history has (a file with one is the overlay's)
			}
			n.mode = mode
			t.modeChanged(n)
		}
	}
	for p := range modes {
		apply(p)
	}
	for p := range old {
		if _, ok := modes[p]; !ok {
			apply(p)
		}
	}
}

// Dirty reports whether the tree (or its modes) differs from the current
// snapshot. It hashes what changed, without writing anything.
func (r *Repo) Dirty() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.treeChanged() {
		return false
	}
	cur, ok := r.currentHash()
	if !ok {
		return true
	}
	c, m, err := r.commit(cur)
	if err != nil {
		return true
	}
	fsHash, err := r.fsTree(c)
	if err != nil {
		return true
	}
	t := r.tree
	t.mu.Lock()
	defer t.mu.Unlock()
	if hashNode(t.root) != fsHash {
		return true
	}
	if !maps.Equal(treeModes(t.root), m.Modes) {
		return true
	}
	t.dirty = false
	return false
}

// hashNode computes n's object id without storing anything (the caller
// holds the tree's lock).
func hashNode(n *node) plumbing.Hash {
	if n.hashed {
		return n.hash
	}
	var h plumbing.Hash
	switch {
	case n.mode.IsDir():
		entries := make([]object.TreeEntry, 0, len(n.kids))
		for name, k := range n.history {
			entries = append(entries, object.TreeEntry{Name: name, Mode: gitMode(k.mode), Hash: hashNode(k)})
		}
		h = plumbing.ComputeHash(plumbing.TreeObject, encodeTree(entries))
	case n.mode&fs.ModeSymlink != 0:
		h = plumbing.ComputeHash(plumbing.BlobObject, []byte(n.target))
	case n.lazy != nil:
		h = n.lazy.id
	default:
		h = hashContent(plumbing.BlobObject, &n.data)
	}
	n.hash, n.hashed = h, true
	return h
}
