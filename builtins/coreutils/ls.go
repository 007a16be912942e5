package coreutils

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudate"
	"github.com/moonix-sh/moonix/vfs"
)

func lsCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "ls",
		UsageStatus: 2,
		Summary:     "list directory contents",
		Usage: `Usage: ls [-1aACdFghiLlnoprRStx] [-w COLS] [FILE]...
List FILEs (the current directory by default), sorted by name in byte order.

  -a, --all             include entries starting with . (and . and ..)
  -A, --almost-all      include entries starting with . except . and ..
  -l                    long listing: mode, links, owner, group, size, time
  -g / -o               long listing without the owner / the group
  -n, --numeric-uid-gid long listing with numeric user and group ids
  -h, --human-readable  sizes like 1.1K, 23M
  -i, --inode           print inode numbers
  -d, --directory       list directories themselves, not their contents
  -R, --recursive       list subdirectories recursively
  -L, --dereference     show what symlinks point to, not the links
  -t                    sort by modification time, newest first
  -S                    sort by size, largest first
  -r, --reverse         reverse the sort order
  -F, --classify        append an indicator: / dir, @ link, * executable
  -p                    append / to directories
  -1                    one entry per line (the default when not a terminal)
  -C / -x               columns, down / across (the default on a terminal)
  -w, --width=COLS      assume a screen COLS wide
      --full-time       like -l --time-style=full-iso
      --time-style=STYLE  how -l writes times: full-iso, long-iso, iso,
                        locale (the default), +FORMAT (date's: +FMT1\nFMT2
                        gives FMT1 for times over six months old or in the
                        future, FMT2 for the others); posix-STYLE is the
                        default in the C locale; TIME_STYLE is the default
`,
		Run: runLs,
	}
}

type lsOptions struct {
	long, all, almost, dirSelf, recursive, human, inode bool
	byTime, bySize, reverse, classify, slash            bool
	noOwner, noGroup, numeric, across                   bool
	columns, deref                                      bool
	width                                               int
	timeStyle                                           string // --time-style's, as given
	styleSet                                            bool   // timeStyle was given
}

// lsTimeStyle is how a long listing writes a time: in the format old when
// it is over six months old or in the future, else recent (without set,
// GNU's default: "Jan _2  2006" and "Jan _2 15:04").
type lsTimeStyle struct {
	old, recent string
	set         bool // not the default
}

// lsStyleFlag is --time-style, and with full, --full-time: the last one
// given wins, as in GNU's ls.
type lsStyleFlag struct {
	o    *lsOptions
	full bool
}

func (f lsStyleFlag) String() string { return "" }
func (f lsStyleFlag) Type() string   { return "string" }
func (f lsStyleFlag) Set(v string) error {
	if f.full {
		f.o.long, v = true, "full-iso"
	}
	f.o.timeStyle, f.o.styleSet = v, true
	return nil
}

// lsTimeStyles are GNU's named styles, in its order.
var lsTimeStyles = []struct{ name, old, recent string }{
	{"full-iso", "%Y-%m-%d %H:%M:%S.%N %z", "%Y-%m-%d %H:%M:%S.%N %z"},
	{"long-iso", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M"},
	{"iso", "%Y-%m-%d ", "%m-%d %H:%M"},
	{"locale", "", ""},
}

// parseTimeStyle reads a --time-style (or TIME_STYLE) as GNU's ls does in
// the C locale, where posix-STYLE is the default, or says what is wrong
// and returns ls's status.
func parseTimeStyle(c *builtins.Call, style string) (lsTimeStyle, int) {
	if strings.HasPrefix(style, "posix-") {
		return lsTimeStyle{}, 0
	}
	if format, ok := strings.CutPrefix(style, "+"); ok {
		old, recent, two := strings.Cut(format, "\n")
		if !two {
			return lsTimeStyle{format, format, true}, 0
		}
		if strings.Contains(recent, "\n") {
			c.Fail("invalid time style format '%s'", strings.ReplaceAll(format, "\n", `\n`))
			return lsTimeStyle{}, 2
		}
		return lsTimeStyle{old, recent, true}, 0
	}
	var found []int
	for i, st := range lsTimeStyles {
		if st.name == style {
			found = []int{i}
			break
		}
		if strings.HasPrefix(st.name, style) {
			found = append(found, i)
		}
	}
	if len(found) == 1 {
		st := lsTimeStyles[found[0]]
		return lsTimeStyle{st.old, st.recent, st.old != ""}, 0
	}
	what := "invalid"
	if len(found) > 1 {
		what = "ambiguous"
	}
	c.Fail("%s argument %s for 'time style'", what, builtins.Quote(style))
	io.WriteString(c.Stderr, "Valid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\n")
	return lsTimeStyle{}, c.TryHelp()
}

type lsEntry struct {
	name   string // as displayed
	path   string // absolute
	info   fs.FileInfo
	target string      // symlink target
	tinfo  fs.FileInfo // what a symlink points to, nil if dangling
}

type ls struct {
	c      *builtins.Call
	o      lsOptions
	times  lsTimeStyle
	now    *lazyNow
	loc    *time.Location // TZ's
	status int
	out    bool // something was printed already
	stop   bool // a write failed: the reader went away
}

func runLs(c *builtins.Call) int {
	fl := c.Flags()
	var o lsOptions
	fl.BoolVarP(&o.all, "all", "a", false, "")
	fl.BoolVarP(&o.almost, "almost-all", "A", false, "")
	fl.BoolVarP(&o.long, "long", "l", false, "")
	fl.BoolVarP(&o.noOwner, "no-owner", "g", false, "")
	fl.BoolVarP(&o.noGroup, "no-group", "o", false, "")
	fl.BoolVarP(&o.numeric, "numeric-uid-gid", "n", false, "")
	fl.BoolVarP(&o.human, "human-readable", "h", false, "")
	fl.BoolVarP(&o.inode, "inode", "i", false, "")
	fl.BoolVarP(&o.dirSelf, "directory", "d", false, "")
	fl.BoolVarP(&o.recursive, "recursive", "R", false, "")
	// -t, -S, -1, -C and -x have no long names in GNU's ls (its --time and
	// --size mean other things): theirs here cannot be typed, since a long
	// option's name ends at "=", so that --time and --size are not taken
	// for them, nor counted among the possibilities of --c.
	fl.BoolVarP(&o.byTime, "=t", "t", false, "")
	fl.BoolVarP(&o.bySize, "=S", "S", false, "")
	fl.BoolVarP(&o.reverse, "reverse", "r", false, "")
	fl.BoolVarP(&o.classify, "classify", "F", false, "")
	fl.BoolVarP(&o.slash, "indicator-slash", "p", false, "")
	one := fl.BoolP("=1", "1", false, "")
	fl.BoolVarP(&o.columns, "=C", "C", false, "")
	fl.BoolVarP(&o.across, "=x", "x", false, "")
	widthArg := fl.StringP("width", "w", "", "")
	fl.Var(lsStyleFlag{o: &o, full: true}, "full-time", "")
	fl.Lookup("full-time").NoOptDefVal = "true"
	fl.Var(lsStyleFlag{o: &o}, "time-style", "")
	fl.BoolVarP(&o.deref, "dereference", "L", false, "")
	fl.String("color", "", "")
	fl.Lookup("color").NoOptDefVal = "always"
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.Changed("width") {
		w, err := strconv.ParseUint(*widthArg, 10, 31)
		if err != nil {
			c.Fail("invalid line width: %s", builtins.Quote(*widthArg))
			return 2
		}
		o.width = int(w)
	}
	if o.noOwner || o.noGroup || o.numeric {
		o.long = true
	}
	var times lsTimeStyle
	if style, set := c.LookupEnv("TIME_STYLE"); o.long && (o.styleSet || set) {
		if o.styleSet {
			style = o.timeStyle
		}
		var status int
		if times, status = parseTimeStyle(c, style); status != 0 {
			return status
		}
	}
	if o.across {
		o.columns = true
	}
	switch {
	case o.long || *one:
		o.columns = false
	case o.columns:
		if o.width == 0 {
			o.width = c.Width
		}
		if o.width == 0 {
			o.width = 80
		}
	case c.Width > 0:
		o.columns = true
		if o.width == 0 {
			o.width = c.Width
		}
	}
	l := &ls{c: c, o: o, times: times, now: &lazyNow{clock: c.Clock}, loc: localZone(c)}
	ops := fl.Args()
	if len(ops) == 0 {
		ops = []string{"."}
	}
	var files, dirs []lsEntry
	for _, name := range ops {
		info, err := lstatOperand(c, name)
		if err != nil {
			failOn(c, "cannot access", name, err)
			l.status = 2
			continue
		}
		e := l.entry(name, c.Abs(name), info)
		if e.tinfo != nil && e.tinfo.IsDir() && !o.long && !o.dirSelf && !o.classify {
			// Like GNU, a symlink to a directory named on the command
			// line is followed unless its own details were asked for.
			e.info = e.tinfo
		}
		if e.info.IsDir() && !o.dirSelf {
			dirs = append(dirs, e)
		} else {
			files = append(files, e)
		}
	}
	l.sort(files)
	l.sort(dirs)
	if len(files) > 0 {
		l.print(files)
		l.out = true
	}
	header := len(ops) > 1 || o.recursive
	for _, d := range dirs {
		if c.Canceled() {
			return 130
		}
		if l.stop {
			break
		}
		l.listDir(d.name, d.path, header, true)
	}
	return l.status
}

// entry describes one file, resolving a symlink's target.
func (l *ls) entry(name, abs string, info fs.FileInfo) lsEntry {
	e := lsEntry{name: name, path: abs, info: info}
	if info.Mode()&fs.ModeSymlink != 0 {
		e.target, _ = l.c.FS.Readlink(abs)
		if ti, err := l.c.FS.Stat(abs); err == nil {
			e.tinfo = ti
			if l.o.deref {
				e.info, e.target, e.tinfo = ti, "", nil
			}
		}
	}
	return e
}

func (l *ls) listDir(name, abs string, header, top bool) {
	c := l.c
	if l.out {
		fmt.Fprintln(c.Stdout)
	}
	if header {
		fmt.Fprintf(c.Stdout, "%s:\n", name)
	}
	l.out = true
	dirents, err := c.FS.ReadDir(abs)
	if err != nil {
		failOn(c, "cannot open directory", name, err)
		if top {
			l.status = 2
		} else if l.status == 0 {
			l.status = 1
		}
		return
	}
	var entries []lsEntry
	if l.o.all {
		for _, dot := range []string{".", ".."} {
			p := path.Join(abs, dot)
			if info, err := c.FS.Lstat(p); err == nil {
				entries = append(entries, lsEntry{name: dot, path: p, info: info})
			}
		}
	}
	for _, d := range dirents {
		if strings.HasPrefix(d.Name(), ".") && !l.o.all && !l.o.almost {
			continue
		}
		info, err := d.Info()
		if err != nil {
			continue
		}
		entries = append(entries, l.entry(d.Name(), path.Join(abs, d.Name()), info))
	}
	l.sort(entries)
	if l.o.long {
		var total int64
		for _, e := range entries {
			total += diskKiB(e.info)
		}
		if l.o.human {
			fmt.Fprintf(c.Stdout, "total %s\n", humanSize(total*1024))
		} else {
			fmt.Fprintf(c.Stdout, "total %d\n", total)
		}
	}
	l.print(entries)
	if !l.o.recursive {
		return
	}
	for _, e := range entries {
		if c.Canceled() || l.stop {
			return
		}
		if e.info.IsDir() && e.name != "." && e.name != ".." {
			l.listDir(joinOperand(name, e.name), e.path, true, false)
		}
	}
}

func (l *ls) sort(entries []lsEntry) {
	slices.SortStableFunc(entries, func(a, b lsEntry) int {
		r := 0
		switch {
		case l.o.bySize:
			r = -cmpInt64(a.info.Size(), b.info.Size())
		case l.o.byTime:
			r = -a.info.ModTime().Compare(b.info.ModTime())
		}
		if r == 0 {
			r = strings.Compare(a.name, b.name)
		}
		if l.o.reverse {
			r = -r
		}
		return r
	})
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// indicator is the -F / -p suffix for a file of mode m.
func (l *ls) indicator(m fs.FileMode) string {
	if !l.o.classify {
		if l.o.slash && m.IsDir() {
			return "/"
		}
		return ""
	}
	switch {
	case m.IsDir():
		return "/"
	case m&fs.ModeSymlink != 0:
		return "@"
	case m&fs.ModeNamedPipe != 0:
		return "|"
	case m&fs.ModeSocket != 0:
		return "="
	case m.IsRegular() && m&0o111 != 0:
		return "*"
	}
	return ""
}

func (l *ls) print(entries []lsEntry) {
	if l.o.long {
		l.printLong(entries)
		return
	}
	inoWidth := 0
	if l.o.inode {
		for _, e := range entries {
			inoWidth = max(inoWidth, len(strconv.FormatUint(vfs.StatOf(e.info).Ino, 10)))
		}
	}
	cells := make([]string, len(entries))
	for i, e := range entries {
		s := e.name + l.indicator(e.info.Mode())
		if l.o.inode {
			s = fmt.Sprintf("%*d %s", inoWidth, vfs.StatOf(e.info).Ino, s)
		}
		cells[i] = s
	}
	if !l.o.columns {
		for _, s := range cells {
			if _, err := fmt.Fprintln(l.c.Stdout, s); err != nil {
				l.stop = true
				return
			}
		}
		return
	}
	if !lsColumns(l.c, cells, l.o.width, l.o.across) {
		l.stop = true
	}
}

// lsColumns prints cells in as many columns as fit in width, like GNU ls -C
// (down the columns) or -x (across), padding with spaces only. It reports
// whether the writes succeeded.
func lsColumns(c *builtins.Call, cells []string, width int, across bool) bool {
	n := len(cells)
	if n == 0 {
		return true
	}
	// Find the most columns whose line stays shorter than width.
	cols := 1
	var widths []int
	for try := min(n, max(1, width/3)); try >= 1; try-- {
		rows := (n + try - 1) / try
		w := make([]int, try)
		for i, s := range cells {
			col := i / rows
			if across {
				col = i % try
			}
			real := len(s) + 2
			if col == try-1 {
				real = len(s)
			}
			w[col] = max(w[col], real)
		}
		total := 0
		for _, x := range w {
			total += x
		}
		if total < width || try == 1 {
			cols, widths = try, w
			break
		}
	}
	rows := (n + cols - 1) / cols
	var b strings.Builder
	for r := range rows {
		b.Reset()
		for col := range cols {
			i := col*rows + r
			if across {
				i = r*cols + col
			}
			if i >= n {
				break
			}
			b.WriteString(cells[i])
			next := (col+1)*rows + r
			if across {
				next = r*cols + col + 1
			}
			if col+1 < cols && next < n {
				b.WriteString(strings.Repeat(" ", widths[col]-len(cells[i])))
			}
		}
		if _, err := fmt.Fprintln(c.Stdout, b.String()); err != nil {
			return false
		}
	}
	return true
}

// lsRecentWindow is GNU's "six months": half an average Gregorian year.
const lsRecentWindow = 31556952 / 2 * time.Second

func (l *ls) timeString(t time.Time) string {
	t = t.In(l.loc)
	if l.times.old == l.times.recent && l.times.set {
		return gnudate.Format(l.times.old, t) // no need of the clock
	}
	now := l.now.get()
	recent := t.After(now.Add(-lsRecentWindow)) && !t.After(now)
	switch {
	case !l.times.set && recent:
		return t.Format("Jan _2 15:04")
	case !l.times.set:
		return t.Format("Jan _2  2006")
	case recent:
		return gnudate.Format(l.times.recent, t)
	}
	return gnudate.Format(l.times.old, t)
}

func (l *ls) printLong(entries []lsEntry) {
	type row struct {
		ino, nlink, owner, group, size, date, name string
		mode                                       string
	}
	rows := make([]row, len(entries))
	var wIno, wLink, wOwner, wGroup, wSize int
	for i, e := range entries {
		st := vfs.StatOf(e.info)
		r := row{
			ino:   strconv.FormatUint(st.Ino, 10),
			mode:  fileModeString(e.info.Mode()),
			nlink: strconv.FormatUint(st.Nlink, 10),
			date:  l.timeString(e.info.ModTime()),
		}
		if l.o.numeric {
			r.owner, r.group = strconv.Itoa(int(st.Uid)), strconv.Itoa(int(st.Gid))
		} else {
			r.owner, r.group = userName(l.c, st.Uid), groupName(l.c, st.Gid)
		}
		switch {
		case e.info.Mode()&fs.ModeDevice != 0:
			r.size = fmt.Sprintf("%d, %d", st.Rdev>>8, st.Rdev&0xff)
		case l.o.human:
			r.size = humanSize(e.info.Size())
		default:
			r.size = strconv.FormatInt(e.info.Size(), 10)
		}
		r.name = e.name
		if e.info.Mode()&fs.ModeSymlink != 0 {
			r.name += " -> " + e.target
			if e.tinfo != nil {
				r.name += l.indicator(e.tinfo.Mode())
			}
		} else {
			r.name += l.indicator(e.info.Mode())
		}
		wIno = max(wIno, len(r.ino))
		wLink = max(wLink, len(r.nlink))
		wOwner = max(wOwner, len(r.owner))
		wGroup = max(wGroup, len(r.group))
		wSize = max(wSize, len(r.size))
		rows[i] = r
	}
	var b strings.Builder
	for _, r := range rows {
		b.Reset()
		if l.o.inode {
			fmt.Fprintf(&b, "%*s ", wIno, r.ino)
		}
		fmt.Fprintf(&b, "%s %*s ", r.mode, wLink, r.nlink)
		if !l.o.noOwner {
			fmt.Fprintf(&b, "%-*s ", wOwner, r.owner)
		}
		if !l.o.noGroup {
			fmt.Fprintf(&b, "%-*s ", wGroup, r.group)
		}
		fmt.Fprintf(&b, "%*s %s %s\n", wSize, r.size, r.date, r.name)
		if _, err := fmt.Fprint(l.c.Stdout, b.String()); err != nil {
			l.stop = true
			return
		}
	}
}
