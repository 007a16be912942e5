package coreutils

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func duCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "du",
		Summary: "estimate file space usage",
		Usage: `Usage: du [-abchkms] [-d N] [FILE]...
Print the space used by each FILE (default .) and, for directories, by
every subdirectory, in KiB. A regular file uses its size rounded up to a
whole KiB; directories and symlinks use nothing of their own, and a file
with several hard links is counted once.

  -a, --all             list files too, not only directories
  -s, --summarize       print only a total for each argument
  -d, --max-depth=N     print totals only N or fewer levels below an argument
  -c, --total           print a grand total
  -h, --human-readable  sizes like 1.0K, 23M
  -k                    sizes in KiB (the default)
  -m                    sizes in MiB, rounded up
  -b, --bytes           apparent sizes in bytes
`,
		Run: runDu,
	}
}

type duWalker struct {
	c          *builtins.Call
	all        bool
	maxDepth   int
	bytes      bool
	human, mib bool
	seen       map[uint64]bool
	status     int
}

func runDu(c *builtins.Call) int {
	fl := c.Flags()
	d := &duWalker{c: c, seen: map[uint64]bool{}}
	fl.BoolVarP(&d.all, "all", "a", false, "")
	summarize := fl.BoolP("summarize", "s", false, "")
	fl.IntVarP(&d.maxDepth, "max-depth", "d", -1, "")
	total := fl.BoolP("total", "c", false, "")
	fl.BoolVarP(&d.human, "human-readable", "h", false, "")
	fl.BoolP("kibibytes", "k", false, "")
	fl.BoolVarP(&d.mib, "megabytes", "m", false, "")
	fl.BoolVarP(&d.bytes, "bytes", "b", false, "")
	fl.Bool("apparent-size", false, "")
	fl.BoolP("one-file-system", "x", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if *summarize {
		if fl.Changed("max-depth") && d.maxDepth != 0 {
			c.Fail("warning: summarizing conflicts with --max-depth=%d", d.maxDepth)
			return 2
		}
		d.maxDepth = 0
	}
	if *summarize && d.all {
		return c.Usage("cannot both summarize and show all entries")
	}
	ops := fl.Args()
	if len(ops) == 0 {
		ops = []string{"."}
	}
	var sum int64
	for _, name := range ops {
		if c.Canceled() {
			return 130
		}
		if name == "" {
			c.Fail("invalid zero-length file name") // as fts, before any lookup
			d.status = 1
			continue
		}
		info, err := lstatOperand(c, name)
		if err != nil {
			failOn(c, "cannot access", name, err)
			d.status = 1
			continue
		}
		sum += d.walk(name, c.Abs(name), info, 0)
	}
	if *total {
		d.line(sum, "total")
	}
	return d.status
}

// size is what one file adds: bytes with -b, KiB otherwise.
func (d *duWalker) size(info fs.FileInfo) int64 {
	if st := vfs.StatOf(info); st.Nlink > 1 && !info.IsDir() {
		if d.seen[st.Ino] {
			return 0
		}
		d.seen[st.Ino] = true
	}
	if d.bytes {
		if info.Mode().IsRegular() {
			return info.Size()
		}
		return 0
	}
	return diskKiB(info)
}

func (d *duWalker) line(n int64, name string) {
	var s string
	switch {
	case d.human && d.bytes:
		s = humanSize(n)
	case d.human:
		s = humanSize(n * 1024)
	case d.bytes:
		s = strconv.FormatInt(n, 10)
	case d.mib:
		s = strconv.FormatInt((n+1023)/1024, 10)
	default:
		s = strconv.FormatInt(n, 10)
	}
	fmt.Fprintf(d.c.Stdout, "%s\t%s\n", s, name)
}

func (d *duWalker) walk(name, abs string, info fs.FileInfo, depth int) int64 {
	n := d.size(info)
	if info.IsDir() {
		entries, err := d.c.FS.ReadDir(abs)
		if err != nil {
			failOn(d.c, "cannot read directory", name, err)
			d.status = 1
		}
		for _, e := range entries {
			if d.c.Canceled() {
				break
			}
			ci, err := e.Info()
			if err != nil {
				continue
			}
			n += d.walk(joinOperand(name, e.Name()), path.Join(abs, e.Name()), ci, depth+1)
		}
	}
	if (info.IsDir() || d.all || depth == 0) && (d.maxDepth < 0 || depth <= d.maxDepth) {
		d.line(n, name)
	}
	return n
}
