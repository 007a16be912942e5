package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/chzyer/readline"

	"github.com/moonix-sh/moonix/shell"
)

// The REPL and the terminal.
//
// chzyer/readline reads its input in a background goroutine. It only reads
// while a line is being edited (its loop waits to be kicked by Readline), so
// while a command runs nothing competes with the command for the terminal:
// the terminal is back in cooked mode, `read x` and `cat` get the user's
// lines with the kernel's line editing, and Ctrl-C is a SIGINT that cancels
// the command.
//
// A blocked read must be interruptible, or Ctrl-C during `cat` would wait
// for the next line. Standard input is normally in blocking mode, which Go
// cannot interrupt, and setting O_NONBLOCK on it would leak to the parent
// shell that shares the open file. So the REPL opens the terminal anew (a
// new open file, pollable) and gives that one to both readline and the
// shell; a cancel sets a read deadline on it.

// primaryPrompt is the prompt for a new statement, the one place that
// decides what it shows: the branch, the current snapshot's short id and a
// * when the tree has changed since, then the working directory:
// "moonix main@1a2b3c4*:/work$ ". Before the first snapshot only the branch
// shows.
func primaryPrompt(sess *shell.Session) string {
	where := ""
	if repo := sess.Repo(); repo != nil {
		if branch, cur, err := repo.Current(); err == nil {
			where = " " + branch
			if cur != nil {
				where += "@" + cur.Short
				if repo.Dirty() {
					where += "*"
				}
			}
		}
	}
	return "moonix" + where + ":" + sess.Dir() + "$ "
}

const continuationPrompt = "> "

// repl runs the interactive shell; ws is the workspace (nil when
// ephemeral), whose working state is saved when the REPL ends.
func (p *Program) repl(ctx context.Context, o *options, cfg shell.Config, ws *workspace) (status int, err error) {
	in := cfg.Stdin.(*os.File) // runShell checked
	// Never call tty.Fd(): it would put the file back in blocking mode,
	// and read deadlines would stop working.
	tty := reopenTerminal(in)
	if tty != in {
		defer tty.Close()
	}
	cfg.Stdin = tty
	cfg.Interactive = true

	history := ""
	hist := &lineHistory{loaded: true}
	if ws != nil {
		history = ws.historyPath()
		hist = &lineHistory{load: historyReader(history, cfg.Stderr)}
	}
	withFc(&cfg, hist)

	sess, err := shell.New(cfg)
	if err != nil {
		return 0, &exitError{status: 1, msg: err.Error()}
	}
	if ws != nil {
		defer func() { status = ws.exit(sess, status) }()
	}

	fd := int(in.Fd())
	// readline's raw mode keeps output processing (x/term's does not, and
	// readline's newlines would then not return the carriage).
	var saved *readline.State
	rl, err := readline.NewEx(&readline.Config{
		Prompt:            primaryPrompt(sess),
		HistoryFile:       history,
		HistoryLimit:      historyLimit,
		HistorySearchFold: true,
		// The REPL saves the lines itself: expanded, as bash does.
		DisableAutoSaveHistory: true,
		AutoComplete:           completer{sess},
		InterruptPrompt:        "^C",
		EOFPrompt:              "exit",
		Stdin:                  noClose{tty},
		Stdout:                 cfg.Stderr, // prompts and echo go where bash puts them
		Stderr:                 cfg.Stderr,
		FuncIsTerminal:         func() bool { return true },
		FuncMakeRaw: func() error {
			if saved != nil {
				return nil // already raw: keep the cooked state to go back to
			}
			st, err := readline.MakeRaw(fd)
			if err == nil {
				saved = st
			}
			return err
		},
		FuncExitRaw: func() error {
			if saved == nil {
				return nil
			}
			st := saved
			saved = nil
			return readline.Restore(fd, st)
		},
		FuncGetWidth: func() int {
			if w := termWidth(in); w > 0 {
				return w
			}
			return 80
		},
		// Ctrl-Z would make readline stop this process and its parent:
		// there is no job control with the host.
		FuncFilterInputRune: func(r rune) (rune, bool) { return r, r != readline.CharCtrlZ },
	})
	if err != nil {
		return 0, &exitError{status: 1, msg: err.Error()}
	}
	defer rl.Close()

	sigs := make(chan os.Signal, 1)
	if p.Notify != nil {
		p.Notify(sigs)
		defer p.StopNotify(sigs)
	}

	// --timeout also ends a REPL that waits at the prompt: the deadline
	// wakes readline's read, which then reports end of input.
	stopWaking := context.AfterFunc(ctx, func() { tty.SetReadDeadline(time.Now()) })
	defer stopWaking()
	timedOut := func() (int, error) {
		fmt.Fprintf(cfg.Stderr, "moonix: timed out after %s\n", o.timeout)
		return 124, nil
	}

	fmt.Fprintf(cfg.Stderr, "moonix %s, sandboxed: nothing here touches the host. Type help; Ctrl-D exits.\n", Version)
	// save keeps a typed line in the history, unless it repeats the last
	// one, and reports whether it did.
	save := func(line string) bool {
		if !hist.add(line) {
			return false
		}
		// readline's own pointer into its history may be on the line
		// the user went up to: saving nothing first moves it back to
		// the end, so that the line saved is this one.
		rl.SaveHistory("")
		rl.SaveHistory(line)
		return true
	}
	var pending strings.Builder // the lines of an unfinished statement
	for {
		if pending.Len() == 0 {
			rl.SetPrompt(primaryPrompt(sess))
		} else {
			rl.SetPrompt(continuationPrompt)
		}
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			pending.Reset() // Ctrl-C at the prompt drops the entry
			continue
		case errors.Is(err, io.EOF) && pending.Len() > 0:
			// Ctrl-D inside an unfinished statement: let the shell say
			// what is missing, as bash does, and go on.
			src := pending.String()
			pending.Reset()
			p.runEntry(ctx, sess, tty, sigs, src)
			continue
		case err != nil:
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return timedOut()
			}
			return sess.Exit(ctx), nil
		}
		line, run := typedLine(line, pending.String(), hist, save, cfg.Stderr)
		if !run {
			continue
		}
		added := save(line)
		pending.WriteString(line)
		pending.WriteByte('\n')
		src := pending.String()
		if shell.Incomplete(src) {
			continue
		}
		pending.Reset()
		if strings.TrimSpace(src) == "" {
			continue
		}
		hist.setRunning(added)
		status, exited := p.runEntry(ctx, sess, tty, sigs, src)
		hist.setRunning(false)
		if exited || ctx.Err() != nil {
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return timedOut()
			}
			return status, nil
		}
	}
}

// typedLine turns a line typed at the prompt into the line to run, given
// the unfinished statement before it: history references are expanded
// (not in a here-document's body or a single-quoted string), and a line
// that is only fc -s becomes the command it runs again; what changed is
// shown on stderr, as bash does. run is false for a line not to run: an
// expansion failed (the error is shown) or asked only to print (:p).
func typedLine(line, pending string, hist *lineHistory, save func(string) bool, stderr io.Writer) (string, bool) {
	if pending == "" || !shell.LiteralNext(pending) {
		exp, err := expandHistory(line, hist.listed())
		if err != nil {
			fmt.Fprintf(stderr, "moonix: %v\n", err)
			return "", false
		}
		if exp.changed {
			fmt.Fprintln(stderr, exp.line)
			line = exp.line
		}
		if exp.print {
			save(line)
			return "", false
		}
	}
	if pending == "" {
		if cmd, ok := hist.fcAgain(line); ok {
			fmt.Fprintln(stderr, cmd)
			line = cmd
		}
	}
	return line, true
}

// runEntry runs one REPL entry; SIGINT cancels it.
func (p *Program) runEntry(ctx context.Context, sess *shell.Session, tty *os.File, sigs chan os.Signal, src string) (int, bool) {
	// Forget a Ctrl-C that arrived while no command was running.
	select {
	case <-sigs:
	default:
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	interrupted := make(chan bool, 1)
	go func() {
		select {
		case <-sigs:
			interrupted <- true
			cancel()
			// Wake up a command blocked reading the terminal.
			tty.SetReadDeadline(time.Now())
		case <-done:
			interrupted <- false
		}
	}()
	status, exited := sess.Run(ctx, src, "")
	close(done)
	if <-interrupted {
		tty.SetReadDeadline(time.Time{})
		fmt.Fprintln(tty) // the terminal echoed ^C; end that line
	}
	return status, exited
}

// noClose keeps readline from closing the terminal the shell still uses.
type noClose struct{ *os.File }

func (noClose) Close() error { return nil }

// completer completes command names in command position and VFS paths
// elsewhere.
type completer struct{ sess *shell.Session }

func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	start := pos
	for start > 0 && !isWordBreak(line[start-1]) {
		start--
	}
	word := string(line[start:pos])
	var cands [][]rune
	for _, cand := range c.sess.Complete(word, commandPosition(string(line[:start]))) {
		if !strings.HasPrefix(cand, word) {
			continue
		}
		suffix := cand[len(word):]
		if !strings.HasSuffix(cand, "/") {
			suffix += " "
		}
		cands = append(cands, []rune(suffix))
	}
	return cands, len([]rune(word))
}

func isWordBreak(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(`;|&()<>"'`+"`", r)
}

// commandPosition reports whether a word after before starts a command.
func commandPosition(before string) bool {
	s := strings.TrimRightFunc(before, unicode.IsSpace)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ";|&(`") {
		return true
	}
	fields := strings.Fields(s)
	switch fields[len(fields)-1] {
	case "then", "do", "else", "elif", "if", "while", "until", "!", "{", "time", "exec", "command", "xargs", "env":
		return true
	}
	return false
}
