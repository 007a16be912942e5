package coreutils

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
)

// The little languages of the commands (sed scripts, find expressions,
// printf formats, tr sets, expr expressions), fuzzed each on its own:
// the shell's FuzzCommand reaches them too, among some 180 commands and
// behind a session's start, a few hundred runs a second; here every run
// goes to one of them, on a tree with a few files, with a memory limit
// and a deadline as a session gives them. No input may panic, pass the
// memory limit or outlive its deadline.

// FuzzSed: any script on any input.
func FuzzSed(f *testing.F) {
	for _, seed := range [][2]string{
		{`s/\(a*\)\{2,\}/[\1]/g;2{h;d};$!N;/a/I!b end;y/abc/xyz/;:end`, "aa\nb\nc\n"},
		{`1~2d;/x/,+2s/./&&/3w /tmp/o` + "\n$a\\\ntail\n3i\\\nins\n2c changed", "x\ny\nz\nw\n"},
		{`0,/a/{=;l 5};s/[[:alpha:]]\+/\U&\E-\l&/2;T;G;H;x;P;D`, "aa\x00b\nc\n"},
		{`:a;N;$!ba;s/\n/,/g;r a.txt` + "\n" + `R a.txt` + "\n" + `W /tmp/w`, "1\n2\n3\n"},
		{`/b/,/^$/{/x/!{s/^/> /;p}};$q3;n;F;z;e`, "b\nx\n\ny\n"},
		{`-E s/(a|b)+?c{1,}\b\w\W\s\S\'\` + "`" + `/X/gm`, "abc cab\n"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, script, input string) {
		runFuzzedCmd(t, input, "sed", "-E", "-s", "-e", script, "-", "a.txt")
		runFuzzedCmd(t, input, "sed", "-n", "-z", "--posix", script)
	})
}

// FuzzFind: any expression (words separated by NUL).
func FuzzFind(f *testing.F) {
	fuzzWords(f, []string{
		"(\x00-name\x00*.txt\x00-o\x00-type\x00d\x00-empty\x00)\x00!\x00-path\x00./d/*\x00-printf\x00%p %s %m %y %d %f %h %TY %Ak %c %i %n %l %P %H\\n",
		"-mindepth\x001\x00-maxdepth\x002\x00-regex\x00.*e.*\x00-size\x00-1k\x00-perm\x00-u+r\x00-exec\x00echo\x00{}\x00;\x00-o\x00-iname\x00T*\x00-print0\x00-prune",
		"-L\x00-type\x00l\x00-or\x00-links\x00+1\x00-and\x00-mmin\x00-5\x00-not\x00-user\x00root\x00-execdir\x00echo\x00{}\x00+\x00-quit",
		"-newer\x00a.txt\x00-a\x00-newermt\x002020-01-01\x00-o\x00-samefile\x00l\x00-fprint\x00/tmp/o\x00-delete\x00-ls\x00-depth\x00-regextype\x00posix-extended",
	}, "find", ".")
}

// FuzzPrintf: any format with any arguments (separated by NUL).
func FuzzPrintf(f *testing.F) {
	for _, seed := range [][2]string{
		{`%5.2f|%-8s|%08x|%o|%e|%G|%c|%b|%q|%%|%*d|%.*s|%i|%#x|%+d|% d|%'d|%10.3e|%a|%u\n\a\v\x41\101\u00e9\U0001F600\c`, "3.14159\x00ab\x00255\x008\x001e3\x000.5\x00xyz\x00a\\tb\\0101\\c\x00it's\x004\x002\x003\x00abcdef\x00-7\x00255\x005\x005\x001234567\x001.5\x000x1p3\x00-1"},
		{`%d %s %(%H)T %5s %-+#0 20.10Lf %hhd %lld %jd %zd %n`, "'a\x00\"b\x000x10\x00010\x009999999999999999999999\x00-\x001e\x00"},
		{`%b`, `\0\00\000\0000\x\xg\u12\U1234567890\e\E\c`},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, format, args string) {
		runFuzzedCmd(t, "", append([]string{"printf", "--", format}, strings.Split(args, "\x00")...)...)
	})
}

// FuzzTr: any sets on any input, with each option.
func FuzzTr(f *testing.F) {
	for _, seed := range [][3]string{
		{"[:lower:][:digit:]", "[:upper:][=a=]*", "hello 123 world\n"},
		{`a-c\n\t\\[:alpha:]\101-\132`, "[x*3][y*]z", "abc\tABC xyz\n"},
		{"[:space:][:punct:][:cntrl:][:xdigit:][:graph:][:print:][:blank:][:alnum:]", "[=e=][.a.]\\-", "a, b;  c\n"},
		{"\\377-\\0", "[a*0][b*010]", "\xff\x00\x80"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	f.Fuzz(func(t *testing.T, set1, set2, input string) {
		for _, opts := range [][]string{nil, {"-c"}, {"-t"}, {"-s"}, {"-d"}, {"-ds"}, {"-cs"}} {
			runFuzzedCmd(t, input, append(append([]string{"tr"}, opts...), set1, set2)...)
		}
	})
}

// FuzzExpr: any expression (words separated by NUL).
func FuzzExpr(f *testing.F) {
	fuzzWords(f, []string{
		"(\x00length\x00abc\x00+\x003\x00)\x00*\x002\x00|\x00substr\x00hello\x002\x003\x00&\x00index\x00abc\x00c",
		"match\x00a.txt\x00[a-z]*\\(\\.\\)\x00%\x004\x00:\x00\\(a\\)*b\\{2,\\}",
		"9223372036854775807\x00+\x001\x00-\x00-9223372036854775808\x00/\x00-1\x00<=\x00x\x00!=\x00y",
		"+\x00length\x00quote\x00:\x00\\(\x00=\x00\x00>=\x00-0",
	}, "expr")
}

// fuzzWords fuzzes the command lead with more arguments: the words of
// an input, separated by NUL.
func fuzzWords(f *testing.F, seeds []string, lead ...string) {
	for _, seed := range seeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, words string) {
		runFuzzedCmd(t, "", append(slices.Clone(lead), strings.Split(words, "\x00")...)...)
	})
}

// runFuzzedCmd runs a command as FuzzCommand would, directly: on a tree
// with a few files, with a 64 MiB memory limit, for at most half a
// second (output past 1 MiB ends it too; a script that loops ends
// there). It fails when the command does not end after that.
func runFuzzedCmd(t *testing.T, stdin string, args ...string) {
	fsys := testTree(t)
	writeFile(t, fsys, "/work/a.txt", "b 2\na 1\nc 3\nb 2\n")
	writeFile(t, fsys, "/work/d/e/s.sh", "#!/bin/sh\necho hi\n")
	writeFile(t, fsys, "/work/d/t.csv", "x,y\n1,2\n")
	if err := fsys.Symlink("a.txt", "/work/l"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	out := &cappedWriter{left: 1 << 20, cancel: cancel}
	done := make(chan struct{})
	go func() {
		defer close(done)
		runSetup(t, fsys, func(c *builtins.Call) {
			c.Ctx = ctx
			c.Stdout, c.Stderr = out, out
			c.MemLimit = 64 << 20
		}, stdin, args...)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("%q did not end after its deadline", args)
	}
}

// cappedWriter drops what it is given and cancels the run once left
// bytes have been written.
type cappedWriter struct {
	mu     sync.Mutex
	left   int
	cancel func()
}

func (w *cappedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.left -= len(p); w.left < 0 {
		w.cancel()
	}
	return len(p), nil
}
