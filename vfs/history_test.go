package vfs

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/moonix-sh/moonix/clock"
)

// longHistory makes a workspace directory holding n snapshots of a
// one-file tree, one after the other on main.
func longHistory(tb testing.TB, n int) string {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "ws")
	clk := clock.NewLogical(clock.Epoch)
	tree := NewDefault(Options{Clock: clk, Uid: 1000, Gid: 1000})
	r, _, err := OpenRepo(tree, RepoOptions{Dir: dir, Clock: clk})
	if err != nil {
		tb.Fatal(err)
	}
	defer r.Close()
	for i := range n {
		if err := WriteFile(tree, "/work/f", []byte(fmt.Sprint(i)), 0o644); err != nil {
			tb.Fatal(err)
		}
		if _, _, err := r.Snapshot(fmt.Sprint("s", i), State{}); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// BenchmarkOpenHistory opens a workspace of one file whose history holds
// 1 or 1,000 snapshots: what opening costs beyond the tree.
//
//	go test -run '^$' -bench OpenHistory ./vfs
func BenchmarkOpenHistory(b *testing.B) {
	for _, n := range []int{1, 1000} {
		b.Run(fmt.Sprintf("snapshots=%d", n), func(b *testing.B) {
			dir := longHistory(b, n)
			b.ResetTimer()
			for range b.N {
				r, st, err := OpenRepo(NewDefault(Options{}), RepoOptions{Dir: dir})
				if err != nil || st == nil {
					b.Fatal(err, st)
				}
				b.StopTimer()
				r.Close()
				b.StartTimer()
			}
		})
	}
}

// orphanRef points refs/moonix/kept/ID at a new commit whose parent is
// missing (a history whose older part was lost) and returns both ids.
func orphanRef(t *testing.T, r *Repo) (tip, lost plumbing.Hash) {
	t.Helper()
	lost = plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	cur, ok := r.currentHash()
	if !ok {
		t.Fatal("no current snapshot")
	}
	c, err := r.getCommit(cur)
	must(t, err)
	orphan := *c
	orphan.ParentHashes = []plumbing.Hash{lost}
	orphan.Message = "orphan"
	obj := r.st.NewEncodedObject()
	must(t, orphan.Encode(obj))
	tip, err = r.st.SetEncodedObject(obj)
	must(t, err)
	must(t, r.setRef(plumbing.ReferenceName(refKeptPrefix+tip.String()), tip))
	return tip, lost
}

// Opening a workspace checks its refs, not the whole history behind
// them: a workspace whose older history was lost still opens, its tree
// back, and takes snapshots; what needs every snapshot id (history --all,
// a prefix) then says the history is corrupt.
func TestOpenReadsRefsNotHistory(t *testing.T) {
	t.Parallel()
	tree, r, dir := diskRepo(t)
	snapFile(t, tree, r, "a")
	b := snapFile(t, tree, r, "b")
	_, lost := orphanRef(t, r)
	r.Close()

	tree, r = reopen(t, dir)
	if got := read(t, tree, "/work/f"); got != "b" {
		t.Fatalf("reopened with %q", got)
	}
	if id := r.CurrentID(); id != b.ID {
		t.Fatalf("current %s, want %s", id, b.ID)
	}
	wantCorrupt := func(what string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), "history is corrupt") || !strings.Contains(err.Error(), lost.String()) {
			t.Errorf("%s: %v, want the history to be corrupt at %s", what, err, lost)
		}
	}
	_, err := r.Log(0, true)
	wantCorrupt("history --all", err)
	_, err = r.Resolve(b.ID[:7])
	wantCorrupt("resolve a prefix", err)
	c := snapFile(t, tree, r, "c")
	if _, cur, err := r.Current(); err != nil || cur.ID != c.ID || cur.Short != c.ID[:7] || cur.Parent != b.ID {
		t.Errorf("current after a snapshot: %+v %v, want %s after %s", cur, err, c.ID, b.ID)
	}
}

// A ref that names a commit that is not there is still refused at open:
// checking the refs' own commits costs what the refs are, not the
// history.
func TestOpenRefusesRefToMissingSnapshot(t *testing.T) {
	t.Parallel()
	tree, r, dir := diskRepo(t)
	snapFile(t, tree, r, "a")
	missing := plumbing.NewHash("0123456789abcdef0123456789abcdef01234567")
	must(t, r.setRef(plumbing.ReferenceName(refKeptPrefix+missing.String()), missing))
	r.Close()
	before := listHost(t, dir)
	_, _, err := OpenRepo(NewDefault(Options{}), RepoOptions{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "is corrupt") || !strings.Contains(err.Error(), missing.String()) {
		t.Fatalf("opened a workspace whose ref names a missing snapshot: %v", err)
	}
	if after := listHost(t, dir); after != before {
		t.Fatalf("refusing it changed it:\n%s\nwas:\n%s", after, before)
	}
}

// The snapshot ids are collected when first needed, and then they are
// all there: those from before the open, one added before they were
// loaded, and those taken after (by short id, by prefix, in history
// --all).
func TestIDsAfterReopen(t *testing.T) {
	t.Parallel()
	tree, r, dir := diskRepo(t)
	var snaps []Snapshot
	for _, s := range []string{"a", "b", "c"} {
		snaps = append(snaps, snapFile(t, tree, r, s))
	}
	_, err := r.Rollback(snaps[0].ID)
	must(t, err)
	snaps = append(snaps, snapFile(t, tree, r, "d")) // b and c are kept
	r.Close()

	tree, r = reopen(t, dir)
	r.mu.Lock()
	loaded := r.idsLoaded
	r.addID(snaps[1].ID) // as a snapshot taken before they are loaded
	r.mu.Unlock()
	if loaded {
		t.Error("opening collected the snapshot ids")
	}
	snaps = append(snaps, snapFile(t, tree, r, "e"))
	mustWrite(t, tree, "/work/f", "kept")
	kept, _, err := r.Keep("kept", State{})
	must(t, err)
	snaps = append(snaps, kept)
	all, err := r.Log(0, true)
	must(t, err)
	if len(all) != len(snaps) {
		t.Errorf("history --all lists %d snapshots, want %d: %v", len(all), len(snaps), all)
	}
	for _, s := range snaps {
		got, err := r.Resolve(s.ID[:7])
		if err != nil || got.ID != s.ID || got.Short != s.Short {
			t.Errorf("resolve %s: %+v %v", s.ID[:7], got, err)
		}
	}
}

// A fetch into a reopened workspace, whose snapshot ids are not loaded
// yet, marks as arrived only what it brought.
func TestFetchAfterReopenMarksOnlyArrivals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bare := filepath.Join(t.TempDir(), "shared.git")
	_, err := git.PlainInit(bare, true)
	must(t, err)
	tree, r, dir := diskRepo(t)
	mine := snapFile(t, tree, r, "mine")
	must(t, r.AddRemote("origin", bare))
	_, err = r.Push(ctx, "origin", "")
	must(t, err)
	r.Close()

	otherTree := NewDefault(Options{Uid: 1000, Gid: 1000})
	other, _, err := OpenRepo(otherTree, RepoOptions{})
	must(t, err)
	_, err = other.Clone(ctx, bare)
	must(t, err)
	theirs := snapFile(t, otherTree, other, "theirs")
	_, err = other.Push(ctx, "origin", "")
	must(t, err)

	_, r = reopen(t, dir)
	_, err = r.Fetch(ctx, "origin")
	must(t, err)
	for _, want := range []struct {
		s       Snapshot
		arrived bool
	}{{mine, false}, {theirs, true}} {
		got, err := r.Resolve(want.s.ID)
		must(t, err)
		if got.Arrived != want.arrived {
			t.Errorf("%s: Arrived %v, want %v", want.s.Message, got.Arrived, want.arrived)
		}
	}
}

// A pack index whose fanout table claims more objects than the file holds
// is refused at open as corrupt, before anything is allocated for them
// (it allocated 4 GiB).
func TestOpenRefusesIndexClaimingTooMuch(t *testing.T) {
	// Not parallel: it measures what the process allocates.
	tree, r, dir := diskRepo(t)
	snapFile(t, tree, r, "a")
	r.Close()
	idx, err := filepath.Glob(filepath.Join(dir, "objects/pack/*.idx"))
	must(t, err)
	if len(idx) != 1 {
		t.Fatalf("packs: %v", idx)
	}
	data, err := os.ReadFile(idx[0])
	must(t, err)
	// the last fanout entry is the number of objects
	binary.BigEndian.PutUint32(data[8+255*4:], 1<<31)
	must(t, os.WriteFile(idx[0], data, 0o644))
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, err = OpenRepo(NewDefault(Options{}), RepoOptions{Dir: dir})
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "is corrupt") {
		t.Fatalf("opened a workspace whose pack index lies: %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<30 {
		t.Errorf("refusing it allocated %d MiB", grew>>20)
	}
}

// The current snapshot's short id (every --json result and the REPL's
// prompt show it) is found without collecting the snapshot ids when no
// other object shares its first 7 characters, and it is the one the ids
// give.
func TestShortIDWithoutHistory(t *testing.T) {
	t.Parallel()
	dir := longHistory(t, 30)
	_, r := reopen(t, dir)
	_, cur, err := r.Current()
	must(t, err)
	r.mu.Lock()
	loaded := r.idsLoaded
	r.mu.Unlock()
	if loaded {
		t.Error("the current snapshot's short id collected the snapshot ids")
	}
	all, err := r.Log(0, true) // collects them
	must(t, err)
	i := slices.IndexFunc(all, func(s Snapshot) bool { return s.ID == cur.ID })
	if len(all) != 30 || i < 0 || all[i].Short != cur.Short || cur.Short != cur.ID[:7] {
		t.Errorf("current %s (%s), history --all: %v", cur.ID, cur.Short, all)
	}
}

// An object that shares the first 7 characters of an id, in a pack or
// loose, is seen; one that shares 6 is not a neighbour.
func TestAloneSeesNeighbours(t *testing.T) {
	t.Parallel()
	tree, r, _ := diskRepo(t)
	s := snapFile(t, tree, r, "a")
	// near is id with its last 33 characters changed (sharing 7), or its
	// last 34 (sharing 6).
	near := func(id string, keep int) plumbing.Hash {
		b := []byte(id)
		for i := keep; i < len(b); i++ {
			b[i] = "0123456789abcdef"[(strings.IndexByte("0123456789abcdef", b[i])+1)%16]
		}
		return plumbing.NewHash(string(b))
	}
	obj := r.st.NewEncodedObject()
	obj.SetType(plumbing.BlobObject)
	w, err := obj.Writer()
	must(t, err)
	w.Write([]byte("loose"))
	w.Close()
	loose, err := r.st.SetEncodedObject(obj)
	must(t, err)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range []struct {
		what string
		id   plumbing.Hash
		want bool
	}{
		{"the snapshot", plumbing.NewHash(s.ID), true},
		{"sharing 7 with the snapshot (in a pack)", near(s.ID, 7), false},
		{"sharing 6 with the snapshot", near(s.ID, 6), true},
		{"the loose object", loose, true},
		{"sharing 7 with the loose object", near(loose.String(), 7), false},
		{"sharing 6 with the loose object", near(loose.String(), 6), true},
	} {
		if got := r.alone(c.id); got != c.want {
			t.Errorf("%s (%s): alone %v, want %v", c.what, c.id, got, c.want)
		}
	}
}

// Many asking for the ids at once, as the commands of a pipeline may,
// while snapshots are taken (under -race): every snapshot is then found.
func TestIDsLoadConcurrently(t *testing.T) {
	t.Parallel()
	dir := longHistory(t, 20)
	tree, r := reopen(t, dir)
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	var taken []Snapshot
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 5 {
			if err := WriteFile(tree, "/work/f", []byte(fmt.Sprint("new", i)), 0o644); err != nil {
				errs <- err
				return
			}
			s, _, err := r.Snapshot("new", State{})
			if err != nil {
				errs <- err
				return
			}
			taken = append(taken, s)
		}
	}()
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if _, _, err := r.Current(); err != nil {
					errs <- err
				}
				if _, err := r.Log(0, true); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	all, err := r.Log(0, true)
	must(t, err)
	if len(all) != 20+len(taken) || len(taken) != 5 {
		t.Errorf("history --all lists %d snapshots, want 25", len(all))
	}
	for _, s := range taken {
		if got, err := r.Resolve(s.ID[:7]); err != nil || got.ID != s.ID {
			t.Errorf("resolve %s: %v", s.Short, err)
		}
	}
}
