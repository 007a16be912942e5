package coreutils

// patch: apply unified, context and normal diffs as GNU patch 2.7 does,
// hunk by hunk, at an offset or with fuzz when the file moved on, with
// GNU's messages ("Hunk #1 succeeded at 5 (offset 2 lines).") and its
// rejects file. Files are created and removed as the headers say
// (/dev/null, or the epoch's timestamp that diff -N writes).

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func patchCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "patch",
		Summary:     "apply a diff file to an original",
		UsageStatus: 2,
		Usage: `Usage: patch [OPTION]... [ORIGFILE [PATCHFILE]]

Input options:

  -p NUM  --strip=NUM  Strip NUM leading components from file names.
  -R  --reverse  Assume patches were created with old and new files swapped.
  -i PATCHFILE  --input=PATCHFILE  Read patch from PATCHFILE instead of stdin.

Output options:

  -o FILE  --output=FILE  Output patched files to FILE.
  -r FILE  --reject-file=FILE  Output rejects to FILE.
  -E  --remove-empty-files  Remove output files that are empty after patching.
  -b  --backup  Back up the original contents of each file.
  --dry-run  Do not actually change any files; just print what would happen.

Miscellaneous options:

  -t  --batch  Ask no questions; skip bad-Prereq patches; assume reversed.
  -f  --force  Like -t, but ignore bad-Prereq patches, and assume unreversed.
  -N  --forward  Ignore patches that seem to be reversed or already applied.
  -F LINES  --fuzz LINES  Set the fuzz factor to LINES for inexact matching.
  -s  --quiet  --silent  Work silently unless an error occurs.
  -d DIR  --directory=DIR  Change the working directory to DIR first.
      --help        display this help and exit
      --version     output version information and exit

A patch is unified (diff -u, git diff), context (diff -c) or normal
(diff); without -p, the file names lose their directories.
`,
		Run: stopsOnCancel(runPatch),
	}
}

// A patchLine is one line of a hunk: ' ' context, '-' old only, '+' new
// only; text holds its newline unless the file ends without one.
type patchLine struct {
	kind byte
	text string
}

// A hunk is one change: where it was made in the old and new files
// (1-based; a start of n with no lines means after line n).
type hunk struct {
	oldStart, oldLen, newStart, newLen int
	lines                              []patchLine
}

// A filePatch is the hunks for one file.
type filePatch struct {
	header               []string // the header lines, for the rejects file
	oldName, newName     string
	oldAbsent, newAbsent bool // /dev/null, or the epoch's timestamp
	hunks                []hunk
	line                 int // the patch's line where its first hunk began
	context              bool
	err                  error // what was wrong in its hunks, said when it is reached
}

type patchRun struct {
	c                                    *builtins.Call
	strip                                int
	reverse, dryRun, backup, removeEmpty bool
	force, batch, forward, silent        bool
	output, rejectFile, dir              string
	fuzz                                 int
	status                               int
}

func runPatch(c *builtins.Call) int {
	o := &patchRun{c: c, strip: -1}
	fl := c.Flags()
	fl.IntVarP(&o.strip, "strip", "p", -1, "")
	fl.BoolVarP(&o.reverse, "reverse", "R", false, "")
	input := fl.StringP("input", "i", "", "")
	fl.StringVarP(&o.output, "output", "o", "", "")
	fl.StringVarP(&o.rejectFile, "reject-file", "r", "", "")
	fl.BoolVarP(&o.removeEmpty, "remove-empty-files", "E", false, "")
	fl.BoolVarP(&o.backup, "backup", "b", false, "")
	fl.BoolVar(&o.dryRun, "dry-run", false, "")
	fl.BoolVarP(&o.batch, "batch", "t", false, "")
	fl.BoolVarP(&o.force, "force", "f", false, "")
	fl.BoolVarP(&o.forward, "forward", "N", false, "")
	fl.IntVarP(&o.fuzz, "fuzz", "F", 2, "")
	fl.BoolVarP(&o.silent, "quiet", "s", false, "")
	fl.Bool("silent", false, "")
	fl.StringVarP(&o.dir, "directory", "d", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if s, _ := fl.GetBool("silent"); s {
		o.silent = true
	}
	ops := fl.Args()
	if len(ops) > 2 {
		c.Fail("%s: extra operand", builtins.Quote(ops[2]))
		return 2
	}
	if len(ops) == 2 {
		*input = ops[1]
	}
	if o.dir != "" {
		d := c.Abs(o.dir)
		if info, err := c.FS.Stat(d); err != nil || !info.IsDir() {
			if err == nil {
				err = &fs.PathError{Op: "chdir", Path: d, Err: syscall.ENOTDIR}
			}
			c.FailWith(err, "**** Can't change to directory %s : %s", o.dir, builtins.Reason(err))
			return 2
		}
		sub := *c
		sub.Dir = d
		o.c = &sub
	}
	var text []byte
	var err error
	if *input != "" && *input != "-" {
		text, err = readFileOf(c, o.c.Abs(*input))
	} else {
		text, err = readAllOf(c, c.Stdin)
	}
	if err != nil {
		c.FailWith(err, "**** Can't open patch file %s : %s", *input, builtins.Reason(err))
		return 2
	}
	patches := parsePatch(string(text))
	if len(patches) == 0 {
		if !o.silent {
			fmt.Fprintln(c.Stderr, "patch: **** Only garbage was found in the patch input.")
		}
		return 2
	}
	for _, fp := range patches {
		if c.Canceled() {
			return 130
		}
		target := ""
		if len(ops) > 0 {
			target = ops[0]
		}
		if !o.apply(fp, target) {
			return 2
		}
	}
	return o.status
}

// say prints one of patch's messages on standard output, unless -s.
func (o *patchRun) say(format string, args ...any) {
	if !o.silent {
		fmt.Fprintf(o.c.Stdout, format+"\n", args...)
	}
}

// stripName applies -p to a name from the patch (without -p, only the
// last component is kept).
func (o *patchRun) stripName(name string) string {
	if o.strip < 0 {
		return path.Base(name)
	}
	for range o.strip {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return ""
		}
		name = strings.TrimLeft(name[i+1:], "/")
	}
	return name
}

// apply patches one file; target, when not "", is the file named on the
// command line. It returns false when the patch cannot be read on.
func (o *patchRun) apply(fp filePatch, target string) bool {
	c := o.c
	if o.reverse {
		fp = fp.reversed()
	}
	name := target
	if name == "" {
		name = o.pickName(fp)
	}
	total := len(fp.hunks)
	if name == "" {
		o.say("can't find file to patch at input line %d", fp.line)
		o.say("Perhaps you used the wrong -p or --strip option?")
		o.say("The text leading up to this was:\n--------------------------")
		for _, h := range fp.header {
			o.say("|%s", h)
		}
		o.say("--------------------------\nFile to patch: \nSkip this patch? [y] \nSkipping patch.")
		o.say("%d out of %d %s ignored", total, total, plural(total, "hunk", "hunks"))
		o.status = max(o.status, 1)
		return fp.err == nil
	}
	p := c.Abs(name)
	data, err := readFileOf(c, p)
	exists := err == nil
	if err != nil && !isNotExist(err) {
		c.FailWith(err, "can't open %s: %s", builtins.Quote(name), builtins.Reason(err))
		o.status = 2
		return true
	}
	// creating what exists, deleting what does not: reversed
	if fp.oldAbsent && exists && len(data) > 0 || fp.newAbsent && !exists {
		what, state := "create", "already exists"
		if !exists {
			what, state = "delete", "does not exist"
		}
		if o.decideReversed(fmt.Sprintf("The next patch would %s the file %s,\nwhich %s!", what, name, state), name, total, false) {
			fp = fp.reversed()
		} else {
			return fp.err == nil
		}
	}
	lines := splitLines(string(data))
	verb := "patching"
	if o.dryRun {
		verb = "checking"
	}
	if o.output != "" && !o.dryRun {
		o.say("%s file %s (read from %s)", verb, o.output, name)
	} else {
		o.say("%s file %s", verb, name)
	}
	if fp.err != nil {
		c.Fail("%s", fp.err)
		return false
	}
	out, rejects, mismatch, skipped := o.applyHunks(fp, lines, name)
	if skipped {
		return true
	}
	failed := len(rejects)
	if failed > 0 {
		o.status = max(o.status, 1)
	}
	if !o.dryRun {
		if (o.backup || mismatch) && exists && o.output == "" {
			o.writeBackup(p, data)
		}
		o.writeResult(fp, name, p, strings.Join(out, ""))
	}
	if failed > 0 {
		o.reject(fp, name, rejects, failed, total, "FAILED")
	}
	return true
}

// decideReversed says what GNU patch says about a patch that seems
// reversed, and reports whether to apply it reversed; when it is
// skipped, it reports the ignored hunks.
func (o *patchRun) decideReversed(msg, name string, total int, rejects bool) bool {
	switch {
	case o.batch:
		o.say("%s  Assuming -R.", msg)
		return true
	case o.forward:
		o.say("%s  Skipping patch.", msg)
	case o.force:
		o.say("%s  Applying it anyway.", msg)
		return false
	default:
		o.say("%s  Assume -R? [n] \nApply anyway? [n] \nSkipping patch.", msg)
	}
	o.status = max(o.status, 1)
	line := fmt.Sprintf("%d out of %d %s ignored", total, total, plural(total, "hunk", "hunks"))
	if rejects && !o.dryRun {
		line += " -- saving rejects to file " + o.rejName(name)
	}
	o.say("%s", line)
	return false
}

func (o *patchRun) rejName(name string) string {
	if o.rejectFile != "" {
		return o.rejectFile
	}
	return name + ".rej"
}

// pickName chooses the file a patch is for: of its names (after -p),
// the first that exists; for a new file, the new name. As GNU patch, it
// takes no name that leaves the directory: an absolute one is ignored
// (with a warning when it exists), one with ".." silently.
func (o *patchRun) pickName(fp filePatch) string {
	var names []string
	warned := map[string]bool{}
	for _, n := range []string{fp.oldName, fp.newName} {
		if n == "" || n == "/dev/null" {
			continue
		}
		s := o.stripName(n)
		switch {
		case s == "" || slices.Contains(strings.Split(s, "/"), ".."):
		case path.IsAbs(s):
			if _, err := o.c.FS.Lstat(s); err == nil && !warned[s] { // GNU warns of the ones that exist
				o.say("Ignoring potentially dangerous file name %s", s)
				warned[s] = true
			}
		default:
			names = append(names, s)
		}
	}
	for _, n := range names {
		if _, err := o.c.FS.Lstat(o.c.Abs(n)); err == nil {
			return n
		}
	}
	if fp.oldAbsent && fp.newName != "/dev/null" && len(names) > 0 {
		return names[len(names)-1]
	}
	return ""
}

// applyHunks applies the hunks to lines and returns the result, the
// hunks that failed, and whether any applied other than exactly (at an
// offset, with fuzz) or failed. A nil result means the patch was
// skipped as reversed.
func (o *patchRun) applyHunks(fp filePatch, lines []string, name string) (out []string, rejects []hunk, mismatch, skipped bool) {
	done := 0       // lines of the original consumed
	lastOffset := 0 // where the last hunk applied, against where it said
	for i := 0; i < len(fp.hunks); i++ {
		h := fp.hunks[i]
		where, fuzz := o.locate(h, lines, done, lastOffset)
		if where < 0 && i == 0 && !o.force {
			// does the patch apply the other way round?
			if rw, _ := o.locate(h.reversed(), lines, done, lastOffset); rw >= 0 || len(h.oldLines()) == 0 && len(lines) > 0 {
				if o.decideReversed("Reversed (or previously applied) patch detected!", name, len(fp.hunks), true) {
					fp = fp.reversed()
					i--
					continue
				}
				if !o.dryRun {
					o.reject(fp, name, fp.hunks, 0, 0, "")
				}
				return nil, nil, false, true
			}
		}
		if where < 0 {
			o.say("Hunk #%d FAILED at %d.", i+1, h.oldStart+lastOffset)
			rejects = append(rejects, h)
			mismatch = true
			continue
		}
		start := h.oldStart - 1
		if h.oldLen == 0 {
			start = h.oldStart
		}
		offset := where - start
		lastOffset = offset
		if offset != 0 || fuzz != 0 {
			mismatch = true
			msg := fmt.Sprintf("Hunk #%d succeeded at %d", i+1, h.newStart+offset+boolInt(h.newLen == 0))
			if fuzz > 0 {
				msg += fmt.Sprintf(" with fuzz %d", fuzz)
			}
			if offset != 0 {
				msg += fmt.Sprintf(" (offset %d %s)", offset, plural(abs(offset), "line", "lines"))
			}
			o.say("%s.", msg)
		}
		// the lines ignored as fuzz stay as the file has them
		pf, sf := h.fuzzCut(fuzz)
		old := h.oldLines()
		out = append(out, lines[done:where+pf]...)
		newLines := h.newLines()
		out = append(out, newLines[pf:len(newLines)-sf]...)
		done = where + len(old) - sf
	}
	out = append(out, lines[done:]...)
	return out, rejects, mismatch, false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// locate finds where hunk h applies in lines, at or after line done
// (0-based), trying fuzz 0 first, then up to -F: the position and the
// fuzz, or -1.
func (o *patchRun) locate(h hunk, lines []string, done, lastOffset int) (int, int) {
	old := h.oldLines()
	guess := h.oldStart - 1 + lastOffset
	if h.oldLen == 0 {
		guess = h.oldStart + lastOffset
	}
	for fuzz := 0; fuzz <= o.fuzz; fuzz++ {
		pf, sf := h.fuzzCut(fuzz)
		if fuzz > 0 && pf == 0 && sf == 0 {
			break
		}
		want := old[pf : len(old)-sf]
		fits := func(w int) bool { return w+pf >= done && w+pf+len(want) <= len(lines) }
		for off := 0; ; off++ {
			fwd, back := guess+off, guess-off
			if fwd+pf+len(want) > len(lines) && back+pf < done {
				break
			}
			if fits(fwd) && matchAt(lines, fwd+pf, want) {
				return fwd, fuzz
			}
			if off > 0 && fits(back) && matchAt(lines, back+pf, want) {
				return back, fuzz
			}
		}
	}
	return -1, 0
}

func matchAt(lines []string, at int, want []string) bool {
	if at < 0 || at+len(want) > len(lines) {
		return false
	}
	for i, l := range want {
		if lines[at+i] != l {
			return false
		}
	}
	return true
}

// fuzzCut is how many context lines fuzz leaves out at the start and
// end of the hunk: at most fuzz, at most the context there is.
func (h hunk) fuzzCut(fuzz int) (int, int) {
	pre, post := 0, 0
	for pre < len(h.lines) && h.lines[pre].kind == ' ' {
		pre++
	}
	for post < len(h.lines)-pre && h.lines[len(h.lines)-1-post].kind == ' ' {
		post++
	}
	return min(fuzz, pre), min(fuzz, post)
}

// oldLines are the lines the hunk expects; newLines those it leaves.
func (h hunk) oldLines() []string { return h.side('+') }
func (h hunk) newLines() []string { return h.side('-') }

// side is the hunk's lines without those of kind other.
func (h hunk) side(other byte) []string {
	var s []string
	for _, l := range h.lines {
		if l.kind != other {
			s = append(s, l.text)
		}
	}
	return s
}

func (h hunk) reversed() hunk {
	r := hunk{oldStart: h.newStart, oldLen: h.newLen, newStart: h.oldStart, newLen: h.oldLen}
	for _, l := range h.lines {
		switch l.kind {
		case '-':
			l.kind = '+'
		case '+':
			l.kind = '-'
		}
		r.lines = append(r.lines, l)
	}
	return r
}

func (fp filePatch) reversed() filePatch {
	r := fp
	r.oldName, r.newName = fp.newName, fp.oldName
	r.oldAbsent, r.newAbsent = fp.newAbsent, fp.oldAbsent
	r.hunks = make([]hunk, len(fp.hunks))
	for i, h := range fp.hunks {
		r.hunks[i] = h.reversed()
	}
	return r
}

// splitLines splits s into lines that keep their newlines.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// writeBackup keeps the original as NAME.orig.
func (o *patchRun) writeBackup(p string, data []byte) {
	if err := vfs.WriteFile(o.c.FS, p+".orig", data, 0o666&^o.c.Umask); err != nil {
		o.c.FailWith(err, "can't create %s: %s", builtins.Quote(p+".orig"), builtins.Reason(err))
		o.status = 2
	}
}

// writeResult writes the patched text, or removes the file a deletion
// (or -E) leaves empty.
func (o *patchRun) writeResult(fp filePatch, name, p, text string) {
	c := o.c
	dest := p
	if o.output != "" {
		dest = c.Abs(o.output)
	}
	if text == "" && (fp.newAbsent || o.removeEmpty) && o.output == "" {
		if err := c.FS.Remove(p); err != nil && !isNotExist(err) {
			c.FailWith(err, "can't remove %s: %s", builtins.Quote(name), builtins.Reason(err))
			o.status = 2
		}
		return
	}
	perm := fs.FileMode(0o666) &^ c.Umask
	if info, err := c.FS.Stat(p); err == nil {
		perm = info.Mode().Perm()
	}
	if err := vfs.MkdirAll(c.FS, path.Dir(dest), 0o777&^c.Umask); err != nil {
		c.FailWith(err, "can't create %s: %s", builtins.Quote(path.Dir(dest)), builtins.Reason(err))
		o.status = 2
		return
	}
	f, err := c.FS.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err == nil {
		_, err = io.WriteString(f, text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		c.FailWith(err, "can't write %s: %s", builtins.Quote(name), builtins.Reason(err))
		o.status = 2
	}
}

// reject writes the hunks that failed to the rejects file, in unified
// form under the patch's header, and says so.
func (o *patchRun) reject(fp filePatch, name string, hunks []hunk, failed, total int, how string) {
	if how != "" {
		line := fmt.Sprintf("%d out of %d %s %s", failed, total, plural(total, "hunk", "hunks"), how)
		if !o.dryRun {
			line += " -- saving rejects to file " + o.rejName(name)
		}
		o.say("%s", line)
	}
	if o.dryRun {
		return
	}
	var b strings.Builder
	for _, h := range fp.header {
		if strings.HasPrefix(h, "--- ") || strings.HasPrefix(h, "+++ ") || strings.HasPrefix(h, "*** ") {
			b.WriteString(h + "\n")
		}
	}
	if fp.context || len(fp.header) == 0 {
		b.Reset()
		fmt.Fprintf(&b, "--- %s\n+++ %s\n", fp.oldName, fp.newName)
	}
	for _, h := range hunks {
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", hunkRange(h.oldStart, h.oldLen), hunkRange(h.newStart, h.newLen))
		for _, l := range h.lines {
			b.WriteByte(l.kind)
			b.WriteString(l.text)
			if !strings.HasSuffix(l.text, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	p := o.c.Abs(o.rejName(name))
	if err := vfs.WriteFile(o.c.FS, p, []byte(b.String()), 0o666&^o.c.Umask); err != nil {
		o.c.FailWith(err, "can't create %s: %s", builtins.Quote(o.rejName(name)), builtins.Reason(err))
		o.status = 2
	}
}

func hunkRange(start, n int) string {
	if n == 1 {
		return strconv.Itoa(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// Parsing.

var (
	unifiedHunk = &lazyRegexp{expr: `^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`}
	contextOld  = &lazyRegexp{expr: `^\*\*\* (\d+)(?:,(\d+))? \*\*\*\*`}
	contextNew  = &lazyRegexp{expr: `^--- (\d+)(?:,(\d+))? ----`}
	normalCmd   = &lazyRegexp{expr: `^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$`}
)

// patchName splits a header's name from its timestamp, and says whether
// the file is absent (/dev/null, or the epoch's time that diff -N gives
// a missing file).
func patchName(s string) (string, bool) {
	name, stamp, _ := strings.Cut(s, "\t")
	name = strings.TrimSpace(name)
	if strings.HasPrefix(name, `"`) {
		if u, err := strconv.Unquote(name); err == nil {
			name = u
		}
	}
	absent := name == "/dev/null" || strings.HasPrefix(stamp, "1970-01-01 00:00:00") || strings.HasSuffix(strings.TrimSpace(stamp), "Jan  1 00:00:00 1970")
	return name, absent
}

func atoiDefault(s string, def int) int {
	if s == "" {
		return def
	}
	n, _ := strconv.Atoi(s)
	return n
}

// parsePatch reads the file patches in text: unified, context or
// normal, with any text between them (git's headers, mail).
func parsePatch(text string) []filePatch {
	lines := strings.SplitAfter(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out []filePatch
	var header []string
	for i := 0; i < len(lines); {
		l := strings.TrimRight(lines[i], "\r\n")
		switch {
		case strings.HasPrefix(l, "--- ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ "),
			strings.HasPrefix(l, "*** ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "--- "):
			next := strings.TrimRight(lines[i+1], "\r\n")
			fp := filePatch{context: l[0] == '*', header: append(header, l, next), line: i + 3}
			fp.oldName, fp.oldAbsent = patchName(l[4:])
			fp.newName, fp.newAbsent = patchName(next[4:])
			parse := parseUnified
			if fp.context {
				parse = parseContext
			}
			n, err := parse(&fp, lines, i+2)
			if err != nil {
				fp.err = err
				return append(out, fp)
			}
			out = append(out, fp)
			header, i = nil, n
			continue
		case normalCmd.get().MatchString(l) && len(out) == 0 && len(header) == 0:
			fp := filePatch{line: 1}
			if _, err := parseNormal(&fp, lines, i); err != nil {
				fp.err = err
			}
			return append(out, fp)
		}
		header = append(header, l)
		i++
	}
	return out
}

// malformed is GNU patch's complaint about a hunk it cannot read.
func malformed(n int, line string) error {
	return fmt.Errorf("**** malformed patch at line %d: %s", n, line) // the line keeps its newline, as GNU's
}

// parseUnified reads the hunks from line i on, returning the line after.
func parseUnified(fp *filePatch, lines []string, i int) (int, error) {
	for i < len(lines) {
		m := unifiedHunk.get().FindStringSubmatch(lines[i])
		if m == nil {
			return i, nil
		}
		h := hunk{oldStart: atoiDefault(m[1], 0), oldLen: atoiDefault(m[2], 1), newStart: atoiDefault(m[3], 0), newLen: atoiDefault(m[4], 1)}
		i++
		oldN, newN := 0, 0
		for oldN < h.oldLen || newN < h.newLen {
			if i >= len(lines) {
				return 0, fmt.Errorf("**** unexpected end of file in patch")
			}
			l := lines[i]
			kind := byte(' ')
			text := ""
			switch {
			case l == "\n" || l == "\r\n":
				text = l
			case l[0] == ' ' || l[0] == '-' || l[0] == '+':
				kind, text = l[0], l[1:]
			default:
				return 0, malformed(i+1, l)
			}
			if kind != '+' {
				oldN++
			}
			if kind != '-' {
				newN++
			}
			if oldN > h.oldLen || newN > h.newLen {
				return 0, malformed(i+1, l)
			}
			h.lines = append(h.lines, patchLine{kind, text})
			i++
			i = noNewline(h.lines, lines, i)
		}
		fp.hunks = append(fp.hunks, h)
	}
	return i, nil
}

// noNewline takes a "\ No newline at end of file" line at i, which
// says the line before it has no newline.
func noNewline(pl []patchLine, lines []string, i int) int {
	if i < len(lines) && strings.HasPrefix(lines[i], `\`) && len(pl) > 0 {
		last := &pl[len(pl)-1]
		last.text = strings.TrimSuffix(last.text, "\n")
		return i + 1
	}
	return i
}

// parseContext reads context hunks from line i on.
func parseContext(fp *filePatch, lines []string, i int) (int, error) {
	for i < len(lines) && strings.HasPrefix(lines[i], "***************") {
		i++
		if i >= len(lines) {
			return 0, fmt.Errorf("**** unexpected end of file in patch")
		}
		m := contextOld.get().FindStringSubmatch(lines[i])
		if m == nil {
			return 0, malformed(i+1, lines[i])
		}
		oldStart, oldEnd := atoiDefault(m[1], 0), atoiDefault(m[2], atoiDefault(m[1], 0))
		i++
		var old, nw []patchLine
		for i < len(lines) && !contextNew.get().MatchString(lines[i]) {
			l := lines[i]
			if len(l) < 2 || !strings.ContainsRune(" -!", rune(l[0])) {
				return 0, malformed(i+1, l)
			}
			old = append(old, patchLine{l[0], l[2:]})
			i++
			i = noNewline(old, lines, i)
		}
		if i >= len(lines) {
			return 0, fmt.Errorf("**** unexpected end of file in patch")
		}
		m = contextNew.get().FindStringSubmatch(lines[i])
		newStart, newEnd := atoiDefault(m[1], 0), atoiDefault(m[2], atoiDefault(m[1], 0))
		i++
		for i < len(lines) && !strings.HasPrefix(lines[i], "***************") && !strings.HasPrefix(lines[i], "*** ") && !strings.HasPrefix(lines[i], "diff ") {
			l := lines[i]
			if len(l) < 2 || !strings.ContainsRune(" +!", rune(l[0])) {
				break
			}
			nw = append(nw, patchLine{l[0], l[2:]})
			i++
			i = noNewline(nw, lines, i)
		}
		h := hunk{oldStart: oldStart, newStart: newStart}
		h.oldLen = oldEnd - oldStart + 1
		h.newLen = newEnd - newStart + 1
		if oldEnd == 0 {
			h.oldLen = 0
		}
		if newEnd == 0 {
			h.newLen = 0
		}
		if len(old) == 0 {
			for _, l := range nw {
				if l.kind == ' ' {
					old = append(old, l)
				}
			}
		}
		if len(nw) == 0 {
			for _, l := range old {
				if l.kind == ' ' {
					nw = append(nw, l)
				}
			}
		}
		h.lines = mergeContext(old, nw)
		fp.hunks = append(fp.hunks, h)
	}
	return i, nil
}

// mergeContext makes one list of lines from a context hunk's old and
// new parts.
func mergeContext(old, nw []patchLine) []patchLine {
	var out []patchLine
	i, j := 0, 0
	for i < len(old) || j < len(nw) {
		switch {
		case i < len(old) && old[i].kind == '-':
			out = append(out, patchLine{'-', old[i].text})
			i++
		case j < len(nw) && nw[j].kind == '+':
			out = append(out, patchLine{'+', nw[j].text})
			j++
		case i < len(old) && old[i].kind == '!' || j < len(nw) && nw[j].kind == '!':
			for i < len(old) && old[i].kind == '!' {
				out = append(out, patchLine{'-', old[i].text})
				i++
			}
			for j < len(nw) && nw[j].kind == '!' {
				out = append(out, patchLine{'+', nw[j].text})
				j++
			}
		case i < len(old) && j < len(nw):
			out = append(out, patchLine{' ', old[i].text})
			i++
			j++
		case i < len(old):
			out = append(out, patchLine{' ', old[i].text})
			i++
		default:
			out = append(out, patchLine{' ', nw[j].text})
			j++
		}
	}
	return out
}

// parseNormal reads a normal diff ("2c2", "< old", "---", "> new").
func parseNormal(fp *filePatch, lines []string, i int) (int, error) {
	for i < len(lines) {
		m := normalCmd.get().FindStringSubmatch(strings.TrimRight(lines[i], "\r\n"))
		if m == nil {
			return i, nil
		}
		o1 := atoiDefault(m[1], 0)
		o2 := atoiDefault(m[2], o1)
		n1 := atoiDefault(m[4], 0)
		n2 := atoiDefault(m[5], n1)
		h := hunk{}
		switch m[3] {
		case "a":
			h.oldStart, h.oldLen, h.newStart, h.newLen = o1, 0, n1, n2-n1+1
		case "d":
			h.oldStart, h.oldLen, h.newStart, h.newLen = o1, o2-o1+1, n1, 0
		default:
			h.oldStart, h.oldLen, h.newStart, h.newLen = o1, o2-o1+1, n1, n2-n1+1
		}
		i++
		for k := 0; k < h.oldLen; k++ {
			if i >= len(lines) || !strings.HasPrefix(lines[i], "< ") {
				return 0, malformed(i+1, at(lines, i))
			}
			h.lines = append(h.lines, patchLine{'-', lines[i][2:]})
			i = noNewline(h.lines, lines, i+1)
		}
		if h.oldLen > 0 && h.newLen > 0 {
			if i >= len(lines) || strings.TrimRight(lines[i], "\r\n") != "---" {
				return 0, malformed(i+1, at(lines, i))
			}
			i++
		}
		for k := 0; k < h.newLen; k++ {
			if i >= len(lines) || !strings.HasPrefix(lines[i], "> ") {
				return 0, malformed(i+1, at(lines, i))
			}
			h.lines = append(h.lines, patchLine{'+', lines[i][2:]})
			i = noNewline(h.lines, lines, i+1)
		}
		fp.hunks = append(fp.hunks, h)
	}
	return i, nil
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}
