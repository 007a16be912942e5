The history under the sandbox preset: git.snapshot and git.rollback are
granted, git.branch is not (branch, switch and fork are refused). Listing
and comparing need nothing; show needs fs.read on the file.

  $ caps | grep git
  allow git.snapshot
  allow git.rollback
  $ echo one > f; snapshot one
  b88e278
  $ echo two > f; snapshot two
  333a3b9
  $ branch
  * main
  $ branch other
  moonix: branch: permission denied (needs git.branch)
  [1]
  $ switch main
  moonix: switch: permission denied (needs git.branch)
  [1]
  $ fork HEAD~1 other
  moonix: fork: permission denied (needs git.branch)
  [1]
  $ branch
  * main
  $ history
  * 333a3b9  2026-01-01 00:00:04  two
    b88e278  2026-01-01 00:00:03  one
  $ rollback HEAD~1; cat f
  rolled back to b88e278 (one)
  one

Dropping git.snapshot and git.rollback:

  $ echo three > f
  $ caps drop git.snapshot
  $ snapshot three
  moonix: snapshot: permission denied (needs git.snapshot)
  [1]
  $ history
    333a3b9  2026-01-01 00:00:04  two
  * b88e278  2026-01-01 00:00:03  one
  $ caps drop git.rollback
  $ rollback HEAD
  moonix: rollback: permission denied (needs git.rollback)
  [1]
  $ cat f
  three
  $ status
  M /work/f

Reading a file of a snapshot needs fs.read on its path; a tree diff leaves
out the files you may not read, as a listing does:

  $ caps drop fs.read:/work/f
  $ show HEAD:f
  moonix: read /work/f: permission denied (needs fs.read:/work/f)
  [1]
  $ diff HEAD
  $ cat f
  moonix: read /work/f: permission denied (needs fs.read:/work/f)
  [1]
