package conformance

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
	"github.com/moonix-sh/moonix/wasm"
)

// The WebAssembly System Interface test suite (github.com/WebAssembly/
// wasi-testsuite) gives each program a spec: its arguments, its
// environment, a directory preopened as its "/", and what it must print
// and exit with. Its reference runner gives wazero's CLI
// `-mount=ROOT:/`. A moonix program has the session's whole VFS as its
// "/", so the root directory's contents are copied to the VFS root,
// beside moonix's default tree (/bin, /tmp, /work, /dev...), and the
// program is run from /bin, by absolute path, through the shell's exec
// path, as a user would: `env -i K=V... /bin/NAME.wasm ARGS...`, so that
// it gets exactly the spec's environment.

// WASIProgram is one program of the suite and its spec.
type WASIProgram struct {
	// Name is the file name without .wasm.
	Name   string
	Module []byte
	Args   []string
	// Env holds NAME=VALUE pairs, given in this order.
	Env []string
	// Root holds the files of the spec's root directory (nil: none),
	// copied to the VFS root.
	Root fs.FS
}

// WASIDir is where a suite program is put in the VFS (/bin and /usr/bin
// hold moonix's commands).
const WASIDir = "/usr/local/bin"

// Script is the command line that runs p in its session.
func (p *WASIProgram) Script() string {
	words := []string{"env", "-i"}
	words = append(words, p.Env...)
	words = append(words, WASIDir+"/"+p.Name+".wasm")
	words = append(words, p.Args...)
	for i, w := range words {
		words[i] = shellQuote(w)
	}
	return strings.Join(words, " ")
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// WASIOptions say how to run a program of the suite.
type WASIOptions struct {
	// Timeout cancels the run; zero means 30s.
	Timeout time.Duration
	// CacheDir is wazero's compilation cache, shared by the runs.
	CacheDir string
}

// RunWASI runs p in a fresh session on a fresh tree holding its root and
// its module, with every file capability granted (the suite's programs
// create, rename and remove files in their root), an empty standard
// input, and the working directory "/".
func RunWASI(p *WASIProgram, opts WASIOptions) (Result, error) {
	start := time.Now()
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	tree := vfs.NewDefault(vfs.Options{Uid: uint32(shell.DefaultIdentity.UID), Gid: uint32(shell.DefaultIdentity.GID)})
	if p.Root != nil {
		if err := copyInto(tree, p.Root); err != nil {
			return Result{}, fmt.Errorf("%s: copying its root: %w", p.Name, err)
		}
	}
	if err := vfs.MkdirAll(tree, WASIDir, 0o755); err != nil {
		return Result{}, err
	}
	if err := vfs.WriteFile(tree, WASIDir+"/"+p.Name+".wasm", p.Module, 0o755); err != nil {
		return Result{}, err
	}
	set, err := caps.Preset("developer")
	if err != nil {
		return Result{}, err
	}
	var stdout, stderr lockedBuffer
	s, err := shell.New(shell.Config{
		FS: tree, Caps: set, Dir: "/",
		Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
		Wasm: wasm.Config{CacheDir: opts.CacheDir},
	})
	if err != nil {
		return Result{}, err
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	status, _ := s.Run(ctx, p.Script(), "")
	return Result{
		Stdout: stdout.String(), Stderr: stderr.String(), Status: status,
		TimedOut: ctx.Err() != nil, Duration: time.Since(start),
	}, nil
}

// copyInto copies the files, directories and symbolic links of root to
// the same paths under "/" in tree, keeping permission bits; directories
// that exist already (a root's own /tmp, say) are merged.
func copyInto(tree vfs.FS, root fs.FS) error {
	var dirs []string
	err := fs.WalkDir(root, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || name == "." {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		dst := path.Join("/", name)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := fs.ReadLink(root, name)
			if err != nil {
				return err
			}
			return tree.Symlink(target, dst)
		case d.IsDir():
			dirs = append(dirs, dst)
			if err := tree.Mkdir(dst, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
			return tree.Chmod(dst, 0o700|info.Mode().Perm())
		default:
			data, err := fs.ReadFile(root, name)
			if err != nil {
				return err
			}
			return vfs.WriteFile(tree, dst, data, info.Mode().Perm())
		}
	})
	if err != nil {
		return err
	}
	// A directory gets its own mode once its entries are in.
	for _, d := range slices.Backward(dirs) {
		info, err := fs.Stat(root, strings.TrimPrefix(d, "/"))
		if err != nil {
			return err
		}
		if err := tree.Chmod(d, info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}
