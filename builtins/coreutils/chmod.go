package coreutils

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func chmodCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "chmod",
		Summary: "change file mode bits",
		Usage: `Usage: chmod [-Rcfv] MODE[,MODE]... FILE...
  or:  chmod [-Rcfv] --reference=RFILE FILE...
MODE is octal (755, 0644, 1777) or symbolic: [ugoa]*[-+=]([rwxXst]*|[ugo])

  -R, --recursive         change files and directories recursively
  -c, --changes           report only when a change is made
  -v, --verbose           report every file processed
  -f, --silent, --quiet   suppress most error messages
      --reference=RFILE   use RFILE's mode instead of MODE
      --preserve-root     fail to operate recursively on '/'
`,
		Run: runChmod,
	}
}

// modeChange is one clause of a compiled mode, after GNU's mode_compile.
type modeChange struct {
	op        byte   // '=', '+' or '-'
	flag      byte   // 0 ordinary, 'c' copy existing (u/g/o), 'X' x if any x
	affected  uint32 // bits named by the who letters; 0 means "apply the umask"
	value     uint32
	mentioned uint32
}

const modeAllBits = 0o7777

// compileMode parses an octal or symbolic mode like GNU's mode_compile.
func compileMode(s string) ([]modeChange, bool) {
	if s == "" {
		return nil, false
	}
	if s[0] >= '0' && s[0] <= '7' {
		var v uint32
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '7' {
				return nil, false
			}
			v = v*8 + uint32(s[i]-'0')
			if v > modeAllBits {
				return nil, false
			}
		}
		mentioned := uint32(modeAllBits)
		if len(s) < 5 {
			mentioned = v&0o6000 | 0o1000 | 0o777
		}
		return []modeChange{{op: '=', affected: modeAllBits, value: v, mentioned: mentioned}}, true
	}
	var out []modeChange
	i := 0
	for {
		var affected uint32
	who:
		for ; i < len(s); i++ {
			switch s[i] {
			case 'u':
				affected |= 0o4700
			case 'g':
				affected |= 0o2070
			case 'o':
				affected |= 0o1007
			case 'a':
				affected |= modeAllBits
			default:
				break who
			}
		}
		if i >= len(s) || !strings.ContainsRune("=+-", rune(s[i])) {
			return nil, false
		}
		for i < len(s) && strings.ContainsRune("=+-", rune(s[i])) {
			ch := modeChange{op: s[i], affected: affected}
			i++
			if i < len(s) && strings.ContainsRune("ugo", rune(s[i])) {
				ch.flag = 'c'
				ch.value = map[byte]uint32{'u': 0o700, 'g': 0o070, 'o': 0o007}[s[i]]
				i++
			} else {
			perms:
				for ; i < len(s); i++ {
					switch s[i] {
					case 'r':
						ch.value |= 0o444
					case 'w':
						ch.value |= 0o222
					case 'x':
						ch.value |= 0o111
					case 'X':
						ch.flag = 'X'
					case 's':
						ch.value |= 0o6000
					case 't':
						ch.value |= 0o1000
					default:
						break perms
					}
				}
			}
			if affected != 0 {
				ch.mentioned = affected & ch.value
			} else {
				ch.mentioned = ch.value
			}
			out = append(out, ch)
		}
		if i == len(s) {
			return out, true
		}
		if s[i] != ',' {
			return nil, false
		}
		i++
	}
}

// adjustMode applies changes to the POSIX mode bits old of a file (dir says
// whether it is a directory) like GNU's mode_adjust. umask limits the
// clauses that name no who letters.
func adjustMode(old uint32, dir bool, umask uint32, changes []modeChange) uint32 {
	mode := old & modeAllBits
	for _, ch := range changes {
		var omit uint32
		if dir {
			omit = 0o6000 &^ ch.mentioned
		}
		value := ch.value
		switch ch.flag {
		case 'c':
			value &= mode
			var v uint32
			if value&0o444 != 0 {
				v |= 0o444
			}
			if value&0o222 != 0 {
				v |= 0o222
			}
			if value&0o111 != 0 {
				v |= 0o111
			}
			value |= v
		case 'X':
			if mode&0o111 != 0 || dir {
				value |= 0o111
			}
		}
		if ch.affected != 0 {
			value &= ch.affected &^ omit
		} else {
			value &= ^umask &^ omit
		}
		switch ch.op {
		case '=':
			preserved := omit
			if ch.affected != 0 {
				preserved |= ^ch.affected
			}
			mode = mode&preserved | value
		case '+':
			mode |= value
		case '-':
			mode &^= value
		}
	}
	return mode & modeAllBits
}

// ParseMode applies a chmod MODE (octal, or symbolic like u=rwx,g-w) to the
// mode bits base of a file that is not a directory, and returns the new
// bits. Bits are numbers as chmod prints them (0o7777: setuid 0o4000,
// setgid 0o2000, sticky 0o1000), not fs.FileMode's flags. Clauses naming no
// u, g, o or a leave out the bits set in umask, as chmod does; a zero umask
// makes them apply to all. The shell's umask builtin uses it.
func ParseMode(spec string, base, umask fs.FileMode) (fs.FileMode, error) {
	changes, ok := compileMode(spec)
	if !ok {
		return 0, fmt.Errorf("invalid mode: %s", builtins.Quote(spec))
	}
	return fs.FileMode(adjustMode(uint32(base), false, uint32(umask), changes)), nil
}

// isModeArg reports whether a "-..." argument is a symbolic mode (chmod -w)
// rather than an option.
func isModeArg(a string) bool {
	if len(a) < 2 || a[0] != '-' || a[1] == '-' {
		return false
	}
	for i := 1; i < len(a); i++ {
		if !strings.ContainsRune("rwxXstugoa,+-=", rune(a[i])) {
			return false
		}
	}
	return true
}

func runChmod(c *builtins.Call) int {
	// A mode like -w looks like an option: take it out before parsing.
	var modeArg string
	args := []string{c.Args[0]}
	for i, a := range c.Args[1:] {
		if a == "--" {
			args = append(args, c.Args[1+i:]...)
			break
		}
		if modeArg == "" && isModeArg(a) {
			modeArg = a
			continue
		}
		args = append(args, a)
	}
	sub := *c
	sub.Args = args
	fl := c.Flags()
	recursive := fl.BoolP("recursive", "R", false, "")
	changes := fl.BoolP("changes", "c", false, "")
	verbose := fl.BoolP("verbose", "v", false, "")
	quiet := fl.BoolP("silent", "f", false, "")
	fl.Bool("quiet", false, "")
	reference := fl.String("reference", "", "")
	preserveRoot := fl.Bool("preserve-root", false, "")
	fl.Bool("no-preserve-root", false, "")
	if st, ok := sub.Parse(fl); !ok {
		return st
	}
	if q, _ := fl.GetBool("quiet"); q {
		*quiet = true
	}
	ops := fl.Args()
	var spec []modeChange
	switch {
	case *reference != "":
		info, err := c.FS.Stat(c.Abs(*reference))
		if err != nil {
			failOn(c, "failed to get attributes of", *reference, err)
			return 1
		}
		spec = []modeChange{{op: '=', affected: modeAllBits, value: posixMode(info.Mode()), mentioned: modeAllBits}}
	default:
		if modeArg == "" {
			if len(ops) == 0 {
				return c.Usage("missing operand")
			}
			modeArg, ops = ops[0], ops[1:]
		}
		var ok bool
		if spec, ok = compileMode(modeArg); !ok {
			return c.Usage("invalid mode: %s", builtins.Quote(modeArg))
		}
	}
	if len(ops) == 0 {
		if *reference != "" || modeArg == "" {
			return c.Usage("missing operand")
		}
		return c.Usage("missing operand after %s", builtins.Quote(modeArg))
	}
	umaskUsed := false
	for _, ch := range spec {
		if ch.affected == 0 {
			umaskUsed = true
		}
	}
	status := 0
	var visit func(name string, top bool)
	visit = func(name string, top bool) {
		if c.Canceled() {
			return
		}
		p := c.Abs(name)
		if !top {
			if li, err := c.FS.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 {
				if *verbose {
					fmt.Fprintf(c.Stdout, "neither symbolic link %s nor referent has been changed\n", builtins.Quote(name))
				}
				return
			}
		}
		info, err := c.FS.Stat(p)
		if err != nil {
			if !*quiet {
				failOn(c, "cannot access", name, err)
			}
			status = 1
			return
		}
		if top && *recursive && *preserveRoot && p == "/" {
			c.Fail("it is dangerous to operate recursively on '/'")
			c.Fail("use --no-preserve-root to override this failsafe")
			status = 1
			return
		}
		old := posixMode(info.Mode())
		mode := adjustMode(old, info.IsDir(), posixMode(c.Umask), spec)
		err = c.FS.Chmod(p, fromPosixMode(mode)|info.Mode()&fs.ModeType)
		if err != nil {
			if !*quiet {
				failOn(c, "changing permissions of", name, err)
			}
			status = 1
		} else {
			if *verbose || *changes && mode != old {
				if mode != old {
					fmt.Fprintf(c.Stdout, "mode of %s changed from %04o (%s) to %04o (%s)\n",
						builtins.Quote(name), old, permString(old), mode, permString(mode))
				} else {
					fmt.Fprintf(c.Stdout, "mode of %s retained as %04o (%s)\n", builtins.Quote(name), mode, permString(mode))
				}
			}
			if umaskUsed {
				naive := adjustMode(old, info.IsDir(), 0, spec)
				if mode&^naive != 0 {
					if !*quiet {
						c.Fail("%s: new permissions are %s, not %s", builtins.QuoteName(name), permString(mode), permString(naive))
					}
					status = 1
				}
			}
		}
		if *recursive && info.IsDir() {
			entries, err := c.FS.ReadDir(p)
			if err != nil {
				if !*quiet {
					failOn(c, "cannot read directory", name, err)
				}
				status = 1
				return
			}
			for _, e := range entries {
				visit(joinOperand(name, e.Name()), false)
			}
		}
	}
	for _, name := range ops {
		visit(name, true)
	}
	return status
}
