package conformance

import (
	"strings"
	"testing"
	"time"
)

func TestPyRepr(t *testing.T) {
	t.Parallel()
	// Outputs of Python 2.7's repr() for these byte strings.
	for _, tc := range []struct{ in, want string }{
		{"", `''`},
		{"a", `'a'`},
		{"it's", `"it's"`},
		{`say "hi"`, `'say "hi"'`},
		{`it's "x"`, `'it\'s "x"'`},
		{`back\slash`, `'back\\slash'`},
		{"\t\n\r", `'\t\n\r'`},
		{"\x00\x01\x1b\x7f", `'\x00\x01\x1b\x7f'`},
		{"\u03bc", `'\xce\xbc'`},
		{"\xff", `'\xff'`},
		{"\v\f", `'\x0b\x0c'`},
	} {
		if got := PyRepr(tc.in); got != tc.want {
			t.Errorf("PyRepr(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	if got, want := PyListRepr([]string{"a", "it's", "\u03bc"}), `['a', "it's", '\xce\xbc']`; got != want {
		t.Errorf("PyListRepr = %s, want %s", got, want)
	}
	if got := PyListRepr(nil); got != "[]" {
		t.Errorf("PyListRepr(nil) = %s", got)
	}
}

func TestPyUnquote(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{`"ab\ncd\n "`, "ab\ncd\n "},
		{`"\xce\xce"`, "\xce\xce"},
		{`'argv.py -\t-'`, "argv.py -\t-"},
		{`"\v\f\r\a\b\0\101"`, "\v\f\r\a\b\x00A"},
		{`"\q\\\""`, `\q\"`},
	} {
		if got := PyUnquote(tc.in); got != tc.want {
			t.Errorf("PyUnquote(%s) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func run(t *testing.T, script string) Result {
	t.Helper()
	res := Run(script+"\n", Options{Timeout: 10 * time.Second})
	if res.TimedOut || res.Panic != "" {
		t.Fatalf("script %q: timed out or panicked: %+v", script, res)
	}
	return res
}

// TestSandbox checks what the cases rely on: helpers by name and by path,
// the working directory, $TMP, $SH, and the script on standard input.
func TestSandbox(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script   string
		stdout, stderr string
		status         int
		stderrHas      string // instead of the whole of stderr
	}{
		{name: "argv", script: `argv.py a "it's" $'\xce\xbc' ''`, stdout: `['a', "it's", '\xce\xbc', '']` + "\n"},
		{name: "argv by path", script: `$REPO_ROOT/spec/bin/argv.py x`, stdout: "['x']\n"},
		{name: "printenv", script: "export FOO=bar\nEMPTY= printenv.py FOO EMPTY NOPE", stdout: "bar\n\nNone\n"},
		{name: "stdout_stderr defaults", script: "stdout_stderr.py", stdout: "STDOUT\n", stderr: "STDERR\n"},
		{name: "stdout_stderr args", script: "stdout_stderr.py o e 3", stdout: "o\n", stderr: "e\n", status: 3},
		{name: "stdout_stderr order", script: "stdout_stderr.py 2>&1", stdout: "STDERR\nSTDOUT\n"},
		{name: "read_from_fd stdin", script: "echo hi | read_from_fd.py 0", stdout: "0: hi\n"},
		{name: "read_from_fd other", script: "read_from_fd.py 3", status: 1, stderr: "FATAL: Error reading from fd 3: [Errno 9] Bad file descriptor\n"},
		{name: "python2 print", script: `python2 -c 'print "a\tb"'`, stdout: "a\tb\n"},
		{name: "python2 repr", script: `python2 -c 'import sys; print repr(sys.argv[1])' $'\xff'`, stdout: `'\xff'` + "\n"},
		{name: "python2 format", script: `python2 -c 'print("x %s" % ("ab" * 3))'`, stdout: "x ababab\n"},
		{name: "python2 other", script: `python2 -c 'import os'`, status: 2, stderrHas: "python2: "},
		{name: "escaped = in a command name", script: `foo\=bar`, stdout: "HI\n"},
		{name: "cwd is TMP and empty", script: `test "$PWD" = "$TMP" && echo * && : >$TMP/x && echo *`, stdout: "*\nx\n"},
		{name: "nested shell", script: `$SH -c 'echo "$0 $1"' zero one`, stdout: "zero one\n"},
		{name: "script on stdin", script: "read line\nthe next line\necho \"$line\"", stdout: "the next line\n"},
		{name: "status", script: "false", status: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := run(t, tc.script)
			stderrOK := res.Stderr == tc.stderr
			if tc.stderrHas != "" {
				stderrOK = strings.Contains(res.Stderr, tc.stderrHas)
			}
			if res.Stdout != tc.stdout || !stderrOK || res.Status != tc.status {
				t.Errorf("got status=%d stdout=%q stderr=%q\nwant status=%d stdout=%q stderr=%q",
					res.Status, res.Stdout, res.Stderr, tc.status, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestRunTmpSubdir(t *testing.T) {
	t.Parallel()
	res := Run("echo *\n", Options{TmpSubdir: true})
	if res.Stdout != "_tmp\n" {
		t.Errorf("got %q", res.Stdout)
	}
}

// TestRunTimeout: a script that never ends is stopped, and Run returns.
func TestRunTimeout(t *testing.T) {
	t.Parallel()
	start := time.Now()
	res := Run("echo start\nwhile true; do :; done\n", Options{Timeout: 300 * time.Millisecond})
	if !res.TimedOut {
		t.Errorf("not timed out: %+v", res)
	}
	if res.Stdout != "start\n" {
		t.Errorf("stdout = %q", res.Stdout)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}
