// Package engine is moonix's execution engine: it runs the syntax tree of
// mvdan.cc/sh/v3/syntax with bash's semantics, against a filesystem and a
// command handler it is given. It is written for what a sandbox needs
// from a shell and a host interpreter cannot give: nothing in it touches
// the host (no os files, processes, environment, signals or clock), and
// every piece of state a shell process has lives in it.
//
// # Processes
//
// A proc is one shell process: the main shell, a subshell, each side of a
// pipeline, a command substitution, a background job. Forking a proc
// copies its state without copying what is unchanged: variable scopes,
// function, alias and trap tables are shared with a reference count and
// copied by the first proc that writes to them. No host process is ever
// made; a pipeline's commands and background jobs are goroutines.
//
// Each proc has its own file-descriptor table, of any size: an entry
// points to an open file description (a VFS file, an in-memory pipe, a
// here-document, a command substitution's buffer) that forks and dups
// share by reference count, so the reader of a pipe sees its end when the
// last writer, wherever it is, closes. Redirections save and restore
// table entries; {var} allocates from 10 up, as bash does.
//
// Signals are the engine's own: kill queues one on the proc it names (the
// main shell, a job, any live subshell by its $BASHPID); the proc runs
// its trap, or ends, between commands, and a job with no trap for a
// deadly signal is canceled at once, even inside a command.
//
// # What comes from outside
//
// Config gives the engine its filesystem (already gated: the engine
// never checks capabilities), the handler of every command that is not
// a function or a shell builtin (Config.Exec: moonix's builtins,
// WebAssembly programs and nested shells), the clock and random reads,
// process ids, the environment and the standard streams.
//
// # Imports
//
// The standard library, mvdan.cc/sh/v3/syntax, and moonix's vfs, clock
// and internal/stack (the bound on recursion); nothing else of moonix
// (no shell, builtins or caps).
//
// # Concurrency and errors
//
// A Shell runs one program at a time (Run, Exit and the state accessors
// must not be called concurrently), while the procs inside it run
// concurrently. A command's failure is its exit status; the shell's own
// messages go to the proc's descriptor 2, worded as bash words them
// (with Config.Prefix instead of "bash"). Nothing panics on bad input.
package engine
