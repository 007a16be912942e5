package engine

import (
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
)

// hashTable is bash's table of the files commands were found as on PATH:
// a command runs as the file it was first found as, until PATH changes or
// hash -r. Subshells share their parent's table copy-on-write.
type hashTable struct {
	m    map[string]*hashEntry
	path string // the PATH the entries were found along
	refs atomic.Int32
}

type hashEntry struct {
	path string
	hits atomic.Int32
}

func newHashTable() *hashTable {
	t := &hashTable{m: map[string]*hashEntry{}}
	t.refs.Store(1)
	return t
}

func (t *hashTable) share() *hashTable {
	t.refs.Add(1)
	return t
}

func (t *hashTable) release() { t.refs.Add(-1) }

// hashWrite returns the proc's table, made its own, for a change; a PATH
// other than the one of the entries empties it.
func (p *proc) hashWrite() *hashTable {
	t := p.hash
	if t.refs.Load() > 1 {
		c := newHashTable()
		c.path = t.path
		for name, e := range t.m {
			c.m[name] = e
		}
		t.release()
		p.hash, t = c, c
	}
	if path, _ := p.getStr("PATH"); path != t.path {
		clear(t.m)
		t.path = path
	}
	return t
}

// hashed returns the entry of name, if the table has one for the current
// PATH.
func (p *proc) hashed(name string) *hashEntry {
	t := p.hash
	if len(t.m) == 0 {
		return nil
	}
	if path, _ := p.getStr("PATH"); path != t.path {
		return nil
	}
	return t.m[name]
}

// hashFor returns the file name runs as (a name without a slash): the
// table's entry, or the host's answer, remembered. It counts a hit.
func (p *proc) hashFor(name string) string {
	if e := p.hashed(name); e != nil {
		e.hits.Add(1)
		return e.path
	}
	kind, path := p.lookupCommand(name)
	if kind != KindFile {
		return ""
	}
	e := &hashEntry{path: path}
	e.hits.Store(1)
	p.hashWrite().m[name] = e
	return path
}

func hashBuiltin(p *proc, args []string) int {
	seen, vals, names, ok := p.options(args, "rp:dtl", "hash [-lr] [-p pathname] [-dt] [name ...]")
	if !ok {
		return 2
	}
	if seen.has("r") {
		p.hashWrite()
		clear(p.hash.m)
	}
	if path, ok := vals['p']; ok {
		if len(names) == 0 {
			return 0
		}
		for _, name := range names {
			p.hashWrite().m[name] = &hashEntry{path: path}
		}
		return 0
	}
	status := 0
	switch {
	case seen.has("d"):
		for _, name := range names {
			if p.hashed(name) == nil {
				p.errorf("hash: %s: not found", name)
				status = 1
				continue
			}
			delete(p.hashWrite().m, name)
		}
		return status
	case seen.has("t"):
		if len(names) == 0 {
			p.errorf("hash: -t: option requires an argument")
			return 1
		}
		for _, name := range names {
			e := p.hashed(name)
			if e == nil {
				p.errorf("hash: %s: not found", name)
				status = 1
				continue
			}
			if len(names) > 1 {
				p.writeOut(name + "\t" + e.path + "\n")
			} else {
				p.writeOut(e.path + "\n")
			}
		}
		return status
	}
	if len(names) == 0 {
		if seen.has("r") {
			return 0
		}
		p.listHash(seen.has("l"))
		return 0
	}
	for _, name := range names {
		if strings.Contains(name, "/") {
			continue
		}
		if _, ok := builtins[name]; ok && !p.disabled(name) {
			continue
		}
		if _, ok := p.funcs.m[name]; ok {
			continue
		}
		kind, path := p.lookupCommand(name)
		switch kind {
		case KindFile:
			p.hashWrite().m[name] = &hashEntry{path: path}
		case KindNone:
			p.errorf("hash: %s: not found", name)
			status = 1
		}
	}
	return status
}

// listHash prints the table as hash does (-l: as hash commands).
func (p *proc) listHash(reusable bool) {
	t := p.hash
	if path, _ := p.getStr("PATH"); path != t.path || len(t.m) == 0 {
		p.writeOut("hash: hash table empty\n")
		return
	}
	names := make([]string, 0, len(t.m))
	for name := range t.m {
		names = append(names, name)
	}
	slices.Sort(names)
	var b strings.Builder
	if !reusable {
		b.WriteString("hits\tcommand\n")
	}
	for _, name := range names {
		e := t.m[name]
		if reusable {
			b.WriteString("builtin hash -p " + e.path + " " + name + "\n")
			continue
		}
		hits := strconv.Itoa(int(e.hits.Load()))
		b.WriteString(strings.Repeat(" ", max(0, 4-len(hits))) + hits + "\t" + e.path + "\n")
	}
	p.writeOut(b.String())
}
