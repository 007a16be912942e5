package coreutils

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func cutCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "cut",
		Summary: "print selected parts of lines",
		Usage: `Usage: cut OPTION... [FILE]...
Print the selected bytes, characters or fields of each line of the FILEs.

  -b, --bytes=LIST        select these bytes
  -c, --characters=LIST   select these characters (bytes, as in GNU cut)
  -f, --fields=LIST       select these fields; lines without a delimiter
                          are printed whole unless -s
  -d, --delimiter=DELIM   fields are separated by the byte DELIM (default TAB)
  -s, --only-delimited    skip lines without a delimiter
      --complement        select everything except LIST
      --output-delimiter=STRING  join the selected parts with STRING
  -z, --zero-terminated   lines end with a NUL byte, not a newline
  -n                      accepted and ignored
LIST is made of N, N-, -M and N-M ranges (counted from 1), separated by
commas or blanks.
`,
		Run: runCut,
	}
}

type cutRange struct{ lo, hi int }

// parseCutList parses a LIST into sorted, merged ranges.
func parseCutList(list string, fields bool) ([]cutRange, error) {
	what := "byte/character position"
	numbered := "byte/character positions are numbered from 1"
	if fields {
		what = "field value"
		numbered = "fields are numbered from 1"
	}
	var rs []cutRange
	for _, item := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		lo, hi := 1, math.MaxInt
		num := func(s string) (int, error) {
			if strings.TrimLeft(s, "0123456789") != "" {
				return 0, fmt.Errorf("invalid %s '%s'", what, item)
			}
			n, err := strconv.Atoi(s)
			if err != nil || n == math.MaxInt {
				if fields {
					return 0, fmt.Errorf("field number '%s' is too large", s)
				}
				return 0, fmt.Errorf("byte/character offset '%s' is too large", s)
			}
			if n == 0 {
				return 0, fmt.Errorf("%s", numbered)
			}
			return n, nil
		}
		var err error
		if a, b, ok := strings.Cut(item, "-"); ok {
			if a == "" && b == "" {
				return nil, fmt.Errorf("invalid range with no endpoint: -")
			}
			if a != "" {
				if lo, err = num(a); err != nil {
					return nil, err
				}
			}
			if b != "" {
				if hi, err = num(b); err != nil {
					return nil, err
				}
			}
			if hi < lo {
				return nil, fmt.Errorf("invalid decreasing range")
			}
		} else {
			if lo, err = num(item); err != nil {
				return nil, err
			}
			hi = lo
		}
		rs = append(rs, cutRange{lo, hi})
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("%s", numbered)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	merged := rs[:1]
	for _, r := range rs[1:] {
		last := &merged[len(merged)-1]
		if r.lo <= last.hi { // adjacent ranges stay apart for --output-delimiter
			last.hi = max(last.hi, r.hi)
			continue
		}
		merged = append(merged, r)
	}
	return merged, nil
}

// cutSelected reports whether position i (from 1) is in the ranges,
// returning also the index of the range holding it.
func cutSelected(rs []cutRange, i int) (int, bool) {
	for k, r := range rs {
		if i < r.lo {
			return -1, false
		}
		if i <= r.hi {
			return k, true
		}
	}
	return -1, false
}

func runCut(c *builtins.Call) int {
	fl := c.Flags()
	fl.StringP("bytes", "b", "", "")
	fl.StringP("characters", "c", "", "")
	fl.StringP("fields", "f", "", "")
	delim := fl.StringP("delimiter", "d", "\t", "")
	only := fl.BoolP("only-delimited", "s", false, "")
	complement := fl.Bool("complement", false, "")
	outDelim := fl.String("output-delimiter", "", "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	fl.BoolP("n", "n", false, "")
	usage := func(format string, args ...any) int {
		return c.Usage("%s", fmt.Sprintf(format, args...))
	}
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	lists := 0
	var list string
	fields := false
	for _, f := range []string{"bytes", "characters", "fields"} {
		if fl.Changed(f) {
			lists++
			list = fl.Lookup(f).Value.String()
			fields = f == "fields"
		}
	}
	switch {
	case lists == 0:
		return usage("you must specify a list of bytes, characters, or fields")
	case lists > 1:
		return usage("only one list may be specified")
	case fl.Changed("delimiter") && !fields:
		return usage("an input delimiter may be specified only when operating on fields")
	case *only && !fields:
		return usage("suppressing non-delimited lines makes sense\n\tonly when operating on fields")
	case len(*delim) != 1:
		if *delim == "" && fields {
			*delim = "\x00" // GNU: -d '' is the NUL byte
		} else {
			return usage("the delimiter must be a single character")
		}
	}
	rs, err := parseCutList(list, fields)
	if err != nil {
		return usage("%s", err)
	}
	eol := byte('\n')
	if *zero {
		eol = 0
	}
	d := (*delim)[0]
	od := *outDelim
	hasOD := fl.Changed("output-delimiter")
	if !hasOD && fields {
		od = string(d)
	}
	sel := func(i int) (int, bool) {
		k, ok := cutSelected(rs, i)
		if *complement {
			return 0, !ok
		}
		return k, ok
	}
	// past the last field selected, the rest of a line does not matter
	lastField := math.MaxInt
	if fields && !*complement && len(rs) > 0 {
		lastField = rs[len(rs)-1].hi
	}
	w := c.Stdout
	var out, long []byte
	return inputs(c, fl.Args(), func(name string, r io.Reader) error {
		br := bufio.NewReaderSize(r, 64*1024)
		for lines := 0; ; lines++ {
			if lines%1024 == 0 && c.Canceled() {
				return errStop
			}
			line, rerr := readLine(br, eol, &long)
			if len(line) == 0 && rerr != nil {
				if rerr == io.EOF {
					return nil
				}
				return rerr
			}
			line = bytes.TrimSuffix(line, []byte{eol})
			out = out[:0]
			if fields {
				if bytes.IndexByte(line, d) < 0 {
					if *only {
						continue
					}
					out = append(out, line...)
				} else {
					first := true
					for i, rest := 1, line; i <= lastField; i++ {
						f, tail, more := bytes.Cut(rest, []byte{d})
						if _, ok := sel(i); ok {
							if !first {
								out = append(out, od...)
							}
							out = append(out, f...)
							first = false
						}
						if !more {
							break
						}
						rest = tail
					}
				}
			} else {
				prev := -2 // range (or position, for --complement) of the last byte kept
				for i, b := range line {
					k, ok := sel(i + 1)
					if !ok {
						continue
					}
					if hasOD && prev != -2 {
						if *complement && prev != i-1 || !*complement && k != prev {
							out = append(out, od...)
						}
					}
					if *complement {
						prev = i
					} else {
						prev = k
					}
					out = append(out, b)
				}
			}
			out = append(out, eol)
			if _, err := w.Write(out); err != nil {
				return errStop
			}
			if rerr != nil {
				return nil
			}
		}
	})
}
