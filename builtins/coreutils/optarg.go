package coreutils

import (
	"slices"
	"strings"
)

// gluedOptional rewrites the short options of args (args[0] is the
// command name) whose argument is optional and glued to them, as
// getopt's "x::" options are (xargs -e[EOF], -i[REPL], -l[N]): pflag
// would read "-eEOF" as -e -E -O -F. "-xVALUE" becomes "--LONG=VALUE"
// and a lone "-x" (or one ending a group, "-rx") "--LONG", where LONG
// is optional[x]. takesValue lists the short options whose argument is
// required: the rest of their word, or the next word, is theirs;
// longValues the long options whose argument may be the next word. When
// interspersed is false the options end at the first operand.
func gluedOptional(args []string, optional map[byte]string, takesValue string, longValues []string, interspersed bool) []string {
	out := []string{args[0]}
	for k := 1; k < len(args); k++ {
		a := args[k]
		if a == "--" {
			return append(out, args[k:]...)
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			out = append(out, a)
			if !interspersed && (len(a) < 2 || a[0] != '-') {
				return append(out, args[k+1:]...)
			}
			if slices.Contains(longValues, strings.TrimPrefix(a, "--")) && k+1 < len(args) {
				out = append(out, args[k+1])
				k++
			}
			continue
		}
		kept := false
		for j := 1; j < len(a); j++ {
			if long, ok := optional[a[j]]; ok {
				if j > 1 {
					out = append(out, a[:j])
				}
				if j == len(a)-1 {
					out = append(out, "--"+long)
				} else {
					out = append(out, "--"+long+"="+a[j+1:])
				}
				kept = true
				break
			}
			if strings.IndexByte(takesValue, a[j]) >= 0 {
				out = append(out, a)
				if j == len(a)-1 && k+1 < len(args) {
					out = append(out, args[k+1])
					k++
				}
				kept = true
				break
			}
		}
		if !kept {
			out = append(out, a)
		}
	}
	return out
}
