package coreutils

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func uniqCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "uniq",
		Summary: "report or omit repeated lines",
		Usage: `Usage: uniq [OPTION]... [INPUT [OUTPUT]]
Filter adjacent matching lines from INPUT (or standard input), writing to
OUTPUT (or standard output).

  -c, --count            prefix lines by the number of occurrences
  -d, --repeated         only print duplicate lines, one for each group
  -D, --all-repeated[=METHOD]  print all duplicate lines; METHOD is none
                         (default), prepend or separate (blank line between
                         groups)
  -u, --unique           only print unique lines
  -i, --ignore-case      ignore differences in case when comparing
  -f, --skip-fields=N    avoid comparing the first N fields
  -s, --skip-chars=N     avoid comparing the first N characters
  -w, --check-chars=N    compare no more than N characters in lines
  -z, --zero-terminated  lines end with NUL, not newline
A field is a run of blanks followed by non-blanks. Fields are skipped
before characters.
`,
		Run: runUniq,
	}
}

func runUniq(c *builtins.Call) int {
	fl := c.Flags()
	count := fl.BoolP("count", "c", false, "")
	repeated := fl.BoolP("repeated", "d", false, "")
	allRep := ""
	f := fl.VarPF(callbackFlag(func(v string) error {
		switch v {
		case "true", "none":
			allRep = "none"
		case "prepend", "separate":
			allRep = v
		default:
			return fmt.Errorf("invalid argument '%s' for '--all-repeated'", v)
		}
		return nil
	}), "all-repeated", "D", "")
	f.NoOptDefVal = "true"
	unique := fl.BoolP("unique", "u", false, "")
	ignoreCase := fl.BoolP("ignore-case", "i", false, "")
	skipF := fl.StringP("skip-fields", "f", "0", "")
	skipC := fl.StringP("skip-chars", "s", "0", "")
	checkC := fl.StringP("check-chars", "w", "", "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	num := func(s, what string) (int, bool) {
		n, err := strconv.ParseUint(s, 10, 63)
		if err != nil {
			if sortRangeErr(err) {
				return int(^uint(0) >> 1), true
			}
			c.Fail("%s: invalid number of %s", s, what)
			return 0, false
		}
		return int(n), true
	}
	nf, ok1 := num(*skipF, "fields to skip")
	ns, ok2 := num(*skipC, "bytes to skip")
	nw := -1
	ok3 := true
	if *checkC != "" {
		nw, ok3 = num(*checkC, "bytes to compare")
	}
	if !ok1 || !ok2 || !ok3 {
		return 1
	}
	if allRep != "" && *count {
		return c.Usage("printing all duplicated lines and repeat counts is meaningless")
	}
	args := fl.Args()
	if len(args) > 2 {
		return c.Usage("extra operand %s", builtins.Quote(args[2]))
	}
	in := "-"
	if len(args) > 0 {
		in = args[0]
	}
	r, err := c.Open(in)
	if err != nil {
		c.FailErr(in, err)
		return 1
	}
	defer r.Close()
	w := c.Stdout
	if len(args) == 2 && args[1] != "-" {
		out, err := c.Create(args[1], false)
		if err != nil {
			c.FailErr(args[1], err)
			return 1
		}
		defer out.Close()
		bw := bufio.NewWriterSize(out, 32*1024)
		defer bw.Flush()
		w = bw
	}
	sep := byte('\n')
	if *zero {
		sep = 0
	}

	key := func(line string) string {
		s := line
		for i := 0; i < nf && s != ""; i++ {
			s = strings.TrimLeft(s, " \t")
			j := strings.IndexAny(s, " \t")
			if j < 0 {
				s = ""
			} else {
				s = s[j:]
			}
		}
		if ns >= len(s) {
			s = ""
		} else {
			s = s[ns:]
		}
		if nw >= 0 && nw < len(s) {
			s = s[:nw]
		}
		return s
	}
	equal := func(a, b string) bool {
		if *ignoreCase {
			return uniqFoldEqual(a, b)
		}
		return a == b
	}

	var (
		group      []string // lines of the current group (only kept for -D)
		first      string
		firstKey   string
		n          int
		have       bool
		printedAny bool
		werr       error
	)
	var obuf []byte
	// out writes what emit gathered, once there is enough of it, or all
	// of it at the end.
	out := func(all bool) {
		if werr == nil && len(obuf) > 0 && (all || len(obuf) >= 32*1024) {
			_, werr = w.Write(obuf)
			obuf = obuf[:0]
		}
	}
	// emit adds s and the separator, after a count when count is at
	// least 0 (printf's "%7d ").
	emit := func(count int, s string) {
		if count >= 0 {
			var digits [20]byte
			d := strconv.AppendInt(digits[:0], int64(count), 10)
			for range 7 - len(d) {
				obuf = append(obuf, ' ')
			}
			obuf = append(append(obuf, d...), ' ')
		}
		obuf = append(append(obuf, s...), sep)
		out(false)
	}
	flush := func() {
		if !have {
			return
		}
		switch {
		case allRep != "":
			if n > 1 {
				if allRep == "prepend" || allRep == "separate" && printedAny {
					emit(-1, "")
				}
				for _, l := range group {
					emit(-1, l)
				}
				printedAny = true
			}
		case *repeated && n < 2, *unique && n > 1:
		case *count:
			emit(n, first)
		default:
			emit(-1, first)
		}
	}
	// plain: lines are compared whole
	plain := nf == 0 && ns == 0 && nw < 0 && !*ignoreCase
	var long []byte
	br := bufio.NewReaderSize(r, 64*1024)
	for lines := 0; ; lines++ {
		if lines%1024 == 0 && c.Canceled() {
			return 130
		}
		raw, rerr := readLine(br, sep, &long)
		if len(raw) == 0 && rerr != nil {
			if rerr != io.EOF {
				out(true)
				c.FailErr(in, rerr)
				return 1
			}
			break
		}
		raw = bytes.TrimSuffix(raw, []byte{sep})
		if plain && have && string(raw) == first {
			// a repeat of the whole line: nothing to copy
			n++
			if allRep != "" {
				group = append(group, first)
			}
		} else if line := string(raw); have && equal(key(line), firstKey) {
			n++
			if allRep != "" {
				group = append(group, line)
			}
		} else {
			flush()
			first, firstKey, n, have = line, key(line), 1, true
			group = append(group[:0], line)
		}
		if werr != nil {
			return 0
		}
		if rerr != nil {
			break
		}
	}
	flush()
	out(true)
	return 0
}

// uniqFoldEqual compares with only ASCII letters folded, as the C locale
// does (strings.EqualFold also folds non-ASCII letters).
func uniqFoldEqual(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x >= 'A' && x <= 'Z' {
			x += 'a' - 'A'
		}
		if y >= 'A' && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
