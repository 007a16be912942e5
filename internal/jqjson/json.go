package jqjson

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Decoder reads a stream of JSON texts, keeping positions for messages.
type Decoder struct {
	r     *bufio.Reader
	line  int // lines consumed so far
	col   int // bytes consumed on the current line
	order *Order
	depth int
}

func NewDecoder(r io.Reader, order *Order) *Decoder {
	return &Decoder{r: bufio.NewReaderSize(r, 64*1024), order: order}
}

// Line is the number of lines read so far, as jq counts them in its
// messages.
func (d *Decoder) Line() int { return d.line }

// ParseError is a malformed input, worded as jq words it.
type ParseError struct{ msg string }

func (e *ParseError) Error() string { return e.msg }

func (d *Decoder) fail(format string, args ...any) error {
	return &ParseError{fmt.Sprintf(format, args...) + fmt.Sprintf(" at line %d, column %d", d.line+1, d.col)}
}

func (d *Decoder) read() (byte, error) {
	b, err := d.r.ReadByte()
	if err != nil {
		return 0, err
	}
	if b == '\n' {
		d.line++
		d.col = 0
	} else {
		d.col++
	}
	return b, nil
}

func (d *Decoder) unread(b byte) {
	d.r.UnreadByte()
	if b == '\n' {
		d.line--
	} else {
		d.col--
	}
}

func (d *Decoder) skipSpace() (byte, error) {
	for {
		b, err := d.read()
		if err != nil {
			return 0, err
		}
		switch b {
		case ' ', '\t', '\n', '\r', 0xEF, 0xBB, 0xBF: // a BOM is skipped too
			continue
		}
		return b, nil
	}
}

// Next returns the next value, or io.EOF when the stream ends cleanly.
func (d *Decoder) Next() (any, error) {
	b, err := d.skipSpace()
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, err
	}
	v, err := d.value(b)
	if err != nil {
		return nil, err
	}
	// A scalar must be followed by a separator, like jq's parser wants.
	if nb, err := d.r.Peek(1); err == nil {
		c := nb[0]
		if isScalarEnd(v) && !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '[' || c == '{' || c == '"') {
			d.read()
			return nil, d.fail("Invalid numeric literal")
		}
	}
	return v, nil
}

func isScalarEnd(v any) bool {
	switch v.(type) {
	case map[string]any, []any, string:
		return false
	}
	return true
}

func (d *Decoder) eofErr(err error) error {
	if err == io.EOF {
		return d.fail("Unfinished JSON term at EOF")
	}
	return err
}

func (d *Decoder) value(b byte) (any, error) {
	switch {
	case b == '{':
		return d.object()
	case b == '[':
		return d.array()
	case b == '"':
		return d.str()
	case b == '-' || b >= '0' && b <= '9':
		return d.number(b)
	case b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z':
		word := []byte{b}
		for {
			c, err := d.read()
			if err != nil {
				break
			}
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				d.unread(c)
				break
			}
			word = append(word, c)
		}
		switch string(word) {
		case "null":
			return nil, nil
		case "true":
			return true, nil
		case "false":
			return false, nil
		case "nan", "NaN":
			return math.NaN(), nil
		}
		return nil, d.fail("Invalid literal")
	case b == ']' || b == '}':
		return nil, d.fail("Unmatched '%c'", b)
	}
	return nil, d.fail("Invalid literal")
}

func (d *Decoder) object() (any, error) {
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > 10000 {
		return nil, d.fail("Exceeds depth limit for parsing")
	}
	m := map[string]any{}
	var keys []string
	b, err := d.skipSpace()
	if err != nil {
		return nil, d.eofErr(err)
	}
	if b == '}' {
		d.order.remember(m, keys, inputEntry)
		return m, nil
	}
	for {
		if b != '"' {
			return nil, d.fail("Object keys must be strings")
		}
		k, err := d.str()
		if err != nil {
			return nil, err
		}
		if b, err = d.skipSpace(); err != nil {
			return nil, d.eofErr(err)
		}
		if b != ':' {
			return nil, d.fail("Objects must consist of key:value pairs")
		}
		if b, err = d.skipSpace(); err != nil {
			return nil, d.eofErr(err)
		}
		v, err := d.value(b)
		if err != nil {
			return nil, d.eofErr(err)
		}
		if _, dup := m[k.(string)]; !dup {
			keys = append(keys, k.(string))
		}
		m[k.(string)] = v
		if b, err = d.skipSpace(); err != nil {
			return nil, d.eofErr(err)
		}
		if b == '}' {
			d.order.remember(m, keys, inputEntry)
			return m, nil
		}
		if b != ',' {
			return nil, d.fail("Expected separator between values")
		}
		if b, err = d.skipSpace(); err != nil {
			return nil, d.eofErr(err)
		}
	}
}

func (d *Decoder) array() (any, error) {
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > 10000 {
		return nil, d.fail("Exceeds depth limit for parsing")
	}
	a := []any{}
	b, err := d.skipSpace()
	if err != nil {
		return nil, d.eofErr(err)
	}
	if b == ']' {
		return a, nil
	}
	for {
		v, err := d.value(b)
		if err != nil {
			return nil, d.eofErr(err)
		}
		a = append(a, v)
		if b, err = d.skipSpace(); err != nil {
			return nil, d.eofErr(err)
		}
		if b == ']' {
			return a, nil
		}
		if b != ',' {
			return nil, d.fail("Expected separator between values")
		}
		if b, err = d.skipSpace(); err != nil {
			return nil, d.eofErr(err)
		}
	}
}

func (d *Decoder) number(first byte) (any, error) {
	buf := []byte{first}
	for {
		c, err := d.read()
		if err != nil {
			break
		}
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
			d.unread(c)
			break
		}
		buf = append(buf, c)
	}
	return parseNumber(string(buf), d)
}

// parseNumber converts number text as jq reads it: integers stay exact
// (int or *big.Int, which gojq understands), anything else is a float64.
func parseNumber(s string, d *Decoder) (any, error) {
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			if n >= math.MinInt && n <= math.MaxInt {
				return int(n), nil
			}
		}
		if s != "-" && s != "" {
			if z, ok := new(big.Int).SetString(s, 10); ok {
				return z, nil
			}
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, nil
		}
		if d == nil {
			return nil, fmt.Errorf("invalid number %q", s)
		}
		return nil, d.fail("Invalid numeric literal")
	}
	return f, nil
}

func (d *Decoder) str() (any, error) {
	var sb strings.Builder
	for {
		b, err := d.read()
		if err != nil {
			return nil, d.eofErr(err)
		}
		switch {
		case b == '"':
			return ValidUTF8(sb.String()), nil
		case b == '\\':
			e, err := d.read()
			if err != nil {
				return nil, d.eofErr(err)
			}
			switch e {
			case '"', '\\', '/':
				sb.WriteByte(e)
			case 'b':
				sb.WriteByte('\b')
			case 'f':
				sb.WriteByte('\f')
			case 'n':
				sb.WriteByte('\n')
			case 'r':
				sb.WriteByte('\r')
			case 't':
				sb.WriteByte('\t')
			case 'u':
				r, err := d.hex4()
				if err != nil {
					return nil, err
				}
				if utf16.IsSurrogate(r) {
					// Try for the low half of a pair.
					if p, _ := d.r.Peek(2); len(p) == 2 && p[0] == '\\' && p[1] == 'u' {
						d.read()
						d.read()
						r2, err := d.hex4()
						if err != nil {
							return nil, err
						}
						if c := utf16.DecodeRune(r, r2); c != utf8.RuneError {
							sb.WriteRune(c)
							continue
						}
						sb.WriteRune(utf8.RuneError)
						r = r2
						if !utf16.IsSurrogate(r) {
							sb.WriteRune(r)
							continue
						}
					}
					r = utf8.RuneError
				}
				sb.WriteRune(r)
			default:
				return nil, d.fail("Invalid escape")
			}
		default:
			sb.WriteByte(b)
		}
	}
}

func (d *Decoder) hex4() (rune, error) {
	var r rune
	for i := 0; i < 4; i++ {
		b, err := d.read()
		if err != nil {
			return 0, d.eofErr(err)
		}
		var v byte
		switch {
		case b >= '0' && b <= '9':
			v = b - '0'
		case b >= 'a' && b <= 'f':
			v = b - 'a' + 10
		case b >= 'A' && b <= 'F':
			v = b - 'A' + 10
		default:
			return 0, d.fail("Invalid characters in \\u escape")
		}
		r = r<<4 | rune(v)
	}
	return r, nil
}

// ValidUTF8 replaces invalid UTF-8 with U+FFFD, as jq does.
func ValidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// Encoder prints values the way jq 1.7 does, objects' keys in the order
// its Order knows (sorted with Sorted, as jq -S).
type Encoder struct {
	Indent string // "" for compact output
	ASCII  bool   // escape every non-ASCII character
	Sorted bool
	Color  bool
	Order  *Order
}

// Encode appends v to sb.
func (e *Encoder) Encode(sb *strings.Builder, v any) { e.encode(sb, v, 0) }

// jq 1.7.1's default colors: null, false, true, numbers, strings, arrays,
// objects, object keys.
var colors = [...]string{"\x1b[1;30m", "\x1b[0;37m", "\x1b[0;37m", "\x1b[0;37m", "\x1b[0;32m", "\x1b[1;37m", "\x1b[1;37m", "\x1b[34;1m"}

const colorReset = "\x1b[0m"

func (e *Encoder) encode(sb *strings.Builder, v any, level int) {
	color := ""
	if e.Color {
		switch v := v.(type) {
		case nil:
			color = colors[0]
		case bool:
			if v {
				color = colors[2]
			} else {
				color = colors[1]
			}
		case string:
			color = colors[4]
		case []any:
			color = colors[5]
		case map[string]any:
			color = colors[6]
		default:
			color = colors[3]
		}
		sb.WriteString(color)
	}
	switch v := v.(type) {
	case nil:
		sb.WriteString("null")
	case bool:
		if v {
			sb.WriteString("true")
		} else {
			sb.WriteString("false")
		}
	case string:
		Quote(sb, v, e.ASCII)
	case []any:
		if len(v) == 0 {
			sb.WriteString("[]")
			break
		}
		sb.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				sb.WriteString(color)
				sb.WriteByte(',')
			}
			if color != "" {
				sb.WriteString(colorReset)
			}
			e.newline(sb, level+1)
			e.encode(sb, x, level+1)
		}
		e.newline(sb, level)
		sb.WriteString(color)
		sb.WriteByte(']')
	case map[string]any:
		if len(v) == 0 {
			sb.WriteString("{}")
			break
		}
		sb.WriteByte('{')
		var keys []string
		if e.Sorted {
			keys = sortedKeys(v)
		} else {
			keys = e.Order.Keys(v)
		}
		for i, k := range keys {
			if i > 0 {
				sb.WriteString(color)
				sb.WriteByte(',')
			}
			if color != "" {
				sb.WriteString(colorReset)
			}
			e.newline(sb, level+1)
			if color != "" {
				sb.WriteString(colors[7])
			}
			Quote(sb, k, e.ASCII)
			if color != "" {
				sb.WriteString(colorReset)
				sb.WriteString(color)
			}
			sb.WriteByte(':')
			if color != "" {
				sb.WriteString(colorReset)
			}
			if e.Indent != "" {
				sb.WriteByte(' ')
			}
			e.encode(sb, v[k], level+1)
		}
		e.newline(sb, level)
		sb.WriteString(color)
		sb.WriteByte('}')
	default:
		sb.WriteString(formatNumber(v))
	}
	if color != "" {
		sb.WriteString(colorReset)
	}
}

func (e *Encoder) newline(sb *strings.Builder, level int) {
	if e.Indent == "" {
		return
	}
	sb.WriteByte('\n')
	for i := 0; i < level; i++ {
		sb.WriteString(e.Indent)
	}
}

func formatNumber(v any) string {
	switch n := v.(type) {
	case int:
		return strconv.Itoa(n)
	case *big.Int:
		return n.String()
	case float64:
		return formatFloat(n)
	case interface{ String() string }: // json.Number and friends
		return n.String()
	}
	return fmt.Sprint(v)
}

// formatFloat prints a double like jq's jvp_dtoa_fmt: the shortest
// digits that read back the same, in exponent form when the decimal point
// is far away.
func formatFloat(f float64) string {
	if math.IsNaN(f) {
		return "null"
	}
	if f > math.MaxFloat64 {
		f = math.MaxFloat64
	} else if f < -math.MaxFloat64 {
		f = -math.MaxFloat64
	}
	if f == 0 {
		if math.Signbit(f) {
			return "-0"
		}
		return "0"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	mant, expStr, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	decpt := exp + 1
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	switch {
	case decpt <= -4 || decpt > len(digits)+15:
		b.WriteByte(digits[0])
		if len(digits) > 1 {
			b.WriteByte('.')
			b.WriteString(digits[1:])
		}
		b.WriteByte('e')
		e := decpt - 1
		if e < 0 {
			b.WriteByte('-')
			e = -e
		} else {
			b.WriteByte('+')
		}
		if e < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.Itoa(e))
	case decpt <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -decpt))
		b.WriteString(digits)
	default:
		if decpt >= len(digits) {
			b.WriteString(digits)
			b.WriteString(strings.Repeat("0", decpt-len(digits)))
		} else {
			b.WriteString(digits[:decpt])
			b.WriteByte('.')
			b.WriteString(digits[decpt:])
		}
	}
	return b.String()
}

// Quote writes s as a JSON string with jq's escapes.
func Quote(sb *strings.Builder, s string, ascii bool) {
	sb.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r >= 0x20 && r <= 0x7e:
			sb.WriteRune(r)
		case r == '\b':
			sb.WriteString(`\b`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\f':
			sb.WriteString(`\f`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(sb, `\u%04x`, r)
		case ascii:
			if r <= 0xffff {
				fmt.Fprintf(sb, `\u%04x`, r)
			} else {
				r1, r2 := utf16.EncodeRune(r)
				fmt.Fprintf(sb, `\u%04x\u%04x`, r1, r2)
			}
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
}
