The history's remotes (remote, push, fetch, pull) reach outside the
sandbox: a bare repository on the host, or one over HTTP or ssh. Under the
sandbox preset nothing may be reached, so this transcript shows what is
checked before anything is: the URL, then the capability (see
testdata/cli/remotes.txtar and remotes_ssh.txtar for pushes, fetches
and clones).

No remote yet:

  $ remote
  $ remote -v
  $ push
  push: 'origin' does not appear to be a git repository (no remote of that name)
  [1]
  $ fetch upstream
  fetch: 'upstream' does not appear to be a git repository (no remote of that name)
  [1]

A remote is a host path, file://, http://, https://, ssh:// or scp's
[USER@]HOST:PATH; nothing else:

  $ remote add origin git://git.example.com/repo.git
  remote: 'git://git.example.com/repo.git': unsupported remote (an absolute host path, file://, http://, https://, ssh:// or HOST:PATH)
  [1]
  $ remote add origin repo.git
  remote: 'repo.git': unsupported remote (an absolute host path, file://, http://, https://, ssh:// or HOST:PATH)
  [1]
  $ remote add origin ./dir:repo.git
  remote: './dir:repo.git': unsupported remote (an absolute host path, file://, http://, https://, ssh:// or HOST:PATH)
  [1]
  $ remote add origin ssh://git.example.com
  remote: 'ssh://git.example.com' is not a valid ssh URL (ssh://[USER@]HOST[:PORT]/PATH or [USER@]HOST:PATH)
  [1]
  $ remote add origin file://repo.git
  remote: 'file://repo.git': a file URL names an absolute path (file:///srv/repo.git)
  [1]

Adding one needs git.remote on the place it names (its directory, or
its host and port), which the sandbox preset does not grant:

  $ remote add origin /srv/git/repo.git
  moonix: remote add /srv/git/repo.git: permission denied (needs git.remote:/srv/git/repo.git)
  [1]
  $ remote add origin https://git.example.com/repo.git
  moonix: remote add git.example.com:443: permission denied (needs git.remote:git.example.com:443)
  [1]
  $ remote add origin ssh://git@git.example.com:2222/srv/repo.git
  moonix: remote add git.example.com:2222: permission denied (needs git.remote:git.example.com:2222)
  [1]
  $ remote add origin git@git.example.com:repo.git
  moonix: remote add git.example.com:22: permission denied (needs git.remote:git.example.com:22)
  [1]
  $ remote
  $ caps check git.remote origin
  denied: git.remote origin (no grant covers it)
  [1]

Usage:

  $ remote add origin
  remote: missing operand after 'origin'
  Try 'remote --help' for more information.
  [2]
  $ remote rename a b
  remote: unknown subcommand 'rename'
  Try 'remote --help' for more information.
  [2]
  $ push a b c
  push: extra operand 'c'
  Try 'push --help' for more information.
  [2]
  $ fetch a b
  fetch: extra operand 'b'
  Try 'fetch --help' for more information.
  [2]
