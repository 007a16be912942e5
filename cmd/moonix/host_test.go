package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/cli"
)

// transcripts lists the transcript corpus (testdata/**/*.t) relative to
// the repository root.
func transcripts(t *testing.T) []string {
	t.Helper()
	root := repoRoot(t)
	var files []string
	err := filepath.WalkDir(filepath.Join(root, "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".t") {
			rel, _ := filepath.Rel(root, path)
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no transcripts under testdata/")
	}
	return files
}

// TestCram runs the corpus under cram3 with moonix as the shell: the
// transcripts are meant to be valid cram files that a real cram accepts.
// Each transcript is a fresh session, so moonix runs --ephemeral (cram's
// --shell-opts): a workspace would carry one transcript's state into the
// next.
// cram3 is optional unless MOONIX_REQUIRE_CRAM=1 (CI installs it).
func TestCram(t *testing.T) {
	cram, err := exec.LookPath("cram3")
	if err != nil {
		if os.Getenv("MOONIX_REQUIRE_CRAM") == "1" {
			t.Fatal("cram3 is not on PATH (Debian: apt-get install python3-cram)")
		}
		t.Skip("cram3 is not on PATH; set MOONIX_REQUIRE_CRAM=1 to make this an error")
	}
	t.Parallel()
	// cram writes FILE.err beside a failing FILE: work on a copy.
	root := repoRoot(t)
	dir := t.TempDir()
	files := transcripts(t)
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Each transcript runs under the preset its directory names, as in
	// moonix replay.
	byPreset := map[string][]string{}
	for _, f := range files {
		preset := cli.TranscriptPreset(f)
		byPreset[preset] = append(byPreset[preset], f)
	}
	for preset, group := range byPreset {
		args := append([]string{"--shell=" + moonixBin, "--shell-opts=--ephemeral --caps " + preset}, group...)
		cmd := exec.Command(cram, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("cram3 --shell=moonix --shell-opts='--ephemeral --caps %s' failed (%v):\n%s", preset, err, out)
		}
		t.Logf("%s: %s", preset, bytes.TrimSpace(out))
	}
}

// trapNames are host programs a leaky shell might run.
var trapNames = []string{
	"sh", "bash", "dash", "zsh", "ls", "cat", "rm", "echo", "printf", "env",
	"git", "python", "python3", "perl", "cp", "mv", "mkdir", "rmdir", "touch",
	"ln", "chmod", "grep", "sed", "awk", "find", "xargs", "sort", "head",
	"tail", "wc", "date", "sleep", "test", "[", "true", "false", "id",
	"whoami", "uname", "hostname", "tee", "tr", "cut", "curl", "wget", "ssh",
	"tar", "gzip", "diff", "stat", "readlink", "realpath", "mktemp", "jq",
	"which", "type", "pwd", "cd", "kill", "ps", "moonix",
}

// TestHostIsolation runs the whole transcript corpus, and a few scripts that
// reach for the host, with the process's working directory, HOME and TMPDIR
// on fresh empty host directories and PATH holding only trap programs that
// log their use. Afterwards the directories must still be empty and the log
// must not exist: nothing reached the host.
func TestHostIsolation(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	mk := func(name string) string {
		d := filepath.Join(base, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	cwd, home, tmp, traps := mk("cwd"), mk("home"), mk("tmp"), mk("traps")
	trapLog := filepath.Join(base, "trap.log")
	for _, name := range trapNames {
		script := "#!/bin/sh\necho \"" + name + " $*\" >> '" + trapLog + "'\n"
		if err := os.WriteFile(filepath.Join(traps, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The traps work: running one leaves a log (then start afresh).
	canary := exec.Command(filepath.Join(traps, "ls"), "canary")
	if err := canary.Run(); err != nil {
		t.Fatalf("trap program: %v", err)
	}
	if _, err := os.Stat(trapLog); err != nil {
		t.Fatalf("trap program left no log: %v", err)
	}
	os.Remove(trapLog)

	env := []string{"HOME=" + home, "TMPDIR=" + tmp, "PATH=" + traps, "PWD=" + cwd, "USER=hostuser", "SHELL=/bin/sh"}
	run := func(stdin string, args ...string) []byte {
		t.Helper()
		cmd := exec.Command(moonixBin, args...)
		cmd.Dir, cmd.Env = cwd, env
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		if err != nil {
			if _, ok := err.(*exec.ExitError); !ok {
				t.Fatalf("moonix %v: %v", args, err)
			}
		}
		return out
	}

	root := repoRoot(t)
	args := []string{"replay"}
	for _, f := range transcripts(t) {
		args = append(args, filepath.Join(root, f))
	}
	out := run("", args...)
	// The corpus must give the same results as outside the trap (whether
	// it passes is TestTranscripts' business).
	plain := exec.Command(moonixBin, args...)
	want, _ := plain.CombinedOutput()
	if !bytes.Equal(out, want) {
		t.Errorf("the corpus replays differently in the host sandbox:\n%s\nwant:\n%s", out, want)
	}
	if !bytes.Contains(out, []byte("# Ran ")) {
		t.Errorf("replay did not run:\n%s", out)
	}

	probe := `
ls; ls /; cat /etc/passwd; cat ~/.bashrc; echo hi > ~/x; echo hi > $TMPDIR/x
mkdir -p ./d /tmp/d; touch f; cd /; pwd -P; cd ~; type ls sh git; command -v git
sh -c 'ls; git status'; bash -c 'python3 -V'; moonix -c 'env'; dash x.sh
git status; python3 -c 1; /bin/ls; /usr/bin/env; ../../../bin/sh -c true
echo "$PATH $HOME $TMPDIR $USER" > /work/env; cat ~user/x; read x < /dev/stdin
exec ls; exec /bin/sh -c true
`
	run("", "--ephemeral", "-c", probe)
	run(probe, "--ephemeral")
	run("", "--ephemeral", "-s", probe)
	// Without --ephemeral the workspace is the one host directory written.
	ws := filepath.Join(base, "ws")
	run("", "--workspace", ws, "-c", probe)
	run(probe, "--workspace", ws)
	entries, err := os.ReadDir(ws)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "HEAD config description moonix objects refs" {
		t.Errorf("workspace holds %s", got)
	}

	for _, d := range []string{cwd, home, tmp} {
		entries, err := os.ReadDir(d)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) > 0 {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("%s is not empty: %v", d, names)
		}
	}
	if log, err := os.ReadFile(trapLog); err == nil {
		t.Errorf("host programs ran:\n%s", log)
	} else if !os.IsNotExist(err) {
		t.Fatal(err)
	}
}
