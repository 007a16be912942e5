package coreutils

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
)

func expandCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "expand",
		Summary: "convert tabs to spaces",
		Usage: `Usage: expand [-i] [-t N | -t LIST] [FILE]...
Convert tabs to spaces.

  -i, --initial       do not convert tabs after the first non-blank
  -t, --tabs=N        tab stops every N columns instead of 8
  -t, --tabs=LIST     tab stops at the comma- or blank-separated columns in
                      LIST; a last entry /N or +N repeats every N columns
With no FILE, or when FILE is -, read standard input.
`,
		Run: runExpand,
	}
}

func unexpandCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "unexpand",
		Summary: "convert spaces to tabs",
		Usage: `Usage: unexpand [-a] [--first-only] [-t N | -t LIST] [FILE]...
Convert spaces to tabs.

  -a, --all          convert all blanks, not just leading ones
      --first-only   convert only leading blanks (overrides -a and -t)
  -t, --tabs=N|LIST  tab stops as for expand (implies -a)
With no FILE, or when FILE is -, read standard input.
`,
		Run: runUnexpand,
	}
}

// tabStops are the tab positions of expand and unexpand.
type tabStops struct {
	list   []int // explicit stops, ascending
	repeat int   // after the list, every repeat columns (0: none)
	plus   bool  // repeat counts from the last explicit stop, not from 0
}

func parseTabStops(specs []string) (tabStops, error) {
	var ts tabStops
	for _, spec := range specs {
		for _, f := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			mark := byte(0)
			if f[0] == '/' || f[0] == '+' {
				mark, f = f[0], f[1:]
			}
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 {
				return ts, fmt.Errorf("tab size contains invalid character(s): '%s'", f)
			}
			if mark != 0 {
				if n == 0 {
					return ts, fmt.Errorf("tab size cannot be 0")
				}
				ts.repeat, ts.plus = n, mark == '+'
				continue
			}
			if ts.repeat != 0 {
				return ts, fmt.Errorf("'/' specifier only allowed with the last value")
			}
			if len(ts.list) > 0 && n <= ts.list[len(ts.list)-1] {
				return ts, fmt.Errorf("tab sizes must be ascending")
			}
			ts.list = append(ts.list, n)
		}
	}
	switch {
	case len(ts.list) == 0 && ts.repeat == 0:
		ts.repeat = 8
	case len(ts.list) == 1 && ts.repeat == 0:
		if ts.list[0] == 0 {
			return ts, fmt.Errorf("tab size cannot be 0")
		}
		ts.repeat, ts.list = ts.list[0], nil
	case len(ts.list) > 0 && ts.list[0] == 0:
		return ts, fmt.Errorf("tab size cannot be 0")
	}
	return ts, nil
}

// next returns the first tab stop after col, or false past the last one.
func (ts tabStops) next(col int) (int, bool) {
	for _, s := range ts.list {
		if s > col {
			return s, true
		}
	}
	if ts.repeat == 0 {
		return 0, false
	}
	base := 0
	if ts.plus && len(ts.list) > 0 {
		base = ts.list[len(ts.list)-1]
	}
	return base + ((col-base)/ts.repeat+1)*ts.repeat, true
}

func runExpand(c *builtins.Call) int {
	c.Args = rewriteOldWidth(c.Args, "-t")
	fl := c.Flags()
	initial := fl.BoolP("initial", "i", false, "")
	tabs := fl.StringArrayP("tabs", "t", nil, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ts, err := parseTabStops(*tabs)
	if err != nil {
		c.Fail("%s", err)
		return 1
	}
	return mapLines(c, fl.Args(), func(line []byte) []byte {
		return expandLine(line, ts, *initial)
	})
}

func expandLine(line []byte, ts tabStops, initial bool) []byte {
	out := make([]byte, 0, len(line)+16)
	col := 0
	leading := true
	for i := 0; i < len(line); {
		_, size := utf8.DecodeRune(line[i:])
		ch := line[i]
		switch {
		case ch == '\t' && (leading || !initial):
			next, ok := ts.next(col)
			if !ok {
				next = col + 1
			}
			for ; col < next; col++ {
				out = append(out, ' ')
			}
		case ch == '\b':
			if col > 0 {
				col--
			}
			out = append(out, ch)
			leading = false
		default:
			if ch != ' ' && ch != '\t' {
				leading = false
			}
			col++
			out = append(out, line[i:i+size]...)
		}
		i += size
	}
	return out
}

func runUnexpand(c *builtins.Call) int {
	c.Args = rewriteOldWidth(c.Args, "-t")
	fl := c.Flags()
	all := fl.BoolP("all", "a", false, "")
	firstOnly := fl.Bool("first-only", false, "")
	tabs := fl.StringArrayP("tabs", "t", nil, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ts, err := parseTabStops(*tabs)
	if err != nil {
		c.Fail("%s", err)
		return 1
	}
	convertAll := (*all || len(*tabs) > 0) && !*firstOnly
	return mapLines(c, fl.Args(), func(line []byte) []byte {
		return unexpandLine(line, ts, convertAll)
	})
}

// unexpandLine turns runs of blanks that reach a tab stop into tabs, the
// way GNU unexpand does: a single space just before a stop stays a space
// unless more blanks follow it.
func unexpandLine(line []byte, ts tabStops, all bool) []byte {
	out := make([]byte, 0, len(line))
	col := 0
	convert := true
	var pending []byte // blanks not yet known to become a tab
	single := false    // pending is one space that reached a stop
	flush := func() {
		if single {
			out = append(out, ' ')
			single = false
		}
		out = append(out, pending...)
		pending = pending[:0]
	}
	for i := 0; i < len(line); {
		_, size := utf8.DecodeRune(line[i:])
		ch := line[i]
		if convert && (ch == ' ' || ch == '\t') {
			stop, ok := ts.next(col)
			if !ok {
				convert = false
				flush()
				out = append(out, line[i:]...)
				return out
			}
			if single {
				// more blanks follow the space that reached a stop
				out = append(out, '\t')
				single = false
			}
			if ch == '\t' {
				col = stop
				pending = pending[:0]
				out = append(out, '\t')
			} else {
				col++
				if col == stop {
					if len(pending) == 0 {
						single = true
					} else {
						pending = pending[:0]
						out = append(out, '\t')
					}
				} else {
					pending = append(pending, ch)
				}
			}
			i += size
			continue
		}
		flush()
		switch ch {
		case '\b':
			if col > 0 {
				col--
			}
		case '\n':
			col = 0
		default:
			col++
		}
		if ch != ' ' && ch != '\t' && !all {
			convert = false
		}
		out = append(out, line[i:i+size]...)
		i += size
	}
	flush()
	return out
}
