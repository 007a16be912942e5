package builtins

import "testing"

// TestQuote: names quoted as GNU coreutils 9.1 quote them under LC_ALL=C
// (rm: cannot remove NAME; cat: NAME: ...), texts taken from the host's
// tools, including gnulib's second pass for a name with a quote and an
// escape at its end.
func TestQuote(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, quote, name string }{
		{"a", "'a'", "a"},
		{"a b", "'a b'", "'a b'"},
		{"it's", `"it's"`, `"it's"`},
		{"it's x", `"it's x"`, `"it's x"`},
		{"it's:x", `"it's:x"`, `"it's:x"`},
		{"it's!x", `'it'\''s!x'`, `'it'\''s!x'`},
		{"it's\"x", `'it'\''s"x'`, `'it'\''s"x'`},
		{"a$b", "'a$b'", "'a$b'"},
		{"n\nl", `'n'$'\n''l'`, `'n'$'\n''l'`},
		{"tab\tx", `'tab'$'\t''x'`, `'tab'$'\t''x'`},
		{"end\n", `'end'$'\n'`, `'end'$'\n'`},
		{"\n", `''$'\n'`, `''$'\n'`},
		{"a\x7fb", `'a'$'\177''b'`, `'a'$'\177''b'`},
		{"\xff", `''$'\377'`, `''$'\377'`},
		{"é", `''$'\303\251'`, `''$'\303\251'`},
		{"it's\n", `'''it'\''s'$'\n'`, `'''it'\''s'$'\n'`},
		{"\n'\n", `'\n'\'''$'\n'`, `'\n'\'''$'\n'`},
		{"a'b\nc'd", `'a'\''b'$'\n''c'\''d'`, `'a'\''b'$'\n''c'\''d'`},
		{"", "''", "''"},
		{"a/b.c", "'a/b.c'", "a/b.c"},
		{"-x", "'-x'", "-x"},
		{"a:b", "'a:b'", "'a:b'"},
		{"a#b", "'a#b'", "a#b"},
		{"#a", "'#a'", "'#a'"},
		{"x~", "'x~'", "x~"},
		{"~x", "'~x'", "'~x'"},
		{"{}", "'{}'", "{}"},
		{"}", "'}'", "'}'"},
		{"a=b", "'a=b'", "'a=b'"},
		{"a,b%c@d]e+f", "'a,b%c@d]e+f'", "a,b%c@d]e+f"},
	} {
		if got := Quote(tc.in); got != tc.quote {
			t.Errorf("Quote(%q) = %s, want %s", tc.in, got, tc.quote)
		}
		if got := QuoteName(tc.in); got != tc.name {
			t.Errorf("QuoteName(%q) = %s, want %s", tc.in, got, tc.name)
		}
	}
}
