package cli

import (
	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
)

// limitFlags are the --max-* flags: the session's limits (see
// shell.Limits and README's Limits).
type limitFlags struct {
	depth, procs           int
	memoryMiB, diskMiB     int64
	inodes, commands, loop int64
	output                 int64 // --max-output: bytes, 0 for no limit
}

func (l *limitFlags) register(fl *pflag.FlagSet) {
	fl.IntVar(&l.depth, "max-depth", shell.DefaultCallDepth, "deepest nesting of function calls, source, eval and nested shells")
	fl.IntVar(&l.procs, "max-procs", shell.DefaultProcesses, "most background jobs and pipeline stages alive at once")
	fl.Int64Var(&l.memoryMiB, "max-memory", shell.DefaultMemory>>20, "memory of the session, in MiB (one value may take a quarter of it)")
	fl.Int64Var(&l.diskMiB, "max-disk", shell.DefaultDiskBytes>>20, "size of the filesystem, in MiB")
	fl.Int64Var(&l.inodes, "max-inodes", shell.DefaultInodes, "most files, directories and links in the filesystem")
	fl.Int64Var(&l.commands, "max-commands", 0, "most simple commands one top-level statement runs (0: no limit)")
	fl.Int64Var(&l.loop, "max-loop", 0, "most iterations of one run of a loop (0: no limit)")
	fl.Int64Var(&l.output, "max-output", 0, "most bytes of stdout and stderr all statements together may write, with --json and in mcp serve (0: no limit; each result keeps 1 MiB a stream)")
}

// check validates the flags and returns the limits they set.
func (l *limitFlags) check() (shell.Limits, error) {
	for _, f := range []struct {
		name  string
		value int64
		zero  bool // 0 is allowed: no limit
	}{
		{"--max-depth", int64(l.depth), false}, {"--max-procs", int64(l.procs), false},
		{"--max-memory", l.memoryMiB, false}, {"--max-disk", l.diskMiB, false},
		{"--max-inodes", l.inodes, false}, {"--max-commands", l.commands, true},
		{"--max-loop", l.loop, true}, {"--max-output", l.output, true},
	} {
		if f.value < 0 || f.value == 0 && !f.zero || f.value > 1<<40 {
			return shell.Limits{}, usageErr("%s: must be a positive number, not %d", f.name, f.value)
		}
	}
	return shell.Limits{
		CallDepth: l.depth, Processes: l.procs, Memory: l.memoryMiB << 20,
		Commands: l.commands, Loop: l.loop,
		Disk: vfs.Limits{Bytes: l.diskMiB << 20, Inodes: l.inodes},
	}, nil
}
