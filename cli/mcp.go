package cli

import (
	"github.com/moonix-sh/moonix/shell"
)

// hostServerEnv are the host variables a stdio MCP server is started
// with, as the official TypeScript SDK's default environment has them
// (besides the variables its configuration names).
var hostServerEnv = []string{"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"}

// mcpConfig is what a session's MCP client may reach on the host.
func (p *Program) mcpConfig() shell.MCPConfig {
	cfg := shell.MCPConfig{Spawn: p.Spawn}
	if p.LookupEnv == nil {
		return cfg
	}
	for _, name := range hostServerEnv {
		if v, ok := p.LookupEnv(name); ok {
			cfg.HostEnv = append(cfg.HostEnv, name+"="+v)
		}
	}
	return cfg
}
