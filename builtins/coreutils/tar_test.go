package coreutils

import (
	"archive/tar"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// tarEntry is one member of a test archive: a name ending in "/" is a
// directory, a link "->T" a symlink to T, "=>T" a hard link to T.
type tarEntry struct {
	name, data, link string
	mode             int64
}

// tarball builds an archive in GNU's format, every member owned by
// user/user (1000) and of the logical clock's first second.
func tarball(entries ...tarEntry) string {
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: e.mode, ModTime: clock.Epoch, Uid: 1000, Gid: 1000,
			Uname: "user", Gname: "user", Format: tar.FormatGNU, Typeflag: tar.TypeReg, Size: int64(len(e.data))}
		if h.Mode == 0 {
			h.Mode = 0o644
		}
		switch {
		case strings.HasSuffix(e.name, "/"):
			h.Typeflag, h.Size = tar.TypeDir, 0
			if e.mode == 0 {
				h.Mode = 0o755
			}
		case strings.HasPrefix(e.link, "->"):
			h.Typeflag, h.Linkname, h.Size, h.Mode = tar.TypeSymlink, e.link[2:], 0, 0o777
		case strings.HasPrefix(e.link, "=>"):
			h.Typeflag, h.Linkname, h.Size = tar.TypeLink, e.link[2:], 0
		}
		if err := tw.WriteHeader(h); err != nil {
			panic(err)
		}
		tw.Write([]byte(e.data))
	}
	tw.Close()
	return b.String()
}

var sampleTar = tarball(
	tarEntry{name: "d/"},
	tarEntry{name: "d/f", data: "hi\n", mode: 0o640},
	tarEntry{name: "d/h", link: "=>d/f", mode: 0o640},
	tarEntry{name: "d/l", link: "->f"},
	tarEntry{name: "d/sub/"},
	tarEntry{name: "d/sub/g", data: "deep\n"},
)

func TestTar(t *testing.T) {
	t.Parallel()
	a := map[string]string{"a.tar": sampleTar}
	listing := "drwxr-xr-x user/user         0 2026-01-01 00:00 d/\n" +
		"-rw-r----- user/user         3 2026-01-01 00:00 d/f\n" +
		"hrw-r----- user/user         0 2026-01-01 00:00 d/h link to d/f\n" +
		"lrwxrwxrwx user/user         0 2026-01-01 00:00 d/l -> f\n" +
		"drwxr-xr-x user/user         0 2026-01-01 00:00 d/sub/\n" +
		"-rw-r--r-- user/user         5 2026-01-01 00:00 d/sub/g\n"
	runFileCases(t, []fileCase{
		{args: []string{"tar", "tf", "a.tar"}, files: a, out: "d/\nd/f\nd/h\nd/l\nd/sub/\nd/sub/g\n"},
		{args: []string{"tar", "-tvf", "a.tar"}, files: a, out: listing},
		{args: []string{"tar", "-tv", "-f", "-"}, stdin: sampleTar, out: listing},
		{args: []string{"tar", "tvf", "a.tar", "--numeric-owner", "d/sub"}, files: a,
			out: "drwxr-xr-x 1000/1000         0 2026-01-01 00:00 d/sub/\n" +
				"-rw-r--r-- 1000/1000         5 2026-01-01 00:00 d/sub/g\n"},
		{args: []string{"tar", "tf", "a.tar", "--exclude", "sub"}, files: a, out: "d/\nd/f\nd/h\nd/l\n"},
		{args: []string{"tar", "tf", "a.tar", "--exclude=*f"}, files: a, out: "d/\nd/h\nd/l\nd/sub/\nd/sub/g\n"},
		{args: []string{"tar", "-xOf", "a.tar", "d/sub/g", "d/f"}, files: a, out: "hi\ndeep\n"},
		{args: []string{"tar", "-xvf", "a.tar", "d/sub"}, files: a, out: "d/sub/\nd/sub/g\n",
			check: checks(wantContent("/work/d/sub/g", "deep\n"), wantMissing("/work/d/f"))},
		{name: "extract", args: []string{"tar", "xf", "a.tar"}, files: a,
			check: checks(wantContent("/work/d/f", "hi\n"), wantContent("/work/d/h", "hi\n"), wantLink("/work/d/l", "f"),
				wantMode("/work/d/f", 0o640), wantMtime("/work/d/f", clock.Epoch), wantMtime("/work/d", clock.Epoch), wantSameFile("/work/d/f", "/work/d/h"))},
		{name: "-C and --strip-components", args: []string{"tar", "-x", "-f", "a.tar", "-C", "out", "--strip-components=1"},
			files: map[string]string{"a.tar": sampleTar, "out/": ""},
			check: checks(wantContent("/work/out/f", "hi\n"), wantContent("/work/out/sub/g", "deep\n"), wantLink("/work/out/l", "f"), wantSameFile("/work/out/f", "/work/out/h"))},
		{args: []string{"tar", "xkf", "a.tar", "d/f", "d/l"}, files: map[string]string{"a.tar": sampleTar, "d/f": "mine\n", "d/l": "->x"},
			err:    "tar: d/f: Cannot open: File exists\ntar: d/l: Cannot create symlink to 'f': File exists\ntar: Exiting with failure status due to previous errors\n",
			status: 2, check: wantContent("/work/d/f", "mine\n")},
		{name: "replaces a symlink, not what it points to", args: []string{"tar", "xf", "a.tar", "d/f"},
			files: map[string]string{"a.tar": sampleTar, "d/f": "->../victim", "victim": "safe\n"},
			check: checks(wantContent("/work/d/f", "hi\n"), wantContent("/work/victim", "safe\n"))},
		{args: []string{"tar", "-p", "-xf", "m.tar"}, files: map[string]string{"m.tar": tarball(tarEntry{name: "w", data: "x", mode: 0o666})},
			check: wantMode("/work/w", 0o666)},
		{args: []string{"tar", "-xf", "m.tar"}, files: map[string]string{"m.tar": tarball(tarEntry{name: "w", data: "x", mode: 0o666})},
			check: wantMode("/work/w", 0o644)},
		// --transform: sed's s command on names
		{args: []string{"tar", "tvf", "a.tar", "--transform", "s/f/F/"}, files: a,
			out: strings.NewReplacer("d/l -> f", "d/l -> F", "link to d/f", "link to d/F").Replace(listing)},
		{args: []string{"tar", "tvf", "a.tar", "--transform", "s/f/F/SH"}, files: a, out: listing},
		{args: []string{"tar", "cvf", "b.tar", "--transform", "s,^d,e,", "d/f"}, files: map[string]string{"d/f": "x"}, out: "d/f\n",
			check: wantTarNames("/work/b.tar", "e/f")},
		{name: "extract --transform", args: []string{"tar", "xf", "a.tar", "--xform", "s/d/D/;s/f/G/x"}, files: a,
			check: checks(wantContent("/work/D/G", "hi\n"), wantSameFile("/work/D/G", "/work/D/h"), wantLink("/work/D/l", "G"), wantContent("/work/D/sub/g", "deep\n"))},
		{args: []string{"tar", "tf", "a.tar", "--transform", "s/[/"}, files: a,
			err: "tar: Invalid transform expression\nTry 'tar --help' or 'tar --usage' for more information.\n", status: 2},
		{args: []string{"tar", "tf", "a.tar", "--transform", "y/a/b/"}, files: a,
			err: "tar: Invalid transform expression\nTry 'tar --help' or 'tar --usage' for more information.\n", status: 2},
		// -h follows symlinks, -T reads names from a file
		{args: []string{"tar", "chf", "h.tar", "l"}, files: map[string]string{"f": "data", "l": "->f"}, check: wantTarNames("/work/h.tar", "l")},
		{args: []string{"tar", "cvf", "t.tar", "-T", "list"}, files: map[string]string{"f": "1", "g": "2", "list": "g\nf\n"}, out: "g\nf\n",
			check: wantTarNames("/work/t.tar", "g", "f")},
		// errors, in GNU tar's words
		{args: []string{"tar", "tf", "a.tar", "nope"}, files: a, out: "",
			err: "tar: nope: Not found in archive\ntar: Exiting with failure status due to previous errors\n", status: 2},
		{args: []string{"tar", "cf", "e.tar"}, err: "tar: Cowardly refusing to create an empty archive\nTry 'tar --help' or 'tar --usage' for more information.\n", status: 2},
		{args: []string{"tar", "tf"}, err: "tar: Old option 'f' requires an argument.\nTry 'tar --help' or 'tar --usage' for more information.\n", status: 2},
		{args: []string{"tar", "-f", "a.tar"}, files: a,
			err: "tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\nTry 'tar --help' or 'tar --usage' for more information.\n", status: 2},
		{args: []string{"tar", "xf", "nope.tar"}, err: "tar: nope.tar: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n", status: 2},
		{args: []string{"tar", "tf", "j.tar"}, files: map[string]string{"j.tar": "junk\n"},
			err: "tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n", status: 2},
		{args: []string{"tar", "tf", "t.tar"}, files: map[string]string{"t.tar": sampleTar[:1100]}, out: "d/\nd/f\n",
			err: "tar: Unexpected EOF in archive\ntar: Error is not recoverable: exiting now\n", status: 2},
		{args: []string{"tar", "cf", "c.tar", "d", "nope"}, files: map[string]string{"d/f": "x"},
			err: "tar: nope: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n", status: 2},
		{args: []string{"tar", "cf", "d/c.tar", "d"}, files: map[string]string{"d/f": "x"},
			err: "tar: d/c.tar: file is the archive; not dumped\n"},
		{args: []string{"tar", "cf", "c.tar", "/work/d"}, files: map[string]string{"d/f": "x"},
			err: "tar: Removing leading `/' from member names\n"},
	})
}

// wantTarNames checks the member names of the archive at p, and that
// none is a symlink.
func wantTarNames(p string, names ...string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		data, err := vfs.ReadFile(fsys, p)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		tr := tar.NewReader(bytes.NewReader(data))
		for {
			h, err := tr.Next()
			if err != nil {
				break
			}
			if h.Typeflag == tar.TypeSymlink {
				t.Errorf("%s: %s is a symlink", p, h.Name)
			}
			got = append(got, h.Name)
		}
		if strings.Join(got, " ") != strings.Join(names, " ") {
			t.Errorf("%s holds %q, want %q", p, got, names)
		}
	}
}

// wantSameFile checks that two names are hard links to one file.
func wantSameFile(a, b string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		ia, err1 := fsys.Lstat(a)
		ib, err2 := fsys.Lstat(b)
		if err1 != nil || err2 != nil || vfs.StatOf(ia).Ino != vfs.StatOf(ib).Ino {
			t.Errorf("%s and %s are not one file (%v, %v)", a, b, err1, err2)
		}
	}
}

// TestTarEscapes: an archive cannot write outside the directory it is
// extracted in: names with ".." are skipped, absolute ones made
// relative, and a symlink pointing away is made only after everything
// else, so a member beneath it fails. The host's GNU tar says the same.
func TestTarEscapes(t *testing.T) {
	t.Parallel()
	evil := tarball(
		tarEntry{name: "../up", data: "x\n"},
		tarEntry{name: "a/../../b", data: "x\n"},
		tarEntry{name: "/abs", data: "x\n"},
		tarEntry{name: "l", link: "->/tmp"},
		tarEntry{name: "l/evil", data: "x\n"},
		tarEntry{name: "r", link: "->../.."},
		tarEntry{name: "r/evil2", data: "x\n"},
		tarEntry{name: "hl", link: "=>../victim"},
	)
	runFileCases(t, []fileCase{{
		args: []string{"tar", "-xvf", "evil.tar", "-C", "x"}, files: map[string]string{"x/": "", "evil.tar": evil, "victim": "v\n"},
		out: "/abs\nl\nl/evil\nr\nr/evil2\nhl\n",
		err: "tar: Removing leading `../' from member names\n" +
			"tar: ../up: Member name contains '..'\n" +
			"tar: Removing leading `a/../../' from member names\n" +
			"tar: a/../../b: Member name contains '..'\n" +
			"tar: Removing leading `/' from member names\n" +
			"tar: l/evil: Cannot open: Not a directory\n" +
			"tar: r/evil2: Cannot open: Not a directory\n" +
			"tar: Removing leading `../' from hard link targets\n" +
			"tar: hl: Cannot hard link to 'victim': No such file or directory\n" +
			"tar: Exiting with failure status due to previous errors\n",
		status: 2,
	}})
	fsys := setupFiles(t, map[string]string{"x/": "", "evil.tar": evil, "victim": "v\n"})
	if _, _, status := runSetup(t, fsys, nil, "", "tar", "-xf", "evil.tar", "-C", "x"); status != 2 {
		t.Errorf("status %d, want 2", status)
	}
	checks(wantContent("/work/x/abs", "x\n"), wantLink("/work/x/l", "/tmp"), wantLink("/work/x/r", "../.."),
		wantMissing("/tmp/evil", "/evil2", "/work/up", "/work/b", "/up", "/b", "/work/x/hl"), wantContent("/work/victim", "v\n"))(t, fsys)
}

// TestTarRoundTrip: a tree archived and extracted elsewhere comes back
// with its contents, modes, times, symlinks and hard links, through each
// compression.
func TestTarRoundTrip(t *testing.T) {
	t.Parallel()
	for _, flags := range []string{"-cf", "-czf", "-cjf", "-cJf"} {
		t.Run(flags, func(t *testing.T) {
			t.Parallel()
			fsys := setupFiles(t, map[string]string{"src/a": "alpha\n", "src/sub/b": "beta\n", "src/l": "->sub/b", "src/empty/": ""})
			pre := [][]string{{"chmod", "750", "src/a"}, {"ln", "src/a", "src/sub/hard"}, {"chmod", "700", "src/empty"}, {"touch", "-d", "2020-05-06 07:08", "src/sub/b"}}
			for _, p := range pre {
				if _, errs, st := runCmd(t, fsys, "", p...); st != 0 {
					t.Fatalf("%q: %s", p, errs)
				}
			}
			for _, step := range [][]string{{"tar", flags, "a.t", "src"}, {"mkdir", "out"}, {"tar", "-xpf", "a.t", "-C", "out"}} {
				if out, errs, st := runCmd(t, fsys, "", step...); st != 0 || out != "" || errs != "" {
					t.Fatalf("%q: %q %q %d", step, out, errs, st)
				}
			}
			want := time.Date(2020, 5, 6, 7, 8, 0, 0, time.UTC)
			checks(wantContent("/work/out/src/a", "alpha\n"), wantMode("/work/out/src/a", 0o750),
				wantContent("/work/out/src/sub/b", "beta\n"), wantMtime("/work/out/src/sub/b", want),
				wantLink("/work/out/src/l", "sub/b"), wantSameFile("/work/out/src/a", "/work/out/src/sub/hard"),
				wantMode("/work/out/src/empty", 0o700|os.ModeDir))(t, fsys)
		})
	}
}

// TestTarInterop: the host's GNU tar reads what moonix's writes (plain
// and compressed) and lists it as moonix does; moonix reads what the
// host's writes.
func TestTarInterop(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("tar")
	if err != nil {
		t.Skip("no host tar: interoperability not checked")
	}
	for _, flags := range []string{"-cf", "-czf", "-cjf", "-cJf"} {
		fsys := setupFiles(t, map[string]string{"src/a": "alpha\n", "src/sub/b": strings.Repeat("beta\n", 5000), "src/l": "->sub/b"})
		runCmd(t, fsys, "", "ln", "src/a", "src/hard")
		if _, errs, st := runCmd(t, fsys, "", "tar", flags, "a.t", "src"); st != 0 {
			t.Fatalf("tar %s: %s", flags, errs)
		}
		mine, _, _ := runCmd(t, fsys, "", "tar", "-tvf", "a.t")
		data, _ := vfs.ReadFile(fsys, "/work/a.t")
		host := exec.Command(bin, strings.Replace(flags, "c", "tv", 1), "-")
		host.Env = []string{"TZ=UTC", "LC_ALL=C"}
		host.Stdin = bytes.NewReader(data)
		got, err := host.CombinedOutput()
		if err != nil || string(got) != mine {
			t.Errorf("host tar -tvf of moonix's tar %s: %v\n%s\nmoonix lists:\n%s", flags, err, got, mine)
		}
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "src/sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "src/sub/b"), []byte("beta\n"), 0o600)
	os.Symlink("sub/b", filepath.Join(dir, "src/l"))
	os.Link(filepath.Join(dir, "src/sub/b"), filepath.Join(dir, "src/hard"))
	for _, flags := range []string{"-cf", "-czf", "-cjf", "-cJf"} {
		cmd := exec.Command(bin, flags, "-", "src")
		cmd.Dir = dir
		archive, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		list := exec.Command(bin, strings.Replace(flags, "c", "tv", 1), "-")
		list.Env = []string{"TZ=UTC", "LC_ALL=C"}
		list.Stdin = bytes.NewReader(archive)
		want, _ := list.Output()
		fsys := testTree(t)
		got, errs, st := runCmd(t, fsys, string(archive), "tar", "-tvf", "-")
		if st != 0 || got != string(want) {
			t.Errorf("moonix tar -tvf of the host's tar %s: %s\n%s\nhost lists:\n%s", flags, errs, got, want)
		}
		if _, errs, st := runCmd(t, fsys, string(archive), "tar", "-xf", "-"); st != 0 {
			t.Errorf("moonix tar -xf of the host's %s: %s", flags, errs)
		}
		checks(wantContent("/work/src/sub/b", "beta\n"), wantLink("/work/src/l", "sub/b"), wantSameFile("/work/src/sub/b", "/work/src/hard"))(t, fsys)
	}
}

// TestTarSparse: the sparse files GNU tar -S writes (old GNU and PAX
// formats) come out whole.
func TestTarSparse(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("tar")
	if err != nil {
		t.Skip("no host tar")
	}
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "sparse"))
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(1 << 20)
	f.Seek(1<<20, 0)
	f.WriteString("data")
	f.Close()
	for _, format := range []string{"gnu", "posix"} {
		cmd := exec.Command(bin, "--format="+format, "-cSf", "-", "sparse")
		cmd.Dir = dir
		archive, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		fsys := testTree(t)
		if _, errs, st := runCmd(t, fsys, string(archive), "tar", "-xf", "-"); st != 0 {
			t.Fatalf("%s: %s", format, errs)
		}
		wantContent("/work/sparse", strings.Repeat("\x00", 1<<20)+"data")(t, fsys)
	}
}

// FuzzTar: no archive makes tar panic, listing or extracting.
func FuzzTar(f *testing.F) {
	// small seeds (a header and a block of data, no end of archive):
	// the fuzzer minimises each input that finds new code, a step a
	// byte, which takes minutes on archives of ten blocks
	f.Add(tarball(tarEntry{name: "d/f", data: "x"})[:1024])
	f.Add(tarball(tarEntry{name: "l", link: "->/"})[:512])
	f.Add(tarball(tarEntry{name: "../x", data: "a"})[:1024])
	f.Fuzz(func(t *testing.T, data string) {
		fsys := testTree(t)
		runCmd(t, fsys, data, "tar", "-tvf", "-")
		runCmd(t, fsys, data, "tar", "-xvf", "-", "--strip-components=1")
		runCmd(t, fsys, data, "tar", "--delete", "-f", "-", "d/f")
	})
}

// TestTarModify: -r, -u, -A and --delete change an archive, and -C
// applies to the names after it; the output is confirmed against GNU
// tar, the archives' members are checked (and TestTarModifyLikeGNU
// compares the listings with GNU's own archives).
func TestTarModify(t *testing.T) {
	t.Parallel()
	files := map[string]string{"f1": "1\n", "f2": "22\n", "d/g": "333\n"}
	exiting := "tar: Exiting with failure status due to previous errors\n"
	tryHelp := "Try 'tar --help' or 'tar --usage' for more information.\n"
	runFileCases(t, []fileCase{
		{args: []string{"tar", "-rvf", "a.tar", "f2", "d"}, files: files, pre: [][]string{{"tar", "cf", "a.tar", "f1"}},
			out: "f2\nd/\nd/g\n", check: wantTarNames("/work/a.tar", "f1", "f2", "d/", "d/g")},
		{args: []string{"tar", "rf", "new.tar", "f1"}, files: files, check: wantTarNames("/work/new.tar", "f1")},
		{args: []string{"tar", "-uvf", "a.tar", "f1", "f2", "d"}, files: files,
			pre: [][]string{{"tar", "cf", "a.tar", "f1", "f2", "d"}, {"touch", "-d", "2031-01-01", "f1", "d/g"}},
			out: "f1\nd/g\n", check: wantTarNames("/work/a.tar", "f1", "f2", "d/", "d/g", "f1", "d/g")},
		{args: []string{"tar", "-uvf", "a.tar", "f1", "f2"}, files: files, pre: [][]string{{"tar", "cf", "a.tar", "f1", "f2"}},
			check: wantTarNames("/work/a.tar", "f1", "f2")},
		{args: []string{"tar", "--delete", "-vf", "a.tar", "f1", "d", "nope"}, files: files, pre: [][]string{{"tar", "cf", "a.tar", "f1", "f2", "d"}},
			err: "tar: nope: Not found in archive\n" + exiting, status: 2, check: wantTarNames("/work/a.tar", "f2")},
		{args: []string{"tar", "-Avf", "a.tar", "b.tar", "c.tar"}, files: files,
			pre:   [][]string{{"tar", "cf", "a.tar", "f1"}, {"tar", "cf", "b.tar", "f2"}, {"tar", "cf", "c.tar", "d"}},
			check: wantTarNames("/work/a.tar", "f1", "f2", "d/", "d/g")},
		{args: []string{"tar", "--catenate", "-f", "a.tar", "nope.tar"}, files: files, pre: [][]string{{"tar", "cf", "a.tar", "f1"}},
			err: "tar: nope.tar: Cannot open: No such file or directory\n" + exiting, status: 2, check: wantTarNames("/work/a.tar", "f1")},
		{args: []string{"tar", "-cvf", "c.tar", "-C", "d", "g", "-C", "..", "f1", "-C", "d", "g"}, files: files,
			out: "g\nf1\ng\n", check: wantTarNames("/work/c.tar", "g", "f1", "g")},
		{args: []string{"tar", "-rf", "-", "f1"}, files: files, err: "tar: Options '-Aru' are incompatible with '-f -'\n" + tryHelp, status: 2},
		{args: []string{"tar", "-rzf", "a.tar", "f1"}, files: files, err: "tar: Cannot update compressed archives\n" + tryHelp, status: 2},
		{args: []string{"tar", "-rf", "z.tgz", "f2"}, files: files, pre: [][]string{{"tar", "czf", "z.tgz", "f1"}},
			err: "tar: Cannot update compressed archives\ntar: Error is not recoverable: exiting now\n", status: 2},
		{differs: "GNU tar 1.34 never ends on a cut archive", args: []string{"tar", "--delete", "-f", "t.tar", "d/f"}, files: map[string]string{"t.tar": sampleTar[:1100]},
			err: "tar: Unexpected EOF in archive\ntar: Error is not recoverable: exiting now\n", status: 2},
		{differs: "GNU tar appends to a file that is not an archive; moonix leaves it be", args: []string{"tar", "-rf", "j.tar", "f1"}, files: map[string]string{"j.tar": "junk\n", "f1": "1\n"},
			err: "tar: This does not look like a tar archive\ntar: Error is not recoverable: exiting now\n", status: 2},
		{args: []string{"tar", "-c", "-r", "-f", "a.tar", "f1"}, files: files,
			err: "tar: You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option\n" + tryHelp, status: 2},
	})
}

// TestTarModifyLikeGNU runs one sequence of -r, -u, --delete, -C and -A
// with moonix's tar and with the host's GNU tar, and compares the
// listings of the archives they end with (owners aside: the host's are
// not the session's).
func TestTarModifyLikeGNU(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("tar")
	if err != nil {
		if os.Getenv("MOONIX_REQUIRE_CONFIRM") == "1" {
			t.Fatal("no host tar to compare with")
		}
		t.Skip("no host tar to compare with")
	}
	files := map[string]string{"f1": "1\n", "f2": "22\n", "d/g": "333\n"}
	steps := [][]string{
		{"touch", "-d", "2026-01-01 00:00", "f1", "f2", "d/g", "d"},
		{"tar", "cf", "a.tar", "f1"},
		{"tar", "rf", "a.tar", "f2", "d"},
		{"touch", "-d", "2031-01-01 10:00", "f1"},
		{"tar", "uf", "a.tar", "f1", "f2", "d"},
		{"tar", "--delete", "-f", "a.tar", "f2"},
		{"tar", "cf", "b.tar", "-C", "d", "g", "-C", "..", "f1", "-C", "d", "g"},
		{"tar", "Af", "a.tar", "b.tar"},
		{"tar", "rf", "a.tar", "-C", "d", "g"},
	}
	list := []string{"tar", "-tvf", "a.tar", "--numeric-owner"}
	owners := regexp.MustCompile(`(?m)^(\S+) \d+/\d+ +`) // and the column's width

	fsys := testTree(t)
	for name, content := range files {
		writeFile(t, fsys, "/work/"+name, content)
	}
	for _, step := range steps {
		if _, errs, st := runCmd(t, fsys, "", step...); st != 0 {
			t.Fatalf("moonix %q: status %d: %s", step, st, errs)
		}
	}
	got, _, _ := runCmd(t, fsys, "", list...)

	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	host := func(args ...string) string {
		path := bin
		if args[0] != "tar" {
			path = args[0]
		}
		cmd := exec.Command(path, args[1:]...)
		cmd.Dir = dir
		cmd.Env = []string{"LC_ALL=C", "TZ=UTC", "PATH=/usr/local/bin:/usr/bin:/bin"}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("host %q: %v: %s", args, err, out)
		}
		return string(out)
	}
	for _, step := range steps {
		host(step...)
	}
	want := host(list...)
	got, want = owners.ReplaceAllString(got, "$1 U/G "), owners.ReplaceAllString(want, "$1 U/G ")
	if got != want {
		t.Errorf("moonix's archive lists as\n%s\nGNU tar's as\n%s", got, want)
	}
}
