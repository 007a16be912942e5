package engine

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// A variable's kind: a string, an indexed array or an associative array.
type varKind uint8

const (
	kString varKind = iota
	kIndexed
	kAssoc
)

// attr is a variable's set of attributes (declare's flags) plus whether
// it holds a value at all: `declare x` makes a variable without one.
type attr uint16

const (
	aSet attr = 1 << iota // holds a value
	aExport
	aReadonly
	aInteger
	aLower
	aUpper
	aNameref
	aTrace
	// aTemp: a temporary variable of a command (x=1 cmd): unset removes
	// it even from its own function (a local's unset keeps it, unset)
	aTemp
)

// variable is one shell variable. A scope owns its variables: they are
// changed in place by the one proc that owns the scope (see scope).
type variable struct {
	kind  varKind
	attrs attr
	str   string
	arr   *indexed
	assoc *assoc
}

func (v *variable) isSet() bool { return v != nil && v.attrs&aSet != 0 }

// clone copies v deeply, so that two procs can change their copies.
func (v *variable) clone() *variable {
	c := *v
	if v.arr != nil {
		c.arr = v.arr.clone()
	}
	if v.assoc != nil {
		c.assoc = v.assoc.clone()
	}
	return &c
}

// indexed is a bash indexed array: sparse, ordered by index. While keys is
// nil the array is dense: vals[i] is element i.
type indexed struct {
	keys []int64
	vals []string
}

func (a *indexed) clone() *indexed {
	return &indexed{keys: slices.Clone(a.keys), vals: slices.Clone(a.vals)}
}

func (a *indexed) len() int { return len(a.vals) }

// pos finds index i: its position and whether it is set.
func (a *indexed) pos(i int64) (int, bool) {
	if a.keys == nil {
		if i >= 0 && i < int64(len(a.vals)) {
			return int(i), true
		}
		if i < 0 {
			return 0, false
		}
		return len(a.vals), false
	}
	n, found := slices.BinarySearch(a.keys, i)
	return n, found
}

func (a *indexed) get(i int64) (string, bool) {
	n, ok := a.pos(i)
	if !ok {
		return "", false
	}
	return a.vals[n], true
}

// maxIndex is the highest set index, -1 for an empty array.
func (a *indexed) maxIndex() int64 {
	if len(a.vals) == 0 {
		return -1
	}
	if a.keys == nil {
		return int64(len(a.vals) - 1)
	}
	return a.keys[len(a.keys)-1]
}

func (a *indexed) index(n int) int64 {
	if a.keys == nil {
		return int64(n)
	}
	return a.keys[n]
}

func (a *indexed) set(i int64, v string) {
	if a.keys == nil {
		if i >= 0 && i < int64(len(a.vals)) {
			a.vals[i] = v
			return
		}
		if i == int64(len(a.vals)) {
			a.vals = append(a.vals, v)
			return
		}
		a.sparse()
	}
	n, found := slices.BinarySearch(a.keys, i)
	if found {
		a.vals[n] = v
		return
	}
	a.keys = slices.Insert(a.keys, n, i)
	a.vals = slices.Insert(a.vals, n, v)
}

func (a *indexed) sparse() {
	if a.keys != nil {
		return
	}
	a.keys = make([]int64, len(a.vals), cap(a.vals))
	for i := range a.keys {
		a.keys[i] = int64(i)
	}
}

func (a *indexed) unset(i int64) {
	n, ok := a.pos(i)
	if !ok {
		return
	}
	if a.keys == nil && n == len(a.vals)-1 {
		a.vals = a.vals[:n]
		return
	}
	a.sparse()
	a.keys = slices.Delete(a.keys, n, n+1)
	a.vals = slices.Delete(a.vals, n, n+1)
}

func (a *indexed) appendVal(v string) {
	a.set(a.maxIndex()+1, v)
}

// assoc is a bash associative array. bash lists its keys in the order of
// its hash table (1024 buckets, FNV-1 hashes, the newest key first within
// a bucket), and scripts come to depend on that order, so order keeps it.
type assoc struct {
	keys  []string
	vals  []string
	m     map[string]int // key -> position in keys/vals (insertion order)
	order []int          // positions in bash's order; nil when stale
}

func newAssoc() *assoc { return &assoc{m: map[string]int{}} }

func (a *assoc) clone() *assoc {
	c := &assoc{keys: slices.Clone(a.keys), vals: slices.Clone(a.vals), m: make(map[string]int, len(a.m))}
	for k, v := range a.m {
		c.m[k] = v
	}
	return c
}

func (a *assoc) len() int { return len(a.keys) }

func (a *assoc) get(k string) (string, bool) {
	n, ok := a.m[k]
	if !ok {
		return "", false
	}
	return a.vals[n], true
}

func (a *assoc) set(k, v string) {
	if n, ok := a.m[k]; ok {
		a.vals[n] = v
		return
	}
	a.m[k] = len(a.keys)
	a.keys = append(a.keys, k)
	a.vals = append(a.vals, v)
	a.order = nil
}

func (a *assoc) unset(k string) {
	n, ok := a.m[k]
	if !ok {
		return
	}
	delete(a.m, k)
	a.keys = slices.Delete(a.keys, n, n+1)
	a.vals = slices.Delete(a.vals, n, n+1)
	for i := n; i < len(a.keys); i++ {
		a.m[a.keys[i]] = i
	}
	a.order = nil
}

// hashBucket is the bucket of key in bash's associative arrays.
func hashBucket(key string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(key); i++ {
		h *= 16777619
		h ^= uint32(key[i])
	}
	return h & 1023
}

// ordered returns the positions of the entries in bash's order.
func (a *assoc) ordered() []int {
	if a.order != nil && len(a.order) == len(a.keys) {
		return a.order
	}
	order := make([]int, len(a.keys))
	buckets := make([]uint32, len(a.keys))
	for i, k := range a.keys {
		order[i] = i
		buckets[i] = hashBucket(k)
	}
	sort.SliceStable(order, func(x, y int) bool {
		bx, by := buckets[order[x]], buckets[order[y]]
		if bx != by {
			return bx < by
		}
		return order[x] > order[y]
	})
	a.order = order
	return order
}

// scope is a table of variables: the globals, or one function call's
// locals. Procs share a scope after a fork until one of them writes to it
// (copy on write): refs counts the procs holding it, and a proc clones a
// scope it shares before changing it.
type scope struct {
	vars map[string]*variable
	refs atomic.Int32
}

func newScope(n int) *scope {
	s := &scope{vars: make(map[string]*variable, n)}
	s.refs.Store(1)
	return s
}

func (s *scope) clone() *scope {
	c := newScope(len(s.vars))
	for k, v := range s.vars {
		c.vars[k] = v.clone()
	}
	return c
}

// table is a copy-on-write map shared by forked procs, for the tables
// whose values are never changed in place (functions, aliases).
type table[V any] struct {
	m    map[string]V
	refs atomic.Int32
}

func newTable[V any]() *table[V] {
	t := &table[V]{m: map[string]V{}}
	t.refs.Store(1)
	return t
}

// share is called when a fork takes the table.
func (t *table[V]) share() *table[V] {
	t.refs.Add(1)
	return t
}

func (t *table[V]) release() { t.refs.Add(-1) }

// own returns a table the caller may change: t itself when no other proc
// holds it, else a copy.
func (t *table[V]) own() *table[V] {
	if t.refs.Load() == 1 {
		return t
	}
	c := &table[V]{m: make(map[string]V, len(t.m))}
	for k, v := range t.m {
		c.m[k] = v
	}
	c.refs.Store(1)
	t.refs.Add(-1)
	return c
}

// frame is one level of the call stack: the main shell at the bottom,
// then one per function call (and per sourced file, for positional
// parameters given to source).
type frame struct {
	locals *scope // the globals for the bottom frame
	params []string
	// fn is the function's name ("" for the bottom frame and sourced
	// files); source the file it was defined in; line the line it was
	// called from.
	fn     string
	source string
	line   int
	isFunc bool
	// hasParams: a sourced file given arguments has its own positional
	// parameters; otherwise it sees its caller's.
	hasParams bool
	// temp: the temporary variables of one command (x=1 cmd).
	temp bool
}

// lookup finds a variable by name, innermost scope first, without
// following namerefs. It returns the frame it was found in (-1: none).
func (p *proc) lookup(name string) (*variable, int) {
	for i := len(p.frames) - 1; i >= 0; i-- {
		if s := p.frames[i].locals; s != nil {
			if v, ok := s.vars[name]; ok {
				return v, i
			}
		}
	}
	return nil, -1
}

// resolve follows namerefs from name to the variable name finally
// designates (which may not exist yet), with any array subscript the
// reference carries ("ref=a[2]").
func (p *proc) resolve(name string) (string, string, *variable, int) {
	sub := ""
	for range 16 {
		v, i := p.lookup(name)
		if v == nil || v.attrs&aNameref == 0 || v.kind != kString || !v.isSet() || v.str == "" {
			return name, sub, v, i
		}
		target := v.str
		if n, s, ok := splitSubscript(target); ok {
			name, sub = n, s
			v, i = p.lookup(name)
			return name, sub, v, i
		}
		name = target
	}
	return name, sub, nil, circularRef
}

// circularRef is the frame resolve gives for a circular name reference.
const circularRef = -2

// splitSubscript splits "name[sub]".
func splitSubscript(s string) (name, sub string, ok bool) {
	i := 0
	for i < len(s) && s[i] != '[' {
		i++
	}
	if i == 0 || i == len(s) || s[len(s)-1] != ']' {
		return s, "", false
	}
	return s[:i], s[i+1 : len(s)-1], true
}

// writable returns the scope of frame i, made the proc's own.
func (p *proc) writable(i int) *scope {
	s := p.frames[i].locals
	if s == nil {
		s = newScope(4)
		p.frames[i].locals = s
		return s
	}
	if s.refs.Load() == 1 {
		return s
	}
	c := s.clone()
	s.refs.Add(-1)
	p.frames[i].locals = c
	return c
}

// varFor returns the variable name for writing, following namerefs,
// creating it in the global scope (or the scope of a local of that name)
// when missing. It returns nil for a readonly variable, after reporting.
func (p *proc) varFor(name string) (*variable, string, string) {
	orig := name
	name, sub, v, i := p.resolve(name)
	if i == circularRef {
		p.errorf("warning: %s: circular name reference", orig)
		return nil, name, sub
	}
	if v == nil {
		i = 0
		v = &variable{}
		p.writable(0).vars[name] = v
		return v, name, sub
	}
	s := p.writable(i)
	return s.vars[name], name, sub
}

// getStr is the string value of a variable for $name: element 0 of an
// array, "" when unset. ok reports whether it is set.
func (p *proc) getStr(name string) (string, bool) {
	if val, ok, special := p.special(name); special {
		return val, ok
	}
	_, sub, v, _ := p.resolve(name)
	if sub != "" {
		return p.element(v, p.subscriptValue(sub))
	}
	return v.value()
}

// subscriptValue expands a subscript given as text (a nameref's target
// A["$k"], unset 'a[$i]', printf -v, ${!ref}): bash expands it as a word
// (quotes removed, parameters and substitutions expanded) each time.
func (p *proc) subscriptValue(sub string) string {
	if !strings.ContainsAny(sub, "$`'\"\\") {
		return sub
	}
	if w := p.sh.subscriptWord(sub); w != nil {
		if s, ok := p.string(w); ok {
			return s
		}
	}
	return sub
}

// subscriptWord parses a subscript's text as the value of an assignment,
// or, when it holds blanks (a[$(echo 2) + 1]), as a here-document line.
func (s *Shell) subscriptWord(sub string) *syntax.Word {
	if parsed, err := s.parseCached("x=" + sub); err == nil && len(parsed.Stmts) == 1 {
		if ce, ok := parsed.Stmts[0].Cmd.(*syntax.CallExpr); ok && len(ce.Args) == 0 && len(ce.Assigns) == 1 && ce.Assigns[0].Value != nil {
			return ce.Assigns[0].Value
		}
	}
	w, err := syntax.NewParser().Document(strings.NewReader(sub))
	if err != nil {
		return nil
	}
	return w
}

func (v *variable) value() (string, bool) {
	if !v.isSet() {
		return "", false
	}
	switch v.kind {
	case kIndexed:
		return v.arr.get(0)
	case kAssoc:
		return v.assoc.get("0")
	}
	return v.str, true
}

// element reads name[sub] of an already resolved variable.
func (p *proc) element(v *variable, sub string) (string, bool) {
	if v == nil || !v.isSet() {
		return "", false
	}
	switch v.kind {
	case kAssoc:
		return v.assoc.get(sub)
	case kIndexed:
		i, err := p.arithString(sub)
		if err != nil {
			return "", false
		}
		if i < 0 {
			i += v.arr.maxIndex() + 1
		}
		return v.arr.get(i)
	}
	i, err := p.arithString(sub)
	if err != nil || i != 0 && i != -1 {
		return "", false
	}
	return v.str, true
}

// setVar assigns a string to name (element 0 of an array), applying the
// variable's attributes (integer, case). It reports whether it was
// allowed.
func (p *proc) setVar(name, val string) bool {
	if p.setSpecial(name, val) {
		return true
	}
	p.noteLocale(name)
	v, rname, sub := p.varFor(name)
	if v == nil {
		return false
	}
	if sub == "@" || sub == "*" {
		p.errorf("%s[%s]: bad array subscript", rname, sub)
		return false
	}
	if sub != "" {
		return p.setElemText(rname, sub, val)
	}
	if v.attrs&aReadonly != 0 {
		p.errorf("%s: readonly variable", rname)
		return false
	}
	val, ok := p.transform(v, val, false, "")
	if !ok {
		return false
	}
	v.store(val)
	if p.opts.has(optAllexport) {
		v.attrs |= aExport
	}
	if v.attrs&aExport != 0 {
		p.envChanged()
	}
	return true
}

// transform applies integer and case attributes to a value being
// assigned; with appending, old is the value appended to.
func (p *proc) transform(v *variable, val string, appending bool, old string) (string, bool) {
	if v.attrs&aInteger != 0 {
		if appending {
			val = old + "+" + "(" + val + ")"
			appending = false
		}
		n, err := p.arithString(val)
		if err != nil {
			p.arithError(err)
			return "", false
		}
		val = strconv.FormatInt(n, 10)
	}
	if appending {
		val = old + val
	}
	switch {
	case v.attrs&aLower != 0:
		val = lowerString(val)
	case v.attrs&aUpper != 0:
		val = upperString(val)
	}
	return val, true
}

// store makes val the variable's value (element 0 of an array).
func (v *variable) store(val string) {
	switch v.kind {
	case kIndexed:
		if v.arr == nil {
			v.arr = &indexed{}
		}
		v.arr.set(0, val)
	case kAssoc:
		if v.assoc == nil {
			v.assoc = newAssoc()
		}
		v.assoc.set("0", val)
	default:
		v.str = val
	}
	v.attrs |= aSet
}

// setElem assigns name[sub] (sub unexpanded for indexed arrays: it is
// evaluated as arithmetic; an assoc key otherwise).
func (p *proc) setElem(name, sub, val string, appending bool) bool {
	v, rname, rsub := p.varFor(name)
	if v == nil {
		return false
	}
	if rsub != "" {
		p.errorf("%s: cannot assign to an element of a reference to an element", name)
		return false
	}
	if v.attrs&aReadonly != 0 {
		p.errorf("%s: readonly variable", rname)
		return false
	}
	if !p.setElemOn(v, rname, sub, val, appending) {
		return false
	}
	if v.attrs&aExport != 0 {
		p.envChanged()
	}
	return true
}

// setElemOn assigns an element of a known variable, turning a string
// into an array.
func (p *proc) setElemOn(v *variable, name, sub, val string, appending bool) bool {
	if v.kind == kString {
		arr := &indexed{}
		if v.isSet() {
			arr.set(0, v.str)
		}
		v.kind, v.arr, v.str = kIndexed, arr, ""
	}
	var old string
	var i int64
	if v.kind == kAssoc {
		if v.assoc == nil {
			v.assoc = newAssoc()
		}
		old, _ = v.assoc.get(sub)
	} else {
		if v.arr == nil {
			v.arr = &indexed{}
		}
		var ok bool
		if i, ok = p.arrayIndex(v, name, sub); !ok {
			return false
		}
		old, _ = v.arr.get(i)
	}
	nv, ok := p.transform(v, val, appending, old)
	if !ok {
		return false
	}
	if v.kind == kAssoc {
		v.assoc.set(sub, nv)
	} else {
		v.arr.set(i, nv)
	}
	v.attrs |= aSet
	return true
}

// arrayIndex evaluates the subscript of an indexed array; a negative
// index counts from the end.
func (p *proc) arrayIndex(v *variable, name, sub string) (int64, bool) {
	i, err := p.arithString(sub)
	if err != nil {
		p.arithError(err)
		return 0, false
	}
	if i < 0 {
		j := i + v.arr.maxIndex() + 1
		if j < 0 {
			p.errorf("%s[%s]: bad array subscript", name, sub)
			return 0, false
		}
		i = j
	}
	return i, true
}

// unsetVar removes a variable (following namerefs unless ref).
func (p *proc) unsetVar(name string, ref bool) bool {
	if v, _ := p.lookup(name); v == nil || v.attrs&aReadonly == 0 {
		p.unsetSpecial(name)
	}
	var v *variable
	var i int
	sub := ""
	if ref {
		v, i = p.lookup(name)
	} else {
		name, sub, v, i = p.resolve(name)
	}
	if v == nil {
		return true
	}
	if v.attrs&aReadonly != 0 {
		p.errorf("unset: %s: cannot unset: readonly variable", name)
		return false
	}
	s := p.writable(i)
	if sub != "" {
		return p.unsetElem(s.vars[name], name, sub)
	}
	if v.attrs&aExport != 0 {
		p.envChanged()
	}
	if i > 0 && v.attrs&aTemp == 0 && (p.frames[i].isFunc || p.frames[i].temp) {
		// bash: unsetting a local leaves it unset in that scope, not
		// the global visible again, when unset in the same function;
		// from a deeper function, the outer value shows again.
		if i >= p.funcFrame() {
			s.vars[name] = &variable{}
			return true
		}
	}
	delete(s.vars, name)
	return true
}

// funcFrame is the index of the innermost function's frame (0 outside
// functions).
func (p *proc) funcFrame() int {
	for i := len(p.frames) - 1; i > 0; i-- {
		if p.frames[i].isFunc {
			return i
		}
	}
	return 0
}

func (p *proc) unsetElem(v *variable, name, sub string) bool {
	if v == nil || !v.isSet() {
		return true
	}
	switch v.kind {
	case kAssoc:
		v.assoc.unset(sub)
	case kIndexed:
		i, ok := p.arrayIndex(v, name, sub)
		if !ok {
			return false
		}
		v.arr.unset(i)
	default:
		i, err := p.arithString(sub)
		if err == nil && (i == 0 || i == -1) {
			v.attrs &^= aSet
			v.str = ""
		}
	}
	return true
}

// declareLocal makes name a variable of the innermost function scope
// (the global scope outside functions) and returns it.
func (p *proc) declareLocal(name string) *variable {
	i := len(p.frames) - 1
	for i > 0 && !p.frames[i].isFunc {
		i--
	}
	s := p.writable(i)
	v, ok := s.vars[name]
	if !ok {
		v = &variable{}
		s.vars[name] = v
	}
	return v
}

// arrayValues lists an array's values in index order (a string is a
// one-element array; an unset variable none).
func (v *variable) arrayValues() []string {
	if !v.isSet() {
		return nil
	}
	switch v.kind {
	case kIndexed:
		return v.arr.vals
	case kAssoc:
		out := make([]string, 0, v.assoc.len())
		for _, n := range v.assoc.ordered() {
			out = append(out, v.assoc.vals[n])
		}
		return out
	}
	return []string{v.str}
}

// arrayKeys lists an array's indices or keys.
func (v *variable) arrayKeys() []string {
	if !v.isSet() {
		return nil
	}
	switch v.kind {
	case kIndexed:
		out := make([]string, len(v.arr.vals))
		for n := range v.arr.vals {
			out[n] = strconv.FormatInt(v.arr.index(n), 10)
		}
		return out
	case kAssoc:
		out := make([]string, 0, v.assoc.len())
		for _, n := range v.assoc.ordered() {
			out = append(out, v.assoc.keys[n])
		}
		return out
	}
	return []string{"0"}
}

// exported lists the exported variables as NAME=VALUE, sorted: the
// environment of commands. It is cached until a change to an exported
// variable.
func (p *proc) exported() []string {
	if p.env != nil {
		return p.env
	}
	seen := map[string]bool{}
	var out []string
	live := false
	for i := len(p.frames) - 1; i >= 0; i-- {
		if p.frames[i].locals == nil {
			continue
		}
		for name, v := range p.frames[i].locals.vars {
			if seen[name] {
				continue
			}
			seen[name] = true
			if v.attrs&aExport == 0 || !v.isSet() || v.kind != kString {
				// arrays are never exported
				continue
			}
			if name == "SHELLOPTS" || name == "BASHOPTS" {
				// computed: the list cannot be kept
				live = true
				v = p.live(name, v)
			}
			val, _ := v.value()
			out = append(out, name+"="+val)
		}
	}
	sort.Strings(out)
	if !live {
		p.env = out
	}
	return out
}

// envChanged drops the cached environment.
func (p *proc) envChanged() { p.env = nil }
