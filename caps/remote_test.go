package caps

import (
	"context"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// TestGateRemotes: a remote may be used when a rule allows its name or
// its place and no denial covers either; adding one needs its place.
func TestGateRemotes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		allow, deny []string
		op          func(r Repo) error
		denied      bool
	}{
		{"fetch by name", []string{"git.remote:origin"}, nil, fetchOrigin, false},
		{"fetch by host", []string{"git.remote:git.example.com"}, nil, fetchOrigin, false},
		{"fetch by host and port", []string{"git.remote:git.example.com:443"}, nil, fetchOrigin, false},
		{"fetch, other port", []string{"git.remote:git.example.com:80"}, nil, fetchOrigin, true},
		{"fetch, other name", []string{"git.remote:upstream"}, nil, fetchOrigin, true},
		{"fetch, nothing granted", nil, nil, fetchOrigin, true},
		{"a denial of the place wins over the name", []string{"git.remote:origin"}, []string{"git.remote:*.example.com"}, fetchOrigin, true},
		{"a denial of the name wins over the place", []string{"git.remote:git.example.com"}, []string{"git.remote:origin"}, fetchOrigin, true},
		{"push", []string{"git.remote:origin"}, nil, func(r Repo) error {
			_, err := r.Push(context.Background(), "origin", "main")
			return err
		}, false},
		{"push refused", nil, nil, func(r Repo) error {
			_, err := r.Push(context.Background(), "origin", "main")
			return err
		}, true},
		{"remove", []string{"git.remote:origin"}, nil, func(r Repo) error { return r.RemoveRemote("origin") }, false},
		{"remove refused", nil, nil, func(r Repo) error { return r.RemoveRemote("origin") }, true},
		{"add needs the place, not the name", []string{"git.remote:mine"}, nil, addMine, true},
		{"add with the place", []string{"git.remote:/srv/git/**"}, nil, addMine, false},
		{"add, place denied", []string{"git.remote"}, []string{"git.remote:/srv/**"}, addMine, true},
		{"add over ssh, with its host and port", []string{"git.remote:git.example.com:22"}, nil, addSSH, false},
		{"add over ssh, with its host", []string{"git.remote:*.example.com"}, nil, addSSH, false},
		{"add over ssh, another port", []string{"git.remote:git.example.com:2222"}, nil, addSSH, true},
		{"fetch over ssh by host", []string{"git.remote:ssh.example.com:22"}, nil, func(r Repo) error {
			_, err := r.Fetch(context.Background(), "ssh")
			return err
		}, false},
		{"fetch over ssh, the HTTP host's grant", []string{"git.remote:git.example.com"}, nil, func(r Repo) error {
			_, err := r.Fetch(context.Background(), "ssh")
			return err
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			repo, _, err := vfs.OpenRepo(vfs.NewDefault(vfs.Options{}), vfs.RepoOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := repo.AddRemote("origin", "https://git.example.com/x.git"); err != nil {
				t.Fatal(err)
			}
			if err := repo.AddRemote("ssh", "git@ssh.example.com:x.git"); err != nil {
				t.Fatal(err)
			}
			var allow, deny []Cap
			for _, s := range tc.allow {
				allow = append(allow, mustParse(t, s))
			}
			for _, s := range tc.deny {
				deny = append(deny, mustParse(t, s))
			}
			var audited []string
			g := NewGate(NewSet(allow, deny), func(d *DeniedError) { audited = append(audited, d.Error()) })
			err = tc.op(g.Repo(repo))
			if IsDenied(err) != tc.denied {
				t.Errorf("denied = %v (%v), want %v", IsDenied(err), err, tc.denied)
			}
			if tc.denied && len(audited) != 1 {
				t.Errorf("audited %q, want the denial", audited)
			}
		})
	}
}

// fetchOrigin fetches origin without a network: allowed, it fails for
// want of one, which is not a denial.
func fetchOrigin(r Repo) error {
	_, err := r.Fetch(context.Background(), "origin")
	return err
}

func addMine(r Repo) error { return r.AddRemote("mine", "/srv/git/mine.git") }

func addSSH(r Repo) error { return r.AddRemote("mine", "git@git.example.com:mine.git") }
