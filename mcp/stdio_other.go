//go:build !unix

package mcp

import (
	"context"
	"errors"
)

// StartHost is unavailable where processes have no groups to stop them
// by.
func StartHost(ctx context.Context, c *Cmd) (Process, error) {
	return nil, errors.New("stdio servers need a Unix host")
}
