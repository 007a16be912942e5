package coreutils

import (
	"io/fs"
	"testing"
)

func TestStat(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "hello\n", "a b": "", "d/": "", "l": "->a b", "big": string(make([]byte, 2049))}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"stat", "a"}, out: `  File: a
  Size: 6         	Blocks: 2          IO Block: 4096   regular file
Device: 0,42	Inode: 16          Links: 1
Access: (0644/-rw-r--r--)  Uid: ( 1000/    user)   Gid: ( 1000/    user)
Access: 2026-01-01 00:00:00.000000000 +0000
Modify: 2026-01-01 00:00:00.000000000 +0000
Change: 2026-01-01 00:00:00.000000000 +0000
 Birth: -
`},
		{files: files, args: []string{"stat", "l", "d"}, out: `  File: l -> a b
  Size: 3         	Blocks: 0          IO Block: 4096   symbolic link
Device: 0,42	Inode: 19          Links: 1
Access: (0777/lrwxrwxrwx)  Uid: ( 1000/    user)   Gid: ( 1000/    user)
Access: 2026-01-01 00:00:00.000000000 +0000
Modify: 2026-01-01 00:00:00.000000000 +0000
Change: 2026-01-01 00:00:00.000000000 +0000
 Birth: -
  File: d
  Size: 4096      	Blocks: 0          IO Block: 4096   directory
Device: 0,42	Inode: 15          Links: 2
Access: (0755/drwxr-xr-x)  Uid: ( 1000/    user)   Gid: ( 1000/    user)
Access: 2026-01-01 00:00:00.000000000 +0000
Modify: 2026-01-01 00:00:00.000000000 +0000
Change: 2026-01-01 00:00:00.000000000 +0000
 Birth: -
`},
		{files: files, args: []string{"stat", "/dev/null"}, out: `  File: /dev/null
  Size: 0         	Blocks: 0          IO Block: 4096   character special file
Device: 0,42	Inode: 8           Links: 1     Device type: 1,3
Access: (0666/crw-rw-rw-)  Uid: ( 1000/    user)   Gid: ( 1000/    user)
Access: 2026-01-01 00:00:00.000000000 +0000
Modify: 2026-01-01 00:00:00.000000000 +0000
Change: 2026-01-01 00:00:00.000000000 +0000
 Birth: -
`},
		{files: files, pre: [][]string{{"touch", "-d", "2020-01-02 03:04:05", "a"}},
			args: []string{"stat", "-c", "%n|%N|%s|%b|%B|%o|%a|%#a|%04a|%A|%f|%F|%u|%U|%g|%G|%h|%d|%D|%m|%w|%W|%x|%X|%y|%Y|%z|%Z|%%|%q", "a"},
			out: "a|'a'|6|2|512|4096|644|0644|0644|-rw-r--r--|81a4|regular file|1000|user|1000|user|1|42|2a|/|-|0|" +
				"2020-01-02 03:04:05.000000000 +0000|1577934245|2020-01-02 03:04:05.000000000 +0000|1577934245|" +
				"2026-01-01 00:00:00.000000000 +0000|1767225600|%|?\n"},
		{files: files, args: []string{"stat", "-c", "%N %F %s", "l"}, out: "'l' -> 'a b' symbolic link 3\n"},
		{files: files, args: []string{"stat", "-L", "-c", "%N %F", "l"}, out: "'l' regular empty file\n"},
		{files: files, args: []string{"stat", "-c", "%F %b %t %T %Hr %Lr", "/dev/zero", "big"}, out: "character special file 0 1 5 1 5\nregular file 6 0 0 0 0\n"},
		{files: files, args: []string{"stat", "-c", "[%5s][%-5s][%05s][%.3s][%10.4A][%-8n]", "a"}, out: "[    6][6    ][00006][006][      -rw-][a       ]\n"},
		{files: files, args: []string{"stat", "-c", "%.3Y %.9X %5.1Z", "a"}, out: "1767225600.000 1767225600.000000000 1767225600.0\n"},
		{files: files, args: []string{"stat", "--printf", "%n\\t%s\\n\\x41\\101\\\\", "a"}, out: "a\t6\nAA\\"},
		{files: files, args: []string{"stat", "-c", "%n\\t", "a"}, out: "a\\t\n"},
		{files: files, args: []string{"stat", "-t", "a"}, out: "a 6 2 81a4 1000 1000 2a 16 1 0 0 1767225600 1767225600 1767225600 0 4096\n"},
		{files: files, args: []string{"stat", "-c", "%n", "nope", "a"}, out: "a\n", err: "stat: cannot statx 'nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"stat", "a/"}, err: "stat: cannot statx 'a/': Not a directory\n", status: 1},
		{files: files, args: []string{"stat"}, err: "stat: missing operand\nTry 'stat --help' for more information.\n", status: 1},
	})
}

func TestChmod(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": "", "d/": "", "d/x": "", "d/sub/": "", "d/sub/y": "", "l": "->a", "d/lnk": "->../a", "-x": ""}
	var cases []fileCase
	for _, tc := range []struct {
		pre  string // octal starting mode of a
		mode string
		want string // resulting mode string of a, or of d when it ends with /
	}{
		{"644", "755", "-rwxr-xr-x"},
		{"644", "0", "----------"},
		{"644", "u+x", "-rwxr--r--"},
		{"644", "+x", "-rwxr-xr-x"},
		{"777", "-w", "-r-xr-xr-x"}, // umask 022 limits which bits -w clears (warning case, status 1, below)
		{"644", "a-r", "--w-------"},
		{"644", "go=", "-rw-------"},
		{"644", "u=rwx,g=rx,o=", "-rwxr-x---"},
		{"640", "o=g", "-rw-r--r--"},
		{"750", "g=u", "-rwxrwx---"},
		{"644", "u+s,g+s,+t", "-rwSr-Sr-T"},
		{"755", "u+s", "-rwsr-xr-x"},
		{"755", "=", "----------"},
		{"644", "a+X", "-rw-r--r--"},
		{"744", "a+X", "-rwxr-xr-x"},
		{"644", "a=rw,u+x", "-rwxrw-rw-"},
		{"644", "u+w-r", "--w-r--r--"},
		{"644", "4755", "-rwsr-xr-x"},
		{"644", "1777", "-rwxrwxrwt"},
		{"700", "d/", "d/"},
	} {
		if tc.mode == "d/" {
			continue
		}
		c := fileCase{name: tc.pre + " " + tc.mode, files: files, pre: [][]string{{"chmod", tc.pre, "a"}},
			args: []string{"chmod", tc.mode, "a"}, check: wantMode("/work/a", modeFromString(tc.want))}
		if tc.mode == "-w" {
			c.err = "chmod: a: new permissions are r-xrwxrwx, not r-xr-xr-x\n"
			c.status = 1
			c.check = wantMode("/work/a", modeFromString("-r-xrwxrwx"))
		}
		cases = append(cases, c)
	}
	cases = append(cases, []fileCase{
		{files: files, args: []string{"chmod", "-v", "755", "a"}, out: "mode of 'a' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\n"},
		{files: files, args: []string{"chmod", "-v", "644", "a"}, out: "mode of 'a' retained as 0644 (rw-r--r--)\n"},
		{files: files, args: []string{"chmod", "-c", "644", "a"}},
		{files: files, args: []string{"chmod", "-c", "600", "a"}, out: "mode of 'a' changed from 0644 (rw-r--r--) to 0600 (rw-------)\n"},
		{files: files, args: []string{"chmod", "600", "l"}, check: checks(wantMode("/work/a", 0o600), wantMode("/work/l", modeFromString("lrwxrwxrwx")))},
		{files: files, args: []string{"chmod", "-R", "go-rx", "d"}, check: checks(wantMode("/work/d", modeFromString("drwx------")),
			wantMode("/work/d/sub", modeFromString("drwx------")), wantMode("/work/d/sub/y", modeFromString("-rw-------")), wantMode("/work/a", 0o644))},
		{files: files, args: []string{"chmod", "-Rv", "700", "d"}, out: "mode of 'd' changed from 0755 (rwxr-xr-x) to 0700 (rwx------)\n" +
			"neither symbolic link 'd/lnk' nor referent has been changed\n" +
			"mode of 'd/sub' changed from 0755 (rwxr-xr-x) to 0700 (rwx------)\n" +
			"mode of 'd/sub/y' changed from 0644 (rw-r--r--) to 0700 (rwx------)\n" +
			"mode of 'd/x' changed from 0644 (rw-r--r--) to 0700 (rwx------)\n"},
		{files: files, pre: [][]string{{"chmod", "2755", "d"}}, args: []string{"chmod", "755", "d"}, check: wantMode("/work/d", modeFromString("drwxr-sr-x"))},
		{files: files, pre: [][]string{{"chmod", "2755", "d"}}, args: []string{"chmod", "00755", "d"}, check: wantMode("/work/d", modeFromString("drwxr-xr-x"))},
		{files: files, pre: [][]string{{"chmod", "751", "d"}}, args: []string{"chmod", "--reference=d", "a"}, check: wantMode("/work/a", 0o751)},
		{files: files, args: []string{"chmod", "--reference=nope", "a"}, err: "chmod: failed to get attributes of 'nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"chmod", "-x", "--", "-x"}, check: wantMode("/work/-x", 0o644)},
		{files: files, args: []string{"chmod", "u+x", "--", "-x"}, check: wantMode("/work/-x", 0o744)},
		{files: files, args: []string{"chmod", "xyz", "a"}, err: "chmod: invalid mode: 'xyz'\nTry 'chmod --help' for more information.\n", status: 1},
		{files: files, args: []string{"chmod", "7777a", "a"}, err: "chmod: invalid mode: '7777a'\nTry 'chmod --help' for more information.\n", status: 1},
		{files: files, args: []string{"chmod", "644", "nope", "a"}, err: "chmod: cannot access 'nope': No such file or directory\n", status: 1},
		{files: files, args: []string{"chmod", "-f", "644", "nope"}, status: 1},
		{files: files, args: []string{"chmod"}, err: "chmod: missing operand\nTry 'chmod --help' for more information.\n", status: 1},
		{files: files, args: []string{"chmod", "644"}, err: "chmod: missing operand after '644'\nTry 'chmod --help' for more information.\n", status: 1},
		{files: files, args: []string{"chmod", "-R", "--preserve-root", "755", "/"}, err: "chmod: it is dangerous to operate recursively on '/'\nchmod: use --no-preserve-root to override this failsafe\n", status: 1},
	}...)
	runFileCases(t, cases)
}

// modeFromString turns "drwxr-sr-x" back into a FileMode.
func modeFromString(s string) fsFileMode {
	var m fsFileMode
	switch s[0] {
	case 'd':
		m |= fsModeDir
	case 'l':
		m |= fsModeSymlink
	}
	for i, ch := range s[1:] {
		bit := fsFileMode(1) << (8 - i)
		switch ch {
		case 'r', 'w', 'x':
			m |= bit
		case 's':
			m |= bit
			fallthrough
		case 'S':
			if i == 2 {
				m |= fsModeSetuid
			} else {
				m |= fsModeSetgid
			}
		case 't':
			m |= bit
			fallthrough
		case 'T':
			m |= fsModeSticky
		}
	}
	return m
}

type fsFileMode = fs.FileMode

const (
	fsModeDir     = fs.ModeDir
	fsModeSymlink = fs.ModeSymlink
	fsModeSetuid  = fs.ModeSetuid
	fsModeSetgid  = fs.ModeSetgid
	fsModeSticky  = fs.ModeSticky
)
