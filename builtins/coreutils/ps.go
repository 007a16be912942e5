package coreutils

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/builtins"
)

// ps and pidof follow procps-ng 4's, over the session's own processes
// (Call.Procs): its shells, their jobs, and the command asking. Nothing
// of the host is listed. There is no terminal (TTY is ?) and no CPU time
// is counted (TIME is 00:00:00); times are the logical clock's.

func psCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "ps",
		Summary: "report a snapshot of the session's processes",
		Usage: `Usage: ps [OPTION]...
List the processes of the session: its shells (the session's own, shown
as moonix, and those nested in it: sh, bash), their background jobs and
subshells that have a process id ($!, $BASHPID), and ps itself. Nothing
of the host is listed. There is no terminal (TTY is ?) and no CPU time is
counted (TIME is 00:00:00); start times are the session's logical clock.
Without options every process is listed in the layout PID TTY TIME CMD.

  -A, -e               select every process (the default set, as ps
                         shows it without a terminal)
  -f                   full format: UID PID PPID C STIME TTY TIME CMD
  -o FORMAT            user-defined format: keys separated by commas or
                         blanks, each optionally KEY=HEADER; repeatable
  -p, --pid PIDLIST    select the processes whose ids are in PIDLIST
                         (separated by commas or blanks); repeatable
      --no-headers     print no header line (also --no-heading)

FORMAT keys: pid, ppid, comm (ucomm, ucmd), args (cmd, command), etime,
etimes, time (cputime), tty (tt), user (euser, uname), uid (euid), stime
(start_time). BSD options (ps aux) are not supported.
The exit status is 1 when no process is selected.
`,
		Run: runPs,
	}
}

// psKey is one column of ps: its header, width, alignment and value.
type psKey struct {
	header string
	width  int
	left   bool
	value  func(c *builtins.Call, p builtins.Process) string
}

// pidWidth is the width of a pid column: the digits of Linux's
// largest pid_max, 4194304, as procps sizes it.
const pidWidth = 7

var psKeys = map[string]psKey{
	"pid":     {"PID", pidWidth, false, func(_ *builtins.Call, p builtins.Process) string { return strconv.Itoa(p.PID) }},
	"ppid":    {"PPID", pidWidth, false, func(_ *builtins.Call, p builtins.Process) string { return strconv.Itoa(p.PPID) }},
	"comm":    {"COMMAND", 15, true, psComm},
	"ucomm":   {"COMMAND", 15, true, psComm},
	"ucmd":    {"CMD", 15, true, psComm},
	"args":    {"COMMAND", 27, true, psArgs},
	"command": {"COMMAND", 27, true, psArgs},
	"cmd":     {"CMD", 27, true, psArgs},
	"etime":   {"ELAPSED", 11, false, func(_ *builtins.Call, p builtins.Process) string { return psElapsed(p.Elapsed) }},
	"etimes": {"ELAPSED", 7, false, func(_ *builtins.Call, p builtins.Process) string {
		return strconv.FormatInt(int64(p.Elapsed/time.Second), 10)
	}},
	"time":       {"TIME", 8, false, psTime},
	"cputime":    {"TIME", 8, false, psTime},
	"tty":        {"TT", 8, true, psTTY},
	"tt":         {"TT", 8, true, psTTY},
	"user":       {"USER", 8, true, psUser},
	"euser":      {"EUSER", 8, true, psUser},
	"uname":      {"USER", 8, true, psUser},
	"uid":        {"UID", 5, false, func(c *builtins.Call, _ builtins.Process) string { return strconv.Itoa(c.Who.UID) }},
	"euid":       {"EUID", 5, false, func(c *builtins.Call, _ builtins.Process) string { return strconv.Itoa(c.Who.UID) }},
	"stime":      {"STIME", 5, true, psStime},
	"start_time": {"START", 5, true, psStime},
	// the columns of -f and of the default layout
	"c":     {"C", 2, false, func(*builtins.Call, builtins.Process) string { return "0" }},
	"fuser": {"UID", 8, true, psUser},
	"ftty":  {"TTY", 8, true, psTTY},
}

// psComm is the program's name as the kernel keeps it: the base name of
// argv[0], cut to 15 bytes.
func psComm(_ *builtins.Call, p builtins.Process) string {
	name := ""
	if len(p.Args) > 0 {
		name = path.Base(p.Args[0])
	}
	if len(name) > 15 {
		name = name[:15]
	}
	return name
}

func psArgs(_ *builtins.Call, p builtins.Process) string { return strings.Join(p.Args, " ") }
func psTime(*builtins.Call, builtins.Process) string     { return "00:00:00" }
func psTTY(*builtins.Call, builtins.Process) string      { return "?" }
func psUser(c *builtins.Call, _ builtins.Process) string { return c.Who.User }

// psStime is when the process started: HH:MM on the day of the clock's
// now, MmmDD before.
func psStime(_ *builtins.Call, p builtins.Process) string {
	now := p.Start.Add(p.Elapsed)
	if y, m, d := p.Start.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
		return p.Start.Format("15:04")
	}
	return p.Start.Format("Jan02")
}

// psElapsed is procps's etime: [[DD-]hh:]mm:ss.
func psElapsed(d time.Duration) string {
	s := int64(d / time.Second)
	days, h, m, sec := s/86400, s/3600%24, s/60%60, s%60
	switch {
	case days > 0:
		return fmt.Sprintf("%d-%02d:%02d:%02d", days, h, m, sec)
	case h > 0:
		return fmt.Sprintf("%02d:%02d:%02d", h, m, sec)
	}
	return fmt.Sprintf("%02d:%02d", m, sec)
}

// psColumn is a key of the format with its header.
type psColumn struct {
	psKey
	header string
}

// psError reports a usage error as procps does: the error, then its
// usage lines; status 1.
func psError(c *builtins.Call, msg string) int {
	fmt.Fprintf(c.Stderr, "error: %s\n\nUsage:\n ps [options]\n\n Try 'ps --help <simple|list|output|threads|misc|all>'\n  or 'ps --help <s|l|o|t|m|a>'\n for additional help text.\n\nFor more details see ps(1).\n", msg)
	return 1
}

func runPs(c *builtins.Call) int {
	var (
		full, noHeaders bool
		formats, pids   []string
	)
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		value := func(opt string) (string, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			psError(c, opt)
			return "", false
		}
		switch {
		case a == "--help":
			builtins.Run(psCommand(), c.Sub("ps", "--help"))
			return 0
		case a == "--version":
			builtins.Run(psCommand(), c.Sub("ps", "--version"))
			return 0
		case a == "--no-headers" || a == "--no-heading":
			noHeaders = true
		case a == "--pid":
			v, ok := value("list of process IDs must follow --pid")
			if !ok {
				return 1
			}
			pids = append(pids, v)
		case strings.HasPrefix(a, "--pid="):
			pids = append(pids, a[len("--pid="):])
		case strings.HasPrefix(a, "--"):
			return psError(c, "unknown gnu long option")
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for j := 1; j < len(a); j++ {
				switch f := a[j]; f {
				case 'e', 'A':
				case 'f':
					full = true
				case 'o', 'p':
					v := a[j+1:]
					if v == "" {
						msg := "list of process IDs must follow -p"
						if f == 'o' {
							msg = "improper format list"
						}
						var ok bool
						if v, ok = value(msg); !ok {
							return 1
						}
					}
					if f == 'o' {
						formats = append(formats, v)
					} else {
						pids = append(pids, v)
					}
					j = len(a)
				default:
					return psError(c, "unsupported SysV option")
				}
			}
		default:
			return psError(c, "unsupported option (BSD syntax)")
		}
	}
	var want []int
	for _, list := range pids {
		for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			n, err := strconv.Atoi(f)
			if err != nil || n <= 0 {
				return psError(c, "process ID list syntax error")
			}
			want = append(want, n)
		}
	}
	if len(pids) > 0 && len(want) == 0 {
		return psError(c, "process ID list syntax error")
	}
	var cols []psColumn
	switch {
	case len(formats) > 0:
		for _, f := range formats {
			var err string
			if cols, err = psFormat(cols, f); err != "" {
				return psError(c, err)
			}
		}
	case full:
		cols = psNamed("fuser", "pid", "ppid", "c", "stime", "ftty", "time", "cmd")
	default:
		cols = psNamed("pid", "ftty", "time", "ucmd")
	}
	var procs []builtins.Process
	if c.Procs != nil {
		procs = c.Procs()
	}
	if len(want) > 0 {
		procs = slices.DeleteFunc(procs, func(p builtins.Process) bool { return !slices.Contains(want, p.PID) })
	}
	var b strings.Builder
	if !noHeaders && slices.ContainsFunc(cols, func(col psColumn) bool { return col.header != "" }) {
		psLine(&b, cols, func(col psColumn) string { return col.header })
	}
	for _, p := range procs {
		psLine(&b, cols, func(col psColumn) string { return col.value(c, p) })
	}
	fmt.Fprint(c.Stdout, b.String())
	if len(procs) == 0 {
		return 1
	}
	return 0
}

// psNamed is the columns of keys, with their own headers.
func psNamed(keys ...string) []psColumn {
	cols := make([]psColumn, len(keys))
	for i, k := range keys {
		cols[i] = psColumn{psKeys[k], psKeys[k].header}
	}
	return cols
}

// psFormat adds the columns of one -o argument to cols: keys separated
// by commas or blanks; KEY=HEADER renames a column, and takes the rest
// up to the next comma or blank as its header.
func psFormat(cols []psColumn, format string) ([]psColumn, string) {
	for format != "" {
		format = strings.TrimLeft(format, ", \t")
		if format == "" {
			break
		}
		end := strings.IndexAny(format, ", \t=")
		if end < 0 {
			end = len(format)
		}
		name := format[:end]
		key, ok := psKeys[name]
		if !ok || name == "c" || name == "fuser" || name == "ftty" {
			return nil, fmt.Sprintf("unknown user-defined format specifier \"%s\"", name)
		}
		col := psColumn{key, key.header}
		format = format[end:]
		if strings.HasPrefix(format, "=") {
			format = format[1:]
			end := strings.IndexAny(format, ", \t")
			if end < 0 {
				end = len(format)
			}
			col.header, format = format[:end], format[end:]
			col.width = max(col.width, len(col.header))
		}
		cols = append(cols, col)
	}
	if len(cols) == 0 {
		return nil, "improper format list"
	}
	return cols, ""
}

// psLine writes one line of columns, separated by one blank: each padded
// to its width, but a last one aligned left, which is written as it is.
func psLine(b *strings.Builder, cols []psColumn, text func(psColumn) string) {
	var line strings.Builder
	for i, col := range cols {
		s := text(col)
		last := i == len(cols)-1
		if i > 0 {
			line.WriteByte(' ')
		}
		switch {
		case last && col.left:
			line.WriteString(s)
		case col.left:
			if len(s) > col.width && col.width >= 27 {
				s = s[:col.width] // a command line in the middle is cut
			}
			line.WriteString(s + strings.Repeat(" ", max(0, col.width-len(s))))
		default:
			line.WriteString(strings.Repeat(" ", max(0, col.width-len(s))) + s)
		}
	}
	b.WriteString(line.String() + "\n")
}

func pidofCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "pidof",
		Summary: "find the process ids of the session's running programs",
		Usage: `Usage: pidof [OPTION]... PROGRAM...
Print the process ids of the session's processes running PROGRAM (a name,
matched against the base name of the command, or a whole path), newest
first, on one line. Only the session's own processes are seen (see ps).

  -s                   print one id only
  -x                   also the shells running a script named PROGRAM
  -o PID[,PID]...      omit these ids (%PPID: pidof's parent); repeatable
  -d SEP               separate the ids by SEP instead of a blank
  -q                   print nothing: the exit status alone tells

The exit status is 0 when at least one process was found, else 1.
`,
		Run: runPidof,
	}
}

func runPidof(c *builtins.Call) int {
	fl := c.Flags()
	single := fl.BoolP("single-shot", "s", false, "")
	scripts := fl.BoolP("x", "x", false, "")
	quiet := fl.BoolP("quiet", "q", false, "")
	sep := fl.StringP("separator", "d", " ", "")
	omits := fl.StringArrayP("omit-pid", "o", nil, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	var procs []builtins.Process
	if c.Procs != nil {
		procs = c.Procs()
	}
	// pidof itself is the newest process running its command line
	self := builtins.Process{}
	for _, p := range procs {
		if slices.Equal(p.Args, c.Args) && p.PID > self.PID {
			self = p
		}
	}
	omit := map[int]bool{self.PID: true}
	for _, o := range *omits {
		for _, f := range strings.Split(o, ",") {
			if f == "%PPID" {
				omit[self.PPID] = true
				continue
			}
			n, err := strconv.Atoi(f)
			if err != nil {
				c.Fail("illegal omit pid value (%s)!", f)
				return 1
			}
			omit[n] = true
		}
	}
	var found []string
	for _, name := range fl.Args() {
		for i := len(procs) - 1; i >= 0; i-- {
			p := procs[i]
			if omit[p.PID] || len(p.Args) == 0 {
				continue
			}
			match := p.Args[0] == name || path.Base(p.Args[0]) == name
			if !match && *scripts && p.Shell && len(p.Args) > 1 {
				match = p.Args[1] == name || path.Base(p.Args[1]) == name
			}
			if match {
				found = append(found, strconv.Itoa(p.PID))
				omit[p.PID] = true
				if *single {
					break
				}
			}
		}
	}
	if len(found) == 0 {
		return 1
	}
	if !*quiet {
		fmt.Fprintln(c.Stdout, strings.Join(found, *sep))
	}
	return 0
}
