package coreutils

// maxProgramNesting bounds how deeply the program of jq or awk may nest
// brackets: their parsers (and what walks their syntax trees) recurse once
// per level, and a program nested some hundred thousand levels overflows
// Go's stack, which kills the whole process rather than the command. Real
// programs nest a few dozen levels.
const maxProgramNesting = 1000

// tooDeep reports whether src nests (), [] or {} deeper than
// maxProgramNesting, outside "strings" (with backslash escapes) and #
// comments, the lexical rules jq and awk share. Anything else that
// brackets might mean (an awk regular expression) only counts for more, which
// the generous limit allows for.
func tooDeep(src string) bool {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '[', '{':
			depth++
			if depth > maxProgramNesting {
				return true
			}
		case ')', ']', '}':
			depth--
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		}
	}
	return false
}
