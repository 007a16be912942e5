package jqjson

import (
	"reflect"
	"slices"
	"strings"
)

// Order remembers the key order of the objects of one jq run. gojq
// represents an object as a Go map, which forgets the order of its keys,
// while jq prints them in the order they were first inserted. Order knows
// that order, exactly, for:
//
//   - objects read from the input (a Decoder's) and the arguments (Keep);
//   - objects a literal of the program builds ({b: 1, a: 2} prints b
//     first): by their key set when every key is written out and no other
//     literal has the same keys in another order, by identity otherwise;
//   - objects made from others by +, *, the assignments (=, |=, +=, ...),
//     setpath, delpaths, del, to_entries, from_entries, with_entries, add,
//     map_values and INDEX, which keep their operand's keys in order and
//     put new ones at the end, as jq does (Prepare and Prelude route them
//     through Order).
//
// An object made any other way (inside gojq's other builtins) prints with
// its keys sorted, as gojq prints them. Several keys added by one
// assignment (.[("b", "a")] = 1) go in sorted order. Iterating an object
// (.[], map, paths) visits its keys sorted: that is gojq's, and Order
// cannot change it.
//
// An object is known by its address, so Order keeps the maps it knows
// alive: those read from the input until Release (the shell calls it after
// each top-level input), the arguments for the whole run, and the ones the
// program made up to a budget of keys, past which the oldest are
// forgotten (and print sorted).
//
// An Order is used by one goroutine: one jq run.
type Order struct {
	known    map[uintptr]*entry
	literals map[string][]string // a literal's order by its sorted key set
	// made are the entries of objects the program made, oldest first, and
	// madeKeys how many keys they hold.
	made     []*entry
	madeKeys int
	budget   int
}

type entry struct {
	m    map[string]any // kept alive, so that its address stays its own
	keys []string
	kind entryKind
	// step says that m is what a step of a reduce gave: the next step
	// replaces it, and Order forgets it then (stepped).
	step bool
}

type entryKind int

const (
	madeEntry  entryKind = iota // by the program: forgotten past the budget
	inputEntry                  // from the input: forgotten at Release
	keptEntry                   // an argument: kept for the run
)

// madeBudget bounds the keys of the objects the program made that an
// Order keeps alive (about 64 MiB).
const madeBudget = 1 << 20

// NewOrder returns an Order that knows nothing yet.
func NewOrder() *Order {
	return &Order{known: map[uintptr]*entry{}, literals: map[string][]string{}, budget: madeBudget}
}

func addr(m map[string]any) uintptr { return reflect.ValueOf(m).Pointer() }

// Keep records the key order of an argument's object, for the whole run.
func (o *Order) Keep(m map[string]any, keys []string) {
	o.remember(m, keys, keptEntry)
}

// Release forgets the objects of the input read so far and those the
// program made: the values of one top-level input are gone once its
// results are printed. The arguments are kept.
func (o *Order) Release() {
	for p, e := range o.known {
		if e.kind != keptEntry {
			delete(o.known, p)
		}
	}
	o.made, o.madeKeys = nil, 0
}

func (o *Order) remember(m map[string]any, keys []string, kind entryKind) {
	if o == nil || len(m) < 2 {
		return // no order to keep
	}
	e := &entry{m: m, keys: keys, kind: kind}
	o.known[addr(m)] = e
	if kind != madeEntry {
		return
	}
	o.made = append(o.made, e)
	o.madeKeys += len(keys)
	for o.madeKeys > o.budget && len(o.made) > 1 {
		old := o.made[0]
		o.made = o.made[1:]
		o.forget(old)
	}
}

// forget drops what Order knows of a map the program made.
func (o *Order) forget(e *entry) {
	if e.m == nil {
		return // forgotten already
	}
	if o.known[addr(e.m)] == e {
		delete(o.known, addr(e.m))
	}
	o.madeKeys -= len(e.keys)
	e.m, e.keys = nil, nil
}

// stepped is told that a step of a reduce made nv from prev. A prev that
// an earlier step made is gone once nv replaces it, unless nv holds it:
// Order forgets it, so that a reduce that builds an object key by key
// keeps one object alive, not one per step.
func (o *Order) stepped(nv, prev any) {
	if pm, ok := prev.(map[string]any); ok {
		if e := o.known[addr(pm)]; e != nil && e.step && !holds(nv, prev, pm, 0) {
			o.forget(e)
		}
	}
	if nm, ok := nv.(map[string]any); ok {
		if e := o.known[addr(nm)]; e != nil && e.kind == madeEntry {
			e.step = true
		}
	}
}

// holds reports whether v, made from old, holds the map target. It looks
// only where v differs from old: what they share was in old, which cannot
// hold target, old itself.
func holds(v, old any, target map[string]any, depth int) bool {
	if depth > maxDepth {
		return true // cannot tell: keep it
	}
	switch v := v.(type) {
	case map[string]any:
		om, _ := old.(map[string]any)
		if addr(v) == addr(target) {
			return true
		}
		if om != nil && addr(om) == addr(v) {
			return false
		}
		for k, x := range v {
			if isContainer(x) {
				var ox any
				if om != nil {
					ox = om[k]
				}
				if holds(x, ox, target, depth+1) {
					return true
				}
			}
		}
	case []any:
		oa, _ := old.([]any)
		if sameSlice(oa, v) {
			return false
		}
		for i, x := range v {
			if isContainer(x) {
				var ox any
				if i < len(oa) {
					ox = oa[i]
				}
				if holds(x, ox, target, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

func sameSlice(a, b []any) bool {
	return a != nil && len(a) == len(b) && reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
}

// Keys returns the keys of m in the order jq prints them.
func (o *Order) Keys(m map[string]any) []string {
	if o != nil {
		if e, ok := o.known[addr(m)]; ok && len(e.keys) == len(m) {
			return e.keys
		}
		if keys, ok := o.literals[signature(sortedKeys(m))]; ok {
			return keys
		}
	}
	return sortedKeys(m)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func signature(sorted []string) string { return strings.Join(sorted, "\x00") }

// extend is the order of an object made from base by adding keys: base's
// keys that are still in m, in base's order, then m's others in the order
// of more, then any left in sorted order.
func (o *Order) extend(m, base map[string]any, more []string) []string {
	var added []string // m's keys that base lacks
	for k := range m {
		if _, ok := base[k]; !ok {
			added = append(added, k)
		}
	}
	keys := make([]string, 0, len(m))
	if base != nil {
		if len(m)-len(added) == len(base) {
			keys = append(keys, o.Keys(base)...) // m still has all of them
		} else {
			for _, k := range o.Keys(base) {
				if _, ok := m[k]; ok {
					keys = append(keys, k)
				}
			}
		}
	}
	if len(added) == 0 {
		return keys
	}
	if len(more) > 0 {
		isAdded := make(map[string]bool, len(added))
		for _, k := range added {
			isAdded[k] = true
		}
		var rest []string
		for _, k := range more {
			if isAdded[k] {
				keys = append(keys, k)
				delete(isAdded, k)
			}
		}
		for _, k := range added {
			if isAdded[k] {
				rest = append(rest, k)
			}
		}
		added = rest
	}
	slices.Sort(added)
	return append(keys, added...)
}

// added records the order of r = a + b: a's keys, then b's new ones.
func (o *Order) added(a, b, r any) {
	rm, ok := r.(map[string]any)
	if !ok || o.isKnownOrSame(rm, a, b) {
		return
	}
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	var more []string
	if bm != nil {
		more = o.Keys(bm)
	}
	o.remember(rm, o.extend(rm, am, more), madeEntry)
}

// merged records the order of r = a * b, a recursive merge: at every
// level, a's keys, then b's new ones.
func (o *Order) merged(a, b, r any, depth int) {
	rm, ok := r.(map[string]any)
	if !ok || depth > maxDepth {
		return
	}
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	if !o.isKnownOrSame(rm, a, b) {
		var more []string
		if bm != nil {
			more = o.Keys(bm)
		}
		o.remember(rm, o.extend(rm, am, more), madeEntry)
	}
	for k, v := range rm {
		if _, isMap := v.(map[string]any); isMap && am != nil && bm != nil {
			o.merged(am[k], bm[k], v, depth+1)
		}
	}
}

// isKnownOrSame reports whether r already has a known order, or is one of
// the operands it was made of (null + b is b).
func (o *Order) isKnownOrSame(r map[string]any, operands ...any) bool {
	if _, ok := o.known[addr(r)]; ok {
		return true
	}
	for _, op := range operands {
		if m, ok := op.(map[string]any); ok && addr(m) == addr(r) {
			return true
		}
	}
	return false
}

// maxDepth bounds how deep derived and merged look into a value.
const maxDepth = 10000

// derived records the order of the objects of nv, made from ov by an
// update (an assignment, setpath, delpaths): where an object of nv is a
// new one at the place of one of ov, it keeps that one's keys in order
// and puts its new keys at the end. Unchanged parts (the same maps and
// slices) are not looked into.
func (o *Order) derived(nv, ov any, depth int) {
	if depth > maxDepth {
		return
	}
	switch n := nv.(type) {
	case map[string]any:
		om, _ := ov.(map[string]any)
		if om != nil && addr(om) == addr(n) {
			return
		}
		if _, ok := o.known[addr(n)]; !ok && len(n) > 1 {
			o.remember(n, o.extend(n, om, nil), madeEntry)
		}
		for k, v := range n {
			if isContainer(v) {
				var old any
				if om != nil {
					old = om[k]
				}
				o.derived(v, old, depth+1)
			}
		}
	case []any:
		oa, _ := ov.([]any)
		if sameSlice(oa, n) {
			return
		}
		for i, v := range n {
			if isContainer(v) {
				var old any
				if i < len(oa) {
					old = oa[i]
				}
				o.derived(v, old, depth+1)
			}
		}
	}
}

func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// fromEntries is from_entries of v when every entry is an object with a
// string key (under key, Key, name or Name), in entry order; ok is false
// otherwise, and the jq definition then gives the result or the error.
func (o *Order) fromEntries(v any) (m map[string]any, ok bool) {
	var entries []any
	switch v := v.(type) {
	case []any:
		entries = v
	default:
		return nil, false
	}
	m = make(map[string]any, len(entries))
	keys := make([]string, 0, len(entries))
	for _, e := range entries {
		em, isMap := e.(map[string]any)
		if !isMap {
			return nil, false
		}
		var key any
		for _, name := range []string{"key", "Key", "name", "Name"} {
			if k := em[name]; k != nil && k != false {
				key = k
				break
			}
		}
		ks, isString := key.(string)
		if !isString {
			return nil, false
		}
		value, has := em["value"]
		if !has {
			value = em["Value"]
		}
		if _, dup := m[ks]; !dup {
			keys = append(keys, ks)
		}
		m[ks] = value
	}
	o.remember(m, keys, madeEntry)
	return m, true
}

// addObjects is add of v, an array of objects only, merged in order; ok
// is false for anything else (an empty array too: add gives null).
func (o *Order) addObjects(v any) (m map[string]any, ok bool) {
	a, isArray := v.([]any)
	if !isArray || len(a) == 0 {
		return nil, false
	}
	for _, x := range a {
		if _, isMap := x.(map[string]any); !isMap {
			return nil, false
		}
	}
	m = map[string]any{}
	var keys []string
	for _, x := range a {
		xm := x.(map[string]any)
		for _, k := range o.Keys(xm) {
			if _, dup := m[k]; !dup {
				keys = append(keys, k)
			}
			m[k] = xm[k]
		}
	}
	o.remember(m, keys, madeEntry)
	return m, true
}

// literal records the order of m, built by a literal whose keys are
// slots: a key, or nil where the key is computed. The computed keys take
// their slots in sorted order.
func (o *Order) literal(m map[string]any, slots []any) {
	if len(m) < 2 {
		return
	}
	static := map[string]bool{}
	for _, s := range slots {
		if k, ok := s.(string); ok {
			static[k] = true
		}
	}
	var computed []string
	for _, k := range sortedKeys(m) {
		if !static[k] {
			computed = append(computed, k)
		}
	}
	var keys []string
	for _, s := range slots {
		if k, ok := s.(string); ok {
			keys = append(keys, k)
		} else if len(computed) > 0 {
			keys = append(keys, computed[0])
			computed = computed[1:]
		}
	}
	o.remember(m, o.extend(m, nil, keys), madeEntry)
}
