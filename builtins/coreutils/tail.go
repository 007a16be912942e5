package coreutils

import (
	"bufio"
	"bytes"
	"io"
	"io/fs"

	"github.com/moonix-sh/moonix/builtins"
)

func tailCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "tail",
		Summary: "output the last part of files",
		Usage: `Usage: tail [-qv] [-n [+]NUM | -c [+]NUM] [FILE]...
Output the last part of files.

  -n, --lines=[+]NUM   print the last NUM lines (default 10); with a leading
                       '+', print from line NUM on
  -c, --bytes=[+]NUM   print the last NUM bytes; with '+', from byte NUM on
  -q, --quiet          never print headers giving file names
  -v, --verbose        always print headers giving file names
  -z, --zero-terminated  lines end with NUL, not newline
  -NUM, +NUM           same as -n NUM, -n +NUM
NUM may have a multiplier suffix: b 512, kB 1000, K 1024, MB 1000*1000,
M 1024*1024, and so on for G, T, P, E.
With more than one FILE, each is preceded by a header '==> FILE <=='.
With no FILE, or when FILE is -, read standard input.
Following files (-f, -F) is not supported: files in moonix do not grow
while a command runs.
`,
		Run: runTail,
	}
}

func runTail(c *builtins.Call) int {
	return runHeadTail(c, true, func(c *builtins.Call, r io.Reader, cnt lineCount, byBytes bool, sep byte) error {
		switch {
		case byBytes && cnt.plus:
			return tailFromByte(c, r, cnt.n)
		case byBytes:
			return tailLastBytes(c, r, cnt.n)
		case cnt.plus:
			return tailFromLine(c, r, cnt.n, sep)
		default:
			return tailLastLines(c, r, cnt.n, sep)
		}
	})
}

// tailFromByte copies from 1-based byte offset n on (+0 is +1).
func tailFromByte(c *builtins.Call, r io.Reader, n int64) error {
	if n > 1 {
		if _, err := io.CopyN(io.Discard, r, n-1); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
	_, err := copyCtx(c, c.Stdout, r)
	return err
}

// tailFromLine copies from 1-based line n on.
func tailFromLine(c *builtins.Call, r io.Reader, n int64, sep byte) error {
	br := bufio.NewReaderSize(r, 32*1024)
	for line := int64(1); line < n; {
		if c.Canceled() {
			return errStop
		}
		_, err := br.ReadSlice(sep)
		switch err {
		case nil:
			line++
		case bufio.ErrBufferFull:
		case io.EOF:
			return nil
		default:
			return err
		}
	}
	_, err := copyCtx(c, c.Stdout, br)
	return err
}

// tailKeep reads r to the end keeping only a bounded tail of it: keep(buf)
// says how many bytes at the end of buf must be kept. buf is trimmed
// when it has doubled since the last trim, so that keep's walk costs
// time linear in the input however much of it is kept (it ran after
// every read once past 1 MiB: tail -n 400000 of 50 MB took 10 s).
func tailKeep(c *builtins.Call, r io.Reader, keep func([]byte) int) ([]byte, error) {
	const trimAt = 1 << 20
	var buf []byte
	limit := trimAt
	chunk := make([]byte, 64*1024)
	for {
		if c.Canceled() {
			return nil, errStop
		}
		m, err := r.Read(chunk)
		buf = append(buf, chunk[:m]...)
		if len(buf) > limit {
			if k := keep(buf); k < len(buf)/2 {
				buf = append(buf[:0:0], buf[len(buf)-k:]...)
			}
			limit = max(trimAt, 2*len(buf))
		}
		if err == io.EOF {
			return buf[len(buf)-keep(buf):], nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func tailLastBytes(c *builtins.Call, r io.Reader, n int64) error {
	out, err := tailKeep(c, r, func(b []byte) int {
		if int64(len(b)) < n {
			return len(b)
		}
		return int(n)
	})
	if err != nil {
		return err
	}
	if _, err := c.Stdout.Write(out); err != nil {
		return errStop
	}
	return nil
}

func tailLastLines(c *builtins.Call, r io.Reader, n int64, sep byte) error {
	if f, size, ok := regularFile(r); ok {
		return tailLastLinesAt(c, f, size, n, sep)
	}
	out, err := tailKeep(c, r, func(b []byte) int { return lastLinesLen(b, n, sep) })
	if err != nil {
		return err
	}
	if _, err := c.Stdout.Write(out); err != nil {
		return errStop
	}
	return nil
}

// regularFile is r as a file that can be read at any offset, and its size,
// when r is a regular file.
func regularFile(r io.Reader) (io.ReaderAt, int64, bool) {
	f, ok := r.(interface {
		io.ReaderAt
		Stat() (fs.FileInfo, error)
	})
	if !ok {
		return nil, 0, false
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, 0, false
	}
	return f, info.Size(), true
}

// tailLastLinesAt prints the last n lines of a file of the given size
// reading it from its end, as GNU's tail does, not the whole of it.
func tailLastLinesAt(c *builtins.Call, f io.ReaderAt, size, n int64, sep byte) error {
	start := size
	if n > 0 && size > 0 {
		buf := make([]byte, 64*1024)
		end := size
		// the last separator ends the last line
		if _, err := f.ReadAt(buf[:1], size-1); err != nil && err != io.EOF {
			return err
		}
		if buf[0] == sep {
			end--
		}
		start = 0
		for end > 0 {
			if c.Canceled() {
				return errStop
			}
			from := max(0, end-int64(len(buf)))
			b := buf[:end-from]
			if _, err := f.ReadAt(b, from); err != nil && err != io.EOF {
				return err
			}
			j, left := sepFromEnd(b, n, sep)
			if left == 0 {
				start = from + int64(j) + 1
				break
			}
			n, end = left, from
		}
	}
	_, err := copyCtx(c, c.Stdout, io.NewSectionReader(f, start, size-start))
	return err
}

// lastLinesLen is the length of the suffix of b holding its last n lines
// (an unterminated last line counts as a line).
func lastLinesLen(b []byte, n int64, sep byte) int {
	if n == 0 {
		return 0
	}
	end := len(b)
	if end > 0 && b[end-1] == sep {
		end--
	}
	j, left := sepFromEnd(b[:end], n, sep)
	if left > 0 {
		return len(b)
	}
	return len(b) - (j + 1)
}

// sepFromEnd finds the nth separator from the end of b (n at least 1):
// its index, or -1 and how many are still to be found before b. Blocks
// are counted with bytes.Count, and only the block that holds the answer
// is walked byte by byte.
func sepFromEnd(b []byte, n int64, sep byte) (int, int64) {
	const block = 4096
	for end := len(b); end > 0; {
		start := max(0, end-block)
		if k := int64(bytes.Count(b[start:end], []byte{sep})); k < n {
			n -= k
			end = start
			continue
		}
		for i := end; ; {
			j := bytes.LastIndexByte(b[start:i], sep) + start
			if n--; n == 0 {
				return j, 0
			}
			i = j
		}
	}
	return -1, n
}
