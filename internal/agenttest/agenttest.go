// Package agenttest checks agent results against their JSON Schema
// (agent.Schema), for the tests of the surfaces that print them (moonix
// --json, mcp serve). It is imported by tests only, so that the schema
// library stays out of moonix's binary; it imports agent and the
// schema library. Validate is safe for concurrent use.
package agenttest

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/moonix-sh/moonix/agent"
)

// schema is agent.Schema compiled, once.
var schema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(agent.Schema))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("result.schema.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("result.schema.json")
})

// Validate checks that data is one JSON value that follows the result
// schema.
func Validate(data []byte) error {
	s, err := schema()
	if err != nil {
		return fmt.Errorf("result schema: %w", err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return s.Validate(v)
}
