package vfs

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/protocol/packp"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/plumbing/transport"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/go-git/go-billy/v5/osfs"

	"github.com/moonix-sh/moonix/internal/sshauth"
)

// Remotes: the history shared with other repositories through go-git's
// transports, as git shares it. Snapshots are commits and branches are
// refs/heads/NAME, so push sends a branch and the snapshots under it,
// fetch brings a remote's branches in as refs/remotes/REMOTE/NAME, and
// pull moves a branch forward to its remote's (fast-forward only: two
// lines that diverged are for fork and rollback to reconcile). Remotes
// are kept in the repository's config, where git finds them.
//
// A remote is a host repository (an absolute path, or file://PATH),
// read and written in the process by go-git's server; an HTTP one
// (http://, https://), reached through the RoundTripper the operation's
// context carries (WithHTTP); or one over ssh (ssh://, scp's
// [USER@]HOST:PATH), reached through the SSHClient the context carries
// (WithSSH). Nothing else: git:// is refused.

// Remote is a repository the history is shared with.
type Remote struct {
	Name string
	URL  string
}

// RefUpdate is a branch a push or fetch moved: Old is zero for a new
// one.
type RefUpdate struct {
	Branch   string
	Old, New string // full ids
}

// Errors of the remote operations that a caller may tell apart.
var (
	// ErrNotFastForward: the branch and its remote's have diverged (or
	// the remote's is ahead, for a push).
	ErrNotFastForward = errors.New("not a fast-forward")
	// ErrUpToDate: there was nothing to send or take.
	ErrUpToDate = errors.New("up to date")
)

// RemotePlace checks rawURL, a remote's location, and returns where it
// is, as the capability git.remote is checked on: the clean absolute
// directory of a host repository, or the host:port of a network one.
func RemotePlace(rawURL string) (string, error) {
	switch {
	case IsSSH(rawURL):
		ep, err := sshEndpoint(rawURL)
		if err != nil {
			return "", err
		}
		return sshAddr(ep), nil
	case strings.HasPrefix(rawURL, "/"):
		return path.Clean(rawURL), nil
	case strings.HasPrefix(rawURL, "file://"):
		p := strings.TrimPrefix(rawURL, "file://")
		if !strings.HasPrefix(p, "/") {
			return "", fmt.Errorf("'%s': a file URL names an absolute path (file:///srv/repo.git)", rawURL)
		}
		return path.Clean(p), nil
	case strings.HasPrefix(rawURL, "http://"), strings.HasPrefix(rawURL, "https://"):
		u, err := url.Parse(rawURL)
		if err != nil || u.Hostname() == "" {
			return "", fmt.Errorf("'%s' is not a valid URL", rawURL)
		}
		port := u.Port()
		if port == "" {
			port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
		}
		return net.JoinHostPort(strings.ToLower(u.Hostname()), port), nil
	}
	return "", fmt.Errorf("'%s': unsupported remote (an absolute host path, file://, http://, https://, ssh:// or HOST:PATH)", rawURL)
}

// validRemote checks a remote's name as git does (check-ref-format,
// which a refspec holds), and moonix's: no slash.
func validRemote(name string) error {
	if err := validBranch(name); err != nil {
		return fmt.Errorf("'%s' is not a valid remote name", name)
	}
	return nil
}

// Remotes lists the remotes, by name.
func (r *Repo) Remotes() ([]Remote, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	cfg, err := r.st.Config()
	if err != nil {
		return nil, err
	}
	var out []Remote
	for name, rc := range cfg.Remotes {
		if len(rc.URLs) > 0 {
			out = append(out, Remote{Name: name, URL: rc.URLs[0]})
		}
	}
	slices.SortFunc(out, func(a, b Remote) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Remote returns the remote called name.
func (r *Repo) Remote(name string) (Remote, error) {
	list, err := r.Remotes()
	if err != nil {
		return Remote{}, err
	}
	for _, rm := range list {
		if rm.Name == name {
			return rm, nil
		}
	}
	return Remote{}, fmt.Errorf("'%s' does not appear to be a git repository (no remote of that name)", name)
}

// AddRemote adds the remote name at rawURL (see RemotePlace).
func (r *Repo) AddRemote(name, rawURL string) error {
	if err := validRemote(name); err != nil {
		return err
	}
	if _, err := RemotePlace(rawURL); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	cfg, err := r.st.Config()
	if err != nil {
		return err
	}
	if _, ok := cfg.Remotes[name]; ok {
		return fmt.Errorf("remote %s already exists", name)
	}
	cfg.Remotes[name] = &config.RemoteConfig{Name: name, URLs: []string{rawURL}, Fetch: []config.RefSpec{fetchSpec(name)}}
	return r.st.SetConfig(cfg)
}

func fetchSpec(name string) config.RefSpec {
	return config.RefSpec("+refs/heads/*:refs/remotes/" + name + "/*")
}

// RemoveRemote removes the remote name and its remote-tracking branches.
func (r *Repo) RemoveRemote(name string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	cfg, err := r.st.Config()
	if err != nil {
		return err
	}
	if _, ok := cfg.Remotes[name]; !ok {
		return fmt.Errorf("No such remote: '%s'", name)
	}
	delete(cfg.Remotes, name)
	if err := r.st.SetConfig(cfg); err != nil {
		return err
	}
	tracking, err := r.tracking(name)
	if err != nil {
		return err
	}
	for branch := range tracking {
		if err := r.removeRef(trackingRef(name, branch)); err != nil {
			return err
		}
	}
	r.idsLoaded = false // the ids the branches held may be gone
	return nil
}

func trackingRef(remote, branch string) plumbing.ReferenceName {
	return plumbing.NewRemoteReferenceName(remote, branch)
}

// tracking lists the remote-tracking branches of remote: branch -> tip.
func (r *Repo) tracking(remote string) (map[string]plumbing.Hash, error) {
	iter, err := r.st.IterReferences()
	if err != nil {
		return nil, err
	}
	out := map[string]plumbing.Hash{}
	prefix := "refs/remotes/" + remote + "/"
	err = iter.ForEach(func(ref *plumbing.Reference) error {
		if b, ok := strings.CutPrefix(ref.Name().String(), prefix); ok && ref.Type() == plumbing.HashReference {
			out[b] = ref.Hash()
		}
		return nil
	})
	return out, err
}

// goRemote is go-git's remote for rm, not kept in the config (a host
// repository is named by its git directory, which go-git's server opens).
func (r *Repo) goRemote(rm Remote) (*git.Remote, string, error) {
	installTransports()
	u := rm.URL
	if !strings.Contains(u, "://") && !IsSSH(u) {
		u = "file://" + path.Clean(u)
	}
	return git.NewRemote(r.st, &config.RemoteConfig{Name: rm.Name, URLs: []string{u}, Fetch: []config.RefSpec{fetchSpec(rm.Name)}}), u, nil
}

// Push sends branch (the current one when empty) and its snapshots to
// the remote name, as branch of the same name there. It refuses to move
// the remote's branch anywhere but forward (ErrNotFastForward);
// ErrUpToDate says the remote had it already.
func (r *Repo) Push(ctx context.Context, name, branch string) (RefUpdate, error) {
	rm, err := r.Remote(name)
	if err != nil {
		return RefUpdate{}, err
	}
	r.mu.Lock()
	if branch == "" {
		branch = r.branch()
	}
	tip, ok := r.ref(plumbing.NewBranchReferenceName(branch))
	r.mu.Unlock()
	if !ok {
		return RefUpdate{Branch: branch}, fmt.Errorf("src refspec %s does not match any (no snapshot on it)", branch)
	}
	up := RefUpdate{Branch: branch, New: tip.String()}
	remote, u, err := r.goRemote(rm)
	if err != nil {
		return up, err
	}
	auth := authFor(ctx, u)
	refs, err := remote.ListContext(ctx, &git.ListOptions{Auth: auth})
	if err != nil && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
		return up, remoteError(u, err)
	}
	for _, ref := range refs {
		if ref.Name() == plumbing.NewBranchReferenceName(branch) {
			up.Old = ref.Hash().String()
		}
	}
	if up.Old == up.New {
		return up, ErrUpToDate
	}
	spec := config.RefSpec("refs/heads/" + branch + ":refs/heads/" + branch)
	r.mu.Lock()
	defer r.mu.Unlock()
	err = remote.PushContext(ctx, &git.PushOptions{RemoteName: rm.Name, RemoteURL: u, RefSpecs: []config.RefSpec{spec}, Auth: auth})
	switch {
	case err == nil:
	case errors.Is(err, git.NoErrAlreadyUpToDate):
		return up, ErrUpToDate
	case strings.Contains(err.Error(), "non-fast-forward"), errors.Is(err, git.ErrForceNeeded):
		return up, ErrNotFastForward
	default:
		return up, remoteError(u, err)
	}
	// the remote-tracking branch follows, as git's does
	return up, r.setRef(trackingRef(rm.Name, branch), tip)
}

// Fetch brings the branches of the remote name in as its
// remote-tracking branches (REMOTE/BRANCH, which history, diff, rollback
// and fork accept), and returns those that moved.
func (r *Repo) Fetch(ctx context.Context, name string) ([]RefUpdate, error) {
	rm, err := r.Remote(name)
	if err != nil {
		return nil, err
	}
	return r.fetch(ctx, rm)
}

func (r *Repo) fetch(ctx context.Context, rm Remote) ([]RefUpdate, error) {
	remote, u, err := r.goRemote(rm)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	before, err := r.tracking(rm.Name)
	if err != nil {
		return nil, err
	}
	if err := r.needIDs(); err != nil {
		return nil, err
	}
	known := slices.Clone(r.ids)
	err = remote.FetchContext(ctx, &git.FetchOptions{RemoteName: rm.Name, RemoteURL: u, Tags: git.NoTags, Prune: true, Auth: authFor(ctx, u)})
	if err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate) && !errors.Is(err, transport.ErrEmptyRemoteRepository) {
		return nil, remoteError(u, err)
	}
	after, err := r.tracking(rm.Name)
	if err != nil {
		return nil, err
	}
	var out []RefUpdate
	for branch, h := range after {
		if old, ok := before[branch]; !ok || old != h {
			up := RefUpdate{Branch: branch, New: h.String()}
			if ok {
				up.Old = old.String()
			}
			out = append(out, up)
		}
	}
	slices.SortFunc(out, func(a, b RefUpdate) int { return strings.Compare(a.Branch, b.Branch) })
	r.idsLoaded = false
	if err := r.needIDs(); err != nil {
		return nil, err
	}
	return out, r.noteArrived(known)
}

// FastForward moves branch (the current one when empty) forward to its
// remote-tracking branch REMOTE/BRANCH, as a fetch left it (pull is a
// fetch, then this). When branch is the current one the tree is put back
// to the new tip, whose State is returned (nil otherwise); unsaved
// changes refuse it (ErrDirty; ErrNoSnapshot when nothing was ever
// snapshotted, so that all of the tree is unsaved). A branch that is not behind the
// remote's gives ErrUpToDate; one that diverged, ErrNotFastForward.
func (r *Repo) FastForward(remote, branch string) (up RefUpdate, st *State, err error) {
	r.mu.Lock()
	if branch == "" {
		branch = r.branch()
	}
	current := branch == r.branch()
	r.mu.Unlock()
	up = RefUpdate{Branch: branch}
	if current && r.Dirty() {
		if r.CurrentID() == "" {
			return up, nil, ErrNoSnapshot // all of the tree is unsaved
		}
		return up, nil, ErrDirty
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	theirs, ok := r.ref(trackingRef(remote, branch))
	if !ok {
		return up, nil, fmt.Errorf("couldn't find remote ref %s", branch)
	}
	up.New = theirs.String()
	ours, ok := r.ref(plumbing.NewBranchReferenceName(branch))
	if ok {
		up.Old = ours.String()
		if ours == theirs {
			return up, nil, ErrUpToDate
		}
		forward, err := r.isAncestor(ours, theirs)
		if err != nil {
			return up, nil, err
		}
		if !forward {
			if back, err := r.isAncestor(theirs, ours); err != nil || back {
				return up, nil, cmpErr(err, ErrUpToDate)
			}
			return up, nil, ErrNotFastForward
		}
	}
	if err := r.setRef(plumbing.NewBranchReferenceName(branch), theirs); err != nil {
		return up, nil, err
	}
	if !current {
		return up, nil, nil
	}
	snap, err := r.moveTo(theirs)
	if err != nil {
		return up, nil, err
	}
	return up, &snap.State, nil
}

// cmpErr is err, or else alt.
func cmpErr(err, alt error) error {
	if err != nil {
		return err
	}
	return alt
}

// isAncestor reports whether a is b or one of its ancestors.
func (r *Repo) isAncestor(a, b plumbing.Hash) (bool, error) {
	if a == b {
		return true, nil
	}
	ca, err := object.GetCommit(r.st, a)
	if err != nil {
		return false, err
	}
	cb, err := object.GetCommit(r.st, b)
	if err != nil {
		return false, err
	}
	return ca.IsAncestor(cb)
}

// Clone makes the history a copy of the remote at rawURL, which becomes
// its remote origin: every branch of the remote becomes a branch, and
// the tree is put back to the newest snapshot of the remote's current
// branch (main when it names none), whose State is returned. The
// history must be new: no snapshot, no remote.
func (r *Repo) Clone(ctx context.Context, rawURL string) (*State, error) {
	r.mu.Lock()
	err := r.needIDs()
	used := len(r.ids) > 0
	r.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if used {
		return nil, errors.New("the workspace has snapshots already")
	}
	if err := r.AddRemote("origin", rawURL); err != nil {
		return nil, err
	}
	rm := Remote{Name: "origin", URL: rawURL}
	if _, err := r.fetch(ctx, rm); err != nil {
		return nil, err
	}
	remote, u, _ := r.goRemote(rm)
	head := "main"
	if refs, err := remote.ListContext(ctx, &git.ListOptions{Auth: authFor(ctx, u)}); err == nil {
		for _, ref := range refs {
			if ref.Name() == plumbing.HEAD && ref.Type() == plumbing.SymbolicReference && ref.Target().IsBranch() {
				head = ref.Target().Short()
			}
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	branches, err := r.tracking("origin")
	if err != nil {
		return nil, err
	}
	if _, ok := branches[head]; !ok {
		head = "main" // the remote's HEAD names no branch it has
	}
	if _, ok := branches[head]; !ok && len(branches) > 0 {
		names := make([]string, 0, len(branches))
		for b := range branches {
			names = append(names, b)
		}
		slices.Sort(names)
		head = names[0]
	}
	for b, h := range branches {
		if err := r.setRef(plumbing.NewBranchReferenceName(b), h); err != nil {
			return nil, err
		}
	}
	if err := r.setSymbolicHEAD(head); err != nil {
		return nil, err
	}
	tip, ok := branches[head]
	if !ok {
		return nil, nil // an empty remote: an empty history
	}
	snap, err := r.moveTo(tip)
	if err != nil {
		return nil, err
	}
	return &snap.State, nil
}

// RedactURL is a remote's URL without a password in it, as messages and
// the effect log show it.
func RedactURL(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		return u.Redacted()
	}
	return raw
}

// remoteError words a transport's error about the remote at u (its
// password left out).
func remoteError(u string, err error) error {
	u = RedactURL(u)
	switch {
	case errors.Is(err, transport.ErrRepositoryNotFound):
		return fmt.Errorf("'%s' does not appear to be a git repository", u)
	case errors.Is(err, ErrNoNetwork):
		return fmt.Errorf("unable to access '%s': %w", u, err)
	}
	var said *sshauth.Error
	if errors.As(err, &said) {
		return fmt.Errorf("'%s': Could not read from remote repository: %w", u, err)
	}
	return fmt.Errorf("'%s': %w", u, err)
}

// hostLoader opens the host repositories go-git's server serves: bare
// ones only (a push to a repository with a work tree would move the
// branch under its files).
type hostLoader struct{}

func (hostLoader) Load(ep *transport.Endpoint) (storer.Storer, error) {
	dir := path.Clean(ep.Path)
	if !path.IsAbs(dir) {
		return nil, transport.ErrRepositoryNotFound
	}
	for _, name := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return nil, transport.ErrRepositoryNotFound
		}
	}
	st := filesystem.NewStorage(osfs.New(dir), cache.NewObjectLRUDefault())
	cfg, err := st.Config()
	if err != nil {
		return nil, err
	}
	if !cfg.Core.IsBare {
		return nil, fmt.Errorf("%s is not a bare repository (make one with git init --bare)", dir)
	}
	return st, nil
}

// hostTransport is go-git's in-process server for host repositories.
// Its upload-pack fails on a "have" the repository lacks (a snapshot
// made here since), where git's ignores it: the haves are filtered to
// those it holds first.
type hostTransport struct{ transport.Transport }

func (t hostTransport) NewUploadPackSession(ep *transport.Endpoint, auth transport.AuthMethod) (transport.UploadPackSession, error) {
	s, err := t.Transport.NewUploadPackSession(ep, auth)
	if err != nil {
		return nil, err
	}
	st, err := hostLoader{}.Load(ep)
	if err != nil {
		s.Close()
		return nil, err
	}
	return haveFilter{UploadPackSession: s, st: st}, nil
}

type haveFilter struct {
	transport.UploadPackSession
	st storer.Storer
}

func (h haveFilter) UploadPack(ctx context.Context, req *packp.UploadPackRequest) (*packp.UploadPackResponse, error) {
	var kept []plumbing.Hash
	for _, have := range req.Haves {
		if h.st.HasEncodedObject(have) == nil {
			kept = append(kept, have)
		}
	}
	req.Haves = kept
	return h.UploadPackSession.UploadPack(ctx, req)
}
