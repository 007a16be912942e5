package coreutils

import (
	"regexp"

	"github.com/moonix-sh/moonix/internal/regex"
)

// regexLiteral is what a compiled pattern says of its literal text, for
// the fast paths of grep and sed: prefix is a literal that every match
// starts with ("" when there is none), and whole says that the pattern is
// that literal and nothing else (no anchors, no case folding, no flags
// but (?s)), so that its matches are the literal's occurrences.
func regexLiteral(m regex.Matcher) (prefix string, whole bool) {
	re, ok := regex.Regexp(m)
	if !ok {
		return "", false
	}
	prefix, _ = re.LiteralPrefix()
	if regex.HasRaw(prefix) {
		return "", false // bytes the text holds as they are, not as runes
	}
	return prefix, prefix != "" && re.String() == "(?s)"+regexp.QuoteMeta(prefix)
}
