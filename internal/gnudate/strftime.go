package gnudate

import (
	"strconv"
	"strings"
	"time"
)

// Format formats t like GNU date's +FORMAT in the C locale: the
// conversions of gnulib's nstrftime (%a ... %Z, %N, %q, %:z ...), the flags
// '-' (no padding), '_' (spaces), '0' (zeros), '+' (zeros, and a sign on
// long years), '^' (upper case) and '#' (swap case), a field width, and the
// E and O modifiers (no-ops in the C locale, refused where glibc refuses
// them). A malformed conversion is copied as it stands, as GNU does. The
// zone name and offset are t's.
func Format(format string, t time.Time) string {
	return string(appendStrftime(nil, format, t, false, 0, -1))
}

// maxWidth bounds a conversion's field width so that "%999999999d" cannot
// eat the sandbox's memory.
const maxWidth = 1 << 16

// strfSpec is one conversion being formatted.
type strfSpec struct {
	pad    byte // 0, '_', '-', '0' or '+'
	width  int  // -1 when not given
	upper  bool
	lower  bool
	change bool // the '#' flag
}

// appendStrftime appends format expanded for t to b. The other arguments
// are what gnulib hands down to the parts of a composite (%D, %F, %T...):
// upcase for %^D, the composite's padding flag for the years within it
// (yrSpec), and a width for the first conversion (%F's %Y).
func appendStrftime(b []byte, format string, t time.Time, upcase bool, yrSpec byte, firstWidth int) []byte {
	f := format
	first := true
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b = append(b, f[i])
			continue
		}
		start := i
		s := strfSpec{width: -1, upper: upcase}
		if first {
			s.width = firstWidth
			first = false
		}
		i++
	flags:
		for ; i < len(f); i++ {
			switch f[i] {
			case '_', '-', '0', '+':
				s.pad = f[i]
			case '^':
				s.upper = true
			case '#':
				s.change = true
			default:
				break flags
			}
		}
		if i < len(f) && f[i] >= '0' && f[i] <= '9' {
			s.width = 0
			for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
				s.width = min(s.width*10+int(f[i]-'0'), maxWidth)
			}
		}
		var modifier byte
		if i < len(f) && (f[i] == 'E' || f[i] == 'O') {
			modifier = f[i]
			i++
		}
		if i >= len(f) {
			// A lone "%" or "%5" at the end is copied as it stands.
			return s.add(b, f[start:])
		}
		bad := func() []byte { return s.add(b, f[start:i+1]) }
		conv := f[i]
		eBad := strings.IndexByte("aAbBdDeFGghHIjklmMNSUVwW%", conv) >= 0
		oBad := strings.IndexByte("aAcDFqxXY%", conv) >= 0
		if modifier == 'E' && eBad || modifier == 'O' && oBad {
			b = bad()
			continue
		}
		year := t.Year()
		hour12 := t.Hour() % 12
		if hour12 == 0 {
			hour12 = 12
		}
		wday := int(t.Weekday())
		yday := t.YearDay() - 1
		switch conv {
		case '%':
			if i != start+1 {
				// "%-%": the flags are copied, then "%" starts afresh.
				b = s.add(b, f[start:i])
				i--
				continue
			}
			b = s.add(b, "%")
		case 'a':
			s.caseUp()
			b = s.add(b, t.Weekday().String()[:3])
		case 'A':
			s.caseUp()
			b = s.add(b, t.Weekday().String())
		case 'b', 'h':
			s.caseUp()
			b = s.add(b, t.Month().String()[:3])
		case 'B':
			s.caseUp()
			b = s.add(b, t.Month().String())
		case 'c':
			// glibc's own %c, whose year is not padded.
			c := appendStrftime(nil, "%a %b %e %H:%M:%S ", t, false, 0, -1)
			b = s.add(b, string(strconv.AppendInt(c, int64(year), 10)))
		case 'C':
			c := year / 100
			if year%100 < 0 {
				c--
			}
			if modifier != 0 {
				// glibc's %EC and %OC: unpadded.
				b = s.add(b, strconv.Itoa(c))
				continue
			}
			b = s.number(b, 2, int64(c), numYear, yrSpec)
		case 'd':
			b = s.number(b, 2, int64(t.Day()), 0)
		case 'D':
			b = s.sub(b, "%m/%d/%y", t)
		case 'x':
			b = s.add(b, string(appendStrftime(nil, "%m/%d/%y", t, false, 0, -1)))
		case 'e':
			b = s.number(b, 2, int64(t.Day()), numSpace)
		case 'F':
			pad, width := s.pad, s.width
			if pad == 0 && width < 0 {
				pad, width = '+', 4
			} else {
				width = max(width-6, 0)
			}
			b = s.add(b, string(appendStrftime(nil, "%Y-%m-%d", t, s.upper, pad, width)))
		case 'G':
			y, _ := t.ISOWeek()
			b = s.number(b, 4, int64(y), numYear, yrSpec)
		case 'g':
			y, _ := t.ISOWeek()
			b = s.number(b, 2, int64((y%100+100)%100), 0)
		case 'H':
			b = s.number(b, 2, int64(t.Hour()), 0)
		case 'I':
			b = s.number(b, 2, int64(hour12), 0)
		case 'j':
			b = s.number(b, 3, int64(yday+1), 0)
		case 'k':
			b = s.number(b, 2, int64(t.Hour()), numSpace)
		case 'l':
			b = s.number(b, 2, int64(hour12), numSpace)
		case 'm':
			b = s.number(b, 2, int64(t.Month()), 0)
		case 'M':
			b = s.number(b, 2, int64(t.Minute()), 0)
		case 'n':
			b = s.add(b, "\n")
		case 'N':
			b = s.nanos(b, t.Nanosecond())
		case 'p', 'P':
			if conv == 'P' || s.change {
				s.lower = true
			}
			if t.Hour() < 12 {
				b = s.add(b, "AM")
			} else {
				b = s.add(b, "PM")
			}
		case 'q':
			b = s.number(b, 1, int64((int(t.Month())-1)/3+1), 0)
		case 'r':
			b = s.sub(b, "%I:%M:%S %p", t)
		case 'R':
			b = s.sub(b, "%H:%M", t)
		case 's':
			b = s.number(b, 1, t.Unix(), 0)
		case 'S':
			b = s.number(b, 2, int64(t.Second()), 0)
		case 't':
			b = s.add(b, "\t")
		case 'T':
			b = s.sub(b, "%H:%M:%S", t)
		case 'X':
			b = s.add(b, string(appendStrftime(nil, "%H:%M:%S", t, false, 0, -1)))
		case 'u':
			b = s.number(b, 1, int64((wday+6)%7+1), 0)
		case 'U':
			b = s.number(b, 2, int64((yday-wday+7)/7), 0)
		case 'V':
			_, w := t.ISOWeek()
			b = s.number(b, 2, int64(w), 0)
		case 'w':
			b = s.number(b, 1, int64(wday), 0)
		case 'W':
			b = s.number(b, 2, int64((yday-(wday+6)%7+7)/7), 0)
		case 'y':
			b = s.number(b, 2, int64((year%100+100)%100), numYear, yrSpec)
		case 'Y':
			if modifier == 'E' {
				b = s.add(b, strconv.Itoa(year)) // glibc's %EY
				continue
			}
			b = s.number(b, 4, int64(year), numYear, yrSpec)
		case 'z', ':':
			colons := 0
			for i < len(f) && f[i] == ':' {
				colons++
				i++
			}
			if i >= len(f) || f[i] != 'z' {
				// Only "%:z", "%::z" and "%:::z": copy up to the first
				// colon and go on after it.
				i = i - colons + 1
				b = s.add(b, f[start:i])
				i--
				continue
			}
			if colons > 3 {
				b = bad()
				continue
			}
			name, off := t.Zone()
			b = s.zone(b, off, colons, strings.HasPrefix(name, "-"))
		case 'Z':
			if s.change {
				s.lower = true
			}
			name, _ := t.Zone()
			b = s.add(b, name)
		default:
			b = bad()
		}
	}
	return b
}

// caseUp is what '#' means for names: upper case.
func (s *strfSpec) caseUp() {
	if s.change {
		s.upper = true
	}
}

// add appends str padded on the left to the field width (zeros for the '0'
// and '+' flags, spaces otherwise, nothing for '-') and case-mapped.
func (s *strfSpec) add(b []byte, str string) []byte {
	w := s.width
	if s.pad == '-' || w < 0 {
		w = 0
	}
	if n := w - len(str); n > 0 {
		ch := byte(' ')
		if s.pad == '0' || s.pad == '+' {
			ch = '0'
		}
		for range n {
			b = append(b, ch)
		}
	}
	switch {
	case s.lower:
		str = strings.ToLower(str)
	case s.upper:
		str = strings.ToUpper(str)
	}
	return append(b, str...)
}

// sub appends a composite conversion (%D, %r, %R, %T): its parts keep
// their own padding except that years take the composite's flag, and the
// whole is padded to the field width. (%c, %x and %X come from glibc's
// strftime in GNU date, which knows no flags.)
func (s *strfSpec) sub(b []byte, format string, t time.Time) []byte {
	return s.add(b, string(appendStrftime(nil, format, t, s.upper, s.pad, -1)))
}

const (
	numSpace = 1 << iota // pad with spaces by default (%e, %k, %l)
	numYear              // the '+' flag may add a sign (%C, %G, %Y)
	numSign              // always show a sign (%z)
)

// number appends v with at least digits digits, following gnulib's rules
// for padding and signs. A year (numYear) without a padding flag of its own
// takes yrSpec[0], the flag of the composite it is part of.
func (s *strfSpec) number(b []byte, digits int, v int64, how int, yrSpec ...byte) []byte {
	if len(yrSpec) > 0 && s.pad == 0 {
		s.pad = yrSpec[0]
	}
	return s.digits(b, digits, v < 0, absU(v), 0, how)
}

// digits appends the number u (negative if neg), with a colon before the
// digit positions set in colonMask (counting from the right), as gnulib's
// do_number_sign_and_padding does.
func (s *strfSpec) digits(b []byte, digits int, neg bool, u uint64, colonMask uint, how int) []byte {
	if how&numSpace != 0 && s.pad == 0 {
		s.pad = '_'
	}
	alwaysSign := how&numSign != 0
	if how&numYear != 0 && s.pad == '+' {
		limit := uint64(9999)
		if digits == 2 {
			limit = 99
		}
		alwaysSign = limit < u || digits < s.width
	}
	var buf [32]byte
	p := len(buf)
	for {
		if colonMask&1 != 0 {
			p--
			buf[p] = ':'
		}
		colonMask >>= 1
		p--
		buf[p] = byte('0' + u%10)
		u /= 10
		if u == 0 && colonMask == 0 {
			break
		}
	}
	num := string(buf[p:])
	if s.pad == 0 {
		s.pad = '0'
	}
	if s.width < 0 {
		s.width = digits
	}
	var sign byte
	switch {
	case neg:
		sign = '-'
	case alwaysSign:
		sign = '+'
	}
	if sign != 0 {
		if s.pad == '_' {
			if padding := s.width - 1 - len(num); padding > 0 {
				b = append(b, strings.Repeat(" ", padding)...)
				s.width -= padding
			}
		}
		b = append(b, sign)
		s.width--
	}
	return s.add(b, num)
}

// zone appends the numeric offset off for %z (colons 0), %:z, %::z, %:::z.
func (s *strfSpec) zone(b []byte, off, colons int, negZero bool) []byte {
	neg := off < 0 || off == 0 && negZero
	if off < 0 {
		off = -off
	}
	h, m, sec := off/3600, off/60%60, off%60
	if colons == 3 {
		switch {
		case sec != 0:
			colons = 2
		case m != 0:
			colons = 1
		default:
			return s.digits(b, 3, neg, uint64(h), 0, numSign)
		}
	}
	switch colons {
	case 1:
		return s.digits(b, 6, neg, uint64(h*100+m), 0o4, numSign)
	case 2:
		return s.digits(b, 9, neg, uint64(h*10000+m*100+sec), 0o24, numSign)
	}
	return s.digits(b, 5, neg, uint64(h*100+m), 0, numSign)
}

// nanos appends %N: nine digits, or as many as the width asks (cut or
// padded with zeros on the right); the '-' and '_' flags drop trailing
// zeros, '_' padding the field with spaces instead.
func (s *strfSpec) nanos(b []byte, ns int) []byte {
	digits := strconv.Itoa(ns)
	digits = strings.Repeat("0", 9-len(digits)) + digits
	width := s.width
	if width <= 0 {
		if s.pad != '_' {
			return append(b, digits...)
		}
		width = 9
	}
	if width < 9 {
		digits = digits[:width]
	}
	if s.pad == '-' || s.pad == '_' {
		digits = strings.TrimRight(digits, "0")
		if digits == "" {
			digits = "0"
		}
	}
	b = append(b, digits...)
	if n := width - len(digits); n > 0 && s.pad != '-' {
		ch := "0"
		if s.pad == '_' {
			ch = " "
		}
		b = append(b, strings.Repeat(ch, n)...)
	}
	return b
}

func absU(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}
