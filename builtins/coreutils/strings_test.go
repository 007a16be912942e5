package coreutils

import "testing"

func TestStrings(t *testing.T) {
	t.Parallel()
	bin := "ab\x00hello\tworld\x01xyzw\nline two\xff\xfebytes1234\x80"
	wide := "x\x00a\x00b\x00c\x00d\x00\x00\x00y\x00z\x00w\x00v\x00u"
	runDataCases(t, map[string]string{"f": bin, "w": wide}, []dataCase{
		{args: "strings f", out: "hello\tworld\nxyzw\nline two\nbytes1234\n"},
		{args: "strings", stdin: bin, out: "hello\tworld\nxyzw\nline two\nbytes1234\n"},
		{args: "strings -n 2 -t x f", out: "      0 ab\n      3 hello\tworld\n      f xyzw\n     14 line two\n     1e bytes1234\n"},
		{args: "strings -td -n3 f", out: "      3 hello\tworld\n     15 xyzw\n     20 line two\n     30 bytes1234\n"},
		{args: "strings -o -5 f", out: "      3 hello\tworld\n     24 line two\n     36 bytes1234\n"},
		{args: "strings --bytes=9 -f f", out: "f: hello\tworld\nf: bytes1234\n"},
		{args: "strings -w f", out: "hello\tworld\nxyzw\nline two\nbytes1234\n"},
		{args: "strings -e S -n 9 f", out: "hello\tworld\nline two\xff\xfebytes1234\x80\n"},
		{argv: []string{"strings", "-s", "|", "f"}, out: "hello\tworld|xyzw|line two|bytes1234|"},
		{args: "strings -e l -t x -n 3 w", out: "      0 xabcd\n      c yzwv\n"},
		{args: "strings -e b -n 3 w", out: "abcd\nyzwvu\n"},
		{args: "strings -e b -n 3", stdin: "\x00h\x00e\x00l\x00l\x00o", out: "hello\n"},
		{args: "strings -eL -td", stdin: "abcd\x00\x00\x00e\x00\x00\x00f\x00\x00\x00g\x00\x00\x00h\x00\x00\x00", out: "      3 defgh\n"},
		{args: "strings nope f", out: "hello\tworld\nxyzw\nline two\nbytes1234\n", err: "strings: 'nope': No such file\n", status: 1},
		{args: "strings -n 0 f", err: "strings: invalid minimum string length 0\nTry 'strings --help' for more information.\n", status: 1,
			differs: "binutils prints its whole usage after the message"},
		{args: "strings -t q f", err: "strings: invalid radix 'q'\nTry 'strings --help' for more information.\n", status: 1,
			differs: "binutils prints only its whole usage"},
		{args: "strings -e q f", err: "strings: invalid encoding 'q'\nTry 'strings --help' for more information.\n", status: 1,
			differs: "binutils prints only its whole usage"},
	})
}
