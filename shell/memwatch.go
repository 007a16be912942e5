package shell

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"weak"
)

// The memory of the whole process. Go cannot tell which session holds
// which bytes, so this bound is the process's: WatchMemory (the command
// line calls it with --max-memory) sets the Go runtime's soft limit, and
// after every collection, when what is still alive passes the limit, it
// stops every statement of every session under way (out of memory),
// instead of letting the runtime die. One value a session builds is
// bounded on its own (Limits.Memory), before it is built.

var memWatch struct {
	mu       sync.Mutex
	limit    int64
	sessions map[weak.Pointer[Session]]struct{}
	armed    bool
}

// WatchMemory bounds the memory of the process to limit bytes: the Go
// runtime collects harder from three quarters of it on, and once the live
// heap passes it after a collection, every statement under way in every
// session stops with "moonix: out of memory (limit N MiB)". A limit of
// 0 stops watching.
func WatchMemory(limit int64) {
	memWatch.mu.Lock()
	defer memWatch.mu.Unlock()
	memWatch.limit = limit
	if limit <= 0 {
		debug.SetMemoryLimit(-1 >> 1)
		return
	}
	debug.SetMemoryLimit(limit / 4 * 3)
	if !memWatch.armed {
		memWatch.armed = true
		armGCWatch()
	}
}

// watchSession puts a root session under the watch.
func watchSession(s *Session) {
	memWatch.mu.Lock()
	defer memWatch.mu.Unlock()
	if memWatch.sessions == nil {
		memWatch.sessions = map[weak.Pointer[Session]]struct{}{}
	}
	for p := range memWatch.sessions {
		if p.Value() == nil {
			delete(memWatch.sessions, p)
		}
	}
	memWatch.sessions[weak.Make(s)] = struct{}{}
}

// gcSentinel is garbage as soon as it is made: its cleanup runs after the
// next collection, checks the heap, and makes the next sentinel.
type gcSentinel struct{ _ [64]byte }

func armGCWatch() {
	runtime.AddCleanup(new(gcSentinel), func(struct{}) { afterGC() }, struct{}{})
}

var liveHeap = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}

// afterGC stops everything under way when the live heap is past the
// limit.
func afterGC() {
	memWatch.mu.Lock()
	limit := memWatch.limit
	var sessions []*Session
	if limit > 0 {
		metrics.Read(liveHeap)
		if int64(liveHeap[0].Value.Uint64()) > limit {
			for p := range memWatch.sessions {
				if s := p.Value(); s != nil {
					sessions = append(sessions, s)
				}
			}
		}
	}
	memWatch.mu.Unlock()
	for _, s := range sessions {
		s.abortAll(memoryError(limit))
	}
	armGCWatch()
}
