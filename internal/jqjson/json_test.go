package jqjson

import (
	"math"
	"math/big"
	"testing"
)

func TestFormatFloat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f    float64
		want string
	}{
		{0.1, "0.1"}, {1e15, "1000000000000000"}, {1e16, "1e+16"}, {123456789012345680, "123456789012345680"},
		{1.5e-4, "0.00015"}, {1e-4, "0.0001"}, {1.2e-5, "1.2e-05"}, {-2.5, "-2.5"}, {1e100, "1e+100"},
		{math.Inf(-1), "-1.7976931348623157e+308"}, {3, "3"}, {0, "0"},
	} {
		if got := formatFloat(tc.f); got != tc.want {
			t.Errorf("formatFloat(%v) = %q, want %q", tc.f, got, tc.want)
		}
	}
	if got := formatNumber(new(big.Int).Lsh(big.NewInt(1), 70)); got != "1180591620717411303424" {
		t.Errorf("big: %s", got)
	}
}
