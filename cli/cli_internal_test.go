package cli

import (
	"bytes"
	"github.com/moonix-sh/moonix/caps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/shell"
)

func TestWantsSubcommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"--ephemeral"}, false},
		{[]string{"--help"}, true},
		{[]string{"--ephemeral", "--help"}, true},
		{[]string{"-h"}, true},
		{[]string{"-eh"}, true},
		{[]string{"--timeout", "1s"}, false},
		{[]string{"replay", "a.t"}, true},
		{[]string{"--timeout", "1s", "replay", "a.t"}, true},
		{[]string{"--env=A=1", "help"}, true},
		{[]string{"--env", "A=1", "completion", "bash"}, true},
		{[]string{"script.sh", "replay"}, false},
		{[]string{"-c", "echo", "replay"}, false},
		{[]string{"-ec", "echo", "replay"}, false},
		{[]string{"-s", "replay"}, false},
		{[]string{"--command", "x"}, false},
		{[]string{"-", "replay"}, false},
		{[]string{"-o", "errexit", "replay"}, true},
		{[]string{"-opipefail", "script"}, false},
		{[]string{"--", "replay"}, true},
		{[]string{"--", "x.sh"}, false},
		{[]string{"__complete", "re"}, true},
		{[]string{"--caps", "developer", "replay", "a.t"}, true},
		{[]string{"--policy", "p.yaml", "--allow", "fs.read", "--deny", "fs.exec", "replay"}, true},
		{[]string{"--caps", "developer", "script.sh"}, false},
		{[]string{"--policy=p.yaml", "script.sh"}, false},
	} {
		if got := wantsSubcommand(tc.args); got != tc.want {
			t.Errorf("wantsSubcommand(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func fakeEnv(vars ...string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		for _, kv := range vars {
			if k, v, _ := strings.Cut(kv, "="); k == name {
				return v, true
			}
		}
		return "", false
	}
}

func TestWorkspaceDir(t *testing.T) {
	t.Parallel()
	abs, _ := filepath.Abs("rel/ws")
	for _, tc := range []struct {
		name string
		p    Program
		o    options
		want string
		err  bool
	}{
		{"xdg", Program{LookupEnv: fakeEnv("XDG_DATA_HOME=/x/data", "HOME=/h")}, options{}, "/x/data/moonix/default", false},
		{"relative xdg is ignored", Program{LookupEnv: fakeEnv("XDG_DATA_HOME=data", "HOME=/h")}, options{}, "/h/.local/share/moonix/default", false},
		{"home", Program{LookupEnv: fakeEnv("HOME=/h")}, options{}, "/h/.local/share/moonix/default", false},
		{"nothing", Program{}, options{}, "", true},
		{"seam", Program{UserDataDir: func() (string, error) { return "/d", nil }}, options{}, "/d/moonix/default", false},
		{"flag", Program{}, options{workspace: "rel/ws"}, abs, false},
		{"ephemeral", Program{LookupEnv: fakeEnv("HOME=/h")}, options{ephemeral: true}, "", false},
	} {
		got, err := tc.p.workspaceDir(&tc.o)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("%s: got %q, %v; want %q (error %v)", tc.name, got, err, tc.want, tc.err)
		}
	}
}

func TestEnviron(t *testing.T) {
	t.Parallel()
	p := &Program{LookupEnv: fakeEnv("TOKEN=abc", "EMPTY=")}
	dev, _ := caps.Preset("developer")
	got, err := p.environ([]string{"TOKEN", "A=1=2", "MISSING", "EMPTY", "B="}, dev)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"TOKEN=abc", "A=1=2", "EMPTY=", "B="}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, bad := range []string{"", "=x", "1A", "A-B=c", "A B"} {
		if _, err := p.environ([]string{bad}, dev); err == nil {
			t.Errorf("environ(%q): no error", bad)
		}
	}
	// The zero Program sees no host variable.
	if got, _ := (&Program{}).environ([]string{"HOME"}, dev); len(got) != 0 {
		t.Errorf("zero Program copied %q", got)
	}
	// Copying needs env.read on the name; setting does not.
	sandbox, _ := caps.Preset("sandbox")
	if _, err := p.environ([]string{"TOKEN"}, sandbox); err == nil || err.Error() != "getenv TOKEN: permission denied (needs env.read:TOKEN)" {
		t.Errorf("sandbox copy: %v", err)
	}
	sandbox.Allow(caps.Cap{Kind: caps.EnvRead, Pattern: "TOK*"})
	if got, err := p.environ([]string{"TOKEN", "X=1"}, sandbox); err != nil || !reflect.DeepEqual(got, []string{"TOKEN=abc", "X=1"}) {
		t.Errorf("env.read:TOK* copy: %q, %v", got, err)
	}
}

// run runs the CLI in-process.
func run(p *Program, stdin string, args ...string) (status int, stdout, stderr string) {
	var out, errb bytes.Buffer
	status = p.Run(strings.NewReader(stdin), &out, &errb, args)
	return status, out.String(), errb.String()
}

func TestRunInProcess(t *testing.T) {
	t.Parallel()
	p := &Program{LookupEnv: fakeEnv("HOST_ONLY=h", "COPY=c")}
	for _, tc := range []struct {
		stdin          string
		args           []string
		status         int
		stdout, stderr string
	}{
		{"", []string{"--ephemeral", "-c", `echo "$0:$1:${HOST_ONLY-unset}:$COPY"`, "n", "a"}, 0, "n:a:unset:\n", ""},
		{"", []string{"--ephemeral", "--allow", "env.read:COPY", "--env", "COPY", "-c", `echo "$COPY"`}, 0, "c\n", ""},
		{"echo one\nread l\nlater line\necho \"[$l]\"\n", []string{"--ephemeral"}, 0, "one\n[later line]\n", ""},
		{"echo $1 $2\n", []string{"--ephemeral", "-s", "x", "y"}, 0, "x y\n", ""},
		{"", []string{"--ephemeral", "-c", "exit 9"}, 9, "", ""},
		// The zero Program has no default workspace.
		{"", []string{"-c", "true"}, 1, "", "moonix: no user data directory (HOME is not set); use --workspace DIR or --ephemeral\n"},
		{"", []string{"--version"}, 0, "moonix version " + Version + "\n", ""},
		{"", []string{"--bogus"}, 2, "", "moonix: unrecognized option '--bogus'\nTry 'moonix --help' for more information.\n"},
		{"", []string{"-c"}, 2, "", "moonix: -c: option requires an argument\n"},
		{"", []string{"/nonexistent/moonix-script"}, 127, "", "moonix: /nonexistent/moonix-script: No such file or directory\n"},
	} {
		status, stdout, stderr := run(p, tc.stdin, tc.args...)
		if status != tc.status || stdout != tc.stdout || stderr != tc.stderr {
			t.Errorf("moonix %q: got %d %q %q, want %d %q %q", tc.args, status, stdout, stderr, tc.status, tc.stdout, tc.stderr)
		}
	}
}

func TestCompleter(t *testing.T) {
	t.Parallel()
	sess, err := shell.New(shell.Config{})
	if err != nil {
		t.Fatal(err)
	}
	sess.Run(t.Context(), "mkdir -p /work/docs/sub; echo > /work/notes.txt; echo > /work/notebook", "")
	c := completer{sess}
	for _, tc := range []struct {
		line string
		want []string
		n    int
	}{
		{"ech", []string{"o "}, 3},
		{"cat no", []string{"tebook ", "tes.txt "}, 2},
		{"cat do", []string{"cs/"}, 2},
		{"ls docs/s", []string{"ub/"}, 6},
		{"true && ech", []string{"o "}, 3},
		{"echo x | ech", []string{"o "}, 3},
		{"echo ech", nil, 3}, // not a command position: no file matches
	} {
		got, n := c.Do([]rune(tc.line), len([]rune(tc.line)))
		var gs []string
		for _, g := range got {
			gs = append(gs, string(g))
		}
		if !reflect.DeepEqual(gs, tc.want) || n != tc.n {
			t.Errorf("complete %q: got %q, %d; want %q, %d", tc.line, gs, n, tc.want, tc.n)
		}
	}
}

func TestCommandPosition(t *testing.T) {
	t.Parallel()
	for before, want := range map[string]bool{
		"": true, "  ": true, "a; ": true, "a | ": true, "a && ": true, "(": true,
		"if ": true, "then ": true, "do ": true, "xargs ": true,
		"ls ": false, "echo a ": false, "x=1 ": false,
	} {
		if got := commandPosition(before); got != want {
			t.Errorf("commandPosition(%q) = %v, want %v", before, got, want)
		}
	}
}

// TestCompleteFc: the REPL's completion knows fc, which the CLI adds to
// the session, as it knows the builtins.
func TestCompleteFc(t *testing.T) {
	t.Parallel()
	var cfg shell.Config
	withFc(&cfg, &lineHistory{loaded: true})
	sess, err := shell.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	cands, n := completer{sess}.Do([]rune("echo; f"), 7)
	var got []string
	for _, c := range cands {
		got = append(got, string(c))
	}
	if n != 1 || !slices.Contains(got, "c ") {
		t.Errorf("completions of f: %q (%d)", got, n)
	}
}
