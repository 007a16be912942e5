package coreutils

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/moonix-sh/moonix/builtins"
)

func commCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "comm",
		Summary: "compare two sorted files line by line",
		Usage: `Usage: comm [-123] [OPTION]... FILE1 FILE2
Compare two sorted files line by line.

  -1                        do not print lines only in FILE1
  -2                        do not print lines only in FILE2
  -3                        do not print lines in both files
      --check-order         fail as soon as the input is not sorted
      --nocheck-order       do not check that the input is sorted
      --output-delimiter=STR  separate columns with STR (default TAB)
      --total               print a summary line of the counts
  -z, --zero-terminated     lines end in NUL, not newline
Column 1 holds lines only in FILE1, column 2 lines only in FILE2, column 3
lines in both. The files must be sorted in byte order; like GNU, comm
reports unsorted input once unpairable lines were seen. When FILE1 or FILE2
(not both) is -, read standard input.
`,
		Run: runComm,
	}
}

func runComm(c *builtins.Call) int {
	fl := c.Flags()
	var hide [3]*bool
	hide[0] = fl.BoolP("1", "1", false, "")
	hide[1] = fl.BoolP("2", "2", false, "")
	hide[2] = fl.BoolP("3", "3", false, "")
	checkOrder := fl.Bool("check-order", false, "")
	noCheck := fl.Bool("nocheck-order", false, "")
	delim := fl.String("output-delimiter", "\t", "")
	total := fl.Bool("total", false, "")
	zero := fl.BoolP("zero-terminated", "z", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	names := fl.Args()
	if st, ok := twoOperands(c, names); !ok {
		return st
	}
	if *delim == "" {
		*delim = "\x00"
	}
	eol := byte('\n')
	if *zero {
		eol = 0
	}
	check := orderCheck(*checkOrder, *noCheck)
	readers, closeAll, ok := openTwo(c, names)
	if !ok {
		return 1
	}
	defer closeAll()
	// column prefixes
	var prefix [3]string
	shown := 0
	for i := range 3 {
		for j := 0; j < shown; j++ {
			prefix[i] += *delim
		}
		if !*hide[i] && i < 2 {
			shown++
		}
	}
	var counts [3]int
	var warned [2]bool
	seenUnpairable := false
	var readErr error
	var cur, prev [2][]byte
	var have [2]bool
	read := func(i int) {
		prev[i] = cur[i]
		line, err := readers[i].ReadBytes(eol)
		if len(line) == 0 {
			have[i] = false
			if err != nil && err != io.EOF {
				readErr = err
			}
			return
		}
		cur[i], have[i] = bytes.TrimSuffix(line, []byte{eol}), true
		if check >= 0 && (check == 1 || seenUnpairable) && !warned[i] && prev[i] != nil && bytes.Compare(prev[i], cur[i]) > 0 {
			c.Fail("file %d is not in sorted order", i+1)
			warned[i] = true
			if check == 1 {
				readErr = errStop
			}
		}
	}
	read(0)
	read(1)
	w := c.Stdout
	for (have[0] || have[1]) && readErr == nil {
		if c.Canceled() {
			return 130
		}
		var order int
		switch {
		case !have[0]:
			order = 1
		case !have[1]:
			order = -1
		default:
			order = bytes.Compare(cur[0], cur[1])
		}
		col, line := 2, cur[1]
		if order != 0 {
			seenUnpairable = true
			if order < 0 {
				col, line = 0, cur[0]
			} else {
				col = 1
			}
		}
		counts[col]++
		if !*hide[col] {
			out := make([]byte, 0, len(prefix[col])+len(line)+1)
			out = append(out, prefix[col]...)
			out = append(out, line...)
			if _, err := w.Write(append(out, eol)); err != nil {
				return 0
			}
		}
		if order <= 0 {
			read(0)
		}
		if order >= 0 && readErr == nil {
			read(1)
		}
	}
	switch {
	case readErr == errStop:
		return 1
	case readErr != nil:
		c.FailWith(readErr, "%s", builtins.Reason(readErr))
		return 1
	}
	if *total {
		fmt.Fprintf(w, "%d%s%d%s%d%stotal%c", counts[0], *delim, counts[1], *delim, counts[2], *delim, eol)
	}
	if warned[0] || warned[1] {
		c.Fail("input is not in sorted order")
		return 1
	}
	return 0
}

// twoOperands checks that comm or join got exactly two file operands,
// reporting a usage error like GNU's otherwise; when ok is false the
// command exits with status.
func twoOperands(c *builtins.Call, names []string) (status int, ok bool) {
	switch len(names) {
	case 0:
		return c.Usage("missing operand"), false
	case 1:
		return c.Usage("missing operand after %s", builtins.Quote(names[0])), false
	case 2:
		return 0, true
	}
	return c.Usage("extra operand %s", builtins.Quote(names[2])), false
}

// openTwo opens comm's or join's two operands. On failure it reports the
// error, closes what it opened and returns ok false.
func openTwo(c *builtins.Call, names []string) (readers [2]*bufio.Reader, closeAll func(), ok bool) {
	var files []io.Closer
	closeAll = func() {
		for _, f := range files {
			f.Close()
		}
	}
	for i, name := range names {
		r, err := c.Open(name)
		if err != nil {
			c.FailErr(name, err)
			closeAll()
			return readers, nil, false
		}
		files = append(files, r)
		readers[i] = bufio.NewReader(r)
	}
	return readers, closeAll, true
}

// orderCheck is the sortedness check comm and join make: 1 with
// --check-order, -1 with --nocheck-order (which wins), 0 by default.
func orderCheck(checkOrder, noCheck bool) int {
	switch {
	case noCheck:
		return -1
	case checkOrder:
		return 1
	}
	return 0
}
