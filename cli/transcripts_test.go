package cli_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/cli"
)

// corpus lists every transcript under testdata/, recursively.
func corpus(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(filepath.Join("..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".t") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestTranscripts replays every transcript under testdata/ the way
// `moonix replay` does, one subtest per file.
func TestTranscripts(t *testing.T) {
	t.Parallel()
	files := corpus(t)
	if len(files) == 0 {
		t.Fatal("no transcripts under testdata/")
	}
	for _, path := range files {
		name, _ := filepath.Rel(filepath.Join("..", "testdata"), path)
		t.Run(filepath.ToSlash(name), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			set, err := caps.Preset(cli.TranscriptPreset(path))
			if err != nil {
				t.Fatal(err)
			}
			dir, err := filepath.Abs(filepath.Dir(path))
			if err != nil {
				t.Fatal(err)
			}
			res, err := cli.Replay(context.Background(), data, cli.ReplayConfig{
				Caps: set, TestDir: dir, TestFile: filepath.Base(path),
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Failed() {
				t.Errorf("transcript differs (update with: go run ./cmd/moonix replay --update testdata/%s):\n%s",
					filepath.ToSlash(name), res.Diff(path, "actual output"))
			}
		})
	}
}
