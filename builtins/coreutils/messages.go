package coreutils

// How the file commands word their messages: GNU's quoting of names in
// them, its usage line and its "cannot ... 'NAME': reason".

import (
	"fmt"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// usageError reports a usage error such as a missing operand and returns 2.
func usageError(c *builtins.Call, format string, args ...any) int {
	c.Fail("%s (try '%s --help')", fmt.Sprintf(format, args...), c.Name())
	return 2
}

// failOn reports "cmd: what 'name': reason", GNU's wording for most file
// errors ("cannot remove 'x': no such file or directory").
func failOn(c *builtins.Call, what, name string, err error) {
	c.FailWith(err, "%s %s: %s", what, quote(name), builtins.Reason(err))
}

// quote quotes a name for a message the way GNU coreutils do under
// LC_ALL=C (shell-escape-always style): 'a b', "it's", and $'\n' for
// control characters.
func quote(s string) string {
	special := false
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			special = true
			break
		}
	}
	if !special {
		if !strings.Contains(s, "'") {
			return "'" + s + "'"
		}
		if !strings.ContainsAny(s, "\"$`\\") {
			return `"` + s + `"`
		}
	}
	var b strings.Builder
	b.WriteByte('\'')
	open := true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\'':
			if open {
				b.WriteString(`'\''`)
			} else {
				b.WriteString(`\''`)
				open = true
			}
		case ch < 0x20 || ch == 0x7f:
			if open {
				b.WriteByte('\'')
				open = false
			}
			b.WriteString("$'")
			if letter, ok := cLetter(ch); ok {
				b.WriteByte('\\')
				b.WriteByte(letter)
			} else {
				fmt.Fprintf(&b, `\%03o`, ch)
			}
			b.WriteByte('\'')
		default:
			if !open {
				b.WriteByte('\'')
				open = true
			}
			b.WriteByte(ch)
		}
	}
	if open {
		b.WriteByte('\'')
	} else {
		b.WriteString("''")
	}
	return b.String()
}

// quoteIfNeeded quotes a name only when it needs it (GNU's quotef), for
// messages of the form "cmd: name: reason".
func quoteIfNeeded(s string) string {
	if s == "" {
		return "''"
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || strings.IndexByte("_./+:,%@=-^", ch) >= 0) {
			return quote(s)
		}
	}
	return s
}
