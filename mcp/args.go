package mcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// ArgError is an argument that cannot be read or does not match the
// tool's input schema: a usage error, and nothing is sent.
type ArgError struct{ Msg string }

func (e *ArgError) Error() string { return e.Msg }

// BuildArgs makes a tool's arguments from the JSON object base (--args;
// nil for none) and operands on top of it: KEY=VALUE is a string,
// coerced by the input schema when it says integer, number, boolean,
// null, array or object; KEY:=JSON is raw JSON; a dotted KEY (a.b=v)
// nests, unless the schema has a property named with the dots. The
// result is checked against the schema.
func BuildArgs(base []byte, operands []string, schema any) (map[string]any, error) {
	args := map[string]any{}
	if base != nil {
		if err := json.Unmarshal(base, &args); err != nil || args == nil {
			return nil, &ArgError{"--args: not a JSON object"}
		}
	}
	root := schemaMap(schema)
	for _, op := range operands {
		key, value, raw, ok := splitOperand(op)
		if !ok {
			return nil, &ArgError{fmt.Sprintf("%q is not KEY=VALUE or KEY:=JSON", op)}
		}
		path := keyPath(root, key)
		var v any
		if raw {
			if err := json.Unmarshal([]byte(value), &v); err != nil {
				return nil, &ArgError{fmt.Sprintf("%s:=%s: not valid JSON", key, value)}
			}
		} else {
			v = coerce(value, propertyAt(root, path))
		}
		if err := setPath(args, path, v); err != nil {
			return nil, &ArgError{fmt.Sprintf("%s: %v", key, err)}
		}
	}
	// normalised as JSON has it, for the validator and the wire alike
	data, err := json.Marshal(args)
	if err != nil {
		return nil, &ArgError{err.Error()}
	}
	out := map[string]any{}
	json.Unmarshal(data, &out)
	if err := Validate(schema, out); err != nil {
		return nil, err
	}
	return out, nil
}

// splitOperand reads KEY=VALUE or KEY:=JSON.
func splitOperand(op string) (key, value string, raw, ok bool) {
	i := strings.IndexByte(op, '=')
	if i <= 0 {
		return "", "", false, false
	}
	key, value = op[:i], op[i+1:]
	if strings.HasSuffix(key, ":") {
		key, raw = key[:len(key)-1], true
	}
	return key, value, raw, key != ""
}

// keyPath splits a dotted key into the path of properties it names; a
// key the schema has as one property stays whole.
func keyPath(root map[string]any, key string) []string {
	if props, _ := root["properties"].(map[string]any); props != nil {
		if _, ok := props[key]; ok {
			return []string{key}
		}
	}
	return strings.Split(key, ".")
}

func setPath(args map[string]any, path []string, v any) error {
	m := args
	for i, k := range path {
		if k == "" {
			return errors.New("empty name in the key")
		}
		if i == len(path)-1 {
			m[k] = v
			return nil
		}
		next, ok := m[k].(map[string]any)
		if !ok {
			if _, set := m[k]; set {
				return fmt.Errorf("%s is not an object", strings.Join(path[:i+1], "."))
			}
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	return nil
}

func schemaMap(schema any) map[string]any {
	switch s := schema.(type) {
	case map[string]any:
		return s
	case nil:
		return nil
	}
	data, err := json.Marshal(schema)
	if err != nil {
		return nil
	}
	var m map[string]any
	json.Unmarshal(data, &m)
	return m
}

// propertyAt is the schema of the property at path, nil when unknown.
func propertyAt(root map[string]any, path []string) map[string]any {
	s := root
	for _, k := range path {
		props, _ := s["properties"].(map[string]any)
		next, _ := props[k].(map[string]any)
		if next == nil {
			return nil
		}
		s = next
	}
	return s
}

// types lists the JSON types a schema allows (its type, and those of its
// anyOf and oneOf alternatives).
func types(s map[string]any) []string {
	var out []string
	switch t := s["type"].(type) {
	case string:
		out = append(out, t)
	case []any:
		for _, x := range t {
			if str, ok := x.(string); ok {
				out = append(out, str)
			}
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		alts, _ := s[key].([]any)
		for _, a := range alts {
			if m, ok := a.(map[string]any); ok {
				out = append(out, types(m)...)
			}
		}
	}
	return out
}

// coerce reads a KEY=VALUE string as the type the schema wants; a string
// stays a string when the schema allows strings or says nothing.
func coerce(v string, prop map[string]any) any {
	ts := types(prop)
	if len(ts) == 0 || slices.Contains(ts, "string") {
		return v
	}
	for _, t := range ts {
		switch t {
		case "integer":
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				return n
			}
			if f, err := strconv.ParseFloat(v, 64); err == nil && !slices.Contains(ts, "number") {
				return f // a number, which the validator says is not an integer
			}
		case "number":
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				return f
			}
		case "boolean":
			if b, err := strconv.ParseBool(v); err == nil && (v == "true" || v == "false") {
				return b
			}
		case "null":
			if v == "null" {
				return nil
			}
		case "array", "object":
			var x any
			if json.Unmarshal([]byte(v), &x) == nil {
				return x
			}
		}
	}
	return v // the validator says what is wrong with it
}

// Validate checks args against a tool's input schema. A schema the
// validator cannot read (an unsupported draft) checks nothing: the
// server still checks.
func Validate(schema any, args map[string]any) error {
	data, err := json.Marshal(schema)
	if err != nil || schema == nil {
		return nil
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		return nil
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return nil
	}
	if err := rs.Validate(args); err != nil {
		if strings.Contains(err.Error(), "cannot validate version") {
			return nil
		}
		return &ArgError{"the arguments do not match the tool's input schema: " + schemaError(err)}
	}
	return nil
}

// schemaError words the validator's message by the argument it is about:
// "/properties/o/properties/n: type: ..." becomes "o.n: type: ...".
func schemaError(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "validating "); i >= 0 {
		msg = msg[i+len("validating "):]
	}
	where, what, ok := strings.Cut(msg, ": ")
	if !ok {
		return msg
	}
	if rest, ok := strings.CutPrefix(what, "required: missing properties: "); ok {
		what = "missing required " + strings.Trim(rest, "[]")
	}
	if where == "root" {
		return what
	}
	return strings.ReplaceAll(strings.TrimPrefix(where, "/properties/"), "/properties/", ".") + ": " + what
}
