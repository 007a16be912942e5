// Package builtins is the contract between the shell and the commands it
// runs without a file: a command (Command) is a function of one Call, the
// invocation with everything the command may use, and a Registry holds the
// commands of a session by name.
//
// A command never reaches the host: it has no access to os files,
// processes, the environment, the network or the clock except through what
// it is handed. The FS in a Call is whatever the shell wraps around the
// tree (the capability gate, the per-command devices), the clock and random
// source are the gated, recorded ones, and the commands that need more
// (the history, the HTTP client) are built by the session with it, already
// wrapped: a command cannot skip a check or an effect record it does not
// know about. To run another command (xargs, find -exec, env CMD) a command
// calls Call.Exec, which goes back through the shell's one exec path.
//
// Conventions: a command returns its exit status; errors go to Stderr as
// "cmd: path: reason" in lower case (see Call.Fail), a capability denial as
// the gate words it; usage errors exit 2. Commands must return promptly
// when Call.Ctx is cancelled, and stop quietly when a write to Stdout fails
// (the reader went away: `yes | head -1`). Run buffers Stdout for the
// command, so commands write to it directly without a bufio.Writer of their
// own.
//
// The commands themselves live in packages of their own: coreutils (files
// and text), sandbox (history, effects, capabilities), network (curl).
// builtins imports only vfs, clock, pflag and the standard library, so
// that a package that implements or runs commands pulls in nothing heavy
// (no gojq, goawk, net/http or crypto/tls). A Call is used by one
// goroutine; a Registry is safe for concurrent use once built.
package builtins
