package coreutils

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func cmpCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "cmp",
		UsageStatus: 2,
		TryHelp:     "cmp: Try 'cmp --help' for more information.\n",
		Summary:     "compare two files byte by byte",
		Usage: `Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]
Compare two files byte by byte.

  -b, --print-bytes          print the differing bytes
  -i, --ignore-initial=SKIP  skip the first SKIP bytes of both inputs
  -i, --ignore-initial=SKIP1:SKIP2  skip SKIP1 and SKIP2 bytes
  -l, --verbose              print the offset and octal values of every difference
  -n, --bytes=LIMIT          compare at most LIMIT bytes
  -s, --quiet, --silent      print nothing; only the exit status tells
SKIP and LIMIT may have a suffix: kB 1000, K 1024, MB, M, GB, G.
FILE2 defaults to standard input, as does -.
Exit status: 0 same, 1 different, 2 trouble.
`,
		Run: runCmp,
	}
}

// parseByteCount reads a byte count with an optional multiplier suffix.
func parseByteCount(s string) (int64, bool) {
	mult := int64(1)
	units := []struct {
		suffix string
		mult   int64
	}{
		{"kB", 1000}, {"MB", 1000 * 1000}, {"GB", 1000 * 1000 * 1000},
		{"KiB", 1024}, {"MiB", 1 << 20}, {"GiB", 1 << 30},
		{"K", 1024}, {"k", 1024}, {"M", 1 << 20}, {"G", 1 << 30}, {"b", 512},
	}
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) && len(s) > len(u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mult {
		return 0, false
	}
	return n * mult, true
}

// visByte renders a byte the way cmp -b does: printable as is, others in
// cat -v notation.
func visByte(c byte) string {
	var b []byte
	if c < 32 || c >= 127 {
		if c >= 128 {
			b = append(b, 'M', '-')
			c -= 128
		}
		switch {
		case c < 32:
			b = append(b, '^')
			c += 64
		case c == 127:
			b = append(b, '^')
			c = '?'
		}
	}
	return string(append(b, c))
}

func runCmp(c *builtins.Call) int {
	fl := c.Flags()
	printBytes := fl.BoolP("print-bytes", "b", false, "")
	ignore := fl.StringP("ignore-initial", "i", "", "")
	verbose := fl.BoolP("verbose", "l", false, "")
	limitArg := fl.StringP("bytes", "n", "", "")
	silent := fl.BoolP("quiet", "s", false, "")
	fl.BoolVar(silent, "silent", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if *verbose && *silent {
		return c.Usage("options -l and -s are incompatible")
	}
	args := fl.Args()
	switch {
	case len(args) == 0:
		return c.Usage("missing operand after %s", builtins.Quote(c.Name()))
	case len(args) > 4:
		return c.Usage("extra operand %s", builtins.Quote(args[4]))
	}
	names := [2]string{args[0], "-"}
	if len(args) > 1 {
		names[1] = args[1]
	}
	var skip [2]int64
	if *ignore != "" {
		a, b, two := strings.Cut(*ignore, ":")
		n, ok := parseByteCount(a)
		if !ok {
			return c.Usage("invalid --ignore-initial value '%s'", *ignore)
		}
		skip = [2]int64{n, n}
		if two {
			if skip[1], ok = parseByteCount(b); !ok {
				return c.Usage("invalid --ignore-initial value '%s'", *ignore)
			}
		}
	}
	for i := 2; i < len(args); i++ {
		n, ok := parseByteCount(args[i])
		if !ok {
			return c.Usage("invalid --ignore-initial value '%s'", args[i])
		}
		skip[i-2] = n
	}
	limit := int64(-1)
	if *limitArg != "" {
		n, ok := parseByteCount(*limitArg)
		if !ok {
			return c.Usage("invalid --bytes value '%s'", *limitArg)
		}
		limit = n
	}
	if names[0] == "-" && names[1] == "-" {
		return 0
	}
	var readers [2]*bufio.Reader
	var sizes [2]int64
	for i, name := range names {
		sizes[i] = -1
		if name != "-" {
			if info, err := c.FS.Stat(c.Abs(name)); err == nil && info.Mode().IsRegular() {
				sizes[i] = max(info.Size()-skip[i], 0)
			}
		}
		r, err := c.Open(name)
		if err != nil {
			c.FailErr(name, err)
			return 2
		}
		defer r.Close()
		br := bufio.NewReader(r)
		if _, err := io.CopyN(io.Discard, br, skip[i]); err != nil && err != io.EOF {
			c.FailErr(name, err)
			return 2
		}
		readers[i] = br
	}
	w := c.Stdout
	// offset width for -l: digits of the largest offset that can differ
	maxOff := int64(math.MaxInt64)
	if limit >= 0 {
		maxOff = limit
	}
	for _, s := range sizes {
		if s >= 0 && s < maxOff {
			maxOff = s
		}
	}
	width := len(strconv.FormatInt(maxOff, 10))

	var off int64 // bytes compared so far
	line := int64(1)
	differ := false
	for limit < 0 || off < limit {
		if off&0xffff == 0 && c.Canceled() {
			return 130
		}
		a, errA := readers[0].ReadByte()
		b, errB := readers[1].ReadByte()
		if errA != nil || errB != nil {
			for i, err := range []error{errA, errB} {
				if err != nil && err != io.EOF {
					c.FailErr(names[i], err)
					return 2
				}
			}
			if errA != nil && errB != nil {
				break
			}
			// one input ended first
			if !*silent {
				short := names[0]
				if errB != nil {
					short = names[1]
				}
				switch {
				case off == 0:
					c.Fail("EOF on %s which is empty", short)
				case *verbose:
					c.Fail("EOF on %s after byte %d", short, off)
				default:
					c.Fail("EOF on %s after byte %d, line %d", short, off, line)
				}
			}
			return 1
		}
		off++
		if a != b {
			differ = true
			switch {
			case *silent:
				return 1
			case *verbose:
				if *printBytes {
					fmt.Fprintf(w, "%*d %3o %-4s %3o %s\n", width, off, a, visByte(a), b, visByte(b))
				} else {
					fmt.Fprintf(w, "%*d %3o %3o\n", width, off, a, b)
				}
			default:
				if *printBytes {
					fmt.Fprintf(w, "%s %s differ: byte %d, line %d is %3o %s %3o %s\n", names[0], names[1], off, line, a, visByte(a), b, visByte(b))
				} else {
					fmt.Fprintf(w, "%s %s differ: byte %d, line %d\n", names[0], names[1], off, line)
				}
				return 1
			}
		}
		if a == '\n' {
			line++
		}
	}
	if differ {
		return 1
	}
	return 0
}
