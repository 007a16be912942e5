The agent preset is the developer preset; the network, MCP and A2A
patterns it grants come from a policy file (a later issue), so on its own
it grants none of them. curl needs net.connect, mcp needs mcp.call
(and process.spawn or net.connect to start a server), mcp serve inside a
session mcp.serve, a2a a2a.delegate on the agent and net.connect; caps
check shows how each is decided.

  $ caps
  allow fs.read
  allow fs.write
  allow fs.delete
  allow fs.exec
  allow git.snapshot
  allow git.rollback
  allow git.branch
  allow clock.read
  allow random.read
  allow env.read
  $ caps check net.connect example.com:443
  denied: net.connect example.com:443 (no grant covers it)
  [1]
  $ caps check mcp.call github/create_issue
  denied: mcp.call github/create_issue (no grant covers it)
  [1]
  $ caps check mcp.serve
  denied: mcp.serve (no grant covers it)
  [1]
  $ caps check a2a.delegate planner
  denied: a2a.delegate planner (no grant covers it)
  [1]
  $ caps check a2a.receive
  denied: a2a.receive (no grant covers it)
  [1]
  $ caps check process.spawn npx
  denied: process.spawn npx (no grant covers it)
  [1]
  $ caps check env.read HOME
  allowed: env.read HOME (granted by env.read)

Their targets are not paths: they are taken as written.

  $ caps check --json mcp.call files/read
  {"kind":"mcp.call","target":"files/read","allowed":false,"rule":null}
  [1]
  $ caps check net.connect
  caps: check: net.connect needs a host
  Try 'caps --help' for more information.
  [2]
  $ caps check mcp.serve stdio
  caps: check: mcp.serve takes no target (got 'stdio')
  [2]

Dropping env.read:

  $ caps drop env.read:AWS_*
  $ caps check env.read AWS_SECRET_ACCESS_KEY
  denied: env.read AWS_SECRET_ACCESS_KEY (denied by env.read:AWS_*)
  [1]
  $ caps check env.read HOME
  allowed: env.read HOME (granted by env.read)
  $ caps | tail -2
  allow env.read
  deny  env.read:AWS_*
