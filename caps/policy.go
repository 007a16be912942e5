package caps

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Policy is a parsed policy file; Preset is "" when the file names none.
//
// A policy file names a session's capabilities: a base preset, grants on
// top of it and denials. It is YAML, or JSON (which the YAML parser reads
// too):
//
//	# moonix capability policy
//	preset: agent            # optional: the base preset (minimal, sandbox, developer, agent, unrestricted)
//	allow:                   # optional: capabilities granted on top of the preset
//	  - net.connect:api.example.com:443
//	  - mcp.call:github/*
//	  - fs.write:/data/**
//	deny:                    # optional: denials; they win over every grant
//	  - fs.read:/work/secrets/**
//
// or, the same in JSON:
//
//	{"preset": "agent", "allow": ["net.connect:api.example.com:443"], "deny": ["fs.read:/work/secrets/**"]}
//
// Each entry is a capability as Parse reads it (KIND or KIND:PATTERN). The
// agent preset is the developer preset; what an agent may reach on the
// network, over MCP and over A2A is what its policy's allow list names.
// Every key is optional, and an empty key (allow: with nothing after it)
// counts as absent; an empty file is an empty policy. Unknown keys,
// duplicate keys, entries that are not strings, malformed capabilities,
// YAML aliases and more than one document are errors, each reported as
// NAME:LINE: message.
type Policy struct {
	Preset string
	Allow  []Cap
	Deny   []Cap
}

// policyKeys are the keys a policy may have, in the order the errors list
// them.
const policyKeys = "preset, allow, deny"

// ParsePolicy parses a policy file's contents; name is what its errors
// call the file.
func ParsePolicy(name string, data []byte) (*Policy, error) {
	p := &policyParser{name: name}
	if line, msg := checkText(data); msg != "" {
		return nil, p.errorf(line, "%s", msg)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
		return &Policy{}, nil // empty, or only comments
	} else if err != nil {
		return nil, p.syntaxError(data, err)
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		return nil, p.errorf(next.Line, "more than one document (a policy is one mapping)")
	} else if !errors.Is(err, io.EOF) {
		return nil, p.syntaxError(data, err)
	}
	pol := &Policy{}
	if err := p.policy(doc.Content[0], pol); err != nil {
		return nil, err
	}
	return pol, nil
}

type policyParser struct {
	name string
}

func (p *policyParser) errorf(line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, line, fmt.Sprintf(format, args...))
}

// policy reads the top level: a mapping of preset, allow and deny.
func (p *policyParser) policy(n *yaml.Node, pol *Policy) error {
	if isNull(n) {
		return nil // "---" alone, or "null"
	}
	if n.Kind != yaml.MappingNode {
		return p.errorf(n.Line, "a policy is a mapping (keys: %s)", policyKeys)
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.AliasNode {
			return p.errorf(k.Line, "aliases are not supported")
		}
		if k.Kind != yaml.ScalarNode {
			return p.errorf(k.Line, "unknown key: %s (keys: %s)", describe(k), policyKeys)
		}
		if k.ShortTag() != "!!str" || !isPolicyKey(k.Value) {
			return p.errorf(k.Line, "unknown key %q (keys: %s)", k.Value, policyKeys)
		}
		if first, ok := seen[k.Value]; ok {
			return p.errorf(k.Line, "duplicate key %q (first at line %d)", k.Value, first)
		}
		seen[k.Value] = k.Line
		if v.Kind == yaml.AliasNode {
			return p.errorf(v.Line, "aliases are not supported")
		}
		if isNull(v) {
			continue
		}
		var err error
		switch k.Value {
		case "preset":
			err = p.preset(v, pol)
		case "allow":
			pol.Allow, err = p.caps(k.Value, v)
		case "deny":
			pol.Deny, err = p.caps(k.Value, v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func isPolicyKey(s string) bool {
	return s == "preset" || s == "allow" || s == "deny"
}

func (p *policyParser) preset(n *yaml.Node, pol *Policy) error {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return p.errorf(n.Line, "preset: want a preset name (presets: %s)", strings.Join(PresetNames, ", "))
	}
	if _, err := Preset(n.Value); err != nil {
		return p.errorf(n.Line, "%v", err)
	}
	pol.Preset = n.Value
	return nil
}

// caps reads the list under key.
func (p *policyParser) caps(key string, n *yaml.Node) ([]Cap, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n.Line, "%s: want a list of capabilities", key)
	}
	out := make([]Cap, 0, len(n.Content))
	for _, e := range n.Content {
		if e.Kind == yaml.AliasNode {
			return nil, p.errorf(e.Line, "aliases are not supported")
		}
		if e.Kind != yaml.ScalarNode || e.ShortTag() != "!!str" {
			return nil, p.errorf(e.Line, "%s: want a capability (KIND[:PATTERN]), got %s", key, describe(e))
		}
		c, err := Parse(e.Value)
		if err != nil {
			return nil, p.errorf(e.Line, "%v", err)
		}
		out = append(out, c)
	}
	return out, nil
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// describe names a node for an error: a quoted scalar, or its kind.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch tag := n.ShortTag(); tag {
		case "!!str":
			return strconv.Quote(n.Value)
		case "!!null":
			return "null"
		default:
			return strings.TrimPrefix(tag, "!!") + " " + strconv.Quote(n.Value)
		}
	}
	return "something else"
}

// checkText rejects what the YAML reader would reject without saying
// where: bytes that are not UTF-8, and control characters. It also rejects
// the line breaks YAML knows beside \n and \r\n (a lone \r, NEL, U+2028,
// U+2029), so that YAML's lines are the ones an editor shows.
func checkText(data []byte) (line int, msg string) {
	line = 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		switch {
		case r == utf8.RuneError && size <= 1:
			return line, "not UTF-8 text"
		case r == '\n':
			line++
		case r == '\r' && bytes.HasPrefix(data[1:], []byte("\n")), r == '\t':
		case r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029:
			return line, fmt.Sprintf("line break %U (lines end in \\n or \\r\\n)", r)
		case r < 0x20 || r >= 0x7f && r < 0xa0 || r >= 0xd800 && r < 0xe000 || r == 0xfffe || r == 0xffff:
			return line, fmt.Sprintf("control character %U", r)
		}
		data = data[size:]
	}
	return 0, ""
}

var (
	yamlLine   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: line (\d+): (.*)$`) })
	yamlAnchor = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`) })
)

// parserProblems are the problems yaml.v3's parser (as opposed to its
// scanner) reports. For these its "line N" is 0-based: one less than the
// line the error is on.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected key":              true,
	"did not find expected '-' indicator":    true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found duplicate %YAML directive":        true,
	"found duplicate %TAG directive":         true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// syntaxError words a YAML syntax error as NAME:LINE: message. yaml.v3
// leaves the line out when it is the first one, and counts from 0 in its
// parser's errors; this puts both right. (A parser error names the line of
// the construct it was in when that is not the first line.)
func (p *policyParser) syntaxError(data []byte, err error) error {
	msg := err.Error()
	if m := yamlLine().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		if parserProblems[m[2]] {
			line++
		}
		// The end of the stream is on the line after the last line
		// break, even when nothing follows it.
		line = min(line, bytes.Count(data, []byte("\n"))+1)
		return p.errorf(line, "%s", m[2])
	}
	if m := yamlAnchor().FindStringSubmatch(msg); m != nil {
		// The only parse error that is not about a position: name the
		// first line using the alias.
		line := 1
		for i, l := range strings.Split(string(data), "\n") {
			if strings.Contains(l, "*"+m[1]) {
				line = i + 1
				break
			}
		}
		return p.errorf(line, "unknown anchor %q", m[1])
	}
	return p.errorf(1, "%s", strings.TrimPrefix(msg, "yaml: "))
}
