package coreutils

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func treeCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "tree",
		Summary: "list the contents of directories in a tree-like format",
		Usage: `Usage: tree [-adfF] [-L LEVEL] [-I PATTERN] [-P PATTERN] [--dirsfirst] [--noreport] [--charset=ascii] [DIR...]
List the contents of directories in a tree-like format.

  -a              include hidden files
  -d              list directories only
  -f              print the full path prefix of each file
  -F              append / to directories, * to executables, @ to symlinks
  -L LEVEL        descend at most LEVEL directories deep
  -I PATTERN      leave out files matching PATTERN (alternatives split by |)
  -P PATTERN      list only files matching PATTERN (directories are kept)
  --dirsfirst     list directories before files
  --noreport      omit the "N directories, M files" summary
  --charset=ascii draw with |-- and ` + "`" + `-- instead of line-drawing characters
Entries are sorted by name in byte order; symbolic links are shown as
"name -> target" and not followed.
`,
		Run: runTree,
	}
}

type treeWalker struct {
	c                          *builtins.Call
	all, dirsOnly, full, class bool
	dirsFirst                  bool
	level                      int
	exclude, include           []string
	dirs, files                int
	status                     int
	tee, last, vert, blank     string
}

func runTree(c *builtins.Call) int {
	fl := c.Flags()
	t := &treeWalker{c: c}
	fl.BoolVarP(&t.all, "all", "a", false, "")
	fl.BoolVarP(&t.dirsOnly, "dirs", "d", false, "")
	fl.BoolVarP(&t.full, "full-path", "f", false, "")
	fl.BoolVarP(&t.class, "classify", "F", false, "")
	fl.IntVarP(&t.level, "level", "L", 0, "")
	excl := fl.StringP("ignore", "I", "", "")
	incl := fl.StringP("pattern", "P", "", "")
	fl.BoolVar(&t.dirsFirst, "dirsfirst", false, "")
	noReport := fl.Bool("noreport", false, "")
	charset := fl.String("charset", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.Changed("level") && t.level < 1 {
		c.Fail("invalid level, must be greater than 0")
		return 2
	}
	if *excl != "" {
		t.exclude = strings.Split(*excl, "|")
	}
	if *incl != "" {
		t.include = strings.Split(*incl, "|")
	}
	t.tee, t.last, t.vert, t.blank = "├── ", "└── ", "│   ", "    "
	if strings.EqualFold(*charset, "ascii") {
		t.tee, t.last, t.vert = "|-- ", "`-- ", "|   "
	}
	roots := fl.Args()
	if len(roots) == 0 {
		roots = []string{"."}
	}
	for _, root := range roots {
		if c.Canceled() {
			return 130
		}
		info, err := c.FS.Stat(c.Abs(root))
		switch {
		case err != nil:
			c.FailDenied(err) // tree itself says no more than this
			fmt.Fprintf(c.Stdout, "%s  [error opening dir]\n", root)
			t.status = 2
		case !info.IsDir():
			fmt.Fprintln(c.Stdout, root)
			t.files++
		default:
			fmt.Fprintln(c.Stdout, root)
			t.walk(root, c.Abs(root), "", 1)
		}
	}
	if !*noReport {
		plural := func(n int, one, many string) string {
			if n == 1 {
				return fmt.Sprintf("%d %s", n, one)
			}
			return fmt.Sprintf("%d %s", n, many)
		}
		if t.dirsOnly {
			fmt.Fprintf(c.Stdout, "\n%s\n", plural(t.dirs, "directory", "directories"))
		} else {
			fmt.Fprintf(c.Stdout, "\n%s, %s\n", plural(t.dirs, "directory", "directories"), plural(t.files, "file", "files"))
		}
	}
	return t.status
}

func (t *treeWalker) matches(pats []string, name string) bool {
	for _, p := range pats {
		if findMatch(p, name, false) {
			return true
		}
	}
	return false
}

func (t *treeWalker) walk(name, abs, prefix string, depth int) {
	c := t.c
	entries, err := c.FS.ReadDir(abs)
	if err != nil {
		return
	}
	type item struct {
		name  string
		info  fs.FileInfo
		isDir bool // a directory, or a symlink to one
	}
	var items []item
	for _, e := range entries {
		if !t.all && strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if t.matches(t.exclude, e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		isDir := info.IsDir()
		if info.Mode()&fs.ModeSymlink != 0 {
			if ti, err := c.FS.Stat(path.Join(abs, e.Name())); err == nil && ti.IsDir() {
				isDir = true
			}
		}
		if t.dirsOnly && !isDir {
			continue
		}
		if len(t.include) > 0 && !isDir && !t.matches(t.include, e.Name()) {
			continue
		}
		items = append(items, item{e.Name(), info, isDir})
	}
	if t.dirsFirst {
		slices.SortStableFunc(items, func(a, b item) int {
			switch {
			case a.isDir && !b.isDir:
				return -1
			case !a.isDir && b.isDir:
				return 1
			}
			return 0
		})
	}
	for i, it := range items {
		if c.Canceled() {
			return
		}
		connector, more := t.tee, t.vert
		if i == len(items)-1 {
			connector, more = t.last, t.blank
		}
		shown := it.name
		if t.full {
			shown = joinOperand(name, it.name)
		}
		p := path.Join(abs, it.name)
		mode := it.info.Mode()
		if mode&fs.ModeSymlink != 0 {
			target, _ := c.FS.Readlink(p)
			shown += " -> " + target
			if t.class {
				if ti, err := c.FS.Stat(p); err == nil {
					shown += (&ls{o: lsOptions{classify: true}}).indicator(ti.Mode())
				}
			}
		} else if t.class {
			shown += (&ls{o: lsOptions{classify: true}}).indicator(mode)
		}
		line := prefix + connector + shown
		if it.isDir {
			t.dirs++
		} else {
			t.files++
		}
		if it.info.IsDir() && (t.level == 0 || depth < t.level) {
			if _, err := c.FS.ReadDir(p); err != nil {
				c.FailDenied(err)
				line += "  [error opening dir]"
			}
		}
		if _, err := fmt.Fprintln(c.Stdout, line); err != nil {
			return
		}
		if it.info.IsDir() && (t.level == 0 || depth < t.level) {
			t.walk(joinOperand(name, it.name), p, prefix+more, depth+1)
		}
	}
}
