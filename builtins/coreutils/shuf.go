package coreutils

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func shufCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "shuf",
		Summary: "generate random permutations",
		Usage: `Usage: shuf [OPTION]... [FILE]
  or:  shuf -e [OPTION]... [ARG]...
  or:  shuf -i LO-HI [OPTION]...
Write a random permutation of the input lines to standard output.

With no FILE, or when FILE is -, read standard input.

  -e, --echo                treat each ARG as an input line
  -i, --input-range=LO-HI   treat each number LO through HI as an input line
  -n, --head-count=COUNT    output at most COUNT lines
  -o, --output=FILE         write result to FILE instead of standard output
      --random-source=FILE  get random bytes from FILE
  -r, --repeat              output lines can be repeated
  -z, --zero-terminated     line delimiter is NUL, not newline

The randomness is the session's: seeded (the same every run) unless the
capabilities grant random.read, and then each read is an effect.
`,
		Run: runShuf,
	}
}

// shufRand draws uniform numbers below a bound from the session's source
// or, with --random-source, from a file's bytes.
type shufRand struct {
	c    *builtins.Call
	file io.Reader
	name string
	err  error
}

func (r *shufRand) uint64() uint64 {
	if r.file == nil {
		return r.c.Rand.Uint64()
	}
	var b [8]byte
	if _, err := io.ReadFull(r.file, b[:]); err != nil && r.err == nil {
		r.err = fmt.Errorf("%s: end of file", builtins.Quote(r.name))
	}
	return binary.LittleEndian.Uint64(b[:])
}

// below returns a number in [0, n), without modulo bias.
func (r *shufRand) below(n uint64) uint64 {
	limit := math.MaxUint64 - math.MaxUint64%n
	for {
		v := r.uint64()
		if v < limit || r.err != nil {
			return v % n
		}
	}
}

func runShuf(c *builtins.Call) int {
	fl := c.Flags()
	echo := fl.BoolP("echo", "e", false, "")
	var ranges []string
	fl.VarP(callbackFlag(func(v string) error { ranges = append(ranges, v); return nil }), "input-range", "i", "")
	var counts []string
	fl.VarP(callbackFlag(func(v string) error { counts = append(counts, v); return nil }), "head-count", "n", "")
	output := fl.StringP("output", "o", "", "")
	source := fl.String("random-source", "", "")
	repeat := fl.BoolP("repeat", "r", false, "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	count := int64(-1)
	for _, v := range counts {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			c.Fail("invalid line count: %s", builtins.Quote(v))
			return 1
		}
		if count < 0 || n < count {
			count = n
		}
	}
	sep := byte('\n')
	if *zero {
		sep = 0
	}
	ops := fl.Args()
	var lo, hi uint64
	switch {
	case *echo && len(ranges) > 0:
		return c.Usage("cannot combine -e and -i options")
	case len(ranges) > 1:
		c.Fail("multiple -i options specified")
		return 1
	case len(ranges) == 1:
		if len(ops) > 0 {
			return c.Usage("extra operand %s", builtins.Quote(ops[0]))
		}
		var ok bool
		if lo, hi, ok = shufRange(c, ranges[0]); !ok {
			return 1
		}
	case !*echo && len(ops) > 1:
		return c.Usage("extra operand %s", builtins.Quote(ops[1]))
	}
	var lines [][]byte
	switch {
	case len(ranges) == 1:
	case *echo:
		for _, a := range ops {
			lines = append(lines, []byte(a))
		}
	default:
		data, _, ok := readSoleInput(c, ops)
		if !ok {
			return 1
		}
		if len(data) > 0 {
			lines = bytes.Split(bytes.TrimSuffix(data, []byte{sep}), []byte{sep})
		}
	}
	r := &shufRand{c: c}
	if fl.Changed("random-source") {
		f, err := c.Open(*source)
		if err != nil {
			c.FailErr(*source, err)
			return 1
		}
		defer f.Close()
		r.file, r.name = f, *source
	}
	// the items: the lines, or the numbers lo..hi
	n := uint64(len(lines))
	item := func(i uint64) []byte { return lines[i] }
	if len(ranges) == 1 {
		n = hi - lo + 1
		item = func(i uint64) []byte { return strconv.AppendUint(nil, lo+i, 10) }
	}
	var out bytes.Buffer
	emit := func(b []byte) bool {
		out.Write(b)
		out.WriteByte(sep)
		if out.Len() >= 64*1024 && *output == "" {
			c.Stdout.Write(out.Bytes())
			out.Reset()
		}
		return !c.Canceled() && r.err == nil
	}
	switch {
	case *repeat:
		if n == 0 {
			if count != 0 {
				c.Fail("no lines to repeat")
				return 1
			}
			break
		}
		for i := int64(0); count < 0 || i < count; i++ {
			if !emit(item(r.below(n))) {
				break
			}
		}
	default:
		k := n
		if count >= 0 && uint64(count) < k {
			k = uint64(count)
		}
		// a Fisher-Yates shuffle of the first k places, the moved
		// items kept in a map (a range may be too large to hold)
		moved := map[uint64]uint64{}
		at := func(i uint64) uint64 {
			if v, ok := moved[i]; ok {
				return v
			}
			return i
		}
		for i := uint64(0); i < k; i++ {
			j := i + r.below(n-i)
			vi, vj := at(i), at(j)
			moved[j] = vi
			delete(moved, i)
			if !emit(item(vj)) {
				break
			}
		}
	}
	if r.err != nil {
		c.Fail("%s", r.err)
		return 1
	}
	if c.Canceled() {
		return 130
	}
	if *output != "" {
		f, err := c.Create(*output, false)
		if err != nil {
			c.FailErr(*output, err)
			return 1
		}
		_, err = f.Write(out.Bytes())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			c.FailErr(*output, err)
			return 1
		}
		return 0
	}
	c.Stdout.Write(out.Bytes())
	return 0
}

// shufRange reads -i's LO-HI.
func shufRange(c *builtins.Call, s string) (lo, hi uint64, ok bool) {
	a, b, found := strings.Cut(s, "-")
	lo, err1 := strconv.ParseUint(a, 10, 64)
	if !found || err1 != nil || a == "" || a[0] == '+' {
		c.Fail("invalid input range: %s", builtins.Quote(a))
		return 0, 0, false
	}
	hi, err2 := strconv.ParseUint(b, 10, 64)
	if err2 != nil || b == "" || b[0] == '+' || hi+1 < lo || hi == math.MaxUint64 && lo == 0 {
		c.Fail("invalid input range: %s", builtins.Quote(s))
		return 0, 0, false
	}
	return lo, hi, true
}
