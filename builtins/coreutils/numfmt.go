package coreutils

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func numfmtCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "numfmt",
		Summary: "convert numbers from/to human-readable strings",
		Usage: `Usage: numfmt [OPTION]... [NUMBER]...
Reformat NUMBER(s), or the numbers from standard input if none are specified.

  -d, --delimiter=X    use X instead of whitespace for field delimiter
      --field=FIELDS   replace the numbers in these input fields (default=1);
                         see FIELDS below
      --format=FORMAT  use printf style floating-point FORMAT;
                         see FORMAT below for details
      --from=UNIT      auto-scale input numbers to UNITs; default is 'none';
                         see UNIT below
      --from-unit=N    specify the input unit size (instead of the default 1)
      --grouping       use locale-defined grouping of digits (none in the
                         C locale the sandbox has)
      --header[=N]     print (without converting) the first N header lines;
                         N defaults to 1 if not specified
      --invalid=MODE   failure mode for invalid numbers: MODE can be:
                         abort (default), fail, warn, ignore
      --padding=N      pad the output to N characters; positive N will
                         right-align; negative N will left-align;
                         padding is ignored if the output is wider than N
      --round=METHOD   use METHOD for rounding when scaling; METHOD can be:
                         up, down, from-zero (default), towards-zero, nearest
      --suffix=SUFFIX  add SUFFIX to output numbers, and accept optional
                         SUFFIX in input numbers
      --to=UNIT        auto-scale output numbers to UNITs; see UNIT below
      --to-unit=N      the output unit size (instead of the default 1)
  -z, --zero-terminated    line delimiter is NUL, not newline

UNIT options:
  none       no auto-scaling is done; suffixes will trigger an error
  auto       accept optional single/two letter suffix:
               1K = 1000, 1Ki = 1024, 1M = 1000000, 1Mi = 1048576,
  si         accept optional single letter suffix:
               1K = 1000, 1M = 1000000, ...
  iec        accept optional single letter suffix:
               1K = 1024, 1M = 1048576, ...
  iec-i      accept optional two-letter suffix:
               1Ki = 1024, 1Mi = 1048576, ...

FIELDS supports cut(1) style field ranges:
  N    N'th field, counted from 1
  N-   from N'th field, to end of line
  N-M  from N'th to M'th field (inclusive)
  -M   from first to M'th field (inclusive)
  -    all fields
Multiple fields/ranges can be separated with commas

FORMAT must be suitable for printing one floating-point argument '%f'.
Optional quote (%'f) will enable --grouping (if supported by current locale).
Optional width value (%10f) will pad output. Optional zero (%010f) width
will zero pad the number. Optional negative values (%-10f) will left align.
Optional precision (%.1f) will override the input determined precision.

Exit status is 0 if all input numbers were successfully converted.
By default, numfmt will stop at the first conversion error with exit status 2.
With --invalid='fail' a warning is printed for each conversion error
and the exit status is 2.  With --invalid='warn' each conversion error is
diagnosed, but the exit status is 0.  With --invalid='ignore' conversion
errors are not diagnosed and the exit status is 0.
`,
		UsageStatus: 1,
		Run:         runNumfmt,
	}
}

const numfmtPowers = "KMGTPEZY"

type numfmtOpts struct {
	from, to         string
	fromUnit, toUnit float64
	round            string
	suffix           string
	padding          int
	prefix, postfix  string // --format's text around the number
	width            int
	zeroPad, left    bool
	precision        int // -1: the input's
	fields           func(int) bool
	delim            string // "" for blanks
	invalid          string
	fromInput        bool // the lines come from the input, not the operands
}

func runNumfmt(c *builtins.Call) int {
	fl := c.Flags()
	delim := fl.StringP("delimiter", "d", "", "")
	fieldArg := fl.String("field", "1", "")
	format := fl.String("format", "", "")
	from := fl.String("from", "none", "")
	fromUnit := fl.String("from-unit", "1", "")
	fl.Bool("grouping", false, "")
	header := fl.String("header", "", "")
	fl.Lookup("header").NoOptDefVal = "1"
	invalid := fl.String("invalid", "abort", "")
	padding := fl.String("padding", "", "")
	round := fl.String("round", "from-zero", "")
	suffix := fl.String("suffix", "", "")
	to := fl.String("to", "none", "")
	toUnit := fl.String("to-unit", "1", "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	fl.Bool("debug", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	o := numfmtOpts{from: *from, to: *to, round: *round, suffix: *suffix, precision: -1, delim: *delim, invalid: *invalid}
	choice := func(opt, v string, valid ...string) bool {
		for _, x := range valid {
			if v == x {
				return true
			}
		}
		c.Fail("invalid argument %s for %s", builtins.Quote(v), builtins.Quote("--"+opt))
		fmt.Fprintf(c.Stderr, "Valid arguments are:\n  - %s\n", strings.Join(quoteAll(valid), "\n  - "))
		c.TryHelp()
		return false
	}
	if !choice("from", o.from, "none", "auto", "si", "iec", "iec-i") ||
		!choice("to", o.to, "none", "si", "iec", "iec-i") ||
		!choice("round", o.round, "up", "down", "from-zero", "towards-zero", "nearest") ||
		!choice("invalid", o.invalid, "abort", "fail", "warn", "ignore") {
		return 1
	}
	for _, u := range []struct {
		arg string
		dst *float64
		opt string
	}{{*fromUnit, &o.fromUnit, "from-unit"}, {*toUnit, &o.toUnit, "to-unit"}} {
		n, err := strconv.ParseUint(u.arg, 10, 64)
		if err != nil || n == 0 {
			c.Fail("invalid unit size: %s", builtins.Quote(u.arg))
			return 1
		}
		*u.dst = float64(n)
	}
	if *padding != "" {
		n, err := strconv.Atoi(*padding)
		if err != nil || n == 0 {
			c.Fail("invalid padding value %s", builtins.Quote(*padding))
			return 1
		}
		o.padding = n
	}
	if len(o.delim) > 1 {
		c.Fail("the delimiter must be a single character")
		return 1
	}
	if *format != "" && !numfmtFormat(&o, *format) {
		c.Fail("invalid format %s, directive must be %%[0]['][-][N][.][N]f", builtins.Quote(*format))
		return 1
	}
	fields, err := numfmtFields(*fieldArg)
	if err != "" {
		return c.Usage("%s", err)
	}
	o.fields = fields
	headerLines := 0
	if fl.Changed("header") {
		n, err := strconv.Atoi(*header)
		if err != nil || n <= 0 {
			c.Fail("invalid header value %s", builtins.Quote(*header))
			return 1
		}
		headerLines = n
	}
	sep := byte('\n')
	if *zero {
		sep = 0
	}
	status := 0
	line := func(s string) bool {
		out, ok := numfmtLine(c, s, o)
		if !ok {
			switch o.invalid {
			case "abort":
				io.WriteString(c.Stdout, out)
				status = 2
				return false
			case "fail":
				status = 2
			}
		}
		io.WriteString(c.Stdout, out)
		c.Stdout.Write([]byte{sep})
		return true
	}
	if ops := fl.Args(); len(ops) > 0 {
		for _, a := range ops {
			if !line(a) {
				break
			}
		}
		return status
	}
	o.fromInput = true
	br := bufio.NewReader(c.Stdin)
	for n := 0; ; n++ {
		if c.Canceled() {
			return 130
		}
		s, err := br.ReadString(sep)
		if s == "" && err != nil {
			break
		}
		s = strings.TrimSuffix(s, string(sep))
		if n < headerLines {
			io.WriteString(c.Stdout, s)
			c.Stdout.Write([]byte{sep})
			continue
		}
		if !line(s) {
			break
		}
	}
	return status
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = builtins.Quote(s)
	}
	return out
}

// numfmtFormat reads --format: text, one %[0]['][-][N][.N]f, text.
func numfmtFormat(o *numfmtOpts, f string) bool {
	i := strings.IndexByte(f, '%')
	for i >= 0 && i+1 < len(f) && f[i+1] == '%' {
		j := strings.IndexByte(f[i+2:], '%')
		if j < 0 {
			return false
		}
		i += 2 + j
	}
	if i < 0 {
		return false
	}
	o.prefix = strings.ReplaceAll(f[:i], "%%", "%")
	j := i + 1
	for j < len(f) && strings.IndexByte("0'-", f[j]) >= 0 {
		switch f[j] {
		case '0':
			o.zeroPad = true
		case '-':
			o.left = true
		}
		j++
	}
	k := j
	for k < len(f) && f[k] >= '0' && f[k] <= '9' {
		k++
	}
	o.width, _ = strconv.Atoi(f[j:k])
	if k < len(f) && f[k] == '.' {
		k++
		p := k
		for k < len(f) && f[k] >= '0' && f[k] <= '9' {
			k++
		}
		o.precision, _ = strconv.Atoi(f[p:k])
	}
	if k >= len(f) || f[k] != 'f' || strings.Contains(strings.ReplaceAll(f[k+1:], "%%", ""), "%") {
		return false
	}
	o.postfix = strings.ReplaceAll(f[k+1:], "%%", "%")
	return true
}

// numfmtFields reads --field's list into a membership test.
func numfmtFields(spec string) (func(int) bool, string) {
	if spec == "-" {
		return func(int) bool { return true }, ""
	}
	type span struct{ lo, hi int }
	var spans []span
	for _, part := range strings.Split(spec, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		s := span{1, math.MaxInt}
		var err error
		if lo != "" {
			if s.lo, err = strconv.Atoi(lo); err != nil || s.lo < 0 {
				return nil, fmt.Sprintf("invalid field value %s", builtins.Quote(part))
			}
			if s.lo == 0 {
				return nil, "fields are numbered from 1"
			}
		}
		if !isRange {
			s.hi = s.lo
		} else if hi != "" {
			if s.hi, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Sprintf("invalid field value %s", builtins.Quote(hi))
			}
			if s.hi < s.lo {
				return nil, "invalid decreasing range"
			}
		}
		spans = append(spans, s)
	}
	return func(n int) bool {
		for _, s := range spans {
			if n >= s.lo && n <= s.hi {
				return true
			}
		}
		return false
	}, ""
}

// numfmtLine converts the chosen fields of one line; ok is false when
// a field was not a number (reported as --invalid says).
func numfmtLine(c *builtins.Call, line string, o numfmtOpts) (string, bool) {
	var fields []string
	if o.delim != "" {
		fields = strings.Split(line, o.delim)
	} else {
		// each field keeps the blanks before it
		for i := 0; i < len(line); {
			j := i
			for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
				j++
			}
			for j < len(line) && line[j] != ' ' && line[j] != '\t' {
				j++
			}
			fields = append(fields, line[i:j])
			i = j
		}
	}
	ok := true
	for i, f := range fields {
		if !o.fields(i + 1) {
			continue
		}
		blanks := f[:len(f)-len(strings.TrimLeft(f, " \t"))]
		fo := o
		lead := ""
		if o.delim == "" {
			// between blank-separated fields one blank stays, and the
			// number is right-aligned in the rest of the field's width
			if i > 0 {
				lead = " "
			}
			if o.padding == 0 && o.width == 0 && o.fromInput {
				fo.padding = len(f) - len(lead)
			}
		}
		out, why := numfmtConvert(f[len(blanks):], fo)
		if why != "" {
			if o.invalid != "ignore" {
				c.Fail("%s", why)
			}
			ok = false
			if o.invalid == "abort" {
				// what came before is written, as GNU's does
				return strings.Join(fields[:i], o.delim) + numfmtBefore(blanks, o.delim, i), false
			}
			continue
		}
		fields[i] = lead + out
	}
	return strings.Join(fields, o.delim), ok
}

// numfmtConvert converts one number, or says why it cannot.
func numfmtConvert(s string, o numfmtOpts) (string, string) {
	text := s
	s = strings.TrimSuffix(s, o.suffix)
	// the number: [-]digits[.digits]
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	decimals := 0
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			decimals++
		}
	}
	if i == digits || s[digits] == '.' && i == digits+1 {
		return "", fmt.Sprintf("invalid number: %s", builtins.Quote(text))
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return "", fmt.Sprintf("invalid number: %s", builtins.Quote(text))
	}
	if rest := s[i:]; rest != "" {
		p := strings.IndexByte(numfmtPowers, rest[0])
		iSuffix := len(rest) == 2 && rest[1] == 'i'
		switch {
		case p < 0 || len(rest) > 2 || len(rest) == 2 && !iSuffix:
			return "", fmt.Sprintf("invalid suffix in input: %s", builtins.Quote(text))
		case o.from == "none":
			return "", fmt.Sprintf("rejecting suffix in input: %s (consider using --from)", builtins.Quote(text))
		case o.from == "iec-i" && !iSuffix:
			return "", fmt.Sprintf("missing 'i' suffix in input: %s (e.g Ki/Mi/Gi)", builtins.Quote(text))
		case iSuffix && (o.from == "si" || o.from == "iec"):
			return "", fmt.Sprintf("invalid suffix in input: %s", builtins.Quote(text))
		}
		base := 1000.0
		if o.from == "iec" || o.from == "iec-i" || iSuffix {
			base = 1024
		}
		v *= math.Pow(base, float64(p+1))
		decimals = 0
	}
	if strings.IndexByte(s[digits:i]+".", '.') > 27 {
		return "", fmt.Sprintf("value too large to be converted: %s", builtins.Quote(text))
	}
	v = v * o.fromUnit / o.toUnit
	out, ok := numfmtHuman(v, o, decimals)
	if !ok {
		why := "(cannot handle values > 999Y)"
		if o.to == "none" {
			why = "(consider using --to)"
		}
		return "", fmt.Sprintf("value too large to be printed: %s %s", builtins.Quote(strconv.FormatFloat(v, 'g', -1, 64)), why)
	}
	out = o.prefix + numfmtPad(out+o.suffix, o) + o.postfix
	return out, ""
}

// numfmtHuman prints v scaled to o.to as GNU's numfmt does: one decimal
// for a scaled value under 10, none above, rounded by o.round.
func numfmtHuman(v float64, o numfmtOpts, inputDecimals int) (string, bool) {
	if o.to == "none" {
		if math.Abs(v) > 1e18 {
			return "", false
		}
		prec := inputDecimals
		if o.precision >= 0 {
			prec = o.precision
		}
		if o.precision < 0 && o.fromUnit == 1 && o.toUnit == 1 && o.from == "none" {
			return strconv.FormatFloat(v, 'f', prec, 64), true
		}
		scale := math.Pow(10, float64(prec))
		return strconv.FormatFloat(numfmtRound(v*scale, o.round)/scale, 'f', prec, 64), true
	}
	base := 1000.0
	if o.to != "si" {
		base = 1024
	}
	power := 0
	for math.Abs(v) >= base {
		v /= base
		power++
	}
	adjust := 0
	switch {
	case o.precision >= 0:
		adjust = min(power*3, o.precision)
	case math.Abs(v) < 10:
		adjust = 1
	}
	scale := math.Pow(10, float64(adjust))
	v = numfmtRound(v*scale, o.round) / scale
	if math.Abs(v) >= base {
		v /= base
		power++
	}
	prec := 0
	if o.precision >= 0 {
		prec = adjust
	} else if v != 0 && math.Abs(v) < 10 && power > 0 {
		prec = 1
	}
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if power > len(numfmtPowers) {
		return "", false
	}
	if power > 0 {
		s += numfmtPowers[power-1 : power]
		if o.to == "iec-i" {
			s += "i"
		}
	}
	return s, true
}

// numfmtBefore is what GNU's numfmt has written of a field it then
// finds invalid: the delimiter before it, or its leading blanks.
func numfmtBefore(blanks, delim string, i int) string {
	if delim != "" && i > 0 {
		return delim
	}
	return blanks
}

func numfmtRound(v float64, method string) float64 {
	switch method {
	case "up":
		return math.Ceil(v)
	case "down":
		return math.Floor(v)
	case "towards-zero":
		return math.Trunc(v)
	case "nearest":
		return math.Round(v)
	}
	if v < 0 {
		return math.Floor(v)
	}
	return math.Ceil(v)
}

// numfmtPad applies --padding or --format's width.
func numfmtPad(s string, o numfmtOpts) string {
	width, left := o.padding, false
	if width < 0 {
		width, left = -width, true
	}
	if o.width > 0 {
		width, left = o.width, o.left
	}
	if len(s) >= width {
		return s
	}
	pad := width - len(s)
	switch {
	case left:
		return s + strings.Repeat(" ", pad)
	case o.zeroPad && o.width > 0:
		if strings.HasPrefix(s, "-") {
			return "-" + strings.Repeat("0", pad) + s[1:]
		}
		return strings.Repeat("0", pad) + s
	}
	return strings.Repeat(" ", pad) + s
}
