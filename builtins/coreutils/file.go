package coreutils

// file: what a file holds, from its first bytes, in the words of file
// 5.44 (the host tool most people have) for the kinds moonix knows: text
// (ASCII, UTF-8, ISO-8859, and its line terminators), scripts by their
// #! line, the archives and compressions moonix makes, PNG, GIF, JPEG,
// PDF, ELF and WebAssembly; anything else is "data".

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
)

func fileCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "file",
		Summary: "determine file type",
		Usage: `Usage: file [OPTION...] [FILE...]
Determine type of FILEs.

  -b, --brief                do not prepend filenames to output lines
  -i, --mime                 output MIME type strings (--mime-type and
                               --mime-encoding)
      --mime-type            output the MIME type
      --mime-encoding        output the MIME encoding
  -L, --dereference          follow symlinks
  -h, --no-dereference       don't follow symlinks (default)
      --help                 display this help and exit
      --version              output version information and exit
`,
		Run: stopsOnCancel(runFile),
	}
}

// fileSort is what file says of a file: its description, MIME type and
// encoding.
type fileSort struct{ desc, mime, charset string }

func runFile(c *builtins.Call) int {
	fl := c.Flags()
	brief := fl.BoolP("brief", "b", false, "")
	mime := fl.BoolP("mime", "i", false, "")
	mimeType := fl.Bool("mime-type", false, "")
	mimeEnc := fl.Bool("mime-encoding", false, "")
	deref := fl.BoolP("dereference", "L", false, "")
	fl.BoolP("no-dereference", "h", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	names := fl.Args()
	if len(names) == 0 {
		c.Fail("Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n            <file> ...\n       file -C [-m <magicfiles>]\n       file [--help]")
		return 1
	}
	width := 0
	for _, n := range names {
		width = max(width, len(n)+1)
	}
	for _, name := range names {
		if c.Canceled() {
			return 130
		}
		k := fileKindOf(c, name, *deref)
		var what string
		switch {
		case *mime || *mimeType && *mimeEnc:
			what = k.mime + "; charset=" + k.charset
		case *mimeType:
			what = k.mime
		case *mimeEnc:
			what = k.charset
		default:
			what = k.desc
		}
		if k.mime == "" { // an error: said as is
			what = k.desc
		}
		if *brief {
			fmt.Fprintln(c.Stdout, what)
		} else {
			fmt.Fprintf(c.Stdout, "%-*s %s\n", width, name+":", what)
		}
	}
	return 0
}

// fileKindOf looks at the file name.
func fileKindOf(c *builtins.Call, name string, deref bool) fileSort {
	p := c.Abs(name)
	stat := c.FS.Lstat
	if deref {
		stat = c.FS.Stat
	}
	info, err := stat(p)
	if err != nil {
		return fileSort{desc: fmt.Sprintf("cannot open `%s' (%s)", name, builtins.Reason(err))}
	}
	switch mode := info.Mode(); {
	case mode.IsDir():
		return fileSort{"directory", "inode/directory", "binary"}
	case mode&fs.ModeSymlink != 0:
		target, _ := c.FS.Readlink(p)
		if _, err := c.FS.Stat(p); err != nil {
			return fileSort{"broken symbolic link to " + target, "inode/symlink", "binary"}
		}
		return fileSort{"symbolic link to " + target, "inode/symlink", "binary"}
	case mode&fs.ModeCharDevice != 0:
		return fileSort{"character special", "inode/chardevice", "binary"}
	case mode&fs.ModeNamedPipe != 0:
		return fileSort{"fifo (named pipe)", "inode/fifo", "binary"}
	}
	f, err := c.FS.OpenFile(p, os.O_RDONLY, 0)
	if err != nil {
		return fileSort{desc: fmt.Sprintf("cannot open `%s' (%s)", name, builtins.Reason(err))}
	}
	defer f.Close()
	head := make([]byte, 64*1024)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return fileSort{desc: fmt.Sprintf("cannot read `%s' (%s)", name, builtins.Reason(err))}
	}
	return sniff(head[:n])
}

// sniff says what data is, from its start.
func sniff(b []byte) fileSort {
	if len(b) == 0 {
		return fileSort{"empty", "inode/x-empty", "binary"}
	}
	for _, m := range magics {
		if bytes.HasPrefix(b, []byte(m.magic)) {
			if desc := m.describe(b); desc != "" {
				return fileSort{desc, m.mime, "binary"}
			}
		}
	}
	if len(b) > 262 && (string(b[257:263]) == "ustar\x00" || string(b[257:263]) == "ustar ") {
		desc := "POSIX tar archive"
		if string(b[257:265]) == "ustar  \x00" {
			desc += " (GNU)"
		}
		return fileSort{desc, "application/x-tar", "binary"}
	}
	if k, ok := sniffText(b); ok {
		return k
	}
	return fileSort{"data", "application/octet-stream", "binary"}
}

type magic struct {
	magic, mime string
	describe    func(b []byte) string
}

func fixed(s string) func([]byte) string { return func([]byte) string { return s } }

var magics = []magic{
	{"\x1f\x8b", "application/gzip", describeGzip},
	{"BZh", "application/x-bzip2", func(b []byte) string {
		if len(b) < 4 || b[3] < '1' || b[3] > '9' {
			return ""
		}
		return fmt.Sprintf("bzip2 compressed data, block size = %c00k", b[3])
	}},
	{"\xfd7zXZ\x00", "application/x-xz", func(b []byte) string {
		checks := map[byte]string{0: "none", 1: "CRC32", 4: "CRC64", 10: "SHA-256"}
		if len(b) < 8 {
			return "XZ compressed data"
		}
		if c, ok := checks[b[7]&0xf]; ok {
			return "XZ compressed data, checksum " + c
		}
		return "XZ compressed data"
	}},
	{"PK\x03\x04", "application/zip", func(b []byte) string {
		if len(b) < 10 {
			return "Zip archive data"
		}
		v := binary.LittleEndian.Uint16(b[4:])
		method := map[uint16]string{0: "store", 8: "deflate", 12: "bzip2", 14: "lzma"}[binary.LittleEndian.Uint16(b[8:])]
		desc := fmt.Sprintf("Zip archive data, at least v%d.%d to extract", v/10, v%10)
		if method != "" {
			desc += ", compression method=" + method
		}
		return desc
	}},
	{"PK\x05\x06", "application/zip", fixed("Zip archive data (empty)")},
	{"\x89PNG\r\n\x1a\n", "image/png", describePNG},
	{"GIF8", "image/gif", func(b []byte) string {
		if len(b) < 10 || (b[4] != '7' && b[4] != '9') || b[5] != 'a' {
			return ""
		}
		return fmt.Sprintf("GIF image data, version 8%ca, %d x %d", b[4], binary.LittleEndian.Uint16(b[6:]), binary.LittleEndian.Uint16(b[8:]))
	}},
	{"\xff\xd8\xff", "image/jpeg", describeJPEG},
	{"%PDF-", "application/pdf", func(b []byte) string {
		v := b[5:]
		if i := bytes.IndexAny(v, "\r\n \t%"); i >= 0 {
			v = v[:i]
		}
		return "PDF document, version " + string(v)
	}},
	{"\x00asm", "application/wasm", func(b []byte) string {
		if len(b) < 8 {
			return ""
		}
		v := binary.LittleEndian.Uint32(b[4:])
		desc := fmt.Sprintf("WebAssembly (wasm) binary module version %#x", v)
		if v == 1 {
			desc += " (MVP)"
		}
		return desc
	}},
	{"\x7fELF", "application/x-executable", describeELF},
}

// describeGzip says what file says of gzip data: the name and time the
// header keeps, the system, and the size its trailer gives.
func describeGzip(b []byte) string {
	if len(b) < 10 || b[2] != 8 {
		return ""
	}
	desc := "gzip compressed data"
	flags := b[3]
	if flags&8 != 0 {
		rest := b[10:]
		if flags&4 != 0 && len(rest) >= 2 {
			xlen := int(binary.LittleEndian.Uint16(rest))
			if 2+xlen <= len(rest) {
				rest = rest[2+xlen:]
			}
		}
		if i := bytes.IndexByte(rest, 0); i >= 0 {
			desc += fmt.Sprintf(", was \"%s\"", rest[:i])
		}
	}
	if t := binary.LittleEndian.Uint32(b[4:]); t != 0 {
		desc += ", last modified: " + time.Unix(int64(t), 0).UTC().Format("Mon Jan _2 15:04:05 2006")
	}
	switch b[8] {
	case 2:
		desc += ", max compression"
	case 4:
		desc += ", max speed"
	}
	if os, ok := map[byte]string{0: "FAT filesystem (MS-DOS, OS/2, NT)", 3: "Unix", 7: "Macintosh", 11: "NTFS filesystem (NT)"}[b[9]]; ok {
		desc += ", from " + os
	}
	if len(b) >= 18 && len(b) < 64*1024 {
		desc += fmt.Sprintf(", original size modulo 2^32 %d", binary.LittleEndian.Uint32(b[len(b)-4:]))
	}
	return desc
}

func describePNG(b []byte) string {
	if len(b) < 29 || string(b[12:16]) != "IHDR" {
		return "PNG image data"
	}
	w, h := binary.BigEndian.Uint32(b[16:]), binary.BigEndian.Uint32(b[20:])
	depth, color, interlace := b[24], b[25], b[28]
	kinds := map[byte]string{0: "grayscale", 2: "/color RGB", 3: "colormap", 4: "gray+alpha", 6: "/color RGBA"}
	kind := kinds[color]
	sep := " "
	if strings.HasPrefix(kind, "/") {
		sep = ""
	}
	lace := "non-interlaced"
	if interlace != 0 {
		lace = "interlaced"
	}
	return fmt.Sprintf("PNG image data, %d x %d, %d-bit%s%s, %s", w, h, depth, sep, kind, lace)
}

// describeJPEG reads the JFIF segment and the first frame header.
func describeJPEG(b []byte) string {
	desc := "JPEG image data"
	i := 2
	for i+4 <= len(b) && b[i] == 0xff {
		marker := b[i+1]
		seg := int(binary.BigEndian.Uint16(b[i+2:]))
		body := b[i+4:]
		if seg < 2 || len(body) < seg-2 {
			break
		}
		body = body[:seg-2]
		switch {
		case marker == 0xe0 && len(body) >= 12 && string(body[:5]) == "JFIF\x00":
			desc += fmt.Sprintf(", JFIF standard %d.%02d", body[5], body[6])
			x, y := binary.BigEndian.Uint16(body[8:]), binary.BigEndian.Uint16(body[10:])
			switch body[7] {
			case 0:
				desc += fmt.Sprintf(", aspect ratio, density %dx%d", x, y)
			case 1:
				desc += fmt.Sprintf(", resolution (DPI), density %dx%d", x, y)
			case 2:
				desc += fmt.Sprintf(", resolution (DPCM), density %dx%d", x, y)
			}
			desc += fmt.Sprintf(", segment length %d", seg)
		case marker >= 0xc0 && marker <= 0xc2 && len(body) >= 6:
			kind := map[byte]string{0xc0: "baseline", 0xc1: "extended sequential", 0xc2: "progressive"}[marker]
			desc += fmt.Sprintf(", %s, precision %d, %dx%d, components %d", kind, body[0],
				binary.BigEndian.Uint16(body[3:]), binary.BigEndian.Uint16(body[1:]), body[5])
			return desc
		}
		if marker == 0xda {
			break
		}
		i += 2 + seg
	}
	return desc
}

// describeELF reads an ELF header: class, byte order, type, machine.
func describeELF(b []byte) string {
	if len(b) < 20 {
		return ""
	}
	class := map[byte]string{1: "32-bit", 2: "64-bit"}[b[4]]
	var order binary.ByteOrder = binary.LittleEndian
	end := "LSB"
	if b[5] == 2 {
		order, end = binary.BigEndian, "MSB"
	}
	typ := map[uint16]string{1: "relocatable", 2: "executable", 3: "shared object", 4: "core file"}[order.Uint16(b[16:])]
	machine := map[uint16]string{3: "Intel 80386", 8: "MIPS", 20: "PowerPC", 21: "64-bit PowerPC", 40: "ARM", 62: "x86-64", 183: "ARM aarch64", 243: "UCB RISC-V"}[order.Uint16(b[18:])]
	parts := []string{"ELF " + class + " " + end + " " + typ}
	if machine != "" {
		parts = append(parts, machine)
	}
	parts = append(parts, fmt.Sprintf("version %d (SYSV)", b[6]))
	return strings.Join(parts, ", ")
}

// sniffText recognises text: its encoding, a #! line's interpreter, and
// the line terminators.
func sniffText(b []byte) (fileSort, bool) {
	enc, charset := "ASCII", "us-ascii"
	bom := bytes.HasPrefix(b, []byte("\xef\xbb\xbf"))
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
		}
		if c < 0x20 && !strings.ContainsRune("\n\r\t\f\b\x1b", rune(c)) || c == 0x7f {
			return fileSort{}, false
		}
	}
	if !ascii {
		switch {
		case utf8.Valid(b) || utf8.Valid(trimPartialRune(b)):
			enc, charset = "Unicode text, UTF-8", "utf-8"
			if bom {
				enc = "Unicode text, UTF-8 (with BOM)"
			}
		default:
			for _, c := range b {
				if c >= 0x80 && c < 0xa0 {
					return fileSort{}, false
				}
			}
			enc, charset = "ISO-8859", "iso-8859-1"
		}
	}
	desc := enc + " text"
	mime := "text/plain"
	if bytes.HasPrefix(b, []byte("#!")) {
		line := string(b[2:])
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) > 0 {
			interp := path.Base(fields[0])
			if interp == "env" && len(fields) > 1 {
				interp = fields[1]
			}
			script, smime := scriptName(interp, strings.Join(fields, " "))
			desc, mime = script+", "+desc+" executable", smime
		}
	}
	var crlf, lf, cr bool
	for i, c := range b {
		switch {
		case c == '\r' && i+1 < len(b) && b[i+1] == '\n':
			crlf = true
		case c == '\r':
			cr = true
		case c == '\n' && (i == 0 || b[i-1] != '\r'):
			lf = true
		}
	}
	var terms []string
	if crlf {
		terms = append(terms, "CRLF")
	}
	if cr {
		terms = append(terms, "CR")
	}
	switch {
	case !crlf && !cr && !lf:
		desc += ", with no line terminators"
	case len(terms) > 0:
		if lf {
			terms = append(terms, "LF")
		}
		desc += ", with " + strings.Join(terms, ", ") + " line terminators"
	}
	return fileSort{desc, mime, charset}, true
}

// trimPartialRune cuts a UTF-8 sequence the 64 KiB window split.
func trimPartialRune(b []byte) []byte {
	for i := 1; i <= 3 && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			return b[:len(b)-i]
		}
	}
	return b
}

// scriptName is file's name for a script run by interp (line is the
// #! line), and its MIME type.
func scriptName(interp, line string) (string, string) {
	switch interp {
	case "sh", "dash", "ash":
		return "POSIX shell script", "text/x-shellscript"
	case "bash":
		return "Bourne-Again shell script", "text/x-shellscript"
	case "zsh":
		return "Paul Falstad's zsh script", "text/x-shellscript"
	case "python", "python2", "python3":
		return "Python script", "text/x-script.python"
	case "perl":
		return "Perl script text", "text/x-perl"
	case "ruby":
		return "Ruby script", "text/x-ruby"
	case "node", "nodejs":
		return "Node.js script", "application/javascript"
	case "awk", "gawk":
		return "awk or perl script", "text/x-awk"
	}
	return "a " + line + " script", "text/plain"
}
