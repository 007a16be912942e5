package coreutils

import (
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"
)

// tinyPNG is a 3 x 2 RGBA PNG's signature and header (file reads no
// further).
func tinyPNG() string {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, 3)
	binary.BigEndian.PutUint32(ihdr[4:], 2)
	copy(ihdr[8:], []byte{8, 6, 0, 0, 0})
	var b strings.Builder
	b.WriteString("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte("IHDR"), ihdr...)))
	return b.String()
}

func TestFile(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"a": "hello\n", "b": "hello", "c": "a\r\nb\r\n", "u": "h\xc3\xa9llo\n", "lat": "x\xe9\n", "e": "", "d/": "",
		"l": "->a", "dl": "->nope", "s": "#!/bin/sh\necho\n", "sb": "#!/usr/bin/env bash\necho\n", "py": "#!/usr/bin/env python3\nprint()\n",
		"w.wasm": "\x00asm\x01\x00\x00\x00", "g.gz": helloGz, "b.bz2": helloBz2, "x.xz": helloXz, "t.tar": tarball(tarEntry{name: "a", data: "x"}),
		"z.zip": zipball(zipEntryT{name: "a", data: "hello\n"}), "i.png": tinyPNG(), "i.gif": "GIF89a\x05\x00\x04\x00\x00\x00\x00;",
		"i.jpg": "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9", "p.pdf": "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
		"bin": "bin\x00ary\x01\x02",
	}
	runFileCases(t, []fileCase{
		{args: []string{"file", "a", "b", "c", "u", "lat", "e", "d", "l", "dl", "s", "sb", "py"}, files: files,
			out: "a:   ASCII text\nb:   ASCII text, with no line terminators\nc:   ASCII text, with CRLF line terminators\n" +
				"u:   Unicode text, UTF-8 text\nlat: ISO-8859 text\ne:   empty\nd:   directory\nl:   symbolic link to a\n" +
				"dl:  broken symbolic link to nope\ns:   POSIX shell script, ASCII text executable\n" +
				"sb:  Bourne-Again shell script, ASCII text executable\npy:  Python script, ASCII text executable\n"},
		{args: []string{"file", "w.wasm", "g.gz", "b.bz2", "x.xz", "t.tar", "z.zip", "i.png", "i.gif", "i.jpg", "p.pdf", "bin"}, files: files,
			out: "w.wasm: WebAssembly (wasm) binary module version 0x1 (MVP)\n" +
				"g.gz:   gzip compressed data, was \"x\", last modified: Thu Jan  1 00:00:00 2026, from Unix, original size modulo 2^32 6\n" +
				"b.bz2:  bzip2 compressed data, block size = 900k\nx.xz:   XZ compressed data, checksum CRC64\n" +
				"t.tar:  POSIX tar archive (GNU)\nz.zip:  Zip archive data, at least v1.0 to extract, compression method=store\n" +
				"i.png:  PNG image data, 3 x 2, 8-bit/color RGBA, non-interlaced\ni.gif:  GIF image data, version 89a, 5 x 4\n" +
				"i.jpg:  JPEG image data, JFIF standard 1.01, aspect ratio, density 1x1, segment length 16\n" +
				"p.pdf:  PDF document, version 1.4\nbin:    data\n"},
		{args: []string{"file", "-b", "a"}, files: files, out: "ASCII text\n"},
		{args: []string{"file", "-L", "l"}, files: files, out: "l: ASCII text\n"},
		{args: []string{"file", "-i", "a", "u", "e", "d", "g.gz", "s", "w.wasm", "i.png", "lat", "bin", "l"}, files: files,
			out: "a:      text/plain; charset=us-ascii\nu:      text/plain; charset=utf-8\ne:      inode/x-empty; charset=binary\n" +
				"d:      inode/directory; charset=binary\ng.gz:   application/gzip; charset=binary\ns:      text/x-shellscript; charset=us-ascii\n" +
				"w.wasm: application/wasm; charset=binary\ni.png:  image/png; charset=binary\nlat:    text/plain; charset=iso-8859-1\n" +
				"bin:    application/octet-stream; charset=binary\nl:      inode/symlink; charset=binary\n"},
		{args: []string{"file", "--mime-type", "a", "u"}, files: files, out: "a: text/plain\nu: text/plain\n"},
		{args: []string{"file", "elf"}, files: map[string]string{"elf": "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00", 8) + "\x02\x00\x3e\x00\x01\x00\x00\x00" + strings.Repeat("\x00", 40)},
			out:     "elf: ELF 64-bit LSB executable, x86-64, version 1 (SYSV)\n",
			differs: "file 5.44 reads on into the program and section headers (linking, interpreter, BuildID, stripped); moonix stops at the ELF header"},
		{args: []string{"file", "nope"}, out: "nope: cannot open `nope' (No such file or directory)\n"},
		{args: []string{"file", "-L", "dl"}, files: files, out: "dl: cannot open `dl' (No such file or directory)\n"},
	})
}

// FuzzFile: no content makes file panic.
func FuzzFile(f *testing.F) {
	for _, s := range []string{helloGz, helloBz2, helloXz, tinyPNG(), "\xff\xd8\xff\xe0\x00\x10JFIF", "\x7fELF\x02\x01\x01", "#!/bin/sh\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		sniff([]byte(data))
	})
}
