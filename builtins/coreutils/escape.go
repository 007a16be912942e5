package coreutils

// cControl maps the letter of a C control escape (\a \b \f \n \r \t \v) to
// its byte.
func cControl(letter byte) (byte, bool) {
	switch letter {
	case 'a':
		return '\a', true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	}
	return 0, false
}

// cLetter is cControl backwards: the letter that escapes the control byte
// b (\a \b \f \n \r \t \v).
func cLetter(b byte) (byte, bool) {
	for _, letter := range []byte("abfnrtv") {
		if c, _ := cControl(letter); c == b {
			return letter, true
		}
	}
	return 0, false
}

// cEscape decodes the escape whose first byte after the backslash is s[i]:
// a control letter or one to three octal digits (taken modulo 256, as GNU's
// printf-like formats do). It returns the byte and the index of the
// escape's last byte; ok is false when s[i] starts no such escape.
func cEscape(s string, i int) (b byte, last int, ok bool) {
	if b, ok := cControl(s[i]); ok {
		return b, i, true
	}
	if s[i] < '0' || s[i] > '7' {
		return 0, i, false
	}
	v, n := int(s[i]-'0'), 1
	for n < 3 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7' {
		i++
		v = v*8 + int(s[i]-'0')
		n++
	}
	return byte(v), i, true
}
