package coreutils

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudate"
)

func printfCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "printf",
		Summary: "format and print data",
		Usage: `Usage: printf FORMAT [ARGUMENT]...
Prints ARGUMENTs under the control of FORMAT, like bash's printf: the format
is reused while arguments remain; missing arguments count as "" or 0.
Conversions: %d %i %o %u %x %X (integers: decimal, 0x hex, 0 octal, 'c for a
character's code), %f %F %e %E %g %G %a %A (floating point), %c, %s,
%b (the argument with backslash escapes expanded; \c stops all output),
%q (the argument quoted for the shell), %(FORMAT)T (strftime of an epoch
second argument; -1 or none is now), %%. Flags - + space # 0, width and
precision (also as *). Escapes in FORMAT: \\ \a \b \e \f \n \r \t \v \" \'
\NNN \xHH \uHHHH \UHHHHHHHH.
In the shell, printf -v VAR FORMAT... assigns the output to VAR.
`,
		Run: runPrintf,
	}
}

func runPrintf(c *builtins.Call) int {
	args := c.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		c.Fail("usage: printf FORMAT [ARGUMENT]...")
		return 2
	}
	p := &printer{c: c, format: args[0], args: args[1:]}
	p.run()
	if p.oom {
		return c.OutOfMemory()
	}
	return p.status
}

// printer formats one printf invocation.
type printer struct {
	c      *builtins.Call
	out    strings.Builder
	format string
	args   []string
	used   bool // an argument was consumed by this pass over the format
	status int
	stop   bool // \c in a %b argument
	// oom says the output would not fit in the command's memory limit
	// (a width of 20000000000, a format repeated for many arguments):
	// nothing is printed.
	oom bool
}

func (p *printer) run() {
	for {
		p.used = false
		p.pass(&p.out)
		if p.oom {
			return
		}
		if p.stop || len(p.args) == 0 || !p.used {
			break
		}
	}
	io.WriteString(p.c.Stdout, p.out.String())
}

// fits checks that n more bytes of output fit in the memory limit.
func (p *printer) fits(n int64) bool {
	if !p.c.Fits(int64(p.out.Len()) + n) {
		p.oom, p.stop = true, true
	}
	return !p.oom
}

// fail reports an error after the output made so far, and makes the
// status 1.
func (p *printer) fail(format string, args ...any) {
	io.WriteString(p.c.Stdout, p.out.String())
	p.out.Reset()
	p.c.Fail(format, args...)
	p.status = 1
}

// next takes the next argument, or "" when none are left.
func (p *printer) next() (string, bool) {
	if len(p.args) == 0 {
		return "", false
	}
	a := p.args[0]
	p.args = p.args[1:]
	p.used = true
	return a, true
}

// pass formats the whole format string once.
func (p *printer) pass(b *strings.Builder) {
	f := p.format
	for i := 0; i < len(f) && !p.stop && p.fits(0); {
		switch ch := f[i]; ch {
		case '\\':
			s, n, _ := unescapeC(f[i:], escFormat)
			b.WriteString(s)
			i += n
		case '%':
			n := p.directive(b, f[i+1:])
			i += 1 + n
		default:
			j := strings.IndexAny(f[i:], `\%`)
			if j < 0 {
				j = len(f) - i
			}
			b.WriteString(f[i : i+j])
			i += j
		}
	}
}

// directive formats one conversion (the text after '%') and returns how
// many bytes of the format it used.
func (p *printer) directive(b *strings.Builder, f string) int {
	if f == "" {
		b.WriteByte('%')
		return 0
	}
	if f[0] == '%' {
		b.WriteByte('%')
		return 1
	}
	i := 0
	flags := ""
	for i < len(f) && strings.IndexByte("-+ #0'", f[i]) >= 0 {
		if f[i] != '\'' {
			flags += f[i : i+1]
		}
		i++
	}
	width, prec := "", ""
	number := func() string {
		if i < len(f) && f[i] == '*' {
			i++
			a, _ := p.next()
			n, _ := strconv.Atoi(strings.TrimSpace(a))
			return strconv.Itoa(n)
		}
		start := i
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
		return f[start:i]
	}
	width = number()
	if strings.HasPrefix(width, "-") {
		flags, width = flags+"-", width[1:]
	}
	hasPrec := false
	if i < len(f) && f[i] == '.' {
		i++
		hasPrec = true
		prec = number()
		if strings.HasPrefix(prec, "-") {
			hasPrec, prec = false, ""
		}
	}
	for i < len(f) && strings.IndexByte("hjlLtz", f[i]) >= 0 && i+1 < len(f) {
		i++ // length modifiers mean nothing here
	}
	for _, n := range []string{width, prec} {
		if v, err := strconv.ParseInt(n, 10, 64); (err != nil && n != "" || !p.fits(v)) && !p.oom {
			p.fits(math.MaxInt64) // too large to be a number
		}
	}
	if p.oom {
		return len(f)
	}
	if i >= len(f) {
		p.fail("%%%s: missing format character", f)
		return len(f)
	}
	verb := f[i]
	i++
	spec := "%" + flags + width
	if hasPrec {
		spec += "." + prec
		if prec == "" {
			spec += "0"
		}
	}
	switch verb {
	case 'd', 'i', 'o', 'u', 'x', 'X':
		a, _ := p.next()
		n, unsigned := p.integer(a, verb == 'u' || verb == 'o' || verb == 'x' || verb == 'X')
		v := map[byte]string{'d': "d", 'i': "d", 'u': "d", 'o': "o", 'x': "x", 'X': "X"}[verb]
		if n == 0 && (verb == 'x' || verb == 'X') {
			// C gives 0 no 0x prefix
			spec = strings.Replace(spec, "#", "", 1)
		}
		if unsigned {
			fmt.Fprintf(b, spec+v, uint64(n))
		} else {
			fmt.Fprintf(b, spec+v, n)
		}
	case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
		a, _ := p.next()
		sp, _, _ := parseCSpec(spec[1:] + string(verb))
		b.WriteString(sp.format(p.float(a)))
	case 'c':
		a, _ := p.next()
		if a != "" {
			a = a[:1]
		}
		fmt.Fprintf(b, spec+"s", a)
	case 's':
		a, _ := p.next()
		b.WriteString(padC(a, flags, width, prec, hasPrec))
	case 'b':
		a, _ := p.next()
		s, _, stop := unescapeC(a, escArg)
		b.WriteString(padC(s, flags, width, prec, hasPrec))
		p.stop = stop
	case 'q':
		a, _ := p.next()
		b.WriteString(padC(bashQuoteIn(a, utf8Locale(p.c)), flags, width, "", false))
	case '(':
		end := strings.Index(f[i:], ")T")
		if end < 0 {
			p.fail("`(': invalid format character")
			return len(f)
		}
		layout := f[i : i+end]
		i += end + 2
		a, _ := p.next()
		t := p.c.Clock.Now()
		if a = strings.TrimSpace(a); a != "" && a != "-1" && a != "-2" {
			n, _ := p.integer(a, false)
			t = time.Unix(n, 0)
		}
		tz, set := p.c.LookupEnv("TZ")
		b.WriteString(padC(gnudate.Format(layout, t.In(gnudate.Zone(tz, set))), flags, width, prec, hasPrec))
	default:
		p.fail("`%c': invalid format character", verb)
		p.stop = true
	}
	return i
}

// padC pads (and, with a precision, truncates) s like C's %s, in bytes.
func padC(s, flags, width, prec string, hasPrec bool) string {
	if hasPrec {
		n, _ := strconv.Atoi(prec)
		if n < len(s) {
			s = s[:n]
		}
	}
	w, _ := strconv.Atoi(width)
	if pad := w - len(s); pad > 0 {
		if strings.Contains(flags, "-") {
			return s + strings.Repeat(" ", pad)
		}
		return strings.Repeat(" ", pad) + s
	}
	return s
}

// integer reads a printf integer argument as C's strtoimax (strtoumax
// when unsigned) does: leading blanks, a sign, decimal, 0x hex, 0 octal,
// or 'c (or "c) for a character's code. Anything after the number (a
// trailing blank too) is reported as an invalid number; a number out of
// range is clamped with a warning, and does not fail.
func (p *printer) integer(a string, unsigned bool) (int64, bool) {
	s := strings.TrimLeft(a, " \t\n\r\v\f")
	if s == "" {
		return 0, unsigned
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) == 1 {
			return 0, unsigned
		}
		r, _ := utf8.DecodeRuneInString(s[1:])
		return int64(r), unsigned
	}
	neg := false
	body := s
	if body[0] == '-' || body[0] == '+' {
		neg = body[0] == '-'
		body = body[1:]
	}
	base := 10
	switch {
	case strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X"):
		base, body = 16, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, body = 8, body[1:]
	}
	end := 0
	for end < len(body) && digitValue(body[end]) < base {
		end++
	}
	u, err := strconv.ParseUint(body[:end], base, 64)
	overflow := err != nil && end > 0
	if end != len(body) || end == 0 {
		p.fail("%s: invalid number", a)
	}
	var n int64
	switch {
	case unsigned && overflow:
		n = -1 // UINTMAX_MAX
	case unsigned && neg:
		n = -int64(u)
	case unsigned:
		n = int64(u)
	case neg && (overflow || u > 1<<63):
		n, overflow = math.MinInt64, true
	case neg:
		n = -int64(u)
	case overflow || u > math.MaxInt64:
		n, overflow = math.MaxInt64, true
	default:
		n = int64(u)
	}
	if overflow {
		io.WriteString(p.c.Stdout, p.out.String())
		p.out.Reset()
		p.c.Fail("warning: %s: Numerical result out of range", a)
	}
	return n, unsigned
}

func digitValue(ch byte) int {
	switch {
	case ch >= '0' && ch <= '9':
		return int(ch - '0')
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 10
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 10
	}
	return 99
}

// float reads a floating-point argument (also 'c and hex forms).
func (p *printer) float(a string) float64 {
	s := strings.TrimSpace(a)
	if s == "" {
		return 0
	}
	if s[0] == '\'' || s[0] == '"' {
		n, _ := p.integer(s, false)
		return float64(n)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if n, ok := parseCFloatPrefix(s); ok {
			p.fail("%s: invalid number", a)
			return n
		}
		p.fail("%s: invalid number", a)
		return 0
	}
	return v
}

// parseCFloatPrefix reads the longest leading number of s, like strtod.
func parseCFloatPrefix(s string) (float64, bool) {
	for end := len(s); end > 0; end-- {
		if v, err := strconv.ParseFloat(s[:end], 64); err == nil {
			return v, true
		}
	}
	return 0, false
}

// escMode says where backslash escapes are being expanded.
type escMode int

const (
	escFormat escMode = iota // a printf format: one escape at a time
	escArg                   // printf %b: the whole argument, \c stops
	escEcho                  // echo -e: like %b, but octal needs a leading 0
)

// unescapeC expands one backslash escape at the start of s (escFormat) or
// every escape in s, and returns the text, the bytes used, and whether a \c
// asked to stop all output.
func unescapeC(s string, mode escMode) (string, int, bool) {
	all := mode != escFormat
	var b strings.Builder
	i := 0
	for i < len(s) {
		if s[i] != '\\' || i+1 >= len(s) {
			if !all {
				return s[:1], 1, false
			}
			b.WriteByte(s[i])
			i++
			continue
		}
		ch := s[i+1]
		n := 2
		if c, ok := cControl(ch); ok {
			b.WriteByte(c)
			i += n
			if !all {
				return b.String(), i, false
			}
			continue
		}
		switch ch {
		case 'e', 'E':
			b.WriteByte(0x1b)
		case '\\':
			b.WriteByte('\\')
		case '"', '\'', '?':
			if all && ch == '?' {
				b.WriteString(s[i : i+2])
			} else {
				b.WriteByte(ch)
			}
		case 'c':
			if all {
				return b.String(), i + 2, true
			}
			b.WriteString(`\c`)
		case 'x':
			v, k := hexDigits(s[i+2:], 2)
			if k == 0 {
				b.WriteString(`\x`)
			} else {
				b.WriteByte(byte(v))
				n += k
			}
		case 'u', 'U':
			max := 4
			if ch == 'U' {
				max = 8
			}
			v, k := hexDigits(s[i+2:], max)
			if k == 0 {
				b.WriteString(s[i : i+2])
			} else {
				b.WriteRune(rune(v))
				n += k
			}
		default:
			start := i + 1
			if all && ch == '0' {
				start = i + 2 // %b takes \0NNN
			}
			if mode == escEcho && ch != '0' {
				b.WriteString(s[i : i+2]) // echo -e: \NNN needs the 0
			} else if start < len(s) && s[start] >= '0' && s[start] <= '7' {
				v, last, _ := cEscape(s, start)
				b.WriteByte(v)
				n = last + 1 - i
			} else if all && ch == '0' {
				b.WriteByte(0)
			} else {
				b.WriteString(s[i : i+2])
			}
		}
		i += n
		if !all {
			return b.String(), i, false
		}
	}
	return b.String(), i, false
}

func hexDigits(s string, max int) (int, int) {
	v, k := 0, 0
	for k < max && k < len(s) && digitValue(s[k]) < 16 {
		v = v*16 + digitValue(s[k])
		k++
	}
	return v, k
}

// bashQuote quotes s for reuse as shell input, as bash's printf %q does.
func bashQuote(s string) string { return bashQuoteIn(s, false) }

// utf8Locale reports whether the command's locale (LC_ALL, LC_CTYPE,
// LANG, the first set) is UTF-8; moonix's default is the C locale.
func utf8Locale(c *builtins.Call) bool {
	for _, name := range [...]string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v, _ := c.LookupEnv(name); v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return false
}

// bashQuoteIn is bashQuote in a locale: in UTF-8, printable characters
// beyond ASCII stay as they are, and only bytes that are not UTF-8 are
// written in octal.
func bashQuoteIn(s string, inUTF8 bool) string {
	if s == "" {
		return "''"
	}
	special := false
	for i := 0; i < len(s); {
		if inUTF8 && s[i] >= 0x80 {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError || !unicode.IsPrint(r) {
				special = true
				break
			}
			i += size
			continue
		}
		if s[i] < 0x20 || s[i] >= 0x7f {
			special = true
			break
		}
		i++
	}
	var b strings.Builder
	if special {
		b.WriteString("$'")
		for i := 0; i < len(s); i++ {
			ch := s[i]
			if inUTF8 && ch >= 0x80 {
				if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError && unicode.IsPrint(r) {
					b.WriteString(s[i : i+size])
					i += size - 1
					continue
				}
			}
			letter, control := cLetter(ch)
			switch {
			case control:
				b.WriteByte('\\')
				b.WriteByte(letter)
			case ch == 0x1b:
				b.WriteString(`\E`)
			case ch == '\'' || ch == '\\':
				b.WriteByte('\\')
				b.WriteByte(ch)
			case ch < 0x20 || ch >= 0x7f:
				fmt.Fprintf(&b, `\%03o`, ch)
			default:
				b.WriteByte(ch)
			}
		}
		b.WriteByte('\'')
		return b.String()
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if strings.IndexByte(" \t!\"#$&'()*,;<=>?[\\]^`{|}~", ch) >= 0 || ch == '~' && i == 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(ch)
	}
	return b.String()
}
