package coreutils

// zip and unzip (archive/zip), in Info-ZIP's words and layouts: zip 3.0's
// "  adding: f (deflated 53%)", unzip 6.0's listings, its extraction
// lines and its warnings about names that would leave the directory
// ("../" components are dropped, absolute names made relative), with
// symbolic links made last, as unzip's deferred links.

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func zipCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "zip",
		Summary: "package and compress files into a zip archive",
		Usage: `Usage: zip [-options] [-b path] [-t mmddyyyy] [-n suffixes] [zipfile list] [-xi list]
  The default action is to add or replace zipfile entries from list.

  -r   recurse into directories     -j   junk (don't record) directory names
  -d   delete entries in zipfile    -u   update: only changed or new files
  -0   store only                   -1   compress faster
  -9   compress better              -q   quiet operation
  -x   exclude the following names  -y   store symbolic links as the link
      --help        display this help and exit
      --version     output version information and exit
`,
		Run: stopsOnCancel(runZip),
	}
}

func unzipCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "unzip",
		Summary: "list, test and extract files from a zip archive",
		Usage: `Usage: unzip [-Z] [-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]
  Default action is to extract files in list, except those in xlist, to exdir.

  -p  extract files to pipe, no messages     -l  list files (short format)
  -t  test compressed archive data           -v  list verbosely
  -d  extract files into exdir               -x  exclude files that follow
  -n  never overwrite existing files         -o  overwrite files WITHOUT prompting
  -q  quiet mode
      --help        display this help and exit
      --version     output version information and exit
`,
		Run: stopsOnCancel(runUnzip),
	}
}

// splitExcludes takes the names after -x (up to the next option) out of
// args, as Info-ZIP's tools read them.
func splitExcludes(args []string) ([]string, []string) {
	var rest, excl []string
	for i := 0; i < len(args); i++ {
		if args[i] == "-x" {
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				excl = append(excl, args[i])
			}
			continue
		}
		rest = append(rest, args[i])
	}
	return rest, excl
}

// zipMatch matches an Info-ZIP wildcard, where * also matches /.
func zipMatch(pattern, name string) bool {
	if !strings.ContainsAny(pattern, "*?[") {
		return pattern == name
	}
	return globAny(pattern, name)
}

// globAny is path.Match with * crossing slashes.
func globAny(pattern, name string) bool {
	if pattern == "" {
		return name == ""
	}
	if pattern[0] == '*' {
		for i := 0; i <= len(name); i++ {
			if globAny(pattern[1:], name[i:]) {
				return true
			}
		}
		return false
	}
	if name == "" {
		return false
	}
	if pattern[0] == '?' || pattern[0] == name[0] && pattern[0] != '[' {
		return globAny(pattern[1:], name[1:])
	}
	if pattern[0] == '[' {
		end := strings.IndexByte(pattern[1:], ']')
		if end < 0 {
			return false
		}
		if ok, _ := path.Match(pattern[:end+2], name[:1]); ok {
			return globAny(pattern[end+2:], name[1:])
		}
	}
	return false
}

func matchesAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if zipMatch(p, name) {
			return true
		}
	}
	return false
}

// zipEntry is one member of the archive zip writes: kept from the old
// archive, or a file to add.
type zipEntry struct {
	name string
	old  *zip.File
	abs  string // the file to add, when not old
	info fs.FileInfo
}

func runZip(c *builtins.Call) int {
	args, excludes := splitExcludes(c.Args[1:])
	sub := *c
	sub.Args = append([]string{c.Args[0]}, args...)
	c = &sub
	fl := c.Flags()
	recurse := fl.BoolP("recurse-paths", "r", false, "")
	quiet := fl.BoolP("quiet", "q", false, "")
	junk := fl.BoolP("junk-paths", "j", false, "")
	del := fl.BoolP("delete", "d", false, "")
	update := fl.BoolP("update", "u", false, "")
	symlinks := fl.BoolP("symlinks", "y", false, "")
	for d := '0'; d <= '9'; d++ {
		fl.BoolP("level-"+string(d), string(d), false, "")
		fl.Lookup("level-" + string(d)).Hidden = true
	}
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	level := lastLevel(c.Args[1:], 6)
	ops := fl.Args()
	if len(ops) == 0 {
		c.Fail("error: Nothing to do!")
		return 12
	}
	zipName := ops[0]
	if path.Ext(zipName) == "" {
		zipName += ".zip"
	}
	say := func(format string, a ...any) {
		if !*quiet {
			fmt.Fprintf(c.Stdout, format+"\n", a...)
		}
	}
	nothing := func() int {
		fmt.Fprintf(c.Stdout, "\nzip error: Nothing to do! (%s)\n", zipName)
		return 12
	}
	var entries []zipEntry
	zp := c.Abs(zipName)
	if data, err := readFileOf(c, zp); err == nil {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			fmt.Fprintf(c.Stderr, "\nzip error: Zip file structure invalid (%s)\n", zipName)
			return 3
		}
		for _, f := range zr.File {
			entries = append(entries, zipEntry{name: f.Name, old: f})
		}
	} else if !isNotExist(err) {
		c.FailWith(err, "error: %s: %s", zipName, builtins.Reason(err))
		return 15
	}
	changed := false
	if *del {
		for _, pat := range ops[1:] {
			found := false
			kept := entries[:0]
			for _, e := range entries {
				if zipMatch(pat, e.name) || strings.HasPrefix(e.name, strings.TrimSuffix(pat, "/")+"/") && *recurse {
					say("deleting: %s", e.name)
					found, changed = true, true
					continue
				}
				kept = append(kept, e)
			}
			entries = kept
			if !found {
				fmt.Fprintf(c.Stdout, "\tzip warning: name not matched: %s\n", pat)
			}
		}
		if !changed {
			return nothing()
		}
		return writeZip(c, zp, zipName, entries, level, nil)
	}
	var adds []zipEntry
	var walk func(abs, name string)
	walk = func(abs, name string) {
		stat := c.FS.Stat
		if *symlinks {
			stat = c.FS.Lstat
		}
		info, err := stat(abs)
		if err != nil {
			if !c.FailDenied(err) {
				fmt.Fprintf(c.Stdout, "\tzip warning: name not matched: %s\n", name)
			}
			return
		}
		if abs == zp {
			return
		}
		stored := strings.TrimLeft(path.Clean(name), "/")
		stored = strings.TrimPrefix(stored, "./")
		if *junk {
			stored = path.Base(stored)
		}
		if info.IsDir() {
			if *junk {
				stored = ""
			} else if stored != "." {
				stored += "/"
			} else {
				stored = ""
			}
		}
		if stored != "" && !matchesAny(excludes, stored) && !matchesAny(excludes, name) {
			adds = append(adds, zipEntry{name: stored, abs: abs, info: info})
		}
		if info.IsDir() && *recurse {
			ents, err := c.FS.ReadDir(abs)
			if err != nil {
				c.FailWith(err, "warning: %s: %s", name, builtins.Reason(err))
				return
			}
			for _, e := range ents {
				walk(path.Join(abs, e.Name()), path.Join(name, e.Name()))
			}
		}
	}
	for _, name := range ops[1:] {
		walk(c.Abs(name), name)
	}
	var msgs []string
	for _, a := range adds {
		i := -1
		for j, e := range entries {
			if e.name == a.name {
				i = j
			}
		}
		if *update && i >= 0 && !a.info.ModTime().Truncate(2*time.Second).After(entries[i].old.Modified.Truncate(2*time.Second)) {
			continue
		}
		verb := "  adding:"
		if i >= 0 {
			verb = "updating:"
			entries[i] = a
		} else {
			entries = append(entries, a)
		}
		changed = true
		msgs = append(msgs, verb)
	}
	if !changed {
		if *update && len(adds) > 0 {
			return 12
		}
		return nothing()
	}
	return writeZip(c, zp, zipName, entries, level, func(name, how string) {
		if len(msgs) > 0 {
			say("%s %s (%s)", msgs[0], name, how)
			msgs = msgs[1:]
		}
	})
}

// writeZip writes the entries to the archive zp: the old ones as they
// were, the new ones compressed at level (stored when that is no
// smaller); added says each new one's name and how it went in.
func writeZip(c *builtins.Call, zp, zipName string, entries []zipEntry, level int, added func(name, how string)) int {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		if e.old != nil {
			if err := zw.Copy(e.old); err != nil {
				fmt.Fprintf(c.Stderr, "\nzip error: Zip file invalid, could not spawn unzip, or wrong unzip (original files unmodified)\n")
				return 3
			}
			continue
		}
		var data []byte
		mode := e.info.Mode()
		switch {
		case mode&fs.ModeSymlink != 0:
			target, err := c.FS.Readlink(e.abs)
			if err != nil {
				c.FailWith(err, "warning: could not open for reading: %s", e.name)
				continue
			}
			data = []byte(target)
		case mode.IsRegular():
			var err error
			if data, err = readFileOf(c, e.abs); err != nil {
				if !c.FailDenied(err) {
					fmt.Fprintf(c.Stdout, "\tzip warning: could not open for reading: %s\n", e.name)
				}
				continue
			}
		}
		h, raw, how := zipMember(e.name, mode, e.info.ModTime(), data, level)
		w, err := zw.CreateRaw(h)
		if err == nil {
			_, err = w.Write(raw)
		}
		if err != nil {
			c.Fail("error: %s", err)
			return 15
		}
		if added != nil {
			added(e.name, how)
		}
	}
	if err := zw.Close(); err != nil {
		c.Fail("error: %s", err)
		return 15
	}
	if err := vfs.WriteFile(c.FS, zp, buf.Bytes(), 0o666&^c.Umask); err != nil {
		c.FailWith(err, "error: could not create output file (%s): %s", zipName, builtins.Reason(err))
		return 15
	}
	return 0
}

// zipMember makes the header and the stored bytes of a member as
// Info-ZIP's zip does: deflated at level unless that is no smaller, the
// sizes and CRC in the local header (no data descriptor, which zip 3.0
// warns about when it updates an archive), the time as MS-DOS's and as
// the extended timestamp; how is zip's word for it ("deflated 53%").
func zipMember(name string, mode fs.FileMode, mtime time.Time, data []byte, level int) (h *zip.FileHeader, raw []byte, how string) {
	mtime = mtime.UTC()
	h = &zip.FileHeader{Name: name, Modified: mtime, Method: zip.Store, CreatorVersion: 3<<8 | 30, ReaderVersion: 10}
	h.SetMode(mode)
	h.ModifiedDate = uint16((mtime.Year()-1980)<<9 | int(mtime.Month())<<5 | mtime.Day())
	h.ModifiedTime = uint16(mtime.Hour()<<11 | mtime.Minute()<<5 | mtime.Second()/2)
	ut := uint32(mtime.Unix())
	h.Extra = []byte{0x55, 0x54, 5, 0, 1, byte(ut), byte(ut >> 8), byte(ut >> 16), byte(ut >> 24)}
	h.CRC32 = crc32.ChecksumIEEE(data)
	h.UncompressedSize64 = uint64(len(data))
	raw, how = data, "stored 0%"
	if len(data) > 0 && level > 0 {
		var packed bytes.Buffer
		fw, _ := flate.NewWriter(&packed, level)
		fw.Write(data)
		fw.Close()
		if packed.Len() < len(data) {
			h.Method, h.ReaderVersion, raw = zip.Deflate, 20, packed.Bytes()
			how = fmt.Sprintf("deflated %d%%", zipPercent(int64(len(data)), int64(packed.Len())))
		}
	}
	h.CompressedSize64 = uint64(len(raw))
	return h, raw, how
}

// zipPercent is Info-ZIP's compression ratio: the share saved, rounded.
func zipPercent(usize, csize int64) int64 {
	if usize == 0 {
		return 0
	}
	return (200*(usize-csize)/usize + 1) / 2
}

// unzipRun is one run of unzip.
type unzipRun struct {
	c                 *builtins.Call
	quiet             bool
	overwrite, never  bool
	dir               string
	members, excludes []string
	status            int
	noneForAll        bool
}

func runUnzip(c *builtins.Call) int {
	args, excludes := splitExcludes(c.Args[1:])
	sub := *c
	sub.Args = append([]string{c.Args[0]}, args...)
	c = &sub
	u := &unzipRun{c: c, excludes: excludes}
	fl := c.Flags()
	list := fl.BoolP("list", "l", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	test := fl.BoolP("test", "t", false, "")
	pipe := fl.BoolP("pipe", "p", false, "")
	fl.BoolVarP(&u.overwrite, "overwrite", "o", false, "")
	fl.BoolVarP(&u.never, "never-overwrite", "n", false, "")
	fl.BoolVarP(&u.quiet, "quiet", "q", false, "")
	fl.StringVarP(&u.dir, "exdir", "d", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing archive name")
	}
	name := ops[0]
	u.members = ops[1:]
	data, err := readFileOf(c, c.Abs(name))
	if err != nil && isNotExist(err) && !strings.HasSuffix(name, ".zip") {
		if d, err2 := readFileOf(c, c.Abs(name+".zip")); err2 == nil {
			data, err, name = d, nil, name+".zip"
		}
	}
	if err != nil {
		if !c.FailDenied(err) {
			fmt.Fprintf(c.Stderr, "unzip:  cannot find or open %s, %s.zip or %s.ZIP.\n", name, name, name)
		}
		return 9
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		fmt.Fprintf(c.Stdout, "Archive:  %s\n", name)
		fmt.Fprintf(c.Stderr, "  End-of-central-directory signature not found.  Either this file is not\n"+
			"  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n"+
			"  latter case the central directory and zipfile comment will be found on\n"+
			"  the last disk(s) of this archive.\n"+
			"unzip:  cannot find zipfile directory in one of %s or\n"+
			"        %s.zip, and cannot find %s.ZIP, period.\n", name, name, name)
		return 9
	}
	var files []*zip.File
	matched := make([]bool, len(u.members))
	for _, f := range zr.File {
		if len(u.members) > 0 {
			hit := false
			for i, m := range u.members {
				if zipMatch(m, f.Name) {
					matched[i], hit = true, true
				}
			}
			if !hit {
				continue
			}
		}
		if matchesAny(u.excludes, f.Name) {
			continue
		}
		files = append(files, f)
	}
	if !*pipe && !(u.quiet && !*list && !*verbose) {
		fmt.Fprintf(c.Stdout, "Archive:  %s\n", name)
	}
	switch {
	case *list:
		u.listShort(files)
	case *verbose:
		u.listLong(files)
	case *test:
		u.test(name, files)
	case *pipe:
		for _, f := range files {
			r, err := f.Open()
			if err == nil {
				_, err = io.Copy(c.Stdout, r)
				r.Close()
			}
			if err != nil {
				u.status = max(u.status, 2)
			}
		}
	default:
		u.extract(files)
	}
	for i, m := range u.members {
		if !matched[i] {
			if !*list && !*verbose {
				fmt.Fprintf(c.Stderr, "caution: filename not matched:  %s\n", m)
			}
			u.status = max(u.status, 11)
		}
	}
	return u.status
}

func plural1(n int, one string) string {
	if n == 1 {
		return one
	}
	return one + "s"
}

func zipTime(f *zip.File) string { return f.Modified.Format("2006-01-02 15:04") }

func (u *unzipRun) listShort(files []*zip.File) {
	w := u.c.Stdout
	fmt.Fprint(w, "  Length      Date    Time    Name\n---------  ---------- -----   ----\n")
	var total uint64
	for _, f := range files {
		fmt.Fprintf(w, "%9d  %s   %s\n", f.UncompressedSize64, zipTime(f), f.Name)
		total += f.UncompressedSize64
	}
	fmt.Fprintf(w, "---------                     -------\n%9d                     %d %s\n", total, len(files), plural1(len(files), "file"))
}

func (u *unzipRun) listLong(files []*zip.File) {
	w := u.c.Stdout
	fmt.Fprint(w, " Length   Method    Size  Cmpr    Date    Time   CRC-32   Name\n--------  ------  ------- ---- ---------- ----- --------  ----\n")
	var usize, csize uint64
	for _, f := range files {
		method := "Stored"
		if f.Method == zip.Deflate {
			method = "Defl:N"
		}
		fmt.Fprintf(w, "%8d  %-6s %8d %3d%% %s %08x  %s\n", f.UncompressedSize64, method, f.CompressedSize64,
			zipPercent(int64(f.UncompressedSize64), int64(f.CompressedSize64)), zipTime(f), f.CRC32, f.Name)
		usize += f.UncompressedSize64
		csize += f.CompressedSize64
	}
	fmt.Fprintf(w, "--------          -------  ---                            -------\n%8d%17d %3d%%                            %d %s\n",
		usize, csize, zipPercent(int64(usize), int64(csize)), len(files), plural1(len(files), "file"))
}

func (u *unzipRun) test(name string, files []*zip.File) {
	bad := 0
	for _, f := range files {
		sum := crc32.NewIEEE()
		r, err := f.Open()
		if err == nil {
			_, err = io.Copy(io.Discard, io.TeeReader(r, sum))
			r.Close()
		}
		result := "OK"
		if err != nil {
			bad++
			result = "bad CRC or data"
			if errors.Is(err, zip.ErrChecksum) {
				result = fmt.Sprintf("bad CRC %08x  (should be %08x)", sum.Sum32(), f.CRC32)
			}
		}
		if !u.quiet {
			fmt.Fprintf(u.c.Stdout, "    testing: %-22s   %s\n", f.Name, result)
		}
	}
	if bad > 0 {
		fmt.Fprintf(u.c.Stdout, "At least one error was detected in %s.\n", name)
		u.status = 2
		return
	}
	fmt.Fprintf(u.c.Stdout, "No errors detected in compressed data of %s.\n", name)
}

// safeZipName drops what would take a member out of the directory:
// leading slashes and ".." components, with unzip's warnings.
func (u *unzipRun) safeZipName(name string) string {
	clean := name
	if strings.HasPrefix(clean, "/") {
		fmt.Fprintf(u.c.Stderr, "warning:  stripped absolute path spec from %s\n", name)
		clean = strings.TrimLeft(clean, "/")
	}
	parts := strings.Split(clean, "/")
	kept := parts[:0]
	dotdot := false
	for _, p := range parts {
		if p == ".." {
			dotdot = true
			continue
		}
		if p == "." {
			continue
		}
		kept = append(kept, p)
	}
	if dotdot {
		fmt.Fprintf(u.c.Stdout, "warning:  skipped \"../\" path component(s) in %s\n", name)
	}
	return strings.Join(kept, "/")
}

type zipLink struct{ path, shown, target string }

// writeMember writes what r holds to a new file p and returns the CRC
// of what it wrote. A write that fails takes the file away; damaged data
// leaves what it gave, as Info-ZIP's unzip does.
func (u *unzipRun) writeMember(p string, perm fs.FileMode, r io.Reader) (uint32, error) {
	f, err := u.c.FS.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return 0, err
	}
	sum := crc32.NewIEEE()
	cw := &countWriter{w: f}
	_, err = io.Copy(io.MultiWriter(cw, sum), r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if cw.err != nil || err != nil && errors.As(err, new(*fs.PathError)) {
		u.c.FS.Remove(p)
	}
	return sum.Sum32(), err
}

func (u *unzipRun) extract(files []*zip.File) {
	c := u.c
	base := c.Dir
	if u.dir != "" {
		base = c.Abs(u.dir)
		if err := vfs.MkdirAll(c.FS, base, 0o777&^c.Umask); err != nil {
			c.FailWith(err, "checkdir:  cannot create extraction directory: %s", u.dir)
			u.status = 3
			return
		}
	}
	say := func(format string, a ...any) {
		if !u.quiet {
			fmt.Fprintf(c.Stdout, format, a...)
		}
	}
	var links []zipLink
	for _, f := range files {
		if c.Canceled() {
			u.status = 130
			return
		}
		rel := u.safeZipName(f.Name)
		if rel == "" {
			continue
		}
		shown := rel
		if u.dir != "" {
			shown = path.Join(u.dir, rel)
			if strings.HasSuffix(rel, "/") {
				shown += "/"
			}
		}
		p := vfs.Clean(base, rel)
		mode := f.Mode()
		if mode.IsDir() || strings.HasSuffix(f.Name, "/") {
			if _, err := c.FS.Lstat(p); err != nil {
				say("   creating: %s\n", shown)
				if err := vfs.MkdirAll(c.FS, p, 0o777&^c.Umask); err != nil {
					c.FailWith(err, "checkdir error:  cannot create %s\n                 %s", rel, builtins.Reason(err))
					u.status = max(u.status, 1)
				}
			}
			continue
		}
		if parent := path.Dir(p); parent != base {
			info, err := c.FS.Lstat(parent)
			switch {
			case err == nil && !info.IsDir():
				fmt.Fprintf(c.Stderr, "checkdir error:  %s exists but is not directory\n                 unable to process %s.\n", path.Dir(shown), rel)
				u.status = max(u.status, 2)
				continue
			case err != nil:
				if err := vfs.MkdirAll(c.FS, parent, 0o777&^c.Umask); err != nil {
					fmt.Fprintf(c.Stderr, "checkdir error:  cannot create %s\n                 unable to process %s.\n", path.Dir(shown), shown)
					u.status = max(u.status, 1)
					continue
				}
			}
		}
		if _, err := c.FS.Lstat(p); err == nil {
			switch {
			case u.never || u.noneForAll:
				continue
			case !u.overwrite:
				fmt.Fprintf(c.Stderr, "replace %s? [y]es, [n]o, [A]ll, [N]one, [r]ename:  NULL\n(EOF or read error, treating as \"[N]one\" ...)\n", shown)
				u.noneForAll = true
				u.status = max(u.status, 1)
				continue
			}
			if err := c.FS.Remove(p); err != nil {
				c.FailWith(err, "error:  cannot delete old %s\n        %s", shown, builtins.Reason(err))
				u.status = max(u.status, 1)
				continue
			}
		}
		r, err := f.Open()
		if err != nil {
			fmt.Fprintf(c.Stderr, "  error:  invalid compressed data to inflate %s\n", shown)
			u.status = max(u.status, 2)
			continue
		}
		if mode&fs.ModeSymlink != 0 {
			target, err := io.ReadAll(io.LimitReader(r, 4096))
			r.Close()
			if err != nil {
				fmt.Fprintf(c.Stderr, "  error:  invalid compressed data to inflate %s\n", shown)
				u.status = max(u.status, 2)
				continue
			}
			say("    linking: %-22s  -> %s \n", shown, target)
			// made last; until then an empty file holds the place
			if err := vfs.WriteFile(c.FS, p, nil, 0); err == nil {
				links = append(links, zipLink{p, shown, string(target)})
			}
			continue
		}
		verb := "extracting"
		if f.Method == zip.Deflate {
			verb = "inflating"
		}
		say("%11s: %-22s  ", verb, shown)
		perm := mode.Perm()
		if perm == 0 {
			perm = 0o666
		}
		perm &^= c.Umask
		// streamed to the file: what a member says it holds is no bound
		// (a zip bomb); the disk's limit is
		sum, err := u.writeMember(p, perm, r)
		r.Close()
		switch {
		case errors.Is(err, zip.ErrChecksum):
			fmt.Fprintf(c.Stderr, " bad CRC %08x  (should be %08x)\n", sum, f.CRC32)
			u.status = max(u.status, 2)
		case err != nil && (errors.Is(err, zip.ErrFormat) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, new(flate.CorruptInputError))):
			fmt.Fprintf(c.Stderr, "\n  error:  invalid compressed data to inflate\n")
			u.status = max(u.status, 2)
		case err != nil:
			say("\n")
			c.FailWith(err, "error:  cannot create %s\n        %s", shown, builtins.Reason(err))
			u.status = max(u.status, 1)
			continue
		default:
			say("\n")
		}
		c.FS.Chmod(p, perm)
		c.FS.Chtimes(p, f.Modified, f.Modified)
	}
	if len(links) > 0 {
		say("finishing deferred symbolic links:\n")
	}
	for _, l := range links {
		say("  %-22s -> %s\n", l.shown, l.target)
		if info, err := c.FS.Lstat(l.path); err != nil || !info.Mode().IsRegular() || info.Size() != 0 {
			continue
		}
		c.FS.Remove(l.path)
		if err := c.FS.Symlink(l.target, l.path); err != nil {
			c.FailWith(err, "error:  cannot create symlink %s: %s", l.shown, builtins.Reason(err))
			u.status = max(u.status, 1)
		}
	}
}
