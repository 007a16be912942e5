package coreutils

// dd: copy a file in blocks, converting on the way, as GNU coreutils'
// dd does, with its operands (if= of= bs= ibs= obs= count= skip= seek=
// conv= iflag= oflag= status=) and its summary ("0+1 records in", "12
// bytes copied, 0 s, Infinity B/s": the time is the session's clock,
// which stands still during a command unless the real clock is granted).

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func ddCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "dd",
		Summary: "convert and copy a file",
		Usage: `Usage: dd [OPERAND]...
  or:  dd OPTION
Copy a file, converting and formatting according to the operands.

  bs=BYTES        read and write up to BYTES bytes at a time (default: 512);
                  overrides ibs and obs
  count=N         copy only N input blocks
  ibs=BYTES       read up to BYTES bytes at a time (default: 512)
  if=FILE         read from FILE instead of stdin
  iflag=FLAGS     read as per the comma separated symbol list
  obs=BYTES       write BYTES bytes at a time (default: 512)
  of=FILE         write to FILE instead of stdout
  oflag=FLAGS     write as per the comma separated symbol list
  seek=N          (or oseek=N) skip N obs-sized output blocks
  skip=N          (or iseek=N) skip N ibs-sized input blocks
  status=LEVEL    The LEVEL of information to print to stderr;
                  'none' suppresses everything but error messages,
                  'noxfer' suppresses the final transfer statistics,
                  'progress' shows periodic transfer statistics

N and BYTES may be followed by the following multiplicative suffixes:
c=1, w=2, b=512, kB=1000, K=1024, MB=1000*1000, M=1024*1024, xM=M,
GB=1000*1000*1000, G=1024*1024*1024, and so on for T, P, E, Z, Y.
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

Each CONV symbol may be:

  lcase     change upper case to lower case
  ucase     change lower case to upper case
  swab      swap every pair of input bytes
  sync      pad every input block with NULs to ibs-size
  excl      fail if the output file already exists
  nocreat   do not create the output file
  notrunc   do not truncate the output file
  noerror   continue after read errors
  fdatasync  physically write output file data before finishing
  fsync     likewise, but also write metadata

Each FLAG symbol may be:

  append    append mode (makes sense only for output; conv=notrunc suggested)
  fullblock  accumulate full blocks of input (iflag only)
  count_bytes  treat 'count=N' as a byte count (iflag only)
  skip_bytes  treat 'skip=N' as a byte count (iflag only)
  seek_bytes  treat 'seek=N' as a byte count (oflag only)

      --help        display this help and exit
      --version     output version information and exit
`,
		Run: stopsOnCancel(runDD),
	}
}

// ddRun is one run of dd.
type ddRun struct {
	c                         *builtins.Call
	ibs, obs                  int64
	bsSet                     bool
	count, skip, seek         int64
	countSet                  bool
	inName, outName           string
	conv, iflag, oflag        map[string]bool
	status                    string
	fullIn, partIn            int64
	fullOut, partOut, written int64
	outBuf                    []byte
	began                     time.Time
}

var ddConvs = []string{"lcase", "ucase", "swab", "sync", "excl", "nocreat", "notrunc", "noerror", "fdatasync", "fsync"}

func runDD(c *builtins.Call) int {
	d := &ddRun{c: c, ibs: 512, obs: 512, count: -1, conv: map[string]bool{}, iflag: map[string]bool{}, oflag: map[string]bool{}}
	if c.Clock != nil {
		d.began = c.Clock.Now()
	}
	for _, arg := range c.Args[1:] {
		if arg == "--help" || arg == "--version" {
			sub := *c
			sub.Args = []string{c.Args[0], arg}
			fl := sub.Flags()
			st, _ := sub.Parse(fl)
			return st
		}
		if st, ok := d.operand(arg); !ok {
			return st
		}
	}
	if d.conv["lcase"] && d.conv["ucase"] {
		return c.Usage("cannot combine lcase and ucase")
	}
	if d.conv["excl"] && d.conv["nocreat"] {
		return c.Usage("cannot combine excl and nocreat")
	}
	status, opened := d.copy()
	if opened {
		d.summary()
	}
	return status
}

// operand takes one NAME=VALUE operand.
func (d *ddRun) operand(arg string) (int, bool) {
	c := d.c
	key, val, ok := strings.Cut(arg, "=")
	if !ok {
		return c.Usage("unrecognized operand %s", builtins.Quote(arg)), false
	}
	num := func(min int64) (int64, bool) {
		n, err := ddNumber(val)
		if err != nil || n < min {
			c.Fail("invalid number: %s", builtins.Quote(val))
			return 0, false
		}
		return n, true
	}
	flags := func(set map[string]bool, valid []string, what string) bool {
		for _, f := range strings.Split(val, ",") {
			if f == "" {
				continue
			}
			if !strings.Contains(","+strings.Join(valid, ",")+",", ","+f+",") {
				c.Usage("invalid %s: %s", what, builtins.Quote(f))
				return false
			}
			set[f] = true
		}
		return true
	}
	var n int64
	switch key {
	case "if":
		d.inName = val
	case "of":
		d.outName = val
	case "bs", "ibs", "obs":
		if n, ok = num(1); !ok {
			return 1, false
		}
		switch key {
		case "bs":
			d.ibs, d.obs, d.bsSet = n, n, true
		case "ibs":
			d.ibs = n
		default:
			d.obs = n
		}
	case "count", "skip", "iseek", "seek", "oseek":
		if n, ok = num(0); !ok {
			return 1, false
		}
		switch key {
		case "count":
			d.count, d.countSet = n, true
		case "skip", "iseek":
			d.skip = n
		default:
			d.seek = n
		}
	case "conv":
		if !flags(d.conv, ddConvs, "conversion") {
			return 1, false
		}
	case "iflag":
		if !flags(d.iflag, []string{"fullblock", "count_bytes", "skip_bytes"}, "input flag") {
			return 1, false
		}
	case "oflag":
		if !flags(d.oflag, []string{"append", "seek_bytes"}, "output flag") {
			return 1, false
		}
	case "status":
		switch val {
		case "none", "noxfer", "progress":
			d.status = val
		default:
			return c.Usage("invalid status level: %s", builtins.Quote(val)), false
		}
	default:
		return c.Usage("unrecognized operand %s", builtins.Quote(arg)), false
	}
	return 0, true
}

// ddNumber reads dd's numbers: digits, a multiplicative suffix, and
// products with x ("2x512").
func ddNumber(s string) (int64, error) {
	total := int64(1)
	for _, part := range strings.Split(s, "x") {
		i := 0
		for i < len(part) && part[i] >= '0' && part[i] <= '9' {
			i++
		}
		if i == 0 {
			return 0, errors.New("invalid")
		}
		n, err := strconv.ParseInt(part[:i], 10, 64)
		if err != nil {
			return 0, err
		}
		mult, ok := ddSuffix(part[i:])
		if !ok {
			return 0, errors.New("invalid")
		}
		if n != 0 && (mult > math.MaxInt64/n || total > math.MaxInt64/(n*mult)) {
			return 0, errors.New("too large")
		}
		total *= n * mult
	}
	return total, nil
}

// ddSuffix is the multiplier of a number's suffix.
func ddSuffix(s string) (int64, bool) {
	switch s {
	case "":
		return 1, true
	case "c":
		return 1, true
	case "w":
		return 2, true
	case "b":
		return 512, true
	}
	// GNU's letters: K (or k), M, G, T, P, E; alone or with iB a power
	// of 1024, with B a power of 1000
	const prefixes = "KMGTPE"
	letter := s[:1]
	if letter == "k" {
		letter = "K"
	}
	i := strings.Index(prefixes, letter)
	if i < 0 {
		return 0, false
	}
	pow := func(base int64) int64 {
		m := int64(1)
		for range i + 1 {
			m *= base
		}
		return m
	}
	switch s[1:] {
	case "", "iB":
		return pow(1024), true
	case "B":
		return pow(1000), true
	}
	return 0, false
}

// copy does the work, and says whether the files opened (else there is
// no summary, as in GNU's).
func (d *ddRun) copy() (int, bool) {
	c := d.c
	// the buffers are the block sizes, whatever the input: bs=1G took a
	// GiB of the host's memory for a few bytes
	if !c.Fits(d.ibs) {
		c.Fail("memory exhausted by input buffer of size %d bytes (%s)", d.ibs, humanBytes(d.ibs, 1024, "KMGTPE", "iB"))
		return 1, false
	}
	if !d.bsSet && !c.Fits(d.obs) {
		c.Fail("memory exhausted by output buffer of size %d bytes (%s)", d.obs, humanBytes(d.obs, 1024, "KMGTPE", "iB"))
		return 1, false
	}
	var in io.Reader = c.Stdin
	inDesc := "standard input"
	var inFile vfs.File
	if d.inName != "" {
		f, err := c.FS.OpenFile(c.Abs(d.inName), os.O_RDONLY, 0)
		if err != nil {
			failOn(c, "failed to open", d.inName, err)
			return 1, false
		}
		defer f.Close()
		in, inFile, inDesc = f, f, d.inName
	}
	var out io.Writer = c.Stdout
	outDesc := "standard output"
	if d.outName != "" {
		flag := os.O_WRONLY | os.O_CREATE
		switch {
		case d.conv["excl"]:
			flag |= os.O_EXCL
		case d.conv["nocreat"]:
			flag &^= os.O_CREATE
		}
		if d.oflag["append"] {
			flag |= os.O_APPEND
		}
		p := c.Abs(d.outName)
		f, err := c.FS.OpenFile(p, flag, 0o666&^c.Umask)
		if err != nil {
			failOn(c, "failed to open", d.outName, err)
			return 1, false
		}
		defer f.Close()
		seek := d.seek
		if !d.oflag["seek_bytes"] {
			seek *= d.obs
		}
		if !d.conv["notrunc"] && !d.oflag["append"] {
			if err := f.Truncate(seek); err != nil {
				failOn(c, "failed to truncate to "+strconv.FormatInt(seek, 10)+" bytes in output file", d.outName, err)
				return 1, false
			}
		}
		if seek > 0 {
			if _, err := f.Seek(seek, io.SeekStart); err != nil {
				failOn(c, "cannot seek", d.outName, err)
				return 1, false
			}
		}
		out, outDesc = f, d.outName
	} else if d.seek > 0 {
		// standard output cannot seek here: write the gap as zeros
		n := d.seek
		if !d.oflag["seek_bytes"] {
			n *= d.obs
		}
		if _, err := io.CopyN(out, zeroReader{}, n); err != nil {
			return d.writeFailed(outDesc, err), true
		}
	}
	if st := d.skipInput(in, inFile, inDesc); st != 0 {
		return st, true
	}
	buf := make([]byte, d.ibs)
	remaining := d.count // blocks, or bytes with count_bytes
	for remaining != 0 {
		if c.Canceled() {
			return 130, true
		}
		want := buf
		if d.iflag["count_bytes"] && remaining >= 0 && remaining < int64(len(buf)) {
			want = buf[:remaining]
		}
		var n int
		var err error
		if d.iflag["fullblock"] {
			n, err = io.ReadFull(in, want)
			if err == io.ErrUnexpectedEOF {
				err = io.EOF
			}
		} else {
			n, err = in.Read(want)
		}
		if n > 0 {
			if int64(n) == d.ibs {
				d.fullIn++
			} else {
				d.partIn++
			}
			block := d.convert(buf[:n])
			if st := d.emit(out, outDesc, block); st != 0 {
				return st, true
			}
			if remaining > 0 {
				if d.iflag["count_bytes"] {
					remaining -= int64(n)
				} else {
					remaining--
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			failOn(c, "error reading", inDesc, err)
			if !d.conv["noerror"] {
				d.flush(out, outDesc)
				return 1, true
			}
		}
	}
	return d.flush(out, outDesc), true
}

// skipInput skips the skip= blocks (or bytes) of the input.
func (d *ddRun) skipInput(in io.Reader, f vfs.File, desc string) int {
	n := d.skip
	if n == 0 {
		return 0
	}
	if !d.iflag["skip_bytes"] {
		n *= d.ibs
	}
	if f != nil {
		info, err := f.Stat()
		if err == nil && info.Mode().IsRegular() {
			if n > info.Size() {
				d.c.Fail("%s: cannot skip to specified offset", builtins.QuoteName(desc))
				n = info.Size()
			}
			if _, err := f.Seek(n, io.SeekStart); err == nil {
				return 0
			}
		}
	}
	got, err := io.CopyN(io.Discard, in, n)
	if err != nil && err != io.EOF {
		failOn(d.c, "error reading", desc, err)
		return 1
	}
	if got < n {
		d.c.Fail("%s: cannot skip to specified offset", builtins.QuoteName(desc))
	}
	return 0
}

// convert applies conv= to one input block.
func (d *ddRun) convert(b []byte) []byte {
	if d.conv["sync"] && int64(len(b)) < d.ibs {
		b = append(b, make([]byte, d.ibs-int64(len(b)))...)
	}
	if d.conv["swab"] {
		for i := 0; i+1 < len(b); i += 2 {
			b[i], b[i+1] = b[i+1], b[i]
		}
	}
	switch {
	case d.conv["ucase"]:
		b = bytes.ToUpper(b)
	case d.conv["lcase"]:
		b = bytes.ToLower(b)
	}
	return b
}

// emit writes a block: as read with bs=, else gathered in obs-sized
// blocks.
func (d *ddRun) emit(out io.Writer, desc string, b []byte) int {
	if d.bsSet {
		return d.write(out, desc, b)
	}
	d.outBuf = append(d.outBuf, b...)
	for int64(len(d.outBuf)) >= d.obs {
		if st := d.write(out, desc, d.outBuf[:d.obs]); st != 0 {
			return st
		}
		d.outBuf = d.outBuf[d.obs:]
	}
	return 0
}

// flush writes what is left of the output as a last, partial block.
func (d *ddRun) flush(out io.Writer, desc string) int {
	if len(d.outBuf) == 0 {
		return 0
	}
	b := d.outBuf
	d.outBuf = nil
	return d.write(out, desc, b)
}

func (d *ddRun) write(out io.Writer, desc string, b []byte) int {
	n, err := out.Write(b)
	d.written += int64(n)
	if err != nil {
		return d.writeFailed(desc, err)
	}
	if int64(n) == d.obs {
		d.fullOut++
	} else {
		d.partOut++
	}
	return 0
}

func (d *ddRun) writeFailed(desc string, err error) int {
	failOn(d.c, "error writing", desc, err)
	return 1
}

// summary prints the records and, unless status= says otherwise, the
// bytes copied, the time taken and the rate.
func (d *ddRun) summary() {
	if d.status == "none" {
		return
	}
	w := d.c.Stderr
	fmt.Fprintf(w, "%d+%d records in\n%d+%d records out\n", d.fullIn, d.partIn, d.fullOut, d.partOut)
	if d.status == "noxfer" {
		return
	}
	// the session's clock: logical time stands still during a command,
	// so a copy takes no time on it
	secs := 0.0
	if d.c.Clock != nil {
		secs = d.c.Clock.Now().Sub(d.began).Seconds()
	}
	rate := "Infinity B/s"
	if secs > 0 {
		rate = ddRate(float64(d.written)/secs) + "/s"
	}
	si := humanBytes(d.written, 1000, "kMGTPE", "B")
	iec := humanBytes(d.written, 1024, "KMGTPE", "iB")
	switch {
	case !strings.ContainsAny(si, "kMGTPE"):
		fmt.Fprintf(w, "%d %s copied, %.6g s, %s\n", d.written, plural(int(min(d.written, 2)), "byte", "bytes"), secs, rate)
	case !strings.ContainsAny(iec, "KMGTPE"):
		fmt.Fprintf(w, "%d bytes (%s) copied, %.6g s, %s\n", d.written, si, secs, rate)
	default:
		fmt.Fprintf(w, "%d bytes (%s, %s) copied, %.6g s, %s\n", d.written, si, iec, secs, rate)
	}
}

// humanBytes is n as GNU's human_readable prints it with autoscale:
// "5 B", "1.0 kB", "121 KiB".
func humanBytes(n int64, base float64, prefixes, suffix string) string {
	v := float64(n)
	exp := 0
	for v >= base && exp < len(prefixes) {
		v /= base
		exp++
	}
	if exp == 0 {
		return fmt.Sprintf("%d B", n)
	}
	s := fmt.Sprintf("%.1f", v)
	if v >= 10 || s == "10.0" {
		s = fmt.Sprintf("%.0f", v)
		if s == fmt.Sprint(int(base)) && exp < len(prefixes) {
			exp++
			s = "1.0"
		}
	}
	unit := string(prefixes[exp-1]) + suffix
	return s + " " + unit
}

// ddRate is a rate in bytes a second as dd prints it, in SI units, with
// at least kB.
func ddRate(r float64) string {
	if r < 1000 {
		return fmt.Sprintf("%.1f kB", r/1000)
	}
	return humanBytes(int64(math.Round(r)), 1000, "kMGTPE", "B")
}

// zeroReader reads zeros.
type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
