package coreutils

import (
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/moonix-sh/moonix/internal/gnudate"
)

// The GNU awk functions that scripts commonly use and GoAWK lacks, as
// GoAWK native functions: the bit operations, gensub, strtonum and the
// time functions. Unlike gawk, which refuses such a program, a program
// may define a function of one of these names (POSIX awk scripts do): its
// own is called.

// gawkFuncs adds the GNU functions to funcs.
func (r *awkRun) gawkFuncs(funcs map[string]any) {
	funcs["and"] = func(a, b float64, more ...float64) (float64, error) {
		return gawkBits("and", func(x, y uint64) uint64 { return x & y }, a, b, more)
	}
	funcs["or"] = func(a, b float64, more ...float64) (float64, error) {
		return gawkBits("or", func(x, y uint64) uint64 { return x | y }, a, b, more)
	}
	funcs["xor"] = func(a, b float64, more ...float64) (float64, error) {
		return gawkBits("xor", func(x, y uint64) uint64 { return x ^ y }, a, b, more)
	}
	funcs["compl"] = func(a float64) (float64, error) {
		if a < 0 {
			return 0, fmt.Errorf("compl(%f): negative value is not allowed", a)
		}
		return gawkInteger(^gawkUint(a)), nil
	}
	funcs["lshift"] = func(a, n float64) (float64, error) {
		return gawkShift("lshift", a, n, func(x uint64, k uint) uint64 { return x << k })
	}
	funcs["rshift"] = func(a, n float64) (float64, error) {
		return gawkShift("rshift", a, n, func(x uint64, k uint) uint64 { return x >> k })
	}
	funcs["gensub"] = r.gensub
	funcs["systime"] = func() float64 { return float64(r.c.Clock.Now().Unix()) }
	funcs["strftime"] = r.strftime
	funcs["mktime"] = r.mktime
	funcs["strtonum"] = gawkStrtonum
}

// strftime is gawk's strftime([format [, timestamp [, utc]]]): the
// timestamp (now by default) in GNU date's format (gawk's default is
// date's), in TZ's zone or UTC. The arguments come as strings so that
// missing ones can be told apart.
func (r *awkRun) strftime(args ...string) string {
	format := "%a %b %e %H:%M:%S %Z %Y"
	if len(args) > 0 {
		format = args[0]
	}
	t := r.c.Clock.Now()
	if len(args) > 1 {
		t = time.Unix(int64(awkNumber(args[1])), 0)
	}
	loc := localZone(r.c)
	if len(args) > 2 && awkTrue(args[2]) {
		loc = time.FixedZone("GMT", 0) // as gmtime(3) names it
	}
	return gnudate.Format(format, t.In(loc))
}

// mktime is gawk's mktime("YYYY MM DD HH MM SS [DST]" [, utc]): the
// seconds since the epoch of that local time (out-of-range fields carry
// over, as mktime(3)'s do), or -1 when fewer than six numbers are given.
func (r *awkRun) mktime(args ...string) float64 {
	var f [6]int
	fields := strings.Fields(args[0])
	if len(fields) < 6 {
		return -1
	}
	for i := range f {
		n, err := strconv.Atoi(fields[i])
		if err != nil {
			return -1
		}
		f[i] = n
	}
	loc := localZone(r.c)
	if len(args) > 1 && awkTrue(args[1]) {
		loc = time.UTC
	}
	return float64(time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, loc).Unix())
}

// gawkStrtonum is gawk's strtonum: 0x... is hexadecimal, 0... octal
// (decimal again at an 8 or 9, a point or an exponent), anything else
// read as awk reads a number.
func gawkStrtonum(s string) float64 {
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		n := 0.0
		for _, c := range s[2:] {
			d := strings.IndexRune("0123456789abcdef", unicode.ToLower(c))
			if d < 0 {
				break
			}
			n = n*16 + float64(d)
		}
		return n
	}
	if len(s) >= 2 && s[0] == '0' && s[1] >= '0' && s[1] <= '7' && !strings.ContainsAny(s, ".eE") {
		n := 0.0
		for _, c := range s {
			if c == '8' || c == '9' {
				return awkNumber(s)
			}
			if c < '0' || c > '7' {
				break
			}
			n = n*8 + float64(c-'0')
		}
		return n
	}
	return awkNumber(s)
}

// awkLeadingNumber is the number at the start of a string, as awk reads
// one.
var awkLeadingNumber = &lazyRegexp{expr: `^[ \t\n\f\r\v]*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?`}

// awkNumber reads s as awk turns a string into a number: the number at
// its start, or 0.
func awkNumber(s string) float64 {
	n, _ := strconv.ParseFloat(strings.TrimSpace(awkLeadingNumber.get().FindString(s)), 64)
	return n
}

// awkTrue is the truth of a value passed as a string: not empty and, if
// a number, not zero.
func awkTrue(s string) bool {
	if n, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil {
		return n != 0
	}
	return s != ""
}

// gawkUint is gawk's conversion of a number to an integer for the bit
// functions: the fraction dropped.
func gawkUint(f float64) uint64 {
	f = math.Trunc(f)
	if f >= math.MaxUint64 {
		return math.MaxUint64
	}
	return uint64(f)
}

// gawkInteger turns a bit function's result back into a number as gawk's
// adjust_uint does: an integer wider than a double's 53-bit fraction
// loses its high bits, so that its low bits stay exact.
func gawkInteger(n uint64) float64 {
	const fractionBits = 53
	sentinel := uint64(1) << (64 - fractionBits)
	shift := bits.TrailingZeros64(n | sentinel)
	if fractionBits+shift < 64 {
		n &= uint64(1)<<(fractionBits+shift) - 1
	}
	return float64(n)
}

func gawkBits(name string, op func(x, y uint64) uint64, a, b float64, more []float64) (float64, error) {
	args := append([]float64{a, b}, more...)
	var res uint64
	for i, f := range args {
		if f < 0 {
			return 0, fmt.Errorf("%s: argument %d negative value %s is not allowed", name, i+1, strconv.FormatFloat(f, 'g', 6, 64))
		}
		if i == 0 {
			res = gawkUint(f)
		} else {
			res = op(res, gawkUint(f))
		}
	}
	return gawkInteger(res), nil
}

func gawkShift(name string, a, n float64, op func(x uint64, k uint) uint64) (float64, error) {
	if a < 0 || n < 0 {
		return 0, fmt.Errorf("%s(%f, %f): negative values are not allowed", name, a, n)
	}
	return gawkInteger(op(gawkUint(a), uint(gawkUint(n)))), nil
}

// gensub is gawk's gensub(re, repl, how, target): target with the
// matches of re replaced by repl, all of them when how starts with g or
// G, else the how-th. In repl, & and \0 are the match, \1..\9 its groups,
// \c any other character c. The program is rewritten so that target is
// $0 when it is left out, and so that a /regex/ is passed as its text
// (see awkRun.transform), and IGNORECASE after it.
func (r *awkRun) gensub(re, repl, how, target, ignoreCase string) (string, error) {
	if awkTrue(ignoreCase) {
		re = "(?i)" + re
	}
	rx, err := r.regex(re)
	if err != nil {
		return "", err
	}
	nth := 0 // global
	if how == "" || (how[0] != 'g' && how[0] != 'G') {
		f, _ := strconv.ParseFloat(strings.TrimSpace(how), 64)
		if f < 1 {
			fmt.Fprintf(r.c.Stderr, "awk: warning: gensub: third argument `%s' treated as 1\n", how)
			f = 1
		}
		nth = int(math.Min(f, math.MaxInt32))
	}
	var out strings.Builder
	last := 0
	for i, m := range rx.FindAllStringSubmatchIndex(target, -1) {
		if nth != 0 && i+1 != nth {
			continue
		}
		out.WriteString(target[last:m[0]])
		gensubExpand(&out, repl, target, m)
		last = m[1]
		if nth != 0 {
			break
		}
	}
	out.WriteString(target[last:])
	return out.String(), nil
}

// regex compiles a dynamic regex as GoAWK compiles sub's and match's
// (leftmost-longest, . matching a newline), once per run.
func (r *awkRun) regex(re string) (*regexp.Regexp, error) {
	if rx, ok := r.regexes[re]; ok {
		return rx, nil
	}
	rx, err := regexp.Compile("(?s:" + re + ")")
	if err != nil {
		return nil, fmt.Errorf("invalid regex %q: %s", re, err)
	}
	rx.Longest()
	if r.regexes == nil {
		r.regexes = map[string]*regexp.Regexp{}
	}
	if len(r.regexes) < 100 {
		r.regexes[re] = rx
	}
	return rx, nil
}

// gawkArity checks the number of arguments of each call of a GNU
// function the program does not define itself, as gawk does when it
// reads the program (GoAWK gives a native function zeros for missing
// arguments).
func gawkArity(calls []reflect.Value, defined map[string]bool) error {
	limits := map[string][2]int{
		"and": {2, -1}, "or": {2, -1}, "xor": {2, -1}, "compl": {1, 1},
		"lshift": {2, 2}, "rshift": {2, 2}, "gensub": {3, 4},
		"systime": {0, 0}, "strftime": {0, 3}, "mktime": {1, 2}, "strtonum": {1, 1},
	}
	for _, call := range calls {
		name := call.Elem().FieldByName("Name").String()
		lim, ok := limits[name]
		if !ok || defined[name] {
			continue
		}
		if n := call.Elem().FieldByName("Args").Len(); n < lim[0] || (lim[1] >= 0 && n > lim[1]) {
			return fmt.Errorf("%d is invalid as number of arguments for %s", n, name)
		}
	}
	return nil
}

// gensubExpand writes repl for the match m of s.
func gensubExpand(out *strings.Builder, repl, s string, m []int) {
	group := func(n int) {
		if 2*n+1 < len(m) && m[2*n] >= 0 {
			out.WriteString(s[m[2*n]:m[2*n+1]])
		}
	}
	for i := 0; i < len(repl); i++ {
		switch c := repl[i]; {
		case c == '&':
			group(0)
		case c == '\\' && i+1 < len(repl):
			i++
			if d := repl[i]; d >= '0' && d <= '9' {
				group(int(d - '0'))
			} else {
				out.WriteByte(d)
			}
		default:
			out.WriteByte(c)
		}
	}
}

// gensubCall rewrites a call of gensub as GoAWK parsed it: a /regex/ as
// the first argument is its text (GoAWK would match it against $0, as a
// native function's argument), a missing target is $0, and IGNORECASE
// is passed last.
func (r *awkRun) gensubCall(call reflect.Value) error {
	args := call.Elem().FieldByName("Args")
	if first := args.Index(0).Elem(); first.Type().String() == awkRegExpr {
		str, err := r.templateExpr(`""`, nil)
		if err != nil {
			return err
		}
		str.Elem().FieldByName("Value").SetString(first.Elem().FieldByName("Regex").String())
		args.Index(0).Set(str)
	}
	if args.Len() == 3 {
		field, err := r.templateExpr("$0", nil)
		if err != nil {
			return err
		}
		args.Set(reflect.Append(args, field))
	}
	ignoreCase, err := r.templateExpr("IGNORECASE", nil)
	if err != nil {
		return err
	}
	args.Set(reflect.Append(args, ignoreCase))
	return nil
}
