// Package shell runs shell programs on moonix's virtual filesystem, on
// moonix's own execution engine (internal/engine, wired in engine.go),
// which parses with mvdan.cc/sh/v3/syntax.
//
// A session assembles what its commands are handed: the capability gate
// around the tree, the history, the clock and random source (package
// caps); the effect log and its recorders (package effects); the HTTP
// client (net.go); the builtins of the command packages (registry.go);
// the WebAssembly runtime (package wasm). shell imports those, the
// command packages (builtins and builtins/...), vfs, clock, mvdan.cc/sh/v3
// and net/http (to build the client); it never dials, stats or opens on
// the host.
//
// # Isolation
//
// The engine touches nothing of the host: it is handed the gated VFS, the
// exec chain for every command that is not its own, the session's clock
// and random source, its process ids and identity (engine.Config). So
// $$, $PPID, $BASHPID, $RANDOM, $SRANDOM, $EPOCHSECONDS and
// $EPOCHREALTIME are moonix's however a program names them, process
// substitution runs in memory through /dev/fd, and type, command -v,
// pwd -P, source and ~user answer from the VFS.
//
// # Robustness
//
// A panic ends the command it happened in, never the process: the exec
// path recovers, and so does the engine, in every goroutine that runs
// commands. Nesting is bounded before Go's stack overflows (package
// internal/stack), and the limits (limits.go) stop a statement that
// passes one.
//
// The network is the host's only if Config.Dial hands the session a
// dialer (and Config.Lookup a resolver, for names); even then every
// connection and every request goes through the gate (net.connect), and
// every request the gate lets through through the effect recorder, on
// the one HTTP client the session gives its network commands (net.go).
//
// # The exec path
//
// A simple command that is not a function or a shell builtin goes down
// one chain of links (exec.go), each one concern, in this order:
//
//  1. recoverPanic: a panic ends the command, not the process;
//  2. reportFullDisk: output lost to a full disk fails the command
//     ("NAME: write error: REASON");
//  3. stopIfCanceled: nothing starts once the run is canceled (130);
//  4. tickClock: the logical clock ticks once per command;
//  5. recordReads: the command's real clock and random reads are recorded
//     in the effect log when it ends (the gate outside, the recorder
//     inside: reads.go);
//  6. runPathName: a name with a slash is a file (execPath), but
//     /bin/NAME and /usr/bin/NAME name the command NAME when no such file
//     exists;
//  7. execOnPath, the end: the session's own commands (Config.Commands,
//     help, umask, ulimit), then PATH, in its order, between the files of
//     the VFS (NAME then NAME.wasm in each directory: WebAssembly modules
//     run in wazero on the session's gated VFS, scripts in a nested
//     shell; a file without the execute bit, or that fs.exec refuses,
//     gives 126) and moonix's commands, which stand in /bin and /usr/bin
//     as coreutils do (sh, bash, dash and moonix run a nested shell on
//     the same VFS); a shell builtin asked for through Exec (xargs echo)
//     runs in a nested shell; else "moonix: NAME: command not found",
//     status 127. The chain never falls through to the host.
//
// Builtins reach the chain again through builtins.Call.Exec, so xargs,
// find -exec and env take the same path as the shell itself.
//
// # Concurrency
//
// A Session runs one program at a time (Run and RunStream must not be called
// concurrently), but the commands of a pipeline and background jobs run
// concurrently inside it; everything they share is locked.
package shell
