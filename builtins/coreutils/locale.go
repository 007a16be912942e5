package coreutils

import (
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// byteLocale reports whether the command runs in a locale of bytes:
// LC_ALL, else LC_CTYPE, else LANG names one that is not UTF-8, such as
// C or POSIX. With none of them set, moonix's locale is UTF-8, as the
// shell's is (internal/engine's byteLocale): awk counts characters and
// grep's . matches one, as GNU's tools do under LC_ALL=C.UTF-8.
func byteLocale(c *builtins.Call) bool {
	for _, name := range [...]string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v, _ := c.LookupEnv(name); v != "" {
			v = strings.ToLower(v)
			return !strings.Contains(v, "utf-8") && !strings.Contains(v, "utf8")
		}
	}
	return false
}
