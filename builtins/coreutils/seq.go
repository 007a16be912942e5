package coreutils

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func seqCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "seq",
		Summary: "print a sequence of numbers",
		Usage: `Usage: seq [-w] [-s SEP] [-f FORMAT] [FIRST [INCREMENT]] LAST
Print a sequence of numbers.

  -f, --format=FORMAT     print each number with a printf floating-point FORMAT (%g %f %e)
  -s, --separator=SEP     separate numbers with SEP (default: \n)
  -w, --equal-width       pad numbers with leading zeros to equal width
FIRST and INCREMENT default to 1. Numbers may be negative and have decimals;
the output keeps the largest number of decimals of FIRST and INCREMENT.
`,
		Run: runSeq,
	}
}

// seqOperand is a parsed number with the width and precision it was
// written with (GNU seq's scan_arg).
type seqOperand struct {
	text      string
	value     float64
	width     int
	precision int // -1: unknown (hex or exponent that defeats it)
	isInt     bool
}

func parseSeqOperand(arg string) (seqOperand, bool) {
	s := strings.TrimLeft(arg, " \t\n\v\f\r") // strconv takes one sign
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		ne, ok := err.(*strconv.NumError)
		if !ok || ne.Err != strconv.ErrRange {
			return seqOperand{}, false
		}
	}
	op := seqOperand{text: s, value: v, width: len(s), precision: -1}
	if strings.ContainsAny(s, "xX") || math.IsInf(v, 0) || math.IsNaN(v) {
		return op, true
	}
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		op.precision = 0
	} else {
		frac := strings.IndexAny(s[dot+1:], "eE")
		if frac < 0 {
			frac = len(s) - dot - 1
		}
		op.precision = frac
		switch {
		case frac == 0:
			op.width--
		case dot == 0 || s[dot-1] < '0' || s[dot-1] > '9':
			op.width++
		}
	}
	if e := strings.IndexAny(s, "eE"); e >= 0 {
		exp, _ := strconv.Atoi(strings.TrimPrefix(s[e+1:], "+"))
		if exp < 0 {
			op.precision += -exp
		} else {
			op.precision -= min(op.precision, exp)
		}
		op.width -= len(s) - e
		if exp < 0 {
			if dot >= 0 {
				if e == dot+1 {
					op.width++
				}
			} else {
				op.width++
			}
			exp = -exp
		} else {
			if dot >= 0 && op.precision == 0 && exp != 0 {
				op.width--
			}
			exp -= min(op.precision, exp)
		}
		op.width += exp
	}
	op.isInt = dot < 0 && !strings.ContainsAny(s, "eE")
	return op, true
}

func runSeq(c *builtins.Call) int {
	sep, format := "\n", ""
	equal, haveFormat := false, false
	var operands []string
	usage := 0 // the status of a usage error found by value
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(operands) > 0 || a == "-" || !strings.HasPrefix(a, "-") ||
			len(a) > 1 && (a[1] == '.' || a[1] >= '0' && a[1] <= '9') {
			operands = append(operands, a)
			continue
		}
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		// value takes the option's argument, attached or next.
		value := func(name, attached string) (string, bool) {
			if attached != "" {
				return attached, true
			}
			if i+1 >= len(args) {
				if len(name) == 1 {
					usage = c.Usage("option requires an argument -- '%s'", name)
				} else {
					usage = c.Usage("option '--%s' requires an argument", name)
				}
				return "", false
			}
			i++
			return args[i], true
		}
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a[2:], "=")
			var ok bool
			switch {
			case name == "equal-width" && !hasVal:
				equal = true
				continue
			case name == "separator":
				if !hasVal {
					if val, ok = value("separator", ""); !ok {
						return usage
					}
				}
				sep = val
				continue
			case name == "format":
				if !hasVal {
					if val, ok = value("format", ""); !ok {
						return usage
					}
				}
				format, haveFormat = val, true
				continue
			}
			return c.Usage("unrecognized option '%s'", a)
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'w':
				equal = true
			case 's', 'f':
				v, ok := value(a[j:j+1], a[j+1:])
				if !ok {
					return usage
				}
				if a[j] == 's' {
					sep = v
				} else {
					format, haveFormat = v, true
				}
				j = len(a)
			default:
				return c.Usage("invalid option -- '%c'", a[j])
			}
		}
	}
	switch {
	case len(operands) == 0:
		return c.Usage("missing operand")
	case len(operands) > 3:
		return c.Usage("extra operand %s", builtins.Quote(operands[3]))
	}
	if haveFormat && equal {
		return c.Usage("format string may not be specified when printing equal width strings")
	}
	ops := make([]seqOperand, len(operands))
	for i, a := range operands {
		op, ok := parseSeqOperand(a)
		if !ok {
			return c.Usage("invalid floating point argument: %s", builtins.Quote(a))
		}
		ops[i] = op
	}
	one, _ := parseSeqOperand("1")
	first, step, last := one, one, ops[len(ops)-1]
	if len(ops) >= 2 {
		first = ops[0]
	}
	if len(ops) == 3 {
		step = ops[1]
		if step.value == 0 {
			return c.Usage("invalid Zero increment value: %s", builtins.Quote(operands[1]))
		}
	}
	if math.IsNaN(first.value) || math.IsNaN(step.value) || math.IsNaN(last.value) {
		c.Fail("invalid 'not-a-number' argument")
		return 1
	}
	if haveFormat {
		if err := checkSeqFormat(format); err != "" {
			c.Fail("%s", err)
			return 1
		}
	}
	if !haveFormat && first.isInt && step.isInt && last.isInt {
		return seqInts(c, first, step, last, sep, equal)
	}
	if !haveFormat {
		format = seqDefaultFormat(first, step, last, equal)
	}
	return seqFloats(c, first.value, step.value, last.value, format, sep)
}

// checkSeqFormat accepts a format with exactly one floating-point directive.
func checkSeqFormat(f string) string {
	n := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			i++
			continue
		}
		sp, k, ok := parseCSpec(f[i+1:])
		if !ok {
			if sp.verb == 0 {
				return fmt.Sprintf("format '%s' ends in %%", f)
			}
			return fmt.Sprintf("format '%s' has unknown %%%c directive", f, sp.verb)
		}
		n++
		i += k
	}
	switch {
	case n == 0:
		return fmt.Sprintf("format '%s' has no %% directive", f)
	case n > 1:
		return fmt.Sprintf("format '%s' has too many %% directives", f)
	}
	return ""
}

// cPrintf renders a checked seq format with v.
func cPrintf(f string, v float64) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		sp, k, _ := parseCSpec(f[i+1:])
		b.WriteString(sp.format(v))
		i += k
	}
	return b.String()
}

func seqDefaultFormat(first, step, last seqOperand, equal bool) string {
	if first.precision < 0 || step.precision < 0 || last.precision < 0 {
		return "%g"
	}
	prec := max(first.precision, step.precision)
	if !equal {
		return fmt.Sprintf("%%.%df", prec)
	}
	firstW := first.width + prec - first.precision
	lastW := last.width + prec - last.precision
	if last.precision != 0 && prec == 0 {
		lastW--
	}
	if last.precision == 0 && prec != 0 {
		lastW++
	}
	if first.precision == 0 && prec != 0 {
		firstW++
	}
	return fmt.Sprintf("%%0%d.%df", max(firstW, lastW), prec)
}

func seqFloats(c *builtins.Call, first, step, last float64, format, sep string) int {
	w := c.Stdout
	if step > 0 && first > last || step < 0 && first < last {
		return 0
	}
	x := first
	prev := cPrintf(format, x)
	if _, err := fmt.Fprint(w, prev); err != nil {
		return 0
	}
	for i := 1.0; ; i++ {
		if c.Canceled() {
			return 130
		}
		x = first + i*step
		if step < 0 && x < last || step > 0 && x > last {
			// Print one more when rounding made the value just past
			// LAST print as LAST.
			s := cPrintf(format, x)
			v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil || v != last || s == prev {
				break
			}
		}
		s := cPrintf(format, x)
		if _, err := fmt.Fprint(w, sep+s); err != nil {
			return 0
		}
		prev = s
		if math.IsInf(x, 0) && x == last {
			break
		}
	}
	fmt.Fprint(w, "\n")
	return 0
}

func seqInts(c *builtins.Call, first, step, last seqOperand, sep string, equal bool) int {
	parse := func(s string) *big.Int {
		n, _ := new(big.Int).SetString(s, 10)
		return n
	}
	x, d, end := parse(first.text), parse(step.text), parse(last.text)
	width := 0
	if equal {
		width = max(first.width, last.width)
	}
	if small(x) && small(d) && small(end) {
		return seqSmall(c, x.Int64(), d.Int64(), end.Int64(), sep, width)
	}
	down := d.Sign() < 0
	w := c.Stdout
	n := 0
	for ; down && x.Cmp(end) >= 0 || !down && x.Cmp(end) <= 0; x.Add(x, d) {
		if c.Canceled() {
			return 130
		}
		s := x.String()
		if len(s) < width {
			if s[0] == '-' {
				s = "-" + strings.Repeat("0", width-len(s)) + s[1:]
			} else {
				s = strings.Repeat("0", width-len(s)) + s
			}
		}
		if n > 0 {
			s = sep + s
		}
		n++
		if _, err := fmt.Fprint(w, s); err != nil {
			return 0
		}
	}
	if n > 0 {
		fmt.Fprint(w, "\n")
	}
	return 0
}

// small reports whether x is far enough inside int64 that adding one
// such number to another cannot overflow.
func small(x *big.Int) bool { return x.IsInt64() && x.Int64() > -1<<62 && x.Int64() < 1<<62 }

// seqSmall is seqInts for numbers that fit in int64: formatted with
// strconv into a buffer written out in blocks, as GNU's seq does (through
// big.Int and one write a number, seq 100000 took 18 ms).
func seqSmall(c *builtins.Call, x, d, end int64, sep string, width int) int {
	buf := make([]byte, 0, 64*1024)
	n := 0
	for ; d < 0 && x >= end || d > 0 && x <= end; x += d {
		if n > 0 {
			buf = append(buf, sep...)
		}
		n++
		if width > 0 {
			buf = appendPadded(buf, x, width)
		} else {
			buf = strconv.AppendInt(buf, x, 10)
		}
		if len(buf) >= 60*1024 {
			if c.Canceled() {
				return 130
			}
			if _, err := c.Stdout.Write(buf); err != nil {
				return 0
			}
			buf = buf[:0]
		}
	}
	if n > 0 {
		buf = append(buf, '\n')
	}
	c.Stdout.Write(buf)
	return 0
}

// appendPadded appends x with zeros after its sign up to width bytes in
// all (seq -w).
func appendPadded(buf []byte, x int64, width int) []byte {
	var digits [24]byte
	s := strconv.AppendInt(digits[:0], x, 10)
	if s[0] == '-' {
		buf = append(buf, '-')
		s = s[1:]
		width--
	}
	for i := len(s); i < width; i++ {
		buf = append(buf, '0')
	}
	return append(buf, s...)
}
