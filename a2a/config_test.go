package a2a

import (
	"errors"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// FuzzConfig: any configuration file is read into agents that pass their
// checks, or refused with a ConfigError naming the file; never a panic.
func FuzzConfig(f *testing.F) {
	for _, seed := range []string{
		`{"agents": {"a": {"url": "http://h", "headers": {"X": "${env:T}"}, "transport": "rest", "timeout": 1500}}}`,
		`{"agents": {"a": {"url": "ftp://h"}}}`,
		`{"agents": [1]}`, `{`, `[]`, `{"agents": {"a b": {"url": "http://h", "timeout": "soon"}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree := vfs.NewDefault(vfs.Options{})
		if err := vfs.WriteFile(tree, "/work/.a2a.json", data, 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := LoadConfig(tree, "/work")
		var ce *ConfigError
		switch {
		case err != nil && (!errors.As(err, &ce) || ce.File != "/work/.a2a.json"):
			t.Fatalf("error %v is not the file's", err)
		case err != nil:
			return
		}
		for name, a := range cfg.Agents {
			if a.Name != name || a.check() != nil {
				t.Fatalf("agent %q passed: %+v", name, a)
			}
			if _, err := a.Resolve(func(string) (string, bool) { return "v", true }); err != nil {
				t.Fatalf("resolve %q: %v", name, err)
			}
		}
	})
}
