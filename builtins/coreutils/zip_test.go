package coreutils

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// zipEntryT is a member of a test archive: a name ending in "/" is a
// directory, a link "->T" a symlink; big data is deflated.
type zipEntryT struct{ name, data, link string }

// zipball builds an archive as moonix's zip writes it, every member of
// the logical clock's first second; data over 100 bytes is deflated.
func zipball(entries ...zipEntryT) string {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range entries {
		mode, data, level := fs.FileMode(0o644), e.data, 0
		switch {
		case strings.HasSuffix(e.name, "/"):
			mode = fs.ModeDir | 0o755
		case e.link != "":
			mode, data = fs.ModeSymlink|0o777, e.link
		case len(data) > 100:
			level = 6
		}
		h, raw, _ := zipMember(e.name, mode, clock.Epoch, []byte(data), level)
		w, err := zw.CreateRaw(h)
		if err != nil {
			panic(err)
		}
		w.Write(raw)
	}
	zw.Close()
	return b.String()
}

var sampleZip = zipball(
	zipEntryT{name: "d/"},
	zipEntryT{name: "d/f", data: "hello\n"},
	zipEntryT{name: "d/big", data: seqText(1, 1000)},
)

func TestUnzip(t *testing.T) {
	t.Parallel()
	a := map[string]string{"a.zip": sampleZip}
	runFileCases(t, []fileCase{
		{args: []string{"unzip", "-l", "a.zip"}, files: a,
			out: "Archive:  a.zip\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n" +
				"        0  2026-01-01 00:00   d/\n        6  2026-01-01 00:00   d/f\n     3893  2026-01-01 00:00   d/big\n" +
				"---------                     -------\n     3899                     3 files\n"},
		{args: []string{"unzip", "-v", "a.zip", "d/f"}, files: a,
			out: "Archive:  a.zip\n Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n--------  ------  ------- ---- ---------- ----- --------  ----\n" +
				"       6  Stored        6   0% 2026-01-01 00:00 363a3020  d/f\n" +
				"--------          -------  ---                            -------\n       6                6   0%                            1 file\n"},
		{args: []string{"unzip", "-t", "a.zip"}, files: a,
			out: "Archive:  a.zip\n    testing: d/                       OK\n    testing: d/f                      OK\n    testing: d/big                    OK\n" +
				"No errors detected in compressed data of a.zip.\n"},
		{args: []string{"unzip", "-p", "a.zip", "d/f"}, files: a, out: "hello\n"},
		{name: "extract", args: []string{"unzip", "a.zip"}, files: a,
			out:   "Archive:  a.zip\n   creating: d/\n extracting: d/f                     \n  inflating: d/big                   \n",
			check: checks(wantContent("/work/d/f", "hello\n"), wantContent("/work/d/big", seqText(1, 1000)), wantMtime("/work/d/f", clock.Epoch))},
		{args: []string{"unzip", "-q", "a.zip", "-d", "out", "-x", "d/big"}, files: a,
			check: checks(wantContent("/work/out/d/f", "hello\n"), wantMissing("/work/out/d/big"))},
		{args: []string{"unzip", "a.zip", "d/f"}, files: map[string]string{"a.zip": sampleZip, "d/f": "mine\n"},
			out: "Archive:  a.zip\n", err: "replace d/f? [y]es, [n]o, [A]ll, [N]one, [r]ename:  NULL\n(EOF or read error, treating as \"[N]one\" ...)\n",
			status: 1, check: wantContent("/work/d/f", "mine\n")},
		{args: []string{"unzip", "-n", "a.zip", "d/f"}, files: map[string]string{"a.zip": sampleZip, "d/f": "mine\n"},
			out: "Archive:  a.zip\n", check: wantContent("/work/d/f", "mine\n")},
		{args: []string{"unzip", "-o", "a.zip", "d/f"}, files: map[string]string{"a.zip": sampleZip, "d/f": "mine\n"},
			out: "Archive:  a.zip\n extracting: d/f                     \n", check: wantContent("/work/d/f", "hello\n")},
		// errors
		{args: []string{"unzip", "-t", "bad.zip"}, files: map[string]string{"bad.zip": strings.Replace(sampleZip, "hello\n", "hellO\n", 1)},
			out: "Archive:  bad.zip\n    testing: d/                       OK\n    testing: d/f                      bad CRC a3be1482  (should be 363a3020)\n" +
				"    testing: d/big                    OK\nAt least one error was detected in bad.zip.\n", status: 2},
		{args: []string{"unzip", "bad.zip", "d/f"}, files: map[string]string{"bad.zip": strings.Replace(sampleZip, "hello\n", "hellO\n", 1)},
			out: "Archive:  bad.zip\n extracting: d/f                     ", err: " bad CRC a3be1482  (should be 363a3020)\n", status: 2,
			check: wantContent("/work/d/f", "hellO\n")},
		{args: []string{"unzip", "nope.zip"}, err: "unzip:  cannot find or open nope.zip, nope.zip.zip or nope.zip.ZIP.\n", status: 9},
		{args: []string{"unzip", "j.zip"}, files: map[string]string{"j.zip": "junk\n"}, out: "Archive:  j.zip\n",
			err: "  End-of-central-directory signature not found.  Either this file is not\n" +
				"  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n" +
				"  latter case the central directory and zipfile comment will be found on\n" +
				"  the last disk(s) of this archive.\n" +
				"unzip:  cannot find zipfile directory in one of j.zip or\n        j.zip.zip, and cannot find j.zip.ZIP, period.\n", status: 9},
		{args: []string{"unzip", "-l", "a.zip", "nope"}, files: a,
			out:    "Archive:  a.zip\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n---------                     -------\n        0                     0 files\n",
			status: 11},
		{args: []string{"unzip", "a.zip", "nope"}, files: a, out: "Archive:  a.zip\n", err: "caution: filename not matched:  nope\n", status: 11},
	})
}

// TestUnzipEscapes: nothing in an archive is written outside the
// directory: "../" components are dropped and absolute names made
// relative, with unzip's warnings, and symbolic links are made last.
func TestUnzipEscapes(t *testing.T) {
	t.Parallel()
	evil := zipball(
		zipEntryT{name: "../up", data: "x\n"},
		zipEntryT{name: "/abs", data: "x\n"},
		zipEntryT{name: "l", link: "/tmp"},
		zipEntryT{name: "l/evil", data: "x\n"},
	)
	runFileCases(t, []fileCase{{
		args: []string{"unzip", "evil.zip", "-d", "x"}, files: map[string]string{"evil.zip": evil},
		out: "Archive:  evil.zip\nwarning:  skipped \"../\" path component(s) in ../up\n extracting: x/up                    \n" +
			" extracting: x/abs                   \n    linking: x/l                     -> /tmp \n" +
			"finishing deferred symbolic links:\n  x/l                    -> /tmp\n",
		err:    "warning:  stripped absolute path spec from /abs\ncheckdir error:  x/l exists but is not directory\n                 unable to process l/evil.\n",
		status: 2,
		check:  checks(wantContent("/work/x/up", "x\n"), wantContent("/work/x/abs", "x\n"), wantLink("/work/x/l", "/tmp"), wantMissing("/tmp/evil", "/work/up", "/up")),
	}})
}

func TestZip(t *testing.T) {
	t.Parallel()
	files := map[string]string{"d/f": "hello\n", "d/g": "", "d/sub/h": "hi\n"}
	runFileCases(t, []fileCase{
		{args: []string{"zip", "a.zip", "d/f"}, files: files, out: "  adding: d/f (stored 0%)\n"},
		{args: []string{"zip", "-j", "a.zip", "d/f", "d/sub/h"}, files: files, out: "  adding: f (stored 0%)\n  adding: h (stored 0%)\n"},
		{args: []string{"zip", "-r", "a.zip", "d", "-x", "d/sub*"}, files: files, out: "  adding: d/ (stored 0%)\n  adding: d/f (stored 0%)\n  adding: d/g (stored 0%)\n"},
		{args: []string{"zip", "a", "d/f"}, files: map[string]string{"d/f": "x\n", "a.zip": zipball(zipEntryT{name: "d/f", data: "old\n"})},
			out: "updating: d/f (stored 0%)\n"},
		{args: []string{"zip", "-d", "a.zip", "d/big"}, files: map[string]string{"a.zip": sampleZip}, out: "deleting: d/big\n"},
		{args: []string{"zip", "-q", "-r", "a.zip", "d"}, files: files},
		{args: []string{"zip", "e.zip", "nope"}, out: "\tzip warning: name not matched: nope\n\nzip error: Nothing to do! (e.zip)\n", status: 12},
		{args: []string{"zip", "-d", "a.zip", "nope"}, files: map[string]string{"a.zip": sampleZip},
			out: "\tzip warning: name not matched: nope\n\nzip error: Nothing to do! (a.zip)\n", status: 12},
		{args: []string{"zip", "-r", "-9", "b.zip", "big"}, files: map[string]string{"big": seqText(1, 1000)}, out: "  adding: big (deflated 55%)\n",
			differs: "zlib's deflate saves 53% here, Go's compress/flate 55%"},
	})
	// what zip wrote, unzip reads back; -u adds only what changed
	fsys := setupFiles(t, map[string]string{"d/f": "hello\n", "d/big": seqText(1, 1000), "d/l": "->f"})
	for _, step := range []cmdCase{
		{Args: []string{"zip", "-qry", "a.zip", "d"}},
		{Args: []string{"zip", "-u", "a.zip", "d/f"}, Status: 12},
		{Args: []string{"unzip", "-q", "a.zip", "-d", "out"}},
		{Args: []string{"unzip", "-p", "a.zip", "d/big"}, Out: seqText(1, 1000)},
	} {
		out, errs, st := runCmd(t, fsys, "", step.Args...)
		step.check(t, out, errs, st)
	}
	checks(wantContent("/work/out/d/f", "hello\n"), wantContent("/work/out/d/big", seqText(1, 1000)), wantLink("/work/out/d/l", "f"))(t, fsys)
}

// TestZipInterop: the host's unzip reads what moonix's zip writes, and
// moonix's unzip what the host's zip writes.
func TestZipInterop(t *testing.T) {
	t.Parallel()
	unzipBin, err1 := exec.LookPath("unzip")
	zipBin, err2 := exec.LookPath("zip")
	if err1 != nil || err2 != nil {
		t.Skip("no host zip or unzip: interoperability not checked")
	}
	fsys := setupFiles(t, map[string]string{"d/f": "hello\n", "d/big": seqText(1, 5000), "d/empty": ""})
	for _, level := range []string{"-0", "-1", "-9"} {
		if _, errs, st := runCmd(t, fsys, "", "zip", "-qr", level, "a"+level+".zip", "d"); st != 0 {
			t.Fatal(errs)
		}
		data, _ := vfs.ReadFile(fsys, "/work/a"+level+".zip")
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "a.zip"), data, 0o644)
		cmd := exec.Command(unzipBin, "-q", "a.zip")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("host unzip of moonix's zip %s: %v %s", level, err, out)
		}
		got, _ := os.ReadFile(filepath.Join(dir, "d/big"))
		if string(got) != seqText(1, 5000) {
			t.Errorf("host unzip of moonix's zip %s: d/big differs", level)
		}
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "d"), 0o755)
	os.WriteFile(filepath.Join(dir, "d/big"), []byte(seqText(1, 5000)), 0o644)
	cmd := exec.Command(zipBin, "-qr", "h.zip", "d")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "h.zip"))
	fsys = testTree(t)
	writeFile(t, fsys, "/work/h.zip", string(data))
	if _, errs, st := runCmd(t, fsys, "", "unzip", "-q", "h.zip"); st != 0 {
		t.Fatal(errs)
	}
	wantContent("/work/d/big", seqText(1, 5000))(t, fsys)
}

// FuzzUnzip: no archive makes unzip panic.
func FuzzUnzip(f *testing.F) {
	f.Add(sampleZip)
	f.Add(sampleZip[:len(sampleZip)/2])
	f.Fuzz(func(t *testing.T, data string) {
		fsys := testTree(t)
		writeFile(t, fsys, "/work/a.zip", data)
		runCmd(t, fsys, "", "unzip", "-l", "a.zip")
		runCmd(t, fsys, "", "unzip", "-t", "a.zip")
		runCmd(t, fsys, "", "unzip", "-o", "a.zip", "-d", "x")
	})
}
