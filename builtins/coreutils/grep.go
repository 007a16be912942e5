package coreutils

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/regex"
	"github.com/moonix-sh/moonix/vfs"
)

const grepUsage = `Usage: grep [OPTION]... PATTERNS [FILE]...
Search for PATTERNS in each FILE (standard input when none, or "." with -r).

  -E, --extended-regexp     PATTERNS are extended regular expressions
  -F, --fixed-strings       PATTERNS are strings
  -G, --basic-regexp        PATTERNS are basic regular expressions (default)
  -P, --perl-regexp         PATTERNS are Go (RE2) regular expressions
  -e, --regexp=PATTERN      use PATTERN (repeatable)
  -f, --file=FILE           take PATTERNS from FILE, one a line
  -i, --ignore-case         ignore case (also -y); --no-ignore-case undoes it
  -w, --word-regexp         match only whole words
  -x, --line-regexp         match only whole lines
  -z, --null-data           lines end with a NUL byte, not a newline
  -s, --no-messages         suppress messages about unreadable files
  -v, --invert-match        select non-matching lines
  -m, --max-count=NUM       stop after NUM selected lines
  -b, --byte-offset         print the byte offset with output lines
  -n, --line-number         print line numbers
  -H, --with-filename       print the file name for each match
  -h, --no-filename         never print file names
      --label=LABEL         name standard input LABEL
  -o, --only-matching       print only the matched parts of lines
  -q, --quiet, --silent     print nothing; exit 0 on the first match
  -a, --text                read binary files as text
  -I                        skip binary files
      --binary-files=TYPE   binary, text or without-match
  -r, --recursive           search directories, skipping symlinks inside
  -R, --dereference-recursive  search directories, following symlinks
      --include=GLOB        search only files whose name matches GLOB
      --exclude=GLOB        skip files whose name matches GLOB
      --exclude-dir=GLOB    skip directories whose name matches GLOB
  -L, --files-without-match print only the names of files with no match
  -l, --files-with-matches  print only the names of files with matches
  -c, --count               print only a count of selected lines per file
  -Z, --null                print a NUL byte after file names
  -A, --after-context=NUM   print NUM lines of trailing context
  -B, --before-context=NUM  print NUM lines of leading context
  -C, --context=NUM, -NUM   print NUM lines of context
      --color[=WHEN]        accepted; output is never colored
Patterns are POSIX regular expressions with the GNU extensions (\w \s \b
\< \> \| \+ \?, back-references). Exit status: 0 if a line was selected,
1 if none, 2 on error (0 with -q when a line was selected).
`

// grepTryHelp is what GNU grep prints after a usage error.
const grepTryHelp = "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n"

func grepCommand() *builtins.Command {
	return &builtins.Command{Name: "grep", UsageStatus: 2, TryHelp: grepTryHelp, Summary: "print lines that match patterns", Usage: grepUsage, Run: runGrep}
}

func egrepCommand() *builtins.Command {
	return &builtins.Command{Name: "egrep", UsageStatus: 2, TryHelp: grepTryHelp, Summary: "grep -E", Usage: strings.Replace(grepUsage, "Usage: grep", "Usage: egrep", 1), Run: runGrep}
}

func fgrepCommand() *builtins.Command {
	return &builtins.Command{Name: "fgrep", UsageStatus: 2, TryHelp: grepTryHelp, Summary: "grep -F", Usage: strings.Replace(grepUsage, "Usage: grep", "Usage: fgrep", 1), Run: runGrep}
}

type grepper struct {
	c         *builtins.Call
	m         regex.Matcher
	invert    bool
	count     bool
	list      bool // -l
	listNot   bool // -L
	only      bool
	quiet     bool
	lineNum   bool
	byteOff   bool
	withName  bool
	nullName  bool
	before    int
	after     int
	maxCount  int // < 0: no limit
	eol       byte
	binary    string // "binary", "text", "without-match"
	bytes     bool   // the C locale: no byte is an encoding error
	includes  []string
	excludes  []string
	exclDirs  []string
	recursive bool
	deref     bool
	label     string
	noMsgs    bool
	context   bool // a context option was given: -- separates groups

	matched    bool // some line was selected
	failed     bool // some error happened
	printedAny bool // for the -- separator between context groups
	stopAll    bool // -q found a match, or output failed
}

// grepValueOpts are the short options that take a value, for the -NUM
// rewriting.
const grepValueOpts = "efmABCd"

// grepArgs rewrites -NUM (context) as --context=NUM, leaving option values
// and operands alone, and finds which of -E -F -G -P is asked for.
func grepArgs(args []string, mode string) (_ []string, _ string, conflict bool) {
	out := []string{args[0]}
	skip := false
	setMode := func(m string) {
		if m != mode && mode != "" {
			conflict = true
		}
		mode = m
	}
	for i, a := range args[1:] {
		switch {
		case skip:
			skip = false
		case a == "--":
			return append(out, args[i+1:]...), mode, conflict
		case len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' && strings.Trim(a[1:], "0123456789") == "":
			out = append(out, "--context="+a[1:])
			continue
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			for j, ch := range a[1:] {
				if strings.ContainsRune("EFGP", ch) {
					setMode(string(ch))
				}
				if strings.ContainsRune(grepValueOpts, ch) {
					// -e PAT, -ie PAT: the value is the rest or the next word
					skip = j == len(a)-2
					break
				}
			}
		case strings.HasPrefix(a, "--"):
			switch a {
			case "--extended-regexp":
				setMode("E")
			case "--fixed-strings":
				setMode("F")
			case "--basic-regexp":
				setMode("G")
			case "--perl-regexp":
				setMode("P")
			case "--regexp", "--file", "--max-count", "--after-context", "--before-context", "--context", "--include", "--exclude", "--exclude-dir", "--label", "--binary-files":
				skip = true
			}
		}
		out = append(out, a)
	}
	if mode == "" {
		mode = "G"
	}
	return out, mode, conflict
}

func runGrep(c *builtins.Call) int {
	// egrep and fgrep preset the syntax; two different ones of -E -F -G
	// -P conflict.
	mode := map[string]string{"egrep": "E", "fgrep": "F"}[c.Name()]
	var conflict bool
	c.Args, mode, conflict = grepArgs(c.Args, mode)
	fl := c.Flags()
	fl.BoolP("extended-regexp", "E", false, "")
	fl.BoolP("fixed-strings", "F", false, "")
	fl.BoolP("basic-regexp", "G", false, "")
	fl.BoolP("perl-regexp", "P", false, "")
	exprs := fl.StringArrayP("regexp", "e", nil, "")
	files := fl.StringArrayP("file", "f", nil, "")
	icase := fl.BoolP("ignore-case", "i", false, "")
	icaseY := fl.BoolP("y", "y", false, "")
	noIcase := fl.Bool("no-ignore-case", false, "")
	word := fl.BoolP("word-regexp", "w", false, "")
	line := fl.BoolP("line-regexp", "x", false, "")
	nullData := fl.BoolP("null-data", "z", false, "")
	noMsgs := fl.BoolP("no-messages", "s", false, "")
	invert := fl.BoolP("invert-match", "v", false, "")
	maxCount := fl.StringP("max-count", "m", "", "")
	byteOff := fl.BoolP("byte-offset", "b", false, "")
	lineNum := fl.BoolP("line-number", "n", false, "")
	withName := fl.BoolP("with-filename", "H", false, "")
	noName := fl.BoolP("no-filename", "h", false, "")
	label := fl.String("label", "(standard input)", "")
	only := fl.BoolP("only-matching", "o", false, "")
	quiet := fl.BoolP("quiet", "q", false, "")
	silent := fl.Bool("silent", false, "")
	text := fl.BoolP("text", "a", false, "")
	skipBin := fl.BoolP("I", "I", false, "")
	binFiles := fl.String("binary-files", "binary", "")
	recursive := fl.BoolP("recursive", "r", false, "")
	deref := fl.BoolP("dereference-recursive", "R", false, "")
	includes := fl.StringArray("include", nil, "")
	excludes := fl.StringArray("exclude", nil, "")
	exclDirs := fl.StringArray("exclude-dir", nil, "")
	listNot := fl.BoolP("files-without-match", "L", false, "")
	list := fl.BoolP("files-with-matches", "l", false, "")
	count := fl.BoolP("count", "c", false, "")
	nullName := fl.BoolP("null", "Z", false, "")
	after := fl.StringP("after-context", "A", "", "")
	before := fl.StringP("before-context", "B", "", "")
	context := fl.StringP("context", "C", "", "")
	fl.String("color", "", "")
	fl.Lookup("color").NoOptDefVal = "auto"
	fl.String("colour", "", "")
	fl.Lookup("colour").NoOptDefVal = "auto"
	fl.BoolP("binary", "U", false, "")
	fl.Bool("line-buffered", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if conflict {
		c.Fail("conflicting matchers specified")
		return 2
	}
	g := &grepper{
		c: c, invert: *invert, count: *count, list: *list, listNot: *listNot, only: *only,
		quiet: *quiet || *silent, lineNum: *lineNum, byteOff: *byteOff, nullName: *nullName,
		maxCount: -1, eol: '\n', binary: *binFiles, includes: *includes, excludes: *excludes,
		exclDirs: *exclDirs, recursive: *recursive || *deref, deref: *deref, label: *label,
		noMsgs: *noMsgs,
	}
	if *nullData {
		g.eol = 0
	}
	if *text {
		g.binary = "text"
	}
	if *skipBin {
		g.binary = "without-match"
	}
	switch g.binary {
	case "binary", "text", "without-match":
	default:
		c.Fail("invalid argument '%s' for '--binary-files'", g.binary)
		return 2
	}
	ctxNum := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			c.Fail("%s: invalid context length argument", s)
			return 0, false
		}
		return n, true
	}
	var ok bool
	g.context = *context != "" || *after != "" || *before != ""
	if *context != "" {
		if g.before, ok = ctxNum(*context); !ok {
			return 2
		}
		g.after = g.before
	}
	if *after != "" {
		if g.after, ok = ctxNum(*after); !ok {
			return 2
		}
	}
	if *before != "" {
		if g.before, ok = ctxNum(*before); !ok {
			return 2
		}
	}
	if *maxCount != "" {
		n, err := strconv.ParseInt(*maxCount, 10, 64)
		if err != nil {
			c.Fail("invalid max count")
			return 2
		}
		if n >= 0 && n < 1<<31 {
			g.maxCount = int(n)
		}
	}

	// Patterns: -e and -f, or else the first operand; each splits at newlines.
	var patterns []string
	operands := fl.Args()
	if len(*exprs) == 0 && len(*files) == 0 {
		if len(operands) == 0 {
			return c.TryHelp()
		}
		patterns = strings.Split(operands[0], "\n")
		operands = operands[1:]
	} else {
		// GNU reads -e and -f in command-line order; we take -e first.
		for _, e := range *exprs {
			patterns = append(patterns, strings.Split(e, "\n")...)
		}
		for _, f := range *files {
			r, err := c.Open(f)
			if err != nil {
				c.FailErr(f, err)
				return 2
			}
			data, err := c.ReadAll(r)
			r.Close()
			if err != nil {
				c.FailErr(f, err)
				return 2
			}
			s := string(data)
			if s == "" {
				continue
			}
			patterns = append(patterns, strings.Split(strings.TrimSuffix(s, "\n"), "\n")...)
		}
	}
	ic := (*icase || *icaseY) && !*noIcase
	g.bytes = byteLocale(c)
	m, err := grepMatcher(patterns, mode, regex.Options{ICase: ic, Word: *word, Line: *line, Bytes: g.bytes})
	if err != nil {
		c.Fail("%s", err)
		return 2
	}
	g.m = m

	implicit := len(operands) == 0
	if implicit {
		if g.recursive {
			operands = []string{"."}
		} else {
			operands = []string{"-"}
		}
	}
	g.withName = len(operands) > 1 || g.recursive
	if *withName {
		g.withName = true
	}
	if *noName {
		g.withName = false
	}
	if g.maxCount == 0 {
		return 1 // GNU reads nothing
	}
	for _, name := range operands {
		if g.stopAll || c.Canceled() {
			break
		}
		g.operand(name, implicit)
	}
	switch {
	case g.quiet && g.matched:
		return 0
	case g.failed:
		return 2
	case g.matched:
		return 0
	}
	return 1
}

// grepMatcher compiles the patterns for mode G, E, F or P.
func grepMatcher(patterns []string, mode string, o regex.Options) (regex.Matcher, error) {
	switch mode {
	case "E":
		o.Extended = true
	case "F":
		o.Literal = true
	case "P":
		if len(patterns) == 0 {
			return regex.Compile(nil, o)
		}
		for _, p := range patterns {
			if _, err := regexp.Compile(p); err != nil {
				return nil, perlError(err)
			}
		}
		expr := "(?:" + strings.Join(patterns, ")|(?:") + ")"
		switch {
		case o.Line:
			expr = `^(?:` + expr + `)$`
		case o.Word:
			expr = `\b(?:` + expr + `)\b`
		}
		if o.ICase {
			expr = "(?i)" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return nil, perlError(err)
		}
		return re, nil
	}
	return regex.Compile(patterns, o)
}

// perlError explains what RE2 refuses in a Perl pattern.
func perlError(err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "error parsing regexp: ")
	if strings.Contains(msg, "invalid or unsupported Perl syntax") || strings.Contains(msg, "invalid escape sequence: `\\1") {
		msg += " (-P uses Go's RE2 syntax: no look-around or back-references)"
	}
	return errors.New(msg)
}

// skipName reports whether --include/--exclude rule out a file name.
func (g *grepper) skipName(name string) bool {
	base := path.Base(name)
	for _, pat := range g.excludes {
		if ok, _ := path.Match(pat, base); ok {
			return true
		}
	}
	if len(g.includes) == 0 {
		return false
	}
	for _, pat := range g.includes {
		if ok, _ := path.Match(pat, base); ok {
			return false
		}
	}
	return true
}

func (g *grepper) skipDir(name string) bool {
	base := path.Base(name)
	for _, pat := range g.exclDirs {
		if ok, _ := path.Match(pat, base); ok {
			return true
		}
	}
	return false
}

func (g *grepper) fail(name string, err error) {
	g.failed = true
	if !g.noMsgs {
		g.c.FailErr(name, err)
	}
}

// tooComplex reports, and stops the whole search, when matching line
// lineNo of name ran out of the backtracking budget: its answer would be
// a "no match" that is not one. It is an error, status 2, as GNU grep's
// "memory exhausted" is.
func (g *grepper) tooComplex(name string, lineNo int) bool {
	err := regex.Err(g.m)
	if err == nil {
		return false
	}
	g.failed, g.stopAll = true, true
	g.c.Fail("%s:%d: %v", name, lineNo, err)
	return true
}

// operand searches one command-line operand. bare says the operand is
// the implicit "." of -r, whose files are shown without a "./" prefix.
func (g *grepper) operand(name string, bare bool) {
	c := g.c
	if name == "-" {
		g.search(g.label, c.Stdin)
		return
	}
	abs := c.Abs(name)
	info, err := c.FS.Stat(abs)
	if err != nil {
		g.fail(name, err)
		return
	}
	if info.IsDir() {
		if !g.recursive {
			g.fail(name, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR})
			return
		}
		if g.skipDir(name) && name != "." {
			return
		}
		prefix := name
		if bare {
			prefix = ""
		}
		g.walk(abs, prefix, map[string]bool{})
		return
	}
	if g.skipName(name) {
		return
	}
	g.file(abs, name)
}

// walk searches the directory dir recursively; shown is how its path is
// displayed ("" for the implicit ".").
func (g *grepper) walk(dir, shown string, visiting map[string]bool) {
	c := g.c
	if g.deref {
		real, err := vfs.EvalSymlinks(c.FS, dir)
		if err == nil {
			if visiting[real] {
				if !g.noMsgs {
					c.Fail("%s: warning: recursive directory loop", shown)
				}
				return
			}
			visiting[real] = true
			defer delete(visiting, real)
		}
	}
	entries, err := c.FS.ReadDir(dir)
	if err != nil {
		g.fail(shownOr(shown, "."), err)
		return
	}
	for _, e := range entries {
		if g.stopAll || c.Canceled() {
			return
		}
		p := path.Join(dir, e.Name())
		var sp string
		switch {
		case shown == "":
			sp = e.Name()
		case strings.HasSuffix(shown, "/"):
			sp = shown + e.Name()
		default:
			sp = shown + "/" + e.Name()
		}
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			if !g.deref {
				continue
			}
			info, err := c.FS.Stat(p)
			if err != nil {
				g.fail(sp, err)
				continue
			}
			isDir = info.IsDir()
		} else if !e.Type().IsRegular() && !isDir {
			continue // devices and the like
		}
		if isDir {
			if !g.skipDir(sp) {
				g.walk(p, sp, visiting)
			}
			continue
		}
		if g.skipName(sp) {
			continue
		}
		g.file(p, sp)
	}
}

func shownOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// file searches the file at abs, shown as name.
func (g *grepper) file(abs, name string) {
	f, err := g.c.FS.OpenFile(abs, 0, 0)
	if err != nil {
		g.fail(name, err)
		return
	}
	defer f.Close()
	g.search(name, f)
}

// search reads r line by line and prints what the options ask for.
func (g *grepper) search(name string, r io.Reader) {
	c := g.c
	w := c.Stdout
	br := bufio.NewReaderSize(r, 64*1024)
	binary := false
	if g.binary != "text" && g.eol != 0 {
		head, _ := br.Peek(32 * 1024)
		binary = bytes.IndexByte(head, 0) >= 0
		if binary && g.binary == "without-match" {
			return
		}
	}
	type held struct {
		num  int
		off  int64
		text []byte
	}
	var pending []held // leading context
	lineNo := 0
	var offset int64
	selected := 0
	afterLeft := 0
	lastPrinted := 0
	filePrinted := false
	outputLines := !g.quiet && !g.count && !g.list && !g.listNot
	sep := []byte{g.eol}

	prefix := func(num int, off int64, mark byte) {
		if g.withName {
			io.WriteString(w, name)
			if g.nullName {
				w.Write([]byte{0})
			} else {
				w.Write([]byte{mark})
			}
		}
		if g.lineNum {
			fmt.Fprintf(w, "%d%c", num, mark)
		}
		if g.byteOff {
			fmt.Fprintf(w, "%d%c", off, mark)
		}
	}
	// encodingError: a line to print is not UTF-8 in a UTF-8 locale; GNU
	// grep then prints no more of the file and says it is binary.
	encodingError := false
	printable := func(text []byte) bool {
		if g.binary != "text" && !g.bytes && !utf8.Valid(text) {
			encodingError = true
		}
		return !encodingError
	}
	emit := func(num int, off int64, text []byte, mark byte) {
		if !g.only && !printable(text) {
			return
		}
		if g.context && !g.only && g.printedAny && (!filePrinted || num > lastPrinted+1) {
			io.WriteString(w, "--\n")
		}
		g.printedAny, filePrinted, lastPrinted = true, true, num
		if g.only {
			if mark != ':' {
				return
			}
			locs := g.m.FindAllSubmatchIndex(text, -1)
			if g.tooComplex(name, num) {
				return
			}
			for _, loc := range locs {
				if loc[1] > loc[0] {
					if !printable(text[loc[0]:loc[1]]) {
						return
					}
					prefix(num, off+int64(loc[0]), mark)
					w.Write(text[loc[0]:loc[1]])
					w.Write(sep)
				}
			}
			return
		}
		prefix(num, off, mark)
		if len(text) < cap(text) && text[:len(text)+1][len(text)] == g.eol {
			// the line's own end follows it: one write
			text = text[:len(text)+1]
		} else {
			w.Write(text)
			text = sep
		}
		if _, err := w.Write(text); err != nil {
			g.stopAll = true
		}
	}

	lit, whole := g.required()
	var long []byte
	for reads := 0; !g.stopAll; reads++ {
		if reads%1024 == 0 && c.Canceled() {
			g.stopAll = true
			return
		}
		if lit != nil && g.skipLines(br, lit, &lineNo, &offset) && g.binary != "text" && g.eol != 0 {
			binary = true
			if g.binary == "without-match" {
				return
			}
		}
		raw, err := readLine(br, g.eol, &long)
		var text []byte
		if len(raw) == 0 && err != nil {
			if err != io.EOF {
				g.fail(name, err)
			}
			break
		}
		n := len(raw)
		text = raw
		if text[len(text)-1] == g.eol {
			text = text[:len(text)-1]
		}
		lineNo++
		off := offset
		offset += int64(n)
		if !binary && g.binary != "text" && g.eol != 0 && bytes.IndexByte(text, 0) >= 0 {
			binary = true
			if g.binary == "without-match" {
				return
			}
		}
		limitHit := g.maxCount >= 0 && selected >= g.maxCount
		var isSel bool
		switch {
		case limitHit:
		case whole:
			isSel = bytes.Contains(text, lit)
		default:
			isSel = g.m.Match(text) != g.invert
		}
		if g.tooComplex(name, lineNo) {
			return
		}
		if isSel {
			selected++
			g.matched = true
			if g.quiet {
				g.stopAll = true
				return
			}
			if g.list {
				break
			}
			if !outputLines {
				if selected == g.maxCount {
					break
				}
				continue
			}
			if binary {
				c.Fail("%s: binary file matches", name) // on stderr since grep 3.5
				return
			}
			for _, h := range pending {
				emit(h.num, h.off, h.text, '-')
			}
			pending = pending[:0]
			emit(lineNo, off, text, ':')
			if encodingError {
				break
			}
			afterLeft = g.after
			if selected == g.maxCount && afterLeft == 0 {
				break
			}
			continue
		}
		if limitHit && afterLeft == 0 {
			break
		}
		if !outputLines || binary {
			continue
		}
		if afterLeft > 0 {
			afterLeft--
			emit(lineNo, off, text, '-')
			if encodingError {
				break
			}
			continue
		}
		if g.before > 0 {
			if len(pending) == g.before {
				copy(pending, pending[1:])
				pending = pending[:len(pending)-1]
			}
			pending = append(pending, held{lineNo, off, append([]byte(nil), text...)})
		}
	}
	if encodingError && g.binary == "binary" {
		c.Fail("%s: binary file matches", name)
	}
	endName := func() {
		io.WriteString(w, name)
		if g.nullName {
			w.Write([]byte{0})
		} else {
			io.WriteString(w, "\n")
		}
	}
	switch {
	case g.quiet:
	case g.list:
		if selected > 0 {
			endName()
		}
	case g.listNot:
		if selected == 0 {
			endName()
		}
	case g.count:
		if g.withName {
			io.WriteString(w, name)
			if g.nullName {
				w.Write([]byte{0})
			} else {
				io.WriteString(w, ":")
			}
		}
		fmt.Fprintf(w, "%d\n", selected)
	}
}

// required is a literal that every match holds, when the search may skip
// the lines without it in bulk, as GNU grep searches its buffer rather
// than each line: the pattern compiled to package regexp with a literal
// prefix, no -v and no context (where the lines around matter). whole
// says that the pattern is that literal and nothing else, so that a line
// matches when it holds it.
func (g *grepper) required() (lit []byte, whole bool) {
	if g.invert || g.before > 0 || g.after > 0 {
		return nil, false
	}
	prefix, whole := regexLiteral(g.m)
	if prefix == "" || strings.IndexByte(prefix, g.eol) >= 0 {
		return nil, false
	}
	return []byte(prefix), whole
}

// skipLines discards the whole lines at the head of br that do not hold
// lit, counting them in lineNo and offset, and stops before the line that
// may match (or a line not yet read to its end). It reports whether a
// skipped line held a NUL.
func (g *grepper) skipLines(br *bufio.Reader, lit []byte, lineNo *int, offset *int64) (nul bool) {
	for {
		if br.Buffered() == 0 {
			if _, err := br.Peek(1); err != nil {
				return nul
			}
		}
		buf, _ := br.Peek(br.Buffered())
		end := len(buf)
		if i := bytes.Index(buf, lit); i >= 0 {
			end = i
		}
		j := bytes.LastIndexByte(buf[:end], g.eol)
		if j < 0 {
			return nul
		}
		skip := buf[:j+1]
		*lineNo += bytes.Count(skip, []byte{g.eol})
		*offset += int64(len(skip))
		nul = nul || bytes.IndexByte(skip, 0) >= 0
		br.Discard(len(skip))
		if end < len(buf) {
			return nul
		}
	}
}
