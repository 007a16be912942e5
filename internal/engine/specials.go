package engine

import (
	"strconv"
	"strings"
)

// dynamicNames are the variables whose values the shell computes when
// they are read, until a script unsets them.
var dynamicNames = []string{
	"BASHPID", "BASH_COMMAND", "BASH_LINENO", "BASH_SOURCE", "BASH_SUBSHELL",
	"BASHOPTS", "DIRSTACK", "EPOCHREALTIME", "EPOCHSECONDS", "FUNCNAME",
	"GROUPS", "LINENO", "PIPESTATUS", "PPID", "RANDOM", "SECONDS", "SHELLOPTS",
	"SRANDOM",
}

// special answers a dynamic variable: its value, whether it is set, and
// whether name is one at all.
func (p *proc) special(name string) (string, bool, bool) {
	if len(name) < 4 || name[0] < 'A' || name[0] > 'Z' {
		return "", false, false
	}
	switch name {
	case "RANDOM", "SRANDOM", "SECONDS", "LINENO", "BASHPID", "EPOCHSECONDS",
		"EPOCHREALTIME", "BASH_SUBSHELL", "FUNCNAME", "BASH_COMMAND", "PIPESTATUS",
		"SHELLOPTS", "BASHOPTS", "PPID", "BASH_SOURCE", "BASH_LINENO", "DIRSTACK", "GROUPS":
	default:
		return "", false, false
	}
	if p.unspecial[name] {
		return "", false, false
	}
	switch name {
	case "RANDOM":
		return strconv.Itoa(p.nextRandom()), true, true
	case "SRANDOM":
		return strconv.FormatUint(p.sh.random("$SRANDOM")&0xffffffff, 10), true, true
	case "SECONDS":
		return strconv.FormatInt(p.seconds(), 10), true, true
	case "LINENO":
		return strconv.Itoa(p.line), true, true
	case "BASHPID":
		return strconv.Itoa(p.getPid()), true, true
	case "EPOCHSECONDS":
		return strconv.FormatInt(p.sh.now("$EPOCHSECONDS").Unix(), 10), true, true
	case "EPOCHREALTIME":
		t := p.sh.now("$EPOCHREALTIME")
		return strconv.FormatInt(t.Unix(), 10) + "." + pad6(t.Nanosecond()/1000), true, true
	case "BASH_SUBSHELL":
		return strconv.Itoa(p.level), true, true
	case "BASH_COMMAND":
		return p.bashCommand(), true, true
	case "SHELLOPTS":
		return p.shellopts(), true, true
	case "BASHOPTS":
		return p.bashopts(), true, true
	case "PPID":
		return strconv.Itoa(p.sh.cfg.Ppid), true, true
	}
	v, _ := p.specialArray(name)
	if v == nil {
		return "", false, true
	}
	s, ok := v.value()
	return s, ok, true
}

// live is v as the user sees it: the computed value of SHELLOPTS and
// BASHOPTS, which are variables for their attributes only.
func (p *proc) live(name string, v *variable) *variable {
	if v == nil || name != "SHELLOPTS" && name != "BASHOPTS" {
		return v
	}
	val, ok, special := p.special(name)
	if !special || !ok {
		return v
	}
	c := *v
	c.str = val
	return &c
}

// byteLocale reports whether the locale is one of bytes (LC_ALL, else
// LC_CTYPE, else LANG names one that is not UTF-8, such as C): patterns,
// ${#x} and slices then count bytes. With none of them set, moonix's
// locale is UTF-8 (bash's would be C).
func (p *proc) byteLocale() bool {
	if !p.sh.localeSet.Load() {
		return false
	}
	for _, name := range [...]string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v, _ := p.getStr(name); v != "" {
			v = strings.ToLower(v)
			return !strings.Contains(v, "utf-8") && !strings.Contains(v, "utf8")
		}
	}
	return false
}

// noteLocale records that a locale variable was given a value: from
// then on, byteLocale looks at them.
func (p *proc) noteLocale(name string) {
	if len(name) > 2 && (name[0] == 'L' && (name == "LC_ALL" || name == "LC_CTYPE" || name == "LANG")) {
		p.sh.localeSet.Store(true)
	}
}

func pad6(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", 6-len(s)) + s
}

// specialArray builds the value of a dynamic array variable.
func (p *proc) specialArray(name string) (*variable, bool) {
	if p.unspecial[name] {
		return nil, false
	}
	var vals []string
	switch name {
	case "FUNCNAME", "BASH_SOURCE", "BASH_LINENO":
		for i := len(p.frames) - 1; i > 0; i-- {
			f := &p.frames[i]
			if !f.isFunc {
				continue
			}
			switch name {
			case "FUNCNAME":
				vals = append(vals, f.fn)
			case "BASH_SOURCE":
				vals = append(vals, f.source)
			case "BASH_LINENO":
				vals = append(vals, strconv.Itoa(f.line))
			}
		}
		if len(vals) == 0 && name == "FUNCNAME" {
			return nil, true
		}
		if p.sh.cfg.ScriptFile {
			// bash names the script's own level only when it runs a file
			switch name {
			case "FUNCNAME":
				vals = append(vals, "main")
			case "BASH_SOURCE":
				vals = append(vals, p.sh.cfg.Name)
			case "BASH_LINENO":
				vals = append(vals, "0")
			}
		}
	case "PIPESTATUS":
		if p.pipestatus == nil {
			vals = []string{strconv.Itoa(p.status)}
		} else {
			for _, s := range p.pipestatus {
				vals = append(vals, strconv.Itoa(s))
			}
		}
	case "DIRSTACK":
		vals = append([]string{p.dir}, p.dirstack...)
	case "GROUPS":
		vals = []string{strconv.Itoa(p.sh.cfg.GID)}
	default:
		return nil, false
	}
	return &variable{kind: kIndexed, attrs: aSet, arr: &indexed{vals: vals}}, true
}

// topSource is the name of the outermost script, "" when the program
// is not a file.
func (p *proc) topSource() string {
	if !p.sh.cfg.ScriptFile {
		return ""
	}
	return p.sh.cfg.Name
}

// setSpecial handles an assignment to a dynamic variable; it reports
// whether name was one.
func (p *proc) setSpecial(name, val string) bool {
	if len(name) < 6 || p.unspecial[name] {
		return false
	}
	switch name {
	case "RANDOM":
		n, _ := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		p.random = uint32(n)
		return true
	case "SECONDS":
		n, _ := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		p.secondsBase, p.secondsAt, p.secondsSet = n, p.sh.now("$SECONDS"), true
		return true
	case "LINENO", "BASHPID", "BASH_SUBSHELL", "EPOCHSECONDS", "EPOCHREALTIME", "SRANDOM", "BASH_COMMAND":
		return true
	}
	return false
}

// unsetSpecial makes a dynamic variable a plain one.
func (p *proc) unsetSpecial(name string) {
	for _, n := range dynamicNames {
		if n == name {
			if p.unspecial == nil || !p.unspecial[name] {
				m := map[string]bool{name: true}
				for k := range p.unspecial {
					m[k] = true
				}
				p.unspecial = m
			}
			return
		}
	}
}

// nextRandom is bash's $RANDOM generator: a linear congruential one,
// 15 bits per value.
func (p *proc) nextRandom() int {
	// bash's "minimal standard" generator
	h := int64(p.random)
	if h == 0 {
		h = 123459876
	}
	lo := h % 127773
	hi := h / 127773
	h = 16807*lo - 2836*hi
	if h < 0 {
		h += 0x7fffffff
	}
	p.random = uint32(h)
	return int((h>>16 ^ h) & 32767)
}

func (p *proc) seconds() int64 {
	now := p.sh.now("$SECONDS")
	if p.secondsSet {
		return p.secondsBase + int64(now.Sub(p.secondsAt).Seconds())
	}
	if p.sh.start.IsZero() {
		p.sh.start = now
	}
	return int64(now.Sub(p.sh.start).Seconds())
}

// getPid is the proc's process id ($BASHPID), handed out when first
// needed: most subshells never need one.
func (p *proc) getPid() int {
	if p.pid == 0 {
		p.pid = p.sh.newPid()
		if clk := p.sh.cfg.ProcClock; clk != nil {
			p.started = clk()
		}
		p.sh.procs.add(p)
	}
	return p.pid
}
