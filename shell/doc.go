// Package shell runs shell programs on moonix's virtual filesystem. It is the
// only package that imports mvdan.cc/sh/v3/interp, and all of that wiring
// lives in one file, interp.go, so a new interpreter version is a one-file
// change (the other files use mvdan.cc/sh/v3/syntax and expand only).
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
// The interpreter is built so that nothing reaches the host: every handler is
// installed (open, stat, readdir, access, call, exec), the environment is
// explicit, the working directory is set without a host stat, the
// interpreter's own temporary directory is a path that cannot exist on the
// host, process substitution is rejected before anything runs, and the
// builtins that would consult the host (type, command -v, pwd -P, source,
// ~user) are answered from the VFS. The special variables that interp
// answers from the host ($$, $PPID, $SRANDOM) are moonix's however a
// program names them (specials.go), and so are $BASHPID, $EPOCHSECONDS and
// $EPOCHREALTIME. Program text that interp parses itself (eval, trap,
// alias values, sourced files) is prepared as a program is.
//
// # Robustness
//
// A panic ends the command it happened in, never the process: the
// handlers and the exec path recover, and so do interp's builtins, which
// run under the exec handler (interp runs pipelines and background jobs
// on goroutines of its own). Nesting is bounded before Go's stack
// overflows (parse.go).
//
// The network is the host's only if Config.Dial hands the session a
// dialer (and Config.Lookup a resolver, for names); even then every
// connection and every request goes through the gate (net.connect), and
// every request the gate lets through through the effect recorder, on
// the one HTTP client the session gives its network commands (net.go).
//
// # The exec path
//
// A simple command that is not a function or an interpreter builtin goes
// down one chain of links (exec.go), each one concern, in this order:
//
//  1. recoverPanic: a panic ends the command, not the process;
//  2. reportFullDisk: output lost to a full disk fails the command
//     ("NAME: write error: REASON");
//  3. stopIfCanceled: nothing starts once the run is canceled (130);
//  4. tickClock: the logical clock ticks once per command;
//  5. recordReads: the command's real clock and random reads are recorded
//     in the effect log when it ends (the gate outside, the recorder
//     inside: reads.go);
//  6. runPathName: a name with a slash is a file: see 9, but /bin/NAME and
//     /usr/bin/NAME name the builtin NAME when no such file exists;
//  7. runCommand: the shell's own commands (sh, bash, dash and moonix, a
//     nested shell on the same VFS; which, help, umask, ulimit), then the
//     builtins (the session's Registry, registry.go), then
//     Config.Commands;
//  8. runShellBuiltin: an interpreter builtin asked for through Exec
//     (xargs echo) runs in a nested shell;
//  9. runFromPATH: PATH lookup in the VFS, NAME then NAME.wasm in each
//     directory: WebAssembly modules run in wazero (package wasm) on the
//     session's gated VFS, scripts run in a nested shell; a file without
//     the execute bit, or that fs.exec refuses, gives 126;
//  10. notFound: "moonix: NAME: command not found", status 127. It never
//     calls on: the chain never falls through to the host.
//
// Builtins reach the chain again through builtins.Call.Exec, so xargs,
// find -exec and env take the same path as the shell itself.
//
// # Concurrency
//
// A Session runs one program at a time (Run and RunStream must not be called
// concurrently), but the commands of a pipeline and background jobs run
// concurrently inside it; everything the handlers share is locked.
package shell
