package coreutils

import "testing"

var lsFiles = map[string]string{
	"a":      "hello\n",
	"bb":     "x",
	"d/":     "",
	"d/x":    "123456789\n",
	".hid":   "h",
	"l":      "->a",
	"ld":     "->d",
	"run":    "#!/bin/sh\n",
	"big":    "",
	"e/":     "",
	"e/sub/": "",
}

func TestLs(t *testing.T) {
	t.Parallel()
	chmodRun := [][]string{{"chmod", "755", "run"}}
	runFileCases(t, []fileCase{
		{files: lsFiles, args: []string{"ls"}, out: "a\nbb\nbig\nd\ne\nl\nld\nrun\n"},
		{files: lsFiles, args: []string{"ls", "-a"}, out: ".\n..\n.hid\na\nbb\nbig\nd\ne\nl\nld\nrun\n"},
		{files: lsFiles, args: []string{"ls", "-A", "d"}, out: "x\n"},
		{files: lsFiles, args: []string{"ls", "-A"}, out: ".hid\na\nbb\nbig\nd\ne\nl\nld\nrun\n"},
		{files: lsFiles, args: []string{"ls", "-1", "d", "a"}, out: "a\n\nd:\nx\n"},
		{files: lsFiles, args: []string{"ls", "d/"}, out: "x\n"},
		{files: lsFiles, args: []string{"ls", "ld"}, out: "x\n"},
		{files: lsFiles, args: []string{"ls", "-d", "d", "ld", "a"}, out: "a\nd\nld\n"},
		{files: lsFiles, args: []string{"ls", "-l", "ld"}, out: "lrwxrwxrwx 1 user user 1 Jan  1 00:00 ld -> d\n"},
		{files: lsFiles, args: []string{"ls", "-l", "ld/"}, out: "total 1\n-rw-r--r-- 1 user user 10 Jan  1 00:00 x\n"},
		{files: lsFiles, pre: chmodRun, args: []string{"ls", "-l"}, out: `total 3
-rw-r--r-- 1 user user    6 Jan  1 00:00 a
-rw-r--r-- 1 user user    1 Jan  1 00:00 bb
-rw-r--r-- 1 user user    0 Jan  1 00:00 big
drwxr-xr-x 2 user user 4096 Jan  1 00:00 d
drwxr-xr-x 3 user user 4096 Jan  1 00:00 e
lrwxrwxrwx 1 user user    1 Jan  1 00:00 l -> a
lrwxrwxrwx 1 user user    1 Jan  1 00:00 ld -> d
-rwxr-xr-x 1 user user   10 Jan  1 00:00 run
`},
		{files: lsFiles, pre: chmodRun, args: []string{"ls", "-F"}, out: "a\nbb\nbig\nd/\ne/\nl@\nld@\nrun*\n"},
		{files: lsFiles, args: []string{"ls", "-p", "d", "e"}, out: "d:\nx\n\ne:\nsub/\n"},
		{files: lsFiles, pre: chmodRun, args: []string{"ls", "-lF", "l", "ld", "run", "d"}, out: "lrwxrwxrwx 1 user user  1 Jan  1 00:00 l -> a\nlrwxrwxrwx 1 user user  1 Jan  1 00:00 ld -> d/\n-rwxr-xr-x 1 user user 10 Jan  1 00:00 run*\n\nd:\ntotal 1\n-rw-r--r-- 1 user user 10 Jan  1 00:00 x\n"},
		{files: lsFiles, args: []string{"ls", "-R", "e", "d"}, out: "d:\nx\n\ne:\nsub\n\ne/sub:\n"},
		{files: lsFiles, args: []string{"ls", "-R", "e/"}, out: "e/:\nsub\n\ne/sub:\n"},
		{files: lsFiles, args: []string{"ls", "-S"}, out: "d\ne\nrun\na\nbb\nl\nld\nbig\n"},
		{files: lsFiles, args: []string{"ls", "-Sr", "a", "bb", "big"}, out: "big\nbb\na\n"},
		{files: lsFiles, args: []string{"ls", "-r", "a", "bb", "big"}, out: "big\nbb\na\n"},
		{files: lsFiles, pre: [][]string{{"touch", "-d", "2025-12-01", "bb"}, {"touch", "-d", "2025-12-02", "a"}, {"touch", "-d", "2024-01-01", "big"}},
			args: []string{"ls", "-t", "a", "bb", "big", "run"}, out: "run\na\nbb\nbig\n"},
		{files: lsFiles, pre: [][]string{{"touch", "-d", "2025-12-01 13:14", "bb"}, {"touch", "-d", "2024-01-01", "big"}, {"touch", "-d", "2026-03-01", "a"}},
			args: []string{"ls", "-ltr", "a", "bb", "big"}, out: "-rw-r--r-- 1 user user 0 Jan  1  2024 big\n-rw-r--r-- 1 user user 1 Dec  1 13:14 bb\n-rw-r--r-- 1 user user 6 Mar  1  2026 a\n"},
		{files: lsFiles, args: []string{"ls", "-lh", "--full-time", "a"}, out: "-rw-r--r-- 1 user user 6 2026-01-01 00:00:00.000000000 +0000 a\n"},
		{files: lsFiles, args: []string{"ls", "-gon", "a"}, out: "-rw-r--r-- 1 6 Jan  1 00:00 a\n"},
		{files: lsFiles, args: []string{"ls", "-n", "a"}, out: "-rw-r--r-- 1 1000 1000 6 Jan  1 00:00 a\n"},
		{files: lsFiles, args: []string{"ls", "-ld", "/tmp", "/dev/null"}, out: "crw-rw-rw- 1 user user 1, 3 Jan  1 00:00 /dev/null\ndrwxrwxrwt 2 user user 4096 Jan  1 00:00 /tmp\n"},
		{files: lsFiles, args: []string{"ls", "-i", "/"}, out: "4 bin\n6 dev\n5 etc\n3 tmp\n2 work\n"},
		{files: lsFiles, args: []string{"ls", "nope", "a"}, out: "a\n", err: "ls: cannot access 'nope': No such file or directory\n", status: 2},
		{files: lsFiles, args: []string{"ls", "a/"}, err: "ls: cannot access 'a/': Not a directory\n", status: 2},
		{files: lsFiles, args: []string{"ls", "-z"}, err: "ls: invalid option -- 'z'\nTry 'ls --help' for more information.\n", status: 2},
		{files: lsFiles, pre: [][]string{{"chmod", "0", "e"}}, args: []string{"ls", "e"}, out: "", err: "ls: cannot open directory 'e': Permission denied\n", status: 2},
		{files: lsFiles, pre: [][]string{{"chmod", "0", "e/sub"}}, args: []string{"ls", "-R", "e"}, out: "e:\nsub\n\ne/sub:\n", err: "ls: cannot open directory 'e/sub': Permission denied\n", status: 1},
		{files: map[string]string{"-x": ""}, args: []string{"ls", "--", "-x"}, out: "-x\n"},
		{files: lsFiles, args: []string{"ls", "-lL", "l", "ld"}, out: "-rw-r--r-- 1 user user 6 Jan  1 00:00 l\n\nld:\ntotal 1\n-rw-r--r-- 1 user user 10 Jan  1 00:00 x\n"},
		{files: lsFiles, args: []string{"ls", "-dlL", "ld"}, out: "drwxr-xr-x 2 user user 4096 Jan  1 00:00 ld\n"},
		{files: lsFiles, args: []string{"ls", ""}, err: "ls: cannot access '': No such file or directory\n", status: 2},
		{differs: "ls aligns columns with spaces, never tabs", files: lsFiles, args: []string{"ls", "-C", "-w", "20"}, out: "a   big  e  ld\nbb  d    l  run\n"},
		{files: lsFiles, args: []string{"ls", "-x", "-w", "20"}, out: "a  bb  big  d  e\nl  ld  run\n"},
	})
}

// TestLsTimeStyle: --time-style's styles on times old by both the
// session's clock and the host's (2020) or in the future (2031), which
// each style writes as an old one; confirmed against GNU's ls. The
// styles' recent forms are in testdata/ls.t (the clocks differ).
func TestLsTimeStyle(t *testing.T) {
	t.Parallel()
	files := map[string]string{"old": "a\n", "future": "bb\n"}
	pre := [][]string{{"touch", "-d", "2020-03-04 05:06:07.123456789", "old"}, {"touch", "-d", "2031-12-30 23:58:59", "future"}}
	var cases []fileCase
	for _, c := range []struct{ style, old, future string }{
		{"full-iso", "2020-03-04 05:06:07.123456789 +0000", "2031-12-30 23:58:59.000000000 +0000"},
		{"long-iso", "2020-03-04 05:06", "2031-12-30 23:58"},
		{"iso", "2020-03-04 ", "2031-12-30 "},
		{"locale", "Mar  4  2020", "Dec 30  2031"},
		{"posix-long-iso", "Mar  4  2020", "Dec 30  2031"},
		{"posix-bogus", "Mar  4  2020", "Dec 30  2031"},
		{"full", "2020-03-04 05:06:07.123456789 +0000", "2031-12-30 23:58:59.000000000 +0000"},
		{"+%Y/%m/%d %T", "2020/03/04 05:06:07", "2031/12/30 23:58:59"},
		{"+%s|%N|%%|%e", "1583298367|123456789|%| 4", "1956441539|000000000|%|30"},
		{"+old %Y\nnew %H:%M", "old 2020", "old 2031"},
		{"+", "", ""},
	} {
		cases = append(cases, fileCase{files: files, pre: pre, args: []string{"ls", "-go", "--time-style=" + c.style, "old", "future"},
			out: "-rw-r--r-- 1 3 " + c.future + " future\n-rw-r--r-- 1 2 " + c.old + " old\n"})
	}
	valid := "Valid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\nTry 'ls --help' for more information.\n"
	cases = append(cases, []fileCase{
		// the last of --full-time and --time-style counts
		{files: files, pre: pre, args: []string{"ls", "-go", "--full-time", "--time-style=long-iso", "old"}, out: "-rw-r--r-- 1 2 2020-03-04 05:06 old\n"},
		{files: files, pre: pre, args: []string{"ls", "-go", "--time-style=long-iso", "--full-time", "old"}, out: "-rw-r--r-- 1 2 2020-03-04 05:06:07.123456789 +0000 old\n"},
		{files: files, pre: pre, args: []string{"ls", "-go", "--time-style=bogus", "old"}, err: "ls: invalid argument 'bogus' for 'time style'\n" + valid, status: 2},
		{files: files, pre: pre, args: []string{"ls", "-go", "--time-style=l", "old"}, err: "ls: ambiguous argument 'l' for 'time style'\n" + valid, status: 2},
		{files: files, pre: pre, args: []string{"ls", "-go", "--time-style=", "old"}, err: "ls: ambiguous argument '' for 'time style'\n" + valid, status: 2},
		{files: files, pre: pre, args: []string{"ls", "-go", "--time-style=+%Y\n%m\n%d", "old"}, err: "ls: invalid time style format '%Y\\n%m\\n%d'\n", status: 2},
		// without a long listing the style is not even read
		{files: files, pre: pre, args: []string{"ls", "--time-style=bogus", "old"}, out: "old\n"},
	}...)
	runFileCases(t, cases)
}

func TestLsColumns(t *testing.T) {
	t.Parallel()
	// Expectations from GNU ls 9.1 (-C --width=N, tabs turned into spaces).
	names := []string{"alpha", "beta", "delta", "epsilon", "eta", "gamma", "iota", "kappa",
		"lambda", "mu", "nu", "omicron", "pi", "theta", "xi", "zeta"}
	for _, tc := range []struct {
		width  int
		across bool
		want   string
	}{
		{40, false, "alpha    eta    lambda   pi\nbeta     gamma  mu       theta\ndelta    iota   nu       xi\nepsilon  kappa  omicron  zeta\n"},
		{80, false, "alpha  delta    eta    iota   lambda  nu       pi     xi\nbeta   epsilon  gamma  kappa  mu      omicron  theta  zeta\n"},
		{40, true, "alpha  beta     delta  epsilon  eta\ngamma  iota     kappa  lambda   mu\nnu     omicron  pi     theta    xi\nzeta\n"},
		{3, false, "alpha\nbeta\ndelta\nepsilon\neta\ngamma\niota\nkappa\nlambda\nmu\nnu\nomicron\npi\ntheta\nxi\nzeta\n"},
	} {
		fsys := testTree(t)
		for _, n := range names {
			writeFile(t, fsys, "/work/"+n, "")
		}
		flag := "-C"
		if tc.across {
			flag = "-x"
		}
		out, errs, st := runCmd(t, fsys, "", "ls", flag, "-w", itoa(tc.width))
		if out != tc.want || errs != "" || st != 0 {
			t.Errorf("width %d across %v:\ngot  %q\nwant %q (%s)", tc.width, tc.across, out, tc.want, errs)
		}
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	if s == "" {
		return "0"
	}
	return s
}
