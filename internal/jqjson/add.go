package jqjson

import (
	"errors"
	"math"
	"math/big"
	"strconv"

	"github.com/itchyny/gojq"
)

// plus is jq's a + b as gojq computes it (its funcOpAdd: the same
// results, the same error), with the order of an object sum recorded:
// a's keys, then b's new ones. The program's + goes through it, so that
// a + b costs a native call, not a jq function.
func (o *Order) plus(l, r any) any {
	switch l := l.(type) {
	case int:
		switch r := r.(type) {
		case int:
			if v := l + r; (v >= l) == (r >= 0) {
				return v
			}
			x, y := big.NewInt(int64(l)), big.NewInt(int64(r))
			return x.Add(x, y)
		case float64:
			return float64(l) + r
		case *big.Int:
			return new(big.Int).Add(big.NewInt(int64(l)), r)
		}
	case float64:
		switch r := r.(type) {
		case int:
			return l + float64(r)
		case float64:
			return l + r
		case *big.Int:
			return l + bigToFloat(r)
		}
	case *big.Int:
		switch r := r.(type) {
		case int:
			return new(big.Int).Add(l, big.NewInt(int64(r)))
		case float64:
			return bigToFloat(l) + r
		case *big.Int:
			return new(big.Int).Add(l, r)
		}
	case string:
		if r, ok := r.(string); ok {
			return l + r
		}
	case []any:
		if r, ok := r.([]any); ok {
			switch {
			case len(l) == 0:
				return r
			case len(r) == 0:
				return l
			}
			v := make([]any, len(l)+len(r))
			copy(v, l)
			copy(v[len(l):], r)
			return v
		}
	case map[string]any:
		if r, ok := r.(map[string]any); ok {
			switch {
			case len(l) == 0:
				return r
			case len(r) == 0:
				return l
			}
			m := make(map[string]any, len(l)+len(r))
			for k, v := range l {
				m[k] = v
			}
			for k, v := range r {
				m[k] = v
			}
			o.added(l, r, m)
			return m
		}
	}
	switch {
	case l == nil:
		return r
	case r == nil:
		return l
	}
	return errors.New("cannot add: " + typeErrorPreview(l) + " and " + typeErrorPreview(r))
}

// typeErrorPreview is how gojq names an operand in a type error.
func typeErrorPreview(v any) string {
	if v == nil {
		return "null"
	}
	return gojq.TypeOf(v) + " (" + gojq.Preview(v) + ")"
}

// bigToFloat is gojq's conversion of a big integer for arithmetic with a
// float.
func bigToFloat(x *big.Int) float64 {
	if x.IsInt64() {
		return float64(x.Int64())
	}
	if f, err := strconv.ParseFloat(x.String(), 64); err == nil {
		return f
	}
	return math.Inf(x.Sign())
}
