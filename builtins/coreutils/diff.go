package coreutils

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudiff"
)

func diffCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "diff",
		UsageStatus: 2,
		TryHelp:     "diff: Try 'diff --help' for more information.\n",
		Summary:     "compare files line by line",
		Usage: `Usage: diff [OPTION]... FILE1 FILE2
Compare files line by line.

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
`,
		Run: runDiff,
	}
}

type differ struct {
	c        *builtins.Call
	opts     *gnudiff.Flags
	switches string // the options as typed, for "diff -r a/x b/x" headers
	w        io.Writer
	broken   bool // a write failed
}

func runDiff(c *builtins.Call) int {
	fl := c.Flags()
	d := &differ{c: c, opts: gnudiff.AddFlags(fl), w: c.Stdout}
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if err := d.opts.Resolve(); err != nil {
		return c.Usage("%v", err)
	}
	ops := fl.Args()
	if d.opts.JSON {
		return c.Usage("--json works only when comparing snapshots")
	}
	switch {
	case len(ops) < 2:
		if len(ops) == 0 {
			return c.Usage("missing operand after %s", builtins.Quote(c.Name()))
		}
		return c.Usage("missing operand after %s", builtins.Quote(ops[0]))
	case len(ops) > 2:
		return c.Usage("extra operand %s", builtins.Quote(ops[2]))
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
	// Like GNU, report each operand that cannot be compared, then stop;
	// with -N one that does not exist is empty, when the other does.
	failed := false
	for i, err := range []error{errA, errB} {
		other := []error{errB, errA}[i]
		if err == nil || d.opts.NewFile && errors.Is(err, fs.ErrNotExist) && other == nil {
			continue
		}
		d.c.FailErr([]string{n0, n1}[i], err)
		failed = true
	}
	if failed {
		return 2
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
	for _, pat := range d.opts.Excludes {
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
			if d.opts.NewFile {
				if present.IsDir() {
					if d.opts.Recursive {
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
				if d.opts.Recursive {
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
	status, err := d.opts.Compare(d.w,
		gnudiff.File{Name: a.name, Data: data0, Time: func() time.Time { return d.mtime(a) }},
		gnudiff.File{Name: b.name, Data: data1, Time: func() time.Time { return d.mtime(b) }}, head)
	if err != nil {
		d.broken = true
	}
	return status
}
