package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// term drives a program in a pseudo-terminal.
type term struct {
	t    *testing.T
	ptmx *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	mark int // expect searches output after this offset
	done chan struct{}
}

func startTerm(t *testing.T, cmd *exec.Cmd) *term {
	t.Helper()
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, ptmx: ptmx, done: make(chan struct{})}
	go func() {
		defer close(tm.done)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		ptmx.Close()
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return tm
}

func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := tm.ptmx.WriteString(s); err != nil {
		tm.t.Fatalf("writing %q: %v", s, err)
	}
}

// ansi matches the escape sequences readline draws with.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// expect waits until the output after the mark contains want (escape
// sequences removed), and moves the mark past it.
func (tm *term) expect(want string) {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		tm.mu.Lock()
		raw := tm.out.String()[tm.mark:]
		tm.mu.Unlock()
		clean := ansi.ReplaceAllString(raw, "")
		if i := strings.Index(clean, want); i >= 0 {
			// Move the mark to the end of the match in the raw output.
			tm.mu.Lock()
			tm.mark += rawOffset(raw, i+len(want))
			tm.mu.Unlock()
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for %q; output after mark:\n%q", want, clean)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// rawOffset maps an offset in the output with escape sequences removed back
// to the raw output.
func rawOffset(raw string, cleanOff int) int {
	n := 0
	for i := 0; i < len(raw); {
		if loc := ansi.FindStringIndex(raw[i:]); loc != nil && loc[0] == 0 {
			i += loc[1]
			continue
		}
		if n == cleanOff {
			return i
		}
		n++
		i++
	}
	return len(raw)
}

// expectPrompt waits until the terminal sits at a fresh prompt: the output
// ends with it (readline redraws the prompt with every key, so a prompt in
// the middle of the output proves nothing).
func (tm *term) expectPrompt(prompt string) {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		tm.mu.Lock()
		raw := tm.out.String()
		tm.mu.Unlock()
		clean := ansi.ReplaceAllString(raw[tm.mark:], "")
		// readline ends a redraw with " \b" and sometimes a bare "\r".
		for trimmed := ""; trimmed != clean; {
			trimmed = clean
			clean = strings.TrimSuffix(strings.TrimSuffix(clean, "\r"), " \b")
		}
		if strings.HasSuffix(clean, prompt) {
			tm.mu.Lock()
			tm.mark = len(raw)
			tm.mu.Unlock()
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for the prompt %q; output after mark:\n%q", prompt, clean)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// rest is the output after the mark, without escape sequences.
func (tm *term) rest() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return ansi.ReplaceAllString(tm.out.String()[tm.mark:], "")
}

func TestREPL(t *testing.T) {
	ws := filepath.Join(t.TempDir(), "ws")
	cmd := exec.Command(moonixBin, "--workspace", ws)
	cmd.Env = []string{"TERM=xterm", "SECRET=hidden"}
	tm := startTerm(t, cmd)
	const prompt = "moonix main:/work$ "
	tm.expectPrompt(prompt)

	// A command; host variables are invisible.
	tm.send("echo hi there \"[$SECRET]\"\r")
	tm.expect("hi there []\r\n")
	tm.expectPrompt(prompt)

	// A statement over several lines gets the continuation prompt.
	tm.send("for i in 1 2; do\r")
	tm.expectPrompt("> ")
	tm.send("echo n$i\r")
	tm.expectPrompt("> ")
	tm.send("done\r")
	tm.expect("n1\r\nn2\r\n")
	tm.expectPrompt(prompt)

	// cd changes the prompt.
	tm.send("cd /tmp\r")
	tm.expectPrompt("moonix main:/tmp$ ")
	tm.send("cd\r")
	tm.expectPrompt(prompt)

	// Ctrl-C cancels a running command, status 130, and the shell goes on.
	tm.send("echo started; while :; do :; done\r")
	tm.expect("started\r\n")
	time.Sleep(100 * time.Millisecond)
	tm.send("\x03")
	tm.expectPrompt(prompt)
	tm.send("echo status=$?\r")
	tm.expect("status=130")
	tm.expectPrompt(prompt)

	// read gets the user's next line.
	tm.send("read -p 'x? ' x; echo \"got <$x>\"\r")
	tm.expect("x? ")
	tm.send("hello world\r")
	tm.expect("got <hello world>")
	tm.expectPrompt(prompt)

	// Ctrl-C interrupts a read blocked on the terminal.
	tm.send("read -p 'y? ' y\r")
	tm.expect("y? ")
	time.Sleep(100 * time.Millisecond)
	tm.send("\x03")
	tm.expectPrompt(prompt)
	tm.send("echo read=$?\r")
	tm.expect("read=130")
	tm.expectPrompt(prompt)

	// cat reads the terminal until Ctrl-D, and Ctrl-C stops it too.
	tm.send("echo ready; cat\r")
	tm.expect("ready\r\n")
	tm.send("typed line\r")
	tm.expect("typed line\r\ntyped line\r\n")
	tm.send("\x04")
	tm.expectPrompt(prompt)
	tm.send("echo ready; cat; echo cat=$?\r")
	tm.expect("ready\r\n")
	time.Sleep(100 * time.Millisecond)
	tm.send("\x03")
	tm.expectPrompt(prompt)
	tm.send("echo cat=$?\r")
	tm.expect("cat=130")
	tm.expectPrompt(prompt)

	// Ctrl-C at the prompt drops the line without running it.
	tm.send("echo dropped")
	tm.expect("echo dropped")
	tm.send("\x03")
	tm.expectPrompt(prompt)
	tm.send("echo kept\r")
	tm.expect("kept\r\n")
	if strings.Contains(tm.rest(), "dropped\r\n") {
		t.Error("the interrupted line ran")
	}
	tm.expectPrompt(prompt)

	// Tab completes command names and paths.
	tm.send("mkdir -p /work/subdir 2>/dev/null || :\r")
	tm.expectPrompt(prompt)
	tm.send("ech\t")
	tm.expect("echo ")
	tm.send("completed\r")
	tm.expect("completed\r\n")
	tm.expectPrompt(prompt)

	// Ctrl-D leaves with the last status.
	tm.send("false\r")
	tm.expectPrompt(prompt)
	tm.send("\x04")
	waitExit(t, cmd, tm, 1)

	hist, err := os.ReadFile(filepath.Join(ws, "moonix", "history"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"echo hi there", "for i in 1 2; do", "read -p 'x? ' x", "false"} {
		if !strings.Contains(string(hist), want) {
			t.Errorf("history lacks %q:\n%s", want, hist)
		}
	}
	if strings.Contains(string(hist), "echo dropped") {
		t.Errorf("history holds the interrupted line:\n%s", hist)
	}
}

func TestREPLExitAndEphemeral(t *testing.T) {
	home := t.TempDir()
	cmd := exec.Command(moonixBin, "--ephemeral")
	cmd.Env = []string{"TERM=xterm", "HOME=" + home, "XDG_DATA_HOME=" + home}
	tm := startTerm(t, cmd)
	tm.expectPrompt("moonix main:/work$ ")
	tm.send("trap 'echo bye' EXIT; exit 7\r")
	tm.expect("bye")
	waitExit(t, cmd, tm, 7)
	if entries, _ := os.ReadDir(home); len(entries) != 0 {
		t.Errorf("--ephemeral wrote to the host: %v", entries)
	}
}

func waitExit(t *testing.T, cmd *exec.Cmd, tm *term, want int) {
	t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- cmd.Wait() }()
	select {
	case <-errc:
	case <-time.After(10 * time.Second):
		t.Fatalf("moonix did not exit; output:\n%q", tm.rest())
	}
	if got := cmd.ProcessState.ExitCode(); got != want {
		t.Errorf("exit status %d, want %d; output:\n%q", got, want, tm.rest())
	}
}

func TestREPLTimeout(t *testing.T) {
	cmd := exec.Command(moonixBin, "--ephemeral", "--timeout", "500ms")
	cmd.Env = []string{"TERM=xterm"}
	tm := startTerm(t, cmd)
	tm.expectPrompt("moonix main:/work$ ")
	// Nothing typed: the deadline ends the REPL waiting at the prompt.
	tm.expect("moonix: timed out after 500ms")
	waitExit(t, cmd, tm, 124)
}

// expectRe waits until the output after the mark matches re (escape
// sequences removed), moves the mark past the match and returns the
// submatches.
func (tm *term) expectRe(re *regexp.Regexp) []string {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		tm.mu.Lock()
		raw := tm.out.String()[tm.mark:]
		tm.mu.Unlock()
		clean := ansi.ReplaceAllString(raw, "")
		if loc := re.FindStringSubmatchIndex(clean); loc != nil {
			m := re.FindStringSubmatch(clean)
			tm.mu.Lock()
			tm.mark += rawOffset(raw, loc[1])
			tm.mu.Unlock()
			return m
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for /%s/; output after mark:\n%q", re, clean)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestREPLPrompt follows the prompt through snapshots: the branch, then
// branch@id, with a * while the tree differs from the snapshot; and a
// second moonix on the same workspace is refused while the REPL runs.
func TestREPLPrompt(t *testing.T) {
	if !hasBuiltin(t, "snapshot") {
		t.Skip("moonix has no snapshot command yet")
	}
	ws := filepath.Join(t.TempDir(), "ws")
	cmd := exec.Command(moonixBin, "--workspace", ws)
	cmd.Env = []string{"TERM=xterm"}
	tm := startTerm(t, cmd)
	tm.expectPrompt("moonix main:/work$ ")
	tm.send("echo one > f; snapshot -m one\r")
	id := tm.expectRe(regexp.MustCompile(`\n([0-9a-f]{7,})\r\n`))[1]
	tm.expectPrompt("moonix main@" + id + ":/work$ ")
	tm.send("echo two > f\r")
	tm.expectPrompt("moonix main@" + id + "*:/work$ ")
	tm.send("echo one > f; cd /tmp\r")
	tm.expectPrompt("moonix main@" + id + ":/tmp$ ")

	out, err := moonix(t, "--workspace", ws, "--lock-wait", "0", "-c", "true")
	if err == nil || !strings.Contains(out, "is in use by pid") {
		t.Errorf("a second moonix beside the REPL: %v %q", err, out)
	}

	// Another one, in a terminal, says at once what it waits for, and
	// runs once the REPL is gone.
	second := exec.Command(moonixBin, "--workspace", ws, "-c", "echo second ran in $PWD")
	second.Env = []string{"TERM=xterm"}
	tm2 := startTerm(t, second)
	tm2.expect(fmt.Sprintf("moonix: waiting for workspace %s (in use by pid %d)...\r\n", ws, cmd.Process.Pid))

	tm.send("exit\r")
	waitExit(t, cmd, tm, 0)
	tm2.expect("second ran in /tmp\r\n")
	waitExit(t, second, tm2, 0)
	// The next run starts where the REPL stopped.
	if out, err := moonix(t, "--workspace", ws, "-c", "pwd; cat /work/f"); err != nil || out != "/tmp\none\n" {
		t.Errorf("after the REPL: %v %q", err, out)
	}
}

// TestREPLHereDoc types here-documents of every form at the prompt: the
// statement stays open (continuation prompt) until every delimiter has
// come, and only then runs, body as data.
func TestREPLHereDoc(t *testing.T) {
	cmd := exec.Command(moonixBin, "--ephemeral")
	cmd.Env = []string{"TERM=xterm"}
	tm := startTerm(t, cmd)
	const prompt = "moonix main:/work$ "
	tm.expectPrompt(prompt)

	// type sends the lines of one statement: every line but the last
	// must leave the REPL waiting for more.
	typeLines := func(lines ...string) {
		t.Helper()
		for _, l := range lines[:len(lines)-1] {
			tm.send(l + "\r")
			tm.expectPrompt("> ")
		}
		tm.send(lines[len(lines)-1] + "\r")
	}
	typeLines("cat > run.sh <<'EOF'", "echo body ran", "touch /work/ran", "EOF")
	tm.expectPrompt(prompt)
	typeLines(`cat >> run.sh <<"END"`, "echo $HOME", "END")
	tm.expectPrompt(prompt)
	typeLines(`cat >> run.sh <<\STOP`, "echo `date`", "STOP")
	tm.expectPrompt(prompt)
	typeLines("cat >> run.sh <<-'TABS'", "\t\techo tabs", "\tTABS")
	tm.expectPrompt(prompt)
	typeLines("cat <<ONE >> run.sh; cat <<'TWO' >> run.sh", "one $USER", "ONE", "two $USER", "TWO")
	tm.expectPrompt(prompt)
	typeLines("x=$(cat <<'EOF'", "in a substitution", "EOF", ")")
	tm.expectPrompt(prompt)
	typeLines("f() {", "cat <<'EOF'", "in a function", "EOF", "}")
	tm.expectPrompt(prompt)
	typeLines("for i in 1 2; do cat <<'EOF'", "loop $i", "EOF", "done")
	tm.expect("loop $i\r\nloop $i\r\n")
	tm.expectPrompt(prompt)

	tm.send("cat run.sh; echo \"[$x]\"; f; test -e /work/ran || echo 'no body ran'\r")
	tm.expect("echo body ran\r\ntouch /work/ran\r\necho $HOME\r\necho `date`\r\necho tabs\r\n" +
		"one user\r\ntwo $USER\r\n[in a substitution]\r\nin a function\r\nno body ran\r\n")
	tm.expectPrompt(prompt)
	tm.send("exit\r")
	waitExit(t, cmd, tm, 0)
	tm.mu.Lock()
	out := tm.out.String()
	tm.mu.Unlock()
	if strings.Contains(out, "unclosed here-document") {
		t.Errorf("the REPL reported an unclosed here-document:\n%q", out)
	}
}

// TestREPLHistoryExpansion: the typed history at the prompt, as bash's:
// !!, !N, !-N, !PREFIX, !$, ^old^new, :p, each shown before it runs;
// event not found; quotes and here-documents keep their !; fc lists the
// lines (numbered from the workspace's earlier sessions) and fc -s runs
// one again. What is saved is the line as it ran.
func TestREPLHistoryExpansion(t *testing.T) {
	ws := filepath.Join(t.TempDir(), "ws")
	if out, err := moonix(t, "--workspace", ws, "-c", "true"); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	histFile := filepath.Join(ws, "moonix", "history")
	if err := os.WriteFile(histFile, []byte("echo old one\nprintf '%s\\n' old-two\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(moonixBin, "--workspace", ws)
	cmd.Env = []string{"TERM=xterm"}
	tm := startTerm(t, cmd)
	const prompt = "moonix main:/work$ "
	tm.expectPrompt(prompt)
	run := func(line, want string) {
		t.Helper()
		tm.send(line + "\r")
		if want != "" {
			tm.expect(want)
		}
		tm.expectPrompt(prompt)
	}

	run("echo one two", "one two\r\n")
	run("!!", "echo one two\r\none two\r\n")
	run("!1", "echo old one\r\nold one\r\n")
	run("echo !$", "echo one\r\none\r\n")
	run("!pr", "printf '%s\\n' old-two\r\nold-two\r\n")
	run("!nope", "moonix: !nope: event not found\r\n")
	run("echo '!!'", "!!\r\n")
	tm.send("cat <<'EOF'\r")
	tm.expectPrompt("> ")
	tm.send("#!/bin/sh\r")
	tm.expectPrompt("> ")
	tm.send("echo !! !$\r")
	tm.expectPrompt("> ")
	run("EOF", "#!/bin/sh\r\necho !! !$\r\n")
	run("fc -l", "1\t echo old one\r\n2\t printf '%s\\n' old-two\r\n3\t echo one two\r\n"+
		"4\t echo old one\r\n5\t echo one\r\n6\t printf '%s\\n' old-two\r\n7\t echo '!!'\r\n"+
		"8\t cat <<'EOF'\r\n9\t #!/bin/sh\r\n10\t echo !! !$\r\n11\t EOF\r\n")
	run("fc -ln -3 -2", "\t echo !! !$\r\n\t EOF\r\n")
	run("fc -s old=new 1", "echo new one\r\nnew one\r\n")
	run("^new^NEW", "echo NEW one\r\nNEW one\r\n")
	run("!!:p", "echo NEW one\r\n")
	if strings.Contains(tm.rest(), "NEW one\r\nNEW one") {
		t.Errorf("!!:p ran the line")
	}
	// The line :p printed is kept (once: it repeats the last one).
	run("fc -l -2", "14\t echo new one\r\n15\t echo NEW one\r\n")
	// A line fetched with the up arrow and edited is saved as it ran.
	tm.send("\x1b[A\x1b[A")
	tm.expect("echo NEW one")
	tm.send(" !$\r")
	tm.expect("echo NEW one -2\r\nNEW one -2\r\n")
	tm.expectPrompt(prompt)
	tm.send("exit\r")
	waitExit(t, cmd, tm, 0)

	hist, err := os.ReadFile(histFile)
	if err != nil {
		t.Fatal(err)
	}
	want := "echo old one\nprintf '%s\\n' old-two\necho one two\necho old one\necho one\n" +
		"printf '%s\\n' old-two\necho '!!'\ncat <<'EOF'\n#!/bin/sh\necho !! !$\nEOF\nfc -l\n" +
		"fc -ln -3 -2\necho new one\necho NEW one\nfc -l -2\necho NEW one -2\nexit\n"
	if string(hist) != want {
		t.Errorf("history file:\n%s\nwant:\n%s", hist, want)
	}

	// Outside the REPL there is no history expansion (as in bash), and
	// fc -l lists the workspace's typed history.
	out, err := moonix(t, "--workspace", ws, "-c", "echo !! !1; fc -l 15")
	if err != nil || out != "!! !1\n15\t echo NEW one\n16\t fc -l -2\n17\t echo NEW one -2\n18\t exit\n" {
		t.Errorf("moonix -c: %v %q", err, out)
	}
}
