package builtins

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// parseDate reads a date the way `touch -d` and `date -d` take one: a
// subset of GNU's free-form dates, resolved against now.
//
// Accepted, case-insensitively, with surrounding blanks ignored:
//
//   - "@EPOCH" or "@EPOCH.FRACTION": seconds since 1970-01-01 UTC.
//   - "now", "today" (both mean now), "yesterday", "tomorrow" (now -/+ 24h).
//   - "YYYY-MM-DD" (midnight) and "YYYY-MM-DD HH:MM[:SS[.FRACTION]]", with
//     "T" allowed instead of the blank, so RFC 3339 is covered; also
//     "YYYY/MM/DD" in the same forms.
//   - "HH:MM[:SS[.FRACTION]]" alone: that time today.
//   - The layouts date(1) prints: "Thu Jan  1 00:00:00 UTC 2026" and the
//     RFC 1123 / RFC 822 / ANSI C forms.
//   - Any of the above (or nothing, meaning now) followed by relative
//     items: "[+-]N UNIT" or "UNIT" (N = 1), UNIT one of year, month,
//     fortnight, week, day, hour, minute/min, second/sec, optionally plural;
//     "next UNIT" and "last UNIT" mean +1 and -1; "ago" negates the items
//     before it. Example: "2026-01-01 +2 days", "3 hours ago".
//
// A date or time may end with a zone: "Z", "UTC", "GMT", "+HH", "+HHMM" or
// "+HH:MM" (or with -). Without one, the date is in now's location (UTC in
// moonix, which never loads host time zone files).
func parseDate(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	bad := errors.New("invalid date")
	if strings.HasPrefix(s, "@") {
		sec, frac, _ := strings.Cut(s[1:], ".")
		if sec == "" && frac == "" {
			return time.Time{}, bad
		}
		n, err := strconv.ParseInt(sec, 10, 64)
		if err != nil && sec != "" && sec != "-" {
			return time.Time{}, bad
		}
		var nsec int64
		if frac != "" {
			if !dateDigits(frac) {
				return time.Time{}, bad
			}
			frac = (frac + "000000000")[:9]
			nsec, _ = strconv.ParseInt(frac, 10, 64)
			if strings.HasPrefix(sec, "-") {
				nsec = -nsec
			}
		}
		return time.Unix(n, nsec).UTC(), nil
	}
	loc := now.Location()
	fields := strings.Fields(s)
	base := now
	rest := fields
	// The longest run of leading words that reads as an absolute date.
	for k := min(len(fields), 6); k >= 1; k-- {
		if t, ok := absoluteDate(strings.Join(fields[:k], " "), now, loc); ok {
			base, rest = t, fields[k:]
			break
		}
	}
	return relativeDate(base, rest)
}

func dateDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

var (
	dateISO  = regexp.MustCompile(`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[Tt ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)? *(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$`)
	dateTime = regexp.MustCompile(`^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)? *(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$`)
	dateRel  = regexp.MustCompile(`^([+-]?\d+)?(years?|months?|fortnights?|weeks?|days?|hours?|minutes?|mins?|seconds?|secs?)$`)
)

var dateLayouts = []string{
	time.UnixDate, "Mon Jan _2 15:04:05 2006", time.RFC1123, time.RFC1123Z,
	time.RFC822, time.RFC822Z, time.RFC850, "Mon, _2 Jan 2006 15:04:05 -0700",
}

// absoluteDate parses one absolute date or time of day.
func absoluteDate(s string, now time.Time, loc *time.Location) (time.Time, bool) {
	low := strings.ToLower(s)
	switch low {
	case "now", "today":
		return now, true
	case "yesterday":
		return now.Add(-24 * time.Hour), true
	case "tomorrow":
		return now.Add(24 * time.Hour), true
	}
	num := func(x string) int { n, _ := strconv.Atoi(x); return n }
	nanos := func(x string) int {
		if x == "" {
			return 0
		}
		return num((x + "000000000")[:9])
	}
	if m := dateISO.FindStringSubmatch(low); m != nil {
		zl, ok := dateZone(m[8], loc)
		if !ok {
			return time.Time{}, false
		}
		y, mo, d := num(m[1]), num(m[2]), num(m[3])
		h, mi, sec := num(m[4]), num(m[5]), num(m[6])
		if !dateClockOK(h, mi, sec) {
			return time.Time{}, false
		}
		t := time.Date(y, time.Month(mo), d, h, mi, sec, nanos(m[7]), zl)
		if t.Month() != time.Month(mo) || t.Day() != d {
			return time.Time{}, false
		}
		return t, true
	}
	if m := dateTime.FindStringSubmatch(low); m != nil {
		zl, ok := dateZone(m[5], loc)
		if !ok {
			return time.Time{}, false
		}
		h, mi, sec := num(m[1]), num(m[2]), num(m[3])
		if !dateClockOK(h, mi, sec) {
			return time.Time{}, false
		}
		day := now.In(zl)
		return time.Date(day.Year(), day.Month(), day.Day(), h, mi, sec, nanos(m[4]), zl), true
	}
	for _, layout := range dateLayouts {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func dateClockOK(h, m, s int) bool { return h < 24 && m < 60 && s < 61 }

// dateZone turns a zone suffix into a fixed location.
func dateZone(z string, loc *time.Location) (*time.Location, bool) {
	switch z {
	case "":
		return loc, true
	case "z", "utc", "gmt":
		return time.UTC, true
	}
	sign := 1
	if z[0] == '-' {
		sign = -1
	}
	digits := strings.ReplaceAll(z[1:], ":", "")
	h, _ := strconv.Atoi(digits[:2])
	m := 0
	if len(digits) == 4 {
		m, _ = strconv.Atoi(digits[2:])
	}
	if h > 24 || m > 59 {
		return nil, false
	}
	off := sign * (h*3600 + m*60)
	if off == 0 {
		return time.UTC, true
	}
	return time.FixedZone("", off), true
}

// relativeDate applies relative items ("+2 days", "3 hours ago") to base.
func relativeDate(base time.Time, words []string) (time.Time, error) {
	bad := errors.New("invalid date")
	type item struct {
		n    int
		unit string
	}
	var items []item
	pending := 0 // items not yet affected by "ago"
	for i := 0; i < len(words); i++ {
		w := strings.ToLower(words[i])
		switch w {
		case "ago":
			if pending == 0 {
				return time.Time{}, bad
			}
			for j := len(items) - pending; j < len(items); j++ {
				items[j].n = -items[j].n
			}
			pending = 0
			continue
		case "next", "last", "this":
			if i+1 == len(words) {
				return time.Time{}, bad
			}
			n := map[string]int{"next": 1, "last": -1, "this": 0}[w]
			i++
			w = dateSign(n) + strings.ToLower(words[i])
		}
		m := dateRel.FindStringSubmatch(w)
		if m == nil && (dateDigits(strings.TrimLeft(w, "+-")) && i+1 < len(words)) {
			i++
			m = dateRel.FindStringSubmatch(w + strings.ToLower(words[i]))
		}
		if m == nil {
			return time.Time{}, bad
		}
		n := 1
		if m[1] != "" {
			var err error
			if n, err = strconv.Atoi(m[1]); err != nil {
				return time.Time{}, bad
			}
		}
		items = append(items, item{n, strings.TrimSuffix(m[2], "s")})
		pending++
	}
	t := base
	for _, it := range items {
		switch it.unit {
		case "year":
			t = t.AddDate(it.n, 0, 0)
		case "month":
			t = t.AddDate(0, it.n, 0)
		case "fortnight":
			t = t.AddDate(0, 0, 14*it.n)
		case "week":
			t = t.AddDate(0, 0, 7*it.n)
		case "day":
			t = t.AddDate(0, 0, it.n)
		case "hour":
			t = t.Add(time.Duration(it.n) * time.Hour)
		case "minute", "min":
			t = t.Add(time.Duration(it.n) * time.Minute)
		case "second", "sec":
			t = t.Add(time.Duration(it.n) * time.Second)
		}
	}
	return t, nil
}

func dateSign(n int) string {
	if n < 0 {
		return strconv.Itoa(n)
	}
	return "+" + strconv.Itoa(n)
}

// parseTouchStamp reads touch -t's [[CC]YY]MMDDhhmm[.ss] in loc.
func parseTouchStamp(s string, now time.Time) (time.Time, bool) {
	main, secs, hasSecs := strings.Cut(s, ".")
	if !dateDigits(main) || hasSecs && (len(secs) != 2 || !dateDigits(secs)) {
		return time.Time{}, false
	}
	num := func(x string) int { n, _ := strconv.Atoi(x); return n }
	year := now.Year()
	switch len(main) {
	case 8:
	case 10:
		yy := num(main[:2])
		year = 1900 + yy
		if yy < 69 {
			year = 2000 + yy
		}
		main = main[2:]
	case 12:
		year = num(main[:4])
		main = main[4:]
	default:
		return time.Time{}, false
	}
	mo, d, h, mi := num(main[0:2]), num(main[2:4]), num(main[4:6]), num(main[6:8])
	sec := 0
	if hasSecs {
		sec = num(secs)
	}
	if !dateClockOK(h, mi, sec) || sec == 60 {
		return time.Time{}, false
	}
	t := time.Date(year, time.Month(mo), d, h, mi, sec, 0, now.Location())
	if t.Month() != time.Month(mo) || t.Day() != d {
		return time.Time{}, false
	}
	return t, true
}
