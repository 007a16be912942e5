rollback rewrites the working tree, so besides git.rollback it needs
fs.write on every path it would write or bring back and fs.delete on every
path it would remove. A denial dropped on a path holds against the history
too: the rollback is refused and nothing changes.

  $ mkdir keep; echo old > keep/f; snapshot old
  b74dce5
  $ echo new > keep/f; echo added > keep/added; snapshot new
  b833c8b

A denial on paths the rollback does not touch does not matter:

  $ caps drop fs.write:/work/elsewhere/**
  $ rollback HEAD~1
  rolled back to b74dce5 (old)
  $ cat keep/f; ls keep
  old
  f
  $ rollback b833c8b
  rolled back to b833c8b (new)
  $ cat keep/f; ls keep
  new
  added
  f

One on a path it would write does:

  $ caps drop fs.write:/work/keep/f
  $ rollback HEAD~1
  moonix: rollback /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ cat keep/f; ls keep
  new
  added
  f
  $ history -n 1
  * b833c8b  2026-01-01 00:00:03  new

And one on a path it would remove (a file made since the snapshot):

  $ echo scratch > scratch
  $ caps drop fs.delete:/work/scratch
  $ rollback HEAD
  moonix: rollback /work/scratch: permission denied (needs fs.delete:/work/scratch)
  [1]
  $ ls
  keep
  scratch
