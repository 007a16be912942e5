package coreutils

// tar: create, extract and list archives (archive/tar), compressed with
// the codecs of gzip, bzip2 and xz (compress.go), in GNU tar's words and
// listing layout. Extraction never writes outside its directory through
// what the archive holds: names with ".." are skipped and absolute ones
// made relative, as GNU's are, and a symlink that points up or away
// (absolute, or with "..") is made last, after every other member, with
// an empty file holding its place until then, as GNU's delayed links:
// "l -> /etc" then "l/passwd" fails with "Not a directory".

import (
	"archive/tar"
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func tarCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "tar",
		Summary:     "create, extract or list tar archives",
		UsageStatus: 2,
		TryHelp:     "Try 'tar --help' or 'tar --usage' for more information.\n",
		Usage: `Usage: tar [OPTION...] [FILE]...
GNU 'tar' saves many files together into a single tape or disk archive, and
can restore individual files from the archive.

Examples:
  tar -cf archive.tar foo bar  # Create archive.tar from files foo and bar.
  tar -tvf archive.tar         # List all files in archive.tar verbosely.
  tar -xf archive.tar          # Extract all files from archive.tar.

 Main operation mode:
  -A, --catenate, --concatenate   append tar files to an archive
  -c, --create               create a new archive
      --delete               delete from the archive
  -r, --append               append files to the end of an archive
  -t, --list                 list the contents of an archive
  -u, --update               only append files newer than copy in archive
  -x, --extract, --get       extract files from an archive

 Options:
  -a, --auto-compress        use archive suffix to determine the compression
                             program
  -C, --directory=DIR        change to directory DIR (for the names after
                             it; each -C from the one before)
      --exclude=PATTERN      exclude files, given as a PATTERN
  -f, --file=ARCHIVE         use archive file ARCHIVE (- for standard
                             input or output, the default)
  -h, --dereference          follow symlinks; archive the files they point to
  -j, --bzip2                filter the archive through bzip2
  -J, --xz                   filter the archive through xz
  -k, --keep-old-files       don't replace existing files when extracting,
                             treat them as errors
      --no-same-owner        extract files as yourself (the default: the
                             sandbox's user owns what it extracts)
      --numeric-owner        always use numbers for user/group names
  -O, --to-stdout            extract files to standard output
      --overwrite            overwrite existing files when extracting (the
                             default)
  -p, --preserve-permissions, --same-permissions
                             extract information about file permissions
                             (without the umask)
      --strip-components=NUMBER   strip NUMBER leading components from file
                             names on extraction
  -T, --files-from=FILE      get names to extract or create from FILE
      --transform=EXPRESSION, --xform=EXPRESSION
                             use sed replace EXPRESSION to transform file
                             names
  -v, --verbose              verbosely list files processed
  -z, --gzip, --gunzip       filter the archive through gzip
      --help                 display this help and exit
      --version              output version information and exit

A compressed archive is recognised when it is read, with or without -z,
-j or -J; -A, -r, -u and --delete change uncompressed archives only.
Old-style options work too: tar xzf ARCHIVE.
`,
		Run: stopsOnCancel(runTar),
	}
}

// tarRun is one run of tar.
type tarRun struct {
	c                                  *builtins.Call
	verbose                            int
	file                               string
	strip                              int
	excludes                           []string
	toStdout, preserve, deref, numeric bool
	keepOld                            bool
	status                             int
	reported                           map[string]bool // leading prefixes reported removed
	ugswidth                           int
	delayed                            []tarDelayed
	dirs                               []tarDir
	archiveAbs                         string
	listing                            io.Writer // where -v names go
	links                              map[uint64]string
	xforms                             []tarXform // --transform
	// skip, for -u, says that a file is not newer than its copy in
	// the archive: add leaves it out (a directory's header only)
	skip func(member string, info fs.FileInfo) bool
}

// tarDirFlag is -C: each directory applies to the names after it, and
// is taken from the one before it, as GNU tar changes directory.
type tarDirFlag struct {
	fl   *pflag.FlagSet
	dirs *[]tarChdir
}

// tarChdir is a -C given before the name of index at.
type tarChdir struct {
	at  int
	dir string
}

func (f tarDirFlag) String() string { return "" }
func (f tarDirFlag) Type() string   { return "string" }
func (f tarDirFlag) Set(v string) error {
	*f.dirs = append(*f.dirs, tarChdir{len(f.fl.Args()), v})
	return nil
}

type tarDelayed struct{ path, target string }

type tarDir struct {
	path string
	hdr  *tar.Header
}

// expandOldStyle turns tar's old-style first argument ("xzf a.tgz") into
// options ("-x -z -f a.tgz"): each letter is an option, and those that
// take an argument take the next arguments in order.
func expandOldStyle(args []string) ([]string, error) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || args[0] == "" {
		return args, nil
	}
	var out []string
	rest := args[1:]
	for _, ch := range args[0] {
		out = append(out, "-"+string(ch))
		if strings.ContainsRune("fCTX", ch) {
			if len(rest) == 0 {
				return nil, fmt.Errorf("Old option '%c' requires an argument.", ch)
			}
			out = append(out, rest[0])
			rest = rest[1:]
		}
	}
	return append(out, rest...), nil
}

func runTar(c *builtins.Call) int {
	args, err := expandOldStyle(c.Args[1:])
	if err != nil {
		return c.Usage("%s", err)
	}
	sub := *c
	sub.Args = append([]string{c.Args[0]}, args...)
	c = &sub
	t := &tarRun{c: c, reported: map[string]bool{}, ugswidth: 19, links: map[uint64]string{}}
	fl := c.Flags()
	create := fl.BoolP("create", "c", false, "")
	extract := fl.BoolP("extract", "x", false, "")
	get := fl.Bool("get", false, "")
	list := fl.BoolP("list", "t", false, "")
	fl.StringVarP(&t.file, "file", "f", "-", "")
	fl.CountVarP(&t.verbose, "verbose", "v", "")
	var chdirs []tarChdir
	fl.VarP(tarDirFlag{fl, &chdirs}, "directory", "C", "")
	appendOp := fl.BoolP("append", "r", false, "")
	update := fl.BoolP("update", "u", false, "")
	concat := fl.BoolP("concatenate", "A", false, "")
	catenate := fl.Bool("catenate", false, "")
	deleteOp := fl.Bool("delete", false, "")
	gz := fl.BoolP("gzip", "z", false, "")
	fl.Bool("gunzip", false, "")
	bz := fl.BoolP("bzip2", "j", false, "")
	xzf := fl.BoolP("xz", "J", false, "")
	auto := fl.BoolP("auto-compress", "a", false, "")
	fl.IntVar(&t.strip, "strip-components", 0, "")
	fl.StringArrayVar(&t.excludes, "exclude", nil, "")
	fl.BoolVarP(&t.toStdout, "to-stdout", "O", false, "")
	fl.BoolVarP(&t.preserve, "preserve-permissions", "p", false, "")
	samePerm := fl.Bool("same-permissions", false, "")
	fl.Bool("no-same-owner", false, "")
	fl.BoolVarP(&t.deref, "dereference", "h", false, "")
	filesFrom := fl.StringArrayP("files-from", "T", nil, "")
	fl.BoolVar(&t.numeric, "numeric-owner", false, "")
	fl.BoolVarP(&t.keepOld, "keep-old-files", "k", false, "")
	overwrite := fl.Bool("overwrite", false, "")
	xforms := fl.StringArray("transform", nil, "")
	xforms2 := fl.StringArray("xform", nil, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if g, _ := fl.GetBool("gunzip"); g {
		*gz = true
	}
	*extract = *extract || *get
	t.preserve = t.preserve || *samePerm
	if *overwrite {
		t.keepOld = false
	}
	for _, x := range append(*xforms, *xforms2...) {
		xs, err := parseTransforms(x)
		if err != nil {
			return c.Usage("%s", err)
		}
		t.xforms = append(t.xforms, xs...)
	}
	*concat = *concat || *catenate
	modes := 0
	for _, m := range []bool{*create, *extract, *list, *appendOp, *update, *concat, *deleteOp} {
		if m {
			modes++
		}
	}
	switch {
	case modes == 0:
		return c.Usage("You must specify one of the '-Acdtrux', '--delete' or '--test-label' options")
	case modes > 1:
		return c.Usage("You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option")
	}
	names := fl.Args()
	for _, from := range *filesFrom {
		data, err := readInput(c, from)
		if err != nil {
			t.fail("%s: Cannot open: %s", from, builtins.Reason(err))
			return t.fatal()
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSuffix(line, "\r"); line != "" {
				names = append(names, line)
			}
		}
	}
	// dirs[i] is the directory of names[i]; base, the last one, is
	// where a read extracts
	base := c.Dir
	dirs := make([]string, len(names))
	next := 0
	for _, cd := range chdirs {
		for ; next < cd.at && next < len(names); next++ {
			dirs[next] = base
		}
		base = vfs.Clean(base, cd.dir)
		if info, err := c.FS.Stat(base); err != nil || !info.IsDir() {
			if err == nil {
				err = syscall.ENOTDIR
			}
			t.fail("%s: Cannot open: %s", cd.dir, builtins.Reason(err))
			return t.fatal()
		}
	}
	for ; next < len(names); next++ {
		dirs[next] = base
	}
	var cd *codec
	switch {
	case *gz:
		cd = gzipCodec
	case *bz:
		cd = bzip2Codec
	case *xzf:
		cd = xzCodec
	case *auto:
		cd = codecBySuffix(t.file)
	}
	switch {
	case *create:
		return t.create(names, dirs, cd)
	case *appendOp || *update || *concat || *deleteOp:
		if t.file == "-" && !*deleteOp {
			return c.Usage("Options '-Aru' are incompatible with '-f -'")
		}
		if cd != nil {
			return c.Usage("Cannot update compressed archives")
		}
		op := byte('D')
		switch {
		case *appendOp:
			op = 'r'
		case *update:
			op = 'u'
		case *concat:
			op = 'A'
		}
		return t.modify(op, names, dirs)
	}
	return t.read(base, names, *list)
}

// codecBySuffix is the compression -a chooses for an archive's name.
func codecBySuffix(name string) *codec {
	for _, s := range []struct {
		cd   *codec
		sufs []string
	}{
		{gzipCodec, []string{".gz", ".tgz", ".taz"}},
		{bzip2Codec, []string{".bz2", ".tbz", ".tbz2", ".tz2"}},
		{xzCodec, []string{".xz", ".txz"}},
	} {
		for _, suf := range s.sufs {
			if strings.HasSuffix(name, suf) {
				return s.cd
			}
		}
	}
	return nil
}

// fail reports a problem; tar goes on and exits 2.
func (t *tarRun) fail(format string, args ...any) {
	t.c.Fail(format, args...)
	t.status = 2
}

// failErr reports err, the gate's way when it is a denial.
func (t *tarRun) failErr(err error, format string, args ...any) {
	t.c.FailWith(err, format, args...)
	t.status = 2
}

// fatal ends the run after an error tar cannot go on from.
func (t *tarRun) fatal() int {
	t.c.Fail("Error is not recoverable: exiting now")
	return 2
}

// done is the run's status, with GNU's last word after errors.
func (t *tarRun) done() int {
	if t.status != 0 {
		t.c.Fail("Exiting with failure status due to previous errors")
	}
	return t.status
}

// safeName strips what would take name out of the directory: leading
// slashes, and everything up to the last ".." (reported once per
// prefix, in GNU's words); what ("member names", "hard link targets")
// says which. It also says whether name holds a "..".
func (t *tarRun) safeName(name, what string) (string, bool) {
	prefix := 0
	dotdot := false
	for i := 0; i < len(name); {
		j := strings.IndexByte(name[i:], '/')
		end := len(name)
		if j >= 0 {
			end = i + j
		}
		switch name[i:end] {
		case "":
			if end == i && i == prefix {
				prefix = end + 1
			}
		case "..":
			dotdot = true
			prefix = min(end+1, len(name))
		}
		i = end + 1
	}
	prefix = min(prefix, len(name))
	if prefix > 0 {
		p := name[:prefix]
		if key := what + "\x00" + p; !t.reported[key] {
			t.reported[key] = true
			t.c.Fail("Removing leading `%s' from %s", p, what)
		}
	}
	return name[prefix:], dotdot
}

// excluded reports whether an --exclude pattern matches name or any of
// its trailing parts (GNU's default, --no-anchored).
func (t *tarRun) excluded(name string) bool {
	name = strings.TrimSuffix(name, "/")
	for _, pat := range t.excludes {
		pat = strings.TrimSuffix(pat, "/")
		// from any component on, to any component's end (fnmatch's
		// FNM_LEADING_DIR: a directory's pattern takes what it holds)
		for start := 0; start >= 0; {
			s := name[start:]
			for end := 0; end >= 0; {
				next := strings.IndexByte(s[end:], '/')
				stop := len(s)
				if next >= 0 {
					stop = end + next
				}
				if ok, _ := path.Match(pat, s[:stop]); ok {
					return true
				}
				end = -1
				if next >= 0 {
					end = stop + 1
				}
			}
			i := strings.IndexByte(s, '/')
			start = -1
			if i >= 0 {
				start = len(name) - len(s) + i + 1
			}
		}
	}
	return false
}

// owner is how a listing names the owner of hdr.
func (t *tarRun) owner(hdr *tar.Header) (string, string) {
	u, g := hdr.Uname, hdr.Gname
	if t.numeric || u == "" {
		u = fmt.Sprint(hdr.Uid)
	}
	if t.numeric || g == "" {
		g = fmt.Sprint(hdr.Gid)
	}
	return u, g
}

// longLine is tar -tv's line for hdr, shown as name.
func (t *tarRun) longLine(hdr *tar.Header, name string) string {
	typ := byte('-')
	size := fmt.Sprint(hdr.Size)
	switch hdr.Typeflag {
	case tar.TypeDir:
		typ = 'd'
	case tar.TypeSymlink:
		typ, size = 'l', "0"
	case tar.TypeLink:
		typ, size = 'h', "0"
	case tar.TypeChar:
		typ, size = 'c', fmt.Sprintf("%d,%d", hdr.Devmajor, hdr.Devminor)
	case tar.TypeBlock:
		typ, size = 'b', fmt.Sprintf("%d,%d", hdr.Devmajor, hdr.Devminor)
	case tar.TypeFifo:
		typ = 'p'
	}
	u, g := t.owner(hdr)
	if w := len(u) + 1 + len(g) + 1 + len(size); w > t.ugswidth {
		t.ugswidth = w
	}
	line := fmt.Sprintf("%c%s %s/%s %*s %s %s", typ, permString(uint32(hdr.Mode)), u, g,
		t.ugswidth-len(u)-len(g)-2, size, hdr.ModTime.In(localZone(t.c)).Format("2006-01-02 15:04"), name)
	switch hdr.Typeflag {
	case tar.TypeSymlink:
		line += " -> " + hdr.Linkname
	case tar.TypeLink:
		line += " link to " + hdr.Linkname
	}
	return line
}

// create writes an archive of names (each relative to its dirs[i]).
func (t *tarRun) create(names, dirs []string, cd *codec) int {
	c := t.c
	if len(names) == 0 {
		return c.Usage("Cowardly refusing to create an empty archive")
	}
	var out io.Writer = c.Stdout
	t.listing = c.Stdout
	if t.file != "-" {
		t.archiveAbs = c.Abs(t.file)
		f, err := c.Create(t.file, false)
		if err != nil {
			t.failErr(err, "%s: Cannot open: %s", t.file, builtins.Reason(err))
			return t.fatal()
		}
		defer f.Close()
		out = f
	} else {
		t.listing = c.Stderr
	}
	var zw io.WriteCloser
	if cd != nil {
		level := 6
		if cd == bzip2Codec {
			level = 9
		}
		var err error
		if zw, err = cd.writer(out, level, "", time.Time{}); err != nil {
			t.fail("%s", err)
			return t.fatal()
		}
		out = zw
	}
	tw := tar.NewWriter(out)
	if st := t.addAll(tw, names, dirs); st != 0 {
		return st
	}
	err := tw.Close()
	if err == nil && zw != nil {
		err = zw.Close()
	}
	if err != nil {
		t.failErr(err, "%s: Cannot write: %s", t.file, builtins.Reason(err))
		return t.fatal()
	}
	return t.done()
}

// addAll adds the files names (each relative to its dirs[i]), and
// returns 0, or the status to end with.
func (t *tarRun) addAll(tw *tar.Writer, names, dirs []string) int {
	for i, name := range names {
		if t.c.Canceled() {
			return 130
		}
		if err := t.add(tw, vfs.Clean(dirs[i], name), name); err != nil {
			t.failErr(err, "%s: Cannot write: %s", t.file, builtins.Reason(err))
			return t.fatal()
		}
	}
	return 0
}

// add writes the file abs as name, and what a directory holds; the
// error it returns is the archive's (the files' own are reported).
func (t *tarRun) add(tw *tar.Writer, abs, name string) error {
	c := t.c
	if t.excluded(name) {
		return nil
	}
	stat := c.FS.Lstat
	if t.deref {
		stat = c.FS.Stat
	}
	info, err := stat(abs)
	if err != nil {
		t.failErr(err, "%s: Cannot stat: %s", name, builtins.Reason(err))
		return nil
	}
	if abs == t.archiveAbs {
		t.c.Fail("%s: file is the archive; not dumped", name)
		return nil
	}
	member, _ := t.safeName(t.transform(name, 'r'), "member names")
	if member == "" {
		member = "."
	}
	st := vfs.StatOf(info)
	hdr := &tar.Header{
		Name: member, Mode: int64(posixMode(info.Mode()) & 0o7777), ModTime: info.ModTime(),
		Uid: int(st.Uid), Gid: int(st.Gid), Format: tar.FormatGNU,
	}
	if !t.numeric {
		hdr.Uname, hdr.Gname = t.names(int(st.Uid), int(st.Gid))
	}
	mode := info.Mode()
	switch {
	case mode.IsDir():
		hdr.Typeflag = tar.TypeDir
		if !strings.HasSuffix(hdr.Name, "/") {
			hdr.Name += "/"
		}
	case mode&fs.ModeSymlink != 0:
		target, err := c.FS.Readlink(abs)
		if err != nil {
			t.failErr(err, "%s: Cannot readlink: %s", name, builtins.Reason(err))
			return nil
		}
		hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, target
	case mode.IsRegular():
		// a file archived a second time (a hard link, or a name given
		// twice) is a link to the first, as GNU tar makes it
		if first, ok := t.links[st.Ino]; ok {
			hdr.Typeflag, hdr.Linkname = tar.TypeLink, first
		} else {
			hdr.Typeflag, hdr.Size = tar.TypeReg, info.Size()
			t.links[st.Ino] = member
		}
	default:
		t.c.Fail("%s: socket ignored", name)
		return nil
	}
	if t.skip != nil && t.skip(hdr.Name, info) {
		if hdr.Typeflag != tar.TypeDir {
			return nil
		}
		return t.addChildren(tw, abs, name)
	}
	var data io.Reader
	if hdr.Typeflag == tar.TypeReg {
		f, err := c.FS.OpenFile(abs, os.O_RDONLY, 0)
		if err != nil {
			t.failErr(err, "%s: Cannot open: %s", name, builtins.Reason(err))
			return nil
		}
		defer f.Close()
		data = canceledReader{c, f}
	}
	if t.verbose > 0 {
		shown := name
		if hdr.Typeflag == tar.TypeDir && !strings.HasSuffix(shown, "/") {
			shown += "/"
		}
		if t.verbose > 1 {
			shown = t.longLine(hdr, shown)
		}
		fmt.Fprintln(t.listing, shown)
	}
	if err := tw.WriteHeader(hdr); err != nil {
		return err
	}
	if data != nil {
		n, err := io.Copy(tw, data)
		if err != nil && n < hdr.Size {
			var pe *fs.PathError
			if errors.As(err, &pe) && pe.Path == abs {
				t.failErr(err, "%s: Read error: %s", name, builtins.Reason(err))
				return nil
			}
			return err
		}
	}
	if hdr.Typeflag != tar.TypeDir {
		return nil
	}
	return t.addChildren(tw, abs, name)
}

// addChildren adds what the directory abs, archived as name, holds.
func (t *tarRun) addChildren(tw *tar.Writer, abs, name string) error {
	c := t.c
	ents, err := c.FS.ReadDir(abs)
	if err != nil {
		t.failErr(err, "%s: Cannot open: %s", name, builtins.Reason(err))
		return nil
	}
	for _, e := range ents {
		if c.Canceled() {
			return nil
		}
		child := name + "/" + e.Name()
		if strings.HasSuffix(name, "/") {
			child = name + e.Name()
		}
		if err := t.add(tw, path.Join(abs, e.Name()), child); err != nil {
			return err
		}
	}
	return nil
}

// names are the user and group names of uid and gid in the sandbox.
func (t *tarRun) names(uid, gid int) (string, string) {
	who := t.c.Who
	var u, g string
	switch uid {
	case who.UID:
		u = who.User
	case 0:
		u = "root"
	}
	switch gid {
	case who.GID:
		g = who.Group
	case 0:
		g = "root"
	}
	return u, g
}

// read lists or extracts the archive, into base.
func (t *tarRun) read(base string, names []string, list bool) int {
	c := t.c
	var in io.Reader = canceledReader{c, c.Stdin}
	if t.file != "-" {
		f, err := openOf(c, t.file)
		if err != nil {
			t.failErr(err, "%s: Cannot open: %s", t.file, builtins.Reason(err))
			return t.fatal()
		}
		defer f.Close()
		in = f
	}
	br := bufio.NewReaderSize(in, 64*1024)
	var r io.Reader = br
	for _, cd := range []*codec{gzipCodec, bzip2Codec, xzCodec} {
		if head, _ := br.Peek(len(cd.magic)); string(head) == cd.magic {
			pr, pw := io.Pipe()
			go func() {
				_, err := cd.decode(br, pw)
				pw.CloseWithError(err)
			}()
			defer pr.Close()
			r = pr
			break
		}
	}
	t.listing = c.Stdout
	if t.toStdout {
		t.listing = c.Stderr
	}
	matched := make([]bool, len(names))
	cr := &countReader{r: r}
	tr := tar.NewReader(cr)
	for first := true; ; first = false {
		if c.Canceled() {
			return 130
		}
		hdr, err := tr.Next()
		if err == io.EOF && cr.n > 0 && cr.n%512 == 0 {
			break
		}
		if err != nil {
			switch {
			case cr.err != nil && !errors.Is(cr.err, io.ErrUnexpectedEOF) && !errors.Is(cr.err, errNotFormat) && !errors.Is(cr.err, errCorrupt):
				t.failErr(cr.err, "%s: Read error: %s", t.file, builtins.Reason(cr.err))
				return t.fatal()
			case first && (err != io.EOF || cr.n == 0):
				t.fail("This does not look like a tar archive")
				return t.done()
			}
			t.fail("Unexpected EOF in archive")
			return t.fatal()
		}
		if len(names) > 0 {
			i := slices.IndexFunc(names, func(n string) bool { return tarMatch(n, hdr.Name) })
			if i < 0 {
				continue
			}
			matched[i] = true
		}
		if t.excluded(hdr.Name) {
			continue
		}
		if list {
			t.list(hdr)
			continue
		}
		if err := t.extract(tr, hdr, base); err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) || cr.err != nil {
				t.fail("Unexpected EOF in archive")
				return t.fatal()
			}
			return t.fatal()
		}
	}
	t.finish()
	if c.Canceled() {
		return 130
	}
	for i, n := range names {
		if !matched[i] {
			t.fail("%s: Not found in archive", n)
		}
	}
	return t.done()
}

// tarMatch reports whether the operand name selects the member.
func tarMatch(name, member string) bool {
	name, member = strings.TrimSuffix(name, "/"), strings.TrimSuffix(member, "/")
	return member == name || strings.HasPrefix(member, name+"/")
}

// stripped is the member's name with --strip-components applied, "" when
// nothing is left.
func (t *tarRun) stripped(name string) string {
	for range t.strip {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return ""
		}
		name = name[i+1:]
	}
	return name
}

func (t *tarRun) list(hdr *tar.Header) {
	t.safeName(hdr.Name, "member names")
	if hdr.Typeflag == tar.TypeLink {
		t.safeName(hdr.Linkname, "hard link targets")
	}
	if t.stripped(hdr.Name) == "" {
		return
	}
	if t.verbose > 0 {
		// GNU tar 1.34 lists the names as they are, the link targets
		// transformed
		shown := *hdr
		switch hdr.Typeflag {
		case tar.TypeSymlink:
			shown.Linkname = t.transform(hdr.Linkname, 's')
		case tar.TypeLink:
			shown.Linkname = t.transform(hdr.Linkname, 'h')
		}
		fmt.Fprintln(t.c.Stdout, t.longLine(&shown, hdr.Name))
		return
	}
	fmt.Fprintln(t.c.Stdout, hdr.Name)
}

// extract makes the member hdr under base; it returns an error only when
// the archive cannot be read on.
func (t *tarRun) extract(tr *tar.Reader, hdr *tar.Header, base string) error {
	c := t.c
	name, dotdot := t.safeName(t.transform(hdr.Name, 'r'), "member names")
	if dotdot {
		t.fail("%s: Member name contains '..'", hdr.Name)
		return nil
	}
	name = t.stripped(name)
	if strings.Trim(name, "/") == "" {
		return nil
	}
	if t.verbose > 0 {
		shown := hdr.Name
		if t.verbose > 1 {
			shown = t.longLine(hdr, hdr.Name)
		}
		fmt.Fprintln(t.listing, shown)
	}
	if t.toStdout {
		if hdr.Typeflag == tar.TypeReg || hdr.Typeflag == tar.TypeRegA || hdr.Typeflag == tar.TypeGNUSparse {
			_, err := io.Copy(c.Stdout, canceledReader{c, tr})
			return err
		}
		return nil
	}
	p := vfs.Clean(base, name)
	if err := vfs.MkdirAll(c.FS, path.Dir(p), 0o777&^c.Umask); err != nil {
		t.failErr(err, "%s: Cannot open: %s", hdr.Name, builtins.Reason(err))
		return nil
	}
	perm := fs.FileMode(hdr.Mode) & fs.ModePerm
	if !t.preserve {
		perm &^= c.Umask
	}
	old, err := c.FS.Lstat(p)
	exists := err == nil
	if exists && !(old.IsDir() && hdr.Typeflag == tar.TypeDir) {
		if t.keepOld {
			if hdr.Typeflag == tar.TypeSymlink {
				t.fail("%s: Cannot create symlink to %s: File exists", hdr.Name, builtins.Quote(hdr.Linkname))
			} else {
				t.fail("%s: Cannot open: File exists", hdr.Name)
			}
			return nil
		}
		if err := c.FS.Remove(p); err != nil {
			t.failErr(err, "%s: Cannot unlink: %s", hdr.Name, builtins.Reason(err))
			return nil
		}
	}
	switch hdr.Typeflag {
	case tar.TypeDir:
		if !exists || !old.IsDir() {
			if err := c.FS.Mkdir(p, 0o700); err != nil {
				t.failErr(err, "%s: Cannot mkdir: %s", hdr.Name, builtins.Reason(err))
				return nil
			}
		}
		t.dirs = append(t.dirs, tarDir{p, hdr})
	case tar.TypeReg, tar.TypeRegA, tar.TypeGNUSparse: // archive/tar fills a sparse file's holes
		f, err := c.FS.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err != nil {
			t.failErr(err, "%s: Cannot open: %s", hdr.Name, builtins.Reason(err))
			return nil
		}
		_, err = io.Copy(f, canceledReader{c, tr}) // a sparse hole reads nothing below
		f.Close()
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				t.failErr(err, "%s: Cannot write: %s", hdr.Name, builtins.Reason(err))
				return nil
			}
			return err
		}
		if err := c.FS.Chmod(p, perm); err != nil {
			t.failErr(err, "%s: Cannot change mode: %s", hdr.Name, builtins.Reason(err))
		}
		c.FS.Chtimes(p, hdr.ModTime, hdr.ModTime)
	case tar.TypeSymlink:
		hdr.Linkname = t.transform(hdr.Linkname, 's')
		if path.IsAbs(hdr.Linkname) || slices.Contains(strings.Split(hdr.Linkname, "/"), "..") {
			// made last; until then an empty file holds the place
			f, err := c.FS.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0)
			if err != nil {
				t.failErr(err, "%s: Cannot open: %s", hdr.Name, builtins.Reason(err))
				return nil
			}
			f.Close()
			t.delayed = append(t.delayed, tarDelayed{p, hdr.Linkname})
			return nil
		}
		if err := c.FS.Symlink(hdr.Linkname, p); err != nil {
			t.failErr(err, "%s: Cannot create symlink to %s: %s", hdr.Name, builtins.Quote(hdr.Linkname), builtins.Reason(err))
		}
	case tar.TypeLink:
		target, _ := t.safeName(t.transform(hdr.Linkname, 'h'), "hard link targets")
		target = t.stripped(target)
		if err := c.FS.Link(vfs.Clean(base, target), p); err != nil {
			t.failErr(err, "%s: Cannot hard link to %s: %s", hdr.Name, builtins.Quote(target), builtins.Reason(err))
		}
	default:
		t.fail("%s: Cannot mknod: %s", hdr.Name, builtins.Strerror(syscall.EPERM))
	}
	return nil
}

// finish makes the delayed symlinks, where their place holders still
// are, and gives the directories their modes and times (last, so that a
// read-only one could be filled).
func (t *tarRun) finish() {
	c := t.c
	for _, d := range t.delayed {
		info, err := c.FS.Lstat(d.path)
		if err != nil || !info.Mode().IsRegular() || info.Size() != 0 {
			continue
		}
		if err := c.FS.Remove(d.path); err == nil {
			if err := c.FS.Symlink(d.target, d.path); err != nil {
				t.failErr(err, "%s: Cannot create symlink to %s: %s", d.path, builtins.Quote(d.target), builtins.Reason(err))
			}
		}
	}
	for i := len(t.dirs) - 1; i >= 0; i-- {
		d := t.dirs[i]
		perm := fs.FileMode(d.hdr.Mode) & fs.ModePerm
		if !t.preserve {
			perm &^= c.Umask
		}
		c.FS.Chmod(d.path, perm)
		c.FS.Chtimes(d.path, d.hdr.ModTime, d.hdr.ModTime)
	}
}
