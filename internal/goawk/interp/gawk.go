// moonix: gawk's extensions that need the interpreter's state: IGNORECASE,
// typeof, asort, asorti and PROCINFO["sorted_in"].

package interp

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/benhoyt/goawk/internal/compiler"
	"github.com/benhoyt/goawk/internal/resolver"
)

// compared gives the strings a comparison of l and r compares: their
// values, in lower case while IGNORECASE is set (gawk then compares
// strings without regard to case).
func (p *interp) compared(l, r value) (string, string) {
	if p.ignoreCase {
		return p.toLower(p.toString(l)), p.toLower(p.toString(r))
	}
	return l.str(p.convertFormat), r.str(p.convertFormat)
}

// foldRegex is re matching without regard to case, for IGNORECASE.
func (p *interp) foldRegex(re *regexp.Regexp) *regexp.Regexp {
	if folded, ok := p.foldedRegexes[re]; ok {
		return folded
	}
	folded := regexp.MustCompile("(?i)" + re.String()) // re compiled, so this does
	folded.Longest()
	if p.foldedRegexes == nil {
		p.foldedRegexes = map[*regexp.Regexp]*regexp.Regexp{}
	}
	if len(p.foldedRegexes) < maxCachedRegexes {
		p.foldedRegexes[re] = folded
	}
	return folded
}

// index is the byte offset of t's first occurrence in s, or -1; while
// IGNORECASE is set, regardless of case.
func (p *interp) index(s, t string) int {
	if !p.ignoreCase {
		return strings.Index(s, t)
	}
	for i := 0; i+len(t) <= len(s); i++ {
		if p.chars && !utf8.RuneStart(s[i]) {
			continue
		}
		if p.chars && strings.EqualFold(s[i:i+len(t)], t) || !p.chars && asciiEqualFold(s[i:i+len(t)], t) {
			return i
		}
	}
	return -1
}

// toLower and toUpper change the case of letters: of every letter in a
// UTF-8 locale (Config.Chars), of ASCII letters in the C locale, as
// gawk does.
func (p *interp) toLower(s string) string {
	if p.chars {
		return strings.ToLower(s)
	}
	return asciiMap(s, 'A', 'Z', 'a'-'A')
}

func (p *interp) toUpper(s string) string {
	if p.chars {
		return strings.ToUpper(s)
	}
	return asciiMap(s, 'a', 'z', 'A'-'a')
}

// asciiMap adds delta to each byte of s from lo to hi.
func asciiMap(s string, lo, hi byte, delta int) string {
	i := 0
	for i < len(s) && (s[i] < lo || s[i] > hi) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if b[i] >= lo && b[i] <= hi {
			b[i] = byte(int(b[i]) + delta)
		}
	}
	return string(b)
}

func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// typeOf is gawk's typeof of a scalar value; missing names a missing
// value ("untyped" or "unassigned").
func (p *interp) typeOf(v value, missing string) string {
	switch v.typ {
	case typeNum:
		return "number"
	case typeStr:
		return "string"
	case typeNumStr:
		if _, isStr := v.isTrueStr(); isStr {
			return "string"
		}
		return "strnum"
	default:
		return missing
	}
}

// forInIndexes lists array's indexes in the order for (k in array)
// visits them: PROCINFO["sorted_in"]'s when it is set, else
// sortedIndexes'.
func (p *interp) forInIndexes(array map[string]value) ([]string, error) {
	how := ""
	if procinfo, ok := p.arrayIndexes["PROCINFO"]; ok {
		if v, ok := p.arrays[procinfo]["sorted_in"]; ok {
			how = p.toString(v)
		}
	}
	if how == "" {
		return sortedIndexes(array), nil
	}
	return p.sortArray(array, how)
}

// asort is gawk's asort (kind AsortValues) or asorti: dest, emptied, gets
// src's values (or indexes) in the order how names, at indexes 1 to n;
// it returns n.
func (p *interp) asort(kind compiler.AsortKind, src map[string]value, destScope resolver.Scope, destIndex int, how string) (int, error) {
	indexes, err := p.sortArray(src, how)
	if err != nil {
		return 0, err
	}
	sorted := make(map[string]value, len(indexes))
	for i, index := range indexes {
		v := str(index)
		if kind == compiler.AsortValues {
			v = src[index]
		}
		sorted[strconv.Itoa(i+1)] = v
	}
	p.arrays[p.arrayIndex(destScope, destIndex)] = sorted
	return len(sorted), nil
}

// sortArray lists array's indexes in the order how names: one of gawk's
// "@ind_str_asc" and the like, "@unsorted", or the name of a function of
// the program's that compares two elements, f(i1, v1, i2, v2), as
// gawk's comparison functions do.
func (p *interp) sortArray(array map[string]value, how string) ([]string, error) {
	indexes := sortedIndexes(array)
	if how == "@unsorted" {
		return indexes, nil
	}
	var compare func(a, b string) int
	if by, ok := strings.CutPrefix(how, "@"); ok {
		by, desc := strings.CutSuffix(by, "_desc")
		if !desc {
			by, _ = strings.CutSuffix(by, "_asc")
			if by+"_asc" != how[1:] {
				by = ""
			}
		}
		compare = p.ordering(array, by)
		if compare != nil && desc {
			asc := compare
			compare = func(a, b string) int { return asc(b, a) }
		}
	} else {
		var err error
		compare, err = p.userOrdering(array, how)
		if err != nil {
			return nil, err
		}
	}
	if compare == nil {
		return nil, newError("sort comparison function `%s' is not defined", how)
	}
	p.sortErr = nil
	slices.SortStableFunc(indexes, compare)
	return indexes, p.sortErr
}

// ordering is the comparison of gawk's predefined order by (ind_str,
// ind_num, val_type, val_str, val_num), ascending, or nil.
func (p *interp) ordering(array map[string]value, by string) func(a, b string) int {
	strCmp := func(a, b string) int {
		if p.ignoreCase {
			a, b = p.toLower(a), p.toLower(b)
		}
		return strings.Compare(a, b)
	}
	switch by {
	case "ind_str":
		return strCmp
	case "ind_num":
		return func(a, b string) int {
			return cmp.Or(cmp.Compare(str(a).num(), str(b).num()), strCmp(a, b))
		}
	case "val_type":
		return func(a, b string) int {
			va, vb := array[a], array[b]
			na, aStr := va.isTrueStr()
			nb, bStr := vb.isTrueStr()
			switch {
			case !aStr && !bStr:
				return cmp.Or(cmp.Compare(na, nb), strCmp(a, b))
			case aStr != bStr:
				if aStr {
					return 1
				}
				return -1
			}
			return cmp.Or(strCmp(p.toString(va), p.toString(vb)), strCmp(a, b))
		}
	case "val_str":
		return func(a, b string) int {
			return cmp.Or(strCmp(p.toString(array[a]), p.toString(array[b])), strCmp(a, b))
		}
	case "val_num":
		return func(a, b string) int {
			va, vb := array[a], array[b]
			return cmp.Or(cmp.Compare(va.num(), vb.num()), strCmp(p.toString(va), p.toString(vb)), strCmp(a, b))
		}
	}
	return nil
}

// userOrdering is the comparison that the program's function name makes
// of two elements, or nil when the program has no such function.
func (p *interp) userOrdering(array map[string]value, name string) (func(a, b string) int, error) {
	index := slices.IndexFunc(p.program.Compiled.Functions, func(f compiler.Function) bool { return f.Name == name })
	if index < 0 {
		return nil, nil
	}
	f := p.program.Compiled.Functions[index]
	if len(f.Params) < 4 || slices.Contains(f.Arrays[:4], true) {
		return nil, newError("sort comparison function `%s' must take four scalar parameters", name)
	}
	return func(a, b string) int {
		if p.sortErr != nil {
			return 0
		}
		p.push(str(a))
		p.push(array[a])
		p.push(str(b))
		p.push(array[b])
		for i := 4; i < f.NumScalars; i++ {
			p.push(null())
		}
		if err := p.callUser(index, nil); err != nil {
			p.sortErr = err
			return 0
		}
		return cmp.Compare(p.pop().num(), 0)
	}, nil
}
