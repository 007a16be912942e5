package coreutils

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func statCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "stat",
		Summary: "display file status",
		Usage: `Usage: stat [-Lt] [-c FORMAT | --printf FORMAT] FILE...
Display file status.

  -L, --dereference   follow symbolic links
  -c, --format=FMT    print FMT and a newline for each file
      --printf=FMT    print FMT, interpreting backslash escapes, no newline
  -t, --terse         print the information in terse form
FORMAT directives (printf-style flags, width and precision allowed):
  %n name            %N quoted name, with -> target for symlinks
  %s size in bytes   %b blocks of %B bytes   %o I/O block size
  %a octal mode      %A mode string      %f raw mode (hex)   %F file type
  %u/%U uid/user     %g/%G gid/group     %h links    %i inode
  %d/%D device (decimal/hex)   %t/%T device type major/minor (hex)
  %x/%X access time (human/seconds)   %y/%Y modification   %z/%Z change
  %w/%W birth (always unknown: - / 0)  %m mount point   %% a percent sign
Device numbers are made up: the whole VFS is device 0,42. Blocks count a
regular file's size rounded up to 1 KiB (directories and links take none).
`,
		Run: runStat,
	}
}

func runStat(c *builtins.Call) int {
	fl := c.Flags()
	deref := fl.BoolP("dereference", "L", false, "")
	format := fl.StringP("format", "c", "", "")
	printf := fl.String("printf", "", "")
	terse := fl.BoolP("terse", "t", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) == 0 {
		return c.Usage("missing operand")
	}
	status := 0
	loc := localZone(c)
	for _, name := range ops {
		if c.Canceled() {
			return 130
		}
		p := c.Abs(name)
		var info fs.FileInfo
		var err error
		if *deref {
			info, err = c.FS.Stat(p)
		} else {
			info, err = lstatOperand(c, name)
		}
		if err != nil {
			failOn(c, "cannot statx", name, err)
			status = 1
			continue
		}
		target := ""
		if info.Mode()&fs.ModeSymlink != 0 {
			target, _ = c.FS.Readlink(p)
		}
		s := statFile{c: c, loc: loc, name: name, info: info, st: vfs.StatOf(info), target: target}
		var out string
		switch {
		case fl.Changed("printf"):
			out = s.format(statEscapes(*printf))
		case fl.Changed("format"):
			out = s.format(*format) + "\n"
		case *terse:
			out = s.format("%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o") + "\n"
		default:
			out = s.standard()
		}
		if _, err := fmt.Fprint(c.Stdout, out); err != nil {
			return 1
		}
	}
	return status
}

type statFile struct {
	c      *builtins.Call
	loc    *time.Location // TZ's
	name   string
	info   fs.FileInfo
	st     *vfs.Stat
	target string
}

func (s statFile) standard() string {
	var b strings.Builder
	b.WriteString("  File: " + s.name)
	if s.target != "" {
		b.WriteString(" -> " + s.target)
	}
	b.WriteString("\n")
	b.WriteString(s.format("  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"))
	if s.info.Mode()&fs.ModeDevice != 0 {
		b.WriteString(s.format("Device: %Hd,%Ld\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\n"))
	} else {
		b.WriteString(s.format("Device: %Hd,%Ld\tInode: %-11i Links: %h\n"))
	}
	b.WriteString(s.format("Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n"))
	b.WriteString(s.format("Access: %x\nModify: %y\nChange: %z\n Birth: %w\n"))
	return b.String()
}

// format expands stat's % directives.
func (s statFile) format(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("-+ #0'", f[j]) >= 0 {
			j++
		}
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		prec := -1
		if j < len(f) && f[j] == '.' {
			j++
			k := j
			for j < len(f) && f[j] >= '0' && f[j] <= '9' {
				j++
			}
			prec, _ = strconv.Atoi(f[k:j])
		}
		spec := strings.ReplaceAll(f[i+1:j], "'", "")
		if j >= len(f) {
			b.WriteString(f[i:])
			break
		}
		conv := f[j]
		if (conv == 'H' || conv == 'L') && j+1 < len(f) && (f[j+1] == 'd' || f[j+1] == 'r') {
			j++
			conv = map[string]byte{"Hd": 1, "Ld": 2, "Hr": 3, "Lr": 4}[string(f[j-1:j+1])]
		}
		i = j
		if conv == '%' {
			b.WriteByte('%')
			continue
		}
		b.WriteString(s.directive(conv, spec, prec))
	}
	return b.String()
}

func (s statFile) directive(conv byte, spec string, prec int) string {
	num := func(v uint64, verb string) string { return fmt.Sprintf("%"+spec+verb, v) }
	str := func(v string) string { return fmt.Sprintf("%"+spec+"s", v) }
	secs := func(t time.Time) string {
		if prec <= 0 {
			return fmt.Sprintf("%"+strings.Split(spec, ".")[0]+"d", t.Unix())
		}
		frac := fmt.Sprintf("%09d", t.Nanosecond())
		for len(frac) < prec {
			frac += "0"
		}
		w := spec
		if k := strings.IndexByte(w, '.'); k >= 0 {
			w = w[:k]
		}
		return fmt.Sprintf("%"+w+"s", fmt.Sprintf("%d.%s", t.Unix(), frac[:prec]))
	}
	m := s.info.Mode()
	switch conv {
	case 'n':
		return str(s.name)
	case 'N':
		q := builtins.Quote(s.name)
		if s.target != "" {
			q += " -> " + builtins.Quote(s.target)
		}
		return str(q)
	case 's':
		return num(uint64(s.info.Size()), "d")
	case 'b':
		return num(uint64(diskKiB(s.info)*2), "d")
	case 'B':
		return num(512, "d")
	case 'o':
		return num(ioBlock, "d")
	case 'a':
		return num(uint64(posixMode(m)), "o")
	case 'A':
		return str(fileModeString(m))
	case 'f':
		return num(uint64(rawMode(m)), "x")
	case 'F':
		return str(fileTypeName(s.info))
	case 'u':
		return num(uint64(s.st.Uid), "d")
	case 'U':
		return str(userName(s.c, s.st.Uid))
	case 'g':
		return num(uint64(s.st.Gid), "d")
	case 'G':
		return str(groupName(s.c, s.st.Gid))
	case 'h':
		return num(s.st.Nlink, "d")
	case 'i':
		return num(s.st.Ino, "d")
	case 'd':
		return num(devMajor<<8|devMinor, "d")
	case 'D':
		return num(devMajor<<8|devMinor, "x")
	case 1: // %Hd
		return num(devMajor, "d")
	case 2: // %Ld
		return num(devMinor, "d")
	case 3, 't': // %Hr, %t
		verb := "x"
		if conv == 3 {
			verb = "d"
		}
		return num(s.st.Rdev>>8, verb)
	case 4, 'T': // %Lr, %T
		verb := "x"
		if conv == 4 {
			verb = "d"
		}
		return num(s.st.Rdev&0xff, verb)
	case 'm':
		return str("/")
	case 'x':
		return str(statTime(s.st.Atime.In(s.loc)))
	case 'X':
		return secs(s.st.Atime)
	case 'y':
		return str(statTime(s.info.ModTime().In(s.loc)))
	case 'Y':
		return secs(s.info.ModTime())
	case 'z':
		return str(statTime(s.st.Ctime.In(s.loc)))
	case 'Z':
		return secs(s.st.Ctime)
	case 'w':
		return str("-")
	case 'W':
		return num(0, "d")
	}
	return "?"
}

// statEscapes interprets the backslash escapes of stat --printf.
func statEscapes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch ch := s[i]; ch {
		case 'e':
			b.WriteByte(0x1b)
		case '\\', '"', '\'', '?':
			b.WriteByte(ch)
		case 'x':
			v, n := 0, 0
			for n < 2 && i+1 < len(s) && statIsHex(s[i+1]) {
				i++
				v = v*16 + statHexVal(s[i])
				n++
			}
			if n == 0 {
				b.WriteString(`\x`)
			} else {
				b.WriteByte(byte(v))
			}
		default:
			if v, last, ok := cEscape(s, i); ok {
				b.WriteByte(v)
				i = last
			} else {
				b.WriteByte('\\')
				b.WriteByte(ch)
			}
		}
	}
	return b.String()
}

func statIsHex(ch byte) bool {
	return ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F'
}

func statHexVal(ch byte) int {
	switch {
	case ch >= 'a':
		return int(ch-'a') + 10
	case ch >= 'A':
		return int(ch-'A') + 10
	}
	return int(ch - '0')
}

// statTime formats t, in its zone, the way stat does: "2026-01-01
// 00:00:00.000000000 +0000".
func statTime(t time.Time) string {
	return t.Format("2006-01-02 15:04:05.000000000 -0700")
}
