package gnudate

import "time"

// Zone turns a TZ value into a fixed zone without reading any zone
// file: "" and unset are UTC; "UTC", "GMT", "EST5", "UTC+3", "<+05>-5",
// "ABC+1:30" follow POSIX (a name of three or more letters, or any
// <quoted> name, then an offset west of Greenwich: the sign is the
// opposite of ISO 8601's). A daylight-saving part ("EST5EDT,M3.2.0,...")
// is ignored: the standard offset applies all year. Anything else, such as
// "Europe/Paris", is what glibc does with a name it has no file for: UTC,
// under the leading letters of the name ("Europe").
func Zone(tz string, set bool) *time.Location {
	if !set || tz == "" {
		return time.UTC
	}
	if tz[0] == ':' {
		tz = tz[1:]
	}
	var name string
	i := 0
	if tz != "" && tz[0] == '<' {
		j := 1
		for j < len(tz) && (isLetter(tz[j]) || isDigit(tz[j]) || tz[j] == '+' || tz[j] == '-') {
			j++
		}
		if j >= len(tz) || tz[j] != '>' || j-1 < 3 {
			return time.FixedZone("", 0)
		}
		name, i = tz[1:j], j+1
	} else {
		for i < len(tz) && isLetter(tz[i]) {
			i++
		}
		if i < 3 {
			return time.FixedZone("", 0)
		}
		name = tz[:i]
	}
	rest := tz[i:]
	west := true
	if rest != "" && (rest[0] == '+' || rest[0] == '-') {
		west = rest[0] == '+'
		rest = rest[1:]
	}
	if rest == "" || !isDigit(rest[0]) {
		return time.FixedZone(name, 0)
	}
	// hh[:mm[:ss]], clamped like glibc (24 hours, 59 minutes, 59 seconds).
	var parts [3]int
	for k := 0; k < 3; k++ {
		n, digits := 0, 0
		for digits < len(rest) && isDigit(rest[digits]) {
			n = min(n*10+int(rest[digits]-'0'), 1000)
			digits++
		}
		if digits == 0 {
			break
		}
		parts[k] = n
		rest = rest[digits:]
		if rest == "" || rest[0] != ':' {
			break
		}
		rest = rest[1:]
	}
	off := min(parts[0], 24)*3600 + min(parts[1], 59)*60 + min(parts[2], 59)
	if west {
		off = -off
	}
	return time.FixedZone(name, off)
}
