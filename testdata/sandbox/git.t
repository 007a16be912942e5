The history under the sandbox preset (the default): git.snapshot,
git.rollback and git.branch are granted, so snapshot, rollback, branch,
switch and fork all work in a default session. Listing and comparing
need nothing; show needs fs.read on the file.

  $ caps | grep git
  allow git.snapshot
  allow git.rollback
  allow git.branch
  $ echo one > f; snapshot one
  b88e278
  $ echo two > f; snapshot two
  333a3b9
  $ branch
  * main
  $ fork HEAD~1 old
  forked branch old at b88e278 (one)
  $ cat f
  one
  $ branch idea
  $ branch
    idea
    main
  * old
  $ switch main; cat f
  switched to branch main at 333a3b9 (two)
  two
  $ history
  * 333a3b9  2026-01-01 00:00:04  two
    b88e278  2026-01-01 00:00:03  one
  $ rollback HEAD~1; cat f
  rolled back to b88e278 (one)
  one

Without git.branch (caps drop, --deny git.branch, the minimal preset),
branch, switch and fork are refused; listing the branches still works:

  $ caps drop git.branch
  $ branch other
  moonix: branch: permission denied (needs git.branch)
  [1]
  $ switch old
  moonix: switch: permission denied (needs git.branch)
  [1]
  $ fork HEAD other
  moonix: fork: permission denied (needs git.branch)
  [1]
  $ branch
    idea
  * main
    old

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
