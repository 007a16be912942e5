// Package caps is moonix's capability model: what a session may do. A
// capability is KIND or KIND:PATTERN (fs.write:/work/**,
// net.connect:*.example.com:443); a Set is the union of its grants minus its
// denials, and denials always win. Presets name the usual sets.
//
// The gate built on a Set (an FS decorator and checks on the exec path, the
// history and the network) lives beside the model in this package; nothing
// else decides what is allowed.
//
// caps imports vfs (the FS it wraps, the history's types), clock (the
// clock and source it wraps), the glob matcher, the YAML parser for policy
// files (policy.go), and net and net/http for the network's gate (net.go:
// the dialer and the HTTP transport decorators). A Set is immutable once
// built except through Drop, and safe for concurrent use.
package caps

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/netip"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"
)

// Kind is a kind of operation.
type Kind string

// The kinds of capability.
const (
	FSRead       Kind = "fs.read"
	FSWrite      Kind = "fs.write"
	FSDelete     Kind = "fs.delete"
	FSExec       Kind = "fs.exec"
	NetConnect   Kind = "net.connect"
	MCPCall      Kind = "mcp.call"
	MCPServe     Kind = "mcp.serve"
	A2ADelegate  Kind = "a2a.delegate"
	A2AReceive   Kind = "a2a.receive"
	GitSnapshot  Kind = "git.snapshot"
	GitRollback  Kind = "git.rollback"
	GitBranch    Kind = "git.branch"
	GitRemote    Kind = "git.remote"
	ClockRead    Kind = "clock.read"
	RandomRead   Kind = "random.read"
	EnvRead      Kind = "env.read"
	ProcessSpawn Kind = "process.spawn"
)

// Kinds lists every kind, in a stable order.
var Kinds = []Kind{
	FSRead, FSWrite, FSDelete, FSExec, NetConnect, MCPCall, MCPServe,
	A2ADelegate, A2AReceive, GitSnapshot, GitRollback, GitBranch, GitRemote,
	ClockRead, RandomRead, EnvRead, ProcessSpawn,
}

// patterned kinds take a pattern; the others are all or nothing.
func (k Kind) patterned() bool {
	switch k {
	case FSRead, FSWrite, FSDelete, FSExec, NetConnect, MCPCall, A2ADelegate, EnvRead, ProcessSpawn, GitRemote:
		return true
	}
	return false
}

func (k Kind) valid() bool { return slices.Contains(Kinds, k) }

// Cap is one capability: a kind and what it covers. An empty Pattern
// covers everything of the kind.
type Cap struct {
	Kind    Kind
	Pattern string
}

func (c Cap) String() string {
	switch {
	case c.Pattern == "":
		return string(c.Kind)
	case c.Pattern == "/" && c.Kind.isFS():
		// the root alone: "/" would read back as the root and
		// everything in it
		return string(c.Kind) + ":/."
	}
	return string(c.Kind) + ":" + c.Pattern
}

// Parse reads KIND or KIND:PATTERN. Patterns are checked for their kind:
// paths must be absolute, hosts well formed, globs balanced.
func Parse(s string) (Cap, error) {
	kind, pattern, _ := strings.Cut(strings.TrimSpace(s), ":")
	c := Cap{Kind: Kind(kind), Pattern: pattern}
	if !c.Kind.valid() {
		return c, fmt.Errorf("unknown capability %q (kinds: %s)", kind, kindList())
	}
	if pattern == "" {
		return c, nil
	}
	if !c.Kind.patterned() {
		return c, fmt.Errorf("capability %s takes no pattern (got %q)", kind, pattern)
	}
	if err := checkPattern(c.Kind, pattern); err != nil {
		return c, fmt.Errorf("capability %s: %v", s, err)
	}
	if c.Kind == NetConnect || c.Kind == GitRemote && !strings.HasPrefix(pattern, "/") && strings.ContainsAny(pattern, ".:") {
		c.Pattern = canonicalHost(pattern)
	}
	if c.Kind.isFS() && pattern != "**" {
		c.Pattern = path.Clean(pattern) // a trailing /** stays
		// "/a /." cleans to "/a ", which would not print back: Parse
		// trims what it reads.
		if strings.TrimSpace(c.Pattern) != c.Pattern {
			return c, fmt.Errorf("capability %s: path pattern %q ends in white space", s, c.Pattern)
		}
		// A trailing slash names a directory: the directory and
		// everything in it, as /** says (cleaned, it would be the
		// directory alone, and protect nothing in it).
		if strings.HasSuffix(pattern, "/") && !strings.HasSuffix(c.Pattern, "/**") {
			c.Pattern = strings.TrimSuffix(c.Pattern, "/") + "/**"
		}
	}
	return c, nil
}

func kindList() string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

func (k Kind) isFS() bool {
	return k == FSRead || k == FSWrite || k == FSDelete || k == FSExec
}

func checkPattern(k Kind, p string) error {
	switch {
	case k.isFS():
		if p != "**" && !strings.HasPrefix(p, "/") {
			return fmt.Errorf("path pattern %q must be absolute", p)
		}
		if !doublestar.ValidatePattern(p) {
			return fmt.Errorf("bad glob %q", p)
		}
	case k == NetConnect:
		return checkHostPattern(p)
	case k == GitRemote:
		return checkRemotePattern(p)
	default:
		if !doublestar.ValidatePattern(p) {
			return fmt.Errorf("bad glob %q", p)
		}
	}
	return nil
}

// checkHostPattern accepts host[:port]: a name (with a leading *. for any
// subdomain, or * for any host), an IP address, or a CIDR prefix; the port
// is a number or *. IPv6 addresses go in brackets when a port follows.
func checkHostPattern(p string) error {
	host, port := splitHostPort(p)
	if port != "" && port != "*" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("bad port %q in %q", port, p)
		}
	}
	switch {
	case host == "*":
		return nil
	case strings.Contains(host, "/"):
		if _, err := netip.ParsePrefix(host); err != nil {
			return fmt.Errorf("bad network %q", host)
		}
		return nil
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return nil
	}
	name := strings.TrimPrefix(host, "*.")
	if name == "" || strings.ContainsAny(name, "*?[]/ ") {
		return fmt.Errorf("bad host pattern %q", host)
	}
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 {
			return fmt.Errorf("bad host name %q", host)
		}
	}
	return nil
}

// canonicalHost writes an address pattern's address the usual way (127.1
// is 127.0.0.1, as it connects there), IPv6 in brackets when a port
// follows; other patterns are left as they are.
func canonicalHost(p string) string {
	host, port := splitHostPort(p)
	a, ok := parseAddr(host)
	if !ok {
		return p
	}
	a = a.Unmap()
	switch {
	case port != "":
		return net.JoinHostPort(a.String(), port)
	case a.Is6():
		return "[" + a.String() + "]"
	}
	return a.String()
}

// splitHostPort splits host[:port]; "[v6]:port" and bare IPv6 are handled.
func splitHostPort(p string) (host, port string) {
	if strings.HasPrefix(p, "[") {
		if i := strings.Index(p, "]"); i > 0 {
			host, rest := p[1:i], p[i+1:]
			return host, strings.TrimPrefix(rest, ":")
		}
	}
	if strings.Count(p, ":") == 1 {
		h, port, _ := strings.Cut(p, ":")
		return h, port
	}
	return p, ""
}

// Set is what a session may do. The zero value allows nothing.
type Set struct {
	mu    sync.RWMutex
	allow []Cap
	deny  []Cap
}

// NewSet builds a set from grants and denials (already parsed).
func NewSet(allow, deny []Cap) *Set {
	return &Set{allow: slices.Clone(allow), deny: slices.Clone(deny)}
}

// Allow adds grants; Deny adds denials. They are for building a set before
// the session starts: a running session only drops (Drop).
func (s *Set) Allow(c ...Cap) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.allow = append(s.allow, c...)
}

// Deny adds denials, which override grants.
func (s *Set) Deny(c ...Cap) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deny = append(s.deny, c...)
}

// Drop removes capabilities for the rest of the session: c is added as a
// denial, so nothing it covers is allowed afterwards, whatever was granted.
func (s *Set) Drop(c ...Cap) { s.Deny(c...) }

// Grants and Denials list the set's rules.
func (s *Set) Grants() []Cap {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return slices.Clone(s.allow)
}

// Denials lists the set's denials.
func (s *Set) Denials() []Cap {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return slices.Clone(s.deny)
}

// Allows reports whether the set allows kind on target (a normalized path,
// host:port, server/tool, agent or name; "" for the unpatterned kinds).
func (s *Set) Allows(kind Kind, target string) bool {
	_, ok := s.Decide(kind, target)
	return ok
}

// Decide says whether kind on target is allowed, and the rule that decided:
// the denial that refused it, the grant that allowed it, or no rule at all.
func (s *Set) Decide(kind Kind, target string) (rule *Cap, allowed bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for i := range s.deny {
		if s.deny[i].Kind == kind && matches(s.deny[i], target) {
			d := s.deny[i]
			return &d, false
		}
	}
	for i := range s.allow {
		if s.allow[i].Kind == kind && (matches(s.allow[i], target) || kind == MCPCall && grantsSomeTool(s.allow[i], target)) {
			a := s.allow[i]
			return &a, true
		}
	}
	return nil, false
}

// Check returns nil when the set allows op on target under kind, and a
// *DeniedError otherwise.
func (s *Set) Check(kind Kind, op, target string) error {
	if s.Allows(kind, target) {
		return nil
	}
	return &DeniedError{Cap: Cap{Kind: kind, Pattern: needPattern(kind, target)}, Op: op, Path: target}
}

// needPattern is what a denial message names as the missing capability.
func needPattern(kind Kind, target string) string {
	if !kind.patterned() {
		return ""
	}
	return target
}

func matches(c Cap, target string) bool {
	if c.Pattern == "" {
		return true
	}
	switch {
	case c.Kind.isFS():
		return matchPath(c.Pattern, target)
	case c.Kind == NetConnect:
		return matchHost(c.Pattern, target)
	case c.Kind == GitRemote:
		return matchRemote(c.Pattern, target)
	}
	ok, _ := doublestar.Match(c.Pattern, target)
	return ok
}

// A git.remote target is one of three shapes, which its pattern must
// share: a host directory (/srv/git/app.git: a path glob), a network
// remote's host:port (example.com:443: a host pattern, as net.connect's),
// or a remote's name (origin, back*: a glob; a name has no / or :).

// checkRemotePattern accepts a path glob, a host pattern or a name glob.
func checkRemotePattern(p string) error {
	switch {
	case strings.HasPrefix(p, "/"):
		if !doublestar.ValidatePattern(p) {
			return fmt.Errorf("bad glob %q", p)
		}
		return nil
	case strings.ContainsAny(p, ".:"):
		return checkHostPattern(p)
	case strings.Contains(p, "/") || !doublestar.ValidatePattern(p):
		return fmt.Errorf("bad remote name pattern %q", p)
	}
	return nil
}

// matchRemote matches a git.remote target against a pattern of its
// shape.
func matchRemote(pattern, target string) bool {
	switch {
	case strings.HasPrefix(target, "/"):
		return strings.HasPrefix(pattern, "/") && matchPath(pattern, target)
	case strings.Contains(target, ":"):
		return !strings.HasPrefix(pattern, "/") && matchHost(pattern, target)
	}
	if strings.HasPrefix(pattern, "/") || strings.Contains(pattern, ":") {
		return false
	}
	ok, _ := doublestar.Match(pattern, target)
	return ok
}

// AnyTool is the tool of an mcp.call target that asks for some tool of a
// server rather than one (SERVER/*: listing its tools, reading its
// resources): a grant of any tool of the server allows it, and only a
// denial that covers SERVER/* itself refuses it.
const AnyTool = "*"

// grantsSomeTool reports whether the mcp.call grant c covers a tool of
// the server that target (SERVER/*) names.
func grantsSomeTool(c Cap, target string) bool {
	server, ok := strings.CutSuffix(target, "/"+AnyTool)
	if !ok {
		return false
	}
	if c.Pattern == "" || c.Pattern == "**" {
		return true
	}
	srv, _, _ := strings.Cut(c.Pattern, "/")
	ok, _ = doublestar.Match(srv, server)
	return ok
}

// matchPath matches a path glob: * and ? within a segment, ** across
// segments, [...] classes. A pattern ending in /** also covers the
// directory itself.
func matchPath(pattern, p string) bool {
	if pattern == "**" {
		return true
	}
	if ok, _ := doublestar.Match(pattern, p); ok {
		return true
	}
	if dir, ok := strings.CutSuffix(pattern, "/**"); ok {
		if dir == "" {
			return p == "/"
		}
		ok, _ := doublestar.Match(dir, p)
		return ok
	}
	return false
}

// matchHost matches host[:port] targets ("example.com:443") against
// host[:port] patterns: *.example.com covers subdomains (not example.com
// itself), * any host, a CIDR the addresses in it; no port in the pattern
// means any port.
func matchHost(pattern, target string) bool {
	ph, pp := splitHostPort(pattern)
	th, tp := splitHostPort(target)
	if pp != "" && pp != "*" && pp != tp {
		return false
	}
	ph = strings.ToLower(ph)
	if ph == "*" {
		return true
	}
	// An address, in any spelling, matches an address or a network if
	// it is in it as written or as what it connects to (0.0.0.0 reaches
	// 127.0.0.1); names match names.
	addr, isAddr := parseAddr(th)
	in := func(match func(netip.Addr) bool) bool {
		return isAddr && (match(addr.Unmap().WithZone("")) || match(connectsTo(addr)))
	}
	if strings.Contains(ph, "/") {
		prefix, err := netip.ParsePrefix(ph)
		return err == nil && in(prefix.Contains)
	}
	if a, ok := parseAddr(ph); ok {
		return in(func(b netip.Addr) bool { return a.Unmap() == b })
	}
	if isAddr {
		return false
	}
	th = strings.ToLower(strings.TrimSuffix(th, "."))
	if strings.HasPrefix(ph, "*.") {
		return strings.HasSuffix(th, ph[1:])
	}
	return ph == th
}

// DeniedError is a refused operation. It unwraps to fs.ErrPermission, so a
// denied file operation fails like a permission error everywhere.
type DeniedError struct {
	Cap  Cap    // what would have been needed
	Op   string // what was attempted: open, write, remove, exec, connect...
	Path string // the target
}

func (e *DeniedError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("%s: permission denied (needs %s)", e.Op, e.Cap)
	}
	return fmt.Sprintf("%s %s: permission denied (needs %s)", e.Op, e.Path, e.Cap)
}

// Unwrap makes errors.Is(err, fs.ErrPermission) true.
func (e *DeniedError) Unwrap() error { return fs.ErrPermission }

// Needs is the capability the refused operation needed, as a rule writes
// it (the command contract knows a denial by this method).
func (e *DeniedError) Needs() string { return e.Cap.String() }

// IsDenied reports whether err is (or wraps) a capability denial.
func IsDenied(err error) bool {
	var d *DeniedError
	return errors.As(err, &d)
}
