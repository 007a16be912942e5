package gnudate

import (
	"errors"
	"strings"
	"time"
)

// ErrBadDate is Parse's only error; callers print
// "invalid date 'S'".
var ErrBadDate = errors.New("invalid date")

// Parse reads a date the way GNU date -d does (a subset of
// gnulib's parse-datetime), relative to now, with wall-clock fields taken in
// loc unless the string names a zone:
//
//	now, today, yesterday, tomorrow, "" (midnight today)
//	@EPOCH[.FRACTION]
//	2026-01-31, 2026-01-31T10:00:00Z, 2026-01-31 10:00:00.5 +05:30
//	01/31, 01/31/26, 2026/01/31, 20260131, 31 jan 2026, jan 31, 2026, 31-jan-2026
//	10:00, 10:00:30, 3pm, 3:30 p.m., 1030 (after a date: HHMM)
//	N unit [ago], +N unit, -N unit, unit, next unit, last unit, this unit
//	(units: year month fortnight week day hour minute min second sec)
//	monday, next monday, last friday (midnight of that day)
//	zones: UTC, GMT, Z, EST, CET..., UTC+3, and +hh[:mm] after a time
//
// As in GNU, a date or weekday without a time means midnight, a string of
// only relative items keeps the current time of day, "ago" negates the
// item just before it, and a field given twice is an error.
func Parse(s string, now time.Time, loc *time.Location) (time.Time, error) {
	toks, ok := lexDate(s)
	if !ok {
		return time.Time{}, ErrBadDate
	}
	p := &dateParser{toks: toks}
	if len(toks) > 0 && toks[0].kind == '@' {
		return p.epoch()
	}
	for p.i < len(p.toks) {
		if !p.item() {
			return time.Time{}, ErrBadDate
		}
	}
	return p.result(now, loc)
}

// dateTok is one token of a date string.
type dateTok struct {
	kind   byte // 'n' number, 'w' word, or a punctuation character
	num    int64
	digits int
	signed bool // written with a + or - sign (num carries it)
	frac   int64
	hasDot bool // a decimal number: frac holds nanoseconds
	word   string
}

// lexDate splits s like gnulib's yylex: numbers (a sign directly before
// digits, perhaps across spaces, belongs to them; any other sign is
// dropped), words of letters and dots (upper-cased, dots removed),
// parenthesized comments skipped, commas ignored.
func lexDate(s string) ([]dateTok, bool) {
	var toks []dateTok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == ',':
			i++
		case isDigit(c) || c == '+' || c == '-':
			neg, signed := false, false
			if c == '+' || c == '-' {
				neg, signed = c == '-', true
				i++
				for i < len(s) && s[i] == ' ' {
					i++
				}
				if i >= len(s) || !isDigit(s[i]) {
					continue
				}
			}
			t := dateTok{kind: 'n', signed: signed}
			for i < len(s) && isDigit(s[i]) {
				if t.digits < 18 {
					t.num = t.num*10 + int64(s[i]-'0')
				} else {
					return nil, false
				}
				t.digits++
				i++
			}
			if i+1 < len(s) && (s[i] == '.' || s[i] == ',') && isDigit(s[i+1]) {
				i++
				t.hasDot = true
				scale := int64(100_000_000)
				for i < len(s) && isDigit(s[i]) {
					t.frac += int64(s[i]-'0') * scale
					scale /= 10
					i++
				}
			}
			if neg {
				t.num = -t.num
				t.frac = -t.frac
			}
			toks = append(toks, t)
		case isLetter(c):
			j := i
			for j < len(s) && (isLetter(s[j]) || s[j] == '.') {
				j++
			}
			w := strings.ToUpper(strings.ReplaceAll(s[i:j], ".", ""))
			toks = append(toks, dateTok{kind: 'w', word: w})
			i = j
		case c == '(':
			depth := 0
			for ; i < len(s); i++ {
				if s[i] == '(' {
					depth++
				} else if s[i] == ')' {
					depth--
					if depth == 0 {
						i++
						break
					}
				}
			}
			if depth != 0 {
				return nil, false
			}
		default:
			toks = append(toks, dateTok{kind: c})
			i++
		}
	}
	return toks, true
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// dateParser collects the items of a date string.
type dateParser struct {
	toks []dateTok
	i    int

	dates, times, days, zones int
	year, month, day          int
	yearDigits                int
	hour, min, sec, nsec      int
	zoneOff                   int // seconds east of UTC

	dayOrdinal, dayNumber int

	rels                      int
	relYear, relMonth, relDay int
	relHour, relMin, relSec   int64

	// lastWasTime: the item just parsed was a time of day, so a signed
	// number now is its zone ("10:00 +0530").
	lastWasTime bool
}

func (p *dateParser) peek(k int) dateTok {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return dateTok{}
}

// epoch parses "@SECONDS[.FRACTION]", which must stand alone.
func (p *dateParser) epoch() (time.Time, error) {
	if len(p.toks) != 2 || p.toks[1].kind != 'n' {
		return time.Time{}, ErrBadDate
	}
	t := p.toks[1]
	return time.Unix(t.num, t.frac).UTC(), nil
}

// item parses one item and reports whether it made sense.
func (p *dateParser) item() bool {
	t := p.peek(0)
	afterTime := p.lastWasTime
	p.lastWasTime = false
	switch t.kind {
	case 'n':
		return p.numberItem(t, afterTime)
	case 'w':
		return p.wordItem(t)
	}
	return false
}

func (p *dateParser) numberItem(t dateTok, afterTime bool) bool {
	next := p.peek(1)
	if t.signed {
		if afterTime && p.zones == 0 && !t.hasDot {
			// "10:00 +0530": the zone of that time.
			p.i++
			off, ok := p.offset(t)
			if !ok {
				return false
			}
			p.zoneOff, p.zones = off, p.zones+1
			return true
		}
		if next.kind == 'w' {
			if u, ok := relUnits[singular(next.word)]; ok && !t.hasDot {
				p.i += 2
				return p.relative(t.num, u)
			}
		}
		return false
	}
	if t.hasDot {
		return false
	}
	switch {
	case next.kind == ':':
		return p.timeItem()
	case next.kind == 'n' && next.signed && next.num <= 0 && p.peek(2).kind == 'n' && p.peek(2).signed && p.peek(2).num <= 0:
		// ISO 8601: 2026-01-31, perhaps followed by T10:00.
		if next.hasDot || p.peek(2).hasDot {
			return false
		}
		p.setDate(t, int(-next.num), int(-p.peek(2).num))
		p.i += 3
		if w := p.peek(0); w.kind == 'w' && w.word == "T" && p.peek(1).kind == 'n' && !p.peek(1).signed && p.peek(2).kind == ':' {
			p.i++
			return p.timeItem()
		}
		return true
	case next.kind == '/':
		return p.slashDate()
	case next.kind == 'w':
		w := next.word
		if m, ok := lookupMonth(w); ok {
			// 31 jan [2026], 31-jan-2026.
			p.i += 2
			p.dates++
			p.day, p.month = int(t.num), m
			if y := p.peek(0); y.kind == 'n' && !y.hasDot && (!y.signed || y.num < 0) && p.peek(1).kind != ':' {
				p.i++
				p.setYear(dateTok{num: abs64(y.num), digits: y.digits})
			}
			return true
		}
		if u, ok := relUnits[singular(w)]; ok {
			p.i += 2
			return p.relative(t.num, u)
		}
		if d, ok := lookupWeekday(w); ok {
			p.i += 2
			return p.weekday(int(t.num), d)
		}
		if w == "AM" || w == "PM" {
			p.i += 2
			p.times++
			p.hour, p.min, p.sec, p.nsec = int(t.num), 0, 0, 0
			if !p.meridian(w) {
				return false
			}
			p.lastWasTime = true
			return true
		}
	}
	// A bare number: a year after a date, YYYYMMDD, or HHMM.
	p.i++
	switch {
	case p.dates > 0 && p.yearDigits == 0 && p.rels == 0 && (p.times > 0 || t.digits > 2):
		p.setYear(t)
	case t.digits > 4:
		p.dates++
		p.day, p.month = int(t.num%100), int(t.num/100%100)
		p.setYear(dateTok{num: t.num / 10000, digits: t.digits - 4})
	default:
		p.times++
		if t.digits <= 2 {
			p.hour, p.min = int(t.num), 0
		} else {
			p.hour, p.min = int(t.num/100), int(t.num%100)
		}
		p.sec, p.nsec = 0, 0
		if p.hour > 23 || p.min > 59 {
			return false
		}
		p.lastWasTime = true
	}
	return true
}

// timeItem parses HH:MM[:SS[.FRAC]] [am|pm].
func (p *dateParser) timeItem() bool {
	h := p.peek(0)
	m := p.peek(2)
	if m.kind != 'n' || m.signed || m.hasDot {
		return false
	}
	p.i += 3
	p.times++
	p.hour, p.min, p.sec, p.nsec = int(h.num), int(m.num), 0, 0
	if p.peek(0).kind == ':' {
		s := p.peek(1)
		if s.kind != 'n' || s.signed {
			return false
		}
		p.i += 2
		p.sec, p.nsec = int(s.num), int(s.frac)
	}
	if w := p.peek(0); w.kind == 'w' && (w.word == "AM" || w.word == "PM") {
		p.i++
		if !p.meridian(w.word) {
			return false
		}
	} else if p.hour > 23 {
		return false
	}
	if p.min > 59 || p.sec > 59 {
		return false
	}
	p.lastWasTime = true
	return true
}

// meridian applies am/pm to an hour from 1 to 12.
func (p *dateParser) meridian(w string) bool {
	if p.hour < 1 || p.hour > 12 {
		return false
	}
	p.hour %= 12
	if w == "PM" {
		p.hour += 12
	}
	return true
}

// slashDate parses M/D, M/D/Y or Y/M/D.
func (p *dateParser) slashDate() bool {
	a, b := p.peek(0), p.peek(2)
	if b.kind != 'n' || b.signed || b.hasDot {
		return false
	}
	p.i += 3
	p.dates++
	if p.peek(0).kind != '/' {
		p.month, p.day = int(a.num), int(b.num)
		return true
	}
	c := p.peek(1)
	if c.kind != 'n' || c.signed || c.hasDot {
		return false
	}
	p.i += 2
	if a.digits >= 4 {
		p.setYear(a)
		p.month, p.day = int(b.num), int(c.num)
	} else {
		p.month, p.day = int(a.num), int(b.num)
		p.setYear(c)
	}
	return true
}

func (p *dateParser) setDate(y dateTok, m, d int) {
	p.dates++
	p.setYear(y)
	p.month, p.day = m, d
}

// setYear takes a year as written: two digits mean 1969-2068.
func (p *dateParser) setYear(t dateTok) {
	p.year, p.yearDigits = int(t.num), max(t.digits, 1)
	if t.digits == 2 {
		if p.year < 69 {
			p.year += 2000
		} else {
			p.year += 1900
		}
	}
}

// offset reads a numeric zone offset: +h, +hh, +hhmm, or +hh:mm when a
// colon follows. t has been consumed.
func (p *dateParser) offset(t dateTok) (int, bool) {
	neg := t.num < 0
	n := abs64(t.num)
	var h, m int64
	switch {
	case p.peek(0).kind == ':' && p.peek(1).kind == 'n' && !p.peek(1).signed:
		h, m = n, p.peek(1).num
		p.i += 2
	case t.digits <= 2:
		h = n
	case t.digits <= 4:
		h, m = n/100, n%100
	default:
		return 0, false
	}
	if h > 24 || m > 59 {
		return 0, false
	}
	off := int(h*3600 + m*60)
	if neg {
		off = -off
	}
	return off, true
}

func (p *dateParser) wordItem(t dateTok) bool {
	w := t.word
	next := p.peek(1)
	if m, ok := lookupMonth(w); ok {
		// jan 31 (a year after it is a bare number), jun-17-1992.
		d := next
		if d.kind != 'n' || d.hasDot || d.signed && d.num >= 0 {
			return false
		}
		p.i += 2
		p.dates++
		p.month, p.day = m, int(abs64(d.num))
		if d.signed {
			y := p.peek(0)
			if y.kind != 'n' || !y.signed || y.num > 0 || y.hasDot {
				return false
			}
			p.i++
			p.setYear(dateTok{num: -y.num, digits: y.digits})
		}
		return true
	}
	if d, ok := lookupWeekday(w); ok {
		p.i++
		return p.weekday(0, d)
	}
	if n, ok := ordinals[w]; ok {
		if next.kind != 'w' {
			return false
		}
		if u, ok := relUnits[singular(next.word)]; ok {
			p.i += 2
			return p.relative(n, u)
		}
		if d, ok := lookupWeekday(next.word); ok {
			p.i += 2
			return p.weekday(int(n), d)
		}
		return false
	}
	if u, ok := relUnits[singular(w)]; ok {
		p.i++
		return p.relative(1, u)
	}
	if n, ok := dayShifts[w]; ok {
		p.i++
		p.rels++
		p.relDay += n
		return true
	}
	if off, ok := zoneNames[w]; ok {
		p.i++
		if p.zones > 0 {
			return false
		}
		p.zones++
		p.zoneOff = off
		if n := p.peek(0); n.kind == 'n' && n.signed && !n.hasDot {
			// UTC+3, GMT-01:30
			p.i++
			o, ok := p.offset(n)
			if !ok {
				return false
			}
			p.zoneOff += o
		}
		return true
	}
	if w == "T" && next.kind == 'n' && p.peek(2).kind == ':' {
		p.i++
		return true
	}
	return false
}

// relative adds n units, negated by a following "ago".
func (p *dateParser) relative(n int64, u relUnit) bool {
	if w := p.peek(0); w.kind == 'w' && (w.word == "AGO" || w.word == "HENCE") {
		if w.word == "AGO" {
			n = -n
		}
		p.i++
	}
	p.rels++
	switch u.kind {
	case 'y':
		p.relYear += int(n * u.n)
	case 'm':
		p.relMonth += int(n * u.n)
	case 'd':
		p.relDay += int(n * u.n)
	case 'h':
		p.relHour += n * u.n
	case 'M':
		p.relMin += n * u.n
	case 's':
		p.relSec += n * u.n
	}
	return true
}

func (p *dateParser) weekday(ordinal, d int) bool {
	p.days++
	p.dayOrdinal, p.dayNumber = ordinal, d
	return true
}

// result combines the items with now, as gnulib's parse_datetime does.
func (p *dateParser) result(now time.Time, loc *time.Location) (time.Time, error) {
	if p.dates > 1 || p.times > 1 || p.days > 1 || p.zones > 1 {
		return time.Time{}, ErrBadDate
	}
	if loc == nil {
		loc = time.UTC
	}
	now = now.In(loc)
	zone := loc
	if p.zones > 0 {
		zone = time.FixedZone("", p.zoneOff)
	}
	year, month, day := now.Year(), int(now.Month()), now.Day()
	if p.dates > 0 {
		month, day = p.month, p.day
		if p.yearDigits > 0 {
			year = p.year
		}
	}
	var hour, min, sec, nsec int
	switch {
	case p.times > 0:
		hour, min, sec, nsec = p.hour, p.min, p.sec, p.nsec
	case p.rels > 0 && p.dates == 0 && p.days == 0:
		hour, min, sec, nsec = now.Hour(), now.Minute(), now.Second(), now.Nanosecond()
	}
	if month < 1 || month > 12 || day < 1 || day > 31 {
		return time.Time{}, ErrBadDate
	}
	t := time.Date(year, time.Month(month), day, hour, min, sec, nsec, zone)
	if t.Day() != day {
		return time.Time{}, ErrBadDate // February 30th
	}
	if p.times > 0 && (t.Hour() != hour || t.Minute() != min) {
		return time.Time{}, ErrBadDate // skipped when daylight saving began
	}
	if p.days > 0 && p.dates == 0 {
		wd := int(t.Weekday())
		shift := (p.dayNumber - wd + 7) % 7
		ord := p.dayOrdinal
		if ord > 0 && wd != p.dayNumber {
			ord--
		}
		t = t.AddDate(0, 0, shift+7*ord)
	}
	if p.relYear != 0 || p.relMonth != 0 || p.relDay != 0 {
		t = time.Date(t.Year()+p.relYear, t.Month()+time.Month(p.relMonth), t.Day()+p.relDay,
			t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
	}
	d := time.Duration(p.relHour)*time.Hour + time.Duration(p.relMin)*time.Minute + time.Duration(p.relSec)*time.Second
	return t.Add(d).In(loc), nil
}

type relUnit struct {
	kind byte // y m d h M s
	n    int64
}

var relUnits = map[string]relUnit{
	"YEAR": {'y', 1}, "MONTH": {'m', 1}, "FORTNIGHT": {'d', 14}, "WEEK": {'d', 7},
	"DAY": {'d', 1}, "HOUR": {'h', 1}, "MINUTE": {'M', 1}, "MIN": {'M', 1},
	"SECOND": {'s', 1}, "SEC": {'s', 1},
}

var dayShifts = map[string]int{"TOMORROW": 1, "YESTERDAY": -1, "TODAY": 0, "NOW": 0}

var ordinals = map[string]int64{
	"LAST": -1, "THIS": 0, "NEXT": 1, "FIRST": 1, "THIRD": 3, "FOURTH": 4,
	"FIFTH": 5, "SIXTH": 6, "SEVENTH": 7, "EIGHTH": 8, "NINTH": 9, "TENTH": 10,
	"ELEVENTH": 11, "TWELFTH": 12,
}

// zoneNames are the abbreviations gnulib knows that have one meaning.
var zoneNames = map[string]int{
	"GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "WET": 0, "WEST": 3600, "BST": 3600,
	"ART": -3 * 3600, "BRT": -3 * 3600, "BRST": -2 * 3600, "NST": -(3*3600 + 1800),
	"NDT": -(2*3600 + 1800), "AST": -4 * 3600, "ADT": -3 * 3600,
	"EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
	"MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
	"AKST": -9 * 3600, "AKDT": -8 * 3600, "HST": -10 * 3600,
	"WAT": 3600, "CET": 3600, "CEST": 2 * 3600, "MET": 3600, "MEZ": 3600,
	"MEST": 2 * 3600, "MESZ": 2 * 3600, "EET": 2 * 3600, "EEST": 3 * 3600,
	"CAT": 2 * 3600, "SAST": 2 * 3600, "EAT": 3 * 3600, "MSK": 3 * 3600,
	"MSD": 4 * 3600, "IST": 5*3600 + 1800, "SGT": 8 * 3600, "KST": 9 * 3600,
	"JST": 9 * 3600, "GST": 10 * 3600, "NZST": 12 * 3600, "NZDT": 13 * 3600,
}

var monthNames = []string{"JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE",
	"JULY", "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"}

var weekdayNames = []string{"SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"}

// lookupMonth accepts a full month name, its first three letters, or SEPT.
func lookupMonth(w string) (int, bool) {
	for i, m := range monthNames {
		if w == m || len(w) == 3 && strings.HasPrefix(m, w) {
			return i + 1, true
		}
	}
	if w == "SEPT" {
		return 9, true
	}
	return 0, false
}

// lookupWeekday accepts a full day name, three letters, and TUES, WEDNES,
// THUR, THURS.
func lookupWeekday(w string) (int, bool) {
	for i, d := range weekdayNames {
		if w == d || len(w) == 3 && strings.HasPrefix(d, w) {
			return i, true
		}
	}
	switch w {
	case "TUES":
		return 2, true
	case "WEDNES":
		return 3, true
	case "THUR", "THURS":
		return 4, true
	}
	return 0, false
}

// singular drops a plural S from a unit name ("DAYS", "MINS").
func singular(w string) string {
	if len(w) > 1 && strings.HasSuffix(w, "S") {
		if _, ok := relUnits[w[:len(w)-1]]; ok {
			return w[:len(w)-1]
		}
	}
	return w
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
