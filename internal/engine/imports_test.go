package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The engine reaches the world only through its Config: it imports no
// other moonix package than vfs (and clock), no interpreter, and nothing
// of the standard library that touches the host (processes, network,
// signals); of package os it uses the open flags only.
func TestImports(t *testing.T) {
	allowed := map[string]bool{
		"mvdan.cc/sh/v3/syntax":                      true,
		"mvdan.cc/sh/v3/pattern":                     true,
		"github.com/moonix-sh/moonix/vfs":            true,
		"github.com/moonix-sh/moonix/clock":          true,
		"github.com/moonix-sh/moonix/internal/stack": true,
	}
	forbidden := []string{"os/exec", "os/signal", "os/user", "net", "plugin", "unsafe", "syscall/js", "runtime/cgo", "path/filepath"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly|parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(path, ".") && !allowed[path] {
				t.Errorf("%s imports %s: the engine gets the world through its Config", name, path)
			}
			for _, bad := range forbidden {
				if path == bad || strings.HasPrefix(path, bad+"/") {
					t.Errorf("%s imports %s: the engine must not touch the host", name, path)
				}
			}
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		full, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(full, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok || pkg.Name != "os" {
				return true
			}
			if !strings.HasPrefix(sel.Sel.Name, "O_") {
				t.Errorf("%s: os.%s: of package os, the engine uses the open flags only", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}
