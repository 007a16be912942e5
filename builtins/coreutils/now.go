package coreutils

import (
	"sync"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudate"
)

// localZone is the zone a command shows times in: the exported TZ, read
// as glibc reads it (gnudate.Zone); UTC when it is unset.
func localZone(c *builtins.Call) *time.Location {
	tz, set := c.LookupEnv("TZ")
	return gnudate.Zone(tz, set)
}

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
