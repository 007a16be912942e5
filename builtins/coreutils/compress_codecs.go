package coreutils

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"

	dsbzip2 "github.com/dsnet/compress/bzip2"
	"github.com/ulikunitz/xz"

	"github.com/moonix-sh/moonix/builtins"
)

func gzipCommands() []*builtins.Command  { return codecCommands(gzipCodec) }
func bzip2Commands() []*builtins.Command { return codecCommands(bzip2Codec) }
func xzCommands() []*builtins.Command    { return codecCommands(xzCodec) }

var gzipCodec = &codec{
	tool: "gzip", unName: "gunzip", catName: "zcat", suffix: ".gz", magic: "\x1f\x8b",
	unsuffix: [][2]string{{".gz", ""}, {"-gz", ""}, {".z", ""}, {"-z", ""}, {"_z", ""}, {".tgz", ".tar"}, {".taz", ".tar"}},
	writer: func(w io.Writer, level int, name string, mtime time.Time) (io.WriteCloser, error) {
		zw, err := gzip.NewWriterLevel(w, level)
		if err != nil {
			return nil, err
		}
		zw.Name, zw.ModTime, zw.OS = name, mtime, 3 // 3: Unix, as GNU's
		return zw, nil
	},
	decode: gunzip,
	list:   (*squeezeRun).listData,
	totals: (*squeezeRun).listTotals,
	words: codecWords{
		alwaysName: "gzip",
		hasSuffix:  word{"%s: %s already has %s suffix -- unchanged", 0},
		exists:     word{"%s: %s already exists;\tnot overwritten", 2},
		directory:  word{"%s: %s is a directory -- ignored", 2},
		notRegular: word{"%s: %s: Too many levels of symbolic links", 1},
		unknownSuf: word{"%s: %s: unknown suffix -- ignored", 2},
		hardLinks:  word{"%s: %s has %s -- file ignored", 2},
		cannotOpen: word{"%s: %s: %s", 1},
		notFormat:  word{"\n%s: %s: not in gzip format", 1},
		truncated:  word{"\n%s: %s: unexpected end of file", 1},
		corrupt:    word{"\n%s: %s: invalid compressed data--crc error", 1},
		trailing:   word{"\n%s: %s: decompression OK, trailing garbage ignored", 2},
		stdinName:  "stdin",
		verboseDone: func(o *squeezeRun, name, out string, in, outN int64) string {
			ratio := gzipRatio(o, in, outN)
			if o.stdout {
				out = "stdout"
			}
			if o.keep || o.stdout && o.decompress {
				return fmt.Sprintf("%s:\t%s -- created %s", name, ratio, out)
			}
			return fmt.Sprintf("%s:\t%s -- replaced with %s", name, ratio, out)
		},
		verboseTest: func(o *squeezeRun, name string) string { return name + ":\t OK" },
	},
	usage: `Usage: NAME [OPTION]... [FILE]...
Compress or uncompress FILEs (by default, compress FILES in-place).

Mandatory arguments to long options are mandatory for short options too.

  -c, --stdout      write on standard output, keep original files unchanged
  -d, --decompress  decompress
  -f, --force       force overwrite of output file and compress links
  -k, --keep        keep (don't delete) input files
  -l, --list        list compressed file contents
  -n, --no-name     do not save or restore the original name and timestamp
  -N, --name        save or restore the original name and timestamp
  -q, --quiet       suppress all warnings
  -r, --recursive   operate recursively on directories
  -S, --suffix=SUF  use suffix SUF on compressed files
  -t, --test        test compressed file integrity
  -v, --verbose     verbose mode
  -1, --fast        compress faster
  -9, --best        compress better
      --help        display this help and exit
      --version     output version information and exit

With no FILE, or when FILE is -, read standard input.
`,
}

// gzipRatio is gzip's ratio of a file done: the share of the
// uncompressed size saved, "-33.3%" when it grew. gzip counts the deflate
// data alone, without the header and trailer (o.header bytes).
func gzipRatio(o *squeezeRun, in, out int64) string {
	plain, packed := in, out
	if o.decompress {
		plain, packed = out, in
	}
	return gzipPercent(plain-(packed-o.header), plain)
}

// gzipPercent is gzip's display_ratio: num/den in tenths of a percent,
// truncated, signed.
func gzipPercent(num, den int64) string {
	var r int64
	switch {
	case den == 0:
	case den < 2147483:
		r = 1000 * num / den
	default:
		r = num / (den / 1000)
	}
	sign := " "
	if r < 0 {
		sign, r = "-", -r
	}
	return fmt.Sprintf("%s%2d.%d%%", sign, r/10, r%10)
}

// gunzip decompresses the gzip members of r to w, as GNU's gzip: members
// follow one another, zeros after the last are ignored, anything else is
// trailing garbage.
func gunzip(r *bufio.Reader, w io.Writer) (bool, error) {
	if head, _ := r.Peek(2); string(head) != "\x1f\x8b" {
		if len(head) < 2 {
			return false, io.ErrUnexpectedEOF
		}
		return false, errNotFormat
	}
	zr, err := gzip.NewReader(r)
	for {
		if err != nil {
			return false, gzipError(err)
		}
		zr.Multistream(false)
		if _, err := io.Copy(w, zr); err != nil {
			return false, gzipError(err)
		}
		head, _ := r.Peek(2)
		if len(head) == 0 {
			return false, nil
		}
		if string(head) != "\x1f\x8b" {
			for {
				b, err := r.ReadByte()
				if err != nil {
					return false, nil
				}
				if b != 0 {
					return true, nil
				}
			}
		}
		err = zr.Reset(r)
	}
}

func gzipError(err error) error {
	var corrupt flate.CorruptInputError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return io.ErrUnexpectedEOF
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader), errors.As(err, &corrupt):
		return errCorrupt
	}
	return err
}

// gzipHeader reads the header of the gzip data r starts with, without
// consuming it.
func gzipHeader(r *bufio.Reader) (gzip.Header, bool) {
	head, _ := r.Peek(r.Size())
	zr, err := gzip.NewReader(bytes.NewReader(head))
	if err != nil {
		return gzip.Header{}, false
	}
	return zr.Header, true
}

// gzipHeaderLen is the length of the header of the gzip data r starts
// with, and of the trailer: what gzip -v leaves out of its ratio.
func gzipHeaderLen(r *bufio.Reader) int64 {
	head, _ := r.Peek(r.Size())
	br := bytes.NewReader(head)
	if _, err := gzip.NewReader(br); err != nil {
		return 18
	}
	return int64(len(head)-br.Len()) + 8
}

// gzipOrigName is the file name the gzip header of r keeps, or "".
func gzipOrigName(r *bufio.Reader) string {
	h, _ := gzipHeader(r)
	// only the last component, and never one that names a directory:
	// the header is the archive's word, not the user's
	name := path.Base(h.Name)
	if h.Name == "" || name == "." || name == ".." || name == "/" {
		return ""
	}
	return name
}

// gzipMtime is the time the gzip header of r keeps, or the zero time.
func gzipMtime(r *bufio.Reader) time.Time {
	h, _ := gzipHeader(r)
	if h.ModTime.Unix() <= 0 {
		return time.Time{}
	}
	return h.ModTime
}

// listFile prints gzip -l's line for a file.
func (o *squeezeRun) listFile(name, p string, info fs.FileInfo) {
	f, err := openOf(o.c, name)
	if err != nil {
		o.cannotOpen(name, err)
		return
	}
	defer f.Close()
	data, err := readAllOf(o.c, f)
	if err != nil {
		o.failIO(name, err)
		return
	}
	out, _ := o.outName(name)
	o.cd.list(o, name, out, data)
}

// listData prints gzip -l's line for the gzip data of name: sizes from
// the file's length and its trailer, as GNU's does (without reading the
// data).
func (o *squeezeRun) listData(name, out string, data []byte) {
	if len(data) < 2 || string(data[:2]) != "\x1f\x8b" {
		o.say(o.cd.words.notFormat, name)
		return
	}
	br := bytes.NewReader(data)
	zr, err := gzip.NewReader(br)
	if err != nil || len(data) < 18 {
		o.say(o.cd.words.truncated, name)
		return
	}
	header := int64(len(data)-br.Len()) + 8
	tail := data[len(data)-8:]
	crc := uint32(tail[0]) | uint32(tail[1])<<8 | uint32(tail[2])<<16 | uint32(tail[3])<<24
	size := int64(uint32(tail[4]) | uint32(tail[5])<<8 | uint32(tail[6])<<16 | uint32(tail[7])<<24)
	packed := int64(len(data))
	if o.listed == 0 {
		if o.verbose {
			fmt.Fprint(o.c.Stdout, "method  crc     date  time  ")
		}
		fmt.Fprintln(o.c.Stdout, "         compressed        uncompressed  ratio uncompressed_name")
	}
	if o.verbose {
		fmt.Fprintf(o.c.Stdout, "defla %08x %s ", crc, zr.ModTime.UTC().Format("Jan _2 15:04"))
	}
	fmt.Fprintf(o.c.Stdout, "%19d %19d %s %s\n", packed, size, gzipPercent(size-(packed-header), size), out)
	o.listed++
	o.totalIn += packed
	o.totalOut += size
	o.header = header // GNU's totals count the last file's
}

// listTotals prints gzip -l's totals line.
func (o *squeezeRun) listTotals() {
	if o.verbose {
		fmt.Fprint(o.c.Stdout, "                            ")
	}
	fmt.Fprintf(o.c.Stdout, "%19d %19d %s (totals)\n", o.totalIn, o.totalOut, gzipPercent(o.totalOut-(o.totalIn-o.header), o.totalOut))
}

var bzip2Codec = &codec{
	tool: "bzip2", unName: "bunzip2", catName: "bzcat", suffix: ".bz2", magic: "BZh",
	unsuffix: [][2]string{{".bz", ""}, {".tbz2", ".tar"}, {".tbz", ".tar"}},
	writer: func(w io.Writer, level int, _ string, _ time.Time) (io.WriteCloser, error) {
		return dsbzip2.NewWriter(w, &dsbzip2.WriterConfig{Level: level})
	},
	decode: func(r *bufio.Reader, w io.Writer) (bool, error) {
		if head, _ := r.Peek(3); string(head) != "BZh" {
			return false, errNotFormat
		}
		_, err := io.Copy(w, bzip2.NewReader(r))
		var se bzip2.StructuralError
		switch {
		case err == nil:
			return false, nil
		case errors.As(err, &se) && strings.Contains(string(se), "continuation"):
			return true, nil
		case errors.As(err, &se):
			return false, errCorrupt
		case errors.Is(err, io.ErrUnexpectedEOF):
			return false, io.ErrUnexpectedEOF
		}
		return false, err
	},
	words: codecWords{
		hasSuffix:  word{"%s: Input file %s already has %s suffix.", 1},
		exists:     word{"%s: Output file %s already exists.", 1},
		directory:  word{"%s: Input file %s is a directory.", 1},
		notRegular: word{"%s: Input file %s is not a normal file.", 1},
		hardLinks:  word{"%s: Input file %s has %s.", 1},
		cannotOpen: word{"%s: Can't open input file %s: %s.", 1},
		notFormat:  word{"%s: %s is not a bzip2 file.", 2},
		truncated:  word{"%s: %s: Compressed file ends unexpectedly; perhaps it is corrupted?", 2},
		corrupt:    word{"%s: %s: Data integrity error when decompressing.", 2},
		trailing:   word{"\n%s: %s: trailing garbage after EOF ignored", 0},
		stdinName:  "(stdin)",
		verboseDone: func(o *squeezeRun, name, _ string, in, out int64) string {
			pad := fmt.Sprintf("  %s: %s", name, strings.Repeat(" ", max(0, o.longest-len(name))))
			if o.decompress {
				return pad + "done"
			}
			if in == 0 {
				return pad + " no data compressed."
			}
			fi, fo := float64(in), float64(out)
			return fmt.Sprintf("%s%6.3f:1, %6.3f bits/byte, %5.2f%% saved, %d in, %d out.", pad, fi/fo, 8*fo/fi, 100*(1-fo/fi), in, out)
		},
		verboseTest: func(o *squeezeRun, name string) string {
			return fmt.Sprintf("  %s: %sok", name, strings.Repeat(" ", max(0, o.longest-len(name))))
		},
	},
	usage: `Usage: NAME [OPTION]... [FILE]...
Compress or decompress FILEs with the Burrows-Wheeler block sorting
algorithm (bzip2 format); with no FILE, or when FILE is -, standard input
to standard output.

  -d, --decompress  force decompression
  -z, --compress    force compression
  -k, --keep        keep (don't delete) input files
  -f, --force       overwrite existing output files
  -t, --test        test compressed file integrity
  -c, --stdout      output to standard out
  -q, --quiet       suppress noncritical error messages
  -v, --verbose     be verbose
  -1 .. -9          set block size to 100k .. 900k
      --fast        alias for -1
      --best        alias for -9
      --help        display this help and exit
      --version     output version information and exit
`,
}

// xzDict is the dictionary size of xz's presets -1 to -9.
var xzDict = [10]int{0: 256 << 10, 1: 1 << 20, 2: 2 << 20, 3: 4 << 20, 4: 4 << 20, 5: 8 << 20, 6: 8 << 20, 7: 16 << 20, 8: 32 << 20, 9: 64 << 20}

var xzCodec = &codec{
	formatFirst: true,
	list:        (*squeezeRun).xzListData,
	totals:      (*squeezeRun).xzListTotals,
	tool:        "xz", unName: "unxz", catName: "xzcat", suffix: ".xz", magic: "\xfd7zXZ\x00",
	unsuffix: [][2]string{{".txz", ".tar"}},
	writer: func(w io.Writer, level int, _ string, _ time.Time) (io.WriteCloser, error) {
		return xz.WriterConfig{DictCap: xzDict[level]}.NewWriter(w)
	},
	decode: func(r *bufio.Reader, w io.Writer) (bool, error) {
		if head, _ := r.Peek(6); string(head) != "\xfd7zXZ\x00" {
			return false, errNotFormat
		}
		tail := &xzTail{r: r}
		zr, err := xz.NewReader(tail)
		if err == nil {
			_, err = io.Copy(w, zr)
		}
		switch {
		case err == nil && tail.last != [2]byte{'Y', 'Z'}:
			// the library takes a stream cut before a block for
			// its end: a whole one ends with the footer's magic
			return false, io.ErrUnexpectedEOF
		case err == nil:
			return false, nil
		case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
			return false, io.ErrUnexpectedEOF
		case strings.HasPrefix(err.Error(), "xz: "), strings.HasPrefix(err.Error(), "lzma: "):
			return false, errCorrupt
		}
		return false, err
	},
	words: codecWords{
		hasSuffix:       word{"%s: %s: File already has `%s' suffix, skipping", 2},
		exists:          word{"%s: %s: File exists", 1},
		directory:       word{"%s: %s: Is a directory, skipping", 2},
		notRegular:      word{"%s: %s: Is a symbolic link, skipping", 2},
		unknownSuf:      word{"%s: %s: Filename has an unknown suffix, skipping", 2},
		hardLinks:       word{"%[1]s: %[2]s: Input file has more than one hard link, skipping", 2},
		linksUnlessKept: true,
		cannotOpen:      word{"%s: %s: %s", 1},
		notFormat:       word{"%s: %s: File format not recognized", 1},
		truncated:       word{"%s: %s: Unexpected end of input", 1},
		corrupt:         word{"%s: %s: Compressed data is corrupt", 1},
		trailing:        word{"%s: %s: Unexpected end of input", 1},
		stdinName:       "(stdin)",
		verboseDone: func(o *squeezeRun, name, _ string, in, out int64) string {
			plain, packed := in, out
			if o.decompress {
				plain, packed = out, in
			}
			return fmt.Sprintf("%s: %s / %s %s", name, xzSize(packed), xzSize(plain), xzRatio(packed, plain))
		},
	},
	usage: `Usage: NAME [OPTION]... [FILE]...
Compress or decompress FILEs in the .xz format.

  -z, --compress      force compression
  -d, --decompress    force decompression
  -t, --test          test compressed file integrity
  -k, --keep          keep (don't delete) input files
  -f, --force         force overwrite of output file and (de)compress links
  -c, --stdout        write to standard output and don't delete input files
  -S, --suffix=.SUF   use the suffix '.SUF' on compressed files
  -l, --list          list information about .xz files
  -0 ... -9           compression preset; default is 6
  -q, --quiet         suppress warnings
  -v, --verbose       be verbose
      --help          display this help and exit
      --version       output version information and exit

With no FILE, or when FILE is -, read standard input.
`,
}

// xzTail remembers the last two bytes other than zero that went through
// it (a stream's padding is zeros).
type xzTail struct {
	r    io.Reader
	last [2]byte
}

func (t *xzTail) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	for _, b := range p[:n] {
		if b != 0 {
			t.last = [2]byte{t.last[1], b}
		}
	}
	return n, err
}

// xzSize is xz's size in -v: bytes below 10000, else KiB or MiB with
// one decimal.
func xzSize(n int64) string {
	if n < 10000 {
		return fmt.Sprintf("%d B", n)
	}
	d, units := float64(n)/1024, []string{"KiB", "MiB", "GiB", "TiB"}
	i := 0
	for d > 9999.9 && i < len(units)-1 {
		d /= 1024
		i++
	}
	return fmt.Sprintf("%.1f %s", d, units[i])
}

// xzRatio is xz's ratio of compressed to uncompressed size.
func xzRatio(packed, plain int64) string {
	if plain == 0 {
		return "= ---"
	}
	r := float64(packed) / float64(plain)
	if r > 9.999 {
		return "> 9.999"
	}
	return fmt.Sprintf("= %.3f", r)
}
