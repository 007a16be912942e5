package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/internal/transcript"
	"github.com/moonix-sh/moonix/shell"
)

func (p *Program) replayCommand(std stdio, o *options, status *int) *cobra.Command {
	var update bool
	var imports []string
	cmd := &cobra.Command{
		Use:   "replay [--update] [--import HOSTPATH:VPATH]... FILE|DIR...",
		Short: "replay cram transcripts (.t files) and diff their output",
		Long: `replay runs each transcript as one fresh, ephemeral moonix session (cwd
/work, empty) and compares the output of every command with what the file
expects. A directory stands for the .t files under it. For every mismatch it
prints a unified diff (--- FILE, +++ FILE.err) and writes the file with the
actual output to FILE.err, as cram does (a transcript that passes removes
its FILE.err); then a summary line. The exit status is 1 if any transcript
failed, 0 otherwise, 2 for errors.

With --update, failing transcripts are rewritten with the actual output
((re) and (glob) lines that still match are kept): the diff goes from the
file as it was to the file as it is now, and the status is 0.

As cram sets $TESTDIR to the transcript's directory, a transcript that
names TESTDIR gets TESTDIR=/testdir and a copy of its directory there
(changes stay in the session); one that names TESTFILE gets its file
name there. Under
cram3, --shell-opts="--ephemeral --env TESTDIR=/testdir --import
$PWD/DIR:/testdir" gives the same. --import HOSTPATH:VPATH copies more into
every transcript's tree before it runs.

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
			for _, spec := range imports {
				if _, _, err := parseImport(spec); err != nil {
					return err
				}
			}
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
				dir, err := filepath.Abs(filepath.Dir(f))
				if err != nil {
					return hostPathError(f, err, 2)
				}
				res, err := Replay(ctx, data, ReplayConfig{
					Env: env, Caps: set, Imports: imports,
					TestDir: dir, TestFile: filepath.Base(f),
				})
				if err != nil {
					return &exitError{status: 2, msg: f + ": " + err.Error()}
				}
				ran++
				errFile := f + ".err"
				switch {
				case res.Skipped:
					skipped++
				case res.Failed() && update:
					fmt.Fprint(std.out, res.Diff(f, f))
					if err := writeKeepMode(f, res.Updated()); err != nil {
						return &exitError{status: 2, msg: err.Error()}
					}
					updated++
					fmt.Fprintf(std.out, "%s: updated\n", f)
				case res.Failed():
					failed++
					fmt.Fprint(std.out, res.Diff(f, errFile))
					if err := os.WriteFile(errFile, []byte(strings.Join(res.Actual, "")), 0o644); err != nil {
						fmt.Fprintf(std.err, "moonix: %v\n", err)
					}
				}
				if !res.Failed() || update {
					// As cram: what a passing transcript left is gone.
					if err := os.Remove(errFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
						fmt.Fprintf(std.err, "moonix: %v\n", err)
					}
				}
				if ctx.Err() != nil {
					break
				}
			}
			summary := fmt.Sprintf("# Ran %d tests, %d skipped, %d failed.", ran, skipped, failed)
			if update {
				summary = fmt.Sprintf("# Ran %d tests, %d skipped, %d failed, %d updated.", ran, skipped, failed, updated)
			}
			fmt.Fprintln(std.out, summary)
			if ctx.Err() == context.DeadlineExceeded {
				fmt.Fprintf(std.err, "moonix: timed out after %s\n", o.timeout)
				*status = 124
			} else if failed > 0 {
				*status = 1
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&update, "update", "u", false, "rewrite failing transcripts with the actual output")
	cmd.Flags().StringArrayVar(&imports, "import", nil, "copy a host file or directory into every transcript's tree before it runs (HOSTPATH:VPATH); repeatable")
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

// testDir is where a transcript finds a copy of its directory, which
// $TESTDIR names (cram's $TESTDIR is the directory itself, on the host).
const testDir = "/testdir"

// ReplayConfig is what a transcript replays with besides its text.
type ReplayConfig struct {
	// Env holds NAME=VALUE pairs on top of the session's defaults.
	Env []string
	// Caps is the session's capability set; nil means the sandbox preset.
	Caps *caps.Set
	// TestDir is the transcript's host directory and TestFile its file
	// name, for cram's $TESTDIR and $TESTFILE: a transcript that names
	// TESTDIR gets TESTDIR=/testdir and a copy of the directory there,
	// one that names TESTFILE gets TESTFILE. "" for none.
	TestDir, TestFile string
	// Imports are HOSTPATH:VPATH pairs copied into the tree before the
	// transcript runs, as --import does.
	Imports []string
}

// Replay runs one transcript in a fresh ephemeral session (cwd /work, the
// default environment plus cfg's, no input) and returns the comparison.
func Replay(ctx context.Context, data []byte, cfg ReplayConfig) (*transcript.Result, error) {
	out := &lockedBuffer{}
	scfg := shell.Config{Env: cfg.Env, Stdout: out, Stderr: out, Caps: cfg.Caps, Packages: replayPackages}
	// Only a transcript that names TESTDIR or TESTFILE gets them: the
	// others run on the usual tree (ls /, df) and environment (which
	// snapshots keep: their ids would change), and cost nothing more.
	imports := cfg.Imports
	if cfg.TestFile != "" && bytes.Contains(data, []byte("TESTFILE")) {
		scfg.Env = append([]string{"TESTFILE=" + cfg.TestFile}, scfg.Env...)
	}
	if cfg.TestDir != "" && bytes.Contains(data, []byte("TESTDIR")) {
		scfg.Env = append([]string{"TESTDIR=" + testDir}, scfg.Env...)
		imports = append([]string{cfg.TestDir + ":" + testDir}, imports...)
	}
	if len(imports) > 0 {
		tree, clk, rnd := newTree()
		scfg.FS, scfg.Clock, scfg.Rand = tree, clk, rnd
		if err := importAll(tree, imports); err != nil {
			return nil, err
		}
	}
	withFc(&scfg, &lineHistory{loaded: true}) // nothing was typed
	sess, err := shell.New(scfg)
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
