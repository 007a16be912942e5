package coreutils

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/caps"
)

// unb64 decodes a fixture made by the host's tools.
func unb64(s string) string {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// Fixtures made by GNU gzip 1.12, bzip2 1.0.8 and xz 5.4.1 from
// "hello\n", a file named x of 2026-01-01 00:00 UTC (gzip keeps the name
// and the time).
var (
	helloGz  = unb64("H4sICAC5VWkAA3gAy0jNycnnAgAgMDo2BgAAAA==")
	helloBz2 = unb64("QlpoOTFBWSZTWcHAgOIAAAFBAAAQAkSgADDNAMNGKZcXckU4UJDBwIDi")
	helloXz  = unb64("/Td6WFoAAATm1rRGAgAhARYAAAB0L+WjAQAFaGVsbG8KAAAApWCX8ZT2/eAAAR4GwS+kHR+2830BAAAAAARZWg==")
	// two members: hello's and "hi\n" (gzip -n)
	twoGz = unb64("H4sICAC5VWkAA3gAy0jNycnnAgAgMDo2BgAAAB+LCAAAAAAAAAPLyOQCAHp6b+0DAAAA")
)

// noLinksInCopy: a case about hard links cannot be confirmed, as the
// copy of the tree the host's tool runs in has none (the words were
// checked by hand against gzip 1.12, bzip2 1.0.8 and xz 5.4.1).
const noLinksInCopy = "not confirmable: the host's copy of the tree keeps no hard links"

func TestGzip(t *testing.T) {
	t.Parallel()
	gz := map[string]string{"x.gz": helloGz}
	runFileCases(t, []fileCase{
		{args: []string{"zcat", "x.gz"}, files: gz, out: "hello\n"},
		{args: []string{"gzip", "-dc", "x.gz"}, files: gz, out: "hello\n"},
		{args: []string{"gzip", "-d"}, stdin: helloGz, out: "hello\n"},
		{args: []string{"zcat", "two.gz"}, files: map[string]string{"two.gz": twoGz}, out: "hello\nhi\n"},
		{name: "gunzip replaces", args: []string{"gunzip", "x.gz"}, files: gz,
			check: checks(wantContent("/work/x", "hello\n"), wantMissing("/work/x.gz"))},
		{name: "gunzip -k keeps", args: []string{"gunzip", "-k", "x.gz"}, files: gz,
			check: checks(wantContent("/work/x", "hello\n"), wantContent("/work/x.gz", helloGz))},
		{name: "gunzip finds the .gz", args: []string{"gunzip", "x"}, files: gz,
			check: wantContent("/work/x", "hello\n")},
		{args: []string{"gunzip", "-v", "x.gz"}, files: gz, err: "x.gz:\t-33.3% -- replaced with x\n"},
		{args: []string{"gzip", "-dvk", "x.gz"}, files: gz, err: "x.gz:\t-33.3% -- created x\n"},
		{args: []string{"gzip", "-t", "x.gz"}, files: gz},
		{args: []string{"gzip", "-tv", "x.gz"}, files: gz, err: "x.gz:\t OK\n"},
		{args: []string{"gzip", "-l", "x.gz"}, files: gz,
			out: "         compressed        uncompressed  ratio uncompressed_name\n" +
				"                 28                   6 -33.3% x\n"},
		{args: []string{"gzip", "-lv", "x.gz", "y.gz"}, files: map[string]string{"x.gz": helloGz, "y.gz": helloGz},
			out: "method  crc     date  time           compressed        uncompressed  ratio uncompressed_name\n" +
				"defla 363a3020 Jan  1 00:00                  28                   6 -33.3% x\n" +
				"defla 363a3020 Jan  1 00:00                  28                   6 -33.3% y\n" +
				"                                             56                  12 -200.0% (totals)\n"}, // GNU's totals count the last header only
		{args: []string{"gzip", "-l"}, stdin: helloGz,
			out: "         compressed        uncompressed  ratio uncompressed_name\n" +
				"                 28                   6 -33.3% stdout\n"},
		// what is wrong with the input
		{args: []string{"gzip", "-d", "nope"}, err: "gzip: nope.gz: No such file or directory\n", status: 1},
		{args: []string{"gzip", "nope"}, err: "gzip: nope: No such file or directory\n", status: 1},
		{args: []string{"zcat", "n.gz"}, files: map[string]string{"n.gz": "plain\n"}, err: "\ngzip: n.gz: not in gzip format\n", status: 1},
		{args: []string{"gzip", "-l", "n.gz"}, files: map[string]string{"n.gz": "plain\n"}, err: "\ngzip: n.gz: not in gzip format\n", status: 1},
		{args: []string{"gzip", "-dcf", "n.gz"}, files: map[string]string{"n.gz": "plain\n"}, out: "plain\n"},
		{args: []string{"zcat", "-f", "n"}, files: map[string]string{"n": "plain\n"}, out: "plain\n"},
		{args: []string{"gunzip", "t.gz"}, files: map[string]string{"t.gz": helloGz[:20]}, err: "\ngzip: t.gz: unexpected end of file\n", status: 1,
			check: checks(wantMissing("/work/t"), wantContent("/work/t.gz", helloGz[:20]))},
		{args: []string{"gzip", "-d"}, err: "\ngzip: stdin: unexpected end of file\n", status: 1},
		{args: []string{"zcat", "m.gz"}, files: map[string]string{"m.gz": helloGz + "garbage"}, out: "hello\n",
			err: "\ngzip: m.gz: decompression OK, trailing garbage ignored\n", status: 2},
		{args: []string{"zcat", "z.gz"}, files: map[string]string{"z.gz": helloGz + "\x00\x00\x00\x00"}, out: "hello\n"},
		{args: []string{"zcat", "c.gz"}, files: map[string]string{"c.gz": helloGz[:len(helloGz)-8] + "\x00\x00\x00\x00\x06\x00\x00\x00"},
			out: "hello\n", err: "\ngzip: c.gz: invalid compressed data--crc error\n", status: 1},
		// what gzip refuses to do
		{args: []string{"gzip", "x.gz"}, files: gz, err: "gzip: x.gz already has .gz suffix -- unchanged\n"},
		{args: []string{"gzip", "x"}, files: map[string]string{"x": "a\n", "x.gz": "old"},
			err: "gzip: x.gz already exists;\tnot overwritten\n", status: 2, check: wantContent("/work/x.gz", "old")},
		{args: []string{"gzip", "-d", "x.gz"}, files: map[string]string{"x": "old", "x.gz": helloGz},
			err: "gzip: x already exists;\tnot overwritten\n", status: 2, check: wantContent("/work/x", "old")},
		{args: []string{"gzip", "d"}, files: map[string]string{"d/": ""}, err: "gzip: d is a directory -- ignored\n", status: 2},
		{args: []string{"gunzip", "w"}, files: map[string]string{"w": ""}, err: "gzip: w: unknown suffix -- ignored\n", status: 2},
		{args: []string{"gunzip", "-q", "w"}, files: map[string]string{"w": ""}, status: 2,
			differs: "GNU gzip -q leaves the status 0 for this one warning alone"},
		{args: []string{"gzip", "-k", "f"}, files: map[string]string{"f": "a"}, pre: [][]string{{"ln", "f", "g"}, {"ln", "f", "h"}},
			err: "gzip: f has 2 other links -- file ignored\n", status: 2, differs: noLinksInCopy},
		{args: []string{"gzip", "-f", "f"}, files: map[string]string{"f": "a"}, pre: [][]string{{"ln", "f", "g"}},
			check: checks(wantMissing("/work/f"), wantContent("/work/g", "a"))},
		{args: []string{"gzip", "l"}, files: map[string]string{"f": "a", "l": "->f"},
			err: "gzip: l: Too many levels of symbolic links\n", status: 1},
	})
}

// TestGzipRoundTrip: what gzip writes, gunzip reads back, with the mode
// and time of the original; -r walks a tree; -S names the suffix; -N
// restores the name and time the header keeps.
func TestGzipRoundTrip(t *testing.T) {
	t.Parallel()
	fsys := setupFiles(t, map[string]string{"a": "some text\n", "d/e/f": "deep\n", "d/g": "near\n"})
	if err := fsys.Chmod("/work/a", 0o640); err != nil {
		t.Fatal(err)
	}
	info, _ := fsys.Stat("/work/a")
	steps := []cmdCase{
		{Args: []string{"gzip", "a"}},
		{Args: []string{"gzip", "-r", "d"}},
		{Args: []string{"gunzip", "-r", "d"}},
		{Args: []string{"gzip", "-S", ".z", "d/g"}},
		{Args: []string{"zcat", "d/g.z"}, Out: "near\n"},
		{Args: []string{"gzip", "-d", "-S", ".z", "d/g.z"}},
	}
	for _, tc := range steps {
		out, errs, status := runCmd(t, fsys, tc.Stdin, tc.Args...)
		tc.check(t, out, errs, status)
	}
	wantMissing("/work/a")(t, fsys)
	got, _ := fsys.Stat("/work/a.gz")
	if got == nil || got.Mode() != 0o640 || !got.ModTime().Equal(info.ModTime()) {
		t.Errorf("a.gz: %v, want mode and time of a (%v %v)", got, info.Mode(), info.ModTime())
	}
	checks(wantContent("/work/d/e/f", "deep\n"), wantContent("/work/d/g", "near\n"), wantMissing("/work/d/e/f.gz", "/work/d/g.z"))(t, fsys)
	out, errs, status := runCmd(t, fsys, "", "gzip", "-dN", "a.gz")
	if status != 0 || out != "" || errs != "" {
		t.Fatalf("gzip -dN: %q %q %d", out, errs, status)
	}
	checks(wantContent("/work/a", "some text\n"), wantMtime("/work/a", info.ModTime()))(t, fsys)
	// -N takes the name from the header
	writeFile(t, fsys, "/work/renamed.gz", helloGz)
	if _, errs, status := runCmd(t, fsys, "", "gunzip", "-N", "renamed.gz"); status != 0 {
		t.Fatalf("gunzip -N: %s", errs)
	}
	wantContent("/work/x", "hello\n")(t, fsys)
	// a header's name is only ever a name in the file's directory
	for evil, lands := range map[string]string{"../../etc/evil": "/work/sub/evil", "..": "/work/sub/e", "/": "/work/sub/e"} {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Name = evil
		zw.Write([]byte("x"))
		zw.Close()
		writeFile(t, fsys, "/work/sub/e.gz", b.String())
		runCmd(t, fsys, "", "gunzip", "-Nf", "sub/e.gz")
		wantMissing("/etc/evil", "/work/evil")(t, fsys)
		wantContent(lands, "x")(t, fsys)
		if info, err := fsys.Stat("/work"); err != nil || !info.IsDir() {
			t.Fatalf("%q: /work is no longer a directory", evil)
		}
		runCmd(t, fsys, "", "rm", "-rf", "sub")
	}
}

func TestBzip2(t *testing.T) {
	t.Parallel()
	bz := map[string]string{"x.bz2": helloBz2}
	runFileCases(t, []fileCase{
		{args: []string{"bzcat", "x.bz2"}, files: bz, out: "hello\n"},
		{args: []string{"bzip2", "-d"}, stdin: helloBz2, out: "hello\n"},
		{args: []string{"bzcat", "two.bz2"}, files: map[string]string{"two.bz2": helloBz2 + helloBz2}, out: "hello\nhello\n"},
		{name: "bunzip2 replaces", args: []string{"bunzip2", "x.bz2"}, files: bz,
			check: checks(wantContent("/work/x", "hello\n"), wantMissing("/work/x.bz2"))},
		{args: []string{"bzip2", "-tv", "x.bz2"}, files: bz, err: "  x.bz2:   ok\n"},
		{args: []string{"bzip2", "-dvk", "x.bz2"}, files: bz, err: "  x.bz2:   done\n", check: wantContent("/work/x", "hello\n")},
		{args: []string{"bzip2", "-v"}, err: "  (stdin):  no data compressed.\n",
			differs: "the empty stream bzip2 writes is bzip2's own bytes; moonix's writer's differ", out: "BZh9\x17rE8P\x90\x00\x00\x00\x00"},
		{args: []string{"bzip2", "x.bz2"}, files: bz, err: "bzip2: Input file x.bz2 already has .bz2 suffix.\n", status: 1},
		{args: []string{"bzip2", "x"}, files: map[string]string{"x": "a", "x.bz2": "old"}, err: "bzip2: Output file x.bz2 already exists.\n", status: 1},
		{args: []string{"bzip2", "d"}, files: map[string]string{"d/": ""}, err: "bzip2: Input file d is a directory.\n", status: 1},
		{args: []string{"bzip2", "-k", "f"}, files: map[string]string{"f": "a"}, pre: [][]string{{"ln", "f", "g"}},
			err: "bzip2: Input file f has 1 other link.\n", status: 1, differs: noLinksInCopy},
		{args: []string{"bzip2", "nope"}, err: "bzip2: Can't open input file nope: No such file or directory.\n", status: 1},
		{args: []string{"bzcat", "y"}, files: map[string]string{"y": "plain\n"}, err: "bzcat: y is not a bzip2 file.\n", status: 2},
		{args: []string{"bzip2", "-d"}, stdin: "plain\n", err: "bzip2: (stdin) is not a bzip2 file.\n", status: 2},
		{args: []string{"bzip2", "-dcf", "y"}, files: map[string]string{"y": "plain\n"}, out: "plain\n"},
		{args: []string{"bunzip2", "y"}, files: map[string]string{"y": "plain\n"},
			err: "bunzip2: Can't guess original name for y -- using y.out\nbunzip2: y is not a bzip2 file.\n", status: 2,
			check: wantMissing("/work/y.out")},
		{args: []string{"bzcat", "g.bz2"}, files: map[string]string{"g.bz2": helloBz2 + "garbage"}, out: "hello\n",
			err: "\nbzcat: g.bz2: trailing garbage after EOF ignored\n"},
		{args: []string{"bunzip2", "t.bz2"}, files: map[string]string{"t.bz2": helloBz2[:20]},
			err: "bunzip2: t.bz2: Compressed file ends unexpectedly; perhaps it is corrupted?\n", status: 2,
			differs: "bzip2 says it in 11 lines, with a stray errno; moonix in one", check: wantMissing("/work/t")},
	})
}

func TestXz(t *testing.T) {
	t.Parallel()
	xzf := map[string]string{"x.xz": helloXz}
	runFileCases(t, []fileCase{
		{args: []string{"xzcat", "x.xz"}, files: xzf, out: "hello\n"},
		{args: []string{"xz", "-d"}, stdin: helloXz, out: "hello\n"},
		{args: []string{"xzcat", "two.xz"}, files: map[string]string{"two.xz": helloXz + helloXz}, out: "hello\nhello\n"},
		{name: "unxz replaces", args: []string{"unxz", "x.xz"}, files: xzf,
			check: checks(wantContent("/work/x", "hello\n"), wantMissing("/work/x.xz"))},
		{args: []string{"xz", "-t", "x.xz"}, files: xzf},
		{args: []string{"xz", "-tv", "x.xz"}, files: xzf, err: "x.xz: 64 B / 6 B > 9.999\n"},
		{args: []string{"xz", "-l", "x.xz"}, files: xzf,
			out: "Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename\n    1       1         64 B          6 B    ---  CRC64   x.xz\n"},
		{args: []string{"xz", "-l", "x.xz", "two.xz"}, files: map[string]string{"x.xz": helloXz, "two.xz": helloXz + "\x00\x00\x00\x00" + helloXz},
			out: "Strms  Blocks   Compressed Uncompressed  Ratio  Check   Filename\n" +
				"    1       1         64 B          6 B    ---  CRC64   x.xz\n" +
				"    2       2        132 B         12 B    ---  CRC64   two.xz\n" +
				strings.Repeat("-", 79) + "\n    3       3        196 B         18 B    ---  CRC64   2 files\n"},
		{args: []string{"xz", "-l", "y"}, files: map[string]string{"y": "plain\n"}, err: "xz: y: Too small to be a valid .xz file\n", status: 1},
		{args: []string{"xz", "-l", "y"}, files: map[string]string{"y": seqText(1, 30)}, err: "xz: y: File format not recognized\n", status: 1},
		{args: []string{"xz", "-l", "t.xz"}, files: map[string]string{"t.xz": helloXz[:30]}, err: "xz: t.xz: Compressed data is corrupt\n", status: 1},
		{args: []string{"xz", "-l"}, stdin: helloXz, err: "xz: --list does not support reading from standard input\n", status: 1},
		{args: []string{"xz", "x.xz"}, files: xzf, err: "xz: x.xz: File already has `.xz' suffix, skipping\n", status: 2},
		{args: []string{"xz", "x"}, files: map[string]string{"x": "a", "x.xz": "old"}, err: "xz: x.xz: File exists\n", status: 1},
		{args: []string{"xz", "d"}, files: map[string]string{"d/": ""}, err: "xz: d: Is a directory, skipping\n", status: 2},
		{args: []string{"xz", "f"}, files: map[string]string{"f": "a"}, pre: [][]string{{"ln", "f", "g"}},
			err: "xz: f: Input file has more than one hard link, skipping\n", status: 2, differs: noLinksInCopy},
		{args: []string{"xz", "-k", "f"}, files: map[string]string{"f": "a"}, pre: [][]string{{"ln", "f", "g"}}, check: wantContent("/work/f", "a")},
		{args: []string{"xz", "nope"}, err: "xz: nope: No such file or directory\n", status: 1},
		{args: []string{"unxz", "y"}, files: map[string]string{"y": "plain\n"}, err: "unxz: y: File format not recognized\n", status: 1},
		{args: []string{"unxz", "y"}, files: map[string]string{"y": helloXz}, err: "unxz: y: Filename has an unknown suffix, skipping\n", status: 2},
		{args: []string{"xzcat", "y"}, files: map[string]string{"y": "plain\n"}, err: "xzcat: y: File format not recognized\n", status: 1},
		{args: []string{"xz", "-d"}, stdin: "plain\n", err: "xz: (stdin): File format not recognized\n", status: 1},
		{args: []string{"xz", "-dcf", "y"}, files: map[string]string{"y": "plain\n"}, out: "plain\n"},
		{args: []string{"unxz", "t.xz"}, files: map[string]string{"t.xz": helloXz[:20]}, err: "unxz: t.xz: Unexpected end of input\n", status: 1,
			check: wantMissing("/work/t")},
		{args: []string{"xzcat", "g.xz"}, files: map[string]string{"g.xz": helloXz + "garbage"}, out: "hello\n",
			err: "xzcat: g.xz: Unexpected end of input\n", status: 1},
	})
}

// TestCompressInterop: what moonix's gzip, bzip2 and xz write, the host's
// tools read back (at every level tried), and what the host's write,
// moonix reads.
func TestCompressInterop(t *testing.T) {
	t.Parallel()
	var plain bytes.Buffer
	for i := range 5000 {
		plain.WriteString(strings.Repeat("moonix ", i%13) + "\n")
	}
	for _, tool := range []string{"gzip", "bzip2", "xz"} {
		t.Run(tool, func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath(tool)
			if err != nil {
				t.Skipf("no host %s: interoperability not checked", tool)
			}
			for _, level := range []string{"-1", "-6", "-9"} {
				fsys := testTree(t)
				writeFile(t, fsys, "/work/p", plain.String())
				packed, errs, status := runCmd(t, fsys, "", tool, level, "-c", "p")
				if status != 0 {
					t.Fatalf("%s %s: %s", tool, level, errs)
				}
				host := exec.Command(bin, "-dc")
				host.Stdin = strings.NewReader(packed)
				got, err := host.Output()
				if err != nil || !bytes.Equal(got, plain.Bytes()) {
					t.Errorf("host %s -dc of moonix's %s %s: %v, %d bytes, want %d", tool, tool, level, err, len(got), plain.Len())
				}
			}
			host := exec.Command(bin, "-c")
			host.Stdin = bytes.NewReader(plain.Bytes())
			packed, err := host.Output()
			if err != nil {
				t.Fatal(err)
			}
			fsys := testTree(t)
			got, errs, status := runCmd(t, fsys, string(packed), tool, "-d")
			if status != 0 || got != plain.String() {
				t.Errorf("moonix %s -d of the host's: status %d, %s, %d bytes", tool, status, errs, len(got))
			}
		})
	}
}

// TestGzipListsHostFile: gzip -l reads the sizes the host's gzip wrote,
// for a file bigger than one member's worth of a buffer.
func TestGzipHostFile(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("gzip")
	if err != nil {
		t.Skip("no host gzip")
	}
	dir := t.TempDir()
	data := bytes.Repeat([]byte("0123456789abcdef\n"), 20000)
	if err := os.WriteFile(filepath.Join(dir, "big"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-n", filepath.Join(dir, "big")).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	packed, _ := os.ReadFile(filepath.Join(dir, "big.gz"))
	want, err := exec.Command(bin, "-l", filepath.Join(dir, "big.gz")).Output()
	if err != nil {
		t.Fatal(err)
	}
	fsys := testTree(t)
	writeFile(t, fsys, "/work/big.gz", string(packed))
	got, errs, _ := runCmd(t, fsys, "", "gzip", "-l", "big.gz")
	if got != strings.ReplaceAll(string(want), filepath.Join(dir, "big"), "big") {
		t.Errorf("gzip -l: got %q (%s), host %q", got, errs, want)
	}
}

// TestXzListHostFile: xz -l of what the host's xz wrote (several blocks
// and streams, two checks) is what the host's xz -l says.
func TestXzListHostFile(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("xz")
	if err != nil {
		t.Skip("no host xz")
	}
	fsys := testTree(t)
	dir := t.TempDir()
	var names []string
	for i, args := range [][]string{{"-c"}, {"-c", "--check=crc32", "--block-size=100000"}, {"-c", "-0"}} {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(strings.Repeat(seqText(1, 20000), i+1))
		data, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("f%d.xz", i)
		if i == 2 {
			data = append(data, data...) // two streams
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
		writeFile(t, fsys, "/work/"+name, string(data))
		names = append(names, name)
	}
	cmd := exec.Command(bin, append([]string{"-l"}, names...)...)
	cmd.Dir = dir
	want, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	got, errs, _ := runCmd(t, fsys, "", append([]string{"xz", "-l"}, names...)...)
	if got != string(want) {
		t.Errorf("xz -l: got\n%s%s\nhost:\n%s", got, errs, want)
	}
}

// TestCompressGate: the tools ask the gate for what they write, and
// leave the input alone when they may not.
func TestCompressGate(t *testing.T) {
	t.Parallel()
	tree := setupFiles(t, map[string]string{"a": "x\n", "b.gz": helloGz})
	set, err := caps.Preset("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	set.Drop(caps.Cap{Kind: caps.FSWrite, Pattern: "/work/**"})
	fsys := caps.NewGate(set, nil).FS(tree)
	for _, tc := range []cmdCase{
		{Args: []string{"gzip", "a"}, Err: "moonix: write /work/a.gz: permission denied (needs fs.write:/work/a.gz)\n", Status: 1},
		{Args: []string{"gunzip", "b.gz"}, Err: "moonix: write /work/b: permission denied (needs fs.write:/work/b)\n", Status: 1},
	} {
		out, errs, status := runCmd(t, fsys, "", tc.Args...)
		tc.check(t, out, errs, status)
	}
	checks(wantContent("/work/a", "x\n"), wantMissing("/work/a.gz", "/work/b"), wantContent("/work/b.gz", helloGz))(t, tree)
}

// FuzzDecompress: no input makes a decoder panic.
func FuzzDecompress(f *testing.F) {
	for _, s := range []string{helloGz, helloBz2, helloXz, twoGz, helloGz[:20], "plain"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		fsys := testTree(t)
		for _, tool := range []string{"gzip", "bzip2", "xz"} {
			runCmd(t, fsys, data, tool, "-dc")
			runCmd(t, fsys, data, tool, "-t")
		}
		runCmd(t, fsys, data, "gzip", "-l")
		writeFile(t, fsys, "/work/f.xz", data)
		runCmd(t, fsys, "", "xz", "-l", "f.xz")
	})
}
