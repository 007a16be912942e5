package builtins

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/vfs"
)

func dfCommand() *Command {
	return &Command{
		Name:    "df",
		Summary: "report file system space usage",
		Usage: `usage: df [-hkT] [FILE]...
Show the one file system of the sandbox, "moonix", mounted on /. Its used
space is the total size of the regular files in it; it has a fixed 1 GiB
of room, so available space is 1 GiB minus what is used (never below 0).
  -h, --human-readable  sizes like 1.0G, 23M
  -k                    sizes in 1K blocks (the default)
  -T, --print-type      show the file system type
`,
		Run: runDf,
	}
}

// dfCapacity is the room the VFS claims to have.
const dfCapacity = 1 << 30

func runDf(c *Call) int {
	fl := c.Flags()
	human := fl.BoolP("human-readable", "h", false, "")
	fl.BoolP("k", "k", false, "")
	fl.BoolP("all", "a", false, "")
	fl.BoolP("local", "l", false, "")
	printType := fl.BoolP("print-type", "T", false, "")
	if !c.Parse(fl) {
		return 2
	}
	status := 0
	rows := 1
	if ops := fl.Args(); len(ops) > 0 {
		rows = 0
		for _, name := range ops {
			if _, err := c.FS.Stat(c.Abs(name)); err != nil {
				c.Fail("%s: %s", fileQuoteMaybe(name), Reason(err))
				status = 1
				continue
			}
			rows++
		}
		if rows == 0 {
			return status
		}
	}
	// Used space: every regular file once, however many links it has.
	var used int64
	seen := map[uint64]bool{}
	vfs.WalkDir(c.FS, "/", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d == nil || !d.Type().IsRegular() {
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
		used += info.Size()
		return nil
	})
	header, row := dfRow(used, *human)
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

// dfRow is df's header and row for a VFS holding used bytes of files.
func dfRow(used int64, human bool) (header, row []string) {
	avail := max(int64(dfCapacity)-used, 0)
	size := used + avail
	usedK := (used + 1023) / 1024
	sizeK := (size + 1023) / 1024
	availK := sizeK - usedK
	pct := "-"
	if sizeK > 0 {
		pct = strconv.FormatInt((usedK*100+sizeK-1)/sizeK, 10) + "%"
	}
	header = []string{"Filesystem", "1K-blocks", "Used", "Available", "Use%", "Mounted on"}
	row = []string{"moonix", strconv.FormatInt(sizeK, 10), strconv.FormatInt(usedK, 10), strconv.FormatInt(availK, 10), pct, "/"}
	if human {
		header[1], header[3] = "Size", "Avail"
		row[1], row[2], row[3] = fileHuman(sizeK*1024), fileHuman(usedK*1024), fileHuman(availK*1024)
	}
	return header, row
}
