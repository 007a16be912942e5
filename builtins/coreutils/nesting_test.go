package coreutils

import (
	"strings"
	"testing"
)

// TestProgramNesting: a jq or awk program nested deeper than the parsers'
// recursion can take is refused with one line, instead of overflowing Go's
// stack (a fatal error that killed the whole session); programs nested as
// deeply as real ones run, and brackets in strings and comments do not
// count.
func TestProgramNesting(t *testing.T) {
	t.Parallel()
	deep := maxProgramNesting + 1
	files := map[string]string{
		"/work/deep.jq":  strings.Repeat("[", 200000) + strings.Repeat("]", 200000),
		"/work/deep.awk": "BEGIN { print " + strings.Repeat("(", 200000) + "1" + strings.Repeat(")", 200000) + " }",
		"/work/edge.jq":  strings.Repeat("[", deep) + strings.Repeat("]", deep),
		"/work/ok.jq":    strings.Repeat("[", 100) + "1" + strings.Repeat("]", 100) + " | flatten",
	}
	runCasesFresh(t, files, []cmdCase{
		{[]string{"jq", "-n", "-f", "deep.jq"}, "", "", "jq: error: program nested too deeply (limit 1000) at deep.jq\njq: 1 compile error\n", 3},
		{[]string{"jq", "-n", "-f", "edge.jq"}, "", "", "jq: error: program nested too deeply (limit 1000) at edge.jq\njq: 1 compile error\n", 3},
		{[]string{"jq", "-n", "-c", "-f", "ok.jq"}, "", "[1]\n", "", 0},
		{[]string{"jq", "-n", "-r", `"((((" # [[[[`}, "", "((((\n", "", 0},
		{[]string{"awk", "-f", "deep.awk"}, "", "", "awk: program nested too deeply (limit 1000)\n", 2},
		{[]string{"awk", `BEGIN { print "((((" } # {{{{`}, "", "((((\n", "", 0},
	})
}
