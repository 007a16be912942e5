// Package shell runs shell programs on moonix's virtual filesystem. It is the
// only package that imports mvdan.cc/sh/v3/interp, and all of that wiring
// lives in one file, interp.go, so a new interpreter version is a one-file
// change.
//
// # Isolation
//
// The interpreter is built so that nothing reaches the host: every handler is
// installed (open, stat, readdir, access, call, exec), the environment is
// explicit, the working directory is set without a host stat, the
// interpreter's own temporary directory is a path that cannot exist on the
// host, process substitution is rejected before anything runs, and the
// builtins that would consult the host (type, command -v, pwd -P, source's
// PATH search, ~user) are answered from the VFS.
//
// The network is the host's only if Config.Dial hands the session a
// dialer (and Config.Lookup a resolver, for names); even then every
// connection and every request goes through the gate (net.connect), on
// the one HTTP client the session gives its builtins (net.go).
//
// # The exec path
//
// A simple command that is not a function or an interpreter builtin goes
// down one chain, in this order:
//
//  1. a name with a slash is a path: see 4;
//  2. the shell's own commands: sh, bash, dash and moonix (a nested shell on
//     the same VFS), which, help, umask; then moonix builtins (package
//     builtins), then Config.Commands;
//  3. interpreter builtins asked for through Exec (xargs echo) run in a
//     nested shell;
//  4. PATH lookup in the VFS, NAME then NAME.wasm in each directory (or
//     the path as given): WebAssembly modules run in wazero (package wasm)
//     on the session's gated VFS, scripts run in a nested shell; a file
//     without the execute bit, or that fs.exec refuses, gives 126;
//     /bin/NAME and /usr/bin/NAME name the builtin NAME when no such file
//     exists;
//  5. nothing found: "moonix: NAME: command not found", status 127. The chain
//     never falls through to the host.
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
