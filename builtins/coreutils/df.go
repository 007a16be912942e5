package coreutils

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func dfCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "df",
		Summary: "report file system space usage",
		Usage: `Usage: df [-hikT] [FILE]...
Show the one file system of the sandbox, "moonix", mounted on /. Its size
is the session's disk limit (1 GiB unless --max-disk says otherwise), its
used space the data of its files and the targets of its links; with -i,
its inodes (files, directories, links, devices) and their limit.

  -h, --human-readable  sizes like 1.0G, 23M
  -i, --inodes          inodes instead of blocks
  -k                    sizes in 1K blocks (the default)
  -T, --print-type      show the file system type
`,
		Run: runDf,
	}
}

// dfCapacity is the room df shows when the session does not say.
const dfCapacity = 1 << 30

func runDf(c *builtins.Call) int {
	fl := c.Flags()
	human := fl.BoolP("human-readable", "h", false, "")
	inodes := fl.BoolP("inodes", "i", false, "")
	fl.BoolP("k", "k", false, "")
	fl.BoolP("all", "a", false, "")
	fl.BoolP("local", "l", false, "")
	printType := fl.BoolP("print-type", "T", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	status := 0
	rows := 1
	if ops := fl.Args(); len(ops) > 0 {
		rows = 0
		for _, name := range ops {
			if _, err := c.FS.Stat(c.Abs(name)); err != nil {
				c.FailWith(err, "%s: %s", builtins.QuoteName(name), builtins.Reason(err))
				status = 1
				continue
			}
			rows++
		}
		if rows == 0 {
			return status
		}
	}
	u := dfUsage(c)
	header, row := dfRow(u.Bytes, u.Limits.Bytes, *human)
	if *inodes {
		header, row = dfInodeRow(u.Inodes, u.Limits.Inodes, *human)
	}
	minWidth := []int{14, 5, 5, 5, 4, 0}
	if *printType {
		header = append(header[:1], append([]string{"Type"}, header[1:]...)...)
		row = append(row[:1], append([]string{"vfs"}, row[1:]...)...)
		minWidth = append(minWidth[:1], append([]int{4}, minWidth[1:]...)...)
	}
	widths := make([]int, len(header))
	for i := range header {
		widths[i] = max(minWidth[i], len(header[i]), len(row[i]))
	}
	format := func(cells []string) string {
		var b strings.Builder
		for i, s := range cells {
			switch {
			case i == len(cells)-1:
				b.WriteString(s)
			case i == 0 || *printType && i == 1:
				fmt.Fprintf(&b, "%-*s ", widths[i], s)
			default:
				fmt.Fprintf(&b, "%*s ", widths[i], s)
			}
		}
		return b.String() + "\n"
	}
	fmt.Fprint(c.Stdout, format(header))
	for range rows {
		fmt.Fprint(c.Stdout, format(row))
	}
	return status
}

// dfUsage is what the filesystem holds and may hold: the session's
// count, or else a walk of the tree (regular files, each once) in the
// room of dfCapacity.
func dfUsage(c *builtins.Call) vfs.Usage {
	if c.Disk != nil {
		return c.Disk()
	}
	u := vfs.Usage{Limits: vfs.Limits{Bytes: dfCapacity}}
	seen := map[uint64]bool{}
	vfs.WalkDir(c.FS, "/", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d == nil {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		if st := vfs.StatOf(info); st.Ino != 0 {
			if seen[st.Ino] {
				return nil
			}
			seen[st.Ino] = true
		}
		u.Inodes++
		if d.Type().IsRegular() {
			u.Bytes += info.Size()
		}
		return nil
	})
	return u
}

// dfRow is df's header and row for a VFS of size bytes holding used.
func dfRow(used, size int64, human bool) (header, row []string) {
	avail := max(size-used, 0)
	size = used + avail
	usedK := (used + 1023) / 1024
	sizeK := (size + 1023) / 1024
	availK := sizeK - usedK
	header = []string{"Filesystem", "1K-blocks", "Used", "Available", "Use%", "Mounted on"}
	row = []string{"moonix", strconv.FormatInt(sizeK, 10), strconv.FormatInt(usedK, 10), strconv.FormatInt(availK, 10), dfPercent(usedK, sizeK), "/"}
	if human {
		header[1], header[3] = "Size", "Avail"
		row[1], row[2], row[3] = humanSize(sizeK*1024), humanSize(usedK*1024), humanSize(availK*1024)
	}
	return header, row
}

// dfInodeRow is df -i's header and row.
func dfInodeRow(used, limit int64, human bool) (header, row []string) {
	free := max(limit-used, 0)
	total := used + free
	header = []string{"Filesystem", "Inodes", "IUsed", "IFree", "IUse%", "Mounted on"}
	row = []string{"moonix", strconv.FormatInt(total, 10), strconv.FormatInt(used, 10), strconv.FormatInt(free, 10), dfPercent(used, total), "/"}
	if human {
		for i, n := range []int64{total, used, free} {
			row[i+1] = humanSize(n)
		}
	}
	return header, row
}

// dfPercent is used/size rounded up, as df shows it.
func dfPercent(used, size int64) string {
	if size <= 0 {
		return "-"
	}
	return strconv.FormatInt((used*100+size-1)/size, 10) + "%"
}
