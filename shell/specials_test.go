package shell

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/effects"
)

// srandomRoutes read $SRANDOM once each, every way a program can name it,
// and print what they read (the ones marked quiet print nothing of it).
var srandomRoutes = []struct {
	script string
	quiet  bool
	// second: the route starts a shell, which takes a number from the
	// source first (the seed of its $RANDOM)
	second bool
}{
	{script: `echo $SRANDOM`},
	{script: `echo ${SRANDOM}`},
	{script: `echo "$SRANDOM"`},
	{script: `echo $((SRANDOM))`},
	{script: `echo $(( SRANDOM + 0 ))`},
	{script: `((x = SRANDOM)); echo $x`},
	{script: `let x=SRANDOM; echo $x`},
	{script: `s=SRANDOM; echo ${!s}`},
	{script: `f() { echo ${!1}; }; f SRANDOM`},
	{script: `echo ${SRANDOM:0:20}`},
	{script: `echo ${SRANDOM%x}`},
	{script: `echo ${SRANDOM/x/y}`},
	{script: `echo "${SRANDOM:-none}"`},
	{script: `echo ${SRANDOM^^}`},
	{script: `eval 'echo $SRANDOM'`},
	{script: `eval 'echo $((SRANDOM))'`},
	{script: `x=SRANDOM; eval 'echo ${!x}'`},
	{script: `trap 'echo $SRANDOM' EXIT`},
	{script: `echo 'echo $SRANDOM' > f; . ./f`},
	{script: `echo 'echo $((SRANDOM))' > f; source f`},
	{script: `sh -c 'echo $SRANDOM'`, second: true},
	{script: "shopt -s expand_aliases; alias r='echo $SRANDOM'\nr"},
	{script: `printf -v v %s "$SRANDOM"; echo $v`},
	{script: `x=$(echo $SRANDOM); echo $x`},
	{script: `echo $SRANDOM | cat`},
	{script: `a=(); a[SRANDOM]=1; echo ${!a[@]}`},
	{script: `[[ $SRANDOM ]] && echo read`, quiet: true},
	{script: `echo ${#SRANDOM}`, quiet: true},
	{script: `a=(x); echo ${a[SRANDOM]}`, quiet: true},
}

// TestSRANDOMRoutes: $SRANDOM is the session's random source however a
// program reads it: real only under random.read, and then each read is
// in the effect log with the number the program saw. (interp answered
// $((SRANDOM)), ${!s} and more from the host's randomness, unrecorded.)
func TestSRANDOMRoutes(t *testing.T) {
	t.Parallel()
	for _, tc := range srandomRoutes {
		t.Run(tc.script, func(t *testing.T) {
			t.Parallel()
			// Seeded: the first number of the session's source.
			want := "354645127\n"
			if tc.second {
				want = "3369750874\n"
			}
			if out, entries := runPreset(t, "sandbox", tc.script); !tc.quiet && out != want || len(entries) != 0 {
				t.Errorf("sandbox: output %q, recorded %v; want the seeded %q, nothing recorded", out, readsOf(entries), want)
			}
			out, entries := runPreset(t, "developer", tc.script)
			if got := readsOf(entries); !sameReads(got, []read{{effects.Random, "$SRANDOM"}}) {
				t.Fatalf("developer: recorded %v, want one $SRANDOM read; output %q", got, out)
			}
			if !tc.quiet && out != entries[0].Response.Summary+"\n" {
				t.Errorf("developer: printed %q, the entry says %q", out, entries[0].Response.Summary)
			}
		})
	}
}

// TestSRANDOMWithoutRead: the places that name $SRANDOM without reading
// it read nothing, of the host's randomness least of all.
func TestSRANDOMWithoutRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ script, want string }{
		// As in bash, declare -p and a nameref read $SRANDOM: the one
		// read is recorded, and is the # printed.
		{`declare -p SRANDOM`, "declare -- SRANDOM=\"#\"\n"},
		{`export SRANDOM; env | grep -c SRANDOM`, "0\n"},
		{`SRANDOM=1 env | grep SRANDOM`, "SRANDOM=1\n"},
		{`declare -n r=SRANDOM; echo "[$r]"`, "[#]\n"},
		{`n=SRANDOM; declare -n r=$n; echo "[$r]"`, "[#]\n"},
		{`for SRANDOM in a; do echo $SRANDOM; done`, "354645127\n"},
		{`((SRANDOM++)); echo ok`, "ok\n"},
	} {
		out, entries := runPreset(t, "developer", tc.script)
		if len(entries) == 1 {
			tc.want = strings.ReplaceAll(tc.want, "#", entries[0].Response.Summary)
		}
		// The one read in the last two is the $SRANDOM they print.
		if out != tc.want && !strings.Contains(tc.script, "echo $SRANDOM") || len(entries) > 1 {
			t.Errorf("%s: output %q, recorded %v; want %q", tc.script, out, readsOf(entries), tc.want)
		}
	}
}

// TestClockRoutes: $EPOCHSECONDS and $EPOCHREALTIME are the session's
// clock wherever they are read, recorded under clock.read (interp has
// neither: ${!x} and $((EPOCHSECONDS)) were empty and 0).
func TestClockRoutes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ script, want, target string }{
		{`echo $((EPOCHSECONDS))`, "1767225600", "$EPOCHSECONDS"},
		{`x=EPOCHSECONDS; echo ${!x}`, "1767225600", "$EPOCHSECONDS"},
		{`x=EPOCHREALTIME; echo ${!x}`, "1767225600.000000", "$EPOCHREALTIME"},
		{`echo ${EPOCHREALTIME%.*}`, "1767225600", "$EPOCHREALTIME"},
		{`echo ${EPOCHREALTIME/./}`, "1767225600000000", "$EPOCHREALTIME"},
		{`eval 'echo $((EPOCHSECONDS - 0))'`, "1767225600", "$EPOCHSECONDS"},
	} {
		if out, entries := runPreset(t, "sandbox", tc.script); out != tc.want+"\n" || len(entries) != 0 {
			t.Errorf("sandbox: %s: output %q, recorded %v; want %q", tc.script, out, readsOf(entries), tc.want)
		}
		out, entries := runPreset(t, "developer", tc.script)
		if got := readsOf(entries); !sameReads(got, []read{{effects.Clock, tc.target}}) {
			t.Errorf("developer: %s: recorded %v; output %q", tc.script, got, out)
			continue
		}
		read, err := time.Parse(time.RFC3339Nano, entries[0].Response.Summary)
		if err != nil || !strings.HasPrefix(strings.ReplaceAll(out, ".", ""), strconv.FormatInt(read.Unix(), 10)) {
			t.Errorf("developer: %s printed %q, the entry says %q", tc.script, out, entries[0].Response.Summary)
		}
	}
}

// TestRANDOMIsSeeded: $RANDOM comes from the seed the session started
// with in subshells, pipelines and jobs too (interp drew a subshell's from
// the host's randomness), and assigning RANDOM seeds it as in bash.
func TestRANDOMIsSeeded(t *testing.T) {
	t.Parallel()
	script := `echo $RANDOM; (echo $RANDOM); echo $(echo $RANDOM); echo $RANDOM | cat; { echo $RANDOM; } & wait
RANDOM=5; echo $RANDOM $RANDOM; (echo $((RANDOM))); RANDOM=5; echo $RANDOM; x=RANDOM; echo ${!x}`
	// each subshell draws its own sequence
	want := "26734\n13684\n20418\n21521\n28597\n18498 29338\n5730\n18498\n29338\n"
	for range 2 {
		if out, entries := runPreset(t, "sandbox", script); out != want || len(entries) != 0 {
			t.Errorf("output:\n%s\nwant:\n%s", out, want)
		}
	}
}

// hostProbes ask for the host's process ids, paths and programs every way
// the review found, and more.
var hostProbes = []string{
	`echo $$ $PPID $BASHPID`,
	`x=PPID; echo ${!x}; x='$'; echo ${!x}; x=BASHPID; echo ${!x}`,
	`echo $((PPID)) $(($$)) $((BASHPID))`,
	`((x = PPID)); let y=PPID; echo $x $y`,
	`a=(); a[PPID]=1; echo ${!a[@]}; echo ${a[PPID]}`,
	`declare -p PPID; declare -p BASHPID`,
	`n=PPID; declare -p $n; export $n; env`,
	`export PPID; env; declare -p; set; export -p`,
	`PPID=1 true; declare -p | grep -i ppid`,
	`declare -n r=PPID; echo $r; x=PPID; declare -n q=$x; echo $q`,
	`c=declare; $c -p PPID; $c -n r=PPID; echo $r`,
	`for PPID in 1; do :; done; echo $PPID`,
	`[[ -v PPID ]] && echo set; echo ${!PP*}`,
	"shopt -s expand_aliases; alias a='echo $$ $PPID $((PPID))'\na",
	`eval 'echo $$ $PPID'; command eval 'echo $$'; builtin eval 'echo $PPID'`,
	`trap 'echo $$ $PPID' EXIT`,
	`echo 'echo $$ $PPID $((PPID))' > f; source f; . ./f; command . ./f; sh f`,
	`sh -c 'echo $$ $PPID'; bash -c 'x=PPID; echo ${!x}'; echo 'echo $$' | sh`,
	`f() { echo $$ $PPID; }; f | cat; f & wait; (f); echo $(f)`,
	`type(){ unset -f type; type -P ls sh go bash moonix; type -a sh; }; type`,
	`command -v ls sh go; type -P ls; hash -r; hash ls; command -p ls /`,
	`help(){ unset -f help; command -v go; }; help`,
	`pwd -P; cd -P /; pwd -P; echo ~root ~nobody ~`,
	`cat /proc/self/status; ls /proc /sys; readlink /proc/self/exe`,
	`hostname; uname -a; id; whoami; echo $HOSTNAME $HOME $TMPDIR $PWD $SHELL $USER`,
	`echo x > "$TMPDIR/sh-interp-1"; cat "$TMPDIR/sh-interp-1"`,
	`cat <(echo x); eval 'cat <(echo x)'`,
	"shopt -s expand_aliases; alias p='cat <(echo x)'\np",
	`x=0; echo ${!x} $0`,
	// arithmetic reads a variable's value as an expression: PPID by name
	`x=PPID; echo $((x))`,
	`x=PPID; let y=x; echo $y`,
}

// TestNoHostInformation: no probe shows the host's process ids, paths or
// host name: the answers are moonix's.
func TestNoHostInformation(t *testing.T) {
	t.Parallel()
	var leaks []*regexp.Regexp
	for _, pid := range []int{os.Getpid(), os.Getppid()} {
		if pid < 1000 {
			t.Logf("pid %d is too small to look for", pid)
			continue
		}
		leaks = append(leaks, regexp.MustCompile(`\b`+strconv.Itoa(pid)+`\b`))
	}
	var paths []string
	if exe, err := os.Executable(); err == nil {
		paths = append(paths, exe, filepath.Dir(exe))
	}
	if wd, err := os.Getwd(); err == nil {
		paths = append(paths, wd)
	}
	if tmp := os.TempDir(); tmp != "/tmp" {
		paths = append(paths, tmp) // /tmp is the VFS's too
	}
	paths = append(paths, "/dev/null/", "moonix-no-host", "sh-interp-")
	if host, err := os.Hostname(); err == nil && len(host) > 6 && host != "moonix" {
		paths = append(paths, host)
	}
	for _, prog := range []string{"go", "bash", "git"} {
		// what interp's type -P found on the host's PATH
		if p, err := exec.LookPath(prog); err == nil {
			paths = append(paths, p)
		}
	}
	for _, probe := range hostProbes {
		t.Run(probe, func(t *testing.T) {
			t.Parallel()
			out, _ := run(t, probe)
			for _, re := range leaks {
				if re.MatchString(out) {
					t.Errorf("a host process id (%s) in:\n%s", re, out)
				}
			}
			for _, p := range paths {
				if p != "/" && strings.Contains(out, p) && !strings.Contains(probe, p) {
					t.Errorf("a host path (%s) in:\n%s", p, out)
				}
			}
			if strings.Contains(out, "goroutine") || strings.Contains(out, "internal error") {
				t.Errorf("a crash:\n%s", out)
			}
		})
	}
}

// TestHostIdsAreMoonix: the ids are moonix's, as bash gives its own.
func TestHostIdsAreMoonix(t *testing.T) {
	t.Parallel()
	out, _ := run(t, `echo $$ $PPID $BASHPID; x=PPID; echo ${!x} $((PPID)); sh -c 'echo $$ $PPID'; declare -p PPID`)
	want := "100 1 100\n1 1\n101 100\ndeclare -ir PPID=\"1\"\n"
	if out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
}

// TestShadowingFunctionUnsetItself: a function named as a builtin that
// moonix answers (type, which interp would answer from the host's PATH)
// and that unsets itself gets moonix's builtin when it calls that name.
func TestShadowingFunctionUnsetItself(t *testing.T) {
	t.Parallel()
	out, _ := run(t, `type() { unset -f type; type -P ls sh bash; echo "status $?"; type sh; }; type`)
	// moonix's commands stand as files in /bin, as coreutils do
	want := "/bin/ls\n/bin/sh\n/bin/bash\nstatus 0\nsh is /bin/sh\n"
	if out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
}

// TestSourceIsNoOracle: source of a path that exists on the host but not
// in the VFS fails exactly as source of a path that exists nowhere: the
// host is never asked.
func TestSourceIsNoOracle(t *testing.T) {
	t.Parallel()
	var hostPaths []string
	if exe, err := os.Executable(); err == nil {
		hostPaths = append(hostPaths, exe, "../../.."+exe)
	}
	if wd, err := os.Getwd(); err == nil {
		hostPaths = append(hostPaths, filepath.Join(wd, "specials_test.go"))
	}
	for _, p := range []string{"/etc/hostname", "/etc/os-release", "/proc/self/status", "/usr/lib", "/var"} {
		if _, err := os.Stat(p); err == nil {
			hostPaths = append(hostPaths, p, "../.."+p)
		}
	}
	for _, p := range hostPaths {
		for _, cmd := range []string{"source", ".", "command source", "builtin ."} {
			missing := p + ".missing"
			got, gotStatus := run(t, fmt.Sprintf("%s %s; echo $?", cmd, p))
			want, wantStatus := run(t, fmt.Sprintf("%s %s; echo $?", cmd, missing))
			if strings.ReplaceAll(want, missing, p) != got || gotStatus != wantStatus {
				t.Errorf("%s %s:\n%s\nbut with a missing file:\n%s", cmd, p, got, want)
			}
		}
	}
}

// TestOwnershipTestsStayInside: -O and -G are answered inside: every
// file of the VFS is the session user's, and a file that does not exist
// is nobody's (never a question to the host's user database).
func TestOwnershipTestsStayInside(t *testing.T) {
	t.Parallel()
	out, _ := run(t, `touch f; [[ -O f ]] && echo own; [ -G f ] && echo group; [[ -O nope ]] || echo none`)
	if out != "own\ngroup\nnone\n" {
		t.Errorf("got %q", out)
	}
}
