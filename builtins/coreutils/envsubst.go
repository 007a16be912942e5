package coreutils

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func envsubstCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "envsubst",
		Summary: "substitute environment variables in a text",
		Usage: `Usage: envsubst [OPTION] [SHELL-FORMAT]

Substitutes the values of environment variables.

  -v, --variables   output the variables occurring in SHELL-FORMAT

In normal operation mode, standard input is copied to standard output,
with references to environment variables of the form $VARIABLE or ${VARIABLE}
being replaced with the corresponding values.  If a SHELL-FORMAT is given,
only those environment variables that are referenced in SHELL-FORMAT are
substituted; otherwise all environment variables references occurring in
standard input are substituted.

When --variables is used, standard input is ignored, and the output consists
of the environment variables that are referenced in SHELL-FORMAT, one per line.
-h and -V are short for the help and the version options, as in gettext.
`,
		Run: runEnvsubst,
	}
}

func runEnvsubst(c *builtins.Call) int {
	for i, a := range c.Args[1:] {
		if a == "--" {
			break
		}
		if long, ok := map[string]string{"-h": "--help", "-V": "--version"}[a]; ok {
			c.Args[i+1] = long // gettext's short names of the two
		}
	}
	fl := c.Flags()
	vars := fl.BoolP("variables", "v", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	switch {
	case len(ops) > 1:
		c.Fail("too many arguments")
		return 1
	case *vars && len(ops) == 0:
		c.Fail("missing arguments")
		return 1
	case *vars:
		for _, ref := range shellRefs(ops[0]) {
			fmt.Fprintln(c.Stdout, ref.name)
		}
		return 0
	}
	var only map[string]bool
	if len(ops) == 1 {
		only = map[string]bool{}
		for _, ref := range shellRefs(ops[0]) {
			only[ref.name] = true
		}
	}
	in := bufio.NewReader(c.Stdin)
	out := bufio.NewWriter(c.Stdout)
	defer out.Flush()
	for {
		line, err := in.ReadString('\n')
		if line != "" {
			out.WriteString(substRefs(line, func(name string) (string, bool) {
				if only != nil && !only[name] {
					return "", false
				}
				v, _ := c.LookupEnv(name)
				return v, true
			}))
		}
		if err == io.EOF {
			return 0
		}
		if err != nil {
			out.Flush()
			c.FailErr("-", err)
			return 1
		}
		if c.Canceled() {
			return 130
		}
	}
}

// shellRef is a reference to a variable in a text, $NAME or ${NAME}, at
// text[start:end].
type shellRef struct {
	name       string
	start, end int
}

// shellRefs finds the references of s, in order, as gettext's envsubst
// reads them: a name is a letter or _ then letters, digits and _;
// ${NAME} must close at once (${A:-x} is no reference).
func shellRefs(s string) []shellRef {
	var refs []shellRef
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		j, braced := i+1, false
		if j < len(s) && s[j] == '{' {
			j, braced = j+1, true
		}
		k := j
		for k < len(s) && (s[k] == '_' || isAlpha(s[k]) || k > j && s[k] >= '0' && s[k] <= '9') {
			k++
		}
		if k == j {
			continue
		}
		if braced {
			if k >= len(s) || s[k] != '}' {
				continue
			}
			k++
			refs = append(refs, shellRef{s[j : k-1], i, k})
		} else {
			refs = append(refs, shellRef{s[j:k], i, k})
		}
		i = k - 1
	}
	return refs
}

func isAlpha(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// substRefs replaces the references of s by what value gives, leaving
// those it declines.
func substRefs(s string, value func(name string) (string, bool)) string {
	refs := shellRefs(s)
	if len(refs) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, r := range refs {
		v, ok := value(r.name)
		if !ok {
			continue
		}
		b.WriteString(s[last:r.start])
		b.WriteString(v)
		last = r.end
	}
	b.WriteString(s[last:])
	return b.String()
}
