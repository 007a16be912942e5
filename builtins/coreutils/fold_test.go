package coreutils

import "testing"

func TestFold(t *testing.T) {
	t.Parallel()
	runDataCases(t, map[string]string{"f": "the quick brown fox jumps\n"}, []dataCase{
		{args: "fold -w 10 f", out: "the quick \nbrown fox \njumps\n"},
		{args: "fold -w 7 f", out: "the qui\nck brow\nn fox j\numps\n"},
		{args: "fold -s -w 7 f", out: "the \nquick \nbrown \nfox \njumps\n"},
		{args: "fold -sw 12 f", out: "the quick \nbrown fox \njumps\n"},
		{args: "fold -12 f", out: "the quick br\nown fox jump\ns\n"},
		{args: "fold -w 3", stdin: "a\tbc\n", out: "a\n\t\nbc\n"},
		{args: "fold -b -w 3", stdin: "a\tbc\n", out: "a\tb\nc\n"},
		{differs: "a UTF-8 character is one column; GNU 9.1 counts bytes in the C locale", args: "fold -w 2", stdin: "héllo", out: "hé\nll\no"},
		{args: "fold -b -w 2", stdin: "ab\bcd\n", out: "ab\n\bc\nd\n"},
		{args: "fold -w 2", stdin: "ab\bcd\n", out: "ab\bc\nd\n"},
		{args: "fold", stdin: "short\n", out: "short\n"},
		{args: "fold -w 0", err: "fold: invalid number of columns: '0': Numerical result out of range\n", status: 1},
		{args: "fold -w x", err: "fold: invalid number of columns: 'x'\n", status: 1},
		{args: "fold nope", err: "fold: nope: No such file or directory\n", status: 1},
	})
}
