// Package a2a is moonix's Agent2Agent protocol support (A2A 1.0, its
// JSON-RPC and HTTP+JSON bindings), in both roles, on the a2a-go SDK
// (github.com/a2aproject/a2a-go/v2, imported by this package alone).
package a2a
