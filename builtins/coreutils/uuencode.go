package coreutils

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// uuencode and uudecode follow GNU sharutils': the historical encoding
// (a length character, then four characters of six bits each for every
// three bytes, 45 bytes a line, ` for zero) and base64 (-m, 45 bytes a
// line), between "begin MODE NAME" (begin-base64) and "end" (====).

func uuencodeCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "uuencode",
		Summary: "encode a file into email friendly text",
		Usage: `Usage: uuencode [OPTION]... [IN-FILE] OUTPUT-NAME
Write IN-FILE (standard input when it is not given) encoded as text, for
uudecode to make a file named OUTPUT-NAME of it, with IN-FILE's
permissions (those of a new file for standard input).

  -m, --base64      convert using base64
`,
		Run: runUuencode,
	}
}

func runUuencode(c *builtins.Call) int {
	fl := c.Flags()
	b64 := fl.BoolP("base64", "m", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	switch len(ops) {
	case 0:
		return c.Usage("missing operand")
	case 1, 2:
	default:
		return c.Usage("extra operand '%s'", ops[2])
	}
	name := ops[len(ops)-1]
	in := io.Reader(c.Stdin)
	mode := 0o666 &^ posixMode(c.Umask)
	if len(ops) == 2 {
		f, err := c.Open(ops[0])
		if err != nil {
			c.FailErr(ops[0], err)
			return 1
		}
		defer f.Close()
		if info, err := c.FS.Stat(c.Abs(ops[0])); err == nil {
			mode = posixMode(info.Mode()) & 0o777
		}
		in = f
	}
	data, err := c.ReadAll(in)
	if err != nil {
		c.FailErr(ops[0], err)
		return 1
	}
	w := bufio.NewWriter(c.Stdout)
	defer w.Flush()
	if *b64 {
		fmt.Fprintf(w, "begin-base64 %03o %s\n", mode, name)
		for len(data) > 0 {
			n := min(45, len(data))
			w.WriteString(base64.StdEncoding.EncodeToString(data[:n]) + "\n")
			data = data[n:]
		}
		w.WriteString("====\n")
		return 0
	}
	fmt.Fprintf(w, "begin %03o %s\n", mode, name)
	for len(data) > 0 {
		n := min(45, len(data))
		w.Write(uuLine(data[:n]))
		data = data[n:]
	}
	w.WriteString("`\nend\n")
	return 0
}

// uuChar is the character of six bits: ` for 0, else 32 + the value.
func uuChar(v byte) byte {
	if v&0o77 == 0 {
		return '`'
	}
	return v&0o77 + ' '
}

// uuLine encodes up to 45 bytes as one line, newline included.
func uuLine(b []byte) []byte {
	out := []byte{uuChar(byte(len(b)))}
	for i := 0; i < len(b); i += 3 {
		var g [3]byte
		copy(g[:], b[i:])
		out = append(out, uuChar(g[0]>>2), uuChar(g[0]<<4|g[1]>>4), uuChar(g[1]<<2|g[2]>>6), uuChar(g[2]))
	}
	return append(out, '\n')
}

func uudecodeCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "uudecode",
		Summary: "decode a file encoded by uuencode",
		Usage: `Usage: uudecode [OPTION]... [FILE]...
Decode each FILE (standard input when none is given), made by uuencode,
into the file its begin line names, with the permissions it gives.

  -o, --output-file=FILE   write to FILE instead (- or /dev/stdout: standard
                             output)
  -c, --ignore-chmod       ignore errors setting the permissions
`,
		Run: runUudecode,
	}
}

// errDecode is a fatal error of uudecode about its input.
type errDecode string

func (e errDecode) Error() string { return string(e) }

func runUudecode(c *builtins.Call) int {
	fl := c.Flags()
	outName := fl.StringP("output-file", "o", "", "")
	fl.BoolP("ignore-chmod", "c", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		ops = []string{"-"}
	}
	status := 0
	for _, op := range ops {
		r, err := c.Open(op)
		if err != nil {
			c.FailErr(op, err)
			status = 4
			continue
		}
		what := op
		if op == "-" {
			what = "standard input"
		}
		err = uudecode(c, bufio.NewReader(r), *outName)
		r.Close()
		var de errDecode
		switch {
		case errors.As(err, &de):
			fmt.Fprintf(c.Stderr, "uudecode fatal error:\n%s: %s\n", what, de)
			return 2
		case err != nil:
			return 1 // reported
		}
	}
	return status
}

// uudecode decodes the first encoded file of r: to outName when it is
// given, else to the name of its begin line.
func uudecode(c *builtins.Call, r *bufio.Reader, outName string) error {
	var header string
	for {
		line, err := r.ReadString('\n')
		if strings.HasPrefix(line, "begin ") || strings.HasPrefix(line, "begin-base64 ") {
			header = strings.TrimRight(line, "\r\n")
			break
		}
		if err != nil {
			return errDecode("Invalid or missing 'begin' line")
		}
	}
	kind, rest, _ := strings.Cut(header, " ")
	modeText, name, ok := strings.Cut(rest, " ")
	mode, err := strconv.ParseUint(modeText, 8, 32)
	if !ok || err != nil || name == "" {
		return errDecode("Invalid or missing 'begin' line")
	}
	if outName != "" {
		name = outName
	}
	var data bytes.Buffer
	b64 := kind == "begin-base64"
	ended := false
	for !ended {
		line, err := r.ReadString('\n')
		text := strings.TrimRight(line, "\r\n")
		switch {
		case line == "" && err != nil:
			// the end line is missing: what was decoded is written, then
			// the error
			if werr := uuWrite(c, name, uint32(mode), data.Bytes()); werr != nil {
				return werr
			}
			return errDecode("Short file")
		case b64 && text == "====", !b64 && text == "end":
			ended = true
		case b64:
			dec, derr := base64.StdEncoding.DecodeString(text)
			if derr != nil {
				return errDecode("invalid input")
			}
			data.Write(dec)
		default:
			dec, ok := uuDecodeLine(text)
			if !ok {
				return errDecode("invalid input")
			}
			data.Write(dec)
		}
	}
	return uuWrite(c, name, uint32(mode), data.Bytes())
}

// uuDecodeLine decodes one line of the historical encoding.
func uuDecodeLine(s string) ([]byte, bool) {
	if s == "" {
		return nil, true
	}
	val := func(ch byte) (byte, bool) {
		if ch < ' ' || ch > '`' {
			return 0, false
		}
		return (ch - ' ') & 0o77, true
	}
	n, ok := val(s[0])
	if !ok {
		return nil, false
	}
	body := s[1:]
	if len(body) < (int(n)+2)/3*4 {
		return nil, false
	}
	out := make([]byte, 0, n+2)
	for i := 0; len(out) < int(n); i += 4 {
		var v [4]byte
		for k := range v {
			if v[k], ok = val(body[i+k]); !ok {
				return nil, false
			}
		}
		out = append(out, v[0]<<2|v[1]>>4, v[1]<<4|v[2]>>2, v[2]<<6|v[3])
	}
	return out[:n], true
}

// uuWrite writes data to name with mode, or to standard output for - and
// /dev/stdout.
func uuWrite(c *builtins.Call, name string, mode uint32, data []byte) error {
	if name == "-" || name == "/dev/stdout" {
		_, err := c.Stdout.Write(data)
		return err
	}
	f, err := c.FS.OpenFile(c.Abs(name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fromPosixMode(mode&0o777))
	if err != nil {
		c.FailErr(name, err)
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = c.FS.Chmod(c.Abs(name), fromPosixMode(mode&0o777))
	}
	if err != nil {
		c.FailErr(name, err)
	}
	return err
}
