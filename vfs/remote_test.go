package vfs

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	git "github.com/go-git/go-git/v5"
)

func TestRemotePlace(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ url, place, err string }{
		{"/srv/git/app.git", "/srv/git/app.git", ""},
		{"/srv/git/../x//app.git/", "/srv/x/app.git", ""},
		{"file:///srv/app.git", "/srv/app.git", ""},
		{"https://Git.Example.com/app.git", "git.example.com:443", ""},
		{"http://127.0.0.1:8080/app.git", "127.0.0.1:8080", ""},
		{"http://[::1]/app.git", "[::1]:80", ""},
		{"https://user:secret@example.com/app.git", "example.com:443", ""},
		{"file://app.git", "", "a file URL names an absolute path"},
		{"app.git", "", "unsupported remote"},
		{"ssh://git@Example.com/app.git", "example.com:22", ""},
		{"ssh://example.com:2222/~/app.git", "example.com:2222", ""},
		{"ssh://[::1]:2222/app.git", "[::1]:2222", ""},
		{"git@example.com:app.git", "example.com:22", ""},
		{"example.com:/srv/app.git", "example.com:22", ""},
		{"git@127.0.0.1:2222:app.git", "127.0.0.1:2222", ""},
		{"ssh://example.com", "", "is not a valid ssh URL"},
		{"ssh://example.com:99999/app.git", "", "is not a valid ssh URL"},
		{"./dir:app.git", "", "unsupported remote"},
		{"git://example.com/app.git", "", "unsupported remote"},
		{"https:///app.git", "", "is not a valid URL"},
	} {
		place, err := RemotePlace(tc.url)
		switch {
		case tc.err == "" && (err != nil || place != tc.place):
			t.Errorf("RemotePlace(%q) = %q, %v; want %q", tc.url, place, err, tc.place)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("RemotePlace(%q) = %q, %v; want an error with %q", tc.url, place, err, tc.err)
		}
	}
}

// BenchmarkPushClone10k pushes a workspace of 10,000 files (100
// directories of 100) to a new bare repository on disk and clones it
// into another workspace: the round trip of issue 16's closing note.
func BenchmarkPushClone10k(b *testing.B) {
	benchPushClone10k(b, context.Background(), b.TempDir(), func(bare string) string { return bare })
}

// benchPushClone10k is the round trip through the bare repositories it
// makes under dir, named by the URL url gives their path.
func benchPushClone10k(b *testing.B, ctx context.Context, dir string, url func(bare string) string) {
	tree := NewDefault(Options{Uid: 1000, Gid: 1000})
	for d := range 100 {
		for f := range 100 {
			name := fmt.Sprintf("/work/src/d%d/f%d.txt", d, f)
			if err := MkdirAll(tree, filepath.Dir(name), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := WriteFile(tree, name, fmt.Appendf(nil, "file %d %d\n", d, f), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	repo, _, err := OpenRepo(tree, RepoOptions{Dir: filepath.Join(b.TempDir(), "ws")})
	if err != nil {
		b.Fatal(err)
	}
	defer repo.Close()
	if _, _, err := repo.Snapshot("10k", State{Dir: "/work"}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		bare := filepath.Join(dir, fmt.Sprintf("shared%d.git", i))
		if _, err := git.PlainInit(bare, true); err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("r%d", i)
		if err := repo.AddRemote(name, url(bare)); err != nil {
			b.Fatal(err)
		}
		if _, err := repo.Push(ctx, name, "main"); err != nil {
			b.Fatal(err)
		}
		tree2 := NewDefault(Options{Uid: 1000, Gid: 1000})
		clone, _, err := OpenRepo(tree2, RepoOptions{Dir: filepath.Join(b.TempDir(), "copy")})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := clone.Clone(ctx, url(bare)); err != nil {
			b.Fatal(err)
		}
		clone.Close()
	}
}

// TestArrived: the snapshots a clone or a fetch brings are marked as
// taken elsewhere, in the workspace directory too; those taken here are
// not, nor one taken here that a fetch brings back.
func TestArrived(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bare := filepath.Join(t.TempDir(), "shared.git")
	if _, err := git.PlainInit(bare, true); err != nil {
		t.Fatal(err)
	}
	tree := NewDefault(Options{Uid: 1000, Gid: 1000})
	a, _, err := OpenRepo(tree, RepoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	WriteFile(tree, "/work/f", []byte("a\n"), 0o644)
	theirs, _, err := a.Snapshot("theirs", State{Dir: "/work", Effects: 7})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.AddRemote("origin", bare); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Push(ctx, "origin", ""); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "b")
	tree2 := NewDefault(Options{Uid: 1000, Gid: 1000})
	b, _, err := OpenRepo(tree2, RepoOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Clone(ctx, bare); err != nil {
		t.Fatal(err)
	}
	WriteFile(tree2, "/work/f", []byte("b\n"), 0o644)
	mine, _, err := b.Snapshot("mine", State{Dir: "/work", Effects: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Push(ctx, "origin", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Fetch(ctx, "origin"); err != nil {
		t.Fatal(err)
	}
	check := func(r *Repo, id string, want bool) {
		t.Helper()
		s, err := r.Resolve(id)
		if err != nil {
			t.Fatal(err)
		}
		if s.Arrived != want {
			t.Errorf("%s (%s): Arrived %v, want %v", s.Message, s.Short, s.Arrived, want)
		}
	}
	check(b, theirs.ID, true)
	check(b, mine.ID, false)
	b.Close()
	b, _, err = OpenRepo(NewDefault(Options{Uid: 1000, Gid: 1000}), RepoOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	check(b, theirs.ID, true)
	check(b, mine.ID, false)
	// a, which took theirs, fetches mine: only mine arrived there
	if _, err := a.Fetch(ctx, "origin"); err != nil {
		t.Fatal(err)
	}
	check(a, theirs.ID, false)
	check(a, mine.ID, true)
}
