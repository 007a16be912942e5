package coreutils

import (
	"strings"
	"testing"
)

func TestIconv(t *testing.T) {
	t.Parallel()
	u := map[string]string{"u": "h\xc3\xa9llo\n"}
	runFileCases(t, []fileCase{
		{args: []string{"iconv", "-f", "UTF-8", "-t", "LATIN1", "u"}, files: u, out: "h\xe9llo\n"},
		{args: []string{"iconv", "-f", "latin1", "-t", "utf8"}, stdin: "caf\xe9\n", out: "caf\xc3\xa9\n"},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "UTF-16", "u"}, files: u, out: "\xff\xfeh\x00\xe9\x00l\x00l\x00o\x00\n\x00"},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "UTF-16BE", "u"}, files: u, out: "\x00h\x00\xe9\x00l\x00l\x00o\x00\n"},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "UTF-32", "u"}, files: u,
			out: "\xff\xfe\x00\x00h\x00\x00\x00\xe9\x00\x00\x00l\x00\x00\x00l\x00\x00\x00o\x00\x00\x00\n\x00\x00\x00"},
		{args: []string{"iconv", "-f", "UTF-16", "-t", "UTF-8"}, stdin: "\xff\xfeh\x00i\x00", out: "hi"},
		{args: []string{"iconv", "-f", "UTF-16", "-t", "UTF-8"}, stdin: "\xfe\xff\x00h\x00i", out: "hi"},
		{args: []string{"iconv", "-f", "UTF-16", "-t", "UTF-8"}, stdin: "h\x00i\x00", out: "hi"},
		{args: []string{"iconv", "-f", "utf8", "-t", "utf16le"}, stdin: "\xf0\x9f\x98\x80\n", out: "\x3d\xd8\x00\xde\x0a\x00"},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "ASCII//TRANSLIT", "u"}, files: u, out: "h?llo\n"},
		{args: []string{"iconv", "-f", "utf-8", "-t", "ascii//TRANSLIT"},
			stdin: "\u201cq\u201d \u2018s\u2019 \u2013 \u2014 \u00ab\u00bb \u00df \ufb01 \u00a9 \u00bd \u2026 \u00e6 \u00f8 \u20ac\n",
			out:   "\"q\" 's' - -- <<>> ss fi (C)  1/2  ... ae ? EUR\n"},
		{args: []string{"iconv", "-c", "-f", "UTF-8", "-t", "ASCII", "u"}, files: u, out: "hllo\n"},
		// //IGNORE leaves out what it cannot convert and then fails (at the
		// end of the input); with -c it succeeds
		{args: []string{"iconv", "-f", "UTF-8", "-t", "ASCII//IGNORE", "u"}, files: u, out: "hllo\n", err: "iconv: illegal input sequence at position 7\n", status: 1},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "ASCII//IGNORE"}, stdin: "a\xffb\xfe\n", out: "ab\n", err: "iconv: illegal input sequence at position 5\n", status: 1},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "ASCII//TRANSLIT//IGNORE"}, stdin: "a\xffb\n", out: "ab\n", err: "iconv: illegal input sequence at position 4\n", status: 1},
		{args: []string{"iconv", "-c", "-f", "UTF-8", "-t", "ASCII//IGNORE", "u"}, files: u, out: "hllo\n"},
		{args: []string{"iconv", "-f", "utf8", "-t", "ascii", "-o", "out", "u"}, files: u, err: "iconv: illegal input sequence at position 1\n", status: 1,
			check: wantContent("/work/out", "h")},
		// errors, in glibc's words
		{args: []string{"iconv", "-f", "UTF-8", "-t", "ASCII", "u"}, files: u, out: "h", err: "iconv: illegal input sequence at position 1\n", status: 1},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "LATIN1"}, stdin: "a\xffb\n", out: "a", err: "iconv: illegal input sequence at position 1\n", status: 1},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "LATIN1"}, stdin: "a\xc3", out: "a", err: "iconv: incomplete character or shift sequence at end of buffer\n", status: 1},
		{args: []string{"iconv", "-f", "UTF-16LE", "-t", "UTF-8"}, stdin: "\x00\xd8a\x00", err: "iconv: illegal input sequence at position 0\n", status: 1},
		{args: []string{"iconv", "-f", "FOO", "-t", "UTF-8"}, err: "iconv: failed to start conversion processing\n", status: 1},
		{args: []string{"iconv", "-f", "UTF-8", "-t", "UTF-8", "nope"}, err: "iconv: cannot open input file `nope': No such file or directory\n", status: 1},
	})
}

// TestIconvList: -l names every encoding iconv converts, each of which
// converts.
func TestIconvList(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	out, _, st := runCmd(t, fsys, "", "iconv", "-l")
	names := strings.Fields(out)
	if st != 0 || len(names) < 30 {
		t.Fatalf("iconv -l: %d names, status %d", len(names), st)
	}
	for _, n := range names {
		name := strings.TrimSuffix(n, "//")
		if got, errs, st := runCmd(t, fsys, "abc", "iconv", "-f", "ascii", "-t", name); st != 0 || got == "" {
			t.Errorf("iconv -t %s: %q %q %d", name, got, errs, st)
		}
	}
}

// FuzzIconv: no input makes iconv panic, from any of its encodings.
func FuzzIconv(f *testing.F) {
	f.Add("h\xc3\xa9llo\n", 0)
	f.Add("\xff\xfeh\x00", 2)
	f.Fuzz(func(t *testing.T, data string, from int) {
		in := charsets[(from%len(charsets)+len(charsets))%len(charsets)]
		for _, out := range charsets {
			v := iconvRun{in: in, out: out, translit: from%2 == 0}
			v.convert([]byte(data))
		}
	})
}
