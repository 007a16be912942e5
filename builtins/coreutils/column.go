package coreutils

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/builtins"
)

func columnCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "column",
		Summary: "columnate lists",
		Usage: `Usage: column [OPTION]... [FILE]...
Columnate lists: fill columns (or, with -x, rows) to the output width with
the lines of the files, as util-linux's column does; with -t, make a table
of their fields.

  -t, --table                   create a table
  -s, --separator=STRING        possible table delimiters (default: blanks,
                                several in a row counting as one)
  -o, --output-separator=STRING columns separator for table output
                                (default is two spaces)
  -N, --table-columns=NAMES     comma separated columns names (a header)
  -d, --table-noheadings        don't print header
  -R, --table-right=COLUMNS     right align text in these columns
  -H, --table-hide=COLUMNS      don't print the columns
  -O, --table-order=COLUMNS     specify order of output columns
  -J, --json                    use JSON output format for table
  -n, --table-name=NAME         table name for JSON output
  -c, --output-width=WIDTH      width of output in number of characters
                                (default: the terminal's, $COLUMNS, or 80)
  -x, --fillrows                fill rows before columns
COLUMNS are numbers counted from 1 or names given with -N, separated by
commas.
`,
		Run: runColumn,
	}
}

type columnOpts struct {
	seps       string
	merge      bool
	outSep     string
	names      []string
	noHeadings bool
	right      string
	hide       string
	order      string
	json       bool
	tableName  string
}

func runColumn(c *builtins.Call) int {
	fl := c.Flags()
	table := fl.BoolP("table", "t", false, "")
	seps := fl.StringP("separator", "s", " \t", "")
	outSep := fl.StringP("output-separator", "o", "  ", "")
	names := fl.StringP("table-columns", "N", "", "")
	noHead := fl.BoolP("table-noheadings", "d", false, "")
	right := fl.StringP("table-right", "R", "", "")
	hide := fl.StringP("table-hide", "H", "", "")
	order := fl.StringP("table-order", "O", "", "")
	asJSON := fl.BoolP("json", "J", false, "")
	tableName := fl.StringP("table-name", "n", "table", "")
	widthArg := fl.StringP("output-width", "c", "", "")
	fillRows := fl.BoolP("fillrows", "x", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	width := 80
	if c.Width > 0 {
		width = c.Width
	} else if n, err := strconv.Atoi(c.Getenv("COLUMNS")); err == nil && n > 0 {
		width = n
	}
	if *widthArg != "" {
		n, err := strconv.Atoi(*widthArg)
		if err != nil || n < 0 {
			c.Fail("invalid columns argument: %s", builtins.Quote(*widthArg))
			return 1
		}
		width = n
	}
	o := columnOpts{seps: *seps, merge: !fl.Changed("separator"), outSep: *outSep, noHeadings: *noHead,
		right: *right, hide: *hide, order: *order, json: *asJSON, tableName: *tableName}
	if *names != "" {
		o.names = strings.Split(*names, ",")
	}
	if o.json && o.names == nil {
		c.Fail("option --table-columns required for --json")
		return 1
	}
	var lines []string
	status := inputs(c, fl.Args(), func(_ string, r io.Reader) error {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), 1<<30)
		for sc.Scan() {
			if line := sc.Text(); line != "" {
				lines = append(lines, line)
			}
		}
		return sc.Err()
	})
	switch {
	case *table || o.json:
		if err := columnTable(c, lines, o); err != "" {
			c.Fail("%s", err)
			return 1
		}
	default:
		columnFill(c, lines, width, *fillRows)
	}
	return status
}

// columnFill lays the entries out in columns padded with tabs, as
// util-linux's column does: down the columns, or with rows across them.
func columnFill(c *builtins.Call, entries []string, width int, rows bool) {
	w := bufio.NewWriter(c.Stdout)
	defer w.Flush()
	maxLen := 0
	for _, e := range entries {
		maxLen = max(maxLen, utf8.RuneCountInString(e))
	}
	maxLen = (maxLen + 8) &^ 7
	if len(entries) == 0 {
		return
	}
	if maxLen > width || width == 0 {
		for _, e := range entries {
			fmt.Fprintln(w, e)
		}
		return
	}
	numCols := width / maxLen
	numRows := (len(entries) + numCols - 1) / numCols
	// pad writes tabs up to the column that ends at endCol
	pad := func(chars, endCol int) int {
		for {
			next := (chars + 8) &^ 7
			if next > endCol {
				return chars
			}
			w.WriteByte('\t')
			chars = next
		}
	}
	if rows {
		chars, col, endCol := 0, 0, maxLen
		for i, e := range entries {
			w.WriteString(e)
			chars += utf8.RuneCountInString(e)
			if i == len(entries)-1 {
				break
			}
			if col++; col == numCols {
				chars, col, endCol = 0, 0, maxLen
				w.WriteByte('\n')
				continue
			}
			chars = pad(chars, endCol)
			endCol += maxLen
		}
		w.WriteByte('\n')
		return
	}
	for row := 0; row < numRows; row++ {
		chars, endCol := 0, maxLen
		for base := row; ; {
			w.WriteString(entries[base])
			chars += utf8.RuneCountInString(entries[base])
			if base += numRows; base >= len(entries) {
				break
			}
			chars = pad(chars, endCol)
			endCol += maxLen
		}
		w.WriteByte('\n')
	}
}

// columnFields splits a line into the table's cells.
func columnFields(line string, o columnOpts) []string {
	isSep := func(r rune) bool { return strings.ContainsRune(o.seps, r) }
	if o.merge {
		return strings.FieldsFunc(line, isSep)
	}
	var cells []string
	start := 0
	for i, r := range line {
		if isSep(r) {
			cells = append(cells, line[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	return append(cells, line[start:])
}

// columnList resolves a list of columns (numbers from 1 or names) to
// indexes.
func columnList(list string, names []string, n int) ([]int, string) {
	if list == "" {
		return nil, ""
	}
	var out []int
	for _, f := range strings.Split(list, ",") {
		if i := slices.Index(names, f); i >= 0 {
			out = append(out, i)
			continue
		}
		k, err := strconv.Atoi(f)
		if err != nil || k < 1 || k > max(n, len(names)) {
			return nil, fmt.Sprintf("undefined column name '%s'", f)
		}
		out = append(out, k-1)
	}
	return out, ""
}

func columnTable(c *builtins.Call, lines []string, o columnOpts) string {
	var rows [][]string
	ncols := len(o.names)
	for _, line := range lines {
		cells := columnFields(line, o)
		if len(cells) == 0 {
			continue
		}
		rows = append(rows, cells)
		ncols = max(ncols, len(cells))
	}
	right, err := columnList(o.right, o.names, ncols)
	if err != "" {
		return err
	}
	hidden, err := columnList(o.hide, o.names, ncols)
	if err != "" {
		return err
	}
	order, err := columnList(o.order, o.names, ncols)
	if err != "" {
		return err
	}
	// the columns shown, in order
	var shown []int
	for _, i := range order {
		if !slices.Contains(shown, i) {
			shown = append(shown, i)
		}
	}
	for i := range ncols {
		if !slices.Contains(shown, i) {
			shown = append(shown, i)
		}
	}
	shown = slices.DeleteFunc(shown, func(i int) bool { return slices.Contains(hidden, i) })
	cell := func(r []string, i int) string {
		if i < len(r) {
			return r[i]
		}
		return ""
	}
	if o.json {
		return columnJSON(c, rows, shown, o)
	}
	widths := make([]int, ncols)
	for _, r := range append(rows, o.names) { // the names count, shown or not
		for i := range ncols {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell(r, i)))
		}
	}
	if o.names != nil && !o.noHeadings {
		rows = append([][]string{o.names}, rows...)
	}
	for _, r := range rows {
		for i := range ncols {
			widths[i] = max(widths[i], utf8.RuneCountInString(cell(r, i)))
		}
	}
	w := bufio.NewWriter(c.Stdout)
	defer w.Flush()
	for _, r := range rows {
		for k, i := range shown {
			s := cell(r, i)
			padding := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(s))
			switch {
			case slices.Contains(right, i):
				w.WriteString(padding + s)
			case k == len(shown)-1:
				w.WriteString(s)
			default:
				w.WriteString(s + padding)
			}
			if k < len(shown)-1 {
				w.WriteString(o.outSep)
			}
		}
		w.WriteByte('\n')
	}
	return ""
}

// columnJSON writes the table as util-linux's column -J does.
func columnJSON(c *builtins.Call, rows [][]string, shown []int, o columnOpts) string {
	w := bufio.NewWriter(c.Stdout)
	defer w.Flush()
	quote := func(s string) string {
		b, _ := json.Marshal(s)
		return string(b)
	}
	fmt.Fprintf(w, "{\n   %s: [\n", quote(o.tableName))
	for k, r := range rows {
		if k == 0 {
			w.WriteString("      {\n")
		} else {
			w.WriteString("      },{\n")
		}
		for j, i := range shown {
			v := "null"
			if i < len(r) {
				v = quote(r[i])
			}
			comma := ","
			if j == len(shown)-1 {
				comma = ""
			}
			name := ""
			if i < len(o.names) {
				name = o.names[i]
			}
			fmt.Fprintf(w, "         %s: %s%s\n", quote(name), v, comma)
		}
	}
	if len(rows) > 0 {
		w.WriteString("      }\n")
	}
	w.WriteString("   ]\n}\n")
	return ""
}
