package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/shell"
)

// The typed-command history. `history` lists snapshots (moonix's word for
// it), so the lines people type have bash's other commands: fc, and in the
// REPL history expansion (histexpand.go). The REPL's lines are kept in the
// workspace (DIR/moonix/history, written by readline); fc -l in a run that
// is not interactive lists that file.

// historyLimit is how many lines the history keeps (readline's limit too).
const historyLimit = 10000

// lineHistory is the typed lines, oldest first. It is safe for concurrent
// use: fc runs on the interpreter's goroutines.
type lineHistory struct {
	mu      sync.Mutex
	lines   []string
	load    func() []string // reads the lines the first time they are needed
	loaded  bool
	running bool // the last line is the entry under way (not listed)
}

// readHistoryFile reads a history file as readline does: one line each,
// blank lines skipped, the newest historyLimit kept. A missing file is an
// empty history.
func readHistoryFile(name string) ([]string, error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			break // readline drops a last line without a newline too
		}
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) > historyLimit {
		lines = lines[len(lines)-historyLimit:]
	}
	return lines, nil
}

// listed returns the lines fc and history expansion see: all but the
// entry under way.
func (h *lineHistory) listed() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.loaded {
		if h.load != nil {
			h.lines = h.load()
		}
		h.loaded = true
	}
	n := len(h.lines)
	if h.running {
		n--
	}
	return h.lines[:n:n]
}

// add appends a typed line unless it repeats the last one (readline keeps
// one of consecutive repeats, and its file must agree with the numbers fc
// shows); it reports whether it did.
func (h *lineHistory) add(line string) bool {
	h.listed() // loaded first
	h.mu.Lock()
	defer h.mu.Unlock()
	if strings.TrimSpace(line) == "" || len(h.lines) > 0 && h.lines[len(h.lines)-1] == line {
		return false
	}
	h.lines = append(h.lines, line)
	if len(h.lines) > historyLimit {
		h.lines = h.lines[1:]
	}
	return true
}

// setRunning says whether the last line is the entry under way.
func (h *lineHistory) setRunning(running bool) {
	h.mu.Lock()
	h.running = running
	h.mu.Unlock()
}

const fcUsage = "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"

// fcSummary and fcHelp are fc's help: help lists the summary, fc --help
// and help fc print fcHelp, in GNU's layout as every command's.
const fcSummary = "list the commands typed at the prompt, or run one again"

const fcHelp = `Usage: fc [-e ename] [-lnr] [first] [last]
  or:  fc -s [pat=rep] [command]
List the commands typed at the prompt, or run one again.

The typed-command history: the lines typed at moonix's prompt, kept in the
workspace ('history' lists snapshots). FIRST and LAST are a number, a
negative offset from the current command (-1: the one before), or the
start of a command (the newest one that starts so).
  -l          list commands (the last 16 by default), numbered
  -n          list without numbers
  -r          list newest first
  -s          run a command again (the last by default) after replacing
              every PAT with REP; only as a command line of its own at the
              prompt, as with !N and !!
  -e -        the same as -s
moonix has no editor: fc without -l or -s, or with -e EDITOR, fails.
`

// fc is the fc command. It lists the typed history (-l); it finds the
// command -s names, but the REPL runs it (fcAgain), since a command cannot
// run shell text in the session that runs it.
func (h *lineHistory) fc(c *builtins.Call) int {
	opts, args, err := parseFc(c.Args[1:])
	if errors.Is(err, errHelp) {
		fmt.Fprint(c.Stdout, fcHelp)
		return 0
	}
	if err != nil {
		c.Fail("%v", err)
		fmt.Fprintf(c.Stderr, "fc: usage: %s\n", fcUsage)
		return 2
	}
	lines := h.listed()
	switch {
	case opts.again:
		if _, ok := fcCommand(lines, args); !ok {
			c.Fail("no command found")
			return 1
		}
		c.Fail("-s runs a command again only as a command line of its own at the prompt")
		return 1
	case !opts.list:
		c.Fail("no editor in moonix; use fc -l to list, fc -s or !N to run a command again")
		return 1
	}
	first, last := len(lines)-15, len(lines)
	if len(args) > 0 {
		var ok bool
		if first, ok = fcNumber(lines, args[0]); !ok {
			c.Fail("no command found")
			return 1
		}
	}
	if len(args) > 1 {
		var ok bool
		if last, ok = fcNumber(lines, args[1]); !ok {
			c.Fail("no command found")
			return 1
		}
	}
	if len(lines) == 0 {
		return 0
	}
	first, last = clamp(first, 1, len(lines)), clamp(last, 1, len(lines))
	step := 1
	if first > last {
		step = -1
	}
	if opts.reverse {
		first, last, step = last, first, -step
	}
	for i := first; ; i += step {
		if opts.noNumbers {
			fmt.Fprintf(c.Stdout, "\t %s\n", lines[i-1])
		} else {
			fmt.Fprintf(c.Stdout, "%d\t %s\n", i, lines[i-1])
		}
		if i == last {
			break
		}
	}
	return 0
}

func clamp(n, lo, hi int) int { return max(lo, min(n, hi)) }

// fcOptions are fc's options.
type fcOptions struct {
	list, noNumbers, reverse, again bool
}

var errHelp = errors.New("help")

// parseFc parses fc's arguments. A negative number ends the options: it
// is an offset (fc -l -3).
func parseFc(args []string) (fcOptions, []string, error) {
	var o fcOptions
	editor := ""
	for len(args) > 0 {
		a := args[0]
		if a == "--help" {
			return o, nil, errHelp
		}
		if a == "--" {
			args = args[1:]
			break
		}
		if len(a) < 2 || a[0] != '-' || a[1] >= '0' && a[1] <= '9' {
			break
		}
		args = args[1:]
		for k := 1; k < len(a); k++ {
			switch a[k] {
			case 'l':
				o.list = true
			case 'n':
				o.noNumbers = true
			case 'r':
				o.reverse = true
			case 's':
				o.again = true
			case 'e':
				if k+1 < len(a) {
					editor = a[k+1:]
				} else if len(args) > 0 {
					editor, args = args[0], args[1:]
				} else {
					return o, nil, errors.New("-e: option requires an argument")
				}
				k = len(a)
			default:
				return o, nil, fmt.Errorf("-%c: invalid option", a[k])
			}
		}
	}
	if editor == "-" {
		o.again = true
	} else if editor != "" {
		o.list = false // an editor form: fc says there is none
		o.again = false
	}
	if o.again && o.list {
		o.again = false // bash: -l wins
	}
	return o, args, nil
}

// fcNumber resolves FIRST or LAST: a number, a negative offset from the
// current command (which follows lines), or a command's start.
func fcNumber(lines []string, spec string) (int, bool) {
	if n, err := strconv.Atoi(spec); err == nil {
		if n <= 0 {
			n += len(lines) + 1
			if n > len(lines) {
				n = len(lines) // 0 is the last command
			}
		}
		return n, true
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], spec) {
			return i + 1, true
		}
	}
	return 0, false
}

// fcCommand is the command fc -s [pat=rep] [command] runs: the one args
// name (the last by default), with every pat replaced by rep.
func fcCommand(lines []string, args []string) (string, bool) {
	pat, rep, subst := "", "", false
	if len(args) > 0 {
		if p, r, ok := strings.Cut(args[0], "="); ok {
			pat, rep, subst = p, r, true
			args = args[1:]
		}
	}
	if len(lines) == 0 {
		return "", false
	}
	n := len(lines)
	if len(args) > 0 {
		var ok bool
		if n, ok = fcNumber(lines, args[0]); !ok || n < 1 || n > len(lines) {
			return "", false
		}
	}
	cmd := lines[n-1]
	if subst && pat != "" {
		cmd = strings.ReplaceAll(cmd, pat, rep)
	}
	return cmd, true
}

// fcAgain recognizes a line that is only `fc -s [pat=rep] [command]` (or
// `fc -e - ...`) and returns the command it runs again.
func (h *lineHistory) fcAgain(line string) (string, bool) {
	words := historyWords(line)
	if len(words) < 2 || words[0] != "fc" {
		return "", false
	}
	args := make([]string, 0, len(words)-1)
	for _, w := range words[1:] {
		u, ok := unquoteWord(w)
		if !ok {
			return "", false // an operator, an expansion: not fc alone
		}
		args = append(args, u)
	}
	opts, args, err := parseFc(args)
	if err != nil || !opts.again {
		return "", false
	}
	return fcCommand(h.listed(), args)
}

// unquoteWord removes the quotes of a word made of literal text only.
func unquoteWord(w string) (string, bool) {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
				continue
			}
		case quote == '"':
			if c == '"' {
				quote = 0
				continue
			}
			if strings.IndexByte("$`", c) >= 0 {
				return "", false
			}
			if c == '\\' && i+1 < len(w) && strings.IndexByte("$`\"\\", w[i+1]) >= 0 {
				i++
				c = w[i]
			}
		case c == '\'' || c == '"':
			quote = c
			continue
		case c == '\\' && i+1 < len(w):
			i++
			c = w[i]
		case strings.IndexByte("$`;&|<>()*?[{~", c) >= 0:
			return "", false
		}
		b.WriteByte(c)
	}
	return b.String(), quote == 0
}

// withFc gives a session the fc command, on hist: a command package of
// its own, so that help lists it and completion knows it as it knows the
// builtins.
func withFc(cfg *shell.Config, hist *lineHistory) {
	fc := &builtins.Command{Name: "fc", Summary: fcSummary, Usage: fcHelp, Run: hist.fc}
	cfg.Packages = append(slices.Clone(cfg.Packages), func(shell.Resources) []*builtins.Command {
		return []*builtins.Command{fc}
	})
}

// historyReader loads a history file for fc, reporting a file that cannot
// be read on w.
func historyReader(name string, w io.Writer) func() []string {
	return func() []string {
		lines, err := readHistoryFile(name)
		if err != nil {
			fmt.Fprintf(w, "moonix: history: %v\n", err)
		}
		return lines
	}
}
