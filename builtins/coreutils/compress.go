package coreutils

// gzip, bzip2 and xz (and their gunzip, zcat, bunzip2, bzcat, unxz,
// xzcat): one driver, three codecs from well-kept libraries (the standard
// library's compress/gzip and compress/bzip2 reader, dsnet's bzip2
// writer, ulikunitz's xz), and each tool's own words, which differ a
// great deal ("gzip: x.gz: not in gzip format", "bunzip2: x.bz2 is not a
// bzip2 file.", "xz: x: File format not recognized").

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// A codec is one compression format and the words of its tool.
type codec struct {
	tool    string // the compressing command: gzip, bzip2, xz
	unName  string // gunzip, bunzip2, unxz
	catName string // zcat, bzcat, xzcat
	suffix  string // the suffix of a compressed file, with its dot
	// unsuffix maps the suffixes decompression knows to the one that
	// replaces them (".tgz" → ".tar").
	unsuffix [][2]string
	magic    string
	// formatFirst: decompression checks the data before the name's
	// suffix (xz's order).
	formatFirst bool
	// list prints -l's line for a file's data, and totals its totals
	// (nil: the tool has no -l).
	list   func(o *squeezeRun, name, out string, data []byte)
	totals func(o *squeezeRun)
	// writer compresses to w at level (0 to 9); name and mtime are the
	// input's, for the formats that keep them (gzip without -n).
	writer func(w io.Writer, level int, name string, mtime time.Time) (io.WriteCloser, error)
	// decode decompresses r to w; trailing reports data after the last
	// stream that is not another stream (gzip: not zeros either).
	decode func(r *bufio.Reader, w io.Writer) (trailing bool, err error)
	// words words the tool's messages.
	words codecWords
	usage string
}

// codecWords are a tool's messages, as formats of the command's name
// (%[1]s: gzip always says "gzip", as Debian's gunzip and zcat are
// scripts that run it; bzip2 and xz say what they were run as), the
// file's (%[2]s) and a third word (%[3]s: a suffix, a reason), each with
// its exit status (2: a warning).
type codecWords struct {
	alwaysName                                                       string
	hasSuffix, exists, directory, notRegular, unknownSuf, cannotOpen word
	// hardLinks refuses a file with other names (%[3]s: "1 other link");
	// linksUnlessKept says whether -k lets it through (xz's rule)
	hardLinks                               word
	linksUnlessKept                         bool
	notFormat, truncated, corrupt, trailing word
	stdinName                               string
	verboseDone                             func(o *squeezeRun, name, out string, in, outN int64) string
	verboseTest                             func(o *squeezeRun, name string) string
}

// A word is one message of a tool and its status.
type word struct {
	f      string
	status int
}

// errNotFormat: the input does not start with the format's magic.
var errNotFormat = errors.New("not in format")

// errCorrupt: the data is damaged (a bad checksum, a bad block).
var errCorrupt = errors.New("corrupt")

// squeezeRun is one run of a compression tool: its options and state.
type squeezeRun struct {
	c                                           *builtins.Call
	cd                                          *codec
	stdout, decompress, force, keep, list, test bool
	noName, name, quiet, recursive, verbose     bool
	level                                       int
	suffix                                      string
	status                                      int
	longest                                     int // bzip2 pads names in -v to the longest
	totalIn, totalOut                           int64
	header                                      int64 // gzip -v: its header and trailer
	xzTotal                                     xzInfo
	listed                                      int
}

func codecCommands(cd *codec) []*builtins.Command {
	mk := func(name, summary string) *builtins.Command {
		return &builtins.Command{
			Name:    name,
			Summary: summary,
			Usage:   strings.ReplaceAll(cd.usage, "NAME", name),
			Run:     stopsOnCancel(func(c *builtins.Call) int { return runSqueeze(c, cd) }),
		}
	}
	return []*builtins.Command{
		mk(cd.tool, "compress or decompress files ("+strings.TrimPrefix(cd.suffix, ".")+")"),
		mk(cd.unName, "decompress "+cd.suffix+" files"),
		mk(cd.catName, "decompress "+cd.suffix+" files to standard output"),
	}
}

// say prints a message of the tool (warnings not with -q) and keeps the
// worst status: an error (1) beats a warning (2).
func (o *squeezeRun) say(w word, name string, extra ...any) {
	if w.f != "" && !(o.quiet && w.status != 1) {
		fmt.Fprintf(o.c.Stderr, w.f+"\n", append([]any{o.prog(), name}, extra...)...)
	}
	o.raise(w.status)
}

// cannotOpen reports that name cannot be opened or read, in the tool's
// words, or the gate's for a denial.
func (o *squeezeRun) cannotOpen(name string, err error) {
	if o.c.FailDenied(err) {
		o.raise(1)
		return
	}
	o.say(o.cd.words.cannotOpen, name, builtins.Reason(err))
}

// prog is the name the tool's messages start with.
func (o *squeezeRun) prog() string {
	return cmp.Or(o.cd.words.alwaysName, o.c.Name())
}

func (o *squeezeRun) raise(status int) {
	if status == 1 || status == 2 && o.status == 0 {
		o.status = status
	}
}

func runSqueeze(c *builtins.Call, cd *codec) int {
	o := &squeezeRun{c: c, cd: cd, level: 6, suffix: cd.suffix, longest: 7}
	if cd.tool == "bzip2" {
		o.level = 9
	}
	fl := c.Flags()
	fl.BoolVarP(&o.stdout, "stdout", "c", false, "")
	fl.BoolVarP(&o.decompress, "decompress", "d", false, "")
	fl.BoolP("compress", "z", false, "")
	fl.BoolVarP(&o.force, "force", "f", false, "")
	fl.BoolVarP(&o.keep, "keep", "k", false, "")
	fl.BoolVarP(&o.test, "test", "t", false, "")
	fl.BoolVarP(&o.verbose, "verbose", "v", false, "")
	fl.BoolVarP(&o.quiet, "quiet", "q", false, "")
	if cd.list != nil {
		fl.BoolVarP(&o.list, "list", "l", false, "")
	}
	if cd.tool == "gzip" {
		fl.BoolVarP(&o.noName, "no-name", "n", false, "")
		fl.BoolVarP(&o.name, "name", "N", false, "")
		fl.BoolVarP(&o.recursive, "recursive", "r", false, "")
		fl.StringVarP(&o.suffix, "suffix", "S", cd.suffix, "")
	}
	if cd.tool == "xz" {
		fl.StringVarP(&o.suffix, "suffix", "S", cd.suffix, "")
	}
	first := '1'
	if cd.tool == "xz" {
		first = '0'
	}
	for d := first; d <= '9'; d++ {
		long := "level-" + string(d)
		switch {
		case d == '1' && cd.tool != "xz":
			long = "fast"
		case d == '9' && cd.tool != "xz":
			long = "best"
		}
		fl.BoolP(long, string(d), false, "")
		fl.Lookup(long).Hidden = true
	}
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	o.level = lastLevel(c.Args[1:], o.level)
	if fl.Changed("fast") {
		o.level = max(o.level, 1)
	}
	switch c.Name() {
	case cd.unName:
		o.decompress = true
	case cd.catName:
		o.decompress, o.stdout = true, true
	}
	if z, _ := fl.GetBool("compress"); z {
		o.decompress = false
	}
	if o.test || o.list {
		o.decompress = true
	}
	if o.suffix == "" {
		return c.Usage("invalid suffix ''")
	}
	files := fl.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		if len(f) > o.longest {
			o.longest = len(f)
		}
	}
	for _, f := range files {
		if c.Canceled() {
			return 130
		}
		o.operand(f, true)
	}
	if o.list && o.listed > 1 {
		o.cd.totals(o)
	}
	if c.Canceled() {
		return 130
	}
	return o.status
}

// lastLevel is the last -1 to -9 among args (GNU's getopt takes them in
// order), or def.
func lastLevel(args []string, def int) int {
	for _, a := range args {
		if a == "--" {
			break
		}
		switch a {
		case "--fast":
			def = 1
			continue
		case "--best":
			def = 9
			continue
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for _, ch := range a[1:] {
			if ch >= '0' && ch <= '9' {
				def = int(ch - '0')
			}
			if ch == 'S' {
				break // the rest is the suffix
			}
		}
	}
	return def
}

// operand compresses, decompresses, tests or lists one operand; top is
// false for the files -r finds.
func (o *squeezeRun) operand(name string, top bool) {
	c, w := o.c, o.cd.words
	if name == "-" && o.list && o.cd.tool == "xz" {
		fmt.Fprintf(c.Stderr, "%s: --list does not support reading from standard input\n", o.prog())
		o.raise(1)
		return
	}
	if name == "-" && o.list {
		data, err := readAllOf(c, c.Stdin)
		if err != nil {
			o.failIO(w.stdinName, err)
			return
		}
		o.cd.list(o, w.stdinName, "stdout", data)
		return
	}
	if name == "-" {
		o.stream(w.stdinName, canceledReader{c, c.Stdin}, nil)
		return
	}
	p := c.Abs(name)
	info, err := c.FS.Lstat(p)
	if err != nil && o.decompress && o.cd.tool == "gzip" && !o.hasSuffix(name) {
		// gunzip x finds x.gz, and complains about it when there is none
		name += o.suffix
		p = c.Abs(name)
		info, err = c.FS.Lstat(p)
	}
	if err != nil {
		o.cannotOpen(name, err)
		return
	}
	if info.IsDir() {
		if o.recursive {
			ents, err := c.FS.ReadDir(p)
			if err != nil {
				o.cannotOpen(name, err)
				return
			}
			for _, e := range ents {
				o.operand(path.Join(name, e.Name()), false)
			}
			return
		}
		o.say(w.directory, name)
		return
	}
	if info.Mode()&fs.ModeSymlink != 0 && !o.force && !o.stdout {
		o.say(w.notRegular, name)
		return
	}
	if o.list {
		o.listFile(name, p, info)
		return
	}
	if o.test || o.stdout {
		f, err := openOf(c, name)
		if err != nil {
			o.cannotOpen(name, err)
			return
		}
		defer f.Close()
		o.stream(name, f, info)
		return
	}
	o.inPlace(name, p, info)
}

// hasSuffix reports whether name ends in a suffix the tool knows.
func (o *squeezeRun) hasSuffix(name string) bool {
	_, ok := o.outName(name)
	return ok
}

// outName is the decompressed name of name, and whether it has a suffix
// the tool knows.
func (o *squeezeRun) outName(name string) (string, bool) {
	base := path.Base(name)
	if strings.HasSuffix(name, o.suffix) && len(base) > len(o.suffix) {
		return strings.TrimSuffix(name, o.suffix), true
	}
	for _, s := range o.cd.unsuffix {
		if strings.HasSuffix(name, s[0]) && len(base) > len(s[0]) {
			return strings.TrimSuffix(name, s[0]) + s[1], true
		}
	}
	return name, false
}

// stream works from r to standard output (or nowhere, with -t): name is
// for the messages, info the file's (nil for standard input).
func (o *squeezeRun) stream(name string, r io.Reader, info fs.FileInfo) {
	c := o.c
	var out io.Writer = c.Stdout
	if o.test {
		out = io.Discard
	}
	cw := &countWriter{w: out}
	cr := &countReader{r: r}
	if !o.decompress {
		mtime := time.Time{}
		if info != nil {
			mtime = info.ModTime()
		}
		base := ""
		if info != nil {
			base = path.Base(name)
		}
		if err := o.encode(cw, cr, base, mtime); err != nil {
			o.failIO(name, err)
			return
		}
		o.verboseDone(name, "stdout", cr.n, cw.n)
		return
	}
	err := o.decodeTo(name, cw, cr)
	if err != nil {
		return
	}
	if o.test {
		if o.verbose && o.cd.words.verboseTest != nil {
			fmt.Fprintln(c.Stderr, o.cd.words.verboseTest(o, name))
		} else {
			o.verboseDone(name, "", cr.n, cw.n)
		}
		return
	}
	o.verboseDone(name, "stdout", cr.n, cw.n)
}

// encode compresses r to w with the run's level and naming.
func (o *squeezeRun) encode(w io.Writer, r io.Reader, base string, mtime time.Time) error {
	if o.noName {
		base, mtime = "", time.Time{}
	}
	o.header = 18
	if base != "" {
		o.header += int64(len(base)) + 1
	}
	zw, err := o.cd.writer(w, o.level, base, mtime)
	if err != nil {
		return err
	}
	if _, err := io.Copy(zw, r); err != nil {
		return err
	}
	return zw.Close()
}

// decodeTo decompresses r to w, reporting what goes wrong (and passing
// data that is not compressed through with -c -f); it returns the error
// it reported.
func (o *squeezeRun) decodeTo(name string, w io.Writer, r io.Reader) error {
	words := o.cd.words
	br := bufio.NewReaderSize(r, 64*1024)
	if head, _ := br.Peek(len(o.cd.magic)); string(head) != o.cd.magic && o.force && o.stdout && !o.test {
		_, err := io.Copy(w, br)
		if err != nil {
			o.failIO(name, err)
		}
		return err
	}
	if o.cd.tool == "gzip" {
		o.header = gzipHeaderLen(br)
	}
	cr := &countReader{r: br}
	cw := &countWriter{w: w}
	trailing, err := o.cd.decode(bufio.NewReaderSize(cr, 64*1024), cw)
	if err != nil && (cr.err != nil || cw.err != nil) {
		err = cmp.Or(cw.err, cr.err)
	}
	switch {
	case errors.Is(err, errNotFormat):
		o.say(words.notFormat, name)
	case errors.Is(err, io.ErrUnexpectedEOF):
		o.say(words.truncated, name)
	case errors.Is(err, errCorrupt):
		o.say(words.corrupt, name)
	case err != nil:
		o.failIO(name, err)
	case trailing:
		o.say(words.trailing, name)
	}
	return err
}

// failIO reports an error reading or writing that is no fault of the
// data: the filesystem's, or a denial.
func (o *squeezeRun) failIO(name string, err error) {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path != "" {
		name = pe.Path
		if rel, ok := strings.CutPrefix(name, o.c.Dir+"/"); ok {
			name = rel
		}
	}
	if !o.c.FailDenied(err) {
		fmt.Fprintf(o.c.Stderr, "%s: %s: %s\n", o.prog(), name, builtins.Reason(err))
	}
	o.raise(1)
}

// inPlace replaces the file name (at p) by its compressed or
// decompressed version, which keeps its mode and time.
func (o *squeezeRun) inPlace(name, p string, info fs.FileInfo) {
	c, w := o.c, o.cd.words
	var out string
	if o.decompress && o.cd.formatFirst {
		if _, ok := o.outName(name); !ok {
			f, err := openOf(c, name)
			if err != nil {
				o.cannotOpen(name, err)
				return
			}
			head := make([]byte, len(o.cd.magic))
			n, _ := io.ReadFull(f, head)
			f.Close()
			if string(head[:n]) != o.cd.magic {
				o.say(w.notFormat, name)
				return
			}
		}
	}
	if o.decompress {
		var ok bool
		out, ok = o.outName(name)
		if !ok {
			if o.cd.tool == "bzip2" {
				fmt.Fprintf(c.Stderr, "%s: Can't guess original name for %s -- using %s.out\n", o.prog(), name, name)
				out = name + ".out"
			} else {
				o.say(w.unknownSuf, name)
				return
			}
		}
	} else {
		if o.hasSuffix(name) {
			o.say(w.hasSuffix, name, o.suffix)
			return
		}
		out = name + o.suffix
	}
	if n := vfs.StatOf(info).Nlink; n > 1 && !o.force && !(o.keep && w.linksUnlessKept) {
		others := fmt.Sprintf("%d other link", n-1)
		if n > 2 {
			others += "s"
		}
		o.say(w.hardLinks, name, others)
		return
	}
	in, err := openOf(c, name)
	if err != nil {
		o.cannotOpen(name, err)
		return
	}
	defer in.Close()
	var br *bufio.Reader
	var header []byte
	if o.decompress {
		// check the format before making the output (bzip2 makes none
		// for a file that is not its own)
		br = bufio.NewReaderSize(in, 64*1024)
		header, _ = br.Peek(len(o.cd.magic))
		if string(header) != o.cd.magic {
			o.decodeTo(name, io.Discard, br)
			return
		}
		if o.name && o.cd.tool == "gzip" {
			if orig := gzipOrigName(br); orig != "" {
				out = path.Join(path.Dir(name), orig)
			}
		}
	}
	op := c.Abs(out)
	if _, err := c.FS.Lstat(op); err == nil {
		if !o.force {
			o.say(w.exists, out)
			return
		}
		if err := c.FS.Remove(op); err != nil {
			o.failIO(out, err)
			return
		}
	}
	f, err := c.FS.OpenFile(op, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		o.failIO(out, err)
		return
	}
	cw := &countWriter{w: f}
	cr := &countReader{r: in}
	mtime := info.ModTime()
	if o.decompress {
		cr.r = br
		var hdrTime time.Time
		if o.name && o.cd.tool == "gzip" {
			hdrTime = gzipMtime(br)
		}
		err = o.decodeTo(name, cw, cr)
		if !hdrTime.IsZero() {
			mtime = hdrTime
		}
	} else {
		err = o.encode(cw, cr, path.Base(name), info.ModTime())
		if err != nil {
			o.failIO(name, err)
		}
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		o.failIO(out, cerr)
		err = cerr
	}
	if err != nil {
		c.FS.Remove(op)
		return
	}
	if err := c.FS.Chmod(op, info.Mode().Perm()); err != nil {
		o.failIO(out, err)
	}
	if err := c.FS.Chtimes(op, mtime, mtime); err != nil {
		o.failIO(out, err)
	}
	if !o.keep {
		if err := c.FS.Remove(p); err != nil {
			o.failIO(name, err)
			return
		}
	}
	o.verboseDone(name, out, cr.n, cw.n)
}

// verboseDone says what -v says when a file is done: in and out are the
// bytes read and written.
func (o *squeezeRun) verboseDone(name, out string, in, outN int64) {
	if !o.verbose {
		return
	}
	if msg := o.cd.words.verboseDone(o, name, out, in, outN); msg != "" {
		fmt.Fprintln(o.c.Stderr, msg)
	}
}

// countWriter counts what passes through it, and keeps the error of
// the writer below (a full disk, not bad data).
type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (cw *countWriter) Write(p []byte) (int, error) {
	n, err := cw.w.Write(p)
	cw.n += int64(n)
	if err != nil {
		cw.err = err
	}
	return n, err
}

// countReader counts what passes through it, and keeps the error of the
// reader below (other than the end).
type countReader struct {
	r   io.Reader
	n   int64
	err error
}

func (cr *countReader) Read(p []byte) (int, error) {
	n, err := cr.r.Read(p)
	cr.n += int64(n)
	if err != nil && err != io.EOF {
		cr.err = err
	}
	return n, err
}
