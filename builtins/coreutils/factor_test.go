package coreutils

import "testing"

func TestFactor(t *testing.T) {
	t.Parallel()
	runCasesFresh(t, nil, []cmdCase{
		{Args: []string{"factor", "12", "1", "0", "+12", "007", " 8"}, Out: "12: 2 2 3\n1:\n0:\n12: 2 2 3\n7: 7\n8: 2 2 2\n"},
		{Args: []string{"factor", "97", "4294967291", "18446744073709551557", "1000000016000000063"},
			Out: "97: 97\n4294967291: 4294967291\n18446744073709551557: 18446744073709551557\n1000000016000000063: 1000000007 1000000009\n"},
		{Args: []string{"factor", "18446744073709551615", "18446744073709551617", "618970019642690137449562111", "4951760154835678088235319297"},
			Out: "18446744073709551615: 3 5 17 257 641 65537 6700417\n18446744073709551617: 274177 67280421310721\n" +
				"618970019642690137449562111: 618970019642690137449562111\n4951760154835678088235319297: 2147483647 2305843009213693951\n"},
		{Args: []string{"factor", "1606938044258990275541962092341162602522202993782792835301377"},
			Out: "1606938044258990275541962092341162602522202993782792835301377: 257 1601 25601 82471201 4278255361 432363203127002885506543172618401\n"},
		differs("GNU 9.1 prints a number past 128 bits before the smaller ones it holds in its buffer when the output is a pipe; moonix keeps the order of the operands",
			cmdCase{Args: []string{"factor", "12", "340282366920938463463374607431768211455"}, Out: "12: 2 2 3\n340282366920938463463374607431768211455: 3 5 17 257 641 65537 274177 6700417 67280421310721\n"}),
		{Args: []string{"factor"}, Stdin: "10 20\n 30\n\n4 x 6", Out: "10: 2 5\n20: 2 2 5\n30: 2 3 5\n4: 2 2\n6: 2 3\n", Err: "factor: 'x' is not a valid positive integer\n", Status: 1},
		{Args: []string{"factor", "abc", "--", "-3", "9 ", "0x10", ""}, Err: "factor: 'abc' is not a valid positive integer\nfactor: '-3' is not a valid positive integer\nfactor: '9 ' is not a valid positive integer\nfactor: '0x10' is not a valid positive integer\nfactor: '' is not a valid positive integer\n", Status: 1},
		{Args: []string{"factor", "-3"}, Err: "factor: invalid option -- '3'\nTry 'factor --help' for more information.\n", Status: 1},
	})
}
