package builtins

import (
	"fmt"
	"strings"
)

// How GNU tools quote a name in a message, in the C locale: Quote for
// "cannot remove 'x'" (gnulib's quote, shell-escape-always style),
// QuoteName for "cat: x: reason" (quotef: only when the name needs it).
// Both write names a shell would read back as the same bytes: 'a b',
// "it's", and $'\n' for control bytes and bytes past ASCII.

// Quote quotes s as GNU coreutils' quote() does under LC_ALL=C:
// 'a b', "it's", 'a'$'\n”b'.
func Quote(s string) string {
	if !strings.Contains(s, "'") {
		out, _ := quotePass(s, false)
		return out
	}
	compat := true
	for i := 0; i < len(s) && compat; i++ {
		compat = doubleQuoteCompat(s[i])
	}
	if compat {
		return `"` + s + `"`
	}
	// gnulib scans a name holding a quote once to see whether double
	// quotes would do, then quotes it in a second pass that starts in
	// the state the first ended in: a name that ends in an escape gets
	// an extra '' in front ('''it'\''s'$'\n'). People compare these
	// texts byte for byte, so the second pass is kept as it is.
	_, pending := quotePass(s, false)
	out, _ := quotePass(s, pending)
	return out
}

// QuoteName quotes s only when a shell would need it, as GNU's quotef
// does for "cmd: name: reason" messages (a colon needs it too there).
func QuoteName(s string) string {
	if s == "" {
		return "''"
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch < 0x20 || ch >= 0x7f:
			return Quote(s)
		case strings.IndexByte(" !\"$&'()*:;<=>?[\\^`|", ch) >= 0:
			return Quote(s)
		case (ch == '#' || ch == '~') && i == 0:
			return Quote(s)
		case (ch == '{' || ch == '}') && len(s) == 1:
			return Quote(s)
		}
	}
	return s
}

// quotePass is one pass of the single-quote style: pending says whether
// a $'...' is open and must be closed (”) before a plain byte.
func quotePass(s string, pending bool) (string, bool) {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\'':
			b.WriteString(`'\''`)
			pending = false
		case ch < 0x20 || ch >= 0x7f:
			if !pending {
				b.WriteString(`'$'`)
				pending = true
			}
			if letter := controlLetter(ch); letter != 0 {
				b.WriteByte('\\')
				b.WriteByte(letter)
			} else {
				fmt.Fprintf(&b, `\%03o`, ch)
			}
		default:
			if pending {
				b.WriteString("''")
				pending = false
			}
			b.WriteByte(ch)
		}
	}
	b.WriteByte('\'')
	return b.String(), pending
}

// doubleQuoteCompat reports whether ch means the same inside double
// quotes and single quotes (GNU then quotes "it's" rather than 'it'\”s').
func doubleQuoteCompat(ch byte) bool {
	return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' ||
		strings.IndexByte(" %+,-./:@]_'", ch) >= 0
}

// controlLetter is the letter of C's escape for a control byte (\n), or 0.
func controlLetter(ch byte) byte {
	if i := strings.IndexByte("\a\b\f\n\r\t\v", ch); i >= 0 {
		return "abfnrtv"[i]
	}
	return 0
}
