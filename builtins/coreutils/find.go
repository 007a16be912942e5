package coreutils

import (
	"fmt"
	"io/fs"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudate"
	"github.com/moonix-sh/moonix/vfs"
)

func findCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "find",
		Summary: "search for files in a directory hierarchy",
		Usage: `Usage: find [-H] [-L] [-P] [PATH...] [EXPRESSION]
Walk each PATH (default .) in name order and evaluate EXPRESSION on every
file; with no action in it, print the files for which it is true.
Options:  -maxdepth N  -mindepth N  -depth  -follow (like -L)
Tests:    -name PAT  -iname PAT  -path PAT  -ipath PAT  -wholename PAT

          -regex RE  -iregex RE (Go syntax, matched against the whole path)
          -lname PAT  -type [fdlcbps]  -xtype [fdlcbps]  -size [+-]N[bckwMG]
          -empty  -perm [-/]MODE  -newer FILE  -mtime/-atime/-ctime [+-]N
          -mmin/-amin/-cmin [+-]N  -user NAME  -group NAME  -uid N  -gid N
          -links [+-]N  -inum N  -readable  -writable  -executable
          -true  -false
Actions:  -print  -print0  -printf FMT  -ls  -delete  -prune  -quit
          -exec CMD {} ;   -exec CMD {} +   -execdir CMD {} ;   -execdir CMD {} +
Operators: ( EXPR )  ! EXPR  -not EXPR  EXPR -a EXPR  EXPR -o EXPR  EXPR , EXPR
-printf knows %p %P %f %h %H %d %s %k %b %m %M %y %Y %u %g %U %G %i %n %l
%a %c %t, %A? %C? %T? with ? one of @ Y m d H M S T F D + a b, and \n \t \0.
`,
		Run: runFind,
	}
}

// findItem is the file being evaluated.
type findItem struct {
	path  string // as printed: the start point joined with the names below it
	abs   string
	root  string
	info  fs.FileInfo
	depth int
	prune bool
}

// findExpr is a node of the parsed expression.
type findExpr struct {
	op   byte // 'a', 'o', '!', ',', or 0 for a primary
	l, r *findExpr
	eval func(*findItem) bool
}

func (e *findExpr) run(it *findItem) bool {
	switch e.op {
	case 'a':
		return e.l.run(it) && e.r.run(it)
	case 'o':
		return e.l.run(it) || e.r.run(it)
	case '!':
		return !e.l.run(it)
	case ',':
		e.l.run(it)
		return e.r.run(it)
	}
	return e.eval(it)
}

type findBatch struct {
	args  []string // the command up to {}
	dir   string   // -execdir: the directory the batch runs in
	paths []string
	size  int
}

type finder struct {
	c          *builtins.Call
	args       []string
	pos        int
	status     int
	quit       bool
	maxDepth   int
	minDepth   int
	depthFirst bool
	follow     byte // 'P', 'L' or 'H'
	now        *lazyNow
	loc        *time.Location // TZ's
	hasAction  bool
	batches    []*findBatch
}

type findParseError string

func (e findParseError) Error() string { return string(e) }

// findFileError is a file the expression names (-newer FILE) that cannot
// be read; it unwraps to why.
type findFileError struct {
	name string
	err  error
}

func (e *findFileError) Error() string { return builtins.Quote(e.name) + ": " + builtins.Reason(e.err) }

func (e *findFileError) Unwrap() error { return e.err }

func runFind(c *builtins.Call) int {
	f := &finder{c: c, maxDepth: -1, follow: 'P', now: &lazyNow{clock: c.Clock}, loc: localZone(c)}
	args := c.Args[1:]
	for len(args) > 0 {
		switch args[0] {
		case "-H", "-L", "-P":
			f.follow = args[0][1]
			args = args[1:]
			continue
		case "--":
			args = args[1:]
		}
		break
	}
	var roots []string
	for len(args) > 0 {
		a := args[0]
		if a == "(" || a == "!" || a == ")" || a == "," || len(a) > 1 && a[0] == '-' {
			break
		}
		roots = append(roots, a)
		args = args[1:]
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	f.args = args
	expr, err := f.parse()
	if err != nil {
		c.FailWith(err, "%s", err)
		return 1
	}
	if expr == nil {
		expr = f.primary(func(it *findItem) bool { return f.print(it.path + "\n") })
	} else if !f.hasAction {
		print := f.primary(func(it *findItem) bool { return f.print(it.path + "\n") })
		expr = &findExpr{op: 'a', l: expr, r: print}
	}
	for _, root := range roots {
		if f.quit || c.Canceled() {
			break
		}
		f.walkRoot(root, expr)
	}
	for _, b := range f.batches {
		f.flush(b)
	}
	if c.Canceled() {
		return 130
	}
	return f.status
}

func (f *finder) primary(fn func(*findItem) bool) *findExpr { return &findExpr{eval: fn} }

func (f *finder) print(s string) bool {
	if _, err := fmt.Fprint(f.c.Stdout, s); err != nil {
		f.quit = true
	}
	return true
}

func (f *finder) fail(format string, args ...any) {
	f.c.Fail(format, args...)
	f.status = 1
}

// failWith reports err (see builtins.Call.FailWith) and makes the status 1.
func (f *finder) failWith(err error, format string, args ...any) {
	f.c.FailWith(err, format, args...)
	f.status = 1
}

// --- walking ---

func (f *finder) statItem(abs string, top bool) (fs.FileInfo, error) {
	if f.follow == 'L' || top && f.follow == 'H' {
		if info, err := f.c.FS.Stat(abs); err == nil {
			return info, nil
		}
	}
	return f.c.FS.Lstat(abs)
}

// entryInfo is statItem for an entry of a directory being walked: the
// entry's own information when the walk does not follow links (the
// listing went through the same gate as an lstat would, and gave what an
// lstat gives), saving a walk of the path and a check a file.
func (f *finder) entryInfo(e fs.DirEntry, abs string) (fs.FileInfo, error) {
	if f.follow != 'L' {
		if info, err := e.Info(); err == nil {
			return info, nil
		}
	}
	return f.statItem(abs, false)
}

func (f *finder) walkRoot(root string, expr *findExpr) {
	abs := f.c.Abs(root)
	info, err := f.statItem(abs, true)
	if hasTrailingSlash(root) {
		info, err = lstatOperand(f.c, root) // "link/" means the directory
	}
	if err != nil {
		f.failWith(err, "%s: %s", builtins.Quote(root), builtins.Reason(err))
		return
	}
	f.walk(&findItem{path: root, abs: abs, root: root, info: info}, expr, nil)
}

// findAncestor is a directory above the one being walked, for -L loop
// detection.
type findAncestor struct {
	ino  uint64
	path string
}

func (f *finder) walk(it *findItem, expr *findExpr, ancestors []findAncestor) {
	if f.quit || f.c.Canceled() {
		return
	}
	if !f.depthFirst && it.depth >= f.minDepth {
		expr.run(it)
	}
	if it.info.IsDir() && (f.maxDepth < 0 || it.depth < f.maxDepth) && !(it.prune && !f.depthFirst) && !f.quit {
		ino := vfs.StatOf(it.info).Ino
		loop := false
		if f.follow != 'P' {
			for _, a := range ancestors {
				if a.ino == ino {
					f.fail("File system loop detected; %s is part of the same file system loop as %s.", builtins.Quote(it.path), builtins.Quote(a.path))
					loop = true
					break
				}
			}
		}
		if !loop {
			entries, err := f.c.FS.ReadDir(it.abs)
			if err != nil {
				f.failWith(err, "%s: %s", builtins.Quote(it.path), builtins.Reason(err))
			}
			anc := append(ancestors[:len(ancestors):len(ancestors)], findAncestor{ino, it.path})
			for _, e := range entries {
				if f.quit || f.c.Canceled() {
					return
				}
				abs := path.Join(it.abs, e.Name())
				info, err := f.entryInfo(e, abs)
				child := joinOperand(it.path, e.Name())
				if err != nil {
					f.failWith(err, "%s: %s", builtins.Quote(child), builtins.Reason(err))
					continue
				}
				f.walk(&findItem{path: child, abs: abs, root: it.root, info: info, depth: it.depth + 1}, expr, anc)
			}
		}
	}
	if f.depthFirst && it.depth >= f.minDepth && !f.quit {
		expr.run(it)
	}
}

// --- parsing ---

func (f *finder) peek() string {
	if f.pos < len(f.args) {
		return f.args[f.pos]
	}
	return ""
}

func (f *finder) more() bool { return f.pos < len(f.args) }

func (f *finder) parse() (*findExpr, error) {
	if !f.more() {
		return nil, nil
	}
	e, err := f.parseComma()
	if err != nil {
		return nil, err
	}
	if f.more() {
		if f.peek() == ")" {
			return nil, findParseError("you have too many ')'")
		}
		return nil, findParseError(fmt.Sprintf("unexpected %s", builtins.Quote(f.peek())))
	}
	return e, nil
}

func (f *finder) parseComma() (*findExpr, error) { return f.parseChain(',', f.parseOr, ",") }

func (f *finder) parseOr() (*findExpr, error) { return f.parseChain('o', f.parseAnd, "-o", "-or") }

// parseChain parses next (word next)*, word one of words, into a
// left-leaning chain of op nodes.
func (f *finder) parseChain(op byte, next func() (*findExpr, error), words ...string) (*findExpr, error) {
	l, err := next()
	if err != nil {
		return nil, err
	}
	for slices.Contains(words, f.peek()) {
		f.pos++
		r, err := next()
		if err != nil {
			return nil, err
		}
		l = &findExpr{op: op, l: l, r: r}
	}
	return l, nil
}

func (f *finder) parseAnd() (*findExpr, error) {
	l, err := f.parseUnary()
	if err != nil {
		return nil, err
	}
	for f.more() {
		switch f.peek() {
		case "-o", "-or", ")", ",":
			return l, nil
		case "-a", "-and":
			f.pos++
		}
		r, err := f.parseUnary()
		if err != nil {
			return nil, err
		}
		l = &findExpr{op: 'a', l: l, r: r}
	}
	return l, nil
}

func (f *finder) parseUnary() (*findExpr, error) {
	if !f.more() {
		if f.pos > 0 {
			return nil, findParseError(fmt.Sprintf("expected an expression after '%s'", f.args[f.pos-1]))
		}
		return nil, findParseError("expected an expression")
	}
	switch tok := f.peek(); tok {
	case "!", "-not":
		f.pos++
		e, err := f.parseUnary()
		if err != nil {
			return nil, err
		}
		return &findExpr{op: '!', l: e}, nil
	case "(":
		f.pos++
		e, err := f.parseComma()
		if err != nil {
			return nil, err
		}
		if f.peek() != ")" {
			return nil, findParseError("invalid expression; I was expecting to find a ')' somewhere but did not see one.")
		}
		f.pos++
		return e, nil
	case ")":
		return nil, findParseError("invalid expression; you have used a binary operator ')' with nothing before it.")
	case "-a", "-and", "-o", "-or", ",":
		return nil, findParseError(fmt.Sprintf("invalid expression; you have used a binary operator '%s' with nothing before it.", tok))
	}
	return f.parsePrimary()
}

func (f *finder) arg(name string) (string, error) {
	if !f.more() {
		return "", findParseError("missing argument to " + findQuote(name))
	}
	a := f.args[f.pos]
	f.pos++
	return a, nil
}

// findNum parses [+-]N into a comparison.
func findNum(s string) (cmp byte, n float64, ok bool) {
	cmp = '='
	if s != "" && (s[0] == '+' || s[0] == '-') {
		cmp, s = s[0], s[1:]
	}
	v, err := strconv.ParseUint(s, 10, 63)
	if err != nil {
		return 0, 0, false
	}
	return cmp, float64(v), true
}

func findCompare(cmp byte, v, n float64) bool {
	switch cmp {
	case '+':
		return v > n
	case '-':
		return v < n
	}
	return v == n
}

func (f *finder) parsePrimary() (*findExpr, error) {
	tok := f.args[f.pos]
	f.pos++
	c := f.c
	always := func() *findExpr { return f.primary(func(*findItem) bool { return true }) }
	switch tok {
	case "-true":
		return always(), nil
	case "-false":
		return f.primary(func(*findItem) bool { return false }), nil
	case "-depth", "-d":
		f.depthFirst = true
		return always(), nil
	case "-follow":
		f.follow = 'L'
		return always(), nil
	case "-xdev", "-mount", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race", "-nowarn", "-warn":
		return always(), nil
	case "-maxdepth", "-mindepth":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 {
			return nil, findParseError(fmt.Sprintf("Expected a positive decimal integer argument to %s, but got %s", tok, builtins.Quote(a)))
		}
		if tok == "-maxdepth" {
			f.maxDepth = n
		} else {
			f.minDepth = n
		}
		return always(), nil
	case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname":
		pat, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		fold := tok[1] == 'i'
		switch tok {
		case "-name", "-iname":
			return f.primary(func(it *findItem) bool {
				return findMatch(pat, baseOperand(it.path), fold)
			}), nil
		case "-lname", "-ilname":
			return f.primary(func(it *findItem) bool {
				if it.info.Mode()&fs.ModeSymlink == 0 {
					return false
				}
				t, err := c.FS.Readlink(it.abs)
				return err == nil && findMatch(pat, t, fold)
			}), nil
		}
		return f.primary(func(it *findItem) bool { return findMatch(pat, it.path, fold) }), nil
	case "-regex", "-iregex":
		pat, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		flags := ""
		if tok == "-iregex" {
			flags = "(?i)"
		}
		re, rerr := regexp.Compile(flags + `^(?s:` + pat + `)$`)
		if rerr != nil {
			return nil, findParseError(fmt.Sprintf("invalid regular expression %s", builtins.Quote(pat)))
		}
		return f.primary(func(it *findItem) bool { return re.MatchString(it.path) }), nil
	case "-type", "-xtype":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		var want []byte
		for _, t := range strings.Split(a, ",") {
			if len(t) != 1 || !strings.Contains("fdlcbps", t) {
				return nil, findParseError(fmt.Sprintf("Unknown argument to %s: %s", tok, t))
			}
			want = append(want, t[0])
		}
		x := tok == "-xtype"
		return f.primary(func(it *findItem) bool {
			m := it.info.Mode()
			if x {
				var info fs.FileInfo
				var err error
				if m&fs.ModeSymlink != 0 {
					info, err = c.FS.Stat(it.abs)
				} else if f.follow != 'P' {
					info, err = c.FS.Lstat(it.abs)
				}
				if err == nil && info != nil {
					m = info.Mode()
				}
			}
			t := fileTypeChar(m)
			if t == '-' {
				t = 'f'
			}
			return strings.IndexByte(string(want), t) >= 0
		}), nil
	case "-size":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		unit := int64(512)
		num := a
		if num != "" {
			switch suf := num[len(num)-1]; suf {
			case 'b', 'c', 'w', 'k', 'M', 'G':
				unit = map[byte]int64{'b': 512, 'c': 1, 'w': 2, 'k': 1024, 'M': 1 << 20, 'G': 1 << 30}[suf]
				num = num[:len(num)-1]
			default:
				if suf < '0' || suf > '9' {
					return nil, findParseError("invalid -size type " + findQuote(string(suf)))
				}
			}
		}
		cmp, n, ok := findNum(num)
		if !ok {
			return nil, findParseError("invalid argument " + findQuote(a) + " to `-size'")
		}
		return f.primary(func(it *findItem) bool {
			size := it.info.Size()
			units := (size + unit - 1) / unit
			return findCompare(cmp, float64(units), n)
		}), nil
	case "-empty":
		return f.primary(func(it *findItem) bool {
			switch {
			case it.info.IsDir():
				entries, err := c.FS.ReadDir(it.abs)
				return err == nil && len(entries) == 0
			case it.info.Mode().IsRegular():
				return it.info.Size() == 0
			}
			return false
		}), nil
	case "-perm":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		kind, spec := byte('='), a
		if spec != "" && (spec[0] == '-' || spec[0] == '/' || spec[0] == '+') {
			kind, spec = spec[0], spec[1:]
			if kind == '+' {
				kind = '/'
			}
		}
		changes, ok := compileMode(spec)
		if !ok {
			return nil, findParseError(fmt.Sprintf("invalid mode %s", builtins.Quote(a)))
		}
		want := adjustMode(0, false, 0, changes)
		return f.primary(func(it *findItem) bool {
			have := posixMode(it.info.Mode())
			switch kind {
			case '-':
				return have&want == want
			case '/':
				return want == 0 || have&want != 0
			}
			return have == want
		}), nil
	case "-newer", "-anewer", "-cnewer":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		ref, serr := c.FS.Stat(c.Abs(a))
		if serr != nil {
			return nil, &findFileError{a, serr}
		}
		t := ref.ModTime()
		get := findTime(tok[1])
		return f.primary(func(it *findItem) bool { return get(it.info).After(t) }), nil
	case "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		cmp, n, ok := findNum(a)
		if !ok {
			return nil, findParseError("invalid argument " + findQuote(a) + " to " + findQuote(tok))
		}
		unit := 24 * time.Hour
		if strings.HasSuffix(tok, "min") {
			unit = time.Minute
		}
		get := findTime(tok[1])
		return f.primary(func(it *findItem) bool {
			age := math.Floor(float64(f.now.get().Sub(get(it.info))) / float64(unit))
			return findCompare(cmp, age, n)
		}), nil
	case "-user", "-group":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		return f.primary(func(it *findItem) bool {
			st := vfs.StatOf(it.info)
			if tok == "-user" {
				return userName(c, st.Uid) == a || strconv.Itoa(int(st.Uid)) == a
			}
			return groupName(c, st.Gid) == a || strconv.Itoa(int(st.Gid)) == a
		}), nil
	case "-uid", "-gid", "-links", "-inum":
		a, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		cmp, n, ok := findNum(a)
		if !ok {
			return nil, findParseError("invalid argument " + findQuote(a) + " to " + findQuote(tok))
		}
		return f.primary(func(it *findItem) bool {
			st := vfs.StatOf(it.info)
			v := map[string]float64{"-uid": float64(st.Uid), "-gid": float64(st.Gid), "-links": float64(st.Nlink), "-inum": float64(st.Ino)}[tok]
			return findCompare(cmp, v, n)
		}), nil
	case "-readable", "-writable", "-executable":
		// The capabilities count as the permission bits do, as for
		// test -w: the FS answers for both.
		mode := map[string]vfs.AccessMode{"-readable": vfs.AccessRead, "-writable": vfs.AccessWrite, "-executable": vfs.AccessExec}[tok]
		return f.primary(func(it *findItem) bool {
			return c.FS.Access(it.abs, mode) == nil
		}), nil
	case "-print":
		f.hasAction = true
		return f.primary(func(it *findItem) bool { return f.print(it.path + "\n") }), nil
	case "-print0":
		f.hasAction = true
		return f.primary(func(it *findItem) bool { return f.print(it.path + "\x00") }), nil
	case "-printf":
		f.hasAction = true
		format, err := f.arg(tok)
		if err != nil {
			return nil, err
		}
		return f.primary(func(it *findItem) bool { return f.print(f.printf(format, it)) }), nil
	case "-ls":
		f.hasAction = true
		return f.primary(func(it *findItem) bool { return f.print(f.ls(it)) }), nil
	case "-prune":
		return f.primary(func(it *findItem) bool { it.prune = true; return true }), nil
	case "-quit":
		return f.primary(func(it *findItem) bool { f.quit = true; return true }), nil
	case "-delete":
		f.hasAction = true
		f.depthFirst = true
		return f.primary(func(it *findItem) bool {
			if it.abs == c.Abs(".") && baseOperand(it.path) == "." {
				return true // GNU never deletes the starting point "."
			}
			if err := c.FS.Remove(it.abs); err != nil {
				f.failWith(err, "cannot delete %s: %s", builtins.Quote(it.path), builtins.Reason(err))
				return false
			}
			return true
		}), nil
	case "-exec", "-execdir":
		f.hasAction = true
		return f.parseExec(tok)
	case "-ok", "-okdir":
		return nil, findParseError(fmt.Sprintf("%s is not supported: moonix cannot prompt; use -exec", tok))
	}
	if strings.HasPrefix(tok, "-") {
		return nil, findParseError("unknown predicate " + findQuote(tok))
	}
	return nil, findParseError("paths must precede expression: " + findQuote(tok))
}

// findTime picks the time a test looks at: a(ccess), c(hange) or m(odify).
func findTime(which byte) func(fs.FileInfo) time.Time {
	switch which {
	case 'a':
		return func(i fs.FileInfo) time.Time { return vfs.StatOf(i).Atime }
	case 'c':
		return func(i fs.FileInfo) time.Time { return vfs.StatOf(i).Ctime }
	}
	return func(i fs.FileInfo) time.Time { return i.ModTime() }
}

// findBatchLimit bounds how many names one "-exec ... {} +" run receives.
const findBatchLimit = 4096

// findQuote quotes a word of the expression as findutils does in the C
// locale, in the old style: `-foo'.
func findQuote(s string) string { return "`" + s + "'" }

func (f *finder) parseExec(tok string) (*findExpr, error) {
	start := f.pos
	end, plus := -1, false
	for i := start; i < len(f.args); i++ {
		if f.args[i] == ";" {
			end = i
			break
		}
		if f.args[i] == "+" && i > start && f.args[i-1] == "{}" {
			end, plus = i, true
			break
		}
	}
	if end < 0 || end == start {
		return nil, findParseError("missing argument to " + findQuote(tok))
	}
	cmd := append([]string(nil), f.args[start:end]...)
	if plus {
		for _, a := range cmd[:len(cmd)-1] {
			if strings.Contains(a, "{}") {
				return nil, findParseError("Only one instance of {} is supported with " + tok + " ... +")
			}
		}
	}
	f.pos = end + 1
	inDir := tok == "-execdir"
	c := f.c
	target := func(it *findItem) (name, dir string) {
		if !inDir {
			return it.path, c.Dir
		}
		base := baseOperand(it.path)
		if it.abs == "/" {
			return "/", "/"
		}
		return "./" + base, path.Dir(it.abs)
	}
	if plus {
		b := &findBatch{args: cmd[:len(cmd)-1]}
		f.batches = append(f.batches, b)
		return f.primary(func(it *findItem) bool {
			name, dir := target(it)
			if inDir && b.dir != dir && len(b.paths) > 0 {
				f.flush(b)
			}
			b.dir = dir
			b.paths = append(b.paths, name)
			b.size += len(name) + 1
			if len(b.paths) >= findBatchLimit || b.size > 128*1024 {
				f.flush(b)
			}
			return true
		}), nil
	}
	return f.primary(func(it *findItem) bool {
		name, dir := target(it)
		args := make([]string, len(cmd))
		for i, a := range cmd {
			args[i] = strings.ReplaceAll(a, "{}", name)
		}
		return f.run(args, dir) == 0
	}), nil
}

func (f *finder) run(args []string, dir string) int {
	c := f.c
	if c.Exec == nil {
		f.fail("cannot run %s", args[0])
		return 126
	}
	sub := c.Sub(args...)
	sub.Dir = dir
	return c.Exec(sub)
}

func (f *finder) flush(b *findBatch) {
	if len(b.paths) == 0 {
		return
	}
	dir := b.dir
	if dir == "" {
		dir = f.c.Dir
	}
	args := append(append([]string(nil), b.args...), b.paths...)
	b.paths, b.size = nil, 0
	if f.run(args, dir) != 0 {
		f.status = 1
	}
}

// ls renders one -ls line.
func (f *finder) ls(it *findItem) string {
	st := vfs.StatOf(it.info)
	l := &ls{c: f.c, now: f.now, loc: f.loc}
	size := strconv.FormatInt(it.info.Size(), 10)
	if it.info.Mode()&fs.ModeDevice != 0 {
		size = fmt.Sprintf("%d, %d", st.Rdev>>8, st.Rdev&0xff)
	}
	name := it.path
	if it.info.Mode()&fs.ModeSymlink != 0 {
		t, _ := f.c.FS.Readlink(it.abs)
		name += " -> " + t
	}
	return fmt.Sprintf("%9d %6d %s %3d %-8s %-8s %8s %s %s\n", st.Ino, diskKiB(it.info),
		fileModeString(it.info.Mode()), st.Nlink, userName(f.c, st.Uid), groupName(f.c, st.Gid),
		size, l.timeString(it.info.ModTime()), name)
}

// printf expands a -printf format for it.
func (f *finder) printf(format string, it *findItem) string {
	var b strings.Builder
	st := vfs.StatOf(it.info)
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch == '\\' && i+1 < len(format) {
			i++
			switch e := format[i]; e {
			case '\\':
				b.WriteByte('\\')
			case 'c':
				return b.String()
			default:
				if v, last, ok := cEscape(format, i); ok {
					b.WriteByte(v)
					i = last
				} else {
					b.WriteByte('\\')
					b.WriteByte(e)
				}
			}
			continue
		}
		if ch != '%' || i+1 == len(format) {
			b.WriteByte(ch)
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
			j++
		}
		for j < len(format) && (format[j] >= '0' && format[j] <= '9' || format[j] == '.') {
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		spec := format[i+1 : j]
		conv := format[j]
		i = j
		str := func(s string) { fmt.Fprintf(&b, "%"+spec+"s", s) }
		num := func(v int64) { fmt.Fprintf(&b, "%"+spec+"d", v) }
		switch conv {
		case '%':
			b.WriteByte('%')
		case 'p':
			str(it.path)
		case 'P':
			rel := strings.TrimPrefix(it.path, it.root)
			str(strings.TrimPrefix(rel, "/"))
		case 'f':
			str(baseOperand(it.path))
		case 'h':
			d := "."
			if strings.Trim(it.path, "/") == "" {
				d = "" // GNU prints nothing for the root directory
			} else if k := strings.LastIndexByte(strings.TrimRight(it.path, "/"), '/'); k > 0 {
				d = it.path[:k]
			} else if k == 0 {
				d = "/"
			}
			str(d)
		case 'H':
			str(it.root)
		case 'd':
			num(int64(it.depth))
		case 's':
			num(it.info.Size())
		case 'k':
			num(diskKiB(it.info))
		case 'b':
			num(diskKiB(it.info) * 2)
		case 'm':
			fmt.Fprintf(&b, "%"+spec+"o", posixMode(it.info.Mode()))
		case 'M':
			str(fileModeString(it.info.Mode()))
		case 'y', 'Y':
			m := it.info.Mode()
			if conv == 'Y' && m&fs.ModeSymlink != 0 {
				if t, err := f.c.FS.Stat(it.abs); err == nil {
					m = t.Mode()
				} else {
					str("N")
					continue
				}
			}
			t := fileTypeChar(m)
			if t == '-' {
				t = 'f'
			}
			str(string(t))
		case 'u':
			str(userName(f.c, st.Uid))
		case 'g':
			str(groupName(f.c, st.Gid))
		case 'U':
			num(int64(st.Uid))
		case 'G':
			num(int64(st.Gid))
		case 'i':
			num(int64(st.Ino))
		case 'n':
			num(int64(st.Nlink))
		case 'l':
			t := ""
			if it.info.Mode()&fs.ModeSymlink != 0 {
				t, _ = f.c.FS.Readlink(it.abs)
			}
			str(t)
		case 'a', 'c', 't':
			str(findCtime(findTime(map[byte]byte{'a': 'a', 'c': 'c', 't': 'm'}[conv])(it.info).In(f.loc)))
		case 'A', 'C', 'T':
			if i+1 >= len(format) {
				b.WriteString("%" + spec + string(conv))
				continue
			}
			i++
			t := findTime(map[byte]byte{'A': 'a', 'C': 'c', 'T': 'm'}[conv])(it.info)
			str(findTimeField(t.In(f.loc), format[i]))
		default:
			b.WriteString("%" + spec + string(conv))
		}
	}
	return b.String()
}

// findCtime is -printf's %t: ctime(3) with nanoseconds.
func findCtime(t time.Time) string {
	return t.Format("Mon Jan _2 15:04:05.000000000") + "0 " + t.Format("2006")
}

// findTimeField is -printf's %Ak, %Ck and %Tk: k is @ (seconds since the
// epoch), + (date+time) or any strftime conversion letter; the seconds of
// %@, %+, %S, %T and %X carry a fraction, as in GNU find.
func findTimeField(t time.Time, k byte) string {
	frac := fmt.Sprintf(".%09d0", t.Nanosecond())
	switch k {
	case '@':
		return strconv.FormatInt(t.Unix(), 10) + frac
	case '+':
		return t.Format("2006-01-02+15:04:05") + frac
	case 'S', 'T', 'X':
		return gnudate.Format("%"+string(k), t) + frac
	}
	return gnudate.Format("%"+string(k), t)
}

// findMatch reports whether name matches the shell pattern pat like
// fnmatch(3) without flags: * and ? match any character including / and a
// leading dot; [...] is a bracket expression ([!...] or [^...] negates,
// ranges, [:class:]); a backslash quotes the next character. fold makes the
// match case-insensitive.
func findMatch(pat, name string, fold bool) bool {
	if fold {
		pat, name = strings.ToLower(pat), strings.ToLower(name)
	}
	// Iterative matching with single-star backtracking.
	px, nx := 0, 0
	starPx, starNx := -1, -1
	for nx < len(name) || px < len(pat) {
		if px < len(pat) {
			switch pat[px] {
			case '*':
				starPx, starNx = px, nx
				px++
				continue
			case '?':
				if nx < len(name) {
					px++
					nx++
					continue
				}
			case '[':
				if nx < len(name) {
					if ok, width, valid := findBracket(pat[px:], name[nx]); valid {
						if ok {
							px += width
							nx++
							continue
						}
					} else if name[nx] == '[' {
						px++
						nx++
						continue
					}
				}
			case '\\':
				if px+1 < len(pat) {
					if nx < len(name) && name[nx] == pat[px+1] {
						px += 2
						nx++
						continue
					}
				} else if nx < len(name) && name[nx] == '\\' {
					px++
					nx++
					continue
				}
			default:
				if nx < len(name) && name[nx] == pat[px] {
					px++
					nx++
					continue
				}
			}
		}
		if starPx >= 0 && starNx < len(name) {
			starNx++
			px, nx = starPx+1, starNx
			continue
		}
		return false
	}
	return true
}

var findClasses = map[string]func(byte) bool{
	"alpha": func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' },
	"digit": func(c byte) bool { return c >= '0' && c <= '9' },
	"alnum": func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' },
	"upper": func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"lower": func(c byte) bool { return c >= 'a' && c <= 'z' },
	"space": func(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' },
	"blank": func(c byte) bool { return c == ' ' || c == '\t' },
	"punct": func(c byte) bool {
		return c > ' ' && c < 0x7f && !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
	},
	"xdigit": func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' },
	"print":  func(c byte) bool { return c >= ' ' && c < 0x7f },
	"graph":  func(c byte) bool { return c > ' ' && c < 0x7f },
	"cntrl":  func(c byte) bool { return c < ' ' || c == 0x7f },
}

// findBracket matches ch against the bracket expression at the start of
// p. It returns whether ch matched, the expression's length, and whether
// the expression was well formed (a lone "[" matches itself).
func findBracket(p string, ch byte) (matched bool, width int, valid bool) {
	i := 1
	negate := false
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		negate = true
		i++
	}
	first := true
	for i < len(p) {
		if p[i] == ']' && !first {
			return matched != negate, i + 1, true
		}
		first = false
		if p[i] == '[' && i+1 < len(p) && p[i+1] == ':' {
			if end := strings.Index(p[i+2:], ":]"); end >= 0 {
				if fn := findClasses[p[i+2:i+2+end]]; fn != nil {
					if fn(ch) {
						matched = true
					}
					i += end + 4
					continue
				}
			}
		}
		lo := p[i]
		if lo == '\\' && i+1 < len(p) {
			i++
			lo = p[i]
		}
		i++
		hi := lo
		if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
			hi = p[i+1]
			if hi == '\\' && i+2 < len(p) {
				hi = p[i+2]
				i++
			}
			i += 2
		}
		if lo <= ch && ch <= hi {
			matched = true
		}
	}
	return false, 0, false
}
