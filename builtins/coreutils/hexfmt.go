package coreutils

// hexdump's format strings (-e, -f), as util-linux's and BSD's hexdump
// read them: units of [ITERATIONS][/BYTES] "TEXT", the TEXT printf-like
// with hexdump's own conversions (%_a %_A %_c %_p %_u).

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// hexConv is one piece of a unit's text: literal text and at most one
// conversion after it.
type hexConv struct {
	text    string // printed before the conversion
	verb    byte   // 0: text only; a A c p u (the _ forms), C (plain %c), d o u x X e f g s...
	spec    string // the printf spec: flags, width, precision
	radix   byte   // for a and A: d o x
	bcnt    int    // bytes the conversion takes
	nospace bool   // the last iteration drops the text's final blank
	width   int    // for blanks where data ran out
}

// hexUnit is ITERATIONS/BYTES "TEXT".
type hexUnit struct {
	reps, bcnt int
	setReps    bool
	convs      []hexConv
	end        bool // holds %_A: printed once, after the input
}

type hexFormat struct{ units []*hexUnit }

func (f *hexFormat) size() int {
	n := 0
	for _, u := range f.units {
		if !u.end {
			n += u.reps * u.unitBytes()
		}
	}
	return n
}

func (u *hexUnit) unitBytes() int {
	n := 0
	for _, c := range u.convs {
		n += c.bcnt
	}
	return n
}

// parseHexFormat reads one format string.
func parseHexFormat(s string) (*hexFormat, error) {
	f := &hexFormat{}
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
		}
		if i >= len(s) {
			break
		}
		u := &hexUnit{reps: 1}
		if s[i] >= '0' && s[i] <= '9' {
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			u.reps, _ = strconv.Atoi(s[i:j])
			u.setReps = true
			i = j
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
		}
		if i < len(s) && s[i] == '/' {
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("bad format {%s}", s)
			}
			u.bcnt, _ = strconv.Atoi(s[i:j])
			i = j
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
		}
		if i >= len(s) || s[i] != '"' {
			return nil, fmt.Errorf("bad format {%s}", s)
		}
		j := i + 1
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(s) {
			return nil, fmt.Errorf("bad format {%s}", s)
		}
		if err := u.parseText(hexUnescape(s[i+1 : j])); err != nil {
			return nil, err
		}
		i = j + 1
		f.units = append(f.units, u)
	}
	return f, nil
}

func hexUnescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if c, ok := cControl(s[i]); ok {
				b.WriteByte(c)
				continue
			}
			if s[i] == '0' {
				b.WriteByte(0)
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// parseText cuts a unit's text into conversions.
func (u *hexUnit) parseText(t string) error {
	var text strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '%' {
			text.WriteByte(t[i])
			continue
		}
		if i+1 < len(t) && t[i+1] == '%' {
			text.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for j < len(t) && strings.IndexByte("-+ #0", t[j]) >= 0 {
			j++
		}
		for j < len(t) && (t[j] >= '0' && t[j] <= '9' || t[j] == '.') {
			j++
		}
		if j >= len(t) {
			return fmt.Errorf("bad conversion character %%%s", t[i+1:])
		}
		c := hexConv{text: text.String(), spec: t[i+1 : j]}
		text.Reset()
		c.width, _ = strconv.Atoi(strings.TrimLeft(strings.SplitN(c.spec, ".", 2)[0], "-+ #0"))
		prec := -1
		if _, p, ok := strings.Cut(c.spec, "."); ok {
			prec, _ = strconv.Atoi(p)
		}
		verb := t[j]
		switch {
		case verb == '_' && j+1 < len(t):
			j++
			switch t[j] {
			case 'a', 'A':
				c.verb = t[j]
				c.radix = 'd'
				if j+1 < len(t) && strings.IndexByte("dox", t[j+1]) >= 0 {
					j++
					c.radix = t[j]
				}
				if c.verb == 'A' {
					u.end = true
				}
			case 'c', 'p':
				c.verb, c.bcnt = t[j], 1
			case 'u':
				c.verb, c.bcnt = 'U', 1
			default:
				return fmt.Errorf("bad conversion character %%_%c", t[j])
			}
		case verb == 'c':
			c.verb, c.bcnt = 'C', 1
		case strings.IndexByte("diouxX", verb) >= 0:
			c.verb, c.bcnt = verb, 4
		case strings.IndexByte("eEfgG", verb) >= 0:
			c.verb, c.bcnt = verb, 8
		case verb == 's':
			c.verb = 's'
			if u.bcnt == 0 && prec < 0 {
				return fmt.Errorf("%%s requires a precision or a byte count")
			}
			c.bcnt = prec
		default:
			return fmt.Errorf("bad conversion character %%%s", t[i+1:j+1])
		}
		if u.bcnt > 0 && c.verb != 'a' && c.verb != 'A' {
			ok := true
			switch {
			case strings.IndexByte("diouxX", c.verb) >= 0:
				ok = u.bcnt == 1 || u.bcnt == 2 || u.bcnt == 4 || u.bcnt == 8
			case strings.IndexByte("eEfgG", c.verb) >= 0:
				ok = u.bcnt == 4 || u.bcnt == 8
			case c.verb == 'C' || c.verb == 'c' || c.verb == 'p' || c.verb == 'U':
				ok = u.bcnt == 1
			}
			if !ok {
				return fmt.Errorf("bad byte count for conversion character %c", verb)
			}
			c.bcnt = u.bcnt
		}
		u.convs = append(u.convs, c)
		i = j
	}
	if text.Len() > 0 {
		u.convs = append(u.convs, hexConv{text: text.String()})
	}
	return nil
}

// hexLayout applies BSD's rewrite rules to the formats of a block of
// blocksize bytes: a last unit with no iteration count fills the block,
// and the last iteration of a repeated unit drops its final blank.
func hexLayout(formats []*hexFormat) int {
	blocksize := 0
	for _, f := range formats {
		blocksize = max(blocksize, f.size())
	}
	for _, f := range formats {
		size := f.size()
		for k, u := range f.units {
			if k == len(f.units)-1 && size < blocksize && !u.setReps && u.unitBytes() > 0 && !u.end {
				u.reps += (blocksize - size) / u.unitBytes()
			}
			if u.reps > 1 && len(u.convs) > 0 {
				last := &u.convs[len(u.convs)-1]
				if n := len(last.text); last.verb == 0 && n > 0 && isBlank(last.text[n-1]) {
					last.nospace = true
				}
			}
		}
	}
	return blocksize
}

func isBlank(b byte) bool { return strings.IndexByte(" \t\n\v\f\r", b) >= 0 }

// hexRender prints one block (data, starting at address addr; end is
// false while more input follows) with one format.
func (f *hexFormat) render(out *bytes.Buffer, data []byte, addr int64) {
	pos := 0
	for _, u := range f.units {
		if u.end {
			continue
		}
		for r := 0; r < u.reps; r++ {
			lastRep := r == u.reps-1
			for _, c := range u.convs {
				out.WriteString(c.text)
				if c.nospace && lastRep {
					out.Truncate(out.Len() - 1)
				}
				if c.verb == 0 {
					continue
				}
				if c.verb == 'a' {
					out.WriteString(hexAddress(c, addr+int64(pos)))
					continue
				}
				if pos >= len(data) {
					fmt.Fprintf(out, "%*s", c.width, "")
					pos += c.bcnt
					continue
				}
				b := make([]byte, c.bcnt)
				copy(b, data[pos:min(pos+c.bcnt, len(data))])
				if c.verb == 's' {
					b = data[pos:min(pos+c.bcnt, len(data))]
				}
				out.WriteString(hexValue(c, b))
				pos += c.bcnt
			}
		}
	}
}

// renderEnd prints the units that hold %_A, once the input has ended at
// address addr.
func (f *hexFormat) renderEnd(out *bytes.Buffer, addr int64) {
	for _, u := range f.units {
		if !u.end {
			continue
		}
		for _, c := range u.convs {
			out.WriteString(c.text)
			if c.verb == 'a' || c.verb == 'A' {
				out.WriteString(hexAddress(c, addr))
			}
		}
	}
}

func hexAddress(c hexConv, addr int64) string {
	verb := map[byte]string{'d': "d", 'o': "o", 'x': "x"}[c.radix]
	return fmt.Sprintf("%"+c.spec+verb, addr)
}

// hexValue formats the bytes b by one conversion.
func hexValue(c hexConv, b []byte) string {
	u := leUint(b)
	switch c.verb {
	case 'C':
		return fmt.Sprintf("%"+c.spec+"s", string(b[:1]))
	case 'c':
		return fmt.Sprintf("%"+c.spec+"s", odChar('c', b[0]))
	case 'p':
		return fmt.Sprintf("%"+c.spec+"c", printableOrDot(b[0]))
	case 'U':
		s := ""
		switch {
		case b[0] == '\n':
			s = "lf" // util-linux's name, where od's is nl
		case b[0] < 32 || b[0] == 127:
			s = odChar('a', b[0])
		case b[0] > 127:
			s = fmt.Sprintf("%02x", b[0])
		default:
			s = string(b[:1])
		}
		return fmt.Sprintf("%"+c.spec+"s", s)
	case 'd', 'i':
		return fmt.Sprintf("%"+c.spec+"d", leInt(u, len(b)))
	case 'u':
		return fmt.Sprintf("%"+c.spec+"d", u)
	case 'o', 'x', 'X':
		return fmt.Sprintf("%"+c.spec+string(c.verb), u)
	case 'e', 'E', 'f', 'g', 'G':
		v := math.Float64frombits(u)
		if len(b) == 4 {
			v = float64(math.Float32frombits(uint32(u)))
		}
		return cPrintf("%"+c.spec+string(c.verb), v)
	case 's':
		return fmt.Sprintf("%"+c.spec+"s", string(b))
	}
	return ""
}

// hexBlockOutput bounds what one block prints, to refuse formats whose
// counts would print more than memory holds.
func hexBlockOutput(formats []*hexFormat) int64 {
	var n int64
	for _, f := range formats {
		for _, u := range f.units {
			var per int64
			for _, c := range u.convs {
				per += int64(len(c.text)) + int64(c.width) + 32
			}
			n += int64(u.reps) * per
			if n < 0 || n > math.MaxInt64/4 {
				return math.MaxInt64
			}
		}
	}
	return n
}
