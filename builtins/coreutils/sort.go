package coreutils

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func sortCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "sort",
		UsageStatus: 2,
		Summary:     "sort lines of text files",
		Usage: `Usage: sort [OPTION]... [FILE]...
Ordering options (global, or per key after -k POS):

  -b, --ignore-leading-blanks  ignore leading blanks
  -d, --dictionary-order       consider only blanks and alphanumerics
  -f, --ignore-case            fold lower case to upper case
  -g, --general-numeric-sort   compare by floating-point value
  -h, --human-numeric-sort     compare human readable numbers (2K, 1G)
  -i, --ignore-nonprinting     consider only printable characters
  -M, --month-sort             compare month names (JAN < ... < DEC)
  -n, --numeric-sort           compare by numeric value
  -r, --reverse                reverse the result of comparisons
  -V, --version-sort           natural sort of version numbers
Other options:
  -c, --check, --check=diagnose-first  check for sorted input, report the first
                               disorder and exit 1
  -C, --check=quiet            like -c, but do not report
  -k, --key=POS1[,POS2]        sort by a key from field POS1 to POS2 (default
                               end of line); POS is F[.C][OPTS], counted from 1
  -m, --merge                  merge already sorted files
  -o, --output=FILE            write to FILE (which may be an input)
  -s, --stable                 no last-resort comparison of whole lines
  -t, --field-separator=SEP    fields are separated by SEP, not by blank runs
  -u, --unique                 output only the first of lines with equal keys
  -z, --zero-terminated        lines end with NUL, not newline
Lines compare as bytes (the C locale). -S, -T and --parallel are accepted
and ignored. With no FILE, or when FILE is -, read standard input.
`,
		Run: runSort,
	}
}

// sortKey is one -k key (or the whole line) with its ordering options.
type sortKey struct {
	sword, schar int // start field and char, 0-based
	eword, echar int // end field (0-based), end char (0 = end of field); eword < 0 = end of line
	skipsblanks  bool
	skipeblanks  bool
	ignore       byte // 'd' (dictionary order) or 'i' (printable only)
	fold         bool
	general      bool
	human        bool
	month        bool
	numeric      bool
	reverse      bool
	version      bool
}

func (k *sortKey) hasOrdering() bool {
	return k.skipsblanks || k.skipeblanks || k.ignore != 0 || k.fold || k.general || k.human ||
		k.month || k.numeric || k.reverse || k.version
}

// setOpt sets one ordering letter; blanksEnd says a 'b' applies to the end.
func (k *sortKey) setOpt(ch byte, blanksEnd bool) bool {
	switch ch {
	case 'b':
		if blanksEnd {
			k.skipeblanks = true
		} else {
			k.skipsblanks = true
		}
	case 'd', 'i':
		k.ignore = ch
	case 'f':
		k.fold = true
	case 'g':
		k.general = true
	case 'h':
		k.human = true
	case 'M':
		k.month = true
	case 'n':
		k.numeric = true
	case 'r':
		k.reverse = true
	case 'V':
		k.version = true
	default:
		return false
	}
	return true
}

type sortOptions struct {
	keys    []*sortKey
	global  sortKey
	tab     int // -1: blank-separated fields
	stable  bool
	unique  bool
	reverse bool
}

func runSort(c *builtins.Call) int {
	fl := c.Flags()
	var o sortOptions
	o.tab = -1
	var keySpecs []string
	var tabs []string
	check := ""
	global := &o.global
	for _, f := range []struct {
		long, short string
		ch          byte
	}{
		{"ignore-leading-blanks", "b", 'b'}, {"dictionary-order", "d", 'd'}, {"ignore-case", "f", 'f'},
		{"general-numeric-sort", "g", 'g'}, {"human-numeric-sort", "h", 'h'}, {"ignore-nonprinting", "i", 'i'},
		{"month-sort", "M", 'M'}, {"numeric-sort", "n", 'n'}, {"reverse", "r", 'r'}, {"version-sort", "V", 'V'},
	} {
		ch := f.ch
		callbackBoolFlag(fl, f.long, f.short, func() {
			global.setOpt(ch, false)
			if ch == 'b' {
				global.skipeblanks = true
			}
		})
	}
	checkFlag := fl.VarPF(callbackFlag(func(v string) error {
		switch v {
		case "", "true", "diagnose-first":
			check = "diagnose"
		case "quiet", "silent":
			check = "quiet"
		default:
			return fmt.Errorf("invalid argument '%s' for '--check'", v)
		}
		return nil
	}), "check", "c", "")
	checkFlag.NoOptDefVal = "true"
	callbackBoolFlag(fl, "check-quiet", "C", func() { check = "quiet" })
	fl.VarP(callbackFlag(func(v string) error { keySpecs = append(keySpecs, v); return nil }), "key", "k", "")
	merge := fl.BoolP("merge", "m", false, "")
	output := fl.StringP("output", "o", "", "")
	fl.BoolVarP(&o.stable, "stable", "s", false, "")
	fl.VarP(callbackFlag(func(v string) error { tabs = append(tabs, v); return nil }), "field-separator", "t", "")
	fl.BoolVarP(&o.unique, "unique", "u", false, "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	fl.StringP("buffer-size", "S", "", "")
	fl.StringP("temporary-directory", "T", "", "")
	fl.String("parallel", "", "")
	random := fl.BoolP("random-sort", "R", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if *random {
		c.Fail("random sort (-R) is not supported")
		return 2
	}
	for _, t := range tabs {
		sep := -1
		switch {
		case t == "\\0":
			sep = 0
		case len(t) == 1:
			sep = int(t[0])
		case t == "":
			c.Fail("empty tab")
			return 2
		default:
			c.Fail("multi-character tab '%s'", t)
			return 2
		}
		if o.tab >= 0 && o.tab != sep {
			c.Fail("incompatible tabs")
			return 2
		}
		o.tab = sep
	}
	for _, spec := range keySpecs {
		k, msg := parseSortKey(spec)
		if k == nil {
			c.Fail("%s", msg)
			return 2
		}
		o.keys = append(o.keys, k)
	}
	// A key without ordering options of its own takes the global ones.
	for _, k := range o.keys {
		if !k.hasOrdering() {
			sw, sc, ew, ec := k.sword, k.schar, k.eword, k.echar
			*k = o.global
			k.sword, k.schar, k.eword, k.echar = sw, sc, ew, ec
		}
	}
	o.reverse = o.global.reverse
	if len(o.keys) == 0 && o.global.hasOrdering() {
		whole := o.global
		whole.eword = -1
		o.keys = []*sortKey{&whole}
	}
	if msg := sortIncompatible(o.keys); msg != "" {
		c.Fail("options '-%s' are incompatible", msg)
		return 2
	}

	sep := byte('\n')
	if *zero {
		sep = 0
	}
	files := fl.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	if check != "" && len(files) > 1 {
		c.Fail("extra operand '%s' not allowed with -c", files[1])
		return 2
	}

	var lines []string
	var runs [][]string // for -m: each input's lines
	for _, name := range files {
		if c.Canceled() {
			return 130
		}
		r, err := c.Open(name)
		if err != nil {
			c.FailWith(err, "cannot read: %s: %s", name, builtins.Reason(err))
			return 2
		}
		data, err := readAllCanceled(c, r)
		r.Close()
		if err == errStop {
			return 130
		}
		if err != nil {
			c.FailWith(err, "read failed: %s: %s", name, builtins.Reason(err))
			return 2
		}
		recs := sortSplit(string(data), sep)
		lines = append(lines, recs...)
		runs = append(runs, recs)
	}
	cmp := o.compare

	if check != "" {
		for i := 1; i < len(lines); i++ {
			d := cmp(lines[i-1], lines[i])
			if d > 0 || o.unique && d == 0 {
				if check == "diagnose" {
					fmt.Fprintf(c.Stderr, "sort: %s:%d: disorder: %s\n", sortName(files[0]), i+1, lines[i])
				}
				return 1
			}
		}
		return 0
	}

	if *merge {
		lines = sortMerge(runs, cmp)
	} else {
		o.sortLines(lines)
	}
	if o.unique {
		out := lines[:0]
		for i, l := range lines {
			if i == 0 || cmp(out[len(out)-1], l) != 0 {
				out = append(out, l)
			}
		}
		lines = out
	}

	w := c.Stdout
	var f io.WriteCloser
	if *output != "" {
		file, err := c.Create(*output, false)
		if err != nil {
			c.FailWith(err, "open failed: %s: %s", *output, builtins.Reason(err))
			return 2
		}
		f = file
		w = file
	}
	var buf bytes.Buffer
	for _, l := range lines {
		buf.WriteString(l)
		buf.WriteByte(sep)
		if buf.Len() >= 32*1024 {
			if _, err := w.Write(buf.Bytes()); err != nil {
				break
			}
			buf.Reset()
		}
	}
	var werr error
	if buf.Len() > 0 {
		_, werr = w.Write(buf.Bytes())
	}
	if f != nil {
		if err := f.Close(); err != nil && werr == nil {
			werr = err
		}
		if werr != nil {
			c.FailWith(werr, "write failed: %s: %s", *output, builtins.Reason(werr))
			return 2
		}
	}
	return 0
}

// sortMerge merges already sorted runs; on ties the earlier run goes first.
func sortMerge(runs [][]string, cmp func(a, b string) int) []string {
	var out []string
	pos := make([]int, len(runs))
	for {
		best := -1
		for i, r := range runs {
			if pos[i] < len(r) && (best < 0 || cmp(r[pos[i]], runs[best][pos[best]]) < 0) {
				best = i
			}
		}
		if best < 0 {
			return out
		}
		out = append(out, runs[best][pos[best]])
		pos[best]++
	}
}

func sortName(name string) string {
	if name == "-" {
		return "-"
	}
	return name
}

// readAllCanceled reads r to the end, stopping when the command is canceled.
func readAllCanceled(c *builtins.Call, r io.Reader) ([]byte, error) {
	var buf bytes.Buffer
	_, err := copyCtx(c, &buf, r)
	return buf.Bytes(), err
}

// sortSplit splits data into records ending in sep; a final record
// without sep is kept.
func sortSplit(data string, sep byte) []string {
	if data == "" {
		return nil
	}
	if data[len(data)-1] == sep {
		data = data[:len(data)-1]
	}
	return strings.Split(data, string(sep))
}

// parseSortKey parses POS1[,POS2], returning GNU's diagnostic on error.
func parseSortKey(spec string) (*sortKey, string) {
	k := &sortKey{eword: -1}
	s := spec
	bad := func(why string) (*sortKey, string) {
		return nil, fmt.Sprintf("%s: invalid field specification '%s'", why, spec)
	}
	badLineCount := func(where string) (*sortKey, string) {
		return nil, fmt.Sprintf("invalid number %s: invalid count at start of '%s'", where, s)
	}
	num := func() (int, bool) {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return 0, false
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil {
			n = math.MaxInt32
		}
		s = s[i:]
		return n, true
	}
	f, ok := num()
	if !ok {
		return badLineCount("at field start")
	}
	if f == 0 {
		return bad("field number is zero")
	}
	k.sword = f - 1
	if strings.HasPrefix(s, ".") {
		s = s[1:]
		ch, ok := num()
		if !ok {
			return badLineCount("after '.'")
		}
		if ch == 0 {
			return bad("character offset is zero")
		}
		k.schar = ch - 1
	}
	for s != "" && s[0] != ',' {
		if !k.setOpt(s[0], false) {
			return bad("stray character in field spec")
		}
		s = s[1:]
	}
	if s == "" {
		return k, ""
	}
	s = s[1:]
	f, ok = num()
	if !ok {
		return badLineCount("after ','")
	}
	if f == 0 {
		return bad("field number is zero")
	}
	k.eword = f - 1
	if strings.HasPrefix(s, ".") {
		s = s[1:]
		ch, ok := num()
		if !ok {
			return badLineCount("after '.'")
		}
		k.echar = ch
	}
	for s != "" {
		if !k.setOpt(s[0], true) {
			return bad("stray character in field spec")
		}
		s = s[1:]
	}
	return k, ""
}

// sortIncompatible names the options of a key that cannot go together,
// spelled as GNU does.
func sortIncompatible(keys []*sortKey) string {
	for _, k := range keys {
		n := 0
		for _, on := range []bool{k.numeric, k.general, k.month, k.version, k.ignore != 0, k.human} {
			if on {
				n++
			}
		}
		if n <= 1 {
			continue
		}
		var s string
		for _, o := range []struct {
			on bool
			ch string
		}{{k.skipsblanks || k.skipeblanks, "b"}, {k.ignore == 'd', "d"}, {k.fold, "f"}, {k.general, "g"},
			{k.human, "h"}, {k.ignore == 'i', "i"}, {k.month, "M"}, {k.numeric, "n"}, {k.reverse, "r"}, {k.version, "V"}} {
			if o.on {
				s += o.ch
			}
		}
		return s
	}
	return ""
}

func isSortBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }

// keyField returns the part of line the key covers (GNU begfield/limfield).
func (o *sortOptions) keyField(line string, k *sortKey) string {
	lim := len(line)
	// start
	p := 0
	for sw := k.sword; p < lim && sw > 0; sw-- {
		if o.tab >= 0 {
			for p < lim && int(line[p]) != o.tab {
				p++
			}
			if p < lim {
				p++
			}
		} else {
			for p < lim && isSortBlank(line[p]) {
				p++
			}
			for p < lim && !isSortBlank(line[p]) {
				p++
			}
		}
	}
	if k.skipsblanks {
		for p < lim && isSortBlank(line[p]) {
			p++
		}
	}
	p = min(lim, p+k.schar)
	// end
	e := lim
	if k.eword >= 0 {
		e = 0
		ew, ec := k.eword, k.echar
		if ec == 0 {
			ew++
		}
		for ; e < lim && ew > 0; ew-- {
			if o.tab >= 0 {
				for e < lim && int(line[e]) != o.tab {
					e++
				}
				if e < lim && (ew > 1 || ec != 0) {
					e++
				}
			} else {
				for e < lim && isSortBlank(line[e]) {
					e++
				}
				for e < lim && !isSortBlank(line[e]) {
					e++
				}
			}
		}
		if ec != 0 {
			if k.skipeblanks {
				for e < lim && isSortBlank(line[e]) {
					e++
				}
			}
			e = min(lim, e+ec)
		}
	}
	if e < p {
		e = p
	}
	return line[p:e]
}

func (o *sortOptions) compare(a, b string) int { return o.compareFrom(a, b, 0) }

// compareFrom compares a and b on the keys from o.keys[from] on, then
// whole (the last resort).
func (o *sortOptions) compareFrom(a, b string, from int) int {
	for _, k := range o.keys[from:] {
		ka, kb := o.keyField(a, k), o.keyField(b, k)
		d := sortCompareKey(ka, kb, k)
		if k.reverse {
			d = -d
		}
		if d != 0 {
			return d
		}
	}
	if len(o.keys) > 0 && (o.unique || o.stable) {
		return 0
	}
	d := strings.Compare(a, b)
	if o.reverse {
		d = -d
	}
	return d
}

func sortCompareKey(a, b string, k *sortKey) int {
	switch {
	case k.numeric:
		return sortNumCompare(a, b)
	case k.general:
		return sortGeneralCompare(a, b)
	case k.human:
		return sortHumanCompare(a, b)
	case k.month:
		return sortMonthOf(a) - sortMonthOf(b)
	case k.version:
		return filevercmp(a, b)
	case k.ignore != 0 || k.fold:
		return sortTranslated(a, b, k)
	}
	return strings.Compare(a, b)
}

func sortTranslated(a, b string, k *sortKey) int {
	keep := func(ch byte) bool {
		if k.ignore == 'd' && !(isSortBlank(ch) || sortIsAlnum(ch)) {
			return false
		}
		if k.ignore == 'i' && !(ch >= 0x20 && ch < 0x7f) {
			return false
		}
		return true
	}
	tr := func(ch byte) byte {
		if k.fold && ch >= 'a' && ch <= 'z' {
			return ch - 'a' + 'A'
		}
		return ch
	}
	i, j := 0, 0
	for {
		for i < len(a) && !keep(a[i]) {
			i++
		}
		for j < len(b) && !keep(b[j]) {
			j++
		}
		if i >= len(a) || j >= len(b) {
			break
		}
		ca, cb := tr(a[i]), tr(b[j])
		if ca != cb {
			return int(ca) - int(cb)
		}
		i++
		j++
	}
	switch {
	case i < len(a):
		return 1
	case j < len(b):
		return -1
	}
	return 0
}

func sortIsAlnum(ch byte) bool {
	return ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z'
}

func sortIsDigit(ch byte) bool { return ch >= '0' && ch <= '9' }

// sortNumParts splits the leading number of s (after blanks) into sign,
// integer digits without leading zeros, and fraction digits without
// trailing zeros; the rest of s is ignored, as GNU does.
func sortNumParts(s string) (neg bool, intPart, frac string) {
	i := 0
	for i < len(s) && isSortBlank(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	st := i
	for i < len(s) && sortIsDigit(s[i]) {
		i++
	}
	intPart = strings.TrimLeft(s[st:i], "0")
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && sortIsDigit(s[i]) {
			i++
		}
		frac = strings.TrimRight(s[fs:i], "0")
	}
	if intPart == "" && frac == "" {
		neg = false
	}
	return
}

func sortNumCompare(a, b string) int {
	na, ia, fa := sortNumParts(a)
	nb, ib, fb := sortNumParts(b)
	return sortNumPartsCompare(na, ia, fa, nb, ib, fb)
}

// sortNumPartsCompare compares two numbers split by sortNumParts.
func sortNumPartsCompare(na bool, ia, fa string, nb bool, ib, fb string) int {
	if na != nb {
		if na {
			return -1
		}
		return 1
	}
	d := 0
	switch {
	case len(ia) != len(ib):
		d = len(ia) - len(ib)
	case ia != ib:
		d = strings.Compare(ia, ib)
	default:
		d = strings.Compare(fa, fb)
	}
	if na {
		d = -d
	}
	return d
}

var sortUnitOrder = map[byte]int{'K': 1, 'k': 1, 'M': 2, 'G': 3, 'T': 4, 'P': 5, 'E': 6, 'Z': 7, 'Y': 8, 'R': 9, 'Q': 10}

func sortUnitOf(s string) int {
	i := 0
	for i < len(s) && isSortBlank(s[i]) {
		i++
	}
	neg := i < len(s) && s[i] == '-'
	if neg {
		i++
	}
	nonzero := false
	for i < len(s) && sortIsDigit(s[i]) {
		nonzero = nonzero || s[i] != '0'
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && sortIsDigit(s[i]) {
			nonzero = nonzero || s[i] != '0'
			i++
		}
	}
	if !nonzero || i >= len(s) {
		return 0
	}
	o := sortUnitOrder[s[i]]
	if neg {
		return -o
	}
	return o
}

func sortHumanCompare(a, b string) int {
	if d := sortUnitOf(a) - sortUnitOf(b); d != 0 {
		return d
	}
	return sortNumCompare(a, b)
}

// sortGeneralValue parses the leading floating-point number of s like strtod;
// ok is false when there is none.
func sortGeneralValue(s string) (float64, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	best := -1
	var val float64
	// Try the longest prefix that parses; numbers are short, so this is cheap.
	end := 0
	for end < len(s) && strings.IndexByte("+-0123456789.eEinfatyINFATYxXpPbcdBCD", s[end]) >= 0 {
		end++
	}
	for n := end; n > 0; n-- {
		cand := s[:n]
		if h := strings.TrimLeft(cand, "+-"); len(h) > 2 && (h[:2] == "0x" || h[:2] == "0X") && !strings.ContainsAny(h, "pP") {
			cand += "p0" // strtod takes hex without an exponent
		}
		if strings.Contains(cand, "_") {
			continue
		}
		v, err := strconv.ParseFloat(cand, 64)
		if err == nil || sortRangeErr(err) {
			best, val = n, v
			break
		}
	}
	return val, best > 0
}

func sortRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func sortGeneralCompare(a, b string) int {
	va, oka := sortGeneralValue(a)
	vb, okb := sortGeneralValue(b)
	rank := func(v float64, ok bool) int {
		switch {
		case !ok:
			return 0
		case math.IsNaN(v):
			return 1
		}
		return 2
	}
	ra, rb := rank(va, oka), rank(vb, okb)
	if ra != rb || ra < 2 {
		return ra - rb
	}
	switch {
	case va < vb:
		return -1
	case va > vb:
		return 1
	}
	return 0
}

var sortMonths = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}

func sortMonthOf(s string) int {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	if len(s) < 3 {
		return 0
	}
	m := strings.ToUpper(s[:3])
	for i, name := range sortMonths {
		if m == name {
			return i + 1
		}
	}
	return 0
}

// filevercmp compares version strings like GNU sort -V (gnulib filevercmp).
func filevercmp(a, b string) int {
	if a == b {
		return 0
	}
	if a == "" {
		return -1
	}
	if b == "" {
		return 1
	}
	if a[0] == '.' {
		if b[0] != '.' {
			return -1
		}
		if a == "." {
			return -1
		}
		if b == "." {
			return 1
		}
		if a == ".." {
			return -1
		}
		if b == ".." {
			return 1
		}
	} else if b[0] == '.' {
		return 1
	}
	ap, bp := filePrefixLen(a), filePrefixLen(b)
	r := verrevcmp(a[:ap], b[:bp])
	if r != 0 || ap == len(a) && bp == len(b) {
		return r
	}
	return verrevcmp(a, b)
}

// filePrefixLen is the length of s without its file suffix, a trailing
// run of (\.[A-Za-z~][A-Za-z0-9~]*)*.
func filePrefixLen(s string) int {
	n := len(s)
	prefix := 0
	for i := 0; ; {
		if i == n {
			return prefix
		}
		i++
		prefix = i
		for i+1 < n && s[i] == '.' && (sortIsAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < n && (sortIsAlnum(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
}

func sortIsAlpha(ch byte) bool { return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' }

func verOrder(s string, pos int) int {
	if pos >= len(s) {
		return 0
	}
	c := s[pos]
	switch {
	case sortIsDigit(c):
		return 0
	case sortIsAlpha(c):
		return int(c)
	case c == '~':
		return -1
	}
	return int(c) + 256
}

func verrevcmp(s1, s2 string) int {
	p1, p2 := 0, 0
	for p1 < len(s1) || p2 < len(s2) {
		first := 0
		for p1 < len(s1) && !sortIsDigit(s1[p1]) || p2 < len(s2) && !sortIsDigit(s2[p2]) {
			c1, c2 := verOrder(s1, p1), verOrder(s2, p2)
			if c1 != c2 {
				return c1 - c2
			}
			p1++
			p2++
		}
		for p1 < len(s1) && s1[p1] == '0' {
			p1++
		}
		for p2 < len(s2) && s2[p2] == '0' {
			p2++
		}
		for p1 < len(s1) && p2 < len(s2) && sortIsDigit(s1[p1]) && sortIsDigit(s2[p2]) {
			if first == 0 {
				first = int(s1[p1]) - int(s2[p2])
			}
			p1++
			p2++
		}
		if p1 < len(s1) && sortIsDigit(s1[p1]) {
			return 1
		}
		if p2 < len(s2) && sortIsDigit(s2[p2]) {
			return -1
		}
		if first != 0 {
			return first
		}
	}
	return 0
}

// sortRec is a line's first key found once, and parsed once when it is
// numeric, rather than at every comparison.
type sortRec struct {
	// key is the first key's field; for -n its integer part, frac its
	// fraction and neg its sign (sortNumParts), and when the number is
	// an integer of at most 18 digits, num is its value and isInt true.
	key, frac string
	num       int64
	neg       bool
	isInt     bool
}

// sortLines sorts lines as SliceStable with o.compare did, faster:
// without keys, a plain comparison of the lines (equal lines cannot be
// told apart, so stability does not matter); with keys, the records of
// the lines, the first key found and parsed once a line, sorted by index
// (small to swap), the index last for stability.
func (o *sortOptions) sortLines(lines []string) {
	if len(o.keys) == 0 {
		if o.reverse {
			sortParallel(lines, func(a, b string) int { return strings.Compare(b, a) })
		} else {
			sortParallel(lines, strings.Compare)
		}
		return
	}
	k := o.keys[0]
	recs := make([]sortRec, len(lines))
	order := make([]int32, len(lines))
	for i, l := range lines {
		r := &recs[i]
		order[i] = int32(i)
		r.key = o.keyField(l, k)
		if k.numeric {
			r.neg, r.key, r.frac = sortNumParts(r.key)
			if r.frac == "" && len(r.key) <= 18 {
				r.isInt = true
				for _, ch := range []byte(r.key) {
					r.num = r.num*10 + int64(ch-'0')
				}
				if r.neg {
					r.num = -r.num
				}
			}
		}
	}
	sortParallel(order, func(i, j int32) int {
		a, b := &recs[i], &recs[j]
		var d int
		switch {
		case a.isInt && b.isInt:
			d = cmp.Compare(a.num, b.num)
		case k.numeric:
			d = sortNumPartsCompare(a.neg, a.key, a.frac, b.neg, b.key, b.frac)
		default:
			d = sortCompareKey(a.key, b.key, k)
		}
		if k.reverse {
			d = -d
		}
		if d == 0 {
			d = o.compareFrom(lines[i], lines[j], 1)
		}
		if d == 0 {
			d = int(i - j)
		}
		return d
	})
	sorted := make([]string, len(lines))
	for i, j := range order {
		sorted[i] = lines[j]
	}
	copy(lines, sorted)
}

// sortParallel sorts s by cmp, which must be a total order (ties broken,
// or equal elements alike): a large s in two halves sorted at once, then
// merged, as GNU sort sorts in threads; the result is the same as
// slices.SortFunc's.
func sortParallel[T any](s []T, cmp func(a, b T) int) {
	if len(s) < 1<<16 || runtime.GOMAXPROCS(0) < 2 {
		slices.SortFunc(s, cmp)
		return
	}
	half := len(s) / 2
	a, b := s[:half], s[half:]
	done := make(chan struct{})
	go func() {
		slices.SortFunc(a, cmp)
		close(done)
	}()
	slices.SortFunc(b, cmp)
	<-done
	merged := make([]T, 0, len(s))
	for len(a) > 0 && len(b) > 0 {
		if cmp(b[0], a[0]) < 0 {
			merged, b = append(merged, b[0]), b[1:]
		} else {
			merged, a = append(merged, a[0]), a[1:]
		}
	}
	merged = append(append(merged, a...), b...)
	copy(s, merged)
}
