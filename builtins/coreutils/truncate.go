package coreutils

import (
	"math"
	"os"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func truncateCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "truncate",
		Summary: "shrink or extend the size of a file to the specified size",
		Usage: `Usage: truncate OPTION... FILE...
Shrink or extend the size of each FILE to the specified size

A FILE argument that does not exist is created.

If a FILE is larger than the specified size, the extra data is lost.
If a FILE is shorter, it is extended and the sparse extended part (hole)
reads as zero bytes.

Mandatory arguments to long options are mandatory for short options too.
  -c, --no-create        do not create any files
  -o, --io-blocks        treat SIZE as number of IO blocks instead of bytes
  -r, --reference=RFILE  base size on RFILE
  -s, --size=SIZE        set or adjust the file size by SIZE bytes

The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.

SIZE may also be prefixed by one of the following modifying characters:
'+' extend by, '-' reduce by, '<' at most, '>' at least,
'/' round down to multiple of, '%' round up to multiple of.
`,
		Run: runTruncate,
	}
}

func runTruncate(c *builtins.Call) int {
	fl := c.Flags()
	noCreate := fl.BoolP("no-create", "c", false, "")
	blocks := fl.BoolP("io-blocks", "o", false, "")
	ref := fl.StringP("reference", "r", "", "")
	sizeArg := fl.StringP("size", "s", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	haveSize, haveRef := fl.Changed("size"), fl.Changed("reference")
	var op byte
	var size int64
	if haveSize {
		s := *sizeArg
		if s != "" && strings.IndexByte("+-<>/%", s[0]) >= 0 {
			op, s = s[0], s[1:]
		}
		n, why := parseSizeSuffix(s)
		if why != "" || s != "" && (s[0] == '+' || s[0] == '-') {
			c.Fail("Invalid number: %s", builtins.Quote(*sizeArg))
			return 1
		}
		size = n
		if *blocks {
			if size > math.MaxInt64/ioBlock {
				c.Fail("overflow in %d * %d byte blocks for file %s", size, ioBlock, builtins.Quote(fl.Arg(0)))
				return 1
			}
			size *= ioBlock
		}
		if (op == '/' || op == '%') && size == 0 {
			c.Fail("division by zero")
			return 1
		}
	}
	switch {
	case !haveSize && !haveRef:
		return c.Usage("you must specify either %s or %s", builtins.Quote("--size"), builtins.Quote("--reference"))
	case haveSize && haveRef && op == 0:
		return c.Usage("you must specify a relative %s with %s", builtins.Quote("--size"), builtins.Quote("--reference"))
	case *blocks && !haveSize:
		return c.Usage("%s was specified but %s was not", builtins.Quote("--io-blocks"), builtins.Quote("--size"))
	case len(fl.Args()) == 0:
		return c.Usage("missing file operand")
	}
	refSize := int64(-1)
	if haveRef {
		info, err := c.FS.Stat(c.Abs(*ref))
		if err != nil {
			failOn(c, "cannot stat", *ref, err)
			return 1
		}
		refSize = info.Size()
		if op == 0 {
			size, op = refSize, '='
		}
	}
	status := 0
	for _, name := range fl.Args() {
		if c.Canceled() {
			return 130
		}
		if !truncateOne(c, name, op, size, refSize, *noCreate) {
			status = 1
		}
	}
	return status
}

// truncateOne sets the size of name: size itself (op 0 or '='), or size
// applied by op to the file's size (or to refSize, when not -1).
func truncateOne(c *builtins.Call, name string, op byte, size, refSize int64, noCreate bool) bool {
	p := c.Abs(name)
	flag := os.O_WRONLY
	if !noCreate {
		flag |= os.O_CREATE
	}
	f, err := c.FS.OpenFile(p, flag, 0o666&^c.Umask)
	if err != nil {
		if noCreate && isNotExist(err) {
			return true
		}
		c.FailWith(err, "cannot open %s for writing: %s", builtins.Quote(name), builtins.Reason(err))
		return false
	}
	defer f.Close()
	cur := refSize
	if cur < 0 {
		info, err := f.Stat()
		if err != nil {
			failOn(c, "cannot fstat", name, err)
			return false
		}
		cur = info.Size()
	}
	n := size
	switch op {
	case '+':
		if cur > math.MaxInt64-size {
			c.Fail("overflow extending size of file %s", builtins.Quote(name))
			return false
		}
		n = cur + size
	case '-':
		n = max(cur-size, 0)
	case '<':
		n = min(cur, size)
	case '>':
		n = max(cur, size)
	case '/':
		n = cur / size * size
	case '%':
		n = (cur + size - 1) / size * size
	}
	if err := f.Truncate(n); err != nil {
		c.FailWith(err, "failed to truncate %s at %d bytes: %s", builtins.Quote(name), n, builtins.Reason(err))
		return false
	}
	return true
}
