package vfs

import (
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// resumeClock sets the clock to a second after lastTime, unless it is
// already later (RepoOptions.ResumeClock).
func (r *Repo) resumeClock() {
	c, ok := r.clock.(interface{ Set(time.Time) })
	if last := r.lastTime(); ok && !last.IsZero() && !last.Before(r.clock.Now()) {
		c.Set(last.Add(time.Second))
	}
}

// lastTime is the newest commit time among the repository's refs: the
// saved working state, the current snapshot and every branch's and kept
// line's newest; zero for a repository without commits.
func (r *Repo) lastTime() time.Time {
	var last time.Time
	refs, err := r.st.IterReferences()
	if err != nil {
		return last
	}
	refs.ForEach(func(ref *plumbing.Reference) error {
		if ref.Type() != plumbing.HashReference {
			return nil
		}
		if c, err := r.getCommit(ref.Hash()); err == nil && c.Committer.When.After(last) {
			last = c.Committer.When
		}
		return nil
	})
	return last.UTC()
}
