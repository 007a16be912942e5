package coreutils

import (
	"strings"
	"testing"
)

func TestBase64(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 60)
	runDataCases(t, map[string]string{"f": "hello\n", "long": long}, []dataCase{
		{args: "base64 f", out: "aGVsbG8K\n"},
		{args: "base64", stdin: "abc", out: "YWJj\n"},
		{args: "base64 -", stdin: "", out: ""},
		{args: "base64 long", out: strings.Repeat("eHh4", 19) + "\n" + "eHh4\n"},
		{args: "base64 -w 8", stdin: "abcdefghij", out: "YWJjZGVm\nZ2hpag==\n"},
		{args: "base64 -w 4", stdin: "abc", out: "YWJj\n"},
		{args: "base64 -w 0", stdin: "abcdefghij", out: "YWJjZGVmZ2hpag=="},
		{args: "base64 -d", stdin: "aGVsbG8K\n", out: "hello\n"},
		{args: "base64 --decode", stdin: "YWJj\nZGVm", out: "abcdef"},
		{args: "base64 -d", stdin: "YQ==\nYg==", out: "ab"},
		{args: "base64 -d", stdin: "YQ", out: "a", err: "base64: invalid input\n", status: 1},
		{args: "base64 -d", stdin: "YW=Jj", out: "a", err: "base64: invalid input\n", status: 1},
		{args: "base64 -d", stdin: "Y Q==", err: "base64: invalid input\n", status: 1},
		{args: "base64 -di", stdin: "Y*Q=\n=", out: "a"},
		{args: "base64 -w x", err: "base64: invalid wrap size: 'x'\n", status: 1},
		{args: "base64 a b", err: "base64: extra operand 'b'\nTry 'base64 --help' for more information.\n", status: 1},
		{args: "base64 nope", err: "base64: nope: No such file or directory\n", status: 1},
	})
}

func TestBase32(t *testing.T) {
	t.Parallel()
	runDataCases(t, nil, []dataCase{
		{args: "base32", stdin: "a", out: "ME======\n"},
		{args: "base32", stdin: "abc", out: "MFRGG===\n"},
		{args: "base32 -w 4", stdin: "abc", out: "MFRG\nG===\n"},
		{args: "base32 -d", stdin: "MFRGG===\n", out: "abc"},
		{args: "base32 -d", stdin: "MFRGG", err: "base32: invalid input\n", status: 1},
		{args: "base32 -d -i", stdin: "MF-RGG===", out: "abc"},
	})
}
