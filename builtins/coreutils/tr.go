package coreutils

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/regex"
)

func trCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "tr",
		Summary: "translate, squeeze or delete bytes",
		Usage: `Usage: tr [-cdst] SET1 [SET2]
Copy standard input to standard output, translating bytes of SET1 to the
bytes of SET2 (SET2 is padded with its last byte), deleting, or squeezing.

  -c, -C, --complement  use the complement of SET1
  -d, --delete          delete the bytes of SET1
  -s, --squeeze-repeats replace a run of one byte of the last SET by one
  -t, --truncate-set1   first truncate SET1 to the length of SET2
SETs: literal bytes; \NNN (octal), \\ \a \b \f \n \r \t \v; ranges a-z;
[:alnum:] [:alpha:] [:blank:] [:cntrl:] [:digit:] [:graph:] [:lower:]
[:print:] [:punct:] [:space:] [:upper:] [:xdigit:]; [=c=]; [c*n] (n
copies of c; n octal if it starts with 0) and, in SET2 only, [c*] (as many
as needed). Works on bytes, as GNU tr does.
`,
		Run: runTr,
	}
}

// trElem is one element of a SET once parsed.
type trElem struct {
	bytes  []byte
	class  string // [:name:] this element came from
	fill   bool   // [c*]: repeat to fill SET2
	repeat bool   // [c*n] or [c*]
}

type trError string

func (e trError) Error() string { return string(e) }

// parseTrSet parses a SET into elements.
func parseTrSet(s string) ([]trElem, error) {
	var out []trElem
	// First decode escapes into a sequence of (byte, escaped) pairs, so
	// that \- or \[ are not taken as syntax.
	type ch struct {
		b   byte
		esc bool
	}
	var cs []ch
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			cs = append(cs, ch{c, false})
			continue
		}
		if i+1 >= len(s) {
			cs = append(cs, ch{'\\', true}) // a trailing backslash is itself
			continue
		}
		i++
		if b, ok := cControl(s[i]); ok {
			cs = append(cs, ch{b, true})
			continue
		}
		switch n := s[i]; n {
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 16)
			if v > 255 { // \400 is \40 and 0, as GNU reads it
				j--
				v, _ = strconv.ParseUint(s[i:j], 8, 16)
			}
			cs = append(cs, ch{byte(v), true})
			i = j - 1
		default:
			cs = append(cs, ch{n, true})
		}
	}
	for i := 0; i < len(cs); i++ {
		c := cs[i]
		if !c.esc && c.b == '[' && i+1 < len(cs) {
			// [:class:], [=c=], [c*n]
			rest := cs[i+1:]
			if len(rest) >= 2 && !rest[0].esc && (rest[0].b == ':' || rest[0].b == '=') {
				delim := rest[0].b
				for j := 1; j+1 < len(rest); j++ {
					if !rest[j].esc && rest[j].b == delim && !rest[j+1].esc && rest[j+1].b == ']' {
						var name []byte
						for _, x := range rest[1:j] {
							name = append(name, x.b)
						}
						if delim == ':' {
							ranges, ok := regex.Classes[string(name)]
							if !ok {
								return nil, trError(fmt.Sprintf("invalid character class '%s'", name))
							}
							var bs []byte
							for k := 0; k < len(ranges); k += 2 {
								for b := ranges[k]; b <= ranges[k+1]; b++ {
									bs = append(bs, byte(b))
								}
							}
							out = append(out, trElem{bytes: bs, class: string(name)})
						} else {
							if len(name) != 1 {
								return nil, trError(fmt.Sprintf("%s: equivalence class operand must be a single character", name))
							}
							out = append(out, trElem{bytes: name})
						}
						i += j + 2
						goto next
					}
				}
			}
			if len(rest) >= 3 && !rest[1].esc && rest[1].b == '*' {
				for j := 2; j < len(rest); j++ {
					if !rest[j].esc && rest[j].b == ']' {
						var num []byte
						for _, x := range rest[2:j] {
							num = append(num, x.b)
						}
						n := 0
						fill := len(num) == 0
						if !fill {
							base := 10
							if num[0] == '0' {
								base = 8
							}
							v, err := strconv.ParseUint(string(num), base, 31)
							if err != nil {
								return nil, trError(fmt.Sprintf("invalid repeat count '%s' in [c*n] construct", num))
							}
							n = int(v)
							fill = n == 0
						}
						out = append(out, trElem{bytes: []byte(strings.Repeat(string(rest[0].b), n)), fill: fill, repeat: true})
						if fill {
							out[len(out)-1].bytes = []byte{rest[0].b}
						}
						i += j + 1
						goto next
					}
				}
			}
		}
		// a range?
		if i+2 < len(cs) && !cs[i+1].esc && cs[i+1].b == '-' {
			lo, hi := c.b, cs[i+2].b
			if hi < lo {
				return nil, trError(fmt.Sprintf("range-endpoints of '%s-%s' are in reverse collating sequence order", trShow(lo), trShow(hi)))
			}
			var bs []byte
			for b := int(lo); b <= int(hi); b++ {
				bs = append(bs, byte(b))
			}
			out = append(out, trElem{bytes: bs})
			i += 2
			continue
		}
		out = append(out, trElem{bytes: []byte{c.b}})
	next:
	}
	return out, nil
}

func trShow(b byte) string {
	if b < ' ' || b >= 127 {
		return fmt.Sprintf("\\%03o", b)
	}
	return string(b)
}

func flattenTr(elems []trElem) []byte {
	var out []byte
	for _, e := range elems {
		out = append(out, e.bytes...)
	}
	return out
}

func runTr(c *builtins.Call) int {
	fl := c.Flags()
	fl.SetInterspersed(false) // GNU's tr takes options before its strings only
	comp := fl.BoolP("complement", "c", false, "")
	compC := fl.BoolP("C", "C", false, "")
	del := fl.BoolP("delete", "d", false, "")
	squeeze := fl.BoolP("squeeze-repeats", "s", false, "")
	trunc := fl.BoolP("truncate-set1", "t", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	*comp = *comp || *compC
	args := fl.Args()
	twoNeeded := !*del && !*squeeze || *del && *squeeze
	switch {
	case len(args) == 0:
		return c.Usage("missing operand")
	case len(args) == 1 && twoNeeded:
		why := "Two strings must be given when translating."
		if *del {
			why = "Two strings must be given when both deleting and squeezing repeats."
		}
		return c.Usage("missing operand after %s\n%s", builtins.Quote(args[0]), why)
	case len(args) == 2 && *del && !*squeeze:
		return c.Usage("extra operand %s\nOnly one string may be given when deleting without squeezing repeats.", builtins.Quote(args[1]))
	case len(args) > 2:
		return c.Usage("extra operand %s", builtins.Quote(args[2]))
	}
	e1, err := parseTrSet(args[0])
	if err != nil {
		c.Fail("%s", err)
		return 1
	}
	for _, e := range e1 {
		if e.fill {
			c.Fail("the [c*] repeat construct may not appear in string1")
			return 1
		}
	}
	set1 := flattenTr(e1)
	if *comp {
		var in [256]bool
		for _, b := range set1 {
			in[b] = true
		}
		set1 = set1[:0:0]
		for b := 0; b < 256; b++ {
			if !in[b] {
				set1 = append(set1, byte(b))
			}
		}
	}
	var set2 []byte
	translating := len(args) == 2 && !*del
	if len(args) == 2 {
		e2, err := parseTrSet(args[1])
		if err != nil {
			c.Fail("%s", err)
			return 1
		}
		if translating {
			set2, err = trSet2(e1, e2, len(set1), *comp, *trunc)
			if err != nil {
				c.Fail("%s", err)
				return 1
			}
			if *trunc && len(set1) > len(set2) {
				set1 = set1[:len(set2)]
			}
		} else {
			set2 = flattenTr(e2)
		}
	}

	var xlate [256]byte
	for i := range xlate {
		xlate[i] = byte(i)
	}
	var delSet, sqSet [256]bool
	if translating {
		for i, b := range set1 {
			xlate[b] = set2[i]
		}
	}
	if *del {
		for _, b := range set1 {
			delSet[b] = true
		}
	}
	if *squeeze {
		sq := set1
		if len(args) == 2 {
			sq = set2
		}
		for _, b := range sq {
			sqSet[b] = true
		}
	}

	buf := make([]byte, 64*1024)
	kept := make([]byte, 0, 64*1024)
	last := -1
	for {
		if c.Canceled() {
			return 130
		}
		n, rerr := c.Stdin.Read(buf)
		out := buf[:n]
		if *del || *squeeze {
			kept = kept[:0]
			for _, b := range out {
				if delSet[b] {
					continue
				}
				b = xlate[b]
				if sqSet[b] && int(b) == last {
					continue
				}
				last = int(b)
				kept = append(kept, b)
			}
			out = kept
		} else {
			// translating only: byte for byte, in place
			for i, b := range out {
				out[i] = xlate[b]
			}
		}
		if len(out) > 0 {
			if _, err := c.Stdout.Write(out); err != nil {
				return 0
			}
		}
		if rerr == io.EOF {
			return 0
		}
		if rerr != nil {
			c.FailErr("-", rerr)
			return 1
		}
	}
}

// trSet2 expands SET2 for translation: [c*] fills, case classes must line
// up with the opposite class in SET1, and a short SET2 is padded with its
// last byte unless truncating.
func trSet2(e1, e2 []trElem, n1 int, comp, trunc bool) ([]byte, error) {
	// positions of classes in SET1
	pos1 := map[int]string{}
	off := 0
	for _, e := range e1 {
		if e.class != "" {
			pos1[off] = e.class
		}
		off += len(e.bytes)
	}
	fixed, fills := 0, 0
	for _, e := range e2 {
		if e.fill {
			fills++
		} else {
			fixed += len(e.bytes)
		}
	}
	if fills > 1 {
		return nil, trError("only one [c*] repeat construct may appear in string2")
	}
	var out []byte
	for _, e := range e2 {
		switch {
		case e.fill:
			out = append(out, []byte(strings.Repeat(string(e.bytes[0]), max(n1-fixed, 0)))...)
		case e.class != "":
			if e.class != "upper" && e.class != "lower" {
				return nil, trError("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'")
			}
			c1, ok := pos1[len(out)]
			if comp || !ok || (c1 != "upper" && c1 != "lower") {
				return nil, trError("misaligned [:upper:] and/or [:lower:] construct")
			}
			out = append(out, e.bytes...)
		default:
			out = append(out, e.bytes...)
		}
	}
	if len(out) == 0 && n1 > 0 && !trunc {
		return nil, trError("when not truncating set1, string2 must be non-empty")
	}
	for len(out) < n1 && !trunc {
		out = append(out, out[len(out)-1])
	}
	return out, nil
}
