// Package wasm runs moonix's external programs: WebAssembly modules (WASI
// preview1) found in the VFS, run in-process by wazero. It is the only
// package that imports wazero.
//
// A module sees the session's gated VFS as its whole filesystem, mounted
// as "/" (no host directory is ever mounted), the shell's working
// directory through PWD (when the environment has one), the exported
// environment and nothing more, and the standard streams the shell hands
// over, unbuffered, so that pipelines stream. Its
// clocks and random source are the session's: logical and seeded unless
// clock.read or random.read is granted, in which case the reads are
// recorded in the effect log, one entry per run and kind.
//
// A Runtime belongs to one session: it makes its wazero runtime on the
// first run and keeps every module it compiled, by content hash, until it
// is closed; with Config.CacheDir, wazero also keeps compiled code on disk
// for later sessions. A canceled context stops a module promptly, even in
// a tight loop; memory past Config.MemoryLimitPages stops it with an
// error; its tables are bounded (table.grow fails past 1 Mi elements in
// all); a closed output stops it as SIGPIPE stops a host program.
//
// wasm imports wazero, vfs, clock and the standard library; it must not
// import the shell or the builtins. Runtime is safe for concurrent use.
package wasm
