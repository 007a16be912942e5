package builtins

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/aymanbagabas/go-udiff/lcs"
)

func diffCommand() *Command {
	return &Command{
		Name:    "diff",
		Summary: "compare files line by line, or snapshots of the tree",
		Usage: `usage: diff [OPTION]... FILE1 FILE2
       diff [OPTION]... [ID [ID2]]
  -u, -U N, --unified[=N]   unified format with N (3) lines of context
  -c, -C N, --context[=N]   context format with N (3) lines of context
      --normal              the default format: 1c1, < old, ---, > new
  -q, --brief               only say whether the files differ
  -s, --report-identical-files  say when two files are the same
  -r, --recursive           compare subdirectories recursively
  -N, --new-file            treat absent files as empty
  -x, --exclude=PAT         skip files whose base name matches PAT
  -a, --text                treat all files as text
  -i, --ignore-case         ignore case differences
  -w, --ignore-all-space    ignore all white space
  -b, --ignore-space-change ignore changes in the amount of white space
  -B, --ignore-blank-lines  ignore changes whose lines are all blank
      --strip-trailing-cr   strip a carriage return at the end of lines
      --label=LABEL         use LABEL instead of the file name and time
                            (give it twice for the second file)
FILE1 or FILE2 may be - for standard input. When one is a directory, the
file of the same name in it is used. Exit status: 0 same, 1 different,
2 trouble. Differences are found by go-udiff's Myers algorithm (long files
are first cut at lines unique to both sides) and then slid like GNU diff
does; where several minimal diffs exist the hunks may occasionally be
placed differently from GNU diff's, but they always describe a correct edit.

With snapshots (see snapshot, history): with no operand, diff compares the
current snapshot with the working tree; with ID, snapshot ID with the
working tree; with ID ID2, the two snapshots. IDs are as in rollback (id
prefix, branch, HEAD~N); an operand that names an existing file is never
taken for a snapshot. Each changed file gets a "diff --git a/PATH b/PATH"
line and a unified diff (-c and --normal choose the other formats) with
a/PATH and b/PATH, or /dev/null for an added or removed file; only the
executable bit changing shows as "mode changed".
      --json                with snapshots: print an array of
                            {"path","kind","diff"} (kind: added, modified,
                            removed) for the changed files
`,
		Run: runDiff,
	}
}

type diffFormat int

const (
	diffNormal diffFormat = iota
	diffUnified
	diffContext
)

type differ struct {
	c          *Call
	format     diffFormat
	context    int
	brief      bool
	identical  bool
	recursive  bool
	newFile    bool
	text       bool
	ignoreCase bool
	allSpace   bool
	spaceChg   bool
	blankLines bool
	stripCR    bool
	labels     []string
	excludes   []string
	switches   string // the options as typed, for "diff -r a/x b/x" headers
	w          io.Writer
	broken     bool // a write failed
}

func runDiff(c *Call) int {
	fl := c.Flags()
	d := &differ{c: c, context: 3, w: c.Stdout}
	unified := fl.BoolP("u", "u", false, "")
	unifiedN := fl.IntP("U", "U", -1, "")
	unifiedLong := fl.String("unified", "", "")
	fl.Lookup("unified").NoOptDefVal = "3"
	ctx := fl.BoolP("c", "c", false, "")
	ctxN := fl.IntP("C", "C", -1, "")
	ctxLong := fl.String("context", "", "")
	fl.Lookup("context").NoOptDefVal = "3"
	normal := fl.Bool("normal", false, "")
	fl.BoolVarP(&d.brief, "brief", "q", false, "")
	fl.BoolVarP(&d.identical, "report-identical-files", "s", false, "")
	fl.BoolVarP(&d.recursive, "recursive", "r", false, "")
	fl.BoolVarP(&d.newFile, "new-file", "N", false, "")
	fl.StringArrayVarP(&d.excludes, "exclude", "x", nil, "")
	fl.BoolVarP(&d.text, "text", "a", false, "")
	fl.BoolVarP(&d.ignoreCase, "ignore-case", "i", false, "")
	fl.BoolVarP(&d.allSpace, "ignore-all-space", "w", false, "")
	fl.BoolVarP(&d.spaceChg, "ignore-space-change", "b", false, "")
	fl.BoolVarP(&d.blankLines, "ignore-blank-lines", "B", false, "")
	fl.BoolVar(&d.stripCR, "strip-trailing-cr", false, "")
	fl.StringArrayVar(&d.labels, "label", nil, "")
	asJSON := fl.Bool("json", false, "")
	if !c.Parse(fl) {
		return 2
	}
	treeFormat := false
	styles := 0
	if *unified || *unifiedN >= 0 || *unifiedLong != "" {
		d.format = diffUnified
		styles++
	}
	if *ctx || *ctxN >= 0 || *ctxLong != "" {
		d.format = diffContext
		styles++
	}
	if *normal {
		d.format = diffNormal
		styles++
	}
	if styles == 0 {
		treeFormat = true // the tree diff is unified unless told otherwise
	}
	if styles > 1 {
		c.Fail("conflicting output style options (try 'diff --help')")
		return 2
	}
	for _, n := range []int{*unifiedN, *ctxN} {
		if n >= 0 {
			d.context = n
		}
	}
	for _, s := range []string{*unifiedLong, *ctxLong} {
		if s != "" {
			var n int
			if _, err := fmt.Sscanf(s, "%d", &n); err != nil || n < 0 {
				c.Fail("invalid context length '%s'", s)
				return 2
			}
			d.context = n
		}
	}
	ops := fl.Args()
	if d.treeMode(ops) {
		if treeFormat {
			d.format = diffUnified
		}
		return d.tree(ops, *asJSON)
	}
	if *asJSON {
		c.Fail("--json works only when comparing snapshots (try 'diff --help')")
		return 2
	}
	switch {
	case len(ops) < 2:
		if len(ops) == 0 {
			c.Fail("missing operand (try 'diff --help')")
		} else {
			c.Fail("missing operand after '%s' (try 'diff --help')", ops[0])
		}
		return 2
	case len(ops) > 2:
		c.Fail("extra operand '%s' (try 'diff --help')", ops[2])
		return 2
	}
	d.switches = diffSwitches(c.Args[1:])
	return d.top(ops[0], ops[1])
}

// diffSwitches returns the options among args, quoted for a shell, as GNU
// diff echoes them in the headers of a directory comparison.
func diffSwitches(args []string) string {
	takesValue := map[string]bool{"-U": true, "-C": true, "-x": true, "--label": true, "--exclude": true}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		out = append(out, shellQuote(a))
		if !strings.HasPrefix(a, "--") {
			// a cluster like -rU takes its value from the next argument
			// when the value-taking letter ends it
			for k := 1; k < len(a); k++ {
				if strings.IndexByte("UCx", a[k]) >= 0 {
					if k == len(a)-1 && i+1 < len(args) {
						i++
						out = append(out, shellQuote(args[i]))
					}
					break
				}
			}
			continue
		}
		if takesValue[a] && i+1 < len(args) {
			i++
			out = append(out, shellQuote(args[i]))
		}
	}
	return strings.Join(out, " ")
}

func shellQuote(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./,:+@%", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	if s == "" {
		return "''"
	}
	return s
}

// diffOperand is one side of a comparison.
type diffOperand struct {
	name   string // as printed
	absent bool
	info   fs.FileInfo // nil for stdin and absent files
}

func (d *differ) stat(name string) (diffOperand, error) {
	op := diffOperand{name: name}
	if name == "-" {
		return op, nil
	}
	info, err := d.c.FS.Stat(d.c.Abs(name))
	if err != nil {
		return op, err
	}
	op.info = info
	return op, nil
}

func (op diffOperand) isDir() bool { return op.info != nil && op.info.IsDir() }

func (d *differ) top(n0, n1 string) int {
	if n0 == "-" && n1 == "-" {
		return 0 // standard input against itself
	}
	a, errA := d.stat(n0)
	b, errB := d.stat(n1)
	for i, err := range []error{errA, errB} {
		if err == nil {
			continue
		}
		name := []string{n0, n1}[i]
		if !d.newFile || !errors.Is(err, fs.ErrNotExist) || (i == 0 && errB != nil) || (i == 1 && errA != nil) {
			d.c.FailErr(name, err)
			return 2
		}
	}
	a.absent, b.absent = errA != nil, errB != nil
	switch {
	case a.isDir() && b.isDir():
		return d.dirs(n0, n1)
	case a.isDir() && !b.absent:
		if n1 == "-" {
			d.c.Fail("cannot compare '-' to a directory")
			return 2
		}
		return d.topFile(path.Join(n0, path.Base(n1)), n1)
	case b.isDir() && !a.absent:
		if n0 == "-" {
			d.c.Fail("cannot compare '-' to a directory")
			return 2
		}
		return d.topFile(n0, path.Join(n1, path.Base(n0)))
	case a.absent && b.isDir() || b.absent && a.isDir():
		return d.dirs(n0, n1)
	}
	return d.files(a, b, false)
}

func (d *differ) topFile(n0, n1 string) int {
	a, err := d.stat(n0)
	if err != nil {
		d.c.FailErr(n0, err)
		return 2
	}
	b, err := d.stat(n1)
	if err != nil {
		d.c.FailErr(n1, err)
		return 2
	}
	return d.files(a, b, false)
}

func (d *differ) excluded(name string) bool {
	for _, pat := range d.excludes {
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	return false
}

func (d *differ) list(dir string, absent bool) (map[string]fs.DirEntry, error) {
	m := map[string]fs.DirEntry{}
	if absent {
		return m, nil
	}
	entries, err := d.c.FS.ReadDir(d.c.Abs(dir))
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !d.excluded(e.Name()) {
			m[e.Name()] = e
		}
	}
	return m, nil
}

// dirs compares two directories (one may be absent with -N).
func (d *differ) dirs(dir0, dir1 string) int {
	_, errA := d.stat(dir0)
	_, errB := d.stat(dir1)
	e0, err := d.list(dir0, errA != nil)
	if err != nil {
		d.c.FailErr(dir0, err)
		return 2
	}
	e1, err := d.list(dir1, errB != nil)
	if err != nil {
		d.c.FailErr(dir1, err)
		return 2
	}
	names := map[string]bool{}
	for n := range e0 {
		names[n] = true
	}
	for n := range e1 {
		names[n] = true
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	status := 0
	for _, n := range sorted {
		if d.broken || d.c.Canceled() {
			return status
		}
		p0, p1 := path.Join(dir0, n), path.Join(dir1, n)
		x, inA := e0[n]
		y, inB := e1[n]
		st := 0
		switch {
		case !inA || !inB:
			onlyDir, present := dir1, y
			if inA {
				onlyDir, present = dir0, x
			}
			if d.newFile {
				if present.IsDir() {
					if d.recursive {
						st = d.dirs(p0, p1)
					} else {
						fmt.Fprintf(d.w, "Only in %s: %s\n", onlyDir, n)
						st = 1
					}
				} else {
					st = d.pair(p0, p1, !inA, !inB)
				}
			} else {
				fmt.Fprintf(d.w, "Only in %s: %s\n", onlyDir, n)
				st = 1
			}
		default:
			i0, err0 := d.stat(p0)
			i1, err1 := d.stat(p1)
			switch {
			case err0 != nil:
				d.c.FailErr(p0, err0)
				st = 2
			case err1 != nil:
				d.c.FailErr(p1, err1)
				st = 2
			case i0.isDir() && i1.isDir():
				if d.recursive {
					st = d.dirs(p0, p1)
				} else {
					fmt.Fprintf(d.w, "Common subdirectories: %s and %s\n", p0, p1)
				}
			case i0.isDir() || i1.isDir():
				fmt.Fprintf(d.w, "File %s is a %s while file %s is a %s\n", p0, fileKind(i0.info), p1, fileKind(i1.info))
				st = 1
			default:
				st = d.files(i0, i1, true)
			}
		}
		status = max(status, st)
	}
	return status
}

func fileKind(info fs.FileInfo) string {
	switch {
	case info.IsDir():
		return "directory"
	case info.Size() == 0 && info.Mode().IsRegular():
		return "regular empty file"
	case info.Mode().IsRegular():
		return "regular file"
	case info.Mode()&fs.ModeSymlink != 0:
		return "symbolic link"
	}
	return "special file"
}

func (d *differ) pair(p0, p1 string, absent0, absent1 bool) int {
	a := diffOperand{name: p0, absent: absent0}
	b := diffOperand{name: p1, absent: absent1}
	var err error
	if !absent0 {
		if a, err = d.stat(p0); err != nil {
			d.c.FailErr(p0, err)
			return 2
		}
	}
	if !absent1 {
		if b, err = d.stat(p1); err != nil {
			d.c.FailErr(p1, err)
			return 2
		}
	}
	return d.files(a, b, true)
}

func (d *differ) read(op diffOperand) ([]byte, error) {
	if op.absent {
		return nil, nil
	}
	return readInput(d.c, op.name)
}

func (d *differ) mtime(op diffOperand) time.Time {
	switch {
	case op.absent:
		return time.Unix(0, 0).UTC()
	case op.info == nil:
		return d.c.Clock.Now()
	}
	return op.info.ModTime()
}

// files compares two files; inDir says they were found while comparing
// directories, which adds a "diff ... a/x b/x" header.
func (d *differ) files(a, b diffOperand, inDir bool) int {
	data0, err := d.read(a)
	if err != nil {
		d.c.FailErr(a.name, err)
		return 2
	}
	data1, err := d.read(b)
	if err != nil {
		d.c.FailErr(b.name, err)
		return 2
	}
	head := ""
	if inDir {
		head = fmt.Sprintf("diff %s%s %s\n", d.switches+map[bool]string{true: " ", false: ""}[d.switches != ""], a.name, b.name)
	}
	return d.compare(a, b, data0, data1, head)
}

// compare writes the differences between the contents of two files, head
// first when there are any.
func (d *differ) compare(a, b diffOperand, data0, data1 []byte, head string) int {
	if bytes.Equal(data0, data1) {
		if d.identical {
			fmt.Fprintf(d.w, "Files %s and %s are identical\n", a.name, b.name)
		}
		return 0
	}
	binary := !d.text && (isBinaryData(data0) || isBinaryData(data1))
	if binary || d.brief {
		if binary && !d.brief {
			fmt.Fprintf(d.w, "Binary files %s and %s differ\n", d.label(0, a.name), d.label(1, b.name))
		} else if !d.hasIgnores() || d.script(data0, data1) != nil {
			fmt.Fprintf(d.w, "Files %s and %s differ\n", d.label(0, a.name), d.label(1, b.name))
		} else {
			return 0
		}
		return 1
	}
	f0, f1 := splitDiffLines(data0), splitDiffLines(data1)
	changes := d.scriptLines(f0, f1)
	if len(changes) == 0 {
		if d.identical {
			fmt.Fprintf(d.w, "Files %s and %s are identical\n", a.name, b.name)
		}
		return 0
	}
	if d.blankLines {
		for i := range changes {
			changes[i].ignore = allBlank(f0[changes[i].line0:changes[i].line0+changes[i].deleted]) &&
				allBlank(f1[changes[i].line1:changes[i].line1+changes[i].inserted])
		}
		all := true
		for _, ch := range changes {
			all = all && ch.ignore
		}
		if all {
			return 0
		}
	}
	var out bytes.Buffer
	out.WriteString(head)
	switch d.format {
	case diffNormal:
		writeNormal(&out, f0, f1, changes)
	case diffUnified:
		fmt.Fprintf(&out, "--- %s\n+++ %s\n", d.header(0, a), d.header(1, b))
		writeUnified(&out, f0, f1, changes, d.context)
	case diffContext:
		fmt.Fprintf(&out, "*** %s\n--- %s\n", d.ctxHeader(0, a), d.ctxHeader(1, b))
		writeContext(&out, f0, f1, changes, d.context)
	}
	if _, err := d.w.Write(out.Bytes()); err != nil {
		d.broken = true
	}
	return 1
}

func (d *differ) label(i int, name string) string {
	if i < len(d.labels) {
		return d.labels[i]
	}
	return name
}

func (d *differ) header(i int, op diffOperand) string {
	if i < len(d.labels) {
		return d.labels[i]
	}
	return op.name + "\t" + d.mtime(op).Format("2006-01-02 15:04:05.000000000 -0700")
}

// ctxHeader is the context format's header: GNU diff prints the time as
// ctime(3) does there.
func (d *differ) ctxHeader(i int, op diffOperand) string {
	if i < len(d.labels) {
		return d.labels[i]
	}
	return op.name + "\t" + d.mtime(op).Format("Mon Jan _2 15:04:05 2006")
}

func (d *differ) hasIgnores() bool {
	return d.ignoreCase || d.allSpace || d.spaceChg || d.blankLines || d.stripCR
}

func (d *differ) script(data0, data1 []byte) []diffChange {
	f0, f1 := splitDiffLines(data0), splitDiffLines(data1)
	changes := d.scriptLines(f0, f1)
	if d.blankLines {
		var kept []diffChange
		for _, ch := range changes {
			if !allBlank(f0[ch.line0:ch.line0+ch.deleted]) || !allBlank(f1[ch.line1:ch.line1+ch.inserted]) {
				kept = append(kept, ch)
			}
		}
		changes = kept
	}
	return changes
}

func isBinaryData(b []byte) bool {
	if len(b) > 32*1024 {
		b = b[:32*1024]
	}
	return bytes.IndexByte(b, 0) >= 0
}

// splitDiffLines splits data into lines that keep their newline.
func splitDiffLines(data []byte) []string {
	var out []string
	s := string(data)
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

func allBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimRight(l, " \t\r\n\v\f") != "" {
			return false
		}
	}
	return true
}

// key is the text a line is compared by under the ignore options.
func (d *differ) key(line string) string {
	nl := strings.HasSuffix(line, "\n")
	s := strings.TrimSuffix(line, "\n")
	if d.stripCR {
		s = strings.TrimSuffix(s, "\r")
	}
	if d.ignoreCase {
		s = strings.ToLower(s)
	}
	switch {
	case d.allSpace:
		s = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == '\r' {
				return -1
			}
			return r
		}, s)
	case d.spaceChg:
		var b strings.Builder
		space := false
		for _, r := range s {
			if r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == '\r' {
				space = true
				continue
			}
			if space {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		}
		s = b.String()
	}
	if nl {
		s += "\n"
	}
	return s
}

// diffChange is one run of changed lines: deleted lines of file 0 from
// line0 (0-based) and inserted lines of file 1 from line1.
type diffChange struct {
	line0, line1      int
	deleted, inserted int
	ignore            bool
}

func (d *differ) scriptLines(f0, f1 []string) []diffChange {
	keys := [2][]string{make([]string, len(f0)), make([]string, len(f1))}
	for i, l := range f0 {
		keys[0][i] = d.key(l)
	}
	for i, l := range f1 {
		keys[1][i] = d.key(l)
	}
	return diffScript(keys)
}

// diffScript computes the changes between two sequences of line keys:
// go-udiff's Myers diff, then GNU diff's shift_boundaries so that runs of
// changes sit where GNU diff puts them.
func diffScript(keys [2][]string) []diffChange {
	// changed[f][i+1] marks line i of file f; the ends are sentinels.
	var changed [2][]bool
	for f := range 2 {
		changed[f] = make([]bool, len(keys[f])+2)
	}
	diffRegion(keys[0], keys[1], 0, 0, func(dd lcs.Diff) {
		for i := dd.Start; i < dd.End; i++ {
			changed[0][i+1] = true
		}
		for i := dd.ReplStart; i < dd.ReplEnd; i++ {
			changed[1][i+1] = true
		}
	})
	shiftBoundaries(changed, keys)
	var out []diffChange
	n0, n1 := len(keys[0]), len(keys[1])
	for i0, i1 := 0, 0; i0 < n0 || i1 < n1; i0, i1 = i0+1, i1+1 {
		if changed[0][i0+1] || changed[1][i1+1] {
			l0, l1 := i0, i1
			for changed[0][i0+1] {
				i0++
			}
			for changed[1][i1+1] {
				i1++
			}
			out = append(out, diffChange{line0: l0, line1: l1, deleted: i0 - l0, inserted: i1 - l1})
		}
	}
	return out
}

// diffRegionMax is the size up to which a region goes to go-udiff whole.
// go-udiff bounds its search (about 50 edits) and past that returns a
// correct but far from minimal script, so larger regions are first cut at
// lines that occur once in each side (patience diff's anchors).
const diffRegionMax = 400

// diffRegion reports the changes between a and b, whose first lines are
// lines off0 and off1 of the whole files. Like GNU diff it first sets aside
// the common head and tail. It runs go-udiff on the reversed lines: among
// equally short scripts that picks the one GNU diff picks about twice as
// often as the forward run does (measured with diff_gnu_cases.py).
func diffRegion(a, b []string, off0, off1 int, emit func(lcs.Diff)) {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b, off0, off1 = a[1:], b[1:], off0+1, off1+1
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	switch {
	case len(a) == 0 && len(b) == 0:
		return
	case len(a) == 0 || len(b) == 0:
		emit(lcs.Diff{Start: off0, End: off0 + len(a), ReplStart: off1, ReplEnd: off1 + len(b)})
		return
	}
	var anchors [][2]int
	if len(a)+len(b) > diffRegionMax {
		anchors = patienceAnchors(a, b)
	}
	if len(anchors) == 0 {
		ra, rb := slices.Clone(a), slices.Clone(b)
		slices.Reverse(ra)
		slices.Reverse(rb)
		for _, d := range lcs.DiffLines(ra, rb) {
			emit(lcs.Diff{
				Start: off0 + len(a) - d.End, End: off0 + len(a) - d.Start,
				ReplStart: off1 + len(b) - d.ReplEnd, ReplEnd: off1 + len(b) - d.ReplStart,
			})
		}
		return
	}
	i, j := 0, 0
	for _, an := range anchors {
		diffRegion(a[i:an[0]], b[j:an[1]], off0+i, off1+j, emit)
		i, j = an[0]+1, an[1]+1
	}
	diffRegion(a[i:], b[j:], off0+i, off1+j, emit)
}

// patienceAnchors pairs the lines that occur exactly once in a and once in
// b, keeping the longest run that is increasing in both.
func patienceAnchors(a, b []string) [][2]int {
	type count struct{ na, nb, ia, ib int }
	counts := map[string]*count{}
	for i, l := range a {
		c := counts[l]
		if c == nil {
			c = &count{}
			counts[l] = c
		}
		c.na++
		c.ia = i
	}
	for j, l := range b {
		if c := counts[l]; c != nil {
			c.nb++
			c.ib = j
		}
	}
	var pairs [][2]int
	for i, l := range a {
		if c := counts[l]; c.na == 1 && c.nb == 1 {
			pairs = append(pairs, [2]int{i, c.ib})
		}
	}
	// longest increasing subsequence of the b positions (patience sorting)
	var tops []int // index into pairs of the top card of each pile
	prev := make([]int, len(pairs))
	for k, p := range pairs {
		pile := sort.Search(len(tops), func(t int) bool { return pairs[tops[t]][1] >= p[1] })
		prev[k] = -1
		if pile > 0 {
			prev[k] = tops[pile-1]
		}
		if pile == len(tops) {
			tops = append(tops, k)
		} else {
			tops[pile] = k
		}
	}
	if len(tops) == 0 {
		return nil
	}
	out := make([][2]int, len(tops))
	for k, n := tops[len(tops)-1], len(tops)-1; k >= 0; k, n = prev[k], n-1 {
		out[n] = pairs[k]
	}
	return out
}

// shiftBoundaries is GNU diff's analyze.c shift_boundaries: slide each run
// of changes up or down over equal lines so that runs merge and, failing
// that, end up as low as possible and aligned with the other file's runs.
func shiftBoundaries(changed [2][]bool, keys [2][]string) {
	for f := range 2 {
		ch, other, eq := changed[f], changed[1-f], keys[f]
		c := func(i int) bool { return ch[i+1] }
		set := func(i int, v bool) { ch[i+1] = v }
		o := func(j int) bool { return other[j+1] }
		i, j, iEnd := 0, 0, len(eq)
		for {
			for i < iEnd && !c(i) {
				for {
					t := o(j)
					j++
					if !t {
						break
					}
				}
				i++
			}
			if i == iEnd {
				break
			}
			start := i
			for i++; c(i); i++ {
			}
			for o(j) {
				j++
			}
			var runlength, corresponding int
			for {
				runlength = i - start
				for start > 0 && eq[start-1] == eq[i-1] {
					start--
					set(start, true)
					i--
					set(i, false)
					for c(start - 1) {
						start--
					}
					for {
						j--
						if !o(j) {
							break
						}
					}
				}
				corresponding = iEnd
				if o(j - 1) {
					corresponding = i
				}
				for i != iEnd && eq[start] == eq[i] {
					set(start, false)
					start++
					set(i, true)
					i++
					for c(i) {
						i++
					}
					for {
						j++
						if !o(j) {
							break
						}
						corresponding = i
					}
				}
				if runlength == i-start {
					break
				}
			}
			for corresponding < i {
				start--
				set(start, true)
				i--
				set(i, false)
				for {
					j--
					if !o(j) {
						break
					}
				}
			}
		}
	}
}

// writeLine writes prefix and line, adding the marker GNU diff prints after
// a last line without a newline.
func diffWriteLine(out *bytes.Buffer, prefix, line string) {
	out.WriteString(prefix)
	out.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		out.WriteString("\n\\ No newline at end of file\n")
	}
}

// normalRange prints lines a..b (0-based, inclusive) as GNU does.
func normalRange(a, b int) string {
	if b > a {
		return fmt.Sprintf("%d,%d", a+1, b+1)
	}
	return fmt.Sprint(b + 1)
}

func writeNormal(out *bytes.Buffer, f0, f1 []string, changes []diffChange) {
	for _, ch := range changes {
		if ch.ignore {
			continue
		}
		op := byte('c')
		switch {
		case ch.deleted == 0:
			op = 'a'
		case ch.inserted == 0:
			op = 'd'
		}
		fmt.Fprintf(out, "%s%c%s\n", normalRange(ch.line0, ch.line0+ch.deleted-1), op, normalRange(ch.line1, ch.line1+ch.inserted-1))
		for _, l := range f0[ch.line0 : ch.line0+ch.deleted] {
			diffWriteLine(out, "< ", l)
		}
		if op == 'c' {
			out.WriteString("---\n")
		}
		for _, l := range f1[ch.line1 : ch.line1+ch.inserted] {
			diffWriteLine(out, "> ", l)
		}
	}
}

// hunks groups changes closer than 2*context+1 unchanged lines (context
// for an ignorable change), and drops groups made only of ignorable ones.
func hunks(changes []diffChange, context int) [][]diffChange {
	var out [][]diffChange
	for i := 0; i < len(changes); {
		j := i + 1
		for j < len(changes) {
			top0 := changes[j-1].line0 + changes[j-1].deleted
			thresh := 2*context + 1
			if changes[j].ignore {
				thresh = context
			}
			if changes[j].line0-top0 >= thresh {
				break
			}
			j++
		}
		group := changes[i:j]
		keep := false
		for _, ch := range group {
			keep = keep || !ch.ignore
		}
		if keep {
			out = append(out, group)
		}
		i = j
	}
	return out
}

// hunkBounds returns the first and last lines (0-based, inclusive) of a
// hunk in each file, context included.
func hunkBounds(h []diffChange, n0, n1, context int) (first0, last0, first1, last1 int) {
	first, last := h[0], h[len(h)-1]
	first0 = max(first.line0-context, 0)
	first1 = max(first.line1-context, 0)
	last0 = min(last.line0+last.deleted-1+context, n0-1)
	last1 = min(last.line1+last.inserted-1+context, n1-1)
	return
}

func unifiedRange(a, b int) string {
	switch {
	case b < a:
		return fmt.Sprintf("%d,0", b+1)
	case b == a:
		return fmt.Sprint(b + 1)
	}
	return fmt.Sprintf("%d,%d", a+1, b-a+1)
}

func writeUnified(out *bytes.Buffer, f0, f1 []string, changes []diffChange, context int) {
	for _, h := range hunks(changes, context) {
		first0, last0, first1, last1 := hunkBounds(h, len(f0), len(f1), context)
		fmt.Fprintf(out, "@@ -%s +%s @@\n", unifiedRange(first0, last0), unifiedRange(first1, last1))
		i, j := first0, first1
		k := 0
		for i <= last0 || j <= last1 {
			if k >= len(h) || i < h[k].line0 {
				diffWriteLine(out, " ", f0[i])
				i++
				j++
				continue
			}
			for _, l := range f0[i : i+h[k].deleted] {
				diffWriteLine(out, "-", l)
			}
			i += h[k].deleted
			for _, l := range f1[j : j+h[k].inserted] {
				diffWriteLine(out, "+", l)
			}
			j += h[k].inserted
			k++
		}
	}
}

func contextRange(a, b int) string {
	if b > a {
		return fmt.Sprintf("%d,%d", a+1, b+1)
	}
	return fmt.Sprint(b + 1)
}

func writeContext(out *bytes.Buffer, f0, f1 []string, changes []diffChange, context int) {
	for _, h := range hunks(changes, context) {
		first0, last0, first1, last1 := hunkBounds(h, len(f0), len(f1), context)
		old, new := false, false
		for _, ch := range h {
			if !ch.ignore {
				old = old || ch.deleted > 0
				new = new || ch.inserted > 0
			}
		}
		fmt.Fprintf(out, "***************\n*** %s ****\n", contextRange(first0, last0))
		if old {
			k := 0
			for i := first0; i <= last0; i++ {
				for k < len(h) && h[k].line0+h[k].deleted <= i {
					k++
				}
				prefix := "  "
				if k < len(h) && h[k].line0 <= i {
					prefix = "- "
					if h[k].inserted > 0 {
						prefix = "! "
					}
				}
				diffWriteLine(out, prefix, f0[i])
			}
		}
		fmt.Fprintf(out, "--- %s ----\n", contextRange(first1, last1))
		if new {
			k := 0
			for j := first1; j <= last1; j++ {
				for k < len(h) && h[k].line1+h[k].inserted <= j {
					k++
				}
				prefix := "  "
				if k < len(h) && h[k].line1 <= j {
					prefix = "+ "
					if h[k].deleted > 0 {
						prefix = "! "
					}
				}
				diffWriteLine(out, prefix, f1[j])
			}
		}
	}
}
