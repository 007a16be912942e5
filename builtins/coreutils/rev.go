package coreutils

import (
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
)

func revCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "rev",
		Summary: "reverse the characters of each line",
		Usage: `Usage: rev [FILE]...
Write each line of the files with its characters in reverse order.
UTF-8 characters stay whole; other bytes are reversed one by one.
With no FILE, or when FILE is -, read standard input.
`,
		Run: runRev,
	}
}

func runRev(c *builtins.Call) int {
	fl := c.Flags()
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	return mapLines(c, fl.Args(), func(line []byte) []byte {
		nl := line[len(line)-1] == '\n'
		if nl {
			line = line[:len(line)-1]
		}
		out := reverseUTF8(line)
		if nl {
			out = append(out, '\n')
		}
		return out
	})
}

// reverseUTF8 reverses b by characters, keeping UTF-8 sequences whole.
func reverseUTF8(b []byte) []byte {
	out := make([]byte, len(b))
	j := len(b)
	for i := 0; i < len(b); {
		_, size := utf8.DecodeRune(b[i:])
		j -= size
		copy(out[j:], b[i:i+size])
		i += size
	}
	return out
}
