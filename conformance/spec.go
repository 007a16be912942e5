package conformance

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// A spec file is a header (comments and `## key: value` metadata such as
// compare_shells and tags) followed by cases:
//
//	#### name
//	script lines (blank lines and lines starting with # are dropped)
//	## stdout: one line          (a newline is added)
//	## stdout-json: "json string"
//	## STDOUT:
//	lines, blank ones kept, # comment lines dropped
//	## END                       (optional)
//	## status: 2
//	## OK bash/mksh status: 1    (a variant for the shells named)
//	## OK-2 mksh stdout: x       (a second, alternative variant)
//
// stderr takes the same forms as stdout. `## code: SCRIPT` gives the script
// on the metadata line instead (for scripts that are not valid shell). This
// follows Oils' test/sh_spec.py, including its quirks: its tokenizer drops
// comment lines everywhere except inside the script's first token, so a
// here-document line starting with # never reaches the shell.

// File is a parsed spec file.
type File struct {
	Name string
	// Meta holds the header's `## key: value` lines: compare_shells,
	// tags, oils_failures_allowed, legacy_tmp_dir, suite...
	Meta  map[string]string
	Cases []*Case
}

// Tags are the words of the file's `## tags:` line.
func (f *File) Tags() []string { return strings.Fields(f.Meta["tags"]) }

// CompareShells are the shells the file's cases were written against.
func (f *File) CompareShells() []string { return strings.Fields(f.Meta["compare_shells"]) }

// Case is one `#### name` case.
type Case struct {
	Name string
	Line int // line of the #### header, 1-based
	Code string
	// Fields are the unqualified expectations by key (stdout, stdout-json,
	// stderr, stderr-json, status), raw as written; stdout and stderr
	// already carry the newline the format adds.
	Fields map[string]string
	// Variants are the qualified expectations in file order.
	Variants []Variant
}

// Variant is one `## OK|BUG|N-I[-N] SHELL/SHELL key: value` line or block.
type Variant struct {
	Qualifier string   // OK, BUG or N-I
	Alt       int      // N in OK-N; 0 when there is no suffix
	Shells    []string // bash, dash, mksh, zsh, ash, osh, ...
	Key       string
	Value     string
}

// Expectation is what one run must produce: each listed value must equal
// the output (a key may carry several values when a case gives, say, both
// stdout and stdout-json). Status is always set.
type Expectation struct {
	Qualifier string // "" for the ideal expectation; OK, OK-2, BUG, N-I...
	Stdout    []string
	Stderr    []string
	Status    int
}

// Ideal is the unqualified expectation (status 0 unless given).
func (c *Case) Ideal() (Expectation, error) {
	return resolve("", c.Fields, nil)
}

// For returns the expectations qualified for shell: one per alternative
// (OK, OK-2, ...), each falling back to the unqualified value for a key it
// does not give. It returns nothing when no variant names shell.
func (c *Case) For(shell string) ([]Expectation, error) {
	type group struct {
		qualifier string
		fields    map[string]string
	}
	var alts []int
	groups := map[int]*group{}
	for _, v := range c.Variants {
		named := false
		for _, s := range v.Shells {
			named = named || s == shell
		}
		if !named {
			continue
		}
		g := groups[v.Alt]
		if g == nil {
			g = &group{fields: map[string]string{}}
			groups[v.Alt] = g
			alts = append(alts, v.Alt)
		}
		// As in sh_spec.py, variants for one shell merge into one record;
		// the last qualifier wins.
		g.qualifier = v.Qualifier
		if v.Alt > 0 {
			g.qualifier += "-" + strconv.Itoa(v.Alt)
		}
		g.fields[v.Key] = v.Value
	}
	var out []Expectation
	for _, alt := range alts {
		g := groups[alt]
		e, err := resolve(g.qualifier, g.fields, c.Fields)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// resolve turns raw fields into an Expectation. For each of stdout, stderr
// and status the qualified fields win when they give any form of it;
// otherwise the fallback (unqualified) fields apply.
func resolve(qualifier string, fields, fallback map[string]string) (Expectation, error) {
	e := Expectation{Qualifier: qualifier}
	var err error
	if e.Stdout, err = strings_(fields, "stdout"); err == nil && e.Stdout == nil && fallback != nil {
		e.Stdout, err = strings_(fallback, "stdout")
	}
	if err != nil {
		return e, err
	}
	if e.Stderr, err = strings_(fields, "stderr"); err == nil && e.Stderr == nil && fallback != nil {
		e.Stderr, err = strings_(fallback, "stderr")
	}
	if err != nil {
		return e, err
	}
	status, ok := fields["status"]
	if !ok && fallback != nil {
		status, ok = fallback["status"]
	}
	if ok {
		n, err := strconv.Atoi(strings.TrimSpace(status))
		if err != nil {
			return e, fmt.Errorf("bad status %q", status)
		}
		e.Status = n
	}
	return e, nil
}

// strings_ collects the expected values of key (stdout or stderr) in its
// plain and -json forms.
func strings_(fields map[string]string, key string) ([]string, error) {
	var out []string
	if v, ok := fields[key]; ok {
		out = append(out, v)
	}
	if v, ok := fields[key+"-json"]; ok {
		s, err := decodeJSONString(v)
		if err != nil {
			return nil, fmt.Errorf("%s-json: %v", key, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// decodeJSONString decodes a JSON string literal into the bytes Python 2's
// json.loads followed by a UTF-8 encoding would give.
func decodeJSONString(v string) (string, error) {
	var s string
	if err := json.Unmarshal([]byte(strings.TrimSpace(v)), &s); err != nil {
		return "", err
	}
	return s, nil
}

// Check reports whether a run's output satisfies e. As in sh_spec.py, a
// Python traceback on stderr (from a helper) always fails.
func (e Expectation) Check(stdout, stderr string, status int) bool {
	if strings.Contains(stderr, "Traceback (most recent") {
		return false
	}
	for _, want := range e.Stdout {
		if stdout != want {
			return false
		}
	}
	for _, want := range e.Stderr {
		if stderr != want {
			return false
		}
	}
	return status == e.Status
}

// String shows e for a failure report.
func (e Expectation) String() string {
	var b strings.Builder
	if e.Qualifier != "" {
		b.WriteString(e.Qualifier + " ")
	}
	fmt.Fprintf(&b, "status=%d", e.Status)
	for _, s := range e.Stdout {
		fmt.Fprintf(&b, " stdout=%q", s)
	}
	for _, s := range e.Stderr {
		fmt.Fprintf(&b, " stderr=%q", s)
	}
	return b.String()
}

var (
	// keyValueRE is sh_spec.py's KEY_VALUE_RE, plus the -N suffix newer
	// spec files use for alternative variants of one shell.
	keyValueRE = regexp.MustCompile(`^##\s+(?:(OK|BUG|N-I)(?:-(\d+))?\s+([A-Za-z0-9_+/]+)\s+)?([A-Za-z0-9_\-]+):\s*(.*)`)
	endRE      = regexp.MustCompile(`^##\s+END`)
)

type tokenKind int

const (
	tokCase      tokenKind = iota // #### name
	tokKeyValue                   // ## key: value
	tokMultiline                  // ## STDOUT: or ## STDERR:
	tokEnd                        // ## END
	tokPlain                      // anything that is not a comment
	tokInvalid                    // a ## line that is none of the above
	tokEOF
)

type token struct {
	kind      tokenKind
	line      int
	text      string // the line with its newline (plain), or the case name
	qualifier string
	alt       int
	shells    string
	key       string
	value     string
}

// tokenizer is sh_spec.py's modal lexer: outside multi-line values blank
// lines are skipped; inside them they are kept. Comment lines are always
// skipped.
type tokenizer struct {
	r    *bufio.Reader
	line int
	cur  token
}

func (t *tokenizer) next(keepBlank bool) error {
	for {
		s, err := t.r.ReadString('\n')
		if err != nil && err != io.EOF {
			return err
		}
		if s == "" {
			t.cur = token{kind: tokEOF, line: t.line + 1}
			return nil
		}
		t.line++
		if tok, ok := classify(s, keepBlank); ok {
			tok.line = t.line
			t.cur = tok
			return nil
		}
	}
}

func classify(line string, keepBlank bool) (token, bool) {
	if !keepBlank && strings.TrimSpace(line) == "" {
		return token{}, false
	}
	if name, ok := strings.CutPrefix(line, "####"); ok {
		return token{kind: tokCase, text: strings.TrimSpace(name)}, true
	}
	body := strings.TrimSuffix(line, "\n")
	if m := keyValueRE.FindStringSubmatch(body); m != nil {
		tok := token{kind: tokKeyValue, qualifier: m[1], shells: m[3], key: m[4], value: m[5]}
		if m[2] != "" {
			tok.alt, _ = strconv.Atoi(m[2])
		}
		switch tok.key {
		case "stdout", "stderr":
			tok.value += "\n"
		case "STDOUT", "STDERR":
			tok.kind = tokMultiline
		}
		return tok, true
	}
	if endRE.MatchString(body) {
		return token{kind: tokEnd}, true
	}
	if strings.HasPrefix(line, "##") {
		// sh_spec.py rejects these: they are typos of metadata.
		return token{kind: tokInvalid, text: line}, true
	}
	if strings.HasPrefix(strings.TrimLeft(line, " \t\r\n\v\f"), "#") {
		return token{}, false
	}
	return token{kind: tokPlain, text: line}, true
}

// Parse reads a spec file.
func Parse(name string, r io.Reader) (*File, error) {
	f := &File{Name: name, Meta: map[string]string{}}
	t := &tokenizer{r: bufio.NewReader(r)}
	fail := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	if err := t.next(false); err != nil {
		return nil, err
	}
	// The header: metadata and anything else up to the first case.
	for t.cur.kind != tokCase && t.cur.kind != tokEOF {
		if t.cur.kind == tokInvalid {
			return nil, fail(t.cur.line, "invalid ## line %q", strings.TrimSpace(t.cur.text))
		}
		if t.cur.kind == tokKeyValue && t.cur.qualifier == "" {
			f.Meta[t.cur.key] = strings.TrimSpace(t.cur.value)
		}
		if err := t.next(false); err != nil {
			return nil, err
		}
	}
	for t.cur.kind != tokEOF {
		if t.cur.kind == tokInvalid {
			return nil, fail(t.cur.line, "invalid ## line %q", strings.TrimSpace(t.cur.text))
		}
		if t.cur.kind != tokCase {
			return nil, fail(t.cur.line, "expected #### to start a case, got %q", strings.TrimSpace(t.cur.text))
		}
		c := &Case{Name: t.cur.text, Line: t.cur.line, Fields: map[string]string{}}
		if err := t.next(false); err != nil {
			return nil, err
		}
		if err := parseKeyValues(t, c, fail); err != nil {
			return nil, err
		}
		if code, ok := c.Fields["code"]; ok {
			c.Code = code
			delete(c.Fields, "code")
		} else {
			if t.cur.kind != tokPlain {
				return nil, fail(t.cur.line, "case %q has no script", c.Name)
			}
			var code strings.Builder
			for t.cur.kind == tokPlain {
				code.WriteString(t.cur.text)
				if err := t.next(true); err != nil {
					return nil, err
				}
			}
			c.Code = code.String()
			if err := parseKeyValues(t, c, fail); err != nil {
				return nil, err
			}
		}
		f.Cases = append(f.Cases, c)
	}
	return f, nil
}

// parseKeyValues reads contiguous metadata into c.
func parseKeyValues(t *tokenizer, c *Case, fail func(int, string, ...any) error) error {
	for {
		tok := t.cur
		switch tok.kind {
		case tokMultiline:
			if tok.value != "" {
				return fail(tok.line, "%s: the value belongs on the following lines", tok.key)
			}
			var value strings.Builder
			for {
				if err := t.next(true); err != nil {
					return err
				}
				if t.cur.kind != tokPlain {
					break
				}
				value.WriteString(t.cur.text)
			}
			tok.key = strings.ToLower(tok.key)
			tok.value = value.String()
			if t.cur.kind == tokEnd {
				if err := t.next(false); err != nil {
					return err
				}
			}
			c.add(tok)
		case tokKeyValue:
			c.add(tok)
			if err := t.next(false); err != nil {
				return err
			}
		default:
			return nil
		}
	}
}

func (c *Case) add(tok token) {
	if tok.qualifier == "" {
		c.Fields[tok.key] = tok.value
		return
	}
	c.Variants = append(c.Variants, Variant{
		Qualifier: tok.qualifier, Alt: tok.alt, Shells: strings.Split(tok.shells, "/"),
		Key: tok.key, Value: tok.value,
	})
}
