package transcript

import (
	"regexp"
	"strconv"
	"strings"
)

// The annotations cram understands at the end of an expected line.
const (
	annRe    = " (re)\n"
	annGlob  = " (glob)\n"
	annEsc   = " (esc)\n"
	annNoEOL = " (no-eol)"
)

// lineMatches reports whether the expected line el (as written in the file,
// ending in "\n") stands for the actual line l through an annotation. Plain
// equality is the caller's business.
func lineMatches(el, l string) bool { return newMatcher()(el, l) }

// newMatcher returns lineMatches with a cache of compiled patterns: the
// diff algorithm asks about the same lines many times.
func newMatcher() func(el, l string) bool {
	cache := map[string]*regexp.Regexp{}
	full := func(pat, s string) bool {
		re, ok := cache[pat]
		if !ok {
			re = compileFull(pat)
			cache[pat] = re
		}
		return re != nil && re.MatchString(s)
	}
	return func(el, l string) bool {
		if matchEsc(el, l) {
			return true
		}
		if pat, ok := strings.CutSuffix(el, annGlob); ok {
			return full(globToRegexp(pat), strings.TrimSuffix(l, "\n"))
		}
		if pat, ok := strings.CutSuffix(el, annRe); ok {
			return full(pat, strings.TrimSuffix(l, "\n"))
		}
		return false
	}
}

// compileFull compiles a pattern that must match a whole line (cram uses
// Python's re, whose common syntax RE2 shares). An invalid pattern gives
// nil, which matches nothing.
func compileFull(pat string) *regexp.Regexp {
	re, err := regexp.Compile(`\A(?:` + pat + `)\z`)
	if err != nil {
		return nil
	}
	return re
}

// globToRegexp translates cram's glob: * and ? are wildcards, a backslash
// escapes *, ? and itself, everything else is literal.
func globToRegexp(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case c == '\\' && i+1 < len(g) && strings.IndexByte(`*?\`, g[i+1]) >= 0:
			b.WriteByte('\\')
			b.WriteByte(g[i+1])
			i++
		case c == '*':
			b.WriteString(".*")
		case c == '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		}
	}
	return b.String()
}

func matchEsc(el, l string) bool {
	if s, ok := strings.CutSuffix(el, annEsc); ok {
		d, ok := unescape(s)
		if !ok {
			return false
		}
		el = d + "\n"
	}
	if el == l {
		return true
	}
	if s, ok := strings.CutSuffix(l, annEsc); ok {
		d, ok := unescape(s)
		if !ok {
			return false
		}
		l = d + "\n"
	}
	return el == l
}

// needsEscape reports whether an output line (ending in "\n") has bytes
// that cram writes escaped: control characters other than newline, DEL and
// everything above ASCII.
func needsEscape(s string) bool {
	for i := 0; i < len(s)-1; i++ {
		if c := s[i]; c < 0x20 && c != '\n' || c >= 0x7f {
			return true
		}
	}
	return false
}

// escapeLine turns an output line (ending in "\n") into cram's escaped form
// ending in " (esc)\n".
func escapeLine(s string) string {
	s = strings.TrimSuffix(s, "\n")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 && c != '\n' || c >= 0x7f:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(c)>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(c)&15, 16))
		default:
			b.WriteByte(c)
		}
	}
	return b.String() + annEsc
}

// unescape decodes Python's string-escape syntax (codecs.escape_decode):
// \\ \' \" \a \b \f \n \r \t \v, \xHH, octal \OOO, backslash-newline; an
// unknown escape stays as written. ok is false for a malformed \x.
func unescape(s string) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			if c == '\\' {
				return "", false // Python: "\\ at end of string"
			}
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case '\n':
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case 'x':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", false
			}
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(v))
			i += 2
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(e - '0')
			for n := 0; n < 2 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7'; n++ {
				i++
				v = v*8 + int(s[i]-'0')
			}
			b.WriteByte(byte(v))
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
