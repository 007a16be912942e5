package gnudate

import "time"

// Zone turns a TZ value into a zone as glibc does, without reading any
// host file: "", ":", "localtime" and unset are UTC (a session's local
// time); a name of the time zone database (Debian's posix/ prefix too)
// ("Europe/London", ":America/New_York", "EST5EDT") is its zone from the
// copy moonix embeds; otherwise the value is read as POSIX's TZ: "UTC",
// "EST5", "UTC+3", "<+05>-5", "ABC+1:30" (a name of three or more letters,
// or any <quoted> name, then an offset west of Greenwich: the sign is the
// opposite of ISO 8601's), then an optional daylight-saving name, offset
// and rules ("EET-2EEST,M3.5.0/3,M10.5.0/4"; the rules are Mm.w.d, Jn or
// n, each with an optional /time; without rules, the US ones). Anything
// else, such as "Nowhere/Foo", is what glibc does with a name it has no
// file for: UTC, under the leading letters of the name ("Nowhere").
func Zone(tz string, set bool) *time.Location {
	if !set || tz == "" {
		return time.UTC
	}
	if tz[0] == ':' {
		tz = tz[1:]
	}
	if tz == "" || tz == "localtime" {
		return time.UTC // a session's local time is UTC
	}
	if loc := zoneFile(tz); loc != nil {
		return loc
	}
	std, rest := posixStd(tz)
	if name, off := time.Unix(0, 0).In(std).Zone(); name != "" && rest != "" && (isLetter(rest[0]) || rest[0] == '<') {
		if loc := ruleZone(tz, name, off); loc != nil {
			return loc
		}
	}
	return std
}

// posixStd reads the standard time of a POSIX TZ value, clamped as
// glibc clamps it, and returns what follows it.
func posixStd(tz string) (*time.Location, string) {
	var name string
	i := 0
	if tz != "" && tz[0] == '<' {
		j := 1
		for j < len(tz) && (isLetter(tz[j]) || isDigit(tz[j]) || tz[j] == '+' || tz[j] == '-') {
			j++
		}
		if j >= len(tz) || tz[j] != '>' || j-1 < 3 {
			return time.FixedZone("", 0), ""
		}
		name, i = tz[1:j], j+1
	} else {
		for i < len(tz) && isLetter(tz[i]) {
			i++
		}
		if i < 3 {
			return time.FixedZone("", 0), ""
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
		return time.FixedZone(name, 0), ""
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
	return time.FixedZone(name, off), rest
}
