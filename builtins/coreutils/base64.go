package coreutils

import (
	"bufio"
	"encoding/base32"
	"encoding/base64"
	"io"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// baseCodec describes base64 or base32 for the shared encoder and decoder.
type baseCodec struct {
	name     string
	alphabet string
	group    int // characters per padded group
	std      interface {
		EncodeToString([]byte) string
		DecodeString(string) ([]byte, error)
	}
	raw interface {
		DecodeString(string) ([]byte, error)
	}
	chunk int // input bytes per group
}

var (
	codec64 = baseCodec{name: "base64", alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
		group: 4, chunk: 3, std: base64.StdEncoding, raw: base64.RawStdEncoding}
	codec32 = baseCodec{name: "base32", alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
		group: 8, chunk: 5, std: base32.StdEncoding, raw: base32.StdEncoding.WithPadding(base32.NoPadding)}
)

func base64Command() *builtins.Command { return baseCommand(codec64) }
func base32Command() *builtins.Command { return baseCommand(codec32) }

func baseCommand(bc baseCodec) *builtins.Command {
	return &builtins.Command{
		Name:    bc.name,
		Summary: bc.name + " encode or decode data",
		Usage: `Usage: ` + bc.name + ` [-d] [-i] [-w COLS] [FILE]
` + strings.ToUpper(bc.name[:1]) + bc.name[1:] + ` encode or decode FILE, or standard input, to standard output.

  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore characters outside the alphabet
  -w, --wrap=COLS       wrap encoded lines after COLS characters (default 76,
                        0 for no wrapping)
With no FILE, or when FILE is -, read standard input.
`,
		Run: func(c *builtins.Call) int { return runBase(c, bc) },
	}
}

func runBase(c *builtins.Call, bc baseCodec) int {
	fl := c.Flags()
	decode := fl.BoolP("decode", "d", false, "")
	garbage := fl.BoolP("ignore-garbage", "i", false, "")
	wrapArg := fl.StringP("wrap", "w", "76", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	wrap, err := strconv.Atoi(*wrapArg)
	if err != nil || wrap < 0 {
		c.Fail("invalid wrap size: '%s'", *wrapArg)
		return 1
	}
	args := fl.Args()
	if len(args) > 1 {
		return c.Usage("extra operand %s", builtins.Quote(args[1]))
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	r, err := c.Open(name)
	if err != nil {
		c.FailErr(name, err)
		return 1
	}
	defer r.Close()
	br := bufio.NewReaderSize(r, 64*1024)
	if *decode {
		return baseDecode(c, bc, br, *garbage, name)
	}
	return baseEncode(c, bc, br, wrap, name)
}

func baseEncode(c *builtins.Call, bc baseCodec, r io.Reader, wrap int, name string) int {
	w := c.Stdout
	col := 0
	buf := make([]byte, bc.chunk*1024)
	emit := func(s string) bool {
		if wrap == 0 {
			_, err := io.WriteString(w, s)
			return err == nil
		}
		for len(s) > 0 {
			n := min(wrap-col, len(s))
			if _, err := io.WriteString(w, s[:n]); err != nil {
				return false
			}
			s, col = s[n:], col+n
			if col == wrap {
				if _, err := io.WriteString(w, "\n"); err != nil {
					return false
				}
				col = 0
			}
		}
		return true
	}
	total := 0
	for {
		if c.Canceled() {
			return 130
		}
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			total += n
			if !emit(bc.std.EncodeToString(buf[:n])) {
				return 0
			}
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			c.FailErr(name, err)
			return 1
		}
	}
	if total > 0 && wrap > 0 && col > 0 {
		io.WriteString(w, "\n")
	}
	return 0
}

func baseDecode(c *builtins.Call, bc baseCodec, r *bufio.Reader, garbage bool, name string) int {
	w := c.Stdout
	var valid [256]bool
	for i := 0; i < len(bc.alphabet); i++ {
		valid[bc.alphabet[i]] = true
	}
	group := make([]byte, 0, bc.group)
	// partial decodes the alphabet characters of an unfinished group.
	partial := func() {
		if bc.group != 4 {
			return // GNU base32 drops an unfinished group
		}
		k := 0
		for k < len(group) && valid[group[k]] {
			k++
		}
		for ; k > 0; k-- {
			if out, err := bc.raw.DecodeString(string(group[:k])); err == nil {
				w.Write(out)
				return
			}
		}
	}
	fail := func() int {
		partial()
		c.Fail("invalid input")
		return 1
	}
	for {
		ch, err := r.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			c.FailErr(name, err)
			return 1
		}
		if ch == '\n' {
			continue
		}
		if !valid[ch] && ch != '=' {
			if garbage {
				continue
			}
			return fail()
		}
		group = append(group, ch)
		if len(group) < bc.group {
			continue
		}
		out, derr := bc.std.DecodeString(string(group))
		if derr != nil {
			return fail()
		}
		if _, err := w.Write(out); err != nil {
			return 0
		}
		group = group[:0]
	}
	if len(group) > 0 {
		return fail()
	}
	return 0
}
