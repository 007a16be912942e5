package cli

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// History expansion, as bash's in interactive mode (the REPL only): !!,
// !N, !-N, !PREFIX, !?TEXT?, !# and the shorthands !$, !^, !*, each with
// bash's word designators (:N, :^, :$, :*, :X-Y, :X-, :X*) and modifiers
// (:h, :t, :r, :e, :p, :s/old/new/, :gs/old/new/), and the quick
// substitution ^old^new^ at the start of a line.
//
// As in bash, single quotes and a backslash protect a !, and so does what
// follows it: a blank, the end of the line, =, (, a quote or an operator;
// ${!name}, $! and [!...] are left alone; a # that starts a word ends
// expansion for the rest of the line (a comment, #!/bin/sh). The REPL does
// not expand the body of a here-document or the inside of a single-quoted
// string that goes on over lines (see shell.LiteralNext).

// histError is a failed expansion: the line does not run. Its text is
// bash's ("!foo: event not found").
type histError struct{ text string }

func (e *histError) Error() string { return e.text }

// expansion is the result of expanding a line.
type expansion struct {
	line    string // the line expanded
	changed bool   // something was expanded: the REPL shows the line
	print   bool   // a :p modifier: show the line, do not run it
}

// expandHistory expands the history references of line against hist, the
// typed lines before it, oldest first.
func expandHistory(line string, hist []string) (expansion, error) {
	var res expansion
	if strings.HasPrefix(line, "^") {
		return quickSubst(line, hist)
	}
	var out strings.Builder
	single, double := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case single:
			if c == '\'' {
				single = false
			}
		case c == '\\':
			if i+1 < len(line) {
				out.WriteByte(c)
				i++
				c = line[i]
			}
		case c == '\'' && !double:
			single = true
		case c == '"':
			double = !double
		case c == '#' && !double && (i == 0 || isBlank(line[i-1])):
			out.WriteString(line[i:]) // a comment: nothing more to expand
			res.line = out.String()
			return res, nil
		case c == '!' && expands(line, i):
			text, n, print, err := historyRef(line, i, hist)
			if err != nil {
				return expansion{}, err
			}
			out.WriteString(text)
			res.changed = true
			res.print = res.print || print
			i += n - 1
			continue
		}
		out.WriteByte(c)
	}
	res.line = out.String()
	return res, nil
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// expands reports whether the ! at line[i] starts a history reference.
func expands(line string, i int) bool {
	if i+1 >= len(line) {
		return false
	}
	if next := line[i+1]; isBlank(next) || strings.IndexByte("=;&|()<>\"'`", next) >= 0 {
		return false
	}
	if i > 0 && (line[i-1] == '[' || line[i-1] == '$') {
		return false // [!a-z], $!
	}
	if i > 1 && line[i-2:i] == "${" {
		return false // ${!name}
	}
	return true
}

// searchEnd ends the text of !PREFIX.
const searchEnd = " \t\n:;&|()<>\"'`"

// historyRef expands the reference at line[i] (a !); it returns the text,
// how many bytes of line it took, and whether it asked for :p.
func historyRef(line string, i int, hist []string) (text string, n int, print bool, err error) {
	j := i + 1
	var event string
	found := true
	last := func() (string, bool) {
		if len(hist) == 0 {
			return "", false
		}
		return hist[len(hist)-1], true
	}
	switch c := line[j]; {
	case c == '!':
		j++
		event, found = last()
	case c == '$' || c == '^' || c == '*' || c == ':':
		event, found = last() // !$ is !!:$; the designator is read below
	case c == '#':
		j++
		event = line[:i]
	case c == '?':
		end := strings.IndexByte(line[j+1:], '?')
		var text string
		if end < 0 {
			text, j = line[j+1:], len(line)
		} else {
			text, j = line[j+1:j+1+end], j+2+end
		}
		found = false
		for k := len(hist) - 1; k >= 0 && text != ""; k-- {
			if strings.Contains(hist[k], text) {
				event, found = hist[k], true
				break
			}
		}
	case c == '-' || c >= '0' && c <= '9':
		k := j
		if c == '-' {
			k++
		}
		for k < len(line) && line[k] >= '0' && line[k] <= '9' {
			k++
		}
		num, convErr := strconv.Atoi(line[j:k])
		if convErr != nil || c == '-' && k == j+1 {
			// a lone - is a prefix to look for
			return prefixRef(line, i, hist)
		}
		j = k
		if num < 0 {
			num += len(hist) + 1
		}
		found = num >= 1 && num <= len(hist)
		if found {
			event = hist[num-1]
		}
	default:
		return prefixRef(line, i, hist)
	}
	if !found {
		return "", 0, false, &histError{line[i:j] + ": event not found"}
	}
	return designate(line, i, j, event)
}

// prefixRef expands !PREFIX at line[i].
func prefixRef(line string, i int, hist []string) (string, int, bool, error) {
	j := i + 1
	for j < len(line) && !strings.ContainsRune(searchEnd, rune(line[j])) {
		j++
	}
	prefix := line[i+1 : j]
	for k := len(hist) - 1; k >= 0; k-- {
		if strings.HasPrefix(hist[k], prefix) {
			return designate(line, i, j, hist[k])
		}
	}
	return "", 0, false, &histError{line[i:j] + ": event not found"}
}

// designate applies the word designator and modifiers that follow an event
// (line[j:]) to its text; i is where the reference starts.
func designate(line string, i, j int, event string) (string, int, bool, error) {
	text := event
	if j < len(line) && (line[j] == ':' && j+1 < len(line) && strings.IndexByte("0123456789^$*-", line[j+1]) >= 0 ||
		strings.IndexByte("^$*", line[j]) >= 0) {
		start := j
		if line[j] == ':' {
			j++
		}
		k := j
		switch line[k] {
		case '^', '$', '*':
			k++
		default:
			for k < len(line) && line[k] >= '0' && line[k] <= '9' {
				k++
			}
			if k < len(line) && line[k] == '*' {
				k++
			} else if k < len(line) && line[k] == '-' {
				k++
				if k < len(line) && line[k] == '$' {
					k++
				} else {
					for k < len(line) && line[k] >= '0' && line[k] <= '9' {
						k++
					}
				}
			}
		}
		spec := line[j:k]
		words, ok := selectWords(historyWords(event), spec)
		if !ok {
			return "", 0, false, &histError{line[start:k] + ": bad word specifier"}
		}
		text, j = words, k
	}
	print := false
	for j+1 < len(line) && line[j] == ':' {
		m := line[j+1]
		switch {
		case m == 'h', m == 't', m == 'r', m == 'e':
			text = pathModifier(text, m)
			j += 2
		case m == 'p':
			print = true
			j += 2
		case m == 's' || m == 'g' && j+2 < len(line) && line[j+2] == 's':
			global := m == 'g'
			k := j + 2
			if global {
				k++
			}
			out, n, ok := substitute(text, line[k:], global)
			if !ok {
				return "", 0, false, &histError{line[j:k+n] + ": substitution failed"}
			}
			text, j = out, k+n
		default:
			return "", 0, false, &histError{string(m) + ": unrecognized history modifier"}
		}
	}
	return text, j - i, print, nil
}

// historyWords splits a history entry into words as bash's history does:
// at blanks outside quotes, with the shell's operators words of their own.
func historyWords(s string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			cur.WriteByte(c)
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' && i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			cur.WriteByte(c)
			i++
			cur.WriteByte(s[i])
		case c == '\'' || c == '"' || c == '`':
			quote = c
			cur.WriteByte(c)
		case c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			// $(...), $((...)), ${...}: one word, whatever is inside
			open, closing := s[i+1], byte(')')
			if open == '{' {
				closing = '}'
			}
			depth, k := 0, i+1
			for ; k < len(s); k++ {
				if s[k] == open {
					depth++
				} else if s[k] == closing {
					if depth--; depth == 0 {
						break
					}
				}
			}
			end := min(k+1, len(s))
			cur.WriteString(s[i:end])
			i = end - 1
		case isBlank(c):
			flush()
		case strings.IndexByte(";&|<>()", c) >= 0:
			flush()
			op := string(c)
			if i+1 < len(s) && (c == '&' || c == '|' || c == '<' || c == '>' || c == ';') && (s[i+1] == c || c == '>' && s[i+1] == '&' || c == '&' && s[i+1] == '>') {
				op += string(s[i+1])
				i++
			}
			words = append(words, op)
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return words
}

// selectWords picks the words spec designates: N, ^, $, *, X-Y, X-, -Y,
// X*, X-$.
func selectWords(words []string, spec string) (string, bool) {
	last := len(words) - 1
	index := func(s string, def int) (int, bool) {
		switch s {
		case "":
			return def, true
		case "^":
			return 1, true
		case "$":
			return last, true
		}
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	var from, to int
	var ok bool
	switch {
	case spec == "*":
		if last < 1 {
			return "", true // no arguments: empty, as bash
		}
		from, to, ok = 1, last, true
	case strings.HasSuffix(spec, "*"):
		from, ok = index(strings.TrimSuffix(spec, "*"), 0)
		to = last
	case strings.Contains(spec[min(1, len(spec)):], "-") || strings.HasPrefix(spec, "-"):
		a, b, _ := strings.Cut(spec, "-")
		var okA, okB bool
		from, okA = index(a, 0)
		to, okB = index(b, last-1) // X- leaves out the last word
		ok = okA && okB
	default:
		from, ok = index(spec, 0)
		to = from
	}
	if !ok || from < 0 || to > last || from > to {
		return "", false
	}
	return strings.Join(words[from:to+1], " "), true
}

// pathModifier applies :h (head), :t (tail), :r (root) or :e (extension).
func pathModifier(s string, m byte) string {
	switch m {
	case 'h':
		if i := strings.LastIndexByte(s, '/'); i > 0 {
			return s[:i]
		} else if i == 0 {
			return "/"
		}
		return s
	case 't':
		return s[strings.LastIndexByte(s, '/')+1:]
	case 'r':
		if ext := path.Ext(s); ext != "" && !strings.Contains(ext, "/") {
			return strings.TrimSuffix(s, ext)
		}
		return s
	default: // 'e'
		if ext := path.Ext(s); !strings.Contains(ext, "/") {
			return ext
		}
		return ""
	}
}

// substitute applies s/old/new/ (spec starts at the delimiter; the last
// delimiter may be left out at the end of the line) to text, the first
// occurrence or, when global, every one; & in new stands for old. It
// returns the bytes of spec it took and whether old was found.
func substitute(text, spec string, global bool) (string, int, bool) {
	if spec == "" {
		return "", 0, false
	}
	delim := spec[0]
	parts := strings.SplitN(spec[1:], string(delim), 3)
	old := parts[0]
	n := 1 + len(old)
	newText := ""
	if len(parts) > 1 {
		newText = parts[1]
		n += 1 + len(newText)
		if len(parts) > 2 {
			n++ // the closing delimiter
		}
	}
	if old == "" || !strings.Contains(text, old) {
		return "", n, false
	}
	newText = strings.ReplaceAll(newText, "&", old)
	if global {
		return strings.ReplaceAll(text, old, newText), n, true
	}
	return strings.Replace(text, old, newText, 1), n, true
}

// quickSubst expands ^old^new^ (the rest of the line follows the last ^):
// the last line with its first old replaced by new.
func quickSubst(line string, hist []string) (expansion, error) {
	if len(hist) == 0 {
		return expansion{}, &histError{"!!: event not found"}
	}
	out, n, ok := substitute(hist[len(hist)-1], line, false)
	if !ok {
		return expansion{}, &histError{fmt.Sprintf(":s%s: substitution failed", strings.TrimSuffix(line[:n], "^"))}
	}
	return expansion{line: out + line[n:], changed: true}, nil
}
