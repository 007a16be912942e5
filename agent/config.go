package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// EditEntry returns the JSON document data (empty: a new one) with the
// entry key of the object under section set to value, or removed when
// value is nil, and the document's other keys kept as they are (other
// tools keep their own there), indented, ending in a newline: the
// protocol clients' configuration files (mcpServers, agents) are edited
// with it. kind names an entry in the errors ("server", "agent"): adding
// a key that is there, or removing one that is not, is an error; so is a
// document or section that is not an object (worded by JSONError).
func EditEntry(data []byte, section, kind, key string, value any) ([]byte, error) {
	doc := map[string]json.RawMessage{}
	if len(data) > 0 {
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, JSONError(data, err)
		}
	}
	entries := map[string]json.RawMessage{}
	if raw, ok := doc[section]; ok {
		if err := json.Unmarshal(raw, &entries); err != nil {
			return nil, JSONError(raw, err)
		}
	}
	_, ok := entries[key]
	switch {
	case value == nil && !ok:
		return nil, fmt.Errorf("no %s %q", kind, key)
	case value == nil:
		delete(entries, key)
	case ok:
		return nil, fmt.Errorf("%s %q already exists (remove it first)", kind, key)
	default:
		raw, err := json.Marshal(value)
		if err != nil {
			return nil, err
		}
		entries[key] = raw
	}
	raw, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	doc[section] = raw
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// JSONError words an error of decoding data as JSON: the line of a syntax
// error, or which value has the wrong type.
func JSONError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("invalid JSON on line %d: %v", line, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "the value"
		}
		want := "an object"
		switch te.Type.Kind() {
		case reflect.String:
			want = "a string"
		case reflect.Slice, reflect.Array:
			want = "an array"
		case reflect.Bool:
			want = "true or false"
		case reflect.Int, reflect.Int64, reflect.Float64, reflect.Uint, reflect.Int32, reflect.Float32:
			want = "a number"
		}
		return fmt.Errorf("%s must be %s, not %s", field, want, te.Value)
	}
	return err
}
