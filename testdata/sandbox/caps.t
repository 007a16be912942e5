The caps command under the sandbox preset (the default): what the session
may do, why a given operation is allowed or not, and dropping capabilities
for the rest of the session. A running session can drop but never add.

  $ caps --help | head -4
  Usage: caps [--json]
    or:  caps check [--json] KIND [TARGET]
    or:  caps drop CAP...
  With no operand, list the session's rules, one a line: the grants
  $ caps
  allow fs.read
  allow fs.write:/tmp/**
  allow fs.write:/work/**
  allow fs.delete:/tmp/**
  allow fs.delete:/work/**
  allow fs.exec
  allow git.snapshot
  allow git.rollback
  allow git.branch
  $ caps --json
  {"allow":["fs.read","fs.write:/tmp/**","fs.write:/work/**","fs.delete:/tmp/**","fs.delete:/work/**","fs.exec","git.snapshot","git.rollback","git.branch"],"deny":[]}

caps check KIND [TARGET] says allowed or denied and which rule decided; it
exits 0 when allowed and 1 when denied. Paths are relative to the working
directory, cleaned, and resolved through symlinks as the gate resolves
them:

  $ caps check fs.write a.txt
  allowed: fs.write /work/a.txt (granted by fs.write:/work/**)
  $ caps check fs.write /etc/passwd
  denied: fs.write /etc/passwd (no grant covers it)
  [1]
  $ caps check fs.read /etc/passwd
  allowed: fs.read /etc/passwd (granted by fs.read)
  $ caps check fs.delete /tmp/../etc/passwd
  denied: fs.delete /etc/passwd (no grant covers it)
  [1]
  $ ln -s /etc etc-link; caps check fs.write etc-link/new
  denied: fs.write /etc/new (no grant covers it)
  [1]
  $ cd /tmp; caps check fs.write x; cd /work
  allowed: fs.write /tmp/x (granted by fs.write:/tmp/**)
  $ caps check git.snapshot
  allowed: git.snapshot (granted by git.snapshot)
  $ caps check git.branch
  allowed: git.branch (granted by git.branch)
  $ caps check clock.read; caps check random.read
  denied: clock.read (no grant covers it)
  denied: random.read (no grant covers it)
  [1]
  $ caps check --json fs.write /work/a.txt
  {"kind":"fs.write","target":"/work/a.txt","allowed":true,"rule":"fs.write:/work/**"}
  $ caps check --json clock.read
  {"kind":"clock.read","target":null,"allowed":false,"rule":null}
  [1]

Usage errors exit 2:

  $ caps check fs.wrte a
  caps: check: unknown capability kind "fs.wrte" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, git.remote, clock.read, random.read, env.read, process.spawn)
  [2]
  $ caps check fs.write
  caps: check: fs.write needs a path
  Try 'caps --help' for more information.
  [2]
  $ caps check git.snapshot HEAD
  caps: check: git.snapshot takes no target (got 'HEAD')
  [2]
  $ caps check
  caps: check: missing capability kind
  Try 'caps --help' for more information.
  [2]
  $ caps frobnicate
  caps: unknown subcommand 'frobnicate'
  Try 'caps --help' for more information.
  [2]

caps drop CAP... removes capabilities: each becomes a denial, and denials
override grants. It prints nothing; the denials are listed after the
grants:

  $ caps drop fs.write:/work/keep/** git.rollback
  $ caps
  allow fs.read
  allow fs.write:/tmp/**
  allow fs.write:/work/**
  allow fs.delete:/tmp/**
  allow fs.delete:/work/**
  allow fs.exec
  allow git.snapshot
  allow git.rollback
  allow git.branch
  deny  fs.write:/work/keep/**
  deny  git.rollback
  $ caps check fs.write keep/x
  denied: fs.write /work/keep/x (denied by fs.write:/work/keep/**)
  [1]
  $ caps check fs.write keep
  denied: fs.write /work/keep (denied by fs.write:/work/keep/**)
  [1]
  $ caps check fs.write keeper
  allowed: fs.write /work/keeper (granted by fs.write:/work/**)
  $ caps check git.rollback
  denied: git.rollback (denied by git.rollback)
  [1]
  $ caps --json
  {"allow":["fs.read","fs.write:/tmp/**","fs.write:/work/**","fs.delete:/tmp/**","fs.delete:/work/**","fs.exec","git.snapshot","git.rollback","git.branch"],"deny":["fs.write:/work/keep/**","git.rollback"]}

A path pattern ending in a slash names a directory: the directory and
everything in it, as /** says (a trailing slash is not dropped, which
would leave everything in the directory out):

  $ caps drop fs.write:/work/box/
  $ caps | grep box
  deny  fs.write:/work/box/**
  $ caps check fs.write box/deep/x
  denied: fs.write /work/box/deep/x (denied by fs.write:/work/box/**)
  [1]

A malformed capability drops nothing, not even the good ones given with
it:

  $ caps drop fs.delete:/work/** fs.wrte
  caps: unknown capability "fs.wrte" (kinds: fs.read, fs.write, fs.delete, fs.exec, net.connect, mcp.call, mcp.serve, a2a.delegate, a2a.receive, git.snapshot, git.rollback, git.branch, git.remote, clock.read, random.read, env.read, process.spawn)
  [2]
  $ caps drop fs.write:relative/path
  caps: capability fs.write:relative/path: path pattern "relative/path" must be absolute
  [2]
  $ caps drop git.snapshot:HEAD
  caps: capability git.snapshot takes no pattern (got "HEAD")
  [2]
  $ caps drop
  caps: drop: missing capability
  Try 'caps --help' for more information.
  [2]
  $ caps check fs.delete a
  allowed: fs.delete /work/a (granted by fs.delete:/work/**)

There is no way to add a capability back, or a new one:

  $ caps add git.rollback
  caps: unknown subcommand 'add'
  Try 'caps --help' for more information.
  [2]
  $ caps allow clock.read
  caps: unknown subcommand 'allow'
  Try 'caps --help' for more information.
  [2]
  $ caps check git.rollback
  denied: git.rollback (denied by git.rollback)
  [1]

The set belongs to the session, and nested shells and subshells share it:
a drop made in `sh -c`, a subshell or a pipeline holds after it ends.

  $ sh -c 'caps drop fs.write:/work/nested'
  $ (caps drop fs.write:/work/sub)
  $ true | caps drop fs.write:/work/piped
  $ caps | grep deny
  deny  fs.write:/work/box/**
  deny  fs.write:/work/keep/**
  deny  fs.write:/work/nested
  deny  fs.write:/work/piped
  deny  fs.write:/work/sub
  deny  git.rollback
  $ echo x > nested
  moonix: write /work/nested: permission denied (needs fs.write:/work/nested)
  [1]
  $ echo x > sub; echo x > piped
  moonix: write /work/sub: permission denied (needs fs.write:/work/sub)
  moonix: write /work/piped: permission denied (needs fs.write:/work/piped)
  [1]
  $ ls
  etc-link
  $ sh -c 'echo x > nested'
  moonix: write /work/nested: permission denied (needs fs.write:/work/nested)
  [1]
