package coreutils

import (
	"bufio"
	"io"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func factorCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "factor",
		Summary: "print the prime factors of numbers",
		Usage: `Usage: factor [NUMBER]...
  or:  factor OPTION
Print the prime factors of each specified integer NUMBER.  If none
are specified on the command line, read them from standard input.

NUMBER may be as large as memory allows: numbers below 2^64 are
factored by trial division and Pollard's rho with 64-bit arithmetic,
larger ones with math/big.
`,
		Run: runFactor,
	}
}

func runFactor(c *builtins.Call) int {
	fl := c.Flags()
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	status := 0
	w := bufio.NewWriter(c.Stdout)
	defer w.Flush()
	one := func(tok string) {
		if c.Canceled() {
			return
		}
		n, ok := parseFactorArg(tok)
		if !ok {
			w.Flush()
			c.Fail("%s is not a valid positive integer", builtins.Quote(tok))
			status = 1
			return
		}
		fs := factorize(n, c.Canceled)
		if c.Canceled() {
			return
		}
		w.WriteString(n.String() + ":")
		for _, f := range fs {
			w.WriteString(" " + f.String())
		}
		w.WriteByte('\n')
	}
	if ops := fl.Args(); len(ops) > 0 {
		for _, op := range ops {
			one(op)
		}
	} else {
		sc := bufio.NewScanner(c.Stdin)
		sc.Buffer(make([]byte, 64*1024), 1<<24)
		sc.Split(bufio.ScanWords)
		for sc.Scan() {
			one(sc.Text())
		}
		if err := sc.Err(); err != nil && err != io.EOF {
			w.Flush()
			c.FailErr("-", err)
			return 1
		}
	}
	if c.Canceled() {
		return 130
	}
	return status
}

// parseFactorArg reads a number as GNU factor does: blanks before it,
// an optional +, then decimal digits only.
func parseFactorArg(s string) (*big.Int, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	s = strings.TrimPrefix(s, "+")
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return nil, false
	}
	n, ok := new(big.Int).SetString(s, 10)
	return n, ok
}

// factorize returns the prime factors of n, smallest first, with their
// multiplicity; none for 0 and 1. Pollard's rho asks stop now and then,
// and gives up when it says so (a product of two primes of 60 bits each
// takes minutes, as in GNU's).
func factorize(n *big.Int, stop func() bool) []*big.Int {
	var out []*big.Int
	if n.IsUint64() {
		for _, f := range factor64(n.Uint64(), stop) {
			out = append(out, new(big.Int).SetUint64(f))
		}
		return out
	}
	n = new(big.Int).Set(n)
	// small primes first, then rho on what is left
	for _, p := range smallPrimes {
		bp := big.NewInt(int64(p))
		m := new(big.Int)
		for {
			q, r := new(big.Int).QuoRem(n, bp, m)
			if r.Sign() != 0 {
				break
			}
			out = append(out, bp)
			n = q
		}
	}
	var split func(m *big.Int)
	split = func(m *big.Int) {
		switch {
		case m.Cmp(big.NewInt(1)) == 0:
			return
		case m.IsUint64():
			for _, f := range factor64(m.Uint64(), stop) {
				out = append(out, new(big.Int).SetUint64(f))
			}
		case m.ProbablyPrime(25):
			out = append(out, m)
		default:
			if d := rhoBig(m, stop); d != nil {
				split(d)
				split(new(big.Int).Quo(m, d))
			}
		}
	}
	split(n)
	slices.SortFunc(out, func(a, b *big.Int) int { return a.Cmp(b) })
	return out
}

// smallPrimes are the primes below 1000, tried by division first.
var smallPrimes = func() []uint64 {
	var ps []uint64
	for i := uint64(2); i < 1000; i++ {
		prime := true
		for _, p := range ps {
			if p*p > i {
				break
			}
			if i%p == 0 {
				prime = false
				break
			}
		}
		if prime {
			ps = append(ps, i)
		}
	}
	return ps
}()

// factor64 factors n < 2^64.
func factor64(n uint64, stop func() bool) []uint64 {
	var out []uint64
	for _, p := range smallPrimes {
		if p*p > n {
			break
		}
		for n%p == 0 {
			out = append(out, p)
			n /= p
		}
	}
	var split func(m uint64)
	split = func(m uint64) {
		switch {
		case m == 1:
		case isPrime64(m):
			out = append(out, m)
		default:
			if d := rho64(m, stop); d != 0 {
				split(d)
				split(m / d)
			}
		}
	}
	if n > 1 {
		split(n)
	}
	slices.Sort(out)
	return out
}

func mulmod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return bits.Rem64(hi, lo, m)
}

func powmod(a, e, m uint64) uint64 {
	r := uint64(1)
	a %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulmod(r, a, m)
		}
		a = mulmod(a, a, m)
	}
	return r
}

// isPrime64 is Miller-Rabin with the bases that decide every n < 2^64.
func isPrime64(n uint64) bool {
	if n < 2 {
		return false
	}
	for _, p := range smallPrimes[:12] {
		if n%p == 0 {
			return n == p
		}
	}
	d, s := n-1, 0
	for d%2 == 0 {
		d, s = d/2, s+1
	}
	for _, a := range []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37} {
		x := powmod(a, d, n)
		if x == 1 || x == n-1 {
			continue
		}
		composite := true
		for i := 1; i < s; i++ {
			x = mulmod(x, x, n)
			if x == n-1 {
				composite = false
				break
			}
		}
		if composite {
			return false
		}
	}
	return true
}

// rho64 finds a proper divisor of the odd composite n (Pollard's rho,
// Floyd's cycle finding); 0 when stop said so.
func rho64(n uint64, stop func() bool) uint64 {
	if n%2 == 0 {
		return 2
	}
	for c := uint64(1); ; c++ {
		f := func(x uint64) uint64 { return (mulmod(x, x, n) + c) % n }
		x, y, d := uint64(2), uint64(2), uint64(1)
		for i := 1; d == 1; i++ {
			if i%4096 == 0 && stop() {
				return 0
			}
			x = f(x)
			y = f(f(y))
			diff := x - y
			if x < y {
				diff = y - x
			}
			d = gcd64(diff, n)
		}
		if d != n {
			return d
		}
	}
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// rhoBig is rho64 for numbers past 64 bits; nil when stop said so.
func rhoBig(n *big.Int, stop func() bool) *big.Int {
	if n.Bit(0) == 0 {
		return big.NewInt(2)
	}
	one := big.NewInt(1)
	for c := int64(1); ; c++ {
		bc := big.NewInt(c)
		f := func(x *big.Int) *big.Int {
			x.Mul(x, x).Add(x, bc).Mod(x, n)
			return x
		}
		x, y, d := big.NewInt(2), big.NewInt(2), big.NewInt(1)
		diff := new(big.Int)
		for i := 1; d.Cmp(one) == 0; i++ {
			if i%1024 == 0 && stop() {
				return nil
			}
			f(x)
			f(f(y))
			diff.Sub(x, y).Abs(diff)
			d.GCD(nil, nil, diff, n)
		}
		if d.Cmp(n) != 0 {
			return d
		}
	}
}
