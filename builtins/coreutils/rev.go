package coreutils

import (
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
)

func revCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "rev",
		Summary: "reverse the characters of each line",
		Usage: `Usage: rev [OPTION]... [FILE]...
Write each line of the files with its characters in reverse order.
UTF-8 characters stay whole; other bytes (NUL too) are reversed one by one.
With no FILE, or when FILE is -, read standard input.

  -0, --zero    use the NUL byte as line separator
`,
		Run: runRev,
	}
}

func runRev(c *builtins.Call) int {
	fl := c.Flags()
	zero := fl.BoolP("zero", "0", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	sep := byte('\n')
	if *zero {
		sep = 0
	}
	return mapRecords(c, fl.Args(), sep, func(line []byte) []byte {
		end := line[len(line)-1] == sep
		if end {
			line = line[:len(line)-1]
		}
		out := reverseUTF8(line)
		if end {
			out = append(out, sep)
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
