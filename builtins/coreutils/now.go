package coreutils

import (
	"sync"
	"time"
)

// lazyNow reads the clock once, the first time it is asked: under
// clock.read a read of the real clock is an effect, so commands that need
// "now" only for some options (ls -l's recent files, find -mtime) read it
// only then.
type lazyNow struct {
	clock interface{ Now() time.Time }
	once  sync.Once
	t     time.Time
}

func (n *lazyNow) get() time.Time {
	n.once.Do(func() { n.t = n.clock.Now() })
	return n.t
}
