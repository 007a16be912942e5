package caps

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The example policy of the package documentation, in YAML and JSON.
const (
	examplePolicyYAML = `# moonix capability policy
preset: agent            # optional: the base preset
allow:                   # optional: capabilities granted on top of the preset
  - net.connect:api.example.com:443
  - mcp.call:github/*
  - fs.write:/data/**
deny:                    # optional: denials; they win over every grant
  - fs.read:/work/secrets/**
`
	examplePolicyJSON = `{
	"preset": "agent",
	"allow": [
		"net.connect:api.example.com:443",
		"mcp.call:github/*",
		"fs.write:/data/**"
	],
	"deny": ["fs.read:/work/secrets/**"]
}
`
)

var examplePolicy = &Policy{
	Preset: "agent",
	Allow:  []Cap{{NetConnect, "api.example.com:443"}, {MCPCall, "github/*"}, {FSWrite, "/data/**"}},
	Deny:   []Cap{{FSRead, "/work/secrets/**"}},
}

var goodPolicies = []struct {
	name, in string
	want     *Policy
}{
	{"example yaml", examplePolicyYAML, examplePolicy},
	{"example json", examplePolicyJSON, examplePolicy},
	{"json on one line", `{"preset":"agent","allow":["net.connect:api.example.com:443","mcp.call:github/*","fs.write:/data/**"],"deny":["fs.read:/work/secrets/**"]}`, examplePolicy},
	{"yaml flow lists", "preset: agent\nallow: [net.connect:api.example.com:443, 'mcp.call:github/*', \"fs.write:/data/**\"]\ndeny: [fs.read:/work/secrets/**]\n", examplePolicy},
	{"crlf line ends", strings.ReplaceAll(examplePolicyYAML, "\n", "\r\n"), examplePolicy},
	{"document markers", "%YAML 1.1\n---\n" + examplePolicyYAML + "...\n", examplePolicy},
	{"empty file", "", &Policy{}},
	{"only comments", "# nothing yet\n\n   # at all\n", &Policy{}},
	{"empty document", "---\n", &Policy{}},
	{"null document", "null\n", &Policy{}},
	{"empty json object", "{}", &Policy{}},
	{"empty keys are absent", "preset:\nallow:\ndeny: ~\n", &Policy{}},
	{"empty lists", "allow: []\ndeny: []\n", &Policy{Allow: []Cap{}, Deny: []Cap{}}},
	{"preset only", "preset: developer\n", &Policy{Preset: "developer"}},
	{"deny only", "deny:\n- git.branch\n- 'env.read:AWS_*'\n", &Policy{Deny: []Cap{{GitBranch, ""}, {EnvRead, "AWS_*"}}}},
	{"paths are cleaned", "allow:\n  - fs.write:/data/../data//x\n  - \" fs.read:/a \"\n  - fs.read:/b/\n", &Policy{Allow: []Cap{{FSWrite, "/data/x"}, {FSRead, "/a"}, {FSRead, "/b/**"}}}},
	{"explicit string tag", "allow: [!!str clock.read]\n", &Policy{Allow: []Cap{{ClockRead, ""}}}},
	{"block scalar", "allow:\n  - >-\n    fs.read:/work/**\n", &Policy{Allow: []Cap{{FSRead, "/work/**"}}}},
	{"anchors without aliases", "allow: &grants\n  - &one random.read\n", &Policy{Allow: []Cap{{RandomRead, ""}}}},
	{"byte order mark", "\ufeffpreset: minimal\n", &Policy{Preset: "minimal"}},
	{"unicode in a pattern", "allow: [fs.read:/work/café/**]\n", &Policy{Allow: []Cap{{FSRead, "/work/café/**"}}}},
}

var badPolicies = []struct {
	name, file, in, want string
}{
	// Keys.
	{"unknown key", "policy.yaml", "preset: agent\nallow: []\nalow:\n  - fs.read\n",
		`policy.yaml:3: unknown key "alow" (keys: preset, allow, deny)`},
	{"unknown key json", "policy.json", "{\n  \"preset\": \"agent\",\n  \"Allow\": []\n}\n",
		`policy.json:3: unknown key "Allow" (keys: preset, allow, deny)`},
	{"number as key", "policy.yaml", "1: fs.read\n",
		`policy.yaml:1: unknown key "1" (keys: preset, allow, deny)`},
	{"list as key", "policy.yaml", "preset: agent\n? [allow]\n: [fs.read]\n",
		`policy.yaml:2: unknown key: a list (keys: preset, allow, deny)`},
	{"merge key", "policy.yaml", "allow: []\n<<: {deny: []}\n",
		`policy.yaml:2: unknown key "<<" (keys: preset, allow, deny)`},
	{"duplicate key", "policy.yaml", "allow: [fs.read]\ndeny: []\n\nallow: [fs.write]\n",
		`policy.yaml:4: duplicate key "allow" (first at line 1)`},
	{"duplicate key json", "policy.json", "{\n  \"preset\": \"agent\",\n  \"preset\": \"sandbox\"\n}\n",
		`policy.json:3: duplicate key "preset" (first at line 2)`},

	// The top level.
	{"top level list", "policy.yaml", "- fs.read\n- fs.write\n",
		`policy.yaml:1: a policy is a mapping (keys: preset, allow, deny)`},
	{"top level string", "policy.yaml", "# a comment\nagent\n",
		`policy.yaml:2: a policy is a mapping (keys: preset, allow, deny)`},
	{"top level json array", "policy.json", `["fs.read"]`,
		`policy.json:1: a policy is a mapping (keys: preset, allow, deny)`},
	{"two documents", "policy.yaml", "preset: agent\n---\npreset: sandbox\n",
		`policy.yaml:2: more than one document (a policy is one mapping)`},
	{"trailing document marker", "policy.yaml", "preset: agent\n\n---\n",
		`policy.yaml:3: more than one document (a policy is one mapping)`},

	// preset.
	{"unknown preset", "policy.yaml", "# base\npreset: sandbx\n",
		`policy.yaml:2: unknown preset "sandbx" (presets: minimal, sandbox, developer, agent, unrestricted)`},
	{"empty preset", "policy.json", `{"preset": ""}`,
		`policy.json:1: unknown preset "" (presets: minimal, sandbox, developer, agent, unrestricted)`},
	{"preset list", "policy.yaml", "preset:\n  - agent\n",
		`policy.yaml:2: preset: want a preset name (presets: minimal, sandbox, developer, agent, unrestricted)`},
	{"preset number", "policy.json", "{\"preset\": 1}",
		`policy.json:1: preset: want a preset name (presets: minimal, sandbox, developer, agent, unrestricted)`},

	// allow and deny.
	{"allow string", "policy.yaml", "preset: agent\n# grants\n\nallow: fs.read\n",
		`policy.yaml:4: allow: want a list of capabilities`},
	{"deny mapping", "policy.yaml", "deny:\n  fs.read: /work/**\n",
		`policy.yaml:2: deny: want a list of capabilities`},
	{"allow json object", "policy.json", "{\"allow\": {\"fs.read\": true}}",
		`policy.json:1: allow: want a list of capabilities`},
	{"number entry", "policy.yaml", "allow:\n  - fs.read\n  - 5\n",
		`policy.yaml:3: allow: want a capability (KIND[:PATTERN]), got int "5"`},
	{"bool entry json", "policy.json", "{\n\"deny\": [\n  \"fs.read\",\n  true\n]}\n",
		`policy.json:4: deny: want a capability (KIND[:PATTERN]), got bool "true"`},
	{"empty entry", "policy.yaml", "allow:\n  -\n  - fs.read\n",
		`policy.yaml:2: allow: want a capability (KIND[:PATTERN]), got null`},
	{"list entry", "policy.yaml", "deny:\n  - [fs.read, fs.write]\n",
		`policy.yaml:2: deny: want a capability (KIND[:PATTERN]), got a list`},
	{"mapping entry", "policy.yaml", "allow:\n  - fs.write: /work/**\n",
		`policy.yaml:2: allow: want a capability (KIND[:PATTERN]), got a mapping`},
	{"tagged entry", "policy.yaml", "allow:\n  - !cap fs.read\n",
		`policy.yaml:2: allow: want a capability (KIND[:PATTERN]), got !cap "fs.read"`},
	{"relative path", "policy.yaml", "preset: agent\nallow:\n  - fs.read\n  - net.connect:api.example.com:443\n  - fs.write:work\n",
		`policy.yaml:5: capability fs.write:work: path pattern "work" must be absolute`},
	{"unknown kind", "policy.yaml", "deny:\n  - fs.wirte:/work/**\n",
		`policy.yaml:2: unknown capability "fs.wirte" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, git.remote, clock.read, random.read, env.read, process.spawn)`},
	{"pattern on a plain kind", "policy.json", "{\"allow\": [\n  \"git.branch:main\"\n]}",
		`policy.json:2: capability git.branch takes no pattern (got "main")`},
	{"bad glob", "policy.yaml", "allow:\n  - 'mcp.call:github/[a'\n",
		`policy.yaml:2: capability mcp.call:github/[a: bad glob "github/[a"`},
	{"bad port", "policy.yaml", "allow:\n\n  - net.connect:example.com:99999\n",
		`policy.yaml:3: capability net.connect:example.com:99999: bad port "99999" in "example.com:99999"`},
	{"path ending in a space", "policy.yaml", "allow: ['fs.write:/a /.']\n",
		`policy.yaml:1: capability fs.write:/a /.: path pattern "/a " ends in white space`},
	{"empty string entry", "policy.json", `{"deny": [""]}`,
		`policy.json:1: unknown capability "" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, git.remote, clock.read, random.read, env.read, process.spawn)`},

	// Aliases.
	{"alias as list", "policy.yaml", "allow: &grants\n  - fs.read\ndeny: *grants\n",
		`policy.yaml:3: aliases are not supported`},
	{"alias entry", "policy.yaml", "allow:\n  - &r fs.read\n  - *r\n",
		`policy.yaml:3: aliases are not supported`},
	{"self alias", "policy.yaml", "allow: &a [*a]\n",
		`policy.yaml:1: aliases are not supported`},
	{"unknown anchor", "policy.yaml", "allow:\n  - fs.read\n  - *nope\n",
		`policy.yaml:3: unknown anchor "nope"`},

	// YAML and JSON syntax.
	{"bad indentation", "policy.yaml", "preset: agent\nallow:\n  - fs.read\n - fs.write\n",
		`policy.yaml:4: did not find expected key`},
	{"tab indentation", "policy.yaml", "allow:\n\t- fs.read\n",
		`policy.yaml:2: found character that cannot start any token`},
	{"list after mapping", "policy.yaml", "preset: agent\ndeny: []\n- fs.read\n",
		`policy.yaml:3: did not find expected key`},
	{"mapping after list", "policy.yaml", "- fs.read\npreset: agent\n",
		`policy.yaml:2: did not find expected '-' indicator`},
	{"colon in plain value", "policy.yaml", "preset: agent: x\n",
		`policy.yaml:1: mapping values are not allowed in this context`},
	{"unterminated quote", "policy.yaml", "allow:\n  - \"fs.read\n\n",
		`policy.yaml:2: found unexpected end of stream`},
	{"json missing comma", "policy.json", "{\n  \"preset\": \"agent\"\n  \"allow\": []\n}\n",
		`policy.json:3: did not find expected ',' or '}'`},
	{"json unclosed list", "policy.json", "{\"allow\": [\"fs.read\"\n",
		`policy.json:2: did not find expected ',' or ']'`},
	{"json cut short", "policy.json", "{",
		`policy.json:1: did not find expected node content`},
	{"json unclosed object", "policy.json", "{\n\"allow\": []\n",
		`policy.json:3: did not find expected ',' or '}'`},
	{"control character", "policy.yaml", "preset: agent\nallow: [fs.read\x01]\n",
		`policy.yaml:2: control character U+0001`},
	{"lone carriage return", "policy.yaml", "preset: agent\r\nallow: []\rdeny: []\r\n",
		`policy.yaml:2: line break U+000D (lines end in \n or \r\n)`},
	{"line separator", "policy.yaml", "allow:\n  - fs.read:/a\u2028b\n",
		`policy.yaml:2: line break U+2028 (lines end in \n or \r\n)`},
	{"not utf-8", "policy.yaml", "# latin-1: caf\xe9\npreset: agent\n",
		`policy.yaml:1: not UTF-8 text`},
	{"utf-16", "policy.json", "\xff\xfe{\x00}\x00",
		`policy.json:1: not UTF-8 text`},
}

func TestParsePolicy(t *testing.T) {
	t.Parallel()
	for _, tc := range goodPolicies {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParsePolicy("policy", []byte(tc.in))
			if err != nil {
				t.Fatalf("ParsePolicy(%q): %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParsePolicy(%q) = %+v, want %+v", tc.in, got, tc.want)
			}
		})
	}
}

func TestParsePolicyErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range badPolicies {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParsePolicy(tc.file, []byte(tc.in))
			if err == nil {
				t.Fatalf("ParsePolicy(%q) = %+v, want error %s", tc.in, got, tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("ParsePolicy(%q):\n got %s\nwant %s", tc.in, err, tc.want)
			}
		})
	}
}

// The agent preset is developer's set; what an agent may reach comes from
// its policy's allow list.
func TestPolicyAgent(t *testing.T) {
	t.Parallel()
	pol, err := ParsePolicy("policy.yaml", []byte(examplePolicyYAML))
	if err != nil {
		t.Fatal(err)
	}
	set, err := Preset(pol.Preset)
	if err != nil {
		t.Fatal(err)
	}
	set.Allow(pol.Allow...)
	set.Deny(pol.Deny...)
	for _, tc := range []struct {
		kind   Kind
		target string
		want   bool
	}{
		{NetConnect, "api.example.com:443", true},
		{NetConnect, "api.example.com:80", false},
		{NetConnect, "evil.example.com:443", false},
		{MCPCall, "github/create_issue", true},
		{MCPCall, "slack/post", false},
		{A2ADelegate, "planner", false},
		{FSWrite, "/data/x", true},
		{FSWrite, "/work/x", true},
		{FSRead, "/work/notes", true},
		{FSRead, "/work/secrets/key", false},
		{GitBranch, "", true},
	} {
		if got := set.Allows(tc.kind, tc.target); got != tc.want {
			t.Errorf("%s %s: allowed %v, want %v", tc.kind, tc.target, got, tc.want)
		}
	}
}

func ExampleParsePolicy() {
	pol, err := ParsePolicy("policy.yaml", []byte(`
preset: agent
allow:
  - net.connect:api.example.com:443
deny:
  - fs.read:/work/secrets/**
`))
	fmt.Println(pol.Preset, pol.Allow, pol.Deny, err)
	_, err = ParsePolicy("policy.yaml", []byte("preset: agent\nalow: [fs.read]\n"))
	fmt.Println(err)
	// Output:
	// agent [net.connect:api.example.com:443] [fs.read:/work/secrets/**] <nil>
	// policy.yaml:2: unknown key "alow" (keys: preset, allow, deny)
}

var policyErrorLine = regexp.MustCompile(`^policy\.yaml:([0-9]+): `)

func FuzzParsePolicy(f *testing.F) {
	for _, tc := range goodPolicies {
		f.Add(tc.in)
	}
	for _, tc := range badPolicies {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		pol, err := ParsePolicy("policy.yaml", []byte(in))
		if err != nil {
			// Every error names the file and a line of it.
			m := policyErrorLine.FindStringSubmatch(err.Error())
			if m == nil {
				t.Fatalf("ParsePolicy(%q): error without a line: %v", in, err)
			}
			if line, _ := strconv.Atoi(m[1]); line < 1 || line > strings.Count(in, "\n")+1 {
				t.Fatalf("ParsePolicy(%q): error names line %d of %d: %v", in, line, strings.Count(in, "\n")+1, err)
			}
			return
		}
		if pol.Preset != "" && !slices.Contains(PresetNames, pol.Preset) {
			t.Fatalf("ParsePolicy(%q): preset %q", in, pol.Preset)
		}
		// Every capability prints back to itself.
		for _, c := range slices.Concat(pol.Allow, pol.Deny) {
			again, err := Parse(c.String())
			if err != nil || again != c {
				t.Fatalf("ParsePolicy(%q): %v reparses to %v, %v", in, c, again, err)
			}
		}
	})
}
