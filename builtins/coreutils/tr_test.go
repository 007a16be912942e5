package coreutils

import (
	"strings"
	"testing"
)

// Expectations are GNU tr 9.1's (LC_ALL=C), with lower-case messages on
// one line.
func TestTr(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	runCases(t, fsys, []cmdCase{
		{[]string{`tr`, `a-z`, `A-Z`}, "hello\n", "HELLO\n", "", 0},
		{[]string{`tr`, `lo`, `x`}, "hello\n", "hexxx\n", "", 0},
		{[]string{`tr`, `-t`, `lo`, `xy`}, "hello\n", "hexxy\n", "", 0},
		{[]string{`tr`, `lo`, ""}, "hello\n", "", "tr: when not truncating set1, string2 must be non-empty\n", 1},
		{[]string{`tr`, `-s`, `ab`}, "aabbcc\n", "abcc\n", "", 0},
		{[]string{`tr`, `-s`, `ab`, `xy`}, "aabbcc\n", "xycc\n", "", 0},
		{[]string{`tr`, `-d`, `a`}, "aabbcc\n", "bbcc\n", "", 0},
		{[]string{`tr`, `-ds`, `a`, `b`}, "aabbcc\n", "bcc\n", "", 0},
		{[]string{`tr`, `-cd`, `a-z\n`}, "hello 123\n", "hello\n", "", 0},
		{[]string{`tr`, `-c`, `l`, `x`}, "hello\n", `xxllxx`, "", 0},
		{[]string{`tr`, `-C`, `l\n`, `x`}, "hello\n", "xxllx\n", "", 0},
		{[]string{`tr`, `--complement`, `--delete`, `0-9`}, "a1b2\n", `12`, "", 0},
		{[]string{`tr`, `a-c`, `[x*]`}, "abc\n", "xxx\n", "", 0},
		{[]string{`tr`, `a-d`, `x[y*2]z`}, "abcd\n", "xyyz\n", "", 0},
		{[]string{`tr`, `[a*2]`, `x`}, "abc\n", "xbc\n", "", 0},
		{[]string{`tr`, `z-a`, `x`}, "abc\n", "", "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n", 1},
		{[]string{`tr`, `-d`}, "abc\n", "", "tr: missing operand\nTry 'tr --help' for more information.\n", 1},
		{[]string{`tr`}, "abc\n", "", "tr: missing operand\nTry 'tr --help' for more information.\n", 1},
		{[]string{`tr`, `a`}, "abc\n", "", "tr: missing operand after 'a'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n", 1},
		{[]string{`tr`, `a`, `b`, `c`}, "abc\n", "", "tr: extra operand 'c'\nTry 'tr --help' for more information.\n", 1},
		{[]string{`tr`, `-d`, `a`, `b`}, "abc\n", "", "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n", 1},
		{[]string{`tr`, `[:lower:]`, `[:upper:]`}, "aBc\n", "ABC\n", "", 0},
		{[]string{`tr`, `[:upper:]`, `[:lower:]`}, "aBc\n", "abc\n", "", 0},
		{[]string{`tr`, `a-z`, `[:upper:]`}, "aBc\n", "", "tr: misaligned [:upper:] and/or [:lower:] construct\n", 1},
		{[]string{`tr`, `[:alpha:]`, `x`}, "aBc1\n", "xxx1\n", "", 0},
		{[]string{`tr`, `[:space:]`, `\n`}, "a b\tc\n", "a\nb\nc\n", "", 0},
		{[]string{`tr`, `abc`, `\101\102`}, "abc\n", "ABB\n", "", 0},
		{[]string{`tr`, `\\`, `/`}, "a\\b\n", "a/b\n", "", 0},
		{[]string{`tr`, `[=a=]`, `x`}, "abc\n", "xbc\n", "", 0},
		{[]string{`tr`, `-s`, `a`}, "aaa\n", "a\n", "", 0},
		{[]string{`tr`, `[:foo:]`, `x`}, "abc\n", "", "tr: invalid character class 'foo'\n", 1},
		{[]string{`tr`, `a-`, `x`}, "a-b\n", "xxb\n", "", 0},
		{[]string{`tr`, `a\-b`, `x`}, "a-b\n", "xxx\n", "", 0},
		{[]string{`tr`, `[a-c]`, `x`}, "a[b]c\n", "xxxxx\n", "", 0},
		{[]string{`tr`, `[a*]`, `x`}, "a\n", "", "tr: the [c*] repeat construct may not appear in string1\n", 1},
		{[]string{`tr`, `aa`, `xy`}, "a\n", "y\n", "", 0},
		{[]string{`tr`, `-cs`, `a-zA-Z`, `\n`}, "hello, world!\n", "hello\nworld\n", "", 0},
		{[]string{`tr`, `-c`, `a`, `[x*]`}, "abc\n", `axxx`, "", 0},
		{[]string{`tr`, `[:lower:][:upper:]`, `[:upper:][:lower:]`}, "aBc\n", "AbC\n", "", 0},
		{[]string{`tr`, `ab`, `[:upper:]`}, "ab\n", "", "tr: misaligned [:upper:] and/or [:lower:] construct\n", 1},
		{[]string{`tr`, `[:upper:]`, `[:upper:]`}, "xyz\n", "xyz\n", "", 0},
		{[]string{`tr`, `-d`, `[:digit:]`}, "a1b22\n", "ab\n", "", 0},
		{[]string{`tr`, `-s`, `[:digit:]a`}, "aa11\n", "a1\n", "", 0},
		{[]string{`tr`, `-t`, `a`, ""}, "aa\n", "aa\n", "", 0},
		{[]string{`tr`, `-t`, `abc`, `x`}, "ab\n", "xb\n", "", 0},
		{[]string{`tr`, `-c`, `-t`, `ab`, `x`}, "ab\n", "ab\n", "", 0},
		{[]string{`tr`, `--bogus`}, "a\n", "", "tr: unrecognized option '--bogus'\nTry 'tr --help' for more information.\n", 1},
		{[]string{`tr`, `[a*0]`, `x`}, "ab\n", "", "tr: the [c*] repeat construct may not appear in string1\n", 1},
		{[]string{`tr`, `a`, `[b*z]`}, "ab\n", "", "tr: invalid repeat count 'z' in [c*n] construct\n", 1},
		{[]string{`tr`, `abcd`, `[x*010]`}, "abcd\n", "xxxx\n", "", 0},
		{[]string{`tr`, `-s`, ` `}, "a    b  c\n", "a b c\n", "", 0},
		{[]string{`tr`, `a-z`, `n-za-m`}, "hello\n", "uryyb\n", "", 0},
		{[]string{`tr`, `\n`, ` `}, "a\nb\n", `a b `, "", 0},
		{[]string{`tr`, `-d`, `\015`}, "a\x0d\n", "a\n", "", 0},
		{[]string{`tr`, `[:digit:]`, `[:alpha:]`}, "1\n", "", "tr: when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'\n", 1},
		{[]string{`tr`, `-s`, `[:upper:]`, `[:lower:]`}, "AAbb\n", "ab\n", "", 0},
		{[]string{`tr`, `ab`, `[x*][y*]`}, "ab\n", "", "tr: only one [c*] repeat construct may appear in string2\n", 1},
		{[]string{`tr`, `[:punct:]`, `_`}, "a.b,c!\n", "a_b_c_\n", "", 0},
		{[]string{`tr`, `-d`, `[:cntrl:][:blank:]`}, "a b\tc\x01\n", `abc`, "", 0},
		{[]string{`tr`, `[:xdigit:]`, `X`}, "0fG\n", "XXG\n", "", 0},
		{[]string{`tr`, `-d`, `a`, `-s`}, "", "", "tr: extra operand '-s'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n", 1},
		differs("tr prints no portability warnings", cmdCase{[]string{`tr`, `\400`, `x`}, "abc 0\n", "abcxx\n", "", 0}),
		differs("tr prints no portability warnings", cmdCase{[]string{`tr`, `a\`, `x`}, "a\\b\n", "xxb\n", "", 0}),
		{[]string{`tr`, `[=ab=]`, `x`}, "", "", "tr: ab: equivalence class operand must be a single character\n", 1},
		{[]string{`tr`, "\x80-\xff", `_`}, "a\xc3\xa9\n", "a__\n", "", 0},
	})
}

func TestTrLargeInput(t *testing.T) {
	t.Parallel()
	in := strings.Repeat("ab", 50000)
	out, _, status := runCmd(t, testTree(t), in, "tr", "-s", "ab", "xx")
	if status != 0 || out != "x" {
		t.Errorf("got %d bytes, status %d", len(out), status)
	}
}

// TestTrTranslate covers translation alone, done in place on each block
// read: every byte value (NUL, invalid and multi-byte UTF-8 included),
// input longer than a block, no final newline, empty input.
func TestTrTranslate(t *testing.T) {
	t.Parallel()
	var all []byte
	for i := range 256 {
		all = append(all, byte(i))
	}
	in := strings.Repeat(string(all), 600) + "caf\xc3\xa9 no newline"
	upper := func(s string) string {
		b := []byte(s)
		for i, ch := range b {
			if ch >= 'a' && ch <= 'z' {
				b[i] = ch - 'a' + 'A'
			}
		}
		return string(b)
	}
	runCases(t, testTree(t), []cmdCase{
		{[]string{"tr", "a-z", "A-Z"}, in, upper(in), "", 0},
		{[]string{"tr", "\\000-\\377", "\\001-\\377\\000"}, string(all), string(all[1:]) + "\x00", "", 0},
		{[]string{"tr", "a-z", "A-Z"}, "", "", "", 0},
	})
}
