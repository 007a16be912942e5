package caps

import (
	"errors"
	"io/fs"
	"testing"
)

func mustParse(t *testing.T, s string) Cap {
	t.Helper()
	c, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return c
}

func TestParse(t *testing.T) {
	t.Parallel()
	for _, good := range []string{
		"fs.read", "fs.write:/work/**", "fs.exec:/bin/*.wasm", "fs.read:/etc/[a-c]*",
		"net.connect:example.com", "net.connect:*.example.com:443", "net.connect:10.0.0.0/8",
		"net.connect:[::1]:8080", "net.connect:127.0.0.1:*", "net.connect:*",
		"mcp.call:files/*", "a2a.delegate:planner-*", "env.read:LANG", "env.read:LC_*",
		"process.spawn:npx", "git.snapshot", "clock.read", "fs.write:**",
		"git.remote", "git.remote:origin", "git.remote:back*", "git.remote:/srv/git/**",
		"git.remote:example.com", "git.remote:127.0.0.1:8080", "git.remote:*.example.com:443",
	} {
		if _, err := Parse(good); err != nil {
			t.Errorf("Parse(%q): %v", good, err)
		}
	}
	for _, bad := range []string{
		"", "fs", "fs.reed", "git.snapshot:x", "fs.write:work/**", "fs.read:/a/[b",
		"net.connect:exa mple.com", "net.connect:host:99999", "net.connect:10.0.0.0/99",
		"net.connect:a..b", "clock.read:now", "git.remote:a/b", "git.remote:/srv/[x",
		"git.remote:host:99999",
	} {
		if c, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", bad, c)
		}
	}
	if c := mustParse(t, "fs.write:/work//x/../y/**"); c.Pattern != "/work/y/**" {
		t.Errorf("path patterns are cleaned: %q", c.Pattern)
	}
	// A trailing slash names the directory and everything in it (it was
	// cleaned away: fs.read:/work/secret/ denied the directory alone).
	for in, want := range map[string]string{
		"/work/secret/": "/work/secret/**", "/work/secret//": "/work/secret/**", "/work/*/": "/work/*/**",
		"/work/**/": "/work/**", "/": "/**", "/work/x/../": "/work/**", "/work/secret/.": "/work/secret",
	} {
		if c := mustParse(t, "fs.read:"+in); c.Pattern != want {
			t.Errorf("Parse(fs.read:%s) = %q, want %q", in, c.Pattern, want)
		}
	}
	if c := mustParse(t, "fs.read:/."); c.Pattern != "/" || c.String() != "fs.read:/." {
		t.Errorf("the root alone: %q, printed %s", c.Pattern, c)
	}
	if set := NewSet([]Cap{{FSRead, ""}}, []Cap{mustParse(t, "fs.read:/work/secret/")}); set.Allows(FSRead, "/work/secret/key") {
		t.Errorf("fs.read:/work/secret/ does not protect /work/secret/key")
	}
}

func TestMatching(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cap, target string
		want        bool
	}{
		{"fs.write:/work/**", "/work", true},
		{"fs.write:/work/**", "/work/a/b/c", true},
		{"fs.write:/work/**", "/workshop", false},
		{"fs.write:/work/**", "/", false},
		{"fs.write:/work/*", "/work/a", true},
		{"fs.write:/work/*", "/work/a/b", false},
		{"fs.read:/etc/?asswd", "/etc/passwd", true},
		{"fs.read:/etc/[a-c]*", "/etc/bashrc", true},
		{"fs.read:/etc/[a-c]*", "/etc/passwd", false},
		{"fs.read", "/anything", true},
		{"fs.read:**", "/anything/at/all", true},
		{"net.connect:example.com", "example.com:443", true},
		{"net.connect:example.com:443", "example.com:80", false},
		{"net.connect:*.example.com", "api.example.com:443", true},
		{"net.connect:*.example.com", "example.com:443", false},
		{"net.connect:*.example.com", "evilexample.com:443", false},
		{"net.connect:10.0.0.0/8", "10.1.2.3:22", true},
		{"net.connect:10.0.0.0/8", "11.1.2.3:22", false},
		{"net.connect:[::1]:8080", "[::1]:8080", true},
		{"net.connect:127.0.0.1", "127.0.0.1:9", true},
		{"net.connect:EXAMPLE.com", "example.COM.:1", true},
		{"mcp.call:files/*", "files/read", true},
		{"mcp.call:files/*", "shell/run", false},
		// SERVER/* asks for some tool of the server (a listing)
		{"mcp.call:files/read", "files/*", true},
		{"mcp.call:fil*/read", "files/*", true},
		{"mcp.call:**", "files/*", true},
		{"mcp.call:files/read", "shell/*", false},
		{"mcp.call:files/read", "files/write", false},
		{"env.read:LC_*", "LC_ALL", true},
		{"env.read:LC_*", "LANG", false},
		// git.remote: a remote's name, a host directory or a host:port,
		// each matched by a pattern of its shape only
		{"git.remote:origin", "origin", true},
		{"git.remote:origin", "upstream", false},
		{"git.remote:back*", "backup", true},
		{"git.remote:/srv/git/**", "/srv/git/app.git", true},
		{"git.remote:/srv/git/**", "/srv/other.git", false},
		{"git.remote:/srv/git/*", "/srv/git/a/b.git", false},
		{"git.remote:example.com", "example.com:443", true},
		{"git.remote:example.com:443", "example.com:80", false},
		{"git.remote:*.example.com", "git.example.com:443", true},
		{"git.remote:127.1", "127.0.0.1:8080", true},
		{"git.remote:*", "origin", true},
		{"git.remote:*", "example.com:443", true},
		{"git.remote:*", "/srv/git/app.git", false},
		{"git.remote:origin", "/work/origin", false},
		{"git.remote", "/anywhere", true},
	} {
		c := mustParse(t, tc.cap)
		s := NewSet([]Cap{c}, nil)
		if got := s.Allows(c.Kind, tc.target); got != tc.want {
			t.Errorf("%s allows %q = %v, want %v", tc.cap, tc.target, got, tc.want)
		}
	}
}

func TestDenyWins(t *testing.T) {
	t.Parallel()
	s := NewSet([]Cap{mustParse(t, "fs.write")}, []Cap{mustParse(t, "fs.write:/work/secret/**")})
	if !s.Allows(FSWrite, "/work/open") || s.Allows(FSWrite, "/work/secret/x") || s.Allows(FSWrite, "/work/secret") {
		t.Fatal("deny must override the grant")
	}
	rule, ok := s.Decide(FSWrite, "/work/secret/x")
	if ok || rule == nil || rule.String() != "fs.write:/work/secret/**" {
		t.Fatalf("deciding rule: %v %v", rule, ok)
	}
	s.Drop(mustParse(t, "fs.write"))
	if s.Allows(FSWrite, "/work/open") {
		t.Fatal("a dropped capability is still allowed")
	}
}

// TestAnyToolDenied: only a denial that covers SERVER/* refuses a
// listing; one that covers a single tool does not.
func TestAnyToolDenied(t *testing.T) {
	t.Parallel()
	s := NewSet([]Cap{mustParse(t, "mcp.call:files/read")}, []Cap{mustParse(t, "mcp.call:files/write")})
	if !s.Allows(MCPCall, "files/*") {
		t.Error("a denied tool refuses the listing")
	}
	s.Drop(mustParse(t, "mcp.call:files/*"))
	if s.Allows(MCPCall, "files/*") || s.Allows(MCPCall, "files/read") {
		t.Error("files/* dropped, the listing or the tool is still allowed")
	}
}

func TestDeniedError(t *testing.T) {
	t.Parallel()
	s, _ := Preset("sandbox")
	err := s.Check(FSWrite, "open", "/etc/passwd")
	if err == nil || err.Error() != "open /etc/passwd: permission denied (needs fs.write:/etc/passwd)" {
		t.Fatalf("error: %v", err)
	}
	if !errors.Is(err, fs.ErrPermission) || !IsDenied(err) {
		t.Fatal("a denial must unwrap to fs.ErrPermission")
	}
	if err := s.Check(ClockRead, "date", ""); err == nil || err.Error() != "date: permission denied (needs clock.read)" {
		t.Fatalf("unpatterned denial: %v", err)
	}
}

func TestPresets(t *testing.T) {
	t.Parallel()
	type probe struct {
		kind   Kind
		target string
	}
	want := map[string]map[probe]bool{
		"minimal":      {{FSRead, "/etc/x"}: true, {FSExec, "/bin/t"}: true, {FSWrite, "/work/x"}: false, {GitSnapshot, ""}: false},
		"sandbox":      {{FSWrite, "/work/x"}: true, {FSDelete, "/tmp/x"}: true, {FSWrite, "/etc/x"}: false, {GitRollback, ""}: true, {GitBranch, ""}: true, {ClockRead, ""}: false},
		"developer":    {{FSWrite, "/etc/x"}: true, {GitBranch, ""}: true, {ClockRead, ""}: true, {EnvRead, "HOME"}: true, {NetConnect, "a:1"}: false},
		"agent":        {{FSWrite, "/etc/x"}: true, {NetConnect, "a:1"}: false},
		"unrestricted": {{NetConnect, "a:1"}: true, {ProcessSpawn, "npx"}: true, {MCPServe, ""}: true},
	}
	for _, name := range PresetNames {
		s, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for p, ok := range want[name] {
			if s.Allows(p.kind, p.target) != ok {
				t.Errorf("%s: %s %q allowed = %v, want %v", name, p.kind, p.target, !ok, ok)
			}
		}
	}
	if _, err := Preset("root"); err == nil {
		t.Fatal("unknown preset accepted")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"fs.write:/work/**", "net.connect:*.example.com:443", "net.connect:[::1]:1", "mcp.call:a/*", "env.read:[", "fs.read:/a/{b,c}"} {
		f.Add(s, "/work/x")
	}
	f.Fuzz(func(t *testing.T, s, target string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		// A parsed capability prints back to something that parses to
		// the same capability, and matching never panics.
		again, err := Parse(c.String())
		if err != nil || again != c {
			t.Fatalf("%q parsed to %v, which reparses to %v, %v", s, c, again, err)
		}
		NewSet([]Cap{c}, []Cap{c}).Allows(c.Kind, target)
	})
}
