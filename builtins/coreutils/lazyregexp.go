package coreutils

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled on first use. A
// package-level regexp.MustCompile runs at every start of moonix, whatever
// the commands it runs; a lazyRegexp literal costs nothing until a
// command uses it. Safe for concurrent use.
type lazyRegexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}
