package coreutils

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func wcCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "wc",
		Summary: "print newline, word and byte counts for each file",
		Usage: `Usage: wc [-lwcmL] [FILE]...
Print newline, word and byte counts for each file.

  -l, --lines            print the newline counts
  -w, --words            print the word counts
  -c, --bytes            print the byte counts
  -m, --chars            print the character counts (bytes: the C locale)
  -L, --max-line-length  print the maximum display width of a line
With no option, print lines, words and bytes. With more than one FILE, a
total line follows. With no FILE, or when FILE is -, read standard input.
`,
		Run: runWc,
	}
}

type wcCounts struct {
	lines, words, chars, bytes, maxLine int64
}

func runWc(c *builtins.Call) int {
	fl := c.Flags()
	lines := fl.BoolP("lines", "l", false, "")
	words := fl.BoolP("words", "w", false, "")
	bytesOpt := fl.BoolP("bytes", "c", false, "")
	chars := fl.BoolP("chars", "m", false, "")
	maxLine := fl.BoolP("max-line-length", "L", false, "")
	total := fl.String("total", "auto", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if !*lines && !*words && !*bytesOpt && !*chars && !*maxLine {
		*lines, *words, *bytesOpt = true, true, true
	}
	switch *total {
	case "auto", "always", "only", "never":
	default:
		c.Fail("invalid argument '%s' for '--total'", *total)
		return 2
	}
	files := fl.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	nsel := 0
	for _, b := range []bool{*lines, *words, *bytesOpt, *chars, *maxLine} {
		if b {
			nsel++
		}
	}

	// Width as GNU computes it: enough digits for the total size of the
	// regular files, at least 7 when any input is not a regular file, and
	// no padding at all for one count of one input.
	width := 1
	if !(len(files) == 1 && nsel == 1) && *total != "only" {
		minWidth := 1
		var size int64
		for _, name := range files {
			info, err := wcStat(c, name)
			if err != nil {
				continue
			}
			if info == nil || !info.Mode().IsRegular() {
				minWidth = 7
			} else {
				size += info.Size()
			}
		}
		width = len(strconv.FormatInt(size, 10))
		if width < minWidth {
			width = minWidth
		}
	}

	print := func(n wcCounts, name string) {
		var parts []string
		add := func(on bool, v int64) {
			if on {
				parts = append(parts, fmt.Sprintf("%*d", width, v))
			}
		}
		add(*lines, n.lines)
		add(*words, n.words)
		add(*chars, n.chars)
		add(*bytesOpt, n.bytes)
		add(*maxLine, n.maxLine)
		line := strings.Join(parts, " ")
		if name != "" {
			line += " " + name
		}
		io.WriteString(c.Stdout, line+"\n")
	}

	var sum wcCounts
	status := 0
	for _, name := range files {
		if c.Canceled() {
			return 130
		}
		r, err := c.Open(name)
		if err != nil {
			c.FailErr(name, err)
			status = 1
			if isEISDIR(err) && *total != "only" {
				print(wcCounts{}, name)
			}
			continue
		}
		n, err := wcCount(c, r, *words, *maxLine)
		r.Close()
		if err == errStop {
			return 130
		}
		if err != nil {
			c.FailErr(name, err)
			status = 1
		}
		sum.lines += n.lines
		sum.words += n.words
		sum.chars += n.chars
		sum.bytes += n.bytes
		if n.maxLine > sum.maxLine {
			sum.maxLine = n.maxLine
		}
		if *total != "only" {
			label := name
			if name == "-" && len(fl.Args()) == 0 {
				label = ""
			}
			print(n, label)
		}
	}
	switch {
	case *total == "only":
		width = 1
		print(sum, "")
	case *total == "always" || *total == "auto" && len(files) > 1:
		print(sum, "total")
	}
	return status
}

// wcStat stats an operand; standard input is regular only when the shell
// handed us a file (a redirection), which we can see through Run's wrapper.
func wcStat(c *builtins.Call, name string) (fs.FileInfo, error) {
	if name != "-" {
		return c.FS.Stat(c.Abs(name))
	}
	r := c.Stdin
	if u, ok := r.(interface{ Unwrap() io.Reader }); ok {
		r = u.Unwrap()
	}
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if info, err := st.Stat(); err == nil {
			return info, nil
		}
	}
	return nil, nil
}

// wcCount counts r. Lines are counted with bytes.Count; words with a
// class table, and only when asked for; the display width only for -L,
// the one count that needs the whole byte-by-byte walk.
func wcCount(c *builtins.Call, r io.Reader, words, maxLine bool) (wcCounts, error) {
	var n wcCounts
	buf := make([]byte, 256*1024)
	inWord := false
	var pos int64
	for {
		if c.Canceled() {
			return n, errStop
		}
		m, err := r.Read(buf)
		b := buf[:m]
		n.bytes += int64(m)
		switch {
		case maxLine:
			inWord, pos = wcWalk(&n, b, inWord, pos)
		case words:
			n.lines += int64(bytes.Count(b, []byte{'\n'}))
			inWord = wcWords(&n, b, inWord)
		default:
			n.lines += int64(bytes.Count(b, []byte{'\n'}))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return n, err
		}
	}
	if pos > n.maxLine {
		n.maxLine = pos
	}
	n.chars = n.bytes
	return n, nil
}

// wcClass sorts bytes for counting words (the C locale's): a printable
// character starts or continues a word, white space ends one, any other
// byte does neither.
var wcClass = func() (t [256]uint8) {
	for b := '!'; b < 0x7f; b++ {
		t[b] = wcPrint
	}
	for _, b := range []byte{'\n', '\r', '\f', '\t', ' ', '\v'} {
		t[b] = wcSpace
	}
	return t
}()

const (
	wcPrint = 1
	wcSpace = 2
)

// wcWords counts the words of b, inWord saying whether the byte before b
// was inside one; it returns the same for b's last byte.
func wcWords(n *wcCounts, b []byte, inWord bool) bool {
	var words int64
	for _, ch := range b {
		switch wcClass[ch] {
		case wcPrint:
			if !inWord {
				words++
				inWord = true
			}
		case wcSpace:
			inWord = false
		}
	}
	n.words += words
	return inWord
}

// wcWalk counts everything in b, the display width of lines included.
func wcWalk(n *wcCounts, buf []byte, inWord bool, pos int64) (bool, int64) {
	for _, b := range buf {
		switch {
		case b == '\n':
			n.lines++
			if pos > n.maxLine {
				n.maxLine = pos
			}
			pos = 0
			inWord = false
		case b == '\r' || b == '\f':
			if pos > n.maxLine {
				n.maxLine = pos
			}
			pos = 0
			inWord = false
		case b == '\t':
			pos += 8 - pos%8
			inWord = false
		case b == ' ':
			pos++
			inWord = false
		case b == '\v':
			inWord = false
		case b > ' ' && b < 0x7f:
			pos++
			if !inWord {
				n.words++
				inWord = true
			}
		}
	}
	return inWord, pos
}
