// The house rules of ../shared/DESIGN.md ("Layers"), as a test: which
// package may import which, read from the import clauses of every
// non-test Go file of the module. A package that is not in the table
// fails the test until it is given its place.
package moonix_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/moonix-sh/moonix/"

// layers gives every package of the module its layer: a package imports
// packages of the module from lower layers only (imports point down).
var layers = map[string]int{
	// leaves: the seam for time and randomness, the engines, what the
	// agent surfaces share (a run's result, the protocols' statuses)
	"clock":               0,
	"agent":               0,
	"internal/regex":      0,
	"internal/gnudate":    0,
	"internal/gnudiff":    0,
	"internal/bc":         0,
	"internal/jqjson":     0,
	"internal/transcript": 0,
	"internal/stack":      0,
	"internal/sshauth":    0,
	// the tree and its history; the effect log; the check of agent
	// results against their schema (for tests)
	"vfs":                1,
	"effects":            1,
	"internal/agenttest": 1,
	"internal/sshtest":   1,
	// the gate; the WebAssembly runner; the command contract; the
	// shell's execution engine; the key/value store of the state command
	// and tool (files in the tree)
	"caps":            2,
	"internal/engine": 2,
	"wasm":            2,
	"builtins":        2,
	"kv":              2,
	// the command packages (which do not import each other)
	"builtins/coreutils":        3,
	"builtins/sandbox":          3,
	"builtins/network":          3,
	"builtins/internal/cmdtest": 3,
	// the session and its execution engine
	"shell": 4,
	// the protocols: they depend on interfaces, and register their
	// commands through the contract
	"mcp": 5,
	"a2a": 5,
	// the command line, and the harnesses that drive whole sessions
	"cli":         6,
	"conformance": 6,
	"bench":       6,
	"cmd/moonix":  7,
}

// only says which packages alone may import a package (and the packages
// under its path); in names, "DIR/FILE.go" is a single file.
var only = []struct {
	pkg   string
	names []string
	why   string
}{
	{"mvdan.cc/sh/v3/interp", nil, "moonix's engine (internal/engine) runs the shell language"},
	{"mvdan.cc/sh/v3/expand", nil, "the engine expands words itself"},
	{"mvdan.cc/sh/v3", []string{"internal/engine", "shell"}, "mvdan/sh's parser serves the engine and the session's line reader"},
	{"github.com/go-git", []string{"vfs", "internal/sshtest"}, "the history is vfs's business (go-git and go-billy; the ssh test server serves repositories with go-git's server)"},
	{"golang.org/x/crypto/ssh", []string{"internal/sshauth", "internal/sshtest", "vfs/remote_ssh.go", "shell/ssh.go"}, "ssh is spoken by the history's remotes alone: the transport (vfs), the keys and host keys it is handed (shell, from the sandbox), and the test server"},
	{"github.com/tetratelabs/wazero", []string{"wasm"}, "WebAssembly runs in one place"},
	{"github.com/spf13/cobra", []string{"cli"}, "the command tree is the CLI's"},
	{"github.com/chzyer/readline", []string{"cli"}, "so is the REPL"},
	{"github.com/modelcontextprotocol/go-sdk", []string{"mcp"}, "the MCP SDK stays behind package mcp"},
	{"github.com/a2aproject/a2a-go", []string{"a2a"}, "the A2A SDK stays behind package a2a"},
	{"os/exec", []string{"mcp/stdio.go"}, "no host process runs, except stdio MCP servers under process.spawn, started in one file"},
	{"net/http", []string{"caps", "effects", "shell", "builtins/network", "mcp", "a2a", "vfs/remote_http.go"}, "the network: the gate and the recorder wrap the one transport the shell builds, for the commands that speak HTTP (and go-git's, for the history's remotes, which sends through it)"},
}

// contract is what the command contract may import beyond the standard
// library, so that whatever implements or runs a command pulls in
// nothing heavy (no gojq, goawk, net/http, crypto/tls).
var contract = []string{"github.com/spf13/pflag", module + "vfs", module + "clock"}

// engineImports is what moonix's execution engine may import beyond the
// standard library: it reaches the world through its Config only.
var engineImports = []string{"mvdan.cc/sh/v3/syntax", module + "vfs", module + "clock", module + "internal/stack"}

type goFile struct {
	pkg, name string // package directory and file, relative to the module
	imports   []string
}

func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	var files []goFile
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != "." && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); p != "." && err == nil {
				return filepath.SkipDir // a module of its own (internal/goawk), not this one's
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		gf := goFile{pkg: filepath.ToSlash(filepath.Dir(p)), name: filepath.ToSlash(p)}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			gf.imports = append(gf.imports, path)
		}
		files = append(files, gf)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("found only %d Go files", len(files))
	}
	return files
}

func matches(pattern, path string) bool {
	return path == pattern || strings.HasPrefix(path, pattern+"/")
}

func TestLayers(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("go.mod"); err != nil {
		t.Fatal("run from the module root:", err)
	}
	seen := map[string]bool{}
	for _, f := range moduleFiles(t) {
		layer, known := layers[f.pkg]
		if !known {
			if !seen[f.pkg] {
				t.Errorf("package %s has no layer: give it one in layers_test.go", f.pkg)
			}
			seen[f.pkg] = true
			continue
		}
		seen[f.pkg] = true
		for _, imp := range f.imports {
			if rel, ok := strings.CutPrefix(imp, module); ok {
				if l, ok := layers[rel]; ok && l >= layer && rel != f.pkg {
					t.Errorf("%s imports %s: layer %d imports layer %d (imports point down)", f.name, rel, layer, l)
				}
			}
			for _, rule := range only {
				if matches(rule.pkg, imp) && !slices.Contains(rule.names, f.pkg) && !slices.Contains(rule.names, f.name) {
					who := "only " + strings.Join(rule.names, ", ")
					if len(rule.names) == 0 {
						who = "no package"
					}
					t.Errorf("%s imports %s: %s may (%s)", f.name, imp, who, rule.why)
				}
			}
			if f.pkg == "internal/engine" && strings.Contains(strings.Split(imp, "/")[0], ".") && !slices.Contains(engineImports, imp) {
				t.Errorf("%s imports %s: the engine imports only %s beyond the standard library", f.name, imp, strings.Join(engineImports, ", "))
			}
			if f.pkg == "builtins" && strings.Contains(strings.Split(imp, "/")[0], ".") && !slices.Contains(contract, imp) {
				t.Errorf("%s imports %s: the command contract imports only %s beyond the standard library", f.name, imp, strings.Join(contract, ", "))
			}
		}
	}
	for pkg := range layers {
		if !seen[pkg] && pkg != "a2a" {
			t.Errorf("layers_test.go names %s, which has no Go file", pkg)
		}
	}
}
