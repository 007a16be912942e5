package coreutils

import (
	"bufio"
	"bytes"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

type sumAlgo struct {
	cmd, tag string
	new      func() hash.Hash
	size     int // digest bytes
}

func md5sumCommand() *builtins.Command {
	return sumCommand(sumAlgo{"md5sum", "MD5", md5.New, md5.Size})
}
func sha1sumCommand() *builtins.Command {
	return sumCommand(sumAlgo{"sha1sum", "SHA1", sha1.New, sha1.Size})
}
func sha224sumCommand() *builtins.Command {
	return sumCommand(sumAlgo{"sha224sum", "SHA224", sha256.New224, sha256.Size224})
}
func sha256sumCommand() *builtins.Command {
	return sumCommand(sumAlgo{"sha256sum", "SHA256", sha256.New, sha256.Size})
}
func sha384sumCommand() *builtins.Command {
	return sumCommand(sumAlgo{"sha384sum", "SHA384", sha512.New384, sha512.Size384})
}
func sha512sumCommand() *builtins.Command {
	return sumCommand(sumAlgo{"sha512sum", "SHA512", sha512.New, sha512.Size})
}

func sumCommand(a sumAlgo) *builtins.Command {
	return &builtins.Command{
		Name:    a.cmd,
		Summary: "print or check " + a.tag + " checksums",
		Usage: `Usage: ` + a.cmd + ` [OPTION]... [FILE]...
Print or check ` + a.tag + ` checksums.

  -b, --binary          mark files as binary ('*' before the name)
  -t, --text            mark files as text (the default)
  -c, --check           read checksums from the FILEs and check them
      --tag             print BSD-style lines: ` + a.tag + ` (FILE) = HASH
  -z, --zero            end output lines with NUL, not newline
Checking (-c):
      --ignore-missing  do not fail or report for missing files
      --quiet           do not print OK for each verified file
      --status          print nothing; the exit status tells
      --strict          fail on improperly formatted lines
  -w, --warn            warn about improperly formatted lines
With no FILE, or when FILE is -, read standard input.
`,
		Run: func(c *builtins.Call) int { return runSum(c, a) },
	}
}

type sumOpts struct {
	binary, check, tag, zero                      bool
	ignoreMissing, quiet, status, strict, warnBad bool
}

func runSum(c *builtins.Call, a sumAlgo) int {
	fl := c.Flags()
	var o sumOpts
	fl.BoolVarP(&o.binary, "binary", "b", false, "")
	text := fl.BoolP("text", "t", false, "")
	fl.BoolVarP(&o.check, "check", "c", false, "")
	fl.BoolVar(&o.tag, "tag", false, "")
	fl.BoolVarP(&o.zero, "zero", "z", false, "")
	fl.BoolVar(&o.ignoreMissing, "ignore-missing", false, "")
	fl.BoolVar(&o.quiet, "quiet", false, "")
	fl.BoolVar(&o.status, "status", false, "")
	fl.BoolVar(&o.strict, "strict", false, "")
	fl.BoolVarP(&o.warnBad, "warn", "w", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if *text {
		o.binary = false
	}
	if !o.check {
		// GNU's order of complaints
		for _, opt := range []struct {
			on   bool
			name string
		}{{o.ignoreMissing, "ignore-missing"}, {o.status, "status"}, {o.warnBad, "warn"}, {o.quiet, "quiet"}, {o.strict, "strict"}} {
			if opt.on {
				return c.Usage("the --%s option is meaningful only when verifying checksums", opt.name)
			}
		}
	}
	if o.check && o.tag {
		return c.Usage("the --tag option is meaningless when verifying checksums")
	}
	if o.check {
		return sumCheck(c, a, o, fl.Args())
	}
	w := c.Stdout
	eol := "\n"
	if o.zero {
		eol = "\x00"
	}
	return inputs(c, fl.Args(), func(name string, r io.Reader) error {
		sum, err := sumReader(c, a, r)
		if err != nil {
			return err
		}
		esc, shown := "", name
		if !o.zero && strings.ContainsAny(name, "\\\n\r") {
			esc, shown = "\\", escapeSumName(name)
		}
		var line string
		switch {
		case o.tag:
			line = fmt.Sprintf("%s%s (%s) = %s%s", esc, a.tag, shown, sum, eol)
		case o.binary:
			line = fmt.Sprintf("%s%s *%s%s", esc, sum, shown, eol)
		default:
			line = fmt.Sprintf("%s%s  %s%s", esc, sum, shown, eol)
		}
		if _, err := io.WriteString(w, line); err != nil {
			return errStop
		}
		return nil
	})
}

func escapeSumName(s string) string {
	return strings.NewReplacer("\\", "\\\\", "\n", "\\n", "\r", "\\r").Replace(s)
}

func unescapeSumName(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}

func sumReader(c *builtins.Call, a sumAlgo, r io.Reader) (string, error) {
	h := a.new()
	if _, err := copyCtx(c, h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// parseSumLine reads "HASH  NAME", "HASH *NAME", "TAG (NAME) = HASH"
// or, as GNU's does for BSD's "md5 -r", "HASH NAME" with one blank.
// The two forms with a hash first do not mix in one list: *bsd is -1
// until a line settles which it is, then 0 for GNU's, 1 for BSD's.
func parseSumLine(a sumAlgo, line string, bsd *int) (sum, name string, ok bool) {
	line = strings.TrimLeft(line, " \t")
	escaped := strings.HasPrefix(line, "\\")
	if escaped {
		line = line[1:]
	}
	hexLen := 2 * a.size
	if rest, found := strings.CutPrefix(line, a.tag+" ("); found {
		i := strings.LastIndex(rest, ") = ")
		if i < 0 {
			return "", "", false
		}
		name, sum = rest[:i], rest[i+4:]
	} else {
		if len(line) < hexLen+2 || line[hexLen] != ' ' && line[hexLen] != '\t' {
			return "", "", false
		}
		sum, name = line[:hexLen], line[hexLen+1:]
		if len(name) == 1 || name[0] != ' ' && name[0] != '*' {
			if *bsd == 0 {
				return "", "", false
			}
			*bsd = 1
		} else if *bsd != 1 {
			*bsd = 0
			name = name[1:]
		}
	}
	if len(sum) != hexLen || name == "" {
		return "", "", false
	}
	if _, err := hex.DecodeString(sum); err != nil {
		return "", "", false
	}
	if escaped {
		if name, ok = unescapeSumName(name); !ok {
			return "", "", false
		}
	}
	return strings.ToLower(sum), name, true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func sumCheck(c *builtins.Call, a sumAlgo, o sumOpts, files []string) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	w := c.Stdout
	status := 0
	for _, list := range files {
		r, err := c.Open(list)
		if err != nil {
			c.FailErr(list, err)
			status = 1
			continue
		}
		data, err := c.ReadAll(r)
		r.Close()
		if err != nil {
			c.FailErr(list, err)
			status = 1
			continue
		}
		shownList := list
		if list == "-" {
			shownList = "standard input"
		}
		var bad, unreadable, mismatched, good, verified int
		bsd := -1
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 64*1024), 1<<30)
		lineNo := 0
		for sc.Scan() {
			if c.Canceled() {
				return 130
			}
			lineNo++
			line := strings.TrimSuffix(sc.Text(), "\r")
			if strings.HasPrefix(line, "#") {
				continue
			}
			sum, name, ok := parseSumLine(a, line, &bsd)
			if !ok {
				bad++
				if o.warnBad {
					c.Fail("%s: %d: improperly formatted %s checksum line", shownList, lineNo, a.tag)
				}
				continue
			}
			good++
			shown := name
			prefix := ""
			if strings.ContainsAny(name, "\n\r") {
				prefix, shown = "\\", escapeSumName(name)
			}
			f, err := c.Open(name)
			var got string
			if err == nil {
				got, err = sumReader(c, a, f)
				f.Close()
			}
			if err != nil {
				if o.ignoreMissing && isNotExist(err) {
					continue
				}
				unreadable++
				if !o.status {
					c.FailErr(name, err)
					fmt.Fprintf(w, "%s%s: FAILED open or read\n", prefix, shown)
				}
				continue
			}
			verified++
			if got != sum {
				mismatched++
				if !o.status {
					fmt.Fprintf(w, "%s%s: FAILED\n", prefix, shown)
				}
			} else if !o.status && !o.quiet {
				fmt.Fprintf(w, "%s%s: OK\n", prefix, shown)
			}
		}
		if good == 0 {
			if !o.status {
				c.Fail("%s: no properly formatted checksum lines found", shownList)
			}
			status = 1
			continue
		}
		if !o.status {
			if bad > 0 {
				c.Fail("WARNING: %d %s improperly formatted", bad, plural(bad, "line is", "lines are"))
			}
			if unreadable > 0 {
				c.Fail("WARNING: %d listed %s not be read", unreadable, plural(unreadable, "file could", "files could"))
			}
			if mismatched > 0 {
				c.Fail("WARNING: %d computed %s NOT match", mismatched, plural(mismatched, "checksum did", "checksums did"))
			}
			if o.ignoreMissing && verified == 0 {
				c.Fail("%s: no file was verified", shownList)
			}
		}
		if mismatched > 0 || unreadable > 0 || (o.strict && bad > 0) || (o.ignoreMissing && verified == 0) {
			status = 1
		}
	}
	return status
}
