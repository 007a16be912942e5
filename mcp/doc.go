// Package mcp is moonix's Model Context Protocol support, in both roles,
// on the official Go SDK (github.com/modelcontextprotocol/go-sdk, the
// only package of moonix that imports it), speaking both eras of the
// protocol: 2026-07-28 (server/discover, per-request _meta) and 2025-11-25
// and older (initialize).
//
// As a client, Run is the mcp built-in. It is handed (Env) a Client that
// makes requests of configured servers and a Manager that tells what
// runs. Package is the command package a session is configured with
// (shell.Config.Packages): built once for a root session from what the
// session hands every package (shell.Resources: the audited gate check,
// the effect log, the HTTP client whose transport the gate and the
// recorder wrap, the exec path), it makes them decorators around one
// Pool:
//
//	starter := GateStarter(res.Check, res.FS, RecordStarter(res.Effects, &Hosts{...}))
//	pool := NewPool(starter, version)
//	client := GateClient(res.Check, RecordClient(res.Effects, pool))
//
// so that the command never checks a capability or writes an effect
// itself, and cannot skip either: GateClient needs mcp.call on every
// request, GateStarter process.spawn, net.connect or fs.exec before a
// server starts, RecordClient and RecordStarter put every request and
// every host program started in the effect log.
// Servers are configured in the mcpServers JSON that agent tools share
// (config.go), read from the VFS. Package also gives the state command
// (the state tool's store, package kv).
//
// As a server, NewServer, ServeStdio and HTTPHandler expose a Shell (one
// persistent session: shell.Captured) as tools; every tool goes through
// the session's gate as the same command typed at its prompt would, and
// RecordInbound logs each call.
//
// Host programs are started in exactly one file, stdio.go, the only
// importer of os/exec in moonix (TestLayers, in layers_test.go, checks it),
// each in a process group of its own, stopped by closing its standard
// input, then SIGTERM, then SIGKILL.
//
// mcp imports shell (the package contract: Package, Resources, the
// captured session it serves), builtins (the command contract), agent,
// caps, effects, kv, vfs, the SDK and the JSON schema validator it
// brings, pflag and doublestar; shell knows nothing of mcp. A
// Pool, the decorators and the server are safe for concurrent use; the
// server answers one call at a time.
package mcp
