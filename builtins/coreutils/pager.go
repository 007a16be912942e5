package coreutils

import (
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// less and more are pagers that do not page: moonix gives its commands
// no terminal to draw on (even at the prompt, a command's output is a
// stream), so they do what less and util-linux's more do when their
// output is not a terminal: write the files through, more with a header
// before each file named. Their options are accepted
// and, as there, change nothing of that.

const pagerNote = `
moonix has no pager: even at the prompt, commands write to a stream, not
to a terminal they could draw on. So %s does what it does when its
output is not a terminal, there as well: it writes the files through,
unchanged%s. The options above are accepted and change nothing of that.
A file that cannot be read is reported, and the others are written; the
exit status is 0 even then, as %s's is.%s
`

func lessCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "less",
		Summary: "write files through, as less does when not on a terminal",
		Usage: `Usage: less [OPTION]... [FILE]...
Write each FILE, or standard input, to standard output.

  -E, -e, -F, -K, -q, -Q   quitting and bells (--QUIT-AT-EOF, --quit-at-eof,
                           --quit-if-one-screen, --quit-on-intr, --quiet)
  -i, -I, -M, -m, -N, -n   searches, prompts and line numbers (--ignore-case,
                           --IGNORE-CASE, --LONG-PROMPT, --long-prompt,
                           --LINE-NUMBERS, --line-numbers)
  -R, -r, -S, -s, -X, -f   display (--RAW-CONTROL-CHARS, --raw-control-chars,
                           --chop-long-lines, --squeeze-blank-lines,
                           --no-init, --force)
  -x N, -z N, -y N, -h N, -b N   tabs, window, scrolling and buffers
  +CMD                     a command to run first
` + fmt.Sprintf(pagerNote, "less", "", "less's", ""),
		Run: func(c *builtins.Call) int { return runPager(c, false) },
	}
}

func moreCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "more",
		Summary: "write files through, as more does when not on a terminal",
		Usage: `Usage: more [OPTION]... [FILE]...
Write each FILE, or standard input, to standard output.

  -d, --silent          display help instead of ringing bell
  -f, --logical         count logical rather than screen lines
  -l, --no-pause        suppress pause after form feed
  -c, --print-over      do not scroll, display text and clean line ends
  -p, --clean-print     do not scroll, clean screen and display text
  -e, --exit-on-eof     exit on end-of-file
  -s, --squeeze         squeeze multiple blank lines into one
  -u, --plain           suppress underlining and bold
  -n, --lines NUMBER    the number of lines per screenful
  -NUMBER               same as --lines
  +NUMBER               display file beginning from line number
  +/PATTERN             display file beginning from pattern match
` + fmt.Sprintf(pagerNote, "more", ", each named FILE after a header that names it", "util-linux's more",
			"\nStandard input is read only when no FILE is named (util-linux's more reads\nit first whenever it is not a terminal); - is no name for it."),
		Run: func(c *builtins.Call) int { return runPager(c, true) },
	}
}

// pagerFlags are the options of less (first) and more that take no
// value, and those that take one.
var pagerFlags = [2]struct{ plain, valued, long, longValued string }{
	{plain: "EeFKqQiIMmNnRrSsXf", valued: "xzyhb",
		long:       " QUIT-AT-EOF quit-at-eof quit-if-one-screen quit-on-intr quiet silent ignore-case IGNORE-CASE LONG-PROMPT long-prompt LINE-NUMBERS line-numbers RAW-CONTROL-CHARS raw-control-chars chop-long-lines squeeze-blank-lines no-init force ",
		longValued: " tabs window max-forw-scroll max-back-scroll buffers "},
	{plain: "dflcpesu0123456789", valued: "n",
		long:       " silent logical no-pause print-over clean-print exit-on-eof squeeze plain ",
		longValued: " lines "},
}

func runPager(c *builtins.Call, more bool) int {
	name := "less"
	fl := pagerFlags[0]
	if more {
		name, fl = "more", pagerFlags[1]
	}
	var files []string
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case a == "--help" || more && a == "-h":
			builtins.Run(map[bool]func() *builtins.Command{false: lessCommand, true: moreCommand}[more](), c.Sub(name, "--help"))
			return 0
		case a == "--version" || more && a == "-V":
			builtins.Run(map[bool]func() *builtins.Command{false: lessCommand, true: moreCommand}[more](), c.Sub(name, "--version"))
			return 0
		case strings.HasPrefix(a, "+"):
		case strings.HasPrefix(a, "--"):
			opt, _, hasValue := strings.Cut(a[2:], "=")
			switch {
			case strings.Contains(fl.long, " "+opt+" "):
			case strings.Contains(fl.longValued, " "+opt+" "):
				if !hasValue {
					if i+1 == len(args) {
						return pagerUsage(c, name, fmt.Sprintf("option '--%s' requires an argument", opt), "")
					}
					i++
				}
			default:
				if more {
					return pagerUsage(c, name, fmt.Sprintf("unrecognized option '%s'", a), "")
				}
				fmt.Fprintf(c.Stderr, "There is no %s option (\"less --help\" for help)\n", opt)
			}
		case strings.HasPrefix(a, "-") && a != "-":
			for j := 1; j < len(a); j++ {
				switch f := a[j]; {
				case strings.IndexByte(fl.plain, f) >= 0:
				case strings.IndexByte(fl.valued, f) >= 0:
					if j+1 == len(a) {
						if i+1 == len(args) {
							return pagerUsage(c, name, fmt.Sprintf("option requires an argument -- '%c'", f), string(f))
						}
						i++
					}
					j = len(a)
				case more:
					return pagerUsage(c, name, fmt.Sprintf("invalid option -- '%c'", f), "")
				default:
					fmt.Fprintf(c.Stderr, "There is no -%c option (\"less --help\" for help)\n", f)
				}
			}
		default:
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		return pagerCopy(c, "-", c.Stdin)
	}
	for _, f := range files {
		if c.Canceled() {
			return 130
		}
		var r io.ReadCloser
		var err error
		if more && f == "-" {
			err = &fs.PathError{Op: "open", Path: f, Err: fs.ErrNotExist} // more has no "-"
		} else {
			r, err = c.Open(f)
		}
		if err != nil {
			if more {
				c.FailWith(err, "cannot open %s: %s", f, builtins.Reason(err))
			} else if !c.FailDenied(err) {
				// less says it where the file would have gone
				fmt.Fprintf(c.Stdout, "%s: %s\n", f, builtins.Reason(err))
			}
			continue
		}
		if more {
			fmt.Fprintf(c.Stdout, "::::::::::::::\n%s\n::::::::::::::\n", f)
		}
		st := pagerCopy(c, f, r)
		r.Close()
		if st != 0 {
			return st
		}
	}
	return 0
}

// pagerCopy writes r through.
func pagerCopy(c *builtins.Call, name string, r io.Reader) int {
	if _, err := io.Copy(c.Stdout, r); err != nil {
		c.FailErr(name, err)
		return 1
	}
	return 0
}

// pagerUsage reports an option without its value: more as util-linux's
// getopt does (status 1), less as less does (status 0, nothing written).
func pagerUsage(c *builtins.Call, name, msg, short string) int {
	if name == "less" {
		long := map[string]string{"x": "tabs", "z": "window", "y": "max-forw-scroll", "h": "max-back-scroll", "b": "buffers"}[short]
		fmt.Fprintf(c.Stderr, "Value is required after -%s (--%s)\n", short, long)
		return 0
	}
	return c.Usage("%s", msg)
}
