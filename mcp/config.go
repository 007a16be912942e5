package mcp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/vfs"
)

// The configuration files, read in this order: a server named in both is
// the second's. The user's file is under $HOME in the VFS, so that the
// configuration is versioned with the workspace and needs no host file.
const (
	SystemConfig = "/etc/moonix/mcp.json"
	UserConfig   = ".mcp.json" // under $HOME
)

// Defaults of a server's optional settings.
const (
	DefaultTimeout        = 10 * time.Minute
	DefaultStartupTimeout = 60 * time.Second
)

// Server is one configured server: a host program over stdio (Command),
// a streamable HTTP endpoint (URL) or a WebAssembly module of the VFS
// (Wasm), as the de facto mcpServers format that agent tools share
// writes it, plus moonix's optional keys.
type Server struct {
	Name string `json:"-"`
	// File is the configuration file that named it.
	File string `json:"-"`

	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Cwd     string            `json:"cwd,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	Wasm    string            `json:"wasm,omitempty"`
	// Type is what other tools write beside command or url ("stdio",
	// "http", "streamable-http"); it must agree with them when given.
	Type string `json:"type,omitempty"`

	Timeout         Duration `json:"timeout,omitempty"`
	StartupTimeout  Duration `json:"startupTimeout,omitempty"`
	Tools           Filter   `json:"tools,omitzero"`
	ProtocolVersion string   `json:"protocolVersion,omitempty"`
}

// Filter says which of a server's tools may be listed and called: those
// that match an allow glob (every tool when there is none) and no deny
// glob.
type Filter struct {
	Allow []string `json:"allow,omitempty"`
	Deny  []string `json:"deny,omitempty"`
}

// Allows reports whether the filter lets tool through, and the glob that
// refused it.
func (f Filter) Allows(tool string) (ok bool, why string) {
	for _, g := range f.Deny {
		if m, _ := doublestar.Match(g, tool); m {
			return false, "tools.deny " + strconv.Quote(g)
		}
	}
	if len(f.Allow) == 0 {
		return true, ""
	}
	for _, g := range f.Allow {
		if m, _ := doublestar.Match(g, tool); m {
			return true, ""
		}
	}
	return false, "tools.allow"
}

// Duration is a time in a configuration file: milliseconds as a number
// (as other agent tools write it), or a Go duration string ("30s").
type Duration time.Duration

// UnmarshalJSON reads a number of milliseconds or a duration string.
func (d *Duration) UnmarshalJSON(data []byte) error {
	var ms float64
	if err := json.Unmarshal(data, &ms); err == nil {
		if ms <= 0 {
			return fmt.Errorf("a timeout must be positive, not %v", ms)
		}
		*d = Duration(ms * float64(time.Millisecond))
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return errors.New("a timeout is a number of milliseconds or a duration such as \"30s\"")
	}
	v, err := time.ParseDuration(s)
	if err != nil || v <= 0 {
		return fmt.Errorf("bad timeout %q (a number of milliseconds or a duration such as \"30s\")", s)
	}
	*d = Duration(v)
	return nil
}

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Transport names how a server is reached.
func (s *Server) Transport() string {
	switch {
	case s.Wasm != "":
		return "wasm"
	case s.URL != "":
		return "http"
	}
	return "stdio"
}

// CallTimeout is the server's timeout of one call.
func (s *Server) CallTimeout() time.Duration {
	if s.Timeout > 0 {
		return time.Duration(s.Timeout)
	}
	return DefaultTimeout
}

// StartTimeout is how long the server may take to start and answer its
// first request.
func (s *Server) StartTimeout() time.Duration {
	if s.StartupTimeout > 0 {
		return time.Duration(s.StartupTimeout)
	}
	return DefaultStartupTimeout
}

// check reports what is wrong with a server's entry.
func (s *Server) check() error {
	n := 0
	for _, set := range []bool{s.Command != "", s.URL != "", s.Wasm != ""} {
		if set {
			n++
		}
	}
	switch {
	case n == 0:
		return errors.New("it has none of command, url and wasm")
	case n > 1:
		return errors.New("it has more than one of command, url and wasm")
	case !validName(s.Name):
		return errors.New("a server name is letters, digits, '.', '_' and '-'")
	}
	if s.Type != "" {
		want, ok := map[string]string{"stdio": "stdio", "http": "http", "streamable-http": "http", "streamableHttp": "http", "wasm": "wasm"}[s.Type]
		switch {
		case !ok:
			return fmt.Errorf("type %q is not stdio, http or wasm", s.Type)
		case want != s.Transport():
			return fmt.Errorf("type %q does not match its %s", s.Type, map[string]string{"stdio": "command", "http": "url", "wasm": "wasm"}[s.Transport()])
		}
	}
	if s.URL != "" {
		u, err := url.Parse(s.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("url %q is not an http or https URL", s.URL)
		}
	}
	if s.Wasm != "" && !path.IsAbs(s.Wasm) {
		return fmt.Errorf("wasm %q is not an absolute path in the VFS", s.Wasm)
	}
	if s.ProtocolVersion != "" && !protocolVersionRE().MatchString(s.ProtocolVersion) {
		return fmt.Errorf("protocolVersion %q is not a revision such as 2025-11-25", s.ProtocolVersion)
	}
	for _, g := range append(slices.Clone(s.Tools.Allow), s.Tools.Deny...) {
		if !doublestar.ValidatePattern(g) {
			return fmt.Errorf("bad tool glob %q", g)
		}
	}
	return nil
}

var protocolVersionRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`) })

func validName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// Config is the servers of the configuration files.
type Config struct {
	Servers map[string]*Server
	// Files are the files that were read (those that exist).
	Files []string
}

// Names lists the servers, sorted.
func (c *Config) Names() []string {
	names := make([]string, 0, len(c.Servers))
	for n := range c.Servers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// ConfigError is a configuration file that cannot be used.
type ConfigError struct {
	File string
	Err  error
}

func (e *ConfigError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// LoadConfig reads the system file and then home's .mcp.json from fsys.
// A file that does not exist counts as empty.
func LoadConfig(fsys vfs.FS, home string) (*Config, error) {
	cfg := &Config{Servers: map[string]*Server{}}
	for _, name := range configFiles(home) {
		data, err := vfs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		cfg.Files = append(cfg.Files, name)
		servers, err := parseConfig(name, data)
		if err != nil {
			return nil, err
		}
		for n, s := range servers {
			cfg.Servers[n] = s
		}
	}
	return cfg, nil
}

func configFiles(home string) []string {
	return []string{SystemConfig, path.Join(home, UserConfig)}
}

// parseConfig reads one file's {"mcpServers": {NAME: {...}}}. Keys moonix
// does not know are left alone (other tools keep their own there).
func parseConfig(name string, data []byte) (map[string]*Server, error) {
	var doc struct {
		Servers map[string]json.RawMessage `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, &ConfigError{name, agent.JSONError(data, err)}
	}
	out := map[string]*Server{}
	for n, raw := range doc.Servers {
		s := &Server{}
		if err := json.Unmarshal(raw, s); err != nil {
			return nil, &ConfigError{name, fmt.Errorf("server %q: %v", n, agent.JSONError(raw, err))}
		}
		s.Name, s.File = n, name
		if err := s.check(); err != nil {
			return nil, &ConfigError{name, fmt.Errorf("server %q: %v", n, err)}
		}
		out[n] = s
	}
	return out, nil
}

// envRef is ${env:NAME} in an env or headers value.
var envRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}`) })

// Resolve returns the server with ${env:NAME} in its env and headers
// values filled from lookup (the shell's environment at connect time). A
// variable that is not set is an error: a server started without its
// token fails in ways harder to read. The result lives in memory only.
func (s *Server) Resolve(lookup func(string) (string, bool)) (*Server, error) {
	r := *s
	var missing []string
	fill := func(m map[string]string) map[string]string {
		if m == nil {
			return nil
		}
		out := make(map[string]string, len(m))
		for k, v := range m {
			out[k] = envRef().ReplaceAllStringFunc(v, func(ref string) string {
				name := envRef().FindStringSubmatch(ref)[1]
				val, ok := lookup(name)
				if !ok {
					missing = append(missing, name)
				}
				return val
			})
		}
		return out
	}
	r.Env, r.Headers = fill(s.Env), fill(s.Headers)
	if len(missing) > 0 {
		slices.Sort(missing)
		return nil, fmt.Errorf("server %q needs %s, which the shell's environment does not have", s.Name, strings.Join(slices.Compact(missing), ", "))
	}
	return &r, nil
}

// fingerprint identifies a resolved server's settings: a running server
// whose settings changed is restarted.
func (s *Server) fingerprint() string {
	b, _ := json.Marshal(s)
	return string(b)
}

// AddServer adds s to the configuration file name on fsys (creating it),
// keeping everything else in it. A server of the same name is an error.
func AddServer(fsys vfs.FS, name string, s *Server) error {
	if err := s.check(); err != nil {
		return &ConfigError{name, fmt.Errorf("server %q: %v", s.Name, err)}
	}
	return editConfig(fsys, name, s.Name, s)
}

// RemoveServer removes the server called server from the file name.
func RemoveServer(fsys vfs.FS, name, server string) error {
	return editConfig(fsys, name, server, nil)
}

// editConfig sets (or, value nil, removes) the entry key of the mcpServers
// of a configuration file, keeping its other keys (as other tools' files
// have them).
func editConfig(fsys vfs.FS, name, key string, value any) error {
	data, err := vfs.ReadFile(fsys, name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	out, err := agent.EditEntry(data, "mcpServers", "server", key, value)
	if err != nil {
		return &ConfigError{name, err}
	}
	return vfs.WriteFile(fsys, name, out, 0o644)
}
