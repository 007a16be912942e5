package gnudiff

import (
	"slices"
	"sort"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"
)

// splitLines splits data into lines that keep their newline.
func splitLines(data []byte) []string {
	var out []string
	s := string(data)
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

func allBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimRight(l, " \t\r\n\v\f") != "" {
			return false
		}
	}
	return true
}

// change is one run of changed lines: deleted lines of file 0 from
// line0 (0-based) and inserted lines of file 1 from line1.
type change struct {
	line0, line1      int
	deleted, inserted int
	ignore            bool
}

func (o *Options) scriptLines(f0, f1 []string) []change {
	keys := [2][]string{make([]string, len(f0)), make([]string, len(f1))}
	for i, l := range f0 {
		keys[0][i] = o.key(l)
	}
	for i, l := range f1 {
		keys[1][i] = o.key(l)
	}
	return script(keys)
}

// script computes the changes between two sequences of line keys:
// go-udiff's Myers diff, then GNU diff's shift_boundaries so that runs of
// changes sit where GNU diff puts them.
func script(keys [2][]string) []change {
	// changed[f][i+1] marks line i of file f; the ends are sentinels.
	var changed [2][]bool
	for f := range 2 {
		changed[f] = make([]bool, len(keys[f])+2)
	}
	region(keys[0], keys[1], 0, 0, func(dd lcs.Diff) {
		for i := dd.Start; i < dd.End; i++ {
			changed[0][i+1] = true
		}
		for i := dd.ReplStart; i < dd.ReplEnd; i++ {
			changed[1][i+1] = true
		}
	})
	shiftBoundaries(changed, keys)
	var out []change
	n0, n1 := len(keys[0]), len(keys[1])
	for i0, i1 := 0, 0; i0 < n0 || i1 < n1; i0, i1 = i0+1, i1+1 {
		if changed[0][i0+1] || changed[1][i1+1] {
			l0, l1 := i0, i1
			for changed[0][i0+1] {
				i0++
			}
			for changed[1][i1+1] {
				i1++
			}
			out = append(out, change{line0: l0, line1: l1, deleted: i0 - l0, inserted: i1 - l1})
		}
	}
	return out
}

// regionMax is the size up to which a region goes to go-udiff whole.
// go-udiff bounds its search (about 50 edits) and past that returns a
// correct but far from minimal script, so larger regions are first cut at
// lines that occur once in each side (patience diff's anchors).
const regionMax = 400

// region reports the changes between a and b, whose first lines are
// lines off0 and off1 of the whole files. Like GNU diff it first sets aside
// the common head and tail. It runs go-udiff on the reversed lines: among
// equally short scripts that picks the one GNU diff picks about twice as
// often as the forward run does (measured with
// builtins/coreutils/diff_gnu_cases.py).
func region(a, b []string, off0, off1 int, emit func(lcs.Diff)) {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b, off0, off1 = a[1:], b[1:], off0+1, off1+1
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	switch {
	case len(a) == 0 && len(b) == 0:
		return
	case len(a) == 0 || len(b) == 0:
		emit(lcs.Diff{Start: off0, End: off0 + len(a), ReplStart: off1, ReplEnd: off1 + len(b)})
		return
	}
	var anchors [][2]int
	if len(a)+len(b) > regionMax {
		anchors = patienceAnchors(a, b)
	}
	if len(anchors) == 0 {
		ra, rb := slices.Clone(a), slices.Clone(b)
		slices.Reverse(ra)
		slices.Reverse(rb)
		for _, d := range lcs.DiffLines(ra, rb) {
			emit(lcs.Diff{
				Start: off0 + len(a) - d.End, End: off0 + len(a) - d.Start,
				ReplStart: off1 + len(b) - d.ReplEnd, ReplEnd: off1 + len(b) - d.ReplStart,
			})
		}
		return
	}
	i, j := 0, 0
	for _, an := range anchors {
		region(a[i:an[0]], b[j:an[1]], off0+i, off1+j, emit)
		i, j = an[0]+1, an[1]+1
	}
	region(a[i:], b[j:], off0+i, off1+j, emit)
}

// patienceAnchors pairs the lines that occur exactly once in a and once in
// b, keeping the longest run that is increasing in both.
func patienceAnchors(a, b []string) [][2]int {
	type count struct{ na, nb, ia, ib int }
	counts := map[string]*count{}
	for i, l := range a {
		c := counts[l]
		if c == nil {
			c = &count{}
			counts[l] = c
		}
		c.na++
		c.ia = i
	}
	for j, l := range b {
		if c := counts[l]; c != nil {
			c.nb++
			c.ib = j
		}
	}
	var pairs [][2]int
	for i, l := range a {
		if c := counts[l]; c.na == 1 && c.nb == 1 {
			pairs = append(pairs, [2]int{i, c.ib})
		}
	}
	// longest increasing subsequence of the b positions (patience sorting)
	var tops []int // index into pairs of the top card of each pile
	prev := make([]int, len(pairs))
	for k, p := range pairs {
		pile := sort.Search(len(tops), func(t int) bool { return pairs[tops[t]][1] >= p[1] })
		prev[k] = -1
		if pile > 0 {
			prev[k] = tops[pile-1]
		}
		if pile == len(tops) {
			tops = append(tops, k)
		} else {
			tops[pile] = k
		}
	}
	if len(tops) == 0 {
		return nil
	}
	out := make([][2]int, len(tops))
	for k, n := tops[len(tops)-1], len(tops)-1; k >= 0; k, n = prev[k], n-1 {
		out[n] = pairs[k]
	}
	return out
}

// shiftBoundaries is GNU diff's analyze.c shift_boundaries: slide each run
// of changes up or down over equal lines so that runs merge and, failing
// that, end up as low as possible and aligned with the other file's runs.
func shiftBoundaries(changed [2][]bool, keys [2][]string) {
	for f := range 2 {
		ch, other, eq := changed[f], changed[1-f], keys[f]
		c := func(i int) bool { return ch[i+1] }
		set := func(i int, v bool) { ch[i+1] = v }
		o := func(j int) bool { return other[j+1] }
		i, j, iEnd := 0, 0, len(eq)
		for {
			for i < iEnd && !c(i) {
				for {
					t := o(j)
					j++
					if !t {
						break
					}
				}
				i++
			}
			if i == iEnd {
				break
			}
			start := i
			for i++; c(i); i++ {
			}
			for o(j) {
				j++
			}
			var runlength, corresponding int
			for {
				runlength = i - start
				for start > 0 && eq[start-1] == eq[i-1] {
					start--
					set(start, true)
					i--
					set(i, false)
					for c(start - 1) {
						start--
					}
					for {
						j--
						if !o(j) {
							break
						}
					}
				}
				corresponding = iEnd
				if o(j - 1) {
					corresponding = i
				}
				for i != iEnd && eq[start] == eq[i] {
					set(start, false)
					start++
					set(i, true)
					i++
					for c(i) {
						i++
					}
					for {
						j++
						if !o(j) {
							break
						}
						corresponding = i
					}
				}
				if runlength == i-start {
					break
				}
			}
			for corresponding < i {
				start--
				set(start, true)
				i--
				set(i, false)
				for {
					j--
					if !o(j) {
						break
					}
				}
			}
		}
	}
}
