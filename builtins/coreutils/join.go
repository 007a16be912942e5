package coreutils

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func joinCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "join",
		Summary: "join lines of two sorted files on a common field",
		Usage: `Usage: join [OPTION]... FILE1 FILE2
Join lines of two sorted files on a common field.

  -1 FIELD          join on this FIELD of file 1 (default 1)
  -2 FIELD          join on this FIELD of file 2 (default 1)
  -j FIELD          same as -1 FIELD -2 FIELD
  -t CHAR           fields are separated by CHAR (default: runs of blanks;
                    output then uses a space)
  -a FILENUM        also print unpairable lines from file FILENUM (1 or 2)
  -v FILENUM        like -a, but only the unpairable lines
  -o FORMAT         print fields by FORMAT: comma- or blank-separated
                    FILENUM.FIELD items, 0 for the join field; or 'auto'
  -e EMPTY          write EMPTY for missing fields in -o output
  -i, --ignore-case ignore case when comparing join fields
  -z, --zero-terminated  lines end in NUL, not newline
      --header      treat the first line of each file as a header
      --check-order      fail when the input is not sorted
      --nocheck-order    do not check that the input is sorted
Both files must be sorted on the join field (byte order, or folded with -i).
When FILE1 or FILE2 (not both) is -, read standard input.
`,
		Run: runJoin,
	}
}

type joinLine struct {
	text   []byte
	fields [][]byte
}

type joinSpec struct {
	file, field int // file 0 means the join field
}

type joinState struct {
	c          *builtins.Call
	sep        []byte // nil: blank-separated
	wholeLine  bool   // -t '': the whole line is the field
	outSep     []byte
	keys       [2]int // 0-based
	ignoreCase bool
	format     []joinSpec
	auto       bool
	autoN      [2]int
	empty      []byte
	eol        byte
	w          io.Writer
	failed     bool // a write failed
}

func runJoin(c *builtins.Call) int {
	fl := c.Flags()
	f1 := fl.StringP("1", "1", "", "")
	f2 := fl.StringP("2", "2", "", "")
	fj := fl.StringP("j", "j", "", "")
	tab := fl.StringP("t", "t", "\x00unset", "")
	all := fl.StringArrayP("a", "a", nil, "")
	only := fl.StringArrayP("v", "v", nil, "")
	formats := fl.StringArrayP("o", "o", nil, "")
	empty := fl.StringP("e", "e", "", "")
	ignoreCase := fl.BoolP("ignore-case", "i", false, "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	header := fl.Bool("header", false, "")
	checkOrder := fl.Bool("check-order", false, "")
	noCheck := fl.Bool("nocheck-order", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	st := &joinState{c: c, outSep: []byte(" "), ignoreCase: *ignoreCase, empty: []byte(*empty), eol: '\n', w: c.Stdout}
	if *zero {
		st.eol = 0
	}
	if *tab != "\x00unset" {
		switch t := *tab; {
		case t == "":
			st.wholeLine = true
		case t == `\0`:
			st.sep = []byte{0}
		case len(t) > 1:
			c.Fail("multi-character tab '%s'", t)
			return 1
		default:
			st.sep = []byte(t)
		}
		if st.sep != nil {
			st.outSep = st.sep
		}
	}
	field := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			c.Fail("invalid field number: '%s'", s)
			return 0, false
		}
		return n - 1, true
	}
	for i, s := range []string{*fj, *f1, *f2} {
		if s == "" {
			continue
		}
		n, good := field(s)
		if !good {
			return 1
		}
		switch i {
		case 0:
			st.keys = [2]int{n, n}
		default:
			st.keys[i-1] = n
		}
	}
	var printUnpaired [2]bool
	printPaired := true
	for _, lists := range [][]string{*all, *only} {
		for _, s := range lists {
			if s != "1" && s != "2" {
				c.Fail("invalid field number: '%s'", s)
				return 1
			}
			printUnpaired[s[0]-'1'] = true
		}
	}
	if len(*only) > 0 {
		printPaired = false
	}
	for _, f := range *formats {
		if f == "auto" {
			st.auto = true
			continue
		}
		for _, item := range strings.FieldsFunc(f, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			if item == "0" {
				st.format = append(st.format, joinSpec{})
				continue
			}
			file, fld, found := strings.Cut(item, ".")
			if !found || (file != "1" && file != "2") {
				if found && strings.Trim(file, "0123456789") == "" {
					c.Fail("invalid file number in field spec: '%s'", item)
				} else {
					c.Fail("invalid file number in field spec: '%s'", item)
				}
				return 1
			}
			n, err := strconv.Atoi(fld)
			if err != nil || n < 1 {
				c.Fail("invalid field number: '%s'", fld)
				return 1
			}
			st.format = append(st.format, joinSpec{file: int(file[0] - '0'), field: n - 1})
		}
	}
	names := fl.Args()
	if st, ok := twoOperands(c, names); !ok {
		return st
	}
	if names[0] == "-" && names[1] == "-" {
		c.Fail("both files cannot be standard input")
		return 1
	}
	readers, closeAll, ok := openTwo(c, names)
	if !ok {
		return 1
	}
	defer closeAll()
	check := orderCheck(*checkOrder, *noCheck)

	// input state per file
	var lineNo [2]int
	var prev [2]*joinLine
	var warned [2]bool
	seenUnpairable := false
	var readErr error
	next := func(i int) *joinLine {
		text, err := readers[i].ReadBytes(st.eol)
		if len(text) == 0 {
			if err != nil && err != io.EOF {
				readErr = err
			}
			return nil
		}
		text = bytes.TrimSuffix(text, []byte{st.eol})
		lineNo[i]++
		ln := &joinLine{text: text, fields: st.split(text)}
		if check >= 0 && (check == 1 || seenUnpairable) && !warned[i] && prev[i] != nil && st.cmp(prev[i], ln, i, i) > 0 {
			c.Fail("%s:%d: is not sorted: %s", names[i], lineNo[i], text)
			warned[i] = true
			if check == 1 {
				readErr = errStop
				return nil
			}
		}
		prev[i] = ln
		return ln
	}
	cur := [2]*joinLine{next(0), next(1)}
	if st.auto {
		for i := range cur {
			if cur[i] != nil {
				st.autoN[i] = len(cur[i].fields)
			}
		}
	}
	if *header {
		if cur[0] != nil || cur[1] != nil {
			st.print(cur[0], cur[1])
		}
		prev = [2]*joinLine{}
		cur = [2]*joinLine{next(0), next(1)}
	}
	for cur[0] != nil && cur[1] != nil && readErr == nil && !st.failed {
		if c.Canceled() {
			return 130
		}
		d := st.cmp(cur[0], cur[1], 0, 1)
		if d < 0 {
			if printUnpaired[0] {
				st.print(cur[0], nil)
			}
			cur[0] = next(0)
			seenUnpairable = true
			continue
		}
		if d > 0 {
			if printUnpaired[1] {
				st.print(nil, cur[1])
			}
			cur[1] = next(1)
			seenUnpairable = true
			continue
		}
		// gather both groups with this key
		var groups [2][]*joinLine
		for i := range 2 {
			groups[i] = []*joinLine{cur[i]}
			for {
				cur[i] = next(i)
				if cur[i] == nil || st.cmp(groups[i][0], cur[i], i, i) != 0 {
					break
				}
				groups[i] = append(groups[i], cur[i])
			}
		}
		if readErr != nil {
			break
		}
		if printPaired {
			for _, a := range groups[0] {
				for _, b := range groups[1] {
					st.print(a, b)
				}
			}
		}
	}
	for i := range 2 {
		if cur[i] != nil && readErr == nil {
			for cur[i] != nil && !st.failed {
				if printUnpaired[i] {
					st.print(pick(i == 0, cur[i]), pick(i == 1, cur[i]))
				} else if check < 0 || warned[i] {
					break
				}
				cur[i] = next(i)
			}
		}
	}
	switch {
	case readErr == errStop:
		return 1
	case readErr != nil:
		c.FailWith(readErr, "%s", builtins.Reason(readErr))
		return 1
	case warned[0] || warned[1]:
		c.Fail("input is not in sorted order")
		return 1
	}
	return 0
}

func pick(ok bool, l *joinLine) *joinLine {
	if ok {
		return l
	}
	return nil
}

func (st *joinState) split(text []byte) [][]byte {
	switch {
	case st.wholeLine:
		return [][]byte{text}
	case st.sep != nil:
		return bytes.Split(text, st.sep)
	}
	return bytes.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
}

func (st *joinState) key(l *joinLine, file int) []byte {
	if k := st.keys[file]; k < len(l.fields) {
		return l.fields[k]
	}
	return nil
}

// cmp compares the join fields of a (from file fa) and b (from file fb).
func (st *joinState) cmp(a, b *joinLine, fa, fb int) int {
	ka, kb := st.key(a, fa), st.key(b, fb)
	if st.ignoreCase {
		return bytes.Compare(bytes.ToLower(ka), bytes.ToLower(kb))
	}
	return bytes.Compare(ka, kb)
}

// print writes one output line for a pair, or for an unpaired line when a
// or b is nil.
func (st *joinState) print(a, b *joinLine) {
	var out [][]byte
	lines := [2]*joinLine{a, b}
	joinField := func() []byte {
		if a != nil {
			return st.key(a, 0)
		}
		return st.key(b, 1)
	}
	if len(st.format) > 0 {
		for _, sp := range st.format {
			if sp.file == 0 {
				out = append(out, joinField())
				continue
			}
			l := lines[sp.file-1]
			if l != nil && sp.field < len(l.fields) {
				out = append(out, l.fields[sp.field])
			} else {
				out = append(out, st.empty)
			}
		}
	} else {
		out = append(out, joinField())
		for i, l := range lines {
			n := 0
			if l != nil {
				n = len(l.fields)
			}
			if st.auto {
				n = st.autoN[i]
			}
			for f := 0; f < n; f++ {
				if f == st.keys[i] {
					continue
				}
				switch {
				case l != nil && f < len(l.fields):
					out = append(out, l.fields[f])
				case st.auto:
					out = append(out, st.empty)
				}
			}
		}
	}
	for i, f := range out {
		if len(f) == 0 {
			out[i] = st.empty
		}
	}
	buf := bytes.Join(out, st.outSep)
	buf = append(buf, st.eol)
	if _, err := st.w.Write(buf); err != nil {
		st.failed = true
	}
}
