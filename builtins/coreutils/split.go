package coreutils

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func splitCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "split",
		Summary: "split a file into pieces",
		Usage: `Usage: split [OPTION]... [FILE [PREFIX]]
Output pieces of FILE to PREFIXaa, PREFIXab, ...;
default size is 1000 lines, and default PREFIX is 'x'.

With no FILE, or when FILE is -, read standard input.

  -a, --suffix-length=N   generate suffixes of length N (default 2)
      --additional-suffix=SUFFIX  append an additional SUFFIX to file names
  -b, --bytes=SIZE        put SIZE bytes per output file
  -C, --line-bytes=SIZE   put at most SIZE bytes of records per output file
  -d                      use numeric suffixes starting at 0, not alphabetic
      --numeric-suffixes[=FROM]  same as -d, but allow setting the start value
  -x                      use hex suffixes starting at 0, not alphabetic
      --hex-suffixes[=FROM]  same as -x, but allow setting the start value
  -e, --elide-empty-files  do not generate empty output files with '-n'
  -l, --lines=NUMBER      put NUMBER lines/records per output file
  -n, --number=CHUNKS     generate CHUNKS output files; see explanation below
  -t, --separator=SEP     use SEP instead of newline as the record separator;
                            '\0' (zero) specifies the NUL character
  -u, --unbuffered        (accepted; output is written as it is made)
      --verbose           print a diagnostic just before each
                            output file is opened

The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

CHUNKS may be:
  N       split into N files based on size of input
  K/N     output Kth of N to stdout
  l/N     split into N files without splitting lines/records
  l/K/N   output Kth of N to stdout without splitting lines/records
  r/N     like 'l' but use round robin distribution
  r/K/N   likewise but only output Kth of N to stdout
`,
		Run: runSplit,
	}
}

// splitNames makes split's output file names.
type splitNames struct {
	prefix, extra string
	digits        string // the suffix alphabet
	length        int
	auto          bool  // widen the suffix when it runs out, as GNU's does
	next          []int // the suffix to use next, as indexes into digits
	fixed         int   // leading last-digits added by widening
	done          bool
}

func (s *splitNames) name() (string, bool) {
	if s.done {
		return "", false
	}
	if s.auto && s.next[0] == len(s.digits)-1 {
		// "yz" is followed by "zaaa", "zyzz" by "zzaaaa"
		s.fixed++
		s.next = make([]int, len(s.next)+1)
	}
	var b strings.Builder
	b.WriteString(s.prefix)
	b.WriteString(strings.Repeat(s.digits[len(s.digits)-1:], s.fixed))
	for _, d := range s.next {
		b.WriteByte(s.digits[d])
	}
	b.WriteString(s.extra)
	// count up
	i := len(s.next) - 1
	for ; i >= 0; i-- {
		if s.next[i]++; s.next[i] < len(s.digits) {
			break
		}
		s.next[i] = 0
	}
	if i < 0 {
		s.done = true
	}
	return b.String(), true
}

type splitter struct {
	c       *builtins.Call
	names   *splitNames
	verbose bool
	out     vfs.File
	outName string
	failed  bool
}

// open closes the current piece and starts the next.
func (s *splitter) open() bool {
	if !s.close() {
		return false
	}
	name, ok := s.names.name()
	if !ok {
		s.c.Fail("output file suffixes exhausted")
		s.failed = true
		return false
	}
	if s.verbose {
		fmt.Fprintf(s.c.Stdout, "creating file %s\n", builtins.Quote(name))
	}
	f, err := s.c.Create(name, false)
	if err != nil {
		s.c.FailErr(name, err)
		s.failed = true
		return false
	}
	s.out, s.outName = f, name
	return true
}

func (s *splitter) write(p []byte) bool {
	if _, err := s.out.Write(p); err != nil {
		s.c.FailErr(s.outName, err)
		s.failed = true
		return false
	}
	return true
}

func (s *splitter) close() bool {
	if s.out == nil {
		return true
	}
	err := s.out.Close()
	s.out = nil
	if err != nil {
		s.c.FailErr(s.outName, err)
		s.failed = true
		return false
	}
	return true
}

func runSplit(c *builtins.Call) int {
	fl := c.Flags()
	suffixLen := fl.StringP("suffix-length", "a", "", "")
	extra := fl.String("additional-suffix", "", "")
	var mode byte // l b C n
	var modeArg string
	modes := 0
	setMode := func(m byte) func(string) error {
		return func(v string) error {
			if mode != m {
				modes++
			}
			mode, modeArg = m, v
			return nil
		}
	}
	fl.VarP(callbackFlag(setMode('b')), "bytes", "b", "")
	fl.VarP(callbackFlag(setMode('C')), "line-bytes", "C", "")
	fl.VarP(callbackFlag(setMode('l')), "lines", "l", "")
	fl.VarP(callbackFlag(setMode('n')), "number", "n", "")
	digits := "abcdefghijklmnopqrstuvwxyz"
	from := ""
	callbackBoolFlag(fl, "d", "d", func() { digits, from = "0123456789", "" })
	callbackBoolFlag(fl, "x", "x", func() { digits, from = "0123456789abcdef", "" })
	numeric := fl.VarPF(callbackFlag(func(v string) error { digits, from = "0123456789", v; return nil }), "numeric-suffixes", "", "")
	numeric.NoOptDefVal = ""
	hex := fl.VarPF(callbackFlag(func(v string) error { digits, from = "0123456789abcdef", v; return nil }), "hex-suffixes", "", "")
	hex.NoOptDefVal = ""
	elide := fl.BoolP("elide-empty-files", "e", false, "")
	sepArg := fl.StringP("separator", "t", "\n", "")
	fl.BoolP("unbuffered", "u", false, "")
	verbose := fl.Bool("verbose", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if modes > 1 {
		return c.Usage("cannot split in more than one way")
	}
	ops := fl.Args()
	if len(ops) > 2 {
		return c.Usage("extra operand %s", builtins.Quote(ops[2]))
	}
	sep := byte('\n')
	switch s := *sepArg; {
	case s == `\0`:
		sep = 0
	case len(s) == 1:
		sep = s[0]
	case s == "":
		c.Fail("empty record separator")
		return 1
	default:
		c.Fail("multi-character separator %s", builtins.Quote(s))
		return 1
	}
	names := &splitNames{prefix: "x", extra: *extra, digits: digits, length: 2, auto: true}
	if len(ops) == 2 {
		names.prefix = ops[1]
	}
	if strings.Contains(*extra, "/") {
		c.Fail("invalid suffix %s, contains directory separator", builtins.Quote(*extra))
		return 1
	}
	if *suffixLen != "" {
		n, err := strconv.Atoi(*suffixLen)
		if err != nil || n < 0 {
			c.Fail("invalid suffix length: %s", builtins.Quote(*suffixLen))
			return 1
		}
		if n > 4096 {
			// longer than any file name may be
			c.Fail("invalid suffix length: %s: Value too large for defined data type", builtins.Quote(*suffixLen))
			return 1
		}
		if n > 0 {
			names.length, names.auto = n, false
		}
	}
	// the size or count the mode takes
	var count int64 = 1000
	var chunk, chunks int64 // -n: K (0: all) and N
	var chunkKind byte      // -n: 0 (bytes), 'l' or 'r'
	switch mode {
	case 'l':
		n, why := parseSizeSuffix(modeArg)
		if why != "" || n == 0 {
			c.Fail("invalid number of lines: %s%s", builtins.Quote(modeArg), splitRangeWhy(why, n))
			return 1
		}
		count = n
	case 'b', 'C':
		n, why := parseSizeSuffix(modeArg)
		if why != "" || n == 0 {
			c.Fail("invalid number of bytes: %s%s", builtins.Quote(modeArg), splitRangeWhy(why, n))
			return 1
		}
		count = n
	case 'n':
		var ok bool
		if chunkKind, chunk, chunks, ok = splitChunks(c, modeArg); !ok {
			return 1
		}
		if names.auto {
			// as many digits as N needs
			names.auto, names.length = false, 2
			for n := int64(len(digits) * len(digits)); n < chunks; n *= int64(len(digits)) {
				names.length++
			}
		}
	}
	names.next = make([]int, names.length)
	if from != "" {
		// FROM is the first suffix's digits, in decimal digits
		n, err := strconv.ParseUint(from, len(digits), 64)
		if err != nil || strings.Trim(from, "0123456789") != "" {
			return c.Usage("%s: invalid start value for numerical suffix", builtins.Quote(from))
		}
		names.auto = false
		for i := len(names.next) - 1; i >= 0; i-- {
			names.next[i] = int(n % uint64(len(digits)))
			n /= uint64(len(digits))
		}
		if n > 0 {
			c.Fail("numerical suffix start value is too large for the suffix length")
			return 1
		}
	}
	name := "-"
	if len(ops) > 0 {
		name = ops[0]
	}
	r, err := c.Open(name)
	if err != nil {
		c.FailWith(err, "cannot open %s for reading: %s", builtins.Quote(name), builtins.Reason(err))
		return 1
	}
	defer r.Close()
	s := &splitter{c: c, names: names, verbose: *verbose}
	switch mode {
	case 'n':
		data, err := c.ReadAll(r)
		if err != nil {
			c.FailErr(name, err)
			return 1
		}
		splitNumber(s, data, chunkKind, chunk, chunks, sep, *elide)
	default:
		if err := splitStream(s, bufio.NewReaderSize(r, 64*1024), mode, count, sep); err != nil {
			c.FailErr(name, err)
			s.failed = true
		}
	}
	s.close()
	if s.failed {
		return 1
	}
	return 0
}

func splitRangeWhy(why string, n int64) string {
	if why == "too large" || why == "" && n == 0 {
		return ": Numerical result out of range"
	}
	return ""
}

// splitChunks reads -n's CHUNKS: N, K/N, l/N, l/K/N, r/N or r/K/N.
func splitChunks(c *builtins.Call, arg string) (kind byte, k, n int64, ok bool) {
	s := arg
	if strings.HasPrefix(s, "l/") || strings.HasPrefix(s, "r/") {
		kind, s = s[0], s[2:]
	}
	kStr, nStr, two := strings.Cut(s, "/")
	if !two {
		nStr, kStr = kStr, ""
	}
	n, why := parseSizeSuffix(nStr)
	if why != "" || n == 0 {
		c.Fail("invalid number of chunks: %s%s", builtins.Quote(nStr), splitRangeWhy(why, n))
		return 0, 0, 0, false
	}
	if two {
		k, why = parseSizeSuffix(kStr)
		if why != "" || k == 0 || k > n {
			if k > n {
				why = "too large"
			}
			c.Fail("invalid chunk number: %s%s", builtins.Quote(kStr), splitRangeWhy(why, k))
			return 0, 0, 0, false
		}
	}
	return kind, k, n, true
}

// splitStream writes pieces of count lines (l), bytes (b), or at most
// count bytes of whole lines (C; a longer line is cut in count pieces).
func splitStream(s *splitter, br *bufio.Reader, mode byte, count int64, sep byte) error {
	var used int64 // lines or bytes in the current piece
	started := false
	buf := make([]byte, 64*1024)
	next := func() bool {
		used = 0
		started = true
		return s.open()
	}
	for {
		if s.c.Canceled() {
			return errStop
		}
		var rec []byte
		var err error
		if mode == 'b' {
			var n int
			n, err = br.Read(buf)
			rec = buf[:n]
		} else {
			rec, err = br.ReadBytes(sep)
		}
		for len(rec) > 0 {
			full := used == count // -l, -b: the piece has all it may hold
			if mode == 'C' {
				full = used+int64(len(rec)) > count && used > 0
			}
			if (!started || full) && !next() {
				return nil
			}
			n := int64(len(rec))
			if mode != 'l' {
				n = min(n, count-used)
			}
			if !s.write(rec[:n]) {
				return nil
			}
			if mode == 'l' {
				used++ // a line
			} else {
				used += n
			}
			rec = rec[n:]
			if mode == 'C' && len(rec) > 0 && !next() {
				return nil
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

// splitNumber is -n: CHUNKS files (or the Kth to standard output) of
// equal size, of whole lines near equal sizes, or of lines dealt in turn.
func splitNumber(s *splitter, data []byte, kind byte, k, n int64, sep byte, elide bool) {
	size := int64(len(data))
	var pieces [][]byte
	switch kind {
	case 0, 'l':
		per := size / n
		start := int64(0)
		for i := int64(1); i <= n; i++ {
			end := i * per
			if i == n {
				end = size
			} else if kind == 'l' {
				if end <= start {
					end = start
				} else if j := bytes.IndexByte(data[end-1:], sep); j >= 0 {
					end += int64(j)
				} else {
					end = size
				}
			}
			end = max(end, start)
			pieces = append(pieces, data[start:end])
			start = end
		}
	case 'r':
		pieces = make([][]byte, n)
		recs := bytes.SplitAfter(data, []byte{sep})
		for i, rec := range recs {
			pieces[int64(i)%n] = append(pieces[int64(i)%n], rec...)
		}
	}
	if k > 0 {
		s.c.Stdout.Write(pieces[k-1])
		return
	}
	for _, p := range pieces {
		if elide && len(p) == 0 {
			continue
		}
		if !s.open() || !s.write(p) {
			return
		}
	}
}
