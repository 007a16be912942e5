package bc

import "math/big"

// GNU bc's math library (-l), computed with math/big's floats to more
// digits than scale and cut toward zero to scale, as GNU's results are:
// s(x) sine, c(x) cosine, a(x) arctangent, l(x) natural logarithm (of
// x <= 0: -(10^scale - 1), as GNU's gives), e(x) exponential, j(n,x)
// Bessel function of integer order n.

// mathCall runs a math library function; ok is false when name is none.
func (in *Interp) mathCall(x *call) (v num, ok bool, err error) {
	want := 1
	switch x.name {
	case "s", "c", "a", "l", "e":
	case "j":
		want = 2
	default:
		return num{}, false, nil
	}
	if len(x.args) != want {
		return num{}, true, in.fail("Parameter number mismatch")
	}
	args := make([]num, want)
	for i, a := range x.args {
		if args[i], err = in.eval(a); err != nil {
			return num{}, true, err
		}
	}
	scale := in.scale
	prec := uint(float64(scale+max(args[want-1].digits(), 1)+20)*3.33) + 64
	f := func(n num) *big.Float {
		v := new(big.Float).SetPrec(prec).SetInt(n.v)
		return v.Quo(v, new(big.Float).SetPrec(prec).SetInt(pow10(n.scale)))
	}
	var r *big.Float
	arg := f(args[want-1])
	switch x.name {
	case "s":
		r = fsin(arg, prec)
	case "c":
		r = fcos(arg, prec)
	case "a":
		r = fatan(arg, prec)
	case "e":
		r = fexp(arg, prec)
	case "l":
		if arg.Sign() <= 0 {
			return neg(sub(num{pow10(scale), 0}, intNum(1))).rescale(scale), true, nil
		}
		r = flog(arg, prec)
	case "j":
		r = fbessel(args[0].toInt(), arg, prec)
	}
	// as for ^: a result past 2^24 bits (5 million digits) is refused,
	// it would take minutes to print that nothing could interrupt
	// (e(QQQQQQQ0) has some 100 million)
	if r.MantExp(nil) > 1<<24 {
		return num{}, true, in.fail("exponent too large in raise")
	}
	return fromFloat(r, scale), true, nil
}

// fromFloat cuts f toward zero to scale digits; 0 stays 0.
func fromFloat(f *big.Float, scale int) num {
	m := new(big.Float).SetPrec(f.Prec()).SetInt(pow10(scale))
	m.Mul(m, f)
	i, _ := m.Int(nil)
	if i.Sign() == 0 {
		return intNum(0)
	}
	return num{i, scale}
}

func newF(prec uint, x int64) *big.Float { return new(big.Float).SetPrec(prec).SetInt64(x) }

// series sums terms until one is below 2^-prec of the sum.
func small(t *big.Float, prec uint) bool {
	return t.Sign() == 0 || t.MantExp(nil) < -int(prec)-8
}

func fexp(x *big.Float, prec uint) *big.Float {
	if x.Sign() < 0 {
		r := fexp(new(big.Float).SetPrec(prec).Neg(x), prec)
		return new(big.Float).SetPrec(prec).Quo(newF(prec, 1), r)
	}
	// e^x = (e^(x/2^k))^(2^k), with x/2^k below 1/2
	k := 0
	y := new(big.Float).SetPrec(prec).Set(x)
	half := new(big.Float).SetPrec(prec).SetFloat64(0.5)
	for y.Cmp(half) > 0 {
		y.Quo(y, newF(prec, 2))
		k++
	}
	sum, term := newF(prec, 1), newF(prec, 1)
	for n := int64(1); ; n++ {
		term.Mul(term, y)
		term.Quo(term, newF(prec, n))
		sum.Add(sum, term)
		if small(term, prec) {
			break
		}
	}
	for ; k > 0; k-- {
		sum.Mul(sum, sum)
	}
	return sum
}

// flog is ln x for x > 0: x = m*2^e, ln x = 2 atanh((m-1)/(m+1)) + e ln 2.
func flog(x *big.Float, prec uint) *big.Float {
	m := new(big.Float).SetPrec(prec)
	e := x.MantExp(m) // x = m * 2^e, m in [0.5, 1)
	r := atanh2(m, prec)
	if e != 0 {
		ln2 := atanh2(newF(prec, 2), prec)
		r.Add(r, ln2.Mul(ln2, newF(prec, int64(e))))
	}
	return r
}

// atanh2 is 2 atanh((m-1)/(m+1)) = ln m.
func atanh2(m *big.Float, prec uint) *big.Float {
	one := newF(prec, 1)
	z := new(big.Float).SetPrec(prec).Sub(m, one)
	z.Quo(z, new(big.Float).SetPrec(prec).Add(m, one))
	z2 := new(big.Float).SetPrec(prec).Mul(z, z)
	sum := new(big.Float).SetPrec(prec).Set(z)
	pw := new(big.Float).SetPrec(prec).Set(z)
	for n := int64(3); ; n += 2 {
		pw.Mul(pw, z2)
		t := new(big.Float).SetPrec(prec).Quo(pw, newF(prec, n))
		sum.Add(sum, t)
		if small(t, prec) {
			break
		}
	}
	return sum.Mul(sum, newF(prec, 2))
}

// fatan: |x| > 1 through pi/2 - atan(1/x); the argument halved
// (atan x = 2 atan(x/(1+sqrt(1+x^2)))) until small, then the series.
func fatan(x *big.Float, prec uint) *big.Float {
	one := newF(prec, 1)
	if x.Sign() < 0 {
		r := fatan(new(big.Float).SetPrec(prec).Neg(x), prec)
		return r.Neg(r)
	}
	if x.Cmp(one) > 0 {
		inv := new(big.Float).SetPrec(prec).Quo(one, x)
		r := fatan(inv, prec)
		halfPi := fpi(prec)
		halfPi.Quo(halfPi, newF(prec, 2))
		return halfPi.Sub(halfPi, r)
	}
	y := new(big.Float).SetPrec(prec).Set(x)
	k := 0
	tenth := new(big.Float).SetPrec(prec).SetFloat64(0.1)
	for y.Cmp(tenth) > 0 {
		s := new(big.Float).SetPrec(prec).Mul(y, y)
		s.Add(s, one).Sqrt(s).Add(s, one)
		y.Quo(y, s)
		k++
	}
	y2 := new(big.Float).SetPrec(prec).Mul(y, y)
	sum := new(big.Float).SetPrec(prec).Set(y)
	pw := new(big.Float).SetPrec(prec).Set(y)
	for n := int64(3); ; n += 2 {
		pw.Mul(pw, y2)
		pw.Neg(pw)
		t := new(big.Float).SetPrec(prec).Quo(pw, newF(prec, n))
		sum.Add(sum, t)
		if small(t, prec) {
			break
		}
	}
	for ; k > 0; k-- {
		sum.Mul(sum, newF(prec, 2))
	}
	return sum
}

// fpi is pi: 16 atan(1/5) - 4 atan(1/239).
func fpi(prec uint) *big.Float {
	a := fatan(new(big.Float).SetPrec(prec).Quo(newF(prec, 1), newF(prec, 5)), prec)
	b := fatan(new(big.Float).SetPrec(prec).Quo(newF(prec, 1), newF(prec, 239)), prec)
	a.Mul(a, newF(prec, 16))
	b.Mul(b, newF(prec, 4))
	return a.Sub(a, b)
}

// fsin reduces x modulo 2 pi and sums the series.
func fsin(x *big.Float, prec uint) *big.Float {
	prec += uint(max(x.MantExp(nil), 0)) // the reduction loses the integer bits
	twoPi := fpi(prec)
	twoPi.Mul(twoPi, newF(prec, 2))
	q := new(big.Float).SetPrec(prec).Quo(x, twoPi)
	qi, _ := q.Int(nil)
	y := new(big.Float).SetPrec(prec).SetInt(qi)
	y.Mul(y, twoPi)
	y.Sub(new(big.Float).SetPrec(prec).Set(x), y)
	y2 := new(big.Float).SetPrec(prec).Mul(y, y)
	sum := new(big.Float).SetPrec(prec).Set(y)
	term := new(big.Float).SetPrec(prec).Set(y)
	for n := int64(1); ; n++ {
		term.Mul(term, y2)
		term.Quo(term, newF(prec, (2*n)*(2*n+1)))
		term.Neg(term)
		sum.Add(sum, term)
		if small(term, prec) {
			break
		}
	}
	return sum
}

// fcos is sin(x + pi/2).
func fcos(x *big.Float, prec uint) *big.Float {
	p := prec + uint(max(x.MantExp(nil), 0))
	halfPi := fpi(p)
	halfPi.Quo(halfPi, newF(p, 2))
	return fsin(halfPi.Add(halfPi, x), prec)
}

// fbessel is J_n(x) = sum (-1)^k (x/2)^(2k+n) / (k! (n+k)!).
func fbessel(nb *big.Int, x *big.Float, prec uint) *big.Float {
	n := nb.Int64()
	sign := int64(1)
	if n < 0 {
		n = -n
		if n%2 == 1 {
			sign = -1
		}
	}
	prec += uint(max(x.MantExp(nil), 0)) * 4
	h := new(big.Float).SetPrec(prec).Quo(x, newF(prec, 2))
	h2 := new(big.Float).SetPrec(prec).Mul(h, h)
	term := newF(prec, 1)
	for i := int64(1); i <= n; i++ {
		term.Mul(term, h)
		term.Quo(term, newF(prec, i))
	}
	sum := new(big.Float).SetPrec(prec).Set(term)
	for k := int64(1); ; k++ {
		term.Mul(term, h2)
		term.Quo(term, newF(prec, k*(n+k)))
		term.Neg(term)
		sum.Add(sum, term)
		if hf, _ := h2.Float64(); small(term, prec) && float64(k*(n+k)) > hf {
			break
		}
	}
	return sum.Mul(sum, newF(prec, sign))
}
