package coreutils

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/builtins"
)

func headCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "head",
		Summary: "output the first part of files",
		Usage: `Usage: head [-qv] [-n [-]NUM | -c [-]NUM] [FILE]...
Output the first part of files.

  -n, --lines=[-]NUM   print the first NUM lines (default 10); with a leading
                       '-', print all but the last NUM lines
  -c, --bytes=[-]NUM   print the first NUM bytes; with '-', all but the last NUM
  -q, --quiet          never print headers giving file names
  -v, --verbose        always print headers giving file names
  -z, --zero-terminated  lines end with NUL, not newline
  -NUM                 same as -n NUM
NUM may have a multiplier suffix: b 512, kB 1000, K 1024, MB 1000*1000,
M 1024*1024, and so on for G, T, P, E.
With more than one FILE, each is preceded by a header '==> FILE <=='.
With no FILE, or when FILE is -, read standard input.
`,
		Run: runHead,
	}
}

// lineCount is a parsed -n/-c argument: a count and whether it was written
// with a leading '-' (head: all but the last) or '+' (tail: from the start).
type lineCount struct {
	n     int64
	minus bool
	plus  bool
}

// parseLineCount parses NUM with an optional sign and multiplier suffix.
// why is "" when NUM is fine, "invalid" or "too large" (beyond 64 bits).
// Counts that fit 64 bits but not an int64 are clamped, as good as
// infinite.
func parseLineCount(s string) (a lineCount, why string) {
	switch {
	case strings.HasPrefix(s, "-"):
		a.minus, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		a.plus, s = true, s[1:]
	}
	a.n, why = parseSizeSuffix(s)
	return a, why
}

// parseSizeSuffix parses a non-negative decimal with an optional GNU
// multiplier suffix: b (512), k K m M G T P E Z Y (powers of 1024), with B
// for powers of 1000 (kB, MB) or iB (KiB, MiB).
func parseSizeSuffix(s string) (int64, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, "invalid"
	}
	digits, suffix := s[:i], s[i:]
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return 0, "too large"
	}
	if suffix != "" {
		const letters = "kKmMGTPEZY"
		power := strings.IndexByte(letters, suffix[0])
		base := uint64(1024)
		switch {
		case suffix == "b":
			power, base = -1, 512
		case power < 0:
			return 0, "invalid"
		case suffix[1:] == "":
		case suffix[1:] == "B":
			base = 1000
		case suffix[1:] == "iB":
		default:
			return 0, "invalid"
		}
		exp := 1
		if power >= 0 {
			exp = []int{1, 1, 2, 2, 3, 4, 5, 6, 7, 8}[power]
		}
		for j := 0; j < exp; j++ {
			if n != 0 && base > math.MaxUint64/n {
				return 0, "too large"
			}
			n *= base
		}
	}
	if n > math.MaxInt64 {
		return math.MaxInt64, ""
	}
	return int64(n), ""
}

// badLineCount reports an unusable -n or -c argument like GNU.
func badLineCount(c *builtins.Call, byBytes bool, spec, why string) {
	what := "lines"
	if byBytes {
		what = "bytes"
	}
	spec = strings.TrimPrefix(spec, "-") // GNU names the count without its sign of eliding
	if why == "too large" {
		c.Fail("invalid number of %s: '%s': Value too large for defined data type", what, spec)
		return
	}
	c.Fail("invalid number of %s: '%s'", what, spec)
}

// obsoleteCount rewrites the historical "-NUM[bcl...]" (and for tail
// "+NUM...") first argument into modern options. It returns args unchanged
// when the first argument is not of that form.
func obsoleteCount(args []string, allowPlus bool, extra string) []string {
	if len(args) < 2 {
		return args
	}
	a := args[1]
	if len(a) < 2 || !(a[0] == '-' || allowPlus && a[0] == '+') || a[1] < '0' || a[1] > '9' {
		return args
	}
	i := 1
	for i < len(a) && a[i] >= '0' && a[i] <= '9' {
		i++
	}
	num, rest := a[1:i], a[i:]
	unit := "-n"
	var more []string
	for j := 0; j < len(rest); j++ {
		switch ch := rest[j]; {
		case ch == 'c':
			unit = "-c"
		case ch == 'b':
			unit = "-c"
			num += "b"
		case ch == 'k':
			unit = "-c"
			num += "K"
		case ch == 'm':
			unit = "-c"
			num += "M"
		case ch == 'l':
			unit = "-n"
		case strings.IndexByte(extra, ch) >= 0:
			more = append(more, "-"+string(ch))
		default:
			return args
		}
	}
	if a[0] == '+' {
		num = "+" + num
	}
	out := append([]string{args[0]}, more...)
	out = append(out, unit+num)
	return append(out, args[2:]...)
}

// fileHeaders prints "==> name <==" headers between inputs.
type fileHeaders struct {
	w     io.Writer
	show  bool
	first bool
}

func (h *fileHeaders) header(name string) {
	if !h.show {
		return
	}
	if name == "-" {
		name = "standard input"
	}
	if !h.first {
		io.WriteString(h.w, "\n")
	}
	h.first = false
	fmt.Fprintf(h.w, "==> %s <==\n", name)
}

func runHead(c *builtins.Call) int {
	return runHeadTail(c, false, func(c *builtins.Call, r io.Reader, cnt lineCount, byBytes bool, sep byte) error {
		switch {
		case byBytes && !cnt.minus:
			_, err := copyCtx(c, c.Stdout, io.LimitReader(r, cnt.n))
			return err
		case byBytes:
			return headAllButBytes(c, r, cnt.n)
		case !cnt.minus:
			return headLines(c, r, cnt.n, sep)
		default:
			return headAllButLines(c, r, cnt.n, sep)
		}
	})
}

// headTailEmitter writes the part of one input that head or tail wants.
// errStop ends the command quietly; any other error is a read error.
type headTailEmitter func(c *builtins.Call, r io.Reader, cnt lineCount, byBytes bool, sep byte) error

// runHeadTail is the driver head and tail share: options, the file loop,
// headers and error messages. tail also takes "+NUM" and refuses -f/-F.
func runHeadTail(c *builtins.Call, tail bool, emit headTailEmitter) int {
	extra := "qvz"
	if tail {
		extra = "qvzf"
	}
	c.Args = obsoleteCount(c.Args, tail, extra)
	fl := c.Flags()
	// The last of -n/-c and of -q/-v wins, as in GNU.
	byBytes, spec := false, "10"
	headers := 0 // -1 never, 1 always
	follow := false
	fl.VarP(callbackFlag(func(v string) error { byBytes, spec = false, v; return nil }), "lines", "n", "")
	fl.VarP(callbackFlag(func(v string) error { byBytes, spec = true, v; return nil }), "bytes", "c", "")
	callbackBoolFlag(fl, "quiet", "q", func() { headers = -1 })
	callbackBoolFlag(fl, "silent", "", func() { headers = -1 })
	callbackBoolFlag(fl, "verbose", "v", func() { headers = 1 })
	if tail {
		callbackBoolFlag(fl, "follow", "f", func() { follow = true })
		callbackBoolFlag(fl, "retry-follow", "F", func() { follow = true })
	}
	zero := fl.BoolP("zero-terminated", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if follow {
		c.Fail("following files (-f, -F) is not supported")
		return 2
	}
	cnt, why := parseLineCount(spec)
	if why != "" {
		badLineCount(c, byBytes, spec, why)
		return 1
	}
	files := fl.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	hw := &fileHeaders{w: c.Stdout, show: headers == 1 || headers == 0 && len(files) > 1, first: true}
	sep := byte('\n')
	if *zero {
		sep = 0
	}
	status := 0
	for _, name := range files {
		if c.Canceled() {
			return 130
		}
		r, err := c.Open(name)
		if err != nil {
			if isEISDIR(err) {
				hw.header(name)
				c.FailWith(err, "error reading '%s': %s", name, builtins.Reason(err))
			} else {
				c.FailWith(err, "cannot open '%s' for reading: %s", name, builtins.Reason(err))
			}
			status = 1
			continue
		}
		hw.header(name)
		werr := emit(c, r, cnt, byBytes, sep)
		r.Close()
		if werr == errStop {
			return status
		}
		if werr != nil {
			c.FailWith(werr, "error reading '%s': %s", name, builtins.Reason(werr))
			status = 1
		}
	}
	return status
}

func headLines(c *builtins.Call, r io.Reader, n int64, sep byte) error {
	br := bufio.NewReaderSize(r, 32*1024)
	for n > 0 {
		if c.Canceled() {
			return errStop
		}
		chunk, err := br.ReadSlice(sep)
		if len(chunk) > 0 {
			if _, werr := c.Stdout.Write(chunk); werr != nil {
				return errStop
			}
		}
		switch {
		case err == nil:
			n--
		case err == bufio.ErrBufferFull:
			// a long line: keep going without counting
		case err == io.EOF:
			return nil
		default:
			return err
		}
	}
	return nil
}

// headAllButLines prints every line but the last n, holding n lines back.
func headAllButLines(c *builtins.Call, r io.Reader, n int64, sep byte) error {
	br := bufio.NewReaderSize(r, 32*1024)
	var ring []string
	next := 0
	for {
		if c.Canceled() {
			return errStop
		}
		line, err := br.ReadString(sep)
		if line != "" {
			if n == 0 {
				if _, werr := io.WriteString(c.Stdout, line); werr != nil {
					return errStop
				}
			} else if int64(len(ring)) < n {
				ring = append(ring, line)
			} else {
				if _, werr := io.WriteString(c.Stdout, ring[next]); werr != nil {
					return errStop
				}
				ring[next] = line
				next = (next + 1) % len(ring)
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// headAllButBytes prints all but the last n bytes.
func headAllButBytes(c *builtins.Call, r io.Reader, n int64) error {
	buf := make([]byte, 32*1024)
	var held []byte
	for {
		if c.Canceled() {
			return errStop
		}
		m, err := r.Read(buf)
		held = append(held, buf[:m]...)
		if int64(len(held)) > n {
			out := held[:int64(len(held))-n]
			if _, werr := c.Stdout.Write(out); werr != nil {
				return errStop
			}
			held = append(held[:0], held[len(out):]...)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func isEISDIR(err error) bool { return errors.Is(err, syscall.EISDIR) }

// callbackFlag is a pflag.Value that hands each occurrence of an option to a
// function, so that options can interact in command-line order.
type callbackFlag func(string) error

func (f callbackFlag) Set(s string) error { return f(s) }
func (f callbackFlag) String() string     { return "" }
func (f callbackFlag) Type() string       { return "string" }

// callbackBoolFlag registers a flag without a value that calls fn each time it
// appears.
func callbackBoolFlag(fl *pflag.FlagSet, name, short string, fn func()) {
	f := fl.VarPF(callbackFlag(func(string) error { fn(); return nil }), name, short, "")
	f.NoOptDefVal = "true"
}
