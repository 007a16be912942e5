package bc

import (
	"math/big"
	"strings"
)

// num is a decimal number of bc: v / 10^scale, exactly.
type num struct {
	v     *big.Int
	scale int
}

var (
	bigTen = big.NewInt(10)
	bigOne = big.NewInt(1)
)

func pow10(n int) *big.Int {
	if n <= 0 {
		return big.NewInt(1)
	}
	return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil)
}

func intNum(i int64) num { return num{v: big.NewInt(i)} }

func (a num) isZero() bool { return a.v.Sign() == 0 }

// rescale gives a the scale s, cutting digits toward zero or adding
// zeros.
func (a num) rescale(s int) num {
	switch {
	case s == a.scale:
		return a
	case s > a.scale:
		return num{new(big.Int).Mul(a.v, pow10(s-a.scale)), s}
	}
	return num{new(big.Int).Quo(a.v, pow10(a.scale-s)), s}
}

// truncate cuts a to at most s fraction digits.
func (a num) truncate(s int) num {
	if a.scale > s {
		return a.rescale(s)
	}
	return a
}

func align(a, b num) (num, num) {
	s := max(a.scale, b.scale)
	return a.rescale(s), b.rescale(s)
}

func add(a, b num) num {
	a, b = align(a, b)
	return num{new(big.Int).Add(a.v, b.v), a.scale}
}

func sub(a, b num) num {
	a, b = align(a, b)
	return num{new(big.Int).Sub(a.v, b.v), a.scale}
}

func cmp(a, b num) int {
	a, b = align(a, b)
	return a.v.Cmp(b.v)
}

func neg(a num) num { return num{new(big.Int).Neg(a.v), a.scale} }

// mul is bc's product: exact, then cut to min(a+b, max(scale, a, b))
// fraction digits.
func mul(a, b num, scale int) num {
	r := num{new(big.Int).Mul(a.v, b.v), a.scale + b.scale}
	return r.truncate(min(a.scale+b.scale, max(scale, a.scale, b.scale)))
}

// div is a/b with scale fraction digits, cut toward zero; b is not 0.
func div(a, b num, scale int) num {
	n := new(big.Int).Mul(a.v, pow10(scale+b.scale))
	d := new(big.Int).Mul(b.v, pow10(a.scale))
	return num{n.Quo(n, d), scale}
}

// mod is a - (a/b)*b, the quotient with scale digits, the result with
// max(scale+b, a) digits.
func mod(a, b num, scale int) num {
	q := div(a, b, scale)
	p := num{new(big.Int).Mul(q.v, b.v), q.scale + b.scale}
	return sub(a, p).truncate(max(scale+b.scale, a.scale))
}

// power is a^e for an integer e (its fraction already dropped).
func power(a num, e *big.Int, scale int) num {
	if e.Sign() == 0 {
		return intNum(1)
	}
	abs := new(big.Int).Abs(e)
	r := num{new(big.Int).Exp(a.v, abs, nil), 0}
	if abs.IsInt64() && abs.Int64() < 1<<20 {
		r.scale = a.scale * int(abs.Int64())
	}
	if e.Sign() < 0 {
		return div(intNum(1), r, scale)
	}
	return r.truncate(min(r.scale, max(scale, a.scale)))
}

// sqrtNum is the square root of a >= 0 with max(scale, a) digits.
func sqrtNum(a num, scale int) num {
	if a.isZero() || cmp(a, intNum(1)) == 0 {
		return intNum(int64(a.v.Sign())) // GNU bc gives 0 and 1 as they are, with no fraction
	}
	rs := max(scale, a.scale)
	x := new(big.Int).Mul(a.v, pow10(2*rs-a.scale))
	return num{x.Sqrt(x), rs}
}

// toInt is a's integer part.
func (a num) toInt() *big.Int { return a.rescale(0).v }

// digits is the count of significant digits (length()).
func (a num) digits() int {
	if a.isZero() {
		if a.scale > 0 {
			return a.scale
		}
		return 1
	}
	s := new(big.Int).Abs(a.v).String()
	return max(len(s), a.scale)
}

// format writes a in base obase, as bc prints it.
func (a num) format(obase int) string {
	if a.isZero() {
		return "0"
	}
	var b strings.Builder
	if a.v.Sign() < 0 {
		b.WriteByte('-')
	}
	abs := num{new(big.Int).Abs(a.v), a.scale}
	ip := abs.rescale(0).v
	frac := sub(abs, num{ip, 0})
	if obase == 10 {
		if ip.Sign() != 0 {
			b.WriteString(ip.String())
		}
		if a.scale > 0 {
			s := frac.v.String()
			b.WriteString("." + strings.Repeat("0", a.scale-len(s)) + s)
		}
		return b.String()
	}
	width := len(itoa(obase - 1))
	first := false // the first digit after the point has no blank before it
	digit := func(d int) {
		if obase <= 16 {
			b.WriteByte("0123456789ABCDEF"[d])
			return
		}
		s := itoa(d)
		if !first {
			b.WriteByte(' ')
		}
		first = false
		b.WriteString(strings.Repeat("0", width-len(s)) + s)
	}
	if ip.Sign() != 0 {
		var ds []int
		base := big.NewInt(int64(obase))
		m := new(big.Int)
		for x := new(big.Int).Set(ip); x.Sign() > 0; {
			x.QuoRem(x, base, m)
			ds = append(ds, int(m.Int64()))
		}
		for i := len(ds) - 1; i >= 0; i-- {
			digit(ds[i])
		}
	} else if obase > 16 && a.scale == 0 {
		digit(0)
	}
	if a.scale > 0 {
		b.WriteByte('.')
		first = true
		t := big.NewInt(1)
		limit := pow10(a.scale)
		ob := intNum(int64(obase))
		for t.Cmp(limit) < 0 {
			frac = num{new(big.Int).Mul(frac.v, ob.v), frac.scale}
			d := frac.rescale(0).v
			digit(int(d.Int64()))
			frac = sub(frac, num{d, 0})
			t.Mul(t, ob.v)
		}
	}
	return b.String()
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }
