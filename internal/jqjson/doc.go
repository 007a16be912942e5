// Package jqjson is what moonix's jq adds to gojq so that objects keep
// their keys in jq's order: a JSON decoder that remembers the order of the
// objects it reads and reports errors as jq does, an encoder that prints
// values as jq 1.7 does (colors, indentation, numbers), and Order, which
// follows the order of keys through the program (see Order for what it
// covers and what it does not).
//
// gojq represents an object as a Go map and prints its keys sorted;
// jq prints them in insertion order, and people and scripts rely on
// {name, id} printing name first. gojq offers no ordered object, so the
// order is kept beside the values, by the maps' identity, and the
// operations that make objects are routed through Order by rewriting the
// program (Prepare) and replacing builtins (Prelude, Functions).
//
// jqjson imports gojq and the standard library. Its values are used by one
// goroutine: one jq run.
package jqjson
