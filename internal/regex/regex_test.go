package regex

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// runRegexCase applies a pattern like the host tools that the expectations
// were taken from: mode "G"/"E" (plus i, w, x) behaves like grep -o (every
// non-empty match of every line, one per line); mode "sG"/"sE" (plus i)
// like sed 's/RE/<&>/g' on each line.
func runRegexCase(mode, pat, input string) (string, error) {
	o := Options{
		Extended: strings.Contains(mode, "E"),
		ICase:    strings.Contains(mode, "i"),
		Word:     strings.Contains(mode, "w"),
		Line:     strings.Contains(mode, "x"),
	}
	sed := strings.HasPrefix(mode, "s")
	if sed {
		o.Strict, o.Sed = true, true
	}
	m, err := Compile([]string{pat}, o)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for i, in := range strings.Split(input, "\n") {
		locs := m.FindAllSubmatchIndex([]byte(in), -1)
		if sed {
			if i > 0 {
				out.WriteString("\n")
			}
			last := 0
			for _, l := range locs {
				out.WriteString(in[last:l[0]] + "<" + in[l[0]:l[1]] + ">")
				last = l[1]
			}
			out.WriteString(in[last:])
			continue
		}
		for _, l := range locs {
			if l[1] > l[0] {
				out.WriteString(in[l[0]:l[1]] + "\n")
			}
		}
	}
	return out.String(), nil
}

// The expectations below are GNU grep 3.8 and GNU sed 4.9 (LC_ALL=C).
func TestRegexGNU(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ mode, pat, input, want, err string }{
		{`G`, `abc`, "xabcx\nabd", "abc\n", ""},
		{`G`, `a*`, `baaac`, "aaa\n", ""},
		{`G`, `*a`, `x*a`, "*a\n", ""},
		{`G`, `^*a`, `*a`, "*a\n", ""},
		{`G`, `x\(*a\)`, `x*a`, "x*a\n", ""},
		{`G`, `x\|*a`, `*a`, "*a\n", ""},
		{`G`, `\(^a\)`, `a`, "a\n", ""},
		{`G`, `x\(^a\)`, `x^a`, ``, ""},
		{`G`, `a^b`, `a^b`, "a^b\n", ""},
		{`G`, `a$b`, `a$b`, "a$b\n", ""},
		{`G`, `a$\|b`, "a$\nab", "b\n", ""},
		{`G`, `^^a`, "^a\na", "^a\n", ""},
		{`G`, `a$$`, "a$\na", "a$\n", ""},
		{`G`, `a\{2\}`, `aaa`, "aa\n", ""},
		{`G`, `a\{2,\}`, `aaaaa`, "aaaaa\n", ""},
		{`G`, `a\{,2\}`, `aaa`, "aa\na\n", ""},
		{`G`, `a\{1`, `a`, "", `Unmatched \{`},
		{`G`, `a\{2,1\}`, `aa`, "", `Invalid content of \{\}`},
		{`G`, `\{1\}x`, `{1}x`, "{1}x\n", ""},
		{`G`, `a\+b`, `aab`, "aab\n", ""},
		{`G`, `a\?b`, "ab\nb", "ab\nb\n", ""},
		{`G`, `a+b`, `a+b`, "a+b\n", ""},
		{`G`, `a|b`, `a|b`, "a|b\n", ""},
		{`G`, `\(ab\)\1`, "abab\nabba", "abab\n", ""},
		{`G`, `\(a\)\(b\)\2\1`, `abba`, "abba\n", ""},
		{`G`, `\1`, `a`, "", `Invalid back reference`},
		{`G`, `\(a\1\)`, `a`, "", `Invalid back reference`},
		{`G`, `[]a]`, `]a`, "]\na\n", ""},
		{`G`, `[^]a]`, `b]a`, "b\n", ""},
		{`G`, `[a-]`, `-a`, "-\na\n", ""},
		{`G`, `[\]`, `\\`, "\\\n\\\n", ""},
		{`G`, `[[:alpha:]]*`, `ab1c`, "ab\nc\n", ""},
		{`G`, `[[:foo:]]`, `a`, "", `Invalid character class name`},
		{`G`, `[:alpha:]`, `a`, "", `character class syntax is [[:space:]], not [:space:]`},
		{`G`, `[[:alpha:]`, `a`, "", `Unmatched [, [^, [:, [., or [=`},
		{`G`, `[z-a]`, `a`, "", `Invalid range end`},
		{`G`, `\w\+`, `foo bar_1`, "foo\nbar_1\n", ""},
		{`G`, `\W`, `a-b`, "-\n", ""},
		{`G`, `\s\S`, `a b`, " b\n", ""},
		{`G`, `\bfoo\b`, `foo foobar`, "foo\n", ""},
		{`G`, `\Boo\B`, `foo foobar`, "oo\n", ""},
		{`G`, `\<foo`, `foo xfoo`, "foo\n", ""},
		{`G`, `foo\>`, `foo foox`, "foo\n", ""},
		{`G`, `\<.`, `ab cd`, "a\nc\n", ""},
		{`G`, `.\>`, `ab cd`, "b\nd\n", ""},
		{`G`, `\<[a-z]*\>`, `ab cd`, "ab\ncd\n", ""},
		{`E`, `a|b`, `a|b`, "a\nb\n", ""},
		{`E`, `(ab)+`, `ababx`, "abab\n", ""},
		{`E`, `a{2}`, `aaa`, "aa\n", ""},
		{`E`, `a{,2}`, `aaa`, "aa\na\n", ""},
		{`E`, `a{`, `a{`, "a{\n", ""},
		{`E`, `a{1`, `a{1`, "a{1\n", ""},
		{`E`, `{1}`, `{1}`, "1}\n", ""},
		{`E`, `a{x}`, `a{x}`, "a{x}\n", ""},
		{`E`, `*a`, `x*a`, "a\n", ""},
		{`E`, `+a`, `+a`, "a\n", ""},
		{`E`, `a|*b`, `*b`, "b\n", ""},
		{`E`, `(*a)`, `*a`, "a\n", ""},
		{`E`, `a)`, `a)`, "a)\n", ""},
		{`E`, `(a`, `(a`, "", `Unmatched ( or \(`},
		{`E`, `()`, `a`, ``, ""},
		{`E`, `a||b`, `b`, "b\n", ""},
		{`E`, `(a)(b)\2\1`, `abba`, "abba\n", ""},
		{`E`, `a{1,2}{2}`, `aaaaa`, "aaaa\n", ""},
		{`E`, `x+?`, `xxx`, "xxx\n", ""},
		{`E`, `^a|b$`, "ab\nba", "a\nb\n", ""},
		{`E`, `(^a|b)c`, "ac\nbc\nxbc", "ac\nbc\nbc\n", ""},
		{`Ei`, `abc`, "ABC\naBc", "ABC\naBc\n", ""},
		{`Gi`, `[a-c]x`, "BX\nbx", "BX\nbx\n", ""},
		{`Gi`, `[[:upper:]]`, `a`, "a\n", ""},
		{`Gi`, `\(a\)\1`, `aA`, "aA\n", ""},
		{`Gw`, `foo`, `foo foobar xfoo foo_`, "foo\n", ""},
		{`Gw`, `fo*`, `foo foobar`, "foo\n", ""},
		{`Gw`, `@foo`, `@foo a@foo`, "@foo\n", ""},
		{`Gw`, `foo.*`, `foo bar foox`, "foo bar foox\n", ""},
		{`Gx`, `foo`, "foo\nfoox", "foo\n", ""},
		{`Ex`, `a|b`, "a\nb\nab", "a\nb\n", ""},
		{`G`, `a.c`, `a\tc`, ``, ""},
		{`sG`, `abc`, `xabcx`, `x<abc>x`, ""},
		{`sG`, `x*`, `abc`, `<>a<>b<>c<>`, ""},
		{`sG`, `b*`, `abc`, `<>a<b>c<>`, ""},
		{`sG`, `*a`, `x*a`, `x<*a>`, ""},
		{`sG`, `^*a`, `*a`, `<*a>`, ""},
		{`sG`, `\(*a\)`, `*a`, `<*a>`, ""},
		{`sG`, `\+a`, `+a`, `<+a>`, ""},
		{`sG`, `a\{1`, `a{1`, "", `Unmatched \{`},
		{`sG`, `\{1\}`, `{1}`, "", `Invalid preceding regular expression`},
		{`sG`, `a\n`, `a`, `a`, ""},
		{`sG`, `a\tb`, "a\tb", "<a\tb>", ""},
		{`sG`, `[\n]`, `anb`, `anb`, ""},
		{`sG`, `[\t]`, "a\tb", "a<\t>b", ""},
		{`sG`, `[\\]`, `a\\b`, `a<\><\>b`, ""},
		{`sG`, `[\]]`, `a]b`, `a]b`, ""},
		{`sG`, `[a\]]`, "a]b\na\\\\]b", "<a]>b\na\\<\\]>b", ""},
		{`sG`, `\<`, `ab cd`, `<>ab <>cd`, ""},
		{`sG`, `\>`, `ab cd`, `ab<> cd<>`, ""},
		{`sG`, `\b`, `ab cd`, `<>ab<> <>cd<>`, ""},
		{`sG`, `\B`, `ab cd`, `a<>b c<>d`, ""},
		{`sG`, `$`, `ab`, `ab<>`, ""},
		{`sG`, `^`, `ab`, `<>ab`, ""},
		{`sG`, "\\`", `ab`, `<>ab`, ""},
		{`sG`, `\(a\)\1`, `aaaa`, `<aa><aa>`, ""},
		{`sG`, `a\|b`, `ab`, `<a><b>`, ""},
		{`sG`, `\x41`, `A`, `<A>`, ""},
		{`sG`, `\d065`, `A`, `<A>`, ""},
		{`sG`, `\o101`, `A`, `<A>`, ""},
		{`sG`, `\cA`, `x`, `x`, ""},
		{`sG`, `a**`, `aaa`, "", `Invalid preceding regular expression`},
		{`sG`, `\(^a\)`, `aa`, `<a>a`, ""},
		{`sG`, `a^`, `a^`, `<a^>`, ""},
		{`sG`, `a$b`, `a$b`, `<a$b>`, ""},
		{`sE`, `*a`, `x*a`, "", `Invalid preceding regular expression`},
		{`sE`, `a|*b`, `*b`, "", `Invalid preceding regular expression`},
		{`sE`, `^*a`, `*a`, "", `Invalid preceding regular expression`},
		{`sE`, `a)`, `a)`, "", `Unmatched ) or \)`},
		{`sE`, `a{1`, `a{1`, "", `Unmatched \{`},
		{`sE`, `{1}`, `{1}`, "", `Invalid preceding regular expression`},
		{`sE`, `a{`, `a{`, "", `Unmatched \{`},
		{`sE`, `a{x}`, `a{x}`, "", `Invalid content of \{\}`},
		{`sE`, `a{,2}`, `aaa`, `<aa><a>`, ""},
		{`sE`, `(a|)+b`, `aab`, `<aab>`, ""},
		{`sE`, `a+*`, `aaa`, `<aaa>`, ""},
		{`sE`, `(a)\1`, `aa`, `<aa>`, ""},
		{`sE`, `()`, `ab`, `<>a<>b<>`, ""},
		{`sEi`, `A`, `aA`, `<a><A>`, ""},
		{`sG`, `\w`, `a_-`, `<a><_>-`, ""},
		{`sG`, `[[:space:]]`, `a b`, `a< >b`, ""},
		{`sG`, `a\{3\}`, `aaaa`, `<aaa>a`, ""},
		{`Gw`, `a.*`, `ab a_b ab`, "ab a_b ab\n", ""},
		{`Gw`, `[a-z]*`, `foo bar`, "foo\nbar\n", ""},
		{`Gw`, `b`, `a_b b`, "b\n", ""},
		{`G`, `\(a*\)\1x`, `aaaax`, "aaaax\n", ""},
		{`E`, `(a|ab)(c|bcd)(d*)`, `abcd`, "abcd\n", ""},
		{`E`, `(a+)(b+)?\2`, `aabb`, "aabb\n", ""},
		{`G`, `\(.\)\1`, `hello aab`, "ll\naa\n", ""},
		{`Gi`, `\(.\)\1`, `aA bB`, "aA\nbB\n", ""},
		{`E`, `x{0}y`, `xy`, "y\n", ""},
		{`E`, `(ab|a)(bc|c)?`, `abc`, "abc\n", ""},
		{`G`, `.*`, `abc`, "abc\n", ""},
		{`Gx`, `a\|ab`, `ab`, "ab\n", ""},
		{`Gw`, `a\|ab`, `ab`, "ab\n", ""},
		{`E`, `\<(a|b)`, `a b ca`, "a\nb\n", ""},
		{`E`, `(a|b)\>`, `a b ac`, "a\nb\n", ""},
		{`G`, `\.`, `a.b`, ".\n", ""},
		{`G`, `\*`, `a*b`, "*\n", ""},
		{`G`, `\[`, `a[b`, "[\n", ""},
		{`G`, `a\]`, `a]b`, "a]\n", ""},
		{`E`, `\{`, `a{b`, "{\n", ""},
		{`E`, `\(`, `a(b`, "(\n", ""},
		{`E`, `[.]`, `a.b`, ".\n", ""},
		{`G`, `[[.-.]a]`, `-a`, "-\na\n", ""},
		{`G`, `[[=a=]b]`, `ab`, "a\nb\n", ""},
		{`G`, `[a-c-e]`, `-d`, "", `Invalid range end`},
		{`E`, `a{1}{2}`, `aaa`, "aa\n", ""},
		{`G`, `[a-z[:digit:]]\+`, `ab12-C3`, "ab12\n3\n", ""},
		{`G`, `[]-a]\+`, `]-a-b`, "]\na\n", ""},
		{`G`, `[^-a]\+`, `b-ac`, "b\nc\n", ""},
		{`G`, `x\{0\}y`, `xy`, "y\n", ""},
		{`G`, `ab\|cd`, `abcd acd`, "ab\ncd\ncd\n", ""},
		{`G`, `\(\(a\)b\)\2`, `aba abb`, "aba\n", ""},
		{`G`, `\(a\|b\)*c`, `abac`, "abac\n", ""},
		{`G`, `\(^a\|b$\)`, "ab\nba", "a\nb\n", ""},
		{`G`, `a\(b$\)`, "ab\nabc", "ab\n", ""},
		{`G`, `a\(b$\)\|c`, "ab\nc", "ab\nc\n", ""},
		{`E`, `(a|b)*c`, `abac`, "abac\n", ""},
		{`E`, `a{0}b`, `ab`, "b\n", ""},
		{`E`, `a{1,}b`, `aab`, "aab\n", ""},
		{`E`, `(a)(b)(c)(d)(e)(f)(g)(h)(i)\9`, `abcdefghii`, "abcdefghii\n", ""},
		{`E`, `[[:alpha:]_][[:alnum:]_]*`, `9foo_bar1 x`, "foo_bar1\nx\n", ""},
		{`E`, `\w+@\w+\.com`, `mail bob@ex.com now`, "bob@ex.com\n", ""},
		{`E`, `^$`, "\na", ``, ""},
		{`E`, `^`, `a`, ``, ""},
		{`E`, `a|^b`, "cb\nb", "b\n", ""},
		{`E`, `x$|^y`, `yx`, "y\nx\n", ""},
		{`Gi`, `[[:lower:]]\+`, `aBcD`, "aBcD\n", ""},
		{`Gi`, `\(ab\)\1`, `abAB`, "abAB\n", ""},
		{`Ei`, `[^a]`, `A`, ``, ""},
		{`Ex`, `[0-9]+`, "123\n12a", "123\n", ""},
		{`Ew`, `[0-9]+`, `a 12 b3 45`, "12\n45\n", ""},
		{`G`, `a\{,\}`, `aaa`, "aaa\n", ""},
		{`E`, `a{,}`, `aaa`, "aaa\n", ""},
		{`G`, `[.]`, `a.b`, ".\n", ""},
		{`G`, `[\n]`, `n\\`, "n\n\\\n\\\n", ""},
		{`G`, `\n`, `n`, "n\n", ""},
		{`G`, `\t`, `t`, "t\n", ""},
		{`G`, `[[:space:][:punct:]]`, `a b.c`, " \n.\n", ""},
		{`G`, `[a\]]\+`, `a\\]`, "\\]\n", ""},
		{`sG`, `\n`, `anb`, `anb`, ""},
		{`sG`, `[[:alpha:]]\{2\}`, `abcde`, `<ab><cd>e`, ""},
		{`sE`, `(ab|a)(bc|c)`, `abc`, `<abc>`, ""},
		{`sE`, `a**`, `aaa`, `<aaa>`, ""},
		{`sE`, `a+?`, `aaa`, `<aaa>`, ""},
		{`sE`, `(a*)+`, `aaa`, `<aaa>`, ""},
		{`sE`, `(a*)*b`, `aab`, `<aab>`, ""},
		{`sG`, `\(a*\)*b`, `aab`, `<aab>`, ""},
		{`sG`, `a\{1,3\}\{2\}`, `aaaaaaa`, "", `Invalid preceding regular expression`},
	} {
		t.Run(tc.mode+" "+tc.pat, func(t *testing.T) {
			t.Parallel()
			got, err := runRegexCase(tc.mode, tc.pat, tc.input)
			errs := ""
			if err != nil {
				errs = err.Error()
			}
			if got != tc.want || errs != tc.err {
				t.Errorf("%s %q on %q: got (%q, %q), want (%q, %q)", tc.mode, tc.pat, tc.input, got, errs, tc.want, tc.err)
			}
		})
	}
}

func TestCompileRegexSyntax(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pat     string
		ext, ic bool
		want    string
		wantErr string
	}{
		{`a.c`, false, false, `(?s)a.c`, ""},
		{`a\+b\?`, false, false, `(?s)(?:a)+(?:b)?`, ""},
		{`a+b?`, false, false, `(?s)a\+b\?`, ""},
		{`a+b?`, true, false, `(?s)(?:a)+(?:b)?`, ""},
		{`\(x\)\{2,3\}`, false, false, `(?s)(?:(x)){2,3}`, ""},
		{`x{2,}|y{,3}`, true, false, `(?s)(?:(?:x){2,}|(?:y){0,3})`, ""},
		{`^a$`, false, true, `(?si)^a$`, ""},
		{`[[:digit:]x-z]`, false, false, `(?s)[\x{30}-\x{39}\x{78}-\x{7a}]`, ""},
		{`[^]]`, false, false, `(?s)[^\x{5d}]`, ""},
		{`\<ab\>`, false, false, `(?s)\bab\b`, ""},
		{"\\`a\\'", false, false, `(?s)\Aa\z`, ""},
		{`a\Bb\W`, false, false, `(?s)a\Bb[^\x{30}-\x{39}\x{41}-\x{5a}\x{5f}\x{61}-\x{7a}]`, ""},
		{`(a)\1`, true, false, "", "back-references are not supported"},
		{`\<.`, false, false, "", "back-references are not supported"},
		{`a\{1`, false, false, "", `Unmatched \{`},
		{`a\`, false, false, "", "Trailing backslash"},
		{`a\{40000\}`, false, false, "", "Regular expression too big"},
	} {
		re, err := compileRegex(tc.pat, tc.ext, tc.ic)
		got, errs := "", ""
		if err != nil {
			errs = err.Error()
		} else {
			got = re.String()
		}
		if got != tc.want || errs != tc.wantErr {
			t.Errorf("compileRegex(%q, %v, %v) = (%q, %q), want (%q, %q)", tc.pat, tc.ext, tc.ic, got, errs, tc.want, tc.wantErr)
		}
	}
}

// The backtracker must find the same leftmost-longest matches as RE2.
func TestBacktrackerAgreesWithRE2(t *testing.T) {
	t.Parallel()
	inputs := []string{"", "a", "abc", "aaa bbb", "xabcabcy", "foo bar_baz qux", "ab\nba", "a-b-c", "mississippi"}
	for _, pat := range []string{
		`a*`, `b*`, `a\|b`, `\(a\|ab\)\(c\|bcd\)`, `[a-c]\+`, `x*y*`, `\w\+`, `\W`, `^a`, `a$`,
		`\bb`, `\Bb`, `.\{2,3\}`, `\(ab\)*c`, `s\+i`, `\(ss\|s\)i`, `i\(ss\)\?`, `[^a]`, `\s`,
	} {
		for _, ic := range []bool{false, true} {
			o := Options{ICase: ic}
			m, err := Compile([]string{pat}, o)
			if err != nil {
				t.Fatalf("%q: %v", pat, err)
			}
			p := &reParser{s: pat, o: o}
			root, err := p.parse()
			if err != nil {
				t.Fatal(err)
			}
			bt := &btMatcher{root: root, ncap: p.ngroups, icase: ic}
			for _, in := range inputs {
				want := m.FindAllSubmatchIndex([]byte(in), -1)
				got := bt.FindAllSubmatchIndex([]byte(in), -1)
				if len(got) != len(want) {
					t.Errorf("%q on %q: backtracker %v, RE2 %v", pat, in, got, want)
					continue
				}
				for i := range got {
					if got[i][0] != want[i][0] || got[i][1] != want[i][1] {
						t.Errorf("%q on %q: backtracker %v, RE2 %v", pat, in, got, want)
						break
					}
				}
				if bt.Match([]byte(in)) != m.Match([]byte(in)) {
					t.Errorf("%q on %q: Match differs", pat, in)
				}
			}
		}
	}
}

func TestCompileMatcherOptions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		patterns []string
		o        Options
		input    string
		want     string // first match and its groups, "|"-separated; "-" for none
	}{
		{"renumbered backrefs", []string{`\(a\)\1`, `\(b\)\1`}, Options{}, "xbb", "bb||b"},
		{"first pattern", []string{`\(a\)\1`, `\(b\)\1`}, Options{}, "aab", "aa|a|"},
		{"literal", []string{`a.b`, `[x]`}, Options{Literal: true}, "axb a.b [x]", "a.b"},
		{"literal icase", []string{`A.B`}, Options{Literal: true, ICase: true}, "a.b", "a.b"},
		{"no patterns", nil, Options{}, "abc", "-"},
		{"empty pattern", []string{""}, Options{}, "abc", ""},
		{"multiline", []string{`^b$`}, Options{Multiline: true}, "a\nb\nc", "b"},
		{"not multiline", []string{`^b$`}, Options{}, "a\nb\nc", "-"},
		{"multiline bt", []string{`^\(b\)\1$`}, Options{Multiline: true}, "a\nbb\nc", "bb|b"},
		{"dot matches newline", []string{`a.b`}, Options{}, "a\nb", "a\nb"},
		{"big repeat", []string{`a\{1001\}`}, Options{}, strings.Repeat("a", 1002), strings.Repeat("a", 1001)},
		{"word bt", []string{`a.*`}, Options{Word: true}, "ab_ ab", "ab_ ab"},
		{"word nonword edges", []string{`-`}, Options{Word: true}, "a-b - c", "-"},
		{"line", []string{`a\|ab`}, Options{Line: true}, "ab", "ab"},
		{"sed escapes", []string{`a\tb\n`}, Options{Sed: true}, "a\tb\n", "a\tb\n"},
		{"utf8", []string{`é.`}, Options{}, "xéèy", "éè"},
		{"icase backref", []string{`\(a\)\1`}, Options{ICase: true}, "aA", "aA|a"},
		{"unset group", []string{`\(a\)*b\1`}, Options{}, "b", "-"},
	} {
		m, err := Compile(tc.patterns, tc.o)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		got := "-"
		if loc := m.FindSubmatchIndex([]byte(tc.input)); loc != nil {
			var parts []string
			for i := 0; i < len(loc); i += 2 {
				if loc[i] < 0 {
					parts = append(parts, "")
				} else {
					parts = append(parts, tc.input[loc[i]:loc[i+1]])
				}
			}
			got = strings.Join(parts, "|")
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A pathological pattern must not hang the backtracker, and giving up
// must not pass for "no match": Err says the budget ran out. Patterns with
// back-references on long lines stay within it.
func TestBacktrackerBudget(t *testing.T) {
	t.Parallel()
	m, err := Compile([]string{`\(a*\)*\1b`}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Match([]byte("aab")) || Err(m) != nil {
		t.Fatalf("a short line: want a match and no error, got err %v", Err(m))
	}
	if m.Match([]byte(strings.Repeat("a", 31))) || !errors.Is(Err(m), ErrTooComplex) {
		t.Fatalf("31 a's: want no answer and ErrTooComplex, got %v", Err(m))
	}
	for _, c := range []struct{ pat, text string }{
		{`\(ab*\)\1`, strings.Repeat("xy", 50000) + "abbabb"},
		{`\([a-z]*\) \1`, strings.Repeat("word ", 20000)},
		{`^\(.*\)\1$`, strings.Repeat("ab", 2000)},
	} {
		m, err := Compile([]string{c.pat}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !m.Match([]byte(c.text)) || Err(m) != nil {
			t.Errorf("%s on %d bytes: want a match within the budget, got err %v", c.pat, len(c.text), Err(m))
		}
	}
}

// FuzzCompileMatcher checks that no pattern panics the parser, and that
// the backtracker finds the same first match as RE2 for patterns both run.
func FuzzCompileMatcher(f *testing.F) {
	for _, s := range []string{`a\(b*\)c`, `[[:alpha:]]\{2,\}`, `x\|^y$`, `\<w`, `(a|b)+c?`, `[]^-]`, `a{,3}`} {
		f.Add(s, "xaabbbc yy", false)
		f.Add(s, "aAbB", true)
	}
	f.Fuzz(func(t *testing.T, pat, input string, ext bool) {
		if len(pat) > 64 || len(input) > 64 {
			return
		}
		o := Options{Extended: ext}
		start := time.Now()
		defer func() {
			if d := time.Since(start); d > time.Second {
				t.Fatalf("%q on %q took %v", pat, input, d)
			}
		}()
		m, err := Compile([]string{pat}, o)
		if err != nil {
			return
		}
		// text that is not UTF-8 goes through raw runes, offsets back
		for _, loc := range m.FindAllSubmatchIndex([]byte(input), -1) {
			if loc[0] < 0 || loc[0] > loc[1] || loc[1] > len(input) {
				t.Fatalf("%q on %q: match at %v", pat, input, loc)
			}
		}
		if !utf8.ValidString(pat) || !utf8.ValidString(input) {
			return // raw runes: the engines below see the pattern as it is
		}
		re, isRE2 := Regexp(m)
		p := &reParser{s: pat, o: o}
		root, err := p.parse()
		if err != nil {
			t.Fatalf("%q compiled but does not parse: %v", pat, err)
		}
		bt := &btMatcher{root: root, ncap: p.ngroups}
		got := bt.FindSubmatchIndex([]byte(input))
		if !isRE2 || bt.Err() != nil {
			return
		}
		want := re.FindSubmatchIndex([]byte(input))
		if (got == nil) != (want == nil) || got != nil && (got[0] != want[0] || got[1] != want[1]) {
			t.Errorf("%q on %q: backtracker %v, RE2 %v", pat, input, got, want)
		}
	})
}

// BenchmarkBacktrackerBudget is the time a pathological line costs before
// the backtracker gives up (its whole budget).
func BenchmarkBacktrackerBudget(b *testing.B) {
	m, err := Compile([]string{`\(a*\)*\1b`}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	line := []byte(strings.Repeat("a", 31))
	for b.Loop() {
		m.Match(line)
	}
}
