package cli

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/transcript"
)

func (p *Program) replayCommand(std stdio, o *options, status *int) *cobra.Command {
	var update bool
	cmd := &cobra.Command{
		Use:   "replay [--update] FILE|DIR...",
		Short: "replay cram transcripts (.t files) and diff their output",
		Long: `replay runs each transcript as one fresh, ephemeral moonix session (cwd
/work, empty) and compares the output of every command with what the file
expects. A directory stands for the .t files under it. For every mismatch it
prints a unified diff (--- FILE, +++ FILE.err), then a summary line; the exit
status is 1 if any transcript failed, 0 otherwise, 2 for errors.

With --update, failing transcripts are rewritten with the actual output
((re) and (glob) lines that still match are kept) and the status is 0.

Format: prose lines are unindented; a command is "  $ cmd" with continuation
lines "  > more"; its expected output (stdout and stderr merged) follows,
indented two spaces; "  [N]" records a non-zero exit status. An output line
may end in " (re)" (regular expression), " (glob)" (* and ?), " (esc)"
(escaped bytes) or " (no-eol)" (no final newline). The same files run under
cram3 --shell=moonix --shell-opts=--ephemeral.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("replay: missing transcript operand (see moonix help replay)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			files, err := findTranscripts(args)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			if o.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, o.timeout)
				defer cancel()
			}
			var ran, skipped, failed, updated int
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					return hostPathError(f, err, 2)
				}
				set, err := o.capSet(TranscriptPreset(f))
				if err != nil {
					return err
				}
				env, err := p.environ(o.env, set)
				if err != nil {
					return err
				}
				res, err := Replay(ctx, data, env, set, p.engine())
				if err != nil {
					return &exitError{status: 2, msg: f + ": " + err.Error()}
				}
				ran++
				switch {
				case res.Skipped:
					skipped++
				case res.Failed():
					failed++
					fmt.Fprint(std.out, res.Diff(f, f+".err"))
					if update {
						if err := writeKeepMode(f, res.Updated()); err != nil {
							return &exitError{status: 2, msg: err.Error()}
						}
						updated++
						fmt.Fprintf(std.out, "%s: updated\n", f)
					}
				}
				if ctx.Err() != nil {
					break
				}
			}
			fmt.Fprintf(std.out, "# Ran %d tests, %d skipped, %d failed.\n", ran, skipped, failed)
			if ctx.Err() == context.DeadlineExceeded {
				fmt.Fprintf(std.err, "moonix: timed out after %s\n", o.timeout)
				*status = 124
			} else if failed > updated {
				*status = 1
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&update, "update", "u", false, "rewrite failing transcripts with the actual output")
	return cmd
}

// findTranscripts expands directories to the .t files under them (sorted,
// skipping dot files and dot directories, as cram does) and checks that
// every named path exists before anything runs.
func findTranscripts(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, hostPathError(a, err, 2)
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if path != a && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".t") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, &exitError{status: 2, msg: err.Error()}
		}
		slices.Sort(found)
		files = append(files, found...)
	}
	return files, nil
}

func writeKeepMode(name string, data []byte) error {
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, data, info.Mode().Perm())
}

// TranscriptPreset is the capability preset a transcript runs under: the
// name of the nearest directory above it that names a preset
// (testdata/developer/branch.t runs as developer), else the default.
func TranscriptPreset(file string) string {
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if base := filepath.Base(dir); slices.Contains(caps.PresetNames, base) {
			return base
		}
		if parent := filepath.Dir(dir); parent == dir {
			return caps.DefaultPreset
		}
	}
}

// Replay runs one transcript in a fresh ephemeral session (cwd /work, the
// default environment plus env, no input) on engine (shell.Config.Engine)
// and returns the comparison.
func Replay(ctx context.Context, data []byte, env []string, set *caps.Set, engine string) (*transcript.Result, error) {
	out := &lockedBuffer{}
	sess, err := shell.New(shell.Config{Env: env, Stdout: out, Stderr: out, Caps: set, Engine: engine})
	if err != nil {
		return nil, err
	}
	defer sess.Close() // its WebAssembly runtime, when a module ran
	t := transcript.Parse(data)
	return t.Run(func(src string) ([]byte, int, bool) {
		// cram runs `echo SALT N $?` before every command, which sets
		// $? to 0; so does replay, so that a transcript means the same
		// under both.
		sess.Run(ctx, ":", "")
		out.take()
		status, exited := sess.Run(ctx, src, "")
		return out.take(), status, exited
	}), nil
}

// lockedBuffer merges stdout and stderr in order; the commands of a
// pipeline write concurrently.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) take() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := bytes.Clone(b.buf.Bytes())
	b.buf.Reset()
	return out
}
