package shell

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// syncBuffer is a buffer safe for the concurrent writes of pipelines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newTestSession(t *testing.T, stdin string) (*Session, *syncBuffer) {
	t.Helper()
	out := &syncBuffer{}
	s, err := New(Config{Stdin: strings.NewReader(stdin), Stdout: out, Stderr: out})
	if err != nil {
		t.Fatal(err)
	}
	return s, out
}

// run runs a -c style program and returns its merged output and final status.
func run(t *testing.T, script string) (string, int) {
	t.Helper()
	return runConfig(t, Config{Stdin: strings.NewReader("")}, script)
}

// runConfig runs a -c style program in a session configured by cfg, with
// the output merged, and returns it and the final status.
func runConfig(t *testing.T, cfg Config, script string) (string, int) {
	t.Helper()
	out := &syncBuffer{}
	cfg.Stdout, cfg.Stderr = out, out
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s.Run(ctx, script, "moonix")
	status := s.Exit(ctx)
	return out.String(), status
}

func TestScripts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script, want string
		status             int
	}{
		{"echo", "echo hello", "hello\n", 0},
		{"defaults", `echo $HOME $USER $LOGNAME $PATH $PWD $HOSTNAME $TMPDIR $UID $EUID $GID`,
			"/work user user /bin:/usr/bin /work moonix /tmp 1000 1000 1000\n", 0},
		{"arg0", `echo $0 ${0} "${0}x" ${#0}; f() { echo $0; }; f`, "moonix moonix moonixx 6\nmoonix\n", 0},
		{"not found", "nosuchcommand; echo $?", "moonix: nosuchcommand: command not found\n127\n", 0},
		{"not found by path", "./nope; echo $?", "moonix: ./nope: No such file or directory\n127\n", 0},
		{"relative PATH entry", `mkdir bin; printf 'echo "$0" ran\n' > bin/foo; chmod +x bin/foo; PATH=bin:$PATH; foo; echo $?`, "bin/foo ran\n0\n", 0},
		{"exit status", "exit 3", "", 3},
		{"syntax error", "echo a; if", "moonix: moonix:1:9: `if` must be followed by a statement list\n", 2},
		{"procsubst", "echo before; cat <(echo x)", "moonix: process substitution is not supported in moonix\n", 2},
		{"procsubst out", "echo x > >(cat)", "moonix: process substitution is not supported in moonix\n", 2},
		{"procsubst eval", "eval 'cat <(echo x)'; echo $?", "moonix: eval: process substitution is not supported in moonix\n2\n", 0},
		{"procsubst trap", "trap 'cat <(echo x)' EXIT; echo $?", "moonix: trap: process substitution is not supported in moonix\n2\n", 0},
		{"tilde", "echo ~ ~user ~root ~nobody ~/x", "/work /work /root ~nobody /work/x\n", 0},
		{"redirect and cat", "echo hi > f; cat f; cat < f", "hi\nhi\n", 0},
		{"append", "echo a > f; echo b >> f; cat f", "a\nb\n", 0},
		{"missing file", "cat < nope; echo $?", "moonix: nope: No such file or directory\n1\n", 0},
		{"dir redirect", "echo x > /work; echo $?", "moonix: /work: Is a directory\n1\n", 0},
		{"dev null", "echo x > /dev/null; cat < /dev/null; echo ok", "ok\n", 0},
		{"dev stderr", "echo err > /dev/stderr; echo out > /dev/stdout", "err\nout\n", 0},
		{"dev stdin", "echo piped | cat /dev/stdin", "piped\n", 0},
		{"owner tests", "echo > f; [[ -O f && -G f ]] && echo mine", "mine\n", 0},
		{"access", "echo > f; [ -r f ] && [ -w f ] && echo rw; [ -x f ] || echo notx", "rw\nnotx\n", 0},
		{"cd missing", "cd /nope; echo $?; pwd", "cd: no such file or directory: \"/nope\"\n1\n/work\n", 0},
		{"cd and pwd", "cd /tmp && pwd && cd - && pwd", "/tmp\n/work\n/work\n", 0},
		{"type", "type cd; type cat; type if; type nope; echo $?",
			"cd is a shell builtin\ncat is a shell builtin\nif is a shell keyword\ntype: nope: not found\n1\n", 0},
		{"type -t", "f() { :; }; type -t cd cat f if", "builtin\nbuiltin\nfunction\nkeyword\n", 0},
		{"command -v", "f() { :; }; command -v cd cat f nope; echo $?", "cd\ncat\nf\n1\n", 0},
		{"command -V", "command -V cat", "cat is a shell builtin\n", 0},
		{"which", "which cat sh nope; echo $?", "cat: shell builtin\nsh: shell builtin\n1\n", 0},
		{"host programs invisible", "command -v python3 git ls-host; type -P bash; echo $?", "1\n", 0},
		{"function shadows type", `type() { echo "mine $*"; }; type x; command type cat; builtin type cat`,
			"mine x\ncat is a shell builtin\ncat is a shell builtin\n", 0},
		{"function shadows umask", `umask() { echo "mine $*"; }; umask 077; command umask`, "mine 077\n0022\n", 0},
		{"umask", "umask; umask 077; umask; umask -S; echo > f; [ -r f ] && echo r; umask u=rwx,g=rx,o=; umask",
			"0022\n0077\nu=rwx,g=,o=\nr\n0027\n", 0},
		{"trap exit", "trap 'echo bye' EXIT; echo hi", "hi\nbye\n", 0},
		{"trap 0 and signals", "trap 'echo bye' 0 INT TERM; trap -p; trap - INT TERM; trap",
			"trap -- 'echo bye' EXIT\ntrap -- 'echo bye' INT\ntrap -- 'echo bye' TERM\ntrap -- 'echo bye' EXIT\nbye\n", 0},
		{"trap bad signal", "trap 'x' NOPE; echo $?", "trap: NOPE: invalid signal specification\n1\n", 0},
		{"exit trap keeps status", "trap 'echo bye' EXIT; exit 4", "bye\n", 4},
		{"nested sh -c", `sh -c 'echo $0 $1 $#' name a b; bash -c 'exit 5'; echo $?`, "name a 2\n5\n", 0},
		{"nested sees exports only", `A=1; export B=2; sh -c 'echo "${A-unset} $B"'`, "unset 2\n", 0},
		{"nested file", `printf 'echo "script $0 $1"\nexit 7\n' > s.sh; sh s.sh arg; echo $?`, "script s.sh arg\n7\n", 0},
		{"nested stdin", `echo 'echo from stdin $((1+2))' | sh`, "from stdin 3\n", 0},
		{"nested cwd and fs", `mkdir_() { :; }; cd /tmp; sh -c 'echo x > made; pwd'; cat /tmp/made`, "/tmp\nx\n", 0},
		{"nested options", `sh -e -c 'false; echo not reached'; echo $?`, "1\n", 0},
		{"script by path", `printf '#!/bin/sh\necho run "$@"\n' > t.sh; ./t.sh; echo $?`,
			"moonix: ./t.sh: permission denied\n126\n", 0},
		{"bin fallback", "/bin/sh -c 'echo via bin'; /usr/bin/echo via echo; /bin/nosuch; echo $?",
			"via bin\nvia echo\nmoonix: /bin/nosuch: No such file or directory\n127\n", 0},
		{"source path", `echo 'echo sourced $1' > lib.sh; . ./lib.sh a; source lib.sh b`, "sourced a\nsourced b\n", 0},
		{"pwd -P", "pwd -P", "/work\n", 0},
		{"help lists", "help cd", "cd - change the working directory (shell builtin)\nUsage: cd [-L|[-P [-e]] [-@]] [dir]\n", 0},
		{"pipeline", "echo a | cat | cat", "a\n", 0},
		{"background", "echo bg > f & wait; cat f", "bg\n", 0},
		{"command substitution", `x=$(echo sub); echo "[$x]"`, "[sub]\n", 0},
		{"here doc", "cat <<EOF\nline $((1+1))\nEOF", "line 2\n", 0},
		{"xargs-free interp builtin via exec", "command echo direct", "direct\n", 0},
		{"unset HOME tilde", "HOME=/tmp; echo ~", "/tmp\n", 0},
		{"umask for redirections", "umask 0002; echo one > f; stat -c %a f; umask 077; echo > g; stat -c %a g", "664\n600\n", 0},
		{"nested shopt", `touch a.x; sh -O nullglob -c 'echo "<" *.y ">"'; sh -O nope -c :; echo $?`, "< >\nmoonix: invalid option name: \"nope\"\n2\n", 0},
		{"nested xtrace", `sh -x -c 'echo hi'`, "+ echo hi\nhi\n", 0},
		{"declarations as calls", `command export a=1; x=export; $x b="x y"; builtin readonly c=2; c=3; command let "d=1+2"; sh -c 'echo "$a|$b"'; echo $c $d`,
			"c: readonly variable\n1|x y\n2 3\n", 0},
		// Capabilities count in tests and listings of permission, and
		// every denial is said, whatever the route.
		{"test -w and -x need the capability", `echo > f; chmod +x f; [ -w /etc ] || echo no-etc; [ -w /work ] && echo work; caps drop fs.write:/work/f fs.exec:/work/f; [ -w f ] || echo no-w; [ -x f ] || echo no-x; [ -r f ] && echo r; [ -x /work ] && echo dir-x`,
			"no-etc\nwork\nno-w\nno-x\nr\ndir-x\n", 0},
		{"find -writable needs fs.write", `mkdir k; echo > k/f; echo > g; caps drop fs.write:/work/k/**; find . -writable`, ".\n./g\n", 0},
		{"pushd denied", `mkdir d; caps drop fs.read:/work/d/**; pushd d; echo $?`,
			"moonix: stat /work/d: permission denied (needs fs.read:/work/d)\n1\n", 0},
		{"quiet commands say denials", `mkdir d; echo x > d/f; caps drop fs.read:/work/d/**; readlink d/f; readlink -f d/f; realpath -q d/f; awk 'BEGIN { print (getline l < "d/f") }'`,
			"moonix: readlink /work/d/f: permission denied (needs fs.read:/work/d/f)\n" +
				"moonix: stat /work/d: permission denied (needs fs.read:/work/d)\n" +
				"moonix: stat /work/d: permission denied (needs fs.read:/work/d)\n" +
				"moonix: read /work/d/f: permission denied (needs fs.read:/work/d/f)\n-1\n", 0},
		{"running an unreadable file", `printf 'echo ran\n' > x; chmod +x x; caps drop fs.read:/work/x; ./x; echo $?; sh x; echo $?`,
			"moonix: stat /work/x: permission denied (needs fs.read:/work/x)\n126\n" +
				"moonix: read /work/x: permission denied (needs fs.read:/work/x)\n126\n", 0},
		{"builtin of a command", "builtin cat f; echo $?", "moonix: builtin: cat: not a shell builtin\n1\n", 0},
		{"virtual pids", `echo $$ $PPID ${$}; (echo $$); sh -c 'echo $$ $PPID'; eval 'echo $$'`, "100 1 100\n100\n101 100\n100\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, status := run(t, tc.script)
			if got != tc.want || status != tc.status {
				t.Errorf("script %q\ngot  %q (status %d)\nwant %q (status %d)", tc.script, got, status, tc.want, tc.status)
			}
		})
	}
}

func TestRandomRepeats(t *testing.T) {
	t.Parallel()
	script := `echo $RANDOM $RANDOM; sh -c 'echo $RANDOM'; head -c 64 /dev/urandom | tr -dc a-z; echo`
	first, _ := run(t, script)
	second, _ := run(t, script)
	if first != second || strings.Count(first, "\n") != 3 || strings.Contains(first, "moonix:") {
		t.Fatalf("two runs differ or fail:\n%s\n%s", first, second)
	}
}

func TestHostEnvironmentInvisible(t *testing.T) {
	t.Setenv("MOONIX_HOST_SECRET", "s3cret")
	got, _ := run(t, `echo "[${MOONIX_HOST_SECRET-}]"; sh -c 'echo "[${MOONIX_HOST_SECRET-}]"'`)
	if got != "[]\n[]\n" {
		t.Fatalf("host variable leaked: %q", got)
	}
}

func TestInterpTempDirNeverOnHost(t *testing.T) {
	// interp opens paths under its temp dir directly on the host; moonix's
	// is a path that cannot exist, and scripts see /tmp in the VFS.
	host := t.TempDir()
	got, _ := run(t, `echo x > `+host+`/sh-interp-1; echo $?; echo y > $TMPDIR/sh-interp-2; cat /tmp/sh-interp-2`)
	if want := "moonix: " + host + "/sh-interp-1: No such file or directory\n1\ny\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	entries, _ := os.ReadDir(host)
	if len(entries) != 0 {
		t.Fatalf("host dir touched: %v", entries)
	}
}

func TestStreamReadConsumesFollowingLines(t *testing.T) {
	t.Parallel()
	input := "echo first\nread line\nthis line is data\necho \"got: $line\"\necho $(( 6 * 7 ))\nif\n"
	s, out := newTestSession(t, input)
	status := s.RunStream(context.Background(), s.cfg.Stdin)
	want := "first\ngot: this line is data\n42\nmoonix: 5:1: `if` must be followed by a statement list\n"
	if out.String() != want || status != 2 {
		t.Fatalf("got %q (%d), want %q (2)", out.String(), status, want)
	}
}

func TestStreamLastLineWithoutNewline(t *testing.T) {
	t.Parallel()
	s, out := newTestSession(t, "echo a\necho b")
	if status := s.RunStream(context.Background(), s.cfg.Stdin); status != 0 || out.String() != "a\nb\n" {
		t.Fatalf("got %q (%d)", out.String(), status)
	}
}

func TestStreamExitStatus(t *testing.T) {
	t.Parallel()
	s, _ := newTestSession(t, "true\nexit 9\necho not reached\n")
	if status := s.RunStream(context.Background(), s.cfg.Stdin); status != 9 {
		t.Fatalf("status %d, want 9", status)
	}
	s, _ = newTestSession(t, "false\n")
	if status := s.RunStream(context.Background(), s.cfg.Stdin); status != 1 {
		t.Fatalf("status %d, want 1", status)
	}
}

func TestCancelKeepsSession(t *testing.T) {
	t.Parallel()
	s, out := newTestSession(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	status, exited := s.Run(ctx, "while true; do :; done", "moonix")
	if status != 130 || exited {
		t.Fatalf("canceled loop: status %d exited %v, want 130 false", status, exited)
	}
	status, _ = s.Run(context.Background(), "echo $?; echo still here", "moonix")
	if status != 0 || out.String() != "130\nstill here\n" {
		t.Fatalf("after cancel: %q (%d)", out.String(), status)
	}
}

func TestDeadlineGives124(t *testing.T) {
	t.Parallel()
	s, _ := newTestSession(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if status, _ := s.Run(ctx, "while :; do :; done", "moonix"); status != 124 {
		t.Fatalf("status %d, want 124", status)
	}
}

func TestIncomplete(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		"echo hi":                  false,
		"if true; then":            true,
		"echo 'open":               true,
		"cat <<EOF\nbody":          true,
		"f() {":                    true,
		"echo \\":                  true,
		"echo )":                   false,
		"for i in 1 2; do":         true,
		"for i in 1 2; do :; done": false,
		// every form of here-document stays open until its delimiter
		"cat <<'EOF'\n":                      true,
		"cat <<'EOF'\nbody\n":                true,
		"cat <<'EOF'\nbody\nEOF\n":           false,
		"cat <<\"END\"\n":                    true,
		"cat <<\\EOF\n":                      true,
		"cat <<-'EOF'\n\tx\n":                true,
		"cat <<-'EOF'\n\tx\n\tEOF\n":         false,
		"cat <<A <<'B'\na\nA\n":              true,
		"cat <<A; cat <<'B'\na\nA\nb\nB\n":   false,
		"x=$(cat <<'EOF'\n":                  true,
		"x=$(cat <<'EOF'\nEOF\n":             true,
		"x=$(cat <<'EOF'\nEOF\n)\n":          false,
		"f() {\ncat <<'EOF'\n":               true,
		"f() {\ncat <<'EOF'\nEOF\n":          true,
		"while :; do cat <<'EOF'\nEOF\ndone": false,
	} {
		if got := Incomplete(src); got != want {
			t.Errorf("Incomplete(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestLiteralNext: the lines where an interactive shell leaves ! alone.
func TestLiteralNext(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		"echo hi\n":                 false,
		"for i in 1; do\n":          false,
		"echo \"open\n":             false,
		"echo 'open\n":              true,
		"echo $'open\n":             true,
		"cat <<EOF\n":               true,
		"cat <<'EOF'\nbody\n":       true,
		"f() {\ncat <<'EOF'\nEOF\n": false,
	} {
		if got := LiteralNext(src); got != want {
			t.Errorf("LiteralNext(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestCompleteCommands: the commands a Config adds complete as the
// builtins do.
func TestCompleteCommands(t *testing.T) {
	t.Parallel()
	s, err := New(Config{Commands: map[string]func(*builtins.Call) int{"zzextra": func(*builtins.Call) int { return 0 }}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Complete("zz", true), " "); got != "zzextra" {
		t.Errorf("command completion of zz: %q", got)
	}
}

func TestComplete(t *testing.T) {
	t.Parallel()
	s, _ := newTestSession(t, "")
	s.Run(context.Background(), "mkdir_=1; echo > /work/alpha; echo > /work/.hidden; cd /", "moonix")
	if got := strings.Join(s.Complete("ca", true), " "); !strings.Contains(got, "cat") || !strings.Contains(got, "case") {
		t.Errorf("command completion of ca: %q", got)
	}
	if got := strings.Join(s.Complete("/work/a", false), " "); got != "/work/alpha" {
		t.Errorf("path completion: %q", got)
	}
	if got := strings.Join(s.Complete("w", false), " "); got != "work/" {
		t.Errorf("relative dir completion: %q", got)
	}
	if got := strings.Join(s.Complete("/work/.h", false), " "); got != "/work/.hidden" {
		t.Errorf("dotfile completion: %q", got)
	}
}

func TestConcurrentPipelines(t *testing.T) {
	t.Parallel()
	script := `for i in 1 2 3 4 5 6 7 8; do (for j in 1 2 3 4 5 6 7 8 9 10; do echo "$i $j" >> /tmp/log$i; done; cat /tmp/log$i | cat > /tmp/copy$i) & done; wait; cat /tmp/copy1 /tmp/copy8 | wc_=1 cat | tail_=1 cat > /tmp/all; echo done`
	got, status := run(t, script)
	if got != "done\n" || status != 0 {
		t.Fatalf("got %q (%d)", got, status)
	}
}

func TestSharedFSWithNestedShell(t *testing.T) {
	t.Parallel()
	tree := vfs.NewDefault(vfs.Options{})
	out := &syncBuffer{}
	s, err := New(Config{FS: tree, Stdout: out, Stderr: out})
	if err != nil {
		t.Fatal(err)
	}
	s.Run(context.Background(), `sh -c 'echo nested > /work/n'`, "moonix")
	data, err := vfs.ReadFile(tree, "/work/n")
	if err != nil || string(data) != "nested\n" {
		t.Fatalf("nested shell write: %q %v", data, err)
	}
}
