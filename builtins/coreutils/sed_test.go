package coreutils

import (
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func sedFixture(t *testing.T) vfs.FS {
	t.Helper()
	return setupFiles(t, map[string]string{
		"n.txt": "one\ntwo\nthree\nfour\nfive\n",
		"h.txt": "hello world\nfoo bar\n",
		"noeol": "a\nb",
		"r.txt": "x\ny\n",
		"s.sed": "s/o/0/g\n2d\n",
		"q.sed": "#n\n/o/p\n",
		"z":     "a\x00b\x00",
	})
}

// Expectations are GNU sed 4.9's (LC_ALL=C), with lower-case reasons and
// moonix's wording for usage errors.
func TestSed(t *testing.T) {
	t.Parallel()
	for _, tc := range []cmdCase{
		{[]string{`sed`, `s/o/0/`, `n.txt`}, "", "0ne\ntw0\nthree\nf0ur\nfive\n", "", 0},
		{[]string{`sed`, `s/o/0/g`, `n.txt`, `h.txt`}, "", "0ne\ntw0\nthree\nf0ur\nfive\nhell0 w0rld\nf00 bar\n", "", 0},
		{[]string{`sed`, `-n`, `s/o/0/gp`, `n.txt`}, "", "0ne\ntw0\nf0ur\n", "", 0},
		{[]string{`sed`, `s/o/[&]/2`, `h.txt`}, "", "hello w[o]rld\nfo[o] bar\n", "", 0},
		{[]string{`sed`, `s/l/L/2g`, `h.txt`}, "", "helLo worLd\nfoo bar\n", "", 0},
		{[]string{`sed`, `-E`, `s/(\w+) (\w+)/\2 \1/`, `h.txt`}, "", "world hello\nbar foo\n", "", 0},
		{[]string{`sed`, `-r`, `s/(o+)/<\1>/g`, `h.txt`}, "", "hell<o> w<o>rld\nf<oo> bar\n", "", 0},
		{[]string{`sed`, `s/\(l\+\)/{\1}/`, `h.txt`}, "", "he{ll}o world\nfoo bar\n", "", 0},
		{[]string{`sed`, `s|o|/|g`, `h.txt`}, "", "hell/ w/rld\nf// bar\n", "", 0},
		{[]string{`sed`, `s,o,\,,g`, `h.txt`}, "", "hell, w,rld\nf,, bar\n", "", 0},
		{[]string{`sed`, `s/O/0/gI`, `h.txt`}, "", "hell0 w0rld\nf00 bar\n", "", 0},
		{[]string{`sed`, `s/o/\n/`, `h.txt`}, "", "hell\n world\nf\no bar\n", "", 0},
		{[]string{`sed`, `s/o/\t/`, `h.txt`}, "", "hell\t world\nf\to bar\n", "", 0},
		{[]string{`sed`, `s/.*/\U&/`, `h.txt`}, "", "HELLO WORLD\nFOO BAR\n", "", 0},
		{[]string{`sed`, `s/\w\+/\u&/g`, `h.txt`}, "", "Hello World\nFoo Bar\n", "", 0},
		{[]string{`sed`, `-E`, `s/(\w)(\w*)/\U\1\L\2X\E!/g`, `h.txt`}, "", "Hellox! Worldx!\nFoox! Barx!\n", "", 0},
		{[]string{`sed`, `s/o/&&/;s/&/and/`, `h.txt`}, "", "helloo world\nfooo bar\n", "", 0},
		{[]string{`sed`, `s/world/\&/`, `h.txt`}, "", "hello &\nfoo bar\n", "", 0},
		{[]string{`sed`, `-n`, `2p`, `n.txt`}, "", "two\n", "", 0},
		{[]string{`sed`, `-n`, `$p`, `n.txt`}, "", "five\n", "", 0},
		{[]string{`sed`, `2,4d`, `n.txt`}, "", "one\nfive\n", "", 0},
		{[]string{`sed`, `2,4!d`, `n.txt`}, "", "two\nthree\nfour\n", "", 0},
		{[]string{`sed`, `/two/,/four/d`, `n.txt`}, "", "one\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `/t/p`, `n.txt`}, "", "two\nthree\n", "", 0},
		{[]string{`sed`, `-n`, `\%t%p`, `n.txt`}, "", "two\nthree\n", "", 0},
		{[]string{`sed`, `-n`, `/T/Ip`, `n.txt`}, "", "two\nthree\n", "", 0},
		{[]string{`sed`, `-n`, `1~2p`, `n.txt`}, "", "one\nthree\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `0~2p`, `n.txt`}, "", "two\nfour\n", "", 0},
		{[]string{`sed`, `-n`, `2,+1p`, `n.txt`}, "", "two\nthree\n", "", 0},
		{[]string{`sed`, `-n`, `2,~4p`, `n.txt`}, "", "two\nthree\nfour\n", "", 0},
		{[]string{`sed`, `-n`, `0,/o/p`, `n.txt`}, "", "one\n", "", 0},
		{[]string{`sed`, `-n`, `1,/o/p`, `n.txt`}, "", "one\ntwo\n", "", 0},
		{[]string{`sed`, `-n`, `/four/,1p`, `n.txt`}, "", "four\n", "", 0},
		{[]string{`sed`, `-n`, `3,$p`, `n.txt`}, "", "three\nfour\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `$!p`, `n.txt`}, "", "one\ntwo\nthree\nfour\n", "", 0},
		{[]string{`sed`, `1d;$d`, `n.txt`}, "", "two\nthree\nfour\n", "", 0},
		{[]string{`sed`, `-n`, `/o/{p;p}`, `n.txt`}, "", "one\none\ntwo\ntwo\nfour\nfour\n", "", 0},
		{[]string{`sed`, `-n`, `/o/{/w/p}`, `n.txt`}, "", "two\n", "", 0},
		{[]string{`sed`, `/o/!{s/^/-/}`, `n.txt`}, "", "one\ntwo\n-three\nfour\n-five\n", "", 0},
		{[]string{`sed`, `2q`, `n.txt`}, "", "one\ntwo\n", "", 0},
		{[]string{`sed`, `2Q`, `n.txt`}, "", "one\n", "", 0},
		{[]string{`sed`, `3q7`, `n.txt`}, "", "one\ntwo\nthree\n", "", 7},
		{[]string{`sed`, `Q 3`, `n.txt`}, "", "", "", 3},
		{[]string{`sed`, "2a\\\nadded", `n.txt`}, "", "one\ntwo\nadded\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, `2a added`, `n.txt`}, "", "one\ntwo\nadded\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, "2i\\\n  inserted\\\nagain", `n.txt`}, "", "one\n  inserted\nagain\ntwo\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, `2i inserted`, `n.txt`}, "", "one\ninserted\ntwo\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, "2,3c\\\nchanged", `n.txt`}, "", "one\nchanged\nfour\nfive\n", "", 0},
		{[]string{`sed`, `2,3!c changed`, `n.txt`}, "", "changed\ntwo\nthree\nchanged\nchanged\n", "", 0},
		{[]string{`sed`, `$a end`, `noeol`}, "", "a\nb\nend\n", "", 0},
		{[]string{`sed`, `p`, `noeol`}, "", "a\na\nb\nb", "", 0},
		{[]string{`sed`, `$!d`, `noeol`}, "", `b`, "", 0},
		{[]string{`sed`, `s/b/B/`, `noeol`}, "", "a\nB", "", 0},
		{[]string{`sed`, "", `noeol`, `n.txt`}, "", "a\nb\none\ntwo\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `$=`, `n.txt`, `h.txt`}, "", "7\n", "", 0},
		{[]string{`sed`, `=`, `h.txt`}, "", "1\nhello world\n2\nfoo bar\n", "", 0},
		{[]string{`sed`, `-s`, `-n`, `$p`, `n.txt`, `h.txt`}, "", "five\nfoo bar\n", "", 0},
		{[]string{`sed`, `-s`, `1F`, `n.txt`, `h.txt`}, "", "n.txt\none\ntwo\nthree\nfour\nfive\nh.txt\nhello world\nfoo bar\n", "", 0},
		{[]string{`sed`, `F`, `-`}, "x\n", "-\nx\n", "", 0},
		{[]string{`sed`, `y/abc/xyz/`}, "aabbcc\n", "xxyyzz\n", "", 0},
		{[]string{`sed`, `y/o\n/0 /`}, "foo\n", "f00\n", "", 0},
		{[]string{`sed`, `N;N;s/\n/,/g`, `n.txt`}, "", "one,two,three\nfour\nfive\n", "", 0},
		{[]string{`sed`, `$!N;s/\n/ /`, `n.txt`}, "", "one two\nthree four\nfive\n", "", 0},
		{[]string{`sed`, `N;P;D`, `n.txt`}, "", "one\ntwo\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `$!{h;d};x;G;p`, `n.txt`}, "", "four\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `1!G;h;$p`, `n.txt`}, "", "five\nfour\nthree\ntwo\none\n", "", 0},
		{[]string{`sed`, `n;d`, `n.txt`}, "", "one\nthree\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `n;p`, `n.txt`}, "", "two\nfour\n", "", 0},
		{[]string{`sed`, `x`, `n.txt`}, "", "\none\ntwo\nthree\nfour\n", "", 0},
		{[]string{`sed`, `1h;2,$H;$!d;g`, `n.txt`}, "", "one\ntwo\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, `:a;N;$!ba;s/\n/+/g`, `n.txt`}, "", "one+two+three+four+five\n", "", 0},
		{[]string{`sed`, `-e`, `:a`, `-e`, `s/^.\{1,5\}$/ &/;ta`, `n.txt`}, "", "   one\n   two\n three\n  four\n  five\n", "", 0},
		{[]string{`sed`, `s/o/O/;tx;s/$/ (none)/;:x`, `n.txt`}, "", "One\ntwO\nthree (none)\nfOur\nfive (none)\n", "", 0},
		{[]string{`sed`, `s/o/O/;Tx;s/$/ (some)/;:x`, `n.txt`}, "", "One (some)\ntwO (some)\nthree\nfOur (some)\nfive\n", "", 0},
		{[]string{`sed`, `/two/b;s/$/!/`, `n.txt`}, "", "one!\ntwo\nthree!\nfour!\nfive!\n", "", 0},
		{[]string{`sed`, `-n`, `l`, `z`}, "", "a\\000b\\000$\n", "", 0},
		{[]string{`sed`, `-n`, `l`}, "a\tb\\c\n", "a\\tb\\\\c\\001$\n", "", 0},
		{[]string{`sed`, `-n`, `l 5`}, "abcdefghij\n", "abcd\\\nefgh\\\nij$\n", "", 0},
		{[]string{`sed`, `-l`, `4`, `-n`, `l`}, "abcdefghij\n", "abc\\\ndef\\\nghi\\\nj$\n", "", 0},
		{[]string{`sed`, `-n`, `l 0`}, "abcdefghij\n", "abcdefghij$\n", "", 0},
		{[]string{`sed`, `-z`, `s/^./X/`, `z`}, "", "X\x00X\x00", "", 0},
		{[]string{`sed`, `-f`, `s.sed`, `n.txt`}, "", "0ne\nthree\nf0ur\nfive\n", "", 0},
		{[]string{`sed`, `-f`, `q.sed`, `n.txt`}, "", "one\ntwo\nfour\n", "", 0},
		{[]string{`sed`, `-e`, `1d`, `-e`, `s/o/O/`, `n.txt`}, "", "twO\nthree\nfOur\nfive\n", "", 0},
		{[]string{`sed`, `-n`, `-e`, `2{p`, `-e`, `}`, `n.txt`}, "", "two\n", "", 0},
		{[]string{`sed`, `-e`, `1a\\`, `-e`, `foo`, `h.txt`}, "", "", "sed: -e expression #2, char 1: unknown command: `f'\n", 1},
		{[]string{`sed`, `1r r.txt`, `h.txt`}, "", "hello world\nx\ny\nfoo bar\n", "", 0},
		{[]string{`sed`, `r r.txt`, `noeol`}, "", "a\nx\ny\nb\nx\ny\n", "", 0},
		{[]string{`sed`, `R r.txt`, `n.txt`}, "", "one\nx\ntwo\ny\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, `r nope`, `h.txt`}, "", "hello world\nfoo bar\n", "", 0},
		{[]string{`sed`, `-n`, `w out.txt`, `h.txt`}, "", "", "", 0},
		{[]string{`sed`, `-n`, `2W /dev/stdout`, `n.txt`}, "", "two\n", "", 0},
		{[]string{`sed`, `s/o/0/w /dev/stdout`, `h.txt`}, "", "hell0 world\nhell0 world\nf0o bar\nf0o bar\n", "", 0},
		{[]string{`sed`, `z;s/^$/empty/`, `h.txt`}, "", "empty\nempty\n", "", 0},
		{[]string{`sed`, "#comment\np # trailing", `h.txt`}, "", "hello world\nhello world\nfoo bar\nfoo bar\n", "", 0},
		{[]string{`sed`, `1!G;h;$!d`, `n.txt`}, "", "five\nfour\nthree\ntwo\none\n", "", 0},
		{[]string{`sed`, `-n`, `/one/,/t/{=;p}`, `n.txt`}, "", "1\none\n2\ntwo\n", "", 0},
		{[]string{`sed`, `2!{/o/d}`, `n.txt`}, "", "two\nthree\nfive\n", "", 0},
		{[]string{`sed`, `s/x*/-/g`}, "abc\n", "-a-b-c-\n", "", 0},
		{[]string{`sed`, `s/b*/-/g`}, "abc\n", "-a-c-\n", "", 0},
		{[]string{`sed`, `s/\(a\)\(b\)\?/[\2\1]/g`}, "aab\n", "[a][ba]\n", "", 0},
		{[]string{`sed`, `-E`, `s/(a|ab)(c|bcd)(d*)/[\1,\2,\3]/`}, "abcd\n", "[a,bcd,]\n", "", 0},
		{[]string{`sed`, `s/\(.\)\1/<&>/g`}, "aabbcd\n", "<aa><bb>cd\n", "", 0},
		{[]string{`sed`, `-n`, `/\(.\)\1/p`, `n.txt`, `h.txt`}, "", "three\nhello world\nfoo bar\n", "", 0},
		{[]string{`sed`, `s/^/> /`, `h.txt`}, "", "> hello world\n> foo bar\n", "", 0},
		{[]string{`sed`, `s/$/ </`, `h.txt`}, "", "hello world <\nfoo bar <\n", "", 0},
		{[]string{`sed`, `s/\</[/g`, `h.txt`}, "", "[hello [world\n[foo [bar\n", "", 0},
		{[]string{`sed`, `s/\>/]/g`, `h.txt`}, "", "hello] world]\nfoo] bar]\n", "", 0},
		{[]string{`sed`, `s/\bo/0/g`, `h.txt`}, "", "hello world\nfoo bar\n", "", 0},
		{[]string{`sed`, `s/[[:upper:][:digit:]]/#/g`}, "aB3c\n", "a##c\n", "", 0},
		{[]string{`sed`, `s/[^[:alpha:]]//g`}, "a-b_c 1\n", "abc\n", "", 0},
		{[]string{`sed`, `1~3d`}, "1\n2\n3\n4\n5\n6\n7\n", "2\n3\n5\n6\n", "", 0},
		{[]string{`sed`, `$s/$/\n/`}, "a\n", "a\n\n", "", 0},
		{[]string{`sed`, `G`}, "a\nb\n", "a\n\nb\n\n", "", 0},
		{[]string{`sed`, `-n`, `/a/,/a/p`}, "a\nb\na\nb\na\n", "a\nb\na\na\n", "", 0},
		{[]string{`sed`, `-n`, `2,1p`}, "a\nb\nc\n", "b\n", "", 0},
		{[]string{`sed`, `-n`, `/b/,+1p`}, "a\nb\nc\nb\nd\ne\n", "b\nc\nb\nd\n", "", 0},
		{[]string{`sed`, `k`, `n.txt`}, "", "", "sed: -e expression #1, char 1: unknown command: `k'\n", 1},
		{[]string{`sed`, `s/a/b`, `n.txt`}, "", "", "sed: -e expression #1, char 5: unterminated `s' command\n", 1},
		{[]string{`sed`, `-e`, `p`, `-e`, `s/a`, `n.txt`}, "", "", "sed: -e expression #2, char 3: unterminated `s' command\n", 1},
		{[]string{`sed`, `s/a/b/gg`, `n.txt`}, "", "", "sed: -e expression #1, char 8: multiple `g' options to `s' command\n", 1},
		{[]string{`sed`, `s/a/b/pp`, `n.txt`}, "", "", "sed: -e expression #1, char 8: multiple `p' options to `s' command\n", 1},
		{[]string{`sed`, `s/a/b/0`, `n.txt`}, "", "", "sed: -e expression #1, char 7: number option to `s' command may not be zero\n", 1},
		{[]string{`sed`, `s/a/b/3x`, `n.txt`}, "", "", "sed: -e expression #1, char 8: unknown option to `s'\n", 1},
		{[]string{`sed`, `y/ab/c/`, `n.txt`}, "", "", "sed: -e expression #1, char 7: strings for `y' command are different lengths\n", 1},
		{[]string{`sed`, `y/ab/cd`, `n.txt`}, "", "", "sed: -e expression #1, char 7: unterminated `y' command\n", 1},
		{[]string{`sed`, `{p`, `n.txt`}, "", "", "sed: -e expression #1, char 0: unmatched `{'\n", 1},
		{[]string{`sed`, `p}`, `n.txt`}, "", "", "sed: -e expression #1, char 2: unexpected `}'\n", 1},
		{[]string{`sed`, `/x`, `n.txt`}, "", "", "sed: -e expression #1, char 2: unterminated address regex\n", 1},
		{[]string{`sed`, `b foo`, `n.txt`}, "", "", "sed: can't find label for jump to `foo'\n", 4},
		{[]string{`sed`, `1:a`, `n.txt`}, "", "", "sed: -e expression #1, char 2: : doesn't want any addresses\n", 1},
		{[]string{`sed`, `a`, `n.txt`}, "", "", "sed: -e expression #1, char 1: expected \\ after `a', `c' or `i'\n", 1},
		{[]string{`sed`, `r`, `n.txt`}, "", "", "sed: -e expression #1, char 1: missing filename in r/R/w/W commands\n", 1},
		{[]string{`sed`, `0p`, `n.txt`}, "", "", "sed: -e expression #1, char 2: invalid usage of line address 0\n", 1},
		{[]string{`sed`, `s/\(a\)/\2/`, `n.txt`}, "", "", "sed: -e expression #1, char 11: invalid reference \\2 on `s' command's RHS\n", 1},
		{[]string{`sed`, `p x`, `n.txt`}, "", "", "sed: -e expression #1, char 3: extra characters after command\n", 1},
		{[]string{`sed`, `3!!p`, `n.txt`}, "", "", "sed: -e expression #1, char 3: multiple `!'s\n", 1},
		{[]string{`sed`, `2,3q`, `n.txt`}, "", "", "sed: -e expression #1, char 4: command only uses one address\n", 1},
		{[]string{`sed`, `s/*a/x/`, `n.txt`}, "", "one\ntwo\nthree\nfour\nfive\n", "", 0},
		{[]string{`sed`, `-E`, `s/*a/x/`, `n.txt`}, "", "", "sed: -e expression #1, char 7: Invalid preceding regular expression\n", 1},
		{[]string{`sed`, `s/a\{1/x/`, `n.txt`}, "", "", "sed: -e expression #1, char 9: Unmatched \\{\n", 1},
		{[]string{`sed`, `s/[[:foo:]]/x/`, `n.txt`}, "", "", "sed: -e expression #1, char 14: Invalid character class name\n", 1},
		{[]string{`sed`, `//p`, `n.txt`}, "", "", "sed: -e expression #1, char 0: no previous regular expression\n", 1},
		{[]string{`sed`, `p`, `nope`, `h.txt`}, "", "hello world\nhello world\nfoo bar\nfoo bar\n", "sed: can't read nope: No such file or directory\n", 2},
		{[]string{`sed`, `-n`, `p`, `nope`}, "", "", "sed: can't read nope: No such file or directory\n", 2},
		{[]string{`sed`, `-f`, `nope.sed`, `n.txt`}, "", "", "sed: couldn't open file nope.sed: No such file or directory\n", 4},
		{[]string{`sed`, `-n`, `/o/{p;q}`, `n.txt`}, "", "one\n", "", 0},
		{[]string{`sed`, `-n`, `/e/{s/e/E/;p}`, `n.txt`}, "", "onE\nthrEe\nfivE\n", "", 0},
		{[]string{`sed`, `s/e/E/;s//3/`, `n.txt`}, "", "onE\ntwo\nthrE3\nfour\nfivE\n", "", 0},
		{[]string{`sed`, `/o/s//0/g`, `n.txt`}, "", "0ne\ntw0\nthree\nf0ur\nfive\n", "", 0},
		{[]string{`sed`, `-s`, `$d`, `n.txt`, `h.txt`}, "", "one\ntwo\nthree\nfour\nhello world\n", "", 0},
		{[]string{`sed`, `-E`, `s/a{2}/X/;s/b+/Y/;s/c?d/Z/;s/(e|f)/W/`}, "aabbd e\n", "XYZ W\n", "", 0},
		{[]string{`sed`, `s/a\{2\}/X/;s/b\+/Y/;s/c\?d/Z/;s/e\|f/W/`}, "aabbd e\n", "XYZ W\n", "", 0},
		{[]string{`sed`, `s/a+b/X/;s/c|d/Y/`}, "a+b c|d\n", "X Y\n", "", 0},
		differs("moonix's usage text lists its own options", cmdCase{[]string{`sed`}, "", "", "Usage: sed [OPTION]... {SCRIPT | -e SCRIPT | -f FILE}... [FILE]...\nRun an editing SCRIPT over each line of the FILEs (standard input if none).\n\n  -n, --quiet, --silent   do not print the pattern space at the end of a cycle\n  -e, --expression=SCRIPT add SCRIPT to the commands (repeatable)\n  -f, --file=FILE         add the contents of FILE to the commands\n  -E, -r, --regexp-extended  use extended regular expressions\n  -i[SUFFIX], --in-place[=SUFFIX]  edit files in place, keeping a backup\n                          FILE+SUFFIX when a SUFFIX is given (* in SUFFIX\n                          stands for the file name)\n  -s, --separate          treat files as separate streams\n  -z, --null-data         lines end with a NUL byte, not a newline\n  -l, --line-length=N     wrap l output at N characters (0: never)\n      --posix, -u, --follow-symlinks, --debug  accepted\nAddresses: N, $, /RE/ and \\%RE% (flags I and M), FIRST~STEP, ADDR1,ADDR2,\nADDR,+N, ADDR,~N, 0,/RE/; ADDR! negates.\nCommands: s/RE/REPL/[gpNiImMw FILE] y/SRC/DST/ a i c (a TEXT or a\\ + lines)\nd D p P n N g G h H x b t T :LABEL = l q Q [CODE] r R w W FILE F z { } #.\nExit status: 0, 1 for an invalid script, 2 when an input file is missing,\n4 for an I/O error, or the CODE of q/Q.\n", 1}),
		differs("moonix's usage text lists its own options", cmdCase{[]string{`sed`, `--bogus`, `p`}, "", "", "sed: unrecognized option '--bogus'\nUsage: sed [OPTION]... {SCRIPT | -e SCRIPT | -f FILE}... [FILE]...\nRun an editing SCRIPT over each line of the FILEs (standard input if none).\n\n  -n, --quiet, --silent   do not print the pattern space at the end of a cycle\n  -e, --expression=SCRIPT add SCRIPT to the commands (repeatable)\n  -f, --file=FILE         add the contents of FILE to the commands\n  -E, -r, --regexp-extended  use extended regular expressions\n  -i[SUFFIX], --in-place[=SUFFIX]  edit files in place, keeping a backup\n                          FILE+SUFFIX when a SUFFIX is given (* in SUFFIX\n                          stands for the file name)\n  -s, --separate          treat files as separate streams\n  -z, --null-data         lines end with a NUL byte, not a newline\n  -l, --line-length=N     wrap l output at N characters (0: never)\n      --posix, -u, --follow-symlinks, --debug  accepted\nAddresses: N, $, /RE/ and \\%RE% (flags I and M), FIRST~STEP, ADDR1,ADDR2,\nADDR,+N, ADDR,~N, 0,/RE/; ADDR! negates.\nCommands: s/RE/REPL/[gpNiImMw FILE] y/SRC/DST/ a i c (a TEXT or a\\ + lines)\nd D p P n N g G h H x b t T :LABEL = l q Q [CODE] r R w W FILE F z { } #.\nExit status: 0, 1 for an invalid script, 2 when an input file is missing,\n4 for an I/O error, or the CODE of q/Q.\n", 1}),
		{[]string{`sed`, `-e`, `a\\`, `-e`, `foo`, `h.txt`}, "", "", "sed: -e expression #2, char 1: unknown command: `f'\n", 1},
		{[]string{`sed`, `$!N;P;D`}, "1\n2\n3\n", "1\n2\n3\n", "", 0},
		{[]string{`sed`, `N`}, "1\n2\n3\n", "1\n2\n3\n", "", 0},
		{[]string{`sed`, `n;s/./X/`}, "1\n2\n3\n", "1\nX\n3\n", "", 0},
		{[]string{`sed`, `-n`, `N;l`}, "1\n2\n3\n", "1\\n2$\n", "", 0},
		{[]string{`sed`, `s/^/>/Mg;s/$/</M`}, `x`, `>x<`, "", 0},
		{[]string{`sed`, `N;s/^/>/Mg;s/$/</Mg`}, "a\nb\n", ">a<\n>b<\n", "", 0},
		{[]string{`sed`, `N;s/a.b/X/`}, "a\nb\n", "X\n", "", 0},
		{[]string{`sed`, `N;s/a[^x]b/X/`}, "a\nb\n", "X\n", "", 0},
		{[]string{`sed`, `-n`, `/A/I{s//[&]/p}`}, "a\n", "[a]\n", "", 0},
		{[]string{`sed`, `c\\`}, "a\nb\n", "\n\n", "", 0},
		{[]string{`sed`, `$c last`}, "a\nb", "a\nlast\n", "", 0},
		{[]string{`sed`, `2i\\`}, "a\nb\n", "a\n\nb\n", "", 0},
		{[]string{`sed`, `a \\  x`}, "a\n", "a\n  x\n", "", 0},
		{[]string{`sed`, `a\\  x`}, "a\n", "a\n  x\n", "", 0},
		{[]string{`sed`, `1{a foo\n}`}, "a\nb\n", "", "sed: -e expression #1, char 0: unmatched `{'\n", 1},
		{[]string{`sed`, `-n`, `/a/{n;p}`}, "a\nb\nc\na\n", "b\n", "", 0},
		{[]string{`sed`, `y/abc/\n\t\\/`}, "abc\n", "\n\t\\\n", "", 0},
		{[]string{`sed`, `s/a/\\\n/`}, "xay\n", "x\\\ny\n", "", 0},
		{[]string{`sed`, `s/a/b/;#c\ns/b/c/`}, "a\n", "b\n", "", 0},
		{[]string{`sed`, `-n`, `/x/{;p;}`}, "x\n", "x\n", "", 0},
		{[]string{`sed`, `1,3{/2/d}`}, "1\n2\n3\n4\n", "1\n3\n4\n", "", 0},
		{[]string{`sed`, `-n`, `1!{$!p}`}, "1\n2\n3\n", "2\n", "", 0},
		{[]string{`sed`, `/^$/d`}, "a\n\nb\n\n", "a\nb\n", "", 0},
		{[]string{`sed`, `-E`, `s/^[[:space:]]+|[[:space:]]+$//g`}, "  a b  \n", "a b\n", "", 0},
		{[]string{`sed`, `s/\s\+$//`}, "a b  \n", "a b\n", "", 0},
		{[]string{`sed`, `-n`, `/start/,/end/{//!p}`}, "x\nstart\n1\n2\nend\ny\n", "1\n2\n", "", 0},
		{[]string{`sed`, `s/[/]/X/`}, "a/b\n", "aXb\n", "", 0},
		{[]string{`sed`, `s/a\|b/X/g`}, "abc\n", "XXc\n", "", 0},
		{[]string{`sed`, `-E`, `s/a|b/X/g`}, "abc\n", "XXc\n", "", 0},
		{[]string{`sed`, `s/\./!/g`}, "a.b.c\n", "a!b!c\n", "", 0},
		{[]string{`sed`, `s/.\{3\}/&\n/g`}, "abcdefgh\n", "abc\ndef\ngh\n", "", 0},
		{[]string{`sed`, `-z`, `N;s/\x00/+/`}, "", "", "", 0},
		{[]string{`sed`, `s/x/\x41/`}, "x\n", "A\n", "", 0},
		{[]string{`sed`, `s/\x41/y/`}, "A\n", "y\n", "", 0},
		{[]string{`sed`, `s/\o101\d066/y/`}, "AB\n", "y\n", "", 0},
		{[]string{`sed`, `=;=`}, "a\n", "1\n1\na\n", "", 0},
		{[]string{`sed`, `-n`, `$=`}, "", "", "", 0},
		{[]string{`sed`, `p`}, "", "", "", 0},
		{[]string{`sed`, `-s`, `=`, `h.txt`, `noeol`}, "", "1\nhello world\n2\nfoo bar\n1\na\n2\nb", "", 0},
		{[]string{`sed`, `$=`, `noeol`, `h.txt`}, "", "a\nb\nhello world\n4\nfoo bar\n", "", 0},
		{[]string{`sed`, `-n`, `/b/=`, `noeol`}, "", "2\n", "", 0},
		{[]string{`sed`, `-n`, `2{p;q};$p`}, "1\n2\n3\n", "2\n", "", 0},
		{[]string{`sed`, `1~0p`}, "1\n2\n", "1\n1\n2\n", "", 0},
		{[]string{`sed`, `-n`, `2,4{4!p}`}, "1\n2\n3\n4\n5\n", "2\n3\n", "", 0},
		{[]string{`sed`, `-n`, `/2/,3p;/2/,+2p`}, "1\n2\n3\n4\n5\n", "2\n2\n3\n3\n4\n", "", 0},
		{[]string{`sed`, `s/./(&)/3g`}, "abcdef\n", "ab(c)(d)(e)(f)\n", "", 0},
		{[]string{`sed`, `s/\(b\)\(c\)/\2\1/`}, "abcd\n", "acbd\n", "", 0},
		{[]string{`sed`, `s/b/\\/`}, "abc\n", "a\\c\n", "", 0},
		{[]string{`sed`, `s/b/a\&b/`}, "abc\n", "aa&bc\n", "", 0},
		{[]string{`sed`, `s&b&x\&y&`}, "abc\n", "ax&yc\n", "", 0},
		{[]string{`sed`, `D`}, "a\nb\n", "", "", 0},
		{[]string{`sed`, `-n`, `x;p`}, "a\nb\n", "\na\n", "", 0},
		{[]string{`sed`, `-n`, `H;${x;s/\n/,/g;p}`}, "a\nb\nc\n", ",a,b,c\n", "", 0},
		{[]string{`sed`, `-n`, `h;G;p`}, "a\n", "a\na\n", "", 0},
		{[]string{`sed`, `-e`, `1{`, `-e`, `s/a/X/`, `-e`, `}`}, "a\n", "X\n", "", 0},
		{[]string{`sed`, `-E`, `s/(x)?y/[\1]/`}, "y\n", "[]\n", "", 0},
		{[]string{`sed`, `-E`, `s/()/X/`}, "y\n", "Xy\n", "", 0},
		{[]string{`sed`, `-E`, `s/a{,2}/X/`}, "aaa\n", "Xa\n", "", 0},
		{[]string{`sed`, `s/a\{,2\}/X/`}, "aaa\n", "Xa\n", "", 0},
		{[]string{`sed`, `s/[a-c]\{2,\}/X/g`}, "aabcxab\n", "XxX\n", "", 0},
		{[]string{`sed`, `-E`, `s/^(.)(.*)\1$/match/`}, "abca\nabcd\n", "match\nabcd\n", "", 0},
		// a range N,ADDR whose line N was deleted (or read by n) starts on
		// the next line it sees, unless ADDR is a line already passed
		{[]string{`sed`, `-n`, `1d;1,3p`}, "1\n2\n3\n4\n", "2\n3\n", "", 0},
		{[]string{`sed`, `-n`, `1d;1,/c/p`}, "a\nb\nc\nd\n", "b\nc\n", "", 0},
		{[]string{`sed`, `-n`, `1d;1,+1p`}, "a\nb\nc\nd\n", "b\nc\n", "", 0},
		{[]string{`sed`, `-n`, `2d;2,~4p`}, "a\nb\nc\nd\ne\n", "c\nd\n", "", 0},
		{[]string{`sed`, `-n`, `2,3d;2,/./p`}, "a\nb\nc\nd\ne\n", "d\ne\n", "", 0},
		{[]string{`sed`, `-n`, `2d;2,$p`}, "a\nb\nc\n", "c\n", "", 0},
		{[]string{`sed`, `-n`, `2d;2,3!p`}, "a\nb\nc\nd\n", "a\nd\n", "", 0},
		{[]string{`sed`, `-n`, `2d;2,3p`}, "a\nb\nc\nd\n", "c\n", "", 0},
		{[]string{`sed`, `-n`, `1,2d;1,2p`}, "a\nb\nc\nd\n", "", "", 0},
		{[]string{`sed`, `-n`, `$!N;1,2p`}, "a\nb\nc\nd\n", "a\nb\n", "", 0},
		{[]string{`sed`, `-n`, `3d;2,3p;4p`}, "a\nb\nc\nd\n", "b\nd\n", "", 0},
		{[]string{`sed`, `-n`, `/x/{1,3p}`}, "a\nx\nc\nx\n", "x\n", "", 0},
		{[]string{`sed`, `1d;0,/b/d`}, "a\nb\nc\n", "c\n", "", 0},
		// labels end at white space or ; (which end the command) and at } or #
		{[]string{`sed`, `: a;s/x/y/;t a`}, "xxx\n", "yyy\n", "", 0},
		{[]string{`sed`, `-n`, `/x/{: a;s/x/y/;t a;p}`}, "xxx\n", "yyy\n", "", 0},
		{[]string{`sed`, `-n`, `/a/{b end};p;:end`}, "a\nb\n", "b\n", "", 0},
		{[]string{`sed`, `-n`, `$!{b nl};p;:nl`}, "a\nb\n", "b\n", "", 0},
		{[]string{`sed`, `-n`, `/a/b end; p; :end`}, "a\nb\n", "b\n", "", 0},
		{[]string{`sed`, `b end ; s/a/X/; :end`}, "a\n", "a\n", "", 0},
		{[]string{`sed`, `-n`, `:a p`}, "a\n", "a\n", "", 0},
		{[]string{`sed`, `-n`, `:a#p`}, "a\n", "", "", 0},
		{[]string{`sed`, `-n`, `:a{;p`}, "a\n", "a\n", "", 0},
		{[]string{`sed`, "t  x;s/a/X/;:x"}, "a\nb\n", "X\nb\n", "", 0},
		{[]string{`sed`, `s/a/X/;T;s/./Y/`}, "a\nb\n", "Y\nb\n", "", 0},
		{[]string{`sed`, `-n`, `v 4.2;p`}, "a\n", "a\n", "", 0},
		{[]string{`sed`, `:my label;p`}, "a\n", "", "sed: -e expression #1, char 6: extra characters after command\n", 1},
		{[]string{`sed`, `b a{;:a`}, "a\n", "", "sed: can't find label for jump to `a{'\n", 4},
		{[]string{`sed`, `b a}`}, "a\n", "", "sed: -e expression #1, char 4: unexpected `}'\n", 1},
		{[]string{`sed`, `:;p`}, "a\n", "", "sed: -e expression #1, char 1: \":\" lacks a label\n", 1},
		{[]string{`sed`, `: `}, "a\n", "", "sed: -e expression #1, char 2: \":\" lacks a label\n", 1},
		{[]string{`sed`, `-z`, `=`}, "a\x00b\x00", "1\x00a\x002\x00b\x00", "", 0},
		{[]string{`sed`, `-z`, `a foo`}, "a\x00", "a\x00foo\n", "", 0},
		{[]string{`sed`, `-z`, `-n`, `l`}, "a\x00", "a$\x00", "", 0},
		{[]string{`sed`, `-z`, "i\\\nfoo"}, "a\x00", "foo\x00a\x00", "", 0},
		{[]string{`sed`, `-z`, `$!N;s/\x00/+/`}, "a\x00b\x00", "a+b\x00", "", 0},
	} {
		tc.run(t, sedFixture(t))
	}
}

func TestSedFiles(t *testing.T) {
	t.Parallel()
	type file struct{ name, content string }
	for _, tc := range []struct {
		name   string
		args   []string
		out    string
		err    string
		status int
		files  []file // expected contents afterwards ("" content: must not exist)
	}{
		{"in place", []string{"sed", "-i", "s/o/0/", "n.txt"}, "", "", 0,
			[]file{{"n.txt", "0ne\ntw0\nthree\nf0ur\nfive\n"}}},
		{"in place backup", []string{"sed", "-i.bak", "2d", "n.txt", "h.txt"}, "", "", 0,
			[]file{{"n.txt", "one\nthree\nfour\nfive\n"}, {"n.txt.bak", "one\ntwo\nthree\nfour\nfive\n"}, {"h.txt", "hello world\n"}, {"h.txt.bak", "hello world\nfoo bar\n"}}},
		{"in place long", []string{"sed", "--in-place=.orig", "-e", "1d", "h.txt"}, "", "", 0,
			[]file{{"h.txt", "foo bar\n"}, {"h.txt.orig", "hello world\nfoo bar\n"}}},
		{"in place star", []string{"sed", "-i", "-e", "$d", "--in-place=old_*", "h.txt"}, "", "", 0,
			[]file{{"h.txt", "hello world\n"}, {"old_h.txt", "hello world\nfoo bar\n"}}},
		{"in place cluster", []string{"sed", "-ni.b", "1p", "h.txt"}, "", "", 0,
			[]file{{"h.txt", "hello world\n"}, {"h.txt.b", "hello world\nfoo bar\n"}}},
		{"in place quit truncates", []string{"sed", "-i", "2q", "n.txt"}, "", "", 0,
			[]file{{"n.txt", "one\ntwo\n"}}},
		{"in place stdout", []string{"sed", "-n", "-i", "p;1w /dev/stdout", "h.txt"}, "hello world\n", "", 0,
			[]file{{"h.txt", "hello world\nfoo bar\n"}}},
		{"in place separate", []string{"sed", "-i", "$s/$/!/;1F", "h.txt", "noeol"}, "", "", 0,
			[]file{{"h.txt", "h.txt\nhello world\nfoo bar!\n"}, {"noeol", "noeol\na\nb!"}}},
		{"in place symlink", []string{"sed", "-i", "s/x/X/", "link"}, "", "", 0,
			[]file{{"link", "X\ny\n"}, {"r.txt", "x\ny\n"}}},
		{"in place missing", []string{"sed", "-i", "p", "nope", "h.txt"}, "", "sed: can't read nope: No such file or directory\n", 2,
			[]file{{"h.txt", "hello world\nhello world\nfoo bar\nfoo bar\n"}}},
		{"in place dir", []string{"sed", "-i", "p", "d"}, "", "sed: couldn't edit d: not a regular file\n", 4, nil},
		{"in place no files", []string{"sed", "-i", "p"}, "", "sed: no input files\n", 4, nil},
		{"w file", []string{"sed", "-n", "/o/w out.txt", "n.txt"}, "", "", 0,
			[]file{{"out.txt", "one\ntwo\nfour\n"}}},
		{"w file created even unused", []string{"sed", "-n", "/zzz/w out.txt", "n.txt"}, "", "", 0,
			[]file{{"out.txt", ""}}},
		{"s w file", []string{"sed", "s/e/E/w out.txt", "h.txt"}, "hEllo world\nfoo bar\n", "", 0,
			[]file{{"out.txt", "hEllo world\n"}}},
		{"W file", []string{"sed", "-n", "N;W out.txt", "n.txt"}, "", "", 0,
			[]file{{"out.txt", "one\nthree\n"}}},
		{"w stderr", []string{"sed", "-n", "1w /dev/stderr", "h.txt"}, "", "hello world\n", 0, nil},
		{"dir operand", []string{"sed", "p", "d", "h.txt"}, "", "sed: read error on d: Is a directory\n", 4, nil},
		{"expression option", []string{"sed", "--expression=1d", "--quiet", "-e", "p", "h.txt"}, "foo bar\n", "", 0, nil},
		{"script file and expression", []string{"sed", "-e", "1i top", "-f", "s.sed", "-e", "$a end", "n.txt"}, "top\n0ne\nthree\nf0ur\nfive\nend\n", "", 0, nil},
		{"hash n only first", []string{"sed", "-e", "p", "-e", "#n", "h.txt"}, "hello world\nhello world\nfoo bar\nfoo bar\n", "", 0, nil},
		{"silent", []string{"sed", "--silent", "1p", "h.txt"}, "hello world\n", "", 0, nil},
		{"unsupported e", []string{"sed", "e ls", "h.txt"}, "", "sed: -e expression #1, char 1: e: running commands is not supported\n", 1, nil},
		{"script file error", []string{"sed", "-f", "bad.sed", "h.txt"}, "", "sed: file bad.sed line 2: unknown command: `k'\n", 1, nil},
		{"separate files restart ranges", []string{"sed", "-s", "-n", "/o/,/zz/p;1d;1,2p", "h.txt", "n.txt"}, "hello world\nfoo bar\nfoo bar\none\ntwo\ntwo\nthree\nfour\nfive\n", "", 0, nil},
		{"in place restarts ranges", []string{"sed", "-i", "1d;1,2s/^/>/", "h.txt", "n.txt"}, "", "", 0,
			[]file{{"h.txt", ">foo bar\n"}, {"n.txt", ">two\nthree\nfour\nfive\n"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fsys := sedFixture(t)
			writeFile(t, fsys, "/work/bad.sed", "p\nk\n")
			if err := fsys.Mkdir("/work/d", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := fsys.Symlink("r.txt", "/work/link"); err != nil {
				t.Fatal(err)
			}
			cc := cmdCase{Args: tc.args, Out: tc.out, Err: tc.err, Status: tc.status}
			if tc.name == "unsupported e" {
				cc = differs("sed's e runs no commands", cc)
			}
			cc.run(t, fsys)
			for _, f := range tc.files {
				data, err := vfs.ReadFile(fsys, "/work/"+f.name)
				if err != nil || string(data) != f.content {
					t.Errorf("%s: got (%q, %v), want %q", f.name, data, err, f.content)
				}
			}
		})
	}
}

func TestSedSymlinkReplaced(t *testing.T) {
	t.Parallel()
	fsys := sedFixture(t)
	if err := fsys.Symlink("r.txt", "/work/link"); err != nil {
		t.Fatal(err)
	}
	if _, _, status := runCmd(t, fsys, "", "sed", "-i", "s/x/X/", "link"); status != 0 {
		t.Fatal(status)
	}
	info, err := fsys.Lstat("/work/link")
	if err != nil || !info.Mode().IsRegular() {
		t.Errorf("link is %v, %v; want a regular file", info, err)
	}
}

// TestSedSubstituteBytes covers s/// on the inputs where its literal path
// (a pattern that is only a literal, found with strings.Index) and the
// replacement's copy could part from GNU's: every occurrence and the nth,
// overlapping candidates, escaped metacharacters, invalid UTF-8 and
// multi-byte characters in the pattern, the line and the replacement,
// NUL bytes, case conversion, empty lines and input, a last line without
// a newline, a long line. The expectations are GNU sed's (LC_ALL=C).
// (A pattern holding an invalid byte is left out: the regex translation
// reads it as U+FFFD, which matches any invalid byte.)
func TestSedSubstituteBytes(t *testing.T) {
	t.Parallel()
	in := "aaa caf\xc3\xa9 \xff\xfe a.b\nx\x00a\x00y\n\naXa\nno final a"
	long := strings.Repeat("ab", 100000)
	runCasesFresh(t, nil, []cmdCase{
		{[]string{"sed", "s/a/<&>/g"}, in, "<a><a><a> c<a>f\xc3\xa9 \xff\xfe <a>.b\nx\x00<a>\x00y\n\n<a>X<a>\nno fin<a>l <a>", "", 0},
		{[]string{"sed", "s/a/b/2"}, in, "aba caf\xc3\xa9 \xff\xfe a.b\nx\x00a\x00y\n\naXb\nno final b", "", 0},
		{[]string{"sed", "s/a/b/3g"}, in, "aab cbf\xc3\xa9 \xff\xfe b.b\nx\x00a\x00y\n\naXa\nno final a", "", 0},
		{[]string{"sed", "s/aa/X/g"}, in, "Xa caf\xc3\xa9 \xff\xfe a.b\nx\x00a\x00y\n\naXa\nno final a", "", 0},
		{[]string{"sed", "s/a\\.b/[&]/"}, in, "aaa caf\xc3\xa9 \xff\xfe [a.b]\nx\x00a\x00y\n\naXa\nno final a", "", 0},
		{[]string{"sed", "s/\xc3\xa9/E/"}, in, "aaa cafE \xff\xfe a.b\nx\x00a\x00y\n\naXa\nno final a", "", 0},
		{[]string{"sed", "s/a/\\U&x/g"}, in, "AXAXAX cAXf\xc3\xa9 \xff\xfe AX.b\nx\x00AX\x00y\n\nAXXAX\nno finAXl AX", "", 0},
		{[]string{"sed", "s/\\(a\\)X/\\1\xff\\1/"}, in, "aaa caf\xc3\xa9 \xff\xfe a.b\nx\x00a\x00y\n\na\xffaa\nno final a", "", 0},
		{[]string{"sed", "s/caf/\\u&/"}, in, "aaa Caf\xc3\xa9 \xff\xfe a.b\nx\x00a\x00y\n\naXa\nno final a", "", 0},
		{[]string{"sed", "s/a/\\n/g"}, in, "\n\n\n c\nf\xc3\xa9 \xff\xfe \n.b\nx\x00\n\x00y\n\n\nX\n\nno fin\nl \n", "", 0},
		{[]string{"sed", "-n", "s/a/A/gp"}, in, "AAA cAf\xc3\xa9 \xff\xfe A.b\nx\x00A\x00y\nAXA\nno finAl A", "", 0},
		{[]string{"sed", "s/zzz/Q/g"}, in, "aaa caf\xc3\xa9 \xff\xfe a.b\nx\x00a\x00y\n\naXa\nno final a", "", 0},
		{[]string{"sed", "-E", "s/a|b/_/g"}, in, "___ c_f\xc3\xa9 \xff\xfe _._\nx\x00_\x00y\n\n_X_\nno fin_l _", "", 0},
		{[]string{"sed", "s/a/A/g"}, "", "", "", 0},
		{[]string{"sed", "s/b/c/g"}, long, strings.Repeat("ac", 100000), "", 0},
	})
}

// TestSedBounds: a script whose pattern or hold space grows without end
// stops at the memory limit, saying so, and one that loops without
// reading stops when it is canceled.
func TestSedBounds(t *testing.T) {
	t.Parallel()
	limit := func(c *builtins.Call) { c.MemLimit = 4 << 20 }
	oom := "moonix: sed: out of memory (limit 4 MiB)\n"
	for _, script := range []string{
		":a;s/.*/&&/;ta",
		":a;s/x/xx/g;ta",
		"h;:a;G;ba",
		":a;H;x;ba",
		"s/.*/&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&/",
	} {
		out, errs, status := runSetup(t, testTree(t), limit, strings.Repeat("x", 1<<16)+"\n", "sed", script)
		if out != "" || errs != oom || status != 1 {
			t.Errorf("sed %q: got (%d bytes, %q, %d), want (0 bytes, %q, 1)", script, len(out), errs, status, oom)
		}
	}
	// within the limit, the same scripts end as they do without one
	out, errs, status := runSetup(t, testTree(t), limit, "x\n", "sed", ":a;s/x/xx/;/x\\{100\\}/q;ta")
	if out != strings.Repeat("x", 100)+"\n" || errs != "" || status != 0 {
		t.Errorf("got (%q, %q, %d)", out, errs, status)
	}
	for _, script := range []string{":a;ba", ":a;s/x/x/;ta", ":a;Tb;:b;Ta", "H;x;P;D"} {
		runCanceled(t, func(c *builtins.Call) { c.Stdin = strings.NewReader("x\n") }, "sed", script)
	}
}
