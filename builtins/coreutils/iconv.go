package coreutils

// iconv: convert text between encodings, as glibc's iconv does: UTF-8,
// UTF-16 and UTF-32 (with a byte order mark, or LE/BE), ASCII and the
// ISO-8859 and Windows single-byte sets (golang.org/x/text's charmaps),
// with //TRANSLIT, //IGNORE and -c for characters the target lacks, and
// glibc's messages, which count the input's bytes ("illegal input
// sequence at position 1").

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/moonix-sh/moonix/builtins"
)

func iconvCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "iconv",
		Summary: "convert text from one character encoding to another",
		Usage: `Usage: iconv [OPTION...] [FILE...]
Convert encoding of given files from one encoding to another.

 Input/Output format specification:
  -f, --from-code=NAME       encoding of original text
  -t, --to-code=NAME         encoding for output

 Information:
  -l, --list                 list all known coded character sets

 Output control:
  -c                         omit invalid characters from output
  -o, --output=FILE          output file
  -s, --silent               suppress warnings
      --help                 display this help and exit
      --version              output version information and exit

NAME may end in //TRANSLIT (write the nearest characters the target has,
or '?') or //IGNORE (leave out what it lacks). The default encoding is
the C locale's, ASCII.
`,
		Run: stopsOnCancel(runIconv),
	}
}

// A charset decodes one character from bytes and encodes one rune.
type charset struct {
	names []string // the first is the one -l lists first
	// decode returns the rune at the start of b and its length; size 0
	// means b ends inside a character, r < 0 an illegal sequence.
	decode func(b []byte) (r rune, size int)
	// encode appends r, or reports that the charset lacks it.
	encode func(dst []byte, r rune) ([]byte, bool)
	// bom is written before the text, and taken from its start.
	bom string
}

func utf8Decode(b []byte) (rune, int) {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n <= 1 {
		if !utf8.FullRune(b) {
			return 0, 0
		}
		return -1, 1
	}
	return r, n
}

// byteOrder reads and appends in one byte order.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

func utf16Charset(names []string, order byteOrder, bom string) *charset {
	return &charset{names: names, bom: bom,
		decode: func(b []byte) (rune, int) {
			if len(b) < 2 {
				return 0, 0
			}
			u := rune(order.Uint16(b))
			if !utf16.IsSurrogate(u) {
				return u, 2
			}
			if u >= 0xdc00 {
				return -1, 2
			}
			if len(b) < 4 {
				return 0, 0
			}
			r := utf16.DecodeRune(u, rune(order.Uint16(b[2:])))
			if r == utf8.RuneError {
				return -1, 2
			}
			return r, 4
		},
		encode: func(dst []byte, r rune) ([]byte, bool) {
			if r >= 0x10000 {
				r1, r2 := utf16.EncodeRune(r)
				dst = order.AppendUint16(dst, uint16(r1))
				return order.AppendUint16(dst, uint16(r2)), true
			}
			return order.AppendUint16(dst, uint16(r)), true
		}}
}

func utf32Charset(names []string, order byteOrder, bom string) *charset {
	return &charset{names: names, bom: bom,
		decode: func(b []byte) (rune, int) {
			if len(b) < 4 {
				return 0, 0
			}
			r := rune(order.Uint32(b))
			if r > utf8.MaxRune || r >= 0xd800 && r < 0xe000 {
				return -1, 4
			}
			return r, 4
		},
		encode: func(dst []byte, r rune) ([]byte, bool) { return order.AppendUint32(dst, uint32(r)), true }}
}

func charmapCharset(names []string, cm *charmap.Charmap) *charset {
	return &charset{names: names,
		decode: func(b []byte) (rune, int) {
			r := cm.DecodeByte(b[0])
			if r == utf8.RuneError {
				return -1, 1
			}
			return r, 1
		},
		encode: func(dst []byte, r rune) ([]byte, bool) {
			c, ok := cm.EncodeRune(r)
			return append(dst, c), ok
		}}
}

var charsets = []*charset{
	{names: []string{"UTF-8", "UTF8"}, decode: utf8Decode,
		encode: func(dst []byte, r rune) ([]byte, bool) { return utf8.AppendRune(dst, r), true }},
	{names: []string{"ANSI_X3.4-1968", "ASCII", "US-ASCII", "646", "US"},
		decode: func(b []byte) (rune, int) {
			if b[0] >= 0x80 {
				return -1, 1
			}
			return rune(b[0]), 1
		},
		encode: func(dst []byte, r rune) ([]byte, bool) { return append(dst, byte(r)), r < 0x80 }},
	utf16Charset([]string{"UTF-16", "UTF16"}, binary.LittleEndian, "\xff\xfe"),
	utf16Charset([]string{"UTF-16LE", "UTF16LE"}, binary.LittleEndian, ""),
	utf16Charset([]string{"UTF-16BE", "UTF16BE"}, binary.BigEndian, ""),
	utf32Charset([]string{"UTF-32", "UTF32"}, binary.LittleEndian, "\xff\xfe\x00\x00"),
	utf32Charset([]string{"UTF-32LE", "UTF32LE"}, binary.LittleEndian, ""),
	utf32Charset([]string{"UTF-32BE", "UTF32BE"}, binary.BigEndian, ""),
	charmapCharset([]string{"ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "L1", "CP819", "IBM819"}, charmap.ISO8859_1),
	charmapCharset([]string{"ISO-8859-2", "ISO8859-2", "ISO_8859-2", "LATIN2", "L2"}, charmap.ISO8859_2),
	charmapCharset([]string{"ISO-8859-5", "ISO8859-5", "ISO_8859-5", "CYRILLIC"}, charmap.ISO8859_5),
	charmapCharset([]string{"ISO-8859-7", "ISO8859-7", "ISO_8859-7", "GREEK"}, charmap.ISO8859_7),
	charmapCharset([]string{"ISO-8859-15", "ISO8859-15", "ISO_8859-15", "LATIN-9", "LATIN9"}, charmap.ISO8859_15),
	charmapCharset([]string{"WINDOWS-1250", "CP1250"}, charmap.Windows1250),
	charmapCharset([]string{"WINDOWS-1251", "CP1251"}, charmap.Windows1251),
	charmapCharset([]string{"WINDOWS-1252", "CP1252"}, charmap.Windows1252),
	charmapCharset([]string{"KOI8-R"}, charmap.KOI8R),
	charmapCharset([]string{"IBM437", "CP437", "437"}, charmap.CodePage437),
	charmapCharset([]string{"IBM850", "CP850", "850"}, charmap.CodePage850),
}

// lookupCharset finds a charset by one of its names, in any case, and
// the suffixes //TRANSLIT and //IGNORE.
func lookupCharset(name string) (cs *charset, translit, ignore bool) {
	base, suffixes, _ := strings.Cut(strings.ToUpper(name), "//")
	for _, s := range strings.Split(suffixes, "//") {
		for _, part := range strings.Split(s, ",") {
			switch part {
			case "TRANSLIT":
				translit = true
			case "IGNORE":
				ignore = true
			}
		}
	}
	if base == "" {
		base = "ANSI_X3.4-1968"
	}
	for _, c := range charsets {
		if slices.Contains(c.names, base) {
			return c, translit, ignore
		}
	}
	return nil, false, false
}

// translit is what glibc's C locale writes for characters a target
// lacks (locale/C-translit.h), for the common ones.
var translit = map[rune]string{
	'‘': "'", '’': "'", '‚': "'", '“': `"`, '”': `"`, '„': `"`, '–': "-", '—': "--", '−': "-",
	'«': "<<", '»': ">>", '‹': "<", '›': ">", '…': "...", '•': "o", '·': ".", '€': "EUR", '£': "GBP",
	'©': "(C)", '®': "(R)", '™': "(TM)", '½': " 1/2 ", '¼': " 1/4 ", '¾': " 3/4 ", '×': "x", '÷': ":",
	'ß': "ss", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE", 'ﬁ': "fi", 'ﬂ': "fl", '\u00a0': " ",
}

func runIconv(c *builtins.Call) int {
	fl := c.Flags()
	from := fl.StringP("from-code", "f", "", "")
	to := fl.StringP("to-code", "t", "", "")
	list := fl.BoolP("list", "l", false, "")
	omit := fl.BoolP("c", "c", false, "")
	output := fl.StringP("output", "o", "", "")
	fl.BoolP("silent", "s", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if *list {
		for _, cs := range charsets {
			for _, n := range cs.names {
				fmt.Fprintln(c.Stdout, n+"//")
			}
		}
		return 0
	}
	in, _, _ := lookupCharset(*from)
	out, tr, ign := lookupCharset(*to)
	if in == nil || out == nil {
		c.Fail("failed to start conversion processing")
		return 1
	}
	var w io.Writer = c.Stdout
	if *output != "" {
		f, err := c.Create(*output, false)
		if err != nil {
			c.FailWith(err, "cannot open output file: %s", builtins.Reason(err))
			return 1
		}
		defer f.Close()
		w = f
	}
	files := fl.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	conv := iconvRun{in: in, out: out, translit: tr, omit: *omit || ign, complain: ign && !*omit}
	status := 0
	for _, name := range files {
		var data []byte
		var err error
		if name == "-" {
			data, err = readAllOf(c, c.Stdin)
		} else {
			data, err = readFileOf(c, c.Abs(name))
		}
		if err != nil {
			c.FailWith(err, "cannot open input file `%s': %s", name, builtins.Reason(err))
			return 1
		}
		res, msg := conv.convert(data)
		if _, err := w.Write(res); err != nil {
			c.FailWith(err, "unable to write output: %s", builtins.Reason(err))
			return 1
		}
		if msg != "" {
			c.Fail("%s", msg)
			return 1
		}
	}
	return status
}

type iconvRun struct {
	in, out        *charset
	translit, omit bool
	// complain: //IGNORE without -c leaves characters out but, as glibc,
	// fails at the end of the input it dropped some from.
	complain bool
	started  bool // the byte order mark is written
}

// convert converts data, and says what stopped it, in glibc's words.
func (v *iconvRun) convert(data []byte) ([]byte, string) {
	var dst []byte
	if !v.started {
		dst = append(dst, v.out.bom...)
		v.started = true
	}
	i, dropped := 0, false
	if v.in.bom != "" {
		switch {
		case strings.HasPrefix(string(data), v.in.bom):
			i = len(v.in.bom)
		case len(v.in.bom) == 2 && strings.HasPrefix(string(data), "\xfe\xff"):
			// a big-endian mark: read the rest as UTF-16BE
			v.in = charsets[slices.IndexFunc(charsets, func(c *charset) bool { return c.names[0] == "UTF-16BE" })]
			i = 2
		case len(v.in.bom) == 4 && strings.HasPrefix(string(data), "\x00\x00\xfe\xff"):
			v.in = charsets[slices.IndexFunc(charsets, func(c *charset) bool { return c.names[0] == "UTF-32BE" })]
			i = 4
		}
	}
	for i < len(data) {
		r, n := v.in.decode(data[i:])
		switch {
		case n == 0:
			return dst, "incomplete character or shift sequence at end of buffer"
		case r < 0:
			if v.omit {
				i += n
				dropped = true
				continue
			}
			return dst, fmt.Sprintf("illegal input sequence at position %d", i)
		}
		next, ok := v.out.encode(dst, r)
		if !ok {
			switch {
			case v.translit:
				sub, known := translit[r]
				if !known {
					sub = "?"
				}
				for _, s := range sub {
					if next, ok = v.out.encode(dst, s); ok {
						dst = next
					}
				}
			case v.omit:
				dropped = true
			default:
				return dst, fmt.Sprintf("illegal input sequence at position %d", i)
			}
			i += n
			continue
		}
		dst = next
		i += n
	}
	if dropped && v.complain {
		return dst, fmt.Sprintf("illegal input sequence at position %d", len(data))
	}
	return dst, ""
}
