package engine

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// quoteValue quotes s as bash's ${x@Q} and trap -p do: 'single quotes',
// or $'...' when s holds characters that cannot be shown as they are.
func quoteValue(s string) string {
	if needsDollarQuote(s) {
		return dollarQuote(s)
	}
	return singleQuote(s)
}

// singleQuote quotes s in single quotes, whatever it holds (trap -p).
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func needsDollarQuote(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || r < 0x20 || r == 0x7f || r >= 0x80 && !unicode.IsPrint(r) {
			return true
		}
	}
	return !utf8.ValidString(s)
}

// dollarQuote writes s as $'...' with C escapes.
func dollarQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(octal(s[i]))
			i++
			continue
		}
		i += size
		if r < 0x80 && cNames[r] != 0 {
			b.WriteByte('\\')
			b.WriteByte(cNames[r])
			continue
		}
		switch {
		default:
			if r < 0x20 || r == 0x7f || r >= 0x80 && !unicode.IsPrint(r) {
				var buf [4]byte
				n := utf8.EncodeRune(buf[:], r)
				for _, c := range buf[:n] {
					b.WriteString(octal(c))
				}
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// cNames are the C escapes of $'...' by character; cCodes the other
// way round.
var (
	cNames = [128]byte{'\'': '\'', '\\': '\\', '\a': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v', 0x1b: 'E'}
	cCodes = [128]byte{'a': '\a', 'b': '\b', 'e': 0x1b, 'E': 0x1b, 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\'}
)

func octal(c byte) string {
	s := strconv.FormatInt(int64(c), 8)
	return `\` + strings.Repeat("0", 3-len(s)) + s
}

// dquote quotes s in double quotes as declare -p prints values.
func dquote(s string) string {
	if needsDollarQuote(s) {
		return dollarQuote(s)
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\', '$', '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// xtraceQuote quotes a word for set -x output: bare when it needs no
// quoting, as bash prints it.
func xtraceQuote(s string) string {
	switch s {
	case "":
		return "''"
	case "'":
		return `\'`
	}
	if needsDollarQuote(s) {
		return dollarQuote(s)
	}
	special := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\'', '"', '\\', '$', '`', '*', '?', '[', ']', '{', '}',
			'!', '^', ';', '&', '|', '<', '>', '(', ')':
			special = true
		case '#', '~':
			if i == 0 {
				special = true
			}
		}
	}
	if !special {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ansiC expands the backslash escapes of $'...' (and ${x@E}): a shell
// string ends at a NUL byte, as bash's C strings do.
func ansiC(s string) string {
	out, _ := cEscapes(s, false)
	if i := strings.IndexByte(out, 0); i >= 0 {
		out = out[:i]
	}
	return out
}

// cEscapes expands C escapes; for echo (echoMode) \c stops the output
// (stop reported) and octal escapes are \0NNN.
func cEscapes(s string, echoMode bool) (string, bool) {
	if !strings.ContainsRune(s, '\\') {
		return s, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if !escapeAt(&b, s, i) {
			continue
		}
		i++
		if e := s[i]; e < 0x80 && cCodes[e] != 0 {
			b.WriteByte(cCodes[e])
			continue
		}
		switch e := s[i]; e {
		case '\'', '"', '?':
			if echoMode {
				b.WriteByte('\\')
			}
			b.WriteByte(e)
		case 'c':
			if echoMode {
				return b.String(), true
			}
			// \cX: a control character
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			} else {
				b.WriteString(`\c`)
			}
		case 'x':
			n, k := hexDigits(s[i+1:], 2)
			if k == 0 {
				b.WriteString(`\x`)
				continue
			}
			b.WriteByte(byte(n))
			i += k
		case 'u', 'U':
			max := 4
			if e == 'U' {
				max = 8
			}
			n, k := hexDigits(s[i+1:], max)
			if k == 0 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			b.WriteRune(rune(n))
			i += k
		case '0', '1', '2', '3', '4', '5', '6', '7':
			start := i
			max := 3
			if echoMode {
				if e != '0' {
					b.WriteByte('\\')
					b.WriteByte(e)
					continue
				}
				start = i + 1
				max = 3
			}
			n, k := 0, 0
			for j := start; j < len(s) && k < max && s[j] >= '0' && s[j] <= '7'; j++ {
				n = n*8 + int(s[j]-'0')
				k++
			}
			b.WriteByte(byte(n))
			i = start + k - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), false
}

// escapeAt reports whether s[i] starts a backslash escape; when it does
// not, it copies the character to b.
func escapeAt(b *strings.Builder, s string, i int) bool {
	if s[i] != '\\' || i+1 == len(s) {
		b.WriteByte(s[i])
		return false
	}
	return true
}

func hexDigits(s string, max int) (int, int) {
	n, k := 0, 0
	for k < len(s) && k < max {
		c := s[k]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return n, k
		}
		n = n*16 + d
		k++
	}
	return n, k
}

// promptExpand expands the backslash escapes of a prompt (${x@P}).
func (p *proc) promptExpand(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if !escapeAt(&b, s, i) {
			continue
		}
		i++
		switch s[i] {
		case 'u':
			v, _ := p.getStr("USER")
			b.WriteString(v)
		case 'h', 'H':
			v, _ := p.getStr("HOSTNAME")
			if s[i] == 'h' {
				v, _, _ = strings.Cut(v, ".")
			}
			b.WriteString(v)
		case 'w', 'W':
			dir := p.dir
			if home, ok := p.getStr("HOME"); ok && home != "" && (dir == home || strings.HasPrefix(dir, home+"/")) {
				dir = "~" + dir[len(home):]
			}
			if s[i] == 'W' && dir != "/" {
				if j := strings.LastIndexByte(dir, '/'); j >= 0 {
					dir = dir[j+1:]
				}
			}
			b.WriteString(dir)
		case 's':
			b.WriteString("bash")
		case 'v':
			b.WriteString("5.2")
		case 'V':
			b.WriteString("5.2.15")
		case '$':
			b.WriteByte('$')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'e':
			b.WriteByte(0x1b)
		case '\\':
			b.WriteByte('\\')
		case '[', ']':
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	out := b.String()
	if strings.ContainsAny(out, "$`") {
		if v, ok := p.expandText(out); ok {
			return v
		}
	}
	return out
}

// expandText expands text as the inside of double quotes (PS4, @P).
func (p *proc) expandText(s string) (string, bool) {
	if !strings.ContainsAny(s, "$`\\") {
		return s, true
	}
	w, err := p.sh.parseWord(s)
	if err != nil {
		return s, false
	}
	e := p.newExpander(mString)
	e.quoted = true
	for _, part := range w.Parts {
		e.part(part)
	}
	return string(e.cur), !e.err
}
