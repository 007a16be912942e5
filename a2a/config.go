package a2a

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/vfs"
)

// The configuration files, read in this order: an agent named in both is
// the second's. Both are in the VFS, versioned with the workspace.
const (
	SystemConfig = "/etc/moonix/a2a.json"
	UserConfig   = ".a2a.json" // under $HOME
)

// DefaultTimeout bounds a request (a blocking delegate, a wait) unless
// the agent's configuration or --timeout says otherwise.
const DefaultTimeout = 10 * time.Minute

// The transports an agent may be configured with: auto picks from the
// agent card (JSON-RPC first, then REST, as the SDKs do).
const (
	TransportAuto    = "auto"
	TransportJSONRPC = "jsonrpc"
	TransportREST    = "rest"
)

// Agent is one agent: configured by name, or named by its URL on the
// command line (Name is then "").
type Agent struct {
	Name string `json:"-"`
	URL  string `json:"url"`
	// Headers are sent with every request; ${env:NAME} in a value is
	// filled from the shell's environment at call time (Resolve), never
	// stored.
	Headers   map[string]string `json:"headers,omitempty"`
	Transport string            `json:"transport,omitempty"`
	Timeout   Duration          `json:"timeout,omitempty"`
}

// Target is what the gate checks a2a.delegate on: the agent's name, or,
// for an agent named by its URL, the URL's host.
func (a *Agent) Target() string {
	if a.Name != "" {
		return a.Name
	}
	if u, err := url.Parse(a.URL); err == nil {
		return u.Hostname()
	}
	return a.URL
}

// Label is how messages and the effect log name the agent: its name, or
// its URL.
func (a *Agent) Label() string {
	if a.Name != "" {
		return a.Name
	}
	return a.URL
}

// CallTimeout is the agent's timeout of one request.
func (a *Agent) CallTimeout() time.Duration {
	if a.Timeout > 0 {
		return time.Duration(a.Timeout)
	}
	return DefaultTimeout
}

func (a *Agent) check() error {
	u, err := url.Parse(a.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("url %q is not an http or https URL", a.URL)
	}
	switch a.Transport {
	case "", TransportAuto, TransportJSONRPC, TransportREST:
	default:
		return fmt.Errorf("transport %q is not auto, jsonrpc or rest", a.Transport)
	}
	if a.Name != "" && !validName(a.Name) {
		return errors.New("an agent name is letters, digits, '.', '_' and '-'")
	}
	for k := range a.Headers {
		if !validName(k) {
			return fmt.Errorf("bad header name %q", k)
		}
	}
	return nil
}

func validName(name string) bool {
	return name != "" && len(name) <= 64 && strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == ""
}

// Duration is a time in a configuration file: milliseconds as a number,
// or a Go duration string ("30s").
type Duration time.Duration

// UnmarshalJSON reads a number of milliseconds or a duration string.
func (d *Duration) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	var t time.Duration
	switch v := v.(type) {
	case float64:
		t = time.Duration(v * float64(time.Millisecond))
	case string:
		t, _ = time.ParseDuration(v)
	}
	if t <= 0 {
		return fmt.Errorf("bad timeout %s (a positive number of milliseconds, or a duration such as \"30s\")", data)
	}
	*d = Duration(t)
	return nil
}

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Config is the agents of the configuration files.
type Config struct {
	Agents map[string]*Agent
	// Files are the files that were read (those that exist).
	Files []string
}

// ConfigError is a configuration that cannot be used.
type ConfigError struct {
	File string
	Err  error
}

func (e *ConfigError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

func configFiles(home string) []string {
	return []string{SystemConfig, path.Join(home, UserConfig)}
}

// LoadConfig reads the system file, then home's .a2a.json, from fsys. A
// file that does not exist counts as empty.
func LoadConfig(fsys vfs.FS, home string) (*Config, error) {
	cfg := &Config{Agents: map[string]*Agent{}}
	for _, name := range configFiles(home) {
		agents, err := readConfig(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		cfg.Files = append(cfg.Files, name)
		for n, raw := range agents {
			a := &Agent{}
			if err := json.Unmarshal(raw, a); err != nil {
				return nil, &ConfigError{name, fmt.Errorf("agent %q: %v", n, agent.JSONError(raw, err))}
			}
			a.Name = n
			if err := a.check(); err != nil {
				return nil, &ConfigError{name, fmt.Errorf("agent %q: %v", n, err)}
			}
			cfg.Agents[n] = a
		}
	}
	return cfg, nil
}

// readConfig reads the agents of one file, each left as it is written.
func readConfig(fsys vfs.FS, name string) (map[string]json.RawMessage, error) {
	data, err := vfs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Agents map[string]json.RawMessage `json:"agents"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, &ConfigError{name, agent.JSONError(data, err)}
	}
	return doc.Agents, nil
}

// Find returns the agent an operand names: a configured name, or an
// http(s) URL.
func (c *Config) Find(operand string) (*Agent, error) {
	if a, ok := c.Agents[operand]; ok {
		return a, nil
	}
	if strings.HasPrefix(operand, "http://") || strings.HasPrefix(operand, "https://") {
		a := &Agent{URL: operand}
		if err := a.check(); err != nil {
			return nil, &ConfigError{operand, err}
		}
		return a, nil
	}
	where := "no configuration file"
	if len(c.Files) > 0 {
		where = strings.Join(c.Files, " or ")
	}
	return nil, &ConfigError{operand, fmt.Errorf("no such agent (not in %s; a URL is accepted too)", where)}
}

// envRef is ${env:NAME} in a header value.
var envRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}`) })

// Resolve returns the agent with ${env:NAME} in its header values filled
// from lookup (the shell's environment now). A variable that is not set
// is an error. The result lives in memory only.
func (a *Agent) Resolve(lookup func(string) (string, bool)) (*Agent, error) {
	r := *a
	r.Headers = make(map[string]string, len(a.Headers))
	var missing []string
	for k, v := range a.Headers {
		r.Headers[k] = envRef().ReplaceAllStringFunc(v, func(ref string) string {
			val, ok := lookup(envRef().FindStringSubmatch(ref)[1])
			if !ok {
				missing = append(missing, ref)
			}
			return val
		})
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return nil, &ConfigError{a.Label(), fmt.Errorf("headers need %s, which the shell's environment does not have", strings.Join(slices.Compact(missing), ", "))}
	}
	return &r, nil
}

// AddAgent adds a to the configuration file name on fsys (creating it),
// keeping everything else in it. An agent of the same name is an error.
func AddAgent(fsys vfs.FS, name string, a *Agent) error {
	if err := a.check(); err != nil {
		return &ConfigError{name, fmt.Errorf("agent %q: %v", a.Name, err)}
	}
	return editConfig(fsys, name, a.Name, a)
}

// RemoveAgent removes the agent called agent from the file name.
func RemoveAgent(fsys vfs.FS, name, agent string) error {
	return editConfig(fsys, name, agent, nil)
}

// editConfig sets (or, value nil, removes) the entry key of the agents
// of a configuration file, keeping its other keys (as other tools' files
// have them).
func editConfig(fsys vfs.FS, name, key string, value any) error {
	data, err := vfs.ReadFile(fsys, name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	out, err := agent.EditEntry(data, "agents", "agent", key, value)
	if err != nil {
		return &ConfigError{name, err}
	}
	return vfs.WriteFile(fsys, name, out, 0o644)
}
