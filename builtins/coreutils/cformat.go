package coreutils

// C's printf conversions of floating-point values (%f %e %g %a), for
// printf, seq and od, which must print numbers as GNU's C code does.

import (
	"math"
	"strconv"
	"strings"
)

// cSpec is one parsed C printf conversion for a floating-point value:
// %[flags][width][.prec]verb with verb one of f F e E g G a A.
type cSpec struct {
	minus, plus, space, alt, zero bool
	width                         int
	prec                          int // -1 when absent
	verb                          byte
}

// parseCSpec parses a conversion starting just after '%'. It returns the
// spec and the number of bytes consumed, or ok false.
func parseCSpec(s string) (sp cSpec, n int, ok bool) {
	sp.prec = -1
	i := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '-':
			sp.minus = true
		case '+':
			sp.plus = true
		case ' ':
			sp.space = true
		case '#':
			sp.alt = true
		case '0':
			sp.zero = true
		case '\'':
		default:
			goto width
		}
	}
width:
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		sp.width = sp.width*10 + int(s[i]-'0')
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		sp.prec = 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			sp.prec = sp.prec*10 + int(s[i]-'0')
			i++
		}
	}
	// length modifiers as seq accepts them (%Lg)
	for i < len(s) && (s[i] == 'L' || s[i] == 'l' || s[i] == 'h') {
		i++
	}
	if i >= len(s) {
		return sp, i, false
	}
	switch s[i] {
	case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
		sp.verb = s[i]
		return sp, i + 1, true
	}
	sp.verb = s[i]
	return sp, i + 1, false
}

// format renders v as C's printf would.
func (sp cSpec) format(v float64) string {
	var body string
	neg := math.Signbit(v)
	a := math.Abs(v)
	upper := sp.verb == 'F' || sp.verb == 'E' || sp.verb == 'G' || sp.verb == 'A'
	prec := sp.prec
	switch {
	case math.IsInf(a, 0):
		body = "inf"
	case math.IsNaN(a):
		body = "nan"
	default:
		switch sp.verb {
		case 'f', 'F':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(a, 'f', prec, 64)
			if sp.alt && prec == 0 {
				body += "."
			}
		case 'e', 'E':
			if prec < 0 {
				prec = 6
			}
			body = cExp(a, prec, sp.alt)
		case 'g', 'G':
			body = cG(a, prec, sp.alt)
		case 'a', 'A':
			body = strconv.FormatFloat(a, 'x', prec, 64)
			body = strings.Replace(body, "p+0", "p+", 1)
			body = strings.Replace(body, "p-0", "p-", 1)
		}
	}
	if upper {
		body = strings.ToUpper(body)
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.plus:
		sign = "+"
	case sp.space:
		sign = " "
	}
	pad := sp.width - len(sign) - len(body)
	if pad <= 0 {
		return sign + body
	}
	switch {
	case sp.minus:
		return sign + body + strings.Repeat(" ", pad)
	case sp.zero && !math.IsInf(a, 0) && !math.IsNaN(a):
		return sign + strings.Repeat("0", pad) + body
	}
	return strings.Repeat(" ", pad) + sign + body
}

// cExp is %.{prec}e for a non-negative finite a.
func cExp(a float64, prec int, alt bool) string {
	s := strconv.FormatFloat(a, 'e', prec, 64)
	if alt && prec == 0 {
		i := strings.IndexByte(s, 'e')
		s = s[:i] + "." + s[i:]
	}
	return s
}

// cG is %.{prec}g for a non-negative finite a.
func cG(a float64, prec int, alt bool) string {
	if prec < 0 {
		prec = 6
	}
	if prec == 0 {
		prec = 1
	}
	// The exponent X is the one %e with precision P-1 would give.
	e := strconv.FormatFloat(a, 'e', prec-1, 64)
	x, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	var s string
	if prec > x && x >= -4 {
		s = strconv.FormatFloat(a, 'f', prec-1-x, 64)
	} else {
		s = e
	}
	if alt {
		if !strings.Contains(s, ".") {
			if i := strings.IndexByte(s, 'e'); i >= 0 {
				s = s[:i] + "." + s[i:]
			} else {
				s += "."
			}
		}
		return s
	}
	// drop trailing zeros of the fraction
	mant, exp := s, ""
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		mant, exp = s[:i], s[i:]
	}
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(mant, "0")
		mant = strings.TrimSuffix(mant, ".")
	}
	return mant + exp
}
