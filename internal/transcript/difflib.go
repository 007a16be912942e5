package transcript

import "sort"

// This file is a port of the parts of Python's difflib.SequenceMatcher that
// cram uses (find_longest_match, get_matching_blocks, get_opcodes,
// get_grouped_opcodes), including the "autojunk" heuristic, together with
// cram's own twist: a line of the expected output that matches the actual
// line at the same offset through a matcher ((re), (glob), (esc)) counts as
// equal. Keeping the algorithm identical keeps our diffs byte-for-byte the
// ones cram3 prints for the same files.

type opcode struct {
	tag            byte // 'e'qual, 'r'eplace, 'd'elete, 'i'nsert
	i1, i2, j1, j2 int
}

type match struct{ i, j, k int }

type sequenceMatcher struct {
	a, b  []string
	b2j   map[string][]int
	match func(expected, actual string) bool
}

func newSequenceMatcher(a, b []string, matchFn func(expected, actual string) bool) *sequenceMatcher {
	m := &sequenceMatcher{a: append([]string(nil), a...), b: b, match: matchFn}
	m.b2j = make(map[string][]int)
	for i, elt := range b {
		m.b2j[elt] = append(m.b2j[elt], i)
	}
	// Python's autojunk: in a sequence of 200 or more items, items that
	// appear in more than 1% of positions are left out of the index. The
	// set of junk elements proper stays empty (no isjunk function).
	if n := len(b); n >= 200 {
		ntest := n/100 + 1
		for elt, idxs := range m.b2j {
			if len(idxs) > ntest {
				delete(m.b2j, elt)
			}
		}
	}
	return m
}

// findLongestMatch is cram's override: expected lines that match the actual
// line at the same offset stand in for it during the search, then are put
// back, so the diff still shows what the file says.
func (m *sequenceMatcher) findLongestMatch(alo, ahi, blo, bhi int) match {
	type saved struct {
		i   int
		val string
	}
	var replaced []saved
	for n := 0; alo+n < ahi && blo+n < bhi; n++ {
		el, line := m.a[alo+n], m.b[blo+n]
		if el != line && m.match != nil && m.match(el, line) {
			m.a[alo+n] = line
			replaced = append(replaced, saved{alo + n, el})
		}
	}
	res := m.longest(alo, ahi, blo, bhi)
	for _, s := range replaced {
		m.a[s.i] = s.val
	}
	return res
}

func (m *sequenceMatcher) longest(alo, ahi, blo, bhi int) match {
	a, b := m.a, m.b
	besti, bestj, bestsize := alo, blo, 0
	j2len := map[int]int{}
	for i := alo; i < ahi; i++ {
		newj2len := map[int]int{}
		for _, j := range m.b2j[a[i]] {
			if j < blo {
				continue
			}
			if j >= bhi {
				break
			}
			k := j2len[j-1] + 1
			newj2len[j] = k
			if k > bestsize {
				besti, bestj, bestsize = i-k+1, j-k+1, k
			}
		}
		j2len = newj2len
	}
	// Extend with equal elements on both sides; popular elements were left
	// out of b2j but are not junk, so these loops pick them up (the junk
	// loops of Python's version have nothing to do without isjunk).
	for besti > alo && bestj > blo && a[besti-1] == b[bestj-1] {
		besti, bestj, bestsize = besti-1, bestj-1, bestsize+1
	}
	for besti+bestsize < ahi && bestj+bestsize < bhi && a[besti+bestsize] == b[bestj+bestsize] {
		bestsize++
	}
	return match{besti, bestj, bestsize}
}

func (m *sequenceMatcher) matchingBlocks() []match {
	la, lb := len(m.a), len(m.b)
	type span struct{ alo, ahi, blo, bhi int }
	queue := []span{{0, la, 0, lb}}
	var blocks []match
	for len(queue) > 0 {
		q := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		x := m.findLongestMatch(q.alo, q.ahi, q.blo, q.bhi)
		if x.k == 0 {
			continue
		}
		blocks = append(blocks, x)
		if q.alo < x.i && q.blo < x.j {
			queue = append(queue, span{q.alo, x.i, q.blo, x.j})
		}
		if x.i+x.k < q.ahi && x.j+x.k < q.bhi {
			queue = append(queue, span{x.i + x.k, q.ahi, x.j + x.k, q.bhi})
		}
	}
	sort.Slice(blocks, func(p, q int) bool {
		if blocks[p].i != blocks[q].i {
			return blocks[p].i < blocks[q].i
		}
		if blocks[p].j != blocks[q].j {
			return blocks[p].j < blocks[q].j
		}
		return blocks[p].k < blocks[q].k
	})
	var out []match
	i1, j1, k1 := 0, 0, 0
	for _, x := range blocks {
		if i1+k1 == x.i && j1+k1 == x.j {
			k1 += x.k
			continue
		}
		if k1 > 0 {
			out = append(out, match{i1, j1, k1})
		}
		i1, j1, k1 = x.i, x.j, x.k
	}
	if k1 > 0 {
		out = append(out, match{i1, j1, k1})
	}
	return append(out, match{la, lb, 0})
}

func (m *sequenceMatcher) opcodes() []opcode {
	var ops []opcode
	i, j := 0, 0
	for _, x := range m.matchingBlocks() {
		var tag byte
		switch {
		case i < x.i && j < x.j:
			tag = 'r'
		case i < x.i:
			tag = 'd'
		case j < x.j:
			tag = 'i'
		}
		if tag != 0 {
			ops = append(ops, opcode{tag, i, x.i, j, x.j})
		}
		i, j = x.i+x.k, x.j+x.k
		if x.k > 0 {
			ops = append(ops, opcode{'e', x.i, i, x.j, j})
		}
	}
	return ops
}

// groupedOpcodes splits opcodes into hunks with n lines of context.
func groupedOpcodes(codes []opcode, n int) [][]opcode {
	if len(codes) == 0 {
		codes = []opcode{{'e', 0, 1, 0, 1}}
	}
	codes = append([]opcode(nil), codes...)
	if c := &codes[0]; c.tag == 'e' {
		c.i1, c.j1 = max(c.i1, c.i2-n), max(c.j1, c.j2-n)
	}
	if c := &codes[len(codes)-1]; c.tag == 'e' {
		c.i2, c.j2 = min(c.i2, c.i1+n), min(c.j2, c.j1+n)
	}
	var groups [][]opcode
	var group []opcode
	for _, c := range codes {
		if c.tag == 'e' && c.i2-c.i1 > 2*n {
			group = append(group, opcode{'e', c.i1, min(c.i2, c.i1+n), c.j1, min(c.j2, c.j1+n)})
			groups = append(groups, group)
			group = nil
			c.i1, c.j1 = max(c.i1, c.i2-n), max(c.j1, c.j2-n)
		}
		group = append(group, c)
	}
	if len(group) > 0 && !(len(group) == 1 && group[0].tag == 'e') {
		groups = append(groups, group)
	}
	return groups
}
