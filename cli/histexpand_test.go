package cli

import (
	"strings"
	"testing"
)

// TestExpandHistory checks history expansion against what bash 5.2 does
// at an interactive prompt with the same history (the cases were typed
// into bash).
func TestExpandHistory(t *testing.T) {
	t.Parallel()
	hist := []string{
		"echo one two",
		"ls -l /etc/passwd | wc -l",
		"cp /x/y.txt /tmp",
		"echo a b c",
	}
	for _, tc := range []struct {
		line, want string
		err        string // the error, when it fails
		print      bool
	}{
		{line: "!!", want: "echo a b c"},
		{line: "!! | cat", want: "echo a b c | cat"},
		{line: "!1", want: "echo one two"},
		{line: "!-1", want: "echo a b c"},
		{line: "!-3", want: "ls -l /etc/passwd | wc -l"},
		{line: "!ls", want: "ls -l /etc/passwd | wc -l"},
		{line: "!ec", want: "echo a b c"},
		{line: "!ec;!cp", want: "echo a b c;cp /x/y.txt /tmp"},
		{line: "!?passwd?", want: "ls -l /etc/passwd | wc -l"},
		{line: "!?passwd", want: "ls -l /etc/passwd | wc -l"},
		{line: "echo !$", want: "echo c"},
		{line: "echo !^", want: "echo a"},
		{line: "echo !*", want: "echo a b c"},
		{line: "echo !!:2 !!:1-2 !-1:$", want: "echo b a b c"},
		{line: "echo !!:0", want: "echo echo"},
		{line: "echo !2:3", want: "echo |"},
		{line: "echo !2:2*", want: "echo /etc/passwd | wc -l"},
		{line: "echo !2:1-", want: "echo -l /etc/passwd | wc"},
		{line: "echo !cp:1:h !cp:1:t !cp:1:r !cp:1:e", want: "echo /x y.txt /x/y .txt"},
		{line: "!!:s/a/Q/", want: "echo Q b c"},
		{line: "!1:gs/o/0/", want: "ech0 0ne tw0"},
		{line: "!!:p", want: "echo a b c", print: true},
		{line: "^b^X", want: "echo a X c"},
		{line: "^b^X^ d", want: "echo a X c d"},
		{line: "echo !#", want: "echo echo "},

		// Left alone.
		{line: "echo hi!", want: "echo hi!"},
		{line: "echo '!!'", want: "echo '!!'"},
		{line: `echo \!!`, want: `echo \!!`},
		{line: "[ ! -e f ] && echo x!=y", want: "[ ! -e f ] && echo x!=y"},
		{line: "echo ${!BASH*} $! [!a]*", want: "echo ${!BASH*} $! [!a]*"},
		{line: `echo "hi!" '!x' !( x`, want: `echo "hi!" '!x' !( x`},
		{line: "#!/bin/sh", want: "#!/bin/sh"},
		{line: "echo a #!!", want: "echo a #!!"},
		{line: `echo "'!!'"`, want: `echo "'echo a b c'"`}, // single quotes do not protect in double quotes

		// Errors, worded as bash's.
		{line: "!foo", err: "!foo: event not found"},
		{line: "echo !-9", err: "!-9: event not found"},
		{line: "!99", err: "!99: event not found"},
		{line: "!?nothing?", err: "!?nothing?: event not found"},
		{line: "echo !!:5", err: ":5: bad word specifier"},
		{line: "echo !!:z", err: "z: unrecognized history modifier"},
		{line: "!!:s/zz/y/", err: ":s/zz/y/: substitution failed"},
		{line: "^zz^y", err: ":s^zz^y: substitution failed"},
	} {
		got, err := expandHistory(tc.line, hist)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: %v (%q), want the error %q", tc.line, err, got.line, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v, want %q", tc.line, err, tc.want)
		case got.line != tc.want || got.print != tc.print || got.changed != (tc.want != tc.line):
			t.Errorf("%q: %q (changed %v, print %v), want %q (print %v)", tc.line, got.line, got.changed, got.print, tc.want, tc.print)
		}
	}
	if _, err := expandHistory("!!", nil); err == nil || err.Error() != "!!: event not found" {
		t.Errorf("!! with no history: %v", err)
	}
}

// TestHistoryWords splits entries as bash's history does.
func TestHistoryWords(t *testing.T) {
	t.Parallel()
	for line, want := range map[string]string{
		`echo "a b" 'c d' e\ f`:    `echo|"a b"|'c d'|e\ f`,
		"ls -l|wc -l&&echo ok":     "ls|-l|||wc|-l|&&|echo|ok",
		"cat <in >>out 2>&1; echo": "cat|<|in|>>|out|2|>&|1|;|echo",
		"echo $(date) `id` (a)":    "echo|$(date)|`id`|(|a|)",
		"  spaced\tout  ":          "spaced|out",
		`echo "unterminated quote`: `echo|"unterminated quote`,
	} {
		if got := strings.Join(historyWords(line), "|"); got != want {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
}

// FuzzExpandHistory: no line makes history expansion panic or loop.
func FuzzExpandHistory(f *testing.F) {
	for _, s := range []string{"!!", "!-1:$:h", "^a^b^", "echo !?x", "!!:s/a/b", "!1:2-", "!:", "!!:gs", `"!x" '!y' \!z`, "!$!^!*", "!#:0"} {
		f.Add(s)
	}
	hist := []string{"echo one two", "ls -l /a/b.c | wc", `printf '%s\n' "$(date)"`}
	f.Fuzz(func(t *testing.T, line string) {
		expandHistory(line, hist)
		expandHistory(line, nil)
		historyWords(line)
		unquoteWord(line)
		parseFc(strings.Fields(line))
	})
}
