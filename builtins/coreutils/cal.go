package coreutils

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/gnudate"
)

// cal follows Debian's cal, BSD's ncal in cal mode (-C): Sundays first,
// six week lines a month, the Julian calendar until 2 September 1752 and
// the Gregorian from the 14th, as Great Britain switched.

func calCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "cal",
		Summary: "display a calendar",
		Usage: `Usage: cal [-13jy] [[MONTH] YEAR]
  or:  cal [-13jy] [-m MONTH] [YEAR]
Display a month's calendar (this month's by default: the clock is read,
as date reads it), three months, or a year's.

  -1           one month (the default)
  -3           the month before, the month and the month after
  -y           the whole year (YEAR alone means it too)
  -j           days numbered from January 1 (Julian days)
  -m MONTH     the month MONTH (a number or a name) of YEAR or this year

MONTH is 1 to 12 or a month's name, YEAR 1 to 9999. Today is not
highlighted: moonix's output is never a terminal.
`,
		UsageStatus: 64,
		// what ncal prints after a usage error, for the forms it has
		TryHelp: `Usage: cal [general options] [-jy] [[month] year]
       cal [general options] [-j] [-m month] [year]
       ncal -C [general options] [-jy] [[month] year]
       ncal -C [general options] [-j] [-m month] [year]
       ncal [general options] [-bhJjpwySM] [-H yyyy-mm-dd] [-s country_code] [-W number of days] [[month] year]
       ncal [general options] [-Jeo] [year]
General options: [-31] [-A months] [-B months] [-d yyyy-mm]
`,
		Run: runCal,
	}
}

var calMonths = []string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

func runCal(c *builtins.Call) int {
	fl := c.Flags()
	fl.BoolP("one", "1", false, "")
	three := fl.BoolP("three", "3", false, "")
	year := fl.BoolP("year", "y", false, "")
	julian := fl.BoolP("julian", "j", false, "")
	monthArg := fl.StringP("month", "m", "", "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) > 2 || len(ops) == 2 && fl.Changed("month") {
		return c.TryHelp()
	}
	now := c.Clock.Now()
	tz, set := c.LookupEnv("TZ")
	now = now.In(gnudate.Zone(tz, set))
	y, m := now.Year(), int(now.Month())
	whole := *year
	if len(ops) > 0 {
		n, err := strconv.Atoi(ops[len(ops)-1])
		if err != nil {
			c.Fail("not a valid year %s", ops[len(ops)-1])
			return 64
		}
		if n < 1 || n > 9999 {
			c.Fail("year `%d' not in range 1..9999", n)
			return 64
		}
		y = n
		if len(ops) == 1 && !fl.Changed("month") {
			whole = true
		}
	}
	mtext := *monthArg
	if len(ops) == 2 {
		mtext = ops[0]
	}
	if mtext != "" {
		n, ok := calMonth(mtext)
		if !ok {
			c.Fail("%s is neither a month number (1..12) nor a name", mtext)
			return 64
		}
		m, whole = n, false
	}
	var b strings.Builder
	switch {
	case whole:
		perRow, w := 3, 20
		if *julian {
			perRow, w = 2, 27
		}
		b.WriteString(strings.TrimRight(calCenter(strconv.Itoa(y), perRow*w), " ") + "\n")
		for first := 1; first <= 12; first += perRow {
			var blocks [][]string
			for k := first; k < first+perRow; k++ {
				blocks = append(blocks, calMonthLines(y, k, *julian, false))
			}
			calJoin(&b, blocks)
			if first+perRow <= 12 {
				b.WriteString("\n")
			}
		}
	case *three:
		var blocks [][]string
		for d := -1; d <= 1; d++ {
			yy, mm := y, m+d
			if mm < 1 {
				yy, mm = yy-1, 12
			} else if mm > 12 {
				yy, mm = yy+1, 1
			}
			blocks = append(blocks, calMonthLines(yy, mm, *julian, true))
		}
		calJoin(&b, blocks)
	default:
		calJoin(&b, [][]string{calMonthLines(y, m, *julian, true)})
	}
	fmt.Fprint(c.Stdout, b.String())
	return 0
}

// calMonth reads a month: 1 to 12, or a name or its first three letters
// or more, in any case.
func calMonth(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 1 && n <= 12
	}
	low := strings.ToLower(s)
	for i, name := range calMonths {
		if len(low) >= 3 && strings.HasPrefix(strings.ToLower(name), low) {
			return i + 1, true
		}
	}
	return 0, false
}

// calJoin writes blocks side by side, each line of a block followed by
// two blanks.
func calJoin(b *strings.Builder, blocks [][]string) {
	for i := range blocks[0] {
		for _, blk := range blocks {
			b.WriteString(blk[i] + "  ")
		}
		b.WriteString("\n")
	}
}

// calCenter centers s in width, as ncal does (the odd blank at the
// right), padded to width.
func calCenter(s string, width int) string {
	left := (width - len(s)) / 2
	return strings.Repeat(" ", left) + s + strings.Repeat(" ", max(0, width-left-len(s)))
}

// calMonthLines is a month: its title (with the year when withYear),
// the days' names, six lines of weeks; each line 20 wide (27 with
// julian).
func calMonthLines(y, m int, julian, withYear bool) []string {
	w, cell := 20, 3
	names := "Su Mo Tu We Th Fr Sa"
	if julian {
		w, cell = 27, 4
		names = " Su  Mo  Tu  We  Th  Fr  Sa"
	}
	title := calMonths[m-1]
	if withYear {
		title += " " + strconv.Itoa(y)
	}
	lines := []string{calCenter(title, w), names}
	first := calJDN(y, m, 1)
	col := int((first + 1) % 7) // 0 is Sunday
	week := strings.Repeat(" ", col*cell)
	yday := first - calJDN(y, 1, 1) + 1
	for d := 1; d <= calDays(y, m); d++ {
		if y == 1752 && m == 9 && d > 2 && d < 14 {
			continue // the days Great Britain skipped
		}
		n := d
		if julian {
			n = int(yday)
		}
		yday++
		week += fmt.Sprintf("%*d", cell-1, n)
		col++
		if col == 7 {
			lines = append(lines, week)
			week, col = "", 0
		} else {
			week += " "
		}
	}
	if week != "" {
		lines = append(lines, week)
	}
	for len(lines) < 8 {
		lines = append(lines, "")
	}
	for i := range lines {
		lines[i] += strings.Repeat(" ", max(0, w-len(lines[i])))
	}
	return lines
}

// calGregorian reports whether the date is in the Gregorian calendar
// (from 14 September 1752).
func calGregorian(y, m, d int) bool {
	return y > 1752 || y == 1752 && (m > 9 || m == 9 && d >= 14)
}

// calJDN is the Julian day number of a date, in the calendar of its day.
func calJDN(y, m, d int) int64 {
	a := int64((14 - m) / 12)
	yy := int64(y) + 4800 - a
	mm := int64(m) + 12*a - 3
	jdn := int64(d) + (153*mm+2)/5 + 365*yy + yy/4
	if calGregorian(y, m, d) {
		return jdn - yy/100 + yy/400 - 32045
	}
	return jdn - 32083
}

// calDays is the number of days of the month (September 1752 counts
// its 30: the skipped ones are left out when printed).
func calDays(y, m int) int {
	switch m {
	case 4, 6, 9, 11:
		return 30
	case 2:
		leap := y%4 == 0
		if y > 1752 {
			leap = leap && (y%100 != 0 || y%400 == 0)
		}
		if leap {
			return 29
		}
		return 28
	}
	return 31
}
