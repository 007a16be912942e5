// Package transcript reads, runs and rewrites cram transcripts (.t files),
// moonix's user-facing test format.
//
// A transcript is prose (unindented lines, kept as they are) and commands:
//
//	Some prose.
//	  $ echo hello
//	  hello
//	  $ for i in 1 2; do
//	  >   echo $i
//	  > done
//	  1
//	  2
//	  $ false
//	  [1]
//
// A command line starts with two spaces and "$ ", its continuation lines
// with two spaces and "> "; the lines indented by two spaces that follow are
// its expected output (stdout and stderr merged), and "[N]" records a
// non-zero exit status. An expected line may end in " (re)" (a Go regular
// expression matching the whole line), " (glob)" (* and ? wildcards, with
// backslash escapes), " (esc)" (Python string escapes, which is how output
// with control characters or non-ASCII bytes is written) or " (no-eol)"
// (the output did not end in a newline).
//
// The package follows cram 0.7 closely, down to its diff algorithm, so that
// `moonix replay` and `cram3 --shell=moonix` agree on every file: a file is
// run in order as one session, actual output is written back into a copy of
// the file, and that copy is compared with the original by Python difflib's
// algorithm in which annotated lines that match count as equal.
//
// transcript imports only the standard library; it neither reads files nor
// runs anything itself (the caller hands it bytes and a Runner). A Test is
// immutable after Parse and safe for concurrent use; a Result is too.
package transcript

import (
	"bytes"
	"strconv"
	"strings"
)

// The prefixes of indented lines (cram's default indentation of two).
const (
	indent   = "  "
	cmdLine  = "  $ "
	contLine = "  > "
)

// Test is a parsed transcript.
type Test struct {
	// Lines are the lines of the file, each ending in "\n" (one is added
	// to a last line without it).
	Lines []string
	// Blocks[0] holds what precedes the first command; each later block
	// is one command.
	Blocks []Block
	// Empty is set for a file of zero bytes, which cram skips.
	Empty bool
}

// Block is one command of a transcript, or the head of the file.
type Block struct {
	// Line is the index in Test.Lines of the "  $ " line, -1 for the head.
	Line int
	// Source is the shell input: the command and its continuation lines
	// without their prefixes, each ending in "\n". It is empty for the
	// head unless continuation lines come before any command.
	Source string
	// Expected are the indented lines after the command as written: its
	// expected output and "[N]" status line.
	Expected []string
	// After are the lines that follow this block's output when the file
	// is written back: its prose, then the next command's own lines.
	After []string
}

// Parse splits a transcript into blocks. Every input is a valid transcript,
// as with cram: a line that is neither a command, a continuation nor
// indented output is prose.
func Parse(data []byte) *Test {
	t := &Test{Empty: len(data) == 0, Blocks: []Block{{Line: -1}}}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		s := string(line)
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		t.Lines = append(t.Lines, s)
		cur := &t.Blocks[len(t.Blocks)-1]
		switch {
		case strings.HasPrefix(s, cmdLine):
			cur.After = append(cur.After, s)
			t.Blocks = append(t.Blocks, Block{Line: len(t.Lines) - 1, Source: s[len(cmdLine):]})
		case strings.HasPrefix(s, contLine):
			// cram files continuation lines with the command line
			// itself: in the block before the current command.
			prev := &t.Blocks[max(len(t.Blocks)-2, 0)]
			prev.After = append(prev.After, s)
			cur = &t.Blocks[len(t.Blocks)-1]
			cur.Source += s[len(contLine):]
		case !strings.HasPrefix(s, indent):
			cur.After = append(cur.After, s)
		default:
			cur.Expected = append(cur.Expected, s)
		}
	}
	return t
}

// Commands returns the number of commands in t.
func (t *Test) Commands() int { return len(t.Blocks) - 1 }

// A Runner runs one command's source text in the transcript's session and
// returns everything it wrote to stdout and stderr, in order, and its exit
// status. exited reports that the session ended (the exit builtin, a
// set -e failure): the commands after it are not run.
type Runner func(source string) (output []byte, status int, exited bool)

// SkipStatus is the exit status with which a transcript asks to be skipped
// (`exit 80`, as in cram).
const SkipStatus = 80

// Run runs the commands of t in order through run and compares their output
// with the expected output.
func (t *Test) Run(run Runner) *Result {
	r := &Result{Expected: t.Lines}
	if t.Empty {
		r.Skipped = true
		return r
	}
	var post []string
	for i, b := range t.Blocks {
		if i == 0 && b.Source == "" {
			post = append(post, b.After...)
			r.blocks = append(r.blocks, blockResult{after: b.After})
			continue
		}
		out, status, exited := run(b.Source)
		got := OutputLines(out)
		if exited && status == SkipStatus {
			r.Skipped = true
			return r
		}
		// When the shell stopped, cram sees no status for this command
		// and nothing of the lines after its prose.
		if status != 0 && !exited {
			got = append(got, indent+"["+strconv.Itoa(status)+"]\n")
		}
		post = append(post, got...)
		post = append(post, b.After...)
		r.blocks = append(r.blocks, blockResult{expected: b.Expected, actual: got, after: b.After})
		if exited {
			break
		}
	}
	r.Actual = post
	r.ops = newSequenceMatcher(t.Lines, post, newMatcher()).opcodes()
	for _, op := range r.ops {
		if op.tag != 'e' {
			r.failed = true
		}
	}
	return r
}

// OutputLines turns a command's output into transcript lines as cram writes
// them: indented, lines split at "\n", "\r\n" and "\r", a last line without
// a newline marked " (no-eol)", lines with control characters or non-ASCII
// bytes escaped and marked " (esc)".
func OutputLines(out []byte) []string {
	var lines []string
	for len(out) > 0 {
		n := len(out)
		if i := bytes.IndexAny(out, "\r\n"); i >= 0 {
			n = i + 1
			if out[i] == '\r' && i+1 < len(out) && out[i+1] == '\n' {
				n++
			}
		}
		s := string(out[:n])
		out = out[n:]
		if !strings.HasSuffix(s, "\n") {
			s += annNoEOL + "\n"
		}
		if needsEscape(s) {
			s = escapeLine(s)
		}
		lines = append(lines, indent+s)
	}
	return lines
}

// Result is the outcome of running a transcript.
type Result struct {
	// Skipped is set for an empty file and for one whose session exited
	// with SkipStatus; the other fields are then not meaningful.
	Skipped bool
	// Expected is the file as written; Actual is the file as it would
	// read with the actual output in place of the expected output.
	Expected, Actual []string

	ops    []opcode
	failed bool
	blocks []blockResult
}

// blockResult is one block's share of the actual file.
type blockResult struct {
	expected, actual, after []string
}

// Failed reports whether the actual output differs from the expected
// output.
func (r *Result) Failed() bool { return !r.Skipped && r.failed }

// Diff returns the unified diff (three lines of context) from the expected
// file to the actual one, with cram's headers "--- from" and "+++ to";
// annotated lines that matched are shown as written. It is empty when the
// transcript passed.
func (r *Result) Diff(from, to string) string {
	if !r.Failed() {
		return ""
	}
	var b strings.Builder
	b.WriteString("--- " + from + "\n")
	b.WriteString("+++ " + to + "\n")
	for _, group := range groupedOpcodes(r.ops, 3) {
		first, last := group[0], group[len(group)-1]
		b.WriteString("@@ -" + strconv.Itoa(first.i1+1) + "," + strconv.Itoa(last.i2-first.i1) +
			" +" + strconv.Itoa(first.j1+1) + "," + strconv.Itoa(last.j2-first.j1) + " @@\n")
		for _, op := range group {
			if op.tag == 'e' {
				for _, l := range r.Expected[op.i1:op.i2] {
					b.WriteString(" " + l)
				}
				continue
			}
			if op.tag == 'r' || op.tag == 'd' {
				for _, l := range r.Expected[op.i1:op.i2] {
					b.WriteString("-" + l)
				}
			}
			if op.tag == 'r' || op.tag == 'i' {
				for _, l := range r.Actual[op.j1:op.j2] {
					b.WriteString("+" + l)
				}
			}
		}
	}
	return b.String()
}

// Updated returns the transcript rewritten with the actual output, keeping
// the lines that matched as written (so a (re) or (glob) line that still
// matches stays). A transcript that passed or was skipped comes back
// unchanged.
func (r *Result) Updated() []byte {
	if !r.Failed() {
		return []byte(strings.Join(r.Expected, ""))
	}
	// Merge block by block rather than along the whole-file diff: there
	// a (re) line may stand for a command line, and a rewrite must never
	// lose commands or prose.
	var b strings.Builder
	for _, blk := range r.blocks {
		for _, op := range newSequenceMatcher(blk.expected, blk.actual, newMatcher()).opcodes() {
			if op.tag == 'e' {
				for _, l := range blk.expected[op.i1:op.i2] {
					b.WriteString(l)
				}
				continue
			}
			for _, l := range blk.actual[op.j1:op.j2] {
				b.WriteString(protectLine(l))
			}
		}
		for _, l := range blk.after {
			b.WriteString(l)
		}
	}
	return []byte(b.String())
}

// protectLine escapes the first character of an output line that would
// read as a command ("$ ") or a continuation ("> ") once written back, so
// an updated transcript means what it did.
func protectLine(l string) string {
	body, ok := strings.CutPrefix(l, indent)
	if !ok || !strings.HasPrefix(body, "$ ") && !strings.HasPrefix(body, "> ") {
		return l
	}
	if !strings.HasSuffix(body, annEsc) {
		body = escapeLine(body)
	}
	first := `\x3e`
	if body[0] == '$' {
		first = `\x24`
	}
	return indent + first + body[1:]
}
