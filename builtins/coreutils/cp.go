package coreutils

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func cpCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "cp",
		Summary: "copy files and directories",
		Usage: `Usage: cp [OPTION]... SOURCE DEST
  or:  cp [OPTION]... SOURCE... DIRECTORY
  or:  cp [OPTION]... -t DIRECTORY SOURCE...
Copy files and directories.

  -r, -R, --recursive      copy directories recursively (symlinks are
                           copied as symlinks unless -L)
  -a, --archive            same as -dR --preserve=all
  -p                       preserve mode and timestamps
      --preserve[=LIST]    preserve mode, timestamps, links (names of one
                           file stay one file in the copy), all;
                           ownership: a no-op
      --parents            use full source file name under DIRECTORY
  -d                       same as -P --preserve=links
  -P, --no-dereference     copy symlinks as symlinks
  -L, --dereference        always follow symlinks in SOURCE
  -H                       follow symlinks named on the command line
  -f, --force              remove a destination that cannot be opened, retry
  -n, --no-clobber         do not overwrite an existing file
  -u, --update             copy only when SOURCE is newer than DEST or DEST is missing
  -l, --link               hard-link files instead of copying
  -s, --symbolic-link      make symbolic links instead of copying
  -v, --verbose            explain what is being done
  -T, --no-target-directory  treat DEST as a normal file
  -t, --target-directory=DIR copy all SOURCEs into DIR
`,
		Run: runCp,
	}
}

type cp struct {
	c                          *builtins.Call
	recursive                  bool
	preserveMode, preserveTime bool
	force, noClobber, update   bool
	hardLink, symLink, verbose bool
	deref                      byte // 'P' never, 'L' always, 'H' on the command line
	created                    map[string]bool
	// preserveLinks keeps the names of one file one file in the copy:
	// copies maps the source's inode to its first copy's path.
	preserveLinks bool
	copies        map[uint64]string
}

func runCp(c *builtins.Call) int {
	fl := c.Flags()
	r1 := fl.BoolP("recursive", "r", false, "")
	r2 := fl.BoolP("Recursive", "R", false, "")
	archive := fl.BoolP("archive", "a", false, "")
	p := fl.BoolP("p", "p", false, "")
	preserve := fl.String("preserve", "", "")
	fl.Lookup("preserve").NoOptDefVal = "mode,ownership,timestamps"
	dflag := fl.BoolP("d", "d", false, "")
	noDeref := fl.BoolP("no-dereference", "P", false, "")
	derefAll := fl.BoolP("dereference", "L", false, "")
	derefArgs := fl.BoolP("H", "H", false, "")
	parents := fl.Bool("parents", false, "")
	x := &cp{c: c, created: map[string]bool{}, copies: map[uint64]string{}}
	fl.BoolVarP(&x.force, "force", "f", false, "")
	fl.BoolVarP(&x.noClobber, "no-clobber", "n", false, "")
	fl.BoolVarP(&x.update, "update", "u", false, "")
	fl.BoolVarP(&x.hardLink, "link", "l", false, "")
	fl.BoolVarP(&x.symLink, "symbolic-link", "s", false, "")
	fl.BoolVarP(&x.verbose, "verbose", "v", false, "")
	targets := cpTargetFlags(fl)
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	x.recursive = *r1 || *r2 || *archive
	if *p || *archive {
		x.preserveMode, x.preserveTime = true, true
	}
	for _, what := range strings.Split(*preserve, ",") {
		switch what {
		case "mode":
			x.preserveMode = true
		case "timestamps":
			x.preserveTime = true
		case "links":
			x.preserveLinks = true
		case "all":
			x.preserveMode, x.preserveTime, x.preserveLinks = true, true, true
		}
	}
	if *dflag || *archive {
		x.preserveLinks = true
	}
	switch {
	case *derefAll:
		x.deref = 'L'
	case *derefArgs:
		x.deref = 'H'
	case *noDeref || *dflag || *archive || x.recursive:
		x.deref = 'P'
	default:
		x.deref = 'L'
	}
	if *parents {
		return x.copyParents(fl, targets)
	}
	return targets.each(c, fl, func(src, dst string) bool { return x.copy(src, dst, true) })
}

// copyParents is cp --parents: each SOURCE is copied to DIRECTORY/SOURCE,
// the directories on the way made as the source's are.
func (x *cp) copyParents(fl *pflag.FlagSet, targets cpTargetOpts) int {
	c := x.c
	ops := fl.Args()
	dir := *targets.targetDir
	if !fl.Changed("target-directory") {
		if len(ops) < 2 || *targets.noTarget {
			// cpTargets words the usage error
			_, status := cpTargets(c, ops, *targets.noTarget, dir, false)
			return status
		}
		dir, ops = ops[len(ops)-1], ops[:len(ops)-1]
	}
	if info, err := c.FS.Stat(c.Abs(dir)); err != nil || !info.IsDir() || len(ops) == 0 {
		if len(ops) == 0 {
			return c.Usage("missing file operand")
		}
		return c.Usage("with --parents, the destination must be a directory")
	}
	status := 0
	for _, src := range ops {
		if c.Canceled() {
			return 130
		}
		if !x.makeParents(src, dir) || !x.copy(src, joinOperand(dir, src), true) {
			status = 1
		}
	}
	return status
}

// makeParents makes the directories of src's name under dir that are
// missing, each with its source directory's permissions.
func (x *cp) makeParents(src, dir string) bool {
	c := x.c
	parts := strings.Split(src, "/")
	for i := 1; i < len(parts); i++ {
		if parts[i-1] == "" {
			continue
		}
		from := strings.Join(parts[:i], "/")
		to := joinOperand(dir, from)
		if _, err := c.FS.Stat(c.Abs(to)); err == nil {
			continue
		}
		info, err := c.FS.Stat(c.Abs(from))
		if err != nil {
			failOn(c, "cannot stat", from, err)
			return false
		}
		if !info.IsDir() {
			failOn(c, "cannot make directory", to, syscall.ENOTDIR)
			return false
		}
		if x.verbose {
			fmt.Fprintf(c.Stdout, "%s -> %s\n", from, to)
		}
		if err := c.FS.Mkdir(c.Abs(to), info.Mode().Perm()&^c.Umask); err != nil {
			failOn(c, "cannot make directory", to, err)
			return false
		}
	}
	return true
}

// cpTargetOpts are the -T and -t options cp and mv share.
type cpTargetOpts struct {
	noTarget  *bool
	targetDir *string
}

func cpTargetFlags(fl *pflag.FlagSet) cpTargetOpts {
	return cpTargetOpts{
		noTarget:  fl.BoolP("no-target-directory", "T", false, ""),
		targetDir: fl.StringP("target-directory", "t", "", ""),
	}
}

// each runs fn on every (source, destination) pair that cpTargets makes of
// the operands; fn reports its own errors and returns false for them. each
// returns the exit status.
func (o cpTargetOpts) each(c *builtins.Call, fl *pflag.FlagSet, fn func(src, dst string) bool) int {
	pairs, status := cpTargets(c, fl.Args(), *o.noTarget, *o.targetDir, fl.Changed("target-directory"))
	if pairs == nil {
		return status
	}
	for _, pr := range pairs {
		if c.Canceled() {
			return 130
		}
		if !fn(pr[0], pr[1]) {
			status = 1
		}
	}
	return status
}

// cpTargets turns cp's and mv's operands into (source, destination) pairs.
// On a usage problem it reports it and returns nil and the exit status.
func cpTargets(c *builtins.Call, ops []string, noTarget bool, targetDir string, haveTargetDir bool) ([][2]string, int) {
	isDir := func(name string) (bool, error) {
		info, err := c.FS.Stat(c.Abs(name))
		if err != nil {
			return false, err
		}
		return info.IsDir(), nil
	}
	into := func(dir string, srcs []string) ([][2]string, int) {
		ok, err := isDir(dir)
		if !ok {
			if err != nil {
				failOn(c, "target", dir, err)
			} else {
				c.Fail("target %s: %s", builtins.Quote(dir), builtins.Strerror(syscall.ENOTDIR))
			}
			return nil, 1
		}
		var pairs [][2]string
		for _, s := range srcs {
			pairs = append(pairs, [2]string{s, joinOperand(dir, baseOperand(s))})
		}
		return pairs, 0
	}
	switch {
	case haveTargetDir:
		if noTarget {
			return nil, c.Usage("cannot combine --target-directory (-t) and --no-target-directory (-T)")
		}
		if len(ops) == 0 {
			return nil, c.Usage("missing file operand")
		}
		return into(targetDir, ops)
	case len(ops) == 0:
		return nil, c.Usage("missing file operand")
	case len(ops) == 1:
		return nil, c.Usage("missing destination file operand after %s", builtins.Quote(ops[0]))
	case noTarget:
		if len(ops) > 2 {
			return nil, c.Usage("extra operand %s", builtins.Quote(ops[2]))
		}
		return [][2]string{{ops[0], ops[1]}}, 0
	case len(ops) == 2:
		if ok, _ := isDir(ops[1]); !ok {
			return [][2]string{{ops[0], ops[1]}}, 0
		}
	}
	return into(ops[len(ops)-1], ops[:len(ops)-1])
}

func (x *cp) say(src, dst string) {
	if x.verbose {
		fmt.Fprintf(x.c.Stdout, "%s -> %s\n", builtins.Quote(src), builtins.Quote(dst))
	}
}

// copy copies src to dst (both as the user named them) and reports
// whether it all went well.
func (x *cp) copy(src, dst string, top bool) bool {
	c := x.c
	sp, dp := c.Abs(src), c.Abs(dst)
	var info fs.FileInfo
	var err error
	if x.deref == 'L' || top && x.deref == 'H' || hasTrailingSlash(src) {
		info, err = c.FS.Stat(sp)
	} else {
		info, err = c.FS.Lstat(sp)
	}
	if err != nil {
		failOn(c, "cannot stat", src, err)
		return false
	}
	if x.created[dp] && !top {
		return true // made by this very copy (a directory copied into itself)
	}
	dstLinfo, derr := c.FS.Lstat(dp)
	dstExists := derr == nil
	if derr != nil && !isNotExist(derr) {
		failOn(c, "cannot stat", dst, derr)
		return false
	}
	if dstExists && hasTrailingSlash(dst) && !dstLinfo.IsDir() {
		if st, err := c.FS.Stat(dp); err != nil || !st.IsDir() {
			failOn(c, "cannot overwrite", dst, syscall.ENOTDIR)
			return false
		}
	}
	if dstExists && x.noClobber && !info.IsDir() {
		return true
	}
	dstInfo := dstLinfo
	if dstExists {
		if st, err := c.FS.Stat(dp); err == nil {
			dstInfo = st
			if si, err := c.FS.Stat(sp); err == nil && sameFile(si, st) || sp == dp {
				c.Fail("%s and %s are the same file", builtins.Quote(src), builtins.Quote(dst))
				return false
			}
		}
	}
	switch {
	case info.IsDir():
		// Below the top, a directory can lead back into the source only
		// through a link followed or a directory that was there before:
		// otherwise its path is its parent's, one name longer, on both
		// sides, and the check made for the parent holds.
		recheck := top || dstExists
		if x.deref == 'L' && !recheck {
			li, err := c.FS.Lstat(sp)
			recheck = err != nil || li.Mode()&fs.ModeSymlink != 0
		}
		return x.copyDir(src, dst, sp, dp, info, dstInfo, dstExists, recheck)
	case info.Mode()&fs.ModeSymlink != 0:
		if dstExists && dstLinfo.IsDir() {
			c.Fail("cannot overwrite directory %s with non-directory", builtins.Quote(dst))
			return false
		}
		if x.noClobber && dstExists {
			return true
		}
		target, err := c.FS.Readlink(sp)
		if err != nil {
			failOn(c, "cannot read symbolic link", src, err)
			return false
		}
		x.say(src, dst)
		return x.replace(dst, dp, dstExists, "cannot create symbolic link", func() error { return c.FS.Symlink(target, dp) })
	case !info.Mode().IsRegular() && x.recursive && x.deref != 'L':
		c.Fail("cannot create special file %s: operation not supported", builtins.Quote(dst))
		return false
	}
	// A regular file (or what a followed symlink points to).
	if dstExists {
		if dstInfo.IsDir() {
			c.Fail("cannot overwrite directory %s with non-directory", builtins.Quote(dst))
			return false
		}
		if x.noClobber {
			return true
		}
		if x.update && !info.ModTime().After(dstInfo.ModTime()) {
			return true
		}
	} else if hasTrailingSlash(dst) {
		failOn(c, "cannot create regular file", dst, syscall.ENOTDIR)
		return false
	}
	x.say(src, dst)
	st := vfs.StatOf(info)
	if first, ok := x.copies[st.Ino]; ok && x.preserveLinks && st.Nlink > 1 {
		// another name of a file already copied: link to that copy
		return x.replace(dst, dp, dstExists, "cannot create hard link", func() error { return c.FS.Link(first, dp) })
	}
	if x.preserveLinks && st.Nlink > 1 && !x.hardLink && !x.symLink {
		x.copies[st.Ino] = dp
	}
	if x.hardLink || x.symLink {
		if dstExists {
			if err := c.FS.Remove(dp); err != nil {
				failOn(c, "cannot remove", dst, err)
				return false
			}
		}
		if x.symLink {
			err = c.FS.Symlink(src, dp)
			if err != nil {
				failOn(c, "cannot create symbolic link", dst, err)
				return false
			}
			return true
		}
		if err := c.FS.Link(sp, dp); err != nil {
			failOn(c, "cannot create hard link", dst, err)
			return false
		}
		return true
	}
	perm := info.Mode().Perm() &^ c.Umask
	err = copyData(c, sp, dp, perm)
	// -f removes a destination it cannot open and tries again; not when
	// the capabilities refused the write, which would refuse the retry
	// too and leave the destination gone.
	if err != nil && dstExists && x.force && errors.Is(err, fs.ErrPermission) && !builtins.IsDenied(err) {
		if rerr := c.FS.Remove(dp); rerr == nil {
			err = copyData(c, sp, dp, perm)
		}
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == sp {
			c.FailWith(err, "cannot open %s for reading: %s", builtins.Quote(src), builtins.Reason(err))
		} else if err == errStop {
			return false
		} else {
			failOn(c, "cannot create regular file", dst, err)
		}
		return false
	}
	return x.preserve(dst, dp, info)
}

// replace removes dst when it exists and makes it anew with mk (a link),
// reporting a failure of mk as what failed.
func (x *cp) replace(dst, dp string, exists bool, what string, mk func() error) bool {
	if exists {
		if err := x.c.FS.Remove(dp); err != nil {
			failOn(x.c, "cannot remove", dst, err)
			return false
		}
	}
	if err := mk(); err != nil {
		failOn(x.c, what, dst, err)
		return false
	}
	return true
}

func (x *cp) preserve(dst, dp string, info fs.FileInfo) bool {
	c := x.c
	if x.preserveMode {
		if err := c.FS.Chmod(dp, info.Mode()); err != nil {
			failOn(c, "preserving permissions for", dst, err)
			return false
		}
	}
	if x.preserveTime {
		if err := c.FS.Chtimes(dp, vfs.StatOf(info).Atime, info.ModTime()); err != nil {
			failOn(c, "preserving times for", dst, err)
			return false
		}
	}
	return true
}

// within says whether the directory dp, once made, would be the
// directory sp or lie inside it.
func (x *cp) within(dp, sp string) bool {
	real, err := vfs.Canonical(x.c.FS, sp, vfs.Existing)
	if err != nil {
		return false
	}
	into, err := vfs.Canonical(x.c.FS, dp, vfs.Nothing)
	return err == nil && pathWithin(into, real)
}

func (x *cp) copyDir(src, dst, sp, dp string, info, dstInfo fs.FileInfo, dstExists, recheck bool) bool {
	c := x.c
	if !x.recursive {
		c.Fail("-r not specified; omitting directory %s", builtins.Quote(src))
		return false
	}
	if dstExists && !dstInfo.IsDir() {
		c.Fail("cannot overwrite non-directory %s with directory %s", builtins.Quote(dst), builtins.Quote(src))
		return false
	}
	// Refuse to copy a directory into itself (it would never end).
	if recheck && x.within(dp, sp) {
		c.Fail("cannot copy a directory, %s, into itself, %s", builtins.Quote(src), builtins.Quote(dst))
		return false
	}
	if !dstExists {
		x.say(src, dst)
		// Keep the new directory writable while filling it.
		if err := c.FS.Mkdir(dp, info.Mode().Perm()&^c.Umask|0o700); err != nil {
			failOn(c, "cannot create directory", dst, err)
			return false
		}
		x.created[dp] = true
	}
	entries, err := c.FS.ReadDir(sp)
	if err != nil {
		failOn(c, "cannot access", src, err)
		return false
	}
	ok := true
	for _, e := range entries {
		if c.Canceled() {
			return false
		}
		if !x.copy(joinOperand(src, e.Name()), joinOperand(dst, e.Name()), false) {
			ok = false
		}
	}
	if !dstExists && !x.preserveMode {
		if err := c.FS.Chmod(dp, fromPosixMode(posixMode(info.Mode())&0o777)&^c.Umask); err != nil {
			failOn(c, "setting permissions for", dst, err)
			ok = false
		}
	}
	return x.preserve(dst, dp, info) && ok
}

// copyData copies the contents of src to a new or truncated
// dst created with perm, honouring cancellation.
func copyData(c *builtins.Call, src, dst string, perm fs.FileMode) error {
	in, err := c.FS.OpenFile(src, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := c.FS.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = copyCtx(c, out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
