The unrestricted preset grants every capability. Dropping still works,
and cuts patterns out of what is granted: here the subdomains of
example.com, SSH to a private network, one MCP server's tools, host
processes, and changing /etc.

  $ caps
  allow fs.read
  allow fs.write
  allow fs.delete
  allow fs.exec
  allow net.connect
  allow mcp.call
  allow mcp.serve
  allow a2a.delegate
  allow a2a.receive
  allow git.snapshot
  allow git.rollback
  allow git.branch
  allow git.remote
  allow clock.read
  allow random.read
  allow env.read
  allow process.spawn
  $ caps check net.connect api.example.com:443
  allowed: net.connect api.example.com:443 (granted by net.connect)
  $ caps check net.connect 10.0.0.1:22
  allowed: net.connect 10.0.0.1:22 (granted by net.connect)
  $ caps check mcp.call github/create_issue
  allowed: mcp.call github/create_issue (granted by mcp.call)
  $ caps check mcp.serve
  allowed: mcp.serve (granted by mcp.serve)
  $ caps check a2a.delegate planner
  allowed: a2a.delegate planner (granted by a2a.delegate)
  $ caps check a2a.receive
  allowed: a2a.receive (granted by a2a.receive)
  $ caps check process.spawn npx
  allowed: process.spawn npx (granted by process.spawn)
  $ caps check env.read HOME
  allowed: env.read HOME (granted by env.read)

  $ caps drop net.connect:*.example.com mcp.call:github/* process.spawn
  $ caps check net.connect api.example.com:443
  denied: net.connect api.example.com:443 (denied by net.connect:*.example.com)
  [1]
  $ caps check net.connect example.com:443
  allowed: net.connect example.com:443 (granted by net.connect)
  $ caps check net.connect 10.0.0.1:22
  allowed: net.connect 10.0.0.1:22 (granted by net.connect)
  $ caps check mcp.call github/create_issue
  denied: mcp.call github/create_issue (denied by mcp.call:github/*)
  [1]
  $ caps check mcp.call files/read
  allowed: mcp.call files/read (granted by mcp.call)
  $ caps check process.spawn npx
  denied: process.spawn npx (denied by process.spawn)
  [1]
  $ caps drop net.connect:10.0.0.0/8:22
  $ caps check net.connect 10.1.2.3:22
  denied: net.connect 10.1.2.3:22 (denied by net.connect:10.0.0.0/8:22)
  [1]
  $ caps check net.connect 10.1.2.3:443
  allowed: net.connect 10.1.2.3:443 (granted by net.connect)

The filesystem, the history, the real clock:

  $ echo x > /etc/motd; rm /etc/motd
  $ caps drop fs.write:/etc/** fs.delete:/etc/**
  $ echo x > /etc/motd
  moonix: write /etc/motd: permission denied (needs fs.write:/etc/motd)
  [1]
  $ echo x > /work/ok; cat /work/ok
  x
  $ date
  \w{3} \w{3} [ 0-9]\d \d\d:\d\d:\d\d UTC \d{4} (re)
  $ echo one > f; snapshot one; branch b; switch b
  6ab43a8
  switched to branch b at 6ab43a8 (one)
  $ caps | tail -7
  allow process.spawn
  deny  fs.write:/etc/**
  deny  fs.delete:/etc/**
  deny  net.connect:*.example.com
  deny  net.connect:10.0.0.0/8:22
  deny  mcp.call:github/*
  deny  process.spawn
