package coreutils

import "testing"

func TestQuote(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"a":       "'a'",
		"a b":     "'a b'",
		"it's":    `"it's"`,
		"it's\"x": `'it'\''s"x'`,
		"a$b":     "'a$b'",
		"n\nl":    `'n'$'\n''l'`,
		"tab\tx":  `'tab'$'\t''x'`,
		"end\n":   `'end'$'\n'''`,
	} {
		if got := quote(in); got != want {
			t.Errorf("quote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestQuoteIfNeeded(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "''", "a/b.c": "a/b.c", "-x": "-x", "a b": "'a b'", "it's": `"it's"`} {
		if got := quoteIfNeeded(in); got != want {
			t.Errorf("quoteIfNeeded(%q) = %s, want %s", in, got, want)
		}
	}
}
