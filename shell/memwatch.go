package shell

import (
	"context"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"weak"
)

// The memory of the whole process. Go cannot tell which session holds
// which bytes, so this bound is the process's: WatchMemory (the command
// line calls it with --max-memory) sets the Go runtime's soft limit, and
// after every collection, when what is still alive (heap and stacks)
// passes the limit, it
// stops every statement of every session under way (out of memory),
// instead of letting the runtime die. One value a session builds is
// bounded on its own (Limits.Memory), before it is built; an evaluation
// that builds values out of reach (jq, awk) gets a budget of growth
// (watchBudget), checked after every collection too.

var memWatch struct {
	mu       sync.Mutex
	limit    int64
	sessions map[weak.Pointer[Session]]struct{}
	budgets  map[*budget]struct{}
	arm      sync.Once
}

// budget is an evaluation whose memory nothing else bounds (jq, awk): it
// ends when the live heap has grown by more than limit since it began.
type budget struct {
	base, limit int64
	cancel      context.CancelFunc
	over        atomic.Bool
}

// watchBudget starts a budget of limit bytes for an evaluation under
// ctx: the context it returns ends when the evaluation has taken more,
// and over then reports true. The heap is the process's, so what runs
// beside the evaluation counts against it too: the budget is a bound,
// not an account. Call over when the evaluation ends.
func watchBudget(ctx context.Context, limit int64) (context.Context, func() bool) {
	ctx, cancel := context.WithCancel(ctx)
	b := &budget{base: readLiveHeap(), limit: limit, cancel: cancel}
	memWatch.mu.Lock()
	if memWatch.budgets == nil {
		memWatch.budgets = map[*budget]struct{}{}
	}
	memWatch.budgets[b] = struct{}{}
	memWatch.mu.Unlock()
	memWatch.arm.Do(armGCWatch)
	return ctx, func() bool {
		memWatch.mu.Lock()
		delete(memWatch.budgets, b)
		memWatch.mu.Unlock()
		cancel()
		return b.over.Load()
	}
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
	memWatch.arm.Do(armGCWatch)
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

// readLiveHeap is what the last collection found alive, with the stacks
// of the goroutines (a fork bomb's memory is mostly stacks).
func readLiveHeap() int64 {
	samples := []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
		{Name: "/memory/classes/os-stacks:bytes"},
	}
	metrics.Read(samples)
	var n int64
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			n += int64(s.Value.Uint64())
		}
	}
	return n
}

// afterGC stops everything under way when the live heap is past the
// limit, and the evaluations past their budget.
func afterGC() {
	live := readLiveHeap()
	memWatch.mu.Lock()
	limit := memWatch.limit
	var sessions []*Session
	if limit > 0 && live > limit {
		for p := range memWatch.sessions {
			if s := p.Value(); s != nil {
				sessions = append(sessions, s)
			}
		}
	}
	for b := range memWatch.budgets {
		if live-b.base > b.limit {
			b.over.Store(true)
			b.cancel()
		}
	}
	memWatch.mu.Unlock()
	for _, s := range sessions {
		s.abortAll(memoryError(limit))
	}
	armGCWatch()
}
