package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// EditSection returns the JSON document data (empty: a new one) with the
// object under key rewritten by edit, and the document's other keys kept
// as they are (other tools keep their own there), indented, ending in a
// newline: the protocol clients' configuration files (mcpServers,
// agents) are edited with it. A document or section that is not an
// object is an error worded by JSONError.
func EditSection(data []byte, key string, edit func(map[string]json.RawMessage) error) ([]byte, error) {
	doc := map[string]json.RawMessage{}
	if len(data) > 0 {
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, JSONError(data, err)
		}
	}
	section := map[string]json.RawMessage{}
	if raw, ok := doc[key]; ok {
		if err := json.Unmarshal(raw, &section); err != nil {
			return nil, JSONError(raw, err)
		}
	}
	if err := edit(section); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(section)
	if err != nil {
		return nil, err
	}
	doc[key] = raw
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
